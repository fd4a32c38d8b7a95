"""Rules about the TensorFlow installation and what the TensorFlow child probe saw.

Each rule is pure: ``(HostFacts, Knowledge) -> Iterable[Finding]``.  Package facts are
from compat/FACTS.md ("Packages and variants"): from 2.1 the plain ``tensorflow`` wheel is
the CUDA build and ``tensorflow-cpu`` the CPU-only variant [REL21, WHL]; ``tensorflow-gpu``
was retired (2.12.0 is a stub that never installs) [PIPRUN, ISS-60074]; native Windows
GPU support ended with 2.10 [PIPMD]; official x86 wheels need AVX since TF 1.6 (TensorFlow
RELEASE.md, Release 1.6.0).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from packaging.version import InvalidVersion, Version

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.facts import HostFacts, ProbeStatus
from tfgpu.facts.view import Facts
from tfgpu.findings import Evidence, Finding, Severity

if TYPE_CHECKING:
    from tfgpu.knowledge import Knowledge

#: The libraries TensorFlow dlopens before it registers a GPU (Linux names without
#: ``lib``/``.so``); "Cannot dlopen some GPU libraries" names one of them.
TF_GPU_LIBRARIES: tuple[str, ...] = (
    "cudart", "cublas", "cublasLt", "cufft", "cusparse", "cusolver", "cudnn",
)
#: Log lines that carry the reason TensorFlow dropped a GPU (used as evidence).
_REASON_RE = re.compile(
    r"Could not load dynamic library|Cannot dlopen|cannot open shared object|"
    r"Skipping registering GPU|CUDA_ERROR|cuInit|minimum required Cuda capability|"
    r"compute capability|libdevice|ptxas|driver version is insufficient",
    re.IGNORECASE,
)


def _version(text: str | None) -> Version | None:
    if not text:
        return None
    try:
        return Version(text)
    except InvalidVersion:
        return None


def _tf_version(facts: HostFacts, kb: Knowledge) -> str | None:
    if facts.tf is not None and facts.tf.version:
        return facts.tf.version
    for name in kb.tf_distributions():
        d = facts.python.dist(name)
        if d is not None:
            return d.version
    return None


def _driver_gpus(facts: HostFacts) -> bool:
    return any(g.source not in ("lspci", "sysfs") for g in facts.nvidia_gpus)


def _windows_native(facts: HostFacts) -> bool:
    return facts.os.system == "Windows"


def _windows_too_new(facts: HostFacts, kb: Knowledge) -> bool:
    """Native Windows with a TensorFlow after the last native GPU release (platform fact
    windows-native-gpu-last: 2.10)."""
    v = _version(_tf_version(facts, kb))
    last, _ = kb.fact_series("windows-native-gpu-last")
    return _windows_native(facts) and v is not None and (*v.release, 0)[:2] > last


def _installed(facts: HostFacts, kb: Knowledge) -> list[str]:
    return [n for n in kb.tf_distributions() if facts.python.dist(n) is not None]


def _dist_evidence(facts: HostFacts, names: list[str]) -> tuple[Evidence, ...]:
    out = []
    for n in names:
        d = facts.python.dist(n)
        if d is not None:
            out.append(Evidence("python.distributions", f"{d.name}=={d.version}"
                                + (f" ({d.location})" if d.location else "")))
    return tuple(out)


def tensorflow_not_installed(f: Facts) -> Iterator[Finding]:
    """No TensorFlow distribution in the probed interpreter."""
    facts = f.host
    if facts is None:
        return
    kb = f.kb
    if facts.python.version is None:
        return  # python_interpreter_unusable: nothing is known about its packages
    tf = facts.tf
    missing = (tf is not None and tf.status is ProbeStatus.MISSING) or (
        (tf is None or tf.status is ProbeStatus.SKIPPED) and facts.python.distributions
        and not _installed(facts, kb))
    if not missing:
        return
    yield catalogue.make(
        "tensorflow-not-installed",
        variant="externally-managed" if facts.python.externally_managed else None,
        executable=facts.python.executable, python=facts.python.version,
        evidence=(Evidence("python.executable", facts.python.executable),
                  Evidence("python.distributions", "no tensorflow, tensorflow-cpu, tf-nightly "
                                                   "or other TensorFlow distribution")),
        fix=_venv_install(facts) if facts.python.externally_managed
        else (c.tf_install_command(facts),),
    )


def _venv_install(facts: HostFacts) -> tuple[str, ...]:
    """Create ``~/tf`` and install TensorFlow there (PEP 668: never into the system Python).

    Source: https://peps.python.org/pep-0668/ and https://www.tensorflow.org/install/pip
    (step "Create a virtual environment").
    """
    exe = facts.python.executable or "python3"
    venv_py = "~/tf/bin/python"
    spec = "tensorflow[and-cuda]" if facts.nvidia_gpus and facts.os.system == "Linux" \
        else "tensorflow"
    return (f"{c.quote(facts, exe)} -m venv ~/tf && {venv_py} -m pip install "
            f"{c.quote(facts, spec)}",
            "# then run TensorFlow (and tfgpu doctor --python ~/tf/bin/python) with ~/tf's "
            "Python")


def python_interpreter_unusable(f: Facts) -> Iterator[Finding]:
    """The examined interpreter could not be run: nothing about its TensorFlow is known."""
    facts = f.host
    if facts is None:
        return
    if facts.python.version is not None:
        return
    rec = facts.probe("python")
    yield catalogue.make(
        "python-interpreter-unusable", executable=facts.python.executable,
        evidence=c.record_evidence(rec) or (Evidence("python.version", "unknown"),),
        fix=(f"{c.quote(facts, facts.python.executable)} -c 'import sys; print(sys.version)'",),
    )


def cpu_only_build(f: Facts) -> Iterator[Finding]:
    """A CPU-only TensorFlow: ``tensorflow-cpu``, or a build with ``is_cuda_build`` False."""
    facts = f.host
    if facts is None:
        return
    kb = f.kb
    if _windows_too_new(facts, kb) and facts.nvidia_gpus:
        return  # windows_native_no_gpu explains it
    tf = facts.tf
    info = tf.build_info if tf is not None and tf.status is ProbeStatus.OK else {}
    cpu_dist = facts.python.dist("tensorflow-cpu") or facts.python.dist("tf-nightly-cpu")
    reasons: list[str] = []
    ev: list[Evidence] = []
    if info.get("is_cuda_build") == "True":
        return  # tf.build_info is the truth; a both-installed conflict has its own finding
    if cpu_dist is not None:
        reasons.append(f"{cpu_dist.name} {cpu_dist.version} is the CPU-only variant")
        ev.extend(_dist_evidence(facts, [cpu_dist.name]))
    if info.get("is_cuda_build") == "False" and info.get("is_rocm_build") != "True":
        reasons.append(f"tf.sysconfig.get_build_info() says is_cuda_build=False "
                       f"(TensorFlow {tf.version if tf else '?'})")
        ev.append(Evidence("tf.build_info.is_cuda_build", "False"))
    if not reasons:
        return
    gpu_wanted = bool(facts.nvidia_gpus) and facts.os.system == "Linux"
    if facts.os.system == "Darwin":
        reasons.append("there is no CUDA build of TensorFlow for macOS")
    yield catalogue.make(
        "tensorflow-cpu-only-build", variant="gpu-wanted" if gpu_wanted else None,
        evidence=ev, cause="; ".join(reasons),
        fix=(c.pip(facts, "uninstall", "-y", *(_installed(facts, kb) or ["tensorflow-cpu"])),
             c.tf_install_command(facts)) if gpu_wanted else (),
    )


def windows_native_no_gpu(f: Facts) -> Iterator[Finding]:
    """Native Windows with TF >= 2.11 and an NVIDIA GPU: no GPU support any more (2.10 last)."""
    facts = f.host
    if facts is None:
        return
    kb = f.kb
    if not (_windows_too_new(facts, kb) and facts.nvidia_gpus):
        return
    ver = _tf_version(facts, kb)
    fact = kb.platform_fact("windows-native-gpu-last")
    last = fact.value("tf_version")
    conda = " ".join(str(p) for p in fact.values.get("conda_packages", ()))
    pinned = kb.config_for(last, "windows")
    py = facts.python.version
    wsl = kb.platform_fact("wsl2-min-windows-build").value("min_windows_build")
    fix = [f"wsl --install   # Windows 10 build {wsl}+; then, inside WSL2 Ubuntu: "
           "python3 -m pip install 'tensorflow[and-cuda]'",
           f"# or stay native with TensorFlow {last}, the last native-Windows GPU release "
           f"(CUDA and cuDNN via conda):"]
    if pinned is not None and pinned.python_min and py and pinned.python_ok(py) is False:
        fix.append(f"# TensorFlow {last} needs Python {pinned.python_min}-{pinned.python_max}; "
                   f"this one is {py}: create a venv with such a Python first")
    fix += [f"conda install -c conda-forge {conda}",
            c.pip(facts, "install", fact.value("pip_requirement"))]
    yield catalogue.make(
        "tensorflow-windows-native-no-gpu", version=ver, last=last, ref=fact.ref,
        evidence=(Evidence("os.system", "Windows"), Evidence("tf.version", ver or "?")),
        fix=fix, knowledge_ref=fact.ref,
    )


def tensorflow_gpu_package(f: Facts) -> Iterator[Finding]:
    """The retired ``tensorflow-gpu`` (or ``tf-nightly-gpu``) distribution is installed."""
    facts = f.host
    if facts is None:
        return
    kb = f.kb
    old = facts.python.dist("tensorflow-gpu") or facts.python.dist("tf-nightly-gpu")
    if old is None:
        return
    others = [n for n in _installed(facts, kb) if n not in ("tensorflow-gpu", "tf-nightly-gpu")]
    clash = bool(others)
    gone = kb.platform_fact("tensorflow-gpu-removed")
    same, _ = kb.fact_series("tensorflow-is-cuda-build")
    yield catalogue.make(
        "tensorflow-gpu-package-removed", variant="installed",
        severity=Severity.ERROR if clash else Severity.WARNING,
        package=old.name, version=old.version, retired=gone.value("retired"),
        last_linux=gone.value("last_linux"), last_windows=gone.value("last_windows"),
        stub=gone.value("stub_version"), same_since=f"{same[0]}.{same[1]}",
        clash=f"; it also overwrites the same tensorflow/ folder as {', '.join(others)}"
        if clash else "",
        evidence=_dist_evidence(facts, [old.name, *others]),
        fix=(c.pip(facts, "uninstall", "-y", old.name, *others), c.tf_install_command(facts)),
    )


def tensorflow_and_cpu_variant(f: Facts) -> Iterator[Finding]:
    """``tensorflow`` plus ``tensorflow-cpu`` (or a nightly) installed together."""
    facts = f.host
    if facts is None:
        return
    names = [n for n in ("tensorflow", "tensorflow-cpu", "tf-nightly", "tf-nightly-cpu")
             if facts.python.dist(n) is not None]
    if len(names) < 2:
        return
    severe = bool(facts.nvidia_gpus)
    yield catalogue.make(
        "tensorflow-variants-conflict", severity=Severity.ERROR if severe else Severity.WARNING,
        packages=" and ".join(names), listing=", ".join(names),
        evidence=_dist_evidence(facts, names),
        fix=(c.pip(facts, "uninstall", "-y", *names), c.tf_install_command(facts)),
    )


def _reason_lines(lines: tuple[str, ...]) -> tuple[Evidence, ...]:
    hits = [(i + 1, ln) for i, ln in enumerate(lines) if _REASON_RE.search(ln)]
    return tuple(Evidence("tf.log_lines", ln.strip()[:300], i) for i, ln in hits[:4])


def tensorflow_probe_failed(f: Facts) -> Iterator[Finding]:
    """The TensorFlow child crashed, hung, or could not import TensorFlow."""
    facts = f.host
    if facts is None:
        return
    tf = facts.tf
    if tf is None or tf.status not in (ProbeStatus.ERROR, ProbeStatus.TIMEOUT):
        return
    ev = [Evidence("tf.error", tf.error or "?")]
    if tf.returncode is not None:
        ev.append(Evidence("tf.returncode", str(tf.returncode)))
    ev.extend(_reason_lines(tf.log_lines))
    tail = [ln for ln in tf.log_lines if ln.strip()][-2:]
    ev.extend(Evidence("tf.log_lines", ln.strip()[:300]) for ln in tail
              if Evidence("tf.log_lines", ln.strip()[:300]) not in ev)
    repro = c.python_cmd(facts, "import tensorflow as tf; print(tf.__version__)")
    if facts.python.version is None:
        return  # python_interpreter_unusable: TensorFlow is not known to be installed
    if (tf.error or "").startswith("the TensorFlow probe failed"):
        yield catalogue.make(
            "tensorflow-probe-failed", evidence=ev, cause=tf.error or "the probe failed",
            fix=(repro, "tfgpu doctor --debug   # and please report the probe failure"),
        )
        return
    if tf.status is ProbeStatus.TIMEOUT:
        yield catalogue.make(
            "tensorflow-probe-timeout", error=tf.error, evidence=ev,
            fix=("tfgpu doctor --timeout 600   # wait longer once", repro),
        )
    elif (tf.returncode is not None and tf.returncode < 0) or "killed by" in (tf.error or "") \
            or "exited with 0xC" in (tf.error or ""):
        illegal = "SIGILL" in (tf.error or "") or "ILLEGAL_INSTRUCTION" in (tf.error or "")
        cpu_known = facts.probe("cpu") is not None and bool(facts.cpu.flags)
        has_avx = "avx" in facts.cpu.flags
        fix = (repro, c.pip(facts, "install", "--force-reinstall", "--no-deps",
                            f"tensorflow=={tf.version}" if tf.version else "tensorflow"))
        doc = "tf-source" if illegal and not has_avx else None
        if illegal and cpu_known and has_avx:
            flags = " ".join(f for f in facts.cpu.flags if f.startswith(("avx", "fma")))
            yield catalogue.make("tensorflow-import-crashed",
                                 variant="illegal-instruction-with-avx", error=tf.error,
                                 flags=flags, evidence=ev, fix=fix, doc=doc)
        else:
            yield catalogue.make("tensorflow-import-crashed",
                                 variant="illegal-instruction" if illegal else None,
                                 error=tf.error, evidence=ev, fix=fix, doc=doc)
    else:
        yield catalogue.make("tensorflow-import-failed", evidence=ev,
                             cause=tf.error or "the import failed", fix=(repro,))


def cpu_without_avx(f: Facts) -> Iterator[Finding]:
    """An x86 CPU without AVX: official TensorFlow wheels die on import."""
    facts = f.host
    if facts is None:
        return
    machine = (facts.cpu.machine or facts.os.machine or "").lower()
    rec = facts.probe("cpu")
    if machine not in ("x86_64", "amd64") or rec is None or rec.status is not ProbeStatus.OK:
        return
    if "avx" in facts.cpu.flags:
        return
    yield catalogue.make(
        "cpu-without-avx",
        evidence=(Evidence("cpu.model", facts.cpu.model or "?"),
                  Evidence("cpu.flags", " ".join(facts.cpu.flags) or "none of avx/avx2/fma")),
        fix=("# build TensorFlow from source without -mavx, or use a machine with an AVX CPU",),
    )


