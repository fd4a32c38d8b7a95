"""RESOURCE_EXHAUSTED that is not GPU memory (a full disk or quota, too many open files, a
gRPC message over its limit, a TPU's HBM), Windows' paging file, Open MPI's slots, a device
ordinal under Horovod, uv's wheel-tag hint and pip's conflict lines alone, images of another
platform, NVIDIA's tensorrt package missing its libnvinfer, R's SIGILL report, standalone
Keras on private TensorFlow names, TensorFlow in frozen bundles.
Rows: kind_cases/resource_limits_launchers_and_installers.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("resource_limits_launchers_and_installers")
