"""``tfgpu capture`` cuts PATH as ``tfgpu facts`` does: context.json (and fs.json's
questions) keep the CUDA/NVIDIA/cuDNN entries, plus only the folders the probes found a
file in (so the replay still finds a distro ``/usr/bin/nvcc``); private folders go."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

from tfgpu import capture
from tfgpu._proc import FakeRunner
from tfgpu.capture.replay import replay_host
from tfgpu.probes import FakeFileSystem, ProbeContext
from tfgpu.probes.env_vars import select

PATH = "/opt/acme-secret/bin:/usr/local/cuda-12.4/bin:/usr/bin:/srv/client-x/tools"


def _capture(tmp_path: Path) -> Path:
    host = tmp_path / "host"
    nvcc = host / "usr/bin/nvcc"
    nvcc.parent.mkdir(parents=True)
    nvcc.write_text("")
    runner = FakeRunner({("/usr/bin/nvcc", "--version"): "Cuda compilation tools, release "
                         "12.0, V12.0.140\n"})
    ctx = ProbeContext(runner=runner, fs=FakeFileSystem(host), env={"PATH": PATH},
                       system="Linux", python_executable="/usr/bin/python3")
    cap = capture.record(ctx, lambda _l: None, capture.Scrubber(None, None), machine="x86_64")
    out = tmp_path / "fixture"
    capture.write(cap, out, dt.datetime(2026, 12, 2, tzinfo=dt.timezone.utc))
    return out


def test_capture_keeps_only_cuda_path_entries_and_folders_with_finds(tmp_path: Path) -> None:
    out = _capture(tmp_path)
    context = json.loads((out / "context.json").read_text())
    assert context["env"]["PATH"] == "/usr/local/cuda-12.4/bin:/usr/bin"
    # the facts' rule is the base: its entries are all kept
    assert set(select({"PATH": PATH}, "Linux")["PATH"].split(":")) <= set(
        context["env"]["PATH"].split(":"))
    everything = "".join(p.read_text() for p in out.iterdir())
    assert "acme-secret" not in everything and "client-x" not in everything
    # the cut fixture still replays to what the probes found
    expected = json.loads((out / "expected-facts.json").read_text())
    assert replay_host(out) == expected
    assert [t["nvcc_path"] for t in expected["toolkits"]] == ["/usr/bin/nvcc"]
