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
    # the message alone, without the source path that dates the release
    bare = ["Can't find libdevice directory ${CUDA_DIR}/nvvm/libdevice. This may result in "
            "compilation or runtime failures, if the program we try to run uses routines from "
            "libdevice."]
    fix = ids(bare)["xla-libdevice-not-found"].fix
    assert fix, fix
    assert "cu12" in fix[0] and "cu11" in fix[0], fix  # both majors: the log names none


def test_a_tensorflow_compiler_xla_path_dates_the_log_before_cuda_12() -> None:
    # tensorflow/compiler/xla/ is printed up to 2.14 (platform fact tf-log-source-paths), each
    # release built with CUDA 11 or older: the toolkit route, no CUDA 12 compiler wheel
    fix = ids(LOG[:2])["xla-libdevice-not-found"].fix
    assert "2.14 or older" in fix[0] and "CUDA 11 or older" in fix[0], fix
    assert not any("nvidia-cuda-nvcc-cu12" in ln for ln in fix), fix
