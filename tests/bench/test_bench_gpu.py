"""Real-GPU checks of verify and bench (skipped unless ``TFGPU_GPU_TESTS`` is set).

``TFGPU_GPU_TESTS=1``: run where a GPU is found, skip where not.
``TFGPU_GPU_TESTS=all``: a missing GPU fails the test (a GPU runner must have one).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from proc_helpers import run_tfgpu
from tfgpu.verify import run_verify

ROOT = Path(__file__).resolve().parents[2]
MODE = os.environ.get("TFGPU_GPU_TESTS", "")

pytestmark = [
    pytest.mark.gpu,
    pytest.mark.skipif(not MODE, reason="set TFGPU_GPU_TESTS=1 (or all) to run GPU tests"),
]


def _need_gpu(gpu_count: int) -> None:
    if gpu_count == 0:
        if MODE == "all":
            pytest.fail("TFGPU_GPU_TESTS=all but TensorFlow lists no GPU")
        pytest.skip("no GPU visible to TensorFlow")


def test_verify_passes_on_every_gpu() -> None:
    r = run_verify(alloc_mib=256, timeout_s=300)
    _need_gpu(r.gpu_count)
    assert r.ok, [f.cause for f in r.findings]
    gpus = [c for c in r.checks if c.is_gpu]
    assert len(gpus) == r.gpu_count
    for c in gpus:
        assert c.result_device is not None and c.result_device.endswith(c.device)
        assert c.freed is True  # a GPU reports its allocator's memory
        assert c.matmul_gflops is not None and c.matmul_gflops > 100
    assert r.phase == "report"


def test_alloc_above_gpu_memory_is_refused_up_front() -> None:
    from tfgpu.verify import alloc_too_large, gpu_memory_mib, physical_memory_mib

    gpus = gpu_memory_mib()
    _need_gpu(len(gpus))
    index, total = gpus[0]
    assert total > 1024
    why = alloc_too_large(total + 1, False, physical_memory_mib(), gpus)
    assert why is not None and f"GPU {index}'s total memory" in why


def test_verify_fails_on_a_corrupted_gpu_product() -> None:
    r = run_verify(alloc_mib=16, timeout_s=300, inject_fault="corrupt-product")
    _need_gpu(r.gpu_count)
    assert not r.ok and r.outcome == "fail"
    assert any(f.id == "verify-gpu0-failed" for f in r.findings)


def test_bench_quick_on_gpu(tmp_path: Path) -> None:
    out = run_tfgpu("bench", "--synthetic", "--quick", "--devices", "cpu,gpu:0", "--json",
                    "--tensorboard", str(tmp_path / "tb"), timeout_s=900)
    doc = json.loads(out.stdout)
    gpu = doc["bench"]["devices"][1]
    _need_gpu(0 if gpu["status"] != "ok" and "lists 0 GPU" in " ".join(gpu["errors"]) else 1)
    assert out.returncode == 0, out.stderr[-3000:]
    assert gpu["ceilings"]["matmul_float32"]["value"] > 0
    cc = tuple(int(x) for x in gpu["compute_capability"].split("."))
    from tfgpu.bench.ceilings import has_tensor_cores

    tensor_cores = has_tensor_cores(gpu.get("name"), (cc[0], cc[1]))
    assert gpu["workloads"]["tuned"]["recipe"]["mixed_precision"] is tensor_cores
    assert ("matmul_float16" in gpu["ceilings"]) is tensor_cores
    assert "gpu:0" in doc["bench"]["speedup"]["gpu_over_cpu"]["guide"]
    assert any((tmp_path / "tb").rglob("*.tfevents.*"))
