"""TensorFlow Lite's GPU delegate run on another thread than the one that created it
(gl_delegate.cc, delegate.cc): both wordings, with or without the kernel name, give the
same-thread finding.  Rows: kind_cases/tflite_gpu_delegate.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("tflite_gpu_delegate")
