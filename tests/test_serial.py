from dataclasses import dataclass
from enum import Enum
from typing import Literal

import pytest

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
