"""The host a plan is made for: this host's facts, a description, or a facts file.

:class:`TargetHost` is the small, explicit subset of :class:`tfgpu.facts.HostFacts`
that the planner needs.  It is built by :func:`target_from_facts` (this host, or a
``--facts host.json`` snapshot taken elsewhere) or :func:`target_from_description`
(``--os windows --gpu "RTX 3060 Laptop" --driver 531.14 --python 3.11``).
"""

from __future__ import annotations

import platform
import re
import sys
from dataclasses import dataclass, replace

from packaging.version import InvalidVersion, Version

from tfgpu._proc import Runner, run_command
from tfgpu.facts import HostFacts, ProbeStatus
from tfgpu.facts.host import container_engine
from tfgpu.facts.presence import driver_serves, nvidia_gpu_presence, smi_unreadable, tegra_soc
from tfgpu.knowledge import docs
from tfgpu.probes.os_info import parse_wsl

#: Operating systems a plan can target (``--os``).  ``wsl1`` is a Linux distribution under
#: WSL1, which can never reach a GPU (platform fact ``wsl1-convert-to-wsl2``).
OS_CHOICES = ("linux", "windows", "wsl2", "wsl1", "macos")
#: CPU architectures (``--arch``); ``aarch64`` and ``arm64`` are the same machine.
ARCH_CHOICES = ("x86_64", "arm64")

_ARCH_ALIASES = {
    "x86_64": "x86_64",
    "amd64": "x86_64",
    "x64": "x86_64",
    "arm64": "arm64",
    "aarch64": "arm64",
}


#: How to look for an NVIDIA GPU without its driver where the PCI bus can be read: the PCI
#: vendor id 0x10de in sysfs (Linux kernel Documentation/ABI/testing/sysfs-bus-pci).
PCI_VENDOR_CHECK = ("`grep -l 0x10de /sys/bus/pci/devices/*/vendor` prints a path; otherwise "
                    "skip this step")
#: The same inside WSL2, whose PCI bus never shows the GPU: Windows' own device list.
WSL2_GPU_CHECK = "Windows' Device Manager lists it under Display adapters; otherwise skip this step"
#: The same where this host's PCI bus could not be read (``/sys/bus/pci/devices`` missing or
#: failing, as in a container without it): no command here can answer, so what knows the
#: hardware from outside does.
OUTSIDE_GPU_CHECK = (
    "this host's PCI bus (/sys/bus/pci/devices) could not be read, so no command here can "
    "tell: ask what knows the hardware, such as `nvidia-smi` on the machine that runs this "
    "container, the cloud instance type's specification or the machine's own; skip this step "
    "only when that shows no NVIDIA GPU")


class TargetError(ValueError):
    """A host description that cannot be planned for (bad ``--os``, ``--python``...)."""


@dataclass(frozen=True, slots=True)
class TargetHost:
    """What the planner needs to know about a host.

    Attributes:
        os: ``"linux"``, ``"windows"`` (native), ``"wsl2"`` (Linux inside WSL2),
            ``"wsl1"`` (Linux inside WSL1: no GPU can be reached) or ``"macos"``.
        arch: ``"x86_64"`` or ``"arm64"``.
        python: ``"3.11"`` (major.minor) of the interpreter that would build the
            environment, or ``None`` when not known (the plan then picks one).
        gpu_vendor: ``"nvidia"``, ``"amd"``, ``"apple"``, ``"intel"``, or ``None`` for
            no GPU.
        gpu_name: marketing name (``"NVIDIA GeForce RTX 3060 Laptop GPU"``).
        compute_capability: CUDA compute capability (``"8.6"``) when the source gave
            it; otherwise the planner looks the name up in the knowledge table.
        driver: NVIDIA driver version (``"531.14"``); under WSL2 this is the Windows
            driver.  ``None`` when unknown or not installed.
        os_name: distribution/product name for the summary (``"Ubuntu 20.04"``).
        origin: where the description came from: ``"this host"``, ``"described"``,
            or the facts file's path.
        cc_source: where ``compute_capability`` came from, for the plan's reason
            (``"reported by the host"``, ``"given on the command line"``).
        python_assumed: no Python was given or found; the plan chooses one and says so.
        python_from_host: ``python`` is the interpreter of the host snapshot (this host,
            ``--facts``), not a version given with ``--python``.  On a Windows host it is
            the Windows interpreter, which says nothing about the Python of the Linux
            distribution a WSL2 plan builds its environment in.
        driver_problem: the NVIDIA driver is installed but broken: the error its tools
            printed (``"Failed to initialize NVML: Driver/library version mismatch"``),
            one line.  ``None`` when the driver answered or is absent.
        gpu_unknown: the snapshot cannot tell whether the host has an NVIDIA GPU, and
            why (``"no NVIDIA driver answers, and nothing could list the PCI devices:
            lspci timed out after 10 s"``; :func:`tfgpu.facts.presence.nvidia_gpu_presence`);
            ``None`` when a GPU is listed, a probe showed there is none, or the host was
            described (``--gpu`` given or not: the user says what is there).
        gpu_check: with ``gpu_unknown``, how to find out whether the host has an NVIDIA GPU
            by a check that can answer where the snapshot's could not, ending in when to skip
            the driver (:data:`PCI_VENDOR_CHECK`, :data:`WSL2_GPU_CHECK`,
            :data:`OUTSIDE_GPU_CHECK`); ``None`` otherwise.
        soc: evidence that the host is an NVIDIA Jetson, a Tegra system-on-chip whose GPU is
            on the chip (:func:`tfgpu.facts.presence.tegra_soc`: ``"kernel
            5.10.120-tegra"``, ``/etc/nv_tegra_release``'s first line); ``None`` when the
            snapshot shows none or the host was described (a described Jetson is named by
            ``--gpu``, e.g. ``"Jetson AGX Orin"``).
        container: the snapshot's evidence that tfgpu ran in a container (Linux only,
            :attr:`tfgpu.facts.host.OSFacts.container`, ``"docker: /.dockerenv exists"``):
            the NVIDIA driver then belongs to the host, and the container is given the GPU
            when it starts; ``None`` for a bare host, an unknown one or a described one.
        container_served: in such a container, what shows the driver serves it although
            nvidia-smi and NVML are missing (:func:`tfgpu.facts.presence.driver_serves`:
            its libcuda.so.1, or TensorFlow listing a GPU): the GPU was passed, only the
            driver's version is unreadable; ``None`` otherwise.
    """

    os: str
    arch: str = "x86_64"
    python: str | None = None
    gpu_vendor: str | None = None
    gpu_name: str | None = None
    compute_capability: str | None = None
    driver: str | None = None
    os_name: str | None = None
    origin: str = "described"
    cc_source: str = "reported by the host"
    python_assumed: bool = False
    python_from_host: bool = False
    driver_problem: str | None = None
    gpu_unknown: str | None = None
    gpu_check: str | None = None
    soc: str | None = None
    container: str | None = None
    container_served: str | None = None

    @property
    def container_engine(self) -> str | None:
        """The engine :attr:`container` names (``"docker"``), or ``None``."""
        return container_engine(self.container)

    @property
    def driver_is_windows(self) -> bool:
        """The driver version is a Windows driver (native Windows, WSL2 or WSL1)."""
        return self.os in ("windows", "wsl2", "wsl1")

    def summary(self) -> str:
        """One line: ``"linux x86_64 (Ubuntu 20.04), Python 3.8, NVIDIA GeForce GTX 1060
        (cc 6.1), driver 470.82.01"``."""
        where = ", ".join(x for x in (self.os_name, self.container and
                                      f"in a container: {self.container}") if x)
        parts = [f"{self.os} {self.arch}" + (f" ({where})" if where else "")]
        parts.append(f"Python {self.python}" if self.python else "Python not given")
        described = self.origin == "described"
        if self.os == "wsl1" and self.gpu_vendor is None:
            parts.append("no GPU reachable (WSL1)")
        elif self.soc and self.gpu_vendor is None:
            parts.append(f"NVIDIA Jetson GPU on the chip ({self.soc})")
        elif self.gpu_vendor is None:
            parts.append("no GPU given (--gpu)" if described
                         else "NVIDIA GPU presence unknown" if self.gpu_unknown else "no GPU")
        else:
            gpu = self.gpu_name or (
                "NVIDIA GPU" if self.gpu_vendor == "nvidia" and described
                else "NVIDIA GPU (not listed: the driver failed)"
                if self.gpu_vendor == "nvidia"
                else f"{self.gpu_vendor} GPU"
            )
            if self.compute_capability:
                gpu += f" (cc {self.compute_capability})"
            if self.os == "wsl1":
                gpu += " (not reachable from WSL1)"
            parts.append(gpu)
        jetson = self.soc is not None or names_jetson(self.gpu_vendor, self.gpu_name)
        if self.os == "wsl1" or jetson:
            pass  # no driver serves WSL1; a Jetson's comes with Jetson Linux
        elif self.gpu_vendor == "nvidia" and self.driver_problem:
            version = f" (version {self.driver})" if self.driver else ""
            parts.append(f"NVIDIA driver broken: {self.driver_problem}{version}")
        elif self.gpu_vendor == "nvidia":
            # a described host: no --driver is "not given", not "none" (ux2)
            parts.append(f"driver {self.driver}" if self.driver
                         else "driver not given (--driver)" if described else "no NVIDIA driver")
        return ", ".join(parts)

    @property
    def linux_python(self) -> str | None:
        """The Python version for an environment built on the Linux side (WSL2 from a
        Windows host): ``python`` unless it is the Windows host's own interpreter
        (``python_from_host``), whose version says nothing about the distribution's."""
        if self.os == "windows" and self.python_from_host:
            return None
        return self.python


def normalize_python(text: str) -> str:
    """Return ``"3.11"`` for ``"3.11"``, ``"3.11.7"``, ``"python3.11"``, ``"py311"``.

    Raises:
        TargetError: not a Python 3 version (``"2.7"``, ``"three"``).
    """
    if not text.strip():
        raise TargetError("--python '': give a Python 3 version such as 3.11")
    m = re.fullmatch(r"(?:python|py|cp)?\s*(\d)\.?(\d{1,2})(?:\.\d+.*)?", text.strip().lower())
    if not m or m.group(1) != "3":
        path = "/" in text or "\\" in text or text.strip().lower() in ("python", "python3")
        raise TargetError(f"--python {text!r}: give a Python 3 version such as 3.11" + (
            " (the version the new environment gets; an interpreter path is what doctor, "
            "facts, verify, bench and capture take)" if path else ""))
    return f"{m.group(1)}.{int(m.group(2))}"


def normalize_driver(text: str) -> str:
    """Return the driver version as given (``"531.14"``, ``"470"``) after checking it.

    Raises:
        TargetError: not a driver version (``"latest"``, ``"5x"``).
    """
    t = text.strip()
    try:
        Version(t)
    except InvalidVersion:
        raise TargetError(
            f"--driver {text!r}: give the NVIDIA driver version, e.g. 535.161.08"
        ) from None
    if not re.fullmatch(r"\d{2,3}(\.\d+){0,2}", t):
        raise TargetError(f"--driver {text!r}: give the NVIDIA driver version, e.g. 535.161.08")
    return t


def normalize_cc(text: str, what: str = "--cc") -> str:
    """Return a compute capability ``"8.6"`` after checking its form (``major.minor``,
    major 1-19).

    Raises:
        TargetError: not a compute capability (``"abc"``, ``"86"``, ``"99.9"``).
    """
    t = text.strip()
    m = re.fullmatch(r"(\d{1,2})\.(\d)", t)
    if not m or not 1 <= int(m.group(1)) <= 19:
        raise TargetError(f"{what} {text!r}: give a compute capability such as 8.6")
    return f"{int(m.group(1))}.{m.group(2)}"


def normalize_arch(text: str) -> str:
    """Return ``"x86_64"`` or ``"arm64"`` for the common spellings.

    Raises:
        TargetError: an architecture no TensorFlow wheel exists for.
    """
    arch = _ARCH_ALIASES.get(text.strip().lower())
    if arch is None:
        raise TargetError(f"--arch {text!r}: choose x86_64 or arm64")
    return arch


def guess_vendor(gpu_name: str) -> str:
    """Vendor of a GPU from its name as people write it: Apple M-series (``"M3 Max"``),
    AMD Radeon/Instinct (``"RX 7900 XTX"``, ``"Radeon 780M"``, ``"MI300X"``), Intel Arc
    (``"Arc A770"``, a bare ``"A770"``/``"B580"``), otherwise NVIDIA (GeForce, RTX, Quadro,
    Tesla, A100, H100, a bare ``"4090"``).

    Sources of the model names: AMD's ROCm GPU support tables (Radeon RX, Radeon PRO,
    Instinct MI), Intel's Arc A/B-series product list; the NVIDIA names are those of
    ``gpu_compute_capability.toml``."""
    n = " ".join(gpu_name.strip().lower().split())
    if re.search(r"\bapple\b|^m[1-9](\s|$)|\bm[1-9] (pro|max|ultra)\b", n):
        return "apple"
    # ``XT``/``XTX``/``GRE`` after a model number are Radeon suffixes (NVIDIA's are Ti
    # and SUPER): a bare "7900 XTX", "7900xtx", "6700 XT", "7900 GRE" is AMD.
    if re.search(r"\b(amd|radeon|instinct|firepro|vega|mi\d{2,3}[a-z]?)\b"
                 r"|\brx ?\d{3,4}|\b\d{4} ?(xtx?|gre)\b", n):
        return "amd"
    if re.search(r"\b(intel|arc|iris)\b|^[ab](310|380|580|750|770|570)m?$", n):
        return "intel"
    return "nvidia"


def target_from_description(
    os: str,
    *,
    gpu: str | None = None,
    driver: str | None = None,
    python: str | None = None,
    arch: str | None = None,
    compute_capability: str | None = None,
) -> TargetHost:
    """Build a target from ``--os/--gpu/--driver/--python/--arch``.

    Args:
        os: one of :data:`OS_CHOICES` (``"mac"``/``"darwin"`` accepted for macos).
        gpu: GPU name (``"RTX 3060 Laptop"``, ``"Apple M2"``, ``"none"``); ``None`` or
            ``"none"`` means no GPU (with ``compute_capability`` alone: an NVIDIA GPU of
            that compute capability).
        driver: NVIDIA driver version.
        python: Python version (``"3.11"``).
        arch: CPU architecture; default ``arm64`` for an Apple GPU or a Jetson, else ``x86_64``.
        compute_capability: override the knowledge lookup (``"8.6"``).

    Raises:
        TargetError: an unknown OS/architecture, a malformed version, ``--gpu ""``,
            an Apple GPU on anything but arm64 macOS.
    """
    o = os.strip().lower()
    o = {"mac": "macos", "darwin": "macos", "osx": "macos", "win": "windows"}.get(o, o)
    if o not in OS_CHOICES:
        raise TargetError(f"--os {os!r}: choose one of {', '.join(OS_CHOICES)}")
    vendor, name = parse_gpu(gpu)
    cc = normalize_cc(compute_capability) if compute_capability is not None else None
    if cc is not None and vendor is None:
        if gpu is not None:
            raise TargetError(f"--cc {cc} with --gpu {gpu!r}: a compute capability needs a GPU")
        vendor = "nvidia"  # --cc alone describes an NVIDIA GPU of that compute capability
    if cc is not None and vendor not in (None, "nvidia"):
        raise TargetError(f"--cc {cc}: compute capabilities are NVIDIA's; {name} is not NVIDIA")
    if arch:
        a = normalize_arch(arch)
    else:
        # Apple silicon and NVIDIA's Jetson modules (Tegra systems-on-chip) are arm64
        a = ("arm64" if (o == "macos" and vendor in (None, "apple")) or names_jetson(vendor, name)
             else "x86_64")
    check_gpu_platform(o, a, vendor, name)
    return TargetHost(
        os=o,
        arch=a,
        python=normalize_python(python) if python is not None else None,
        gpu_vendor=vendor,
        gpu_name=name,
        compute_capability=cc,
        driver=normalize_driver(driver) if driver else None,
        origin="described",
        cc_source="given on the command line",
        python_assumed=python is None,
    )


def names_jetson(vendor: str | None, name: str | None) -> bool:
    """Whether a GPU given by name (``--gpu``) is an NVIDIA Jetson module ("Jetson Orin
    Nano"): a Tegra system-on-chip, an arm64 machine that runs Jetson Linux (platform fact
    ``jetson-gpu-on-chip``), whatever host the plan is made on."""
    return vendor == "nvidia" and "jetson" in (name or "").lower()


def as_described_jetson(target: TargetHost) -> TargetHost:
    """``target`` (a host snapshot: this host, ``--facts``) whose GPU was replaced with
    ``--gpu`` naming a Jetson module: the plan is for that Jetson, so the snapshot's OS,
    architecture, Python and NVIDIA driver, which describe another machine, are dropped
    (Linux, arm64; a Jetson's driver is part of Jetson Linux, its Python that of its JetPack
    release).  A snapshot of a Jetson (``target.soc``) is kept as it is."""
    if target.soc is not None or not names_jetson(target.gpu_vendor, target.gpu_name):
        return target
    return replace(target, os="linux", arch="arm64", os_name=None, python=None,
                   python_assumed=True, python_from_host=False, driver=None,
                   driver_problem=None, gpu_unknown=None, gpu_check=None, origin="described",
                   cc_source="given on the command line")


def parse_gpu(gpu: str | None) -> tuple[str | None, str | None]:
    """``(vendor, name)`` for ``--gpu``: ``(None, None)`` for not given or ``none``.

    Raises:
        TargetError: ``--gpu ""`` (say ``--gpu none`` for no GPU).
    """
    if gpu is None:
        return None, None
    g = gpu.strip()
    if not g:
        raise TargetError("--gpu '': give a GPU name such as \"RTX 3060\", or --gpu none")
    if g.lower() in ("none", "no", "cpu"):
        return None, None
    return guess_vendor(g), g


def check_gpu_platform(os: str, arch: str, vendor: str | None, name: str | None) -> None:
    """Refuse descriptions no machine matches.

    Raises:
        TargetError: an Apple GPU on a non-macOS or non-arm64 host (Apple silicon is
            arm64 and runs macOS); an Apple GPU with another OS.
    """
    if vendor == "apple" and os != "macos":
        raise TargetError(f"--gpu {name!r} is Apple silicon, which runs macOS (--os macos)")
    if vendor == "apple" and arch != "arm64":
        raise TargetError(
            f"--gpu {name!r} with --arch {arch}: Apple silicon GPUs are arm64 machines"
        )


def target_from_facts(facts: HostFacts, origin: str = "this host") -> TargetHost:
    """Build a target from a host snapshot (``tfgpu facts``/``tfgpu.gather``).

    The first NVIDIA GPU (whole GPU, not a MIG slice) is planned for; otherwise the
    first GPU of another vendor.  The driver version counts when its probe answered,
    or when it failed but still read the version (WSL2's ``CUDA Version: ERR!``).  A
    driver probe that failed (status ``error``/``timeout``: ``Driver/library version
    mismatch``, ``couldn't communicate with the NVIDIA driver``) means an NVIDIA driver
    is installed, hence an NVIDIA GPU is probably present: the target keeps an NVIDIA
    GPU (unnamed when no probe listed it) and ``driver_problem`` quotes the error, so
    the plan says "fix the driver first" instead of going CPU-only.  (A listed GPU of
    another vendor with no NVIDIA one is kept: the NVIDIA driver may be a leftover.)

    Raises:
        TargetError: a value of the snapshot is malformed (driver version, compute
            capability, Python version), so the snapshot cannot be trusted.
    """
    system = facts.os.system.lower()
    if facts.os.is_wsl:
        # WSL1 is told apart by its kernel release (probes/os_info.parse_wsl); an unknown
        # version is taken as WSL2, the default type of a new distribution (Microsoft, "What
        # is the Windows Subsystem for Linux?")
        os_id = "wsl1" if facts.os.wsl_version == 1 else "wsl2"
    elif system == "darwin":
        os_id = "macos"
    elif system == "windows":
        os_id = "windows"
    else:
        os_id = "linux"
    machine = (facts.os.machine or facts.cpu.machine or "x86_64").lower()
    arch = _ARCH_ALIASES.get(machine, machine)
    whole = [g for g in facts.gpus if not g.is_mig]
    gpu = next((g for g in whole if g.vendor == "nvidia"), whole[0] if whole else None)
    driver = None
    problem = _driver_problem(facts)
    answered = facts.driver is not None and (
        facts.driver.status is ProbeStatus.OK or problem is not None
    )
    if facts.driver is not None and answered and facts.driver.version:
        try:
            driver = normalize_driver(facts.driver.version)
        except TargetError:
            raise TargetError(
                f"driver version {facts.driver.version!r} is not an NVIDIA driver version"
            ) from None
    cc = None
    if gpu is not None and gpu.compute_capability:
        cc = normalize_cc(gpu.compute_capability, f"GPU {gpu.name!r} compute_capability")
    py: str | None = None
    if facts.python.version and facts.python.version.strip():
        try:
            py = normalize_python(facts.python.version)
        except TargetError:
            raise TargetError(
                f"python version {facts.python.version!r} is not a Python 3 version"
            ) from None
    vendor = gpu.vendor if gpu else None
    if problem is not None and gpu is None and nvidia_gpu_presence(facts).state != "absent":
        # no GPU listed: the broken driver is the evidence of one, unless an adapter listing
        # that answered shows no NVIDIA device (a stray nvidia-smi; a container without it)
        vendor = "nvidia"
    # WSL1 reaches no GPU whatever is there: no presence question to ask (the plan says why)
    unknown = _gpu_unknown(facts) if vendor is None and os_id != "wsl1" else None
    return TargetHost(
        os=os_id,
        arch=arch,
        python=py,
        gpu_vendor=vendor,
        gpu_name=gpu.name if gpu else None,
        compute_capability=cc if gpu else None,
        driver=driver,
        os_name=facts.os.name,
        origin=origin,
        python_assumed=py is None,
        python_from_host=py is not None,
        driver_problem=problem,
        gpu_unknown=unknown,
        gpu_check=_gpu_check(facts) if unknown is not None else None,
        soc=tegra_soc(facts) if os_id == "linux" else None,
        container=facts.os.container if os_id == "linux" else None,
        container_served=(driver_serves(facts) if os_id == "linux" and facts.os.container
                          else None),
    )


def _gpu_check(facts: HostFacts) -> str:
    """How to find out whether a host whose NVIDIA GPU presence is unknown has one: Windows'
    device list inside WSL2, the sysfs vendor ids where ``/sys/bus/pci/devices`` was not
    tried, and what knows the hardware from outside where it was tried and failed (the sysfs
    check would print nothing there whatever the hardware)."""
    if facts.os.is_wsl:
        return WSL2_GPU_CHECK
    sysfs = next((p for p in facts.probes if p.name == "sysfs-pci"), None)
    if sysfs is not None and sysfs.status in (ProbeStatus.MISSING, ProbeStatus.ERROR,
                                              ProbeStatus.TIMEOUT):
        return OUTSIDE_GPU_CHECK
    return PCI_VENDOR_CHECK


def _gpu_unknown(facts: HostFacts) -> str | None:
    """Why the snapshot cannot tell whether the host has an NVIDIA GPU (a target that lists
    none), or ``None`` when a probe showed there is none
    (:func:`tfgpu.facts.presence.nvidia_gpu_presence`)."""
    presence = nvidia_gpu_presence(facts)
    if presence.state != "unknown":
        return None
    if presence.soc is not None:
        # platform_facts:jetson-gpu-on-chip
        return (f"an NVIDIA Jetson ({presence.soc}): its GPU is on the chip, never on the PCI "
                "bus, and TensorFlow uses it only as NVIDIA's build for the JetPack release "
                f"installed here ({docs.url('jetson-tensorflow')}), not as these wheels")
    unreadable = smi_unreadable(facts)
    if unreadable is not None:
        return f"nvidia-smi gave no answer tfgpu can read: {unreadable}"
    if facts.os.is_wsl and facts.os.wsl_version == 2:
        return ("WSL2: no NVIDIA driver answers, and WSL2's PCI bus never shows the GPU, "
                "which is reached through the Windows driver")
    driver = ("no NVIDIA driver answers" if presence.no_driver
              else "the NVIDIA driver was not probed")
    listed = (": " + ", ".join(presence.unanswered)) if presence.unanswered else ""
    return f"{driver}, and nothing could list the PCI devices{listed}"


def _driver_problem(facts: HostFacts) -> str | None:
    """The broken driver's own message, one line, or ``None`` (driver fine or absent).

    Only a driver probe that ran and failed (``error``/``timeout``) counts; a missing
    ``nvidia-smi`` is "no driver", not a broken one, and one that gave no answer to read
    (:func:`tfgpu.facts.presence.smi_unreadable`) shows no driver either.
    """
    d = facts.driver
    if d is None or d.status not in (ProbeStatus.ERROR, ProbeStatus.TIMEOUT):
        return None
    if smi_unreadable(facts) is not None:
        return None  # no answer to read: nothing shows a driver, broken or not (gpu_unknown)
    if d.status is ProbeStatus.TIMEOUT and not d.message:
        return "nvidia-smi did not answer in time (hung driver)"
    lines = [ln.strip() for ln in (d.message or "").splitlines() if ln.strip()]
    return "; ".join(lines) if lines else "nvidia-smi failed without a message"


def target_this_host(runner: Runner | None = None) -> TargetHost:
    """A target for this host from the standard library and one ``nvidia-smi`` query.

    Used when the full gatherer (``tfgpu.gather``) is not available.  It knows the OS,
    architecture and Python, and the first NVIDIA GPU from ``nvidia-smi
    --query-gpu=driver_version,name,compute_cap --format=csv`` (the ``compute_cap``
    field exists from driver 510; older drivers fail the query, and the GPU is then
    taken without it from ``--query-gpu=driver_version,name``).  Never
    raises: a missing or failing ``nvidia-smi`` means "no NVIDIA GPU found".

    Args:
        runner: command runner (default :func:`tfgpu._proc.run_command`).
    """
    run = runner or run_command
    system = platform.system().lower()
    os_id = {"darwin": "macos", "windows": "windows"}.get(system, "linux")
    if os_id == "linux":
        texts: list[str | None] = []
        for path in ("/proc/version", "/proc/sys/kernel/osrelease"):
            try:
                with open(path, encoding="utf-8") as fh:
                    texts.append(fh.read())
            except OSError:
                texts.append(None)
        is_wsl, version = parse_wsl(*texts)
        if is_wsl:
            os_id = "wsl1" if version == 1 else "wsl2"
    machine = platform.machine().lower()
    target = TargetHost(
        os=os_id,
        arch=_ARCH_ALIASES.get(machine, machine),
        python=f"{sys.version_info.major}.{sys.version_info.minor}",
        origin="this host",
        python_from_host=True,
    )
    for fields in ("driver_version,name,compute_cap", "driver_version,name"):
        res = run(["nvidia-smi", f"--query-gpu={fields}", "--format=csv"], 20.0)
        if res.status is not ProbeStatus.OK:
            continue
        rows = [
            ln
            for ln in res.stdout.splitlines()
            if ln.strip() and not ln.startswith("driver_version")
        ]
        cells = [c.strip() for c in rows[0].split(",")] if rows else []
        if len(cells) < 2 or not cells[1]:
            continue
        driver = cells[0] if re.fullmatch(r"\d+(\.\d+)*", cells[0]) else None
        cc = cells[2] if len(cells) > 2 and re.fullmatch(r"\d+\.\d+", cells[2]) else None
        return replace(
            target, gpu_vendor="nvidia", gpu_name=cells[1], driver=driver, compute_capability=cc
        )
    if os_id == "macos" and target.arch == "arm64":
        return replace(target, gpu_vendor="apple", gpu_name="Apple silicon GPU")
    return target
