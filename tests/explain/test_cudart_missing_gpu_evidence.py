"""A CUDA runtime TensorFlow could not load, read both ways: without any GPU evidence a
conditional warning naming the CUDA release ("harmless if this host has no NVIDIA GPU"),
harmless when the host facts or the log show no NVIDIA GPU or driver, the error when they
show one (checks/libraries.py): rows in kind_cases/cudart_missing_gpu_evidence.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("cudart_missing_gpu_evidence")
