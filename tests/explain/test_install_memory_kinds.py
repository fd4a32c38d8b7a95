"""Fault kinds of TensorFlow install, memory, NCCL and CPU instructions, as VARIANTS.

Each scenario uses another library, version, OS or wording than the public case that
showed the kind missing (tests/fixtures/cases-public), so the patterns are tested as
families, not as the case's literal text.  Every message row of the knowledge tables
(``messages_ecosystem.toml``, ``status_codes.toml``) mapped to one of these ids must
produce it from its own example.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
import tomllib

from tfgpu.explain import explain_lines
from tfgpu.facts import HostFacts
from tfgpu.findings import Finding, Severity
from tfgpu.logs.patterns import PATTERNS

from .case_env import facts_from_env
from .kind_helpers import Case, check, table

DATA = Path(__file__).resolve().parents[2] / "src" / "tfgpu" / "knowledge" / "data"


def _ids(findings: tuple[Finding, ...]) -> list[str]:
    return [f.id for f in findings]


def _one(lines: str, fid: str, facts: HostFacts | None = None) -> Finding:
    found = explain_lines(lines.strip("\n").splitlines(), facts)
    hit = [f for f in found if f.id == fid]
    assert hit, f"{fid} not in {_ids(found)}"
    return hit[0]


def _host(system: str, name: str) -> HostFacts:
    """A host described by hand (the OS only), as a report's environment section gives it."""
    facts = facts_from_env({"os": name})
    assert facts is not None and facts.os.system == system
    return facts


# ------------------------------------------------------------------ handle creation


@pytest.mark.parametrize("line", [
    "InternalError: Blas SGEMM launch failed : m=2, n=2, k=2 [Op:MatMul]",
    "E tensorflow/stream_executor/cuda/cuda_blas.cc:428] failed to run cuBLAS routine: "
    "CUBLAS_STATUS_EXECUTION_FAILED",
    "UnknownError: CUDNN_STATUS_EXECUTION_FAILED in cuda_dnn.cc(5750): "
    "'cudnnBatchNormalizationForwardTrainingEx(...)'",
])
def test_kernel_execution_failures_say_unknown_which(line: str) -> None:
    f = _one(line, "dnn-handle-failed-gpu-memory")
    assert "unknown which" in f.title and any("get_build_info" in x for x in f.fix)


def test_alloc_failed_status_is_stated_as_memory() -> None:
    f = _one("E tensorflow/stream_executor/cuda/cuda_dnn.cc:329] Could not create cudnn "
             "handle: CUDNN_STATUS_ALLOC_FAILED", "dnn-handle-failed-gpu-memory")
    assert "most likely" not in f.title and "memory already taken" in f.title
    assert f.severity is Severity.ERROR


def test_a_second_framework_in_the_log_makes_it_unknown_which() -> None:
    log = """
  File "/opt/venv/lib/python3.10/site-packages/torch/__init__.py", line 229, in <module>
E cuda_dnn.cc:361] Could not create cudnn handle: CUDNN_STATUS_INTERNAL_ERROR
"""
    f = _one(log, "dnn-handle-failed-gpu-memory")
    assert "unknown which" in f.title and "torch" in f.title
    assert f.severity is Severity.WARNING


def test_dnn_library_not_found_is_not_called_memory() -> None:
    found = explain_lines(["FailedPreconditionError: DNN library is not found. [Op:Conv2D]"])
    assert "dnn-library-not-found" in _ids(found)
    assert "dnn-handle-failed-gpu-memory" not in _ids(found)


def test_a_cudnn_version_mismatch_line_wins_over_memory() -> None:
    log = """
E cuda_dnn.cc:82] Loaded runtime CuDNN library: 8.0.4 but source was compiled with: 8.1.0.
E cuda_dnn.cc:361] Could not create cudnn handle: CUDNN_STATUS_INTERNAL_ERROR
"""
    assert "dnn-handle-failed-gpu-memory" not in _ids(explain_lines(log.splitlines()))


# ------------------------------------------------------------------ OOM wordings


def test_xla_out_of_memory_wording() -> None:
    _one("jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: Out of memory while trying "
         "to allocate 8589934592 bytes.", "gpu-resource-exhausted")


def test_xla_allocation_request_wording() -> None:
    _one("RESOURCE_EXHAUSTED: Failed to allocate request for 3.50GiB (3758096384B) on device "
         "ordinal 0", "gpu-resource-exhausted")


def test_runtime_init_out_of_memory_is_memory_held_elsewhere() -> None:
    _one("RuntimeError: CUDA runtime implicit initialization on GPU:1 failed. Status: out of "
         "memory", "gpu-memory-held-by-other-process")


def test_module_load_out_of_memory() -> None:
    f = _one("2024-01-01 F external/local_xla/xla/stream_executor/gpu/gpu_executor.cc] "
             "cuModuleLoadData failed: CUDA_ERROR_OUT_OF_MEMORY: out of memory",
             "cuda-module-load-out-of-memory")
    assert any("memory_growth" in x or "ALLOW_GROWTH" in x for x in f.fix)


def test_ten_percent_notice_is_harmless() -> None:
    found = explain_lines(["W tensorflow/core/framework/cpu_allocator_impl.cc:80] Allocation of "
                           "1073741824 exceeds 10% of free system memory."])
    assert _ids(found) == ["host-allocation-notice"] and found[0].harmless


# ------------------------------------------------------------------ NCCL / multi-GPU


def test_nccl_shm_named_in_the_log_is_the_first_fix() -> None:
    log = """
n1:77:88 [0] misc/shmutils.cc:72 NCCL WARN Error: failed to extend /dev/shm/nccl-Ab12 to 9637892
node1:77:88 [0] NCCL INFO transport/shm.cc:114 -> 2
tensorflow.python.framework.errors_impl.UnknownError: ncclCommInitRank: unhandled system error
"""
    f = _one(log, "nccl-shm-too-small")
    assert any("--shm-size" in x for x in f.fix)


def test_iommu_faults_block_peer_to_peer() -> None:
    log = """
[ 123.4] AMD-Vi: Event logged [IO_PAGE_FAULT domain=0x0010 address=0x7f000 flags=0x0020]
NCCL WARN Cuda failure 'an illegal memory access was encountered'
"""
    f = _one(log, "multi-gpu-p2p-check")
    assert f.severity is Severity.ERROR and "NCCL_P2P_DISABLE=1" in f.fix[0]


def test_peer_access_limit_is_harmless() -> None:
    found = explain_lines(["W tensorflow/core/common_runtime/gpu/gpu_device.cc:1200] Unable to "
                           "enable peer access between device ordinals 12 and 3, status: "
                           "INTERNAL: failed to enable peer access"])
    assert _ids(found) == ["gpu-peer-access-limit"] and found[0].harmless


# ------------------------------------------------------------------ CPU instructions


@pytest.mark.parametrize("isa", ["AVX", "AVX2 FMA", "SSE4.2"])
def test_cpu_feature_guard_abort(isa: str) -> None:
    f = _one(f"F tensorflow/core/platform/cpu_feature_guard.cc:42] The TensorFlow library was "
             f"compiled to use {isa} instructions, but these aren't available on your machine.",
             "cpu-lacks-required-instructions")
    assert isa in f.title


def test_bare_illegal_instruction_says_unknown_which() -> None:
    f = _one("bash: line 1:  4242 Illegal instruction     (core dumped) python train.py\n"
             "Illegal instruction (core dumped)", "cpu-illegal-instruction")
    assert "unknown" in f.title and "AVX" not in f.title


def test_illegal_instruction_on_apple_silicon_points_at_rosetta() -> None:
    f = _one("fish: Job 1, 'python -c \"import tensorflow\"' terminated by signal SIGILL\n"
             "zsh: illegal hardware instruction  python3", "macos-x86-python-under-rosetta",
             _host("Darwin", "macOS 14.2 (Apple M3 Pro)"))
    assert "Rosetta" in f.title and "platform.machine()" in f.fix[0]


# ------------------------------------------------------------------ pip per distribution


def test_metal_plugin_with_no_wheel_for_this_python() -> None:
    f = _one("ERROR: Could not find a version that satisfies the requirement tensorflow-metal "
             "(from versions: none)\nERROR: No matching distribution found for tensorflow-metal",
             "tensorflow-metal-no-wheel", _host("Darwin", "macOS 15.1"))
    assert "TensorFlow" not in f.title.split("wheel")[0]  # names tensorflow-metal, not TF


def test_tensorflow_macos_in_a_linux_container_is_wrong_platform() -> None:
    f = _one("ERROR: No matching distribution found for tensorflow-macos==2.12.0",
             "tensorflow-metal-no-wheel", _host("Linux", "Ubuntu 22.04"))
    assert "macOS only" in f.title


def test_tensorflow_intel_placeholder_only_means_not_windows() -> None:
    _one("ERROR: Could not find a version that satisfies the requirement "
         "tensorflow-intel==2.13.1 (from versions: 0.0.1)", "windows-only-tensorflow-intel-pinned")


def test_tensorflow_intel_without_wheel_on_windows_is_a_dependency() -> None:
    f = _one("ERROR: No matching distribution found for tensorflow-intel==2.11.0",
             "tensorflow-dependency-no-wheel", _host("Windows", "Windows 11"))
    assert "tensorflow-intel" in f.title


@pytest.mark.parametrize("dep", ["tensorflow-text==2.15.0", "tensorflow-io-gcs-filesystem",
                                 "tensorflow-decision-forests>=1.9"])
def test_a_tensorflow_dependency_is_not_called_tensorflow(dep: str) -> None:
    found = explain_lines([f"ERROR: No matching distribution found for {dep}"])
    assert _ids(found)[:1] == ["tensorflow-dependency-no-wheel"]
    assert "tensorflow-no-matching-distribution" not in _ids(found)


def test_poetry_wording_for_a_dependency() -> None:
    _one("  Unable to find installation candidates for tensorflow-io-gcs-filesystem (0.34.0)",
         "tensorflow-dependency-no-wheel")


def test_an_unrelated_package_is_not_a_tensorflow_finding() -> None:
    found = explain_lines(["ERROR: No matching distribution found for opencv-contrib==9.9"])
    assert not [f for f in found if f.category == "pip"]


def test_tf_nightly_gpu_is_the_retired_stub() -> None:
    log = """
  Collecting tf-nightly-gpu
  error: metadata-generation-failed
"""
    f = _one(log, "tensorflow-gpu-package-removed")
    assert "tf-nightly-gpu" in f.cause


def test_tensorflow_gpu_pinned_past_2_10_on_windows_is_the_native_windows_end() -> None:
    _one("ERROR: Could not find a version that satisfies the requirement tensorflow-gpu==2.12.0 "
         "(from versions: 2.9.0, 2.10.0, 2.10.1)", "tensorflow-windows-native-no-gpu",
         _host("Windows", "Windows 11 23H2"))


def test_zsh_needs_quotes() -> None:
    f = _one("zsh: no matches found: tensorflow[and-cuda]==2.16.1", "pip-extra-needs-quotes")
    assert f.fix[0].startswith("pip install 'tensorflow[and-cuda]==2.16.1'")


def test_externally_managed_environment() -> None:
    _one("error: externally-managed-environment\n\n× This environment is externally managed",
         "pip-externally-managed-environment")


def test_conda_list_with_two_tensorflows() -> None:
    log = """
tensorflow                2.4.1           mkl_py38h1234_0    defaults
tensorflow-gpu            2.4.1                h30adc30_0    conda-forge
"""
    _one(log, "tensorflow-variants-conflict")


# ------------------------------------------------------------------ NumPy, protobuf, Keras


def test_numpy_too_old_is_never_told_numpy_below_2() -> None:
    log = """
RuntimeError: module compiled against API version 0x10 but this version of numpy is 0xe
ImportError: numpy.core.multiarray failed to import
"""
    f = _one(log, "numpy-too-old-for-module")
    assert "numpy-abi-mismatch" not in _ids(explain_lines(log.splitlines()))
    assert f.fix[0].startswith("pip install --upgrade numpy")
    assert not any("numpy<2" in x for x in f.fix)


def test_numpy_2_abi_from_another_module() -> None:
    log = """
A module that was compiled using NumPy 1.x cannot be run in
NumPy 2.1.3 as it may crash.
AttributeError: _ARRAY_API not found
"""
    f = _one(log, "numpy-abi-mismatch")
    assert "2.1.3" in f.title


@pytest.mark.parametrize("line", [
    "ImportError: cannot import name 'builder' from 'google.protobuf.internal' "
    "(/usr/lib/python3/dist-packages/google/protobuf/internal/__init__.py)",
    "google.protobuf.runtime_version.VersionError: Detected incompatible Protobuf "
    "Gencode/Runtime versions when loading tensorflow/core/framework/graph.proto: gencode "
    "5.28.3 runtime 4.25.5.",
])
def test_protobuf_too_old(line: str) -> None:
    _one(line, "protobuf-too-old")


def test_protobuf_too_new_is_not_too_old() -> None:
    found = explain_lines(["TypeError: Descriptors cannot be created directly."])
    assert "protobuf-too-new" in _ids(found) and "protobuf-too-old" not in _ids(found)


def test_transformers_on_keras_3() -> None:
    f = _one("ValueError: Your currently installed version of Keras is Keras 3, but this is not "
             "yet supported in Transformers. Please install the backwards-compatible tf-keras "
             "package with `pip install tf-keras`.", "keras3-needs-tf-keras")
    assert "Transformers" in f.title and "TF_USE_LEGACY_KERAS" in f.fix[1]


def test_nccl_built_for_a_newer_cuda_than_in_use() -> None:
    log = "\n".join([
        "host:1:1 [0] NCCL INFO NCCL version 2.18.5+cuda12.2",
        "tensorflow.python.framework.errors_impl.UnknownError: ncclCommInitRank failed: "
        "unhandled cuda error",
    ])
    f = _one(log, "nccl-cuda-version-mismatch", facts_from_env({"os": "Ubuntu 22.04",
                                                                "cuda": "11.8"}))
    assert "12.2" in f.title and "11.8" in f.title


def test_nccl_of_the_same_cuda_major_is_not_called_a_mismatch() -> None:
    log = ["NCCL INFO NCCL version 2.18.5+cuda12.2", "ncclAllReduce: unhandled cuda error"]
    found = explain_lines(log, facts_from_env({"os": "Ubuntu 22.04", "cuda": "12.0"}))
    assert "nccl-cuda-version-mismatch" not in _ids(found) and "nccl-error" in _ids(found)


def test_built_without_cuda_from_a_log_is_the_cpu_only_build() -> None:
    log = """
>>> tf.test.is_built_with_cuda()
False
"""
    f = _one(log, "tensorflow-cpu-only-build")
    assert f.title == "TensorFlow was built without CUDA" and f.category == "gpu-not-visible"


# ------------------------------------------------------------------ the knowledge rows

MINE = {
    "tensorflow-no-matching-distribution", "tensorflow-gpu-package-removed",
    "windows-only-tensorflow-intel-pinned", "tensorflow-metal-no-wheel",
    "tensorflow-rocm-not-available", "tensorflow-dependency-no-wheel",
    "tensorflow-and-cuda-extra-unavailable", "pip-extra-needs-quotes",
    "pip-externally-managed-environment", "numpy-too-old-for-module", "numpy-too-new-for-code",
    "numpy-abi-mismatch", "protobuf-too-old", "protobuf-too-new", "keras3-needs-tf-keras",
    "keras3-legacy-api-used", "keras-private-api-moved", "tensorflow-cpu-only-build",
    "nccl-error", "nccl-shm-too-small", "dnn-handle-failed-gpu-memory", "cupti-not-loaded",
    "gpu-memory-held-by-other-process", "metal-plugin-tensorflow-mismatch",
    "keras3-installed-over-keras2-tensorflow",
}


def _rows() -> list[tuple[str, str, str]]:
    out = []
    for name, key in (("messages_ecosystem", "message"), ("status_codes", "code")):
        with (DATA / f"{name}.toml").open("rb") as fh:
            for row in tomllib.load(fh)[key]:
                if row.get("maps_to") in MINE and row.get("example"):
                    out.append((row.get("id") or row["name"], row["maps_to"], row["example"]))
    return out


@pytest.mark.parametrize(("row", "target", "example"), _rows(), ids=[r[0] for r in _rows()])
def test_every_mapped_message_row_gives_its_finding(row: str, target: str, example: str) -> None:
    assert target in _ids(explain_lines(example.splitlines())), row


def test_the_pip_row_for_a_requires_python_skip() -> None:
    _one("ERROR: Ignored the following versions that require a different python version: "
         "2.16.1 Requires-Python >=3.9; 2.16.2 Requires-Python >=3.9",
         "tensorflow-no-matching-distribution")


# ------------------------------------------------------------------ linear time

MY_PATTERNS = [p for p in PATTERNS if p.name.split(".")[0] in (
    "pip", "numpy", "protobuf", "keras", "mem", "nccl", "cpu", "iommu") or p.name in (
    "gpu.peer_access",)]


@pytest.mark.parametrize("pattern", MY_PATTERNS, ids=lambda p: p.name)
def test_patterns_are_linear_on_adversarial_lines(pattern: object) -> None:
    rx: re.Pattern[str] = pattern.regex  # type: ignore[attr-defined]
    needles = " ".join(pattern.needles)  # type: ignore[attr-defined]
    lines = [
        ("a" * 40_000),
        ("No matching distribution found for " + "tensorflow-" * 3_600),
        ("Could not find a version that satisfies the requirement x (" * 700),
        ("ran out of memory trying to allocate " + "9" * 40_000),
        (needles + " " + "(" * 20_000 + "[" * 20_000),
        ("compiled to use " + "SSE4.1 and " * 3_600),
        ("NCCL WARN " + "/dev/shm " * 4_000),
    ]
    start = time.perf_counter()
    for line in lines:
        rx.search(line)
    assert time.perf_counter() - start < 1.0


def test_memory_fixes_fit_a_windows_host() -> None:
    f = _one("E cuda_blas.cc:238] failed to create cublas handle: CUBLAS_STATUS_ALLOC_FAILED",
             "dnn-handle-failed-gpu-memory", _host("Windows", "Windows 10"))
    assert f.fix[0].startswith("set TF_FORCE_GPU_ALLOW_GROWTH=true")
    assert not any(x.startswith("export ") for x in f.fix)


@table("install_memory_kinds")
def test_case(case: Case) -> None:
    """A row of kind_cases/install_memory_kinds.toml: its lines give its finding, not the others."""
    check(case)
