"""tfjs-node's addon without its libtensorflow: the install's staging, not a CUDA library
(``checks/tfjs_addon_lib.py``).  Rows: kind_cases/tfjs_addon_lib.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("tfjs_addon_lib")
