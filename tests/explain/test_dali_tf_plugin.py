"""NVIDIA DALI's TensorFlow plugin package missing, or none of its plugin libraries loading
with the installed TensorFlow, is ``dali-tf-plugin-not-installed`` (checks/third_party.py):
rows in kind_cases/dali_tf_plugin.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("dali_tf_plugin")
