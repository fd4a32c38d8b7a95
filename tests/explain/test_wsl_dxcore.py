"""tensorflow-directml's WSL build could not create DXCore's adapter factory
(checks/wsl_dxcore.py): rows in kind_cases/wsl_dxcore.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("wsl_dxcore")
