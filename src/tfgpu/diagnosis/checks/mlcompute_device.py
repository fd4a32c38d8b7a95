"""tensorflow_macos (Apple's TensorFlow 2.4 fork with ML Compute): the ML Compute device was
chosen after TensorFlow initialised.

``mlcompute.set_mlc_device(device_name='gpu'|'cpu'|'any')`` must run before any tensor or op
exists; afterwards it raises "RuntimeError: MLCompute device must be set before
initialization" (apple/tensorflow_macos#58: a ``tf.constant`` created first; the answer, which
fixed it: call it right after importing TensorFlow).  The same fault kind as tf.config's
"... cannot be modified after being initialized": ``device-config-after-init`` (variant
``mlcompute``).
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def mlcompute_device_after_init(ctx: Facts) -> list[Finding]:
    """``device-config-after-init`` (``mlcompute``) for "MLCompute device must be set before
    initialization"; ``[]`` without it."""
    return c.from_log(ctx, "mlc.device_after_init", lambda hits, first: catalogue.make(
        "device-config-after-init", variant="mlcompute", evidence=log_evidence(hits),
    ))
