"""Forgiving GPU names: 'RTX 3090', '3090', '4090D', 'A100 80GB PCIe' and shop listings.

Pure functions over (id, name, aliases) triples; the database stores the normalised forms.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

# Words that never tell two cards apart (vendor and brand names).
_NOISE = {"nvidia", "amd", "intel", "geforce", "generation", "graphics", "card", "gpu"}
# Suffixes that do tell cards apart: a listing that has one must match a card that has it.
DISCRIMINATORS = {
    "ti",
    "super",
    "xt",
    "xtx",
    "gre",
    "d",
    "sff",
    "nvl",
    "ada",
    "pro",
    "max",
    "laptop",
    "mobile",
}
_SUFFIX_SPLIT = re.compile(r"\b(\d{3,4})(tis|ti|super|s|xtx|xt|gre|d)\b")
_MEMORY = re.compile(r"\b(\d{1,3})\s*(?:gb|g)\b")
_SXM = re.compile(r"\bsxm\d\b")
_GLUED_SERIES = re.compile(r"\b(rtx|gtx|gt|rx|arc)(?=[a-z]?\d)")
# A laptop part as the PCI ID Repository names it ("GeForce RTX 3060 Mobile / Max-Q", what
# lspci prints) and as old drivers did ("GeForce RTX 2080 with Max-Q Design"): the laptop card.
# Not "Max-Q" alone: the RTX PRO 6000 Blackwell Max-Q is a 300 W workstation board.
_LAPTOP_MAX_Q = re.compile(r"\bmobile max q\b|\bwith max q design\b")
# A listing that names one of these rules out cards that name the other.
_EXCLUSIVE = ({"pcie"}, {"sxm"})


def normalise(text: str) -> str:
    """Lower case, vendor words dropped: '12G' -> '12gb', '4090D' -> '4090 d', 'SXM5' -> 'sxm'.

    Used for both sides of every comparison, so the catalog and a query always agree.
    """
    s = text.lower().replace("（", "(").replace("）", ")")
    s = re.sub(r"[^0-9a-z\u4e00-\u9fff]+", " ", s)
    s = _GLUED_SERIES.sub(lambda m: m.group(1) + " ", s)
    s = _LAPTOP_MAX_Q.sub("mobile", s)
    s = _SUFFIX_SPLIT.sub(lambda m: f"{m.group(1)} {_expand(m.group(2))}", s)
    s = _MEMORY.sub(lambda m: f"{m.group(1)}gb", s)
    s = _SXM.sub("sxm", s)
    words = [w for w in s.split() if w not in _NOISE]
    return " ".join(words)


def _expand(suffix: str) -> str:
    return {"s": "super", "tis": "ti super"}.get(suffix, suffix)


@dataclass(frozen=True)
class NamedCard:
    id: str
    name: str
    aliases: tuple[str, ...] = ()
    memory_gb: float | None = None

    def forms(self) -> list[str]:
        return [normalise(self.name), *(normalise(a) for a in self.aliases)]


class _Named(Protocol):  # a catalog card (records.GpuSpec) as far as names need it
    @property
    def id(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def aliases(self) -> tuple[str, ...]: ...
    @property
    def memory_gb(self) -> float: ...


def named_cards(gpus: Iterable[_Named]) -> list[NamedCard]:
    """The cards a name can mean, from the catalog's cards: the one list every matcher reads
    (a shop's price list, a price pack, a scanned device)."""
    return [NamedCard(g.id, g.name, g.aliases, g.memory_gb) for g in gpus]


@dataclass(frozen=True)
class Resolution:
    """``match`` when exactly one card fits; otherwise ``candidates`` (maybe empty)."""

    match: NamedCard | None
    candidates: tuple[NamedCard, ...]


def resolve(query: str, cards: Iterable[NamedCard]) -> Resolution:
    """An exact id, name or alias wins; else the cards whose name holds every word of the query."""
    cards = list(cards)
    wanted = normalise(query)
    if not wanted:
        return Resolution(None, ())
    exact = [c for c in cards if c.id == query.strip().lower() or wanted in c.forms()]
    if len(exact) == 1:
        return Resolution(exact[0], ())
    words = set(wanted.split())
    containing = [c for c in cards if any(words <= set(form.split()) for form in c.forms())]
    if len(containing) == 1:
        return Resolution(containing[0], ())
    return Resolution(None, tuple(exact or containing))


def suggestions(query: str, cards: Iterable[NamedCard], limit: int = 5) -> list[str]:
    """Names sharing the most words with the query, for 'did you mean'."""
    words = set(normalise(query).split())
    scored = []
    for card in cards:
        best = max(len(words & set(form.split())) for form in card.forms())
        if best:
            scored.append((-best, card.name))
    return [name for _, name in sorted(scored)[:limit]]


@dataclass(frozen=True)
class ProductMatch:
    card: NamedCard | None
    confidence: float  # 0..1
    reason: str
    alternatives: tuple[str, ...] = ()


def _model_words(words: set[str]) -> set[str]:
    """The words that identify a model: anything with a digit (4090, a100, mi300x, 12gb aside)."""
    return {w for w in words if any(ch.isdigit() for ch in w) and not _MEMORY.fullmatch(w)}


def _conflicts(listing_words: set[str], card_words: set[str]) -> bool:
    if (listing_words & DISCRIMINATORS) - card_words or (
        card_words & DISCRIMINATORS
    ) - listing_words:
        return True
    first, second = _EXCLUSIVE
    return bool(
        (listing_words & first and card_words & second)
        or (listing_words & second and card_words & first)
    )


@dataclass(frozen=True)
class _Form:
    words: frozenset[str]
    models: frozenset[str]


@dataclass(frozen=True)
class _IndexedCard:
    card: NamedCard
    variant_memory: frozenset[float]
    card_memory: frozenset[float]
    forms: tuple[_Form, ...]


class ProductIndex:
    """The catalog's names normalised once, and each model word's cards: a shop list of 10,000
    rows once normalised every card's names again for every row (rows x cards, 35-60 s; issue
    42). A listing is weighed only against the cards one of whose model words it holds, which
    are the only ones that can fit."""

    def __init__(self, cards: Iterable[NamedCard]) -> None:
        self.cards: list[_IndexedCard] = []
        self.by_model: dict[str, list[int]] = {}
        for card in cards:
            name_words = set(normalise(card.name).split())
            variant = frozenset(float(w[:-2]) for w in name_words if _MEMORY.fullmatch(w))
            memory = variant or frozenset({card.memory_gb} if card.memory_gb else ())
            forms = []
            for form in card.forms():
                words = frozenset(form.split())
                forms.append(_Form(words, frozenset(_model_words(set(words)))))
            position = len(self.cards)
            self.cards.append(_IndexedCard(card, variant, memory, tuple(forms)))
            for model in {m for f in forms for m in f.models}:
                self.by_model.setdefault(model, []).append(position)

    def candidates(self, words: set[str]) -> list[_IndexedCard]:
        """The cards having a model word among ``words``, in the catalog's order."""
        found = sorted({i for w in words for i in self.by_model.get(w, ())})
        return [self.cards[i] for i in found]


@functools.lru_cache(maxsize=8)
def _index_of(cards: tuple[NamedCard, ...]) -> ProductIndex:
    return ProductIndex(cards)


def product_index(cards: Iterable[NamedCard] | ProductIndex) -> ProductIndex:
    """The index of ``cards``, built once per catalog (kept for the last few card lists)."""
    return cards if isinstance(cards, ProductIndex) else _index_of(tuple(cards))


def match_product(listing: str, cards: Iterable[NamedCard] | ProductIndex) -> ProductMatch:
    """Match a shop's product name ("七彩虹 iGame GeForce RTX 4070 SUPER Ultra W OC 12G") to a card.

    A card fits when its model words and suffixes (Ti, SUPER, D, ...) all appear in the
    listing, the listing names no suffix the card lacks, and the listing's memory size, if
    any, is the card's. Confidence is 1.0 for a single full fit, 0.75 when the memory size
    had to be assumed, and halved when several cards fit equally well.
    """
    words = set(normalise(listing).split())
    memory = {float(w[:-2]) for w in words if _MEMORY.fullmatch(w)}
    if not _model_words(words):
        return ProductMatch(None, 0.0, "no model number found")
    fits: list[tuple[float, str, NamedCard]] = []
    for indexed in product_index(cards).candidates(words):
        card, variant_memory = indexed.card, indexed.variant_memory
        card_memory = indexed.card_memory
        if memory and card_memory and not memory & card_memory:
            continue
        best: tuple[float, str] | None = None
        for form in indexed.forms:
            card_words, card_models = set(form.words), set(form.models)
            if not card_models or not card_models <= words or _conflicts(words, card_words):
                continue
            if variant_memory and not memory:
                score, reason = 0.75, "memory size not in the listing; assumed"
            else:
                score, reason = 1.0, "exact model"
            # Name words the listing lacks (rtx, pcie, radeon) lower the score a little.
            missing = {w for w in card_words - words - card_models if not _MEMORY.fullmatch(w)}
            score -= 0.02 * len(missing)
            if best is None or score > best[0]:
                best = (score, reason)
        if best is not None:
            fits.append((best[0], best[1], card))
    if not fits:
        return ProductMatch(None, 0.0, "no catalog card has these model words")
    fits.sort(key=lambda item: (-item[0], item[2].name))
    top_score, reason, top = fits[0]
    rivals = tuple(c.name for s, _, c in fits[1:] if s >= top_score - 0.01)
    if rivals:
        return ProductMatch(top, round(top_score * 0.5, 2), "several cards fit", rivals)
    return ProductMatch(top, round(top_score, 2), reason)


def match_device(
    name: str, memory_mib: float | None, cards: Iterable[NamedCard]
) -> NamedCard | None:
    """The catalog card a detected GPU is: by name, then by memory size among look-alikes.

    Drivers report 'NVIDIA GeForce RTX 3060' for both the 8 GB and 12 GB boards and
    'NVIDIA H200' with 143,771 MiB for a 141 GB card, so memory decides within 10%.
    """
    cards = list(cards)
    match = match_product(name, cards)
    if match.card is None:
        return None
    if match.confidence >= 0.9 and not match.alternatives:
        return match.card
    by_name = {c.name: c for c in cards}
    candidates = [match.card, *(by_name[n] for n in match.alternatives if n in by_name)]
    if memory_mib:
        memory_gb = memory_mib / 1024
        close = [
            c
            for c in candidates
            if c.memory_gb and abs(c.memory_gb - memory_gb) <= 0.1 * c.memory_gb
        ]
        if len(close) == 1:
            return close[0]
    return match.card if match.confidence >= 0.7 else None
