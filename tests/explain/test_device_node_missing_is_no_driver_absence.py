"""cuda_diagnostics' "no NVIDIA GPU device is present: /dev/nvidia0 does not exist" comes
after it found the loaded NVIDIA module: beside it cuInit's 303 and a missing libcuda.so.1
are no "no driver" readings; docker-run-without-gpus says why. Rows:
``kind_cases/device_node_missing_is_no_driver_absence.toml``."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("device_node_missing_is_no_driver_absence")
