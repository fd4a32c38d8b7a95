"""Fault kind STATEFUL RNN BATCH SIZE: a Keras recurrent layer with ``stateful=True`` keeps one
state per sample of the batch, so it needs the batch size when it is built, and the same
batch size on every batch.

Sources: Keras 1's ``recurrent.py`` (``reset_states``: "If a RNN is stateful, a complete
input_shape must be provided (including batch size)."), Keras 2 and tf.keras (TensorFlow
2.21 wheel, ``tensorflow/python/keras/layers/recurrent.py``: "If a RNN is stateful, it needs
to know its batch size. Specify the batch size of your input tensors: - If using a
Sequential model, specify the batch size by passing a `batch_input_shape` argument to your
first layer. - If using the functional API, specify the batch size by passing a
`batch_shape` argument to your Input layer."), Keras 3 (``keras/src/layers/rnn/rnn.py``,
3.15: "When using `stateful=True` in a RNN, the batch size must be static. Found dynamic
batch size", and "If an RNN is stateful, the batch size of the input sequences must be the
same as the batch size of the initial state.").
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def stateful_rnn_batch(ctx: Facts) -> list[Finding]:
    """``keras-stateful-rnn-needs-batch-size`` (pattern ``keras.stateful_batch``); variant
    ``batch-changed`` for Keras 3's check of a batch of another size than the state's (the
    last batch of a dataset whose size the batch size does not divide)."""
    hits = ctx.h("keras.stateful_batch").all()
    if not hits:
        return []
    h = hits[-1]
    if h.g("changed") or h.g("samples"):
        return [catalogue.make(
            "keras-stateful-rnn-needs-batch-size", variant="batch-changed",
            evidence=log_evidence([h]),
            fix=("dataset = dataset.batch(batch_size, drop_remainder=True)   # every batch "
                 "the size the state was built for",
                 "# NumPy input: use a number of samples that batch_size divides (x[:len(x) // "
                 "batch_size * batch_size]), and the same batch_size in fit, evaluate and "
                 "predict"))]
    resets = [r for r in ctx.h("ctx.rnn_reset_states").all() if 0 < h.line - r.line <= 12]
    if resets:
        # raised by reset_states, called by the program's own code (a subclassed model's
        # call, USGS-R/river-dl#107) before the layer was built with a batch size: RNN.build
        # keeps the batch dimension in the layer's input spec only for stateful layers
        # (tensorflow/python/keras/layers/recurrent.py RNN.build get_input_spec), and
        # reset_states reads it from there
        return [catalogue.make(
            "keras-stateful-rnn-needs-batch-size", variant="reset-states",
            evidence=log_evidence(resets[:1], [h]),
            fix=("self.rnn_layer.build((batch_size, timesteps, features))   # before "
                 "reset_states (in __init__ or build of the model): the full input shape, "
                 "batch size first",
                 "# or drop stateful=True and reset_states, and pass the states to the layer's "
                 "call: self.rnn_layer(x, initial_state=[h_init, c_init])"))]
    keras3 = "batch size must be static" in h.text
    first = () if keras3 else (
        "keras.layers.LSTM(units, stateful=True, batch_input_shape=(batch_size, timesteps, "
        "features))   # Sequential: the first layer (Keras 1-2, tf.keras; Keras 3 refuses it)",)
    return [catalogue.make(
        "keras-stateful-rnn-needs-batch-size", evidence=log_evidence([h]),
        fix=(*first,
             "inputs = keras.Input(batch_shape=(batch_size, timesteps, features))   # "
             "functional API, and Keras 3 (Sequential too: keras.Input(batch_shape=...) first)",
             "# then train and predict with that same batch_size, and a number of samples it "
             "divides"))]


__all__ = ["stateful_rnn_batch"]
