"""A CUDA status code whose row names a fault that does not depend on the call that returned it
(the Exclusive_Thread compute mode, a sticky kernel fault) gives that fault's finding in every
wording that prints it; a code with no host fault is a hedge:
``kind_cases/status_code_names_its_fault.toml``."""

from __future__ import annotations

from tfgpu.diagnosis.checks._code_claims import CODE_CLAIMS
from tfgpu.knowledge import load_knowledge

from .kind_helpers import table_test

test_case = table_test("status_code_names_its_fault")


def test_both_216_codes_map_to_the_compute_mode() -> None:
    """cuda.h and driver_types.h each give 216 the exclusive-thread meaning; both rows map to
    the compute-mode finding, which the code-claim module builds."""
    rows = {r.name: r for r in load_knowledge().status_codes}
    for name in ("CUDA_ERROR_CONTEXT_ALREADY_IN_USE", "cudaErrorDeviceAlreadyInUse"):
        assert rows[name].code == 216
        assert rows[name].maps_to == "gpu-compute-mode-exclusive-thread"
    assert "gpu-compute-mode-exclusive-thread" in CODE_CLAIMS
