"""Fix lines in the words of the installer a pasted log shows (checks/installer_lines.py,
Facts.log_installer): uv's pip interface, a uv project, Poetry; pip's words otherwise."""

from __future__ import annotations

import pytest

from tfgpu.diagnosis.checks.installer_lines import installer_lines

from .kind_helpers import ids


@pytest.mark.parametrize(("installer", "line", "want"), [
    pytest.param("uv-pip", 'pip install "numpy<2"', 'uv pip install "numpy<2"',
                 id="uv-pip-install"),
    pytest.param("uv-pip", "pip uninstall -y tensorflow   # then reinstall",
                 "uv pip uninstall tensorflow   # then reinstall", id="uv-pip-uninstall-no-yes"),
    pytest.param("uv-pip", "python -m pip list", "uv pip list", id="uv-pip-python-m-pip"),
    pytest.param("uv-project", "pip install tensorflow[and-cuda]==2.16.1",
                 "uv add tensorflow[and-cuda]==2.16.1", id="uv-project-add"),
    pytest.param("uv-project", "pip install --upgrade numpy",
                 "uv add numpy --upgrade-package numpy", id="uv-project-upgrade-not-locked"),
    pytest.param("poetry", "pip install --upgrade numpy", "poetry add numpy@latest",
                 id="poetry-upgrade-latest"),
    pytest.param("uv-project",
                 "pip install \"tensorflow[and-cuda]==$(python -c 'import tensorflow as tf; "
                 "print(tf.__version__)')\"",
                 "uv add \"tensorflow[and-cuda]==$(python -c 'import tensorflow as tf; "
                 "print(tf.__version__)')\"", id="uv-project-quoted-dash-c-is-no-flag"),
    pytest.param("poetry", "pip show tensorflow keras tf-keras",
                 "poetry run pip show tensorflow keras tf-keras", id="poetry-show-several"),
    pytest.param("uv-project", "pip install --force-reinstall tensorflow",
                 "uv pip install --force-reinstall tensorflow", id="uv-project-flag-keeps-pip"),
    pytest.param("uv-project", "pip uninstall -y tensorflow tensorflow-intel",
                 "uv pip uninstall tensorflow tensorflow-intel",
                 id="uv-project-uninstall-stays-pip-interface"),
    pytest.param("poetry", "pip uninstall -y tensorflow", "poetry run pip uninstall -y tensorflow",
                 id="poetry-uninstall-stays-pip-interface"),
    pytest.param("poetry", 'pip install "protobuf<4"', 'poetry add "protobuf<4"', id="poetry-add"),
    pytest.param("poetry", "pip show tensorflow", "poetry show tensorflow", id="poetry-show"),
    pytest.param("poetry", "pip check   # no broken requirements",
                 "poetry run pip check   # no broken requirements", id="poetry-run-pip"),
    pytest.param("poetry", "# or: pip install tf-keras", "# or: poetry add tf-keras",
                 id="poetry-or-lead"),
    pytest.param("uv-pip", "# pip install in prose stays", "# pip install in prose stays",
                 id="prose-untouched"),
    pytest.param("uv-pip", "nvidia-smi", "nvidia-smi", id="other-command-untouched"),
])
def test_installer_lines(installer: str, line: str, want: str) -> None:
    """One pip fix line in the installer's words; other lines as written."""
    assert installer_lines([line], installer) == [want]


NUMPY_ABI = [
    "A module that was compiled using NumPy 1.x cannot be run in",
    "NumPy 2.0.0 as it may crash. To support both 1.x and 2.x",
    "versions of NumPy, modules must be compiled with NumPy 2.0.",
]


@pytest.mark.parametrize(("lead", "want"), [
    pytest.param("$ uv pip install tensorflow==2.15.0", "uv pip install", id="uv-pip"),
    pytest.param("$ uv add tensorflow==2.15.0", "uv add", id="uv-project"),
    pytest.param("$ poetry add tensorflow==2.15.0", "poetry add", id="poetry"),
    pytest.param("$ pip install tensorflow==2.15.0", "pip install", id="pip"),
])
def test_explain_speaks_the_logs_installer(lead: str, want: str) -> None:
    """The NumPy 2 reading's first fix is written for the installer the paste ran."""
    fix = ids([lead, *NUMPY_ABI])["numpy-abi-mismatch"].fix
    assert fix[0].startswith(want), fix
    if want == "pip install":
        assert not any(x.startswith(("uv ", "poetry ")) for x in fix)


def test_uv_and_poetry_both_shown_keep_pip() -> None:
    """A paste running both uv and Poetry names no one installer: pip's words stay."""
    fix = ids(["$ uv pip install tensorflow", "$ poetry add numpy", *NUMPY_ABI])[
        "numpy-abi-mismatch"].fix
    assert fix[0].startswith("pip install"), fix


@pytest.mark.parametrize("installer", ["uv-pip", "uv-project", "poetry"])
def test_a_line_upgrading_pip_is_left_out(installer: str) -> None:
    """Neither uv nor Poetry installs with pip: upgrading pip fixes nothing there."""
    assert installer_lines(["python -m pip install --upgrade pip   # then install the pin again",
                            "pip install tensorflow"], installer)[0].startswith(
        ("uv ", "poetry "))
    assert len(installer_lines(["pip install -U pip setuptools wheel"], installer)) == 0


def test_uv_system_installs_keep_system() -> None:
    """After `uv pip install --system ...` the rewritten commands keep --system: outside a
    virtual environment uv refuses without it."""
    assert installer_lines(["pip install --upgrade numpy"], "uv-pip", system=True) == [
        "uv pip install --system --upgrade numpy"]
    fix = ids(["$ uv pip install --system tensorflow==2.15.0", *NUMPY_ABI])[
        "numpy-abi-mismatch"].fix
    assert fix[0].startswith("uv pip install --system"), fix
