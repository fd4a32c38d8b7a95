"""Fix texts that restate a knowledge fact read it from the data: with the fact edited in a
copy of the data files, the fix follows the edit (the WSL GPU Windows floor, platform fact
``wsl2-min-windows-build``; the Keras 3 switch, platform fact ``keras3-switch``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pytest

from tfgpu.diagnosis.checks import directml, keras_saving, nvidia_tools, tf_install
from tfgpu.facts.view import Facts
from tfgpu.findings import Finding
from tfgpu.knowledge import Knowledge
from tfgpu.logs import read_lines

from .kind_helpers import edited_knowledge

WSL1_SMI = ["$ uname -r", "4.4.0-19041-Microsoft",
            "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. "
            "Make sure that the latest NVIDIA driver is installed and running."]
DX_MISSING = ["ImportError: libd3d12.so: cannot open shared object file: No such file or "
              "directory"]
NEEDS_TF_KERAS = ["ValueError: You have tensorflow 2.16.1 and this requires tf-keras package. "
                  "Please run `pip install tf-keras` or downgrade your tensorflow."]
SAVED_BY_KERAS2 = ["TypeError: Could not deserialize class 'Sequential' because its parent "
                   "module keras.src.engine.sequential cannot be imported. Full object config: "
                   "{'module': 'keras.src.engine.sequential'}"]


def _edit_the_facts(text: str) -> str:
    for old, new in (('min_windows_build = "19044"', 'min_windows_build = "19999"'),
                     ('windows_release = "Windows 10 21H2"',
                      'windows_release = "Windows 10 99H9"')):
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    start = text.index('id = "keras3-switch"')
    row = text[start:text.index("[[rows]]", start)]
    assert row.count('tf_version = "2.16"') == 1
    return text.replace(row, row.replace('tf_version = "2.16"', 'tf_version = "2.37"'))


@pytest.fixture(scope="module")
def edited(tmp_path_factory: pytest.TempPathFactory) -> Knowledge:
    return edited_knowledge(tmp_path_factory.mktemp("data"), "platform_facts.toml",
                            _edit_the_facts)


def _fix(check: Callable[[Facts], Iterable[Finding]], lines: list[str], kb: Knowledge | None,
         ) -> str:
    found = list(check(Facts(None, read_lines(lines), kb)))
    assert found, "the check no longer fires on this log"
    return "\n".join(line for f in found for line in f.fix)


@pytest.mark.parametrize(("check", "lines", "packaged", "now"), [
    (nvidia_tools.smi_cannot_reach_driver, WSL1_SMI,
     ("Windows 10 21H2", "build 19044"), ("Windows 10 99H9", "build 19999")),
    (directml.wsl_directml_libraries_missing, DX_MISSING,
     ("Windows 10 21H2", "build 19044"), ("Windows 10 99H9", "build 19999")),
    (tf_install.keras3, NEEDS_TF_KERAS,
     ("tf-keras~=2.16.0", "TensorFlow <= 2.15"),
     ("2.37 or later", "TensorFlow <= 2.36")),
    (keras_saving.keras_model_saved_with_other_keras, SAVED_BY_KERAS2,
     ("(or TensorFlow 2.15)", "pin TensorFlow <= 2.15"),
     ("(or TensorFlow 2.36)", "pin TensorFlow <= 2.36")),
])
def test_fix_follows_the_data(check: Callable[[Facts], Iterable[Finding]], lines: list[str],
                              packaged: tuple[str, ...], now: tuple[str, ...],
                              edited: Knowledge) -> None:
    before = _fix(check, lines, None)
    assert all(p in before for p in packaged), before
    after = _fix(check, lines, edited)
    assert all(n in after for n in now), after
    assert not any(p in after for p in packaged), after
