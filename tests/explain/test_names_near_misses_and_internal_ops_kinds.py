"""Session 47's kinds from wrong-claim hunts and a blind set: Grappler's fused ops read as a
custom library's, a file shadowing the package named only by Python's circular-import error or
by Python 2's bare "No module named <sub>", a near-miss of a public Keras name read as another
release, messages of protobuf 6 and NumPy 2 that name what removed them, errors quoted in prose.
Rows: kind_cases/names_near_misses_and_internal_ops.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("names_near_misses_and_internal_ops")
