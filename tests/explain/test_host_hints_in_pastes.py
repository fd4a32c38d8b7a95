"""What a paste shows of its host beyond TensorFlow's own lines: a WSL shell's prompt, the OS
a bug form states; and a second GPU created beside one ignored for its compute capability
(rows in kind_cases/host_hints_in_pastes.toml)."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("host_hints_in_pastes")
