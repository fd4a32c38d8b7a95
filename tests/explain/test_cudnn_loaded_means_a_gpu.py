"""A log holding only cuda_dnn.cc's "Loaded cuDNN version N" shows a GPU in use, with the
version read in the encoding of its cuDNN major (9.x: major*10000, 8.x: major*1000); the
device lines, when there, are what the finding names.
Rows: kind_cases/cudnn_loaded_means_a_gpu.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("cudnn_loaded_means_a_gpu")
