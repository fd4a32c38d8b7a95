"""A program's source line that a traceback (or a frame's context) quotes holds the message's
format string, not the message: ``raise ConfigError("Inconsistent CUDA toolkit path: %s vs %s"
%`` (third_party/gpus/find_cuda_config.py) above ``ConfigError: Inconsistent CUDA toolkit
path: /usr/local/cuda-11.8 vs /usr/lib/cuda``. A match whose value is a placeholder (printf's
``%s``/``%d``/``%(name)s``, ``str.format``'s ``{}``) is no hit; the line with the values is
read (logs/engine.py ``source_template``)."""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines
from tfgpu.logs.engine import source_template

_FCC = [
    "Traceback (most recent call last):",
    '  File "third_party/gpus/find_cuda_config.py", line 648, in <module>',
    "    main()",
    '  File "third_party/gpus/find_cuda_config.py", line 280, in _find_cuda_config',
    '    raise ConfigError("Inconsistent CUDA toolkit path: %s vs %s" %',
    "ConfigError: Inconsistent CUDA toolkit path: /usr/local/cuda-11.8 vs /usr/lib/cuda",
]


def test_traceback_source_line_is_skipped_for_the_exception_line_with_the_folders() -> None:
    found = explain_lines(_FCC)
    f = next(f for f in found if f.id == "tf-source-configure-cuda-file-not-found")
    assert "/usr/local/cuda-11.8 vs /usr/lib/cuda" in f.title
    assert "%s" not in f.title + f.cause
    assert [e.line for e in f.evidence] == [6]
    assert not any(x.id == "unrecognised-error" for x in found)


def test_a_keras_callback_source_line_gives_way_to_the_logged_warning() -> None:
    found = explain_lines([
        '  File "/usr/lib/python3/dist-packages/keras/callbacks.py", line 707, in on_epoch_end',
        "    logging.warning('Can save best model only with %s available, '",
        "WARNING:tensorflow:Can save best model only with val_acc available, skipping.",
    ])
    f = next(f for f in found if f.id == "keras-callback-monitor-missing-notice")
    assert [e.line for e in f.evidence] == [3]


@pytest.mark.parametrize("value", [
    "%s", '%s"', "'%s'", "%d", "%.2f", "%(path)s", "{}", "{0}", "{path!r}",
    "Inconsistent CUDA toolkit path: %s vs %s",
    # C length modifiers and positions the sources use (cuda_driver.cc "%llu", "%zu")
    "%llu", "%zu", "%1$s", "%-18s", "%#x", "%04x",
    "failed to allocate %llu bytes", "size %zu of %zu", "device %1$s at %2$p",
])
def test_placeholders_are_source_templates(value: str) -> None:
    assert source_template({"g": value})


@pytest.mark.parametrize("value", [
    "/usr/local/cuda-11.8", "100% done", "95%", "50%s", "/a%2fb", '{"a": 1}', "x % y",
    "75% of the GPU", "under 10% s", "%PATH%", "%APPDATA%\\Python",
    # HLO operands inside an XLA message: %a, %p are no placeholders there
    "%gemm_fusion.1 = f32[8,8]{1,0} fusion(f32[8,8]{1,0} %a), kind=kCustom",
    "fusion(%p, %n)",
])
def test_values_are_not_source_templates(value: str) -> None:
    assert not source_template({"g": value})
