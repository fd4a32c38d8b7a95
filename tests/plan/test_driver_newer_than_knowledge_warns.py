"""``plan --driver`` with a version whose branch is above every driver in cuda_min_driver.toml
(a typo such as 999.99, or a driver newer than the data) is planned, with one warning that names
the newest known driver and how to check; known branches and malformed versions are unchanged
(no warning; exit 2 with a message)."""

from __future__ import annotations

import pytest

from tfgpu.cli.main import main
from tfgpu.knowledge import load_knowledge
from tfgpu.plan.select import make_plan
from tfgpu.plan.target import target_from_description


def _warnings(driver: str, os: str = "linux") -> list[str]:
    plan = make_plan(target_from_description(os, gpu="RTX 3090", driver=driver),
                     load_knowledge())
    return [w.text for w in plan.warnings if "newer than every driver" in w.text]


def test_an_implausible_driver_is_planned_with_a_warning() -> None:
    (text,) = _warnings("999.99")
    assert "999.99" in text and "nvidia-smi" in text and "the newest:" in text


@pytest.mark.parametrize("driver", ["535.104.05", "470.82.01", "560", "595.45.04", "610.43.02"])
def test_a_known_or_current_branch_gets_no_warning(driver: str) -> None:
    # drivers released after the data (R595, R610) run every CUDA it lists: no typo warning
    assert _warnings(driver) == []


def test_windows_drivers_are_compared_with_the_windows_column() -> None:
    assert _warnings("999.12", os="windows")
    assert _warnings("551.61", os="windows") == []
    assert _warnings("581.57", os="windows") == []  # the R580 branch's Windows numbering
    assert _warnings("591.74", os="windows") == []


def test_the_cli_prints_the_warning_and_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["plan", "--os", "linux", "--gpu", "RTX 3090", "--driver", "999.99"]) == 0
    assert "newer than every driver the knowledge names" in capsys.readouterr().out


@pytest.mark.parametrize("driver", ["latest", "5x", "1234.5", "535.104.05.1"])
def test_a_malformed_driver_is_a_usage_error(driver: str,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["plan", "--os", "linux", "--driver", driver]) == 2
    assert "--driver" in capsys.readouterr().err
