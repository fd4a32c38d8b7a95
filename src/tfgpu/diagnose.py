"""The doctor's decision: facts in, a :class:`~tfgpu.findings.Report` out (pure).

``diagnose`` applies every rule (:func:`tfgpu.rules.run_rules`) and puts the verdict line
first.  The verdict is a decision, so it lives here rather than in :mod:`tfgpu.report`
(renderers make no decisions) or :mod:`tfgpu.cli` (commands only gather, call and render).

Exit-code policy (``docs/doctor.md``): 1 when any finding is ``ERROR``, else 0.  A host
without an NVIDIA GPU is not an error by itself: ``no-nvidia-gpu`` is a ``WARNING``, and
findings that only matter on a GPU (CUDA/cuDNN versions, compute capability, XLA, NCCL,
mixed precision, CUPTI) are capped at ``INFO`` there (:func:`cap_for_cpu_host`), so a
CPU-only host with a working TensorFlow exits 0 with the verdict "TensorFlow X will run
on the CPU only: 0 problems (no NVIDIA GPU on this host)".
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import TYPE_CHECKING

from tfgpu.diagnosis.catalogue import load_catalogue
from tfgpu.facts import GPU, HostFacts, ProbeStatus, TFDevice
from tfgpu.findings import Evidence, Finding, Report, Severity, Verdict, sort_findings
from tfgpu.rules import Rule, run_rules

if TYPE_CHECKING:
    from tfgpu.knowledge import Knowledge


#: Finding categories that only matter when TensorFlow computes on an NVIDIA GPU.  On a
#: host without one (no driver, or a driver that lists no GPU) such findings are capped
#: at ``INFO``: a CUDA toolkit of the wrong major cannot stop TensorFlow on the CPU.
GPU_ONLY_CATEGORIES: tuple[str, ...] = (
    "version-mismatch", "compute-capability", "xla-ptxas", "multigpu-nccl",
    "mixed-precision", "cupti",
)
_CPU_HOST_NOTE = " (this host has no NVIDIA GPU, so it does not affect TensorFlow on the CPU)"


#: TensorFlow's own words for "this host has no NVIDIA driver"
#: (recorded/tf-logs/tf2.21-pip-linux-no-gpu-no-driver-cpu-only.txt).
_TF_NO_DRIVER_LINE = "Could not find cuda drivers"


def _wsl2(facts: HostFacts) -> bool:
    return facts.os.is_wsl and facts.os.wsl_version == 2


def _no_nvidia_gpu(facts: HostFacts) -> bool:
    """True when the facts show no NVIDIA GPU (conservatively).

    Evidence: the driver probe ran and listed none (or found no driver); or, when the
    driver was not probed, TensorFlow ran, listed no GPU and logged "Could not find cuda
    drivers".  Inside WSL2 a missing driver tool proves nothing (the GPU is not on the
    PCI bus there), so the answer is False: GPU presence is unknown.
    """
    if facts.nvidia_gpus:
        return False
    d = facts.driver
    if d is not None:
        if d.status is ProbeStatus.MISSING and _wsl2(facts):
            return False
        return d.status in (ProbeStatus.OK, ProbeStatus.MISSING)
    tf = facts.tf
    return (tf is not None and tf.status is ProbeStatus.OK and not tf.gpus
            and any(_TF_NO_DRIVER_LINE in ln for ln in tf.log_lines))


def cap_for_cpu_host(facts: HostFacts, findings: Iterable[Finding]) -> tuple[Finding, ...]:
    """On a host without an NVIDIA GPU, lower GPU-only findings above ``INFO`` to ``INFO``.

    Their fix commands are dropped too: they set up the GPU path, which this host lacks.

    Returns the findings re-sorted; unchanged when the host has an NVIDIA GPU, or when
    the driver is broken (then a GPU may well be there).
    """
    items = tuple(findings)
    if not _no_nvidia_gpu(facts):
        return items
    out = []
    for f in items:
        if f.category in GPU_ONLY_CATEGORIES and f.severity.rank > Severity.INFO.rank:
            # Nothing to fix for TensorFlow on the CPU: drop the GPU-only fix commands.
            f = dataclasses.replace(
                f, severity=Severity.INFO, cause=f.cause + _CPU_HOST_NOTE, fix=()
            )
        out.append(f)
    return sort_findings(out)


def resolve_overlaps(findings: Iterable[Finding]) -> tuple[Finding, ...]:
    """Keep one finding per root cause (pure).

    The overlaps are catalogue data (``knowledge/data/findings.toml``): a finding that
    another present finding lists in ``supersedes`` is dropped and its evidence moves to
    that one (the first in catalogue order when several do); a finding whose row has
    ``defers_to`` (``tensorflow-sees-no-gpu``) defers to the first of those present as an
    ``ERROR``: it becomes ``INFO``, loses its fix commands, takes the row's
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
    for f in items:
        winner = next((w for w in book.superseded_by(f.id) if w in by_id), None)
        if winner is not None:
            extra.setdefault(winner, []).extend(f.evidence)
            continue
        kept.append(f)
    out = []
    for f in kept:
        if f.id in extra:
            f = dataclasses.replace(f, evidence=tuple(dict.fromkeys((*f.evidence,
                                                                     *extra[f.id]))))
        spec = book.spec_of(f.id)
        if spec is not None and spec.defers_to and spec.deferred_title is not None:
            cause = next((by_id[i] for i in spec.defers_to
                          if i in by_id and by_id[i].severity is Severity.ERROR), None)
            if cause is not None:
                f = dataclasses.replace(
                    f, severity=Severity.INFO, fix=(),
                    title=spec.deferred_title.format(cause_id=cause.id),
                    cause=f"{f.cause}; the reason is the finding {cause.id}: {cause.title}")
        out.append(f)
    return sort_findings(out)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _gib(mib: int | None) -> str | None:
    return None if mib is None else f"{mib / 1024:.1f} GiB"


def _host_gpu_for(facts: HostFacts, tf_index: int) -> GPU | None:
    """The physical GPU behind TensorFlow's ``GPU:tf_index`` (CUDA_VISIBLE_DEVICES order)."""
    gpus = [g for g in facts.nvidia_gpus if not g.is_mig]
    order = list(range(len(gpus)))
    cvd = facts.env.get("CUDA_VISIBLE_DEVICES")
    if cvd is not None:
        picked: list[int] = []
        for token in cvd.split(","):
            token = token.strip()
            if token.isdigit() and int(token) < len(gpus):
                picked.append(int(token))
            else:
                break
        if picked:
            order = picked
    by_index = {g.index: g for g in gpus}
    if tf_index < len(order):
        return by_index.get(order[tf_index])
    return None


def _gpu_words(facts: HostFacts, i: int, dev: TFDevice) -> str:
    host = _host_gpu_for(facts, i)
    name = dev.details.get("device_name") or (host.name if host else None) or dev.name
    mem = _gib(host.memory_total_mib) if host else None
    return f"GPU {i}: {name}" + (f", {mem}" if mem else "")


def make_verdict(facts: HostFacts, findings: Iterable[Finding]) -> Verdict:
    """Return the one-line answer (see the module docstring for the wording)."""
    problems = sum(1 for f in findings if f.severity is Severity.ERROR)
    tf = facts.tf
    tf_name = f"TensorFlow {tf.version}" if tf is not None and tf.version else "TensorFlow"
    if tf is not None and tf.status is ProbeStatus.OK:
        usable = [(i, d) for i, d in enumerate(tf.gpus) if d.op_ok is not False]
        if usable:
            i, dev = usable[0]
            more = f" (and {_plural(len(usable) - 1, 'more GPU')})" if len(usable) > 1 else ""
            tail = f"; {_plural(problems, 'problem')}" if problems else ""
            return Verdict(True, f"{tf_name} can use {_gpu_words(facts, i, dev)}{more}{tail}",
                           problems)
    suffix = " (no NVIDIA GPU on this host)" if _no_nvidia_gpu(facts) else ""
    if not facts.nvidia_gpus and _wsl2(facts) and facts.driver is not None \
            and facts.driver.status is ProbeStatus.MISSING:
        suffix = " (WSL2: no NVIDIA driver answers, GPU presence unknown)"
    if tf is not None and tf.status is ProbeStatus.MISSING:
        return Verdict(False, f"TensorFlow is not installed: {_plural(problems, 'problem')}"
                       + suffix, problems)
    if tf is None or tf.status is ProbeStatus.SKIPPED:
        # SKIPPED is only ever set by --no-tf; a snapshot without `tf` was not probed.
        why = ("TensorFlow itself was not checked (--no-tf)" if tf is not None
               else "TensorFlow was not probed")
        if facts.nvidia_gpus and problems == 0:
            g = facts.nvidia_gpus[0]
            mem = _gib(g.memory_total_mib)
            return Verdict(False, f"GPU {g.index}: {g.name}" + (f", {mem}" if mem else "")
                           + f" looks ready; {why}", 0)
        return Verdict(False, f"TensorFlow will run on the CPU only: "
                              f"{_plural(problems, 'problem')}{suffix}; {why}", problems)
    if tf.status in (ProbeStatus.ERROR, ProbeStatus.TIMEOUT):
        return Verdict(False, f"{tf_name} does not start: {_plural(problems, 'problem')}",
                       problems)
    return Verdict(False, f"{tf_name} will run on the CPU only: "
                          f"{_plural(problems, 'problem')}{suffix}", problems)


def host_meta(facts: HostFacts, kb: Knowledge | None = None) -> dict[str, str]:
    """Small strings for the report header: host, Python, CPU, TensorFlow, driver, knowledge.

    The knowledge version is ``kb.version`` when ``kb`` has one (no second read of the
    data files), else :func:`tfgpu.knowledge.knowledge_version`.
    """

    os_words = ", ".join(x for x in (facts.os.name or facts.os.system, facts.os.machine,
                                     "WSL2" if facts.os.is_wsl and facts.os.wsl_version == 2
                                     else None) if x)
    meta = {
        "host": os_words,
        "python": f"{facts.python.version} ({facts.python.executable})",
    }
    if facts.cpu.model:
        flags = " ".join(f for f in facts.cpu.flags if f in ("avx", "avx2", "avx512f"))
        meta["cpu"] = facts.cpu.model + (f" ({flags})" if flags else "")
    tf = facts.tf
    if tf is not None and tf.status is ProbeStatus.OK and tf.version:
        info = tf.build_info
        if info.get("is_cuda_build") == "True":
            build = ", ".join(f"{label} {info[key]}" for key, label in
                              (("cuda_version", "CUDA"), ("cudnn_version", "cuDNN"))
                              if info.get(key))
            build = f"built for {build}" if build else "CUDA build"
        elif info.get("is_rocm_build") == "True":
            build = "ROCm build"
        else:
            build = "CPU-only build"
        took = f", import {tf.import_s:.1f} s" if tf.import_s is not None else ""
        meta["tensorflow"] = f"{tf.version} ({build}{took})"
    if facts.driver is not None and facts.driver.version:
        meta["driver"] = facts.driver.version + (
            f" (CUDA {facts.driver.cuda_version})" if facts.driver.cuda_version else "")
    version = getattr(kb, "version", None)
    if isinstance(version, str) and version:
        meta["knowledge"] = version
    else:
        try:
            from tfgpu.knowledge import knowledge_version

            meta["knowledge"] = knowledge_version()
        except Exception:  # noqa: BLE001 - a header line must not stop the diagnosis
            meta["knowledge"] = "unavailable"
    return meta


def diagnose(
    facts: HostFacts,
    kb: Knowledge | None = None,
    rules: Iterable[Rule] | None = None,
    meta: dict[str, str] | None = None,
) -> Report:
    """Apply the rules to ``facts`` and return the doctor's report.

    Args:
        facts: the host snapshot (gathered here or loaded with ``--facts``).
        kb: knowledge tables (default: :func:`tfgpu.knowledge.load_knowledge`).
        rules: rules to apply (default: every rule module).
        meta: header strings (default: :func:`host_meta`).
    """
    if kb is None:
        from tfgpu.knowledge import load_knowledge

        kb = load_knowledge()
    findings = cap_for_cpu_host(facts, resolve_overlaps(run_rules(facts, kb, rules)))
    return Report(
        command="doctor",
        verdict=make_verdict(facts, findings),
        findings=findings,
        meta=host_meta(facts, kb) if meta is None else meta,
    )
