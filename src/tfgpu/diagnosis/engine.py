"""The diagnosis engine: run the checks over one view of the facts, keep one finding per
root cause (pure).

``run_checks`` applies every check of :data:`tfgpu.diagnosis.checks.CHECKS` to a
:class:`~tfgpu.facts.view.Facts`, names the messages the message universe marks harmless on
lines no finding quotes, adds the unrecognised-error finding for telling log lines
no check explained, keeps one finding per id, resolves overlaps through the catalogue
(``supersedes``, ``defers_to``) and, on a host the facts show has no NVIDIA GPU, caps
GPU-only findings at ``INFO``.

Exit-code policy (``docs/doctor.md``): 1 when any finding is ``ERROR``, else 0.  A host
without an NVIDIA GPU is not an error by itself: ``no-nvidia-gpu`` is a ``WARNING``, and
findings that only matter on a GPU (CUDA/cuDNN versions, compute capability, XLA, NCCL,
mixed precision, CUPTI) are capped at ``INFO`` there (:func:`cap_for_cpu_host`), so a
CPU-only host with a working TensorFlow exits 0 with the verdict "TensorFlow X will run
on the CPU only: 0 problems (no NVIDIA GPU on this host)".  "No NVIDIA GPU" needs a probe
that looked (:mod:`tfgpu.facts.presence`); a host without a driver where nothing could list
the PCI devices gets "GPU presence unknown" instead, with the same cap.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Sequence

from tfgpu.diagnosis.catalogue import load_catalogue
from tfgpu.diagnosis.checks import CHECKS, HOST_CHECKS, Check, rule_unrecognised
from tfgpu.diagnosis.checks._common import fix_lines
from tfgpu.diagnosis.checks.host_killed import kernel_death_after_error
from tfgpu.diagnosis.checks.jetson_libraries import jetson_library_loads
from tfgpu.diagnosis.checks.known_harmless import rule_known_harmless
from tfgpu.diagnosis.checks.library_check_eq import rule_library_check_eq
from tfgpu.diagnosis.checks.shared_wheel_folders import separate_env_for_other_cuda_wheels
from tfgpu.diagnosis.checks.status_codes import rule_status_codes
from tfgpu.diagnosis.later_run import earlier_run_faults
from tfgpu.diagnosis.pytorch_log import pytorch_log_links
from tfgpu.facts import HostFacts
from tfgpu.facts.log import Hit
from tfgpu.facts.presence import nvidia_gpu_presence
from tfgpu.facts.view import Facts
from tfgpu.findings import Evidence, Finding, Severity, sort_findings

#: Finding categories that only matter when TensorFlow computes on an NVIDIA GPU.  On a
#: host without one (no driver, or a driver that lists no GPU) such findings are capped
#: at ``INFO``: a CUDA toolkit of the wrong major cannot stop TensorFlow on the CPU.
GPU_ONLY_CATEGORIES: tuple[str, ...] = (
    "version-mismatch", "compute-capability", "xla-ptxas", "multigpu-nccl",
    "mixed-precision", "cupti",
)
#: Findings about another vendor's GPU stack (AMD ROCm, Apple Metal, DirectML, Intel's
#: extension) by id prefix: "no NVIDIA GPU" says nothing about them, so they keep their
#: severity where that vendor's GPU is listed or GPUs are unknown; so do the catalogue's
#: ``gpu_neutral`` rows (errors on any device: a model from a newer TensorFlow, an unknown
#: XLA flag, a dtype mismatch).
OTHER_VENDOR_PREFIXES: tuple[str, ...] = (
    "rocm-", "tensorflow-rocm-", "xla-rocm-", "metal-", "tensorflow-metal-", "directml-",
    "wsl-directml-", "itex-",
)
_CPU_HOST_NOTE = " (this host has no NVIDIA GPU, so it does not affect TensorFlow on the CPU)"
_NO_DRIVER_NOTE = (" (no NVIDIA driver is installed here, so TensorFlow runs on the CPU and this "
                   "does not affect it; it matters once an NVIDIA GPU and its driver are in use)")


def _wsl2(facts: HostFacts) -> bool:
    return facts.os.is_wsl and facts.os.wsl_version == 2


def no_nvidia_gpu(facts: HostFacts) -> bool:
    """True when the facts show no NVIDIA GPU: a probe that ran looked and found none
    (:func:`tfgpu.facts.presence.nvidia_gpu_presence` says ``"absent"``).

    A missing ``nvidia-smi``/NVML alone is no such proof (a card without its driver), nor
    is TensorFlow's "Could not find cuda drivers": they show that no driver is installed.
    Inside WSL2 a missing driver tool proves nothing either (the GPU is not on the PCI
    bus there).
    """
    return nvidia_gpu_presence(facts).state == "absent"


def no_driver_gpu_unknown(facts: HostFacts) -> bool:
    """True when no NVIDIA driver is installed (NVML and nvidia-smi missing), outside WSL2,
    and no probe could tell whether an NVIDIA GPU is present: TensorFlow runs on the CPU
    whatever the answer, since no CUDA program can use a GPU without the driver."""
    p = nvidia_gpu_presence(facts)
    return p.state == "unknown" and p.no_driver and not _wsl2(facts)


def cap_for_cpu_host(facts: HostFacts, findings: Iterable[Finding]) -> tuple[Finding, ...]:
    """On a host without an NVIDIA GPU, lower GPU-only findings above ``INFO`` to ``INFO``;
    likewise on a host without an NVIDIA driver where GPU presence is unknown
    (:func:`no_driver_gpu_unknown`: no CUDA program can use a GPU there either).  Findings
    of another vendor's stack (:data:`OTHER_VENDOR_PREFIXES`) and the catalogue's
    ``gpu_neutral`` rows keep their severity.

    Their fix commands are dropped too: they set up the GPU path, which this host lacks.

    Returns the findings re-sorted; unchanged when the host has an NVIDIA GPU, or when
    the driver is broken (then a GPU may well be there).
    """
    items = tuple(findings)
    if no_nvidia_gpu(facts):
        note = _CPU_HOST_NOTE
    elif no_driver_gpu_unknown(facts):
        note = _NO_DRIVER_NOTE
    else:
        return items
    book = load_catalogue()
    # another vendor's stack keeps its findings when that GPU may be here: one is listed, or
    # the host's GPUs are unknown (no NVIDIA driver, no listing answered); a host shown to
    # have no GPU at all runs none of them
    other_vendor_gpu = any(g.vendor != "nvidia" for g in facts.gpus) or note == _NO_DRIVER_NOTE
    out = []
    for f in items:
        spec = book.spec_of(f.id)
        if (f.category in GPU_ONLY_CATEGORIES and f.severity.rank > Severity.INFO.rank
                and not (other_vendor_gpu and f.id.startswith(OTHER_VENDOR_PREFIXES))
                and not (spec is not None and spec.gpu_neutral)
                and not _import_failed(f)):
            # Nothing to fix for TensorFlow on the CPU: drop the GPU-only fix commands.
            f = dataclasses.replace(
                f, severity=Severity.INFO, cause=f.cause + note, fix=()
            )
        out.append(f)
    return sort_findings(out)


#: A log line of a native module's import failing: Python's ImportError from the loader
#: (dlopen's "cannot open shared object file" / "undefined symbol", Windows' "DLL load
#: failed", macOS's dyld), at the line's start, or pywrap_tensorflow.py's own line.
_NATIVE_IMPORT_FAILED = re.compile(
    r"^\s{0,8}ImportError: [^\n]{0,400}?(?:cannot open shared object file|undefined symbol"
    r"|DLL load failed|Library not loaded|image not found)"
    r"|Failed to load the native TensorFlow runtime")


def _import_failed(f: Finding) -> bool:
    """Whether ``f`` rests on a log line of a native module failing to import
    (:data:`_NATIVE_IMPORT_FAILED`: TensorFlow's pywrap module linking a CUDA library it
    cannot load): TensorFlow does not run at all then, on the CPU neither, so the finding is
    not GPU-only on a host without a GPU.  An ImportError of Python names ("cannot import
    name") or one quoted inside another line does not count."""
    return any(e.source == "log" and _NATIVE_IMPORT_FAILED.search(e.text) for e in f.evidence)


def resolve_overlaps(findings: Iterable[Finding]) -> tuple[Finding, ...]:
    """Keep one finding per root cause (pure).

    The overlaps are catalogue data (``knowledge/data/findings.toml``): a finding that
    another present finding lists in ``supersedes`` is dropped and its evidence moves to
    that one (the first in catalogue order when several do), and so is the other half of its
    hedge (its row's ``hedge_partners``: a ``WARNING`` with exactly its evidence); a finding
    whose row has ``defers_to`` (``tensorflow-sees-no-gpu``) defers to the first of those
    present as an ``ERROR``: it becomes ``INFO``, loses its fix commands, takes the row's
    ``deferred_title`` and names that finding in its cause.  Ids the catalogue does not
    know are kept as they are.  Returns the findings re-sorted.

    Raises:
        KnowledgeError: ``findings.toml`` cannot be read (a broken install).
    """
    book = load_catalogue()
    items = list(findings)
    by_id = {f.id: f for f in items}
    extra: dict[str, list[Evidence]] = {}
    kept: list[Finding] = []
    absorbed: dict[str, str] = {}
    # the other half of a superseded finding's hedge (catalogue
    # ``hedge_partners``: a WARNING with exactly its evidence) goes with it
    partners: set[tuple[str, frozenset[Evidence]]] = set()
    for f in items:
        winner = next((w for w in book.superseded_by(f.id) if w in by_id), None)
        if winner is not None:
            extra.setdefault(winner, []).extend(f.evidence)
            absorbed[f.id] = winner
            if (hedged := book.spec_of(f.id)) is not None:
                partners.update((p, frozenset(f.evidence)) for p in hedged.hedge_partners)
            continue
        kept.append(f)
    if partners:
        kept = [f for f in kept if f.severity is not Severity.WARNING
                or (f.id, frozenset(f.evidence)) not in partners]
    kept_ids = {f.id for f in kept}
    out = []
    for f in kept:
        if f.id in extra:
            f = dataclasses.replace(f, evidence=_dedupe_evidence((*f.evidence,
                                                                  *extra[f.id])))
        spec = book.spec_of(f.id)
        if spec is not None and spec.defers_to and spec.deferred_title is not None:
            cause = next((g for i in spec.defers_to for g in items
                          if g.id != f.id and book.names(i, g.id) and not g.harmless
                          and g.severity is Severity.ERROR), None)
            # A cross-reference names only a finding that is printed: a superseded cause
            # is named by the finding that absorbed it (#5).
            for _ in range(len(items)):
                if cause is None or cause.id in kept_ids:
                    break
                cause = by_id.get(absorbed.get(cause.id, ""))
            if cause is not None and cause.id not in kept_ids:
                cause = None
            if cause is not None and cause.id != f.id:
                # the unknown-reason clause of a cause ("..., and the log does not say
                # why (...). <the usual causes>") would contradict the reason named here:
                # the cause keeps what comes before it
                lead = f.cause.split(_NO_REASON_CLAUSE)[0]
                f = dataclasses.replace(
                    f, severity=Severity.INFO, fix=(),
                    title=spec.deferred_title.format(cause_id=cause.id),
                    cause=f"{lead.rstrip('.')}; the reason is the finding {cause.id}: "
                          f"{cause.title}")
        out.append(f)
    return sort_findings(out)


#: The clause with which a cause says the log gives no reason (tensorflow-sees-no-gpu
#: variant reason-not-shown): dropped when another finding names the reason.
_NO_REASON_CLAUSE = ", and the log does not say why"


def _dedupe_evidence(items: Iterable[Evidence]) -> tuple[Evidence, ...]:
    """``items`` without repeats, in order: a log line (same number and text) counts once
    whatever source names it (``"log"``, ``"tf.log_lines"``)."""
    seen: set[tuple[object, ...]] = set()
    out = []
    for e in items:
        key: tuple[object, ...] = (e.line, e.text) if e.line is not None else (e.source, e.text)
        if key not in seen:
            seen.add(key)
            out.append(e)
    return tuple(out)


def _host_fix(f: Facts, check: object, finding: Finding) -> Finding:
    """A log check's finding with host facts known: its fix lines as the doctor promises
    them (:func:`tfgpu.diagnosis.checks._common.fix_lines`: commands naming the probed
    interpreter, ``# `` instructions, no ``tensorflow-cpu`` install next to an installed
    TensorFlow).  Log checks that write their lines with the shared writers
    (``c.pip(f, ...)``, ``c.note``) already comply and pass unchanged; host checks always
    do.  Without host facts only the "command or ``#`` comment" rule applies."""
    if check in HOST_CHECKS or not finding.fix:
        return finding
    fixed = fix_lines(f, finding.fix)
    return finding if fixed == finding.fix else dataclasses.replace(finding, fix=fixed)


def collect(f: Facts, checks: Iterable[Check], *,
            died: Sequence[Hit] | None = None) -> tuple[Finding, ...]:
    """Apply ``checks`` to ``f``, then the unrecognised-error check; the first finding of
    each id is kept.  Sorted; no overlap resolution (see :func:`run_checks`).  ``died``:
    the death lines of ``f.log`` when the caller has them
    (:func:`tfgpu.diagnosis.checks.unknown.death_hits`), else computed once here.

    Checks are pure; an exception in one is a bug and propagates (the CLI's top-level
    handler reports it).
    """
    seen: set[str] = set()
    out: list[Finding] = []
    for check in checks:
        for finding in check(f):
            if finding.id not in seen:
                seen.add(finding.id)
                out.append(_host_fix(f, check, finding))
    # a CUDA runtime or cuDNN CHECK_EQ abort no check explained: its number decoded
    for finding in rule_library_check_eq(f, out):
        if finding.id not in seen:
            seen.add(finding.id)
            out.append(finding)
    # status codes no check explained, looked up in status_codes.toml
    for finding in rule_status_codes(f, out):
        if finding.id not in seen:
            seen.add(finding.id)
            out.append(finding)
    # messages the message universe marks harmless, on lines no finding quotes
    for finding in rule_known_harmless(f, out):
        if finding.id not in seen:
            seen.add(finding.id)
            out.append(finding)
    for finding in rule_unrecognised(f, out, died):
        if finding.id not in seen:
            seen.add(finding.id)
            out.append(_host_fix(f, rule_unrecognised, finding))
    return sort_findings(out)


def run_checks(f: Facts, checks: Iterable[Check] | None = None, *,
               probed: bool = True, died: Sequence[Hit] | None = None) -> tuple[Finding, ...]:
    """Apply ``checks`` (default: :data:`CHECKS`) to ``f`` and return one finding per root
    cause, sorted: :func:`collect`, then :func:`resolve_overlaps` and, with host facts
    that came from probes (``probed``), :func:`cap_for_cpu_host`.  Host facts described
    by hand (``probed=False``: a bug report's environment) never prove the GPU absent.
    ``died``: as for :func:`collect`.
    """
    # files only named like libraries never count as libraries; one finding names them
    from tfgpu.diagnosis.checks.library_files import junk_library_files, without_junk

    junk = tuple(junk_library_files(f))
    f = without_junk(f)
    found = resolve_overlaps(sort_findings(
        [*collect(f, CHECKS if checks is None else checks, died=died), *junk]))
    # a notebook kernel's death right after an error is that error's consequence
    found = kernel_death_after_error(f, found)
    # an install of CUDA wheels beside another CUDA major's cuDNN/NCCL wheels: its own venv
    found = separate_env_for_other_cuda_wheels(f, found)
    # a paste of a failing run and a later one that created the GPU: the first run's faults
    found = earlier_run_faults(f, found)
    # a CUDA/cuDNN/driver library that did not load on an NVIDIA Jetson: its JetPack's reading
    found = jetson_library_loads(f, found)
    # a log that is PyTorch's alone: PyTorch's link and check, not TensorFlow's
    found = tuple(pytorch_log_links(f, found))
    return cap_for_cpu_host(f.host, found) if f.host is not None and probed else found
