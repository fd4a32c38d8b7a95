"""Fix lines say each thing once and only what the log is about: several libraries of one old
CUDA get one install line naming them all (not one copy per library), and a pip conflict about
NumPy gets no tf-keras advice (only a conflict that names tf-keras does)."""

from __future__ import annotations

from tfgpu.explain import explain_lines
from tfgpu.findings import Finding


def _find(lines: list[str], prefix: str) -> Finding:
    return next(f for f in explain_lines(lines) if f.id.startswith(prefix))


def _dso(lib: str) -> str:
    return ("2020-02-01 10:00:00.000000: W tensorflow/stream_executor/platform/default/"
            f"dso_loader.cc:55] Could not load dynamic library '{lib}'; dlerror: {lib}: cannot "
            "open shared object file: No such file or directory")


def test_two_libraries_of_one_old_cuda_share_one_install_line() -> None:
    f = _find(["TensorFlow version: 1.15.0", _dso("libcudart.so.10.0"),
               _dso("libcublas.so.10.0")], "library-not-loaded-")
    install = [x for x in f.fix if "install the CUDA 10.0 runtime" in x]
    assert len(install) == 1, f.fix
    assert "libcudart.so.10.0 or libcublas.so.10.0" in install[0], install



def test_an_old_cuda_soname_names_the_other_minor_the_logs_nvcc_shows() -> None:
    """Before CUDA 11 each minor has its own sonames: nvcc 10.2 cannot serve a 10.0 build."""
    nvcc = ["$ nvcc --version", "Cuda compilation tools, release 10.2, V10.2.89"]
    f = _find(["TensorFlow version: 1.15.0", _dso("libcudart.so.10.0"), *nvcc],
              "library-not-loaded-")
    assert any("nvcc, line 4, is CUDA 10.2" in x for x in f.fix), f.fix
    same = _find(["TensorFlow version: 1.15.0", _dso("libcudart.so.10.0"), "$ nvcc --version",
                  "Cuda compilation tools, release 10.0, V10.0.130"], "library-not-loaded-")
    assert not any("the log's nvcc" in x for x in same.fix), same.fix


CONFLICT = ["ERROR: Cannot install {a} and tensorflow==2.15.0 because these package versions "
            "have conflicting dependencies.", "", "The conflict is caused by:",
            "    The user requested {a}", "    {dep}", "",
            "ERROR: ResolutionImpossible: for help visit https://pip.pypa.io/en/latest/topics/"
            "dependency-resolution/#dealing-with-dependency-conflicts"]


def _conflict(a: str, dep: str) -> Finding:
    lines = [x.format(a=a, dep=dep) for x in CONFLICT]
    return _find(lines, "pip-tensorflow-pin-conflict")


def test_a_numpy_conflict_gets_no_tf_keras_advice() -> None:
    f = _conflict("numpy==2.0.0", "tensorflow 2.15.0 depends on numpy<2.0.0 and >=1.23.5")
    assert not any("tf-keras" in x for x in f.fix), f.fix
    assert "numpy<2.0.0" in f.fix[0]


def test_a_tf_keras_conflict_keeps_the_tf_keras_advice() -> None:
    f = _conflict("tf-keras==2.16.0", "tf-keras 2.16.0 depends on tensorflow<2.17 and >=2.16")
    assert any("tf-keras must match" in x for x in f.fix), f.fix
