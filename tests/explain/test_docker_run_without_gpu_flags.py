"""A pasted ``docker run`` / ``podman run`` that asks for no GPU, above the missing host driver
library libcuda.so.1: the container was started without the NVIDIA runtime.  A command that
asks for the GPU (--runtime=nvidia, nvidia-docker), one after the error, or no command at all
leave the library finding.  Rows: kind_cases/docker_run_without_gpu_flags.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("docker_run_without_gpu_flags")
