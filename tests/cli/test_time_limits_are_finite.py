"""Every time limit a command takes is a finite number of seconds, checked before anything
runs (exit 2 with the option's name).

A ``nan`` limit compares false everywhere: ``tfgpu verify --timeout nan`` stopped the check
at once and reported "did not finish within nan s"; ``bench``, ``capture`` and
``tensorboard`` took it too, and ``launch --grace inf`` would wait forever for a worker
that ignores Ctrl-C.
"""

from __future__ import annotations

import pytest

from tfgpu.cli.main import main


@pytest.mark.parametrize("value", ["nan", "inf", "-1", "0", "1e300"])
@pytest.mark.parametrize("command", [
    ["verify", "--python", "/bin/false"],
    # inputs that fail later (no such data or log folder), so that a limit let through
    # shows as the wrong message, never as a benchmark or a server that runs on
    ["bench", "--data", "/nonexistent/mnist", "--devices", "cpu"],
    ["capture", "--dry-run"],
    ["tensorboard", "/nonexistent/logs"],
])
def test_a_time_limit_that_is_not_finite_and_positive_is_a_usage_error(
        command: list[str], value: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*command, "--timeout", value]) == 2
    assert "--timeout must be a number of seconds" in capsys.readouterr().err


@pytest.mark.parametrize("value", ["nan", "inf", "-1"])
def test_launch_grace_must_be_finite(value: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["launch", "--workers", "1", "--grace", value, "--", "true"]) == 2
    assert "--grace must be a number of seconds 0 or more" in capsys.readouterr().err


def test_launch_grace_zero_is_still_accepted(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["launch", "--workers", "1", "--grace", "0", "--network", "host",
                 "--", "true"]) == 0
