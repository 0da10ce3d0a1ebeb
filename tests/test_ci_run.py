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
