"""The CUDA driver failing cuDeviceGetAttribute while TensorFlow sets a GPU up: a hedge that
names the attribute, the code and the causes; a sticky kernel fault stays that finding.  Rows:
kind_cases/device_attribute_query.toml."""

from __future__ import annotations

from tests.explain.kind_helpers import Case, check, table


@table("device_attribute_query")
def test_case(case: Case) -> None:
    """A row of kind_cases/device_attribute_query.toml: its lines give its finding (or not)."""
    check(case)
