"""Findings no recorded log or case reaches: one typical line each gives exactly that
finding (so every catalogue row is reached by a test, tests/knowledge/
test_findings_catalogue.py)."""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines
from tfgpu.findings import Severity

LINES: dict[str, tuple[str, Severity]] = {
    # an out-of-memory error without the tensor shape
    "gpu-resource-exhausted": (
        "tensorflow.python.framework.errors_impl.ResourceExhaustedError: failed to allocate "
        "memory [Op:AddV2]", Severity.ERROR),
    # pip collecting the retired name, without the install failing in the log (variant
    # "named" of tensorflow-gpu-package-removed; was tensorflow-gpu-package-named)
    "tensorflow-gpu-package-removed": ("Collecting tensorflow-gpu==2.10.1", Severity.WARNING),
    # outside WSL2: exclusive-process mode or a GPU in a bad state
    "gpu-busy-or-unavailable": (
        "RuntimeError: CUDA error: all CUDA-capable devices are busy or unavailable",
        Severity.ERROR),
    "wsl2-libcuda-symlink-notice": (
        "/sbin/ldconfig.real: /usr/lib/wsl/lib/libcuda.so.1 is not a symbolic link",
        Severity.INFO),
    "ptxas-not-found": (
        "W external/local_xla/xla/service/gpu/llvm_gpu_backend/gpu_backend_lib.cc:101] Couldn't "
        "get "
        "ptxas version : FAILED_PRECONDITION: Couldn't invoke ptxas --version", Severity.ERROR),
}


@pytest.mark.parametrize("finding_id", sorted(LINES))
def test_one_line_gives_exactly_its_finding(finding_id: str) -> None:
    line, severity = LINES[finding_id]
    found = explain_lines([line])
    assert [(f.id, f.severity) for f in found] == [(finding_id, severity)]
    assert found[0].evidence and found[0].evidence[0].line == 1
