"""Keras 3 (tf.keras from TensorFlow 2.16) meeting model code written for Keras 2: a model or
layer that was never called has no input/output.

Keras 3 raises ``The layer {name} has never been called and thus has no defined {input,
output}`` (keras/src/ops/operation.py ``_get_node_attribute_at_index``); Keras 2 built a
Sequential model with an input shape at once and gave it ``.input``.  The finding is the
``never-called`` variant of ``keras3-needs-tf-keras`` (platform fact ``keras3-switch``), a
warning: the code may be the user's own (build it on ``keras.Input``) or a library's
written for Keras 2 (keep Keras 2 with tf-keras).  Only when Keras 3 is known to be in use:
TensorFlow >= the switch (host facts or the log), or the traceback runs through Keras 3's
``keras/src/ops``; never for a TensorFlow known to predate the switch.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence, tf_minor
from tfgpu.findings import Finding


def keras3_never_called(f: Facts) -> list[Finding]:
    """See the module docstring."""
    hits = f.h("keras.keras3_never_called")
    if not hits.count:
        return []
    fact = f.kb.platform_fact("keras3-switch")
    switch = tf_minor(str(fact.value("tf_version")))
    mm = f.tf_mm
    if switch is None or (mm is not None and mm < switch):
        return []
    if mm is None and not f.h("ctx.keras3_path").count:
        return []
    h = hits.first[0]
    legacy, env = fact.value("legacy_package"), fact.value("legacy_env")
    pin = (f'pip install "{legacy}~={mm[0]}.{mm[1]}.0"   # a library written for Keras 2: keep '
           f"Keras 2 (the tf-keras of TensorFlow {mm[0]}.{mm[1]})" if mm is not None else
           f"pip install {legacy}   # a library written for Keras 2: keep Keras 2 (the release "
           "of your TensorFlow minor)")
    return [catalogue.make(
        "keras3-needs-tf-keras", variant="never-called",
        layer=h.g("layer") or "the model", attr=h.g("attr") or "input",
        tf=fact.value("tf_version"), legacy=legacy, env=env,
        evidence=log_evidence(hits, f.h("ctx.keras3_path").first[:1]),
        fix=("# your own model: build it on an input first, e.g. keras.Sequential("
             "[keras.Input(shape=(...)), ...]), or call it once on a batch before reading "
             ".input/.output",
             pin,
             f"export {env}   # before importing TensorFlow: tf.keras is then Keras 2"),
        knowledge_ref=fact.ref,
    )]
