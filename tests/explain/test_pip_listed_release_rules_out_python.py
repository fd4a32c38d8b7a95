"""pip lists another TensorFlow 1.x release built for the same Pythons as the pinned one but
not the pin: the Python version is ruled out (an old pip rejecting the wheels' tag, or an index
without the pin); a 1.x pin read against 2.x releases keeps its own Python range. Rows:
``kind_cases/pip_listed_release_rules_out_python.toml``."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("pip_listed_release_rules_out_python")
