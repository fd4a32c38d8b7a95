"""Keras LSTM/GRU layers and the fused cuDNN kernel: the notice that a layer's arguments
rule the kernel out, in the wording of every release, and Grappler's implementation selector
skipping the swap between the cuDNN and generic functions (harmless).  Rows:
kind_cases/keras_rnn_cudnn_paths.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("keras_rnn_cudnn_paths")
