"""TensorFlow add-on packages whose op library does not load or that do not fit the installed
TensorFlow (checks/addons.py): rows in kind_cases/addon_loads.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("addon_loads")
