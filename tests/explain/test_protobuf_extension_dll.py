"""Windows refusing protobuf's C++ extension (google.protobuf.pyext._message): both reasons
Windows gives, in both Python wordings, name the protobuf package, not a TensorFlow or CUDA
DLL; the same line under TensorFlow's own import stays the generic finding.  Rows:
kind_cases/protobuf_extension_dll.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("protobuf_extension_dll")
