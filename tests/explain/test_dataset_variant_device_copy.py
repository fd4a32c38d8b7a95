"""A tf.data dataset's variant tensor sent to or from a device (variant_op_registry.cc "No
unary variant device copy function found ... DatasetVariantWrapper"), in g++ and MSVC type
spellings and each copy direction; other variant types are not read as a dataset
(``checks/device_placement.py``).  Rows: kind_cases/dataset_variant_device_copy.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("dataset_variant_device_copy")
