"""Keras 2.12-2.15 on Apple Silicon: the v2.11+ optimizers' slowdown notice and fallback.

``keras/optimizers/optimizer.py`` (keras-team/keras v2.12.0-v2.15.0; tf-keras 2.15) warns at
every v2.11+ optimizer's construction on macOS/arm64 that it "runs slowly on M1/M2 Macs" and
points to ``tf.keras.optimizers.legacy.<Name>``; ``keras/optimizers/__init__.py`` ``get()``
(v2.12.0, v2.13.1) then replaces the optimizer passed to ``compile()`` by its legacy twin
("Falling back to the legacy Keras optimizer").  Neither is a fault: a notice that names what
changed (the training runs with the legacy class, whose state and saved form are those of
``tf.keras.optimizers.legacy``).
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def arm_mac_legacy_optimizer(ctx: Facts) -> list[Finding]:
    """``keras-arm-mac-legacy-optimizer-notice`` (harmless): see the module docstring;
    variant ``fallback`` when Keras says it swapped the optimizer for the legacy one."""
    hits = ctx.h("keras.arm_mac_legacy_optimizer").all()
    if not hits:
        return []
    evidence = log_evidence(hits, limit=2)
    if any(h.g("fallback") for h in hits):
        return [catalogue.make("keras-arm-mac-legacy-optimizer-notice", variant="fallback",
                               evidence=evidence)]
    opt = next((o for h in hits if (o := h.g("opt"))), None)
    if opt is None:
        return [catalogue.make("keras-arm-mac-legacy-optimizer-notice", variant="unnamed",
                               evidence=evidence)]
    return [catalogue.make("keras-arm-mac-legacy-optimizer-notice", opt=opt,
                           evidence=evidence)]
