"""A TensorFlow GPU kernel on an empty tensor (GetGpuLaunchConfig's element-count CHECK) or
with a launch shape CUDA refuses ('invalid configuration argument'), cuDNN's 'failed to
initialize' quoted alone, an eager op's 'failed to allocate memory [Op:X]' without its class,
and nvidia-smi showing GPU memory in use with no process listed.
Rows: kind_cases/launch_shapes_eager_oom_and_unlisted_gpu_holders.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("launch_shapes_eager_oom_and_unlisted_gpu_holders")
