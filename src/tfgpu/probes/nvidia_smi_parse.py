"""Pure parsers for every form of ``nvidia-smi`` output (no I/O).

Forms handled, each checked against the recorded real outputs in
``tests/fixtures/recorded/nvidia-smi/`` and ``nvidia-smi-query/``:

* the plain table (:func:`parse_smi_table`): 2020 80-column layout, pre-MIG layout,
  the 2023+ wide layout, native Windows with the ``TCC/WDDM`` or ``Driver-Model``
  column, WSL2 (tool version differs from the Windows driver version), the driver-610
  header ``KMD Version: … CUDA UMD Version: …``, the ``MIG devices:`` block, and
  tables cut short;
* ``--query-gpu=… --format=csv`` with or without header and units
  (:func:`parse_query_csv`, :func:`gpus_from_query_rows`);
* ``-q`` text (:func:`parse_smi_q`), ``-q -x`` XML (:func:`parse_smi_xml`), ``-L``
  (:func:`parse_smi_list`) and ``--version`` (:func:`parse_smi_version`);
* the failure texts (:func:`classify_smi_failure`).

This module defines no ``NAME``: it is a helper, not a probe.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from tfgpu.facts import GPU

#: Failure texts of nvidia-smi / NVML, verbatim fragments, with what they mean.
#: Sources: tests/fixtures/recorded/nvidia-smi/fail-*.txt (see INDEX.md there).
SMI_FAILURES: tuple[tuple[str, str], ...] = (
    ("couldn't communicate with the NVIDIA driver", "driver-not-communicating"),
    ("Driver/library version mismatch", "driver-library-mismatch"),
    ("No devices were found", "no-devices"),
    ("Driver Not Loaded", "driver-not-loaded"),
    ("Failed to initialize NVML", "nvml-init-failed"),
    ("Unable to determine the device handle", "device-handle-error"),
    ("GPU is lost", "gpu-lost"),
)


@dataclass(frozen=True, slots=True)
class SmiHeader:
    """Versions from the banner of ``nvidia-smi`` or ``nvidia-smi -q``.

    Attributes:
        smi_version: the tool's own version ("NVIDIA-SMI 555.52.01").
        driver_version: "Driver Version" or, on driver 610+, "KMD Version".  Under WSL2
            this is the Windows driver (555.99 while the tool is 555.52.01).
        cuda_version: "CUDA Version" or, on 610+, "CUDA UMD Version" (``"12.2"``);
            ``None`` when absent or printed as ``ERR!``.
        cuda_error: the raw CUDA field when it was not a version (``"ERR!"``).
        kmd_header: the banner used the driver-610 "KMD/CUDA UMD Version" words.
    """

    smi_version: str | None = None
    driver_version: str | None = None
    cuda_version: str | None = None
    cuda_error: str | None = None
    kmd_header: bool = False


@dataclass(frozen=True, slots=True)
class SmiReport:
    """What one ``nvidia-smi`` output says.

    Attributes:
        header: versions from the banner.
        gpus: GPUs found, whole GPUs first then MIG instances (``is_mig``).
        complete: the GPU table (or document) was read to its end, so ``len(gpus)`` is
            the GPU count; ``False`` for outputs cut short.
        failure: the tool's own error text when the output is a failure message.
        failure_kind: short id of that failure (see :data:`SMI_FAILURES`).
    """

    header: SmiHeader = field(default_factory=SmiHeader)
    gpus: tuple[GPU, ...] = ()
    complete: bool = False
    failure: str | None = None
    failure_kind: str | None = None


_VERSION = r"(\d+(?:\.\d+)+)"
_SMI_RE = re.compile(r"NVIDIA-SMI\s+" + _VERSION)
_DRIVER_RE = re.compile(r"(Driver|KMD) Version\s*:\s*(\S+)", re.IGNORECASE)
_CUDA_RE = re.compile(r"CUDA (UMD )?Version\s*:\s*(\S+)", re.IGNORECASE)
_BUS = r"([0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.[0-9A-Fa-f])"
_GPU_ROW_RE = re.compile(
    r"^\|\s+(\d+)\s+(.+?)\s+(On|Off|WDDM|TCC|MCDM|N/A)\s*\|\s*" + _BUS + r"\s+(?:On|Off|N/A)\s*\|"
)
_MEM_RE = re.compile(r"(\d+)MiB\s*/\s*(\d+)MiB")
_MIG_ROW_RE = re.compile(r"^\|\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+\|\s+(\d+)MiB\s*/\s*(\d+)MiB")


def classify_smi_failure(text: str) -> tuple[str, str] | None:
    """Recognise an ``nvidia-smi`` failure message.

    Args:
        text: stdout and stderr of ``nvidia-smi`` (any form).

    Returns:
        ``(message, kind)``: the tool's own words (non-blank lines, trailing spaces
        removed, joined with newlines) and a short id from :data:`SMI_FAILURES`; ``None``
        when the text is not a known failure.  A "Driver/library version mismatch"
        keeps the following "NVML library version: 570.124" line of newer drivers.
    """
    for needle, kind in SMI_FAILURES:
        if needle.lower() in text.lower():
            lines = [ln.rstrip() for ln in text.splitlines() if ln.strip()]
            return "\n".join(lines), kind
    return None


def _version_or_none(raw: str) -> str | None:
    return raw if re.fullmatch(_VERSION, raw) else None


def parse_smi_header(text: str) -> SmiHeader:
    """Read the versions from an ``nvidia-smi`` banner or ``-q``/``--version`` text.

    Handles ``Driver Version``/``CUDA Version`` and the driver-610 ``KMD Version``/
    ``CUDA UMD Version`` words, in the table banner (``| NVIDIA-SMI 610.57.04   KMD
    Version: 610.57.04   CUDA UMD Version: 13.3 |``) and in ``key : value`` lines.
    Values such as ``Deprecated, see "KMD version" instead`` (610 ``--version``) are
    skipped.

    Args:
        text: the output.

    Returns:
        The versions found; fields are ``None`` when absent.
    """
    smi = _SMI_RE.search(text)
    smi_version = smi.group(1) if smi else None
    m = re.search(r"NVIDIA-SMI version\s*:\s*(\S+)", text)
    if m and not smi_version:
        smi_version = m.group(1)
    driver: str | None = None
    kmd = False
    for m in _DRIVER_RE.finditer(text):
        ver = _version_or_none(m.group(2).rstrip("|"))
        if ver:
            driver, kmd = ver, kmd or m.group(1).upper() == "KMD"
            break
    cuda: str | None = None
    cuda_error: str | None = None
    for m in _CUDA_RE.finditer(text):
        raw = m.group(2).rstrip("|")
        ver = _version_or_none(raw)
        if ver:
            cuda, cuda_error = ver, None
            kmd = kmd or bool(m.group(1))
            break
        if raw.lower() != "deprecated," and cuda_error is None:
            cuda_error = raw
    return SmiHeader(smi_version, driver, cuda, cuda_error, kmd)


def parse_smi_table(text: str) -> SmiReport:
    """Parse the plain ``nvidia-smi`` table.

    Memory comes from the ``Memory-Usage`` cell ``used / total`` in MiB; free is
    ``total - used`` (the table has no "reserved" column, so this can exceed
    ``--query-gpu=memory.free`` by the few hundred MiB the driver reserves).  Names are
    as printed: the table truncates long names (``"NVIDIA GeForce RTX 3060 ..."``).
    MIG instances come from the ``MIG devices:`` block, one :class:`GPU` each with
    ``is_mig`` set and the parent's ``index``.

    Args:
        text: stdout of ``nvidia-smi``.

    Returns:
        The report; ``failure`` is set when the text is a failure message.
    """
    failure = classify_smi_failure(text)
    header = parse_smi_header(text)
    lines = text.splitlines()
    gpus: list[GPU] = []
    migs: list[GPU] = []
    in_table = False
    table_done = False
    block_open = False
    for i, line in enumerate(lines):
        s = line.strip()
        if not table_done and not in_table and s.startswith("|====") and not gpus:
            in_table = True
            continue
        if in_table:
            if s.startswith("+") or s.startswith("|----"):
                block_open = False
                continue
            if not s.startswith("|"):
                in_table, table_done = False, True
                continue
            row = _GPU_ROW_RE.match(s)
            if row:
                block_open = True
                used, total = _memory_after(lines, i)
                gpus.append(
                    GPU(
                        index=int(row.group(1)),
                        vendor="nvidia",
                        name=row.group(2).strip(),
                        pci_bus_id=row.group(4),
                        memory_total_mib=total,
                        memory_free_mib=None if total is None or used is None else total - used,
                        source="nvidia-smi",
                    )
                )
            continue
        mig = _MIG_ROW_RE.match(s)
        if mig and table_done:
            parent = next((g for g in gpus if g.index == int(mig.group(1))), None)
            used, total = int(mig.group(5)), int(mig.group(6))
            migs.append(
                GPU(
                    index=int(mig.group(1)),
                    vendor="nvidia",
                    name=f"{parent.name if parent else 'GPU'} MIG device {mig.group(4)}"
                    f" (GI {mig.group(2)}, CI {mig.group(3)})",
                    pci_bus_id=parent.pci_bus_id if parent else None,
                    memory_total_mib=total,
                    memory_free_mib=total - used,
                    is_mig=True,
                    source="nvidia-smi",
                )
            )
    complete = bool(gpus) and (
        table_done or (not block_open and not in_table) or _ends_closed(lines)
    )
    return SmiReport(
        header=header,
        gpus=tuple(gpus + migs),
        complete=complete,
        failure=failure[0] if failure else None,
        failure_kind=failure[1] if failure else None,
    )


def _ends_closed(lines: list[str]) -> bool:
    """The text ends on a ``+---+`` border (a GPU table that was closed)."""
    tail = [ln.strip() for ln in lines if ln.strip()]
    return bool(tail) and tail[-1].startswith("+")


def _memory_after(lines: list[str], i: int) -> tuple[int | None, int | None]:
    """``(used, total)`` MiB from the line after GPU row ``i``."""
    if i + 1 < len(lines):
        m = _MEM_RE.search(lines[i + 1])
        if m:
            return int(m.group(1)), int(m.group(2))
    return None, None


# --- --query-gpu CSV -------------------------------------------------------------

#: The ``--query-gpu`` fields the nvidia probe asks for, in order.
QUERY_FIELDS: tuple[str, ...] = (
    "index",
    "name",
    "uuid",
    "pci.bus_id",
    "memory.total",
    "memory.free",
    "compute_cap",
    "driver_version",
)

#: Same without ``compute_cap``, for drivers older than ~510 that answer
#: ``Field "compute_cap" is not a valid field to query.`` (exit 2).  Source:
#: https://github.com/huggingface/candle/issues/733 (driver 470.182.03).
QUERY_FIELDS_OLD: tuple[str, ...] = tuple(f for f in QUERY_FIELDS if f != "compute_cap")

_INVALID_FIELD_RE = re.compile(r'Field "([^"]+)" is not a valid field to query')


def invalid_query_field(text: str) -> str | None:
    """Return the field ``nvidia-smi --query-gpu`` rejected, or ``None``."""
    m = _INVALID_FIELD_RE.search(text)
    return m.group(1) if m else None


def _cell(raw: str) -> str | None:
    value = raw.strip()
    if value in (
        "",
        "[N/A]",
        "N/A",
        "[Not Supported]",
        "[Unknown Error]",
        "[Insufficient Permissions]",
    ):
        return None
    return value


def parse_query_csv(
    text: str, fields: tuple[str, ...] | None = None
) -> list[dict[str, str | None]]:
    """Parse ``nvidia-smi --query-*=… --format=csv[,noheader][,nounits]`` output.

    Args:
        text: the CSV text.
        fields: the queried field names, needed when the output has no header
            (``noheader``); when the first line is a header it wins.

    Returns:
        One dict per row, keyed by field name without the unit suffix
        (``"memory.free [MiB]"`` -> ``"memory.free"``); ``[N/A]``/``[Not Supported]``
        cells are ``None``.  Values keep their unit when the output had units
        (``"16280 MiB"``); :func:`gpus_from_query_rows` strips it.  Rows whose cell
        count does not match the header are skipped (a cut-off last line).
    """
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if not lines:
        return []
    first = [c.strip() for c in lines[0].split(",")]
    names: list[str]
    if fields is None or re.sub(r"\s*\[.*?\]", "", first[0]) in _known_fields(fields):
        names = [re.sub(r"\s*\[.*?\]$", "", c) for c in first]
        body = lines[1:]
    else:
        names = list(fields)
        body = lines
    rows: list[dict[str, str | None]] = []
    for line in body:
        cells = line.split(", ") if line.count(", ") == len(names) - 1 else line.split(",")
        if len(cells) != len(names):
            continue
        rows.append({n: _cell(c) for n, c in zip(names, cells, strict=True)})
    return rows


def _known_fields(fields: tuple[str, ...] | None) -> set[str]:
    base = {"index", "name", "uuid", "driver_version", "timestamp", "pci.bus_id"}
    return base | set(fields or ())


def _mib(value: str | None) -> int | None:
    if value is None:
        return None
    m = re.match(r"(\d+)", value.strip())
    return int(m.group(1)) if m else None


def gpus_from_query_rows(rows: list[dict[str, str | None]]) -> tuple[GPU, ...]:
    """Turn ``--query-gpu`` rows into :class:`GPU` entries.

    Args:
        rows: output of :func:`parse_query_csv`; uses ``index``, ``name``,
            ``uuid``, ``pci.bus_id``, ``memory.total``, ``memory.free`` (MiB),
            ``compute_cap`` when present.  A row without a name is skipped.

    Returns:
        GPUs in row order; ``index`` is the row number when the row has none.
    """
    gpus: list[GPU] = []
    for n, row in enumerate(rows):
        name = row.get("name")
        if not name:
            continue
        idx = row.get("index")
        gpus.append(
            GPU(
                index=int(idx) if idx and idx.isdigit() else n,
                vendor="nvidia",
                name=name,
                uuid=row.get("uuid"),
                pci_bus_id=row.get("pci.bus_id"),
                memory_total_mib=_mib(row.get("memory.total")),
                memory_free_mib=_mib(row.get("memory.free")),
                compute_capability=row.get("compute_cap"),
                source="nvidia-smi",
            )
        )
    return tuple(gpus)


# --- -q text, -q -x XML, -L, --version ---------------------------------------------


def parse_smi_q(text: str) -> SmiReport:
    """Parse ``nvidia-smi -q`` text (Linux and Windows forms).

    Reads ``Driver Version``/``CUDA Version`` (or the 610 ``KMD``/``CUDA UMD``
    words), ``Attached GPUs`` and, per ``GPU 00000000:xx:yy.z`` section, ``Product
    Name``, ``GPU UUID`` and the ``FB Memory Usage`` ``Total``/``Free`` MiB.

    Args:
        text: stdout of ``nvidia-smi -q``.

    Returns:
        The report; ``complete`` when the number of GPU sections equals
        ``Attached GPUs``.
    """
    header = parse_smi_header(text)
    attached = re.search(r"Attached GPUs\s*:\s*(\d+)", text)
    gpus: list[GPU] = []
    sections = re.split(r"^GPU (" + _BUS + r")\s*$", text, flags=re.MULTILINE)
    # re.split with 2 groups: [pre, bus, bus_inner, body, bus, bus_inner, body, ...]
    for n in range(1, len(sections) - 2, 3):
        bus, body = sections[n], sections[n + 2]
        name = re.search(r"^\s*Product Name\s*:\s*(.+?)\s*$", body, re.MULTILINE)
        uuid = re.search(r"^\s*GPU UUID\s*:\s*(\S+)", body, re.MULTILINE)
        fb = re.search(r"FB Memory Usage\s*\n((?:\s+\S.*\n?)+?)\s*BAR1", body)
        total = free = None
        if fb:
            t = re.search(r"Total\s*:\s*(\d+) MiB", fb.group(1))
            f = re.search(r"Free\s*:\s*(\d+) MiB", fb.group(1))
            total = int(t.group(1)) if t else None
            free = int(f.group(1)) if f else None
        gpus.append(
            GPU(
                index=len(gpus),
                vendor="nvidia",
                name=name.group(1) if name else "unknown NVIDIA GPU",
                uuid=uuid.group(1) if uuid else None,
                pci_bus_id=bus,
                memory_total_mib=total,
                memory_free_mib=free,
                source="nvidia-smi",
            )
        )
    complete = attached is not None and int(attached.group(1)) == len(gpus)
    return SmiReport(header=header, gpus=tuple(gpus), complete=complete)


def parse_smi_xml(text: str) -> SmiReport:
    """Parse ``nvidia-smi -q -x`` XML (DTD v11-v13).

    Args:
        text: stdout of ``nvidia-smi -q -x``.

    Returns:
        The report; ``complete`` when the ``<gpu>`` elements equal
        ``<attached_gpus>``.  Text that is not XML gives an empty report whose
        ``failure`` holds the parser's message.
    """
    import xml.etree.ElementTree as ET  # here: only the rare -q -x fallback needs it

    try:
        root = ET.fromstring(text.strip())
    except ET.ParseError as exc:
        return SmiReport(failure=f"not nvidia-smi XML: {exc}", failure_kind="bad-xml")
    driver = _version_or_none((root.findtext("driver_version") or "").strip())
    cuda = _version_or_none((root.findtext("cuda_version") or "").strip())
    gpus: list[GPU] = []
    for el in root.findall("gpu"):
        mem = el.find("fb_memory_usage")
        gpus.append(
            GPU(
                index=len(gpus),
                vendor="nvidia",
                name=(el.findtext("product_name") or "unknown NVIDIA GPU").strip(),
                uuid=(el.findtext("uuid") or "").strip() or None,
                pci_bus_id=el.get("id") or (el.findtext("pci/pci_bus_id") or "").strip() or None,
                memory_total_mib=_mib(mem.findtext("total") if mem is not None else None),
                memory_free_mib=_mib(mem.findtext("free") if mem is not None else None),
                source="nvidia-smi",
            )
        )
    attached = (root.findtext("attached_gpus") or "").strip()
    complete = attached.isdigit() and int(attached) == len(gpus)
    header = SmiHeader(driver_version=driver, cuda_version=cuda)
    return SmiReport(header=header, gpus=tuple(gpus), complete=complete)


_L_GPU_RE = re.compile(r"^GPU (\d+): (.+?) \(UUID: (\S+)\)\s*$")
_L_MIG_RE = re.compile(r"^\s+MIG (\S+)\s+Device\s+(\d+): \(UUID: (\S+)\)\s*$")


def parse_smi_list(text: str) -> tuple[GPU, ...]:
    """Parse ``nvidia-smi -L``: whole GPUs and their MIG devices.

    Args:
        text: stdout of ``nvidia-smi -L``, lines like ``GPU 0: NVIDIA H100 80GB HBM3
            (UUID: GPU-…)`` and ``  MIG 3g.40gb     Device  0: (UUID: MIG-…)``.

    Returns:
        GPUs in order; a MIG device has the parent's ``index``, ``is_mig`` set and the
        name ``"<parent> MIG 3g.40gb"``.
    """
    gpus: list[GPU] = []
    parent: GPU | None = None
    for line in text.splitlines():
        g = _L_GPU_RE.match(line)
        if g:
            parent = GPU(
                int(g.group(1)), "nvidia", g.group(2), uuid=g.group(3), source="nvidia-smi"
            )
            gpus.append(parent)
            continue
        m = _L_MIG_RE.match(line)
        if m and parent is not None:
            gpus.append(
                GPU(
                    parent.index,
                    "nvidia",
                    f"{parent.name} MIG {m.group(1)}",
                    uuid=m.group(3),
                    is_mig=True,
                    source="nvidia-smi",
                )
            )
    return tuple(gpus)


def parse_smi_version(text: str) -> SmiHeader:
    """Parse ``nvidia-smi --version`` (``NVIDIA-SMI version : …`` lines).

    On driver 610 ``DRIVER version`` and ``CUDA version`` read ``Deprecated, see …``
    and the values are under ``KMD version`` and ``CUDA UMD version``.
    """
    return parse_smi_header(text)
