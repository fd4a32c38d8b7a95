"""TensorFlow's own kernel library of a second TensorFlow install, loaded by the running one:
two TensorFlow installs on sys.path.
Rows: kind_cases/kernels_of_other_install.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("kernels_of_other_install")
