"""Whose compiler printed a ptxas or LLVM line (XLA in TensorFlow or jaxlib, Triton), XLA's
fallback to the driver that did not work, NCCL's own WARN line and the NCCL a Python framework
brought, Docker's missing GPU driver on Windows, WSL 2 or a daemon that does not know the
installed toolkit, and NcclAllReduce where no GPU exists.
Rows: kind_cases/compilers_collectives_and_container_hosts.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("compilers_collectives_and_container_hosts")
