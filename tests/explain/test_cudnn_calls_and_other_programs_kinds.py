"""cuDNN failures of other programs (Caffe's CUDNN_CHECK, darknet's cuDNN status check),
XGBoost's and MXNet's CUDA errors, the cuDNN status number by the cuDNN the log shows, a
failed cuDNN call named after its status (no handle failure), the Windows cuDNN RNN fault's
batch-shape workaround, small host tensor requests, sysconfig build info on old TensorFlow,
and one GPU mapped twice under a C API program or MPI ranks.
Rows: kind_cases/cudnn_calls_and_other_programs.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("cudnn_calls_and_other_programs")
