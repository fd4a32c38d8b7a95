"""Mixed precision: Keras's mixed-precision compatibility warning."""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.explain._context import Ctx, log_evidence
from tfgpu.findings import Finding


def rule_mixed(ctx: Ctx) -> list[Finding]:
    """Keras mixed-precision compatibility warning."""
    warn = [h for h in ctx.h("mixed.warning").all() if h.g("status") == "WARNING"]
    slow = ctx.h("mixed.slow")
    if not warn and not slow.count:
        return []
    gpu = ctx.h("mixed.gpu").first
    cc = gpu[0].g("cc") if gpu else None
    return [
        catalogue.make(
            "mixed-precision-unsupported-gpu",
            evidence=log_evidence(warn, slow, gpu),
            cause=(
                "Keras' mixed-precision check says this GPU lacks compute capability 7.0"
                + (f" (it has {cc})" if cc else "")
                + ": float16 math and the extra casts run slower than float32 on it."
            ),
            fix=("keras.mixed_precision.set_global_policy('float32')",),
        )
    ]
