"""Data a Keras model or TensorFlow cannot take: inputs of another rank or shape than a
layer's input spec, labels of another shape than the model's output or outside its classes,
inputs and labels of different sample counts, and NumPy arrays of dtype ``object``.  Model
and data code, never the GPU; one section per fault below.

Sources (read in the TensorFlow 2.21 wheel and Keras 3.15; older wordings in their sources):

* tf.keras ``engine/input_spec.py`` ``assert_input_compatibility`` raises "Input 0 of layer
  dense is incompatible with the layer: expected ndim=2, found ndim=3. Full shape received:
  (...)" (also ``min_ndim``/``max_ndim``, ``expected axis -1 of input shape to have value 784
  but received input with shape [...]``, and from Keras 2.8 ``expected shape=(...), found
  shape=(...)``); Keras 3 ``layers/input_spec.py`` says "Input 0 with name '<input>' of layer
  '<layer>' is incompatible with the layer: ..." with the same parts.
* Keras 2.0-2.3 ``engine/base_layer.py`` (and tf.keras up to 2.4) said "Input 0 is
  incompatible with layer X: expected ndim=3, found ndim=2".
* tf.keras ``engine/training_utils_v1.py`` ``standardize_input_data`` (the graph-era Keras
  loops; Keras 2.0-2.3's ``training_utils.py``): "Error when checking input: expected
  <name> to have 4 dimensions, but got array with shape (...)", "... to have shape (...) but
  got array with shape (...)", and "Error when checking target: ..." for the labels;
  ``check_loss_and_target_compatibility``: "A target array with shape (...) was passed for
  an output of shape (...) while using as loss `...`".
* TensorFlow's sparse cross-entropy kernel (``sparse_xent_op.cc``, "Received a label value
  of " in the 2.21 wheel): a class index outside [0, units); tf.keras ``data_adapter.py`` and
  Keras 3 ``data_adapter_utils.py``: "Data cardinality is ambiguous" (x and y of different
  sample counts).
* TensorFlow's conversion of a NumPy array to a tensor (the strings "Failed to convert a
  NumPy array to a Tensor (" and "Unsupported object type " in ``lib_pywrap_tensorflow_
  common.so`` of the 2.21 wheel): an array of dtype ``object`` whose first element that is no
  string names its type.  On TensorFlow 2.21, ``tf.convert_to_tensor`` of object arrays of
  Python floats, of ints mixed with strings, of lists of unequal lengths and of NumPy arrays
  of unequal lengths raises it with ``float``, ``int``, ``list`` and ``numpy.ndarray``.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from tfgpu._words import plural
from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._layer_stack import (
    built_at,
    first_layer,
    first_layer_fix,
    layers_fix,
)
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

if TYPE_CHECKING:
    from tfgpu.facts.log import Hit

# --- inputs of another rank or shape than a layer takes ------------------------------------


_BATCH_AXIS = ("# one sample given alone: add the batch axis (predict and fit take a batch): "
               "x = np.expand_dims(x, 0)")
_LAST_AXIS = ("# the data lacks its last axis (an image's channel, a sequence's feature): add "
              "it: x = x[..., np.newaxis]")
_BUILD_FOR_DATA = ("# or build the model for the data: keras.Input(shape=x.shape[1:]) (one "
                   "sample's shape, without the batch axis)")
#: An image's channel counts: a printed shape ending in one of these is a whole image.
_CHANNELS = frozenset({"1", "3", "4"})


def printed_dims(shape: str | None) -> list[str]:
    """The axes of a printed shape, outermost first (``(None, 224, 3)`` -> ``["None", "224",
    "3"]``, ``(10,)`` -> ``["10"]``); ``[]`` for text that is no bracketed shape."""
    inner = (shape or "").strip()
    return [d.strip() for d in inner[1:-1].split(",") if d.strip()] if inner[:1] in "([" else []


def _axis_fix(want: int, found: int, bound: str, shape: str | None = None) -> tuple[str, ...]:
    """Fix lines for input of ``found`` axes where a layer takes ``want`` (``bound``: ``=``,
    ``>=`` for min_ndim, ``<=`` for max_ndim); ``shape``, the data's shape as printed, picks
    the missing axis: when it ends in 1, 3 or 4 (an image's channels) the data is whole
    samples and the batch axis is missing (Keras took the image's first axis for the batch
    and prints it as None); otherwise the last axis (channel or feature) is missing."""
    fewer = found < want if bound != "<=" else False
    more = found > want if bound != ">=" else False
    if fewer and want - found == 1:
        dims = printed_dims(shape)
        if len(dims) > 1 and dims[-1] in _CHANNELS:
            axes: tuple[str, ...] = (_BATCH_AXIS,)
        elif dims:
            axes = (_LAST_AXIS,)
        else:
            axes = (_BATCH_AXIS, _LAST_AXIS)
        return (*axes, _BUILD_FOR_DATA)
    if more:
        return ("# the data has more axes than the layer takes: put Flatten() or Reshape() "
                "before it (images into Dense), or drop a length-1 axis with np.squeeze",
                _BUILD_FOR_DATA)
    return ("# reshape the data to the axes the layer takes (print x.shape), or build the model "
            "for the data: keras.Input(shape=x.shape[1:]) (one sample's shape, without the "
            "batch axis)",)


_SHAPE_FIX = (
    "# build the model for the data: input_shape=x.shape[1:] / keras.Input(shape=x.shape[1:]) "
    "(one sample's shape, without the batch axis; not the whole array's shape)",
    "# or resize / reshape the data to the shape the model was built for",
)


def _image_dims(dims: list[str]) -> list[str] | None:
    """One image's ``[height, width, channels]`` in a printed shape (its batch axis, an
    unknown one or the first of four, left out), when the shape has that form: the height and
    width unknown or at least :data:`_MIN_SIDE` pixels; else ``None`` (tabular rows, a
    sequence's features: a last axis of 3 there is no colour)."""
    if len(dims) == 4 or (len(dims) == 3 and dims[0] in _ANY):
        dims = dims[1:]
    if len(dims) != 3:
        return None
    if all(d in _ANY or (d.isdigit() and int(d) >= _MIN_SIDE) for d in dims[:2]):
        return dims
    return None


#: The smallest height or width read as an image's (MNIST's 28; a time series' 10 steps and
#: a table's few columns are shorter).
_MIN_SIDE = 16


def _channels(want: str, found: str) -> bool:
    """Whether data of shape ``found`` differs from ``want`` only in an image's colour
    channels: both image-shaped (:func:`_image_dims`), the same height and width (an unknown
    one, ``None``/``?``/``-1``, fits any) but another count of 1, 3 or 4 in the last; or a
    2-D grayscale image (no channel axis) where the model takes 3 or 4."""
    w, f = printed_dims(want), printed_dims(found)
    wi = _image_dims(w) if w else None
    if wi is None or wi[-1] not in _CHANNELS:
        return False

    fi = _image_dims(f) if f else None
    if fi is not None:
        return fi[-1] in _CHANNELS and fi[-1] != wi[-1] and _same_axes(wi[:-1], fi[:-1])
    # a grayscale image without its channel axis: (N, H, W) or (H, W) for (N, H, W, 3)
    rest = f[1:] if len(f) == 3 else f
    return wi[-1] in {"3", "4"} and len(rest) == 2 and _same_axes(wi[:-1], rest)


#: How a printed shape writes an axis of any size (Keras and TF 2: None; TF 1: ?; NumPy: -1).
_ANY = frozenset({"None", "?", "-1"})


def _shape_fix(want: str, found: str) -> tuple[str, ...]:
    """Fix lines for data of shape ``found`` where a layer was built for ``want``: an image's
    colour channels (:func:`_channels`) are converted, or given to a model still being built;
    one axis fewer is :func:`_axis_fix`'s case for an image (the last axis 1, 3 or 4), else
    most often a model built with the whole array's shape; else :data:`_SHAPE_FIX`."""
    w, f = printed_dims(want), printed_dims(found)
    if _channels(want, found):
        wc = (_image_dims(w) or ["", "", "3"])[-1]
        fi = _image_dims(f)
        fc = fi[-1] if fi is not None else "no"
        how = {"3": ("Image.open(p).convert('RGB') or load_img(p, color_mode='rgb')"
                     + (", or x[..., :3] to drop the alpha channel" if fc == "4" else
                        ", or np.repeat(x[..., None], 3, -1) / cv2.cvtColor(x, "
                        "cv2.COLOR_GRAY2RGB) for a grayscale array" if fc in ("1", "no")
                        else "")),
               "1": "Image.open(p).convert('L') or load_img(p, color_mode='grayscale')",
               "4": "Image.open(p).convert('RGBA')"}.get(wc, "convert them when loading")
        have = "no channel axis (grayscale)" if fc == "no" else f"{fc}"
        return (f"# a trained model takes {wc} channels and the images have {have}: convert "
                f"them when loading: {how}",
                "# a model you are still building: give its Input the images' channels "
                "(keras.Input(shape=x.shape[1:]))")
    if w and f and len(f) == len(w) - 1:
        if f[-1] in _CHANNELS:
            return _axis_fix(len(w), len(f), "=", found)
        # not an image: most often a model built with the whole array's shape
        return (_SHAPE_FIX[0], _LAST_AXIS)
    return _SHAPE_FIX


#: The notice's fix: the model was called on another shape and Keras went on.
_NOTICE_FIX = ("# compare the shapes in the line: reshape or expand the input (np.expand_dims / "
               "tf.expand_dims), or declare the Input with the shape the data has",)


def input_shape_mismatch(ctx: Facts) -> list[Finding]:
    """``keras-input-shape-mismatch-notice`` (info): a functional model was called on inputs
    of another shape than its Input (pattern ``pyw.input_shape_mismatch``: tf.keras
    functional.py, TF 2.0-2.2 network.py "re-called on a Tensor"); Keras goes on.  Nothing
    when a layer's input check refused the data (:func:`input_incompatible` reads that
    error, of the same id)."""
    hits = ctx.h("pyw.input_shape_mismatch").all()
    if not hits or _input_errors(ctx):
        return []
    return [catalogue.make("keras-input-shape-mismatch-notice", fix=_NOTICE_FIX,
                           evidence=log_evidence(hits, limit=2))]


def _input_errors(ctx: Facts) -> list[Hit]:
    """The lines where a layer's input check or the graph-era Keras check refused the data
    (a dtype check is another cause), in log order."""
    spec = [h for h in ctx.h("keras.input_spec").all() if h.g("what") != "dtype"]
    return sorted([*spec, *ctx.h("keras.check_input").all()], key=lambda h: h.line)


_SPARSE = ("# class indices (one number per sample) with loss='categorical_crossentropy': use "
           "loss='sparse_categorical_crossentropy', or one-hot them with "
           "keras.utils.to_categorical(y, num_classes)")
_UNITS = "# one-hot labels: give the last Dense layer as many units as there are classes"


def target_fix(want: str, got: str) -> tuple[str, ...]:
    """Fix lines for labels of shape ``got`` against an output of shape ``want``: an output of
    k > 1 units against one number per sample is class indices (sparse loss or one-hot first);
    one unit against k > 1 columns is one-hot labels (the last layer's units first); rows of
    two widths above 1 are one-hot labels of another class count (the units only)."""
    w, g = printed_dims(want), printed_dims(got)
    if len(w) > 2 and len(w) == len(g) and w[-1] == "1" and g[-1] in ("3", "4"):
        # per-pixel labels (segmentation masks) with the colour channels of an image
        return ("# the labels are colour images and the output has one channel: load the "
                "masks as one-channel (grayscale) arrays, e.g. cv2.imread(p, "
                "cv2.IMREAD_GRAYSCALE)[..., None]",)
    if w and g and w[-1] == "1" and g[-1].isdigit() and int(g[-1]) > 1:
        return (_UNITS, _SPARSE)
    if w and g and w[-1].isdigit() and g[-1].isdigit() and int(w[-1]) > 1 and int(g[-1]) > 1:
        return (_UNITS,)  # rows of another width: one-hot labels of another class count
    return (_SPARSE, _UNITS)


def feed_shape(ctx: Facts) -> list[Finding]:
    """``keras-input-shape-mismatch-notice`` from TensorFlow 1's session feed check (pattern
    ``tf.feed_shape``: session.py "Cannot feed value of shape (...) for Tensor 'x:0', which
    has shape '(...)'"): variant ``channels`` for an image's colour channels
    (:func:`_channels`), else ``feed``."""
    hits = ctx.h("tf.feed_shape").all()
    if not hits:
        return []
    h = hits[0]
    want, got, name = h.need("want"), h.need("got"), h.need("name")
    if _channels(want, got):
        return [catalogue.make("keras-input-shape-mismatch-notice", variant="channels",
                               layer=f"The graph's input {name}", want=want, found=got,
                               evidence=log_evidence([h]), fix=_shape_fix(want, got))]
    return [catalogue.make("keras-input-shape-mismatch-notice", variant="feed", name=name,
                           want=want, found=got, evidence=log_evidence([h]),
                           fix=_feed_fix(want, got))]


def _feed_fix(want: str, found: str) -> tuple[str, ...]:
    """Fix lines for a TensorFlow 1 feed of shape ``found`` to a placeholder of ``want``:
    class indices fed where the graph takes one-hot rows, one sample without its batch axis,
    else the reshape to the placeholder's shape."""
    w, f = printed_dims(want), printed_dims(found)
    if len(w) == 2 and len(f) == 1 and w[0] in _ANY and w[1].isdigit():
        return (f"# class indices fed where the graph takes one-hot rows of {w[1]}: "
                f"np.eye({w[1]})[y] (or keras.utils.to_categorical(y, {w[1]}))",)
    if len(f) == len(w) - 1 and w and w[0] in _ANY and _same_axes(w[1:], f):
        return ("# one sample fed without its batch axis: x[np.newaxis] (np.expand_dims(x, 0))",)
    dims = ", ".join("-1" if d in _ANY else d for d in w[1:])
    return ("# reshape the fed array to the placeholder's shape (? is the batch, any size): "
            f"x.reshape(-1, {dims}), or resize the data it was made from",)


def _same_axes(a: list[str], b: list[str]) -> bool:
    """Whether two printed shapes' axes (``["None", "416", "3"]``) agree one by one, an
    unknown axis (``None``/``?``/``-1``) fitting any; shapes of other ranks never agree."""
    return len(a) == len(b) and all(x == y or x in _ANY or y in _ANY
                                    for x, y in zip(a, b, strict=True))


def input_incompatible(ctx: Facts) -> list[Finding]:
    """``keras-input-shape-mismatch-notice`` variants ``rank`` and ``shape`` (errors): a layer's
    input spec refused the data (pattern ``keras.input_spec``; the graph-era check
    ``keras.check_input`` with side ``input``), with the expected and found axes or shape in
    the title and fix lines for a missing or extra axis; variant ``target`` for the graph-era
    check of the labels.  The first such line is the one that stopped the program.  Nothing
    for a dtype check (another cause)."""
    hits = _input_errors(ctx)
    if not hits:
        target = ctx.h("keras.target_shape").all()
        if target:
            t = target[0]
            return [catalogue.make(
                "keras-input-shape-mismatch-notice", variant="target",
                layer=f"the model (loss {t.need('loss')})", want=t.need("want"),
                found=t.need("got"), evidence=log_evidence(target[:1]),
                fix=target_fix(t.need("want"), t.need("got")))]
        return []
    h = hits[0]
    evidence = log_evidence([h])
    # (predict's check names no side: it checks the inputs)
    side = h.g("side") or ("input" if h.g("noprefix") else None)
    if side == "target":
        want = h.g("want") or f"{h.need('ndim')} axes"
        got = h.g("got") or h.need("got2")
        return [catalogue.make("keras-input-shape-mismatch-notice", variant="target",
                               layer=h.need("name"), want=want, found=got, evidence=evidence,
                               fix=target_fix(want, got))]
    if side == "input":
        layer = h.need("name")
        if h.g("ndim"):
            want_n, got = int(h.need("ndim")), h.need("got")
            fix = _axis_fix(want_n, len(printed_dims(got)), "=", got)
            return [catalogue.make("keras-input-shape-mismatch-notice", variant="rank",
                                   layer=layer, want=f"{want_n} axes", found=got,
                                   evidence=evidence, fix=fix)]
        want, got = h.need("want"), h.need("got2")
        return [catalogue.make("keras-input-shape-mismatch-notice",
                               variant="channels" if _channels(want, got) else "shape",
                               layer=f"Keras layer {layer}" if _channels(want, got) else layer,
                               want=want, found=got, evidence=evidence,
                               fix=_shape_fix(want, got))]
    layer, what = h.g("layer") or h.need("layer_old"), h.need("what")
    # raised while the model was built: two adjacent layers, not the data (_layer_stack.py)
    built = built_at(ctx) if what != "dtype" else None
    # ... unless the failing layer is the first one, whose own input_shape made its input:
    # the declared input shape and the data (_layer_stack.first_layer)
    first = first_layer(ctx, layer) if built is not None else None
    if what.endswith("ndim"):
        want_n = int(h.need("want"))
        found_raw = h.g("found")
        found_n = int(found_raw) if found_raw and found_raw.isdigit() else None
        bound = {"ndim": "=", "min_ndim": ">=", "max_ndim": "<="}[what]
        shown = h.g("full")
        found = (f"{found_n} axes" if found_n is not None else "another rank") + (
            f" {shown}" if shown else "")
        fix = _axis_fix(want_n, found_n if found_n is not None else want_n, bound, shown)
        want = f"{'' if bound == '=' else bound + ' '}{want_n} axes"
        if built is not None and first is not None:
            return [catalogue.make(
                "keras-input-shape-mismatch-notice", variant="first", layer=layer, want=want,
                found=found, arg=first[0], evidence=log_evidence([h], first[1]),
                fix=first_layer_fix(layer, first[0], want_n, found_n))]
        if built is not None:
            return [catalogue.make(
                "keras-input-shape-mismatch-notice", variant="layers", layer=layer, want=want,
                found=found, where=built[0], evidence=log_evidence([h], built[1]),
                fix=layers_fix(layer, want_n, found_n))]
        return [catalogue.make("keras-input-shape-mismatch-notice", variant="rank",
                               layer=layer, want=want, found=found, evidence=evidence, fix=fix)]
    if what == "axis":
        value, axis, received = h.need("value"), h.need("axis").strip(), h.g("received")
        dims = printed_dims(received) if received else []
        if axis == "-1" and value in _CHANNELS and dims:
            # the last axis's value against an image's: the same shape with the layer's
            # channels is what the layer takes
            got = h.need("received")
            taken = "(" + ", ".join([*dims[:-1], value]) + ")"
            if _channels(taken, got):
                return [catalogue.make(
                    "keras-input-shape-mismatch-notice", variant="channels",
                    layer=f"Keras layer {layer}", want=taken, found=got,
                    evidence=evidence, fix=_shape_fix(taken, got))]
        want = f"{value} on axis {axis}"
        found = received or "another shape"
    else:
        want, found = h.g("want") or "another shape", h.g("found") or "another shape"
    colour = _channels(want, found)
    if built is not None and first is None and not colour:
        return [catalogue.make(
            "keras-input-shape-mismatch-notice", variant="layers", layer=layer, want=want,
            found=found, where=built[0], evidence=log_evidence([h], built[1]),
            fix=layers_fix(layer, None, None))]
    return [catalogue.make("keras-input-shape-mismatch-notice",
                           variant="channels" if colour else "shape",
                           layer=f"Keras layer {layer}" if colour else layer,
                           want=want, found=found, evidence=evidence,
                           fix=_shape_fix(want, found))]


# --- labels outside the model's classes; inputs and labels of different sample counts --------


#: The smallest int32 and int64: NaN or an infinity cast to an integer on x86 (the
#: "integer indefinite" value of cvttss2si/cvttsd2si; NumPy's astype(int) gives it too).
_NAN_AS_INT = frozenset({-2**31, -2**63})


def sparse_label_out_of_range(ctx: Facts) -> list[Finding]:
    """``label-outside-output-classes``: TensorFlow's sparse cross-entropy got a class index
    outside ``[0, units)`` (pattern ``tf.sparse_label_range``: sparse_xent_op.cc): the labels
    hold values the model's last layer has no unit for.  The fix names the numbers the
    message gives: as many units as classes, labels 0..N-1, or a binary loss for one unit."""
    hits = ctx.h("tf.sparse_label_range").all()
    if not hits:
        return []
    h = hits[0]
    label, depth = h.need("label"), h.need("depth")
    fix = [f"# the last Dense layer has {plural(int(depth), 'unit')} and a label is {label}: give "
           "it as many units as there are classes (max label + 1), e.g. Dense(num_classes)",
           "# map the labels to class indices 0..N-1 (np.unique(y, return_inverse=True)); a "
           "mask's 255 'ignore' value must be masked out, not used as a class"]
    if int(label) in _NAN_AS_INT:
        # the smallest int32/int64: what NaN (or an infinity) becomes when cast to an
        # integer type (x86's conversion gives the "integer indefinite" value): NaNs in the
        # values the labels were computed from (azraelkuan/FFTNet#1: a mu-law log1p of
        # audio outside [-1, 1])
        fix = ["# the label " + label + " is the smallest int: a NaN (or inf) cast to an "
               "integer; find where the labels' source values turn NaN: np.isnan(y).any() "
               "before the cast, and numpy's 'invalid value encountered' warnings above",
               *fix]
    elif int(label) < 0 or int(label) >= 2 * int(depth) + 1:
        fix.reverse()  # far outside: the labels are not class indices (raw mask values)
    if depth == "1":
        fix.insert(0, "# one output unit: a two-class problem wants "
                      "loss='binary_crossentropy' with a sigmoid unit, not "
                      "sparse_categorical_crossentropy")
    return [catalogue.make("label-outside-output-classes", label=label,
                           classes=f"{depth} class" if depth == "1" else f"{depth} classes",
                           units=plural(int(depth), "unit"), top=str(int(depth) - 1),
                           # the op's W line and the message again under the exception
                           evidence=log_evidence(hits[:1], hits[1:][-1:]), fix=tuple(fix))]


def data_cardinality(ctx: Facts) -> list[Finding]:
    """``keras-data-cardinality-mismatch``: Keras's check that the inputs, the labels and the
    sample weights hold as many samples (pattern ``keras.cardinality``: tf.keras
    data_adapter.py, Keras 3 data_adapter_utils.py)."""
    hits = ctx.h("keras.cardinality").all()
    if not hits:
        return []
    return [catalogue.make("keras-data-cardinality-mismatch", evidence=log_evidence(hits[:1]))]


# --- a NumPy array of dtype object -----------------------------------------------------------

#: Types whose elements are numbers (the array only needs a numeric dtype) or sequences (rows
#: of unequal lengths: a ragged array).
_NUMBERS = frozenset({"float", "int", "bool", "decimal.Decimal", "numpy.float64",
                      "numpy.float32", "numpy.int64", "numpy.int32", "numpy.bool_"})
_SEQUENCES = frozenset({"list", "tuple", "numpy.ndarray"})
#: TensorFlow's own tensors held in a NumPy object array (reproduced on TF 2.21).
_TENSORS = re.compile(r"(?:^|\.)(?:EagerTensor|Tensor|RaggedTensor|SparseTensor)$")


def numpy_object_array(ctx: Facts) -> list[Finding]:
    """``numpy-object-array-to-tensor``: TensorFlow was given a NumPy array of dtype object
    (pattern ``numpy.object_array``); variant ``ragged`` when its elements are sequences
    (rows of unequal lengths), ``tensors`` for TensorFlow tensors (a list of tensors through
    np.array), ``other-type`` for another Python type (dates, None, a library's objects), the
    base reading (numbers stored as objects: a mixed pandas
    column, ``df.values`` of mixed columns) for ``float``/``int``/``bool``; and a nested
    Python list TensorFlow's own conversion refuses (pattern ``numpy.py_sequence``): variants
    ``python-ragged`` (rows of unequal lengths) and ``python-mixed`` (values of mixed types)."""
    hits = ctx.h("numpy.object_array").all()
    if not hits:
        seqs = ctx.h("numpy.py_sequence").all()
        if not seqs:
            return []
        return [catalogue.make(
            "numpy-object-array-to-tensor",
            variant="python-ragged" if seqs[0].g("ragged") else "python-mixed",
            evidence=log_evidence(seqs[:1]))]
    kind, evidence = hits[0].need("type"), log_evidence(hits[:1])
    if kind in _NUMBERS:
        return [catalogue.make("numpy-object-array-to-tensor", type=kind, evidence=evidence)]
    if kind in _SEQUENCES:
        return [catalogue.make("numpy-object-array-to-tensor", variant="ragged", type=kind,
                               evidence=evidence)]
    if _TENSORS.search(kind):
        return [catalogue.make("numpy-object-array-to-tensor", variant="tensors", type=kind,
                               evidence=evidence)]
    return [catalogue.make("numpy-object-array-to-tensor", variant="other-type", type=kind,
                           evidence=evidence)]


__all__ = [
    "data_cardinality",
    "feed_shape",
    "input_incompatible",
    "input_shape_mismatch",
    "numpy_object_array",
    "printed_dims",
    "sparse_label_out_of_range",
    "target_fix",
]
