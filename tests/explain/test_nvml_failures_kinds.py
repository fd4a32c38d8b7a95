"""NVML's own failures as nvidia-smi and the NVML bindings print them (checks/nvml_failures.py):
libnvidia-ml.so not found, Insufficient Permissions, the bindings' Driver Not Loaded and
version mismatch; rows in kind_cases/nvml_failures.toml (other wordings, apostrophes, quotes,
and the host the log shows: bare host, container, WSL2)."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("nvml_failures")
