"""Operating system probe: name, version, kernel, architecture, glibc, WSL, Windows, macOS.

Sources: ``/etc/os-release`` (freedesktop.org os-release(5)), ``/proc/version`` and
``/proc/sys/kernel/osrelease`` (a WSL2 kernel release ends in
``-microsoft-standard-WSL2``; a WSL1 "kernel" says ``Microsoft`` without it, see
https://github.com/microsoft/WSL/issues/423), ``platform.libc_ver()`` or ``ldd --version``
for glibc, ``sw_vers`` on macOS, ``platform.win32_ver()`` on Windows.
"""

from __future__ import annotations

import platform
import re
import time

from tfgpu.facts import OSFacts, ProbeRecord, ProbeStatus
from tfgpu.probes import ProbeContext, ProbeResult

NAME = "os"
ORDER = 10


def parse_os_release(text: str) -> dict[str, str]:
    """Parse ``/etc/os-release`` text into a dict (quotes removed).

    Args:
        text: file content, ``KEY=value`` lines (values may be single/double quoted).

    Returns:
        ``{"NAME": "Ubuntu", "VERSION_ID": "22.04", "PRETTY_NAME": ...}``; bad lines skipped.
    """
    out: dict[str, str] = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        out[key.strip()] = value
    return out


def parse_wsl(proc_version: str | None, osrelease: str | None) -> tuple[bool, int | None]:
    """Tell WSL1 from WSL2 from the kernel strings.

    Args:
        proc_version: content of ``/proc/version``.
        osrelease: content of ``/proc/sys/kernel/osrelease`` (``uname -r``).

    Returns:
        ``(is_wsl, wsl_version)``: ``(True, 2)`` for ``5.15.153.1-microsoft-standard-WSL2``,
        ``(True, 1)`` for WSL1's ``4.4.0-19041-Microsoft``, ``(False, None)`` otherwise.
    """
    text = f"{osrelease or ''} {proc_version or ''}"
    if "microsoft" not in text.lower():
        return False, None
    if re.search(r"WSL2|microsoft-standard", text, re.IGNORECASE):
        return True, 2
    return True, 1


def parse_ldd_version(text: str) -> str | None:
    """Return the glibc version from ``ldd --version`` output ("ldd (Debian GLIBC 2.36-9) 2.36")."""
    first = text.strip().splitlines()[0] if text.strip() else ""
    if "musl" in text.lower():
        return None
    m = re.search(r"(\d+\.\d+)\s*$", first)
    return m.group(1) if m else None


#: Files that show an NVIDIA Tegra system-on-chip (a Jetson) and the text in them that does
#: (knowledge row ``platform_facts:jetson-gpu-on-chip``: Jetson Linux writes its release to
#: ``/etc/nv_tegra_release``; the device tree's compatible string names ``nvidia,tegra<chip>``).
TEGRA_FILES = (("/etc/nv_tegra_release", ""), ("/proc/device-tree/compatible", "nvidia,tegra"))


def nvidia_soc(ctx: ProbeContext, kernel: str | None) -> str | None:
    """Evidence that this Linux host is an NVIDIA Tegra system-on-chip (a Jetson), whose GPU
    is on the chip and never on the PCI bus: the first of :data:`TEGRA_FILES` that shows it
    (``"/etc/nv_tegra_release: # R35 (release), REVISION: 4.1"``), else a kernel release
    ending in ``-tegra`` (``"kernel 5.10.120-tegra"``), else ``None``."""
    for path, word in TEGRA_FILES:
        text = (ctx.fs.read_text(path) or "").replace("\0", " ").strip()
        if text and word in text:
            first = text.splitlines()[0].strip()
            return f"{path}: {first[:200]}"
    if kernel and kernel.endswith("-tegra"):
        return f"kernel {kernel}"
    return None


def run(ctx: ProbeContext) -> ProbeResult:
    """Probe the operating system; never raises."""
    start = time.perf_counter()
    system = ctx.system
    name = version = kernel = glibc = None
    machine = platform.machine() or None
    is_wsl, wsl_version = False, None
    soc: str | None = None
    message = None
    try:
        if system == "Linux":
            rel = parse_os_release(
                ctx.fs.read_text("/etc/os-release") or ctx.fs.read_text("/usr/lib/os-release") or ""
            )
            name = rel.get("PRETTY_NAME") or rel.get("NAME")
            version = rel.get("VERSION_ID")
            osrelease = ctx.fs.read_text("/proc/sys/kernel/osrelease")
            kernel = (osrelease or "").strip() or platform.release() or None
            is_wsl, wsl_version = parse_wsl(ctx.fs.read_text("/proc/version"), osrelease)
            soc = nvidia_soc(ctx, kernel)
            lib, libver = platform.libc_ver()
            if lib == "glibc" and libver:
                glibc = libver
            else:
                res = ctx.runner(["ldd", "--version"], ctx.timeout_s)
                glibc = parse_ldd_version(res.stdout or res.stderr)
        elif system == "Darwin":
            res = ctx.runner(["sw_vers", "-productVersion"], ctx.timeout_s)
            version = res.stdout.strip() or platform.mac_ver()[0] or None
            name = f"macOS {version}" if version else "macOS"
            kernel = platform.release() or None
        elif system == "Windows":
            release, build, _csd, _ptype = platform.win32_ver()
            version = build or None
            # Windows 11 still reports release "10"; builds >= 22000 are Windows 11.
            if release == "10" and build and int(build.split(".")[-1]) >= 22000:
                release = "11"
            name = f"Windows {release}".strip() if release else "Windows"
            kernel = build or None
        else:
            name = system
            kernel = platform.release() or None
    except (OSError, ValueError) as exc:
        message = f"{type(exc).__name__}: {exc}"
    status = ProbeStatus.OK if message is None else ProbeStatus.ERROR
    facts = OSFacts(
        system=system, name=name, version=version, kernel=kernel, machine=machine,
        glibc=glibc, is_wsl=is_wsl, wsl_version=wsl_version, nvidia_soc=soc,
    )
    record = ProbeRecord(
        name=NAME, status=status, command=("/etc/os-release", "/proc/version"),
        duration_s=round(time.perf_counter() - start, 4), message=message,
        raw_excerpt=f"{name} kernel {kernel}" if kernel else name,
    )
    return ProbeResult(records=(record,), os=facts)
