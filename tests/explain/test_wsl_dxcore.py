"""tensorflow-directml's WSL build could not create DXCore's adapter factory
(checks/wsl_dxcore.py): rows in kind_cases/wsl_dxcore.toml."""

from __future__ import annotations

import pytest

from tfgpu.diagnosis.checks.wsl_dxcore import kernel_version

from .kind_helpers import table_test

test_case = table_test("wsl_dxcore")


@pytest.mark.parametrize(("release", "want"), [
    ("4.19.84-microsoft-standard", (4, 19, 84)),
    ("4.19.121", (4, 19, 121)),
    ("5.15.153.1-microsoft-standard-WSL2", (5, 15, 153)),
    (" 5.10.16.3-microsoft-standard-WSL2\n", (5, 10, 16)),
    ("4.19", None),           # no patch level: unknown, no claim
    ("4.19.x", None),
    ("4.19.84x", (4, 19, 84)),
    ("v4.19.84", None),
    ("4.19.1234567", None),   # a patch level no kernel has
    ("", None),
    ("microsoft-standard", None),
])
def test_odd_kernel_releases_parse_or_are_unknown(release: str,
                                                  want: tuple[int, int, int] | None) -> None:
    assert kernel_version(release) == want
