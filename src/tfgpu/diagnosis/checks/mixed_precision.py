"""Mixed precision: Keras's mixed-precision compatibility warning."""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def _keras_ok_without_tensor_cores(ctx: Facts) -> list[Finding]:
    """Keras' check said OK (compute capability >= its floor) for a GPU the knowledge
    says has no Tensor Cores (a GeForce GTX 1650 or 1660, CC 7.5): mixed_float16 is slower
    there, and Keras prints no warning."""
    ok = [h for h in ctx.h("mixed.warning").all() if h.g("status") == "OK"]
    if not ok:
        return []
    for hit in ctx.h("mixed.gpu").all():
        name, cc = hit.g("name"), hit.g("cc")
        if not name or not cc:
            continue
        tc = ctx.kb.tensor_cores(name.strip(), cc)
        if tc.has is not False or tc.basis != "gpu-table" or tc.row is None:
            continue
        floor = ctx.kb.platform_fact("tensor-cores-min-cc").value("min_cc")
        return [
            catalogue.make(
                "mixed-precision-unsupported-gpu",
                evidence=log_evidence(ok, [hit]),
                cause=(
                    f"Keras' mixed-precision check passed because the GPU has compute "
                    f"capability {cc} >= {floor}, but {tc.describe()}: float16 math and "
                    f"the extra casts run slower than float32 on it, with no warning."
                ),
                fix=("keras.mixed_precision.set_global_policy('float32')",),
                knowledge_ref=tc.row.ref,
            )
        ]
    return []


def rule_mixed(ctx: Facts) -> list[Finding]:
    """Keras mixed-precision compatibility warning, or its OK on a GPU without Tensor
    Cores (the knowledge's answer by GPU name)."""
    warn = [h for h in ctx.h("mixed.warning").all() if h.g("status") == "WARNING"]
    slow = ctx.h("mixed.slow")
    if not warn and not slow.count:
        return _keras_ok_without_tensor_cores(ctx)
    gpu = ctx.h("mixed.gpu").first
    cc = gpu[0].g("cc") if gpu else None
    floor = ctx.kb.platform_fact("tensor-cores-min-cc").value("min_cc")
    return [
        catalogue.make(
            "mixed-precision-unsupported-gpu",
            evidence=log_evidence(warn, slow, gpu),
            cause=(
                f"Keras' mixed-precision check says this GPU lacks compute capability {floor}"
                + (f" (it has {cc})" if cc else "")
                + ": float16 math and the extra casts run slower than float32 on it."
            ),
            fix=("keras.mixed_precision.set_global_policy('float32')",),
        )
    ]
