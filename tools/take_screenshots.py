"""Regenerate docs/screenshots/ from the real app under a private Xvfb server.

Usage: python tools/take_screenshots.py [--kiosk | --sizes]   (needs Xvfb; --kiosk: only the
kiosk's; --sizes: only the small-screen ones)
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT / "tests"))

from xvfb import xvfb_display  # noqa: E402

PAGES = ("scenario", "computer", "probe", "workload", "results", "report")
SHOTS = [
    (
        f"{index + 1}-{page}-{language}.png",
        ["--language", language, "--currency", currency, "--market", market, "--page", str(index)],
    )
    # The market named too: a currency alone chooses its market and the window says why.
    for language, currency, market in (("en", "USD", "US"), ("zh_CN", "CNY", "CN"))
    for index, page in enumerate(PAGES)
] + [
    # The China market's plan in both languages: its headline names the market and asks for
    # the price seen where no recent Chinese listing exists (issue 37).
    (
        f"5-results-china-market-{language}.png",
        ["--language", language, "--currency", "CNY", "--market", "CN", "--page", "4"],
    )
    for language in ("en", "zh_CN")
]


# Small screens (issue 41): the window on a 1024x600 and a 1366x768 screen, Back/Next in view.
SIZE_SHOTS = [
    (
        f"10-{size}-{page}-{language}.png",
        size,
        ["--language", language, "--market", market, "--page", str(index)],
    )
    for size in ("1024x600", "1366x768")
    for language, market in (("en", "US"), ("zh_CN", "CN"))
    for index, page in ((3, "workload"), (4, "results"))
]


# Every card shown because nothing fits, at the smallest and a large screen (issue 50): the
# name gives way, no price, speed, memory or power is cut.
NOTHING_FITS_SHOTS = [
    (f"11-{size}-nothing-fits-{language}.png", size, language)
    for size in ("1024x600", "1600x1000")
    for language in ("en", "zh_CN")
]


def size_shots(out_dir: Path, home: str) -> None:
    for name, size, args in SIZE_SHOTS:
        with xvfb_display(f"{size}x24") as display:
            env = dict(os.environ, DISPLAY=display, GPUPLANNER_HOME=home)
            env.pop("QT_QPA_PLATFORM", None)
            command = [sys.executable, "-m", "gpuplanner", "--screenshot", str(out_dir / name)]
            subprocess.run(command + args, env=env, check=True, stdout=subprocess.DEVNULL)
            print(out_dir / name)
    scene_tool = REPO_ROOT / "tools" / "screenshot_scene.py"
    for name, size, language in NOTHING_FITS_SHOTS:
        with xvfb_display(f"{size}x24") as display:
            env = dict(os.environ, DISPLAY=display, GPUPLANNER_HOME=home)
            env.pop("QT_QPA_PLATFORM", None)
            command = [sys.executable, str(scene_tool), "nothing-fits", "--language", language]
            command += ["--out", str(out_dir / name), "--size", size]
            subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
            print(out_dir / name)


# The fleet view is shown on the recorded nvidia-smi -q -x reports of the team's shared folder
# (../shared/fixtures, as the README says; the shots are skipped without it).
FLEET_SHOTS = [("9-fleet-en.png", "en", "USD"), ("9-fleet-zh_CN.png", "zh_CN", "CNY")]

# The results page for a recorded machine (2x RTX 2080 Ti, driver 410) and for a job that
# nothing fits: keep on top with its needs, the comparison, the ways forward.
SCENES = [
    (f"5-results-{scene}-{language}.png", scene, language)
    for scene in (
        "keep",
        "compare",
        "nothing-fits",
        "price-pack",
        "llm-8000",
        "passive",
        "typed-price",
        "mix",
        "mix-month",
    )
    for language in ("en", "zh_CN")
] + [
    (f"4-workload-{scene}-{language}.png", scene, language)
    for scene in ("inference", "mix-job", "mix-month-job")
    for language in ("en", "zh_CN")
]
SCENE_REPORT = "nvidia-smi-q-x/nvidia-smi-q-x_2x-rtx2080ti_ecc-unsupported_drv410.xml"

# Recorded machines (../shared/fixtures): a two-card workstation and a 4090 in a Gen3 slot, on
# the computer page, the price/speed chart of their LLM plan and the report page. (The shared
# set has no 2x RTX 3090 recording: the dual RTX A5000 workstation stands for it.)
MACHINES = {
    "2x-a5000": "nvidia-smi-q-x/nvidia-smi-q-x_dual-rtx-a5000_drv590.xml",
    "4090-gen3": "nvidia-smi-q-x/nvidia-smi-q-x_rtx4090_gen4-card-in-gen3-host_drv535.xml",
    "3090": "nvidia-smi-q-x/nvidia-smi-q-x_rtx3090_drv590_schema-v13.xml",
    # Machines taken for what they are (issue 27): a laptop, and a Windows VM with its GeForce.
    "laptop": "nvidia-smi-q-x/nvidia-smi-q-x_gtx1050-hp-laptop_pcie-x8-of-x16_power-na.xml",
    "windows": "nvidia-smi-q-x/nvidia-smi-q-x_rtx3080_windows-wddm_drv536.xml",
    # ECC on a data-centre board's GDDR: the small firm's mix on AWS's T4 gets 13.8 of 16 GB,
    # and is told to turn ECC off before renting anything.
    "aws-t4": "nvidia-smi-q-x/nvidia-smi-q-x_tesla-t4_aws_pcie-gen3-x8-of-x16.xml",
    # Eight H100s in 1g.10gb MIG slices: an 8 B LoRA fits no slice and the whole cards, so the
    # answer is to turn MIG off, and no purchase slower than the eight of them is offered.
    "h100-mig": "nvidia-smi-L/nvidia-smi-L_8x-h100-80gb-hbm3_all-mig-1g.10gb.txt",
    # A small PC's RTX 4000 SFF Ada: the LoRA does not fit, LoRA on an int8 base does, on the
    # card's own line before any purchase.
    "sff": "nvidia-smi-q-x/nvidia-smi-q-x_rtx4000-sff-ada_drv595_70w.xml",
    # A DGX-class server read by an lspci whose ID list predates the H100 ("Device 2330"),
    # beside its BMC's display adapter: the computer page names the cards by their ids.
    "dgx-lspci": "lspci-vv/lspci-vvv_8x-h100-sxm-dgx-class-server_full-system_gen5-x16-ok.txt",
    # One A100 in 1g.20gb slices: the 8 B LoRA fits no slice; speeds are against the whole card
    # that MIG off gives.
    "a100-mig": "nvidia-smi-q-x/nvidia-smi-q-x_a100-sxm4-80gb_mig-enabled_partial-1-of-4-gpus.xml",
}
MACHINE_SCENES = {
    "3090": (("5", "sme"),),
    "laptop": (("2", "computer"), ("5", "sme")),
    "windows": (("2", "computer"), ("5", "sme")),
    "aws-t4": (("5", "mix"),),
    "h100-mig": (("5", "llm-8000"),),
    "sff": (("5", "llm-8000"),),
    "dgx-lspci": (("2", "computer"),),
    "a100-mig": (("5", "llm-8000"),),
}
MACHINE_SHOTS = [
    (f"{number}-{scene}-{machine}-{language}.png", scene, machine, language)
    for machine in MACHINES
    for number, scene in MACHINE_SCENES.get(
        machine, (("2", "computer"), ("5", "chart"), ("6", "report"))
    )
    for language in ("en", "zh_CN")
]

# The RTX PRO 6000 Blackwell Max-Q workstation (issue 27): a desktop, not a laptop, whose
# owner needs NGC's container, not a purchase.
CONSTRUCTED = REPO_ROOT / "tools" / "screenshot_machines" / "rtx-pro-6000-max-q-workstation.xml"
CONSTRUCTED_SHOTS = [
    (f"{number}-{scene}-max-q-{language}.png", scene, language)
    for number, scene in (("2", "computer"), ("5", "sme"))
    for language in ("en", "zh_CN")
]

KIOSK_SHOTS = [
    ("7-kiosk-scenario-zh_CN.png", ["--page", "0"]),
    ("7-kiosk-your-computer-zh_CN.png", ["--page", "1"]),
    ("8-kiosk-results-zh_CN.png", ["--page", "4"]),
]


def kiosk_config(folder: Path) -> Path:
    """The shipped example with a throwaway PIN, as a shop would set it up."""
    import json
    import shutil

    from gpuplanner.kiosk.pin import hash_pin

    example = REPO_ROOT / "resources" / "kiosk"
    for name in ("example-prices.csv", "example-logo.png"):
        shutil.copyfile(example / name, folder / name)
    data = json.loads((example / "example-kiosk.json").read_text(encoding="utf-8"))
    data["pin_hash"] = hash_pin("000000")
    path = folder / "kiosk.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def main() -> int:
    out_dir = REPO_ROOT / "docs" / "screenshots"
    out_dir.mkdir(parents=True, exist_ok=True)
    only_kiosk = "--kiosk" in sys.argv[1:]
    if "--sizes" in sys.argv[1:]:
        with tempfile.TemporaryDirectory() as home:
            size_shots(out_dir, home)
        return 0
    with xvfb_display("1280x800x24") as display, tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, DISPLAY=display, GPUPLANNER_HOME=home)
        env.pop("QT_QPA_PLATFORM", None)
        shared = Path(os.environ.get("GPUPLANNER_SHARED", REPO_ROOT.parent / "shared"))
        for name, args in [] if only_kiosk else SHOTS:
            command = [sys.executable, "-m", "gpuplanner", "--screenshot", str(out_dir / name)]
            subprocess.run(command + args, env=env, check=True, stdout=subprocess.DEVNULL)
            print(out_dir / name)
        reports = shared / "fixtures" / "nvidia-smi-q-x"
        for name, language, currency in FLEET_SHOTS if reports.is_dir() else []:
            command = [sys.executable, "-m", "gpuplanner", "--fleet", str(reports)]
            command += ["--language", language, "--currency", currency]
            command += ["--screenshot", str(out_dir / name)]
            subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
            print(out_dir / name)
        scene_tool = REPO_ROOT / "tools" / "screenshot_scene.py"
        for name, scene, language in [] if only_kiosk else SCENES:
            command = [sys.executable, str(scene_tool), scene, "--language", language]
            command += ["--out", str(out_dir / name)]
            if scene in ("keep", "compare") and (shared / "fixtures").is_dir():
                command += ["--report", str(shared / "fixtures" / SCENE_REPORT)]
            subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
            print(out_dir / name)
        fixtures = shared / "fixtures"
        for name, scene, machine, language in (
            [] if only_kiosk or not fixtures.is_dir() else MACHINE_SHOTS
        ):
            command = [sys.executable, str(scene_tool), scene, "--language", language]
            command += ["--out", str(out_dir / name), "--report", str(fixtures / MACHINES[machine])]
            subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
            print(out_dir / name)
        # A machine the recordings lack, constructed for these pictures (its file says so).
        for name, scene, language in [] if only_kiosk else CONSTRUCTED_SHOTS:
            command = [sys.executable, str(scene_tool), scene, "--language", language]
            command += ["--out", str(out_dir / name), "--report", str(CONSTRUCTED)]
            subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
            print(out_dir / name)
        config = kiosk_config(Path(home))
        for name, args in KIOSK_SHOTS:
            command = [sys.executable, "-m", "gpuplanner", "--kiosk", "--config", str(config)]
            command += ["--screenshot", str(out_dir / name), *args]
            subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
            print(out_dir / name)
        if not only_kiosk:
            size_shots(out_dir, home)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
