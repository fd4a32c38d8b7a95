"""A graph node whose inputs do not match its op's signature in this TensorFlow: another
release wrote the graph, or a tool edited it.
Rows: kind_cases/graph_nodes_from_other_releases.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("graph_nodes_from_other_releases")
