"""A host whose loader path holds no libnvidia-ml.so.1 answers "missing" without a forked
child (nothing there could crash), and any copy the loader could find still goes to the
child: LD_LIBRARY_PATH, the default folders, or a name in the ld.so cache."""

from __future__ import annotations

from pathlib import Path

from tfgpu.probes.nvidia import NVML_SONAME, nvml_not_on_loader_path


def _cache(tmp_path: Path, holds: bool) -> str:
    path = tmp_path / "ld.so.cache"
    path.write_bytes(b"glibc-ld.so.cache1.1" + (NVML_SONAME.encode() if holds else b"libc.so.6"))
    return str(path)


def test_absent_everywhere_is_the_loaders_not_found(tmp_path: Path) -> None:
    msg = nvml_not_on_loader_path({}, _cache(tmp_path, False), dirs=(str(tmp_path),))
    assert msg is not None and "cannot open shared object file" in msg


def test_a_name_in_the_ld_so_cache_may_load(tmp_path: Path) -> None:
    assert nvml_not_on_loader_path({}, _cache(tmp_path, True), dirs=(str(tmp_path),)) is None


def test_a_copy_on_ld_library_path_may_load(tmp_path: Path) -> None:
    lib = tmp_path / "drv"
    lib.mkdir()
    (lib / NVML_SONAME).write_bytes(b"\x7fELF")
    env = {"LD_LIBRARY_PATH": f"/nonexistent:{lib}"}
    assert nvml_not_on_loader_path(env, _cache(tmp_path, False), dirs=()) is None


def test_a_copy_in_a_default_folder_may_load(tmp_path: Path) -> None:
    (tmp_path / NVML_SONAME).write_bytes(b"\x7fELF")
    assert nvml_not_on_loader_path({}, _cache(tmp_path, False), dirs=(str(tmp_path),)) is None


def test_an_unreadable_cache_is_unknown_not_absent(tmp_path: Path) -> None:
    missing = str(tmp_path / "no-cache")
    assert nvml_not_on_loader_path({}, missing, dirs=(str(tmp_path),)) is None
