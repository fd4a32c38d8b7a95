"""GPU performance counters restricted to administrators (TensorFlow's cupti_tracer.cc and
NVIDIA's ERR_NVGPUCTRPERM wording): the driver option on Linux, the NVIDIA Control Panel
setting on Windows and WSL2.  Rows: kind_cases/cupti_counter_permission.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("cupti_counter_permission")
