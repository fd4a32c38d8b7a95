"""TensorFlow's profiler's "Invalid GPU compute capability." (hardware_type_utils.cc: a
compute capability major its FLOPS table lacks) is a harmless notice, not a GPU too old;
another program's "Invalid GPU compute capability: <value>" is not it. Rows in
kind_cases/profiler_flops_table_notice.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("profiler_flops_table_notice")
