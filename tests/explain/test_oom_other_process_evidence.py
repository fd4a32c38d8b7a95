"""Regression (new-user review, ux2 item 1): "another process holds the GPU memory" needs
evidence of another process; a plain CUDA_ERROR_OUT_OF_MEMORY next to a cuBLAS/cuDNN handle
failure is one cause (TensorFlow's own pool), one finding.

The logs are variants of the tensorflow#30912 shape (TF 1.x, GTX/RTX cards, cuBLAS and
cuDNN wordings), written for these tests."""

from __future__ import annotations

from tfgpu.explain import explain_lines
from tfgpu.facts import GPU, HostFacts, OSFacts, PythonFacts
from tfgpu.findings import Finding, Severity

HELD = "gpu-memory-held-by-other-process"


def _oom(free: str = "3.30GiB", total: str = "4.00GiB", size: str = "2.94G") -> str:
    return (f"totalMemory: {total} freeMemory: {free}\n"
            "E tensorflow/stream_executor/cuda/cuda_driver.cc:828] failed to allocate "
            f"{size} (3157432320 bytes) from device: CUDA_ERROR_OUT_OF_MEMORY: out of memory\n")


_CUBLAS = ("E tensorflow/stream_executor/cuda/cuda_blas.cc:429] failed to create cublas "
           "handle: CUBLAS_STATUS_NOT_INITIALIZED\n")
_CUDNN = ("E tensorflow/stream_executor/cuda/cuda_dnn.cc:334] Could not create cudnn handle: "
          "CUDNN_STATUS_INTERNAL_ERROR\n")


def _ids(text: str, host: HostFacts | None = None) -> dict[str, Finding]:
    return {f.id: f for f in explain_lines(text.splitlines(), host)}


def _errors(found: dict[str, Finding]) -> list[str]:
    return [i for i, f in found.items() if f.severity is Severity.ERROR]


def test_oom_with_cublas_handle_failure_gives_one_error_not_another_process() -> None:
    for handle in (_CUBLAS, _CUDNN):
        found = _ids(_oom() + handle)
        assert _errors(found) == ["dnn-handle-failed-gpu-memory"], found.keys()
        assert HELD not in found


def test_plain_oom_without_process_evidence_is_hedged_warning() -> None:
    f = _ids(_oom(free="7.10GiB", total="7.92GiB", size="6.50G"))[HELD]
    assert f.severity is Severity.WARNING
    text = " ".join((f.title, f.cause, *f.fix))
    assert "already holds" not in text
    assert "if another process" in text and "nvidia-smi" in text
    assert "ALLOW_GROWTH" in f.fix[0]


def test_near_zero_free_memory_at_start_is_evidence_of_another_process() -> None:
    found = _ids(_oom(free="190.31MiB", total="7.92GiB", size="190.31M") + _CUBLAS)
    assert _errors(found) == [HELD]
    assert "already holds" in found[HELD].cause
    # the handle failure is the same cause: its evidence moved to the one finding
    assert any("cublas" in e.text.lower() for e in found[HELD].evidence)


def test_context_creation_oom_is_evidence_of_another_process() -> None:
    line = ("W tensorflow/compiler/xla/service/platform_util.cc:240] unable to create "
            "StreamExecutor for CUDA:0: failed initializing StreamExecutor for CUDA device "
            "ordinal 0: Internal: failed call to cuCtxCreate: CUDA_ERROR_OUT_OF_MEMORY: out "
            "of memory; total memory reported: 25438715904\n")
    assert _ids(line)[HELD].severity is Severity.ERROR


def test_host_facts_with_gpu_memory_in_use_are_evidence_of_another_process() -> None:
    host = HostFacts(os=OSFacts(system="Linux"),
                     python=PythonFacts(version="3.11.9", executable="python"),
                     gpus=(GPU(index=0, vendor="nvidia", name="NVIDIA GeForce RTX 3090",
                               memory_total_mib=24576, memory_free_mib=310),))
    text = _oom(free="23.1GiB", total="24.0GiB", size="20.0G")
    assert _ids(text)[HELD].severity is Severity.WARNING
    f = _ids(text, host)[HELD]
    assert f.severity is Severity.ERROR and "310 MiB of 24,576 MiB" in f.cause


def _smi_rows(*pids: int) -> str:
    return "".join(f"|    0   N/A  N/A     {pid:>5}      C   python      {3000 + pid % 7}MiB |\n"
                   for pid in pids)


def test_nvidia_smi_table_with_other_compute_processes_is_evidence() -> None:
    text = _oom(free="5.10GiB", total="7.92GiB", size="4.50G") + _CUDNN
    assert HELD not in _ids(text)  # no evidence: the handle failure names the cause
    found = _ids(text + _smi_rows(4242, 5151))
    assert _errors(found) == [HELD]
    assert "2 compute processes" in found[HELD].cause
    # one listed process may be the failing one itself: no evidence of another
    assert HELD not in _ids(text + _smi_rows(4242))
