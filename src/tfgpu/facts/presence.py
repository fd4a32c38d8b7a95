"""Whether an NVIDIA GPU is present, from host facts: present, absent, or unknown (pure).

Rule: "absent" needs a probe that ran and looked.  A driver tool that answered and listed
no GPU looked; so did a listing of the machine's display adapters that answered (``lspci``
with output, ``/sys/bus/pci/devices``, Windows' ``Win32_VideoController``, macOS'
``system_profiler``).  A missing ``nvidia-smi`` and NVML only say that no NVIDIA *driver*
is installed: a card without its driver is the usual state of a new server, a cloud VM or
a minimal container, and it shows on the PCI bus, not in ``/sys/class/drm`` (no DRM driver
is bound to it).  So when no listing answered, presence is "unknown", never "absent".
Inside WSL2 the PCI bus never shows the GPU (it is reached through the Windows driver:
NVIDIA, "CUDA on WSL User Guide"), so only the driver's answer counts there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tfgpu._proc import NOT_RUNNABLE
from tfgpu.facts.host import HostFacts, ProbeRecord, ProbeStatus

#: Probe records of adapter listings that look at the hardware without the NVIDIA driver.
LISTING_RECORDS = ("lspci", "sysfs-pci", "wmi-video", "system_profiler")
#: GPU sources of listings that show every adapter (a GPU of another vendor they listed
#: shows they answered).  Not ``"sysfs"``: it also names the ``/sys/class/drm`` fallback,
#: which shows only adapters with a DRM driver bound (the ``sysfs-pci`` record counts).
LISTING_SOURCES = ("lspci", "wmi", "system_profiler")
#: Listing records whose failure leaves presence unknown, with the DRM fallback.
PCI_RECORDS = (*LISTING_RECORDS, "sysfs-drm")

#: TensorFlow's own words for "this host has no NVIDIA driver" (libcuda.so.1 not found;
#: recorded/tf-logs/tf2.21-pip-linux-no-gpu-no-driver-cpu-only.txt): no driver, which says
#: nothing about the card.
TF_NO_DRIVER_LINE = "Could not find cuda drivers"

State = Literal["present", "absent", "unknown"]


@dataclass(frozen=True, slots=True)
class Presence:
    """The answer of :func:`nvidia_gpu_presence`.

    Attributes:
        state: ``"present"`` (an NVIDIA GPU is listed), ``"absent"`` (a probe that ran
            looked and found none) or ``"unknown"``.
        no_driver: no NVIDIA driver is installed (NVML and ``nvidia-smi`` both missing or,
            when the driver was not probed, TensorFlow logged :data:`TF_NO_DRIVER_LINE`),
            so no CUDA program can use a GPU here whatever ``state`` is.
        unanswered: when ``state`` is ``"unknown"``, the adapter listings that did not
            answer, as words (``"lspci timed out"``, ``"lspci is not installed"``,
            ``"/sys/bus/pci/devices lists no device"``); empty when none was tried.
        soc: when ``state`` is ``"unknown"`` on an NVIDIA Tegra system-on-chip (a Jetson),
            the evidence of it (:func:`tegra_soc`): its GPU is on the chip, never on the
            PCI bus, and its driver is part of Jetson Linux (no nvidia-smi or NVML needed),
            so neither a PCI listing nor a missing nvidia-smi says anything about it.
    """

    state: State
    no_driver: bool = False
    unanswered: tuple[str, ...] = ()
    soc: str | None = None


def listing_answered(rec: ProbeRecord) -> bool:
    """A listing record that looked at the hardware: status OK and, for ``lspci``,
    some output (``lspci`` that prints nothing read no bus)."""
    if rec.status is not ProbeStatus.OK:
        return False
    return rec.name != "lspci" or bool((rec.raw_excerpt or "").strip())


def _words(rec: ProbeRecord) -> str:
    """What a listing that did not answer did, in words (``"lspci timed out"``)."""
    name = {"wmi-video": "PowerShell's Win32_VideoController list",
            "sysfs-pci": "/sys/bus/pci/devices", "sysfs-drm": "/sys/class/drm"}.get(
                rec.name, rec.name)
    if rec.name == "sysfs-drm" and rec.status is ProbeStatus.OK:
        return f"{name} shows only adapters with a driver bound"
    if rec.status is ProbeStatus.MISSING and rec.name in ("sysfs-pci", "sysfs-drm"):
        return f"{name} lists no device"
    return {
        ProbeStatus.MISSING: f"{name} is not installed",
        ProbeStatus.TIMEOUT: f"{name} timed out" + (
            f" after {rec.duration_s:.0f} s" if rec.duration_s else ""),
        ProbeStatus.ERROR: f"{name} failed" + (
            f" (exit {rec.returncode})" if rec.returncode is not None else ""),
        ProbeStatus.SKIPPED: f"{name} was not run",
        ProbeStatus.OK: f"{name} printed nothing",
    }[rec.status]


#: How the nvidia probe says nvidia-smi answered nothing readable (probes/nvidia.py): it
#: printed nothing, or output no parser reads.
SMI_PRINTED = "nvidia-smi printed "


def smi_unreadable(facts: HostFacts) -> str | None:
    """The nvidia probe's words when ``nvidia-smi`` gave no answer to read, or ``None``: it
    printed nothing or what no parser reads (:data:`SMI_PRINTED`), or the file of that name
    on PATH cannot run (the runner's :data:`tfgpu._proc.NOT_RUNNABLE`: a folder, no execute
    permission).  Nothing then shows a driver, working or broken: its state is unknown."""
    d = facts.driver
    if d is None or d.status is not ProbeStatus.ERROR or d.source != "nvidia-smi":
        return None
    msg = (d.message or "").strip()
    if msg.startswith(SMI_PRINTED) or f": {NOT_RUNNABLE}: " in msg:
        return msg
    return None


#: nvidia-smi's words when it cannot reach the kernel module ("NVIDIA-SMI has failed because
#: it couldn't communicate with the NVIDIA driver"; "Driver Not Loaded" on Windows): the
#: driver's user space is there, but nothing of it looked at the hardware.
MODULE_NOT_LOADED = ("couldn't communicate", "driver not loaded")


def smi_module_not_loaded(facts: HostFacts) -> bool:
    """``nvidia-smi`` failed because it could not reach the NVIDIA kernel module
    (:data:`MODULE_NOT_LOADED`): it listed nothing, so like an unreadable ``nvidia-smi`` it
    leaves presence to the adapter listings (a listing that answered with no NVIDIA
    function makes it "absent": a stray nvidia-smi, or a container not given the GPU)."""
    d = facts.driver
    if d is None or d.status is not ProbeStatus.ERROR:
        return False
    low = (d.message or "").lower()
    return any(w in low for w in MODULE_NOT_LOADED)


def tegra_soc(facts: HostFacts) -> str | None:
    """Evidence that ``facts`` are of an NVIDIA Tegra system-on-chip (a Jetson), or ``None``:
    the probe's :attr:`~tfgpu.facts.host.OSFacts.nvidia_soc` (``/etc/nv_tegra_release``,
    the device tree's ``nvidia,tegra...``), else a Linux kernel release ending in
    ``-tegra`` (a snapshot written before that field; knowledge row
    ``platform_facts:jetson-gpu-on-chip``)."""
    if facts.os.nvidia_soc:
        return facts.os.nvidia_soc
    kernel = facts.os.kernel or ""
    if facts.os.system == "Linux" and kernel.endswith("-tegra"):
        return f"kernel {kernel}"
    return None


def nvidia_gpu_presence(facts: HostFacts) -> Presence:
    """Whether ``facts`` show an NVIDIA GPU, show there is none, or cannot tell.

    * present: an NVIDIA GPU is listed (by the driver or on the PCI bus).
    * absent: no NVIDIA GPU is listed, and either the driver answered (NVML or
      ``nvidia-smi`` ran and listed none) or, outside WSL2, an adapter listing answered
      (:data:`LISTING_RECORDS`; a GPU of another vendor from one of them counts too).
    * unknown: an NVIDIA Tegra system-on-chip (:func:`tegra_soc`: a Jetson's GPU is on the
      chip, never on the PCI bus), and everything else: a broken or hung driver (the
      driver findings speak), a driver that is missing or was not probed while no
      listing answered, WSL2 without a driver answer.  An ``nvidia-smi`` that gave no answer to read
      (:func:`smi_unreadable`) shows no driver at all, and one that cannot reach the
      kernel module (:func:`smi_module_not_loaded`) looked at no hardware: the listings
      decide, as when the driver was not probed.

    Returns:
        A :class:`Presence`.
    """
    d = facts.driver
    tf = facts.tf
    no_driver = not facts.nvidia_gpus and (
        (d is not None and d.status is ProbeStatus.MISSING)
        or (d is None and tf is not None and tf.status is ProbeStatus.OK and not tf.gpus
            and any(TF_NO_DRIVER_LINE in ln for ln in tf.log_lines)))
    if facts.nvidia_gpus:
        return Presence("present")
    if d is not None and d.status in (ProbeStatus.ERROR, ProbeStatus.TIMEOUT) \
            and smi_unreadable(facts) is None and not smi_module_not_loaded(facts):
        return Presence("unknown")
    soc = tegra_soc(facts)
    if soc is not None:
        # the GPU is on the chip: neither the PCI bus nor a missing nvidia-smi tells
        return Presence("unknown", soc=soc)
    if d is not None and d.status is ProbeStatus.OK:
        return Presence("absent")
    if facts.os.is_wsl and facts.os.wsl_version == 2:
        return Presence("unknown", no_driver=no_driver)
    records = [p for p in facts.probes if p.name in PCI_RECORDS]
    if any(listing_answered(p) for p in records if p.name in LISTING_RECORDS) or any(
            g.source in LISTING_SOURCES for g in facts.gpus):
        return Presence("absent", no_driver=no_driver)
    return Presence("unknown", no_driver=no_driver,
                    unanswered=tuple(dict.fromkeys(_words(p) for p in records)))


def driver_serves(host: HostFacts) -> str | None:
    """What shows the NVIDIA driver serves this process although NVML and nvidia-smi are
    missing: the driver's libcuda.so.1 among the libraries found (not a toolkit's link-time
    stub, not a file only named like it), or TensorFlow listing a GPU; ``None`` otherwise."""
    for lib in host.libraries:
        if (lib.name == "cuda" and "/stubs/" not in lib.path.replace("\\", "/")
                and lib.binary not in ("not-a-library", "other-library")):
            return f"{lib.filename} at {lib.path}"
    tf = host.tf
    if tf is not None and tf.status is ProbeStatus.OK and tf.gpus:
        return f"TensorFlow lists {tf.gpus[0].name}"
    return None


__all__ = ["LISTING_RECORDS", "Presence", "driver_serves", "listing_answered",
           "nvidia_gpu_presence", "smi_module_not_loaded", "smi_unreadable", "tegra_soc"]
