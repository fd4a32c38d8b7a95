"""A functional model whose outputs do not lead back to its inputs, and a tensor of another
graph (checks/keras_model_code.py, checks/tf1_graph_elements.py): rows in
kind_cases/keras_graph_disconnected.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("keras_graph_disconnected")
