"""glibc's loader line "<library>: version `GLIBC_2.23' not found (required by <object>)"
(elf/dl-version.c) pasted as an ImportError without its "(required by ...)" part, quotes
retyped: a TensorFlow build newer than this Linux's glibc when the log or the host shows
TensorFlow; with nothing showing TensorFlow the line names no module, and tfgpu does not
guess one (the glibc reading stands, for a native module it does not name)."""

from __future__ import annotations

import pytest

from tfgpu import facts as F
from tfgpu.explain import explain_lines

LINE = "ImportError: /usr/lib64/libm.so.6: version 'GLIBC_2.23' not found"
_TF = F.HostFacts(
    os=F.OSFacts(system="Linux", name="CentOS Linux 7", machine="x86_64"),
    python=F.PythonFacts(version="3.5.2", executable="/usr/bin/python3",
                         distributions=(F.Distribution("tensorflow-gpu", "1.8.0"),)),
)


@pytest.mark.parametrize("lines", [
    [LINE],
    [LINE.replace("'GLIBC_2.23'", "`GLIBC_2.23'")],
    [LINE.replace("'GLIBC_2.23'", "\u2018GLIBC_2.23\u2019")],
])
def test_with_tensorflow_on_the_host_it_is_the_glibc_finding(lines: list[str]) -> None:
    found = {f.id: f for f in explain_lines(lines, _TF)}
    f = found["tensorflow-native-import-failed-linux"]
    assert "GLIBC_2.23" in f.title and "/usr/lib64/libm.so.6" in f.cause
    assert "unrecognised-error" not in found


def test_a_traceback_of_import_tensorflow_is_tensorflow_shown() -> None:
    lines = ["Traceback (most recent call last):", '  File "t.py", line 1, in <module>',
             "    import tensorflow as tf", LINE]
    assert "tensorflow-native-import-failed-linux" in {f.id for f in explain_lines(lines)}


def test_without_tensorflow_shown_it_names_no_module() -> None:
    # the glibc reading stands (the cause and fix are the same for any native module), but
    # the finding does not say whose module it is
    found = {f.id: f for f in explain_lines([LINE])}
    f = found["tensorflow-native-import-failed-linux"]
    assert f.title.startswith("A native module") and "TensorFlow" not in f.title
    assert "does not name the module" in f.cause
