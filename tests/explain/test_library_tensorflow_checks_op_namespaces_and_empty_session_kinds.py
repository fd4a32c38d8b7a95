"""Libraries that refuse the installed TensorFlow at import in their own words (Open3D,
csbdeep, the "This version of <name> requires TensorFlow version >=" checks), namespaced op
names an older TensorFlow refuses or a binary has not registered (ScaNN), and a compat.v1
Session whose graph is empty on a Python that has no TensorFlow 1.x wheel.
Rows: kind_cases/library_tensorflow_checks_op_namespaces_and_empty_session.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("library_tensorflow_checks_op_namespaces_and_empty_session")
