"""macOS dyld refusing TensorFlow's library built for another CPU architecture
(checks/macos_arch_mismatch.py): rows in kind_cases/macos_arch_mismatch.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("macos_arch_mismatch")
