"""A fix that moves to another TensorFlow release than the installed one names it only for a
Python it has wheels for (its tested Python range, tf_tested_configs), the Python coming from
the host facts or the log (a ``Python 3.12.3`` line, a ``python3.12/site-packages`` path)."""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines

SMI_470 = "| NVIDIA-SMI 470.239.06   Driver Version: 470.239.06   CUDA Version: 11.4     |"
CUDART12 = ("2024-03-04 05:06:07.080910: W external/local_tsl/tsl/platform/default/"
            "dso_loader.cc:64] Could not load dynamic library 'libcudart.so.12'; dlerror: "
            "libcudart.so.12: cannot open shared object file: No such file or directory")
WIN_CPU_ONLY = ["(tf) C:\\Users\\me>python t.py", "tensorflow-cpu               2.16.1",
                ">>> tf.test.is_built_with_cuda()", "False"]


def _fix(lines: list[str]) -> str:
    return "\n".join(line for f in explain_lines(lines) for line in f.fix)


@pytest.mark.parametrize("python", ["Python 3.12.3",
                                    "  File \"/opt/venv/lib/python3.12/site-packages/x.py\""])
def test_the_newest_release_an_old_driver_runs_is_not_offered_to_a_python_it_lacks(
        python: str) -> None:
    fix = _fix([python, SMI_470, CUDART12])
    assert "tensorflow[and-cuda]==2.14.*" not in fix  # 2.14: Python 3.9-3.11
    assert "upgrade the NVIDIA driver to >= 525.60.13" in fix


def test_the_newest_release_an_old_driver_runs_is_offered_to_a_python_it_has() -> None:
    assert 'pip install "tensorflow[and-cuda]==2.14.*"' in _fix(["Python 3.10.3", SMI_470,
                                                                 CUDART12])


def test_the_last_native_windows_gpu_release_names_the_python_it_needs() -> None:
    # one conda environment with a Python 2.10 has wheels for holds the CUDA/cuDNN packages
    # and TensorFlow: pip runs in it, never with the Python the log shows
    lines = _fix(["Python 3.12.1", *WIN_CPU_ONLY]).splitlines()
    create = next(line for line in lines if line.startswith("conda create"))
    env = create.split(" -n ", 1)[1].split()[0]
    assert "python=3.10" in create and "cudatoolkit=11.2" in create
    # TensorFlow 2.10 predates NumPy 2 and leaves NumPy uncapped: the line caps it
    assert f'conda run -n {env} python -m pip install "tensorflow<2.11" "numpy<2"' in lines
    assert any("Python 3.7-3.10; the Python here is 3.12" in line for line in lines)
    assert not any(line.startswith("conda install") for line in lines)
    fits = _fix(["Python 3.10.11", *WIN_CPU_ONLY]).splitlines()
    assert any(line.startswith("conda create") and "python=3.10" in line for line in fits)
    assert not any("the Python here is" in line for line in fits)
