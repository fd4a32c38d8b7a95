"""TensorFlow's own copy of Keras dated by the log's TensorFlow, tf.keras modules that were
never public, a .keras archive opened by a Keras older than the format, XLA's variable on
another device on Apple's Metal plugin, libcuda.so.1 not found by a Nix-built TensorFlow.
Rows: kind_cases/keras_paths_eras_and_plugin_hosts.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("keras_paths_eras_and_plugin_hosts")
