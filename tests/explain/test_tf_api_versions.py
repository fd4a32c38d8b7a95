"""A tf.config / tf.keras.mixed_precision name newer (or older) than the installed TensorFlow
("module '...' has no attribute '...'"; checks/tf_api_versions.py, platform_facts
tf-api-symbol-* rows): rows in kind_cases/tf_api_versions.toml, and the module-name reader."""

from __future__ import annotations

import pytest

from tfgpu.diagnosis.checks.tf_api_versions import tf_path

from .kind_helpers import table_test

test_case = table_test("tf_api_versions")


@pytest.mark.parametrize(("module", "attr", "path"), [
    ("tensorflow_core._api.v2.config", "list_physical_devices", "config.list_physical_devices"),
    ("tensorflow._api.v2.config.experimental", "get_memory_info",
     "config.experimental.get_memory_info"),
    ("tensorflow._api.v2.compat.v2.config", "list_physical_devices",
     "config.list_physical_devices"),
    ("tensorflow.config", "list_logical_devices", "config.list_logical_devices"),
    ("tensorflow.python.keras.api._v2.keras.mixed_precision", "set_global_policy",
     "keras.mixed_precision.set_global_policy"),
    ("tensorflow_core.python.keras.api._v2.keras.mixed_precision", "Policy",
     "keras.mixed_precision.Policy"),
    ("keras.api._v2.keras.mixed_precision", "experimental", "keras.mixed_precision.experimental"),
    ("tensorflow.keras.mixed_precision", "LossScaleOptimizer",
     "keras.mixed_precision.LossScaleOptimizer"),
    ("tensorflow._api.v1.config", "list_physical_devices", "config.list_physical_devices"),
    ("tensorflow", "config", "config"),
    ("tensorflow.python.framework.ops", "x", None),
    ("tensorflow._api.v2.compat.v1.config", "list_physical_devices", None),
])
def test_module_names_map_to_the_tf_path(module: str, attr: str, path: str | None) -> None:
    """Every module spelling of the API generator maps to the name under tf.; private and
    compat.v1 modules to none."""
    assert tf_path(module, attr) == path
