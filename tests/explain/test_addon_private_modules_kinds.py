"""A TensorFlow add-on importing a private TensorFlow module the installed TensorFlow lacks:
the add-on release does not fit that TensorFlow.  Rows: kind_cases/addon_private_modules.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("addon_private_modules")
