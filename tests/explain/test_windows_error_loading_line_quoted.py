"""An exception line that an explaining pattern also reads (``OSError: [WinError 126] The
specified module could not be found. Error loading "...c10.dll" or one of its dependencies.``:
the Node.js tfjs pattern reads "The specified module could not be found") is still the
exception the report quotes and the program died on: by the finding that reads it, or by
``unrecognised-error`` when none does."""

from __future__ import annotations

import io

import pytest

from tfgpu.diagnosis.verdict import explain_report
from tfgpu.explain import explain_stream


@pytest.mark.parametrize("lib", [
    "C:\\Users\\me\\venv\\lib\\site-packages\\torch\\lib\\c10.dll",
    "C:\\Users\\me\\venv\\lib\\site-packages\\tensorflow\\python\\_pywrap_tensorflow_internal.pyd",
])
def test_the_error_loading_exception_is_quoted(lib: str) -> None:
    last = (f'OSError: [WinError 126] The specified module could not be found. Error loading '
            f'"{lib}" or one of its dependencies.')
    text = ("Traceback (most recent call last):\n"
            '  File "C:\\Users\\me\\train.py", line 1, in <module>\n'
            "    import torch\n" + last + "\n")
    res = explain_stream(io.BytesIO(text.encode()))
    rep = explain_report(res.findings, res.stats, "in.log", died=res.died, failure=res.failure)
    assert rep.verdict.program_failed is True
    # a finding of its own quotes it (python-package-windows-dll-load-failed reads Python
    # packages' "Error loading ... or one of its dependencies"); never dropped for the tfjs
    # pattern's reading of its words
    quoting = [f for f in rep.findings if any(e.line == 4 and e.text == last for e in f.evidence)]
    assert quoting, [f.id for f in rep.findings]
    assert all(f.id != "unrecognised-error" or f"The last exception is: {last}" in f.cause
               for f in quoting)
