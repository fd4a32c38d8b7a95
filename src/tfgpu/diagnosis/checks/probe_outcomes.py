"""How the probes themselves went: a probe stopped at its time limit read nothing, so the
checks that read its facts cannot have found anything there.

Pure, like every check: ``(Facts) -> Iterable[Finding]`` (:mod:`tfgpu.diagnosis.checks`).
"""

from __future__ import annotations

from collections.abc import Iterator

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.facts import DEFAULT_PROBE_TIMEOUT_S, ProbeRecord, ProbeStatus
from tfgpu.facts.view import Facts
from tfgpu.findings import Evidence, Finding

#: Probe records whose time-out another finding already reports in its own words: the
#: NVIDIA driver probes (``nvidia-smi-hung``), the TensorFlow child and the examined
#: interpreter (``tensorflow-probe-failed``, ``python-interpreter-unusable``).
OWN_FINDING = frozenset({"nvml", "nvidia-smi", "nvidia-smi-query", "nvidia", "tf", "python",
                         "site-packages"})

#: What each probe record reads, as a cause names it (probes/*.py); the gatherer's record of
#: an abandoned probe is named after the probe (``cuda-toolkits``, ``cuda-libs``...).
READS = {
    "nvcc": "the CUDA toolkit version that nvcc reports",
    "cuda-toolkits": "the CUDA toolkits",
    "ldconfig": "the CUDA libraries in the dynamic loader's cache",
    "cuda-libs": "the CUDA libraries",
    "lspci": "the display adapters lspci lists",
    "gpus-other": "the display adapters",
    "wmi-video": "the display adapters Windows lists",
    "system_profiler": "the display adapters macOS lists",
}


def _words(rec: ProbeRecord, pci_read: bool, limit: float | None = None) -> str:
    """``"nvcc --version (stopped after 10 s): the CUDA toolkit version that nvcc reports"``;
    with ``limit`` (the user's shorter ``--timeout``, seconds) ``"(stopped at your limit,
    --timeout 3)"``."""
    cmd = " ".join(rec.command) if rec.command else f"the {rec.name} probe"
    if limit is not None:
        took = f" (stopped at your limit, --timeout {c.seconds(limit)})"
    else:
        took = f" (stopped after {c.seconds(rec.duration_s)} s)" if rec.duration_s else ""
    reads = READS.get(rec.name, "what it reads")
    if rec.name == "lspci" and pci_read:
        reads += " (the PCI bus was read from /sys/bus/pci/devices instead)"
    return f"{cmd}{took}: {reads}"


def probes_did_not_answer(f: Facts) -> Iterator[Finding]:
    """Probes stopped at their time limit (``nvcc``, ``ldconfig``, ``lspci``...): one warning
    naming each and what it reads, so that a verdict with nothing found there is not read as
    complete.  Time-outs another finding reports (:data:`OWN_FINDING`) are left to it."""
    facts = f.host
    if facts is None:
        return
    hung = [p for p in facts.probes if p.status is ProbeStatus.TIMEOUT
            and p.name not in OWN_FINDING]
    if not hung:
        return
    pci = facts.probe("sysfs-pci")
    pci_read = pci is not None and pci.status is ProbeStatus.OK
    names = ", ".join(dict.fromkeys(p.command[0] if p.command else p.name for p in hung))
    ev: list[Evidence] = [e for p in hung for e in c.record_evidence(p)]
    limit = c.short_probe_limit(facts)
    if limit is not None:
        # stopped at the user's own, shorter-than-default limit: not known to hang
        yield catalogue.make(
            "probes-did-not-answer", variant="limit", names=names, evidence=ev,
            what="; ".join(_words(p, pci_read, limit) for p in hung),
            fix=(f"tfgpu doctor   # tfgpu's default limits ({DEFAULT_PROBE_TIMEOUT_S:g} s a "
                 "probe)",
                 *dict.fromkeys(f"time {' '.join(p.command)}   # how long it takes here"
                                for p in hung if p.command)))
        return
    fix = [f"time {' '.join(p.command)}   # hangs here too: that program, or a stuck mount on "
           "PATH, is the fault" for p in hung if p.command]
    yield catalogue.make(
        "probes-did-not-answer", names=names, evidence=ev,
        what="; ".join(_words(p, pci_read) for p in hung),
        fix=(*dict.fromkeys(fix), "# then rerun tfgpu doctor"))
