"""Every ``tensorflow-windows-native-no-gpu`` fix (the doctor's and explain's, whichever log
line found it) gives the same two ways out: WSL2, with TensorFlow in a virtual environment
(the distribution's python3 refuses a bare ``pip install``, PEP 668), and the last native GPU
release in ONE conda environment with a Python that release has wheels for, holding both the
CUDA/cuDNN packages and TensorFlow (platform fact windows-native-gpu-last)."""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines

WIN = "(tf) C:\\Users\\me>python t.py"
LOGS = {
    "cpu-only build": [WIN, "Python 3.12.1", "tensorflow-cpu               2.16.1",
                       ">>> tf.test.is_built_with_cuda()", "False"],
    "tensorflow-gpu release pip cannot find": [
        WIN, "Python 3.11.4",
        "ERROR: Could not find a version that satisfies the requirement tensorflow-gpu==2.12.0 "
        "(from versions: 2.10.0, 2.10.1, 2.12.0)",
        "ERROR: No matching distribution found for tensorflow-gpu==2.12.0"],
}


@pytest.mark.parametrize("name", sorted(LOGS))
def test_windows_native_fix_uses_one_conda_environment_and_a_wsl2_venv(name: str) -> None:
    found = [f for f in explain_lines(LOGS[name]) if f.id == "tensorflow-windows-native-no-gpu"]
    assert found, name
    fix = found[0].fix
    # WSL2: a virtual environment, never the distribution's own python3
    assert not any(line.startswith("python3 -m pip install") for line in fix)
    assert any("python3 -m venv ~/tf && ~/tf/bin/python -m pip install 'tensorflow[and-cuda]'"
               in line for line in fix)
    # native: one environment for CUDA/cuDNN and TensorFlow, with a Python 2.10 has wheels for
    assert not any(line.startswith(("conda install", "pip install")) for line in fix)
    create = next(line for line in fix if line.startswith("conda create"))
    env = create.split(" -n ", 1)[1].split()[0]
    assert "python=3.10" in create and "cudatoolkit=11.2" in create
    assert any(line.startswith(f"conda run -n {env} python -m pip install")
               and "tensorflow<2.11" in line for line in fix)
