"""The placer's Colocation Debug Info pasted without its error line, Grappler's AddOpsRewrite
temporary variable created twice in a loop, and TF 1.x's lowercase in-memory CUBIN
out-of-memory (checks/op_registry.py, checks/grappler_rewrites.py, checks/memory.py): rows in
kind_cases/colocation_debug_and_graph_rewrites.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("colocation_debug_and_graph_rewrites")
