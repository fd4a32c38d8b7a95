"""TensorFlow's cudaMallocAsync allocator aborting on a second CUDA stream for one GPU ("Trying
to set the stream twice"): a hedge that names the allocator, the change that relaxed the check
and the fix that holds in every release (checks/malloc_async_stream.py).  Rows in
kind_cases/malloc_async_stream.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("malloc_async_stream")
