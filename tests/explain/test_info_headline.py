"""A log whose only finding is a non-harmless note (DirectML's DML devices) is not headlined
"No known TensorFlow/CUDA message found" (both lines are TensorFlow's)."""

from __future__ import annotations

from tfgpu.diagnosis.verdict import explain_report
from tfgpu.explain import explain_stream

LOG = (b">>> tf.config.experimental.list_physical_devices('GPU')\n"
       b"2020-06-17 19:46:30.041828: I tensorflow/core/common_runtime/dml/dml_device_factory"
       b".cc:45] DirectML device enumeration: found 2 compatible adapters.\n[]\n")


def test_note_only_log_headline_names_the_note() -> None:
    import io
    res = explain_stream(io.BytesIO(LOG))
    headline = explain_report(res.findings, res.stats, "x").verdict.headline
    assert "No known" not in headline, headline
    assert "DML" in headline, headline
