"""NVIDIA driver libraries installed in container images (a driver/library mismatch that no
host reboot fixes), libdevice in conda-forge and pixi environments, and "CUDA driver version
is insufficient" with no version in the log.
Rows: kind_cases/drivers_in_images_and_conda_toolkits.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("drivers_in_images_and_conda_toolkits")
