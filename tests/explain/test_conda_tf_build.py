"""conda-forge's CPU-only TensorFlow build named by a conda row's build string
(checks/conda_tf_build.py): rows in kind_cases/conda_tf_build.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("conda_tf_build")
