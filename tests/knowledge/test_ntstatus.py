"""The NTSTATUS table (``tfgpu.knowledge.ntstatus``): every row is a well-formed error code
that every spelling finds."""

from __future__ import annotations

import pytest

from tfgpu.knowledge import ntstatus


@pytest.mark.parametrize("status", sorted(ntstatus.BY_CODE.values(), key=lambda s: s.code),
                         ids=lambda s: s.name)
def test_every_row_is_an_error_found_by_each_spelling(status: ntstatus.NtStatus) -> None:
    assert status.code >= ntstatus.ERROR_MIN and status.code < 1 << 32
    assert status.name.startswith("STATUS_") and status.meaning and status.short
    assert status.signed == status.code - (1 << 32)
    for spelling in status.spellings:
        assert ntstatus.from_text(spelling.upper()) is status
    assert ntstatus.from_exit_code(status.signed) is status
    assert ntstatus.from_exit_code(status.code) is status


def test_known_values() -> None:
    assert ntstatus.ACCESS_VIOLATION.spellings == ("-1073741819", "3221225477", "0xc0000005")
    assert ntstatus.STACK_BUFFER_OVERRUN.hex == "0xC0000409"
    assert ntstatus.from_text("1") is None and ntstatus.from_text(None) is None
    assert ntstatus.from_exit_code(1) is None
