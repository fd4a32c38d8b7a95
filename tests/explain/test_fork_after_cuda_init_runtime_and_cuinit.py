"""A worker process forked after TensorFlow initialised CUDA (a GPU device created earlier in
the log, then a process Python's multiprocessing started: "Process ForkPoolWorker-N:", the
multiprocessing/process.py and pool.py frames, Keras' use_multiprocessing=True) whose CUDA
runtime fails with "initialization error" (gpu_device.cc "cudaGetDevice() failed. Status: %s",
"CUDA runtime implicit initialization on GPU:%d failed. Status: %s") or whose cuInit returns
CUDA_ERROR_NOT_INITIALIZED (cuda_driver.cc "failed call to cuInit: %s") gets the fork reading
and the 'spawn' start method, not nvidia-smi (checks/cuda_driver_checks.py
``forked_after_gpu``, tensorflow/tensorflow#57877)."""

from __future__ import annotations

import pytest

from tfgpu.diagnosis.catalogue import load_catalogue
from tfgpu.diagnosis.checks.cuda_driver_checks import FORK_NEXT
from tfgpu.explain import explain_lines

CREATED = ("2024-05-09 16:20:02.331101: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1928] "
           "Created device /job:localhost/replica:0/task:0/device:GPU:0 with 22279 MB memory:  "
           "-> device: 0, name: NVIDIA L4, pci bus id: 0000:41:00.0, compute capability: 8.9")
FORKS = {
    "pool worker": ["Process ForkPoolWorker-2:"],
    "frames": ["Traceback (most recent call last):",
               '  File "/usr/lib/python3.11/multiprocessing/process.py", line 314, in _bootstrap',
               '  File "/usr/lib/python3.11/multiprocessing/pool.py", line 125, in worker'],
    "keras": ["model.fit(gen, epochs=3, workers=4, use_multiprocessing=True)"],
}
GET_DEVICE = ("tensorflow.python.framework.errors_impl.InternalError: cudaGetDevice() failed. "
              "Status: initialization error")
IMPLICIT = ("tensorflow.python.framework.errors_impl.InternalError: CUDA runtime implicit "
            "initialization on GPU:0 failed. Status: initialization error")
CUINIT = ("2024-05-09 16:20:03.004519: E external/local_xla/xla/stream_executor/cuda/"
          "cuda_driver.cc:282] failed call to cuInit: CUDA_ERROR_NOT_INITIALIZED: "
          "initialization error")


@pytest.mark.parametrize("fork", list(FORKS))
@pytest.mark.parametrize("failure", [GET_DEVICE, IMPLICIT])
@pytest.mark.parametrize("with_cuinit", [False, True])
def test_a_runtime_failure_in_a_forked_worker_is_the_fork(fork: str, failure: str,
                                                          with_cuinit: bool) -> None:
    found = {f.id: f for f in explain_lines([CREATED, *FORKS[fork], failure,
                                             *([CUINIT] if with_cuinit else [])])}
    f = found["cuda-runtime-init-failed"]
    assert "forked" in f.title and "spawn" in " ".join(f.fix)
    assert "nvidia-smi" not in " ".join(f.fix)
    assert "cuinit-not-initialized" not in found  # the same child's failure, one finding


@pytest.mark.parametrize("fork", list(FORKS))
def test_cuinit_not_initialized_in_a_forked_worker_is_the_fork(fork: str) -> None:
    found = {f.id: f for f in explain_lines([CREATED, *FORKS[fork], CUINIT])}
    f = found["cuinit-not-initialized"]
    assert "spawn" in " ".join(f.fix) and "nvidia-smi" not in " ".join(f.fix)
    assert "follow-on" not in (f.cause or "") and "forked" in (f.cause or "")


@pytest.mark.parametrize("lines", [
    [*FORKS["pool worker"], GET_DEVICE],          # no GPU device created before it
    [CREATED, GET_DEVICE],                        # no process multiprocessing started
])
def test_without_the_fork_s_evidence_the_runtime_reading_stays(lines: list[str]) -> None:
    f = next(f for f in explain_lines(lines) if f.id == "cuda-runtime-init-failed")
    assert "forked" not in f.title and "nvidia-smi" in f.fix[0]


def test_the_forked_variant_and_the_code_s_fork_steps_agree() -> None:
    spec = load_catalogue().spec("cuda-runtime-init-failed").situation("forked")
    assert tuple(spec.fix) == FORK_NEXT
