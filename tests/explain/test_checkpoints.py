"""Restoring a checkpoint that lacks a variable the model asks for (checkpoints.py): the rows
of kind_cases/checkpoints.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("checkpoints")
