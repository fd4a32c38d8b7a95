"""Kinds the census of real reports about TensorFlow's own GPU stack found missing
(``checks/custom_ops.py`` and neighbours) and the WRONG claims it fixed; rows in
``kind_cases/op_libraries_jax_cudnn.toml``."""

from __future__ import annotations

from .kind_helpers import ids, table_test

test_case = table_test("op_libraries_jax_cudnn")


def test_only_the_first_op_library_is_reported() -> None:
    """Two add-ons failing give one finding (the first library), not one per line."""
    found = ids([
        "NotFoundError: /e/site-packages/tensorflow_text/python/ops/_a.so: undefined symbol: "
        "_ZN10tensorflow6StatusC1Ev",
        "NotFoundError: /e/site-packages/tensorflow_io/python/ops/libtensorflow_io.so: "
        "undefined symbol: _ZN10tensorflow6StatusC1Ev",
    ])
    f = found["op-library-built-for-other-tensorflow"]
    assert "tensorflow-text" in f.title, f.title
    assert len(f.evidence) == 1, f.evidence
