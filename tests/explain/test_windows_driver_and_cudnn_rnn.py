"""A cuDNN RNN (LSTM/GRU) kernel failing mid-training on native Windows reads as the NVIDIA
driver's fault, which every report of it was fixed by (rows in
kind_cases/windows_driver_and_cudnn_rnn.toml); on Linux, or with the OS unknown, the hedged
reading stays."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("windows_driver_and_cudnn_rnn")
