"""Which language and currency the app starts in, decided from the OS locale.

Kept free of Qt so the rule can be tested without a display; the UI passes in
``QLocale.system().name()`` (or a saved choice) and gets back a supported code.
"""

from __future__ import annotations

from gpuplanner.core.vocab import CURRENCIES, LANGUAGES, Currency, as_currency

ENGLISH = "en"
CHINESE = "zh_CN"
SUPPORTED_LANGUAGES = LANGUAGES  # (CHINESE, ENGLISH)
# Shown in the language picker in the language itself, so a user who cannot read the
# current one still finds theirs.
LANGUAGE_NATIVE_NAMES = {CHINESE: "简体中文", ENGLISH: "English"}

CNY: Currency = "CNY"
USD: Currency = "USD"
SUPPORTED_CURRENCIES = CURRENCIES  # (CNY, USD)


def _normalise(locale_name: str | None) -> tuple[str, str]:
    """Split 'zh_CN.UTF-8', 'zh-Hans-CN' or 'en_US' into (language, region), lower/upper case."""
    if not locale_name:
        return "", ""
    name = locale_name.split(".", 1)[0].split("@", 1)[0].replace("-", "_")
    parts = [p for p in name.split("_") if p]
    if not parts:
        return "", ""
    language = parts[0].lower()
    region = ""
    for part in parts[1:]:
        if len(part) == 2 and part.isalpha():
            region = part.upper()
    return language, region


def language_for_locale(locale_name: str | None) -> str:
    """Chinese for any Chinese locale (only Simplified is translated), English otherwise."""
    language, _ = _normalise(locale_name)
    return CHINESE if language == "zh" else ENGLISH


def currency_for_locale(locale_name: str | None) -> Currency:
    language, region = _normalise(locale_name)
    if region == "CN" or (language == "zh" and region in ("", "CN")):
        return CNY
    return USD


def pick_language(saved: str | None, locale_name: str | None) -> str:
    return saved if saved in SUPPORTED_LANGUAGES else language_for_locale(locale_name)


def pick_currency(saved: str | None, locale_name: str | None) -> Currency:
    return as_currency(saved or "", currency_for_locale(locale_name))
