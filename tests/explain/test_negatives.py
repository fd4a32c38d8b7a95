"""False positives: real logs that are NOT the fault a pattern might claim (issue 10).

``tests/fixtures/explain-negatives/<name>.log`` holds program output copied from the public
thread in its sibling ``<name>.json`` (``url``, ``expected``: ``"no claims"`` or the ids that
are right, ``why``, and optionally ``mention``: words a right claim must say).  The logs are
PyTorch and JAX errors, TensorFlow model-code, data-pipeline and dataset-download errors,
healthy GPU and CPU runs, pip output and healthy ``nvidia-smi``/deviceQuery output.

The contract: no error- or warning-level claim beyond the expected ones.  ``unrecognised-error``
("tfgpu makes no guess") is always allowed, but only at warning or lower: it claims no cause.
The recorded healthy outputs in ``tests/fixtures/recorded/`` are held to the same contract.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import tomllib

from tfgpu.diagnosis.catalogue import load_catalogue
from tfgpu.explain import explain_lines, explain_stream
from tfgpu.findings import Finding, Severity

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
NEGATIVES = FIXTURES / "explain-negatives"
LOGS = sorted(NEGATIVES.glob("*.log"))
CLAIMS = (Severity.ERROR, Severity.WARNING)

#: Recorded outputs of healthy or merely GPU-less hosts (tests/fixtures/recorded/INDEX.md),
#: with the claims that are right on them; files named ``fail-``/``failing`` show faults.
RECORDED = sorted(
    p
    for p in (FIXTURES / "recorded").rglob("*.txt")
    if "fail" not in p.name
)
RECORDED_RIGHT = {
    # no NVIDIA driver on this host: "TensorFlow sees no GPU" is true, and its cause says
    # that this is expected without an NVIDIA GPU
    "tf2.21-pip-linux-no-gpu-no-driver-cpu-only.txt": {"tensorflow-sees-no-gpu"},
}
#: Recorded outputs whose only allowed claim is a conditional one, and the words it must say:
#: the log alone does not show whether the host has an NVIDIA GPU.
RECORDED_CONDITIONAL = {
    # TensorFlow's cudart stub: "Could not find cuda drivers" (the CUDA runtime did not
    # load) with no GPU line and no line saying there is none
    "tf2.21-pip-linux-no-gpu-no-driver-cpu-only.txt": (
        "cuda-drivers-not-found-notice", "harmless if this host has no NVIDIA GPU"),
}


def _meta(log: Path) -> dict[str, object]:
    meta = json.loads(log.with_suffix(".json").read_text(encoding="utf-8"))
    assert isinstance(meta, dict)
    return meta


def _expected(meta: dict[str, object]) -> set[str]:
    exp = meta["expected"]
    if exp == "no claims":
        return set()
    assert isinstance(exp, list)
    return {str(x) for x in exp}


def _claims(findings: list[Finding]) -> dict[str, Finding]:
    return {f.id: f for f in findings if f.severity in CLAIMS and not f.harmless}


def _explain(path: Path) -> list[Finding]:
    with path.open("rb") as fh:
        return list(explain_stream(fh).findings)


def _catalogue_knows(fid: str) -> bool:
    """``fid`` is a catalogue id, or a rendering of a family's id template
    (``library-not-loaded-cudart64-110-dll`` of ``library-not-loaded-{library}``)."""
    for known in load_catalogue().ids:
        if "{" not in known:
            if fid == known:
                return True
            continue
        parts = re.split(r"\{[a-z_]+\}", known)
        if re.fullmatch("[a-z0-9-]+".join(re.escape(p) for p in parts), fid):
            return True
    return False


def test_the_corpus_is_big_enough_and_well_formed() -> None:
    assert len(LOGS) >= 30
    assert _catalogue_knows("library-not-loaded-cudart64-110-dll")
    assert not _catalogue_knows("library-not-loded-cudart64-110-dll")
    for log in LOGS:
        meta = _meta(log)
        assert str(meta["url"]).startswith("https://github.com/"), log.name
        assert meta["why"], log.name
        # a typo would make the test vacuous
        assert all(_catalogue_knows(i) for i in _expected(meta)), log.name
        assert log.read_text(encoding="utf-8").strip(), log.name


@pytest.mark.parametrize("log", LOGS, ids=lambda p: p.stem)
def test_no_claim_beyond_the_right_ones(log: Path) -> None:
    meta = _meta(log)
    claims = _claims(_explain(log))
    wrong = set(claims) - _expected(meta) - {"unrecognised-error"}
    assert not wrong, f"{log.name}: claims {sorted(wrong)}; {meta['why']}"
    unknown = claims.get("unrecognised-error")
    assert unknown is None or unknown.severity is Severity.WARNING
    mention = meta.get("mention")
    if mention:
        for fid in set(claims) & _expected(meta):
            text = " ".join([claims[fid].title, claims[fid].cause]).lower()
            assert str(mention).lower() in text, f"{log.name}: {fid} does not say {mention!r}"


@pytest.mark.parametrize("path", RECORDED, ids=lambda p: p.name)
def test_recorded_healthy_outputs_claim_nothing(path: Path) -> None:
    found = _claims(_explain(path))
    claims = set(found)
    conditional = RECORDED_CONDITIONAL.get(path.name)
    if conditional is not None and conditional[0] in found:
        fid, mention = conditional
        assert mention.lower() in found[fid].title.lower(), f"{path.name}: {fid}"
        claims.discard(fid)
    assert claims <= RECORDED_RIGHT.get(path.name, set()), f"{path.name}: {sorted(claims)}"


# --- the unrecognised-error fallback ------------------------------------------------------


def test_unknown_fault_quotes_the_telling_line_and_says_what_to_run() -> None:
    fs = _claims(_explain(NEGATIVES / "cudf-import-numpy-support-numba.log"))
    assert set(fs) == {"unrecognised-error"}
    f = fs["unrecognised-error"]
    assert f.severity is Severity.WARNING
    # the exception line (the last line of the traceback) is quoted with its number
    assert any(e.line == 18 and "ImportError: cannot import name 'numpy_support'" in e.text
               for e in f.evidence)
    assert "ImportError: cannot import name 'numpy_support'" in f.cause
    assert any(line.startswith("tfgpu doctor") for line in f.fix)


def test_a_zero_error_counter_is_no_telling_line_but_a_nonzero_one_is() -> None:
    # `nvidia-smi -q` ECC fields: "Correctable Error : 0" is a status, not an error line
    zero = ["        Correctable Error                              : 0",
            "        Uncorrectable Error                            : N/A"]
    assert not _claims(list(explain_lines(zero)))
    three = ["        Uncorrectable Error                            : 3"]
    assert set(_claims(list(explain_lines(three)))) == {"unrecognised-error"}
    # a Python exception whose message is 0 is still one
    assert set(_claims(list(explain_lines(["KeyError: 0"])))) == {"unrecognised-error"}


def test_an_out_of_memory_in_tensorflow_still_says_tensorflow() -> None:
    # the JAX variant must not take TensorFlow's own RESOURCE_EXHAUSTED
    line = ("tensorflow.python.framework.errors_impl.ResourceExhaustedError: "
            "RESOURCE_EXHAUSTED: Out of memory while trying to allocate 4770354232 bytes.")
    f = _claims(list(explain_lines([line])))["gpu-resource-exhausted"]
    assert "JAX" not in f.title and "TensorFlow" in f.cause


# --- a status that names its cause is not guessed to be memory -----------------------------

_HANDLE = ("E external/local_xla/xla/stream_executor/cuda/cuda_dnn.cc:535] "
           "Could not create cudnn handle: ")


@pytest.mark.parametrize(
    ("status", "claims", "says"),
    [
        # the architecture statuses have their own finding; memory would contradict it
        ("CUDNN_STATUS_ARCH_MISMATCH", {"gpu-compute-capability-too-low"}, "ARCH_MISMATCH"),
        # cuDNN 9 values TF cannot name (status_codes.toml printed_as)
        ("<unknown cudnn status: 1002>", {"cudnn-version-mismatch"}, "different cuDNN versions"),
        # a status whose row names a fault (maps_to) is that fault's finding
        ("<unknown cudnn status: 3005>", {"driver-too-old-for-cuda"}, "driver is too old"),
        # statuses that do mean memory (or say nothing) keep the memory finding
        # (no line tells memory from the cuDNN/CUDA version: both, as hedges)
        ("CUDNN_STATUS_NOT_INITIALIZED", {"dnn-handle-failed-gpu-memory",
                                          "cudnn-version-mismatch"}, "memory"),
        ("CUDNN_STATUS_ALLOC_FAILED", {"dnn-handle-failed-gpu-memory"}, "memory"),
    ],
)
def test_a_handle_status_is_read_before_memory_is_guessed(
    status: str, claims: set[str], says: str
) -> None:
    found = _claims(list(explain_lines([_HANDLE + status])))
    assert set(found) == claims
    f = next(iter(found.values()))
    assert says.lower() in (f.title + " " + f.cause).lower()
    assert f.id != "unrecognised-error" or f.severity is Severity.WARNING


def _harmless_examples() -> list[tuple[str, str]]:
    data_dir = Path(__file__).resolve().parents[2] / "src" / "tfgpu" / "knowledge" / "data"
    out = []
    for path in [*sorted(data_dir.glob("messages_*.toml")), data_dir / "status_codes.toml"]:
        for rows in tomllib.loads(path.read_text(encoding="utf-8")).values():
            for row in rows if isinstance(rows, list) else ():
                if (isinstance(row, dict) and row.get("example")
                        and row.get("maps_to") in ("harmless", "context", "generic")):
                    out.append((f"{path.stem}:{row.get('id') or row.get('name')}",
                                str(row["example"])))
    return out


@pytest.mark.parametrize(("row", "example"), _harmless_examples(), ids=lambda x: str(x)[:60])
def test_a_message_the_data_calls_harmless_makes_no_claim(row: str, example: str) -> None:
    # the message tables' own verdict (maps_to harmless/context/generic, with its source)
    claims = _claims(list(explain_lines(example.strip("\n").splitlines())))
    assert set(claims) <= {"unrecognised-error"}, f"{row}: {sorted(claims)}"
    assert all(f.severity is Severity.WARNING for f in claims.values())


def test_onednn_int64_fallback_is_a_notice_not_an_unknown_error() -> None:
    fs = {f.id: f for f in _explain(NEGATIVES / "keras-hub-a100-xla-mlir-onednn-int64.log")}
    assert not _claims(list(fs.values()))
    assert fs["onednn-notice"].harmless and "INT64" in fs["onednn-notice"].title
    # the same fallback line next to a real failure leaves that failure to its own finding
    crash = ["2025-01-08 14:55:59.249677: E tensorflow/core/util/util.cc:131] oneDNN supports "
             "DT_INT64 only on platforms with AVX-512. Falling back to the default Eigen-based "
             "implementation if present.",
             "Segmentation fault (core dumped)"]
    assert set(_claims(list(explain_lines(crash)))) == {"unrecognised-error"}


# --- host evidence: a WSL2 finding needs WSL2 -----------------------------------------------

_NVML_BLOCKED = "Failed to initialize NVML: GPU access blocked by the operating system"


def test_nvml_blocked_says_wsl2_only_with_wsl_evidence() -> None:
    from tfgpu.facts import HostFacts

    wsl = _claims(list(explain_lines(
        ["Linux version 5.15.153.1-microsoft-standard-WSL2", "$ nvidia-smi", _NVML_BLOCKED])))
    assert wsl["wsl2-gpu-access-blocked"].severity is Severity.ERROR
    # no WSL line: a hedged warning whose first step tells WSL2 from the rest
    bare = _claims(list(explain_lines([_NVML_BLOCKED])))["wsl2-gpu-access-blocked"]
    assert bare.severity is Severity.WARNING and bare.fix[0].startswith("uname -r")
    # host facts of a native Linux host (reported in containers there, Kaixhin/dockerfiles#1):
    # no WSL advice at all
    host = HostFacts.from_json((FIXTURES / "doctor-scenarios" / "l4_ok.json").read_text())
    native = _claims(list(explain_lines([_NVML_BLOCKED], host)))["wsl2-gpu-access-blocked"]
    assert native.severity is Severity.WARNING and native.category != "wsl2"
    assert not any("wsl" in line.lower() for line in native.fix)
    assert "WSL2" in native.title and "not WSL2" in native.title


# --- a CUDA message another program printed is not TensorFlow's ------------------

_TF_DSO = ("2023-02-13 19:39:03.670024: W tensorflow/compiler/xla/stream_executor/platform/"
           "default/dso_loader.cc:64] Could not load dynamic library '{lib}'; dlerror: {lib}: "
           "cannot open shared object file: No such file or directory")
_ORT_FAIL = ("2024-03-27 06:33:23.219728338 [E:onnxruntime:Default, provider_bridge_ort.cc:1548 "
             "TryGetProviderInfo_CUDA] FAIL : Failed to load library "
             "libonnxruntime_providers_cuda.so with error: {lib}: cannot open shared object "
             "file: No such file or directory")


@pytest.mark.parametrize(
    ("lines", "program"),
    [
        # the other program's own loader line (ONNX Runtime, PaddlePaddle, CuPy)
        ([_ORT_FAIL.format(lib="libcublasLt.so.12")], "ONNX Runtime"),
        (["RuntimeError: (PreconditionNotMet) The third-party dynamic library (libcudnn.so) "
          "that Paddle depends on is not configured correctly. (error code is libcudnn.so: "
          "cannot open shared object file: No such file or directory)"], "PaddlePaddle"),
        (["RuntimeError: CuPy failed to load libnvrtc.so.11.2: OSError: libnvrtc.so.11.2: "
          "cannot open shared object file: No such file or directory"], "CuPy"),
        # (cuDNN 8's own sub-library line is cuDNN's in any program's log: claimed with that
        # program's fix, kind table library_loads_on_other_hosts_and_programs.toml)
    ],
)
def test_another_programs_missing_library_is_quoted_not_blamed_on_tensorflow(
    lines: list[str], program: str
) -> None:
    claims = _claims(list(explain_lines(lines)))
    assert set(claims) == {"unrecognised-error"}, sorted(claims)
    f = claims["unrecognised-error"]
    assert f.severity is Severity.WARNING
    assert any("cannot open shared object" in e.text for e in f.evidence)
    assert not any("tensorflow[and-cuda]" in line for line in f.fix)
    if program != "ONNX Runtime" or len(lines) > 1:
        return
    assert any(f"{program}'s issue tracker" in line for line in f.fix)


def test_tensorflows_missing_library_still_is_tensorflows() -> None:
    # no over-correction: TensorFlow's dso_loader line keeps its finding, also next to
    # another program's line about another library in the same log
    lib = "libcudnn.so.8"
    alone = _claims(list(explain_lines([_TF_DSO.format(lib=lib)])))
    assert "library-not-loaded-libcudnn-so-8" in alone
    both = _claims(list(explain_lines(
        [_TF_DSO.format(lib=lib), _ORT_FAIL.format(lib="libcublasLt.so.11")])))
    assert "library-not-loaded-libcudnn-so-8" in both
    assert "library-not-loaded-libcublaslt-so-11" not in both
    cause = both["library-not-loaded-libcudnn-so-8"].cause
    assert "TensorFlow tried to load libcudnn.so.8" in cause


def test_nccl_optional_net_plugin_is_no_missing_library() -> None:
    line = ("678c7278cb2d:26023:26023 [0] NCCL INFO NET/Plugin: Plugin load returned 2 : "
            "libnccl-net.so: cannot open shared object file: No such file or directory : "
            "when loading libnccl-net.so")
    assert not _claims(list(explain_lines([line])))


@pytest.mark.parametrize(
    ("lines", "says"),
    [
        (["onnxruntime::CudaCall CUDA failure 35: CUDA driver version is insufficient for "
          "CUDA runtime version ; file=onnxruntime\\core\\providers\\cuda\\cuda_call.cc"],
         "ONNX Runtime"),
        (["cupy.cuda.runtime.CUDARuntimeError: cudaErrorInsufficientDriver: CUDA driver "
          "version is insufficient for CUDA runtime version"], "CuPy"),
        # TensorFlow's own log keeps TensorFlow's wording
        (["2020-01-01 00:00:00.000000: E tensorflow/stream_executor/cuda/cuda_driver.cc:313] "
          "failed call to cuInit: CUDA_ERROR_INSUFFICIENT_DRIVER",
          "tensorflow.python.framework.errors_impl.InternalError: CUDA runtime implicit "
          "initialization on GPU:0 failed. Status: CUDA driver version is insufficient for "
          "CUDA runtime version"], "TensorFlow"),
    ],
)
def test_driver_too_old_names_the_program_whose_runtime_it_is(lines: list[str], says: str) -> None:
    f = _claims(list(explain_lines(lines)))["driver-too-old-for-cuda"]
    assert says in f.title
    if says != "TensorFlow":
        assert "not TensorFlow" in f.title
        assert not any("TensorFlow" in line for line in f.fix)


@pytest.mark.parametrize(
    ("program_line", "fault", "tf_id"),
    [
        # a cuDNN kernel failure: TensorFlow's memory options are wrong for another program
        ("  File \"C:\\app\\venv\\lib\\site-packages\\onnxruntime\\capi\\session.py\", "
         "line 200, in run",
         "onnxruntime.capi.onnxruntime_pybind11_state.Fail: [ONNXRuntimeError] : 1 : FAIL : "
         "CUDNN failure 8: CUDNN_STATUS_EXECUTION_FAILED ; GPU=0",
         "dnn-handle-failed-gpu-memory"),
        # "no kernel image": another program's build, not TensorFlow's
        ("    out = torch.nn.functional.conv2d(x, w)",
         "RuntimeError: CUDA error: no kernel image is available for execution on the device",
         "gpu-arch-not-in-build"),
    ],
)
def test_another_programs_gpu_fault_gets_no_tensorflow_fix(
    program_line: str, fault: str, tf_id: str
) -> None:
    claims = _claims(list(explain_lines([program_line, fault])))
    assert tf_id not in claims
    assert set(claims) == {"unrecognised-error"}
    assert any(fault[:40] in e.text for e in claims["unrecognised-error"].evidence)
    # no over-correction: the same fault in TensorFlow's log keeps its finding
    tf_line = "2024-01-01 00:00:00.000000: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1"
    assert tf_id in _claims(list(explain_lines([tf_line, fault])))


def test_another_programs_out_of_memory_names_that_program() -> None:
    # PaddlePaddle names its allocator's failure ResourceExhaustedError too
    paddle = ["ResourceExhaustedError: ",
              "Out of memory error on GPU 0. Cannot allocate 25.002197MB memory on GPU 0, "
              "available memory is only 15.187500MB.",
              " (at /paddle/paddle/fluid/memory/allocation/cuda_allocator.cc:69)"]
    f = _claims(list(explain_lines(paddle)))["gpu-resource-exhausted"]
    assert "PaddlePaddle" in f.title and "not TensorFlow" in f.title
    assert not any("tf." in line or "TF_" in line for line in f.fix)
    # TensorFlow's own RESOURCE_EXHAUSTED keeps TensorFlow's finding
    tf = ["tensorflow.python.framework.errors_impl.ResourceExhaustedError: "
          "RESOURCE_EXHAUSTED: Out of memory while trying to allocate 4770354232 bytes."]
    g = _claims(list(explain_lines(tf)))["gpu-resource-exhausted"]
    assert "PaddlePaddle" not in g.title and "not TensorFlow" not in g.title


@pytest.mark.parametrize(
    ("shm_line", "says"),
    [
        # shm_open refused: /dev/shm's mode, not its size (pytorch/pytorch#37004)
        ("node08:27106:27302 [0] include/shm.h:27 NCCL WARN Call to shm_open failed : "
         "Permission denied", "permission denied"),
        # the allocation itself failed: the size (the container's 64 MB default)
        ("node1:123:456 [0] include/shm.h:48 NCCL WARN Call to posix_fallocate failed : "
         "No space left on device", "ran out of shared memory"),
    ],
)
def test_nccl_shm_failure_says_permission_or_space_as_the_log_does(shm_line: str,
                                                                   says: str) -> None:
    lines = [shm_line, "RuntimeError: NCCL error in ProcessGroupNCCL.cpp:290, unhandled "
             "system error"]
    f = _claims(list(explain_lines(lines)))["nccl-shm-too-small"]
    assert says in f.title.lower()
    assert any("--shm-size" in line for line in f.fix) is (says != "permission denied")
