"""Spack: a +cuda package with no CUDA compute capability (cuda_arch=none): the recipes'
conflict message in both concretizers' wordings, and the older py-tensorflow recipe's crash
on the value 'none' (rows: kind_cases/spack_cuda_arch.toml)."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("spack_cuda_arch")
