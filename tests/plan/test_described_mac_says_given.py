"""A described Mac (``plan --os macos``) was not examined: the plan says no GPU was given,
never that none "was found on this Mac"."""

from __future__ import annotations

import pytest

from tfgpu.cli.main import main


def test_a_described_mac_without_gpu_says_given_not_found(
        capsys: pytest.CaptureFixture[str]) -> None:
    main(["plan", "--os", "macos", "--arch", "x86_64"])
    out = capsys.readouterr().out
    assert "found on this Mac" not in out
    assert "no Apple silicon or AMD GPU was given" in out
