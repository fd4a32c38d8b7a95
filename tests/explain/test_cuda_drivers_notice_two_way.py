"""TensorFlow's cudart stub line "Could not find cuda drivers on your machine" (the CUDA
runtime did not load, whatever the driver), read two ways: a conditional warning naming that
runtime when nothing shows whether the host has an NVIDIA GPU, harmless when the host facts or
the log show none, the error when they show one (checks/driver.py drivers_notice_reading):
rows in kind_cases/cuda_drivers_notice_two_way.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("cuda_drivers_notice_two_way")
