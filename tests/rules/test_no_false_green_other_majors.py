"""No false green, section 3 variants: a library of the wrong major or architecture is never
"ready" (other releases and cuDNN majors than tests/rules/test_no_false_green.py)."""

from __future__ import annotations

import pytest
from test_no_false_green import _host, _lib, _report

from tfgpu.findings import Severity


@pytest.mark.parametrize(("tf", "libs", "fid"), [
    # TF 2.18 is built with cuDNN 9: a cuDNN 8 copy does not serve it
    ("2.18.0", (("cudart", "12"), ("cublas", "12"), ("cudnn", "8")), "cudnn-major-mismatch"),
    # TF 2.16 is built with cuDNN 8.9: a cuDNN 9 copy does not serve it
    ("2.16.1", (("cudart", "12"), ("cublas", "12"), ("cudnn", "9")), "cudnn-major-mismatch"),
    # TF 2.12 is built with CUDA 11.8: CUDA 12 libraries do not serve it
    ("2.12.0", (("cudart", "12"), ("cublas", "12"), ("cudnn", "8")), "tf-cuda-runtime-missing"),
])
def test_wrong_major_is_an_error(tf: str, libs: tuple[tuple[str, str], ...], fid: str) -> None:
    report = _report(_host(tuple(_lib(n, m) for n, m in libs), tf=tf))
    assert fid in [f.id for f in report.findings if f.severity is Severity.ERROR]


def test_right_majors_are_ready_and_wrong_arch_is_not() -> None:
    good = (_lib("cudart", "12"), _lib("cublas", "12"), _lib("cudnn", "9"))
    assert not [f for f in _report(_host(good, tf="2.18.0")).findings
                if f.severity is not Severity.INFO]
    arm = (*good[:2], _lib("cudnn", "9", binary="elf64-aarch64"))
    assert "tf-cuda-runtime-missing" in [f.id for f in _report(_host(arm, tf="2.18.0")).findings]
