"""The nvidia probe: NVML through a fake module, nvidia-smi through recorded outputs."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from tfgpu._proc import CommandResult, FakeRunner, run_command
from tfgpu.facts import ProbeStatus
from tfgpu.probes import ProbeContext, nvidia
from tfgpu.probes.nvidia_smi_parse import QUERY_FIELDS, QUERY_FIELDS_OLD

SMI = Path(__file__).resolve().parents[1] / "fixtures" / "recorded" / "nvidia-smi"
MIB = 1 << 20


class FakeNVMLError(Exception):
    def __init__(self, value: int, text: str) -> None:
        super().__init__(text)
        self.value = value


@dataclass
class FakeNvml:
    """pynvml double: per-device dicts; ``init_error`` makes nvmlInit fail."""

    devices: list[dict[str, Any]]
    init_error: FakeNVMLError | None = None
    driver: str = "535.161.08"
    cuda: int = 12020
    shut: bool = False

    NVMLError = FakeNVMLError
    NVML_ERROR_LIBRARY_NOT_FOUND = 12
    NVML_DEVICE_MIG_ENABLE = 1

    def nvmlInit(self) -> None:
        if self.init_error:
            raise self.init_error

    def nvmlShutdown(self) -> None:
        self.shut = True

    def nvmlSystemGetDriverVersion(self) -> str:
        return self.driver

    def nvmlSystemGetCudaDriverVersion_v2(self) -> int:
        return self.cuda

    def nvmlDeviceGetCount(self) -> int:
        return len(self.devices)

    def nvmlDeviceGetHandleByIndex(self, i: int) -> dict[str, Any]:
        dev = self.devices[i]
        if dev.get("lost"):
            raise FakeNVMLError(15, "GPU is lost")
        return dev

    def nvmlDeviceGetName(self, h: dict[str, Any]) -> str:
        return str(h["name"])

    def nvmlDeviceGetUUID(self, h: dict[str, Any]) -> str:
        return str(h["uuid"])

    def nvmlDeviceGetPciInfo(self, h: dict[str, Any]) -> SimpleNamespace:
        return SimpleNamespace(busId=h["bus"].encode())  # bytes, as old pynvml returns

    def nvmlDeviceGetMemoryInfo(self, h: dict[str, Any]) -> SimpleNamespace:
        return SimpleNamespace(total=h["total"] * MIB, free=h["free"] * MIB, used=0)

    def nvmlDeviceGetCudaComputeCapability(self, h: dict[str, Any]) -> tuple[int, int]:
        if "cc" not in h:
            raise FakeNVMLError(3, "Not Supported")
        return h["cc"]  # type: ignore[no-any-return]

    def nvmlDeviceGetMigMode(self, h: dict[str, Any]) -> list[int]:
        if "migs" not in h:
            raise FakeNVMLError(3, "Not Supported")
        return [1, 1]

    def nvmlDeviceGetMaxMigDeviceCount(self, h: dict[str, Any]) -> int:
        return 7

    def nvmlDeviceGetMigDeviceHandleByIndex(self, h: dict[str, Any], j: int) -> dict[str, Any]:
        if j >= len(h["migs"]):
            raise FakeNVMLError(6, "Not Found")
        return h["migs"][j]  # type: ignore[no-any-return]


RTX3060 = {
    "name": "NVIDIA GeForce RTX 3060 Laptop GPU",
    "uuid": "GPU-0",
    "bus": "00000000:01:00.0",
    "total": 6144,
    "free": 5328,
    "cc": (8, 6),
}


def ctx(runner: FakeRunner | None = None) -> ProbeContext:
    return ProbeContext(runner=runner or FakeRunner(), env={}, system="Linux", timeout_s=1.0)


def test_nvml_ok() -> None:
    fake = FakeNvml([RTX3060])
    res = nvidia.run(ctx(), nvml=fake)
    assert res.driver is not None
    assert (res.driver.status, res.driver.version, res.driver.cuda_version, res.driver.source) == (
        ProbeStatus.OK,
        "535.161.08",
        "12.2",
        "nvml",
    )
    (g,) = res.gpus
    assert (
        g.index,
        g.name,
        g.pci_bus_id,
        g.memory_total_mib,
        g.memory_free_mib,
        g.compute_capability,
        g.source,
    ) == (0, "NVIDIA GeForce RTX 3060 Laptop GPU", "00000000:01:00.0", 6144, 5328, "8.6", "nvml")
    assert fake.shut
    assert [r.name for r in res.records] == ["nvml"]


def test_nvml_mig_and_lost_gpu_do_not_hide_the_rest() -> None:
    mig = {
        "name": "NVIDIA H100 80GB HBM3 MIG 3g.40gb",
        "uuid": "MIG-0",
        "bus": "",
        "total": 40448,
        "free": 40422,
    }
    h100 = {
        "name": "NVIDIA H100 80GB HBM3",
        "uuid": "GPU-1",
        "bus": "00000000:00:09.0",
        "total": 81559,
        "free": 81500,
        "cc": (9, 0),
        "migs": [mig],
    }
    res = nvidia.run(ctx(), nvml=FakeNvml([{"lost": True}, h100], cuda=13010))
    assert res.driver is not None and res.driver.cuda_version == "13.1"
    assert [(g.index, g.is_mig, g.compute_capability) for g in res.gpus] == [
        (0, False, None),
        (1, False, "9.0"),
        (1, True, "9.0"),
    ]
    assert res.gpus[2].pci_bus_id == "00000000:00:09.0"
    assert res.records[0].message == "GPU 0: no handle (lost or inaccessible)"


def test_cuda_version_from_int() -> None:
    assert [nvidia.cuda_version_from_int(v) for v in (12020, 11080, 13000, 10020)] == [
        "12.2",
        "11.8",
        "13.0",
        "10.2",
    ]


QUERY_ARGV = (
    "nvidia-smi",
    "--query-gpu=" + ",".join(QUERY_FIELDS),
    "--format=csv,noheader,nounits",
)
OLD_ARGV = (
    "nvidia-smi",
    "--query-gpu=" + ",".join(QUERY_FIELDS_OLD),
    "--format=csv,noheader,nounits",
)
NO_LIB = FakeNvml([], init_error=FakeNVMLError(12, "NVML Shared Library Not Found"))


def test_no_driver_at_all_is_missing() -> None:
    res = nvidia.run(ctx(), nvml=NO_LIB)
    assert res.driver is not None and res.driver.status is ProbeStatus.MISSING
    assert res.gpus == ()
    assert [(r.name, r.status) for r in res.records] == [
        ("nvml", ProbeStatus.MISSING),
        ("nvidia-smi", ProbeStatus.MISSING),
    ]


def _fail(argv: tuple[str, ...], text: str, rc: int) -> CommandResult:
    return CommandResult(
        argv, ProbeStatus.ERROR, rc, text, "", 0.01, f"nvidia-smi exited with status {rc}"
    )


@pytest.mark.parametrize(
    ("fixture", "rc", "quote"),
    [
        (
            "fail-couldnt-communicate-with-driver.txt",
            9,
            "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver.",
        ),
        (
            "fail-nvml-driver-library-mismatch-570.124.txt",
            18,
            "Failed to initialize NVML: Driver/library version mismatch\n"
            "NVML library version: 570.124",
        ),
        ("fail-no-devices-were-found-rtx5090.txt", 6, "No devices were found"),
        ("fail-wsl2-couldnt-communicate-plus-nvml-shutdown.txt", 9, "Driver Not Loaded"),
    ],
)
def test_installed_but_broken_quotes_nvidia_smi(fixture: str, rc: int, quote: str) -> None:
    text = (SMI / fixture).read_text(encoding="utf-8")
    broken = FakeNvml([], init_error=FakeNVMLError(9, "Driver Not Loaded"))
    smi = ("nvidia-smi",)
    res = nvidia.run(ctx(FakeRunner({smi: _fail(smi, text, rc)})), nvml=broken)
    assert res.driver is not None
    assert res.driver.status is ProbeStatus.ERROR
    assert res.driver.message is not None and quote in res.driver.message
    assert res.records[0].message == "NVML: Driver Not Loaded"


def test_nvml_broken_and_no_smi_is_error_not_missing() -> None:
    broken = FakeNvml(
        [], init_error=FakeNVMLError(18, "RM has detected an NVML/RM version mismatch.")
    )
    res = nvidia.run(ctx(), nvml=broken)
    assert res.driver is not None and res.driver.status is ProbeStatus.ERROR
    assert res.driver.message == "NVML: RM has detected an NVML/RM version mismatch."


def test_hung_nvidia_smi_is_timeout() -> None:
    hung = CommandResult.timed_out(("nvidia-smi",), 1)
    runner = FakeRunner({("nvidia-smi",): hung})
    res = nvidia.run(ctx(runner), nvml=NO_LIB)
    assert res.driver is not None and res.driver.status is ProbeStatus.TIMEOUT
    assert res.driver.message == "nvidia-smi did not finish within 1 s and was stopped"
    assert runner.calls == [("nvidia-smi",)]  # nothing else is asked after a hang


def test_smi_fallback_wsl2_with_old_driver_retry() -> None:
    table = (
        SMI / "wsl2-rtx4070-smi555.52.01-windows-driver555.99-cuda12.5-TRUNCATED.txt"
    ).read_text()
    rejected = _fail(QUERY_ARGV, 'Field "compute_cap" is not a valid field to query.\n\n', 2)
    row = (
        "0, NVIDIA GeForce RTX 4070, GPU-00000000-0000-0000-0000-000000000000, "
        "00000000:01:00.0, 12282, 11706, 555.99\n"
    )
    runner = FakeRunner({QUERY_ARGV: rejected, OLD_ARGV: row, ("nvidia-smi",): table})
    res = nvidia.run(ctx(runner), nvml=NO_LIB)
    assert runner.calls == [("nvidia-smi",), QUERY_ARGV, OLD_ARGV]
    d = res.driver
    assert d is not None
    assert (d.status, d.version, d.cuda_version, d.smi_version, d.source) == (
        ProbeStatus.OK,
        "555.99",
        "12.5",
        "555.52.01",
        "nvidia-smi",
    )
    (g,) = res.gpus
    assert (g.name, g.memory_total_mib, g.memory_free_mib, g.compute_capability) == (
        "NVIDIA GeForce RTX 4070",
        12282,
        11706,
        None,
    )


def test_smi_fallback_cuda_err_is_error_with_gpus() -> None:
    table = (
        SMI / "wsl2-rtx3060-laptop-smi545.46-windows-driver546.80-cuda-ERR-TRUNCATED.txt"
    ).read_text()
    row = (
        "0, NVIDIA GeForce RTX 3060 Laptop GPU, GPU-0, 00000000:01:00.0, 6144, 5328, 8.6, 546.80\n"
    )
    res = nvidia.run(ctx(FakeRunner({QUERY_ARGV: row, ("nvidia-smi",): table})), nvml=NO_LIB)
    assert res.driver is not None
    assert (res.driver.status, res.driver.version, res.driver.cuda_version) == (
        ProbeStatus.ERROR,
        "546.80",
        None,
    )
    assert res.driver.message == "nvidia-smi prints 'CUDA Version: ERR!'"
    assert [g.compute_capability for g in res.gpus] == ["8.6"]


def test_smi_fallback_mig_devices_from_table() -> None:
    table = (SMI / "h100-mig-enabled-driver590.48.01-linux.txt").read_text()
    row = "0, NVIDIA H100 80GB HBM3, GPU-0, 00000000:00:09.0, 81559, 81081, 9.0, 590.48.01\n"
    res = nvidia.run(ctx(FakeRunner({QUERY_ARGV: row, ("nvidia-smi",): table})), nvml=NO_LIB)
    assert [g.is_mig for g in res.gpus] == [False, True, True, True, True]
    assert res.driver is not None and res.driver.cuda_version == "13.1"


def test_real_host_never_raises() -> None:
    """On this machine (no GPU): whatever is there, the probe returns a status."""
    res = nvidia.run(ProbeContext(timeout_s=5.0))
    assert res.driver is not None
    assert res.driver.status in set(ProbeStatus)


def test_query_failure_keeps_the_table_gpus() -> None:
    table = (SMI / "h200-driver580.173.02-cuda13.0-linux.txt").read_text()
    broken_query = _fail(QUERY_ARGV, "Unknown Error\n", 255)
    res = nvidia.run(
        ctx(FakeRunner({("nvidia-smi",): table, QUERY_ARGV: broken_query})), nvml=NO_LIB
    )
    assert res.driver is not None
    assert (res.driver.status, res.driver.version, res.driver.cuda_version) == (
        ProbeStatus.OK,
        "580.173.02",
        "13.0",
    )
    assert [(g.name, g.memory_total_mib, g.compute_capability) for g in res.gpus] == [
        ("NVIDIA H200", 143771, None)
    ]


def _script_runner(script: Path) -> Callable[[Sequence[str], float], CommandResult]:
    """The real runner, with `nvidia-smi` replaced by ``script`` (a real process)."""

    def runner(argv: Sequence[str], timeout_s: float) -> CommandResult:
        return run_command([str(script), *argv[1:]], timeout_s)

    return runner


@pytest.mark.skipif(os.name != "posix", reason="uses a POSIX shell script")
def test_really_hung_nvidia_smi_is_stopped(tmp_path: Path) -> None:
    script = tmp_path / "nvidia-smi"
    script.write_text("#!/bin/sh\nsleep 30\n")
    script.chmod(0o755)
    c = ProbeContext(runner=_script_runner(script), env={}, system="Linux", timeout_s=0.5)
    start = time.perf_counter()
    res = nvidia.run(c, nvml=NO_LIB)
    assert time.perf_counter() - start < 5
    assert res.driver is not None and res.driver.status is ProbeStatus.TIMEOUT
    assert res.driver.message == f"{script} did not finish within 0.5 s and was stopped"


@pytest.mark.skipif(os.name != "posix", reason="uses a POSIX shell script")
def test_crashing_nvidia_smi_is_an_error_with_its_output(tmp_path: Path) -> None:
    script = tmp_path / "nvidia-smi"
    script.write_text(
        "#!/bin/sh\n"
        "echo 'Unable to determine the device handle for GPU0000:01:00.0: Unknown Error' >&2\n"
        "kill -SEGV $$\n"
    )
    script.chmod(0o755)
    c = ProbeContext(runner=_script_runner(script), env={}, system="Linux", timeout_s=5.0)
    res = nvidia.run(c, nvml=NO_LIB)
    assert res.driver is not None and res.driver.status is ProbeStatus.ERROR
    assert res.driver.message == (
        "Unable to determine the device handle for GPU0000:01:00.0: Unknown Error"
    )
    assert res.records[-1].returncode == -11
