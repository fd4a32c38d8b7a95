"""A Keras subclass that sets attributes before calling its base class's ``__init__``.

Sources (keras-team/keras at its tags; the tf.keras copy in the TensorFlow 2.21 wheel):
Keras 2.2.0-2.3.1 ``keras/engine/network.py`` ``Network.__setattr__`` raises, when a Layer or
Network is assigned before ``_is_graph_network`` exists, "It looks like you are subclassing
`Model` and you forgot to call `super(YourClass, self).__init__()`. Always start with this
line." (Keras 2.1.6 has no such check); tf.keras and Keras 2.4-2.15 ``training.py`` raise the
same with `super().__init__()`; Keras 3 ``layer.py`` / ``base_optimizer.py`` raise "In layer
'<class>', you forgot to call `super().__init__()` as the first statement in the `__init__()`
method. Go add it!", and Keras 3 ``metric.py`` "You forgot to call `super().__init__()` in
the `__init__()` method. Go add it!".  Code written for Keras 2.1 that assigns sub-models
before calling ``Model.__init__`` (the multi-GPU ``ParallelModel`` of matterport's Mask
R-CNN, whose thread fixed it by moving ``super().__init__()`` first or by pinning keras 2.1.x)
meets the check in every later Keras.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._common import from_log
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def keras_subclass_init(ctx: Facts) -> list[Finding]:
    """``keras-subclass-init-order``: Keras refused an attribute set on a Model (or, in
    Keras 3, a layer, optimizer or metric) subclass before its base ``__init__`` ran; the
    Keras 3 layer and optimizer wordings name the class."""
    return from_log(ctx, "keras.super_init", lambda hits, first: catalogue.make(
        "keras-subclass-init-order",
        what=(f"{first.g('base3')} class {first.g('cls')}" if first.g("cls")
              else "Metric subclass" if first.g("metric") else "Model subclass"),
        evidence=log_evidence(hits, limit=1),
    ))


__all__ = ["keras_subclass_init"]
