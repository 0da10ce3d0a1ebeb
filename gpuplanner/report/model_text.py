"""Why a model of the user's own cannot be read, in one sentence in the user's language
(``model-info``; probe/model_file.py gives the refusal's id and its figures)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from gpuplanner.core.words import fill, fill_from, translatable
from gpuplanner.report.plan_text import translate

if TYPE_CHECKING:
    from gpuplanner.app.records import Refusal

CONTEXT = "Model"

REFUSAL_TEXT = {
    "missing": translatable("Model", "{file} does not exist."),
    "folder": translatable(
        "Model",
        "{file} is a folder without a SavedModel (saved_model.pb): name the .keras file, or "
        "the SavedModel's folder.",
    ),
    "not-keras": translatable(
        "Model",
        "{file} is not a .keras file (a zip archive with the model's config.json): save the "
        'model with model.save("model.keras").',
    ),
    "damaged": translatable(
        "Model", "{file} is damaged or cut short: its archive cannot be read. Save it again."
    ),
    "too-large": translatable(
        "Model",
        "{file} is {gb} GB: model-info reads files under 2 GB. Plan a model this large with a "
        "preset or by its parameters (vram --params).",
    ),
    "zip-bomb": translatable(
        "Model",
        "{file} says it unpacks to {gb} GB from {mb} MB: refused as a zip bomb.",
    ),
    "unsafe": translatable(
        "Model",
        "{file} holds Python code (a Lambda layer), which Keras's safe mode does not run: "
        "replace the Lambda layer with a built-in or registered layer and save the model again.",
    ),
    "custom": translatable(
        "Model",
        "{file} uses a custom layer or object this Python's Keras does not know: name the Python "
        "that has it (--python), with the class registered by "
        "@keras.saving.register_keras_serializable.",
    ),
    "newer-keras": translatable(
        "Model",
        "{file} was saved by another Keras version than this Python's: name the Python that "
        "saved it (--python).",
    ),
    "unreadable": translatable("Model", "Keras cannot read {file}: {detail}"),
    "open-shape": translatable(
        "Model",
        "{file}'s input leaves a size open ({detail}): save the model with a fixed input shape "
        "(keras.Input(shape=...)) so its work per sample can be counted.",
    ),
    "no-keras": translatable(
        "Model",
        "This Python has TensorFlow but no Keras: pip install keras, or name another "
        "Python (--python).",
    ),
    "failed": translatable("Model", "{file} could not be read: {detail}"),
}


def refusal_text(refusal: Refusal, language: str) -> str:
    """The refusal's sentence in ``language``, its figures filled in."""
    text = translate(REFUSAL_TEXT[refusal.id], language, CONTEXT)
    # A refusal carries every figure its kind may need; each sentence names the ones it shows.
    return fill_from(text, {key: str(value) for key, value in refusal.params})


FIGURES = {
    "parameters": translatable("Model", "Parameters"),
    "parameters-value": translatable("Model", "{all} ({trainable} trainable, {frozen} not)"),
    "flops": translatable("Model", "FLOPs per sample"),
    "flops-value": translatable("Model", "{forward} GFLOP forward, {backward} GFLOP backward"),
    "activations": translatable("Model", "Activation memory per sample"),
    "activations-value": translatable("Model", "{mb} MB in FP32"),
    "input": translatable("Model", "Input shape"),
}


def figure_rows(facts: Mapping[str, Any], language: str) -> list[tuple[str, str]]:
    """What ``model-info`` read (``model_info.facts``), as (figure, value) rows in ``language``."""

    def words(key: str, **values: str) -> str:
        return fill(translate(FIGURES[key], language, CONTEXT), **values)

    shapes = " + ".join(
        "(" + ", ".join(str(n) for n in shape) + ")" for shape in facts["input_shapes"]
    )
    return [
        (
            words("parameters"),
            words(
                "parameters-value",
                all=f"{facts['parameters']:,}",
                trainable=f"{facts['trainable']:,}",
                frozen=f"{facts['non_trainable']:,}",
            ),
        ),
        (
            words("flops"),
            words(
                "flops-value",
                forward=f"{facts['forward_flops'] / 1e9:.3g}",
                backward=f"{facts['backward_flops'] / 1e9:.3g}",
            ),
        ),
        (words("activations"), words("activations-value", mb=f"{facts['activation_mb_fp32']:g}")),
        (words("input"), shapes),
    ]
