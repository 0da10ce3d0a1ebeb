"""What differs between the markets a buyer buys in, each said once: the money its prices are
in, its usual wall socket and its usual household electricity price. The plan request, the
cost of running a card, the computer page and the report all read this record.

Sources for the defaults: China's household socket is a 10 A, 220 V outlet (GB 2099.1; 16 A
outlets are for air conditioners); a US branch circuit is 15 A at 120 V (NEC 210.21). The
tariffs are typical household prices: about 0.6 CNY/kWh in China (tiered residential prices
start near 0.5-0.6), about 0.16 USD/kWh in the US (EIA's residential average of 2023-24).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from gpuplanner.core.vocab import Currency, Language, Region


@dataclass(frozen=True)
class MarketDefaults:
    region: Region
    currency: Currency  # the money its shelf prices are in
    socket: str  # the usual wall socket (SOCKETS)
    tariff_per_kwh: float  # a household's usual electricity price, in ``currency``


# A wall socket's volts and amps: what planning/machine/power.py sizes a machine's draw against and the
# report names beside the socket.
SOCKETS: dict[str, tuple[int, int]] = {
    "CN-10A": (220, 10),
    "CN-16A": (220, 16),
    "US-15A": (120, 15),
    "US-20A": (120, 20),
}

MARKETS: dict[str, MarketDefaults] = {
    "CN": MarketDefaults("CN", "CNY", "CN-10A", 0.6),
    "US": MarketDefaults("US", "USD", "US-15A", 0.16),
}
MARKET_REGIONS: tuple[Region, ...] = ("CN", "US")  # the markets a user can choose
HOME = MARKETS["CN"]  # where a market is unknown: the app's first users' own
REGION_OF_CURRENCY: dict[str, Region] = {m.currency: m.region for m in MARKETS.values()}


# The market a command-line language goes with, when nothing else on it names one.
REGION_OF_LANGUAGE: dict[Language, Region] = {"zh_CN": "CN", "en": "US"}
# Why the app starts on its market: named on the command line, implied by the currency or the
# language given there, saved last time, or the start-up currency's country.
MarketReason = Literal["market", "currency", "language", "saved", "default"]


def launch_market(
    *,
    asked: str | None,
    currency: str | None,
    language: str | None,
    saved: str | None,
) -> tuple[Region | None, MarketReason]:
    """The market the desktop app starts on: the command line over memory. An explicit
    ``--currency`` (else ``--language``) without ``--market`` chooses the market that goes with
    it; a saved market is used only when nothing on the command line speaks to it; None: the
    start-up currency's country."""
    if asked in MARKETS:
        return MARKETS[asked].region, "market"
    if currency in REGION_OF_CURRENCY:
        return REGION_OF_CURRENCY[currency], "currency"
    if language in REGION_OF_LANGUAGE:
        return REGION_OF_LANGUAGE[language], "language"
    if saved in MARKETS:
        return MARKETS[saved].region, "saved"
    return None, "default"


def region_of(currency: Currency, region: str | None = None) -> str:
    """The market planned for: the one asked, else the currency's country."""
    return region or REGION_OF_CURRENCY.get(currency, HOME.region)


def market(region: str | None) -> MarketDefaults:
    """A market's defaults; the home market's for one not on record."""
    return MARKETS.get(region or "", HOME)
