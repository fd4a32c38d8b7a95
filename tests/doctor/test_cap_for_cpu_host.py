"""GPU-only findings on a host without an NVIDIA GPU: lowered to info, no GPU fix commands."""

from __future__ import annotations

from doctor_helpers import PCI_NO_DISPLAY, cpu_ok, linux, python

from tfgpu.diagnosis.engine import cap_for_cpu_host
from tfgpu.facts import GPU, DriverFacts, HostFacts, ProbeRecord, ProbeStatus
from tfgpu.findings import Evidence, Finding, Severity

STRAY_TOOLKIT = Finding(
    id="cuda-major-mismatch", severity=Severity.ERROR, category="version-mismatch",
    title="TensorFlow needs CUDA 12, only CUDA 13 is installed", area="cuda",
    cause="found CUDA 13.0", fix=('pip install "tensorflow[and-cuda]"',),
)
NOT_GPU_ONLY = Finding(id="tensorflow-gpu-removed", severity=Severity.ERROR, category="pip",
                       title="x", area="python", fix=("pip uninstall tensorflow-gpu",))


def _host(driver: DriverFacts, gpus: tuple[GPU, ...] = (),
          probes: tuple[ProbeRecord, ...] = PCI_NO_DISPLAY) -> HostFacts:
    return HostFacts(os=linux(), python=python(), cpu=cpu_ok(), driver=driver, gpus=gpus,
                     probes=probes)


def test_no_driver_no_gpu_lowers_gpu_only_findings_and_drops_their_fix() -> None:
    out = {f.id: f for f in cap_for_cpu_host(_host(DriverFacts(ProbeStatus.MISSING)),
                                             [STRAY_TOOLKIT, NOT_GPU_ONLY])}
    assert out["cuda-major-mismatch"].severity is Severity.INFO
    assert out["cuda-major-mismatch"].fix == ()
    assert "no NVIDIA GPU" in out["cuda-major-mismatch"].cause
    assert out["tensorflow-gpu-removed"] == NOT_GPU_ONLY


def test_no_driver_and_no_pci_listing_caps_without_claiming_no_gpu() -> None:
    hung = (ProbeRecord("lspci", ProbeStatus.TIMEOUT, ("lspci", "-nn"), duration_s=10.0),)
    (out,) = cap_for_cpu_host(_host(DriverFacts(ProbeStatus.MISSING), probes=hung),
                              [STRAY_TOOLKIT])
    assert out.severity is Severity.INFO and out.fix == ()
    assert "no NVIDIA GPU" not in out.cause
    assert "no NVIDIA driver is installed here" in out.cause


def test_broken_driver_keeps_findings_as_they_are() -> None:
    # (a "couldn't communicate" nvidia-smi listed no hardware: with the PCI bus showing no
    # NVIDIA device that host has no GPU, and is capped)
    host = _host(DriverFacts(ProbeStatus.ERROR,
                             message="Failed to initialize NVML: Driver/library version mismatch"))
    assert cap_for_cpu_host(host, [STRAY_TOOLKIT]) == (STRAY_TOOLKIT,)


def test_host_with_nvidia_gpu_keeps_findings_as_they_are() -> None:
    gpu = GPU(index=0, vendor="nvidia", name="NVIDIA L4", source="nvml")
    host = _host(DriverFacts(ProbeStatus.OK, version="535.161.08"), (gpu,))
    assert cap_for_cpu_host(host, [STRAY_TOOLKIT]) == (STRAY_TOOLKIT,)


def test_findings_that_fail_on_any_device_or_another_vendors_gpu_keep_their_severity() -> None:
    """The catalogue's gpu_neutral rows (a model from a newer TensorFlow stops a CPU run too)
    and another vendor's stack (ROCm's) say nothing about an NVIDIA GPU: not lowered."""
    newer_graph = Finding(id="graph-attr-from-newer-tensorflow", severity=Severity.ERROR,
                          category="version-mismatch", title="x", area="tensorflow",
                          fix=("upgrade",))
    rocm = Finding(id="xla-rocm-device-libs-not-found", severity=Severity.ERROR,
                   category="xla-ptxas", title="x", area="cuda", fix=("find",))
    amd = GPU(index=0, vendor="amd", name="Radeon RX 6800 XT", source="lspci")
    out = {f.id: f for f in cap_for_cpu_host(_host(DriverFacts(ProbeStatus.MISSING), (amd,)),
                                             [STRAY_TOOLKIT, newer_graph, rocm])}
    assert out["graph-attr-from-newer-tensorflow"] == newer_graph
    assert out["xla-rocm-device-libs-not-found"] == rocm
    assert out["cuda-major-mismatch"].severity is Severity.INFO
    # a host shown to have no GPU at all runs no ROCm either: capped like the CUDA findings
    bare = {f.id: f for f in cap_for_cpu_host(_host(DriverFacts(ProbeStatus.MISSING)),
                                              [newer_graph, rocm])}
    assert bare["xla-rocm-device-libs-not-found"].severity is Severity.INFO
    assert bare["graph-attr-from-newer-tensorflow"] == newer_graph


def _library_finding(line: str) -> Finding:
    return Finding(id="library-not-loaded-libcublas-so-9-0", severity=Severity.ERROR,
                   category="version-mismatch", title="libcublas.so.9.0 is missing",
                   area="cuda", evidence=(Evidence("log", line, 4),),
                   fix=("# install CUDA 9.0",))


def test_a_tensorflow_import_that_failed_keeps_its_severity_on_a_gpu_less_host() -> None:
    # TensorFlow 1.x GPU builds link the CUDA libraries into their native module: without
    # them nothing of TensorFlow runs, on the CPU neither
    fatal = _library_finding(
        "ImportError: libcublas.so.9.0: cannot open shared object file: No such file or directory")
    (out,) = cap_for_cpu_host(_host(DriverFacts(ProbeStatus.MISSING)), [fatal])
    assert out == fatal


def test_an_importerror_of_python_names_quoted_on_the_line_is_still_capped() -> None:
    # a one-line paste: TF 2.4's harmless cudart dlerror, then Keras' own ImportError
    quoted = _library_finding(
        "W tensorflow/stream_executor/platform/default/dso_loader.cc:60] Could not load dynamic "
        "library 'libcudart.so.11.0'; dlerror: libcudart.so.11.0: cannot open shared object "
        "file ImportError: cannot import name 'LayerNormalization' from 'keras.layers'")
    (out,) = cap_for_cpu_host(_host(DriverFacts(ProbeStatus.MISSING)), [quoted])
    assert out.severity is Severity.INFO and out.fix == ()
