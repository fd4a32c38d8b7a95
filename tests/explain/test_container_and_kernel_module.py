"""The layer around TensorFlow: the NVIDIA Container Toolkit's CLI, the NVIDIA kernel
module's GPU-lost and init lines, the installer, Kubernetes, DirectML, conda/mamba, docker's
other causes of "could not select device driver", pip's resolver notice.  Rows:
kind_cases/container_and_kernel_module.toml."""

from __future__ import annotations

from tests.explain.kind_helpers import Case, check, table


@table("container_and_kernel_module")
def test_case(case: Case) -> None:
    """A row of kind_cases/container_and_kernel_module.toml: its lines give its finding,
    not the others."""
    check(case)
