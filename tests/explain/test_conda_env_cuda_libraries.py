"""A pip TensorFlow that cannot load CUDA/cuDNN libraries while the log's ``conda list`` shows
the environment holds them (cudatoolkit, cudnn): the fix is the environment's lib folder on
the loader path (TensorFlow's own conda recipe), not a system CUDA install; and several
libraries missing in a CUDA image give one container line, not one per library."""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines
from tfgpu.findings import Finding

LOADER = ("2023-02-03 15:21:46.52{n}: W tensorflow/stream_executor/platform/default/"
          "dso_loader.cc:64] Could not load dynamic library '{lib}'; dlerror: {lib}: cannot "
          "open shared object file: No such file or directory; LD_LIBRARY_PATH: {ld}")
SKIP = ("2023-02-03 15:21:46.583241: W tensorflow/core/common_runtime/gpu/gpu_device.cc:1934] "
        "Cannot dlopen some GPU libraries. Please make sure the missing libraries mentioned "
        "above are installed properly if you would like to use GPU. Follow the guide at "
        "https://www.tensorflow.org/install/gpu for how to download and setup the required "
        "libraries for your platform.")
LIBS = ("libcudart.so.11.0", "libcublas.so.11", "libcufft.so.10", "libcudnn.so.8")
EXPORT = "export LD_LIBRARY_PATH=$LD_LIBRARY_PATH:$CONDA_PREFIX/lib/"


def _log(rows: list[str], ld: str = ":/usr/local/cuda/lib64",
         tf_row: str = "tensorflow                2.10.1                   pypi_0    pypi"
         ) -> list[str]:
    return ["(tf) $ conda list | grep -E 'cudatoolkit|cudnn|tensorflow'", *rows, tf_row,
            "(tf) $ python -c \"import tensorflow as tf\"",
            *(LOADER.format(n=i, lib=lib, ld=ld) for i, lib in enumerate(LIBS)), SKIP]


def _missing(lines: list[str]) -> Finding:
    return next(f for f in explain_lines(lines) if f.id.startswith("library-not-loaded-"))


CONDA_ROWS = ["cudatoolkit               11.2.2              hbe64b41_10    conda-forge",
              "cudnn                     8.1.0.77             h90431f1_0    conda-forge"]


def test_listed_cudatoolkit_and_cudnn_get_the_environments_lib_on_the_loader_path() -> None:
    fix = "\n".join(_missing(_log(CONDA_ROWS)).fix)
    assert EXPORT in fix and "etc/conda/activate.d" in fix
    assert "cudatoolkit 11.2.2 (line 2) and cudnn 8.1.0.77 (line 3)" in fix
    assert "/usr/local/cuda-11.2" not in fix
    # without the listing, the system CUDA of the tested build stays the fix
    assert "/usr/local/cuda-11.2" in "\n".join(_missing(_log([])).fix)


@pytest.mark.parametrize(("rows", "tf_row"), [
    # a cudatoolkit of another CUDA major does not hold libcudart.so.11.0
    (["cudatoolkit               10.1.243             h6bb024c_0    defaults"], None),
    # pip's rows (build pypi_0) are not conda's packages
    (["cudnn                     8.1.0                    pypi_0    pypi"], None),
    # a conda-built TensorFlow reaches the environment's lib folder through its RPATH
    (CONDA_ROWS, "tensorflow-base           2.10.0          cuda112py310he87a039_0    "
                 "conda-forge"),
])
def test_no_environment_lib_line_when_the_listing_does_not_hold_them(
        rows: list[str], tf_row: str | None) -> None:
    lines = _log(rows) if tf_row is None else _log(rows, tf_row=tf_row)
    fix = "\n".join(_missing(lines).fix)
    assert EXPORT not in fix
    # the same log with the environment's packages listed does get it
    assert EXPORT in "\n".join(_missing(_log(CONDA_ROWS)).fix)


def test_a_cuda_image_loader_path_gives_one_container_line_for_all_libraries() -> None:
    fix = _missing(_log([], ld="/usr/local/nvidia/lib:/usr/local/nvidia/lib64")).fix
    box = [x for x in fix if x.startswith("# in a container")]
    assert len(box) == 1, fix
    assert "(CUDA 11, libcufft 10, cuDNN 8)" in box[0]
    # with the environment's own packages listed, they are where the libraries are
    fix = _missing(_log(CONDA_ROWS, ld="/usr/local/nvidia/lib:/usr/local/nvidia/lib64")).fix
    assert not any(x.startswith("# in a container") for x in fix)
    assert EXPORT in fix
