"""'Allocator (X) ran out of memory' names host or GPU memory from the allocator's name."""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines

GPU_LINE = (
    "2023-05-01 10:00:00.000000: W tensorflow/tsl/framework/bfc_allocator.cc:296] Allocator "
    "(GPU_0_bfc) ran out of memory trying to allocate 2.15GiB with freed_by_count=0. The caller "
    "indicates that this is not a failure, but this may mean that there could be performance "
    "gains if more memory were available."
)
CPU_LINE = GPU_LINE.replace("(GPU_0_bfc)", "(mklcpu)")


@pytest.mark.parametrize(
    ("line", "fid", "words"),
    [(GPU_LINE, "gpu-allocator-ran-out", "GPU memory"),
     (CPU_LINE, "host-allocator-ran-out", "host (CPU) memory")],
)
def test_allocator_ran_out_names_the_right_memory(line: str, fid: str, words: str) -> None:
    found = {f.id: f for f in explain_lines([line])}
    assert fid in found, sorted(found)
    assert words in found[fid].title
    assert "2.15GiB" in found[fid].title
