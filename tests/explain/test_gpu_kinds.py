"""GPU kinds (compute capability, XLA/ptxas, mixed precision) in forms the public cases do
not show: other versions, architectures, wordings and eras.  Each test names the fault."""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines
from tfgpu.findings import Severity

from .kind_helpers import Case, check, ids, table


def _claims(lines: list[str]) -> set[str]:
    return {f.id for f in explain_lines(lines)
            if f.severity in (Severity.ERROR, Severity.WARNING) and not f.harmless
            and f.category not in ("unknown", "notice")}


# ------------------------------------------------------------------ XLA / ptxas


@pytest.mark.parametrize("line", [
    "*** WARNING *** You are using ptxas 10.1.243, which is older than 9.2.88. ptxas 9.x "
    "before 9.2.88 is known to miscompile XLA code",
    "You are using ptxas 9.2.148 which is older than 9.2.88",
])
def test_ptxas_version_check_false_alarm_is_harmless(line: str) -> None:
    got = ids([line])
    assert got["ptxas-version-check-false-alarm"].harmless
    assert _claims([line]) == set()


@pytest.mark.parametrize("line", [
    "You are using ptxas 9.0.176, but TF requires ptxas 9.2.88",
    "You are using ptxas 7.x, but TF requires ptxas 9.x (and strongly prefers >= 9.2.88).",
])
def test_ptxas_below_tf_requirement(line: str) -> None:
    got = ids([line, "Using ptxas at /usr/local/cuda-9.0/bin/ptxas"])
    f = got["ptxas-too-old"]
    assert f.severity is Severity.ERROR
    assert any("/usr/local/cuda-9.0/bin/ptxas" in e.text for e in f.evidence)


def test_ptxas_unknown_arch_with_driver_fallback_is_a_note() -> None:
    lines = [
        "W tensorflow/stream_executor/gpu/asm_compiler.cc:235] Your CUDA software stack is "
        "old. We fallback to the NVIDIA driver for some compilation. The ptxas error was: "
        "ptxas fatal   : Value 'sm_89' is not defined for option 'gpu-name'",
    ]
    f = ids(lines)["ptxas-does-not-support-gpu"]
    # works (no alarm), but slower: asm_compiler.cc asks to update CUDA for performance
    assert not f.harmless and f.severity is Severity.INFO
    assert "sm_89" in f.title


@pytest.mark.parametrize("lines", [
    ["W tensorflow/core/kernels/redzone_allocator.cc:314] Internal: Invoking GPU asm "
     "compilation is supported on Cuda non-Windows platforms only",
     "Relying on driver to perform ptx compilation."],
    ["Relying on driver to perform ptx compilation. ",
     "Modify $PATH to customize ptxas location."],
])
def test_driver_ptx_fallback_notice(lines: list[str]) -> None:
    assert ids(lines)["ptxas-driver-fallback-notice"].harmless
    assert _claims(lines) == set()


def test_ptxas_that_does_not_run_is_not_a_notice() -> None:
    lines = ["W tensorflow/compiler/xla/stream_executor/gpu/asm_compiler.cc:111] Running "
             "ptxas --version returned 32512",
             "Relying on driver to perform ptx compilation."]
    got = ids(lines)
    assert "ptxas-not-found" in got
    assert "ptxas-driver-fallback-notice" not in got


# ------------------------------------------------------------------ compute capability


def test_invalid_device_function_alone_is_hedged() -> None:
    # neither the GPU's CC nor the build's CCs known: a missing architecture and another
    # CUDA runtime than the build's (lightvector/KataGo#325) print this, so it is named, not
    # claimed
    line = "tensorflow.python.framework.errors_impl.InternalError: invalid device function"
    got = ids([line])
    assert got["gpu-arch-not-in-build"].category == "unknown"
    assert "gpu-arch-not-in-build" not in _claims([line])


def test_kernel_image_invalid_alone_is_a_warning_claim() -> None:
    # "device kernel image is invalid" (cudaErrorInvalidKernelImage): the binary holds no image
    # the GPU can run; every thread printing it lacked the GPU's architecture, so the missing
    # architecture is claimed as a warning (the GPU and the build are not in the log)
    line = ("InternalError: CUDA runtime implicit initialization on GPU:0 failed. Status: "
            "device kernel image is invalid")
    f = ids([line])["gpu-arch-not-in-build"]
    assert f.category == "compute-capability" and f.severity is Severity.WARNING
    assert "gpu-arch-not-in-build" in _claims([line])


def test_ptx_jit_notice_alone_is_a_slow_start_warning() -> None:
    # (CC 9.0, Hopper: the PTX JIT works there; on Blackwell the notice is the failure, below)
    line = ("W0000 gpu_device.cc:2365] TensorFlow was not built with CUDA kernel binaries "
            "compatible with compute capability 9.0. CUDA kernels will be jit-compiled from "
            "PTX, which could take 30 minutes or longer.")
    got = ids([line])
    f = got["gpu-needs-ptx-jit"]
    assert f.severity is Severity.WARNING and "9.0" in f.title
    assert "gpu-arch-not-in-build" not in got


def test_ptx_jit_notice_then_failed_launch_is_missing_arch() -> None:
    lines = ["TensorFlow was not built with CUDA kernel binaries compatible with compute "
             "capability 12.0. CUDA kernels will be jit-compiled from PTX, which could take "
             "30 minutes or longer.",
             "'cuModuleLoadData(&module, data)' failed with 'CUDA_ERROR_INVALID_IMAGE'"]
    got = ids(lines)
    assert "gpu-arch-not-in-build" in got
    assert "gpu-needs-ptx-jit" not in got
    assert "12.0" in got["gpu-arch-not-in-build"].cause


# ------------------------------------------------------------------ mixed precision


def test_bfloat16_op_without_gpu_kernel() -> None:
    lines = ["No OpKernel was registered to support Op 'MaxPool' used by {{node pool}} with "
             "these attrs: [T=DT_BFLOAT16, ksize=[1, 2, 2, 1]]",
             "  device='GPU'; T in [DT_HALF]"]
    assert ids(lines)["bfloat16-unsupported-on-gpu"].title.endswith("MaxPool")


# ------------------------------------------------------------------ TensorFlow sees no GPU


@pytest.mark.parametrize("lines", [
    ['[name: "/device:CPU:0"', 'device_type: "CPU"', "memory_limit: 268435456", "]"],
    [">>> tf.test.is_gpu_available(cuda_only=True)", "False"],
    [">>> tf.test.gpu_device_name()", "''"],
])
def test_plain_text_evidence_of_no_gpu_says_what_to_run_next(lines: list[str]) -> None:
    f = ids(lines)["tensorflow-sees-no-gpu"]
    assert f.fix[0].startswith("nvidia-smi")
    assert any("is_built_with_cuda" in x for x in f.fix)


def test_device_list_with_a_gpu_is_not_evidence_of_none() -> None:
    lines = ['[name: "/device:CPU:0"', 'device_type: "CPU"', ', name: "/device:GPU:0"',
             'device_type: "GPU"', "]"]
    assert "tensorflow-sees-no-gpu" not in ids(lines)


def test_xla_gpu_without_gpu_device_names_the_libraries() -> None:
    lines = ['[name: "/device:CPU:0"', 'device_type: "CPU"', ', name: "/device:XLA_GPU:0"',
             'device_type: "XLA_GPU"', "]"]
    f = ids(lines)["tensorflow-sees-no-gpu"]
    assert "XLA_GPU" in f.cause and "did not load" in f.cause


# ------------------------------------------------------------------ the driver's PTX JIT


def test_ptx_jit_disabled_is_not_a_driver_too_old() -> None:
    got = ids(["CUDA error: PTX JIT compilation was disabled"])
    assert "ptx-jit-disabled" in got
    assert any("CUDA_DISABLE_PTX_JIT" in x for x in got["ptx-jit-disabled"].fix)
    assert "ptx-newer-than-driver" not in got


# ------------------------------------------------------------------ the data rows of these kinds

_GPU_KIND_IDS = frozenset({
    "tensorflow-sees-no-gpu", "gpu-compute-capability-too-low", "gpu-arch-not-in-build",
    "gpu-needs-ptx-jit", "ptx-newer-than-driver", "ptx-jit-compiler-missing", "ptx-jit-disabled",
    "ptxas-too-old", "ptxas-not-found", "ptxas-does-not-support-gpu", "xla-libdevice-not-found",
    "gpu-without-tensor-cores", "mixed-precision-dtype-mismatch", "bfloat16-unsupported-on-gpu",
    "xla-llvm-gpu-arch-unsupported", "driver-older-than-ptxas", "ptxas-driver-fallback-notice",
    "ptxas-version-check-false-alarm",
})


def _rows_of_gpu_kinds() -> list[tuple[str, str, tuple[str, ...]]]:
    from pathlib import Path

    import tomllib

    data = Path(__file__).resolve().parents[2] / "src" / "tfgpu" / "knowledge" / "data"
    out = []
    for name in ("messages_ecosystem", "status_codes"):
        table = tomllib.loads((data / f"{name}.toml").read_text(encoding="utf-8"))
        for rows in table.values():
            for r in rows if isinstance(rows, list) else ():
                if isinstance(r, dict) and r.get("maps_to") in _GPU_KIND_IDS:
                    texts = tuple(t for t in (r.get("example"), r.get("text"),
                                              r.get("printed_as"), r.get("name"))
                                  if isinstance(t, str))
                    out.append((f"{name}:{r.get('id') or r.get('name')}", r["maps_to"], texts))
    return out


@pytest.mark.parametrize(("row", "finding_id", "texts"), _rows_of_gpu_kinds(),
                         ids=lambda x: x if isinstance(x, str) else "")
def test_every_data_row_of_a_gpu_kind_is_recognised(
        row: str, finding_id: str, texts: tuple[str, ...]) -> None:
    found = {f.id for t in texts for f in explain_lines(t.splitlines())}
    assert finding_id in found, row


@pytest.mark.parametrize(("line", "lib"), [
    ("E external/local_xla/xla/stream_executor/cuda/cuda_blas.cc:190] failed to run cuBLAS "
     "routine: CUBLAS_STATUS_ARCH_MISMATCH", "cuBLAS"),
    ("Could not create cudnn handle: CUDNN_STATUS_ARCH_MISMATCH", "cuDNN"),
])
def test_library_arch_mismatch(line: str, lib: str) -> None:
    f = ids([line])["gpu-compute-capability-too-low"]
    assert f.title.startswith(lib)


@pytest.mark.parametrize("lines", [
    ["TensorFlow Version: 2.13.0", "GPU Available: []"],
    ["TensorFlow version: 2.16.1", ">>> print(tf.test.is_built_with_cuda())", "False"],
])
def test_native_windows_after_the_last_gpu_release_is_one_fault(lines: list[str]) -> None:
    from tfgpu.facts import HostFacts, OSFacts, PythonFacts

    win = HostFacts(os=OSFacts(system="Windows"),
                    python=PythonFacts(version="3.11.7", executable="python"))
    got = ids(lines, win)
    assert "tensorflow-windows-native-no-gpu" in got
    assert not {"tensorflow-sees-no-gpu", "tensorflow-built-without-cuda"} & set(got)


def test_ptx_jit_notice_on_blackwell_cites_the_reported_failures() -> None:
    line = ("TensorFlow was not built with CUDA kernel binaries compatible with compute "
            "capability 12.0. CUDA kernels will be jit-compiled from PTX, which could take 30 "
            "minutes or longer.")
    # every public report of the notice on Blackwell then failed: the notice is the cause
    f = ids([line])["gpu-arch-not-in-build"]
    assert f.knowledge_ref == "platform_facts:blackwell-no-cubins"
    assert "runs normally" not in f.cause


def test_bfloat16_elsewhere_in_the_log_is_not_the_missing_kernel() -> None:
    lines = ["x = tf.cast(y, tf.bfloat16)  # T=DT_BFLOAT16 cast on the CPU",
             *["..."] * 40,
             "No OpKernel was registered to support Op 'NcclAllReduce' with these attrs: "
             "[T=DT_FLOAT]"]
    assert "bfloat16-unsupported-on-gpu" not in ids(lines)


@table("gpu_kinds")
def test_case(case: Case) -> None:
    """A row of kind_cases/gpu_kinds.toml: its lines give its finding, not the others."""
    check(case)
