"""``plan --driver`` with a version whose branch is below the first driver branch of the GPU's
architecture (cuda_arch.toml's first CUDA for it, that CUDA's own minimum in
cuda_min_driver.toml, not its family's minor-version floor), or below every driver for a GPU
the arch table does not list: planned, with one warning naming that driver and how to check
(a likely typo such as 99.99). A driver given with no NVIDIA GPU to plan for says the plan does
not use it."""

from __future__ import annotations

import pytest

from tfgpu.cli.main import main
from tfgpu.knowledge import load_knowledge
from tfgpu.plan.select import make_plan
from tfgpu.plan.target import target_from_description


def _warnings(driver: str, gpu: str | None = "RTX 3060", os: str = "linux") -> list[str]:
    plan = make_plan(target_from_description(os, gpu=gpu, driver=driver), load_knowledge())
    return [w.text for w in plan.warnings if "NVIDIA driver" in w.text]


def test_a_driver_older_than_the_gpus_first_cuda_warns() -> None:
    (text,) = _warnings("99.99")
    # RTX 3060: sm_86, first CUDA 11.1, whose own minimum is 455.23 (Linux): the 11.x
    # family floor 450.80.02 runs newer 11.x code, not a GPU the driver predates
    assert "older than 455.23" in text and "CUDA 11.1" in text and "sm_86" in text
    assert "nvidia-smi" in text and "typo" in text


def test_the_windows_column_is_used_for_windows_targets() -> None:
    (text,) = _warnings("99.99", os="windows")
    assert "older than 456.38" in text


def test_a_newer_gpu_has_a_higher_floor() -> None:
    (text,) = _warnings("470.82.01", gpu="RTX 5090")  # sm_120: CUDA 12.8, from 570.26
    assert "older than 570.26" in text and "sm_120" in text
    assert _warnings("470.82.01", gpu="RTX 3060") == []


@pytest.mark.parametrize("driver", ["455.23", "455.01", "455", "535.104.05", "560"])
def test_a_driver_in_or_above_the_floor_branch_gets_no_warning(driver: str) -> None:
    assert _warnings(driver) == []


def test_a_gpu_the_arch_table_does_not_list_is_compared_with_the_oldest_driver() -> None:
    (text,) = _warnings("99.99", gpu="GTX 1060")  # sm_61: not in cuda_arch.toml
    assert "older than every driver the knowledge names" in text and "the oldest:" in text
    assert _warnings("390.48", gpu="GTX 1060") == []


def test_the_cli_prints_the_older_warning(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["plan", "--os", "linux", "--gpu", "RTX 3060", "--driver", "99.99"]) == 0
    out = capsys.readouterr().out
    assert "NVIDIA driver 99.99 is older than" in out and "typo" in out


@pytest.mark.parametrize("driver", ["999.99", "535.104.05", "99.99"])
def test_a_driver_without_a_gpu_says_the_plan_does_not_use_it(driver: str) -> None:
    texts = _warnings(driver, gpu=None)
    assert len(texts) == 1
    assert "no GPU was given (--gpu)" in texts[0] and "does not use the driver" in texts[0]
    assert "--gpu NAME" in texts[0]


def test_a_driver_on_this_host_without_a_gpu_says_so(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from dataclasses import replace

    from tfgpu.cli import cmd_plan

    host = target_from_description("linux", python="3.11")
    monkeypatch.setattr(cmd_plan, "this_host_target",
                        lambda: replace(host, origin="this host", gpu_vendor=None))
    assert main(["plan", "--driver", "999.99"]) == 0
    out = capsys.readouterr().out
    assert "no GPU was found or given (--gpu)" in out and "does not use the driver" in out
    assert "newer than every driver" not in out  # no range warning for an unused driver


def test_a_driver_with_a_non_nvidia_gpu_is_not_used() -> None:
    (text,) = _warnings("535", gpu="Intel Arc A770")
    assert "does not apply to" in text and "not an NVIDIA GPU" in text
