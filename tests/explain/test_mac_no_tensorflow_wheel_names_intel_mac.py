"""pip's empty list for ``tensorflow`` (from versions: none) on a log that shows macOS (a
Mac's shell prompt, a /Users path) names the Intel Mac case: macOS x86_64 wheels end with
2.16.2 (platform fact ``macos-x86-last``), for the Pythons of its tested row (3.9-3.12), so an
Intel Mac or a Rosetta Python with Python 3.13 lists no version; never "the version is not the
cause". A Mac log with a Python those wheels cover, and a Linux log, keep the generic text."""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines
from tfgpu.findings import Finding

NONE = ["ERROR: Could not find a version that satisfies the requirement tensorflow "
        "(from versions: none)",
        "ERROR: No matching distribution found for tensorflow"]


def _finding(lines: list[str]) -> Finding:
    found = {f.id: f for f in explain_lines(lines)}
    return found["tensorflow-no-matching-distribution"]


@pytest.mark.parametrize(("head", "python"), [
    (["(venv) bob@MacBook-Pro ~ % python3 --version", "Python 3.13.1",
      "(venv) bob@MacBook-Pro ~ % pip install tensorflow"], "Python 3.13"),
    # the Python of the command line itself ("python3.13 -m pip install")
    (["bob@Bobs-iMac ~ % /usr/local/bin/python3.13 -m pip install tensorflow"],
     "Python 3.13"),
    (["bob@Bobs-iMac ~ % python3 -m pip install tensorflow"],
     "a Python outside 3.9-3.12"),
    (["maria@Marias-Mac-mini project % python3 --version", "Python 3.14.0",
      "  File \"/Users/maria/project/.venv/bin/pip\", line 8"], "Python 3.14"),
], ids=["macbook-prompt-3.13", "imac-command-python-3.13", "imac-prompt-no-version",
        "mac-mini-3.14"])
def test_mac_log_names_the_intel_mac_case(head: list[str], python: str) -> None:
    f = _finding([*head, *NONE])
    assert "Intel Mac" in f.cause and "2.16.2" in f.cause and "3.9-3.12" in f.cause, f.cause
    assert f"{python} gets no TensorFlow version" in f.cause, f.cause
    assert "the version is not the cause" not in f.cause, f.cause
    assert "platforms_facts" not in f.cause and "platform_facts:macos-x86-last" in f.cause
    assert "platform.machine()" in f.fix[0], f.fix
    assert any('tensorflow==2.16.2' in x for x in f.fix), f.fix


def test_mac_log_with_a_python_the_intel_wheels_cover_stays_generic() -> None:
    f = _finding(["bob@MacBook-Pro ~ % python3 --version", "Python 3.11.4", *NONE])
    assert "Intel Mac" not in f.cause, f.cause


def test_linux_log_stays_generic() -> None:
    f = _finding(["bob@workstation:~$ python3 --version", "Python 3.13.1",
                  "/home/bob/.venv/bin/pip install tensorflow", *NONE])
    assert "Intel Mac" not in f.cause and "the version is not the cause" in f.cause, f.cause
