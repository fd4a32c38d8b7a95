"""``Illegal instruction`` / 0xC000001D: the CPU lacks AVX (or newer) instructions."""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def rule_illegal_instruction(ctx: Facts) -> list[Finding]:
    """``Illegal instruction (core dumped)`` / 0xC000001D: the CPU lacks AVX (or newer)."""
    ill = ctx.h("cpu.illegal")
    win = [
        h
        for h in ctx.h("win.status").all()
        if (h.g("code") or "").lower() in ("-1073741795", "0xc000001d")
    ]
    if not ill.count and not win:
        return []
    flags = ctx.host.cpu.flags if ctx.host is not None else ()
    cause = (
        "The process died on a CPU instruction this CPU does not have. Official TensorFlow "
        "wheels since 1.6 use AVX (x86), so importing them on a CPU without AVX fails this way."
    )
    if flags:
        cause += (
            " The CPU has AVX (host facts): look for another native module built for newer CPUs."
            if "avx" in flags
            else " The host facts confirm: this CPU has no AVX."
        )
    return [
        catalogue.make(
            "cpu-illegal-instruction",
            category="windows-dll" if win else "pip",
            evidence=log_evidence(ill, win),
            cause=cause,
            fix=(
                "grep -o -w avx /proc/cpuinfo | head -1   # Linux: prints avx when present"
                if not win
                else "coreinfo64 -f | findstr AVX   # Sysinternals, on Windows",
                "on a CPU without AVX: a community TensorFlow wheel built without AVX, or "
                "another machine",
            ),
        )
    ]
