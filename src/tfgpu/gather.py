"""Gather the host facts: run every probe concurrently, each under a time limit, and merge.

Probes are the modules of :mod:`tfgpu.probes` listed in :data:`PROBES`; each defines
``NAME``, ``ORDER`` and ``run(ctx) -> ProbeResult``.  They run in daemon threads, all at
once, so the total time is about the slowest probe (the TensorFlow child) rather than the sum;
a probe that overstays its limit is recorded as ``TIMEOUT`` and left behind, so the doctor never
hangs.  A probe that raises (a bug: probes must not) is recorded as ``ERROR``.
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
import importlib
import platform
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from tfgpu import facts as F
from tfgpu._version import __version__
from tfgpu.probes import ProbeContext, ProbeResult, same_interpreter

#: Default time limit of each ordinary probe (nvidia-smi, nvcc, ldconfig...), seconds
#: (:data:`tfgpu.facts.host.DEFAULT_PROBE_TIMEOUT_S`: the checks compare a recorded limit
#: with it).
DEFAULT_PROBE_TIMEOUT_S = F.DEFAULT_PROBE_TIMEOUT_S
#: Default time limit of the TensorFlow child probe, seconds (:data:`tfgpu.facts.host.
#: DEFAULT_TF_TIMEOUT_S`: the checks compare a recorded limit with it).
DEFAULT_TF_TIMEOUT_S = F.DEFAULT_TF_TIMEOUT_S
#: Extra seconds a probe thread is given beyond its own limit before it is abandoned
#: (its subprocess has its own, shorter, limit).
GRACE_S = 2.0
#: The probe modules of :mod:`tfgpu.probes` that the doctor runs, in start order: those
#: that run a command (``ldconfig -p``, ``nvcc``, ``lspci``, ``nvidia-smi``) first, slowest
#: first, so that their subprocesses run while the rest are imported; the TensorFlow child
#: last (:func:`gather` starts it before all the others).  Each module defines ``NAME``,
#: ``ORDER`` (merge order, first wins) and ``run(ctx) -> ProbeResult``, and optionally
#: ``LONG_RUNNING``, ``IS_TF_PROBE`` and ``PROVIDES``.  Listed, not discovered: a new probe
#: is added here.
PROBES: tuple[str, ...] = ("libs", "toolkits", "gpus_other", "nvidia", "os_info",
                           "cpu", "env_vars", "iommu", "python_env", "tf_child")
#: Sources of NVIDIA GPUs that only saw a PCI device (no driver answer).
_BUS_SOURCES = ("lspci", "sysfs")
#: ``NAME`` of the python probe (:mod:`tfgpu.probes.python_env`).
_PYTHON_PROBE = "python"
_DRIVER_SOURCES = ("nvml", "nvidia-smi")


@dataclass(frozen=True)
class Probe:
    """One discovered probe.

    Attributes:
        name: the module's ``NAME`` (``"os"``, ``"tf"``...).
        order: the module's ``ORDER``; results merge in this order (first wins).
        run: the module's ``run`` function.
        long_running: gets the TensorFlow time limit (module ``LONG_RUNNING = True``).
        is_tf: skipped by ``--no-tf`` (module ``IS_TF_PROBE = True`` or ``NAME == "tf"``).
        provides: single facts the probe gives (module ``PROVIDES``, e.g. ``("driver",)``);
            when the probe times out or fails, they are set to that status with the reason,
            so that "unknown" is never read as "absent".
    """

    name: str
    order: int
    run: Callable[[ProbeContext], ProbeResult]
    long_running: bool = False
    is_tf: bool = False
    provides: tuple[str, ...] = ()


def discover(skip: Iterable[str] = ()) -> tuple[Probe, ...]:
    """Import the probe modules of :data:`PROBES` and return them by ``ORDER``.

    Args:
        skip: module names (``"tf_child"``) not to import.
    """
    return tuple(sorted(iter_probes(skip), key=lambda p: (p.order, p.name)))


def iter_probes(skip: Iterable[str] = ()) -> Iterator[Probe]:
    """Import the probe modules of :data:`PROBES` one by one, in that order, yielding each
    probe as soon as it is loaded (so that :func:`run_probes` can start the subprocesses of
    the first while the rest are imported: an import holds the GIL, a child process does
    not need it).

    Args:
        skip: module names (``"tf_child"``) not to import.

    Raises:
        ValueError: a module of :data:`PROBES` lacks ``NAME`` or ``run`` (a bug).
    """
    skip = frozenset(skip)
    for name in PROBES:
        if name in skip:
            continue
        module = importlib.import_module(f"tfgpu.probes.{name}")
        probe = _probe_from_module(module)
        if probe is None:
            raise ValueError(f"tfgpu.probes.{name} is listed in PROBES but is not a probe")
        yield probe


def run_probes(
    probes: Sequence[Probe],
    ctx: ProbeContext,
    *,
    probe_timeout_s: float = DEFAULT_PROBE_TIMEOUT_S,
    tf_timeout_s: float = DEFAULT_TF_TIMEOUT_S,
    then: Callable[[], Iterable[Probe]] | None = None,
) -> list[tuple[Probe, ProbeResult]]:
    """Run ``probes`` concurrently; return ``(probe, result)`` in start order.

    Args:
        probes: what to run, started at once (long-running ones first).
        ctx: the context; each probe gets a copy whose ``timeout_s`` is its limit.
        probe_timeout_s: limit of ordinary probes, seconds.
        tf_timeout_s: limit of long-running probes (TensorFlow), seconds.
        then: called once the first probes are running; each probe it yields is
            started at once (lets the TensorFlow child start before the other probe
            modules are even imported, and each probe start while the next is imported).

    A probe still running ``GRACE_S`` after its limit gives a ``TIMEOUT`` record; one
    that raises gives an ``ERROR`` record with the exception text.  Never raises.
    """
    results: dict[int, ProbeResult] = {}
    started: list[Probe] = []
    deadlines: list[float] = []
    done = threading.Condition(threading.Lock())

    def work(i: int, probe: Probe, pctx: ProbeContext) -> None:
        start = time.perf_counter()
        try:
            res = probe.run(pctx)
        except Exception as exc:  # noqa: BLE001 - a probe bug must not stop the doctor
            message = f"internal error in probe {probe.name}: {type(exc).__name__}: {exc}"
            res = ProbeResult(records=(F.ProbeRecord(
                probe.name, F.ProbeStatus.ERROR, duration_s=round(time.perf_counter() - start, 4),
                message=message),),
                # A failed TensorFlow probe is a fact to report, never "not checked".
                tf=F.TFFacts(F.ProbeStatus.ERROR, error=f"the TensorFlow probe failed: "
                                                        f"{type(exc).__name__}: {exc}")
                if probe.is_tf else None,
                driver=F.DriverFacts(F.ProbeStatus.ERROR, source=probe.name, message=message)
                if "driver" in probe.provides else None)
        with done:
            results[i] = res
            done.notify_all()

    def launch(batch: Sequence[Probe]) -> None:
        # Long-running probes (the TensorFlow child) start first: they set the total time.
        for probe in sorted(batch, key=lambda p: not p.long_running):
            limit = tf_timeout_s if probe.long_running else probe_timeout_s
            i = len(started)
            started.append(probe)
            deadlines.append(time.perf_counter() + limit + GRACE_S)
            pctx = dataclasses.replace(ctx, timeout_s=limit)
            threading.Thread(target=work, args=(i, probe, pctx), daemon=True,
                             name=f"tfgpu-probe-{probe.name}").start()

    launch(probes)
    if then is not None:
        for probe in then():
            launch((probe,))
    with done:
        while len(results) < len(started):
            now = time.perf_counter()
            wait_s = min(deadlines[i] - now for i in range(len(started)) if i not in results)
            if wait_s <= 0:
                break
            done.wait(timeout=wait_s)
        snapshot = dict(results)
    out: list[tuple[Probe, ProbeResult]] = []
    for i, probe in enumerate(started):
        res = snapshot.get(i)
        if res is None:
            limit = tf_timeout_s if probe.long_running else probe_timeout_s
            res = ProbeResult(records=(F.ProbeRecord(
                probe.name, F.ProbeStatus.TIMEOUT, duration_s=round(limit + GRACE_S, 4),
                message=f"probe {probe.name} did not finish within {limit:g} s"),))
            if probe.is_tf:
                res = dataclasses.replace(res, tf=F.TFFacts(
                    F.ProbeStatus.TIMEOUT, error=f"the TensorFlow probe did not finish within "
                                                 f"{limit:g} s and was abandoned",
                    timeout_s=limit))
            if "driver" in probe.provides:
                # NVML hung in-process, or nvidia-smi never answered: unknown, not absent.
                res = dataclasses.replace(res, driver=F.DriverFacts(
                    F.ProbeStatus.TIMEOUT, source=probe.name,
                    message=f"the {probe.name} probe (NVML, nvidia-smi) did not finish "
                            f"within {limit:g} s and was abandoned"))
        out.append((probe, res))
    return out


def _probe_from_module(module: object) -> Probe | None:
    name = getattr(module, "NAME", None)
    run = getattr(module, "run", None)
    if not isinstance(name, str) or not callable(run):
        return None
    return Probe(
        name=name,
        order=int(getattr(module, "ORDER", 50)),
        run=run,
        long_running=bool(getattr(module, "LONG_RUNNING", False)),
        is_tf=bool(getattr(module, "IS_TF_PROBE", False)) or name == "tf",
        provides=tuple(str(p) for p in getattr(module, "PROVIDES", ())),
    )


def merge(results: Iterable[ProbeResult], ctx: ProbeContext) -> F.HostFacts:
    """Merge probe results into one :class:`HostFacts` (pure).

    Single fields: the first non-``None`` value wins, in the order given.  GPUs and
    libraries are concatenated; NVIDIA GPUs seen only on the PCI bus (source ``lspci`` or
    ``sysfs``) are dropped when NVML or ``nvidia-smi`` listed NVIDIA GPUs, and NVIDIA GPUs
    listed twice (same UUID or PCI bus id) keep the first.  ``env`` mappings are merged.
    """
    records: list[F.ProbeRecord] = []
    os_f = python = cpu = driver = tf = None
    gpus: list[F.GPU] = []
    toolkits: list[F.CudaToolkit] = []
    libraries: list[F.SharedLibrary] = []
    env: dict[str, str] = {}
    for r in results:
        records.extend(r.records)
        os_f = os_f or r.os
        python = python or r.python
        cpu = cpu or r.cpu
        driver = driver or r.driver
        tf = tf or r.tf
        gpus.extend(r.gpus)
        toolkits.extend(r.toolkits)
        libraries.extend(r.libraries)
        if r.env:
            for k, v in r.env.items():
                env.setdefault(k, v)
    return F.HostFacts(
        os=os_f or F.OSFacts(system=ctx.system, machine=platform.machine() or None),
        python=python or F.PythonFacts(version=None, executable=ctx.python_executable),
        gpus=merge_gpus(gpus),
        driver=driver,
        toolkits=tuple(toolkits),
        libraries=tuple(libraries),
        env=env,
        tf=tf,
        probes=tuple(records),
        collected_at=_dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
        tfgpu_version=__version__,
        cpu=cpu or F.CPUFacts(),
    )


def merge_gpus(gpus: Iterable[F.GPU]) -> tuple[F.GPU, ...]:
    """One entry per GPU from the probes' concatenated lists.

    An NVIDIA GPU a bus listing saw (``source`` ``"lspci"``/``"sysfs"``) is dropped when the
    driver (NVML or ``nvidia-smi``) answered for any NVIDIA GPU: the driver's entries name
    the cards it serves with more facts (a card the driver does not see, such as a Kepler
    card beside a newer one on a branch that dropped it, is not told apart yet).  Otherwise
    NVIDIA entries are kept once per UUID, or per PCI address for a whole GPU
    (``00000000:06:00.0`` from ``nvidia-smi`` and ``0000:06:00.0`` from sysfs are one
    address): MIG instances share their parent's address and are told apart by UUID, and a
    UUID that redaction turned to zeros (``GPU-00000000-...``) tells nothing.  Other
    vendors' entries are kept as they are.

    Args:
        gpus: every probe's GPUs, in probe order.

    Returns:
        NVIDIA GPUs first, then by vendor and index.
    """
    gpus = list(gpus)
    by_driver = any(g.vendor == "nvidia" and g.source in _DRIVER_SOURCES for g in gpus)
    seen: set[str] = set()
    kept: list[F.GPU] = []
    for g in gpus:
        if g.vendor == "nvidia":
            if by_driver and g.source in _BUS_SOURCES:
                continue
            keys = {k for k in (_uuid_key(g.uuid),
                                None if g.is_mig else _bus_key(g.pci_bus_id)) if k}
            if keys & seen:
                continue
            seen |= keys
        kept.append(g)
    return tuple(sorted(kept, key=lambda g: (g.vendor != "nvidia", g.vendor, g.index)))


def _uuid_key(uuid: str | None) -> str | None:
    """A GPU or MIG UUID as a merge key; ``None`` when absent or zeroed by redaction (every
    card's is then the same)."""
    if not uuid or not uuid.upper().removeprefix("GPU-").removeprefix("MIG-").strip("0-"):
        return None
    return uuid.lower()


def _bus_key(bus_id: str | None) -> str | None:
    """Normalise a PCI address: ``00000000:01:00.0`` (``nvidia-smi``, 8 hex digits of
    domain) and ``0000:01:00.0`` (sysfs, lspci -D) are ``0:01:00.0``; the domain is kept,
    since ``00000000:1a:00.0`` and ``00000001:1a:00.0`` are two cards."""
    if not bus_id:
        return None
    parts = bus_id.strip().lower().split(":")
    if len(parts) < 3:
        return ":".join(parts)
    try:
        domain = str(int(parts[-3], 16))
    except ValueError:
        domain = parts[-3]
    return ":".join((domain, *parts[-2:]))


def gather(
    ctx: ProbeContext | None = None,
    *,
    include_tf: bool = True,
    probe_timeout_s: float = DEFAULT_PROBE_TIMEOUT_S,
    tf_timeout_s: float = DEFAULT_TF_TIMEOUT_S,
    probes: Sequence[Probe] | None = None,
) -> F.HostFacts:
    """Examine the host and return its :class:`HostFacts`.  Never raises.

    Args:
        ctx: probe context (default: the real machine and this interpreter).
        include_tf: run the TensorFlow child probe (``--no-tf`` sets False; its facts
            then say ``SKIPPED``).
        probe_timeout_s: limit of each ordinary probe, seconds.
        tf_timeout_s: limit of the TensorFlow probe, seconds.
        probes: probes to run (default: :func:`discover`).
    """
    ctx = ctx or ProbeContext()
    # Another interpreter (--python) is asked once, within the ordinary probe limit, before
    # any other probe runs it: one that does not answer (hung, crashed, not Python) gets no
    # TensorFlow child, which would only hang or fail the same way for up to
    # ``tf_timeout_s`` while the message quoted the python probe's limit, and is not asked
    # again for its site-packages (``python_unanswered``).
    first_ran: list[tuple[Probe, ProbeResult]] = []
    not_run = "skipped (--no-tf)"
    if not same_interpreter(ctx.python_executable):
        py_probe = next((p for p in probes if p.name == _PYTHON_PROBE), None) \
            if probes is not None else _probe_from_module(
                importlib.import_module("tfgpu.probes.python_env"))
        if py_probe is not None:
            first_ran = run_probes([py_probe], ctx, probe_timeout_s=probe_timeout_s,
                                   tf_timeout_s=tf_timeout_s)
            py = first_ran[0][1].python
            if py is None or py.version is None:
                ctx = dataclasses.replace(ctx, python_unanswered=True)
                if include_tf:
                    include_tf = False
                    not_run = (f"not run: the Python interpreter {ctx.python_executable} did "
                               "not answer the python probe, so its TensorFlow was not "
                               "examined")
    done = {p.name for p, _r in first_ran}
    early: list[Probe] = []
    if probes is None and include_tf:
        # Start the TensorFlow child before the other probe modules are imported.
        from tfgpu.probes import tf_child

        first = _probe_from_module(tf_child)
        early = [first] if first is not None else []
    if probes is not None:
        all_probes: tuple[Probe, ...] = tuple(p for p in probes if p.name not in done)
        ran = run_probes([p for p in all_probes if include_tf or not p.is_tf], ctx,
                         probe_timeout_s=probe_timeout_s, tf_timeout_s=tf_timeout_s)
    else:
        found: list[Probe] = []

        def rest() -> Iterator[Probe]:
            for p in iter_probes(skip=("tf_child",) if early else ()):
                if p.name in done:
                    continue
                found.append(p)
                if include_tf or not p.is_tf:
                    yield p

        ran = run_probes(early, ctx, probe_timeout_s=probe_timeout_s,
                         tf_timeout_s=tf_timeout_s, then=rest)
        all_probes = tuple(early) + tuple(found)
    ran = first_ran + ran
    ran_names = {id(p) for p, _r in ran}
    results = [r for _p, r in sorted(ran, key=lambda pr: (pr[0].order, pr[0].name))]
    for p in all_probes:
        if id(p) in ran_names:
            continue
        results.append(ProbeResult(
            records=(F.ProbeRecord(p.name, F.ProbeStatus.SKIPPED, message=not_run),),
            tf=F.TFFacts(F.ProbeStatus.SKIPPED) if p.is_tf else None,
        ))
    return dataclasses.replace(merge(results, ctx), probe_timeout_s=probe_timeout_s)
