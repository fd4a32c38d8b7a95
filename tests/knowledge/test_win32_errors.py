"""Invariants over every row of ``knowledge/data/win32_errors.toml`` and its lookups."""

from __future__ import annotations

import re

import pytest

from tfgpu.knowledge import win32_errors
from tfgpu.knowledge.win32_errors import KINDS, Win32Error, from_text, normalise

ROWS = list(win32_errors.errors().values())


def test_the_table_lists_the_loader_errors_python_quotes() -> None:
    names = {r.code: r.name for r in ROWS}
    assert names[126] == "ERROR_MOD_NOT_FOUND"
    assert names[127] == "ERROR_PROC_NOT_FOUND"
    assert names[193] == "ERROR_BAD_EXE_FORMAT"
    assert names[1114] == "ERROR_DLL_INIT_FAILED"
    assert names[1455] == "ERROR_COMMITMENT_LIMIT"
    assert names[5] == "ERROR_ACCESS_DENIED"


@pytest.mark.parametrize("row", ROWS, ids=[r.name for r in ROWS])
def test_row_is_well_formed(row: Win32Error) -> None:
    assert re.fullmatch(r"ERROR_[A-Z0-9_]+", row.name)
    assert row.kind in KINDS
    assert row.english.endswith(".")
    assert row.english[0].isupper() or row.english.startswith("%1")
    assert (row.kind == "system") == bool(row.meaning and row.fix)
    assert all(re.fullmatch(r"[a-z]{2}(-[A-Z][A-Za-z]+)?", t.lang) for t in row.localized)
    assert len({t.lang for t in row.localized}) == len(row.localized), "one text per language"


@pytest.mark.parametrize("row", ROWS, ids=[r.name for r in ROWS])
def test_every_text_of_a_row_finds_that_row(row: Win32Error) -> None:
    for text in row.texts:
        assert from_text(text) is row, text
        assert from_text(f"  {text.upper()}  #extra words after it") is row, text


def test_no_text_is_part_of_another_codes_text() -> None:
    keys = [(normalise(t), r.code) for r in ROWS for t in r.texts]
    for key, code in keys:
        for other, other_code in keys:
            if other_code != code:
                assert key not in other, (key, other)


def test_unknown_and_empty_reasons_find_no_row() -> None:
    assert from_text("") is None
    assert from_text("...") is None
    assert from_text("Ein unbekannter Fehler ist aufgetreten.") is None


def test_normalise_ignores_apostrophes_spacing_and_final_stops() -> None:
    assert normalise("Une routine d’initialisation.") == normalise("une routine d'initialisation")
    assert normalise("动态链接库 (DLL) 初始化例程失败。") == normalise(
        "动态链接库(DLL)初始化例程失败")
    assert normalise("页面文件太小，无法完成操作") == normalise("页面文件太小,无法完成操作。")


def test_the_bad_image_text_is_found_with_the_file_name_in_place_of_its_insert() -> None:
    row = from_text("C:\\x\\cudnn64_8.dll is not a valid Win32 application.")
    assert row is not None and row.code == 193


def test_a_text_cut_by_the_paste_is_its_code_when_only_one_code_starts_so() -> None:
    cut = from_text("The specified module could not be f")
    assert cut is not None and cut.code == 126
    cut = from_text("动态链接库(DLL)初始化")
    assert cut is not None and cut.code == 1114
    assert from_text("The specified") is None  # the start of 126's and 127's texts
    assert from_text("Access") is None  # too short to name a code
