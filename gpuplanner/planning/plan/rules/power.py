"""Rules about power: the supply's sustained and transient limits, its cables, the wall socket.

A failing supply is not the end of an option: it ``needs`` the smallest catalog supply that
carries it (its dated price goes into the total), unless the user keeps their supply, which
then ``blocks``. An unknown supply gives a "check before buying" line with the number. The
machine the user already runs (``keep``) needs the supply it lacks, like any purchase.
"""

from __future__ import annotations

from dataclasses import dataclass

from gpuplanner.catalog.records import PsuPrice
from gpuplanner.planning.findings import Finding, Need, Severity, finding
from gpuplanner.planning.machine.power import (
    EIGHT_PIN_W,
    SLOT_W,
    Cables,
    PsuSpec,
    cables,
    minimum_8pin,
    needs_power_cables,
    plugs_rated_w,
    supply_needed_w,
)
from gpuplanner.planning.options import Candidate
from gpuplanner.planning.plan.judge_inputs import Assessment, Context


def _pick_supply(ctx: Context, watts: int, high: int, eight: int) -> tuple[PsuPrice, float] | None:
    """The cheapest catalog supply of at least ``watts`` with the cables, priced in the plan's currency."""
    currency = ctx.request.currency
    fitting = [
        p
        for p in ctx.psus
        if p.watts >= watts and p.cables_12v2x6 >= high and p.cables_8pin + p.cables_12v2x6 >= eight
    ]
    same = [p for p in fitting if p.currency == currency]
    pool = same or [p for p in fitting if ctx.market.money(p.amount, p.currency) is not None]
    if not pool:
        return None
    best = min(pool, key=lambda p: (ctx.market.money(p.amount, p.currency), p.watts))
    return best, round(ctx.market.money(best.amount, best.currency) or 0.0, 2)


Problem = tuple[str, dict[str, str | int | float]]


def supply(c: Candidate, a: Assessment, ctx: Context) -> tuple[list[Finding], list[Need]]:
    """The wall socket, then the supply: unknown (what to check, or the cables an office PC
    lacks), enough, or short (warned when kept, blocked when it stays, else replaced)."""
    out = _socket(c, a, ctx)
    recommended = c.gpu.recommended_psu_w if c.count == 1 else None
    wanted = _Wanted(
        supply_needed_w(a.power, recommended),
        c.gpu.power_12v2x6 * c.count,
        (c.gpu.power_8pin + c.gpu.power_6pin) * c.count,
    )
    psu = ctx.request.psu
    if psu is None:
        asked = _ask_for_cables(c, ctx, wanted)
        if asked is not None:
            return [*out, asked[0]], [asked[1]]
        return out + _unknown_supply(c, a, ctx, wanted.watts), []
    out += _read_load(c, psu)
    wired = cables(a.load, _adapter(c, ctx), psu.high_power_cables)
    problems = _shortfalls(a, psu, wired)
    out += _adapter_unknown(c, a, ctx, psu.high_power_cables)
    if not problems:
        return out + _enough(psu, wired, recommended), []
    return _short(c, ctx, out, problems, wanted)


# A supply's own reading at this share of its rating or more: the machine already loads it
# near its limit, whatever parts the plan knows of.
READ_LOAD_SHARE = 0.8


def _read_load(c: Candidate, psu: PsuSpec) -> list[Finding]:
    """The supply said it delivered 918 W of its 1,000 when its liquidctl reading was saved, and
    the plan added a second card on it with no word of that."""
    read = psu.read_output_w
    if not c.bought or not read or read < READ_LOAD_SHARE * psu.rated_w:
        return []
    return [
        finding(
            "psu-reading-high",
            "warns",
            output_w=round(read),
            rated_w=round(psu.rated_w),
            pct=round(read / psu.rated_w * 100),
        )
    ]


@dataclass(frozen=True)
class _Wanted:
    """The supply a replacement must be: its watts and the cables the cards take."""

    watts: int
    high_power: int  # 12V-2x6 plugs
    eight_pin: int  # 8-pin and 6-pin plugs


def chassis(c: Candidate, a: Assessment, ctx: Context) -> list[Finding]:
    """A server powers its cards from the chassis's own supplies, through the GPU power kit its
    maker sells for each card: a card bought for one is checked there, with the room it takes,
    not against an ATX unit and its 8-pin cables (machine_rules drops those on a server)."""
    if ctx.request.machine.kind != "server" or not c.bought:
        return []
    more = c.gpu.board_power_w * c.bought
    old = ctx.installed
    if c.action == "replace" and old is not None and old.gpu.form_factor == "pcie":
        # The PCIe cards it replaces come out, and their power kit's watts are the new cards'
        # (a P100's 250 W for an RTX 4500 Ada's 210 W was "210 W more"). An SXM module's
        # power is its baseboard's: nothing a PCIe card's kit can take.
        more -= old.gpu.board_power_w * old.count
    room = {
        "count": c.bought,
        "length_mm": a.length_mm or c.gpu.length_mm or 0,
        "slots": a.slots or c.gpu.slot_width or 2,
    }
    if more < 0:
        return [finding("server-power-kit-less", "warns", watts=round(-more), **room)]
    if more == 0:
        return [finding("server-power-kit-same", "warns", **room)]
    return [finding("server-power-kit", "warns", watts=round(more), **room)]


def _socket(c: Candidate, a: Assessment, ctx: Context) -> list[Finding]:
    draw = a.power
    if draw.wall_w <= draw.socket_limit_w or not c.bought:  # a running machine has its feed
        return []
    return [
        finding(
            "power-socket",
            "blocks",
            wall_w=round(draw.wall_w),
            limit_w=round(draw.socket_limit_w),
            socket=ctx.request.socket,
        )
    ]


def _ask_for_cables(c: Candidate, ctx: Context, wanted: _Wanted) -> tuple[Finding, Need] | None:
    """The installed card runs from the slot: that says nothing of the supply's cables, but
    many office PCs have none. Planned with a supply that has them until the user says."""
    if not (c.bought and slot_powered_machine(ctx) and needs_power_cables(c.gpu)):
        return None
    picked = _pick_supply(ctx, wanted.watts, wanted.high_power, wanted.eight_pin)
    if picked is None:
        return None
    row, price = picked
    current = ctx.installed.gpu.name if ctx.installed is not None else "GPU"
    said = finding(
        "psu-ask-cables",
        "needs",
        current=current,
        watts=row.watts,
        price=price,
        currency=ctx.request.currency,
        card_w=round(c.gpu.board_power_w),
    )
    return said, Need(what="psu", price=price, watts=row.watts, date=row.date, source=row.source)


def _unknown_supply(c: Candidate, a: Assessment, ctx: Context, wanted_w: int) -> list[Finding]:
    """What to check on a supply no one told: its watts and which cables to look for: PCIe
    8-pin ones, the 12V-2x6 plug alone, the CPU (EPS) plug datacenter cards take, or none for a
    card the slot powers."""
    if not c.bought:
        # The cards already run in this machine: nothing is bought, the supply is only checked.
        return [
            finding(
                "psu-unknown-keep",
                "info",
                recommended_w=wanted_w,
                sustained_w=round(a.power.sustained_w),
            )
        ]
    severity: Severity = "warns"
    eight_pin = cables(a.load, _adapter(c, ctx), 0).eight_pin
    kind = "psu-unknown-check"
    if not eight_pin and c.gpu.power_12v2x6:
        kind = "psu-unknown-check-12v"
    elif not eight_pin and c.gpu.power_eps8:
        kind, eight_pin = "psu-unknown-check-eps", c.gpu.power_eps8 * c.count
    elif not eight_pin and c.gpu.board_power_w <= SLOT_W:
        kind = "psu-unknown-check-slot"
    elif not eight_pin:  # connectors not on record: at least what the power needs
        eight_pin = minimum_8pin(c.gpu.board_power_w) * c.count
    said = finding(
        kind,
        severity,
        recommended_w=wanted_w,
        sustained_w=round(a.power.sustained_w),
        eight_pin=eight_pin,
    )
    return [said, *_adapter_unknown(c, a, ctx, 0)]


def _shortfalls(a: Assessment, psu: PsuSpec, wired: Cables) -> list[Problem]:
    """Where the supply falls short: sustained watts, spikes (by its ATX version), cables."""
    draw = a.power
    problems: list[Problem] = []
    if not draw.sustained_ok:
        percent = round(100 * draw.sustained_w / psu.rated_w)
        problems.append(
            (
                "psu-sustained",
                {
                    "sustained_w": round(draw.sustained_w),
                    "psu_w": round(psu.rated_w),
                    "percent": percent,
                },
            )
        )
    if not draw.transient_ok:
        problems.append(
            (
                "psu-transient",
                {
                    "transient_w": round(draw.transient_w),
                    "limit_w": round(draw.transient_limit_w or 0),
                    "atx": psu.atx_version,
                    "atx_told": psu.atx_told,  # False: 2.x assumed, not the user's word
                },
            )
        )
    if psu.pcie_8pin_cables is not None and wired.eight_pin > psu.pcie_8pin_cables:
        have = {"needed": wired.eight_pin, "have": psu.pcie_8pin_cables}
        problems.append(("psu-cables", {**have, "high": psu.high_power_cables}))
    return problems


def _enough(psu: PsuSpec, wired: Cables, recommended: int | None) -> list[Finding]:
    """A supply that holds the cards: below the vendor's advice, or cables still to check."""
    out = []
    if recommended and psu.rated_w < recommended:
        out.append(
            finding(
                "power-below-vendor", "warns", psu_w=round(psu.rated_w), recommended_w=recommended
            )
        )
    if psu.pcie_8pin_cables is None and wired.eight_pin:
        out.append(
            finding("cables-check", "info", eight_pin=wired.eight_pin, high=wired.high_power)
        )
    return out


def _short(
    c: Candidate, ctx: Context, out: list[Finding], problems: list[Problem], wanted: _Wanted
) -> tuple[list[Finding], list[Need]]:
    """A supply that falls short: a block when the user keeps the supply (a warning for the
    cards they run), else a new supply priced in (or none on record large enough). Keeping
    the cards is keeping them safely: the supply they lack is priced into keep and into a
    bridge for them as into any purchase (issue 49, 4)."""
    kept = not c.bought  # the cards kept (a bridge added draws nothing)
    if ctx.request.keep_psu:
        severity: Severity = "warns" if kept else "blocks"
        return out + [finding(i, severity, **p) for i, p in problems], []
    picked = _pick_supply(ctx, wanted.watts, wanted.high_power, wanted.eight_pin)
    if picked is None:
        if kept:
            return out + [finding(i, "warns", **p) for i, p in problems], []
        return [*out, finding("psu-none-large-enough", "blocks", watts=wanted.watts)], []
    row, price = picked
    out += [finding(i, "needs", **p) for i, p in problems]
    out.append(
        finding(
            "needs-psu",
            "needs",
            watts=row.watts,
            price=price,
            date=row.date,
            currency=ctx.request.currency,
            # The cables it must have, by the cards' plugs: 12V-2x6, PCIe 8-pin or CPU (EPS).
            plug="12v" if c.gpu.power_12v2x6 else "eps" if c.gpu.power_eps8 else "8pin",
            cables=(c.gpu.power_eps8 * c.count if c.gpu.power_eps8 else wanted.eight_pin),
        )
    )
    return out, [Need(what="psu", price=price, watts=row.watts, date=row.date, source=row.source)]


def _adapter(c: Candidate, ctx: Context) -> int | None:
    board = ctx.boards.get(c.gpu.id)
    return board.adapter_8pin if board else None


def _adapter_unknown(c: Candidate, a: Assessment, ctx: Context, native: int) -> list[Finding]:
    """A 12V-2x6 card on a supply without enough of those cables, adapter count not on record."""
    if c.bought == 0:
        return []
    unknown = cables(a.load, _adapter(c, ctx), native).unknown_adapters
    if not unknown:
        return []
    return [
        finding(
            "adapter-check",
            "warns",
            cards=unknown,
            at_least=minimum_8pin(c.gpu.board_power_w),
        )
    ]


def slot_powered_machine(ctx: Context) -> bool:
    """The installed GPUs run from the slot alone (no power cables seen on them)."""
    current = ctx.installed
    return ctx.request.machine.slot_powered or (
        current is not None and not needs_power_cables(current.gpu)
    )


def power_limit(c: Candidate, ctx: Context) -> list[Finding]:
    """The installed cards' power limit (keep and add). Below the maker's default the speed
    follows the law measured there (planning/machine/power_cap.py), and lifting it to the default is
    advised on a tower; a server's limit is its chassis's, said and left. Above the default no
    measurement covers the speed: the board's higher limit is said as an extrapolation, with
    the watts and the plug load it costs (machine_rules keeps both off laptops and servers)."""
    cap = ctx.power_cap
    if cap is None or c.action not in ("keep", "add"):
        return []
    if cap.below_default:
        params = {
            "cap_w": round(cap.cap_w),
            "default_w": round(cap.default_w),
            "speed_pct": round(cap.speed_share * 100),
        }
        server = ctx.request.machine.kind == "server"
        return [finding("server-power-capped" if server else "power-capped", "warns", **params)]
    if not cap.max_w:
        return []
    rated = plugs_rated_w(c.gpu)
    if rated > SLOT_W and cap.max_w > rated and not c.gpu.power_12v2x6:
        # A maker sets no limit its plugs are not rated for (PCIe CEM): a board that allows
        # more than the reference card's plugs carry has more 8-pin plugs of its own (the
        # recorded RTX 3090 that goes to 480 W has three, not the Founders Edition's two).
        rated = SLOT_W + EIGHT_PIN_W * minimum_8pin(cap.max_w)
    extra = max(0.0, cap.max_w - cap.cap_w)
    return [
        finding(
            "power-below-max",
            "info",
            cap_w=round(cap.cap_w),
            max_w=round(cap.max_w),
            gain_pct=max(0, round((1 / cap.max_share - 1) * 100)),
            extra_w=round(extra),
            total_extra_w=round(extra * c.count),
            plug_pct=round(100 * cap.max_w / rated) if rated > SLOT_W else 0,
        )
    ]
