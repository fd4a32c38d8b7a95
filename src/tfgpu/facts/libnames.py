"""CUDA library file names: which logical library a file is and the SONAME it answers to.

Pure (no I/O); read by the library probe (:mod:`tfgpu.probes.libs`) and by the checks, which
must not import probes.  Sources: TensorFlow/XLA ``dso_loader.cc`` (the names TensorFlow
dlopens), the NVIDIA cuDNN installation guide (cuDNN 8/9 sub-libraries).
"""

from __future__ import annotations

import re
import struct
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

#: Logical libraries TensorFlow loads (``dso_loader.cc`` in TensorFlow/XLA), by file stem.
#: cuDNN 9 is split into ``libcudnn_ops``, ``libcudnn_cnn``, ``libcudnn_adv``,
#: ``libcudnn_graph``, ``libcudnn_engines_*``, ``libcudnn_heuristic``; cuDNN 8 into
#: ``libcudnn_{ops,cnn,adv}_{infer,train}`` (NVIDIA cuDNN installation guide).
STEMS: tuple[str, ...] = (
    "cuda",
    "cudart",
    "cublas",
    "cublasLt",
    "cufft",
    "cusparse",
    "cusolver",
    "cudnn",
    "nccl",
    "cupti",
    "nvrtc",
)

_STEM_ALT = "|".join(sorted(STEMS, key=len, reverse=True))
_SO_RE = re.compile(r"^lib(" + _STEM_ALT + r"|cudnn_[a-z_]+)\.so\.(\d+(?:\.\d+)*)$")
_DLL_RE = re.compile(
    r"^(" + _STEM_ALT + r"|cudnn_[a-z_]+)64_(\d+(?:\.\d+)*)(?:_0)?\.dll$", re.IGNORECASE
)
_CANON = {s.lower(): s for s in STEMS}


@dataclass(frozen=True, slots=True)
class LibName:
    """What a file name says.

    Attributes:
        name: logical library (``"cudnn"``, ``"cudnn_ops"``, ``"cublasLt"``).
        version: version from the name (``"12"``, ``"12.2.140"``, ``"11.0"``).
        soname: the name the loader matches (``"libcudnn.so.9"``, ``"cudart64_110.dll"``
            lower-cased); two files with the same ``soname`` compete for one load.
    """

    name: str
    version: str | None
    soname: str


def file_name(path: str) -> str:
    """The last component of a library path as a log or a probe prints it, either slash
    (``C:\\cuda\\bin\\cudart64_110.dll`` -> ``cudart64_110.dll``; ``""`` stays ``""``)."""
    return path.replace("\\", "/").rsplit("/", 1)[-1]


def classify(filename: str, system: str = "Linux") -> LibName | None:
    """Recognise a CUDA library file name.

    Linux: ``lib<stem>.so.<version>``; the SONAME is ``lib<stem>.so.<major>``
    (``libcudart.so.12.2.140`` -> version ``"12.2.140"``, SONAME ``libcudart.so.12``).
    Unversioned ``.so`` files (development symlinks) are not loaded by TensorFlow and
    give ``None``; so do ``libnvrtc-builtins`` and static archives.

    Windows: ``<stem>64_<digits>.dll``; three digits are major+minor
    (``cudart64_110.dll`` -> ``"11.0"``, ``nvrtc64_112_0.dll`` -> ``"11.2"``), shorter
    ones a major (``cudnn64_8.dll`` -> ``"8"``, ``cublas64_12.dll`` -> ``"12"``);
    ``cupti64_2023.1.1.dll`` keeps its dotted version; ``nvcuda.dll`` is the driver
    (``"cuda"``, no version).

    Args:
        filename: base name of the file.
        system: ``"Windows"`` for DLL names, anything else for ELF names.
    """
    if system == "Windows":
        if filename.lower() == "nvcuda.dll":
            return LibName("cuda", None, "nvcuda.dll")
        m = _DLL_RE.match(filename)
        if not m:
            return None
        digits = m.group(2)
        version = f"{digits[:2]}.{digits[2:]}" if digits.isdigit() and len(digits) == 3 else digits
        stem = m.group(1)
        return LibName(_CANON.get(stem.lower(), stem.lower()), version, filename.lower())
    m = _SO_RE.match(filename)
    if not m:
        return None
    stem, version = m.group(1), m.group(2)
    return LibName(stem, version, f"lib{stem}.so.{version.split('.')[0]}")




#: ELF ``e_machine`` values (System V ABI, ``elf.h`` EM_*) -> the architecture name
#: ``platform.machine()`` reports on Linux.
_ELF_MACHINES = {0x03: "i386", 0x3E: "x86_64", 0xB7: "aarch64", 0x15: "ppc64le", 0x28: "arm"}
#: PE/COFF ``Machine`` values (Microsoft PE format, "Machine Types") -> the name Windows'
#: ``platform.machine()`` reports.
_PE_MACHINES = {0x8664: "AMD64", 0xAA64: "ARM64", 0x14C: "x86"}
#: The architecture names of one machine, as Linux and Windows spell them.
_SAME_ARCH = {"amd64": "x86_64", "x64": "x86_64", "arm64": "aarch64", "x86": "i386"}

#: ``binary_format`` of a file that is not an ELF/PE shared library at all.
NOT_A_LIBRARY = "not-a-library"
#: An ELF shared object whose ``DT_SONAME`` names another library than its file name (a
#: copy of ``libm.so.6`` saved as ``libcudnn.so.9``): a library, but not the one its name says
#: (:func:`elf_soname`, :func:`soname_names_another_library`).
OTHER_LIBRARY = "other-library"


def binary_format(head: bytes) -> str:
    """What the first bytes of a file say it is (pure; read at least 512 bytes).

    Returns ``"elf64-x86_64"``/``"elf32-i386"``... for an ELF shared object or executable
    (System V ABI: magic ``\\x7fELF``, ``EI_CLASS`` at 4, ``EI_DATA`` at 5, ``e_type`` at
    16, ``e_machine`` at 18), ``"pe-AMD64"``... for a PE image (``MZ``, ``e_lfanew`` at 0x3C,
    ``PE\\0\\0`` then ``Machine``), and :data:`NOT_A_LIBRARY` for anything else (a text
    file, an empty or truncated file, an ELF relocatable object or core file).
    """
    if len(head) >= 20 and head[:4] == b"\x7fELF" and head[4] in (1, 2) and head[5] in (1, 2):
        order: Literal["little", "big"] = "little" if head[5] == 1 else "big"
        e_type = int.from_bytes(head[16:18], order)
        if e_type not in (2, 3):  # ET_EXEC, ET_DYN
            return NOT_A_LIBRARY
        machine = int.from_bytes(head[18:20], order)
        return f"elf{32 if head[4] == 1 else 64}-{_ELF_MACHINES.get(machine, hex(machine))}"
    if len(head) >= 0x40 and head[:2] == b"MZ":
        off = int.from_bytes(head[0x3C:0x40], "little")
        if off + 6 <= len(head) and head[off:off + 4] == b"PE\x00\x00":
            machine = int.from_bytes(head[off + 4:off + 6], "little")
            return f"pe-{_PE_MACHINES.get(machine, hex(machine))}"
    return NOT_A_LIBRARY


def elf_soname(head: bytes, read_at: Callable[[int, int], bytes | None]) -> str | None:
    """The ``DT_SONAME`` of an ELF shared object, or ``None`` when it has none or it cannot
    be read (pure but for ``read_at``; never raises).

    System V ABI: the ELF header gives the program headers (``e_phoff``, ``e_phentsize``,
    ``e_phnum``); ``PT_DYNAMIC`` (type 2) locates the dynamic section, whose ``DT_SONAME``
    (14) is an offset into the string table at ``DT_STRTAB`` (5), a virtual address mapped to
    a file offset through the ``PT_LOAD`` (type 1) segment holding it. Reads are bounded: the
    program headers, at most 64 KiB of the dynamic section, 256 bytes of the name.

    Args:
        head: the file's first bytes (:func:`binary_format`'s input, at least 64).
        read_at: ``(offset, size) -> bytes`` of the same file, or ``None``.
    """
    try:
        if len(head) < 64 or head[:4] != b"\x7fELF" or head[4] not in (1, 2):
            return None
        is64 = head[4] == 2
        end = "<" if head[5] == 1 else ">"
        if is64:
            phoff, = struct.unpack_from(end + "Q", head, 0x20)
            phentsize, phnum = struct.unpack_from(end + "HH", head, 0x36)
            ph_fmt, dyn_fmt = end + "IIQQQQQQ", end + "qQ"
        else:
            phoff, = struct.unpack_from(end + "I", head, 0x1C)
            phentsize, phnum = struct.unpack_from(end + "HH", head, 0x2A)
            ph_fmt, dyn_fmt = end + "IIIIIIII", end + "iI"
        if not 0 < phnum <= 256 or phentsize < struct.calcsize(ph_fmt):
            return None
        table = read_at(phoff, phentsize * phnum)
        if not table or len(table) < phentsize * phnum:
            return None
        loads: list[tuple[int, int, int]] = []  # (vaddr, offset, filesz)
        dynamic: tuple[int, int] | None = None
        for i in range(phnum):
            f = struct.unpack_from(ph_fmt, table, i * phentsize)
            if is64:  # p_type, p_flags, p_offset, p_vaddr, p_paddr, p_filesz, ...
                p_type, off, vaddr, filesz = f[0], f[2], f[3], f[5]
            else:  # p_type, p_offset, p_vaddr, p_paddr, p_filesz, ...
                p_type, off, vaddr, filesz = f[0], f[1], f[2], f[4]
            if p_type == 1:
                loads.append((vaddr, off, filesz))
            elif p_type == 2:
                dynamic = (off, filesz)
        if dynamic is None:
            return None
        dyn = read_at(dynamic[0], min(dynamic[1], 1 << 16))
        if not dyn:
            return None
        step = struct.calcsize(dyn_fmt)
        strtab = soname = None
        for i in range(len(dyn) // step):
            tag, val = struct.unpack_from(dyn_fmt, dyn, i * step)
            if tag == 0:  # DT_NULL
                break
            if tag == 5:
                strtab = val
            elif tag == 14:
                soname = val
        if strtab is None or soname is None:
            return None
        at = next((off + strtab - vaddr for vaddr, off, size in loads
                   if vaddr <= strtab < vaddr + size), None)
        if at is None:
            return None
        raw = read_at(at + soname, 256)
        if not raw or b"\0" not in raw:
            return None
        return raw.split(b"\0", 1)[0].decode("ascii", errors="replace") or None
    except (struct.error, ValueError, OverflowError):
        return None


def soname_names_another_library(filename: str, soname: str | None) -> bool:
    """Whether an ELF file's ``DT_SONAME`` names another library than its file name
    (``libcudnn.so.9`` holding ``libm.so.6``): the stem before ``.so`` differs, case
    ignored; versions may differ (``libcudnn.so.9.1.0`` is ``libcudnn.so.9``). ``False``
    when the SONAME is unknown."""
    if not soname:
        return False

    def stem(name: str) -> str:
        return file_name(name).split(".so", 1)[0].lower()

    return stem(filename) != stem(soname)


def arch_matches(fmt: str | None, machine: str | None) -> bool | None:
    """Whether a :func:`binary_format` result can be loaded on a CPU ``machine``
    (``platform.machine()``: ``"x86_64"``, ``"AMD64"``, ``"aarch64"``); ``None`` when either
    is unknown, ``False`` for :data:`NOT_A_LIBRARY` and :data:`OTHER_LIBRARY`."""
    if fmt is None:
        return None
    if fmt in (NOT_A_LIBRARY, OTHER_LIBRARY):
        return False
    kind, sep, arch = fmt.partition("-")
    if not machine or not sep or kind not in ("elf32", "elf64", "pe") or not arch:
        return None  # a value binary_format never gives (a hand-edited snapshot): unknown
    arch = arch.lower()
    want = machine.lower()
    return _SAME_ARCH.get(arch, arch) == _SAME_ARCH.get(want, want)
