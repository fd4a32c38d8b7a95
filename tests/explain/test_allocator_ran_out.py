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


# bfc_allocator.cc AllocateRawInternal: an allocation the op needed failed after its retries
FAILED = [
    "2024-08-17 16:23:19.044545: W external/local_xla/xla/tsl/framework/bfc_allocator.cc:501] "
    "Allocator (GPU_0_bfc) ran out of memory trying to allocate 34.10MiB (rounded to 35758080)"
    "requested by op model/batch_normalization/moments/SquaredDifference",
    "If the cause is memory fragmentation maybe the environment variable "
    "'TF_GPU_ALLOCATOR=cuda_malloc_async' will improve the situation. ",
    "",
    # a later record of the other path, within three lines: not the failed line's own words
    "2024-08-17 16:23:20.472136: W external/local_xla/xla/tsl/framework/bfc_allocator.cc:310] "
    "Allocator (GPU_0_bfc) ran out of memory trying to allocate 4.64GiB with freed_by_count=0. "
    "The caller indicates that this is not a failure, but this may mean that there could be "
    "performance gains if more memory were available.",
]


def test_a_failed_allocation_is_not_read_as_the_next_records_not_a_failure() -> None:
    found = {f.id: f for f in explain_lines(FAILED)}
    f = found["gpu-allocator-ran-out"]
    assert f.severity.value == "warning" and not f.harmless
    assert "34.10MiB for op model/batch_normalization/moments/SquaredDifference" in f.title
    assert "the allocation failed" in f.title
    assert "fragmentation" in f.cause and "(line 2)" in f.cause
    assert any("TF_GPU_ALLOCATOR=cuda_malloc_async" in x for x in f.fix)
    assert [e.line for e in f.evidence][:2] == [1, 2]


def test_a_tf1_rounded_line_is_a_failed_allocation() -> None:
    line = ("2019-10-23 16:48:08.873435: W tensorflow/core/common_runtime/bfc_allocator.cc:419] "
            "Allocator (GPU_0_bfc) ran out of memory trying to allocate 216.8KiB (rounded to "
            "221952).  Current allocation summary follows.")
    f = {f.id: f for f in explain_lines([line, GPU_LINE])}["gpu-allocator-ran-out"]
    assert "216.8KiB: the allocation failed" in f.title and not f.harmless
    assert not any("TF_GPU_ALLOCATOR" in x for x in f.fix)  # no hint line in this log


def test_the_retried_probe_alone_stays_harmless() -> None:
    f = {f.id: f for f in explain_lines([GPU_LINE])}["gpu-allocator-ran-out"]
    assert f.harmless and "not a failure" in f.title
