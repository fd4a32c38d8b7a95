"""cuInit's CUDA_ERROR_STUB_LIBRARY (34) is read with cuda_diagnostics' driver lines: beside
"kernel driver does not appear to be running" the stub answered because no driver library is
there (no GPU, or a container or pod that got none), not a stubs folder to take off
LD_LIBRARY_PATH. Rows: ``kind_cases/cuinit_stub_without_driver.toml``."""

from __future__ import annotations

from tfgpu.explain import explain_lines
from tfgpu.facts import DriverFacts, HostFacts, OSFacts, ProbeStatus, PythonFacts

from .kind_helpers import table_test

test_case = table_test("cuinit_stub_without_driver")

_LINES = [
    "2022-03-01 09:00:00.000001: E tensorflow/stream_executor/cuda/cuda_driver.cc:271] failed "
    "call to cuInit: UNKNOWN ERROR (34)",
    "2022-03-01 09:00:00.000002: I tensorflow/stream_executor/cuda/cuda_diagnostics.cc:156] "
    "kernel driver does not appear to be running on this host (node-1): "
    "/proc/driver/nvidia/version does not exist",
]


def test_a_host_probed_without_driver_or_gpu_gives_one_harmless_finding() -> None:
    # doctor-style facts (the driver probed and missing, no GPU): the host's own harmless
    # notice says it for every CUDA start-up line, the stub's cuInit line included
    host = HostFacts(os=OSFacts(system="Linux"),
                     python=PythonFacts(version="3.11.4", executable="python"),
                     driver=DriverFacts(status=ProbeStatus.MISSING))
    ids = {f.id for f in explain_lines(_LINES, host)}
    assert "cuda-messages-harmless-without-gpu" in ids
    assert "cuinit-stub-library" not in ids
