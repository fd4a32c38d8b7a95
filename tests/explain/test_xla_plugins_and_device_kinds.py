"""XLA on a device without an XLA compiler (DirectML/Metal plugins, custom builds), and the other
device/build families of
``kind_cases/xla_plugins_and_device_kinds.toml`` (written from the TensorFlow 2.21 wheel's
strings and the older wordings the rows name)."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("xla_plugins_and_device_kinds")
