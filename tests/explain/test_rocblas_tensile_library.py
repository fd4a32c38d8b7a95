"""rocBLAS's abort for want of a Tensile kernel library names the GPU's target: the installed
rocBLAS has no kernels for it, or its library folder is missing; never a CUDA cause.

Wordings: ROCm/rocBLAS library/src/tensile_host.cpp, "rocBLAS error: Cannot read
<folder>/TensileLibrary.dat: <strerror>", with " for GPU arch : <gfx>" and the list of the
files it has in builds with per-architecture libraries, ".yaml" in TENSILE_YAML builds; the
strerror is whatever errno held ("No such file or directory", "Illegal seek")."""

from __future__ import annotations

import pytest

from .kind_helpers import fix_text, known

_ID = "rocm-gpu-arch-unsupported"


@pytest.mark.parametrize(("lines", "gfx", "folder"), [
    (["rocBLAS error: Cannot read /opt/rocm/lib/rocblas/library/TensileLibrary.dat: Illegal "
      "seek for GPU arch : gfx1031",
      " List of available TensileLibrary Files : ",
      '"/opt/rocm/lib/rocblas/library/TensileLibrary_lazy_gfx1030.dat"',
      "Aborted (core dumped)"], "gfx1031", "/opt/rocm/lib/rocblas/library"),
    (["rocBLAS error: Cannot read /opt/rocm-5.2.0/rocblas/lib/library/TensileLibrary.dat: No "
      "such file or directory"], "its gfx target", "/opt/rocm-5.2.0/rocblas/lib/library"),
    (["rocBLAS error: Cannot read /usr/lib/x86_64-linux-gnu/rocblas/library/TensileLibrary.yaml:"
      " No such file or directory for GPU arch : gfx90c"], "gfx90c",
     "/usr/lib/x86_64-linux-gnu/rocblas/library"),
])
def test_rocblas_tensile_abort_names_the_target_and_the_folder(
        lines: list[str], gfx: str, folder: str) -> None:
    f = known(lines, _ID)
    assert "rocBLAS" in f.title and gfx in f.title
    text = fix_text(f)
    assert f"ls {folder}" in text and "rocminfo" in text
    assert "and-cuda" not in text and "nvidia" not in text.lower()
