"""A CUDA toolkit or cuDNN library TensorFlow could not load inside a container (the loader path
of NVIDIA's CUDA images in the log): the fix starts with the image, which must carry those
libraries; a host's loader path gets no such line.  Rows:
kind_cases/container_cuda_libraries.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("container_cuda_libraries")
