"""TensorFlow listing no GPU while the log's pip listing shows a CPU-only TensorFlow
distribution is ``tensorflow-cpu-only-build`` variant ``listed`` (checks/tf_install.py
cpu_only_build_listed): rows in kind_cases/cpu_only_package_listed.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("cpu_only_package_listed")
