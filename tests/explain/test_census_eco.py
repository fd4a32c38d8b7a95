"""Kinds of the census of real reports about the layer around TensorFlow (census-eco): the
NVIDIA Container Toolkit's CLI, the NVIDIA kernel module's GPU-lost and init lines, the
installer, Kubernetes, DirectML, conda/mamba, docker's other causes of "could not select
device driver", pip's resolver notice. The rows are in kind_cases/census_eco.toml."""

from __future__ import annotations

from tests.explain.kind_helpers import Case, check, table


@table("census_eco")
def test_case(case: Case) -> None:
    """A row of kind_cases/census_eco.toml: its lines give its finding, not the others."""
    check(case)
