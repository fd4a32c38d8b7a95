"""A GPU library beside TensorFlow (DGL, PyTorch) saying its installed build has no CUDA: its
CPU-only package, not TensorFlow's or the driver's state; on macOS PyTorch has no CUDA build
at all (``checks/companion_cpu_build.py``).  Rows: kind_cases/companion_cpu_build.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("companion_cpu_build")
