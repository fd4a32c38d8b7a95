"""Regression tests for the fresh-eyes review of `tfgpu explain` (one per defect kind).

Inputs live in tests/fixtures/explain-pastes/ (README there says where each came from);
each test also checks a variant the review did not show, so that the kind is caught.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from tfgpu.cli.main import main
from tfgpu.explain import explain_lines, explain_stream
from tfgpu.facts import HostFacts, OSFacts, ProbeStatus, PythonFacts, TFFacts
from tfgpu.findings import CATEGORIES, Finding, Severity
from tfgpu.knowledge import load_knowledge

REVIEW = Path(__file__).resolve().parents[1] / "fixtures" / "explain-pastes"


def _explain(name: str, facts: HostFacts | None = None) -> dict[str, Finding]:
    with (REVIEW / name).open("rb") as fh:
        return {f.id: f for f in explain_stream(fh, facts).findings}


def _lines(text: str, facts: HostFacts | None = None) -> dict[str, Finding]:
    return {f.id: f for f in explain_lines(text.splitlines(), facts)}


def _text(f: Finding) -> str:
    return " ".join([f.title, f.cause, *f.fix])


# 1. ptxas too old / unsupported architecture ------------------------------------------------
def test_ptxas_older_than_minimum_and_unknown_sm_are_xla_ptxas_findings() -> None:
    f = _explain("w04_ptxas_old.log")
    old = f["ptxas-too-old"]
    # XLA's version check is a warning, and the driver compiled what ptxas could not: one
    # warning names both (the ptxas line and the driver fallback are its evidence)
    assert old.category == "xla-ptxas" and old.severity is Severity.WARNING
    assert "10.1.243" in old.title and "11.1" in old.title and "sm_86" in old.title
    assert any("nvidia-cuda-nvcc-cu" in x for x in old.fix)
    assert any("--xla_gpu_cuda_data_dir" in x for x in old.fix)
    assert [e.line for e in old.evidence] == [1, 4, 6]
    assert "ptxas-does-not-support-gpu" not in f


def test_ptxas_does_not_support_cc_fallback_variant() -> None:
    line = (
        "W0000 00:00:1712345678.000000   12 nvptx_compiler.cc:760] Falling back to the CUDA "
        "driver for PTX compilation; ptxas does not support CC 8.9"
    )
    f = _lines(line)["ptxas-does-not-support-gpu"]
    assert "sm_89" in f.title and "11.8" in f.title and f.category == "xla-ptxas"


def test_ptxas_fix_follows_tensorflow_cuda_major() -> None:
    log = "TensorFlow version: 2.13.0\n" + (REVIEW / "w04_ptxas_old.log").read_text()
    f = _lines(log)["ptxas-too-old"]
    assert "CUDA 11.8 toolkit" in f.fix[0]  # 2.13 (CUDA 11.8) predates the [and-cuda] extra


# 2. log evidence of a GPU makes "could not find cuda drivers" an error -------------------------
def test_nvidia_smi_in_the_log_makes_cuda_drivers_line_an_error() -> None:
    f = _explain("nsmi.log")
    err = f["tf-cuda-runtime-missing"]
    assert err.severity is Severity.ERROR and not err.harmless
    assert {e.line for e in err.evidence} >= {3, 8}
    assert "525.105.17" in err.cause
    assert any("tensorflow[and-cuda]" in x for x in err.fix)
    assert any("libcuda" in x for x in err.fix)
    assert "tensorflow-sees-no-gpu" not in f  # the empty list is explained, not restated


def test_created_device_also_counts_as_gpu_evidence() -> None:
    log = (
        "Created device /job:localhost/replica:0/task:0/device:GPU:0 with 22282 MB memory:  -> "
        "device: 0, name: NVIDIA A10G, pci bus id: 0000:00:1e.0, compute capability: 8.6\n"
        "I tensorflow/tsl/cuda/cudart_stub.cc:28] Could not find cuda drivers on your machine, "
        "GPU will not be used.\n"
    )
    assert _lines(log)["tf-cuda-runtime-missing"].severity is Severity.ERROR


def test_cuda_drivers_line_without_gpu_evidence_is_a_conditional_warning() -> None:
    # the cudart stub prints it when the CUDA runtime does not load: a GPU host's fault as
    # often as a GPU-less host's notice, and the log shows neither
    f = _lines(
        "I tensorflow/tsl/cuda/cudart_stub.cc:28] Could not find cuda drivers on your machine, "
        "GPU will not be used."
    )
    notice = f["cuda-drivers-not-found-notice"]
    assert not notice.harmless and notice.severity is Severity.WARNING
    assert "harmless if this host has no NVIDIA GPU" in notice.title
    assert notice.fix[0].startswith("nvidia-smi")


# 3. UTF-16 input ---------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["u16.log", "u16le.log"])
def test_utf16_logs_are_transcoded(name: str) -> None:
    with (REVIEW / name).open("rb") as fh:
        res = explain_stream(fh)
    assert res.stats.encoding in ("utf-16", "utf-16-le")
    ids = {f.id for f in res.findings}
    assert "driver-too-old-for-cuda" in ids
    assert res.stats.lines == 3


def test_utf16_big_endian_and_small_chunks() -> None:
    text = "line one\nW dso_loader.cc:60] Could not load dynamic library 'libcudnn.so.8'\n"
    data = text.encode("utf-16-be")
    res = explain_stream(io.BytesIO(data), chunk_bytes=64)
    assert res.stats.encoding == "utf-16-be"
    assert [e.line for f in res.findings for e in f.evidence if f.id.endswith("libcudnn-so-8")] == [
        2
    ]


# 4. \r progress bars -------------------------------------------------------------------------
def test_error_after_progress_bar_on_the_same_line_is_found() -> None:
    f = _explain("progress2.log")
    oom = f["gpu-out-of-memory-tensor"]
    assert "[64,256,56,56]" in oom.title and oom.evidence[0].line == 1
    assert oom.evidence[0].text.startswith("2023-01-01")  # the piece after the last \r


def test_keyword_far_in_the_tail_of_a_long_line_without_cr() -> None:
    data = (
        b"x" * 200_000
        + b" CUDA_ERROR_OUT_OF_MEMORY failed to allocate 1.00G (1073741824 bytes) from device: "
        + b"CUDA_ERROR_OUT_OF_MEMORY\n"
    )
    res = explain_stream(io.BytesIO(data))
    assert any(f.id == "gpu-memory-held-by-other-process" for f in res.findings)


def test_explain_lines_splits_carriage_returns_too() -> None:
    line = (
        "1/9 [=>...] - ETA: 3s\r2/9 [==>..]\r"
        "RuntimeError: Physical devices cannot be modified after being initialized"
    )
    f = {x.id: x for x in explain_lines([line, "next line"])}["device-config-after-init"]
    assert f.evidence[0].line == 1  # numbered by newlines, not by \r


# 5. compute capability ----------------------------------------------------------------------
def test_cc_below_every_tabled_floor_says_no_official_build_of_those_releases() -> None:
    f = _explain("r08_cc30_williamfalcon.log")["gpu-compute-capability-too-low"]
    assert "3.0 < required 3.5" in f.title and not f.title.endswith(".")
    # (the table starts at 2.0: official 0.x/1.x wheels are not in it, some ran on CC 3.0,
    # tensorflow/tensorflow#6125: so the claim is bounded to the releases the table holds)
    assert "No official TensorFlow wheel from 2.0.0 on supports it" in f.cause
    assert "Older 1.x and 0.x wheels are not in the table" in f.cause
    assert not any("official" in x for x in f.fix)
    assert any("source" in x for x in f.fix) and any("CPU" in x for x in f.fix)
    floor = load_knowledge().lowest_wheel_cc()
    assert floor.min_cc in f.cause


def test_cc_above_an_official_floor_names_the_official_wheel_and_the_c_library() -> None:
    # a 6.0 floor with no Python TensorFlow version known: the official wheel for Python
    # TF 2.17+, or the prebuilt libtensorflow 1.x (tfjs-node-gpu: this excerpt's thread)
    f = _explain("r09_cc52_tfjs.log")["gpu-compute-capability-too-low"]
    fits = load_knowledge().newest_wheel_for_cc("5.2")
    assert fits is not None
    assert "tf.__version__" in f.fix[0]
    assert "install CUDA" in f.fix[1] and f"TensorFlow {fits.tf_version_last}" in f.fix[1]
    assert f"'tensorflow~={fits.tf_version_last}'" in f.fix[2]
    assert any("libtensorflow" in x for x in f.fix[3:])
    assert f.knowledge_ref == fits.ref


# 6. cuInit 303 with the driver versions in the log ---------------------------------------------
def test_cuinit_303_with_reported_versions_points_at_libcuda() -> None:
    f = _explain("v06_cuinit303.log")["cuinit-shared-object-init-failed"]
    assert f.severity is Severity.ERROR and f.category == "version-mismatch"
    assert "no NVIDIA kernel driver is loaded" not in f.cause
    assert "470.82.1" in f.cause and "libcuda" in f.cause
    assert any("LD_LIBRARY_PATH" in x for x in f.fix)
    assert [e.line for e in f.evidence] == [1, 4, 5]


def test_cuinit_303_without_versions_keeps_the_no_driver_reading() -> None:
    f = _lines("E cuda_driver.cc:271] failed call to cuInit: UNKNOWN ERROR (303)")
    # nothing shows a GPU: the no-driver reading, harmless on a CPU host (k-driver)
    assert "driver is not installed or not loaded" in f["cuinit-shared-object-init-failed"].cause
    assert f["cuinit-shared-object-init-failed"].harmless


# 7. facts: Python too old for [and-cuda]; no driver claims without driver data --------
def _py38_facts() -> HostFacts:
    return HostFacts(
        os=OSFacts(system="Linux"),
        python=PythonFacts(version="3.8.10", executable="python"),
        tf=TFFacts(status=ProbeStatus.OK, version="2.13.0"),
    )


def test_python38_facts_never_get_a_bare_and_cuda_upgrade() -> None:
    log = (
        "I tensorflow/tsl/cuda/cudart_stub.cc:28] Could not find cuda drivers on your machine, "
        "GPU will not be used.\n"
        "W dso_loader.cc:60] Could not load dynamic library 'libcudart.so.11.0'; dlerror: "
        "libcudart.so.11.0: cannot open shared object file\n"
    )
    for f in explain_lines(log.splitlines(), _py38_facts()):
        for fix in f.fix:
            if "tensorflow[and-cuda]" in fix:
                assert "Python 3.8.10" in fix and "cannot install" in fix, fix
        assert "driver is fine" not in f.cause


# 8. Windows syntax and folders --------------------------------------------------------------------
@pytest.mark.parametrize(("log", "fid", "present", "absent"), [
    # a Windows prompt gets Windows venv commands
    ("r12_nomatch_py313_win.log", "tensorflow-no-matching-distribution",
     (".venv\\Scripts\\activate", "py -3."), "bin/activate"),
    # CUPTI on Windows: the dated DLL names, no Linux folder
    ("r14_cupti_win.log", "cupti-not-loaded", ("cupti64_2020.1.1.dll", "cupti64_110.dll"),
     "/usr/local"),
])
def test_windows_logs_get_windows_fixes(log: str, fid: str, present: tuple[str, ...],
                                        absent: str) -> None:
    fixes = " ".join(_explain(log)[fid].fix)
    assert all(word in fixes for word in present), fixes
    assert absent not in fixes


def test_windows_cuda_folder_is_never_invented() -> None:
    line = (
        "W dso_loader.cc:60] Could not load dynamic library 'cudart64_110.dll'; "
        "dlerror: cudart64_110.dll not found"
    )
    f = _lines(line)["library-not-loaded-cudart64-110-dll"]
    fixes = " ".join(f.fix)
    assert "CUDA\\v11\\bin" not in fixes and "v11.x" in fixes and "2.10" in fixes
    f2 = _lines("TensorFlow version: 2.10.0\n" + line)["library-not-loaded-cudart64-110-dll"]
    assert "CUDA\\v11.2\\bin" in " ".join(f2.fix)  # the tested-config row's folder


@pytest.mark.parametrize("lib", ["cudart64_110.dll", "libcudart.so.11.0"])
def test_cudart_stub_notice_is_a_conditional_warning_on_both_oses(lib: str) -> None:
    log = (
        f"W dso_loader.cc:64] Could not load dynamic library '{lib}'; dlerror: {lib} not found\n"
        "I cudart_stub.cc:29] Ignore above cudart dlerror if you do not have a GPU set up on "
        "your machine.\n"
    )
    fs = explain_lines(log.splitlines())
    # no GPU evidence either way: one warning, harmless only without a GPU
    assert [(f.severity, f.harmless) for f in fs] == [(Severity.WARNING, False)], fs
    assert "harmless if this host has no NVIDIA GPU" in fs[0].title
    assert "Ignore above cudart dlerror" in fs[0].cause  # TensorFlow's own words, quoted
    # a line saying there is no NVIDIA driver: harmless, as TensorFlow says
    nodrv = explain_lines([*log.splitlines(), "I cuda_diagnostics.cc:156] kernel driver does "
                           "not appear to be running on this host (box): /proc/driver/nvidia/"
                           "version does not exist"])
    lib_f = [f for f in nodrv if f.id.startswith("library-not-loaded-")]
    assert lib_f and lib_f[0].harmless and lib_f[0].severity is Severity.INFO, nodrv


def test_windows_dll_load_under_python38_is_the_msvc_runtime() -> None:
    # the paths' Python38 folder dates the release: 2.2 or newer (tf_tested_configs), which
    # loads the CUDA DLLs lazily, so the DLL missing at import is the MSVC runtime
    found = _explain("r02_dll_win_tf7623.log")
    assert "windows-dll-not-found" not in found
    f = found["windows-msvc-runtime-missing"]
    assert "TensorFlow 2.2 or newer" in f.cause


# 10. CUresult names and merged restatements ------------------------------------------
def test_insufficient_driver_is_named_and_reported_once() -> None:
    assert load_knowledge().cuda_error(35) is None  # a runtime code (cudaError_t), not CUresult
    fs = explain_stream((REVIEW / "w01_win_driver_old.log").open("rb")).findings
    ids = [f.id for f in fs]
    assert ids == ["driver-too-old-for-cuda"]
    assert fs[0].category == "version-mismatch"
    assert 3 in [e.line for e in fs[0].evidence]  # the cuInit line is its evidence
    assert "(?)" not in " ".join(_text(f) for f in fs)


def test_system_driver_mismatch_is_reported_once() -> None:
    fs = explain_stream((REVIEW / "v08_driver_mismatch.log").open("rb")).findings
    assert [f.id for f in fs] == ["nvidia-driver-library-mismatch"]
    assert [e.line for e in fs[0].evidence] == [1, 4]


# 11. unrecognised E/F lines and crashes ---------------------------------------------------------
def test_unknown_glog_error_line_is_picked_out() -> None:
    line = (
        "2024-01-01 10:00:00.000000: E tensorflow/core/common_runtime/gpu/gpu_device.cc:1000] "
        "something totally new failed"
    )
    f = _lines(line)["unrecognised-error"]
    assert f.evidence[0].line == 1 and f.severity is Severity.WARNING


@pytest.mark.parametrize(
    "log",
    [
        "F tensorflow/core/kernels/foo.cc:12] Check failed: x == y",
        "F0000 00:00:1712345678.000000   12 foo.cc:12] Check failed: a != b\n"
        "*** Check failure stack trace: ***",
        "python train.py\nAborted (core dumped)",
        "Segmentation fault (core dumped)",
    ],
)
def test_unexplained_crash_is_a_warning_that_says_what_to_run(log: str) -> None:
    # falsepos: tfgpu names no cause for it, so it is no error-level claim (issue 10: unknown
    # beats confidently wrong); the process did die, so it says how to see where
    f = _lines(log)["unrecognised-error"]
    assert f.severity is Severity.WARNING and f.evidence and "crash" in f.title
    assert any("faulthandler" in line for line in f.fix)


def test_known_e_lines_are_not_unrecognised() -> None:
    log = "\n".join(
        f"2025-03-14 02:10:32.29199{i}: E external/local_xla/xla/stream_executor/cuda/"
        f"cuda_{n}.cc:485] "
        f"Unable to register {n} factory: Attempting to register factory for plugin {n} when "
        "one has already been registered"
        for i, n in enumerate(("cuFFT", "cuDNN", "cuBLAS"))
    )
    assert "unrecognised-error" not in _lines(log)


# 12. NCCL over InfiniBand -------------------------------------------------------------------------
def test_nccl_ib_failure_quotes_the_error_and_fixes_ib() -> None:
    f = _explain("r15_nccl_slurm.log")["nccl-error"]
    lines = [e.line for e in f.evidence]
    assert 6 in lines and 1 in lines  # InternalError line and an ibv_* line
    fixes = " ".join(f.fix)
    assert (
        "NCCL_IB_DISABLE=1" in fixes
        and "ulimit -l unlimited" in fixes
        and "NCCL_DEBUG=INFO" in fixes
    )


# 13. cuDNN older than the build: pip route --------------------------------------------------------
def test_cudnn_older_minor_offers_the_pip_wheel() -> None:
    f = _explain("r06_cudnn_900_vs_930_kaggle.log")["cudnn-version-mismatch"]
    fixes = " ".join(f.fix)
    assert "nvidia-cudnn-cu12>=9.3" in fixes and "LD_LIBRARY_PATH" in fixes
    v = _lines("Loaded runtime CuDNN library: 8.1.0 but source was compiled with: 8.6.0.")[
        "cudnn-version-mismatch"
    ]
    assert "nvidia-cudnn-cu11>=8.6" in " ".join(v.fix)


# 14. JSON semantics and categories ----------------------------------------------------------------
def test_notices_have_fitting_categories_and_created_device_is_ok() -> None:
    f = _explain("v09_ok.log")["gpu-device-created"]
    assert f.severity is Severity.OK and f.title.startswith("TensorFlow created")
    guard = _lines(
        "I tensorflow/core/platform/cpu_feature_guard.cc:182] This TensorFlow binary is "
        "optimized to use available CPU instructions in performance-critical operations."
    )["cpu-feature-guard-notice"]
    assert guard.harmless and guard.category == "notice" and "notice" in CATEGORIES


def test_json_headline_is_honest_about_unknown_gpu(capsys: pytest.CaptureFixture[str]) -> None:
    rc = main(["explain", "--json", str(REVIEW / "v03_unknown.log")])
    doc = json.loads(capsys.readouterr().out)
    # the traceback ends in an exception no finding explains: the program failed, cause
    # unknown (exit 1, #4), and GPU use stays unknown
    assert rc == 1 and doc["verdict"]["program_failed"] is True
    assert doc["meta"]["gpu_usable"].startswith("unknown")
    assert doc["verdict"]["gpu_usable"] is None  # not known, as meta.gpu_usable says


def test_json_error_document_for_unreadable_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rc = main(["explain", "--json", str(tmp_path / "missing.log")])
    out = capsys.readouterr().out
    assert rc == 2
    doc = json.loads(out)
    assert doc["command"] == "explain" and "cannot read" in doc["error"]


# 16. smaller ------------------------------------------------------------------------------------
def test_pinned_version_names_pin_and_highest_listed() -> None:
    f = _explain("r13_nomatch_pinned.log")["tensorflow-no-matching-distribution"]
    assert "2.12.0" in f.title and "2.11.0" in f.title
    assert any("tensorflow==2.12.0" in x and "tensorflow==2.11.0" in x for x in f.fix)


def test_gbk_lines_are_decoded() -> None:
    f = _explain("gbk.log")["windows-dll-not-found"]
    assert "找不到指定的模块" in f.evidence[0].text


def test_arch_finding_quotes_only_its_own_cuda_errors() -> None:
    log = (
        "E cuda_driver.cc:1002] failed to allocate 190.31M (199557120 bytes) from device: "
        "CUDA_ERROR_OUT_OF_MEMORY\n"
        "E cuda_blas.cc:1] CUDA_ERROR_NO_BINARY_FOR_GPU: no kernel image is available for "
        "execution on the device\n"
    )
    f = _lines(log)["gpu-arch-not-in-build"]
    assert [e.line for e in f.evidence] == [2]


def test_windows_cudart_stub_log_is_a_conditional_warning_with_windows_fix() -> None:
    f = _explain("v05_win_211_cudart.log")["library-not-loaded-cudart64-110-dll"]
    assert not f.harmless and f.severity is Severity.WARNING  # no GPU evidence
    assert any("where.exe cudart64_110.dll" in x for x in f.fix)  # if a GPU is wanted after all
