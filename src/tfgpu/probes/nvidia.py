"""NVIDIA driver and GPUs: NVML first (``nvidia-ml-py``), ``nvidia-smi`` as fallback.

Outcomes, as :class:`~tfgpu.facts.DriverFacts` ``status``:

* ``OK``: NVML (or ``nvidia-smi``) answered; GPUs listed.
* ``MISSING``: neither the NVML library (``libnvidia-ml.so.1`` / ``nvml.dll``) nor
  ``nvidia-smi`` exists: no NVIDIA driver is installed.
* ``ERROR``: a driver is installed but broken; ``message`` quotes the tool verbatim
  ("couldn't communicate with the NVIDIA driver", "Driver/library version mismatch" +
  "NVML library version: 570.124", "No devices were found", "Driver Not Loaded",
  "CUDA Version: ERR!").
* ``TIMEOUT``: ``nvidia-smi`` hung (a GPU that fell off the bus does this); it was
  stopped after the context's time limit.

NVML calls (nvidia-ml-py, https://docs.nvidia.com/deploy/nvml-api/): ``nvmlInit``,
``nvmlSystemGetDriverVersion``, ``nvmlSystemGetCudaDriverVersion_v2`` (an int such as
12020 = CUDA 12.2), ``nvmlDeviceGetCount``, ``nvmlDeviceGetHandleByIndex``,
``nvmlDeviceGetName``, ``nvmlDeviceGetUUID``, ``nvmlDeviceGetPciInfo``,
``nvmlDeviceGetMemoryInfo`` (bytes), ``nvmlDeviceGetCudaComputeCapability``,
``nvmlDeviceGetMigMode``, ``nvmlDeviceGetMaxMigDeviceCount``,
``nvmlDeviceGetMigDeviceHandleByIndex``, ``nvmlShutdown``.
"""

from __future__ import annotations

import dataclasses
import json
import time
from dataclasses import dataclass
from typing import Any

from tfgpu._proc import CommandResult
from tfgpu._words import plural
from tfgpu.facts import GPU, DriverFacts, ProbeRecord, ProbeStatus
from tfgpu.facts.host import _from_jsonable, _to_jsonable
from tfgpu.probes import ProbeContext, ProbeResult

NAME = "nvidia"
ORDER = 10
#: The facts this probe gives; if it overstays its limit, the gatherer reports them
#: as ``TIMEOUT`` (unknown, and why), never as absent.
PROVIDES = ("driver",)

#: ``NVML_ERROR_LIBRARY_NOT_FOUND`` in nvml.h: the NVML shared library is absent.
_LIB_NOT_FOUND = 12
_MIB = 1 << 20


@dataclass(frozen=True, slots=True)
class NvmlOutcome:
    """What NVML said.

    Attributes:
        record: the evidence record (``name="nvml"``).
        driver: driver facts when NVML initialised, else ``None``.
        gpus: GPUs and MIG instances found.
        library_missing: the NVML library could not be loaded (no driver user space).
    """

    record: ProbeRecord
    driver: DriverFacts | None = None
    gpus: tuple[GPU, ...] = ()
    library_missing: bool = False


def cuda_version_from_int(value: int) -> str:
    """Turn NVML's CUDA driver version int into ``"major.minor"``.

    Args:
        value: ``nvmlSystemGetCudaDriverVersion_v2`` result, ``1000*major + 10*minor``
            (12020 -> ``"12.2"``; the same encoding as ``cudaDriverGetVersion``).
    """
    return f"{value // 1000}.{(value % 1000) // 10}"


def _text(value: object) -> str:
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)


def probe_nvml(nvml: Any) -> NvmlOutcome:
    """Ask NVML for the driver and every GPU.  Never raises.

    Args:
        nvml: the ``pynvml`` module (nvidia-ml-py) or a test double with the same
            functions, ``NVMLError`` (with ``.value``) and constants.

    Returns:
        The outcome; a GPU whose queries fail (lost GPU) is kept with what was read, a
        field NVML does not support is ``None``.
    """
    start = time.perf_counter()
    err_cls: type[BaseException] = getattr(nvml, "NVMLError", OSError)
    errors = (err_cls, OSError, AttributeError)
    try:
        nvml.nvmlInit()
    except errors as exc:
        code = getattr(exc, "value", None)
        missing = code == getattr(nvml, "NVML_ERROR_LIBRARY_NOT_FOUND", _LIB_NOT_FOUND)
        rec = ProbeRecord(
            "nvml",
            ProbeStatus.MISSING if missing else ProbeStatus.ERROR,
            ("nvmlInit",),
            duration_s=round(time.perf_counter() - start, 4),
            message=f"NVML: {exc}",
        )
        return NvmlOutcome(rec, library_missing=missing)

    def attempt(fn: str, *args: object) -> Any:
        try:
            return getattr(nvml, fn)(*args)
        except errors:
            return None

    notes: list[str] = []
    try:
        version = attempt("nvmlSystemGetDriverVersion")
        cuda_int = attempt("nvmlSystemGetCudaDriverVersion_v2")
        if cuda_int is None:
            cuda_int = attempt("nvmlSystemGetCudaDriverVersion")
        count = attempt("nvmlDeviceGetCount") or 0
        gpus: list[GPU] = []
        for i in range(int(count)):
            handle = attempt("nvmlDeviceGetHandleByIndex", i)
            if handle is None:
                notes.append(f"GPU {i}: no handle (lost or inaccessible)")
                gpus.append(
                    GPU(i, "nvidia", "unknown NVIDIA GPU (NVML could not open it)", source="nvml")
                )
                continue
            gpu = _device(attempt, i, handle, is_mig=False)
            gpus.append(gpu)
            mode = attempt("nvmlDeviceGetMigMode", handle)
            if mode and int(mode[0]) == getattr(nvml, "NVML_DEVICE_MIG_ENABLE", 1):
                for j in range(int(attempt("nvmlDeviceGetMaxMigDeviceCount", handle) or 0)):
                    mh = attempt("nvmlDeviceGetMigDeviceHandleByIndex", handle, j)
                    if mh is not None:
                        mig = _device(attempt, i, mh, is_mig=True)
                        gpus.append(_with(mig, gpu))
    finally:
        attempt("nvmlShutdown")
    driver = DriverFacts(
        ProbeStatus.OK,
        version=_text(version) if version is not None else None,
        cuda_version=cuda_version_from_int(int(cuda_int)) if cuda_int else None,
        source="nvml",
    )
    rec = ProbeRecord(
        "nvml",
        ProbeStatus.OK,
        ("nvmlInit",),
        duration_s=round(time.perf_counter() - start, 4),
        message="; ".join(notes) or None,
        raw_excerpt=f"driver {driver.version}, CUDA {driver.cuda_version}, "
                    f"{plural(count, 'GPU')}",
    )
    return NvmlOutcome(rec, driver, tuple(gpus))


def _device(attempt: Any, index: int, handle: object, *, is_mig: bool) -> GPU:
    name = attempt("nvmlDeviceGetName", handle)
    uuid = attempt("nvmlDeviceGetUUID", handle)
    pci = attempt("nvmlDeviceGetPciInfo", handle)
    mem = attempt("nvmlDeviceGetMemoryInfo", handle)
    cc = attempt("nvmlDeviceGetCudaComputeCapability", handle)
    return GPU(
        index=index,
        vendor="nvidia",
        name=_text(name) if name is not None else "unknown NVIDIA GPU",
        uuid=_text(uuid) if uuid is not None else None,
        pci_bus_id=_text(pci.busId) if pci is not None else None,
        memory_total_mib=int(mem.total) // _MIB if mem is not None else None,
        memory_free_mib=int(mem.free) // _MIB if mem is not None else None,
        compute_capability=f"{cc[0]}.{cc[1]}" if cc else None,
        is_mig=is_mig,
        source="nvml",
    )


def _with(mig: GPU, parent: GPU) -> GPU:
    """A MIG instance inherits the parent's bus id and compute capability."""
    return GPU(
        mig.index,
        mig.vendor,
        mig.name,
        mig.uuid,
        mig.pci_bus_id or parent.pci_bus_id,
        mig.memory_total_mib,
        mig.memory_free_mib,
        mig.compute_capability or parent.compute_capability,
        True,
        mig.source,
    )


#: Least seconds a follow-up ``nvidia-smi`` call is given; with less left of the probe's
#: limit it is not run (its record says so) and the banner's answer stands.
MIN_CALL_S = 0.5


def _query(ctx: ProbeContext, fields: tuple[str, ...], deadline: float) -> CommandResult:
    argv = ("nvidia-smi", f"--query-gpu={','.join(fields)}", "--format=csv,noheader,nounits")
    left = deadline - time.monotonic()
    if left < MIN_CALL_S:
        return CommandResult(
            argv, ProbeStatus.SKIPPED,
            message=f"not run: the nvidia probe's {ctx.timeout_s:g} s limit was spent "
                    "on the nvidia-smi banner")
    return ctx.runner(argv, left)


def probe_smi(ctx: ProbeContext) -> ProbeResult:
    """Read the driver and GPUs from ``nvidia-smi``.  Never raises.

    Runs plain ``nvidia-smi`` first: its banner gives the driver and CUDA versions and
    the tool's version, and when the driver is broken it prints the message to quote.
    Then ``nvidia-smi --query-gpu=index,name,uuid,pci.bus_id,memory.total,memory.free,
    compute_cap,driver_version --format=csv,noheader,nounits`` adds UUIDs, exact free
    memory and compute capability (retried without ``compute_cap`` on drivers that
    reject it); if the query fails, the GPUs of the table are kept.

    All calls together stay within ``ctx.timeout_s`` seconds: each gets what is left
    of it (a slow ``nvidia-smi``, 8 s a call, leaves the query too little time; its
    GPUs then come from the banner's table).

    Args:
        ctx: the probe context (its runner enforces each call's limit).

    Returns:
        Driver facts with status ``OK``/``MISSING``/``ERROR``/``TIMEOUT``, the GPUs, and
        one record per command run.
    """
    deadline = time.monotonic() + ctx.timeout_s
    table = ctx.runner(("nvidia-smi",), ctx.timeout_s)
    records = [table.record("nvidia-smi")]
    if table.status in (ProbeStatus.MISSING, ProbeStatus.TIMEOUT, ProbeStatus.SKIPPED):
        driver = DriverFacts(table.status, source="nvidia-smi", message=table.message)
        return ProbeResult(records=tuple(records), driver=driver)
    # The parsers load only when nvidia-smi answered (most hosts without a driver lack it).
    from tfgpu.probes.nvidia_smi_parse import (
        QUERY_FIELDS,
        QUERY_FIELDS_OLD,
        gpus_from_query_rows,
        invalid_query_field,
        parse_query_csv,
        parse_smi_table,
    )

    report = parse_smi_table(table.stdout)
    if table.status is not ProbeStatus.OK or report.failure or not report.header.driver_version:
        return ProbeResult(records=tuple(records), driver=_failed(table))
    head = report.header

    res = _query(ctx, QUERY_FIELDS, deadline)
    records.append(res.record("nvidia-smi-query"))
    fields = QUERY_FIELDS
    if res.status is ProbeStatus.ERROR and invalid_query_field(res.stdout + res.stderr):
        fields = QUERY_FIELDS_OLD
        res = _query(ctx, fields, deadline)
        records.append(res.record("nvidia-smi-query"))
    gpus: tuple[GPU, ...] = ()
    if res.status is ProbeStatus.OK:
        gpus = gpus_from_query_rows(parse_query_csv(res.stdout, fields))
    if not gpus:
        gpus = tuple(g for g in report.gpus if not g.is_mig)
    gpus = gpus + tuple(g for g in report.gpus if g.is_mig)
    status, message = ProbeStatus.OK, None
    if head.cuda_error:
        status = ProbeStatus.ERROR
        message = f"nvidia-smi prints 'CUDA Version: {head.cuda_error}'"
    driver = DriverFacts(
        status,
        version=head.driver_version,
        cuda_version=head.cuda_version,
        smi_version=head.smi_version,
        source="nvidia-smi",
        message=message,
    )
    return ProbeResult(records=tuple(records), driver=driver, gpus=gpus)


def _failed(res: CommandResult) -> DriverFacts:
    """Driver facts for an ``nvidia-smi`` that ran and failed (driver installed, broken)."""
    text = (res.stdout + "\n" + res.stderr).strip()
    from tfgpu.probes.nvidia_smi_parse import classify_smi_failure

    known = classify_smi_failure(text)
    if known:
        message = known[0]
    elif res.status is ProbeStatus.OK and text:
        # Exit 0 but no driver banner: say so, and quote only the start.
        quoted = repr(" ".join(text.split()))
        quoted = quoted if len(quoted) <= SMI_QUOTE_CHARS else quoted[:SMI_QUOTE_CHARS] + "..."
        message = f"nvidia-smi printed output tfgpu could not parse: {quoted}"
    elif not text and res.status is ProbeStatus.OK:
        # no banner, no table, no error text: nothing to read, so nothing is known
        message = "nvidia-smi printed nothing (exit 0)"
    else:
        message = text[:2000] or res.message or "nvidia-smi failed"
    return DriverFacts(ProbeStatus.ERROR, source="nvidia-smi", message=message)


#: The library ``pynvml`` loads on Linux and other non-Windows systems (``CDLL`` name).
NVML_SONAME = "libnvidia-ml.so.1"


def nvml_library_error(system: str) -> str | None:
    """Check cheaply that the NVML library can be loaded, before importing ``pynvml``.

    ``pynvml`` takes ~50 ms to import; on a host without the NVIDIA driver it would only
    say "NVML Shared Library Not Found".  ``dlopen`` of :data:`NVML_SONAME` (exactly what
    ``pynvml`` does on Linux) answers in well under a millisecond.  Windows
    (``nvml.dll`` in two places) is left to ``pynvml``.

    Args:
        system: ``platform.system()`` of the host (``"Linux"``, ``"Windows"``...).

    Returns:
        The loader's message when the library cannot be loaded, else ``None``
        (loadable, or not checked on this system).
    """
    if system == "Windows":
        return None
    import ctypes

    try:
        ctypes.CDLL(NVML_SONAME)
    except OSError as exc:
        return str(exc) or f"{NVML_SONAME}: cannot be loaded"
    return None


#: Most characters of unparsable nvidia-smi output quoted in the driver message.
SMI_QUOTE_CHARS = 200


def _import_pynvml() -> Any:
    try:
        import pynvml
    except ImportError:
        return None
    return pynvml


#: Share of the probe's time limit that NVML's child gets; the rest is left for
#: ``nvidia-smi`` when NVML hangs (a hung NVML usually means a hung driver, and
#: ``nvidia-smi`` then quotes it or times out too: unknown, never absent).
NVML_SHARE = 0.6
#: Most bytes of NVML's answer read from its child (a host with 64 MIG instances answers
#: ~40 KB).
NVML_ANSWER_BYTES = 1 << 20
#: Modules the child needs that another thread of tfgpu may be importing at the fork
#: instant: imported here first, so that the child never waits for an import lock held by
#: a thread that does not exist in it.  (``pynvml``'s own ``ctypes.util`` and ``string``
#: are imported by nothing else in tfgpu; the child imports them with ``pynvml``.)
_CHILD_NEEDS = ("ctypes", "json")


def _library_missing(message: str, excerpt: str | None = None,
                     command: tuple[str, ...] = ("nvmlInit",)) -> NvmlOutcome:
    return NvmlOutcome(
        ProbeRecord("nvml", ProbeStatus.MISSING, command, message=message,
                    raw_excerpt=excerpt),
        library_missing=True,
    )


def probe_nvml_here(system: str) -> NvmlOutcome:
    """Load NVML and ask it, in this process (:func:`probe_nvml_contained` calls it in a
    child).  Never raises, but a crashing NVML ends the process.

    Args:
        system: ``platform.system()`` of the host.
    """
    lib_error = nvml_library_error(system)
    if lib_error is not None:
        return _library_missing("NVML: NVML Shared Library Not Found", lib_error)
    nvml = _import_pynvml()
    if nvml is None:
        return _library_missing("nvidia-ml-py is not installed", command=("import pynvml",))
    return probe_nvml(nvml)


#: Folders the Linux loader searches after LD_LIBRARY_PATH and /etc/ld.so.cache (glibc's
#: trusted directories, with the Debian/Ubuntu multiarch ones and WSL2's driver folder).
LOADER_DEFAULT_DIRS = ("/lib", "/usr/lib", "/lib64", "/usr/lib64", "/lib/x86_64-linux-gnu",
                       "/usr/lib/x86_64-linux-gnu", "/lib/aarch64-linux-gnu",
                       "/usr/lib/aarch64-linux-gnu", "/usr/lib/wsl/lib")


def nvml_not_on_loader_path(env: dict[str, str], cache: str = "/etc/ld.so.cache",
                            dirs: tuple[str, ...] = LOADER_DEFAULT_DIRS) -> str | None:
    """The loader's "not found" message when no ``libnvidia-ml.so.1`` exists anywhere the
    Linux loader looks (LD_LIBRARY_PATH, the ld.so cache, the default folders), found
    WITHOUT loading anything; ``None`` when one may exist or the cache cannot be read.

    A host without the library has nothing that could crash, so it needs no forked child
    (:func:`probe_nvml_contained` then answers at once, as ``dlopen`` would).  Reads at most
    the cache file (``/etc/ld.so.cache``, tens of KiB).

    Args:
        env: the environment (``LD_LIBRARY_PATH``).
        cache: the ld.so cache file.
        dirs: the loader's default folders.
    """
    import os

    folders = [d for d in env.get("LD_LIBRARY_PATH", "").split(":") if d] + list(dirs)
    if any(os.path.exists(os.path.join(d, NVML_SONAME)) for d in folders):
        return None
    try:
        with open(cache, "rb") as fh:
            if NVML_SONAME.encode() in fh.read(16 << 20):
                return None
    except OSError:
        return None  # no cache to read: unknown, let the child dlopen it
    return f"{NVML_SONAME}: cannot open shared object file: No such file or directory"


def probe_nvml_contained(system: str, timeout_s: float) -> NvmlOutcome:
    """Ask NVML in a forked child (:func:`tfgpu._fork.run_forked`), so that an NVML that
    crashes (SIGSEGV in ``nvmlInit``), hangs or floods cannot end or hold tfgpu.  Never
    raises.

    The child loads ``libnvidia-ml.so.1`` itself, calls :func:`probe_nvml_here` and writes
    its outcome as JSON; a fork costs about a millisecond and the child shares this
    process's imports.  Off Linux NVML is asked in this process, as before: Windows has
    no ``os.fork`` (a crashing ``nvml.dll`` there still ends tfgpu), macOS has no NVML.

    Args:
        system: ``platform.system()`` of the host.
        timeout_s: seconds the child gets, in seconds.

    Returns:
        What NVML said; when the child crashed, hung, flooded or answered garbage, an
        outcome with no driver whose record is ``ERROR`` (crash, garbage) or
        ``TIMEOUT`` (hang) and says why: unknown, never "no library".
    """
    if system == "Linux":
        import os

        absent = nvml_not_on_loader_path(dict(os.environ))
        if absent is not None:  # nothing to load, so nothing that could crash: no child
            return _library_missing("NVML: NVML Shared Library Not Found", absent)
    from tfgpu import _fork

    if system != "Linux" or not _fork.can_fork():
        # Windows has no fork; macOS has no NVML (and forking a threaded process there is
        # unsafe): the in-process probe answers "missing" at once.
        return probe_nvml_here(system)
    import importlib

    for name in _CHILD_NEEDS:
        importlib.import_module(name)
    # pynvml too, here: the child must import nothing. This process has other threads (the
    # probes, the checks' import), and a module lock one of them holds at the fork stays
    # held in the child forever: an import there could hang until the time limit.
    _import_pynvml()

    def answer() -> bytes:
        return json.dumps(_to_jsonable(probe_nvml_here(system))).encode()

    res = _fork.run_forked(answer, timeout_s, max_bytes=NVML_ANSWER_BYTES)
    if res.status == "ok":
        try:
            out = _from_jsonable(NvmlOutcome, json.loads(res.data), "nvml")
        except (ValueError, TypeError, KeyError, RecursionError) as exc:
            why = f"its child answered what tfgpu could not read ({exc})"
        else:
            if isinstance(out, NvmlOutcome):
                return out
            why = "its child answered what tfgpu could not read"
    else:
        why = {
            "crashed": f"{NVML_SONAME} crashed ({res.message}); the GPU state is unknown",
            "timeout": f"NVML did not answer within {round(timeout_s, 2):g} s (a hung "
                       "driver or GPU?); it was stopped",
        }.get(res.status, f"NVML could not be asked: {res.message}")
    status = ProbeStatus.TIMEOUT if res.status == "timeout" else ProbeStatus.ERROR
    return NvmlOutcome(ProbeRecord("nvml", status, ("nvmlInit",), returncode=res.returncode,
                                   duration_s=round(res.duration_s, 4),
                                   message=f"NVML: {why}"))


def run(ctx: ProbeContext, nvml: Any = None) -> ProbeResult:
    """Probe the NVIDIA driver and GPUs.  Never raises.

    NVML answers first, in a forked child (:func:`probe_nvml_contained`, at most
    :data:`NVML_SHARE` of ``ctx.timeout_s``); if its library is missing or it fails,
    crashes or hangs, ``nvidia-smi`` is asked so its own error text is quoted.  The
    driver is ``MISSING`` only when neither exists.

    Args:
        ctx: the probe context.
        nvml: NVML module to use in this process (tests pass a fake); default: the
            contained probe of ``pynvml``.
    """
    start = time.monotonic()
    if nvml is not None:
        outcome = probe_nvml(nvml)
    else:
        outcome = probe_nvml_contained(ctx.system, ctx.timeout_s * NVML_SHARE)
    return _with_smi(ctx, outcome, start)


def _with_smi(ctx: ProbeContext, outcome: NvmlOutcome, start: float) -> ProbeResult:
    """NVML's answer, or, when it gave no driver, ``nvidia-smi``'s next to it (within
    what is left of ``ctx.timeout_s`` since ``start``, a ``time.monotonic()``)."""
    if outcome.driver is not None:
        return ProbeResult(records=(outcome.record,), driver=outcome.driver, gpus=outcome.gpus)
    left = ctx.timeout_s - (time.monotonic() - start)
    smi = probe_smi(dataclasses.replace(ctx, timeout_s=max(MIN_CALL_S, left)))
    records = (outcome.record, *smi.records)
    driver = smi.driver
    if driver is not None and driver.status is ProbeStatus.MISSING and not outcome.library_missing:
        # NVML library present but failing (or hung), no nvidia-smi: installed but broken,
        # or unknown; never absent.
        status = ProbeStatus.TIMEOUT if outcome.record.status is ProbeStatus.TIMEOUT \
            else ProbeStatus.ERROR
        driver = DriverFacts(status, source="nvml", message=outcome.record.message)
    return ProbeResult(records=records, driver=driver, gpus=smi.gpus)
