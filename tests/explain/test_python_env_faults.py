"""The Python that runs the program, read from a traceback (``checks/python_env_faults.py``):
a file of the user's shadowing the package, TensorFlow's source checkout, an optional
extension module CPython was built without, a .pyd of another Python version.
Rows: kind_cases/python_env_faults.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("python_env_faults")
