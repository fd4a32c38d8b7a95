"""CUDA library probe: trees built in tmp_path from real listings, real ldconfig output."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from _winfs import WindowsFakeFS, wpath

from tfgpu._proc import FakeRunner
from tfgpu.facts import ProbeStatus, SharedLibrary
from tfgpu.probes import FakeFileSystem, ProbeContext, libs
from tfgpu.probes.libs_names import classify, parse_cudnn_header, parse_ldconfig

LIBS = Path(__file__).resolve().parents[1] / "fixtures" / "recorded" / "libs"
PY = "/home/u/venv/bin/python"
SITE = "/home/u/venv/lib/python3.12/site-packages"
SITE_ARGV = (PY, "-c", libs.SITE_SCRIPT)
LDCONFIG = ("ldconfig", "-p")
#: `ls site-packages/nvidia/cudnn/lib` of the nvidia-cudnn-cu12 (cuDNN 9) wheel.
PIP_CUDNN9 = (LIBS / "ls-site-packages-nvidia-cudnn-lib-cudnn9-pip-wheel.txt").read_text().split()
#: `ldconfig -p | grep libcudnn` on a host with system cuDNN 9 (header line added by
#: ldconfig itself, not part of the grep).
LDCONFIG_CUDNN9 = (
    "12 libs found in cache `/etc/ld.so.cache'\n"
    + (LIBS / "ldconfig-p-grep-libcudnn-cudnn9-system-TRUNCATED.txt").read_text()
)


@pytest.mark.parametrize(
    ("filename", "system", "expected"),
    [
        ("libcudart.so.12", "Linux", ("cudart", "12", "libcudart.so.12")),
        ("libcudart.so.12.2.140", "Linux", ("cudart", "12.2.140", "libcudart.so.12")),
        ("libcudnn.so.9", "Linux", ("cudnn", "9", "libcudnn.so.9")),
        ("libcudnn_ops.so.9", "Linux", ("cudnn_ops", "9", "libcudnn_ops.so.9")),
        ("libcudnn_ops_infer.so.8", "Linux", ("cudnn_ops_infer", "8", "libcudnn_ops_infer.so.8")),
        ("libcublasLt.so.12", "Linux", ("cublasLt", "12", "libcublasLt.so.12")),
        ("libcuda.so.1", "Linux", ("cuda", "1", "libcuda.so.1")),
        ("libnccl.so.2", "Linux", ("nccl", "2", "libnccl.so.2")),
        ("cudart64_110.dll", "Windows", ("cudart", "11.0", "cudart64_110.dll")),
        ("cudnn64_8.dll", "Windows", ("cudnn", "8", "cudnn64_8.dll")),
        ("cublasLt64_11.dll", "Windows", ("cublasLt", "11", "cublaslt64_11.dll")),
        ("nvrtc64_112_0.dll", "Windows", ("nvrtc", "11.2", "nvrtc64_112_0.dll")),
        ("cupti64_2023.1.1.dll", "Windows", ("cupti", "2023.1.1", "cupti64_2023.1.1.dll")),
        ("nvcuda.dll", "Windows", ("cuda", None, "nvcuda.dll")),
    ],
)
def test_classify(filename: str, system: str, expected: tuple[str, str | None, str]) -> None:
    info = classify(filename, system)
    assert info is not None
    assert (info.name, info.version, info.soname) == expected


@pytest.mark.parametrize(
    "filename", ["libcudnn.so", "libnvrtc-builtins.so.12.2", "libcudart_static.a", "libfoo.so.1"]
)
def test_classify_ignores(filename: str) -> None:
    assert classify(filename) is None


def test_parse_ldconfig_fixture() -> None:
    rows = parse_ldconfig(LDCONFIG_CUDNN9)
    assert len(rows) == 12
    assert rows[0] == (
        "libcudnn_ops.so.9",
        "libc6,x86-64",
        "/lib/x86_64-linux-gnu/libcudnn_ops.so.9",
    )


def test_parse_cudnn_header() -> None:
    # The three defines as cudnn_version.h (cuDNN >= 8) writes them.
    text = "#define CUDNN_MAJOR 9\n#define CUDNN_MINOR 1\n#define CUDNN_PATCHLEVEL 0\n"
    assert parse_cudnn_header(text) == "9.1.0"
    assert parse_cudnn_header("#define CUDNN_MAJOR 9\n") is None


def _touch(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.touch()


def _pip_tree(root: Path, tf: str = "2.17.0") -> None:
    site = root / SITE.lstrip("/")
    (site / f"tensorflow-{tf}.dist-info").mkdir(parents=True)
    for name in PIP_CUDNN9:
        _touch(site / "nvidia/cudnn/lib" / name)
    _touch(site / "nvidia/cuda_runtime/lib/libcudart.so.12")


def _by_file(result: tuple[SharedLibrary, ...]) -> dict[str, list[tuple[str, str, bool]]]:
    out: dict[str, list[tuple[str, str, bool]]] = {}
    for lib in result:
        out.setdefault(lib.filename, []).append((lib.path, lib.origin, lib.selected))
    return out


def test_pip_cudnn9_beats_system_but_ld_library_path_shadows_cudart(tmp_path: Path) -> None:
    _pip_tree(tmp_path)
    _touch(tmp_path / "usr/local/cuda-12.2/lib64/libcudart.so.12")
    _touch(tmp_path / "usr/local/cuda-12.2/lib64/libcudart.so.12.2.140")
    runner = FakeRunner({SITE_ARGV: json.dumps([SITE]) + "\n", LDCONFIG: LDCONFIG_CUDNN9})
    env = {"LD_LIBRARY_PATH": "/usr/local/cuda-12.2/lib64:/nonexistent"}
    ctx = ProbeContext(runner=runner, fs=FakeFileSystem(tmp_path), env=env, python_executable=PY)
    res = libs.run(ctx)
    got = _by_file(res.libraries)
    pip = SITE + "/nvidia/cudnn/lib/"
    sysdir = "/lib/x86_64-linux-gnu/"
    # cuDNN: TensorFlow's RUNPATH copy wins over the loader cache.
    assert got["libcudnn_ops.so.9"] == [
        (pip + "libcudnn_ops.so.9", "tf-runpath", True),
        (sysdir + "libcudnn_ops.so.9", "system", False),
    ]
    assert got["libcudnn.so.9"] == [(pip + "libcudnn.so.9", "tf-runpath", True)]
    assert got["libcudnn_adv.so.9"] == [(pip + "libcudnn_adv.so.9", "tf-runpath", True)]
    # cudart: LD_LIBRARY_PATH comes before DT_RUNPATH (ld.so(8)): the toolkit copy wins;
    # it was also found under /usr/local/cuda-* and is reported once, by its stronger route.
    assert got["libcudart.so.12"] == [
        ("/usr/local/cuda-12.2/lib64/libcudart.so.12", "ld_library_path", True),
        (SITE + "/nvidia/cuda_runtime/lib/libcudart.so.12", "tf-runpath", False),
    ]
    cudart = next(lib for lib in res.libraries if lib.origin == "ld_library_path")
    assert cudart.version == "12.2.140"
    assert len(res.libraries) == 8 + 6 + 2  # 8 pip cuDNN files, 6 system .so.9, 2 cudart
    assert [(r.name, r.status) for r in res.records] == [
        ("site-packages", ProbeStatus.OK),
        ("ldconfig", ProbeStatus.OK),
    ]


def test_old_tensorflow_has_no_runpath_so_pip_copies_are_not_loaded(tmp_path: Path) -> None:
    _pip_tree(tmp_path, tf="2.13.1")
    runner = FakeRunner({SITE_ARGV: json.dumps([SITE]), LDCONFIG: LDCONFIG_CUDNN9})
    ctx = ProbeContext(runner=runner, fs=FakeFileSystem(tmp_path), env={}, python_executable=PY)
    got = _by_file(libs.run(ctx).libraries)
    assert got["libcudnn_ops.so.9"] == [
        ("/lib/x86_64-linux-gnu/libcudnn_ops.so.9", "system", True),
        (SITE + "/nvidia/cudnn/lib/libcudnn_ops.so.9", "pip", False),
    ]
    assert got["libcudnn.so.9"] == [(SITE + "/nvidia/cudnn/lib/libcudnn.so.9", "pip", False)]


def test_cudnn_version_from_header_next_to_the_lib(tmp_path: Path) -> None:
    _pip_tree(tmp_path)
    header = tmp_path / SITE.lstrip("/") / "nvidia/cudnn/include/cudnn_version.h"
    header.parent.mkdir(parents=True)
    header.write_text("#define CUDNN_MAJOR 9\n#define CUDNN_MINOR 3\n#define CUDNN_PATCHLEVEL 0\n")
    runner = FakeRunner({SITE_ARGV: json.dumps([SITE])})
    ctx = ProbeContext(runner=runner, fs=FakeFileSystem(tmp_path), env={}, python_executable=PY)
    versions = {lib.filename: lib.version for lib in libs.run(ctx).libraries}
    assert versions["libcudnn.so.9"] == "9.3.0"
    assert versions["libcudnn_ops.so.9"] == "9"


def test_no_ldconfig_on_path_uses_sbin_and_no_interpreter_uses_glob(tmp_path: Path) -> None:
    _pip_tree(tmp_path)
    runner = FakeRunner({("/sbin/ldconfig", "-p"): LDCONFIG_CUDNN9})
    ctx = ProbeContext(runner=runner, fs=FakeFileSystem(tmp_path), env={}, python_executable=PY)
    res = libs.run(ctx)
    assert runner.calls == [SITE_ARGV, LDCONFIG, ("/sbin/ldconfig", "-p")]
    assert {lib.origin for lib in res.libraries} == {"tf-runpath", "system"}
    assert res.records[0].status is ProbeStatus.MISSING


def test_nothing_at_all(tmp_path: Path) -> None:
    ctx = ProbeContext(
        runner=FakeRunner(), fs=FakeFileSystem(tmp_path), env={}, python_executable=PY
    )
    res = libs.run(ctx)
    assert res.libraries == ()
    assert [r.status for r in res.records] == [ProbeStatus.MISSING, ProbeStatus.MISSING]


def test_windows_path_order(tmp_path: Path) -> None:
    v112 = "C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v11.2\\bin"
    tools = "C:\\tools\\cuda\\bin"
    _touch(wpath(tmp_path, "C:\\Windows\\System32\\nvcuda.dll"))
    for name in ("cudart64_110.dll", "cublas64_11.dll", "cublasLt64_11.dll", "cusolver64_11.dll"):
        _touch(wpath(tmp_path, v112 + "\\" + name))
    _touch(wpath(tmp_path, tools + "\\cudnn64_8.dll"))
    _touch(wpath(tmp_path, tools + "\\cudart64_110.dll"))
    env = {"SystemRoot": "C:\\Windows", "Path": f"{tools};{v112};C:\\Windows"}
    ctx = ProbeContext(runner=FakeRunner(), fs=WindowsFakeFS(tmp_path), env=env, system="Windows")
    got = _by_file(libs.run(ctx).libraries)
    assert got["cudart64_110.dll"] == [
        (tools + "\\cudart64_110.dll", "path", True),
        (v112 + "\\cudart64_110.dll", "path", False),
    ]
    assert got["nvcuda.dll"] == [("C:\\Windows\\System32\\nvcuda.dll", "system", True)]
    assert got["cudnn64_8.dll"] == [(tools + "\\cudnn64_8.dll", "path", True)]


def test_real_host_never_raises() -> None:
    res = libs.run(ProbeContext(timeout_s=10.0))
    for lib in res.libraries:
        assert lib.path.endswith(lib.filename)
    # tfgpu's own interpreter is asked in-process, not through a second interpreter.
    assert res.records[0].command == ("sysconfig.get_paths",)


def test_system_cudnn_header_is_not_given_to_the_pip_copy(tmp_path: Path) -> None:
    _pip_tree(tmp_path)
    header = tmp_path / "usr/include/cudnn_version.h"
    header.parent.mkdir(parents=True)
    header.write_text("#define CUDNN_MAJOR 9\n#define CUDNN_MINOR 0\n#define CUDNN_PATCHLEVEL 0\n")
    (tmp_path / "usr/lib/x86_64-linux-gnu").mkdir(parents=True)
    (tmp_path / "usr/lib/x86_64-linux-gnu/libcudnn.so.9").touch()
    runner = FakeRunner({SITE_ARGV: json.dumps([SITE])})
    env = {"LD_LIBRARY_PATH": "/usr/lib/x86_64-linux-gnu"}
    ctx = ProbeContext(runner=runner, fs=FakeFileSystem(tmp_path), env=env, python_executable=PY)
    versions = {lib.path: lib.version for lib in libs.run(ctx).libraries if lib.name == "cudnn"}
    assert versions == {
        "/usr/lib/x86_64-linux-gnu/libcudnn.so.9": "9.0.0",
        SITE + "/nvidia/cudnn/lib/libcudnn.so.9": "9",
    }


def test_the_probe_records_its_dll_search_and_reads_the_windows_folder(tmp_path: Path) -> None:
    wpath(tmp_path, "C:\\Windows\\System32").mkdir(parents=True)
    (wpath(tmp_path, "C:\\Windows\\System32") / "nvcuda.dll").touch()
    (wpath(tmp_path, "C:\\Windows") / "cudnn64_8.dll").touch()
    env = {"SystemRoot": "C:\\Windows", "Path": "C:\\Windows;C:\\tools"}
    ctx = ProbeContext(runner=FakeRunner(), fs=WindowsFakeFS(tmp_path), env=env,
                       system="Windows")
    res = libs.run(ctx)
    assert [(r.name, r.status) for r in res.records] == [("dll-search", ProbeStatus.OK)]
    got = {x.filename: (x.path, x.selected) for x in res.libraries}
    assert got["cudnn64_8.dll"] == ("C:\\Windows\\cudnn64_8.dll", True)
