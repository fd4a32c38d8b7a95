"""An op pinned to a GPU the placer does not list (checks/placer_device_unavailable.py): rows
in kind_cases/placer_device_unavailable.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("placer_device_unavailable")
