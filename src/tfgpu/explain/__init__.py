"""Explain: log text in, findings out: the log becomes facts (:mod:`tfgpu.logs`), the one
set of checks (:mod:`tfgpu.diagnosis`) reads them.

Public interface:

* :func:`explain_lines` — for lines already in memory (the doctor passes the TensorFlow
  child's ``log_lines``).
* :func:`explain_stream` — for a file or standard input of any size, read in bounded
  memory (see :mod:`tfgpu.logs.reader`).

Both return findings sorted most severe first; harmless notices (``harmless=True``,
severity ``INFO``) come after what matters.  Neither raises on any input text.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import CHECKS, LOG_CHECKS
from tfgpu.diagnosis.checks.other_framework_oom import other_framework_oom_lines
from tfgpu.diagnosis.checks.unknown import death_hits, log_failure_lines
from tfgpu.diagnosis.engine import no_nvidia_gpu, run_checks
from tfgpu.diagnosis.jax_words import jax_cause, jax_doc, jax_fix, jax_title
from tfgpu.facts import HostFacts
from tfgpu.facts.log import Hit, LogFacts
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding, sort_findings
from tfgpu.logs import ReadStats, read_lines, read_stream
from tfgpu.logs.reader import CHUNK_BYTES, ByteSource

__all__ = ["ExplainResult", "ReadStats", "explain_lines", "explain_log", "explain_stream"]


@dataclass(frozen=True, slots=True)
class ExplainResult:
    """Findings plus what was read.

    Attributes:
        findings: sorted most severe first (see :func:`tfgpu.findings.sort_findings`).
        stats: bytes and lines read, candidates matched, binary lines skipped.
        died: the lines showing the program died
            (:func:`tfgpu.diagnosis.checks.unknown.death_hits`), ``()`` when none.
        failure: the line numbers that say why it died: ``died`` and the exception
            messages below them (:func:`tfgpu.diagnosis.checks.unknown.log_failure_lines`);
            ``None`` when not computed (the verdict then derives them from ``died``).
        foreign_oom: the line numbers of another framework's own out-of-memory errors
            (:func:`tfgpu.diagnosis.checks.other_framework_oom.other_framework_oom_lines`).
    """

    findings: tuple[Finding, ...]
    stats: ReadStats
    died: tuple[Hit, ...] = ()
    failure: frozenset[int] | None = None
    foreign_oom: frozenset[int] = frozenset()

    @property
    def empty(self) -> bool:
        """The input held no non-blank text."""
        return not self.stats.non_blank


def explain_log(log: LogFacts, facts: HostFacts | None = None, *,
                host_checks: bool = True,
                died: Sequence[Hit] | None = None) -> tuple[Finding, ...]:
    """Return findings for already-read log facts (see :mod:`tfgpu.logs`).

    The checks of log messages always run, sharpened by ``facts`` when given.  The checks
    of host facts run too when ``host_checks`` and ``facts`` is a probed snapshot
    (``tfgpu facts``: it has probe records): they tell "absent" from "unknown" by the
    probes that ran, so on a host described by hand (no probe records) they would mistake
    unknown for absent.  ``verify`` and ``bench`` explain a child's log with
    ``host_checks=False``: the host's own diagnosis is the doctor's, and their child
    ran to use a GPU, so the view's ``gpu_expected`` is set (a log-only reading such as
    "cuInit 303 alone is harmless on a CPU node" does not apply).  The knowledge is
    loaded only when a check needs it.  ``died``: the log's death lines when the caller
    has them (:func:`tfgpu.diagnosis.checks.unknown.death_hits` of ``log``), else the
    checks compute them.
    """
    probed = facts is not None and bool(facts.probes)
    if facts is not None and probed and host_checks:
        denied = _gpu_the_facts_deny(facts, log)
        if denied:
            # the facts were taken where the log was not (a login node and a
            # compute node, the host and a container): they cannot lower the log's errors
            # to "harmless on a host without a GPU"; say so and read the log alone.
            return sort_findings((
                catalogue.make("host-facts-contradict-log", line=denied[0].line,
                               evidence=log_evidence(denied[:2])),
                *explain_log(log, None, host_checks=host_checks, died=died),
            ))
    checks = CHECKS if probed and host_checks else LOG_CHECKS
    view = Facts(facts, log)
    view.gpu_expected = not host_checks
    found = run_checks(view, checks, probed=probed and host_checks, died=died)
    return _as_jax(view, found) if view.jax_log else found


def _as_jax(view: Facts, found: tuple[Finding, ...]) -> tuple[Finding, ...]:
    """Findings of a JAX log (:attr:`Facts.jax_log`): the runtime that printed the
    shared XLA/StreamExecutor messages is jaxlib, so titles and causes name it instead of
    TensorFlow, TensorFlow install commands are dropped from the fixes, and a notice says so."""
    out: list[Finding] = []
    for f in found:
        if "JAX" in f.title:
            # a finding already written for JAX ("JAX, not TensorFlow,
            # ...") would read "JAX, not jaxlib" once renamed: keep it as written
            out.append(f)
            continue
        fix = jax_fix(f.fix)
        out.append(dataclasses.replace(
            f, title=jax_title(f.title), cause=jax_cause(f.cause), doc=jax_doc(f.doc, fix),
            fix=fix if fix or not f.fix else ("# see JAX's installation guide for its CUDA "
                                              "wheels (this log is JAX's)",)))
    out.append(catalogue.make("log-is-jax", evidence=log_evidence(
        view.h("ctx.jax").first[:2] or view.h("ctx.vendored_xla").first[:1])))
    return sort_findings(out)


def _gpu_the_facts_deny(facts: HostFacts, log: LogFacts) -> list[Hit]:
    """The log's lines proving an NVIDIA GPU (:meth:`Facts.gpu_log_evidence`) when the probed
    ``facts`` show none (the rule :func:`tfgpu.diagnosis.engine.cap_for_cpu_host` uses);
    empty when they agree."""
    if not no_nvidia_gpu(facts):
        return []
    view = Facts(None, log)
    # cuda_diagnostics' "kernel reported version is: N" (read from
    # /proc/driver/nvidia/version) shows a loaded NVIDIA kernel module, which the facts of
    # a host without an NVIDIA GPU cannot have
    # a GPU allocator's out-of-memory or a cuDNN/cuBLAS handle failure is printed only by a
    # process that opened a GPU: the log was made on another machine than these facts
    return (view.gpu_log_evidence() or view.h("driver.kernel").first[:1]
            or sorted(view.gpu_run_evidence(), key=lambda h: h.line))


def explain_lines(lines: Iterable[str], facts: HostFacts | None = None, *,
                  host_checks: bool = True) -> tuple[Finding, ...]:
    """Return findings for log ``lines``.

    Args:
        lines: log lines (with or without trailing newlines); a string holding several
            lines is split.  ANSI colour codes, carriage returns and control characters
            are removed; very long lines are cut to a bounded excerpt.
        facts: host facts; they sharpen causes and fixes (OS, TensorFlow/CUDA versions,
            GPUs).  ``None`` when only the log is known.
        host_checks: also run the checks of host facts (see :func:`explain_log`).

    Returns:
        Findings, most severe first; ``()`` for empty input.
    """
    return explain_log(read_lines(lines), facts, host_checks=host_checks)


def explain_stream(
    stream: ByteSource, facts: HostFacts | None = None, *, chunk_bytes: int = CHUNK_BYTES
) -> ExplainResult:
    """Read a binary stream to its end and return findings plus read statistics.

    Memory stays bounded (one 1 MiB chunk, one partial line of at most 1 MiB, 8 MiB
    caches and evidence) whatever the input size.

    Args:
        stream: a file opened ``"rb"`` or ``sys.stdin.buffer``.
        facts: host facts, as for :func:`explain_lines`.
        chunk_bytes: read size in bytes (tests use tiny chunks to cross line edges).

    Returns:
        The findings and :class:`ReadStats`.

    Raises:
        OSError: reading the stream failed (the caller reports an unreadable input).
    """
    log = read_stream(stream, chunk_bytes=chunk_bytes)
    died = death_hits(log)  # once: the checks, the result and its failure lines share it
    return ExplainResult(explain_log(log, facts, died=died), log.stats or ReadStats(),
                         tuple(died), log_failure_lines(log, died),
                         other_framework_oom_lines(log))
