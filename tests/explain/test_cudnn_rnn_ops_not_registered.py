"""A cuDNN RNN op (CudnnRNN*) this TensorFlow binary does not register: TensorFlow's old
Windows builds without it, else hedged (checks/op_registry.py): rows in
kind_cases/cudnn_rnn_ops_not_registered.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("cudnn_rnn_ops_not_registered")
