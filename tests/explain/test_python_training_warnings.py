"""TensorFlow's and Keras' own Python-side training warnings (IndexedSlices densified,
tf.function retracing, missing gradients, input ran out of data, slow callbacks, input shape
mismatches, AutoGraph fallbacks, SavedModel/checkpoint/Keras-saving notices) in every wording
and prefix: each gives its notice, never a claim, and never hides a real finding beside it.
Rows: ``kind_cases/python_training_warnings.toml``."""

from __future__ import annotations

from tfgpu.diagnosis.verdict import explain_report
from tfgpu.explain import explain_lines, explain_stream

from .kind_helpers import alarms, ids, table_test

test_case = table_test("python_training_warnings")

#: One line of each family, as users paste them (prefixes of logging, warnings and absl).
WARNINGS = [
    "/usr/local/lib/python3.8/dist-packages/tensorflow/python/framework/indexed_slices.py:447: "
    "UserWarning: Converting sparse IndexedSlices(IndexedSlices(indices=Tensor(\"gradients/"
    "concat_1:0\", shape=(None,), dtype=int32), values=Tensor(\"gradients/concat:0\", shape="
    "(None, 768), dtype=float32), dense_shape=Tensor(\"gradients/Shape:0\", shape=(2,), "
    "dtype=int32))) to a dense Tensor of unknown shape. This may consume a large amount of "
    "memory.",
    "  warnings.warn(",
    "WARNING:tensorflow:5 out of the last 5 calls to <function Model.make_predict_function."
    "<locals>.predict_function at 0x7f58803470d0> triggered tf.function retracing. Tracing is "
    "expensive and the excessive number of tracings could be due to (1) creating @tf.function "
    "repeatedly in a loop, (2) passing tensors with different shapes, (3) passing Python "
    "objects instead of tensors.",
    "WARNING:tensorflow:Gradients do not exist for variables ['top_bn/gamma:0', "
    "'top_bn/beta:0'] when minimizing the loss.",
    "WARNING:tensorflow:Your input ran out of data; interrupting training. Make sure that your "
    "dataset or generator can generate at least `steps_per_epoch * epochs` batches (in this "
    "case, 100000 batches). You may need to use the repeat() function when building your "
    "dataset.",
]

OOM = ("2024-05-01 10:00:00.000000: W tensorflow/core/framework/op_kernel.cc:1827] "
       "OP_REQUIRES failed at matmul_op_impl.h:731 : RESOURCE_EXHAUSTED: OOM when allocating "
       "tensor with shape[65536,30522] and type float on /job:localhost/replica:0/task:0/"
       "device:GPU:0 by allocator GPU_0_bfc")


def test_a_log_of_only_these_warnings_says_notices_only_and_gpu_unknown() -> None:
    """Only the warnings: no claim, the headline says notices only, GPU usability unknown."""
    import io

    res = explain_stream(io.BytesIO("\n".join(WARNINGS).encode()))
    assert alarms({f.id: f for f in res.findings}) == []
    found = {f.id for f in res.findings}
    assert {"indexedslices-dense-conversion-notice", "tf-function-retracing-notice",
            "keras-gradients-missing-notice", "keras-input-ran-out-of-data-notice"} <= found
    report = explain_report(res.findings, res.stats, "x")
    head = report.verdict.headline
    assert head.startswith("No problem found: only harmless notices and notes (2 harmless "
                           "findings, 2 notes)"), head
    assert "does not show whether the GPU is usable" in head, head
    assert report.verdict.gpu_usable is None


def test_the_warnings_never_hide_a_real_finding_beside_them() -> None:
    """An out-of-memory error among the warnings is still the claim; the notices stay info."""
    found = ids([*WARNINGS, OOM])
    claims = alarms(found)
    assert claims, found
    assert all(not i.endswith("-notice") for i in claims), claims
    assert found["indexedslices-dense-conversion-notice"].harmless


def test_an_unknown_error_beside_the_warnings_stays_unrecognised() -> None:
    """A traceback tfgpu does not know, next to the warnings, is still quoted as unknown."""
    found = ids([*WARNINGS, "Traceback (most recent call last):",
                 "  File \"train.py\", line 3, in <module>",
                 "ZeroDivisionError: float division by zero"])
    assert "unrecognised-error" in found, found


def test_a_similar_line_of_another_library_gives_no_notice() -> None:
    """Another library's own 'batch_start() is slow' line is not Keras' callback notice."""
    found = {f.id for f in explain_lines(
        ["UserWarning: batch_start() is slow compared to the batch update . Check your callbacks"])}
    assert "keras-callback-slow-notice" not in found, found
