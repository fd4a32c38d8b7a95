"""The data a tf.data pipeline reads, not the GPU: elements of different shapes batched,
damaged TFRecord files, undecodable image files, Examples against their parse spec and
generators against their declaration (checks/input_pipeline.py): rows in
kind_cases/input_pipeline.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("input_pipeline")
