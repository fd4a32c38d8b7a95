"""protobuf refusing to build a message descriptor: the C++ runtime's older check (code outside
a generated _pb2.py module) and the upb runtime's (too new for old generated code):
rows in kind_cases/protobuf_descriptor_checks.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("protobuf_descriptor_checks")
