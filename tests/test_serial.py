from dataclasses import dataclass
from enum import Enum
from typing import Annotated, Literal

import pytest
from msgspec import Meta

from gpuplanner.core.boundedio import load_json
from gpuplanner.core.serial import FieldError, from_dict, to_dict


class Colour(str, Enum):
    RED = "red"


@dataclass(frozen=True)
class Inner:
    watts: float
    label: str | None = None


@dataclass(frozen=True)
class Outer:
    name: str
    colour: Colour
    parts: tuple[Inner, ...]
    count: int = 0


def test_round_trip():
    value = Outer("x", Colour.RED, (Inner(1.5), Inner(2, "b")), 3)
    data = to_dict(value)
    assert data == {
        "name": "x",
        "colour": "red",
        "parts": [{"watts": 1.5, "label": None}, {"watts": 2, "label": "b"}],
        "count": 3,
    }
    assert from_dict(Outer, data) == value


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"name": "x", "colour": "blue", "parts": []}, "Outer.colour: 'blue' is not one of red"),
        (
            {"name": "x", "colour": "red", "parts": [{"watts": "hot"}]},
            "Outer.parts[0].watts: expected a number",
        ),
        ({"colour": "red", "parts": []}, "Outer.name: missing"),
        ({"name": "x", "colour": "red", "parts": {}}, "Outer.parts: expected a list"),
        ([], "Outer: expected an object"),
    ],
)
def test_bad_data_names_the_field(data, words):
    with pytest.raises(
        ValueError, match=words.replace("[", r"\[").replace("]", r"\]").replace(".", r"\.")
    ):
        from_dict(Outer, data)


@dataclass(frozen=True)
class _Worded:
    currency: Literal["CNY", "USD"] = "CNY"
    pages: tuple[Literal["a", "b"], ...] = ()


@pytest.mark.parametrize(
    ("data", "path"),
    [
        ({"currency": "EUR"}, "_Worded.currency"),
        ({"currency": True}, "_Worded.currency"),
        ({"pages": ["a", "c"]}, "_Worded.pages[1]"),
    ],
)
def test_a_word_outside_its_vocabulary_names_its_field(data, path):
    with pytest.raises(FieldError) as caught:
        from_dict(_Worded, data)
    assert caught.value.path == path
    assert caught.value.field == path.split(".")[1].split("[")[0]


def test_words_of_the_vocabulary_pass():
    assert from_dict(_Worded, {"currency": "USD", "pages": ["b"]}) == _Worded("USD", ("b",))


@dataclass(frozen=True, kw_only=True)
class _Ranged:
    count: Annotated[int, Meta(ge=1, le=9)] = 1
    words: Annotated[tuple[Literal["a", "b"], ...], Meta(min_length=1)] = ("a",)


@pytest.mark.parametrize(
    ("data", "path"),
    [
        ({"count": 10}, "_Ranged.count"),
        ({"count": True}, "_Ranged.count"),
        ({"words": []}, "_Ranged.words"),
        ({"words": ["a", "z"]}, "_Ranged.words[1]"),
        ({"count": 2, "colour": "red"}, None),  # a field the record has not: left out
    ],
)
def test_a_records_ranges_are_its_checks(data, path):
    if path is None:
        assert from_dict(_Ranged, data) == _Ranged(count=2)
        return
    with pytest.raises(FieldError) as caught:
        from_dict(_Ranged, data)
    assert caught.value.path == path


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e999", "-1e999"])
def test_the_json_reader_refuses_numbers_no_field_holds(number):
    with pytest.raises(ValueError, match="not a finite number"):
        load_json(f'{{"watts": {number}}}')


def test_the_json_reader_keeps_ordinary_numbers():
    assert load_json('{"a": 1, "b": 2.5, "c": -3e2}') == {"a": 1, "b": 2.5, "c": -300.0}
