"""One resolved job for every command (issue 54, item 3): a job input's default (sequence,
batch, engine, weight bits, precision, an LLM's method) is filled in by planning/job/resolve.py alone,
and ``vram``, ``predict`` and ``recommend`` all follow it.

The first tests read the package's code for a default planted anywhere else, and show the
reader finds one planted in each module; the last moves the resolver's defaults and sees every
command move with them."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from conftest import run_cli

from gpuplanner.core.job_inputs import JobInputs
from gpuplanner.planning.job import resolve as job

JOB_NAMES = {"seq", "batch", "engine", "bits", "precision", "llm_mode"}
# The resolver's own defaults, and the engines' table of the default engine for a weight
# precision, which the resolver reads: named anywhere else, they are a default taken by hand.
DEFAULT_NAMES = {
    "INFERENCE_SEQ",
    "FINE_TUNING_SEQ",
    "DEFAULT_METHOD",
    "default_batch",
    "default_engine",
}
FLAGS = {"--seq", "--batch", "--engine", "--bits", "--precision", "--mode"}
RESOLVER = Path("planning/job/resolve.py")
# engines.py holds the table (which engine runs which weights); the resolver reads it. The
# probe's --mode is how long it measures, no job's.
ALLOWED = {Path("planning/job/engines.py"): {"default_engine"}, Path("probe/worker.py"): {"--mode"}}
NONE_LIKE = (None, 0, "", False)


def _name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _no_value(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value in NONE_LIKE


def job_defaults(tree: ast.Module, allowed: frozenset[str] = frozenset()) -> list[tuple[int, str]]:
    """(line, what) for every job-input default in ``tree``: ``seq or 2048``, a parameter
    ``batch=32``, the resolver's constants, a command-line ``--bits`` with a ``default``."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or):
            if _name(node.values[0]) in JOB_NAMES and not all(map(_no_value, node.values[1:])):
                found.append((node.lineno, ast.unparse(node)))
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            args = node.args
            positional = args.posonlyargs + args.args
            pairs = list(
                zip(positional[len(positional) - len(args.defaults) :], args.defaults, strict=True)
            )
            pairs += [
                (a, d)
                for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True)
                if d is not None
            ]
            found += [
                (node.lineno, f"{node.name}({arg.arg}={ast.unparse(default)})")
                for arg, default in pairs
                if arg.arg in JOB_NAMES and not _no_value(default)
            ]
        elif isinstance(node, (ast.Name, ast.Attribute)):
            name = _name(node)
            if name in DEFAULT_NAMES and name not in allowed and isinstance(node.ctx, ast.Load):
                found.append((node.lineno, ast.unparse(node)))
        elif isinstance(node, ast.Call) and _name(node.func) == "add_argument":
            flags = {a.value for a in node.args if isinstance(a, ast.Constant)}
            for keyword in node.keywords:
                if (
                    keyword.arg == "default"
                    and flags & FLAGS - allowed
                    and not _no_value(keyword.value)
                ):
                    found.append((node.lineno, ast.unparse(node)))
    return found


def _outside_the_resolver(package_source) -> list[tuple[Path, Path]]:
    return [
        (path, path.relative_to(package_source.root))
        for path in package_source.files()
        if path.relative_to(package_source.root) != RESOLVER
    ]


def test_no_module_but_the_resolver_defaults_a_job_input(package_source):
    found = [
        f"{relative}:{line}: {what}"
        for path, relative in _outside_the_resolver(package_source)
        for line, what in job_defaults(
            package_source.tree(path), frozenset(ALLOWED.get(relative, ()))
        )
    ]
    assert found == []


PLANTED = """

def _planted_or(request):
    return request.seq or 512


def _planted_parameter(rows, batch=32):
    return rows


def _planted_constant():
    return job.FINE_TUNING_SEQ


def _planted_flag(parser):
    parser.add_argument("--bits", type=int, default=8)
"""


def test_a_default_planted_in_any_module_is_found(package_source):
    """Each module with a wrong default planted in it, four ways: the reader finds all four."""
    planted_lines = 4
    for path, relative in _outside_the_resolver(package_source):
        text = package_source.texts[path]
        first_planted = text.count("\n") + 2
        tree = ast.parse(text + PLANTED)
        allowed = frozenset(ALLOWED.get(relative, ()))
        found = [line for line, _ in job_defaults(tree, allowed) if line >= first_planted]
        assert len(found) == planted_lines, (relative, found)


def test_the_resolver_fills_every_input_the_job_left_unset():
    bert = job.shape_of(JobInputs(workload="bert-base"))
    assert (bert.seq, bert.batch, bert.precision, bert.stated_seq) == (128, 32, "mixed", None)
    cnn = job.shape_of(JobInputs(workload="resnet50", batch=16, seq=512))
    assert (cnn.seq, cnn.batch, cnn.method) == (None, 16, None)  # a CNN has no sequence
    chat = job.shape_of(JobInputs(llm_model="llama-2-7b", llm_mode="inference", bits=4))
    assert (chat.seq, chat.batch, chat.engine, chat.stated_seq) == (
        job.INFERENCE_SEQ,
        1,
        "llama.cpp",
        job.INFERENCE_SEQ,
    )
    tune = job.shape_of(JobInputs(llm_params_b=13.0))
    assert (tune.workload, tune.method, tune.seq) == (
        "llm",
        job.DEFAULT_METHOD,
        job.FINE_TUNING_SEQ,
    )


def _json(tmp_path, *args):
    done = run_cli(tmp_path, *args, "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_vram_predict_and_recommend_all_take_the_resolvers_defaults(tmp_path, monkeypatch):
    """Moved in the resolver alone, a default moves every command: none keeps its own."""
    monkeypatch.setattr(job, "FINE_TUNING_SEQ", 1024)
    monkeypatch.setattr(job, "INFERENCE_SEQ", 8192)
    vram = _json(tmp_path, "vram", "--model", "llama-2-7b", "--mode", "lora")
    (activations,) = (p for p in vram["breakdown"] if p["name"] == "activations")
    assert "1024" in activations["formula"]
    trained = _json(tmp_path, "predict", "--workload", "llm-lora", "--gpu", "RTX 3090")
    assert trained["seq"] == 1024
    chat = _json(tmp_path, "predict", "--model", "llama-2-7b", "--gpu", "RTX 3090")
    assert (chat["seq"], chat["engine"], chat["batch"]) == (8192, "keras", 1)
    plan = _json(
        tmp_path, "recommend", "--scenario", "llm", "--model", "llama-2-7b", "--mode", "inference"
    )
    assert plan["seq"] == 8192


@pytest.mark.parametrize("bits", [8, 4])
def test_predict_states_the_engine_the_resolver_chose(tmp_path, bits):
    chat = _json(
        tmp_path, "predict", "--model", "llama-2-7b", "--bits", str(bits), "--gpu", "RTX 3090"
    )
    assert chat["engine"] == job.shape_of(JobInputs(workload="llm", bits=bits)).engine
    assert chat["engine_default"] is True
