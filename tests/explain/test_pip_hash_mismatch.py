"""pip's "THESE PACKAGES DO NOT MATCH THE HASHES FROM THE REQUIREMENTS FILE" is
``pip-hash-mismatch`` (checks/pip_install.py): rows in kind_cases/pip_hash_mismatch.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("pip_hash_mismatch")
