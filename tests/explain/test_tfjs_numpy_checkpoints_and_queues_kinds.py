"""Who handed a graph tensor to NumPy, RNN checkpoints of TensorFlow <= 1.1, TF 1.x queues and
local variables, conda conflicts of one spec, TensorFlow.NET on Windows GPUs, guessed pip
names, tfjs-node's platforms and N-API folders, cuInit on hosts without an NVIDIA GPU.
Rows: kind_cases/tfjs_numpy_checkpoints_and_queues.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("tfjs_numpy_checkpoints_and_queues")
