import pytest

from gpuplanner.core.languages import (
    CHINESE,
    CNY,
    ENGLISH,
    USD,
    currency_for_locale,
    language_for_locale,
    pick_currency,
    pick_language,
)
from gpuplanner.core.money import Money, format_money


@pytest.mark.parametrize(
    ("locale_name", "language", "currency"),
    [
        ("zh_CN", CHINESE, CNY),
        ("zh_CN.UTF-8", CHINESE, CNY),
        ("zh-Hans-CN", CHINESE, CNY),
        ("zh_TW", CHINESE, USD),  # only Simplified Chinese exists; prices are not in TWD
        ("en_US", ENGLISH, USD),
        ("en_CN", ENGLISH, CNY),
        ("de_DE@euro", ENGLISH, USD),
        ("C", ENGLISH, USD),
        ("", ENGLISH, USD),
        (None, ENGLISH, USD),
    ],
)
def test_defaults_follow_the_os_locale(locale_name, language, currency):
    assert language_for_locale(locale_name) == language
    assert currency_for_locale(locale_name) == currency


def test_a_saved_choice_wins_unless_it_is_unknown():
    assert pick_language(ENGLISH, "zh_CN") == ENGLISH
    assert pick_language("fr", "zh_CN") == CHINESE
    assert pick_currency(USD, "zh_CN") == USD
    assert pick_currency("EUR", "zh_CN") == CNY


def test_money_format():
    assert format_money(2500, CNY) == "¥2,500"
    assert format_money(349.6, USD) == "$350"


def test_money_converts_a_plain_sum_both_ways_and_needs_a_rate():
    budget = Money(700.0, USD)
    assert budget.converted(USD, None) is budget
    assert budget.converted(CNY, None) is None
    assert budget.converted(CNY, 7.0) == Money(4900.0, CNY)
    assert Money(4900.0, CNY).converted(USD, 7.0) == Money(700.0, USD)
    assert Money(12.5, "EUR").converted(CNY, 7.0) is None
    assert Money(0.456, CNY).text(decimals=2) == "¥0.46"
