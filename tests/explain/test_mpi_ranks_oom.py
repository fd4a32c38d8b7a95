"""The first GPU out of memory in a job of several MPI processes (checks/mpi_ranks_oom.py): rows
in kind_cases/mpi_ranks_oom.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("mpi_ranks_oom")
