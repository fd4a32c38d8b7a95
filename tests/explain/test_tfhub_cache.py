"""TF-Hub's download cache holding a model folder without its SavedModel
(checks/tfhub_cache.py): rows in kind_cases/tfhub_cache.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("tfhub_cache")
