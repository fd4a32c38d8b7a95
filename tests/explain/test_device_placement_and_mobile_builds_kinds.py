"""Eager's tensors on conflicting devices read by where the message expects the input and by the
release its wording dates, TensorFlow's kernel JIT on ROCm builds, the PTX JIT library from a Nix
or Linuxbrew loader, a core op's kernels missing from a mobile or reduced build.
Rows: kind_cases/device_placement_and_mobile_builds.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("device_placement_and_mobile_builds")
