"""``tfgpu explain --facts`` holds its install lines against ``tfgpu plan`` for that host,
as ``tfgpu doctor --facts`` does: one machine, one answer (src/tfgpu/plan/agreement.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tfgpu.cli.main import main
from tfgpu.plan.agreement import installed_requirements

HOSTS = Path(__file__).resolve().parents[1] / "fixtures" / "plan-agreement-hosts"

#: TensorFlow's own words when the CUDA libraries it needs do not load (gpu_device.cc, in
#: the 2.21 wheel's libtensorflow_framework.so.2 strings).
LOG = ("W tensorflow/core/common_runtime/gpu/gpu_device.cc:2256] Cannot dlopen some GPU "
       "libraries. Please make sure the missing libraries mentioned above are installed "
       "properly if you would like to use GPU. Follow the guide at "
       "https://www.tensorflow.org/install/gpu for how to download and setup the required "
       "libraries for your platform.\nSkipping registering GPU devices...\n")


def _tf_installs(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, list[str]]:
    main([*args, "--json"])
    doc = json.loads(capsys.readouterr().out)
    return {f["id"]: [line for line in f["fix"]
                      if (reqs := installed_requirements(line))
                      and any("tensorflow" in r.name for r in reqs)]
            for f in doc["findings"]}


def test_explain_with_facts_gives_the_doctors_install_lines(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # driver 470 (CUDA 11.4) and TensorFlow 2.21 without its CUDA wheels: the plan is 2.14
    facts = str(HOSTS / "linux-gtx1060-driver470.json")
    log = tmp_path / "train.log"
    log.write_text(LOG, encoding="utf-8")
    explained = _tf_installs(capsys, "explain", "--facts", facts, str(log))
    doctor = _tf_installs(capsys, "doctor", "--facts", facts)
    shared = [fid for fid in explained if fid in doctor and explained[fid]]
    assert "tf-cuda-runtime-missing" in shared
    for fid in shared:
        assert explained[fid] == doctor[fid], fid
    lines = [line for fid in shared for line in explained[fid]]
    assert not any("2.21" in line for line in lines), lines
