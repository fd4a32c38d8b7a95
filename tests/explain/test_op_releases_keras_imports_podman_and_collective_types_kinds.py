"""An op library whose missing name a pip TensorFlow of the installed release exports (another
release, not an ABI), a missing keras.src module while a package is imported, podman's --gpus,
a collective group mixing CPU and GPU devices.
Rows: kind_cases/op_releases_keras_imports_podman_and_collective_types.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("op_releases_keras_imports_podman_and_collective_types")
