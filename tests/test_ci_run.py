"""CI (.ci/run) runs what the README and CONTRIBUTING say it runs, with nothing to download
but packages from PyPI."""

from __future__ import annotations

import re

from conftest import REPO_ROOT

CI = (REPO_ROOT / ".ci" / "run").read_text(encoding="utf-8")
HOOKS = (REPO_ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8")


def _readme_test_command() -> str:
    readme = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Run the tests", 1)[1]
    return re.search(r"```sh\n(.+?)\n```", section, re.DOTALL).group(1)


def test_ci_runs_the_readmes_test_command_word_for_word():
    command = _readme_test_command()
    assert "pytest" in command
    assert command in CI.splitlines()


def test_ci_runs_every_pre_commit_hook_on_every_file():
    assert any(
        "pre-commit run --all-files" in line and not line.lstrip().startswith("#")
        for line in CI.splitlines()
    )


def test_every_hook_is_local_and_runs_an_installed_tool():
    """A hook from a repository URL is cloned from GitHub on first use: not offline."""
    repos = re.findall(r"^\s*-\s*repo:\s*(\S+)", HOOKS, re.MULTILINE)
    languages = re.findall(r"^\s*language:\s*(\S+)", HOOKS, re.MULTILINE)
    hooks = re.findall(r"^\s*-\s*id:\s*(\S+)", HOOKS, re.MULTILINE)
    assert repos == ["local"]
    assert hooks and languages == ["system"] * len(hooks)


def test_a_workflow_runs_ci_on_every_push_on_each_promised_python():
    """GitHub Actions runs .ci/run (the README's command, then the hooks) on each push, once
    for each Python from the oldest the README promises to the newest."""
    workflow = (REPO_ROOT / ".github" / "workflows" / "tests.yml").read_text(encoding="utf-8")
    readme = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    oldest, newest = re.search(r"Python 3\.(\d+)[–-]3\.(\d+)", readme).groups()
    promised = [f"3.{minor}" for minor in range(int(oldest), int(newest) + 1)]
    assert re.search(r"^on:\n(?:  .*\n)*?  push:", workflow, re.MULTILINE)
    matrix = re.search(r"^\s*python-version: \[(.+)\]$", workflow, re.MULTILINE).group(1)
    assert [v.strip(' "') for v in matrix.split(",")] == promised
    assert "python-version: ${{ matrix.python-version }}" in workflow
    assert [line.strip() for line in workflow.splitlines() if "run:" in line] == [
        "run: bash .ci/run"
    ]
