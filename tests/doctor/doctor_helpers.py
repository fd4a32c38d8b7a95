"""Builders of HostFacts for the doctor's tests, from recorded real outputs where they exist."""

from __future__ import annotations

import stat
from pathlib import Path

from tfgpu import facts as F

TESTS = Path(__file__).resolve().parent.parent
RECORDED = TESTS / "fixtures" / "recorded"
HOSTS = TESTS / "fixtures" / "doctor" / "hosts"
GOLDEN = Path(__file__).resolve().parent / "golden"
CPU_ONLY_LOG = RECORDED / "tf-logs" / "tf2.21-pip-linux-no-gpu-no-driver-cpu-only.txt"

PY = "/opt/venv/bin/python"
SITE = "/opt/venv/lib/python3.11/site-packages"


def recorded(rel: str) -> str:
    """Text of a recorded real output (tests/fixtures/recorded/REL)."""
    return (RECORDED / rel).read_text(encoding="utf-8")


def dist(name: str, version: str) -> F.Distribution:
    return F.Distribution(name=name, version=version, location=SITE)


def python(*dists: F.Distribution) -> F.PythonFacts:
    return F.PythonFacts(version="3.11.7", executable=PY, virtualenv="/opt/venv",
                       distributions=tuple(sorted(dists, key=lambda d: d.name)))


def linux(**kw: object) -> F.OSFacts:
    base: dict[str, object] = dict(system="Linux", name="Ubuntu 22.04.4 LTS", version="22.04",
                                   kernel="6.5.0-35-generic", machine="x86_64", glibc="2.35")
    base.update(kw)
    return F.OSFacts(**base)  # type: ignore[arg-type]


def cpu_ok() -> F.CPUFacts:
    return F.CPUFacts(model="AMD EPYC", machine="x86_64", logical_cores=2,
                    flags=("sse4_2", "avx", "avx2", "fma"))


CPU_RECORD = F.ProbeRecord("cpu", F.ProbeStatus.OK, ("/proc/cpuinfo",))


def cpu_only_log() -> tuple[tuple[str, ...], list[str]]:
    """(stderr lines, stdout lines) of the recorded TF 2.21 run on this GPU-less machine."""
    text = CPU_ONLY_LOG.read_text(encoding="utf-8")
    err, _, out = text.partition("--- stdout ---\n")
    return tuple(err.splitlines()), out.splitlines()


def tf_cpu_only_from_recording() -> F.TFFacts:
    """TFFacts equal to what the child probe reports for the recorded TF 2.21 CPU run."""
    err, out = cpu_only_log()
    assert out[0] == "2.21.0"
    return F.TFFacts(
        status=F.ProbeStatus.OK, version=out[0],
        build_info={"cpu_compiler": "clang",
                    "cuda_compute_capabilities": "sm_60,sm_70,sm_80,sm_89,compute_90",
                    "cuda_version": "12.5.1", "cudnn_version": "9", "is_cuda_build": "True",
                    "is_rocm_build": "False", "is_tensorrt_build": "False"},
        devices=(F.TFDevice(name="/physical_device:CPU:0", device_type="CPU"),),
        log_lines=err, returncode=0, import_s=4.6, duration_s=5.7,
    )


#: The adapter listings of this machine: no lspci, and /sys/bus/pci/devices lists six PCI
#: functions (vendors 0x8086 and 0x1af4: a host bridge, virtio devices), none a display
#: adapter (read there, 2026-12-02).
PCI_NO_DISPLAY = (
    F.ProbeRecord("lspci", F.ProbeStatus.MISSING, ("lspci", "-nn"), message="lspci: not found"),
    F.ProbeRecord("sysfs-pci", F.ProbeStatus.OK, ("/sys/bus/pci/devices/*/class,vendor,device",),
                  message="6 PCI functions, none a display adapter"),
)


def this_machine() -> F.HostFacts:
    """This GPU-less Debian 12 machine with pip TensorFlow 2.21.0 (recorded)."""
    return F.HostFacts(
        os=F.OSFacts(system="Linux", name="Debian GNU/Linux 12 (bookworm)", version="12",
                   kernel="6.18.44-fc-v657", machine="x86_64", glibc="2.36"),
        python=python(dist("tensorflow", "2.21.0"), dist("keras", "3.15.1"),
                      dist("numpy", "2.4.6")),
        cpu=cpu_ok(),
        driver=F.DriverFacts(F.ProbeStatus.MISSING, source="nvidia-smi",
                           message="nvidia-smi: not found"),
        tf=tf_cpu_only_from_recording(),
        probes=(CPU_RECORD,
                F.ProbeRecord("nvml", F.ProbeStatus.MISSING, ("nvmlInit",),
                            message="NVML Shared Library Not Found"),
                F.ProbeRecord("nvidia-smi", F.ProbeStatus.MISSING, ("nvidia-smi",),
                            message="nvidia-smi: not found"),
                *PCI_NO_DISPLAY),
    )


def l4_gpu(index: int = 0, **kw: object) -> F.GPU:
    base: dict[str, object] = dict(index=index, vendor="nvidia", name="NVIDIA L4",
                                   uuid=f"GPU-0000000{index}-0000-0000-0000-000000000000",
                                   pci_bus_id=f"00000000:0{index + 1}:00.0",
                                   memory_total_mib=23034, memory_free_mib=22700,
                                   compute_capability="8.9", source="nvml")
    base.update(kw)
    return F.GPU(**base)  # type: ignore[arg-type]


def gpu_host(
    gpus: tuple[F.GPU, ...] = (), tf: F.TFFacts | None = None, **kw: object
) -> F.HostFacts:
    """A Linux host whose driver answers (535.161.08, CUDA 12.2) with ``gpus``."""
    base: dict[str, object] = dict(
        os=linux(), python=python(dist("tensorflow", "2.15.0")), cpu=cpu_ok(),
        gpus=gpus or (l4_gpu(),),
        driver=F.DriverFacts(F.ProbeStatus.OK, version="535.161.08", cuda_version="12.2",
                           source="nvml"),
        tf=tf, probes=(CPU_RECORD,),
    )
    base.update(kw)
    return F.HostFacts(**base)  # type: ignore[arg-type]


def tf_with_gpus(*names: str, version: str = "2.15.0", op_ok: bool = True) -> F.TFFacts:
    devs = [F.TFDevice(name="/physical_device:CPU:0", device_type="CPU")]
    for i, n in enumerate(names):
        devs.append(F.TFDevice(
            name=f"/physical_device:GPU:{i}", device_type="GPU",
            details={"device_name": n, "compute_capability": "8.9"}, op_ok=op_ok,
            op_device=f"/job:localhost/replica:0/task:0/device:GPU:{i}",
            op_error=None if op_ok else "INTERNAL: no kernel image is available for execution",
            op_duration_s=0.02))
    return F.TFFacts(F.ProbeStatus.OK, version=version,
                   build_info={"cuda_version": "12.2", "cudnn_version": "8",
                               "is_cuda_build": "True"},
                   devices=tuple(devs), returncode=0, import_s=2.5, duration_s=3.1)


def fake_python(tmp: Path, name: str, body: str) -> str:
    """Write an executable shell script standing in for a Python interpreter."""
    path = tmp / name
    path.write_text("#!/bin/sh\n" + body + "\n", encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return str(path)
