"""The three situations the wizard plans for, and what each typically spends: vocabulary every
layer shares (the first page shows the budgets before any planning code is loaded).

Budgets come from the team's product design and the scenario advice of the article it was
seeded with (student ¥2,500-3,500 for an RTX 3060 12GB or 4060 Ti 16GB; small firms 24 GB
cards; LLM work "单价数万元起", from tens of thousands of yuan); docs/PLANNING.md ("Scenarios
and ranking") lists them.
USD ranges are the design's own figures where it gives them, else the CNY range at
about 7.1 CNY/USD, rounded.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from gpuplanner.core.languages import CNY, USD
from gpuplanner.core.vocab import Currency, LlmMode, Workload


class Scenario(str, Enum):
    STUDENT = "student"
    SME = "sme"
    LLM = "llm"


@dataclass(frozen=True)
class BudgetRange:
    low: float
    high: float
    currency: Currency


@dataclass(frozen=True, kw_only=True)
class ScenarioPreset:
    scenario: Scenario
    typical_budgets: tuple[BudgetRange, ...]
    min_vram_gb: int
    workload: Workload = "resnet50"  # the typical job
    llm_model: str | None = None
    llm_mode: LlmMode | None = None
    max_gpus: int = 1
    reference_gpu: str = (
        "geforce-rtx-3060-12-gb"  # speeds are relative to this when there is no GPU
    )
    objective: str = (
        "value"  # value (speed per price), speed (fastest within budget), cost (cheapest that fits)
    )
    ecc_matters: bool = False
    # The jobs the scenario names, each with its usual share of the time: the mix the job
    # page offers (planning/job/resolve.py:scenario_mix); empty where it names one job.
    mix: tuple[tuple[Workload, float], ...] = ()

    def budget(self, currency: Currency) -> BudgetRange:
        for budget in self.typical_budgets:
            if budget.currency == currency:
                return budget
        raise KeyError(f"no typical budget in {currency} for scenario {self.scenario.value}")


PRESETS: dict[Scenario, ScenarioPreset] = {
    Scenario.STUDENT: ScenarioPreset(
        scenario=Scenario.STUDENT,
        typical_budgets=(BudgetRange(2_500, 3_500, CNY), BudgetRange(350, 500, USD)),
        # "8 GB is a trap": 12 GB is the entry point the seed articles recommend.
        min_vram_gb=12,
        workload="resnet50",
        max_gpus=1,
        reference_gpu="geforce-rtx-3060-12-gb",
        objective="value",
    ),
    Scenario.SME: ScenarioPreset(
        scenario=Scenario.SME,
        typical_budgets=(BudgetRange(10_000, 30_000, CNY), BudgetRange(1_400, 4_200, USD)),
        min_vram_gb=24,
        workload="bert-large",
        max_gpus=2,
        reference_gpu="geforce-rtx-3090",
        objective="speed",
        ecc_matters=True,
        # "Trains and fine-tunes BERT, ResNet, EfficientDet and the like on its own."
        mix=(("bert-large", 40.0), ("resnet50", 40.0), ("efficientdet-d0", 20.0)),
    ),
    Scenario.LLM: ScenarioPreset(
        scenario=Scenario.LLM,
        typical_budgets=(BudgetRange(50_000, 300_000, CNY), BudgetRange(7_000, 42_000, USD)),
        min_vram_gb=24,
        workload="llm",
        llm_model="llama-3-8b",  # Llama 3.1 8B: the model most fine-tuned in 2025-26
        llm_mode="lora",
        max_gpus=8,
        reference_gpu="a100-pcie-80-gb",
        objective="cost",
        ecc_matters=True,
    ),
}
