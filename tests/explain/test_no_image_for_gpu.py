"""TensorFlow's kernel failing with "no kernel image is available" / "device kernel image is
invalid" and nothing else known is ``gpu-arch-not-in-build`` variant ``arch-likely`` (a
warning claim); "invalid device function" and a known differing CUDA toolkit stay hedged
(checks/compute_capability.py): rows in kind_cases/no_image_for_gpu.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("no_image_for_gpu")
