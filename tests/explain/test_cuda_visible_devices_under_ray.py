"""CUDA_VISIBLE_DEVICES set in the log, CUDA then finding no device, and Ray in the same log:
Ray sets the variable again inside each task, actor or Tune trial to the GPU ids it reserved
for it, "" for none (ray-project/ray ``python/ray/_private/utils.py``
``set_cuda_visible_devices``), so the value the log sets is not the only one the failing code
may have seen.  The finding names both and the command that tells them apart.

The logs are variants written for these tests from the wordings of CUDA's cuInit failure
(cuda_driver.cc), the runtime's "no CUDA-capable device is detected" and Ray's worker prefix
and task error (``ray::Name.method() (pid=N, ip=A)``).
"""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines
from tfgpu.findings import Finding, Severity

ID = "cuda-visible-devices-hides-gpus"
CUINIT = ("2020-06-08 18:11:57.675648: E tensorflow/stream_executor/cuda/cuda_driver.cc:351] "
          "failed call to cuInit: CUDA_ERROR_NO_DEVICE: no CUDA-capable device is detected")
RUNTIME = ("tensorflow.python.framework.errors_impl.InternalError: cudaGetDevice() failed. "
           "Status: no CUDA-capable device is detected")
RAY_TASK = ("ray.exceptions.RayTaskError(AssertionError): ray::Trainable.train() (pid=11658, "
            "ip=10.0.0.7)")
RAY_WORKER = "(pid=4242) " + CUINIT


def _finding(lines: list[str]) -> Finding:
    return next(f for f in explain_lines(lines) if f.id == ID)


@pytest.mark.parametrize("lines", [
    ["$ CUDA_VISIBLE_DEVICES=1 python tune_script.py", CUINIT, "[]", RAY_TASK],
    ["export CUDA_VISIBLE_DEVICES=0,1", RAY_WORKER],
    # a worker's traceback: Ray prints each of its lines behind the worker's prefix
    ["os.environ['CUDA_VISIBLE_DEVICES'] = '0'", RUNTIME,
     "(TrainWorker pid=77, ip=10.0.0.8) Traceback (most recent call last):",
     '(TrainWorker pid=77, ip=10.0.0.8)   File "/opt/conda/lib/python3.10/site-packages/ray/'
     'train/_internal/utils.py", line 1'],
])
def test_ray_in_the_log_names_its_own_setting_beside_the_logs(lines: list[str]) -> None:
    f = _finding(lines)
    assert f.severity is Severity.ERROR
    assert "Ray sets it again" in f.title
    assert "reserved none" in f.cause and "pid=" in f.cause
    assert "ray.get_gpu_ids()" in f.fix[0]
    # the value the log set stays named, with its own reading
    assert "If it saw" in f.cause


def test_without_ray_the_logs_value_alone_is_the_reading() -> None:
    f = _finding(["$ CUDA_VISIBLE_DEVICES=1 python train.py", CUINIT])
    assert "Ray" not in f.title + f.cause
    # a "(pid=N)" of some other program that does not name Ray is no sign of it
    g = _finding(["$ CUDA_VISIBLE_DEVICES=1 python train.py", CUINIT,
                  "worker exited (pid=4242)"])
    assert "Ray" not in g.title + g.cause
