"""A Keras model compiled under a tf.distribute strategy with variables, an optimizer or a
metric made outside the strategy's scope, and fit_generator refused under a strategy
(checks/strategy_scope.py): rows in kind_cases/strategy_scope.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("strategy_scope")
