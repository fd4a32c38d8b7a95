"""A kernel killed by the GPU's kernel run-time limit (the display watchdog: Windows TDR, a
display server on Linux): every wording of cuda.h CUDA_ERROR_LAUNCH_TIMEOUT / driver_types.h
cudaErrorLaunchTimeout gives the watchdog finding with the fixes of the host's OS; the event
status line alone and other timeouts do not.  Rows: kind_cases/kernel_time_limit.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("kernel_time_limit")
