"""The platform fact ``tf1-gpu-build-cuda`` is read through one guarded accessor
(checks.tf1_era.tf1_build_cudas): with the row gone from an edited copy of the data, every
reader says "unknown" (``None`` / no finding) instead of raising KnowledgeQueryError."""

from __future__ import annotations

import pytest

from tfgpu.diagnosis.checks.driver_and_build_cuda import tf_build_cuda
from tfgpu.diagnosis.checks.op_registry import _gpu_newer_than_tf1
from tfgpu.diagnosis.checks.tf1_era import releases_built_with_cuda, tf1_build_cudas
from tfgpu.facts.view import Facts
from tfgpu.knowledge import Knowledge, load_knowledge
from tfgpu.logs import read_lines

from .kind_helpers import edited_knowledge


def _rename_the_row(text: str) -> str:
    assert text.count('id = "tf1-gpu-build-cuda"') == 1
    return text.replace('id = "tf1-gpu-build-cuda"', 'id = "renamed-in-a-test"')


@pytest.fixture(scope="module")
def without_row(tmp_path_factory: pytest.TempPathFactory) -> Knowledge:
    return edited_knowledge(tmp_path_factory.mktemp("data"), "platform_facts.toml",
                            _rename_the_row)


class _Tf1(Facts):
    """Facts whose TensorFlow is 1.12.0 (the version a host or log would give)."""

    @property
    def tf_version(self) -> str | None:
        return "1.12.0"


def test_the_packaged_row_reads() -> None:
    known = tf1_build_cudas(load_knowledge())
    assert known is not None and known.ref == "platform_facts:tf1-gpu-build-cuda"
    assert ("1.12", "9.0") in known.builds and ("1.15", "10.0") in known.builds
    assert len(known.builds) == 16  # every item of the row has the series=cuda form


def test_the_readers_use_the_row() -> None:
    kb = load_knowledge()
    assert releases_built_with_cuda(kb, "9.0") == ("TensorFlow 1.5-1.12",
                                                   "platform_facts:tf1-gpu-build-cuda")
    built = tf_build_cuda(_Tf1(None, read_lines([]), kb))
    assert built is not None and built[0] == "9.0" and "tf1-gpu-build-cuda" in built[1]


def test_a_missing_row_is_unknown_everywhere(without_row: Knowledge) -> None:
    assert tf1_build_cudas(without_row) is None
    assert releases_built_with_cuda(without_row, "9.0") is None
    ctx = _Tf1(None, read_lines([]), without_row)
    assert tf_build_cuda(ctx) is None
    assert _gpu_newer_than_tf1(ctx) == []
