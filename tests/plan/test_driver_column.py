"""plan's driver column (select._driver_column) is worked out in one place, with one rule for
versions that are not dotted numbers: such a cuda_min_driver.toml row is left out (the others
still count), and such a target driver is unknown (no warning); nothing raises."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import cast

import pytest

from tfgpu.knowledge import Knowledge, MinDriver, load_knowledge
from tfgpu.plan.select import (
    _driver_column,
    _driver_older_than_knowledge,
    _driver_unknown_to_knowledge,
)
from tfgpu.plan.target import TargetHost, target_from_description


def _row(rid: str, linux: str | None, windows: str | None = None) -> MinDriver:
    return MinDriver(table="cuda_min_driver", id=rid, source="test",
                     retrieved=datetime.date(2026, 1, 1), cuda_version=rid,
                     kind="toolkit_ga", min_driver_linux=linux, min_driver_windows=windows)


@dataclass
class _Kb:
    """Just the table _driver_column reads."""

    drivers: tuple[MinDriver, ...]


_ROWS = (_row("11.0", "450.36.06", "451.22"), _row("12.0", "525.60.13", "527.41"),
         _row("bad", "n/a", "5x.1"), _row("none", None, None))


def _target(driver: str | None, os: str = "linux") -> TargetHost:
    return target_from_description(os, gpu="GTX 1060", driver=driver)


def test_rows_that_are_not_versions_are_left_out_and_the_rest_kept() -> None:
    column = _driver_column(_target("535.104.05"), cast(Knowledge, _Kb(_ROWS)))
    assert column is not None
    given, known = column
    assert given == (535, 104, 5)
    assert [(k, v, r.id) for k, v, r in known] == [((450, 36, 6), "450.36.06", "11.0"),
                                                   ((525, 60, 13), "525.60.13", "12.0")]


def test_the_windows_column_for_windows_targets() -> None:
    column = _driver_column(_target("999.12", os="windows"), cast(Knowledge, _Kb(_ROWS)))
    assert column is not None
    assert [v for _, v, _ in column[1]] == ["451.22", "527.41"]


@pytest.mark.parametrize("driver", [None, "", "abc", "535.x", "N/A"])
def test_a_target_driver_that_is_not_a_version_is_unknown(driver: str | None) -> None:
    kb = cast(Knowledge, _Kb(_ROWS))
    target = TargetHost(os="linux", arch="x86_64", driver=driver)
    column = _driver_column(target, kb)
    assert column is None
    assert _driver_unknown_to_knowledge(target, column) == []
    assert _driver_older_than_knowledge(target, kb, None, column) == []


def test_a_bad_row_does_not_silence_the_warnings_of_the_others() -> None:
    # before: one row that did not parse made both warnings say nothing
    kb = cast(Knowledge, _Kb(_ROWS))
    newer_target, older_target = _target("999.99"), _target("99.99")
    (newer,) = _driver_unknown_to_knowledge(newer_target, _driver_column(newer_target, kb))
    assert "the newest: 525.60.13" in newer.text
    (older,) = _driver_older_than_knowledge(older_target, kb, None,
                                            _driver_column(older_target, kb))
    assert "the oldest: 450.36.06" in older.text


def test_a_column_with_no_comparable_row_warns_about_nothing() -> None:
    kb = cast(Knowledge, _Kb((_row("bad", "n/a"),)))
    newer_target, older_target = _target("999.99"), _target("99.99")
    assert _driver_unknown_to_knowledge(newer_target, _driver_column(newer_target, kb)) == []
    assert _driver_older_than_knowledge(older_target, kb, None,
                                        _driver_column(older_target, kb)) == []


def test_the_real_table_parses_in_both_columns() -> None:
    kb = load_knowledge()
    for os in ("linux", "windows"):
        column = _driver_column(_target("535.104.05", os=os), kb)
        assert column is not None
        named = [r for r in kb.drivers if r.driver_for(os)]
        assert len(column[1]) == len(named)  # no row of the shipped data is left out
