"""A Keras layer called on a model object instead of a tensor.

Keras 2's ``input_spec.py`` ("Inputs to a layer should be tensors. Got '<keras...Sequential
object at 0x...>'") and Keras 3's ``Layer.__call__`` ("Only input tensors may be passed as
positional arguments. The following argument value should be passed as a keyword argument:
<Sequential name=sequential, built=False>") refuse a model where a layer expects a tensor.

In Python that is code calling a layer on a model (``Dense(10)(model)``) where it meant to
stack it (``model.add(Dense(10))``) or to call it on the model's output. From R, the pipe
``keras_model_sequential() %>% layer_dense(...)`` composes the layer into the model, and it
reaches Keras with the model as the layer's input when the ``layer_dense`` that runs is another
R Keras package's: the legacy ``keras`` and ``keras3`` R packages loaded together (the legacy
package's global class filter, t-kalinowski/deep-learning-with-r-code#10; rstudio/keras3#1433
and #1434, keras 2.15.0 for R: "Updates to allow both R packages {keras} and {keras3} to be
loaded"; rstudio/keras3#1428).
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def layer_called_on_model(ctx: Facts) -> list[Finding]:
    """``keras-layer-called-on-model``: pattern ``keras.layer_on_model``. With R in the log
    (pattern ``ctx.r_host``), variant ``r-two-packages`` (the legacy keras and keras3 R
    packages loaded together); else a hedge naming the Python and the R readings."""
    hits = ctx.h("keras.layer_on_model").all()
    if not hits:
        return []
    cls = hits[0].g("cls") or hits[0].g("cls2") or "Model"
    r = ctx.h("ctx.r_host").all()
    if r:
        return [catalogue.make(
            "keras-layer-called-on-model", variant="r-two-packages", cls=cls,
            evidence=log_evidence(hits[:1], r[:1]),
            fix=("library(keras3)   # alone, after restarting R: the R package for Keras 3 "
                 "(TensorFlow 2.16+); keras3::install_keras() makes its environment",
                 "# the legacy keras R package only with TensorFlow 2.15 or older, in its own "
                 "environment (keras::install_keras()); with both installed, keras 2.15.0 or "
                 "later, made to be loaded beside keras3"))]
    return [catalogue.make(
        "keras-layer-called-on-model", cls=cls, evidence=log_evidence(hits[:1]),
        fix=("# Python: stack the layer with model.add(layer) (Sequential), or call it on a "
             "tensor (x = layer(model.output), then keras.Model(model.input, x)), not on the "
             "model",
             "# R: load one Keras package (library(keras3) alone, or keras 2.15.0+ beside "
             "keras3): with both loaded, keras_model_sequential() %>% layer_*() hands the "
             "model to the layer as its input"))]
