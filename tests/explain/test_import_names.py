"""An import statement naming a pip distribution (``import tensorflow-gpu as tf``): Python
stops with "SyntaxError: invalid syntax"; the module has another name. Rows:
``kind_cases/import_names.toml``."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("import_names")
