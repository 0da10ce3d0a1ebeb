from dataclasses import dataclass
from enum import Enum

import pytest

from gpuplanner.core.serial import from_dict, to_dict


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
