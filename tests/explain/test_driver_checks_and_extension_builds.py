"""CUDA driver CHECK_EQ codes decoded, nvcc missing from a build's PATH, StyleGAN's dnnlib plugin
build, bazel's GPU configuration, tfjs-node on Windows and LLVM's allocation failure, each told
apart by its variable part: ``kind_cases/driver_checks_and_extension_builds.toml``."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("driver_checks_and_extension_builds")
