"""Version-matching rules: the installed TensorFlow against driver, CUDA, cuDNN, Python,
GPU compute capability, OS, numpy and the pip ``nvidia-*`` wheels.

Every rule is pure (``(HostFacts, Knowledge) -> findings``), states its rule with the
numbers in ``cause``, and names the knowledge row it used in ``knowledge_ref``
(``tfgpu/knowledge/data/*.toml``).  A rule whose facts are missing returns nothing
(other rules report missing facts); it never guesses.

Finding ids (stable):

=================================  =================================================
``driver-too-old-for-cuda``         driver below the minimum for TF's CUDA (minor-version rule)
``driver-too-old-for-ptx-jit``      a GPU needs PTX JIT and the driver is older than the build CUDA
``driver-below-tf-wsl2-minimum``    WSL2 Windows driver meets CUDA 12's floor but not TF's 528.33
``cuda-major-mismatch``             only CUDA libraries of another major are present
``cudnn-major-mismatch``            only cuDNN libraries of another major are present
``system-cuda-not-used``            system CUDA of another major, pip wheels serve TF (info)
``system-cudnn-not-used``           system cuDNN of another major, the pip wheel serves TF (info)
``python-outside-tf-range``         Python outside the release's tested range
``gpu-cc-below-wheel-minimum``      TensorFlow ignores a GPU below the wheel's smallest CC
``gpu-needs-ptx-jit``               no cubin for the GPU: kernels JIT-compiled at start
``gpu-compute-capability-unknown``  the GPU's CC is not reported and its name is not in the table
``numpy2-with-old-tf``              numpy 2 with a TensorFlow built before numpy 2
``nvidia-wheels-mismatch-tf-pins``  installed ``nvidia-*`` wheels differ from the and-cuda pins
=================================  =================================================
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.facts import GPU, HostFacts, ProbeStatus
from tfgpu.facts.view import Facts
from tfgpu.findings import Evidence, Finding, Severity
from tfgpu.knowledge import (
    Knowledge,
    KnowledgeQueryError,
    TestedConfig,
    classify_cc,
    docs,
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
        if _parses(build.get("cuda_version")):
            cuda = build["cuda_version"]
            cuda_ev = Evidence("tf.build_info.cuda_version", cuda)
        else:
            cuda = config.cuda
            cuda_ev = Evidence(config.ref, f"CUDA {cuda} (tested configuration)")
        if _parses(build.get("cudnn_version")):
            cudnn = build["cudnn_version"]
            cudnn_ev = Evidence("tf.build_info.cudnn_version", cudnn)
        else:
            cudnn = config.cudnn
            cudnn_ev = Evidence(config.ref, f"cuDNN {cudnn} (tested configuration)")
    archs = parse_arch_list(build.get("cuda_compute_capabilities", ""))
    build_archs = archs if (archs[0] or archs[1]) and cuda is not None else None
    return _TF(version, evidence, os, config, cuda, cuda_ev, cudnn, cudnn_ev, build_archs)


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


def _min_gpu_cc(facts: HostFacts, kb: Knowledge) -> str | None:
    """The smallest known compute capability among the NVIDIA GPUs (``None``: none known)."""
    ccs = [cc for g in facts.nvidia_gpus if not g.is_mig and (cc := _gpu_cc(g, kb)[0])]
    return min(ccs, key=parse_cc) if ccs else None


# ---------------------------------------------------------------------- driver


# ---------------------------------------------------------------------- CUDA / cuDNN


# ---------------------------------------------------------------------- Python


def python_outside_tf_range(f: Facts) -> Iterator[Finding]:
    """Python is outside the installed release's tested range (``tf_tested_configs.toml``).

    No wheel of that release was published for such a Python, so the install is an
    untested combination (a warning), or broken when TensorFlow fails to import (error).
    """
    facts = f.host
    if facts is None:
        return
    kb = f.kb
    tf = _installed_tf(facts, kb)
    py = facts.python.version
    if tf is None or tf.config is None or py is None or not _parses(py):
        return
    config = tf.config
    if config.python_ok(py) is not False:
        return
    broken = facts.tf is not None and facts.tf.status is ProbeStatus.ERROR
    fix = [f"# use Python {config.python_max} (or down to {config.python_min}) in a new "
           f"virtual environment for TensorFlow {tf.series}"]
    newest = next((row for row in kb.tested_configs(os=tf.os)[::-1]
                   if row.python_ok(py)), None)
    if newest is not None:
        fix.append(f"# or install TensorFlow {newest.tf_series}, tested with Python "
                   f"{newest.python_min}-{newest.python_max}:")
        fix.append(_pip_spec(facts, kb, newest.tf_series, tf.os))
    yield catalogue.make(
        "python-outside-tf-range",
        severity=Severity.ERROR if broken else Severity.WARNING,
        python=facts.python.version, series=tf.series, low=config.python_min,
        high=config.python_max, tf=config.tf_version, platform=config.platform, ref=config.ref,
        evidence=(Evidence("python.version", py), tf.evidence),
        fix=fix,
        doc_url=kb.doc_url(config),
        knowledge_ref=config.ref,
    )


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


def _marketing_name(name: str) -> str:
    """``lspci``'s bracketed marketing name (``GM204 [GeForce GTX 970]`` -> ``GeForce GTX
    970``), else ``name`` as it is."""
    m = re.search(r"\[((?:GeForce|Quadro|Tesla|TITAN|RTX|NVIDIA)[^\]]*)\]", name, re.I)
    return m.group(1).strip() if m else name


def _cc_unknown_fix(facts: HostFacts, unknown: list[GPU]) -> tuple[str, ...]:
    """How to learn an unknown compute capability on this host.

    ``nvidia-smi`` needs a working driver: with the driver missing or broken (the GPU
    known only from ``lspci``, or ``nvidia-smi`` failing), fix the driver first, or look
    the name up in tfgpu's GPU table.
    """
    lookup = tuple(f"tfgpu matrix --gpu {c.quote(facts, _marketing_name(g.name))}"
                   for g in unknown)
    d = facts.driver
    if d is None or d.status is not ProbeStatus.OK:
        return ("# nvidia-smi cannot run without a working driver: install or fix the "
                "NVIDIA driver first (see the driver finding), then rerun tfgpu doctor",
                "# or look the GPU up by name:", *lookup)
    return ("nvidia-smi --query-gpu=name,compute_cap --format=csv",
            "# or look the GPU up by name:", *lookup)


def compute_capability(f: Facts) -> Iterator[Finding]:
    """GPU compute capability against the CCs compiled into the installed build.

    Rule (``tf_compute_capabilities.toml``; tensorflow ``gpu_device.cc``): a GPU below
    the build's smallest CC is ignored; a GPU with no cubin of its major and an equal or
    lower minor runs kernels JIT-compiled from PTX at start ("could take 30 minutes or
    longer"), which also needs a driver at least as new as the build CUDA (the PTX JIT
    limit of minor-version compatibility; ``cuda_min_driver.toml`` toolkit rows).  The
    compiled CCs come from ``tf.build_info['cuda_compute_capabilities']`` when the probe
    has it (conda-forge and NGC builds differ from the official wheels), else from the
    official wheel's row.
    """
    facts = f.host
    if facts is None:
        return
    kb = f.kb
    tf = _installed_tf(facts, kb)
    if tf is None or tf.cuda is None or tf.os == "macos":
        return
    wheel = kb.wheel_compute_capabilities(tf.version)
    if tf.build_archs is not None:
        sass_t, ptx_t = tf.build_archs
        build_cuda = tf.cuda
        where = "tf.build_info.cuda_compute_capabilities"
    elif wheel is not None:
        sass_t, ptx_t = wheel.sass, wheel.ptx
        build_cuda = wheel.row.build_cuda
        where = f"the official TensorFlow {tf.series} wheel"
    else:
        return
    ref_row = wheel.row if wheel is not None else tf.config
    ref = ref_row.ref if ref_row is not None else None
    doc = kb.doc_url(ref_row) if ref_row is not None else None
    min_cc = min((*sass_t, *ptx_t), key=parse_cc)
    below: list[tuple[GPU, str, Evidence]] = []
    jit: list[tuple[GPU, str, Evidence, str | None]] = []
    unknown: list[GPU] = []
    for gpu in facts.nvidia_gpus:
        if gpu.is_mig:
            continue
        cc, ev = _gpu_cc(gpu, kb)
        if cc is None:
            unknown.append(gpu)
            continue
        status, via = classify_cc(sass_t, ptx_t, cc)
        if status in ("below-minimum", "no-kernels"):
            below.append((gpu, cc, ev))
        elif status == "ptx-jit":
            jit.append((gpu, cc, ev, via))
    if unknown:
        names = ", ".join(f"GPU {g.index}: {g.name}" for g in unknown)
        yield catalogue.make(
            "gpu-compute-capability-unknown", gpus=names,
            evidence=tuple(Evidence(f"gpus[{g.index}].name", g.name) for g in unknown),
            fix=_cc_unknown_fix(facts, unknown),
            knowledge_ref="gpu_compute_capability",
        )
    archs_text = f"SASS {' '.join(sass_t)}, PTX {' '.join(ptx_t)}, from {where}"
    if below:
        newest = next(
            (c for c in kb.gpu_configs(tf.os)
             if all((s := kb.cc_support(c.tf_version, cc)) is not None
                    and s.status not in ("below-minimum", "no-kernels") for _, cc, _ in below)),
            None)
        fix = ([f"# use TensorFlow {newest.tf_series}, the newest official release whose "
                f"wheel includes CC {below[0][1]}:",
                _pip_spec(facts, kb, newest.tf_series, tf.os)] if newest else
               [f"# no official TensorFlow wheel includes CC {below[0][1]}: TensorFlow already "
                "runs on the CPU as it is installed; for this GPU, build TensorFlow from "
                "source (an old release whose CUDA still supports it) or use a newer GPU"])
        gpus = ", ".join(f"GPU {g.index} ({g.name}, CC {cc})" for g, cc, _ in below)
        yield catalogue.make(
            "gpu-cc-below-wheel-minimum",
            tf=tf.version, gpus=gpus, min_cc=min_cc, cc=below[0][1], archs=archs_text, ref=ref,
            evidence=(tf.evidence, *(ev for _, _, ev in below)),
            fix=fix,
            doc_url=doc,
            knowledge_ref=ref,
        )
    if not jit:
        return
    gpus = ", ".join(f"GPU {g.index} ({g.name}, CC {cc})" for g, cc, _, _ in jit)
    via = jit[0][3]
    slow = kb.platform_fact("ptx-jit-slow-first-run")
    fix = ["# expect a slow first start while kernels compile; keep the compiled kernels in "
           "a large CUDA JIT cache:",
           _env_assignment(facts, slow.value("cache_env"))]
    newer = next(
        (c for c in kb.gpu_configs(tf.os)
         if parse_version(c.tf_version) > parse_version(tf.version)
         and all((s := kb.cc_support(c.tf_version, cc)) is not None
                 and s.status == "native" for _, cc, _, _ in jit)),
        None)
    if newer is not None:
        fix.append(f"# or use TensorFlow {newer.tf_series}, whose wheel has native cubins "
                   f"for CC {jit[0][1]}:")
        fix.append(_pip_spec(facts, kb, newer.tf_series, tf.os))
    yield catalogue.make(
        "gpu-needs-ptx-jit",
        tf=tf.version, gpus=gpus, cc=jit[0][1], archs=archs_text, via=via, ref=ref,
        evidence=(tf.evidence, *(ev for _, _, ev, _ in jit)),
        fix=fix,
        doc_url=doc,
        knowledge_ref=ref,
    )
    drv_ev = _driver_evidence(facts)
    if drv_ev is None:
        return
    assert facts.driver is not None and facts.driver.version is not None
    driver = facts.driver.version
    ok, minimum = kb.driver_ok(driver, build_cuda, tf.os, ptx_jit=True)
    if ok is False and minimum is not None:
        yield catalogue.make(
            "driver-too-old-for-ptx-jit",
            driver=driver, tf=tf.version, gpus=gpus, floor=minimum.version, cuda=build_cuda,
            ref=minimum.row.ref,
            evidence=(drv_ev, tf.evidence, *(e for _, _, e, _ in jit)),
            fix=(f"# install an NVIDIA driver >= {minimum.version}: "
                 f"{docs.url('nvidia-drivers')}",),
            doc_url=kb.doc_url(minimum.row),
            knowledge_ref=minimum.row.ref,
        )


def _env_assignment(facts: HostFacts, assignment: str) -> str:
    """``NAME=value`` as this shell's command setting it (``export NAME=value``...)."""
    name, _, value = assignment.partition("=")
    return c.set_env(facts, name.strip(), value.strip())


# ---------------------------------------------------------------------- OS, numpy, pip


def numpy2_with_old_tf(f: Facts) -> Iterator[Finding]:
    """numpy 2 installed with a TensorFlow older than the first release built for it.

    Source: platform fact ``numpy2-first-tf`` (2.18.0; 2.14.1-2.17.x cap numpy < 2,
    2.14.0 has no cap so pip can pair it with numpy 2).
    """
    facts = f.host
    if facts is None:
        return
    kb = f.kb
    tf = _installed_tf(facts, kb)
    numpy = facts.python.dist("numpy")
    if tf is None or numpy is None or not _parses(numpy.version):
        return
    fact = kb.platform_fact("numpy2-first-tf")
    first = fact.value("tf_version")
    if parse_version(numpy.version).major < 2 or parse_version(tf.version) >= parse_version(first):
        return
    yield catalogue.make(
        "numpy2-with-old-tf",
        numpy=numpy.version, tf=tf.version, first=first, ref=fact.ref,
        evidence=(Evidence("python.distributions", f"numpy {numpy.version}"), tf.evidence),
        fix=(c.pip(facts, "install", "numpy<2"),
             f"# or upgrade TensorFlow to {first} or later:",
             c.pip(facts, "install", f"tensorflow>={first}")),
        doc_url=kb.doc_url(fact),
        knowledge_ref=fact.ref,
    )


