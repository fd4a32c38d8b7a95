"""The output line of TensorFlow's issue-template command `print(tf.version.GIT_VERSION,
tf.version.VERSION)` is read as the TensorFlow version (eyes report F-2)."""

from __future__ import annotations

import pytest
from tests.explain.kind_helpers import ids

from tfgpu.facts.view import Facts
from tfgpu.logs import read_lines

CALL = ('python -c "import tensorflow as tf; print(tf.version.GIT_VERSION, '
        'tf.version.VERSION)"')


@pytest.mark.parametrize(("line", "version"), [
    ("v2.11.0-rc2-15-g6290819256d 2.11.0", "2.11.0"),
    ("v1.15.0-rc3-22-g590d6ee 1.15.0", "1.15.0"),
    ("b'v1.13.1-0-g6612da8951' 1.13.1", "1.13.1"),
    ("v2.3.0-rc2-23-gb36436b087 2.3.0", "2.3.0"),
    ("unknown 2.1.0", "2.1.0"),
    ("v2.15.0 2.15.0", "2.15.0"),
])
def test_git_version_line_gives_the_tf_version(line: str, version: str) -> None:
    assert Facts(None, read_lines([CALL, line])).tf_version == version


@pytest.mark.parametrize("line", [
    "v2.11.0-rc2-15-g6290819256d 2.12.0",   # describe and version disagree
    "driver v2.11.0 2.11.0 ok",             # not alone on its line
    "unknown 12.1.0",                       # not a TensorFlow version
])
def test_other_lines_give_no_tf_version(line: str) -> None:
    assert Facts(None, read_lines([CALL, line])).tf_version is None


def test_windows_211_from_git_version_line_is_the_native_windows_finding() -> None:
    found = ids([
        "(tf) C:\\Users\\me>"
        + CALL.replace(')"', '); print(tf.config.list_physical_devices())"'),
        "v2.11.0-rc2-15-g6290819256d 2.11.0",
        "[PhysicalDevice(name='/physical_device:CPU:0', device_type='CPU')]",
    ])
    assert "tensorflow-windows-native-no-gpu" in found, found
