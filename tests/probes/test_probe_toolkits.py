"""CUDA toolkit probe: recorded nvcc outputs and file trees built in tmp_path."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from _winfs import WindowsFakeFS, wpath

from tfgpu._proc import CommandResult, FakeRunner
from tfgpu.facts import CudaToolkit, ProbeStatus
from tfgpu.probes import FakeFileSystem, ProbeContext, toolkits

REC = Path(__file__).resolve().parents[1] / "fixtures" / "recorded"
NVCC = REC / "nvcc"

EXPECTED_NVCC = {
    "cuda-10.1.243.txt": "10.1.243",
    "cuda-10.2.89.txt": "10.2.89",
    "cuda-11.0.221.txt": "11.0.221",
    "cuda-11.1.105.txt": "11.1.105",
    "cuda-11.5.119-ubuntu-apt-nvidia-cuda-toolkit.txt": "11.5.119",
    "cuda-12.1.105.txt": "12.1.105",
    "cuda-12.3.52.txt": "12.3.52",
    "cuda-12.5.82.txt": "12.5.82",
    "cuda-13.0.48-windows.txt": "13.0.48",
    "fail-nvcc-not-found-ubuntu24.04.txt": None,
}


def test_every_nvcc_fixture_is_covered() -> None:
    assert {p.name for p in NVCC.iterdir()} == set(EXPECTED_NVCC)


@pytest.mark.parametrize("name", sorted(EXPECTED_NVCC))
def test_parse_nvcc(name: str) -> None:
    assert toolkits.parse_nvcc((NVCC / name).read_text(encoding="utf-8")) == EXPECTED_NVCC[name]


def test_version_files() -> None:
    text = (REC / "libs" / "cuda-13.3.1-usr-local-cuda-version.json.txt").read_text()
    assert toolkits.parse_version_json(text) == "13.3.1"
    assert toolkits.parse_version_json("not json") is None
    assert toolkits.parse_version_json("[1, 2]") is None
    # CUDA <= 11.0 version.txt format, as written by the NVIDIA runfile installer.
    assert toolkits.parse_version_txt("CUDA Version 10.2.89\n") == "10.2.89"
    assert toolkits.parse_version_txt("") is None


def _touch(path: Path, text: str = "") -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_linux_three_toolkits(tmp_path: Path) -> None:
    _touch(tmp_path / "usr/local/cuda-12.5/bin/nvcc")
    _touch(
        tmp_path / "usr/local/cuda-13.3/version.json",
        (REC / "libs" / "cuda-13.3.1-usr-local-cuda-version.json.txt").read_text(),
    )
    (tmp_path / "usr/local/cuda").mkdir()  # symlink to cuda-13.3 on the real host
    _touch(tmp_path / "usr/local/cuda-10.2/version.txt", "CUDA Version 10.2.89\n")
    fs = FakeFileSystem(tmp_path, links={"/usr/local/cuda": "/usr/local/cuda-13.3"})
    runner = FakeRunner({("nvcc", "--version"): (NVCC / "cuda-12.5.82.txt").read_text()})
    env = {"PATH": "/usr/bin:/usr/local/cuda-12.5/bin/", "CUDA_HOME": "/usr/local/cuda"}
    res = toolkits.run(ProbeContext(runner=runner, fs=fs, env=env, system="Linux"))
    assert res.toolkits == (
        CudaToolkit(
            "/usr/local/cuda-12.5", "12.5.82", "/usr/local/cuda-12.5/bin/nvcc", "nvcc", True
        ),
        CudaToolkit("/usr/local/cuda", "13.3.1", None, "CUDA_HOME", False),
        CudaToolkit("/usr/local/cuda-10.2", "10.2.89", None, "glob", False),
    )
    assert [(r.name, r.status) for r in res.records] == [("nvcc", ProbeStatus.OK)]


def test_linux_toolkit_not_on_path_and_no_nvcc(tmp_path: Path) -> None:
    """The B300 host: toolkit in /usr/local/cuda, nvcc not on PATH (command not found)."""
    _touch(
        tmp_path / "usr/local/cuda-13.3/version.json",
        (REC / "libs" / "cuda-13.3.1-usr-local-cuda-version.json.txt").read_text(),
    )
    fs = FakeFileSystem(tmp_path)
    res = toolkits.run(
        ProbeContext(runner=FakeRunner(), fs=fs, env={"PATH": "/usr/bin"}, system="Linux")
    )
    assert res.toolkits == (CudaToolkit("/usr/local/cuda-13.3", "13.3.1", None, "glob", False),)
    assert res.records[0].status is ProbeStatus.MISSING


def test_distro_nvcc_in_usr_bin_has_no_root(tmp_path: Path) -> None:
    _touch(tmp_path / "usr/bin/nvcc")
    text = (NVCC / "cuda-11.5.119-ubuntu-apt-nvidia-cuda-toolkit.txt").read_text()
    ctx = ProbeContext(
        runner=FakeRunner({("nvcc", "--version"): text}),
        fs=FakeFileSystem(tmp_path),
        env={"PATH": "/usr/bin"},
        system="Linux",
    )
    assert toolkits.run(ctx).toolkits == (
        CudaToolkit(None, "11.5.119", "/usr/bin/nvcc", "nvcc", True),
    )


def test_windows_two_toolkits(tmp_path: Path) -> None:
    base = "C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA"
    _touch(wpath(tmp_path, base + "\\v13.0\\bin\\nvcc.exe"))
    wpath(tmp_path, base + "\\v11.2\\bin").mkdir(parents=True)
    env = {
        "Path": "C:\\Windows\\system32;" + base + "\\v13.0\\bin\\",
        "CUDA_PATH": base + "\\v13.0",
        "CUDA_PATH_V11_2": base + "\\v11.2",
        "CUDA_PATH_V13_0": base + "\\v13.0",
        "ProgramFiles": "C:\\Program Files",
    }
    runner = FakeRunner({("nvcc", "--version"): (NVCC / "cuda-13.0.48-windows.txt").read_text()})
    ctx = ProbeContext(runner=runner, fs=WindowsFakeFS(tmp_path), env=env, system="Windows")
    assert toolkits.run(ctx).toolkits == (
        CudaToolkit(base + "\\v13.0", "13.0.48", base + "\\v13.0\\bin\\nvcc.exe", "nvcc", True),
        CudaToolkit(base + "\\v11.2", "11.2", None, "CUDA_PATH", False),
    )


def test_real_host_never_raises() -> None:
    res = toolkits.run(ProbeContext(timeout_s=5.0))
    assert all(isinstance(t, CudaToolkit) for t in res.toolkits)


def test_nvcc_shell_wrapper_is_followed(tmp_path: Path) -> None:
    """This development machine: /usr/local/bin/nvcc is a 2-line sh wrapper."""
    _touch(tmp_path / "usr/local/bin/nvcc", '#!/bin/sh\nexec /usr/local/cuda-13.0/bin/nvcc "$@"\n')
    _touch(tmp_path / "usr/local/cuda-13.0/bin/nvcc")
    (tmp_path / "usr/local/cuda").mkdir()
    fs = FakeFileSystem(tmp_path, links={"/usr/local/cuda": "/usr/local/cuda-13.0"})
    nvcc_13 = (  # `nvcc --version` on this machine, verbatim (2026-11-30)
        "nvcc: NVIDIA (R) Cuda compiler driver\n"
        "Copyright (c) 2005-2025 NVIDIA Corporation\n"
        "Built on Wed_Aug_20_01:58:59_PM_PDT_2025\n"
        "Cuda compilation tools, release 13.0, V13.0.88\n"
        "Build cuda_13.0.r13.0/compiler.36424714_0\n"
    )
    runner = FakeRunner({("nvcc", "--version"): nvcc_13})
    ctx = ProbeContext(runner=runner, fs=fs, env={"PATH": "/usr/local/bin"}, system="Linux")
    assert toolkits.run(ctx).toolkits == (
        CudaToolkit("/usr/local/cuda-13.0", "13.0.88", "/usr/local/bin/nvcc", "nvcc", True),
    )


def _hung_nvcc() -> FakeRunner:
    hung = CommandResult(("nvcc", "--version"), ProbeStatus.TIMEOUT, duration_s=10.0,
                         message="nvcc did not finish within 10 s and was stopped")
    return FakeRunner({("nvcc", "--version"): hung})


def test_hung_nvcc_is_a_toolkit_only_beside_a_toolkits_files(tmp_path: Path) -> None:
    # outside a toolkit: no toolkit "at /tmp" (its folder's parent), the program's path only
    nvcc = tmp_path / "tmp/e7/nvcc"
    nvcc.parent.mkdir(parents=True)
    nvcc.write_text("#!/bin/sh\nsleep 300\n")
    ctx = ProbeContext(runner=_hung_nvcc(), fs=FakeFileSystem(tmp_path),
                       env={"PATH": "/tmp/e7:/usr/bin"}, system="Linux")
    (tk,) = toolkits.run(ctx).toolkits
    assert (tk.root, tk.version, tk.nvcc_path) == (None, None, "/tmp/e7/nvcc")
    # inside a toolkit's folder, that toolkit (its version.json gives the version)
    root = tmp_path / "opt/cuda-12.2"
    (root / "bin").mkdir(parents=True)
    (root / "bin/nvcc").write_text("\x7fELF")
    (root / "version.json").write_text('{"cuda": {"name": "CUDA SDK", "version": "12.2.140"}}')
    ctx = dataclasses.replace(ctx, env={"PATH": "/opt/cuda-12.2/bin"})
    (tk,) = toolkits.run(ctx).toolkits
    assert (tk.root, tk.version) == ("/opt/cuda-12.2", "12.2.140")
