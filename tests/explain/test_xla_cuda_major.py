"""XLA libdevice/ptxas fixes fit the CUDA major the log shows TensorFlow's build searching
(``/usr/local/cuda-11.2`` in XLA's search list): no CUDA 12 wheel first, and the conda
install pins that major."""

from __future__ import annotations

from tests.explain.kind_helpers import ids

LOG = [
    "2022-12-12 09:21:38.279776: W tensorflow/compiler/xla/service/gpu/nvptx_helper.cc:56] "
    "Can't find libdevice directory ${CUDA_DIR}/nvvm/libdevice. This may result in "
    "compilation or runtime failures, if the program we try to run uses routines from "
    "libdevice.",
    "Searched for CUDA in the following directories:",
    "  ./cuda_sdk_lib",
    "  /usr/local/cuda-11.2",
    "  /usr/local/cuda",
    "  .",
]


def test_cuda_11_search_list_gives_cuda_11_fixes() -> None:
    fix = ids(LOG)["xla-libdevice-not-found"].fix
    assert not any("cu12" in ln for ln in fix), fix
    assert not any("cuda-nvcc" in ln and "conda install" in ln and "=11" not in ln
                   for ln in fix), fix
    assert any("11" in ln for ln in fix[:1]), fix


def test_without_a_version_the_fix_names_no_single_major_first() -> None:
    fix = ids(LOG[:2])["xla-libdevice-not-found"].fix
    assert fix, fix
    assert "cu12" in fix[0] and "cu11" in fix[0], fix  # both majors: the log names none
