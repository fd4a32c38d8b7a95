"""Operating system probe: name, version, kernel, architecture, glibc, WSL, Windows, macOS.

Sources: ``/etc/os-release`` (freedesktop.org os-release(5)), ``/proc/version`` and
``/proc/sys/kernel/osrelease`` (a WSL2 kernel release ends in
``-microsoft-standard-WSL2``; a WSL1 "kernel" says ``Microsoft`` without it, see
https://github.com/microsoft/WSL/issues/423), ``platform.libc_ver()`` or ``ldd --version``
for glibc, ``sw_vers`` on macOS, ``platform.win32_ver()`` on Windows; whether the process runs
in a container from the marks each engine leaves (:data:`CONTAINER_FILES`,
:data:`CONTAINER_ENV`, ``/proc/self/cgroup``; knowledge row
``platform_facts:container-markers``).
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


#: Files a container engine creates in every container it starts, and the engine each names
#: (knowledge row ``platform_facts:container-markers``: Docker's daemon/initlayer/
#: setup_unix.go creates ``/.dockerenv``; podman-run(1): "a container environment file is
#: created in each container ... at /run/.containerenv", not when a volume is mounted on /run).
CONTAINER_FILES = (("/.dockerenv", "docker"), ("/run/.containerenv", "podman"))

#: Environment variables set inside a container, and the engine each names (same row:
#: Apptainer sets APPTAINER_CONTAINER, and SINGULARITY_CONTAINER under its legacy prefix, to the
#: image it runs; the kubelet gives every pod KUBERNETES_SERVICE_HOST, the API server's
#: service address; Podman's default environment sets ``container=podman``, the variable
#: systemd's container interface reads, which the probe reads after these).
CONTAINER_ENV = (("APPTAINER_CONTAINER", "apptainer"), ("SINGULARITY_CONTAINER", "singularity"),
                 ("KUBERNETES_SERVICE_HOST", "kubernetes"))

#: Words of a cgroup v1 path that name the engine whose container holds the process
#: (gopsutil's VirtualizationWithContext reads ``/proc/self/cgroup`` for them; a cgroup v2
#: host shows ``0::/`` inside a container, so their absence says nothing).
CONTAINER_CGROUP_WORDS = (("docker", "docker"), ("lxc", "lxc"))


def container(ctx: ProbeContext) -> str | None:
    """Evidence that this Linux process runs in a container, as ``"<engine>: <what shows
    it>"`` (``"docker: /.dockerenv exists"``, ``"apptainer: APPTAINER_CONTAINER is set"``,
    ``"docker: /proc/self/cgroup: 12:devices:/docker/3f2a..."``); ``None`` when no mark
    shows (a container need not leave one: absence is no proof of a bare host).

    Engines: ``docker``, ``podman``, ``apptainer``, ``singularity``, ``kubernetes``,
    ``lxc``, or the value of systemd's ``container`` variable.  Reads only the file system
    layer and the environment copy: bounded, never raises."""
    # the variables first: a Kubernetes pod run by Docker also has /.dockerenv, and GPU
    # access is then the pod's spec, not a docker run flag; Apptainer's before the pod's (it
    # passes the host's environment in, so an Apptainer container inside a pod shows both,
    # and its GPU access is --nv)
    for name, engine in CONTAINER_ENV:
        if (ctx.env.get(name) or "").strip():
            # the value (an image path, the API server's address) is not needed, nor shown
            return f"{engine}: {name} is set"
    for path, engine in CONTAINER_FILES:
        if ctx.fs.exists(path):
            return f"{engine}: {path} exists"
    engine = (ctx.env.get("container") or "").strip()
    if re.fullmatch(r"[\w.-]{1,40}", engine):
        return f"{engine}: container={engine} in the environment"
    for line in (ctx.fs.read_text("/proc/self/cgroup", limit=1 << 16) or "").splitlines():
        path = line.split(":", 2)[-1]
        for word, engine in CONTAINER_CGROUP_WORDS:
            if word in path:
                return f"{engine}: /proc/self/cgroup: {line.strip()[:200]}"
    return None


def run(ctx: ProbeContext) -> ProbeResult:
    """Probe the operating system; never raises."""
    start = time.perf_counter()
    system = ctx.system
    name = version = kernel = glibc = None
    machine = platform.machine() or None
    is_wsl, wsl_version = False, None
    soc: str | None = None
    boxed: str | None = None
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
            boxed = container(ctx)
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
        container=boxed,
    )
    record = ProbeRecord(
        name=NAME, status=status, command=("/etc/os-release", "/proc/version"),
        duration_s=round(time.perf_counter() - start, 4), message=message,
        raw_excerpt=f"{name} kernel {kernel}" if kernel else name,
    )
    return ProbeResult(records=(record,), os=facts)
