"""Version-matching rules: the installed TensorFlow against driver, CUDA, cuDNN, Python,
GPU compute capability, OS, numpy and the pip ``nvidia-*`` wheels.

Every rule is pure (``(HostFacts, Knowledge) -> findings``), states its rule with the
numbers in ``cause``, and names the knowledge row it used in ``knowledge_ref``
(``tfgpu/knowledge/data/*.toml``).  A rule whose facts are missing returns nothing
(other rules report missing facts); it never guesses.

Finding ids (stable; the Python and numpy checks live in ``tf_install.py``):

=================================  =================================================
``driver-too-old-for-cuda``         driver below the minimum for TF's CUDA (minor-version rule)
``driver-too-old-for-ptx-jit``      a GPU needs PTX JIT and the driver is older than the build CUDA
``driver-below-tf-wsl2-minimum``    WSL2 Windows driver meets CUDA 12's floor but not TF's 528.33
``cuda-major-mismatch``             only CUDA libraries of another major are present
``cudnn-major-mismatch``            only cuDNN libraries of another major are present
``system-cuda-not-used``            system CUDA of another major, pip wheels serve TF (info)
``system-cudnn-not-used``           system cuDNN of another major, the pip wheel serves TF (info)
``gpu-needs-ptx-jit``               no cubin for the GPU: kernels JIT-compiled at start
``gpu-compute-capability-unknown``  the GPU's CC is not reported and its name is not in the table
``nvidia-wheels-mismatch-tf-pins``  installed ``nvidia-*`` wheels differ from the and-cuda pins
=================================  =================================================
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.facts import GPU, HostFacts, ProbeStatus
from tfgpu.facts.view import Facts
from tfgpu.findings import Evidence, Finding
from tfgpu.knowledge import (
    Knowledge,
    KnowledgeQueryError,
    TestedConfig,
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


def driver_too_old_for_cuda(f: Facts) -> Iterator[Finding]:
    """The driver is below the minimum for the CUDA the installed TensorFlow was built with.

    Rule: NVIDIA minor-version compatibility (``cuda_min_driver.toml``, rows
    ``11.x``/``12.x``/``13.x``; https://docs.nvidia.com/deploy/cuda-compatibility/
    minor-version-compatibility.html): CUDA 11+ code runs on any driver at or above its
    family floor; pre-11 CUDA needs its toolkit's own minimum.  The CUDA comes from
    ``tf.build_info`` or else the tested-configuration row.  Inside WSL2 the driver is
    the Windows driver and is compared with the Windows column.
    """
    facts = f.host
    if facts is None:
        return
    kb = f.kb
    tf = _installed_tf(facts, kb)
    ev = _driver_evidence(facts)
    if tf is None or tf.cuda is None or ev is None or tf.os == "macos":
        return
    assert facts.driver is not None and facts.driver.version is not None
    driver = facts.driver.version
    ok, minimum = kb.driver_ok(driver, tf.cuda, tf.os)
    if ok is True and tf.os == "wsl2":
        yield from _below_tf_wsl2_minimum(driver, tf, ev, kb)
    if ok is not False or minimum is None:
        return
    column = "Linux" if tf.os == "linux" else "Windows"
    fix = [f"# install an NVIDIA driver >= {minimum.version} ({column} driver"
           + (", installed on the Windows side: WSL2 uses it" if tf.os == "wsl2" else "")
           + f"): {docs.url('nvidia-drivers')}"]
    cc = _min_gpu_cc(facts, kb)
    alt = kb.newest_tf_for(tf.os, python=facts.python.version, driver=driver,
                           compute_capability=cc)
    if alt is not None and parse_version(alt.tf_version) < parse_version(tf.version):
        fix.append(f"# or use TensorFlow {alt.tf_series} (CUDA {alt.cuda}), the newest release "
                   "this driver runs" + (f" on a GPU of compute capability {cc}" if cc else "")
                   + ":")
        fix.append(_pip_spec(facts, kb, alt.tf_series, tf.os))
    else:
        fix.extend(_other_python_alternative(facts, kb, tf, driver, cc))
    yield catalogue.make(
        "driver-too-old-for-cuda",
        variant=None if minimum.rule == "minor-version-compat" else "toolkit-minimum",
        driver=driver, tf=tf.version, cuda=tf.cuda, floor=minimum.version,
        rule_cuda=minimum.row.cuda_version, column=column, ref=minimum.row.ref,
        evidence=tuple(e for e in (ev, tf.evidence, tf.cuda_evidence) if e is not None),
        fix=fix,
        doc_url=kb.doc_url(minimum.row),
        knowledge_ref=minimum.row.ref,
    )


def _below_tf_wsl2_minimum(driver: str, tf: _TF, ev: Evidence, kb: Knowledge) -> Iterator[Finding]:
    """WARNING when a WSL2 (Windows) driver meets CUDA 12's Windows floor (527.41) but is
    below TensorFlow's WSL2 minimum 528.33 (platform fact ``wsl2-min-driver``, from
    https://www.tensorflow.org/install/pip).  A bare branch (``"528"``) is not judged."""
    fact = kb.platform_fact("wsl2-min-driver")
    need = fact.value("min_driver")
    if (tf.cuda is None or _major(tf.cuda) != int(fact.value("cuda_major"))
            or len(parse_version(driver).release) < 2
            or parse_version(driver) >= parse_version(need)):
        return
    yield catalogue.make(
        "driver-below-tf-wsl2-minimum",
        driver=driver, need=need, cuda=tf.cuda, floor=fact.value("cuda_floor_windows"),
        ref=fact.ref,
        evidence=tuple(e for e in (ev, tf.evidence, tf.cuda_evidence) if e is not None),
        fix=(f"# update the Windows NVIDIA driver to {need} or newer (WSL2 uses it): "
             f"{docs.url('nvidia-drivers')}",),
        doc_url=kb.doc_url(fact),
        knowledge_ref=fact.ref,
    )


def _other_python_alternative(
    facts: HostFacts, kb: Knowledge, tf: _TF, driver: str, cc: str | None
) -> list[str]:
    """Fix lines for an older TensorFlow that this driver runs but this Python cannot.

    The same alternative ``tfgpu plan`` offers: the newest GPU release with no driver or
    compute-capability blocker (``kb.newest_tf_for`` without the Python), installed into a
    new virtual environment of the newest Python its tested-configuration row lists
    (``tf_tested_configs.toml`` ``python_max``).  Empty when there is no such release or
    it is not older than the installed one.
    """
    other = kb.newest_tf_for(tf.os, driver=driver, compute_capability=cc)
    if (other is None or other.python_max is None
            or parse_version(other.tf_version) >= parse_version(tf.version)):
        return []
    py = other.python_max
    first = kb.platform_fact("and-cuda-extra-first").value("tf_version")
    extra = tf.os in ("linux", "wsl2") and series(other.tf_series) >= series(first)
    pkg = f"tensorflow{'[and-cuda]' if extra else ''}=={other.tf_series}.*"
    venv = "tf" + other.tf_series.replace(".", "")
    if tf.os == "windows":
        cmd = (f'py -{py} -m venv %USERPROFILE%\\{venv} && '
               f'%USERPROFILE%\\{venv}\\Scripts\\python -m pip install "{pkg}"')
    else:
        cmd = f"python{py} -m venv ~/{venv} && ~/{venv}/bin/python -m pip install '{pkg}'"
    lines = [f"# or, without a driver upgrade: a new venv with Python {py} and TF "
             f"{other.tf_series} (CUDA {other.cuda}; Python {other.python_min}-{py}, not "
             f"{facts.python.version}):", cmd]
    if not extra and tf.os != "windows":
        lines.append(f"# TensorFlow {other.tf_series} predates the [and-cuda] extra: install "
                     f"CUDA {other.cuda} and cuDNN {other.cudnn} system-wide too "
                     "(tfgpu plan lists the steps)")
    return lines


# ---------------------------------------------------------------------- CUDA / cuDNN


def _lib_majors(facts: HostFacts, name: str) -> tuple[list[int], list[int], bool]:
    """(majors of selected/usable copies, majors of all copies, any copy from pip wheels)."""
    libs = [lib for lib in facts.libraries if lib.name == name]
    any_selected = any(lib.selected for lib in libs)
    usable = [m for lib in libs if (lib.selected or not any_selected)
              and (m := _major(lib.version)) is not None]
    every = [m for lib in libs if (m := _major(lib.version)) is not None]
    from_pip = any(lib.origin == "tf-runpath" for lib in libs)
    return usable, every, from_pip


def cuda_cudnn_major(f: Facts) -> Iterator[Finding]:
    """System CUDA/cuDNN of the wrong major for the installed TensorFlow.

    TensorFlow dlopens libraries by SONAME major (``libcudart.so.12``, ``libcudnn.so.9``,
    ``cudnn64_8.dll``): a CUDA 11 toolkit cannot serve a TensorFlow built with CUDA 12.
    The expected majors come from ``tf.build_info`` or the tested-configuration row
    (``tf_tested_configs.toml``).  When the pip ``nvidia-*-cuXX`` wheels of the right
    major are installed, TensorFlow loads those and a system toolkit of another major
    does not matter (an info finding says so).
    """
    facts = f.host
    if facts is None:
        return
    kb = f.kb
    tf = _installed_tf(facts, kb)
    if tf is None or tf.cuda is None or tf.os == "macos":
        return
    want_cuda = _major(tf.cuda)
    want_cudnn = _major(tf.cudnn)
    ref = tf.config.ref if tf.config else None
    usable_rt, all_rt, pip_rt_lib = _lib_majors(facts, "cudart")
    toolkit_majors = [(t, m) for t in facts.toolkits if (m := _major(t.version)) is not None]
    pip_rt = facts.python.dist(f"nvidia-cuda-runtime-cu{want_cuda}") is not None or pip_rt_lib
    have_cuda = want_cuda in usable_rt or pip_rt or any(m == want_cuda for _, m in toolkit_majors)
    wrong_toolkits = [(t, m) for t, m in toolkit_majors if m != want_cuda]
    wrong_rt = [m for m in all_rt if m != want_cuda]
    if want_cuda is not None and not have_cuda and (wrong_toolkits or wrong_rt):
        found = ", ".join(
            [f"CUDA {t.version} toolkit ({t.root or t.nvcc_path or t.source})"
             for t, _ in wrong_toolkits]
            + [f"libcudart major {m}" for m in sorted(set(wrong_rt))]
        )
        fix = []
        if tf.os in ("linux", "wsl2") and kb.and_cuda_pins(tf.version):
            fix.append(c.pip(facts, "install", f"tensorflow[and-cuda]=={tf.version}")
                       + f"   # brings CUDA {want_cuda} as pip wheels; no system toolkit needed")
        fix.append(f"# or install a CUDA {tf.cuda} toolkit and put its libraries on the "
                   + ("PATH" if tf.os == "windows" else "LD_LIBRARY_PATH"))
        yield catalogue.make(
            "cuda-major-mismatch",
            tf=tf.version, major=want_cuda, found=found, cuda=tf.cuda, ref=ref,
            evidence=tuple(e for e in (tf.evidence, tf.cuda_evidence) if e is not None)
            + tuple(Evidence("toolkits", f"{t.version} at {t.root or t.nvcc_path}")
                    for t, _ in wrong_toolkits),
            fix=fix,
            doc_url=kb.doc_url(tf.config) if tf.config else None,
            knowledge_ref=ref,
        )
    elif want_cuda is not None and pip_rt and wrong_toolkits:
        yield catalogue.make(
            "system-cuda-not-used",
            system=wrong_toolkits[0][0].version, tf=tf.version, major=want_cuda, ref=ref,
            system_major=wrong_toolkits[0][1],
            evidence=tuple(Evidence("toolkits", f"{t.version} at {t.root or t.nvcc_path}")
                           for t, _ in wrong_toolkits),
            knowledge_ref=ref,
        )
    if want_cudnn is None:
        return
    usable_dnn, all_dnn, _ = _lib_majors(facts, "cudnn")
    pip_dnn = facts.python.dist(f"nvidia-cudnn-cu{want_cuda}")
    pip_dnn_major = _major(pip_dnn.version) if pip_dnn is not None else None
    have_dnn = want_cudnn in usable_dnn or pip_dnn_major == want_cudnn
    wrong_dnn = sorted({m for m in all_dnn if m != want_cudnn}
                       | ({pip_dnn_major} if pip_dnn_major not in (None, want_cudnn) else set()))
    wrong_dnn_int = [m for m in wrong_dnn if m is not None]
    if not have_dnn and wrong_dnn_int:
        libs = [f"{lib.filename} ({lib.path})" for lib in facts.libraries
                if lib.name == "cudnn" and _major(lib.version) in wrong_dnn_int]
        if pip_dnn is not None and pip_dnn_major in wrong_dnn_int:
            libs.append(f"{pip_dnn.name} {pip_dnn.version}")
        fix = []
        pins = {p.package: p for p in kb.and_cuda_pins(tf.version)}
        pin = pins.get(f"nvidia-cudnn-cu{want_cuda}")
        if pin is not None and tf.os in ("linux", "wsl2"):
            fix.append(c.pip(facts, "install", f"nvidia-cudnn-cu{want_cuda}{pin.specifier}")
                       + f"   # the pin of tensorflow[and-cuda]=={pin.tf_version}")
        fix.append(f"# or install cuDNN {want_cudnn}.x for CUDA {want_cuda} and make it the "
                   "one the loader finds")
        yield catalogue.make(
            "cudnn-major-mismatch",
            tf=tf.version, major=want_cudnn, found="/".join(map(str, wrong_dnn_int)),
            cudnn=tf.cudnn, ref=ref,
            evidence=tuple(e for e in (tf.evidence, tf.cudnn_evidence) if e is not None)
            + tuple(Evidence("libraries", s) for s in libs),
            fix=fix,
            doc_url=kb.doc_url(tf.config) if tf.config else None,
            knowledge_ref=ref,
        )
    elif pip_dnn is not None and pip_dnn_major == want_cudnn:
        system = [lib for lib in facts.libraries if lib.name == "cudnn"
                  and lib.origin != "tf-runpath" and _major(lib.version) not in (None, want_cudnn)]
        if system:
            yield catalogue.make(
                "system-cudnn-not-used",
                system=system[0].version, tf=tf.version, major=want_cudnn, wheel=pip_dnn.name,
                wheel_version=pip_dnn.version, system_major=_major(system[0].version), ref=ref,
                evidence=tuple(Evidence("libraries", f"{lib.filename} ({lib.path})")
                               for lib in system),
                knowledge_ref=ref,
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




def nvidia_wheels_match_pins(f: Facts) -> Iterator[Finding]:
    """Installed ``nvidia-*`` wheels that differ from the installed TensorFlow's and-cuda pins.

    Source: ``tf_pip_cuda_wheels.toml`` (the release's wheel METADATA).  Only packages
    that are installed are compared; a missing wheel is another rule's business.
    """
    facts = f.host
    if facts is None:
        return
    kb = f.kb
    tf = _installed_tf(facts, kb)
    if tf is None:
        return
    pins = kb.and_cuda_pins(tf.version)
    bad: list[tuple[str, str, str]] = []
    for pin in pins:
        d = facts.python.dist(pin.package)
        if d is None or not _parses(d.version):
            continue
        if not pin.allows(d.version):
            bad.append((pin.package, d.version, pin.specifier))
    if not bad:
        return
    release = pins[0].tf_version
    ref = f"tf_pip_cuda_wheels:{release}-{bad[0][0]}"
    listing = "; ".join(f"{p} {v} not {s}" for p, v, s in bad)
    yield catalogue.make(
        "nvidia-wheels-mismatch-tf-pins",
        count=len(bad), release=release, listing=listing,
        evidence=(*(Evidence("python.distributions", f"{p} {v}") for p, v, _ in bad),
                  tf.evidence),
        fix=(c.pip(facts, "install", f"tensorflow[and-cuda]=={tf.version}")
             + "   # reinstalls the pinned wheels",
             c.pip(facts, "install", *(f"{p}{s}" for p, _, s in bad))),
        doc_url=kb.doc_url(kb.row(ref)),
        knowledge_ref=ref,
    )


