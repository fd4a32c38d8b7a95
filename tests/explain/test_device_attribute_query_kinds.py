"""The CUDA driver failing cuDeviceGetAttribute while TensorFlow sets a GPU up: a hedge that
names the attribute, the code and the causes; a sticky kernel fault stays that finding.  Rows:
kind_cases/device_attribute_query.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("device_attribute_query")
