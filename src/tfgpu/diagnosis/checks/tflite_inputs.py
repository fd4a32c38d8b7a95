"""A TensorFlow Lite interpreter refusing the value given for a model input.

Source: the interpreter's ``SetTensor`` (tensorflow/lite/python/interpreter_wrapper/
interpreter_wrapper.cc; strings of the 2.21 wheel's ``libpywrap_tflite_common.so``): "Cannot
set tensor: Got value of type %s but expected type %s for input %d, name: %s", "Cannot set
tensor: Dimension mismatch. Got %d but expected %d for input %d." (later "... for dimension
%d of input %d."), "Cannot set tensor: Dimension count mismatch, expected %d but found %d".
The same call feeds a converter's representative dataset during post-training quantization
(the calibrator's ``_feed_tensors``, lite/python/optimize/calibrator.py), so there the values
are what the ``representative_dataset`` generator yields: a list holding one array per model
input, of the input's dtype and shape (tensorflow.org/lite/performance/post_training_quantization).
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: TensorFlow Lite's type names (TfLiteType, as SetTensor prints them) and the NumPy dtype
#: that makes them (np.bool_, not np.bool: NumPy 1.24-1.26 have no np.bool).
_NUMPY_TYPES = {
    "FLOAT32": "np.float32", "FLOAT16": "np.float16", "FLOAT64": "np.float64",
    "INT8": "np.int8", "UINT8": "np.uint8", "INT16": "np.int16", "UINT16": "np.uint16",
    "INT32": "np.int32", "UINT32": "np.uint32", "INT64": "np.int64", "UINT64": "np.uint64",
    "BOOL": "np.bool_", "COMPLEX64": "np.complex64", "COMPLEX128": "np.complex128",
}


def tflite_input_refused(ctx: Facts) -> list[Finding]:
    """``tflite-input-not-as-model-expects`` (pattern ``tflite.set_tensor``): variant
    ``dtype`` for the type check, else the shape checks; both name a representative
    dataset's values when the log shows a converter's calibration (pattern
    ``ctx.tflite_calibration``), interpreter.set_tensor when it shows that call
    (``ctx.tflite_set_tensor``), else either source."""
    hits = ctx.h("tflite.set_tensor").all()
    if not hits:
        return []
    h = hits[0]
    calib = bool(ctx.h("ctx.tflite_calibration").count)
    direct = not calib and bool(ctx.h("ctx.tflite_set_tensor").count)
    where = ("the converter's representative dataset (its generator's values feed the model "
             "during quantization)" if calib else "interpreter.set_tensor" if direct else
             "the program (interpreter.set_tensor, or a converter's representative dataset)")
    generator = ("# a representative_dataset generator must yield a list with one array per "
                 "model input: for x in data.take(100): yield [x], each array of the input's "
                 "dtype and shape, batch axis included")
    details = ("python -c \"import tensorflow as tf; i = tf.lite.Interpreter('<model.tflite>'); "
               "print(i.get_input_details())\"   # each input's 'dtype' and 'shape'")
    source = (generator,) if calib else (details,) if direct else (details, generator)
    if h.g("got"):
        got, want = h.need("got"), h.need("want")
        fix = [*source]
        if got == "STRING":
            fix.append("# a STRING value is not numbers at all: the code passes something else "
                       "than the data (a file name, Python's builtin input, a list of objects)")
        numpy = _NUMPY_TYPES.get(want)
        if want == "STRING":
            fix.append("# a STRING input takes text: np.array([b'...'], dtype=object) (bytes "
                       "or str), not numbers")
        elif numpy is not None:
            fix.append(f"# give {want} values: x.astype({numpy})"
                       + ("; a quantized input takes the image's integers, or values scaled "
                          "with the input's 'quantization' (scale, zero point)"
                          if want in ("UINT8", "INT8") else ""))
        return [catalogue.make(
            "tflite-input-not-as-model-expects", variant="dtype", got=got, want=want,
            where=where, evidence=log_evidence([h]), fix=tuple(fix))]
    return [catalogue.make(
        "tflite-input-not-as-model-expects", where=where, evidence=log_evidence([h]),
        fix=(*source,
             "# a missing batch axis: np.expand_dims(x, 0); an image of another size: resize "
             "it to the input's height and width; or interpreter.resize_tensor_input(index, "
             "shape) then allocate_tensors() for a model whose input may change size"))]


__all__ = ["tflite_input_refused"]
