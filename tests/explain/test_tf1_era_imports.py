"""TensorFlow 1.x era native-module imports on Windows in cut pastes: TensorFlow 1.0's
"No module named '_pywrap_tensorflow'", a bare "DLL load failed" under TensorFlow's import
frame, the 1.4-1.13 self check's WinDLL frame.  Rows: kind_cases/tf1_era_imports.toml."""

from __future__ import annotations

from tests.explain.kind_helpers import Case, check, table


@table("tf1_era_imports")
def test_case(case: Case) -> None:
    """A row of kind_cases/tf1_era_imports.toml: its lines give its finding, not the others."""
    check(case)
