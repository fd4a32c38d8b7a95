"""Keras 3's Sequential.add refusing a tf_keras (Keras 2) layer (keras/src/models/sequential.py,
Keras 3.0-3.15: "Only instances of `keras.Layer` can be added to a Sequential model. Received:
{layer} (of type {type(layer)})"): tf-keras is installed and in use, so the finding is the two
Kerases in one model (variant mixed-kerases), never "install tf-keras" or
"TF_USE_LEGACY_KERAS=1"; a TF-Hub layer keeps its own variant."""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines
from tfgpu.findings import Finding

FRAME = ('  File "/usr/local/lib/python3.11/site-packages/keras/src/models/sequential.py", line '
         '97, in add')


def _refused(cls: str) -> str:
    obj = f"<{cls} object at 0x7f0011223344>"
    return ("ValueError: Only instances of `keras.Layer` can be added to a Sequential model. "
            f"Received: {obj} (of type <class '{cls}'>)")


def _finding(lines: list[str]) -> Finding:
    return next(f for f in explain_lines(lines) if f.id == "keras3-needs-tf-keras")


@pytest.mark.parametrize("cls", ["tf_keras.src.layers.core.dense.Dense",
                                 "tf_keras.src.layers.convolutional.conv2d.Conv2D",
                                 "tf_keras.src.engine.sequential.Sequential"])
def test_a_tf_keras_layer_in_a_keras3_model_is_two_kerases(cls: str) -> None:
    f = _finding(["Traceback (most recent call last):", FRAME, _refused(cls)])
    name = cls.rsplit(".", 1)[-1]
    assert "two Kerases" in f.title and name in f.title
    fix = "\n".join(f.fix)
    assert "pip install" not in fix and "export TF_USE_LEGACY_KERAS" not in fix
    assert "tf.keras.Sequential" in fix and "keras.Sequential with keras.layers" in fix


def test_a_tf_hub_layer_keeps_its_variant() -> None:
    f = _finding([FRAME, _refused("tensorflow_hub.keras_layer.KerasLayer")])
    assert "TF-Hub" in f.title
