"""A bazel build step that cannot load a CUDA library; CUDA's older host_config.h gcc checks;
the collective group check of TF 2.4 and earlier; glibc's line without quotes; a wheel name with a
space before ".whl"; CUDA finding no device in a Ray program's log; StyleGAN's dnnlib compiling
for a GPU newer than the build's CUDA.  Rows: kind_cases/build_steps_and_worker_visibility.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("build_steps_and_worker_visibility")
