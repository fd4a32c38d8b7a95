"""A cuBLAS failure under TensorFlow's CUDA 10.1 builds on Linux: NVIDIA's libcublas10
10.2.2.89-1 apt package named beside the GPU-memory hedge, and nowhere else
(``checks/cublas_package_regression.py``).  Rows: kind_cases/cublas_package_regression.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("cublas_package_regression")
