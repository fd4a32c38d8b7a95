"""A cuDNN RNN op (Keras LSTM/GRU's cuDNN path) with no kernel while a GPU device is registered:
the GPU of a PluggableDevice plugin (tensorflow-metal), in the placer's and eager's wordings,
and the readings that stay others' (Windows/DirectML, a CUDA build's GPU kernels, NCCL ops, no
GPU registered) (``checks/op_kernel_gpu_build.py``).  Rows: kind_cases/plugin_gpu_cudnn_rnn.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("plugin_gpu_cudnn_rnn")
