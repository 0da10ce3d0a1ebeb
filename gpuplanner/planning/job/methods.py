"""What each TensorFlow route can do with several cards and which fine-tuning methods it has.

Facts (docs/PLANNING.md, "Several cards by route"):

- The official wheels and NVIDIA's NGC container run several cards with
  ``tf.distribute.MirroredStrategy``: every card keeps the whole model, its gradients and its
  optimizer state, so the job must fit one card. TensorFlow's DTensor was the sharding route and
  is deprecated; it is not planned.
- Keras 3 on the JAX backend (the ``keras-other`` route) shards a model's weights over a device
  mesh with ``keras.distribution.ModelParallel`` and a ``LayoutMap``.
- Keras 3 has LoRA (``enable_lora``) on every backend, and LoRA on a base quantised to int8
  (``model.quantize("int8")``, keras-team/keras#19356). QLoRA's 4-bit NormalFloat base is a
  PyTorch method (bitsandbytes with PEFT): on no TensorFlow route.
"""

from __future__ import annotations

from gpuplanner.core.vocab import LlmMethod, LlmMode, TfRouteName

SHARDING_API: dict[TfRouteName, str] = {"keras-other": "keras.distribution.ModelParallel"}
REPLICATING_API = "tf.distribute.MirroredStrategy"
KERAS_METHODS: tuple[LlmMethod, ...] = ("full", "lora", "lora-int8")
# The Keras method nearest to one Keras does not have: QLoRA's frozen 4-bit base becomes an
# int8 one (model.quantize("int8")), the adapters stay.
NEAREST_KERAS: dict[LlmMode, LlmMethod] = {"qlora": "lora-int8"}


def runnable(method: LlmMode) -> LlmMode:
    """The method a TensorFlow route runs for ``method``: itself, or the nearest Keras has."""
    return NEAREST_KERAS.get(method, method)


def shards(route: TfRouteName) -> bool:
    """Whether the route can divide a model's weights and optimizer state over cards."""
    return route in SHARDING_API


def strategy_api(route: TfRouteName, strategy: str) -> str:
    """The API that runs ``strategy`` on ``route``: what the user writes."""
    if strategy == "sharded":
        return SHARDING_API.get(route, "")
    if strategy == "layer-split":
        return "keras.distribution.ModelParallel" if shards(route) else "tf.device"
    return REPLICATING_API if route != "keras-other" else "keras.distribution.DataParallel"


def in_keras(method: LlmMode) -> bool:
    """Whether Keras (and so every TensorFlow route) has the fine-tuning method."""
    return method in KERAS_METHODS
