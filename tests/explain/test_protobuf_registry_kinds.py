"""protobuf's C++ runtime aborting on definitions a second library registers again (two
libraries carrying TensorFlow's .proto files, OpenCV's older dnn module among them).
Rows: kind_cases/protobuf_registry.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("protobuf_registry")
