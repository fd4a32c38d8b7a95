"""Things a log asks for that are not there: an nvidia/cuda image tag NVIDIA deleted, NVIDIA's
nvidia-tensorflow outside Linux and Python 3.8, the device's OpenCL library for TensorFlow
Lite's GPU delegate, float64 kernels on tensorflow-directml's DML device, the Python Apple's
tensorflow_macos installer needs (rows in
kind_cases/images_wheels_and_delegates_that_are_not_there.toml)."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("images_wheels_and_delegates_that_are_not_there")
