"""Every display adapter, by vendor, so non-NVIDIA GPUs are named honestly.

* Linux: ``lspci -nn`` (classes ``0300`` VGA, ``0302`` 3D, ``0380`` display); when
  ``lspci`` is missing, fails, hangs or lists no adapter (minimal images have no pciutils),
  every PCI function in ``/sys/bus/pci/devices/*/{class,vendor,device}`` (record
  ``sysfs-pci``): the kernel lists each PCI function there whether or not a driver is
  bound to it, so an NVIDIA card without its driver shows too (Linux kernel
  Documentation/ABI/testing/sysfs-bus-pci; the files ``lspci`` itself reads).  A listing
  that answered with no NVIDIA display adapter is evidence that there is none; an empty
  or unreadable listing is not.  When the PCI listing is empty, the DRM devices
  ``/sys/class/drm/card*/device/{class,vendor,device}`` (record ``sysfs-drm``), which
  show only adapters with a DRM driver bound.
* macOS: ``system_profiler SPDisplaysDataType``; if that fails on an ``arm64`` Mac the
  GPU is the Apple silicon one (vendor ``"apple"``).
* Windows: ``Get-CimInstance Win32_VideoController`` through PowerShell, as JSON.

NVIDIA adapters are reported too (``vendor="nvidia"``) with ``source`` ``"lspci"``,
``"sysfs"``, ``"system_profiler"`` or ``"wmi"``.  The gatherer concatenates GPUs from
all probes, so **the doctor must drop these NVIDIA entries when the nvidia probe
(``source`` ``"nvml"``/``"nvidia-smi"``) found GPUs**; when it found none, they are
the evidence that an NVIDIA card is present without a working driver.

PCI vendor ids (PCI-SIG registry, https://pcisig.com/membership/member-companies and
the pci.ids database https://pci-ids.ucw.cz/): ``10de`` NVIDIA, ``1002`` AMD/ATI
(GPUs), ``1022`` AMD (also listed, per the host-side AMD id), ``8086`` Intel, ``106b``
Apple.  Other ids (``1414`` Microsoft's WSL2 render adapter, ``1af4`` virtio,
``1234`` QEMU, ``15ad`` VMware) are vendor ``"other"``.
"""

from __future__ import annotations

import json
import platform
import re

from tfgpu._words import plural
from tfgpu.facts import GPU, ProbeRecord, ProbeStatus
from tfgpu.probes import ProbeContext, ProbeResult

NAME = "gpus-other"
ORDER = 40

PCI_VENDORS: dict[str, str] = {
    "10de": "nvidia",
    "1002": "amd",
    "1022": "amd",
    "8086": "intel",
    "106b": "apple",
}

#: PCI display classes: 0300 VGA compatible, 0301 XGA, 0302 3D, 0380 other display.
DISPLAY_CLASSES = ("0300", "0301", "0302", "0380")

WIN_COMMAND = (
    "powershell",
    "-NoProfile",
    "-Command",
    "Get-CimInstance Win32_VideoController | "
    "Select-Object Name,AdapterCompatibility,AdapterRAM | ConvertTo-Json",
)

#: ``Win32_VideoController.AdapterRAM`` is a uint32: 4 GiB and larger cards read as
#: 4293918720 (0xFFF00000) or wrap around, so such values are not a memory size.
ADAPTER_RAM_CAP = 4293918720

_LSPCI_RE = re.compile(
    r"^(?P<bus>[0-9a-fA-F:.]+)\s+(?P<cls>VGA compatible controller|3D controller|"
    r"Display controller|XGA compatible controller)(?:\s+\[(?P<code>[0-9a-fA-F]{4})\])?:\s+"
    r"(?P<desc>.*?)(?:\s+\[(?P<ven>[0-9a-fA-F]{4}):(?P<dev>[0-9a-fA-F]{4})\])?"
    r"(?:\s*\((?:rev|prog-if)[^)]*\))*\s*$"
)


def vendor_from_text(text: str) -> str:
    """``"nvidia"``/``"amd"``/``"intel"``/``"apple"``/``"other"`` from a vendor string.

    Matches the words tools print: "NVIDIA Corporation", "Advanced Micro Devices",
    "AMD", "ATI", "Radeon", "Intel", "Apple"; a PCI id in parentheses ``(0x1002)`` wins.
    """
    m = re.search(r"\(0x([0-9a-fA-F]{4})\)", text)
    if m and m.group(1).lower() in PCI_VENDORS:
        return PCI_VENDORS[m.group(1).lower()]
    low = text.lower()
    for words, vendor in (
        (("nvidia", "geforce", "quadro", "tesla"), "nvidia"),
        (("advanced micro devices", "amd", "ati ", "radeon"), "amd"),
        (("intel",), "intel"),
        (("apple",), "apple"),
    ):
        if any(w in low for w in words):
            return vendor
    return "other"


def _bus(raw: str) -> str:
    return raw if raw.count(":") >= 2 else f"0000:{raw}"


def parse_lspci(text: str) -> tuple[GPU, ...]:
    """Display adapters in ``lspci -nn`` (or plain ``lspci``) output.

    Args:
        text: lines like ``02:00.0 3D controller [0302]: NVIDIA Corporation GM108M
            [GeForce MX130] [10de:174d] (rev a2)``; other device classes (bridges,
            audio) are skipped.

    Returns:
        One :class:`GPU` per adapter, in listing order, ``source="lspci"``; the vendor
        comes from the PCI vendor id when printed (``-nn``), else from the text.
    """
    gpus: list[GPU] = []
    for line in text.splitlines():
        m = _LSPCI_RE.match(line.strip())
        if not m:
            continue
        ven = (m.group("ven") or "").lower()
        vendor = PCI_VENDORS.get(ven, "other") if ven else vendor_from_text(m.group("desc"))
        desc = m.group("desc").strip()
        if desc == "Device" and ven:  # a vendor pci.ids lacks: the ids are its only name
            desc = f"Device [{ven}:{(m.group('dev') or '').lower()}]"
        gpus.append(
            GPU(
                index=len(gpus),
                vendor=vendor,
                name=desc,
                pci_bus_id=_bus(m.group("bus")),
                source="lspci",
            )
        )
    return tuple(gpus)


def parse_system_profiler(text: str) -> tuple[GPU, ...]:
    """GPUs in ``system_profiler SPDisplaysDataType`` text output.

    Reads each ``Chipset Model:`` block's ``Vendor:`` (``Apple (0x106b)``, ``AMD
    (0x1002)``, ``Intel``, ``NVIDIA (0x10de)``) and ``VRAM (Total):``/``VRAM (Dynamic,
    Max):`` (``"16 GB"``, ``"1536 MB"``).  Apple silicon has no VRAM line: its GPU shares
    the unified memory, so ``memory_total_mib`` stays ``None``.

    Returns:
        One :class:`GPU` per chipset, ``source="system_profiler"``.
    """
    gpus: list[GPU] = []
    blocks = re.split(r"^\s*Chipset Model:\s*", text, flags=re.MULTILINE)
    for block in blocks[1:]:
        lines = block.splitlines()
        name = lines[0].strip() if lines else ""
        if not name:
            continue
        body = "\n".join(lines[1:])
        vendor_line = re.search(r"^\s*Vendor:\s*(.+)$", body, re.MULTILINE)
        vendor = vendor_from_text(vendor_line.group(1) if vendor_line else name)
        if vendor == "other":
            vendor = vendor_from_text(name)
        vram = re.search(r"VRAM \([^)]*\):\s*(\d+)\s*(GB|MB)", body)
        mib = None
        if vram:
            mib = int(vram.group(1)) * (1024 if vram.group(2) == "GB" else 1)
        gpus.append(GPU(len(gpus), vendor, name, memory_total_mib=mib, source="system_profiler"))
    return tuple(gpus)


def parse_win32_video(text: str) -> tuple[GPU, ...]:
    """GPUs from ``Get-CimInstance Win32_VideoController | … | ConvertTo-Json``.

    PowerShell writes one object for one adapter and a list for several; both are
    read.  ``AdapterRAM`` (bytes) becomes ``memory_total_mib`` only below
    :data:`ADAPTER_RAM_CAP` (the uint32 field saturates at 4 GiB).

    Returns:
        One :class:`GPU` per adapter with a ``Name``, ``source="wmi"``; text that is not
        JSON gives ``()``.
    """
    try:
        data = json.loads(text) if text.strip() else []
    except ValueError:
        return ()
    items = [data] if isinstance(data, dict) else data if isinstance(data, list) else []
    gpus: list[GPU] = []
    for item in items:
        if not isinstance(item, dict) or not isinstance(item.get("Name"), str):
            continue
        compat = item.get("AdapterCompatibility")
        vendor = vendor_from_text(compat) if isinstance(compat, str) else "other"
        if vendor == "other":
            vendor = vendor_from_text(item["Name"])
        ram = item.get("AdapterRAM")
        mib = ram // (1 << 20) if isinstance(ram, int) and 0 < ram < ADAPTER_RAM_CAP else None
        gpus.append(GPU(len(gpus), vendor, item["Name"], memory_total_mib=mib, source="wmi"))
    return tuple(gpus)


#: The kernel's PCI device folder: one entry per PCI function (``0000:01:00.0``), with a
#: driver bound or not (Linux kernel Documentation/ABI/testing/sysfs-bus-pci).
SYSFS_PCI = "/sys/bus/pci/devices"


def _hex_attr(ctx: ProbeContext, path: str) -> str:
    """A sysfs hex attribute (``0x10de``, ``0x030200``) as lower-case hex digits without
    ``0x``; ``""`` when unreadable."""
    return (ctx.fs.read_text(path, 64) or "").strip().lower().removeprefix("0x")


def _sysfs_pci(ctx: ProbeContext) -> tuple[tuple[GPU, ...], int]:
    """Display adapters among the PCI functions of :data:`SYSFS_PCI`, and how many PCI
    functions it lists (``0``: not readable or empty, no evidence either way).

    Reads each function's ``class`` (``0x030200``: base class 03 display, sub-class 02 3D),
    ``vendor`` (``0x10de``) and ``device`` files; no driver and no ``lspci`` are needed.
    """
    names = [n for n in ctx.fs.listdir(SYSFS_PCI)
             if re.fullmatch(r"[0-9a-fA-F]{4,}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\.[0-7]", n)]
    gpus: list[GPU] = []
    for name in names:
        dev = f"{SYSFS_PCI}/{name}"
        cls = _hex_attr(ctx, dev + "/class")
        if cls[:4] not in DISPLAY_CLASSES:
            continue
        ven = _hex_attr(ctx, dev + "/vendor")
        did = _hex_attr(ctx, dev + "/device")
        if not ven:
            continue
        gpus.append(GPU(
            index=len(gpus),
            vendor=PCI_VENDORS.get(ven, "other"),
            name=f"PCI device [{ven}:{did}]",
            pci_bus_id=name.lower(),
            source="sysfs",
        ))
    return tuple(gpus), len(names)


def _sysfs(ctx: ProbeContext) -> tuple[GPU, ...]:
    """Display adapters from ``/sys/class/drm/card<N>/device`` (no ``lspci`` needed)."""
    gpus: list[GPU] = []
    for card in ctx.fs.glob("/sys/class/drm/card[0-9]*"):
        if "-" in card.rsplit("/", 1)[-1]:
            continue  # connectors such as card0-HDMI-A-1
        dev = card + "/device"
        cls = (ctx.fs.read_text(dev + "/class", 64) or "").strip().lower()
        if cls and cls.removeprefix("0x")[:4] not in DISPLAY_CLASSES:
            continue
        ven = (ctx.fs.read_text(dev + "/vendor", 64) or "").strip().lower().removeprefix("0x")
        did = (ctx.fs.read_text(dev + "/device", 64) or "").strip().lower().removeprefix("0x")
        if not ven:
            continue
        bus = ctx.fs.realpath(dev).rsplit("/", 1)[-1]
        gpus.append(
            GPU(
                index=len(gpus),
                vendor=PCI_VENDORS.get(ven, "other"),
                name=f"PCI device [{ven}:{did}]",
                pci_bus_id=bus
                if re.fullmatch(r"[0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\.\d", bus)
                else None,
                source="sysfs",
            )
        )
    return tuple(gpus)


def run(ctx: ProbeContext, machine: str | None = None) -> ProbeResult:
    """List display adapters of every vendor.  Never raises.

    Args:
        ctx: the probe context.
        machine: CPU architecture of the probed host (``platform.machine()`` by
            default); ``"arm64"`` on macOS means an Apple silicon GPU.

    Returns:
        GPUs (NVIDIA ones included, see the module notes) and the command record.
    """
    if ctx.system == "Windows":
        res = ctx.runner(WIN_COMMAND, ctx.timeout_s)
        gpus = parse_win32_video(res.stdout) if res.status is ProbeStatus.OK else ()
        return ProbeResult(records=(res.record("wmi-video"),), gpus=gpus)
    if ctx.system == "Darwin":
        res = ctx.runner(("system_profiler", "SPDisplaysDataType"), ctx.timeout_s)
        gpus = parse_system_profiler(res.stdout) if res.status is ProbeStatus.OK else ()
        arch = machine if machine is not None else platform.machine()
        if not gpus and arch == "arm64":
            gpus = (GPU(0, "apple", "Apple silicon GPU", source="platform"),)
        return ProbeResult(records=(res.record("system_profiler"),), gpus=gpus)
    res = ctx.runner(("lspci", "-nn"), ctx.timeout_s)
    records = [res.record("lspci")]
    if res.status is ProbeStatus.OK:
        found = parse_lspci(res.stdout)
        if found:
            return ProbeResult(records=tuple(records), gpus=found)
    pci_gpus, functions = _sysfs_pci(ctx)
    if functions:
        shown = ", ".join(f"{g.name} at {g.pci_bus_id}" for g in pci_gpus)
        message = (f"{plural(functions, 'PCI function')}; "
                   f"display adapter{'s' if len(pci_gpus) > 1 else ''}: {shown}"
                   if pci_gpus else
                   f"{plural(functions, 'PCI function')}, none a display adapter")
    else:
        message = f"no PCI device listed in {SYSFS_PCI} (not readable or empty)"
    records.append(ProbeRecord(
        "sysfs-pci", ProbeStatus.OK if functions else ProbeStatus.MISSING,
        (f"{SYSFS_PCI}/*/class,vendor,device",), message=message))
    if functions:
        return ProbeResult(records=tuple(records), gpus=pci_gpus)
    gpus = _sysfs(ctx)
    records.append(
        ProbeRecord(
            "sysfs-drm",
            ProbeStatus.OK if gpus else ProbeStatus.MISSING,
            ("/sys/class/drm/card*/device",),
            message=None if gpus else "no display adapter in /sys/class/drm",
        )
    )
    return ProbeResult(records=tuple(records), gpus=gpus)
