"""A reader that closes the pipe early (``tfgpu explain LOG | head -1``) does not change the
exit code: the command keeps its diagnosis code (1 for an error-level log, 0 for a clean one)
whether the output was cut before, during or after it was written (the race of a pipe)."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src"
_ERROR_LOG = (
    "2024-03-10 12:01:05.555555: E external/local_xla/xla/stream_executor/cuda/cuda_dnn.cc:535]"
    " Loaded runtime CuDNN library: 8.6.0 but source was compiled with: 8.9.4.  CuDNN library "
    "needs to have matching major version and equal or higher minor version.\n")
_CLEAN_LOG = "hello world\n"


def _run_cut(args: list[str], *, read_first: bool) -> int:
    """Run tfgpu with stdout on a pipe whose reader closes it: at once (``read_first``
    False: every write fails) or after the first line (``| head -1``).  Its standard error
    goes to a file that is printed when the code is not the expected one (pytest shows it)."""
    env = {**os.environ, "PYTHONPATH": str(SRC), "NO_COLOR": "1"}
    r, w = os.pipe()
    if not read_first:
        os.close(r)
    with tempfile.TemporaryFile() as err:
        proc = subprocess.Popen([sys.executable, "-m", "tfgpu", *args, "--debug"], stdout=w,
                                stderr=err, env=env)
        os.close(w)
        if read_first:
            with os.fdopen(r, "rb") as reader:
                reader.readline()
        code = proc.wait(timeout=120)
        err.seek(0)
        print(err.read().decode(errors="replace")[-4000:], file=sys.stderr)
    return code


@pytest.mark.parametrize("json_out", [False, True], ids=["text", "json"])
def test_output_cut_before_any_write_keeps_the_error_code(tmp_path: Path,
                                                          json_out: bool) -> None:
    log = tmp_path / "e.log"
    log.write_text(_ERROR_LOG * 40)
    args = ["explain", str(log), *(["--json"] if json_out else [])]
    assert _run_cut(args, read_first=False) == 1


def test_head_1_keeps_the_error_code_every_time(tmp_path: Path) -> None:
    log = tmp_path / "e.log"
    log.write_text(_ERROR_LOG * 40)
    codes = [_run_cut(["explain", str(log)], read_first=True) for _ in range(6)]
    assert codes == [1] * 6


def test_clean_log_cut_early_still_exits_0(tmp_path: Path) -> None:
    log = tmp_path / "ok.log"
    log.write_text(_CLEAN_LOG)
    assert _run_cut(["explain", str(log)], read_first=False) == 0
