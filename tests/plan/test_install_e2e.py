"""The one real install: ``tfgpu install --yes`` on this host, from the package index.

It downloads TensorFlow (pip's cache makes reruns fast), so it is the only test of its
kind.  On this CPU-only CI host the plan is the CPU build; the test checks that the new
environment exists, holds that TensorFlow, and passed ``tfgpu verify``'s checks.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tfgpu.knowledge import load_knowledge
from tfgpu.plan import make_plan
from tfgpu.plan.target import target_this_host

SRC = Path(__file__).resolve().parents[2] / "src"


@pytest.mark.tf
@pytest.mark.slow
@pytest.mark.timeout(1500)
def test_install_yes_builds_and_verifies_a_fresh_venv(tmp_path: Path) -> None:
    target = target_this_host()
    if target.gpu_vendor is not None:
        pytest.skip("this end-to-end test is for the CPU CI host")
    plan = make_plan(target, load_knowledge())
    venv = tmp_path / "new env"  # a space, to prove the paths are passed as one argument
    env = {**os.environ, "PYTHONPATH": str(SRC), "NO_COLOR": "1"}
    res = subprocess.run(
        [sys.executable, "-m", "tfgpu", "install", "--yes", "--venv", str(venv)],
        capture_output=True,
        text=True,
        timeout=1400,
        cwd=tmp_path,
        env=env,
    )
    assert res.returncode == 0, res.stdout[-3000:] + res.stderr[-3000:]
    assert f"Done: TensorFlow {plan.tf_version} is installed in {venv}" in res.stdout
    assert "CPU:0: passed" in res.stdout
    assert "[3/4] Install TensorFlow (CPU)" in res.stderr
    py = venv / "bin" / "python"
    out = subprocess.run(
        [str(py), "-c", "import tensorflow as tf; print(tf.__version__)"],
        capture_output=True,
        text=True,
        timeout=300,
        env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
    )
    assert out.returncode == 0, out.stderr[-2000:]
    major_minor = ".".join((plan.tf_version or "").split(".")[:2])
    assert out.stdout.strip().startswith(major_minor + ".")
    # tfgpu itself is not in the new environment: verify ran with TensorFlow alone.
    no_tfgpu = subprocess.run(
        [str(py), "-c", "import tfgpu"],
        capture_output=True,
        timeout=60,
        env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
    )
    assert no_tfgpu.returncode != 0
