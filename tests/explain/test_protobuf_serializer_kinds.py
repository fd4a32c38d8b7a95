"""protobuf's C++ serializer size check (message_lite.cc): every wording is a hedge that names
the causes, with the plugin/TensorFlow pair first when tensorflow-metal is installed.  Rows:
kind_cases/protobuf_serializer.toml."""

from __future__ import annotations

from tests.explain.kind_helpers import Case, check, table


@table("protobuf_serializer")
def test_case(case: Case) -> None:
    """A row of kind_cases/protobuf_serializer.toml: its lines give its finding (or not)."""
    check(case)
