"""Findings: what the doctor's rules and the explain engine conclude.

One model for both commands, so the text and JSON reporters render them alike
(``../shared/STYLE.md`` section 4).
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field

#: Stable kebab-case id: lower-case words joined by single hyphens ("driver-too-old-for-cuda").
FINDING_ID_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")

#: The fault categories of ``../shared/cases/README.md``; every finding has one.
CATEGORIES: tuple[str, ...] = (
    "gpu-not-visible",
    "version-mismatch",
    "windows-dll",
    "pip",
    "memory",
    "compute-capability",
    "wsl2",
    "xla-ptxas",
    "multigpu-nccl",
    "mixed-precision",
    "cupti",
    # A fault of the model's code, arguments or data that a GPU kernel refuses (a mask the
    # cuDNN RNN kernel cannot take), not of the GPU set-up.
    "model-code",
    # No known fault: the explain engine's "unrecognised-error" finding (it never guesses).
    "unknown",
    # Not a fault: a harmless start-up notice (oneDNN, CPU instructions, factory registration).
    "notice",
)

#: Report sections, in display order.  ``area`` of a finding is one of these.
AREAS: tuple[str, ...] = (
    "hardware",
    "driver",
    "cuda",
    "python",
    "tensorflow",
    "environment",
    "runtime",
    "log",
)


class Severity(str, enum.Enum):
    """How much a finding matters.  Ordered: ``OK < INFO < WARNING < ERROR``.

    ``OK``: a check that passed.  ``INFO``: worth knowing, including harmless log noise.
    ``WARNING``: works, but slower or fragile.  ``ERROR``: TensorFlow cannot use the
    GPU (or the command cannot succeed) until it is fixed.
    """

    OK = "ok"
    INFO = "info"
    WARNING = "warning"
    ERROR = "error"

    @property
    def rank(self) -> int:
        """0 for ``OK`` up to 3 for ``ERROR``."""
        return _RANK[self]


_RANK = {Severity.OK: 0, Severity.INFO: 1, Severity.WARNING: 2, Severity.ERROR: 3}


@dataclass(frozen=True, slots=True)
class Evidence:
    """One fact or log line a finding rests on.

    Attributes:
        source: where it came from: a fact path (``"driver.version"``), a probe
            (``"nvidia-smi"``), or ``"log"`` for pasted text.
        text: the value or the verbatim line.
        line: 1-based line number in the log, for ``source == "log"``.
    """

    source: str
    text: str
    line: int | None = None


@dataclass(frozen=True, slots=True)
class Finding:
    """One conclusion.

    Attributes:
        id: stable kebab-case id (``"driver-too-old-for-cuda"``); tests and users key on it.
        severity: see :class:`Severity`.
        category: one of :data:`CATEGORIES`.
        title: one line, plain words.
        area: report section, one of :data:`AREAS`.
        evidence: the facts or log lines used, verbatim.
        cause: the rule with its numbers ("driver 470.82 < 525.60, the CUDA 12.x minimum
            (knowledge row tf 2.15)").
        fix: commands or edits, in order; empty when nothing needs doing.
        doc: link to the source of the rule or the fix.
        knowledge_ref: id of the knowledge row the rule used
            (``"tf_tested_configs:2.15.0-linux-gpu"``).
        harmless: the message looks alarming but needs no action (NUMA notices, oneDNN).
        aliases: former ids of this finding (merged twins), from its catalogue row; written
            to the JSON for one schema version so that consumers keyed on them keep working.
    """

    id: str
    severity: Severity
    category: str
    title: str
    area: str = "tensorflow"
    evidence: tuple[Evidence, ...] = ()
    cause: str = ""
    fix: tuple[str, ...] = ()
    doc: str | None = None
    knowledge_ref: str | None = None
    harmless: bool = False
    aliases: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not FINDING_ID_RE.match(self.id):
            raise ValueError(f"finding id {self.id!r} is not kebab-case")
        if self.category not in CATEGORIES:
            raise ValueError(f"finding {self.id}: unknown category {self.category!r}")
        if self.area not in AREAS:
            raise ValueError(f"finding {self.id}: unknown area {self.area!r}")


@dataclass(frozen=True, slots=True)
class Verdict:
    """The one-line answer printed first.

    Attributes:
        gpu_usable: TensorFlow can compute on at least one GPU (``True``), cannot
            (``False``), or it is not known (``None``: a driver probe failed or timed out
            and the headline says "GPU state unknown"; ``explain``: the log does not show
            it).
        headline: "TensorFlow 2.15.0 can use GPU 0: NVIDIA L4, 22.5 GiB" or
            "TensorFlow will run on the CPU only: 2 problems".
        problems: number of error-severity findings.
        program_failed: the log shows the program died (a crash, an abort, a kill, an
            uncaught exception, a dead notebook kernel, a container's failing exit code),
            whatever the findings' severities and whether or not a finding names the cause
            (``explain`` only; JSON schema 1.3): the
            command exits non-zero, and :func:`verdict_state` says "failed" when no
            error-level finding exists (the headline names the cause, or says it is unknown).
    """

    gpu_usable: bool | None
    headline: str
    problems: int = 0
    program_failed: bool = False


#: The verdict states every renderer shows, with their badge words (:func:`verdict_state`).
VERDICT_STATES = {
    "error": "Problems found",
    "failed": "Program failed",
    "ok": "GPU usable",
    "no-gpu": "No error, but no GPU in use",
    "unknown": "No error found; GPU use unknown",
}


def verdict_state(gpu_usable: bool | None, problems: int,
                  program_failed: bool = False) -> str:
    """The one verdict state of a report, as every renderer (text, JSON, markdown, HTML,
    fleet) shows it: a key of :data:`VERDICT_STATES`.

    ``error`` when an error-level finding exists (``problems`` > 0), ``failed`` when the
    program died (the headline says why, or that the cause is unknown), else ``ok`` /
    ``no-gpu`` / ``unknown`` from ``gpu_usable`` (``True`` / ``False`` / ``None``).
    """
    if problems > 0:
        return "error"
    if program_failed:
        return "failed"
    return "ok" if gpu_usable is True else "no-gpu" if gpu_usable is False else "unknown"


@dataclass(frozen=True, slots=True)
class Report:
    """What a command reports: a verdict, findings, and what it was based on.

    Attributes:
        command: ``"doctor"``, ``"explain"``, ``"verify"``...
        verdict: the headline.
        findings: sorted most severe first, then by area.
        meta: small string facts for the header (knowledge version, input name...).
    """

    command: str
    verdict: Verdict
    findings: tuple[Finding, ...] = ()
    meta: dict[str, str] = field(default_factory=dict)

    @property
    def has_errors(self) -> bool:
        """True when any finding is ``ERROR``."""
        return any(f.severity is Severity.ERROR for f in self.findings)

    @property
    def failed(self) -> bool:
        """True when the command must exit non-zero: an ``ERROR`` finding, or the
        verdict's ``program_failed`` (the log shows the program died)."""
        return self.has_errors or self.verdict.program_failed


def sort_findings(findings: list[Finding] | tuple[Finding, ...]) -> tuple[Finding, ...]:
    """Most severe first, then by area order, then by id (stable, deterministic); within a
    severity, the second half of a hedged pair (a title starting "Or: ", findings.toml)
    after the readings it is the alternative to."""
    return tuple(sorted(findings, key=lambda f: (
        -f.severity.rank, f.title.startswith("Or: "), AREAS.index(f.area), f.id)))
