"""Horovod's Keras DistributedOptimizer refusing an optimizer of Keras 2.11's new classes.

Source: Horovod's own message: "Optimizer has to be an instance of
tensorflow.keras.optimizers.legacy.Optimizer starting from Keras 2.11: <class>". Keras 2.11
made tf.keras.optimizers.<Name> the new optimizer classes and kept the former ones under
tf.keras.optimizers.legacy; the Horovod releases with this check (added by horovod/horovod#3822)
wrap only the legacy ones. Its maintainers lifted the check later (horovod/horovod#3862: the
proper fix, #3860, merged).
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def legacy_optimizer_required(ctx: Facts) -> list[Finding]:
    """``horovod-needs-legacy-keras-optimizer``: Horovod's DistributedOptimizer refused a
    Keras 2.11+ optimizer (pattern ``dist.hvd_legacy_optimizer``), the class named when the
    line gives it."""
    hits = ctx.h("dist.hvd_legacy_optimizer").all()
    if not hits:
        return []
    # the exception's own line names the class; a traceback's source line above it holds
    # the same words with the f-string's braces
    named = [h for h in hits if h.g("cls")]
    hit = named[-1] if named else hits[-1]
    cls = hit.g("cls")
    return [catalogue.make(
        "horovod-needs-legacy-keras-optimizer", cls=cls or "the optimizer",
        evidence=log_evidence([hit]),
        fix=((f"opt = tf.keras.optimizers.legacy.{cls}(...)" if cls else
              "# opt = tf.keras.optimizers.legacy.<the same optimizer>(...)")
             + "   # the legacy class of the same optimizer, then hvd.DistributedOptimizer(opt)",
             "# or a Horovod release that wraps Keras 2.11's new optimizers (pip install -U "
             "horovod, built with HOROVOD_WITH_TENSORFLOW=1)"))]
