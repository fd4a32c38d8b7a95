"""Resolver reports of Poetry and uv (and tensorflow[and-cuda]'s NVIDIA wheel pins against
another framework's), a multiprocessing child's header, conda's chain to a bare __cuda, a cut
cuDNN version-check line, a node Grappler placed, and the cuDNN RNN op on DirectML's GPU.
Rows: kind_cases/resolvers_forks_and_placed_nodes.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("resolvers_forks_and_placed_nodes")
