"""A generated GPU kernel launched after its module did not load (CUDA_ERROR_INVALID_HANDLE
from kernel_gen's cuLaunchKernel): alone a hedge that leads with a GPU newer than the build;
after the module-load warning or the build's no-kernels notice, a notice pointing at that
finding.  Rows: kind_cases/kernel_gen_launch.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("kernel_gen_launch")
