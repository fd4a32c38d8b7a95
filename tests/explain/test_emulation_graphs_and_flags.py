"""An x86-64 TensorFlow under an emulator on an ARM host, a graph node's attribute its op
lacks (a model from a newer TensorFlow), a flag XLA does not know, and the other kinds grown
from the session-28 reports (a binary math op's dtype check under mixed precision, TensorRT's
cuDNN context, TF 1.x's device list, a driver branch apt cannot locate, the placer's message
after a bare op name, the CPU-only list on a host whose GPU is not NVIDIA's).
Rows: kind_cases/emulation_graphs_and_flags.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("emulation_graphs_and_flags")
