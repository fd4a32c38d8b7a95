"""A masked LSTM/GRU whose mask the cuDNN kernel cannot take: cuDNN's RNN data descriptor
refusing the sequence lengths (CUDNN_STATUS_BAD_PARAM on cudnnSetRNNDataDescriptor, every
path of cuda_dnn.cc) and Keras 3's mask check before cuDNN; another status on the call, or a
convolution's BAD_PARAM, is not this kind.  Rows: kind_cases/cudnn_rnn_mask.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("cudnn_rnn_mask")
