"""Knowledge tables load lazily, per table: a query builds the rows it reads."""

from __future__ import annotations

from pathlib import Path

import pytest

from tfgpu.knowledge import (
    TABLES,
    Knowledge,
    KnowledgeError,
    load_knowledge,
    load_knowledge_from,
)
from tfgpu.knowledge._load import data_dir, read_table


def _fresh(folder: Path | None = None) -> Knowledge:
    src = data_dir() if folder is None else folder
    return Knowledge({t: read_table(src, t) for t in TABLES})


def _copy_with(tmp_path: Path, table: str, old: str, new: str) -> Path:
    dest = tmp_path / "data"
    dest.mkdir()
    for entry in data_dir().iterdir():
        if entry.name.endswith(".toml"):
            text = entry.read_text(encoding="utf-8")
            if entry.name == f"{table}.toml":
                assert old in text
                text = text.replace(old, new, 1)
            (dest / entry.name).write_text(text, encoding="utf-8")
    return dest


def test_a_new_knowledge_has_built_no_rows() -> None:
    kb = _fresh()
    assert kb.loaded == ()
    assert kb.version == load_knowledge().version
    assert set(kb.tables) == set(TABLES)
    assert kb.loaded == ()  # the headers answer version and tables


def test_a_query_builds_only_the_table_it_reads() -> None:
    kb = _fresh()
    assert kb.tested_gpu_build("2.13.0", "linux") is not None
    assert kb.loaded == ("tf_tested_configs",)
    row = kb.cuda_error(100)
    assert row is not None and row.name == "CUDA_ERROR_NO_DEVICE"
    assert kb.loaded == ("tf_tested_configs", "status_codes")


def test_rows_match_the_eager_load() -> None:
    lazy, eager = _fresh(), load_knowledge_from(Path(str(data_dir())))
    assert eager.loaded == TABLES
    for table in TABLES:
        assert lazy.rows(table) == eager.rows(table)
    assert lazy.cuda_errors == eager.cuda_errors


def test_a_bad_row_is_an_error_when_its_table_is_first_read(tmp_path: Path) -> None:
    folder = _copy_with(tmp_path, "cuda_arch", 'first_cuda = "', "first_cuda_typo = \"")
    kb = _fresh(folder)  # headers are fine: no error yet
    assert kb.tested  # other tables still answer
    with pytest.raises(KnowledgeError, match="first_cuda"):
        kb.ptxas_first_cuda("sm_89")
    with pytest.raises(KnowledgeError, match="first_cuda"):
        load_knowledge_from(folder)  # the eager load checks every row at once


def test_a_bad_header_is_an_error_at_load(tmp_path: Path) -> None:
    folder = _copy_with(tmp_path, "tf_dtypes", 'schema_version = "1.0"',
                        'schema_version = "2.0"')
    with pytest.raises(KnowledgeError, match="not supported"):
        _fresh(folder)


def test_a_missing_table_is_an_error() -> None:
    data = {t: read_table(data_dir(), t) for t in TABLES if t != "cuda_arch"}
    with pytest.raises(KnowledgeError, match="cuda_arch"):
        Knowledge(data)

