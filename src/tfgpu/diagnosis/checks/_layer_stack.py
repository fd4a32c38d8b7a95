"""Whether a Keras layer's input check failed while the model was being built (two adjacent
layers that do not fit) rather than on data, and the fix lines for such a layer stack; read by
checks/model_inputs.py ``input_incompatible``.

Why a build is told apart: Keras checks a layer's input spec whenever the layer is called,
also on the symbolic output of the layer before it.  Keras 2.x / tf.keras
``engine/sequential.py`` ``add`` calls ``output_tensor = layer(self.outputs[0])`` (Keras
2.2-2.4 source; Keras 3 ``models/sequential.py`` ``add`` rebuilds through
``_maybe_rebuild``), and the functional API calls each layer on the previous one's output,
so "Input 0 of layer flatten is incompatible with the layer: expected min_ndim=3, found
ndim=2" raised there is about the layer before, not any data: rstudio/keras3#541 (a
layer_flatten() after layer_global_average_pooling_2d(), answered: remove the flatten),
keras-team/keras#12633 (Flatten()(ResNet50's avg_pool output, already 2-D)).

Evidence (patterns in logs/patterns.py): ``keras.build_frame`` (Sequential.add's frame)
decides unless a training or inference frame (``keras.data_run`` group ``dframe``) is in the
log too; the code forms of ``keras.build_code`` (model.add, Sequential([...]), a layer called
on ``.output``, R's layer_* chain; a layer called on a variable only beside a
``keras.Input(...)``) decide only when the log shows no fit/predict/evaluate at all.

The exception: the layer that failed is the model's FIRST layer (:func:`first_layer`). Its
input is no other layer's output but the Input Keras built from its own ``input_shape``
(tf.keras ``sequential.py`` ``add``: ``x = Input(batch_shape=...)`` then ``layer(x)``), so
the declared shape and the data are what change (variant ``first``), not the layer stack.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tfgpu.facts.log import Hit
    from tfgpu.facts.view import Facts

#: What each code form of ``keras.build_code`` says, in the finding's cause.
_WHERE = {
    "add": "model.add() calls the new layer on the model's output so far",
    "seq": "Sequential([...]) adds its layers one by one, calling each on the output so far",
    "output": "a layer called on another layer's .output",
    "r": "the keras_model_sequential() %>% layer_*() chain adds each layer on the output so far",
    "call": "the functional API: a layer called on the previous layer's output",
}


def built_at(ctx: Facts) -> tuple[str, list[Hit]] | None:
    """``(where, evidence)`` when the log shows the failing input check was raised while the
    model was being built (see the module's docstring), else ``None`` (the data's shape is
    then the reading)."""
    data = ctx.h("keras.data_run").all()
    frames = ctx.h("keras.build_frame").all()
    if frames and not any(h.g("dframe") for h in data):
        return ("Sequential.add calls each new layer on the model's output so far",
                frames[:1])
    if data:
        return None
    for h in ctx.h("keras.build_code").all():
        form = next((g for g in _WHERE if h.g(g)), None)
        if form == "call" and not ctx.h("keras.input_decl").all():
            continue  # a layer object called on a variable: data, unless keras.Input is built
        if form is not None:
            return _WHERE[form], [h]
    return None


def _snake(name: str) -> str:
    """A layer class's automatic name, as Keras makes it (``generic_utils.to_snake_case``:
    ``Conv2D`` -> ``conv2d``, ``MaxPooling2D`` -> ``max_pooling2d``, ``SimpleRNN`` ->
    ``simple_rnn``)."""
    s = re.sub(r"(.)([A-Z][a-z]+)", r"\1_\2", name)
    return re.sub(r"([a-z])([A-Z])", r"\1_\2", s).lower()


def first_layer(ctx: Facts, layer: str) -> tuple[str, list[Hit]] | None:
    """``(argument, evidence)`` when the layer ``layer`` that refused its input is the
    model's first layer, whose input is the one its own ``input_shape`` (``input_dim``,
    ``batch_input_shape``) declared: a code line calling that layer's class with such an
    argument (pattern ``keras.first_layer_code``: ``model.add(LSTM(50,
    input_shape=(X.shape[1],)))``), or tf.keras ``Sequential.add``'s first-layer branch
    (``keras.first_layer_frame``: ``layer(x)`` on the Input it built from the layer's
    batch_input_shape; later layers are called as ``layer(self.outputs[0])``).  Then the
    data and the declared input shape are the reading, not the layer before
    (keras-team/keras#2045 "you have to reshape", #1641 ``X.reshape(X.shape + (1,))`` with
    ``input_shape=X.shape[1:]``, #11950 ``input_shape=(28, 28, 1)`` with the data expanded
    to ``(60000, 28, 28, 1)``).  ``None`` otherwise."""
    kind = _NUMBERED.sub("", layer.lower())
    for h in ctx.h("keras.first_layer_code").all():
        if _snake(h.g("cls") or "") == kind:
            return h.g("arg") or "input_shape", [h]
    frames = ctx.h("keras.first_layer_frame").all()
    if frames and ctx.h("keras.build_frame").count:
        return "input_shape", frames[:1]
    return None


def first_layer_fix(layer: str, arg: str, want: int | None,
                    found: int | None) -> tuple[str, ...]:
    """Fix lines for the model's first layer ``layer`` refusing the input its own ``arg``
    declared (``found`` axes with the batch axis, where it takes ``want``)."""
    kind = _NUMBERED.sub("", layer.lower())
    lines: list[str] = []
    if want is not None and found is not None and found < want:
        if kind.startswith(_RECURRENT):
            lines.append(
                f"# {layer} takes (batch, timesteps, features): give it input_shape="
                "(timesteps, features), e.g. input_shape=(X_train.shape[1], 1), and reshape the "
                "data to match: X_train = X_train.reshape((X_train.shape[0], X_train.shape[1], "
                "1)) (one feature per timestep; the same for the test data)")
        elif kind.startswith(_SPATIAL):
            lines.append(
                f"# {layer} takes (batch, height, width, channels): give input_shape the channel "
                "axis, e.g. input_shape=(28, 28, 1), and add it to the data too: x = x[..., "
                "np.newaxis] (grayscale; 3 for RGB images)")
        else:
            lines.append(
                f"# {layer} takes {want} axes with the batch axis: input_shape must have "
                f"{want - 1} (one sample's shape), and the data {want}")
    elif want is not None and found is not None and found > want:
        lines.append(
            f"# {arg} gives {found - 1} axes per sample, and {layer} takes {want - 1}: "
            "input_shape is one sample's shape (x.shape[1:], not x.shape), or put Flatten() "
            "or a Reshape before it")
    if arg == "batch_input_shape":
        lines.append(
            "# batch_input_shape is (batch size,) + one sample's shape: (batch, timesteps, "
            "features) for a recurrent layer, (batch, height, width, channels) for Conv2D; the "
            "data must have that shape too")
    else:
        lines.append(
            f"# {arg} is one sample's shape without the batch axis: build the model with "
            "input_shape=x.shape[1:] once x has the shape the first layer takes (the same "
            "reshape for training, validation and prediction data)")
    return tuple(lines)


#: A layer's type from its automatic name (``flatten_4`` -> ``flatten``).
_NUMBERED = re.compile(r"_\d{1,6}$")
_RECURRENT = ("lstm", "gru", "simple_rnn", "rnn", "bidirectional", "cu_dnnlstm", "cu_dnngru")
_SPATIAL = ("conv2d", "max_pooling2d", "average_pooling2d", "separable_conv2d",
            "depthwise_conv2d", "conv2d_transpose", "up_sampling2d", "zero_padding2d",
            "global_average_pooling2d", "global_max_pooling2d")


def layers_fix(layer: str, want: int | None, found: int | None) -> tuple[str, ...]:
    """Fix lines for layer ``layer`` refusing the previous layer's output of ``found`` axes
    where it takes ``want`` (either ``None`` when the error gave a shape, not a rank)."""
    kind = _NUMBERED.sub("", layer.lower())
    lines: list[str] = []
    if want is not None and found is not None:
        if kind.startswith("flatten") and found < want:
            lines.append(
                f"# the layer before {layer} already gives one vector per sample ({found} "
                "axes): global pooling (GlobalAveragePooling2D, layer_global_average_"
                "pooling_2d), a base model built with pooling='avg' or include_top=True, or a "
                "Dense; remove the Flatten (or drop the global pooling to flatten the feature "
                "maps instead)")
        elif kind.startswith(_RECURRENT) and found < want:
            lines.append(
                f"# {layer} takes (batch, timesteps, features): give the recurrent layer "
                "before it return_sequences=True, or put layers.Reshape((timesteps, features))"
                " between it and a Dense or Flatten")
        elif kind.startswith(_SPATIAL) and found < want:
            lines.append(
                f"# {layer} takes (batch, height, width, channels): move Flatten / Dense after "
                "the last convolution or pooling layer, or put layers.Reshape((h, w, c)) "
                "before it")
        elif found > want:
            lines.append(
                f"# the layer before {layer} gives {found} axes, more than it takes: put "
                "Flatten(), a global pooling layer or a Reshape between them (or wrap it in "
                "TimeDistributed)")
    lines.append(
        "# model.summary() (or print(layer.output.shape) for each layer) shows the shape "
        f"each layer gives: make the one before {layer} give what {layer} takes; reshaping "
        "the data will not help")
    return tuple(lines)


__all__ = ["built_at", "first_layer", "first_layer_fix", "layers_fix"]
