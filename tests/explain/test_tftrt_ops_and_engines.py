"""A TF-TRT-converted model loaded by a TensorFlow binary without TF-TRT's ops, in Python, TF
Serving and TensorFlow for Java (checks/trt_ops.py, checks/op_registry.py), and TF-TRT's
converter asked of a module Python 2's AttributeError does not name (checks/trt_api.py), and a
static TF-TRT engine refusing an input with an unknown non-batch dimension
(checks/trt_engines.py), and TF-TRT built from source against a TensorRT the release does not
support (checks/trt_source_build.py): rows in kind_cases/tftrt_ops_and_engines.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("tftrt_ops_and_engines")
