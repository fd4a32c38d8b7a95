"""A module the program imports and no install provides (checks/missing_modules.py): a
dependency of the program or of an installed package, the TensorFlow Model Garden's packages,
the Object Detection API's protos never compiled, a hosted platform's module outside its jobs;
never the standard library's names (this Python's, removed ones, Python 2's), a submodule of an
installed package or TensorFlow's own. Rows: kind_cases/missing_modules.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("missing_modules")
