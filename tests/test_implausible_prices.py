"""A price that cannot be one card's (issue 42): typed on the command line or in the results
table it is refused with a message; stored by an older version it is left out of the plan, said,
and removable ("Forget my price", ``db prices NAME --forget``), never a traceback. Each card is
judged against its own known prices (catalog/price_plausible.py), not a global floor."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from conftest import child_env, run_cli

from gpuplanner.app.catalog_data import load_catalog
from gpuplanner.app.user_prices import remember
from gpuplanner.catalog.price_plausible import is_plausible, plausible_range, ranges_of
from gpuplanner.catalog.records import FxRate, Price
from gpuplanner.catalog.userdb import UserDb, default_path
from gpuplanner.core.errors import InputError

CARD = "geforce-rtx-3060-12-gb"
PLAN = ["recommend", "--scenario", "student", "--budget", "3000", "--currency", "CNY"]


def _market(gpu_id: str, amount: float, currency: str = "CNY") -> Price:
    return Price(
        gpu_id=gpu_id,
        amount=amount,
        currency=currency,  # type: ignore[arg-type]
        condition="new",
        region="CN",
        source="a-shop",
        date="2026-01-01",
    )


def test_a_card_is_judged_against_its_own_known_prices():
    ranges = ranges_of(
        [_market("big", 6956.0, "USD"), _market("small", 1599.0)],
        [FxRate("USD", "CNY", 7.0, "2026-01-01", "x")],
    )
    assert not is_plausible("big", 56.0, "CNY", ranges)  # 56,999 cut at its separator
    assert is_plausible("big", 56_999.0, "CNY", ranges)
    assert is_plausible("small", 400.0, "CNY", ranges)  # a quarter of its price: a used deal
    low, high = plausible_range("small", "CNY", ranges)
    assert low == pytest.approx(1599 / 5) and high == pytest.approx(1599 * 5)
    assert not is_plausible("unknown-card", 5e-324, "CNY", ranges)  # the global floor
    assert not is_plausible("unknown-card", 1e-300, "USD", ranges)


@pytest.mark.parametrize("amount", ["5e-324", "1e-300", "0.01"])
def test_a_tiny_typed_price_on_the_command_line_is_refused_with_a_message(tmp_path, amount):
    result = run_cli(tmp_path, *PLAN, "--price", f"RTX 4090={amount}")
    assert result.returncode == 1, result.stdout
    assert "Traceback" not in result.stderr
    assert "cannot be the price of one GeForce RTX 4090" in result.stderr


def test_a_tiny_price_is_never_kept():
    with pytest.raises(InputError) as refused:
        remember(CARD, 5e-324, "CNY", "new", "2026-01-02")
    assert refused.value.id == "price-implausible"
    with UserDb() as user:
        assert user.user_prices() == []


def _store_as_an_older_version_did(amount: float) -> None:
    with UserDb():
        pass
    conn = sqlite3.connect(default_path())
    conn.execute(
        "insert into user_prices(gpu_id, amount, currency, condition, date) values (?,?,?,?,?)",
        (CARD, amount, "CNY", "new", "2025-06-01"),
    )
    conn.commit()
    conn.close()


def test_a_stored_implausible_price_is_left_out_and_said():
    _store_as_an_older_version_did(5e-324)
    loaded = load_catalog()
    assert [p.amount for p in loaded.skipped_prices] == [5e-324]
    assert not any(p.origin == "user" for p in loaded.data.prices)
    assert loaded.notice is not None and "--forget" in loaded.notice


def test_the_command_line_plans_on_over_a_stored_implausible_price(tmp_path):
    env = child_env(tmp_path)
    home = Path(env["GPUPLANNER_HOME"])
    conn_path = home / "data" / "gpuplanner.sqlite"
    conn_path.parent.mkdir(parents=True)
    UserDb(conn_path).close()
    conn = sqlite3.connect(conn_path)
    conn.execute(
        "insert into user_prices(gpu_id, amount, currency, condition, date) values (?,?,?,?,?)",
        (CARD, 5e-324, "CNY", "new", "2025-06-01"),
    )
    conn.commit()
    conn.close()
    result = run_cli(tmp_path, *PLAN, env=env)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert "--forget" in result.stderr and "5e-324" in result.stderr
    forgot = run_cli(tmp_path, "db", "prices", "RTX 3060 12GB", "--forget", env=env)
    assert forgot.returncode == 0, forgot.stderr
    again = run_cli(tmp_path, *PLAN, env=env)
    assert "--forget" not in again.stderr


# -- the window ---------------------------------------------------------------------------------


def _window(qtbot):
    from gpuplanner.app.session import Session
    from gpuplanner.core.job_inputs import JobInputs
    from gpuplanner.core.scenarios import Scenario
    from gpuplanner.ui.controller import WizardController
    from gpuplanner.ui.main_window import MainWindow

    session = Session(
        currency="CNY", language="en", scenario=Scenario.STUDENT, job=JobInputs(budget=3000)
    )
    controller = WizardController(session)
    errors: list[str] = []
    controller.error.connect(errors.append)
    window = MainWindow("en", "CNY", controller)
    qtbot.addWidget(window)
    window.go(4)
    qtbot.waitUntil(lambda: controller.plan is not None, timeout=20000)
    return window, controller, errors


def test_a_tiny_price_typed_in_the_table_is_refused_with_a_message(qtbot):
    from gpuplanner.ui.table_model import OptionsModel

    window, _controller, errors = _window(qtbot)
    model = window.results_page.model
    row = next(i for i, o in enumerate(model.options) if o.gpu_id == CARD and o.count == 1)
    model.setData(model.index(row, OptionsModel.COLUMNS.index("price")), "5e-324")
    qtbot.waitUntil(lambda: bool(errors), timeout=10000)
    assert "cannot be the price of one" in errors[-1]
    with UserDb() as user:
        assert user.user_prices() == []


def test_a_stored_implausible_price_is_told_and_forgettable_in_the_window(qtbot):
    from PySide6.QtCore import QItemSelectionModel

    _store_as_an_older_version_did(1e-300)
    window, controller, errors = _window(qtbot)
    qtbot.waitUntil(lambda: bool(errors), timeout=10000)
    assert "Forget my price" in errors[-1]
    page = window.results_page
    assert page.model.options  # the plan is there, not an empty table
    row = next(i for i, o in enumerate(page.model.options) if o.gpu_id == CARD)
    page.table.selectionModel().select(
        page.proxy.mapFromSource(page.model.index(row, 0)),
        QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows,
    )
    assert page.forget_price.isEnabled()
    with qtbot.waitSignal(controller.plan_changed, timeout=20000):
        page.forget_price.click()
    with UserDb() as user:
        assert user.user_prices() == []
