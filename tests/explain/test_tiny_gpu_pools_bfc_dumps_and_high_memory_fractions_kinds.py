"""A GPU pool TensorFlow created tiny (its memory already taken, a Jetson's shared RAM), the BFC
allocator's dump and map without their headline (an allocation report), and a per-process GPU
memory fraction near 1.0 in the log (code, darkflow's --gpu flag) before CUDA refuses the pool.
Rows: kind_cases/tiny_gpu_pools_bfc_dumps_and_high_memory_fractions.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("tiny_gpu_pools_bfc_dumps_and_high_memory_fractions")
