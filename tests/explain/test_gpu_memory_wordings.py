"""GPU memory messages across TensorFlow versions, as kind variants (rows in
kind_cases/gpu_memory_wordings.toml): the GPU device's "OOM when allocating tensor of shape"
wording next to the op's "with shape" one; handle-creation and out-of-memory result names
pasted alone; cuFFT statuses printed as numbers; an nvidia-smi table whose GPU memory is
nearly all taken; TF 1.x's free memory at start (TF 2.x: the pool it created) below a tenth of
the total before an out-of-memory failure; the inverse FFT ops' cuBLAS scaling step failing."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("gpu_memory_wordings")
