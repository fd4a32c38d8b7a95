"""TensorFlow's own tf.lite.Interpreter and the releases that link the Flex delegate,
pkg_resources missing where setuptools 82 cannot be, nccl.h missing in the build the log
names, a stdlib extension module missing from MSYS2's, macOS's, Windows' or Linux's Python,
Open MPI 5's PRRTE slots, a Windows checkpoint save's own shard rename refused.
Rows: kind_cases/flex_window_setuptools_nccl_builds_python_hosts_prrte_and_ckpt_merge.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("flex_window_setuptools_nccl_builds_python_hosts_prrte_and_ckpt_merge")
