"""Predicted training throughput of a card for a workload, from its specs and the fitted model.

Time per sample on card g:
t_g = (theta / C_g + v / S_g + (1 - theta - v) / B_g) / (min(M_g, 48) / 48) ** gamma,
C the tensor (mixed) or TF32/FP32 rate, S the SMs x boost clock (the convolutional classes'
work beside the matrix multiplies; v is 0 in the others) and B the bandwidth, each divided by
the fitted normaliser; theta, v and gamma per workload class and precision
(tools/fit_speed_model.py, docs/PREDICTION.md). Absolute numbers come from one measured anchor per workload, scaled to
this machine by the probe when there is one, so a card's speed is the same whatever other cards
are asked with it. LLM fine-tuning is anchored the same way: a measured Keras LoRA fine-tune on
an A100 gives the anchor's utilisation of its compute, and every card follows by the LLM class.
LLM inference depends on the engine as much as on the card: each engine has its own fit
(planning/speed/decode.py); its per-card predictions are here, beside the others.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from gpuplanner.catalog.records import GpuSpec, LlmModel
from gpuplanner.core.vocab import Engine, KerasWorkloadName, LlmMethod, Precision
from gpuplanner.planning.job.workloads import KERAS, KerasWorkload, OwnModel
from gpuplanner.planning.speed import batching, roofline
from gpuplanner.planning.speed.bandwidth import usable_bandwidth_gbs
from gpuplanner.planning.speed.decode import (
    InferenceParams,
    InferenceSpeed,
    preset_inference,
)

MEMORY_SATURATION_GB = 48.0
LLM_MFU = 0.35  # model FLOPs utilisation of a single-GPU fine-tune, used without a fitted model
TYPICAL_MATMUL_EFFICIENCY = 0.75  # measured / peak that the anchors' machines reached
CALIBRATION_LIMITS = (0.5, 1.3)
# A job measured on its own gets its own class: one theta across every CNN or every
# transformer task put BERT 13-17% off where its own fit is 9% (leave one GPU out). The
# generic transformer preset has no measured twin, so it takes the class of every transformer.
WORKLOAD_CLASS: dict[KerasWorkloadName, str] = {
    "resnet50": "resnet50",
    "ssd": "ssd",
    "bert-base": "bert",
    "bert-large": "bert",
    "transformer": "transformer",
    # The seed's models: the class of every CNN task, and BERT's for the encoders (ViT is
    # BERT's shape on image patches).
    "mobilenet-v2": "cnn",
    "mobilenet-v3-large": "cnn",
    "mobilenet-v3-small": "cnn",
    "efficientnet-b0": "cnn",
    "efficientnet-b4": "cnn",
    "efficientdet-d0": "cnn",
    "efficientdet-d4": "cnn",
    "yolov8-s": "cnn",
    "vit-b16": "bert",
    "vit-l16": "bert",
    "distilbert": "bert",
}
# A preset that borrows another's anchor (batching.BORROWED_ANCHOR) is less certain than its
# class: moving EfficientNet-B0's measured rate to B4 by their FLOPs (0.39 and 4.2 G
# multiply-adds) predicts B4 32% slow on an A100 80GB in both precisions (NVIDIA's tables:
# 3,454 and 1,209 images/s for B0, 470 and 165 for B4). That error is added to the class's.
BORROWED_ERROR_PCT = 32.0


@dataclass(frozen=True, kw_only=True)
class ClassParams:
    theta: float
    gamma: float
    compute_norm_tflops: float
    bandwidth_norm_gbs: float
    error_pct: float  # cross-validated median error of a predicted ratio
    # The share of an HBM card's peak bandwidth training kernels reach, against GDDR's: fitted
    # (about 0.8). Without it the A100, H100 and V100 came out 10-25% too fast.
    hbm_efficiency: float = 1.0
    # Cross-validated error by family (generation and product line, ``family``): the class's
    # median hid a GeForce RTX 4090 predicted 20-26% slow in every class.
    family_error_pct: Mapping[str, float] = field(default_factory=dict)
    # A card of a family nothing measured: every card of one family held out at a time.
    unmeasured_family_error_pct: float | None = None
    # GEMM-bound classes run at the tensor rate a card sustains, not its spec: measured large
    # matrix multiplies reach about 100% of the spec (FP32 accumulate) on GeForce cards, which
    # boost past their spec clock, 72-85% on data-centre cards and about 62% on 300 W
    # workstation blowers. Keys: a card id, or "segment/<segment>" for unmeasured cards;
    # values relative to the data-centre median. Empty: the spec rate.
    sustained: Mapping[str, float] = field(default_factory=dict)
    # The share of a step that runs on the SMs beside the tensor cores (a CNN's normalisation,
    # activations and pooling, its small kernels' issue and tail), timed at the card's SMs x
    # boost clock over ``cuda_norm_sm_ghz``; the memory term takes what compute and this
    # leave. 0: the two-term blend (BERT's, the LLM's and the FP32 transformer classes, where
    # it did not hold out).
    cuda_share: float = 0.0
    cuda_norm_sm_ghz: float = 1.0


@dataclass(frozen=True)
class Anchor:
    gpu: str
    mixed: float
    fp32: float
    unit: str
    source: str


# Measured anchors of the seed's presets, kept here rather than in the fitted model file
# (resources/models/speed_model.json): no fit reads them, each is one run. NVIDIA
# DeepLearningExamples at 729963d (shared data, nvidia_dle_tensorflow_training_throughput.csv),
# TensorFlow2 NGC 21.09 with XLA, one A100 80GB SXM4; their batches are in
# batching.ANCHOR_SHAPES.
PRESET_ANCHORS: dict[KerasWorkloadName, Anchor] = {
    "efficientnet-b0": Anchor(
        "a100-sxm4-80-gb",
        3454.0,
        1209.0,
        "images/s",
        "NVIDIA DeepLearningExamples TensorFlow2 EfficientNet v1-B0, A100 80GB, batch 1024/512",
    ),
    "efficientnet-b4": Anchor(
        "a100-sxm4-80-gb",
        470.0,
        165.0,
        "images/s",
        "NVIDIA DeepLearningExamples TensorFlow2 EfficientNet v1-B4, A100 80GB, batch 160/80",
    ),
    "efficientdet-d0": Anchor(
        "a100-sxm4-80-gb",
        397.0,
        162.0,
        "images/s",
        "NVIDIA DeepLearningExamples TensorFlow2 EfficientDet-D0, A100 80GB, batch 200/104",
    ),
}


def anchor_of(model: SpeedModel, workload: KerasWorkloadName) -> tuple[KerasWorkloadName, Anchor]:
    """The measured run ``workload``'s speed is moved from, and whose run it is: its own (the
    fitted file's or ``PRESET_ANCHORS``), or the one it borrows (batching.BORROWED_ANCHOR)."""
    source = batching.BORROWED_ANCHOR.get(workload, workload)
    anchor = model.anchors.get(source) or PRESET_ANCHORS[source]
    return source, anchor


def train_flops_per_unit(workload: KerasWorkloadName, seq: int) -> float:
    """Training FLOPs (forward and backward) per unit of the preset's throughput at ``seq``."""
    preset = KERAS[workload]
    if preset.kind == "cnn":
        return roofline.CNN_TRAIN_GFLOP[workload] * 1e9
    per_token = roofline.transformer_flops_per_token(
        preset.params, preset.layers, preset.hidden, seq
    )
    return per_token * (1 if preset.unit == "tokens/s" else seq)


@dataclass(frozen=True)
class LlmAnchor:
    """The measured LLM fine-tune every card's tokens/s is moved from: the share of its mixed-
    precision rate (model FLOPs utilisation) a Keras LoRA fine-tune reached on ``gpu``."""

    gpu: str
    mfu: float
    source: str


@dataclass(frozen=True)
class SpeedModel:
    classes: dict[str, ClassParams]  # "cnn/mixed" -> params
    anchors: dict[str, Anchor]
    inference: InferenceParams | None = None  # llama.cpp's: the engine prefill was fitted on
    engines: dict[Engine, InferenceParams] = field(default_factory=dict)
    llm_anchor: LlmAnchor | None = None

    def engine(self, name: Engine | None) -> InferenceParams | None:
        """The named engine's fit (llama.cpp's without a name or for a file made before the
        engines were fitted one by one)."""
        if name and name in self.engines:
            return self.engines[name]
        return self.inference


@dataclass(frozen=True, kw_only=True)
class Prediction:
    gpu_id: str
    gpu: str
    throughput: float | None  # absolute, in unit
    unit: str
    relative: float  # against the reference card (the user's, or the first asked)
    error_pct: float  # typical error of this prediction
    calibrated: bool = False


@dataclass(frozen=True, kw_only=True)
class SpeedQuery:
    """What every speed prediction is asked with, training or inference: the cards, the card
    their ``relative`` is against (the first without one), the fitted model, the catalog's
    cards by id (where a measured anchor's card is found), and this machine's probe figures.

    One record for all three predictions: they took the same things in different orders, and
    ``model`` meant the speed model in one and the LLM in another."""

    gpus: Sequence[GpuSpec]
    speed_model: SpeedModel
    by_id: Mapping[str, GpuSpec]
    reference: GpuSpec | None = None
    machine_factor: float | None = None  # this machine's matrix multiply against the anchors'
    bandwidth_factor: float | None = None  # its memory bandwidth, the same way

    @property
    def calibrated(self) -> bool:
        return self.machine_factor is not None or self.bandwidth_factor is not None

    def reference_gpu(self) -> GpuSpec:
        return self.reference or self.gpus[0]


def features(gpu: GpuSpec, precision: Precision) -> tuple[float, float]:
    """(compute TFLOPS, bandwidth GB/s) a TensorFlow job at this precision sees.

    Mixed precision runs on the FP16 tensor rate with FP32 accumulate (cards without tensor
    cores fall back to FP32). "FP32" uses TF32 tensor cores on Ampere and newer, as
    TensorFlow 2.4+ does by default. The bandwidth is the board's as shipped: a data-centre
    card's GDDR runs with ECC on (planning/speed/bandwidth.py).
    """
    if precision == "mixed":
        compute = gpu.fp16_tflops or gpu.fp32_tflops
    else:
        compute = gpu.tf32_tflops or gpu.fp32_tflops
    return float(compute), usable_bandwidth_gbs(gpu)


def family(gpu: GpuSpec) -> str:
    """A generation and product line: cards that share an architecture and have their clocks
    and power set the same way (GeForce, workstation, data centre)."""
    return f"{gpu.architecture}/{gpu.segment}"


def typical_error_pct(params: ClassParams, gpu: GpuSpec) -> float:
    """The typical error of this class's prediction for ``gpu``: its family's when a card of the
    family was measured. When none was (an RTX 5090), the error of a family held out of the fit,
    or the worst measured generation of the same product line if that is larger: a new GeForce
    is no safer a guess than the last GeForce generation was. Other vendors keep the class's
    median, which ``uncertainty_pct`` widens."""
    if gpu.vendor != "NVIDIA":
        return params.error_pct
    measured = params.family_error_pct.get(family(gpu))
    if measured is not None:
        # A family held out card by card can look better than a whole suite held out does:
        # the larger of the two is what holds on measurements the fit has not seen.
        return max(measured, params.error_pct)
    line = [
        pct for name, pct in params.family_error_pct.items() if name.endswith(f"/{gpu.segment}")
    ]
    return max([params.unmeasured_family_error_pct or params.error_pct, params.error_pct, *line])


def sustained_share(gpu: GpuSpec, precision: Precision, params: ClassParams) -> float:
    """The share of the spec tensor rate ``gpu`` sustains in this class (1 where the class
    uses the spec rate, at FP32 and on cards without tensor cores)."""
    if not params.sustained or precision != "mixed" or not has_tensor_cores(gpu):
        return 1.0
    share = params.sustained.get(gpu.id) or params.sustained.get(f"segment/{gpu.segment}")
    return share or 1.0


@dataclass(frozen=True)
class CardTerms:
    """What a step's time takes from the card, before the class's shape: fixed for a card,
    precision and sustained share, so a fit that tries many shapes reads them once."""

    compute_tflops: float  # at the share of the tensor rate the card sustains
    bandwidth_gbs: float
    hbm: bool
    memory_share: float  # of MEMORY_SATURATION_GB
    sm_ghz: float  # SMs x boost clock: the rate the SMs issue work (``sm_ghz``)


def card_terms(gpu: GpuSpec, precision: Precision, params: ClassParams) -> CardTerms:
    compute, bandwidth = features(gpu, precision)
    return CardTerms(
        compute_tflops=compute * sustained_share(gpu, precision, params),
        bandwidth_gbs=bandwidth,
        hbm=gpu.hbm,
        memory_share=min(gpu.memory_gb, MEMORY_SATURATION_GB) / MEMORY_SATURATION_GB,
        sm_ghz=sm_ghz(gpu),
    )


def fp32_lanes(gpu: GpuSpec) -> int:
    """FP32 lanes an SM (NVIDIA), compute unit (AMD) or Xe-core (Intel) is counted with in the
    card's FP32 rate. A GA10x, Ada, Hopper or Blackwell SM counts 128, a Volta, Turing or GA100
    SM 64 (a GA10x's second path shares its lanes with integer work: it rarely doubles); AMD's
    dual-issue RDNA 3/4 and packed CDNA 3 count 128 a unit, their other parts 64."""
    chip, arch = (gpu.chip or "").upper(), gpu.architecture
    if gpu.vendor == "NVIDIA":
        if arch == "Kepler":
            return 192
        return 64 if arch in ("Volta", "Turing") or chip in ("GP100", "GA100") else 128
    if gpu.vendor == "AMD":
        return 128 if arch in ("RDNA 3.0", "RDNA 4.0", "CDNA 3.0") else 64
    return 128


def sm_ghz(gpu: GpuSpec) -> float:
    """SMs x boost clock (GHz) from the catalog's FP32 rate, which is lanes x 2 x SMs x clock:
    a 3090's 82 SMs at 1.695 GHz give 139, an A100's 108 at 1.41 give 152, an H100 SXM5's 132
    at 1.98 give 261, an H200 NVL's 132 at 1.785 give 236 (TechPowerUp's figures agree)."""
    return float(gpu.fp32_tflops) * 1000 / (2 * fp32_lanes(gpu))


def terms_step(card: CardTerms, params: ClassParams) -> tuple[float, float, float]:
    """(compute time, memory time, CUDA-core time) of a step in the class's units: the card's
    compute at the share of the tensor rate it sustains, its bandwidth at the share of HBM it
    reaches, its SMs x clock for the work beside the matrix multiplies."""
    bandwidth = card.bandwidth_gbs * params.hbm_efficiency if card.hbm else card.bandwidth_gbs
    cuda = params.cuda_share / (card.sm_ghz / params.cuda_norm_sm_ghz)
    return (
        params.theta / (card.compute_tflops / params.compute_norm_tflops),
        (1 - params.theta - params.cuda_share) / (bandwidth / params.bandwidth_norm_gbs),
        cuda if params.cuda_share else 0.0,
    )


def terms_time(card: CardTerms, params: ClassParams) -> float:
    return sum(terms_step(card, params)) / float(card.memory_share**params.gamma)


def time_per_sample(gpu: GpuSpec, precision: Precision, params: ClassParams) -> float:
    return terms_time(card_terms(gpu, precision, params), params)


def machine_scale(
    gpu: GpuSpec,
    precision: Precision,
    params: ClassParams,
    matmul: float | None,
    bandwidth: float | None,
) -> float:
    """How this machine's measured rates change a step on ``gpu``: the compute share of the
    step divided by the matmul factor, the memory share by the bandwidth factor."""
    if not matmul and not bandwidth:
        return 1.0
    compute_time, memory_time, cuda_time = terms_step(card_terms(gpu, precision, params), params)
    slowed = compute_time / (matmul or 1.0) + memory_time / (bandwidth or 1.0) + cuda_time
    return (compute_time + memory_time + cuda_time) / slowed


def calibration(measured_tflops: float | None, peak_tflops: float | None) -> float | None:
    """This machine's factor from the probe: its matmul efficiency against the anchors' typical one."""
    if not measured_tflops or not peak_tflops:
        return None
    low, high = CALIBRATION_LIMITS
    return min(high, max(low, measured_tflops / peak_tflops / TYPICAL_MATMUL_EFFICIENCY))


def predict(
    query: SpeedQuery,
    *,
    workload: KerasWorkloadName,
    precision: Precision,
    batch: int,
    seq: int | None,
) -> list[Prediction]:
    """Every card's training throughput for ``workload`` at ``batch`` and ``seq`` (as
    planning/job/resolve.py:shape_of resolves them; None for a CNN); ``relative`` is against the query's reference at the same shape. This
    machine's probe figures (the query's ``machine_factor`` for its matrix multiply,
    ``bandwidth_factor`` for its memory) scale each card's step in its class's proportions."""
    source, _ = anchor_of(query.speed_model, workload)
    if KERAS[workload].kind == "cnn":
        job_seq = 0  # a CNN's step has no sequence
    elif seq is None:
        raise ValueError("a transformer's speed needs its sequence length")
    else:
        job_seq = seq
    return _predict(
        query,
        preset=KERAS[workload],
        cls=WORKLOAD_CLASS[workload],
        source=source,
        borrowed=source != workload,
        flops=train_flops_per_unit(workload, job_seq),
        precision=precision,
        job_batch=batch,
        job_seq=job_seq,
    )


def own_class(model: OwnModel) -> str:
    """The fitted class a model of the user's own is moved between cards by."""
    return "bert" if model.attention_layers else "cnn"


def predict_own(
    query: SpeedQuery, *, model: OwnModel, precision: Precision, batch: int
) -> list[Prediction]:
    """Every card's training throughput (samples/s) for a model of the user's own (what
    ``model-info`` read): the nearest measured preset's run moved by the two models' FLOPs,
    as a preset without a run of its own is (docs/PREDICTION.md)."""
    return _predict(
        query,
        preset=model.workload(),
        cls=own_class(model),
        source=model.borrowed_anchor(),
        borrowed=True,
        flops=model.train_flops,
        precision=precision,
        job_batch=batch,
        job_seq=0,
    )


def _predict(
    query: SpeedQuery,
    *,
    preset: KerasWorkload,
    cls: str,
    source: KerasWorkloadName,
    borrowed: bool,
    flops: float,
    precision: Precision,
    job_batch: int,
    job_seq: int,
) -> list[Prediction]:
    model = query.speed_model
    anchor = model.anchors.get(source) or PRESET_ANCHORS[source]
    anchor_gpu = query.by_id[anchor.gpu]

    def params_for(gpu: GpuSpec) -> tuple[Precision, ClassParams]:
        # Without tensor cores mixed precision has nothing to run faster on: FP32's speed.
        run_as: Precision = precision if (precision != "mixed" or has_tensor_cores(gpu)) else "fp32"
        return run_as, model.classes[f"{cls}/{run_as}"]

    source_preset = KERAS[source]
    anchor_shape = batching.ANCHOR_SHAPES[source]
    kind = "cnn" if preset.kind == "cnn" else "transformer"
    units = batching.units_per_step(preset, job_batch, job_seq)

    anchored: dict[Precision, tuple[float, float]] = {}

    def anchor_for(run_as: Precision, params: ClassParams) -> tuple[float, float]:
        """The anchor's saturated rate and its time per sample in the class: the same for
        every card run at ``run_as`` (worked out once a prediction, not once a card)."""
        if run_as not in anchored:
            anchor_rate = anchor.mixed if run_as == "mixed" else anchor.fp32
            anchor_units = batching.units_per_step(
                source_preset, batching.anchor_batch(source, run_as), anchor_shape.seq
            )
            anchored[run_as] = (
                batching.saturated_from(
                    anchor_rate, anchor_units, batching.preset_fixed_s(source_preset, run_as)
                ),
                time_per_sample(anchor_gpu, run_as, params),
            )
        return anchored[run_as]

    def rate(gpu: GpuSpec) -> float:
        """The anchor's saturated rate moved to ``gpu`` by the class, then by this machine and
        the job's sequence (or, for a borrowed anchor, the two models' FLOPs), held under the
        card's ceiling, then run at the job's batch."""
        run_as, params = params_for(gpu)
        fixed = batching.preset_fixed_s(preset, run_as)
        saturated, anchor_time = anchor_for(run_as, params)
        machine = machine_scale(gpu, run_as, params, query.machine_factor, query.bandwidth_factor)
        saturated *= anchor_time / time_per_sample(gpu, run_as, params)
        if borrowed:
            saturated *= train_flops_per_unit(source, anchor_shape.seq) / flops
        else:
            saturated *= batching.work_factor(preset, job_seq, anchor_shape.seq)
        step_bytes = roofline.STEP_BYTES_PER_PARAM[run_as] * preset.params / units
        if preset.kind == "cnn":
            per_sample_mb = preset.activation_mb_fp32 / (2 if run_as == "mixed" else 1)
            step_bytes += roofline.ACTIVATION_PASSES * per_sample_mb * 1e6
        ceiling = roofline.ceiling_rate(
            peak_tflops=roofline.peak_tflops(gpu, run_as, has_tensor_cores(gpu)),
            sustained=sustained_share(gpu, run_as, params),
            bandwidth_gbs=usable_bandwidth_gbs(gpu),
            utilisation=roofline.UTILISATION_CEILING[(kind, run_as)],
            flops_per_unit=flops,
            bytes_per_unit=step_bytes,
        )
        # This machine's probe scales the whole step, as it scales the class's terms.
        return batching.at_batch(min(saturated, ceiling), units, fixed) * machine

    def error_pct(gpu: GpuSpec) -> float:
        typical = typical_error_pct(params_for(gpu)[1], gpu)
        return typical + BORROWED_ERROR_PCT if borrowed else typical

    reference_rate = rate(query.reference_gpu())
    results = []
    for gpu in query.gpus:
        throughput = rate(gpu)
        results.append(
            Prediction(
                gpu_id=gpu.id,
                gpu=gpu.name,
                throughput=round(throughput, 2),
                unit=preset.unit,
                relative=round(throughput / reference_rate, 3),
                error_pct=error_pct(gpu),
                calibrated=query.calibrated,
            )
        )
    return results


NO_TENSOR_CORES = ("kepler", "maxwell", "pascal")
# No TensorFlow or LLM measurement of an AMD or Intel card backs the models: a wider range.
UNMEASURED_VENDOR_PCT = 25.0


def uncertainty_pct(error_pct: float, gpu: GpuSpec) -> float:
    """A prediction's typical error: its class's cross-validated error, wider where unmeasured."""
    return error_pct + (UNMEASURED_VENDOR_PCT if gpu.vendor != "NVIDIA" else 0.0)


def has_tensor_cores(gpu: GpuSpec) -> bool:
    """NVIDIA from Volta on; other vendors' matrix units are in their FP16 rate already."""
    return _tensor_cores(gpu.vendor, gpu.architecture)


@lru_cache(maxsize=64)  # a few vendors and architectures; read five times a card a prediction
def _tensor_cores(vendor: str, architecture: str) -> bool:
    return vendor != "NVIDIA" or not architecture.lower().startswith(NO_TENSOR_CORES)


# LLM fine-tuning takes the class fitted on LLM-sized transformer training (MosaicML's LLM
# pretraining runs and the transformer-layer benchmarks); a model file made before it has only
# the class of every transformer task.
LLM_TRAINING_CLASS = "llm/mixed"
LLM_FALLBACK_CLASS = "transformer/mixed"
LLM_TRAINING_ERROR_PCT = 35.0  # without a fitted class: peak compute alone, a wide range


def llm_class(model: SpeedModel | None) -> tuple[str, ClassParams] | None:
    """The training class LLM fine-tuning is predicted with, and its name."""
    if model is None:
        return None
    for name in (LLM_TRAINING_CLASS, LLM_FALLBACK_CLASS):
        if name in model.classes:
            return name, model.classes[name]
    return None


# The fixed time of an LLM fine-tuning step, per layer: the Keras 3 LoRA fine-tune of Mistral
# 7B on the TensorFlow backend (train_llm_keras_io.csv: 185.92 ms a step of 8 x 128 tokens on an
# A100 40GB, 51.1% of its FP16 peak) against the best utilisation measured on LLM training
# (roofline.UTILISATION_CEILING, 60% of the sustained rate: 62.6% of this card's peak): the
# step's time beyond that rate, 34.2 ms over 32 layers. Mistral is Llama-shaped like the
# stand-in of a size (planning/job/resolve.py: stand_in_llm).
LLM_STEP_FIXED_S_PER_LAYER = 0.00107


@dataclass(frozen=True, kw_only=True)
class LlmShape:
    """What an LLM fine-tuning step computes: the working parameters (billions), the layers and
    width that set attention's work, the sequence and the batch of sequences a step."""

    params_b: float
    layers: int
    width: int
    seq: int
    batch: int

    @property
    def tokens_per_step(self) -> int:
        return self.seq * self.batch

    @classmethod
    def of(cls, llm: LlmModel, seq: int, batch: int) -> LlmShape:
        """An LLM preset's shape: its working parameters and its attention's width."""
        return cls(
            params_b=llm.active_params_b,
            layers=llm.layers,
            width=llm.heads * llm.head_dim,
            seq=seq,
            batch=max(batch, 1),
        )


def predict_llm(query: SpeedQuery, *, shape: LlmShape, method: LlmMethod) -> list[Prediction]:
    """LLM fine-tuning tokens/s per card (``method`` on a model of ``shape``), ``relative``
    against the query's reference.

    A step's work per token is the method's FLOPs on the parameters plus attention's, which
    grows with the sequence (roofline.llm_flops_per_token), and with gradient checkpointing,
    which the plans' memory assumes, the forward pass again (llm_hardware_flops_per_token):
    that work is held to the best hardware utilisation measured on checkpointed runs. Each card's saturated rate is the
    anchor's, moved to it by the LLM training class (which weighs compute against memory
    bandwidth), and never above the best utilisation measured on LLM training of the card's own
    dense peak; a step adds its fixed time (per layer), which a longer step hides better. The
    anchor is one fixed, measured card, so a card's speed does not depend on which cards are
    asked with it. Without the class (a model file made before it), each card's own peak at
    the default utilisation."""
    machine_factor, bandwidth_factor = query.machine_factor, query.bandwidth_factor
    fitted = llm_class(query.speed_model)
    params = fitted[1] if fitted else None
    anchor = query.speed_model.llm_anchor
    anchor_gpu = query.by_id.get(anchor.gpu) if anchor is not None else None
    flops = roofline.llm_flops_per_token(
        shape.params_b, method, shape.layers, shape.width, shape.seq
    )
    ceiling = roofline.UTILISATION_CEILING[("llm", "mixed")]
    hardware_flops = roofline.llm_hardware_flops_per_token(
        shape.params_b, method, shape.layers, shape.width, shape.seq
    )
    recompute_ceiling = roofline.RECOMPUTE_UTILISATION_CEILING
    fixed_s = LLM_STEP_FIXED_S_PER_LAYER * shape.layers

    def run_as(gpu: GpuSpec) -> Precision:
        return "mixed" if has_tensor_cores(gpu) else "fp32"  # no tensor cores: FP32's rate

    def peak(gpu: GpuSpec) -> float:
        return roofline.peak_tflops(gpu, run_as(gpu), has_tensor_cores(gpu)) * 1e12

    def sustains(gpu: GpuSpec) -> float:
        return sustained_share(gpu, run_as(gpu), params) if params is not None else 1.0

    def saturated(gpu: GpuSpec) -> float:
        """The card's tokens/s on long steps, before this machine's probe moves it."""
        if params is None:
            return LLM_MFU * peak(gpu) / flops
        if anchor is None or anchor_gpu is None:
            # No measured anchor: the default utilisation of a card at the class's typical
            # compute and bandwidth (time 1 by construction), still one number per card.
            typical = params.compute_norm_tflops * 1e12 * LLM_MFU
            return typical / flops / time_per_sample(gpu, run_as(gpu), params)
        # The anchor card saturates at the best measured utilisation (its own measured rate
        # is that, less the fixed time of its short steps).
        base = ceiling * sustains(anchor_gpu) * peak(anchor_gpu) / flops
        return (
            base
            * time_per_sample(anchor_gpu, "mixed", params)
            / time_per_sample(gpu, run_as(gpu), params)
        )

    def scale(gpu: GpuSpec) -> float:
        if params is None:
            return machine_factor or 1.0
        return machine_scale(gpu, run_as(gpu), params, machine_factor, bandwidth_factor)

    def rate(gpu: GpuSpec) -> float:
        # Each card's ceiling is moved by the share of its spec tensor rate it sustains (a
        # GeForce card boosts past its spec), never above its dense peak; nor is the work the
        # step really does, its forward pass run twice.
        bound = min(
            min(ceiling * sustains(gpu), 1.0) * peak(gpu) / flops,
            min(recompute_ceiling * sustains(gpu), 1.0) * peak(gpu) / hardware_flops,
        )
        fastest = min(saturated(gpu), bound)
        return batching.at_batch(fastest, shape.tokens_per_step, fixed_s) * scale(gpu)

    def error_pct(gpu: GpuSpec) -> float:
        if params is None:
            return LLM_TRAINING_ERROR_PCT
        return typical_error_pct(params, gpu)

    reference_rate = rate(query.reference_gpu())
    return [
        Prediction(
            gpu_id=gpu.id,
            gpu=gpu.name,
            throughput=round(speed, 1),
            unit="tokens/s",
            relative=round(speed / reference_rate, 3),
            error_pct=error_pct(gpu),
            calibrated=query.calibrated,
        )
        for gpu in query.gpus
        for speed in (rate(gpu),)
    ]


def predict_llm_inference(
    query: SpeedQuery,
    *,
    llm: LlmModel,
    engine: InferenceParams,
    bits: int,
    batch: int,
    context: int,
) -> list[Prediction]:
    """Decode speed of each card (tokens/s, ``batch`` requests together) for ``llm`` on
    ``engine``'s fit, against the query's reference; the query's probe figures do not move
    it (the prediction is never ``calibrated``)."""

    def speed(gpu: GpuSpec) -> InferenceSpeed:
        return preset_inference(gpu, llm, engine, bits=bits, batch=batch, context=context)

    base = speed(query.reference_gpu()).decode_tokens_s
    out = []
    for gpu in query.gpus:
        result = speed(gpu)
        out.append(
            Prediction(
                gpu_id=gpu.id,
                gpu=gpu.name,
                throughput=result.decode_tokens_s,
                unit="tokens/s",
                relative=round(result.decode_tokens_s / base, 3),
                error_pct=engine.error_pct(bits),
                calibrated=False,
            )
        )
    return out
