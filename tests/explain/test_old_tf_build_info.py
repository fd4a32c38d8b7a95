"""Fix lines do not call ``tf.sysconfig.get_build_info()`` for a TensorFlow older than 2.4
(the release that added it is not verified here; TensorFlow's own docs mirror is not
available): such logs get ``tf.test.is_built_with_cuda()`` and the tested-configurations
table instead."""

from __future__ import annotations

from tfgpu.explain import explain_lines

CUDNN = ("UnknownError: Failed to get convolution algorithm. This is probably because cuDNN "
         "failed to initialize, so try looking to see if a warning log message was printed "
         "above.")


def _fix_lines(lines: list[str]) -> list[str]:
    return [ln for f in explain_lines(lines) for ln in f.fix]


def test_tf_21_gets_no_get_build_info() -> None:
    fixes = _fix_lines(["TensorFlow version: 2.1.0", CUDNN])
    assert not any("get_build_info" in ln for ln in fixes), fixes
    assert any("is_built_with_cuda()" in ln and "install/source" in ln for ln in fixes), fixes


def test_tf_215_keeps_get_build_info() -> None:
    fixes = _fix_lines(["TensorFlow version: 2.15.0", CUDNN])
    assert any("get_build_info" in ln for ln in fixes), fixes
