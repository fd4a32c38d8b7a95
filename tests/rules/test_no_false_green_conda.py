"""``doctor --no-tf``: the CUDA/cuDNN libraries a pip TensorFlow needs are in the active conda
environment's lib folder (conda's cudatoolkit/cudnn), which the loader does not search: the
fix puts that folder on the loader path first (TensorFlow's own conda recipe)."""

from __future__ import annotations

from test_no_false_green import _host, _report

from tfgpu import facts as F

PREFIX = "/home/u/miniconda3/envs/tf"


def _conda(name: str, major: str) -> F.SharedLibrary:
    return F.SharedLibrary(name, f"lib{name}.so.{major}", f"{PREFIX}/lib/lib{name}.so.{major}",
                           major, "conda", False, "elf64-x86_64")


def test_libraries_only_in_the_conda_environment_get_its_lib_folder_on_the_loader_path() -> None:
    libs = (_conda("cudart", "11"), _conda("cublas", "11"), _conda("cudnn", "8"))
    f = next(x for x in _report(_host(libs, tf="2.14.1")).findings
             if x.id == "tf-cuda-runtime-missing")
    assert f.fix[0].startswith("export LD_LIBRARY_PATH=$LD_LIBRARY_PATH:$CONDA_PREFIX/lib/")
    assert "etc/conda/activate.d" in f.fix[1]
    # one of them elsewhere only: the conda line is not the whole fix, so it is not given
    part = (_conda("cudart", "11"), _conda("cublas", "11"))
    g = next(x for x in _report(_host(part, tf="2.14.1")).findings
             if x.id == "tf-cuda-runtime-missing")
    assert not any("CONDA_PREFIX" in line for line in g.fix)
