"""NCCL's shared-memory attach failing (not /dev/shm's size), cudaErrorDevicesUnavailable under
WSL2, TensorFlow's retired gcr.io image repository, XLA's platform on ROCm, the TensorFlow Lite
converter's "TF Select ops" list and tfjs-tflite as the runtime, "certificate has expired",
apt's CUDA release not published for the distribution release, gast 0.4 under AutoGraph.
Rows: kind_cases/runtimes_registries_and_converters.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("runtimes_registries_and_converters")
