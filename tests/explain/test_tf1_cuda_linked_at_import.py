"""A TensorFlow 1.x GPU build up to 1.13 that cannot be imported on a host with another CUDA
release than its build's (checks/tf_install.py): rows in
kind_cases/tf1_cuda_linked_at_import.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("tf1_cuda_linked_at_import")
