"""Kinds of the holdout24-26 work plans: an op library linked without TensorFlow's framework
library, and their neighbours; rows in ``kind_cases/framework_link_dylib_conda_hostmem.toml``."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("framework_link_dylib_conda_hostmem")
