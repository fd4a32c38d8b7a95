"""Verdicts: the one-line answer each command prints first, and the report header (pure).

A verdict is a decision, so it lives here rather than in :mod:`tfgpu.report` (renderers
make no decisions) or :mod:`tfgpu.cli` (commands only gather, call and render).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from tfgpu.diagnosis.engine import _no_nvidia_gpu, _wsl2
from tfgpu.facts import GPU, HostFacts, ProbeStatus, TFDevice
from tfgpu.findings import Finding, Severity, Verdict

if TYPE_CHECKING:
    from tfgpu.knowledge import Knowledge


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
