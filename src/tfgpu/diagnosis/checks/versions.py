"""The installed TensorFlow as the checks see it, and the version arithmetic they share.

:func:`_installed_tf` identifies the installed TensorFlow (the import, else the installed
distribution) and the CUDA/cuDNN it expects (``tf.build_info``, else the tested
configuration row of ``tf_tested_configs.toml``).  The checks that use it live in their
fault-kind modules: ``driver`` (driver against CUDA), ``libraries`` (CUDA/cuDNN majors,
the ``nvidia-*`` wheel pins), ``compute_capability`` (GPU against the build's
architectures) and ``tf_install`` (Python range, NumPy).  Nothing here is a check.
"""

from __future__ import annotations

from dataclasses import dataclass

from tfgpu.diagnosis.checks import _common as c
from tfgpu.facts import GPU, HostFacts, ProbeStatus
from tfgpu.facts.view import Facts
from tfgpu.findings import Evidence
from tfgpu.knowledge import (
    Knowledge,
    KnowledgeQueryError,
    TestedConfig,
    parse_arch_list,
    parse_cc,
    parse_version,
    series,
)


def _parses(text: str | None) -> bool:
    if not text:
        return False
    try:
        parse_version(text)
    except KnowledgeQueryError:
        return False
    return True


@dataclass(frozen=True, slots=True)
class _TF:
    """The installed TensorFlow as the rules see it."""

    version: str
    evidence: Evidence
    os: str  # "linux", "windows", "wsl2", "macos"
    config: TestedConfig | None
    cuda: str | None  # CUDA it was built with/tested with; None for a CPU build
    cuda_evidence: Evidence | None
    cudnn: str | None
    cudnn_evidence: Evidence | None
    build_archs: tuple[tuple[str, ...], tuple[str, ...]] | None = None

    @property
    def series(self) -> str:
        return "{}.{}".format(*series(self.version))


def _host_os(facts: HostFacts) -> str | None:
    if facts.os.is_wsl:
        return "wsl2"
    return {"linux": "linux", "windows": "windows", "darwin": "macos"}.get(
        facts.os.system.lower()
    )


def _installed_tf(facts: HostFacts, kb: Knowledge) -> _TF | None:
    """Identify the installed TensorFlow and the CUDA/cuDNN it expects, or ``None``."""
    os = _host_os(facts)
    if os is None:
        return None
    version: str | None = None
    evidence: Evidence | None = None
    dist_name: str | None = None
    tf = facts.tf
    if tf is not None and tf.status is ProbeStatus.OK and _parses(tf.version):
        version = tf.version
        evidence = Evidence("tf.version", f"tensorflow {tf.version} (import tensorflow)")
    for name in kb.tf_distributions():  # most usual first (platform_facts:tf-distributions)
        d = facts.python.dist(name)
        if d is not None and _parses(d.version):
            dist_name = d.name
            if version is None:
                version = d.version
                evidence = Evidence("python.distributions", f"{d.name} {d.version}")
            break
    if version is None or evidence is None:
        return None
    config = kb.config_for(version, os)
    build = dict(tf.build_info) if tf is not None and tf.status is ProbeStatus.OK else {}
    cpu_build = build.get("is_cuda_build", "").lower() == "false" or (
        dist_name is not None and dist_name.lower() in kb.cpu_only_distributions()
        and "cuda_version" not in build
    )
    cuda = cudnn = None
    cuda_ev = cudnn_ev = None
    if not cpu_build and config is not None and config.kind == "gpu":
        cuda, cuda_ev = _built_or_tested(build, "cuda_version", config, config.cuda, "CUDA")
        cudnn, cudnn_ev = _built_or_tested(build, "cudnn_version", config, config.cudnn, "cuDNN")
    archs = parse_arch_list(build.get("cuda_compute_capabilities", ""))
    build_archs = archs if (archs[0] or archs[1]) and cuda is not None else None
    return _TF(version, evidence, os, config, cuda, cuda_ev, cudnn, cudnn_ev, build_archs)


def _built_or_tested(
    build: dict[str, str], key: str, config: TestedConfig, tested: str | None, label: str
) -> tuple[str | None, Evidence]:
    """The version ``build_info[key]`` reports when it parses, else the tested row's ``tested``.

    ``label`` names the library in the evidence ("CUDA", "cuDNN").
    """
    if _parses(build.get(key)):
        return build[key], Evidence(f"tf.build_info.{key}", build[key])
    return tested, Evidence(config.ref, f"{label} {tested} (tested configuration)")


def _cuda_tf(f: Facts) -> tuple[HostFacts, _TF, str] | None:
    """The host facts, the installed TensorFlow and its CUDA version (``tf.cuda``), or ``None``.

    ``None`` when there are no host facts, no identified TensorFlow, a CPU build or macOS.
    """
    facts = f.host
    if facts is None:
        return None
    tf = _installed_tf(facts, f.kb)
    if tf is None or tf.cuda is None or tf.os == "macos":
        return None
    return facts, tf, tf.cuda


def _major(version: str | None) -> int | None:
    if not _parses(version):
        return None
    assert version is not None
    return int(parse_version(version).major)


def _driver_evidence(facts: HostFacts) -> Evidence | None:
    d = facts.driver
    if d is None or d.status is not ProbeStatus.OK or not _parses(d.version):
        return None
    return Evidence("driver.version", f"{d.version} ({d.source or 'driver probe'})")


def _pip_spec(facts: HostFacts, kb: Knowledge, series_text: str, os: str) -> str:
    """``<python> -m pip install "tensorflow[and-cuda]==X.Y.*"`` for a GPU release.

    The ``[and-cuda]`` extra is used on Linux/WSL2 from the release in platform fact
    ``and-cuda-extra-first`` (2.14.0) on; before it, and elsewhere, plain ``tensorflow``.
    """
    first = kb.platform_fact("and-cuda-extra-first").value("tf_version")
    extra = os in ("linux", "wsl2") and series(series_text) >= series(first)
    return c.pip(facts, "install", f"tensorflow{'[and-cuda]' if extra else ''}=={series_text}.*")


def _release_fix(facts: HostFacts, kb: Knowledge, series_text: str, os: str,
                 why: str) -> list[str]:
    """The two fix lines that offer TensorFlow ``series_text`` (``"2.15"``) instead: the
    comment ``# <why>:`` and its install command (:func:`_pip_spec`)."""
    return [f"# {why}:", _pip_spec(facts, kb, series_text, os)]


def _min_gpu_cc(facts: HostFacts, kb: Knowledge) -> str | None:
    """The smallest known compute capability among the NVIDIA GPUs (``None``: none known)."""
    ccs = [cc for g in facts.nvidia_gpus if not g.is_mig and (cc := _gpu_cc(g, kb)[0])]
    return min(ccs, key=parse_cc) if ccs else None


# ---------------------------------------------------------------------- compute capability


def _gpu_cc(gpu: GPU, kb: Knowledge) -> tuple[str | None, Evidence]:
    if gpu.compute_capability:
        try:
            parse_cc(gpu.compute_capability)
            return gpu.compute_capability, Evidence(
                f"gpus[{gpu.index}].compute_capability",
                f"{gpu.compute_capability} ({gpu.name}, {gpu.source})")
        except KnowledgeQueryError:
            pass
    match = kb.gpu_compute_capability(gpu.name)
    if match is None:
        return None, Evidence(f"gpus[{gpu.index}].name", gpu.name)
    how = "" if match.how in ("exact", "normalised") else f", {match.how} match"
    return match.cc, Evidence(
        f"gpus[{gpu.index}].name",
        f"{gpu.name} -> CC {match.cc} ({match.row.ref}{how})")




