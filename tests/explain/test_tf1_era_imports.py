"""TensorFlow 1.x era native-module imports on Windows in cut pastes: TensorFlow 1.0's
"No module named '_pywrap_tensorflow'", a bare "DLL load failed" under TensorFlow's import
frame, the 1.4-1.13 self check's WinDLL frame.  Rows: kind_cases/tf1_era_imports.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("tf1_era_imports")
