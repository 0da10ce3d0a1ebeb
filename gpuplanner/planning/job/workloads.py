"""Workload presets: the Keras models, with the numbers the memory and speed models need, and
the lookup of an LLM preset by name.

The LLM presets are catalog data (resources/catalog/llms.csv, each row sourced, read by
catalog/llm_presets.py): planning is handed them (``CatalogData.llms``) and reads no file.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields

from gpuplanner.catalog.records import LlmModel
from gpuplanner.core import vocab
from gpuplanner.core.job_inputs import OwnModelFigures

__all__ = ["KERAS", "LLM_MODES", "KerasWorkload", "LlmModel", "OwnModel", "find_llm"]


@dataclass(frozen=True, kw_only=True)
class KerasWorkload:
    id: str
    kind: str  # cnn or transformer (selects the activation-memory formula)
    params: float  # trainable parameters
    unit: str
    # CNN: activation memory per sample at the default input, MB in FP32 (halved in mixed precision).
    activation_mb_fp32: float = 0.0
    image_size: int = 0  # a vision model's input, pixels a side (its images are fed from the host)
    # Transformer shape for the activation formula.
    layers: int = 0
    hidden: int = 0
    heads: int = 0
    seq: int = 0
    default_batch: int = 32
    run_samples: float = 1.0e6  # the work of one "training run", for cost per run


KERAS: dict[str, KerasWorkload] = {
    w.id: w
    for w in (
        KerasWorkload(
            id="resnet50",
            kind="cnn",
            params=25.6e6,
            unit="images/s",
            activation_mb_fp32=100.0,
            image_size=224,
            default_batch=64,
            run_samples=90 * 1.281e6,
        ),
        KerasWorkload(
            id="ssd",
            kind="cnn",
            params=24.0e6,
            unit="images/s",
            activation_mb_fp32=85.0,
            image_size=300,
            default_batch=32,
            run_samples=65 * 118e3,
        ),
        KerasWorkload(
            id="bert-base",
            kind="transformer",
            params=110e6,
            unit="sequences/s",
            layers=12,
            hidden=768,
            heads=12,
            seq=128,
            default_batch=32,
            run_samples=3 * 393e3,
        ),
        KerasWorkload(
            id="bert-large",
            kind="transformer",
            params=340e6,
            unit="sequences/s",
            layers=24,
            hidden=1024,
            heads=16,
            seq=128,
            default_batch=16,
            run_samples=3 * 393e3,
        ),
        KerasWorkload(
            id="transformer",
            kind="transformer",
            params=60e6,
            unit="tokens/s",
            layers=6,
            hidden=512,
            heads=8,
            seq=256,
            default_batch=32,
            run_samples=1.0e9,
        ),
        # The seed's models (docs/PREDICTION.md, "Presets without a measured run"). Parameters:
        # Keras Applications' models built with weights=None (keras 3.15.1, read 2026-12-03;
        # tests/test_seed_presets.py rebuilds the small ones), else the paper's table.
        # Activations of a CNN: the FP32 outputs of every Keras layer at the model's input,
        # counted from the same models (ResNet-50's count is 141 MB), times 100 / 141 so that
        # ResNet-50's count is its calibrated 100 MB (``COUNTED_TO_HELD``).
        KerasWorkload(
            id="mobilenet-v2",
            kind="cnn",
            params=3_538_984,  # Sandler et al., 2018: 3.4 M, 300 M multiply-adds at 224
            unit="images/s",
            activation_mb_fp32=58.6,  # 82.6 MB counted
            image_size=224,
            default_batch=128,
            run_samples=90 * 1.281e6,
        ),
        KerasWorkload(
            id="mobilenet-v3-large",
            kind="cnn",
            params=5_507_432,  # Howard et al., 2019: 5.4 M, 219 M multiply-adds at 224
            unit="images/s",
            activation_mb_fp32=41.3,  # 58.3 MB counted
            image_size=224,
            default_batch=128,
            run_samples=90 * 1.281e6,
        ),
        KerasWorkload(
            id="mobilenet-v3-small",
            kind="cnn",
            params=2_554_968,  # Howard et al., 2019: 2.5 M, 56 M multiply-adds at 224
            unit="images/s",
            activation_mb_fp32=14.1,  # 19.9 MB counted
            image_size=224,
            default_batch=128,
            run_samples=90 * 1.281e6,
        ),
        KerasWorkload(
            id="efficientnet-b0",
            kind="cnn",
            params=5_330_571,  # Tan and Le, 2019: 5.3 M, 0.39 G multiply-adds at 224
            unit="images/s",
            activation_mb_fp32=67.5,  # 95.2 MB counted
            image_size=224,
            default_batch=128,
            run_samples=90 * 1.281e6,
        ),
        KerasWorkload(
            id="efficientnet-b4",
            kind="cnn",
            params=19_466_823,  # Tan and Le, 2019: 19 M, 4.2 G multiply-adds at 380
            unit="images/s",
            activation_mb_fp32=486.0,  # 685.3 MB counted
            image_size=380,
            default_batch=32,
            run_samples=90 * 1.281e6,
        ),
        # EfficientDet (Tan, Pang and Le, 2020, table 2; not in Keras Applications): the
        # backbone's count at the detector's input (EfficientNet's, scaled by the pixels) and
        # a quarter more for the BiFPN and the heads: an estimate. 300 epochs of COCO (the paper).
        KerasWorkload(
            id="efficientdet-d0",
            kind="cnn",
            params=3.9e6,  # 2.5 G multiply-adds at 512
            unit="images/s",
            activation_mb_fp32=441.0,  # B0's 67.5 MB x (512 / 224)^2 x 1.25
            image_size=512,
            default_batch=32,
            run_samples=300 * 118e3,
        ),
        KerasWorkload(
            id="efficientdet-d4",
            kind="cnn",
            params=20.7e6,  # 55 G multiply-adds at 1024
            unit="images/s",
            activation_mb_fp32=4411.0,  # B4's 486 MB x (1024 / 380)^2 x 1.25
            image_size=1024,
            default_batch=4,
            run_samples=300 * 118e3,
        ),
        # YOLOv8-S, the YOLO of KerasCV (YOLOV8Detector on its yolo_v8_s backbone; KerasHub
        # has no YOLO): Ultralytics' YOLOv8 table (docs.ultralytics.com/models/yolov8, read
        # 2026-12-03), 11.2 M parameters and 28.6 GFLOPs (14.3 G multiply-adds) at 640. Its
        # activations are counted by hand from its layer shapes at 640 (about 81 M FP32 values
        # of convolution, normalisation and SiLU outputs), times the same 100 / 141: an
        # estimate. 300 epochs of COCO, like EfficientDet.
        KerasWorkload(
            id="yolov8-s",
            kind="cnn",
            params=11.2e6,
            unit="images/s",
            activation_mb_fp32=230.0,
            image_size=640,
            default_batch=16,
            run_samples=300 * 118e3,
        ),
        # Vision transformers (Dosovitskiy et al., 2021, table 1): a 224 x 224 image is 196
        # patches of 16 x 16 and the class token. Not in Keras Applications (KerasHub has them).
        # A run: fine-tuning on ImageNet-1k, 20,000 steps of 512 (the paper's fine-tuning).
        KerasWorkload(
            id="vit-b16",
            kind="transformer",
            params=86e6,
            unit="images/s",
            layers=12,
            hidden=768,
            heads=12,
            seq=197,
            image_size=224,
            default_batch=32,
            run_samples=20_000 * 512,
        ),
        KerasWorkload(
            id="vit-l16",
            kind="transformer",
            params=307e6,
            unit="images/s",
            layers=24,
            hidden=1024,
            heads=16,
            seq=197,
            image_size=224,
            default_batch=16,
            run_samples=20_000 * 512,
        ),
        # DistilBERT (Sanh et al., 2019): 66 M parameters, BERT-base's width in 6 layers;
        # fine-tuned like BERT (3 epochs of MNLI).
        KerasWorkload(
            id="distilbert",
            kind="transformer",
            params=66e6,
            unit="sequences/s",
            layers=6,
            hidden=768,
            heads=12,
            seq=128,
            default_batch=32,
            run_samples=3 * 393e3,
        ),
    )
}

# The outputs of Keras's layers that training holds, against all of them: ResNet-50's
# calibrated 100 MB a picture (docs/PLANNING.md) over the 141 MB its layers' outputs count.
COUNTED_TO_HELD = 100.0 / 141.03


class OwnModel(OwnModelFigures):
    """A Keras model of the user's own, as ``model-info`` read it (per sample): planned as a
    preset without a measured run is (docs/PREDICTION.md, "Your own Keras model"). Its figures
    are the job input's (core/job_inputs.py), which a plan request carries."""

    @classmethod
    def of(cls, figures: OwnModelFigures) -> OwnModel:
        if isinstance(figures, OwnModel):
            return figures
        return cls(**{f.name: getattr(figures, f.name) for f in fields(figures)})

    def borrowed_anchor(self) -> vocab.KerasWorkloadName:
        """The nearest measured run: BERT's for a model with attention, EfficientNet-B0's for
        depthwise convolutions, ResNet-50's for dense ones."""
        if self.attention_layers:
            return "bert-base"
        return "efficientnet-b0" if self.depthwise else "resnet50"

    def workload(self) -> KerasWorkload:
        """The model as a preset: its activations counted per sample whatever its kind (the
        attention's own intermediates included), a transformer's fixed step time per attention
        layer."""
        return KerasWorkload(
            id="own",
            kind="transformer" if self.attention_layers else "cnn",
            params=self.params,
            unit="samples/s",
            activation_mb_fp32=self.activation_mb_fp32,
            layers=self.attention_layers,
        )

    def memory_workload(self) -> KerasWorkload:
        """What memory.keras_training counts: weights, gradients, optimizer state and the
        counted activations (a CNN's accounting, which takes them per sample)."""
        return KerasWorkload(
            id="own",
            kind="cnn",
            params=self.params,
            unit="samples/s",
            activation_mb_fp32=self.activation_mb_fp32,
        )


LLM_MODES = vocab.LLM_MODES


def find_llm(name: str, llms: Iterable[LlmModel]) -> LlmModel | None:
    """The preset of ``llms`` that ``name`` means: its id, or its id written otherwise
    ("Llama 3 8B", "llama_3_8b", "llama38b")."""
    by_id = {m.id: m for m in llms}
    key = name.strip().lower().replace(" ", "-").replace("_", "-")
    if key in by_id:
        return by_id[key]
    compact = key.replace("-", "").replace(".", "")
    for model in by_id.values():
        if model.id.replace("-", "").replace(".", "") == compact:
            return model
    return None
