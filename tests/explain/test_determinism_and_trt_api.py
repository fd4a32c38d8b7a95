"""GPU op determinism without a deterministic kernel, XLA's CUDA-graph op-by-op notice, the
TF-TRT Python API of another release and TF 0.x's colocation wording (checks/determinism.py,
checks/trt_api.py): rows in kind_cases/determinism_and_trt_api.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("determinism_and_trt_api")
