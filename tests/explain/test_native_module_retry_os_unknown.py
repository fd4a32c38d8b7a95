"""TensorFlow 1.x's SWIG loader retry ("No module named '_pywrap_tensorflow_internal'") pasted
alone with no OS known: the OS-neutral hedge that names the first error to look for.  Rows:
kind_cases/native_module_retry_os_unknown.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("native_module_retry_os_unknown")
