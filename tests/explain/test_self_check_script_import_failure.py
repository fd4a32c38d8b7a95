"""The stand-alone tensorflow_self_check.py of the TensorFlow 1.0-1.3 Windows guide ("ERROR:
Failed to import the TensorFlow module." then "- Could not load '<dll>'. The GPU version of
TensorFlow requires ..."): an import failure of a GPU build that links the DLL, never a
harmless skipped GPU: rows in kind_cases/self_check_script.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("self_check_script")
