"""Driver, library, WSL2 and container kinds in forms the public cases do not show: other
libraries, CUDA versions, OSes and wordings (issue 10), and the merged twin ids."""

from __future__ import annotations

import pytest

from tfgpu.diagnosis.catalogue import load_catalogue
from tfgpu.diagnosis.doctor import diagnose
from tfgpu.explain import explain_lines
from tfgpu.facts import (
    GPU,
    CudaToolkit,
    DriverFacts,
    HostFacts,
    OSFacts,
    ProbeStatus,
    PythonFacts,
    TFFacts,
)
from tfgpu.facts.view import Facts
from tfgpu.findings import Finding, Severity
from tfgpu.knowledge import load_knowledge
from tfgpu.logs import read_lines

CUINIT = "E external/local_xla/xla/stream_executor/cuda/cuda_driver.cc:282] failed call to cuInit: "


def _by_id(lines: list[str], facts: HostFacts | None = None) -> dict[str, Finding]:
    return {f.id: f for f in explain_lines(lines, facts)}


def _claims(lines: list[str], facts: HostFacts | None = None) -> list[str]:
    return [f.id for f in explain_lines(lines, facts)
            if f.severity in (Severity.ERROR, Severity.WARNING) and not f.harmless
            and f.category not in ("unknown", "notice")]


def _host(system: str = "Linux", *, wsl: bool = False, tf: str | None = None,
          cuda: str | None = None, driver: str | None = None,
          gpus: tuple[GPU, ...] = ()) -> HostFacts:
    return HostFacts(
        os=OSFacts(system=system, is_wsl=wsl, wsl_version=2 if wsl else None),
        python=PythonFacts(version="3.10.12", executable="python"),
        gpus=gpus,
        driver=DriverFacts(status=ProbeStatus.OK, version=driver, source="nvidia-smi")
        if driver else None,
        toolkits=(CudaToolkit(root=None, version=cuda),) if cuda else (),
        tf=TFFacts(status=ProbeStatus.OK, version=tf) if tf else None,
    )


def _missing(lib: str) -> str:
    return (f"W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load "
            f"dynamic library '{lib}'; dlerror: {lib}: cannot open shared object file: No such "
            "file or directory")


# --- knowledge: CUresult and cudaError_t from status_codes.toml ------------------------------

def test_every_curesult_comes_from_status_codes() -> None:
    kb = load_knowledge()
    assert kb.cuda_error(500).name == "CUDA_ERROR_NOT_FOUND"  # type: ignore[union-attr]
    assert kb.cuda_error(303).name == "CUDA_ERROR_SHARED_OBJECT_INIT_FAILED"  # type: ignore[union-attr]
    assert all(r.table == "status_codes" for r in kb.cuda_errors)
    assert len(kb.cuda_errors) > 90  # the whole enum, not the 20 codes logs used to name
    row = kb.runtime_error_by_text("Initialization error.")
    assert row is not None and row.name == "cudaErrorInitializationError"


# --- twins merged -----------------------------------------------------------------------------

def test_old_twin_ids_are_aliases() -> None:
    book = load_catalogue()
    assert "driver-too-old-for-cuda-runtime" in book.spec("driver-too-old-for-cuda").aliases
    assert "driver-library-mismatch" in book.spec("nvidia-driver-library-mismatch").aliases
    assert book.spec_of("driver-too-old-for-cuda-runtime") is None


@pytest.mark.parametrize("line", [
    "cudaGetDevice() failed. Status: CUDA driver version is insufficient for CUDA runtime version",
    "W tensorflow/core/common_runtime/gpu/gpu_device.cc] CUDA runtime implicit initialization "
    "on GPU:1 failed. Status: CUDA driver version is insufficient for CUDA runtime version",
    CUINIT + "CUDA_ERROR_INSUFFICIENT_DRIVER",
])
def test_driver_too_old_from_a_log_is_the_host_id(line: str) -> None:
    assert _claims([line]) == ["driver-too-old-for-cuda"]


def test_driver_too_old_from_host_facts_is_the_same_id() -> None:
    host = _host(tf="2.16.1", driver="470.82.01", gpus=(GPU(0, "nvidia", "Tesla T4", "7.5"),))
    report = diagnose(host, load_knowledge())
    assert "driver-too-old-for-cuda" in {f.id for f in report.findings}


def test_kernel_dso_mismatch_line_is_the_nvidia_smi_id() -> None:
    line = ("E tensorflow/stream_executor/cuda/cuda_diagnostics.cc:313] kernel version 535.54.3 "
            "does not match DSO version 545.23.6 -- cannot find working devices in this "
            "configuration")
    f = _by_id([line])["nvidia-driver-library-mismatch"]
    assert "535.54.3" in f.cause and "reboot" in f.fix[0]


# --- cuInit: every CUresult, WSL2 containers, unknown hosts ----------------------------------

@pytest.mark.parametrize("tail", ["CUDA_ERROR_NOT_FOUND: named symbol not found",
                                  "UNKNOWN ERROR (500)"])
def test_cuinit_not_found_under_wsl2_names_the_container_toolkit(tail: str) -> None:
    lines = ["LD_LIBRARY_PATH=/usr/lib/wsl/lib:/usr/local/cuda/lib64", CUINIT + tail]
    f = _by_id(lines)["wsl2-container-cuinit-not-found"]
    assert f.severity is Severity.ERROR and f.category == "wsl2"
    assert "libnvdxgdmal.so.1" in f.cause and "1.14.4" in f.cause and "4.31.0" in f.cause
    assert f.knowledge_ref == "platform_facts:wsl2-container-libnvdxgdmal"


def test_cuinit_not_found_without_host_hints_is_hedged() -> None:
    f = _by_id([CUINIT + "CUDA_ERROR_NOT_FOUND: named symbol not found"])[
        "wsl2-container-cuinit-not-found"]
    assert f.severity is Severity.WARNING and "does not say this is WSL2" in f.cause


def test_cuinit_not_found_on_a_native_linux_host_is_not_the_wsl_story() -> None:
    ids = _by_id([CUINIT + "CUDA_ERROR_NOT_FOUND: named symbol not found"], _host())
    assert "wsl2-container-cuinit-not-found" not in ids and "cuinit-not-found" in ids


def test_cuinit_303_alone_on_an_unknown_host_is_harmless() -> None:
    lines = ["2021-03-01 10:00:00.0: E tensorflow/stream_executor/cuda/cuda_driver.cc:328] "
             "failed call to cuInit: UNKNOWN ERROR (303)"]
    f = _by_id(lines)["cuinit-shared-object-init-failed"]
    assert f.harmless and f.severity is Severity.INFO
    assert _claims(lines) == []


def test_cuinit_303_with_a_gpu_in_the_log_is_not_harmless() -> None:
    lines = ["| NVIDIA-SMI 535.54.03   Driver Version: 535.54.03   CUDA Version: 12.2 |",
             CUINIT + "CUDA_ERROR_SHARED_OBJECT_INIT_FAILED: shared object initialization "
             "failed"]
    f = _by_id(lines)["cuinit-shared-object-init-failed"]
    assert not f.harmless and f.severity is Severity.ERROR


def test_runtime_init_status_text_is_looked_up() -> None:
    line = ("InternalError: CUDA runtime implicit initialization on GPU:0 failed. Status: "
            "initialization error")
    f = _by_id([line])["cuda-runtime-init-failed"]
    assert "cudaErrorInitializationError" in f.cause and f.knowledge_ref


def test_runtime_init_kernel_image_is_left_to_its_own_kind() -> None:
    line = ("InternalError: CUDA runtime implicit initialization on GPU:0 failed. Status: "
            "device kernel image is invalid")
    assert "cuda-runtime-init-failed" not in _by_id([line])


# --- WSL1 from the log ------------------------------------------------------------------------

def test_wsl1_kernel_in_the_log_names_wsl1_not_the_missing_libcuda() -> None:
    lines = ["Linux version 4.4.0-19041-Microsoft (Microsoft@Microsoft.com) (gcc version 5.4.0)",
             _missing("libcuda.so.1"),
             CUINIT.replace("local_xla/xla", "tensorflow") + "UNKNOWN ERROR (303)"]
    assert _claims(lines) == ["wsl1-has-no-gpu"]


# --- libraries: SONAME of another CUDA minor, harmless cudart, DLL search ---------------------

@pytest.mark.parametrize(("lib", "host", "ships"), [
    ("libcudart.so.10.0", _host(cuda="10.2"), "10.0"),          # TF 1.13-1.15: CUDA 10.0 exact
    ("libcublas.so.8.0", _host(cuda="8.1"), "8.0"),
    ("libcusolver.so.10", _host(tf="2.4.1", cuda="11.3"), "10.1 up to, not including, 11.1"),
    ("libcusolver.so.11", _host(cuda="11.0"), "11.1 and later"),
])
def test_soname_of_another_cuda_minor(lib: str, host: HostFacts, ships: str) -> None:
    f = _by_id([_missing(lib)], host)["cuda-minor-soname-mismatch"]
    assert f.category == "version-mismatch" and ships in f.title
    assert f"library-not-loaded-{lib.replace('.', '-')}" not in _by_id([_missing(lib)], host)


def test_soname_from_a_cuda_folder_in_the_log_and_tf_build() -> None:
    line = _missing("libcusolver.so.10") + "; LD_LIBRARY_PATH: /usr/local/cuda-11.2/lib64"
    f = _by_id([line], _host(tf="2.4.0"))["cuda-minor-soname-mismatch"]
    assert "11.2" in f.title and "CUDA 11.0" in f.cause and "install CUDA 11.0" in f.fix[0]


def test_windows_dll_of_another_cuda_minor() -> None:
    f = _by_id([_missing("cusolver64_10.dll")], _host("Windows", tf="2.4.0", cuda="11.1"))[
        "cuda-minor-soname-mismatch"]
    assert "PATH" in f.fix[0]


def test_other_cuda_major_stays_a_library_not_loaded() -> None:
    ids = _by_id([_missing("libcusolver.so.10")], _host(cuda="12.2"))
    assert "cuda-minor-soname-mismatch" not in ids
    assert "library-not-loaded-libcusolver-so-10" in ids


@pytest.mark.parametrize(("lib", "cuda"), [("cudart64_101.dll", "CUDA 10.1"),
                                           ("libcudart.so.11.0", "CUDA 11"),
                                           ("libcudart.so.12", "CUDA 12")])
def test_lone_cudart_without_gpu_evidence_is_a_conditional_warning(lib: str, cuda: str) -> None:
    # nothing shows whether the host has an NVIDIA GPU: TensorFlow cannot use one
    # either way; harmless only on a host without one, and the title says so
    key = f"library-not-loaded-{lib.replace('.', '-').replace('_', '-')}"
    f = _by_id([_missing(lib)])[key]
    assert not f.harmless and f.severity is Severity.WARNING
    assert f"the {cuda} runtime {lib} is missing" in f.title
    assert "harmless if this host has no NVIDIA GPU" in f.title
    assert f.fix[0].startswith("nvidia-smi")
    # host facts of a host without an NVIDIA GPU: harmless, nothing to fix
    cpu = _by_id([_missing(lib)], _host(gpus=(GPU(index=0, vendor="intel",
                                                    name="Intel UHD Graphics 620"),)))[key]
    assert cpu.harmless and cpu.severity is Severity.INFO and not cpu.fix


def test_missing_cudart_is_never_harmless_on_a_gpu_host() -> None:
    lines = ["I gpu_device.cc:1561] Found device 0 with properties: name: NVIDIA GeForce RTX "
             "3060 major: 8 minor: 6", _missing("libcudart.so.11.0")]
    assert not _by_id(lines)["library-not-loaded-libcudart-so-11-0"].harmless
    line = _missing("libcudart.so.11.0") + "; LD_LIBRARY_PATH: /usr/local/cuda-12.1/lib64"
    assert not _by_id([line])["library-not-loaded-libcudart-so-11-0"].harmless


def test_windows_dll_of_the_installed_cuda_is_a_search_path_fault() -> None:
    f = _by_id([_missing("cublas64_11.dll")], _host("Windows", tf="2.9.1", cuda="11.2"))[
        "windows-dll-directory-not-searched"]
    assert f.category == "windows-dll" and any("add_dll_directory" in x for x in f.fix)


def test_tfjs_user_gets_no_pip_fix() -> None:
    lines = ["at Object.<anonymous> (/app/node_modules/@tensorflow/tfjs-node-gpu/dist/index.js:9)",
             _missing("libcudnn.so.8")]
    # the tfjs-node-gpu kind (checks/tfjs.py) names it; no library-not-loaded finding with a
    # pip fix beside it
    found = _by_id(lines)
    f = found["tfjs-node-gpu-cuda-libraries-missing"]
    assert "library-not-loaded-libcudnn-so-8" not in found
    assert not any("pip install" in x for x in f.fix) and any("tfjs" in x for x in f.fix)


# --- containers -------------------------------------------------------------------------------

@pytest.mark.parametrize(("line", "fid"), [
    ('docker: Error response from daemon: could not select device driver "" with '
     "capabilities: [[gpu]].", "docker-nvidia-container-toolkit-missing"),
    ("docker: Error response from daemon: unknown or invalid runtime name: nvidia.",
     "docker-nvidia-runtime-not-configured"),
    ("unknown flag: --gpus", "docker-too-old-for-gpus"),
    ("stderr: nvidia-container-cli: initialization error: nvml error: driver not loaded: "
     "unknown.", "docker-host-nvidia-driver-not-loaded"),
    ("nvidia-container-cli: initialization error: load library failed: libnvidia-ml.so.1: "
     "cannot open shared object file: no such file or directory: unknown.",
     "docker-host-nvidia-driver-not-loaded"),
])
def test_docker_errors(line: str, fid: str) -> None:
    assert _claims([line]) == [fid]


def test_container_without_device_nodes() -> None:
    lines = ["I dso_loader.cc:44] Successfully opened dynamic library libcuda.so.1",
             CUINIT + "UNKNOWN ERROR (-1)",
             "I cuda_diagnostics.cc:163] no NVIDIA GPU device is present: /dev/nvidia1 does "
             "not exist"]
    f = _by_id(lines)["docker-run-without-gpus"]
    # one severity per fault (semantics, stage 3): no device node is an error, container or not
    assert f.severity is Severity.ERROR and "/dev/nvidia1" in f.cause
    assert "if this is not a container" in f.cause
    assert f.fix[0].startswith("docker run --gpus all")


@pytest.mark.parametrize(("host", "fid"), [
    (_host(wsl=True), "ngc-banner-driver-not-detected-wsl2"),
    (_host(), "docker-run-without-gpus"),
])
def test_ngc_banner(host: HostFacts, fid: str) -> None:
    lines = ["WARNING: The NVIDIA Driver was not detected.  GPU functionality will not be "
             "available.", "   Use 'nvidia-docker run' to start this container"]
    found = _by_id(lines, host)
    assert fid in found
    assert found[fid].harmless is (fid == "ngc-banner-driver-not-detected-wsl2")


# --- host hints read from the log -------------------------------------------------------------

def test_host_hints_from_log_paths() -> None:
    lines = [_missing("libcudnn.so.8") + "; LD_LIBRARY_PATH: /usr/local/cuda-11.8/lib64",
             'File "/home/u/.venv/lib/python3.9/site-packages/tensorflow/__init__.py"',
             "Linux version 4.4.0-22000-Microsoft"]
    f = Facts(None, read_lines(lines))
    assert f.log_cuda_versions == ("11.8",) and f.any_cuda_versions == ("11.8",)
    assert f.log_python_version == "3.9" and f.wsl1 and not f.non_pip_tensorflow
    assert Facts(_host(wsl=True), read_lines(lines)).wsl1 is False  # host facts win


# --- Windows: DLL load failed at import of TensorFlow >= 2.1 is the MSVC runtime ---------------

@pytest.mark.parametrize("why", ["The specified module could not be found.",
                                 "Le module spécifié est introuvable."])
def test_import_dll_load_failed_on_tf22_is_the_msvc_runtime(why: str) -> None:
    line = f"ImportError: DLL load failed while importing _pywrap_tensorflow_internal: {why}"
    f = _by_id([line], _host("Windows", tf="2.2.0"))["windows-msvc-runtime-missing"]
    assert "msvcp140_1.dll" in f.cause and f.knowledge_ref == \
        "platform_facts:windows-msvc-2019-runtime"


def test_import_dll_load_failed_on_tf20_or_numpy_is_not_the_msvc_reading() -> None:
    line = "ImportError: DLL load failed: The specified module could not be found."
    assert "windows-msvc-runtime-missing" not in _by_id([line], _host("Windows", tf="2.0.0"))
    numpy = ("ImportError: DLL load failed while importing _multiarray_umath: The specified "
             "module could not be found.")
    assert "windows-msvc-runtime-missing" not in _by_id([numpy], _host("Windows", tf="2.5.0"))


@pytest.mark.parametrize("line", [
    "I tensorflow/core/common_runtime/pluggable_device/pluggable_device_factory.cc:306] Could "
    "not identify NUMA node of platform GPU ID 1, defaulting to 0. Your kernel may not have "
    "been built with NUMA support.",
    "I tensorflow/core/common_runtime/gpu/gpu_device.cc:1601] Could not identify NUMA node of "
    "platform GPU ID 0, defaulting to 0.  Your kernel may not have been built with NUMA support.",
])
def test_unidentified_numa_node_is_a_harmless_notice(line: str) -> None:
    f = _by_id([line])["numa-node-notice"]
    assert f.harmless and "DirectML" in f.cause
    assert _claims([line]) == []
