"""Old message wordings and one-line pastes, as kind variants (rows in
kind_cases/old_wordings_and_one_liners.toml): TF 1.x's host allocation warning, and the other
kinds grown from the holdout4/8/10 work plan."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("old_wordings_and_one_liners")
