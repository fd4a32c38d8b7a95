"""Keras APIs whose signature changed between releases (checks/keras_api_signatures.py): the
rows of kind_cases/keras_api_signatures.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("keras_api_signatures")
