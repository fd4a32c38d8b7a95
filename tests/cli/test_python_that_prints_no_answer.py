"""``--python`` naming a program that runs but is no Python interpreter (/bin/true prints
nothing, /bin/echo prints its arguments): a clear message that it ran and gave no answer,
never a JSON parser's error nor "could not be run"."""

from __future__ import annotations

import sys

import pytest

from tfgpu.cli.main import main

posix = pytest.mark.skipif(sys.platform == "win32", reason="POSIX programs")


@posix
@pytest.mark.parametrize(("program", "words"), [
    ("/bin/true", "printed no answer"),
    ("/bin/echo", "not the probe's answer"),
])
def test_a_program_that_is_not_python_is_named_as_such(
        program: str, words: str, capsys: pytest.CaptureFixture[str]) -> None:
    rc = main(["doctor", "--no-tf", "--python", program])
    err = capsys.readouterr().err
    assert rc == 3
    assert f"{program} ran (exit 0) but" in err and words in err
    assert "is it a Python interpreter?" in err
    assert "Expecting value" not in err and "could not be run" not in err
