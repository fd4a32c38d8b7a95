"""TensorFlow 1.x's Windows import-time self check ("Could not find '<dll>'. TensorFlow
requires that this DLL be installed in a directory that is named in your %PATH% ...", all four
tails; checks/self_check_dll.py): rows in kind_cases/windows_self_check_dll.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("windows_self_check_dll")
