"""The printed outputs of the well-known GPU check snippets (TF GPU guide, install page,
tf.test.gpu_device_name(), is_gpu_available(), is_built_with_cuda(), device_lib, Keras'
_get_available_gpus()): rows in kind_cases/check_snippet_outputs.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("check_snippet_outputs")
