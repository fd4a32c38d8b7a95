"""NVIDIA's determinism package (tfdeterminism, fwr13y) refusing to patch a TensorFlow it has
no patch for, or one in an NGC container: the fix names the way that TensorFlow enables
deterministic GPU ops (checks/determinism_package.py).  Rows in
kind_cases/determinism_package.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("determinism_package")
