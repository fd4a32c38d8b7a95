"""Python-package messages with more than one cause (NumPy's C API either way, Keras 3's
KerasTensor in user code): tfgpu names the causes or reads the line that tells them apart.
Rows: ``kind_cases/claims_python_packages.toml``."""

from __future__ import annotations

from .kind_helpers import Case, check, table


@table("claims_python_packages")
def test_case(case: Case) -> None:
    """A row of kind_cases/claims_python_packages.toml: its lines give its finding, not the
    others."""
    check(case)
