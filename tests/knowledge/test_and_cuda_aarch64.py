"""``tf_and_cuda_aarch64.toml``: pip's answer to whether ``tensorflow[and-cuda]==X`` resolves
on Linux aarch64, per release, with the aarch64 wheel's METADATA requirements."""

from __future__ import annotations

import pytest
from packaging.requirements import Requirement

from tfgpu.knowledge import AndCudaAarch64, load_knowledge

KB = load_knowledge()
ROWS = KB.and_cuda_aarch64


def test_every_release_with_the_extra_has_an_aarch64_answer() -> None:
    with_extra = {p.tf_version for p in KB.pins}
    assert with_extra == {r.tf_version for r in ROWS}


@pytest.mark.parametrize("row", ROWS, ids=[r.id for r in ROWS])
def test_row_is_consistent(row: AndCudaAarch64) -> None:
    assert row.resolves == (row.unresolvable is None)
    assert (row.wheel_file is None) == (row.wheel_sha256 is None) == (not row.requires_dist)
    if row.wheel_file is not None:
        assert row.wheel_file.startswith(f"tensorflow-{row.tf_version}-")
        assert "aarch64" in row.wheel_file and len(row.wheel_sha256 or "") == 64
    for line in row.requires_dist:
        assert Requirement(line).marker is not None and "and-cuda" in line
    if row.unresolvable is not None:
        name = Requirement(row.unresolvable).name
        assert name == "tensorflow" or name in {Requirement(x).name for x in row.requires_dist}


@pytest.mark.parametrize("row", [r for r in ROWS if r.requires_dist],
                         ids=[r.id for r in ROWS if r.requires_dist])
def test_aarch64_metadata_pins_the_same_set_as_the_x86_64_wheel(row: AndCudaAarch64) -> None:
    aarch64 = {Requirement(x).name: Requirement(x).specifier for x in row.requires_dist}
    x86 = {p.package: p.specifier for p in KB.pins if p.tf_version == row.tf_version}
    assert {k: str(v) for k, v in aarch64.items()} == {
        k: str(Requirement(f"{k}{v}").specifier) for k, v in x86.items()}


def test_the_query_answers_only_the_exact_release() -> None:
    old = KB.and_cuda_on_aarch64("2.17.0")
    assert old is not None and not old.resolves
    assert old.unresolvable == "nvidia-cudnn-cu12==8.9.7.29"
    assert "does not resolve on Linux aarch64" in old.describe()
    new = KB.and_cuda_on_aarch64("2.21.0")
    assert new is not None and new.resolves and "resolves" in new.describe()
    assert KB.and_cuda_on_aarch64("2.13.0") is None  # before the extra: not in the table
