"""Read and write Qt Linguist ``.ts`` files (XML), with the standard library only."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path


@dataclass(kw_only=True)
class TsMessage:
    context: str
    source: str
    translation: str = ""
    unfinished: bool = True
    obsolete: bool = False
    numerus: bool = False
    locations: list[tuple[str, int]] = field(default_factory=list)

    @property
    def done(self) -> bool:
        return bool(self.translation) and not self.unfinished and not self.obsolete


@dataclass
class TsFile:
    language: str
    messages: list[TsMessage]

    def lookup(self) -> dict[tuple[str, str], str]:
        """(context, source) -> translation, finished messages only."""
        return {(m.context, m.source): m.translation for m in self.messages if m.done}


def read_ts(path: Path) -> TsFile:
    root = ET.parse(path).getroot()
    if root.tag != "TS":
        raise ValueError(f"{path}: not a Qt .ts file (root element <{root.tag}>)")
    messages: list[TsMessage] = []
    for context in root.iter("context"):
        name = context.findtext("name", default="")
        for message in context.iter("message"):
            source = message.findtext("source", default="")
            element = message.find("translation")
            kind = element.get("type", "") if element is not None else "unfinished"
            numerus = message.get("numerus") == "yes"
            if element is None:
                text = ""
            elif numerus:
                # Chinese has a single plural form: the first one is the translation.
                forms = [f.text or "" for f in element.iter("numerusform")]
                text = forms[0] if forms else ""
            else:
                text = element.text or ""
            locations = [
                (loc.get("filename", ""), int(loc.get("line", "0") or 0))
                for loc in message.iter("location")
            ]
            messages.append(
                TsMessage(
                    context=name,
                    source=source,
                    translation=text,
                    unfinished=kind == "unfinished",
                    obsolete=kind in ("obsolete", "vanished"),
                    numerus=numerus,
                    locations=locations,
                )
            )
    return TsFile(language=root.get("language", ""), messages=messages)


def write_ts(path: Path, ts: TsFile) -> None:
    """Write sorted by context then source, so diffs stay reviewable."""
    root = ET.Element("TS", version="2.1", language=ts.language)
    by_context: dict[str, list[TsMessage]] = {}
    for message in ts.messages:
        by_context.setdefault(message.context, []).append(message)
    for context_name in sorted(by_context):
        context = ET.SubElement(root, "context")
        ET.SubElement(context, "name").text = context_name
        for message in sorted(by_context[context_name], key=lambda m: m.source):
            element = ET.SubElement(context, "message")
            if message.numerus:
                element.set("numerus", "yes")
            # File names only: line numbers would churn the diff on every unrelated edit.
            for filename in sorted({filename for filename, _line in message.locations}):
                ET.SubElement(element, "location", filename=filename)
            ET.SubElement(element, "source").text = message.source
            translation = ET.SubElement(element, "translation")
            if message.obsolete:
                translation.set("type", "vanished")
            elif message.unfinished:
                translation.set("type", "unfinished")
            if message.numerus:
                ET.SubElement(translation, "numerusform").text = message.translation
            else:
                translation.text = message.translation
    ET.indent(root, space="    ")
    body = ET.tostring(root, encoding="unicode")
    path.write_text(
        '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n' + body + "\n", encoding="utf-8"
    )
