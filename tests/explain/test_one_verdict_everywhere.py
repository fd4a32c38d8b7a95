"""One verdict, rendered everywhere: text, JSON, markdown and HTML say the same state.

Also: a log that shows the program died and no finding naming the cause makes ``explain``
exit 1 with a headline saying the program failed and tfgpu does not know why (the
``unrecognised-error`` finding stays a warning of category ``unknown``: no cause claimed),
and that finding quotes only lines no other finding explained.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tfgpu.cli.main import main
from tfgpu.explain import explain_lines
from tfgpu.findings import VERDICT_STATES, Severity, verdict_state

_TRACEBACK_UNKNOWN = ["Traceback (most recent call last):",
                      '  File "train.py", line 9, in <module>',
                      "    run()",
                      "ValueError: the widget count must be positive"]
_SEGFAULT = ["epoch 1/10", "lorem ipsum", "Segmentation fault (core dumped)"]
_ABORTED = ["2024-01-01 10:00:00.000000: I tensorflow/core/foo.cc:1] starting", "Aborted"]
_KERAS_MOVED = ["Traceback (most recent call last):",
                '  File "train.py", line 3, in <module>',
                "    from tensorflow.keras.layers.experimental import preprocessing",
                "ModuleNotFoundError: No module named 'tensorflow.keras.layers.experimental'"]
_CREATED = ("2022-02-02 10:00:00.000000: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1525]"
            " Created device /job:localhost/replica:0/task:0/device:GPU:0 with 9000 MB memory:"
            "  -> device: 0, name: NVIDIA GeForce RTX 3080, pci bus id: 0000:01:00.0, compute "
            "capability: 8.6")
_CREATED_THEN_UNKNOWN = [_CREATED, "2022-02-02 10:00:01.000000: E tensorflow/foo/bar.cc:10] "
                         "the frobnicator returned status 77"]

CASES = {
    "empty": [],
    "traceback-unknown": _TRACEBACK_UNKNOWN,
    "segfault": _SEGFAULT,
    "aborted": _ABORTED,
    "keras-moved": _KERAS_MOVED,
    "created": [_CREATED],
    "created-then-unknown": _CREATED_THEN_UNKNOWN,
    "no-message": ["hello world"],
}


def _run(tmp_path: Path, capsys: pytest.CaptureFixture[str], lines: list[str],
         *args: str) -> tuple[int, str]:
    log = tmp_path / "x.log"
    log.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    capsys.readouterr()
    code = main(["explain", str(log), *args])
    return code, capsys.readouterr().out


@pytest.mark.parametrize("name", sorted(CASES))
def test_markdown_and_html_say_the_verdict_the_json_says(
        name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _run(tmp_path, capsys, CASES[name], "--json")
    v = json.loads(out)["verdict"]
    state = verdict_state(v["gpu_usable"], v["problems"], v["program_failed"])
    _, md = _run(tmp_path, capsys, CASES[name], "--format", "markdown")
    _, html = _run(tmp_path, capsys, CASES[name], "--format", "html")
    badge = re.search(r"^\*\*(.+?)\*\* · ", md, re.M)
    assert badge is not None and badge.group(1) == VERDICT_STATES[state], (name, md[:300])
    assert f'data-state="{state}"' in html and VERDICT_STATES[state] in html
    # never "no GPU in use" or "GPU usable" where the JSON says GPU use is unknown
    if v["gpu_usable"] is None:
        assert "no GPU in use" not in md and "GPU usable" not in md
    # the exit code follows the same verdict
    assert code == (1 if state in ("error", "failed") else 0), (name, state)


def test_an_error_line_after_the_device_was_created_is_not_gpu_usable(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, out = _run(tmp_path, capsys, _CREATED_THEN_UNKNOWN, "--json")
    assert json.loads(out)["verdict"]["gpu_usable"] is None
    _, out = _run(tmp_path, capsys, [_CREATED], "--json")
    assert json.loads(out)["verdict"]["gpu_usable"] is True


@pytest.mark.parametrize("name", ["traceback-unknown", "segfault", "aborted"])
def test_a_program_that_died_of_an_unknown_cause_fails_the_exit_code(
        name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _run(tmp_path, capsys, CASES[name])
    assert code == 1, out
    assert out.startswith("The program failed and tfgpu does not know why"), out
    found = {f.id: f for f in explain_lines(CASES[name])}
    # still no claimed cause: a warning of category unknown
    assert found["unrecognised-error"].severity is Severity.WARNING
    assert found["unrecognised-error"].category == "unknown"


def test_error_lines_without_a_death_keep_exit_zero(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _run(tmp_path, capsys, ["2024-01-01 10:00:00.000000: E tensorflow/foo/bar.cc:10]"
                                        " the frobnicator returned status 77", "epoch 2/10"])
    assert code == 0 and "Unrecognised error" in out


def test_the_unrecognised_finding_quotes_no_line_another_finding_explained() -> None:
    found = {f.id: f for f in explain_lines(_KERAS_MOVED)}
    assert "keras-public-api-moved" in found
    assert "unrecognised-error" not in found  # the traceback is that finding's, header too
    # a second, unexplained traceback in the same log is still quoted, and only it
    both = {f.id: f for f in explain_lines([*_KERAS_MOVED, *_TRACEBACK_UNKNOWN])}
    lines = {e.line for e in both["unrecognised-error"].evidence}
    assert lines and min(lines) > len(_KERAS_MOVED), lines
