"""A GPU under 4 GiB that TensorFlow's own device lines show (TF 0.x "Total memory:", TF 1.x
"totalMemory:", TF 2.0-2.5 "deviceMemorySize:"), beside its allocator running out on it, is
``gpu-memory-small`` (variant from-log); the allocator's not-a-failure warning stays the
harmless notice, a large GPU or one mostly held by another process at start gives no such
claim (rows in kind_cases/small_gpu_from_log.toml)."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("small_gpu_from_log")
