"""CPU probe: model and the instruction sets TensorFlow wheels need.

Official x86-64 TensorFlow wheels are built with AVX since TF 1.6 (RELEASE.md, "Release
1.6.0": "Prebuilt binaries are now built against CUDA 9.0 and cuDNN 7 ... now use AVX
instructions. This may break TF on older CPUs."); a CPU without AVX makes ``import
tensorflow`` die with "Illegal instruction" (Linux) or a DLL load failure (Windows).

Sources: ``/proc/cpuinfo`` on Linux; ``sysctl machdep.cpu.*`` on macOS; Windows
``IsProcessorFeaturePresent`` (best effort).
"""

from __future__ import annotations

import os
import platform
import time

from tfgpu.facts import CPUFacts, ProbeRecord, ProbeStatus
from tfgpu.probes import ProbeContext, ProbeResult

NAME = "cpu"
ORDER = 30

#: The flags kept (lower case, as ``/proc/cpuinfo`` spells them).
TRACKED_FLAGS: tuple[str, ...] = ("sse4_2", "avx", "avx2", "fma", "avx512f")

# Windows PF_* constants (winnt.h): PF_SSE4_2_INSTRUCTIONS_AVAILABLE=38, PF_AVX=39,
# PF_AVX2=40, PF_AVX512F=41.
_WIN_PF = {"sse4_2": 38, "avx": 39, "avx2": 40, "avx512f": 41}


def parse_cpuinfo(text: str) -> tuple[str | None, tuple[str, ...], bool]:
    """Parse ``/proc/cpuinfo``.

    Args:
        text: file content (one block per logical CPU; the first block is read).

    Returns:
        ``(model, flags, flags_known)``: model name, the :data:`TRACKED_FLAGS` present (in
        that order), and whether a ``flags`` line was found at all (ARM has "Features").
    """
    model: str | None = None
    flags: set[str] = set()
    known = False
    for line in text.splitlines():
        key, sep, value = line.partition(":")
        if not sep:
            continue
        key = key.strip().lower()
        if key in ("model name", "hardware", "cpu model") and model is None:
            model = value.strip() or None
        elif key in ("flags", "features") and not known:
            known = True
            flags = set(value.split())
    return model, tuple(f for f in TRACKED_FLAGS if f in flags), known


def parse_sysctl_features(text: str) -> tuple[str, ...]:
    """Map macOS ``machdep.cpu.features``/``leaf7_features`` words ("AVX1.0", "AVX2",
    "FMA", "SSE4.2", "AVX512F") to :data:`TRACKED_FLAGS` names."""
    words = {w.upper() for w in text.split()}
    mapping = {"sse4_2": "SSE4.2", "avx": "AVX1.0", "avx2": "AVX2", "fma": "FMA",
               "avx512f": "AVX512F"}
    return tuple(f for f in TRACKED_FLAGS if mapping[f] in words)


def run(ctx: ProbeContext) -> ProbeResult:
    """Probe the CPU; never raises.  Record status ``MISSING`` when the flags are unknown."""
    start = time.perf_counter()
    machine = platform.machine() or None
    model: str | None = None
    flags: tuple[str, ...] = ()
    known = False
    command: tuple[str, ...] = ()
    message = None
    if ctx.system == "Linux":
        command = ("/proc/cpuinfo",)
        text = ctx.fs.read_text("/proc/cpuinfo", limit=1 << 16)
        if text is None:
            message = "/proc/cpuinfo is not readable"
        else:
            model, flags, known = parse_cpuinfo(text)
    elif ctx.system == "Darwin":
        command = ("sysctl", "-n", "machdep.cpu.brand_string")
        res = ctx.runner(list(command), ctx.timeout_s)
        model = res.stdout.strip() or None
        if machine == "x86_64":
            feats = ctx.runner(["sysctl", "-n", "machdep.cpu.features",
                                "machdep.cpu.leaf7_features"], ctx.timeout_s)
            if feats.stdout.strip():
                flags, known = parse_sysctl_features(feats.stdout), True
    elif ctx.system == "Windows":
        command = ("IsProcessorFeaturePresent",)
        model = platform.processor() or None
        flags, known = _windows_flags()
    if not known and machine and machine.lower() in ("x86_64", "amd64", "i386", "i686"):
        message = message or "instruction-set flags could not be read on this system"
    status = ProbeStatus.OK if known else ProbeStatus.MISSING
    record = ProbeRecord(NAME, status, command, duration_s=round(time.perf_counter() - start, 4),
                         message=message, raw_excerpt=" ".join(flags) if known else None)
    facts = CPUFacts(model=model, machine=machine, logical_cores=os.cpu_count(), flags=flags)
    return ProbeResult(records=(record,), cpu=facts)


def _windows_flags() -> tuple[tuple[str, ...], bool]:
    try:
        import ctypes

        present = ctypes.windll.kernel32.IsProcessorFeaturePresent  # type: ignore[attr-defined]
        return tuple(f for f, pf in _WIN_PF.items() if present(pf)), True
    except (ImportError, AttributeError, OSError):
        return (), False
