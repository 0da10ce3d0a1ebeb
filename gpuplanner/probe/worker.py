"""The TensorFlow probe worker: measures this Python's TensorFlow and reports JSON lines.

Runs as ``python -m gpuplanner.probe.worker`` or as this file under any Python that has
TensorFlow: it imports only the standard library and TensorFlow (and TensorFlow's own
NumPy), never gpuplanner. Protocol (one JSON object a line on stdout, each with "v"):
hello, progress {step, fraction, text}, result {step, status, metrics, reason}, error
{step, kind, message}, final {status, seconds}. Everything else the process prints,
TensorFlow's C++ logs included, is moved to stderr so it cannot corrupt the protocol.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import platform
import statistics
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal  # TensorFlow is untyped: its tensors, models and module are Any

# core/vocab.py's ProbeMode, spelled again: the worker never imports gpuplanner (its test
# holds the two together, tests/test_vocab.py).
ProbeMode = Literal["tiny", "quick", "full"]

PROTOCOL_VERSION = 1
STEPS = ("env", "matmul", "bandwidth", "transfer", "training", "input", "allreduce")
QUICK_STEPS = ("env", "matmul", "bandwidth", "transfer", "training", "input", "allreduce")


@dataclass(frozen=True, kw_only=True)
class Sizes:
    """How much work each step does in one mode."""

    runs: int  # timed samples of each measure
    matmul_n: tuple[int, int]  # the smallest and largest square matrix tried
    target_s: float  # one matrix multiply at least this long: sizes it to the device
    sample_s: float  # one timed sample about this long
    bw_mb: int  # the buffer the bandwidth step copies on the device
    copy_mb: int  # the buffer copied between host and device
    batch: int  # the training step's batch
    steps: int  # training steps in one sample
    image: int  # the training model's image side
    seq: int  # the transformer's sequence
    width: int  # the transformer's width
    jpegs: int  # images the input pipeline decodes
    jpeg_size: int  # their side
    crop: int  # the pipeline's crop
    pipeline_batches: int
    models: tuple[str, ...]  # the training models measured


# Work sizes per mode. "tiny" is for tests: every code path, in seconds.
SIZES = {
    "tiny": Sizes(
        runs=3,
        matmul_n=(128, 256),
        target_s=0.005,  # one matrix multiply at least this long: sizes it to the device
        sample_s=0.005,  # one timed sample about this long
        bw_mb=4,
        copy_mb=4,
        batch=4,
        steps=3,
        image=32,
        seq=16,
        width=32,
        jpegs=8,
        jpeg_size=48,
        crop=40,
        pipeline_batches=4,
        models=("cnn",),
    ),
    "quick": Sizes(
        runs=7,
        matmul_n=(1024, 8192),
        target_s=0.05,
        sample_s=0.25,
        bw_mb=64,
        copy_mb=64,
        batch=32,
        steps=8,
        image=32,
        seq=64,
        width=128,
        jpegs=32,
        jpeg_size=256,
        crop=224,
        pipeline_batches=12,
        models=("cnn",),
    ),
    "full": Sizes(
        runs=9,
        matmul_n=(1024, 16384),
        target_s=0.1,
        sample_s=0.5,
        bw_mb=256,
        copy_mb=256,
        batch=64,
        steps=20,
        image=64,
        seq=128,
        width=256,
        jpegs=64,
        jpeg_size=256,
        crop=224,
        pipeline_batches=40,
        models=("cnn", "transformer"),
    ),
}


class Emitter:
    """Protocol messages go to the real stdout; everything else printed is sent to stderr."""

    def __init__(self) -> None:
        sys.stdout.flush()
        self._out = os.fdopen(os.dup(1), "w", encoding="utf-8", buffering=1)
        os.dup2(2, 1)
        sys.stdout = sys.stderr

    def send(self, message_type: str, /, **fields: object) -> None:
        message = {"v": PROTOCOL_VERSION, "type": message_type, **fields}
        self._out.write(json.dumps(message, default=str) + "\n")
        self._out.flush()


def summarise(samples: list[float]) -> dict:
    median = statistics.median(samples)
    return {
        "median": median,
        "spread_pct": round((max(samples) - min(samples)) / median * 100, 2) if median else 0.0,
        "runs": len(samples),
    }


class Probe:
    def __init__(self, tf: Any, emit: Emitter, mode: ProbeMode, device: str) -> None:
        self.tf = tf
        self.emit = emit
        self.mode = mode
        self.size = SIZES[mode]
        self.gpus = tf.config.list_physical_devices("GPU")
        self.on_gpu = device == "gpu" or (device == "auto" and bool(self.gpus))
        self.device = "/GPU:0" if self.on_gpu else "/CPU:0"
        self.cc = self._compute_capability()

    def _compute_capability(self) -> tuple[int, int] | None:
        if not self.on_gpu or not self.gpus:
            return None
        details = self.tf.config.experimental.get_device_details(self.gpus[0])
        cc = details.get("compute_capability")
        return tuple(cc) if cc else None

    def sync(self, value: Any = None) -> None:
        sync_devices = getattr(getattr(self.tf.test, "experimental", None), "sync_devices", None)
        if sync_devices is not None and self.on_gpu:
            sync_devices()
        elif value is not None:
            self.tf.reduce_sum(self.tf.reshape(value, [-1])[:1]).numpy()

    def timed(
        self, func: Callable[[], Any], work: float, unit_scale: float, step: str, label: str
    ) -> dict:
        """Median rate of ``func`` (work units per second x unit_scale) over several runs after warm-up.

        Each run repeats ``func`` for about ``sample_s``, so short operations are timed over
        many calls rather than one launch, and one busy moment on a shared machine moves a
        sample less.
        """
        value = func()
        self.sync(value)
        start = time.perf_counter()
        value = func()
        self.sync(value)
        once = max(time.perf_counter() - start, 1e-6)
        repeat = max(1, min(1000, round(self.size.sample_s / once)))
        samples = []
        for run in range(self.size.runs):
            start = time.perf_counter()
            for _ in range(repeat):
                value = func()
            self.sync(value)
            elapsed = time.perf_counter() - start
            samples.append(work * repeat / elapsed * unit_scale)
            self.emit.send("progress", step=step, fraction=(run + 1) / self.size.runs, text=label)
        return summarise(samples)

    # -- steps ------------------------------------------------------------------------------

    def step_env(self) -> list[dict]:
        tf = self.tf
        info = {}
        try:
            info = dict(tf.sysconfig.get_build_info())
        except Exception as exc:  # very old TensorFlow
            info = {"error": str(exc)}
        gpus = []
        for index, gpu in enumerate(self.gpus):
            entry = {"name": gpu.name}
            try:
                details = tf.config.experimental.get_device_details(gpu)
                entry["device_name"] = details.get("device_name")
                cc = details.get("compute_capability")
                entry["compute_capability"] = f"{cc[0]}.{cc[1]}" if cc else None
            except Exception as exc:
                entry["details_error"] = str(exc)
            try:
                with tf.device(f"/GPU:{index}"):
                    entry["tiny_op"] = float(tf.reduce_sum(tf.ones((8, 8))).numpy())
                entry["usable"] = entry["tiny_op"] == 64.0
            except Exception as exc:  # the GPU is listed but cannot run kernels
                entry["usable"] = False
                entry["tiny_op_error"] = str(exc).splitlines()[0][:500]
            gpus.append(entry)
        return [
            {
                "name": "environment",
                "value": len(gpus),
                "unit": "GPUs",
                "params": {
                    "tensorflow": tf.__version__,
                    "python": platform.python_version(),
                    "executable": sys.executable,
                    "platform": platform.platform(),
                    "is_cuda_build": bool(info.get("is_cuda_build")),
                    "is_rocm_build": bool(info.get("is_rocm_build")),
                    "cuda_version": info.get("cuda_version"),
                    "cudnn_version": info.get("cudnn_version"),
                    "gpus": gpus,
                    "device": self.device,
                    "cpu_count": os.cpu_count(),
                },
            }
        ]

    def _matmul_variants(self) -> list[tuple[str, object, bool | None]]:
        tf = self.tf
        if not self.on_gpu:
            return [("fp32", tf.float32, None)]
        variants: list[tuple[str, object, bool | None]] = [("fp32", tf.float32, False)]
        ampere = self.cc is not None and self.cc >= (8, 0)
        if ampere:
            variants.append(("tf32", tf.float32, True))
        variants.append(("fp16", tf.float16, None))
        if ampere:
            variants.append(("bf16", tf.bfloat16, None))
        return variants

    def _pick_n(self, dtype: Any) -> int:
        """The smallest power-of-two size whose multiply takes ``target_s``: big enough to be honest."""
        tf = self.tf
        low, high = self.size.matmul_n
        n = low
        while True:
            with tf.device(self.device):
                a = tf.random.uniform((n, n), dtype=tf.float32)
                a = tf.cast(a, dtype)
            func = tf.function(lambda x: tf.linalg.matmul(x, x), autograph=False)
            self.sync(func(a))
            start = time.perf_counter()
            self.sync(func(a))
            if time.perf_counter() - start >= self.size.target_s or n >= high:
                return n
            n *= 2

    def step_matmul(self) -> list[dict]:
        tf = self.tf
        metrics = []
        tf32_default = tf.config.experimental.tensor_float_32_execution_enabled()
        try:
            for name, dtype, tf32 in self._matmul_variants():
                if tf32 is not None:
                    tf.config.experimental.enable_tensor_float_32_execution(tf32)
                n = self._pick_n(dtype)
                with tf.device(self.device):
                    a = tf.cast(tf.random.uniform((n, n)), dtype)
                    b = tf.cast(tf.random.uniform((n, n)), dtype)
                func = tf.function(lambda x, y: tf.linalg.matmul(x, y), autograph=False)
                stats = self.timed(
                    functools.partial(func, a, b), 2 * n**3, 1e-12, "matmul", f"{name} {n}x{n}"
                )
                metrics.append(
                    {
                        "name": name,
                        "value": stats["median"],
                        "unit": "TFLOPS",
                        "spread_pct": stats["spread_pct"],
                        "runs": stats["runs"],
                        "params": {"n": n, "tf32": tf32},
                    }
                )
        finally:
            tf.config.experimental.enable_tensor_float_32_execution(tf32_default)
        return metrics

    def step_bandwidth(self) -> list[dict]:
        tf = self.tf
        elements = self.size.bw_mb * 2**20 // 4
        with tf.device(self.device):
            x = tf.random.uniform((elements,))
        func = tf.function(lambda v: v * 1.0001, autograph=False)
        # Each element is read once and written once.
        stats = self.timed(
            lambda: func(x), 2 * elements * 4, 1e-9, "bandwidth", f"{self.size.bw_mb} MB"
        )
        return [
            {
                "name": "device_memory",
                "value": stats["median"],
                "unit": "GB/s",
                "spread_pct": stats["spread_pct"],
                "runs": stats["runs"],
                "params": {"mb": self.size.bw_mb, "device": self.device},
            }
        ]

    def step_transfer(self) -> list[dict] | str:
        if not self.on_gpu:
            return "host-device copies need a GPU"
        import numpy as np

        tf = self.tf
        size = self.size.copy_mb * 2**20
        host = np.random.default_rng(0).random(size // 4, dtype=np.float32)

        def h2d() -> Any:
            with tf.device(self.device):
                return tf.identity(tf.constant(host))

        on_device = h2d()
        h2d_stats = self.timed(h2d, size, 1e-9, "transfer", "host to device")
        d2h_stats = self.timed(lambda: on_device.numpy(), size, 1e-9, "transfer", "device to host")
        note = "pageable host memory: TensorFlow does not use pinned buffers, so this is below the link rate"
        return [
            {
                "name": "host_to_device",
                "value": h2d_stats["median"],
                "unit": "GB/s",
                "spread_pct": h2d_stats["spread_pct"],
                "runs": h2d_stats["runs"],
                "params": {"mb": self.size.copy_mb, "note": note},
            },
            {
                "name": "device_to_host",
                "value": d2h_stats["median"],
                "unit": "GB/s",
                "spread_pct": d2h_stats["spread_pct"],
                "runs": d2h_stats["runs"],
                "params": {"mb": self.size.copy_mb, "note": note},
            },
        ]

    def _model(self, kind: str) -> Any:  # a Keras model
        keras = self.tf.keras
        s = self.size
        if kind == "cnn":
            inputs = keras.Input((s.image, s.image, 3))
            x = keras.layers.Conv2D(32, 3, padding="same", activation="relu")(inputs)
            x = keras.layers.Conv2D(64, 3, padding="same", activation="relu")(x)
            x = keras.layers.MaxPooling2D()(x)
            x = keras.layers.Conv2D(128, 3, padding="same", activation="relu")(x)
            x = keras.layers.GlobalAveragePooling2D()(x)
            shape: tuple[int, ...] = (s.batch, s.image, s.image, 3)
        else:
            inputs = keras.Input((s.seq, s.width))
            attention = keras.layers.MultiHeadAttention(num_heads=4, key_dim=s.width // 4)(
                inputs, inputs
            )
            x = keras.layers.LayerNormalization()(inputs + attention)
            ffn = keras.layers.Dense(4 * s.width, activation="gelu")(x)
            x = keras.layers.LayerNormalization()(x + keras.layers.Dense(s.width)(ffn))
            x = keras.layers.GlobalAveragePooling1D()(x)
            shape = (s.batch, s.seq, s.width)
        # The last layer stays float32 under mixed precision (softmax stability).
        outputs = keras.layers.Dense(10, activation="softmax", dtype="float32")(x)
        model = keras.Model(inputs, outputs)
        model.compile(optimizer=keras.optimizers.Adam(1e-3), loss="sparse_categorical_crossentropy")
        return model, shape

    def step_training(self) -> list[dict]:
        tf = self.tf
        keras = tf.keras
        precisions = ["fp32"]
        skipped = []
        if self.on_gpu and self.cc is not None and self.cc >= (7, 0):
            precisions.append("mixed")
        else:
            skipped.append(
                "mixed precision needs a GPU with tensor cores (compute capability 7.0+)"
            )
        metrics = []
        for kind in self.size.models:
            for precision in precisions:
                keras.mixed_precision.set_global_policy(
                    "mixed_float16" if precision == "mixed" else "float32"
                )
                try:
                    with tf.device(self.device):
                        model, shape = self._model(kind)
                        x = tf.random.uniform(shape)
                        y = tf.random.uniform((shape[0],), maxval=10, dtype=tf.int32)
                    if self.on_gpu:
                        tf.config.experimental.reset_memory_stats("GPU:0")
                    model.train_on_batch(x, y)  # traces and builds the optimizer
                    samples = []
                    for run in range(self.size.runs):
                        start = time.perf_counter()
                        for _ in range(self.size.steps):
                            loss = model.train_on_batch(x, y)
                        float(loss if not isinstance(loss, list) else loss[0])
                        samples.append(shape[0] * self.size.steps / (time.perf_counter() - start))
                        self.emit.send(
                            "progress",
                            step="training",
                            fraction=(run + 1) / self.size.runs,
                            text=f"{kind} {precision}",
                        )
                    peak = None
                    if self.on_gpu:
                        peak = tf.config.experimental.get_memory_info("GPU:0")["peak"] / 2**20
                    stats = summarise(samples)
                    metrics.append(
                        {
                            "name": f"{kind}_{precision}",
                            "value": stats["median"],
                            "unit": "samples/s",
                            "spread_pct": stats["spread_pct"],
                            "runs": stats["runs"],
                            "params": {
                                "batch": shape[0],
                                "input": list(shape[1:]),
                                "peak_memory_mib": peak,
                                "parameters": int(model.count_params()),
                            },
                        }
                    )
                finally:
                    keras.mixed_precision.set_global_policy("float32")
        if skipped:
            metrics.append(
                {
                    "name": "mixed_precision",
                    "value": None,
                    "unit": "samples/s",
                    "params": {"skipped": skipped[0]},
                }
            )
        return metrics

    def step_input(self) -> list[dict]:
        tf = self.tf
        s = self.size
        with tf.device("/CPU:0"):
            images = tf.cast(
                tf.random.uniform((s.jpegs, s.jpeg_size, s.jpeg_size, 3), maxval=255),
                tf.uint8,
            )
            jpegs = [tf.io.encode_jpeg(image, quality=90) for image in images]

        def decode(data: Any) -> Any:
            image = tf.io.decode_jpeg(data, channels=3)
            image = tf.image.random_crop(image, (s.crop, s.crop, 3))
            image = tf.image.random_flip_left_right(image)
            image = tf.image.random_brightness(image, 0.1)
            return tf.image.convert_image_dtype(image, tf.float32)

        batch = 32 if self.mode != "tiny" else 4
        dataset = (
            tf.data.Dataset.from_tensor_slices(jpegs)
            .repeat()
            .map(decode, num_parallel_calls=tf.data.AUTOTUNE)
            .batch(batch)
            .prefetch(tf.data.AUTOTUNE)
        )
        iterator = iter(dataset)
        next(iterator)
        samples = []
        for run in range(s.runs):
            start = time.perf_counter()
            for _ in range(s.pipeline_batches):
                next(iterator)
            samples.append(batch * s.pipeline_batches / (time.perf_counter() - start))
            self.emit.send(
                "progress",
                step="input",
                fraction=(run + 1) / s.runs,
                text="decode and augment JPEGs",
            )
        stats = summarise(samples)
        return [
            {
                "name": "jpeg_decode_augment",
                "value": stats["median"],
                "unit": "images/s",
                "spread_pct": stats["spread_pct"],
                "runs": stats["runs"],
                "params": {
                    "source_size": s.jpeg_size,
                    "crop": s.crop,
                    "cpu_count": os.cpu_count(),
                },
            }
        ]

    def step_allreduce(self) -> list[dict] | str:
        tf = self.tf
        if len(self.gpus) < 2:
            return "all-reduce needs two or more GPUs"
        strategy = tf.distribute.MirroredStrategy()
        replicas = strategy.num_replicas_in_sync
        elements = self.size.bw_mb * 2**20 // 4

        @tf.function
        def reduce() -> Any:
            def body() -> Any:
                value = tf.ones((elements,))
                return tf.distribute.get_replica_context().all_reduce(
                    tf.distribute.ReduceOp.SUM, value
                )

            return strategy.run(body)

        stats = self.timed(reduce, elements * 4, 1e-9, "allreduce", f"{replicas} GPUs")
        bus = stats["median"] * 2 * (replicas - 1) / replicas
        return [
            {
                "name": "allreduce_bus",
                "value": bus,
                "unit": "GB/s",
                "spread_pct": stats["spread_pct"],
                "runs": stats["runs"],
                "params": {
                    "replicas": replicas,
                    "mb": self.size.bw_mb,
                    "algorithm_bandwidth_gbs": stats["median"],
                },
            }
        ]


# ``--model FILE``: the one step that reads the user's own Keras model (app/model_info.py).
MODEL_STEP = "model"
# How a model that cannot be read is refused: one word for the planner's sentence.
REFUSALS = ("unsafe", "custom", "newer-keras", "unreadable", "open-shape", "no-keras")


class ModelRefused(Exception):
    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(detail)
        self.kind = kind


def refusal_kind(exc: BaseException) -> str:
    """Which of ``REFUSALS`` a failed load is, from Keras's own words."""
    text = f"{type(exc).__name__}: {exc}"
    lowered = text.lower()
    if "safe_mode" in lowered or "lambda" in lowered:
        return "unsafe"
    if "could not locate" in lowered or "unknown layer" in lowered or "custom" in lowered:
        return "custom"
    if "version" in lowered and "keras" in lowered:
        return "newer-keras"
    return "unreadable"


# A training step traced under a GradientTape names its backward ops under this scope, and a
# Keras BatchNormalization computes its batch's mean and variance under the second (training
# only: inference reads the moving averages).
GRADIENT_SCOPE = "gradient_tape/"
MOMENTS = "/moments/"


def einsum_flops(equation: bytes | str, shapes: list[Any]) -> float:
    """2 x the product of the sizes of every index of an Einsum's inputs (0 if one is open)."""
    text = equation.decode() if isinstance(equation, bytes) else equation
    sizes: dict[str, int] = {}
    for subscripts, shape in zip(text.split("->")[0].split(","), shapes, strict=False):
        dims = tuple(shape)
        if "." in subscripts or len(subscripts) != len(dims):
            return 0.0
        for letter, dim in zip(subscripts, dims, strict=True):
            if dim is None:
                return 0.0
            sizes[letter] = int(dim)
    product = 1
    for size in sizes.values():
        product *= size
    return 2.0 * product


def _size(shape: Any) -> int:
    """Values in one sample of a tensor of ``shape`` (its batch left out); 0 if any is open."""
    total = 1
    for dim in tuple(shape)[1:]:
        if dim is None:
            return 0
        total *= int(dim)
    return total


class ModelReader:
    """Reads a saved Keras model: parameters, FLOPs from the traced graph, the layers' outputs
    a training step holds, the optimizer's state and the input shape. TensorFlow and Keras
    only; the file is loaded with Keras's safe mode (no Python code from the file runs)."""

    def __init__(self, tf: Any, emit: Emitter, path: str, on_gpu: bool) -> None:
        self.tf = tf
        self.emit = emit
        self.path = path
        self.on_gpu = on_gpu

    def load(self) -> Any:
        try:
            keras = self.tf.keras  # Keras 3 from TensorFlow 2.16 on, its own Keras 2 before
        except Exception as exc:
            raise ModelRefused("no-keras", f"{type(exc).__name__}: {exc}") from exc
        self.keras = keras
        try:
            return keras.models.load_model(self.path, safe_mode=True)
        except Exception as exc:
            raise ModelRefused(refusal_kind(exc), f"{type(exc).__name__}: {exc}"[:1000]) from exc

    def specs(self, model: Any, batch: int) -> list[Any]:
        specs = []
        for tensor in model.inputs:
            shape = tuple(tensor.shape)
            if any(dim is None for dim in shape[1:]):
                raise ModelRefused("open-shape", f"input shape {shape}")
            specs.append(self.tf.TensorSpec((batch, *shape[1:]), tensor.dtype))
        return specs

    def step_flops(self, function: Any, specs: list[Any]) -> tuple[float, float]:
        """FLOPs of one traced training step, forward and in all: TensorFlow's count of each
        op (matrix products, convolutions, element-wise ops), and the Einsum ops it has no
        count for (Keras's attention scores): 2 x the product of every index's size. One
        trace, not two (it is most of the command's time past TensorFlow's import): the forward
        pass is every op outside the tape's gradient, less what training alone computes there,
        batch normalisation's batch moments."""
        graph = function.get_concrete_function(*specs).graph
        forward = total = 0.0
        for op in graph.get_operations():
            flops = self.op_flops(graph, op)
            total += flops
            if not op.name.startswith(GRADIENT_SCOPE) and MOMENTS not in op.name:
                forward += flops
        return forward, total

    def op_flops(self, graph: Any, op: Any) -> float:
        from tensorflow.python.framework import ops

        if op.type == "Einsum":
            return einsum_flops(op.get_attr("equation"), [t.shape for t in op.inputs])
        try:
            return float(ops.get_stats_for_node_def(graph, op.node_def, "flops").value or 0)
        except (ValueError, TypeError):  # shapes its count cannot read: the profiler skips it too
            return 0.0

    def graph_flops(self, graph: Any) -> float:
        return sum(self.op_flops(graph, op) for op in graph.get_operations())

    def read_saved_model(self) -> list[dict]:
        """A SavedModel: a graph, no layers (Keras 3 loads one only as an inference layer).
        Its serving signature is frozen (the weights become constants) and imported at batch 1:
        forward FLOPs from that graph, backward from its gradient with respect to the weights;
        the activations are every compute op's output there, more than a Keras layer holds
        (a layer's bias, normalisation and activation are ops of their own): an upper bound.
        Loading a SavedModel runs no Python from the file."""
        tf = self.tf
        from tensorflow.python.framework.convert_to_constants import (
            convert_variables_to_constants_v2,
        )

        try:
            loaded = tf.saved_model.load(self.path)
            signatures = dict(loaded.signatures)
            signature = signatures.get("serving_default") or next(iter(signatures.values()))
            frozen = convert_variables_to_constants_v2(signature)
        except Exception as exc:
            raise ModelRefused("unreadable", f"{type(exc).__name__}: {exc}"[:1000]) from exc
        every = list(getattr(loaded, "variables", ()))
        trainable = sum(
            _size((None, *v.shape)) for v in getattr(loaded, "trainable_variables", every)
        )
        frozen_values = sum(_size((None, *v.shape)) for v in every) - trainable
        inputs = [t for t in frozen.inputs if t.dtype != tf.resource]
        for tensor in inputs:
            if tensor.shape.rank is None or any(d is None for d in tensor.shape[1:]):
                raise ModelRefused("open-shape", f"input shape {tensor.shape}")
        self.emit.send("progress", step=MODEL_STEP, fraction=0.4, text="tracing the graph")
        graph = tf.Graph()
        with graph.as_default():
            placeholders = [
                tf.compat.v1.placeholder(t.dtype, (1, *t.shape[1:]), name=f"input_{i}")
                for i, t in enumerate(inputs)
            ]
            outputs = tf.graph_util.import_graph_def(
                frozen.graph.as_graph_def(),
                input_map={t.name: p for t, p in zip(inputs, placeholders, strict=True)},
                return_elements=[t.name for t in frozen.outputs],
                name="model",
            )
            forward_ops = graph.get_operations()
            forward = self.graph_flops(graph)
            weights = [
                op.outputs[0]
                for op in forward_ops
                if op.type == "Const"
                and op.outputs[0].dtype.is_floating
                and (op.outputs[0].shape.num_elements() or 0) > 1
            ]
            floats = [tf.reduce_sum(tf.cast(o, tf.float32)) for o in outputs if o.dtype.is_floating]
            tf.gradients(tf.add_n(floats), weights)
            train = self.graph_flops(graph)
        plumbing = {"Const", "Identity", "Placeholder", "NoOp", "Shape", "Reshape", "Squeeze"}
        held = sum(
            _size(t.shape)
            for op in forward_ops
            if op.type not in plumbing
            for t in op.outputs
            if t.dtype.is_floating and t.shape.rank
        )
        shapes = [list(t.shape)[1:] for t in inputs]
        return [
            self._figures(
                trainable=trainable,
                frozen=frozen_values,
                forward=forward,
                backward=max(train - forward, 0.0),
                held=held,
                measured=None,
                optimizer=None,
                state=0,
                shapes=shapes,
                dtypes=[str(t.dtype.name) for t in inputs],
                attention=0,
                depthwise=any("Depthwise" in op.type for op in forward_ops),
                layers=0,
            )
        ]

    def _figures(self, **f: Any) -> dict:
        return {
            "name": "model",
            "value": f["trainable"] + f["frozen"],
            "unit": "parameters",
            "params": {
                "trainable": f["trainable"],
                "non_trainable": f["frozen"],
                "forward_flops": f["forward"],
                "backward_flops": f["backward"],
                "activation_values": f["held"],
                "measured_activation_bytes": f["measured"],
                "optimizer": f["optimizer"],
                "optimizer_values": f["state"],
                "input_shapes": f["shapes"],
                "input_dtypes": f["dtypes"],
                "attention_layers": f["attention"],
                "depthwise": f["depthwise"],
                "layers": f["layers"],
                "keras": getattr(self.tf, "__version__", ""),
            },
        }

    def held_values(self, model: Any) -> tuple[int, int]:
        """FP32 values per sample in every layer's output (nested models opened), and in the
        attention's own intermediates (queries, keys, values, scores and their softmax and
        dropout), which a layer's output does not show; and the attention layers."""
        values = attention = 0
        for layer in model.layers:
            if isinstance(layer, self.keras.Model):
                inner, inner_attention = self.held_values(layer)
                values += inner
                attention += inner_attention
                continue
            if isinstance(layer, self.keras.layers.InputLayer):
                continue
            try:
                outputs = layer.output
            except Exception:  # a layer used twice has no single output
                continue
            for tensor in outputs if isinstance(outputs, (list, tuple)) else [outputs]:
                values += _size(tensor.shape)
            if isinstance(layer, self.keras.layers.MultiHeadAttention):
                attention += 1
                seq = _size(layer.output.shape) // max(int(layer.output.shape[-1]), 1)
                heads, width = layer.num_heads, layer.key_dim
                values += 3 * seq * heads * width + 3 * heads * seq * seq
        return values, attention

    def measured_activation_bytes(self, model: Any) -> float | None:
        """On a GPU: the peak memory of a training step at batch 4 less at batch 2, per sample."""
        if not self.on_gpu:
            return None
        tf = self.tf
        peaks = {}
        variables = model.trainable_variables
        for batch in (2, 4):
            inputs = [tf.zeros(spec.shape, spec.dtype) for spec in self.specs(model, batch)]

            @tf.function
            def step(*xs: Any) -> Any:
                with tf.GradientTape() as tape:
                    out = model(list(xs) if len(xs) > 1 else xs[0], training=True)
                    loss = tf.add_n([tf.reduce_sum(o) for o in tf.nest.flatten(out)])
                return tape.gradient(loss, variables)

            step(*inputs)
            tf.config.experimental.reset_memory_stats("GPU:0")
            step(*inputs)
            peaks[batch] = tf.config.experimental.get_memory_info("GPU:0")["peak"]
        return max(0.0, (peaks[4] - peaks[2]) / 2)

    def read(self) -> list[dict]:
        tf = self.tf
        self.emit.send("progress", step=MODEL_STEP, fraction=0.1, text="loading the model")
        if os.path.isdir(self.path):
            return self.read_saved_model()
        model = self.load()
        trainable = sum(_size((None, *w.shape)) for w in model.trainable_weights)
        frozen = sum(_size((None, *w.shape)) for w in model.non_trainable_weights)
        optimizer = getattr(model, "optimizer", None)
        state = 0
        if optimizer is not None:
            if not optimizer.built:
                optimizer.build(model.trainable_variables)
            state = sum(_size((None, *v.shape)) for v in optimizer.variables if len(v.shape))
        specs = self.specs(model, 1)
        self.emit.send("progress", step=MODEL_STEP, fraction=0.4, text="tracing the graph")

        def train(*xs: Any) -> Any:
            with tf.GradientTape() as tape:
                out = model(list(xs) if len(xs) > 1 else xs[0], training=True)
                loss = tf.add_n([tf.reduce_sum(o) for o in tf.nest.flatten(out)])
            return tape.gradient(loss, model.trainable_variables)

        forward_flops, train_flops = self.step_flops(tf.function(train), specs)
        held, attention = self.held_values(model)
        depthwise = any(
            "Depthwise" in type(layer).__name__ or "Separable" in type(layer).__name__
            for layer in model._flatten_layers(include_self=False, recursive=True)
        )
        self.emit.send("progress", step=MODEL_STEP, fraction=0.8, text="measuring activations")
        measured = self.measured_activation_bytes(model)
        shapes = [list(tensor.shape)[1:] for tensor in model.inputs]
        return [
            self._figures(
                trainable=trainable,
                frozen=frozen,
                forward=forward_flops,
                backward=max(train_flops - forward_flops, 0.0),
                held=held,
                measured=measured,
                optimizer=type(optimizer).__name__ if optimizer is not None else None,
                state=state,
                shapes=shapes,
                dtypes=[str(tensor.dtype) for tensor in model.inputs],
                attention=attention,
                depthwise=depthwise,
                layers=len(model.layers),
            )
        ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="gpuplanner TensorFlow probe worker")
    parser.add_argument("--mode", choices=tuple(SIZES), default="quick")
    parser.add_argument("--steps", default=",".join(QUICK_STEPS))
    parser.add_argument("--device", choices=("auto", "cpu", "gpu"), default="auto")
    parser.add_argument("--model", default=None, help="read this saved Keras model instead")
    args = parser.parse_args(argv)
    emit = Emitter()
    started = time.perf_counter()
    emit.send(
        "hello",
        python=platform.python_version(),
        executable=sys.executable,
        pid=os.getpid(),
        protocol=PROTOCOL_VERSION,
    )
    steps = [MODEL_STEP] if args.model else [s for s in args.steps.split(",") if s]
    unknown = [s for s in steps if s not in STEPS and not args.model]
    if unknown:
        emit.send("error", step=None, kind="usage", message=f"unknown steps: {', '.join(unknown)}")
        emit.send("final", status="failed", seconds=time.perf_counter() - started)
        return 2
    emit.send("progress", step="import", fraction=0.0, text="importing TensorFlow")
    os.environ.setdefault("TF_FORCE_GPU_ALLOW_GROWTH", "true")  # measure, do not grab all VRAM
    try:
        import tensorflow as tf
    except Exception as exc:  # ImportError, or a broken install raising anything
        emit.send(
            "error",
            step="env",
            kind="tensorflow-missing",
            message=f"{type(exc).__name__}: {exc}"[:2000],
        )
        emit.send("final", status="failed", seconds=time.perf_counter() - started)
        return 3
    emit.send("progress", step="import", fraction=1.0, text=f"TensorFlow {tf.__version__}")
    probe = Probe(tf, emit, args.mode, args.device)
    failed = 0
    for step in steps:
        emit.send("progress", step=step, fraction=0.0, text="starting")
        try:
            if step == MODEL_STEP:
                with tf.device(probe.device):
                    outcome = ModelReader(tf, emit, args.model, probe.on_gpu).read()
            else:
                outcome = getattr(probe, f"step_{step}")()
        except ModelRefused as exc:
            failed += 1
            emit.send("error", step=step, kind=f"model-{exc.kind}", message=str(exc)[:2000])
            emit.send("result", step=step, status="failed", metrics=[], reason=exc.kind)
            continue
        except tf.errors.ResourceExhaustedError as exc:
            failed += 1
            emit.send("error", step=step, kind="oom", message=str(exc).splitlines()[0][:1000])
            emit.send(
                "result", step=step, status="failed", metrics=[], reason="out of device memory"
            )
            continue
        except Exception as exc:
            failed += 1
            emit.send(
                "error",
                step=step,
                kind="exception",
                message=f"{type(exc).__name__}: {exc}"[:2000],
                traceback=traceback.format_exc()[-4000:],
            )
            emit.send(
                "result",
                step=step,
                status="failed",
                metrics=[],
                reason=f"{type(exc).__name__}: {exc}"[:500],
            )
            continue
        if isinstance(outcome, str):
            emit.send("result", step=step, status="skipped", metrics=[], reason=outcome)
        else:
            emit.send("result", step=step, status="ok", metrics=outcome)
    status = "ok" if not failed else ("partial" if failed < len(steps) else "failed")
    emit.send("final", status=status, seconds=round(time.perf_counter() - started, 3))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
