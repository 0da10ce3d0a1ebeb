"""Everything a kiosk needs before a window opens: the configuration, the catalog, the shop's list.

Anything wrong stops here: a kiosk never starts unlocked or with someone else's settings by
mistake. Free of Qt, so ``gpuplanner kiosk check`` runs on a terminal.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

from gpuplanner.core.errors import UserError
from gpuplanner.kiosk.config import KioskConfig, KioskConfigError, load_config

if TYPE_CHECKING:
    from gpuplanner.app.records import CatalogData, Price

log = logging.getLogger(__name__)


class KioskStartError(UserError):
    pass


def prepare(config_path: Path) -> tuple[KioskConfig, CatalogData, tuple[Price, ...]]:
    """The checked configuration, the catalog and the shop prices; KioskStartError if any fails."""
    try:
        config = load_config(config_path)
    except KioskConfigError as exc:
        raise KioskStartError(str(exc)) from None
    from gpuplanner.app.catalog_data import load_catalog

    try:
        data = load_catalog(user_data=False).data  # a kiosk prices from the shop's own list
    except UserError as exc:
        raise KioskStartError(f"the GPU catalog cannot be opened: {exc}") from None
    prices: list = []
    if config.price_list is not None:
        from gpuplanner.app.price_packs import shop_prices

        try:
            prices, report = shop_prices(
                config.price_list, config.shop_name, data.gpus, config.currency
            )
        except (UserError, OSError) as exc:
            raise KioskStartError(f"the shop's price list cannot be used: {exc}") from None
        log.info(
            "kiosk: %d shop prices from %s (%s)",
            len(prices),
            config.price_list.name,
            report.summary(),
        )
    return config, data, tuple(prices)
