"""cuInit finding no GPU in a container whose NVIDIA driver library loaded: the container was
given the driver without a device (NVIDIA_VISIBLE_DEVICES=none, a device request naming no
GPU) or lost its device access; a bare host, a log without the driver library line and a
container without the kernel module give other readings.
Rows: kind_cases/container_driver_without_device.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("container_driver_without_device")
