"""TensorFlow's "not built with CUDA kernel binaries compatible with compute capability X ...
jit-compiled from PTX" notice: when a newer official wheel has native cubins for that compute
capability (tf_compute_capabilities.toml, the table ``tfgpu matrix --gpu`` reads), the first
fix offers it, pinned to its series; otherwise the JIT-cache and source-build lines stay."""

from __future__ import annotations

from tfgpu.explain import explain_lines
from tfgpu.findings import Finding


def _notice(version: str | None, cc: str) -> Finding:
    lines = ([">>> tf.__version__", f"'{version}'"] if version else []) + [
        "2021-01-15 09:00:00.100000: W tensorflow/core/common_runtime/gpu/gpu_device.cc:1852] "
        "TensorFlow was not built with CUDA kernel binaries compatible with compute capability "
        f"{cc}. CUDA kernels will be jit-compiled from PTX, which could take 30 minutes or "
        "longer."]
    return next(f for f in explain_lines(lines) if f.id == "gpu-needs-ptx-jit")


def test_rtx_3090_on_tf_2_4_is_offered_the_first_wheel_with_sm_80_cubins_first() -> None:
    """CC 8.6 on TF 2.4 (PTX 8.0 only): 2.16 is the first wheel with an sm_80 cubin."""
    f = _notice("2.4.0", "8.6")
    assert "2.16 is the first official wheel" in f.fix[0], f.fix
    assert "tf_compute_capabilities:2.16" in f.fix[0]
    assert "CUDA 12.3" in f.fix[0] and "525.60.13" in f.fix[0], f.fix[0]
    assert f.fix[1] == "pip install 'tensorflow[and-cuda]==2.16.*'", f.fix[1]
    assert any("CUDA_CACHE_MAXSIZE" in x for x in f.fix[2:])


def test_any_cc_with_a_newer_native_wheel_gets_it_first() -> None:
    """The rule is the table's, not one GPU's: CC 8.9 on TF 2.12 is offered 2.16 too."""
    f = _notice("2.12.0", "8.9")
    assert "native kernels for CC 8.9" in f.fix[0] and "2.16" in f.fix[0], f.fix


def test_no_upgrade_when_no_newer_wheel_has_cubins_for_the_cc() -> None:
    """CC 9.0 has no sm_90 cubin in any wheel of the table (PTX 9.0 only): no upgrade claim."""
    f = _notice("2.12.0", "9.0")
    assert not any("newer TensorFlow has native kernels" in x for x in f.fix), f.fix
    assert any("CUDA_CACHE_MAXSIZE" in x for x in f.fix)


def test_no_upgrade_when_the_log_names_no_version() -> None:
    """Without a TensorFlow version there is no "newer" to offer."""
    f = _notice(None, "8.6")
    assert not any("newer TensorFlow has native kernels" in x for x in f.fix), f.fix
