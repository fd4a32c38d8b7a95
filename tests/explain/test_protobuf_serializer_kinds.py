"""protobuf's C++ serializer size check (message_lite.cc): every wording is a hedge that names
the causes, with the plugin/TensorFlow pair first when tensorflow-metal is installed.  Rows:
kind_cases/protobuf_serializer.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("protobuf_serializer")
