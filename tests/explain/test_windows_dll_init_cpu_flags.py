"""Windows' "DLL initialization routine failed" while importing TensorFlow: the CPU's flags
in the host facts decide between its two causes (a CPU without AVX, the Visual C++ runtime);
without them the finding names both (kind rows in kind_cases/claims_checked_on_threads.toml)."""

from __future__ import annotations

import dataclasses

from tfgpu.explain import explain_lines
from tfgpu.facts.host import CPUFacts
from tfgpu.findings import Finding

from .kind_helpers import host_facts

LINE = ("ImportError: DLL load failed while importing _pywrap_tensorflow_internal: A dynamic "
        "link library (DLL) initialization routine failed.")


def _finding(flags: tuple[str, ...]) -> Finding:
    host = dataclasses.replace(host_facts("Windows"), cpu=CPUFacts(flags=flags))
    found = {f.id: f for f in explain_lines([LINE], host)}
    return found["windows-dll-init-failed"]


def test_cpu_with_avx_points_at_the_msvc_runtime_only() -> None:
    f = _finding(("avx", "avx2", "fma"))
    assert "ruled out" in f.cause
    assert "CPU without AVX" not in f.title
    assert any("VCRedist" in line for line in f.fix)
    assert not any("without AVX" in line for line in f.fix)


def test_cpu_without_avx_is_the_cause_and_the_runtime_is_not_offered() -> None:
    f = _finding(("sse4_2",))
    assert "no AVX" in f.cause
    assert not any("VCRedist" in line for line in f.fix)
    assert any("without AVX" in line for line in f.fix)
