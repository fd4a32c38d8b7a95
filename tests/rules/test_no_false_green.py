"""``doctor --no-tf`` never calls a GPU host ready when TensorFlow's CUDA/cuDNN libraries
are not loadable (issue 10, "no false green"): hand-built hosts, real ELF/PE headers, and
the library probe over a tree with a junk file named like a library."""

from __future__ import annotations

import dataclasses
import json
import struct
from pathlib import Path
from typing import Any

import pytest

from tfgpu import facts as F
from tfgpu._proc import FakeRunner
from tfgpu.diagnosis.doctor import diagnose
from tfgpu.facts.libnames import (
    NOT_A_LIBRARY,
    OTHER_LIBRARY,
    arch_matches,
    binary_format,
    elf_soname,
    soname_names_another_library,
)
from tfgpu.findings import Report, Severity
from tfgpu.knowledge import load_knowledge
from tfgpu.probes import FakeFileSystem, ProbeContext, libs

SITE = "/home/u/venv/lib/python3.11/site-packages"
ELF_X86 = b"\x7fELF\x02\x01\x01" + b"\x00" * 9 + struct.pack("<HH", 3, 0x3E) + b"\x00" * 40
ELF_ARM = b"\x7fELF\x02\x01\x01" + b"\x00" * 9 + struct.pack("<HH", 3, 0xB7) + b"\x00" * 40


def _pe(machine: int) -> bytes:
    head = bytearray(b"MZ" + b"\x00" * 0x7E)
    head[0x3C:0x40] = struct.pack("<I", 0x80)
    return bytes(head) + b"PE\x00\x00" + struct.pack("<H", machine) + b"\x00" * 16


def _lib(name: str, major: str, *, origin: str = "tf-runpath", selected: bool = True,
         binary: str | None = "elf64-x86_64") -> F.SharedLibrary:
    folder = {"cudart": "cuda_runtime", "cublas": "cublas", "cudnn": "cudnn"}[name]
    path = (f"{SITE}/nvidia/{folder}/lib/lib{name}.so.{major}" if origin == "tf-runpath"
            else f"/usr/local/cuda/lib64/lib{name}.so.{major}")
    return F.SharedLibrary(name, f"lib{name}.so.{major}", path, major, origin, selected, binary)


GOOD = (_lib("cudart", "12"), _lib("cublas", "12"), _lib("cudnn", "8"))


def _host(libraries: tuple[F.SharedLibrary, ...] = (), *, tf: str = "2.16.1",
          toolkits: tuple[F.CudaToolkit, ...] = ()) -> F.HostFacts:
    return F.HostFacts(
        os=F.OSFacts(system="Linux", name="Ubuntu 22.04", machine="x86_64"),
        python=F.PythonFacts(version="3.11.9", executable="/home/u/venv/bin/python",
                           distributions=(F.Distribution("tensorflow", tf),)),
        gpus=(F.GPU(0, "nvidia", "NVIDIA GeForce RTX 4090", "8.9", source="nvml"),),
        driver=F.DriverFacts(status=F.ProbeStatus.OK, version="550.54.14", source="nvml"),
        toolkits=toolkits,
        libraries=libraries,
        tf=F.TFFacts(status=F.ProbeStatus.SKIPPED),
        probes=(F.ProbeRecord("ldconfig", F.ProbeStatus.OK, ("ldconfig", "-p")),),
    )


def _report(facts: F.HostFacts) -> Report:
    return diagnose(facts, load_knowledge())


def _missing(facts: F.HostFacts) -> list[str]:
    return [f.id for f in _report(facts).findings if f.id == "tf-cuda-runtime-missing"]


def test_plain_tensorflow_wheel_without_cuda12_is_an_error_with_the_and_cuda_fix() -> None:
    report = _report(_host())
    f = next(x for x in report.findings if x.id == "tf-cuda-runtime-missing")
    assert f.severity is Severity.ERROR
    assert "libcudart.so.12" in f.title and "libcudnn.so.8" in f.title
    assert "tensorflow[and-cuda]==2.16.1" in f.fix[0]
    assert "ready" not in report.verdict.headline.lower()


def test_pip_wheels_on_tensorflows_runpath_are_ready() -> None:
    report = _report(_host(GOOD, tf="2.15.1"))
    assert [f.id for f in report.findings if f.severity is Severity.ERROR] == []


@pytest.mark.parametrize("tf", ["2.16.1", "2.17.0rc0"])
def test_a_release_whose_runpath_misses_the_pip_wheels_is_not_ready(tf: str) -> None:
    # platform fact tf-216-nvidia-wheel-libs-not-found: these wheels do not find nvidia/*/lib
    report = _report(_host(GOOD, tf=tf))
    f = next(x for x in report.findings if x.id == "tf-2-16-nvidia-wheel-libs-not-found")
    assert f.severity is Severity.ERROR
    assert any("LD_LIBRARY_PATH" in line for line in f.fix)
    assert "ready" not in report.verdict.headline.lower()


def test_the_same_wheels_on_ld_library_path_are_ready_on_an_affected_release() -> None:
    on_path = tuple(F.SharedLibrary(lib.name, lib.soname, lib.path, lib.version,
                                    "ld_library_path", True, lib.binary) for lib in GOOD)
    report = _report(_host(on_path, tf="2.16.1"))
    assert [f.id for f in report.findings if f.severity is Severity.ERROR] == []


@pytest.mark.parametrize(("binary", "words"), [
    (NOT_A_LIBRARY, "not an ELF library"),
    (OTHER_LIBRARY, "another library under this name"),
    ("elf64-aarch64", "built for another CPU"),
])
def test_junk_or_foreign_files_are_not_libraries(binary: str, words: str) -> None:
    libraries = (_lib("cudart", "12", binary=binary), *GOOD[1:])
    report = _report(_host(libraries))
    f = next(x for x in report.findings if x.id == "tf-cuda-runtime-missing")
    assert "libcudart.so.12" in f.title and words in f.cause
    assert "libcublas" not in f.title


def test_nvcc_toolkit_off_the_loader_path_does_not_count() -> None:
    toolkit = F.CudaToolkit(root="/usr/local/cuda-12.3", version="12.3",
                          nvcc_path="/usr/local/cuda-12.3/bin/nvcc", on_path=True)
    off_path = tuple(_lib(n, m, origin="cuda_home", selected=False)
                     for n, m in (("cudart", "12"), ("cublas", "12"), ("cudnn", "8")))
    f = next(x for x in _report(_host(off_path, toolkits=(toolkit,))).findings
             if x.id == "tf-cuda-runtime-missing")
    assert "not on the loader path (cuda_home)" in f.cause


def test_unread_headers_still_count() -> None:
    # a snapshot from a recording (no header read) is not called broken
    assert _missing(_host(tuple(F.SharedLibrary(x.name, x.filename, x.path, x.version, x.origin,
                                              x.selected) for x in GOOD))) == []


def test_tf_import_that_ran_says_more_than_the_library_check() -> None:
    ran = F.HostFacts(**{**{f: getattr(_host(), f) for f in _host().__dataclass_fields__},
                       "tf": F.TFFacts(status=F.ProbeStatus.OK, version="2.16.1")})
    assert _missing(ran) == []


@pytest.mark.parametrize(("head", "fmt", "machine", "ok"), [
    (ELF_X86, "elf64-x86_64", "x86_64", True),
    (ELF_ARM, "elf64-aarch64", "x86_64", False),
    (ELF_ARM, "elf64-aarch64", "aarch64", True),
    (_pe(0x8664), "pe-AMD64", "AMD64", True),
    (_pe(0x8664), "pe-AMD64", "x86_64", True),
    (_pe(0xAA64), "pe-ARM64", "AMD64", False),
    (b"INPUT(-lcudart)\n", NOT_A_LIBRARY, "x86_64", False),   # a linker script
    (b"", NOT_A_LIBRARY, "x86_64", False),
    (b"\x7fELF\x02\x01\x01" + b"\x00" * 9 + struct.pack("<HH", 1, 0x3E), NOT_A_LIBRARY,
     "x86_64", False),                                         # ET_REL: an object file
])
def test_binary_format(head: bytes, fmt: str, machine: str, ok: bool) -> None:
    assert binary_format(head) == fmt
    assert arch_matches(fmt, machine) is ok


def _probed_binaries(tmp_path: Path, files: dict[str, bytes]) -> dict[str, str | None]:
    """The ``binary`` the library probe records for ``files`` written to a folder on
    LD_LIBRARY_PATH of a fake host (no ldconfig cache, one site-packages)."""
    lib = tmp_path / "opt/cuda/lib64"
    lib.mkdir(parents=True)
    for name, data in files.items():
        (lib / name).write_bytes(data)
    py = "/home/u/venv/bin/python"
    runner = FakeRunner({(py, "-c", libs.SITE_SCRIPT): json.dumps([SITE]) + "\n",
                         ("ldconfig", "-p"): "0 libs found in cache `/etc/ld.so.cache'\n"})
    ctx = ProbeContext(runner=runner, fs=FakeFileSystem(tmp_path),
                       env={"LD_LIBRARY_PATH": "/opt/cuda/lib64"}, python_executable=py)
    return {x.filename: x.binary for x in libs.run(ctx).libraries}


def test_probe_reads_the_header_of_the_copy_it_finds(tmp_path: Path) -> None:
    got = _probed_binaries(tmp_path, {"libcudart.so.12": ELF_X86,
                                      "libcublas.so.12": b"not a library\n"})
    assert got == {"libcudart.so.12": "elf64-x86_64", "libcublas.so.12": NOT_A_LIBRARY}


def _loaded_shared_object() -> Path:
    """A real ELF shared object this process has mapped (libc), from /proc/self/maps."""
    for line in Path("/proc/self/maps").read_text().splitlines():
        path = line.split()[-1]
        if "/libc.so" in path or "/libm.so" in path:
            return Path(path)
    pytest.skip("no libc/libm mapped from a file here")


def _reader(path: Path) -> Any:
    def read_at(offset: int, size: int) -> bytes:
        with path.open("rb") as fh:
            fh.seek(offset)
            return fh.read(size)
    return read_at


def test_the_soname_of_a_real_shared_object_is_read() -> None:
    real = _loaded_shared_object()
    read = _reader(real)
    soname = elf_soname(read(0, 64), read)
    assert soname is not None and soname.startswith(real.name.split(".so")[0] + ".so")
    assert not soname_names_another_library(real.name, soname)
    assert soname_names_another_library("libcudnn.so.9", soname)
    assert elf_soname(b"INPUT(-lcudart)\n", read) is None


def test_a_renamed_copy_of_another_library_is_other_library(tmp_path: Path) -> None:
    # issue 10 section 3: a library named like cuDNN that is another library is no cuDNN
    real = _loaded_shared_object()
    got = _probed_binaries(tmp_path, {"libcudnn.so.9": real.read_bytes()})
    assert got.get("libcudnn.so.9") == OTHER_LIBRARY, got


@pytest.mark.parametrize("fmt", ["data", "elf64", "", "elf64-", "zip-x86_64"])
def test_a_hand_edited_binary_value_is_unknown_not_a_crash(fmt: str) -> None:
    """A snapshot's ``binary`` that binary_format never gives means "unknown"."""
    assert arch_matches(fmt, "x86_64") is None


def test_missing_wheels_on_an_affected_release_get_the_loader_path_line_after_the_pin() -> None:
    # platform fact tf-216-nvidia-wheel-libs-not-found: installing the wheels alone is no fix
    f = next(x for x in _report(_host()).findings if x.id == "tf-cuda-runtime-missing")
    assert "does not find them through its RUNPATH" in f.fix[0]
    assert f.fix[1].startswith("export LD_LIBRARY_PATH=")


def test_the_last_working_release_is_offered_only_for_a_python_it_has_wheels_for() -> None:
    host = _host(GOOD)
    py312 = dataclasses.replace(host, python=dataclasses.replace(host.python, version="3.12.3"))
    for facts, offered in ((host, True), (py312, False)):
        f = next(x for x in _report(facts).findings
                 if x.id == "tf-2-16-nvidia-wheel-libs-not-found")
        assert any(line.startswith("# or: ") and "==2.15.1" in line for line in f.fix) is offered
        assert any("has no wheel for Python 3.12.3" in line for line in f.fix) is not offered
