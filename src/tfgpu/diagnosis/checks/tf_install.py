"""The TensorFlow installation: which distribution, which Python, NumPy, protobuf, Keras,
and what the TensorFlow child probe saw (pip's own reports: :mod:`.pip_reports`).

Each check is pure, ``(Facts) -> Iterable[Finding]``, and fires whether its fact comes from
the host (the probed interpreter's distributions, ``tf.sysconfig.get_build_info()``) or
from a pasted log (pip's resolver errors, import tracebacks, a ``pip list``).  Package facts are
from compat/FACTS.md ("Packages and variants"): from 2.1 the plain ``tensorflow`` wheel is
the CUDA build and ``tensorflow-cpu`` the CPU-only variant [REL21, WHL]; ``tensorflow-gpu``
was retired (2.12.0 is a stub that never installs) [PIPRUN, ISS-60074]; native Windows
GPU support ended with 2.10 [PIPMD]; official x86 wheels need AVX since TF 1.6 (TensorFlow
RELEASE.md, Release 1.6.0).
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterator
from typing import TYPE_CHECKING

from packaging.version import InvalidVersion, Version

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.diagnosis.checks._common import dist_key as _norm
from tfgpu.diagnosis.checks._gpu_pin import GpuPin, gpu_pin_requirement
from tfgpu.diagnosis.checks._pip_list import pip_list_grep
from tfgpu.diagnosis.checks._protobuf_owner import (
    gencode_owner,
    local_protoc,
    local_protoc_fix,
)
from tfgpu.diagnosis.checks.frozen_apps import bundled_keras_missing
from tfgpu.diagnosis.checks.keras_modules import (
    KerasSrcReading,
    keras3_installed,
    keras3_series,
    read_keras_src,
)
from tfgpu.diagnosis.checks.tf1_era import releases_built_with_cuda, tf1_build_cudas
from tfgpu.diagnosis.checks.tf_keras_copy import is_copy_module, tf_keras_copy_missing
from tfgpu.diagnosis.checks.versions import _installed_tf, _parses, _release_fix

# --- TF 1.x release pins (no_matching_wheel) ---
# isort: split
from tfgpu.diagnosis.checks._addon_frames import (
    addon_importing_at,
    addons_warning_in_log,
    package_frames_above,
)
from tfgpu.facts import DEFAULT_TF_TIMEOUT_S, Distribution, HostFacts, ProbeStatus, TFFacts
from tfgpu.facts.host import TF_PROBE_TOO_OLD_PREFIX
from tfgpu.facts.log import Hit, Hits
from tfgpu.facts.tf_variants import TF_FOLDER_VARIANTS
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Evidence, Finding, Severity
from tfgpu.knowledge import KnowledgeQueryError, PlatformFact, parse_version, series

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




def version_or_none(text: str | None) -> Version | None:
    """``text`` as a PEP 440 :class:`~packaging.version.Version`; ``None`` when it is empty
    or not a version."""
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
    v = version_or_none(_tf_version(facts, kb))
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
    # Without the TensorFlow probe (--no-tf), the interpreter's distributions decide.  An
    # empty list is an empty environment (a fresh venv lists none of the packages tfgpu
    # reads) when the python probe's record says it listed them; without that record (a
    # hand-written snapshot) an empty list is unknown.
    rec = facts.probe("python")
    listed = bool(facts.python.distributions) or (rec is not None
                                                  and rec.status is ProbeStatus.OK)
    missing = (tf is not None and tf.status is ProbeStatus.MISSING) or (
        (tf is None or tf.status is ProbeStatus.SKIPPED) and listed
        and not _installed(facts, kb))
    if not missing:
        return
    evidence = (Evidence("python.executable", facts.python.executable),
                Evidence("python.distributions", "no tensorflow, tensorflow-cpu, tf-nightly "
                                                 "or other TensorFlow distribution"))
    if facts.python.externally_managed:
        yield catalogue.make(
            "tensorflow-not-installed", variant="externally-managed",
            executable=facts.python.executable, python=facts.python.version,
            evidence=evidence, fix=_venv_install(facts))
        return
    clash = cudnn_wheel_clash(facts, kb)
    if clash is not None:
        installed, wanted = clash
        beside = [f"{d.name} {d.version}" for d in facts.python.distributions
                  if _norm(d.name) in ("torch", "jax", "jaxlib", "cupy", "paddlepaddle-gpu")]
        yield catalogue.make(
            "tensorflow-not-installed", variant="other-cuda-wheels",
            executable=facts.python.executable, python=facts.python.version,
            installed=f"{installed.name} {installed.version}", wanted=wanted,
            beside=f" (beside {', '.join(beside)})" if beside else "",
            evidence=(*evidence, Evidence("python.distributions",
                                          f"{installed.name}=={installed.version}")),
            fix=_venv_install(facts), knowledge_ref="platform_facts:cudnn-wheels-share-folder")
        return
    yield catalogue.make(
        "tensorflow-not-installed",
        executable=facts.python.executable, python=facts.python.version,
        evidence=evidence, fix=(c.tf_install_command(facts),))


def cudnn_wheel_clash(facts: HostFacts, kb: Knowledge) -> tuple[Distribution, str] | None:
    """The cuDNN wheel of another CUDA major that ``tensorflow[and-cuda]`` would collide
    with in this interpreter, on Linux with an NVIDIA GPU (where that is the install).

    Platform fact ``cudnn-wheels-share-folder``: ``nvidia-cudnn-cu12`` and
    ``nvidia-cudnn-cu13`` put the same ``libcudnn*.so.9`` names into
    ``site-packages/nvidia/cudnn/lib``, so one environment holds only one of them.

    Returns:
        ``(the installed distribution, the cuDNN wheel the newest release's and-cuda extra
        pins)``, or ``None`` when no such wheel is installed or the pins are unknown.
    """
    if not (facts.nvidia_gpus and facts.os.system == "Linux") or not kb.pins:
        return None
    newest = max({p.tf_version for p in kb.pins}, key=Version)
    wanted = next((_norm(p.package) for p in kb.and_cuda_pins(newest)
                   if _CUDNN_WHEEL.fullmatch(_norm(p.package))), None)
    if wanted is None:
        return None
    for d in facts.python.distributions:
        if _CUDNN_WHEEL.fullmatch(_norm(d.name)) and _norm(d.name) != wanted:
            return d, wanted
    return None


#: ``nvidia-cudnn-cu11``, ``-cu12``, ``-cu13`` (normalised distribution names).
_CUDNN_WHEEL = re.compile(r"nvidia-cudnn-cu\d+")


def _venv_install(facts: HostFacts) -> tuple[str, ...]:
    return venv_install_fix(facts, facts.python.executable)


def venv_install_fix(facts: HostFacts | None, executable: str | None) -> tuple[str, ...]:
    """The fix lines for an interpreter that pip refuses to install into (an
    ``EXTERNALLY-MANAGED`` system Python, PEP 668): create ``~/tf`` with it and install
    TensorFlow there, never into the system Python.  The doctor and ``tfgpu verify`` both
    give these lines.

    Args:
        facts: this host's facts (its shell's quoting; ``tensorflow[and-cuda]`` on Linux
            with an NVIDIA GPU), or ``None`` (POSIX quoting, plain ``tensorflow``).
        executable: the externally-managed interpreter (``python3`` when unknown).

    Source: https://peps.python.org/pep-0668/ and https://www.tensorflow.org/install/pip
    (step "Create a virtual environment").
    """
    exe = executable or "python3"
    venv_py = "~/tf/bin/python"
    spec = ("tensorflow[and-cuda]"
            if facts is not None and facts.nvidia_gpus and facts.os.system == "Linux"
            else "tensorflow")

    def q(word: str) -> str:
        return c.quote(facts, word) if facts is not None else shlex.quote(word)

    # one line: the doctor's plan agreement replaces an install line it does not accept by
    # the plan's own steps (another environment), and this hint goes with it
    return (f"{q(exe)} -m venv ~/tf && {venv_py} -m pip install {q(spec)}   # then run "
            f"TensorFlow (and tfgpu doctor --python {venv_py}) with ~/tf's Python",)


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
    """A CPU-only TensorFlow: ``tensorflow-cpu``, or a build with ``is_cuda_build`` False.

    One fault whether the host facts say it (the distribution, ``get_build_info()``) or a
    pasted log does (``tf.test.is_built_with_cuda()`` printing False, ``'is_cuda_build':
    False``); the old id ``tensorflow-built-without-cuda`` is an alias.
    """
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
        fix=c.fix_lines(facts, _gpu_build_fix(f, _installed(facts, kb))) if gpu_wanted else (),
    )


def _cpu_dists(f: Facts) -> list[str]:
    """The CPU-only TensorFlow distributions (platform fact ``tf-distributions``:
    ``tensorflow-cpu``, ``tf-nightly-cpu``, ...) that the host facts or a pasted
    ``pip list``/``conda list`` (pattern ``pip.listing``) name, in that order."""
    cpu = f.kb.cpu_only_distributions()
    names = [n for n in cpu if f.host is not None and f.host.python.dist(n) is not None]
    names += [d for h in f.h("pip.listing").all() if (d := _norm(h.g("dist") or "")) in cpu]
    return list(dict.fromkeys(names))


def _gpu_build_fix(f: Facts, remove: list[str]) -> tuple[str, ...]:
    """Fix lines that replace a CPU-only TensorFlow with the CUDA build of the same release.

    Installing CUDA or cuDNN does nothing for a build compiled without CUDA: the package
    itself has to change.  The distributions in ``remove`` (those the host facts or the
    log name) are uninstalled first: every TensorFlow distribution installs the same
    ``tensorflow/`` folder, so removing one after installing another deletes files of both
    (platform fact ``tf-distributions``).  When ``remove`` is empty nothing names the
    package, so no name is guessed: :func:`_which_cpu_package` says how to find it.  The
    CUDA build of the release X.Y that the facts or the log show is then
    ``tensorflow-gpu==X.Y.*`` before 2.1 (platform fact ``tensorflow-is-cuda-build``:
    from 2.1 the plain ``tensorflow`` wheel is the CUDA build); ``tensorflow==X.Y.*`` plus
    the system CUDA and cuDNN that release was tested with (knowledge table
    tf_tested_configs) before the ``[and-cuda]`` extra (platform fact
    ``and-cuda-extra-first``) and on native Windows up to platform fact
    ``windows-native-gpu-last``; from the extra on, :func:`_common.and_cuda_fix` (pinned to
    X.Y; it also checks the Python and the driver).  macOS has no CUDA build: Apple's
    ``tensorflow-metal`` plugin (platform fact ``macos-metal-plugin``).  With no release
    known (Linux), the first command reads it from the installed TensorFlow before it is
    removed.

    Raises:
        tfgpu.knowledge.KnowledgeError: a platform fact is missing from the data.
    """
    kb = f.kb
    if f.os == "macos":
        metal = kb.platform_fact("macos-metal-plugin")
        return (f"pip install {metal.value('package')}   # there is no CUDA build for macOS: "
                f"Apple's GPU plugin (macOS {metal.value('min_macos')}+, Python "
                f"{metal.value('min_python')}+; knowledge row {metal.ref}); "
                "is_built_with_cuda() stays False with it",)
    version, mm = f.tf_version, f.tf_mm
    cuda_first, cuda_fact = kb.fact_series("tensorflow-is-cuda-build")
    extra_first, _ = kb.fact_series("and-cuda-extra-first")
    old = mm is not None and mm < cuda_first
    which: tuple[str, ...] = () if remove else _which_cpu_package(
        f, None if mm is not None and not old else cuda_first)
    uninstall = (c.pip(f, "uninstall", "-y", *remove),) if remove else which
    if version is None or mm is None:
        if f.windows:
            return (*uninstall,
                    *windows_last_fix(f))
        extra_note = (f"# before {extra_first[0]}.{extra_first[1]} the [and-cuda] extra does "
                      "not exist: the same command installs that release's CUDA build without "
                      "CUDA/cuDNN wheels; install the CUDA and cuDNN it was tested with (tfgpu "
                      f"matrix --tf <release>); before {cuda_first[0]}.{cuda_first[1]} that "
                      "build is another package: pip install \"tensorflow-gpu==$V\" "
                      f"(knowledge row {cuda_fact.ref})")
        if not remove:
            return (
                "V=$(python -c 'import tensorflow as tf; print(tf.__version__)')   # the "
                "release you have, read before uninstalling it",
                *which,
                'pip install "tensorflow[and-cuda]==$V"   # the CUDA build of that release',
                extra_note,
            )
        return (
            "V=$(python -c 'import tensorflow as tf; print(tf.__version__)') && "
            f'{uninstall[0]} && pip install "tensorflow[and-cuda]==$V"   # the CUDA build of '
            "the release you have",
            extra_note,
        )
    x_y = f"{mm[0]}.{mm[1]}"
    os_ = "windows" if f.windows else "linux"
    tested = kb.tested_gpu_build(version, os_)
    system = (f"# then install CUDA {tested.cuda} and cuDNN {tested.cudnn}, the versions "
              f"TensorFlow {x_y} was tested with (knowledge row {tested.ref})"
              if tested is not None else
              f"# then install the CUDA and cuDNN TensorFlow {x_y} was tested with "
              f"(tfgpu matrix --tf {x_y})")
    if old:
        return (*uninstall, c.pip(f, "install", f"tensorflow-gpu=={x_y}.*") + "   # before "
                f"{cuda_first[0]}.{cuda_first[1]} the CUDA build is tensorflow-gpu "
                f"(knowledge row {cuda_fact.ref})", system)
    if f.windows or mm < extra_first:
        return (*uninstall, c.pip(f, "install", f"tensorflow=={x_y}.*") + "   # the CUDA build "
                f"of TensorFlow {x_y} (knowledge row {cuda_fact.ref})", system)
    return (*uninstall, c.and_cuda_fix(f))


def cpu_only_build_fix(f: Facts) -> tuple[str, ...]:
    """Fix lines for a TensorFlow that the log shows built without CUDA: uninstall the
    CPU-only distributions the host facts or the log name (or list them, when none is named),
    then install the CUDA build of the same release (:func:`_gpu_build_fix`).

    Raises:
        tfgpu.knowledge.KnowledgeError: a platform fact is missing from the data.
    """
    return _gpu_build_fix(f, _cpu_dists(f))


def _which_cpu_package(f: Facts, plain_before: tuple[int, int] | None) -> tuple[str, str]:
    """Fix lines for a CPU-only TensorFlow whose distribution neither the host facts nor
    the log name: list the installed TensorFlow distributions, then uninstall the CPU-only
    one (platform fact ``tf-distributions``, its ``cpu_only`` list) by the name the list
    shows.  ``plain_before``: the release before which the plain ``tensorflow`` wheel was
    the CPU build (platform fact ``tensorflow-is-cuda-build``), named when the release is
    that old or unknown; ``None`` otherwise.  Two lines: the ``pip list`` filter
    (:func:`pip_list_grep`, findstr on native Windows) and a ``#`` instruction."""
    cpu = ", ".join(f.kb.cpu_only_distributions())
    refs = [f.kb.platform_fact("tf-distributions").ref]
    plain = ""
    if plain_before is not None:
        plain = f"; before {plain_before[0]}.{plain_before[1]} the plain tensorflow"
        refs.append(f.kb.platform_fact("tensorflow-is-cuda-build").ref)
    return (pip_list_grep("tensorflow", "tf-nightly", windows=f.windows)
            + "   # the TensorFlow package(s) installed: the log does not name which",
            f"# pip uninstall -y <the CPU-only one it lists: {cpu}{plain}> (knowledge rows "
            f"{', '.join(refs)}): every TensorFlow package installs the same tensorflow/ "
            "folder, so remove it before installing the CUDA build")


def cpu_only_build_log(f: Facts) -> Iterator[Finding]:
    """The log half of :func:`cpu_only_build`: the log shows ``is_built_with_cuda()`` /
    ``is_cuda_build`` False (and no GPU created)."""
    built = f.built_without_cuda()
    calls = f.h("gpu.built_call").all() + f.h("gpu.version_built_call").all()
    if not built or f.h("gpu.created").count or f.tf_gpu_listed:  # or listed
        return
    if any(h.g("type") == "GPU" for h in f.h("gpu.pluggable_created").all()):
        return  # a device plugin's GPU (tensorflow-metal) works without CUDA
    mm = f.tf_mm
    last = f.kb.platform_fact("windows-native-gpu-last")
    if f.windows and mm is not None and mm > series(last.value("tf_version")):
        yield catalogue.make(
            "tensorflow-windows-native-no-gpu", version=f.tf_version,
            last=last.value("tf_version"), ref=last.ref,
            evidence=log_evidence(calls[:1], built) + tuple(f.fact_evidence()),
            fix=(*c.wsl2_tensorflow_lines(f),
                 *((f"pip uninstall -y {' '.join(cpu)}   # the CPU-only package",)
                   if (cpu := _cpu_dists(f)) else ()),
                 *c.windows_native_env_lines(f)),
            knowledge_ref=last.ref,
        )
        return
    if f.windows and mm is None:
        # checked on threads: native Windows, release not shown (tensorflow/tensorflow#62080 (2.14),
        # #68236 (2.16.1): the wheels past 2.10 are CPU-only there); the [and-cuda] extra
        # is a Linux wheel's, so the fix asks for the release first
        v = last.value("tf_version")
        cuda_pkg = f.kb.platform_fact("tensorflow-is-cuda-build")
        first = cuda_pkg.value("tf_version")
        yield catalogue.make(
            "tensorflow-cpu-only-build", variant="log",
            evidence=log_evidence(f.h("gpu.built_call").first[:1], built)
            + tuple(f.fact_evidence()),
            cause=("This TensorFlow build was compiled without CUDA (is_built_with_cuda() is "
                   "False), so it can never use an NVIDIA GPU. On native Windows (this log) "
                   f"that is every TensorFlow after {v}: their Windows wheels are CPU-only "
                   f"(knowledge row {last.ref}); up to {v}, a CPU-only package was "
                   f"installed (tensorflow-cpu; before {first}, the plain tensorflow, whose "
                   f"GPU build was tensorflow-gpu: knowledge row {cuda_pkg.ref}). The release "
                   "tells them apart."),
            fix=('python -c "import tensorflow as tf; print(tf.__version__)"   # after '
                 f"{v}: no GPU on native Windows",
                 *windows_last_fix(f)),
            knowledge_ref=last.ref,
        )
        return
    conda = f.h("gpu.conda_cuda_build").all()
    cause = ("This TensorFlow build was compiled without CUDA (is_built_with_cuda() is False), "
             "so it can never use an NVIDIA GPU.")
    if conda:
        cause += (f" The conda package's build string ({conda[0].g('build')}) claims a CUDA "
                  "build: that published build is mislabelled.")
    yield catalogue.make(
        "tensorflow-cpu-only-build", variant="log",
        evidence=log_evidence(f.h("gpu.built_call").first[:1], built, conda,
                              f.h("gpu.skipping")) + tuple(f.fact_evidence()),
        cause=cause,
        fix=(*(("python -c \"import tensorflow as tf; print(tf.sysconfig.get_build_info())\""
                "   # is_cuda_build False: this package is CPU-only whatever its build string "
                "says",) if conda else ()),
             *_gpu_build_fix(f, _cpu_dists(f)),
             *(("# a conda TensorFlow: pip cannot replace it in place; remove it (conda remove "
                "tensorflow) first, or install a conda build known to be CUDA-enabled",)
               if f.conda or conda else ())),
    )


def windows_native_no_gpu(f: Facts) -> Iterator[Finding]:
    """Native Windows with TF >= 2.11 and an NVIDIA GPU: no GPU support any more (2.10 last).
    Not when the log shows TensorFlow used through tfjs-node or libtensorflow
    (``Facts.non_pip_tensorflow``): that program does not run the host's Python TensorFlow,
    and libtensorflow/tfjs-node builds are not the pip wheels this fact is about."""
    facts = f.host
    if facts is None or f.non_pip_tensorflow:
        return
    kb = f.kb
    if not (_windows_too_new(facts, kb) and facts.nvidia_gpus):
        return
    ver = _tf_version(facts, kb)
    fact = kb.platform_fact("windows-native-gpu-last")
    last = fact.value("tf_version")
    fix = [*c.wsl2_tensorflow_lines(f), *c.windows_native_env_lines(f)]
    yield catalogue.make(
        "tensorflow-windows-native-no-gpu", version=ver, last=last, ref=fact.ref,
        evidence=(Evidence("os.system", "Windows"), Evidence("tf.version", ver or "?")),
        fix=fix, knowledge_ref=fact.ref,
    )


def windows_last_fix(f: Facts) -> tuple[str, ...]:
    """Stay on the last native-Windows GPU release (platform fact
    windows-native-gpu-last) in one conda environment with a Python it has wheels for
    (:func:`~tfgpu.diagnosis.checks._common.windows_native_env_lines`), or move to WSL2
    (:func:`~tfgpu.diagnosis.checks._common.wsl2_tensorflow_lines`)."""
    return (*c.windows_native_env_lines(f),
            "# or a current TensorFlow in WSL2:", *c.wsl2_tensorflow_lines(f))


def tensorflow_gpu_package(f: Facts) -> Iterator[Finding]:
    """The retired ``tensorflow-gpu`` (or ``tf-nightly-gpu``): installed, or pip failing on it.

    The host half (the distribution is installed); :func:`tensorflow_gpu_package_log` is the
    log half (pip's stub notice, its metadata failure, or no matching version), same id.
    Facts: platform fact ``tensorflow-gpu-removed`` (last real wheels, the stub, the
    retirement date).
    """
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
    """``tensorflow`` plus ``tensorflow-cpu``/``tensorflow-gpu`` (or a nightly) together.

    The host half; :func:`tensorflow_variants_log` reads a pasted ``pip list`` /
    ``conda list`` (same id).
    """
    facts = f.host
    if facts is None:
        return
    # tensorflow-gpu installed beside another: tensorflow_gpu_package says it (the clash)
    names = [n for n in TF_FOLDER_VARIANTS
             if not n.endswith("-gpu") and facts.python.dist(n) is not None]
    if len(names) >= 2:
        yield catalogue.make(
            "tensorflow-variants-conflict",
            severity=Severity.ERROR if facts.nvidia_gpus else Severity.WARNING,
            packages=" and ".join(names), listing=", ".join(names),
            evidence=_dist_evidence(facts, names),
            fix=(c.pip(facts, "uninstall", "-y", *names), c.tf_install_command(facts)),
        )


def tensorflow_variants_log(f: Facts) -> Iterator[Finding]:
    """Several TensorFlow distributions in a pasted ``pip list`` / ``conda list``, ``pip
    freeze`` or ``pip show`` (pattern ``pip.listing``; names compared as pip normalises them:
    case and ``_``/``-`` aside).

    The pip fix installs one GPU build: the requirement :func:`gpu_pin_requirement` gives for
    the listed version (of ``tensorflow-gpu`` when listed): ``tensorflow-gpu==1.15.4`` for a
    1.x listing (the plain 1.x package is CPU-only; platform facts
    ``tensorflow-1-15-0-gpu-default``, ``tensorflow-is-cuda-build``), else ``tensorflow``
    (``[and-cuda]`` from 2.14 on Linux); ``tensorflow[and-cuda]`` when no version is shown.
    """
    listed = f.h("pip.listing")
    seen: list[str] = []
    for key in listed.by_key:
        name = _norm(key)
        if key and name not in seen:
            seen.append(name)
    if len(seen) < 2:
        return
    conda = any(h.g("channel") for h in listed.all())
    channels = sorted({ch for h in listed.all() if (ch := h.g("channel"))})
    if conda and (_conda_forge_metapackage_pair(listed.all())
                  or _anaconda_variant_pair(listed.all())):
        return
    shown = _tf_dist_versions(f)
    version = (shown.get("tensorflow-gpu") or shown.get("tensorflow")
               or next(iter(shown.values()), None))
    try:
        rule = gpu_pin_requirement(f.kb, version, windows=f.windows) if version else None
    except KnowledgeQueryError:
        rule = None
    install = (f'pip install "{rule.requirement}"   # {rule.why}' if rule is not None else
               'pip install "tensorflow[and-cuda]"   # Linux; on other systems: pip install '
               "tensorflow")
    versions = [h for h in f.h("pip.show_version").all()
                if h.line - 1 in {n.line for n in listed.all()}]
    gpu_all = None if conda or f.windows else _all_gpu_builds(f, seen, shown)
    if gpu_all is not None:
        same = len(set(shown.values())) == 1
        yield catalogue.make(
            "tensorflow-variants-conflict", variant="no-cpu-build",
            severity=Severity.WARNING if same else Severity.ERROR,
            packages=" and ".join(seen), listing=", ".join(seen), why=gpu_all,
            versions=("the same release" if same else
                      "different releases (" + ", ".join(f"{n} {v}" for n, v in shown.items())
                      + "), so the folder now mixes files of both"),
            evidence=log_evidence(listed, versions),
            fix=(f"pip uninstall -y {' '.join(seen)}", install),
        )
        return
    gpu_shown = bool(f.h("gpu.created").count) and not conda
    yield catalogue.make(
        "tensorflow-variants-conflict",
        **({"variant": "gpu-shown"} if gpu_shown else {"severity": Severity.ERROR}),
        packages=" and ".join(seen), listing=", ".join(seen),
        evidence=log_evidence(listed, versions, f.h("gpu.created").first[:1] if gpu_shown else []),
        fix=((f"conda remove {' '.join(seen)}   # channels mixed: {', '.join(channels)}",
              "# then install one TensorFlow from one channel only (or recreate the env)")
             if conda else
             (f"pip uninstall -y {' '.join(seen)}", install)),
    )


#: What a conda-forge TensorFlow build string starts with, per variant: ``cuda112py39h..``
#: (a CUDA build), ``cpu_py39h..`` (recipe/meta.yaml's build strings).
_CONDA_FORGE_BUILD = {"tensorflow-gpu": "cuda", "tensorflow-cpu": "cpu_"}


def _conda_forge_metapackage_pair(hits: list[Hit]) -> bool:
    """A ``conda list`` of conda-forge's ``tensorflow`` beside its own ``tensorflow-gpu`` (or
    ``tensorflow-cpu``) of the same version, whose ``tensorflow`` build is that variant: the
    normal conda-forge install, not two TensorFlows.  conda-forge's tensorflow-feedstock
    (recipe/meta.yaml) builds ``tensorflow-gpu`` / ``tensorflow-cpu`` as outputs with no files
    of their own that only require ``tensorflow`` of the same build (``pin_subpackage(
    "tensorflow", exact=True)``), so conda installs them as a pair.  Anaconda's defaults
    channel is not read here (its recipes were not checked)."""
    rows = {_norm(h.g("dist") or ""): h for h in hits}
    if set(rows) - {"tensorflow", "tensorflow-gpu", "tensorflow-cpu"} or len(rows) != 2:
        return False
    if {h.g("channel") for h in rows.values()} != {"conda-forge"}:
        return False
    if len({h.g("v") for h in rows.values()}) != 1 or "tensorflow" not in rows:
        return False
    meta = next(n for n in rows if n != "tensorflow")
    prefix = _CONDA_FORGE_BUILD[meta]
    return all((h.g("build") or "").startswith(prefix) for h in rows.values())


#: Anaconda's defaults channel: the variant package -> the prefix of the ``tensorflow``
#: metapackage build it selects (``gpu_py37h..``; platform fact ``anaconda-tensorflow-variants``).
_ANACONDA_VARIANT_BUILD = {"tensorflow-gpu": "gpu_", "tensorflow-mkl": "mkl_",
                           "tensorflow-eigen": "eigen_"}
#: The channel names a ``conda list`` gives Anaconda's defaults channel (a row with a build
#: string and a blank channel: defaults).
_ANACONDA_CHANNELS = frozenset({None, "", "anaconda", "defaults", "main", "pkgs/main"})


def _anaconda_variant_pair(hits: list[Hit]) -> bool:
    """A ``conda list`` of Anaconda's ``tensorflow`` metapackage beside the variant package
    that selects its build (``tensorflow-gpu`` with ``tensorflow`` ``gpu_py..``), same version,
    from the defaults channel: the normal Anaconda install, not two TensorFlows (platform
    fact ``anaconda-tensorflow-variants``: AnacondaRecipes/tensorflow_recipes's README:
    ``tensorflow`` is a metapackage over an exact ``tensorflow-base`` build, and
    ``tensorflow-gpu``/``-mkl``/``-eigen`` from its tensorflow-variants recipe select the
    non-default variant)."""
    # conda's rows carry a build string (a pip listing's do not); every listing of these names
    # must show one version (pip's TensorFlow over conda's is two)
    rows = {_norm(h.g("dist") or ""): h for h in hits if h.g("build")}
    variants = set(rows) - {"tensorflow"}
    if "tensorflow" not in rows or len(variants) != 1 or len(rows) != 2:
        return False
    if len({h.g("v") for h in hits if _norm(h.g("dist") or "") in rows}) != 1:
        return False
    variant = next(iter(variants))
    prefix = _ANACONDA_VARIANT_BUILD.get(variant)
    if prefix is None or any(h.g("channel") not in _ANACONDA_CHANNELS for h in rows.values()):
        return False
    return (rows["tensorflow"].g("build") or "").startswith(prefix)


def _all_gpu_builds(f: Facts, names: list[str], shown: dict[str, str]) -> str | None:
    """Why none of the listed TensorFlow distributions ``names`` is a CPU-only build (their
    versions ``shown``), or ``None`` when one may be, or a version is not shown: no name in
    platform fact ``tf-distributions``' ``cpu_only``, and the plain ``tensorflow`` only of a
    release whose plain wheel is the CUDA build (:func:`gpu_pin_requirement`'s
    ``keeps_name`` false: 1.15.0, and 2.1 on; platform fact ``tensorflow-is-cuda-build``)."""
    cpu_only = f.kb.cpu_only_distributions()
    if any(n in cpu_only for n in names) or any(n not in shown for n in names):
        return None
    plain = shown.get("tensorflow")
    if plain is None:
        return None
    try:
        rule = gpu_pin_requirement(f.kb, plain, windows=False)
    except KnowledgeQueryError:
        return None
    if rule is None or rule.keeps_name:
        return None
    return (f"the plain tensorflow wheel of {plain} is the same CUDA build as tensorflow-gpu "
            f"of it (knowledge row {rule.ref})")


def cpu_only_distribution(kb: Knowledge, name: str, version: str | None, *,
                          windows: bool) -> tuple[str, GpuPin | None] | None:
    """Whether the TensorFlow distribution ``name`` (normalised as ``_common.dist_key``) of
    ``version`` is a CPU-only build: ``("distribution", rule)`` for a name in platform fact
    ``tf-distributions``' ``cpu_only`` (tensorflow-cpu, tf-nightly-cpu), ``("plain", rule)``
    for the plain ``tensorflow`` of a release whose GPU build is tensorflow-gpu
    (:func:`gpu_pin_requirement`'s ``keeps_name``: 1.x but 1.15.0, and 2.0; platform facts
    ``tensorflow-1-15-0-gpu-default``, ``tensorflow-2-0-cpu-only``), else ``None``.  ``rule``
    is the requirement that installs the same release's GPU build (``None`` when the version
    is unknown or not a version)."""
    try:
        rule = gpu_pin_requirement(kb, version, windows=windows) if version else None
    except KnowledgeQueryError:
        rule = None
    if name in kb.cpu_only_distributions():
        return "distribution", rule
    if name == "tensorflow" and rule is not None and rule.keeps_name:
        return "plain", rule
    return None


def cpu_only_build_listed(f: Facts, symptom: tuple[Evidence, ...]) -> Finding | None:
    """``tensorflow-cpu-only-build`` variant ``listed``: the log lists no GPU (``symptom``, the
    visibility rule's evidence) and its one TensorFlow distribution in a pip listing (``pip
    list`` / ``pip freeze`` / ``pip show``: pattern ``pip.listing``) is a CPU-only one: a
    name in platform fact ``tf-distributions``' ``cpu_only`` (tensorflow-cpu, tf-nightly-cpu),
    or the plain ``tensorflow`` of a release whose GPU build is tensorflow-gpu (1.x but 1.15.0,
    and 2.0: :func:`gpu_pin_requirement`'s ``keeps_name``; platform facts
    ``tensorflow-1-15-0-gpu-default``, ``tensorflow-2-0-cpu-only``; not for a conda row, whose
    build string decides: conda_tf_build.py, conda_defaults_tf_build.py).  ``None``
    otherwise: two distributions (tensorflow_variants_log), a GPU distribution."""
    listed = f.h("pip.listing").all()
    names = {_norm(h.g("dist") or "") for h in listed}
    if len(names) != 1:
        return None
    name = next(iter(names))
    conda_row = any(h.g("channel") or h.g("build") for h in listed)
    version = _tf_dist_versions(f).get(name)
    kb = f.kb
    dists = kb.platform_fact("tf-distributions")
    known = cpu_only_distribution(kb, name, version, windows=f.windows)
    if known is None or (known[0] == "plain" and conda_row):
        return None
    kind, rule = known
    if kind == "distribution":
        why = (f"{name} is a CPU-only distribution of TensorFlow (knowledge row {dists.ref}): "
               "it has no CUDA kernels, so TensorFlow lists only the CPU")
    else:
        assert rule is not None
        why = (f"the plain tensorflow package of release {version} is the CPU-only build: "
               f"{rule.why}")
    install = (f'pip install "{rule.requirement}"   # {rule.why}' if rule is not None
               else c.and_cuda_fix(f))
    return catalogue.make(
        "tensorflow-cpu-only-build", variant="listed", dist=name,
        version=f" {version}" if version else "", why=why,
        evidence=(*log_evidence(listed[:2]), *symptom),
        fix=(f"pip uninstall -y {name}", install,
             "python -c \"import tensorflow as tf; print(tf.test.is_built_with_cuda(), "
             "tf.config.list_physical_devices('GPU'))\"   # True and the GPU afterwards"),
        knowledge_ref=rule.ref if rule is not None and name == "tensorflow" else dists.ref,
    )


def _tf_dist_versions(f: Facts) -> dict[str, str]:
    """The version a package listing shows for each TensorFlow distribution (normalised
    name -> version): a ``pip list`` / ``conda list`` / ``pip freeze`` row's own, or for
    ``pip show``'s "Name: X" the "Version: V" line right after it."""
    after = {h.line: v for h in f.h("pip.show_version").all() if (v := h.g("v"))}
    out: dict[str, str] = {}
    for h in f.h("pip.listing").all():
        name = _norm(h.g("dist") or "")
        v = h.g("v") or after.get(h.line + 1)
        if name and v:
            out.setdefault(name, v)
    return out


def _reason_lines(lines: tuple[str, ...]) -> tuple[Evidence, ...]:
    hits = [(i + 1, ln) for i, ln in enumerate(lines) if _REASON_RE.search(ln)]
    return tuple(Evidence("tf.log_lines", ln.strip()[:300], i) for i, ln in hits[:4])


def short_tf_limit(tf: TFFacts | None) -> float | None:
    """The limit, in seconds, the TensorFlow probe was stopped at when it is shorter than
    tfgpu's default (:data:`~tfgpu.facts.DEFAULT_TF_TIMEOUT_S`, 90 s: a user's
    ``--timeout 3``), else ``None``.  Then the only evidence is that the user's limit ran
    out: TensorFlow's state is unknown, not "hung" (``tensorflow-probe-timeout`` is kept for
    a stop at the default limit or a longer one)."""
    if tf is None or tf.status is not ProbeStatus.TIMEOUT or tf.timeout_s is None:
        return None
    return tf.timeout_s if tf.timeout_s < DEFAULT_TF_TIMEOUT_S else None


def _probe_python_too_old(f: Facts, facts: HostFacts, error: str,
                          ev: list[Evidence]) -> Finding:
    """``tensorflow-probe-failed`` (variant ``python-too-old``): tfgpu's probe script cannot
    run under the probed interpreter (Python 2.7...), so TensorFlow was not imported; says
    what the script found there and the Python range of the newest TensorFlow GPU release
    (``tf_tested_configs``), never TensorFlow's import error."""
    python = facts.python.version or error[len(TF_PROBE_TOO_OLD_PREFIX):].split(" ", 1)[0]
    try:
        low, high, row = f.kb.newest_python_range("linux" if facts.os.system != "Windows"
                                                  else "windows")
        need = (f"TensorFlow {row.tf_version}, the newest GPU release, needs Python "
                f"{low}-{high} (knowledge row {row.ref})")
    except KnowledgeQueryError:
        low = high = ""
        need = "current TensorFlow releases need a current Python 3"
    venv = f"python{low}" if low else "python3"
    return catalogue.make(
        "tensorflow-probe-failed", variant="python-too-old", python=python,
        evidence=ev, cause=f"{error}. {need}.",
        fix=(f"# install a Python {low}-{high} (python.org, pyenv or the distribution), then:"
             if low else "# install a current Python 3, then:",
             f"{venv} -m venv ~/tf && ~/tf/bin/python -m pip install tensorflow",
             "tfgpu doctor --python ~/tf/bin/python"),
    )


def reinstall_tf_specs(facts: HostFacts, kb: Knowledge, version: str | None) -> list[str]:
    """``name==version`` of every TensorFlow distribution installed (platform fact
    ``tf-distributions``), to reinstall their files as they are: on Windows and macOS arm64
    the ``tensorflow`` metapackage's files are in ``tensorflow-intel`` / ``tensorflow-macos``
    (platform fact ``windows-cpu-wheels-intel``), so each listed one is named.  With none
    listed, ``tensorflow==<version>`` when the version is known, else ``[]`` (a bare name
    would fetch the newest release).

    Raises:
        KnowledgeError: the ``tf-distributions`` fact lost its names (a bad data-file edit).
    """
    specs = [f"{d.name}=={d.version}" for n in kb.tf_distributions()
             if (d := facts.python.dist(n)) is not None and d.version]
    if specs:
        return specs
    return [f"tensorflow=={version}"] if version else []


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
    if (tf.error or "").startswith(TF_PROBE_TOO_OLD_PREFIX):
        yield _probe_python_too_old(f, facts, tf.error or "", ev)
        return
    if (tf.error or "").startswith("the TensorFlow probe failed"):
        yield catalogue.make(
            "tensorflow-probe-failed", evidence=ev, cause=tf.error or "the probe failed",
            fix=(repro, "tfgpu doctor --debug   # and please report the probe failure"),
        )
        return
    if tf.status is ProbeStatus.TIMEOUT and short_tf_limit(tf) is not None:
        limit = f"{tf.timeout_s:g}"
        yield catalogue.make(
            "tensorflow-probe-stopped-at-limit", error=tf.error, evidence=ev, limit=limit,
            default=f"{DEFAULT_TF_TIMEOUT_S:g}",
            fix=(f"tfgpu doctor   # tfgpu's default limit, {DEFAULT_TF_TIMEOUT_S:g} s",
                 "tfgpu doctor --timeout 600   # a first start that compiles PTX can take "
                 "minutes",
                 f"{repro}   # does the import finish, and how soon"),
        )
    elif tf.status is ProbeStatus.TIMEOUT:
        yield catalogue.make(
            "tensorflow-probe-timeout", error=tf.error, evidence=ev,
            fix=("tfgpu doctor --timeout 600   # wait longer once", repro),
        )
    elif (tf.returncode is not None and tf.returncode < 0) or "killed by" in (tf.error or "") \
            or "exited with 0xC" in (tf.error or ""):
        illegal = "SIGILL" in (tf.error or "") or "ILLEGAL_INSTRUCTION" in (tf.error or "")
        cpu_known = facts.probe("cpu") is not None and bool(facts.cpu.flags)
        has_avx = "avx" in facts.cpu.flags
        specs = reinstall_tf_specs(facts, f.kb, tf.version)
        fix = (repro, c.pip(facts, "install", "--force-reinstall", "--no-deps", *specs)
               if specs else "pip show tensorflow   # its Version: then pip install "
               "--force-reinstall --no-deps tensorflow==<that version>")
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


# ---------------------------------------------------------------------- Python and NumPy
# (host checks moved from versions.py; they read its view of the installed TensorFlow)


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
        fix += _release_fix(facts, kb, newest.tf_series, tf.os,
                            f"or install TensorFlow {newest.tf_series}, tested with Python "
                            f"{newest.python_min}-{newest.python_max}")
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



def numpy_abi(f: Facts) -> Iterator[Finding]:
    """NumPy 2 with a module built against NumPy 1.x: one fault, from host or log.

    Host: numpy >= 2 installed with a TensorFlow older than the first release built for it
    (platform fact ``numpy2-first-tf``: 2.18.0; 2.14.1-2.17.x cap numpy < 2, 2.14.0 has no
    cap so pip can pair it with numpy 2); the old id ``numpy2-with-old-tf`` is an alias.
    The log half, :func:`numpy_abi_log`, reads NumPy's own message ("A module that was
    compiled using NumPy 1.x cannot be run in
    NumPy 2.x", ``_ARRAY_API not found``).  The opposite fault (a module built for a
    *newer* NumPy than the installed one) is :func:`numpy_too_old`.
    """
    facts = f.host
    if facts is None:
        return
    kb = f.kb
    fact = kb.platform_fact("numpy2-first-tf")
    first = fact.value("tf_version")
    tf = _installed_tf(facts, kb)
    numpy = facts.python.dist("numpy")
    if (tf is None or numpy is None or not _parses(numpy.version)
            or parse_version(numpy.version).major < 2
            or parse_version(tf.version) >= parse_version(first)):
        return
    yield catalogue.make(
        "numpy-abi-mismatch", variant="old-tf",
        numpy=numpy.version, tf=tf.version, first=first, ref=fact.ref,
        evidence=(Evidence("python.distributions", f"numpy {numpy.version}"), tf.evidence),
        fix=(c.pip(facts, "install", "numpy<2"),
             f"# or upgrade TensorFlow to {first} or later:",
             c.pip(facts, "install", f"tensorflow>={first}")),
        knowledge_ref=fact.ref,
    )


def numpy_abi_log(f: Facts) -> Iterator[Finding]:
    """The log half of :func:`numpy_abi`: NumPy's own message (same id)."""
    fact = f.kb.platform_fact("numpy2-first-tf")
    first = fact.value("tf_version")
    npabi = f.h("numpy.abi")
    if not npabi.count:
        return
    npv = next((h.g("np") or h.g("np2") for h in npabi.all() if h.g("np") or h.g("np2")), None)
    npv = npv or f.dist_version("numpy")
    mm = f.tf_mm
    new_tf = mm is not None and mm >= series(first)
    # the package whose import ran into it, when its frame is not TensorFlow's (cv2, pandas)
    frame = _importing_package(f, npabi.all()[-1].line)
    frames = [frame] if frame is not None else []
    other = (frame.g("pkg") or "") if frame is not None else ""
    if other and not other.startswith("tensorflow"):
        yield catalogue.make(
            "numpy-abi-mismatch", numpy=npv or "2.x",
            evidence=log_evidence(frames[-1:], npabi, f.h("numpy.multiarray").first[:1]),
            cause=(f"NumPy {npv or '2.x'} is installed, and the {other} package (its frame "
                   "stands above NumPy's message) was built against the NumPy 1.x C ABI, so it "
                   "fails to import."),
            fix=(f"# upgrade the distribution that installs the {other} package (pip list "
                 "names it; an import name need not be the distribution's) to a release built "
                 "for NumPy 2",
                 'or, until it has one: pip install "numpy<2"'),
            knowledge_ref=fact.ref)
        return
    yield catalogue.make(
        "numpy-abi-mismatch",
        numpy=npv or "2.x",
        evidence=log_evidence(npabi, f.h("numpy.multiarray").first[:1]),
        cause=(
            "A compiled module on the import path was built against the NumPy 1.x C ABI and "
            f"NumPy {npv or '2.x'} is installed."
            + (f" TensorFlow {f.tf_version} is built for NumPy 2, so the module is another "
               "package in the traceback (upgrade that one)." if new_tf else
               f" TensorFlow releases before {first} (and packages built for them) need "
               "numpy<2.")
        ),
        fix=(("pip install --upgrade <the package named in the traceback>   # a build for "
              "NumPy 2", 'or, until it has one: pip install "numpy<2"')
             if new_tf else
             ('pip install "numpy<2"',
              f"or upgrade to TensorFlow >= {first} (built with NumPy 2) and the packages "
              "in the traceback")),
        knowledge_ref=fact.ref,
    )


def numpy_too_old(f: Facts) -> Iterator[Finding]:
    """A module built for a newer NumPy than the installed one (C-API version too low).

    NumPy's checks: "module compiled against API version 0x10 but this version of numpy
    is 0xf"; Cython's "numpy.<type> size changed ... Expected N from C header, got M from
    PyObject" with M < N (the error form: built for a newer NumPy; numpy.dtype's 96 -> 88 is
    the NumPy 2 ABI break, pattern numpy.abi; M > N is the harmless warning form).  The fix is
    a newer NumPy, never ``numpy<2``.
    """
    # Cython's size check with the run-time type LARGER than the built one ("Expected 80 ...,
    # got 88"): a module built for an older NumPy, a RuntimeWarning NumPy filters itself
    # (numpy/__init__.py's "Filter out Cython harmless warnings"): no fault
    sized = [h for h in f.h("numpy.too_old").all()
             if not (h.g("exp") and h.g("got") and int(h.need("got")) > int(h.need("exp")))]
    # (not NumPy's own import failing: its "Importing the numpy C-extensions failed" message
    # or a numpy/ frame right above means a broken or mismatched NumPy install, whose files
    # are 1.16+ already)
    own = {p.line for p in f.h("ctx.pkg_path").all() if p.g("pkg") == "numpy"}
    umath = [h for h in f.h("numpy.no_umath").all()
             if not any(0 < h.line - ln <= 3 for ln in own)]
    if f.h("lambda.compiled_missing").count and f.h("ctx.aws_lambda").count:
        umath = []  # a Lambda package built on another platform: serverless_limits.py
    if umath and not sized and not f.h("numpy.abi").count and not f.h("numpy.cext_failed").count:
        fact = f.kb.platform_fact("numpy-multiarray-umath-first")
        first = fact.value("numpy_version")
        npv = f.dist_version("numpy")
        yield catalogue.make(
            "numpy-too-old-for-module", numpy=npv or "installed", knowledge_ref=fact.ref,
            evidence=log_evidence(umath, f.h("numpy.multiarray").first[:1]),
            cause=("A compiled module (TensorFlow's, or another package's) imports "
                   "numpy.core._multiarray_umath, the extension module NumPy "
                   f"{first} made by merging multiarray and umath (NEP 15; knowledge row "
                   f"{fact.ref}): it was built against NumPy {first} or newer, and the NumPy "
                   f"imported{' (' + npv + ')' if npv else ''} is older (an old NumPy pinned by "
                   "another package, or a second NumPy earlier on the path)."),
            fix=(f'pip install --upgrade "numpy>={first}"   # within the range TensorFlow\'s '
                 "requirements allow (pip check)",
                 "python -c \"import numpy; print(numpy.__version__, numpy.__file__)\"   "
                 "# the NumPy actually imported"))
        return
    npv = f.dist_version("numpy")
    first = f.kb.platform_fact("numpy2-first-tf").value("tf_version")
    if not sized:
        # NumPy's import_array ImportError alone ("numpy.core.multiarray failed to import"),
        # without the line above it that says which way the C API differs (NumPy 2's
        # "_ARRAY_API not found", NumPy 1.x's "module compiled against API version"): both
        # raise it (numpy/core/code_generators/generate_numpy_api.py)
        bare_import = f.h("numpy.multiarray").all()
        if (bare_import and not umath and not f.h("numpy.abi").count
                and not f.h("numpy.cext_failed").count):
            yield _numpy_import_array(f, npv, first, bare_import[0])
        return
    want = next((h.g("want_v") or h.g("want") for h in sized
                 if h.g("want_v") or h.g("want")), None)
    mm = f.tf_mm
    capped = mm is not None and mm < series(first)
    # pybind11's "Unable to convert function return value" with no
    # NumPy API-version line and no NumPy version known reads both ways (too old, or NumPy 2
    # under TensorFlow < first): name both and the command that tells them apart
    bare = not any(h.g("want") or h.g("want_v") or h.g("exp") for h in sized)
    np_major = parse_version(npv).major if npv and _parses(npv) else None
    if bare and f.h("numpy.abi").count:
        return  # NumPy's own NumPy 2 message decides: numpy_abi_log says it
    if bare and f.h("mldtypes.no_name").count:
        return  # TensorFlow's ml_dtypes types not registered: checks/ml_dtypes_names.py
    if bare and (np_major is None or np_major >= 2):
        yield _numpy_either_way(f, npv, first, [*sized, *f.h("numpy.multiarray").first[:1]])
        return
    yield catalogue.make(
        "numpy-too-old-for-module",
        numpy=npv or "installed",
        evidence=log_evidence(sized, f.h("numpy.multiarray").first[:1]),
        cause=("A compiled module on the import path was built against a newer NumPy C API"
               + (f" ({want})" if want else "")
               + f" than NumPy {npv or 'installed here'} provides: NumPy is too old for it "
               "(an old NumPy pinned by another package, or a second NumPy earlier on the "
               "path)."),
        fix=("pip install --upgrade numpy" + (
                f"   # TensorFlow {f.tf_version} predates NumPy 2 ({first} is the first built "
                "for it): keep the newest NumPy 1.x release" if capped else ""),
             "python -c \"import numpy; print(numpy.__version__, numpy.__file__)\"   "
             "# the NumPy actually imported",
             "pip check   # which package pins NumPy down"),
    )


def _importing_package(f: Facts, line: int) -> Hit | None:
    """The installed package's traceback frame nearest above log line ``line`` whose import
    ran into NumPy's C-API check (``cv2``, ``pandas``, ``tensorflow``), NumPy's own frames
    and importlib's left out; ``None`` when the log shows none."""
    frames = [p for p in package_frames_above(f, line)
              if (p.g("pkg") or "") not in ("numpy", "importlib", "")]
    return frames[-1] if frames else None


def _numpy_import_array(f: Facts, npv: str | None, first: object, h: Hit) -> Finding:
    """NumPy's import_array error alone ("numpy.core.multiarray failed to import") for the
    module importing on log line ``h`` (the nearest package frame above it, else TensorFlow
    when its runtime failed to load): with a NumPy version the log or the facts show, NumPy 2
    is ``numpy-abi-mismatch`` and 1.x ``numpy-too-old-for-module``; else variant
    ``import-array`` (either way, with the command that tells)."""
    shown = [x.g("v") or x.g("v2") for x in f.h("ctx.numpy_shown").all()]
    version = npv or next((v for v in shown if v), None)
    frame = _importing_package(f, h.line)
    frames = [frame] if frame is not None else []
    pkg = (frame.g("pkg") or "") if frame is not None else ""
    module = (pkg.replace("_", "-") if pkg and not pkg.startswith("tensorflow")
              else "TensorFlow" if pkg or any(x.g("failed") for x in f.h("lib.native_import").all())
              else "a compiled module on the import path")
    evidence = log_evidence(frames[-1:], [h])
    major = version.split(".")[0] if version else None
    if major is not None and major.isdigit() and int(major) >= 2:
        fact = f.kb.platform_fact("numpy2-first-tf")
        return catalogue.make(
            "numpy-abi-mismatch", numpy=version or "2.x", evidence=evidence,
            knowledge_ref=fact.ref,
            cause=(f"NumPy {version} is installed, and {module} was built against the NumPy "
                   "1.x C ABI: NumPy's import_array fails ('numpy.core.multiarray failed to "
                   f"import'). TensorFlow releases before {first} (and packages built for them) "
                   "need numpy<2."),
            fix=(f"# upgrade the distribution that installs the {pkg} package (pip list names "
                 "it; an import name need not be the distribution's) to a release built for "
                 "NumPy 2, if it has one" if pkg and module != "TensorFlow" else
                 f"# TensorFlow before {first}: pip install \"numpy<2\", or upgrade TensorFlow",
                 'or: pip install "numpy<2"'))
    old_1x = version is not None and _parses(version) and parse_version(version) < Version("1.20")
    if version is not None and old_1x:
        # (a NumPy 1.x of the last years, 1.20 on, is not read as too old: the C API a wheel
        # of that time was built for is older or equal; the NumPy imported may be another)
        return catalogue.make(
            "numpy-too-old-for-module", numpy=version, evidence=evidence,
            cause=(f"NumPy {version} is older than the NumPy C API {module} was built against: "
                   "NumPy's import_array fails ('numpy.core.multiarray failed to import'; an "
                   "old NumPy pinned by another package, or a second NumPy earlier on the "
                   "path)."),
            fix=("pip install --upgrade numpy   # within the range TensorFlow's requirements "
                 "allow (pip check)",
                 "python -c \"import numpy; print(numpy.__version__, numpy.__file__)\"   "
                 "# the NumPy actually imported"))
    return catalogue.make(
        "numpy-too-old-for-module", variant="import-array", module=module, first=first,
        evidence=evidence,
        fix=("python -c \"import numpy; print(numpy.__version__, numpy.__file__)\"   # the "
             "NumPy imported: 2.x, or 1.x older than the module's build",
             f'pip install "numpy<2"   # NumPy 2.x with {module} built for NumPy 1.x'
             + (f" (TensorFlow < {first})" if module == "TensorFlow" else
                f"; or upgrade {module} to a release built for NumPy 2"),
             "pip install --upgrade numpy   # NumPy 1.x older than the module's build (within "
             "TensorFlow's range; pip check); a second, older NumPy earlier on the path: "
             "uninstall it"))


def _numpy_either_way(f: Facts, npv: str | None, first: object, hits: list[Hit]) -> Finding:
    """``numpy-too-old-for-module`` variant ``either-way``: the log shows NumPy's C API not
    matching what TensorFlow (or a module on the path) was built for, but not which way: an
    older NumPy, or NumPy 2 under a TensorFlow older than ``first`` (platform fact
    ``numpy2-first-tf``); the command that tells them apart leads."""
    return catalogue.make(
        "numpy-too-old-for-module", variant="either-way",
        numpy=f" {npv}" if npv else "", first=first,
        evidence=log_evidence(hits),
        fix=("python -c \"import numpy; print(numpy.__version__, numpy.__file__)\"; "
             "pip show tensorflow   # the NumPy imported, and the TensorFlow",
             f'pip install "numpy<2"   # NumPy 2.x with TensorFlow < {first}',
             "pip install --upgrade numpy   # NumPy 1.x older than TensorFlow's build "
             "(within TensorFlow's range; pip check); a second, older NumPy earlier on the "
             "path (numpy.__file__ above): uninstall it"),
    )


def _numpy_name_in(f: Facts, fact_id: str) -> tuple[Hit, str, PlatformFact] | None:
    """The first "module 'numpy' has no attribute 'X'" (pattern ``numpy.added_name``) whose X
    the platform fact ``fact_id`` dates (its ``names``: ``X=release``), with that release and
    the fact; ``None`` when no such line."""
    fact = f.kb.platform_fact(fact_id)
    dated = dict(pair.partition("=")[::2] for pair in fact.items("names"))
    for h in f.h("numpy.added_name").all():
        when = dated.get(h.need("name"))
        # ("partially initialized module 'numpy'": a file named numpy.py importing itself)
        if when is not None and "partially initialized" not in h.text:
            return h, when, fact
    return None


def numpy_added_name(f: Facts) -> list[Finding]:
    """``numpy-too-old-for-code``: the code (or a library) uses a NumPy name newer than the
    installed NumPy (pattern ``numpy.added_name`` for a name of platform fact
    ``numpy-names-added``: ``numpy.dtypes``, new in NumPy 1.25)."""
    found = _numpy_name_in(f, "numpy-names-added")
    if found is not None:
        h, first, fact = found
        return [catalogue.make(
            "numpy-too-old-for-code", name=h.need("name"), first=first,
            evidence=log_evidence([h]), knowledge_ref=fact.ref,
            fix=("python -c \"import numpy; print(numpy.__version__, numpy.__file__)\"   # the "
                 "NumPy this Python imports",
                 f'pip install "numpy>={first}"   # then pip check: within the range the '
                 "installed TensorFlow accepts",
                 "# or install the TensorFlow release the project names: pip brings a NumPy "
                 "of its range"))]
    return []


def numpy_removed_alias(f: Facts) -> list[Finding]:
    """Old code using a NumPy alias NumPy removed (``np.object``/``np.bool`` in 1.24,
    ``np.float_`` and others in 2.0): NumPy too new for the code, not a GPU fault. NumPy's
    own explanation (pattern ``numpy.removed_alias``), or the bare "module 'numpy' has no
    attribute 'X'" (pattern ``numpy.added_name``) for a name of platform fact
    ``numpy-names-removed``, whose release picks the pin."""
    said = f.h("numpy.removed_alias")
    if said.count:
        return [catalogue.make(
            "numpy-too-new-for-code",
            names=", ".join(f"np.{k}" for k in said.by_key if k) or "an alias",
            evidence=log_evidence(said),
            fix=("# edit the code (or upgrade the library in the traceback): np.object -> "
                 "object, np.bool -> bool, np.float_ -> np.float64 ...",
                 "or, for an old stack, pin NumPy below the release that removed it: pip "
                 "install \"numpy<1.24\"   # or \"numpy<2\" for the NumPy 2.0 removals"))]
    found = _numpy_name_in(f, "numpy-names-removed")
    if found is not None:
        h, when, fact = found
        gone, _, back = when.partition("<")
        span = (f"missing from NumPy {gone} until {back}, which has it again" if back
                else f"gone from NumPy {gone} on")
        name = h.need("name")
        # (NumPy's own __getattr__ frame raises it: the library is the frame above that)
        near = [p for p in package_frames_above(f, h.line) if p.g("pkg") != "numpy"]
        pkg = (near[-1].g("pkg") or "") if near else ""
        pin = "numpy<2" if gone.startswith("2") else f"numpy<{gone}"
        fix = [f'pip install "{pin}"   # a NumPy that still has np.{name}'
               + ("; NumPy before 1.24 has no wheels for Python 3.12 or later: there, the "
                  "code or the library must change" if gone == "1.24" else "")]
        if pkg in ("tensorflow", "tensorflow_core"):
            fix.insert(0, "python -m pip install -U tensorflow   # here TensorFlow's own code "
                          f"uses np.{name}: a newer TensorFlow works with this NumPy")
        elif pkg:
            fix.insert(0, f"python -m pip install -U {pkg.replace('_', '-')}   # the library "
                          f"whose code uses np.{name}: a release made for this NumPy")
        else:
            fix.insert(0, f"# edit the code: np.{name} -> its replacement (np.object -> "
                          "object, np.bool -> bool or np.bool_, np.float_ -> np.float64 ...)")
        if back:
            fix.append(f'# or NumPy {back} or later, which has np.{name} again, where the '
                       "rest of the stack supports it")
        return [catalogue.make(
            "numpy-too-new-for-code", names=f"np.{name} ({span})",
            evidence=log_evidence([h]), knowledge_ref=fact.ref, fix=tuple(fix))]
    return []


# ---------------------------------------------------------------------- log: protobuf, Keras


def metal_plugin_mismatch(f: Facts) -> Iterator[Finding]:
    """tensorflow-metal's plugin built against another TensorFlow's C API (a symbol not
    found when TensorFlow loads ``libmetal_plugin.dylib``).

    Facts: platform fact ``macos-metal-plugin`` (tensorflow-macos up to 2.12, plain
    tensorflow from 2.13, with the tensorflow-metal release Apple pairs with it).
    """
    sym = f.h("metal.symbol")
    dep = f.h("metal.load")  # "Library not loaded: @rpath/..." (same fault)
    if not dep.count and (not sym.count or f.os in ("windows", "linux", "wsl2")):
        return  # tensorflow-plugins on other systems hold other plugins (DirectML, ITEX);
        # a .dylib that dyld could not load is macOS whatever .so names the line shows
    fact = f.kb.platform_fact("macos-metal-plugin")
    name = next((s for h in sym.all() if (s := h.g("sym"))), None)
    lib = next((s for h in dep.all() if (s := h.g("dep"))), None)
    yield catalogue.make(
        "metal-plugin-tensorflow-mismatch",
        detail=(f" (symbol {name} not found)" if name
                else f" (library {lib} not loaded)" if lib else " (the plugin failed to load)"),
        since=fact.value("tf_version"), evidence=log_evidence(sym, dep),
        fix=(pip_list_grep("tensorflow(-macos|-metal)?", anchored=True) + "   # the pair "
             "installed",
             "# reinstall the tensorflow / tensorflow-metal pair Apple lists for this "
             f"plugin release (tensorflow-macos before {fact.value('tf_version')}, plain "
             "tensorflow from it)",
             "or pip uninstall tensorflow-metal   # run on the CPU with this TensorFlow"),
        knowledge_ref=fact.ref,
    )


def _tf_gencode(f: Facts, first_breaking: str) -> tuple[Hit, str] | None:
    """(the line, the version) of the protoc gencode version protobuf's runtime_version.py
    prints for one of TensorFlow's own .proto files (``protobuf.gencode``: "Protobuf gencode
    version 5.28.3 ... at tensorflow/core/framework/attr_value.proto"), when that version is
    ``first_breaking`` (4.21) or newer: such a TensorFlow needs a protobuf runtime at least
    that new (platform fact ``protobuf-runtime-not-older-than-gencode``).  None otherwise."""
    for h in f.h("protobuf.gencode").all():
        loc, gen = h.g("loc") or h.g("loc2") or "", h.g("gen") or h.g("gen2") or ""
        if loc.startswith("tensorflow/") and _parses(gen) \
                and parse_version(gen) >= parse_version(first_breaking):
            return h, gen
    return None


#: A folder of TensorFlow's own packages in a path (TensorFlow's _pb2 files live there).
_TF_OWN_DIR = re.compile(r"(?:^|[/\\])(?:tensorflow\w*|tensorboard\w*|tf_keras|keras|"
                         r"google[/\\]protobuf)[/\\]")


def protobuf_version(f: Facts) -> Iterator[Finding]:
    """protobuf too new (descriptors) or too old (``builder``/``symbol_database`` missing)."""
    pb = f.h("protobuf.descriptors")
    if pb.count or f.h("protobuf.downgrade").count:
        pbv = f.dist_version("protobuf")
        cap = f.kb.platform_fact("protobuf-descriptors-cap")
        # the _pb2.py file the traceback names may belong to another package
        # (tensorboard, a project's own protos: vm03/payload_dumper#38, maudzung/SFA3D#82)
        pkgs = [p for h in f.h("protobuf.pb2_file").all() if (p := h.g("pkg"))]
        other = next((p for p in pkgs if p.lower() not in ("tensorflow", "tensorflow_core")),
                     None)
        if other is not None and not any(p.lower().startswith("tensorflow") for p in pkgs
                                          if p != other):
            tf_gen = _tf_gencode(f, cap.value("first_breaking"))
            fix: tuple[str, ...] = (
                f'pip install "protobuf<={cap.value("cap")}"',
                f"or upgrade {other} to a release whose _pb2 files were regenerated",
                f"stop-gap (slow): {cap.value('slow_env')}",
            )
            floor = ""
            if tf_gen is not None:
                # TensorFlow's own gencode needs a runtime at least that new, which rejects
                # the other package's old gencode too: no pin serves both
                gen_hit, gen = tf_gen
                fact = f.kb.platform_fact("protobuf-runtime-not-older-than-gencode")
                floor = (
                    f" This log shows TensorFlow's own _pb2 files were generated by protobuf "
                    f"{gen} (line {gen_hit.line}), and protobuf's runtime refuses to be older "
                    f"than a module's gencode (knowledge row {fact.ref}): protobuf "
                    f"{cap.value('cap')} or any release below {gen} would break 'import "
                    f"tensorflow', and every release from {gen} up rejects {other}'s old "
                    f"generated code. No protobuf pin fixes both: upgrade {other}."
                )
                fix = (
                    f"pip install --upgrade {other}   # a release whose _pb2 files were "
                    "regenerated; keep the protobuf TensorFlow requires (pip check)",
                    f"stop-gap (slow): {cap.value('slow_env')}",
                )
            yield catalogue.make(
                "protobuf-too-new", variant="other-package", package=other,
                evidence=log_evidence(pb, f.h("protobuf.downgrade"),
                                      f.h("protobuf.pb2_file").first[:1],
                                      [tf_gen[0]] if tf_gen else []),
                cause=(
                    f"protobuf {cap.value('first_breaking')}+ rejects _pb2 modules generated "
                    "by protoc older than 3.19, and the traceback's _pb2.py file belongs to "
                    f"{other}, not to TensorFlow"
                    + (f" (protobuf {pbv} is installed)" if pbv else "") + "." + floor
                ),
                fix=fix,
                knowledge_ref=cap.ref,
            )
            return
        # (TensorFlow outside site-packages, AWS Lambda's /var/task/tensorflow, a bundle's
        # relative tensorflow\...: its own _pb2 files, not the program's)
        own = [h for h in f.h("protobuf.own_pb2_frame").all()
               if not _TF_OWN_DIR.search(h.need("file"))]
        if own and not pkgs:
            # the program's own generated code, not TensorFlow's (no package's _pb2 frame)
            yield catalogue.make(
                "protobuf-too-new", variant="own-gencode", file=own[-1].need("file"),
                evidence=log_evidence(pb, own[-1:]), knowledge_ref=cap.ref,
                fix=(f'pip install "protobuf<={cap.value("cap")}"   # at once',
                     "protoc --python_out=. <the .proto file>   # lasting: regenerate the "
                     "_pb2.py with protoc 3.19 or newer (or grpcio-tools' python -m "
                     "grpc_tools.protoc), then protobuf 4+ loads it",
                     f"stop-gap (slow): {cap.value('slow_env')}"))
            return
        owner = gencode_owner(f)
        if owner is not None and owner[0] == "no-tensorflow":
            # no _pb2 frame and no TensorFlow in the log: some package's generated code (the
            # one pip names as requiring protobuf, when it does: EatTheFuture/face_track#1)
            who = owner[1]
            yield catalogue.make(
                "protobuf-too-new", variant="no-tensorflow",
                whose=f"{who}'s" if who else "a package's",
                evidence=log_evidence(pb, f.h("protobuf.downgrade"), owner[2]),
                knowledge_ref=cap.ref,
                fix=(f'pip install "protobuf<={cap.value("cap")}"   # at once',
                     f"or upgrade {who or 'the package whose _pb2 files the traceback names'} "
                     "to a release whose _pb2 files were regenerated",
                     f"stop-gap (slow): {cap.value('slow_env')}"))
            return
        yield catalogue.make(
            "protobuf-too-new",
            evidence=log_evidence(pb, f.h("protobuf.downgrade")),
            cause=(
                f"protobuf {cap.value('first_breaking')}+ rejects the _pb2 modules this "
                "TensorFlow was generated with"
                + (f" (protobuf {pbv} is installed)" if pbv else "")
                + "; the TensorFlow release did not cap its protobuf requirement."
            ),
            fix=(
                f'pip install "protobuf<={cap.value("cap")}"',
                "or upgrade TensorFlow to a patch release that pins protobuf",
                f"stop-gap (slow): {cap.value('slow_env')}",
            ),
            knowledge_ref=cap.ref,
        )
        return
    cpp = f.h("protobuf.descriptors_cpp")
    if cpp.count:
        yield catalogue.make(
            "protobuf-too-new", variant="cpp-descriptor-check",
            evidence=log_evidence(cpp, f.h("protobuf.pb2_file").first[:1]),
            fix=("# the traceback's frame above google/protobuf/descriptor.py is the code that "
                 "built the descriptor: it must be a generated *_pb2.py module, imported as "
                 "generated (not renamed, not copied into another file, not run inside a "
                 "function)",
                 "protoc --python_out=. <the .proto files>   # or regenerate the _pb2.py files "
                 "as the project's install guide says (with its protoc), and import those",
                 c.set_env(f, "PROTOCOL_BUFFERS_PYTHON_IMPLEMENTATION", "python")
                 + "   # stop-gap (slow): the pure-Python runtime makes no such check"))
        return
    old = f.h("protobuf.too_old")
    if not old.count:
        return
    # (the exception's own line first: a code line quoted above it, a rich traceback's
    # "from google.protobuf import symbol_database", is not the name that failed)
    name = next((h.g("name") for h in old.all() if h.g("name")), None) or next(
        (h.g("name2") for h in old.all() if h.g("name2")), None)
    tfv = f.tf_version
    # a running kernel's own marks (a cell, an IPython frame, ipykernel, a notebook file), not
    # the word jupyter (an image tag, a pip install line)
    notebook = any(_KERNEL.search(h.text) for h in f.h("tools.jupyter_ctx").all())
    # protobuf's VersionError names both versions: the runtime must be of the gencode's major
    # and not older (protobuf.dev's cross-version runtime guarantee)
    vers = next(((h.g("gen") or "", h.g("run") or "", h.g("proto") or "")
                 for h in old.all() if h.g("gen")), None)
    bound = (f'pip install "protobuf>={vers[0]},<{int(vers[0].split(".")[0]) + 1}"   # the '
             "generated code's major, not older than it; then: pip check" if vers else
             "pip install --upgrade protobuf   # within the range TensorFlow declares; then: "
             "pip check")
    lines = ["python -c \"import google.protobuf as p; print(p.__version__, p.__file__)\"   "
             "# the protobuf actually imported (an older copy may shadow the new one)",
             f'pip install --force-reinstall "tensorflow=={tfv}"   # restores the protobuf '
             "range this TensorFlow declares" if tfv else bound]
    if notebook:
        lines.insert(0, "# a notebook: restart the kernel (Colab: Runtime > Restart runtime) "
                        "after the pip installs and run the cells again; the kernel keeps the "
                        "protobuf it imported before them")
    if vers is not None and not notebook:
        yield catalogue.make(
            "protobuf-too-old", variant="runtime-older", gen=vers[0], run=vers[1],
            proto=vers[2],
            evidence=log_evidence(old), fix=tuple(lines))
        return
    what = f"google.protobuf {name}" if name else "the protobuf runtime"
    owner = None if notebook else gencode_owner(f)
    if owner is not None:
        # another package's, the program's own, or (no TensorFlow in the log) some package's
        # generated code (checks/_protobuf_owner.py)
        variant, who, frames = owner
        ev = log_evidence(old, frames)
        protos = local_protoc(f, frames) if variant != "no-tensorflow" else None
        if protos is not None:
            # under a protos/ folder: compiled by the user's own protoc (Object Detection
            # API's install step); regenerate, or upgrade within TensorFlow's range
            yield catalogue.make(
                "protobuf-too-old", variant="local-protoc", what=what, owner=who, evidence=ev,
                fix=(lines[0], *local_protoc_fix(f, who, name, protos)))
            return
        if variant == "other-package":
            yield catalogue.make(
                "protobuf-too-old", variant="other-package", what=what, package=who,
                evidence=ev,
                fix=(lines[0], f"pip install --upgrade protobuf   # {who}'s generated code "
                               f"needs a newer protobuf runtime: within the range {who} "
                               "declares; then: pip check"))
        elif variant == "own-gencode":
            yield catalogue.make(
                "protobuf-too-old", variant="own-gencode", what=what, file=who, evidence=ev,
                fix=(lines[0], "pip install --upgrade protobuf   # the file was generated by a "
                               "newer protoc than this runtime (or regenerate it with the "
                               "protoc of the protobuf installed: python -m grpc_tools.protoc)"))
        else:
            yield catalogue.make(
                "protobuf-too-old", variant="no-tensorflow", what=what, evidence=ev,
                fix=(lines[0], "pip install --upgrade protobuf   # within the range "
                               f"{who or 'the package that imports it'} declares; then: "
                               "pip check"))
        return
    yield catalogue.make(
        "protobuf-too-old", variant="notebook" if notebook else None,
        what=what, evidence=log_evidence(old), fix=tuple(lines))


#: A notebook kernel's marks in a log line (IPython's "Cell In[3]" and "<ipython-input-3-...>",
#: ipykernel's temporary file names, a .ipynb path).
_KERNEL = re.compile(r"Cell In\s?\[\d*\]|<ipython-input-\d+|ipykernel_\d+|\.ipynb\b")


def _tf_keras_pin(f: Facts, legacy: str, k3_tf: str, *, note: bool = True) -> str:
    """The pip line installing the tf-keras of this TensorFlow's major.minor (``X.Y`` with a
    note saying how to read it when the version is unknown); ``note=False``: the command
    alone, to embed in a sentence.

    tf-keras X.Y requires ``tensorflow>=X.Y,<X.(Y+1)`` (keras-team/tf-keras v2.21.0
    oss_setup.py), so an unpinned ``pip install tf-keras`` takes the newest tf-keras and
    upgrades TensorFlow to its minor (messages_ecosystem row on keras-io#2070). Checked on
    threads: the unpinned line of the keras3 findings did that."""
    mm = f.tf_mm
    known = mm is not None and mm >= tuple(int(x) for x in k3_tf.split(".")[:2])
    cmd = c.pip(f, "install", f"{legacy}~={mm[0]}.{mm[1]}.0" if known and mm else
                f"{legacy}~=X.Y.0")
    if not note:
        return cmd + ("" if known else f" (X.Y = your TensorFlow's major.minor, {k3_tf} or later)")
    if known:
        return cmd + "   # tf-keras pins its TensorFlow minor: unpinned, pip upgrades TensorFlow"
    return (cmd + "   # X.Y = your TensorFlow's major.minor (python -c \"import tensorflow as "
            f"tf; print(tf.__version__)\"), {k3_tf} or later; tf-keras pins its TensorFlow "
            "minor: unpinned, pip upgrades TensorFlow")


#: An HDF5 model file named on a line (Keras 2's own format; Keras 3 writes .keras)
_H5_FILE = re.compile(r"\.(?:h5|hdf5)\b['\"]?")


def _h5_model_load(f: Facts, err: Hit) -> list[Hit]:
    """The lines that load an HDF5 model (``ctx.model_loading`` naming a .h5/.hdf5 file, or
    Keras's own HDF5 loader frame, ``keras.h5_loader_frame``) before Keras 3's unknown-argument
    line ``err``, when no frame of user code (plain or IPython form) stands between
    the last of them and ``err`` (a custom layer's own __init__/get_config mismatch is the
    user's, whatever wrote the file); empty otherwise."""
    loads = sorted((*(x for x in f.h("ctx.model_loading").all() if _H5_FILE.search(x.text)),
                    *f.h("keras.h5_loader_frame").all()), key=lambda x: x.line)
    loads = [x for x in loads if x.line <= err.line]
    if not loads:
        return []
    after = loads[-1].line
    if any(after < x.line < err.line for x in f.h("py.user_frame").all()):
        return []
    return loads


def _saved_config_argument(f: Facts, h: Hit, api: str, loading: list[Hit], legacy: str,
                           env: str, k2_tf: str, fact: PlatformFact) -> Finding:
    """``keras-model-saved-with-other-keras`` for Keras 3's "Unrecognized keyword arguments
    passed to <cls>" while an HDF5 model is loaded (:func:`_h5_model_load`): the argument is
    in the file's layer config, which Keras 2 wrote (keras-team/keras#20750:
    GRU's time_major in an .h5 saved by Keras 2, loaded by TensorFlow 2.18's Keras 3)."""
    return catalogue.make(
        "keras-model-saved-with-other-keras", evidence=log_evidence([h], loading[-1:]),
        cause=(f"Keras 3 rejected {api} while loading a saved model: the argument comes from "
               "the file's layer config, which Keras 2 wrote (tf.keras is Keras 3 from "
               f"TensorFlow {fact.value('tf_version')}, and it dropped some Keras 2 layer "
               "arguments). The model was saved by Keras 2 (TensorFlow <= "
               f"{k2_tf}) and is loaded by Keras 3."),
        fix=(f"# load it with the Keras that saved it ({legacy} with {env}, or TensorFlow <= "
             f"{k2_tf}) and save it again as 'model.keras', or save its weights and rebuild "
             "the model in Keras 3 code",
             f"# or load it here with custom_objects={{'{h.g('cls')}': a subclass of "
             f"{h.g('cls')} whose __init__ drops the argument}}, when its saved value is the "
             "default"),
        knowledge_ref=fact.ref,
    )


def _keras3_file_suffix(f: Facts, h: Hit, hits: Hits, legacy: str, env: str, k3_tf: str,
                        k2_tf: str, fact: PlatformFact) -> Finding:
    """``keras3-legacy-api-used`` variant ``file-suffix``: Keras 3 refused a weights or model
    file name (keras/src/callbacks/model_checkpoint.py: weights only to ``*.weights.h5``,
    whole models to ``*.keras``; keras/src/saving/saving_api.py: save_weights the same;
    model.save's own refusal is keras3-savedmodel-format's).  The line's ``Received:
    filepath=`` is quoted in the evidence."""
    text = h.g("suffix") or ""
    weights = "weights" in text or "filename must end" in text
    api = ("ModelCheckpoint(save_weights_only=True)'s filepath" if "ModelCheckpoint" in text
           else "save_weights' file name" if weights else "ModelCheckpoint's filepath")
    return catalogue.make(
        "keras3-legacy-api-used", variant="file-suffix", api=api, tf=fact.value("tf_version"),
        evidence=log_evidence(hits),
        fix=(("# name the weights file '<name>.weights.h5' (the callback's filepath too, e.g. "
              "'weights_best.weights.h5'); load it back with model.load_weights of that name"
              if weights else
              "# name the checkpoint file '<name>.keras' (e.g. 'model-{epoch:02d}.keras'); for "
              "weights only, save_weights_only=True with '<name>.weights.h5'"),
             "or keep Keras 2 for code written for it: "
             f"{_tf_keras_pin(f, legacy, k3_tf, note=False)}; then export {env}",
             f"or use TensorFlow <= {k2_tf}"),
        knowledge_ref=fact.ref,
    )


def keras3(f: Facts) -> Iterator[Finding]:
    """Keras 3 (tf.keras from TF 2.16) meeting code or libraries written for Keras 2.

    Facts: platform fact ``keras3-switch`` (Keras 3 from TF 2.16; Keras 2 stays available as
    tf-keras with ``TF_USE_LEGACY_KERAS=1``).  Three faults: a library that needs Keras 2
    (Transformers' TF models, TF-Hub layers mixed into a Keras 3 model), Keras 2-only APIs
    on Keras 3, and Keras internals imported from paths that moved.
    """
    fact = f.kb.platform_fact("keras3-switch")
    env = fact.value("legacy_env")
    legacy = fact.value("legacy_package")
    k3_tf, k2_tf = keras3_series(f.kb)
    needs = f.h("keras.needs_tf_keras")
    # Sequential.add given an object that names no module (a function, a KerasTensor, a
    # tensor): the code passed something other than a layer, not a Keras 2 library's layer
    if all(h.g("obj") is not None and "." not in (h.g("obj") or "") for h in needs.all()):
        needs = Hits()
    legacy_set = [h for h in needs.all() if "TF_USE_LEGACY_KERAS set" in h.text]
    if legacy_set and len(legacy_set) == needs.count:
        # TensorFlow's own warning: the variable is set and tf_keras is missing (any release)
        mm = f.tf_mm
        pin = f"{legacy}~={mm[0]}.{mm[1]}.0" if mm else f"{legacy}~=<TensorFlow's X.Y>.0"
        yield catalogue.make(
            "keras-not-importable", variant="legacy-set",
            tf=f" (TensorFlow {f.tf_version})" if f.tf_version else "",
            evidence=log_evidence(legacy_set), knowledge_ref=fact.ref,
            fix=(c.pip(f, "install", pin) + "   # tf-keras of TensorFlow's own minor release",
                 f"# or unset {env.split('=')[0]} (in the environment, or before the import "
                 "of the library that sets it) when the code is written for TensorFlow's own "
                 "tf.keras"))
        return
    if needs.count:
        lib = next((h.g("lib") or h.g("obj") or h.g("pipreq") for h in needs.all()
                    if h.g("lib") or h.g("obj") or h.g("pipreq")), None)
        # deepface's own check (deepface/commons/package_utils.py) names no library
        lib = lib or next(("deepface" for h in needs.all() if h.g("dftf")), None)
        hub = "tensorflow_hub" in (lib or "")
        fix = (_tf_keras_pin(f, legacy, k3_tf),
                 f"export {env}   # before importing TensorFlow: tf.keras is then Keras 2"
                 + ("; build the model with tf_keras, not keras" if hub else ""),
                 f"or use TensorFlow <= {k2_tf} (Keras 2)")
        if not lib and any(h.g("ktensor") for h in needs.all()):
            # usually the user's own tf.* call in a functional model
            yield catalogue.make(
                "keras3-needs-tf-keras", variant="kerastensor",
                tf=fact.value("tf_version"), legacy=legacy, env=env,
                evidence=log_evidence(needs), knowledge_ref=fact.ref,
                fix=("# in the model code named in the traceback: wrap the tf.* call in a "
                     "keras.layers.Layer subclass (its call() may use tf.*), or use the "
                     "keras.ops function of the same name",
                     "or keep Keras 2 for Keras 2 code: "
                     f"{_tf_keras_pin(f, legacy, k3_tf, note=False)}; "
                     f"then export {env} before importing TensorFlow",
                     f"or use TensorFlow <= {k2_tf} (Keras 2)"))
            return
        if lib and lib.startswith("tf_keras."):
            # Keras 3's Sequential was given a tf_keras layer: tf-keras is installed and in
            # use, so its install line and TF_USE_LEGACY_KERAS change nothing; the model and
            # its layers come from two Kerases
            layer = lib.rsplit(".", 1)[-1]
            yield catalogue.make(
                "keras3-needs-tf-keras", variant="mixed-kerases", layer=layer,
                legacy=legacy, env=env, evidence=log_evidence(needs), knowledge_ref=fact.ref,
                fix=("python -c \"import os, keras, tensorflow as tf; print(os.environ.get("
                     f"'{env.split('=')[0]}'), keras.__version__, "
                     "tf.keras.layers.Dense.__module__)\"   # which Keras each name is",
                     "# Keras 2 throughout: tf.keras.Sequential (or tf.keras.Model) with "
                     "tf.keras.layers, or import tf_keras as keras, never the keras package",
                     f"# or Keras 3 throughout: keras.Sequential with keras.layers, and unset "
                     f"{env.split('=')[0]} so that tf.keras is Keras 3 as well"))
            return
        if hub:
            yield catalogue.make("keras3-needs-tf-keras", variant="hub",
                                 tf=fact.value("tf_version"), legacy=legacy, env=env,
                                 evidence=log_evidence(needs), fix=fix, knowledge_ref=fact.ref)
        else:
            yield catalogue.make("keras3-needs-tf-keras",
                                 library=lib.split(".")[0] if lib else "a library",
                                 tf=fact.value("tf_version"), legacy=legacy, env=env,
                                 evidence=log_evidence(needs), fix=fix, knowledge_ref=fact.ref)
        return
    hub_call = [h for h in f.h("ctx.hub_keraslayer_symbolic").all() if h.g("call")]
    symbolic = [h for h in f.h("ctx.hub_keraslayer_symbolic").all() if h.g("sym")]
    if hub_call and symbolic and any(abs(s.line - c.line) <= 4
                                      for s in symbolic for c in hub_call):
        # Keras 3's KerasTensor refusing __array__ (keras/src/backend/common/keras_tensor.py)
        # inside TF-Hub's KerasLayer, a Keras 2 layer called on a Keras 3 Input
        # (tensorflow/hub#903, "TF Hub is not compatible with Keras 3 and TensorFlow 2.16+")
        yield catalogue.make(
            "keras3-needs-tf-keras", variant="hub-called", tf=fact.value("tf_version"),
            legacy=legacy, env=env, evidence=log_evidence(hub_call[:1], symbolic[:1]),
            knowledge_ref=fact.ref,
            fix=(_tf_keras_pin(f, legacy, k3_tf),
                 f"export {env}   # before importing TensorFlow: tf.keras is then Keras 2; "
                 "build the model with tf.keras (tf_keras), not keras",
                 f"or use TensorFlow <= {k2_tf} (Keras 2)"))
        return
    legacy_api = f.h("keras.legacy_api")
    if legacy_api.count:
        h = legacy_api.first[0]
        if h.g("suffix"):
            yield _keras3_file_suffix(f, h, legacy_api, legacy, env, k3_tf, k2_tf, fact)
            return
        keras1 = {item.split(":", 1)[0]
                  for item in f.kb.platform_fact("keras1-argument-names").items("renamed")}
        if h.g("kw2") in keras1:
            return  # a Keras 1 name: keras1-argument-renamed says it (tf-keras refuses it too)
        if h.g("kw3"):
            yield catalogue.make(
                "keras3-legacy-api-used", variant="pydataset-arguments",
                api=f"{h.g('meth')}({h.g('kw3')}=...)", tf=fact.value("tf_version"),
                evidence=log_evidence(legacy_api),
                fix=(f"# drop {h.g('kw3')}= from {h.g('meth')}(): Keras 3 takes workers, "
                     "use_multiprocessing and max_queue_size in a keras.utils.PyDataset "
                     "subclass's super().__init__(workers=..., use_multiprocessing=..., "
                     "max_queue_size=...)",
                     f"or keep Keras 2: {_tf_keras_pin(f, legacy, k3_tf, note=False)}; "
                     f"then export {env}",
                     f"or use TensorFlow <= {k2_tf}"),
                knowledge_ref=fact.ref)
            return
        name = "".join(re.findall(r"'(\w)'", h.g("chars") or h.g("chars_cut") or ""))
        name += "..." if h.g("chars_cut") else ""  # (the log cut the name short)
        api = h.g("api") or (f"the {h.g('kw')}= argument" if h.g("kw") else
                             f"{h.g('cls')}({h.g('kw2')}=...)" if h.g("kw2") else
                             f"an argument of {h.g('cls')}(...)" if h.g("cls") else
                             f"add_weight('{name}', ...)" if name else "a Keras 2 API")
        # Keras 3's unknown-argument message names any argument, not only dropped ones
        # (a paste may keep only the class: "Unrecognized keyword arguments passed to Dense")
        kwarg = not h.g("api") and not h.g("kw") and bool(h.g("cls"))
        rebuilt = [*(x for x in f.h("keras.from_config_frame").all() if 0 < h.line - x.line <= 12),
                   *(x for x in f.h("keras.deserialize_class").all() if 0 <= h.line - x.line <= 3)]
        if kwarg and rebuilt:
            # Keras 3 rebuilding a layer from a config: the argument is the config's
            # (saved_model_files.keras_saved_config_argument reads it), not code's
            return
        across = f.kb.platform_fact("keras-config-arguments-of-other-releases")
        writer = dict(item.partition("=")[::2] for item in across.items("names")).get(
            f"{h.g('cls')}:{h.g('kw2')}")
        if kwarg and writer and writer != "keras2":
            # an argument a later Keras 3 added and writes into saved configs: a model (or
            # code) of that Keras 3 on an older one, not Keras 2 code on Keras 3
            yield catalogue.make(
                "keras-model-saved-with-other-keras", evidence=log_evidence(legacy_api),
                knowledge_ref=across.ref,
                cause=(f"Keras refused {h.g('cls')}'s argument '{h.g('kw2')}', which Keras "
                       f"{writer} and later have and write into every saved config of "
                       f"{h.g('cls')} (knowledge row {across.ref}): the model was saved by a "
                       f"Keras 3 release newer than the one loading it (or the code is "
                       f"written for one)."),
                fix=(pip_list_grep("keras", "tensorflow", "tf-keras", anchored=True)
                     + "   # the Keras loading it",
                     f'pip install -U "keras>={writer}"   # at least the Keras that saved the '
                     "file",
                     "# or save the model again with the older Keras, or load only the "
                     "weights into a model built in code"))
            return
        loading = _h5_model_load(f, h) if kwarg else []
        if loading:
            # the argument comes from a saved model's config, not from code
            yield _saved_config_argument(f, h, api, loading, legacy, env, k2_tf, fact)
            return
        yield catalogue.make(
            "keras3-legacy-api-used", api=api, tf=fact.value("tf_version"),
            variant=("unrecognized-kwarg" if kwarg else "add-weight-name-first" if name
                     else None),
            evidence=log_evidence(legacy_api),
            fix=(("# upgrade the library whose layer calls add_weight (the traceback names "
                  "it) to a release for Keras 3, or in your own code pass add_weight's "
                  "arguments by keyword (name=..., shape=...)") if name else
                 "# port the code to Keras 3 (learning_rate= not lr=, keras.optimizers not "
                 ".legacy, no tf.compat.v1.keras)",
                 f"or keep Keras 2: {_tf_keras_pin(f, legacy, k3_tf, note=False)}; "
                 f"then export {env}",
                 f"or use TensorFlow <= {k2_tf}"),
            knowledge_ref=fact.ref,
        )
        return
    over = [h for h in f.h("pip.pin_conflict").all()
            if _norm(h.g("dep") or "") == "keras" and (h.g("have") or "").startswith("3")
            and _norm(h.g("pkg") or "").startswith("tensorflow")]
    if over:
        h = over[0]
        yield catalogue.make(
            "keras3-installed-over-keras2-tensorflow", tf=h.g("v") or "?",
            keras=h.g("have") or "3", first=fact.value("tf_version"),
            evidence=log_evidence(over),
            fix=(f'pip install "tensorflow>={fact.value("tf_version")}"   # a TensorFlow built '
                 "for Keras 3",
                 f"or put Keras 2 back: pip install \"{h.g('req')}\"   # what "
                 f"{h.g('pkg')} {h.g('v')} requires"),
            knowledge_ref=fact.ref,
        )
        return
    private = f.h("keras.private_api")
    if private.count and not bundled_keras_missing(f):
        mod = private.first[0].g("mod") or "keras.engine"
        addon = addon_importing_at(f, private.first[0].line)
        if addon is not None and (mod.startswith("tensorflow.python") or (
                addon == "tensorflow-addons" and addons_warning_in_log(f))):
            # an add-on's own import: its release (tf_api_versions.module_missing), or
            # Addons' warning with the range it supports (nvidia_tools.addons_unsupported_tf)
            return
        if is_copy_module(mod):
            # TensorFlow's own copy of Keras: its paths moved with TensorFlow releases, not
            # with the keras package's keras.src (checks/tf_keras_copy.py dates them)
            if (dated := tf_keras_copy_missing(f, mod, private.first)) is not None:
                yield dated
            return  # not dated: tf_api_versions.module_missing's hedge reads it
        reading = read_keras_src(f, mod)
        if reading is not None:
            yield _keras_src_missing(f, mod, reading, private.first)
            return
        yield catalogue.make(
            "keras-private-api-moved", module=mod,
            evidence=log_evidence(private),
            fix=("pip install --upgrade <the library in the traceback>   # a release for "
                 "your Keras/TensorFlow",
                 pip_list_grep("keras", "tf-keras", "tensorflow", anchored=True)
                 + "   # the versions that must match",
                 "# or pin TensorFlow/Keras to the release that library supports"),
        )


# --- metal pairing ---
def metal_pairing_broken(f: Facts) -> Iterator[Finding]:
    """tensorflow-metal installed beside a TensorFlow from the release where the plugin
    stops loading ("Symbol not found" in ``libmetal_plugin.dylib``), on macOS.

    Facts: platform fact ``macos-metal-pairing`` (the pair reported working, TensorFlow
    2.17 with tensorflow-metal 1.1.0 on Python 3.11, tensorflow#84167; broken from 2.18,
    tensorflow#81987).  Nothing when TensorFlow was probed and listed a GPU (a newer
    tensorflow-metal may match it) or when the versions do not parse.
    """
    facts = f.host
    if facts is None or f.os != "macos":
        return
    metal = facts.python.dist("tensorflow-metal")
    tf = facts.python.dist("tensorflow") or facts.python.dist("tensorflow-macos")
    if metal is None or tf is None or not tf.version:
        return
    if facts.tf is not None and facts.tf.status is ProbeStatus.OK and facts.tf.gpus:
        return  # it loaded: this pair works here
    pair = f.kb.platform_fact("macos-metal-pairing")
    try:
        if Version(tf.version) < Version(pair.value("broken_from")):
            return
    except InvalidVersion:
        return
    tf_pair, metal_pair = pair.value("tf_version"), pair.value("metal_version")
    yield catalogue.make(
        "metal-plugin-tensorflow-mismatch", variant="known-broken-pair",
        detail=f" (tensorflow {tf.version} with tensorflow-metal {metal.version})",
        tf=tf.version, metal=metal.version, broken_from=pair.value("broken_from"),
        tf_pair=tf_pair, metal_pair=metal_pair, py_pair=pair.value("python_max"),
        evidence=(*_dist_evidence(facts, [tf.name, metal.name]),
                  *log_evidence(f.h("metal.symbol"))),
        fix=(c.pip(facts, "install", f"tensorflow~={tf_pair}.0",
                   f"tensorflow-metal=={metal_pair}"),
             f"# with Python {pair.value('python_max')} (a new venv if this one is another "
             "Python: tfgpu plan --os macos --gpu 'Apple M2')",
             "or " + c.pip(facts, "uninstall", "-y", "tensorflow-metal")
             + "   # keep this TensorFlow, on the CPU"),
        knowledge_ref=pair.ref,
    )
# --- end metal pairing ---

# --- gpu stack ----------------------------------------------------------------------------

#: Log patterns whose findings name why an import failed (then the generic native-import
#: finding adds nothing).
_IMPORT_CAUSES = ("numpy.abi", "numpy.too_old", "numpy.multiarray", "protobuf.descriptors",
                  "protobuf.too_old", "cpu.illegal", "cpu.guard_abort", "lib.missing",
                  "keras.private_api", "win.dll_load", "metal.symbol",
                  # glibc's dlerror for a file found but not loaded (static TLS full, not an
                  # ELF library): checks/static_tls.py, checks/library_files.py
                  "lib.static_tls", "lib.unloadable")


def tensorflow_native_import_failed_linux(ctx: Facts) -> list[Finding]:
    """pywrap_tensorflow.py "Failed to load the native TensorFlow runtime." on Linux, and the
    loader's "version `GLIBC_2.29' not found (required by .../_pywrap_tensorflow_internal.so)"
    (glibc older than the wheel's manylinux tag needs) or ``GLIBCXX_*`` (an old libstdc++
    loaded first). Windows (DLL load failed) and macOS have their own checks."""
    hits = ctx.h("lib.native_import").all()
    if not hits and not ctx.windows and ctx.os != "macos":
        return _native_import_cut(ctx)
    if not hits or ctx.windows or ctx.os == "macos":
        return []
    # a line without "(required by ...)" names no module: TensorFlow's only where the log or the
    # host shows TensorFlow; else a glibc symbol version missing is still the loader's verdict
    # on whatever native module was imported (variant glibc-module: the module not named)
    tf_shown = bool(ctx.tf_version or ctx.h("ctx.tensorflow").count)
    named = [h for h in hits if h.g("by") or h.g("failed") or tf_shown]
    if not named:
        bare = next((h for h in hits if (h.g("sym") or "").startswith("GLIBC_")), None)
        if bare is None or ctx.h("ctx.aws_lambda").count:
            return []
        return [catalogue.make(
            "tensorflow-native-import-failed-linux", variant="glibc-module",
            symbol=bare.need("sym"), lib=bare.g("lib") or "the C library",
            evidence=log_evidence([bare]),
        )]
    hits = named
    sym = next((h for h in hits if h.g("sym")), None)
    if sym is not None:
        symbol = sym.g("sym") or ""
        by = (sym.g("by") or "").strip()[-120:] or (
            f"a library loaded while importing TensorFlow (the line names only the system's "
            f"{sym.g('lib')}; its '(required by ...)' part is not in the log)")
        if symbol.startswith("GLIBCXX"):
            return [catalogue.make(
                "tensorflow-native-import-failed-linux", variant="glibcxx",
                symbol=symbol, by=by, evidence=log_evidence(hits, limit=2),
            )]
        if ctx.h("ctx.aws_lambda").count:
            # AWS Lambda's runtime: its OS is the runtime's (no ldd, no OS upgrade there);
            # the package was built for a newer Linux (serverless_limits.py's source)
            return [catalogue.make(
                "tensorflow-native-import-failed-linux", variant="glibc-lambda",
                symbol=symbol, by=by, evidence=log_evidence(hits, limit=2))]
        return [catalogue.make(
            "tensorflow-native-import-failed-linux", variant="glibc",
            symbol=symbol, by=by, evidence=log_evidence(hits, limit=2),
        )]
    if any(ctx.h(n).count for n in _IMPORT_CAUSES):
        return []
    spec = f"tensorflow=={ctx.tf_version}" if ctx.tf_version else "tensorflow"
    first = min(h.line for h in hits)
    # (pywrap_tensorflow.py's re-raise "ImportError: Traceback (most recent call last):"
    # starts the inner traceback: it carries no loader message)
    shown = [h for h in ctx.h("tell.exception").all()
             if "ImportError" in h.text and h.line < first
             and not h.text.rstrip().endswith("Traceback (most recent call last):")][-1:]
    linked = None if shown else _import_links_other_cuda(ctx, hits)
    if linked is not None:
        return [linked]
    # the loader's ImportError, when the log has it (no check reads its text): quoted, never
    # "this log does not show it"
    fix = ("python -c \"import tensorflow\" 2>&1 | grep -i -B3 importerror   # the loader's "
           "own message",
           "# then, in a fresh virtual environment: " + c.pip(ctx, "install", spec))
    if shown:
        return [catalogue.make(
            "tensorflow-native-import-failed-linux", variant="shown",
            line=str(shown[0].line), said=shown[0].text.strip()[:300],
            evidence=log_evidence(shown, hits, limit=2), fix=fix)]
    return [catalogue.make(
        "tensorflow-native-import-failed-linux",
        evidence=log_evidence(hits, limit=2), fix=fix,
    )]


def _import_links_other_cuda(ctx: Facts, hits: list[Hit]) -> Finding | None:
    """``tf-cuda-runtime-missing`` variant ``linked-at-import``: "Failed to load the native
    TensorFlow runtime." with no ImportError shown, from the GPU build of a TensorFlow 1.x up
    to 1.13, which links its CUDA libraries at import
    (:func:`~tfgpu.diagnosis.checks.libraries._linked_at_import`), on a host whose CUDA
    versions (host facts and the log's folders and conda rows together) hold none of the
    build's CUDA release (platform fact ``tf1-gpu-build-cuda``; the names carry major.minor up
    to CUDA 10.x).  The GPU build: ``tensorflow-gpu`` among the probed distributions when the
    facts were probed, else installed or named by the log (not in an uninstall, and with no
    CPU package or plain ``tensorflow==1.x`` install named).  ``None`` otherwise: another
    TensorFlow, a conda environment (its tensorflow-gpu brings its own cudatoolkit), no GPU
    build shown, no CUDA known, or the build's CUDA present (a folder, a conda row, the
    runtime library in the facts: then the failure has another cause)."""
    m = re.match(r"\s*1\.(\d{1,2})(?!\d)", ctx.tf_version or "")
    if m is None or int(m.group(1)) > 13 or ctx.conda:
        return None  # (conda's tensorflow-gpu brings its own cudatoolkit into the environment)
    if ctx.host is not None and ctx.host.probes and ctx.host.python.distributions:
        gpu_build = bool(ctx.dist_version("tensorflow-gpu"))  # the probed ones decide
    else:
        named = [h for h in ctx.h("ctx.tensorflow_gpu_named").all() if not h.g("un")]
        gpu_build = bool(ctx.dist_version("tensorflow-gpu")
                         or ((named or ctx.h("pip.tfgpu_named").count)
                             and not ctx.h("ctx.tensorflow_cpu_named").count))
    # every CUDA the host facts and the log show (a conda list row, a folder on a path)
    have = tuple(dict.fromkeys((*ctx.cuda_versions, *ctx.log_cuda_versions)))
    if not gpu_build or not have:
        return None
    builds = tf1_build_cudas(ctx.kb)
    cuda = dict(builds.builds).get(f"1.{m.group(1)}") if builds is not None else None
    if builds is None or not cuda:
        return None
    if any(".".join(v.split(".")[:2]) == cuda for v in have):
        return None
    if ctx.host is not None and any(
            lib.name == "cudart" and (lib.version or "").startswith(cuda)
            for lib in ctx.host.libraries):
        return None  # the loader finds that release's runtime: another cause
    return catalogue.make(
        "tf-cuda-runtime-missing", variant="linked-at-import", tf=ctx.tf_version, cuda=cuda,
        have=", ".join(have), knowledge_ref=builds.ref,
        evidence=log_evidence(hits, ctx.h("ctx.tensorflow_gpu_named").first[:1], limit=3)
        + tuple(ctx.fact_evidence()),
        fix=(f"# install CUDA {cuda} (and the cuDNN of the build) beside CUDA {have[0]} and put "
             f"its lib64 first on LD_LIBRARY_PATH: ls /usr/local/cuda-{cuda}/lib64/libcudart.so."
             f"{cuda}",
             _tf1_release_for(ctx, have[0]),
             'python -c "import tensorflow" 2>&1 | grep -i "cannot open shared object"   # the '
             "library the loader could not find"),
    )


def _tf1_release_for(ctx: Facts, have: str) -> str:
    """The fix line for a TensorFlow 1.x whose build's CUDA is not the host's CUDA ``have``
    (``"10.1"``): the 1.x releases built for ``have`` when some are (platform fact
    tf1-gpu-build-cuda, :func:`~tfgpu.diagnosis.checks.tf1_era.releases_built_with_cuda`),
    else that none is and TensorFlow 2 means porting the code."""
    mm = ".".join(have.split(".")[:2])
    found = releases_built_with_cuda(ctx.kb, mm)
    if found is not None:
        words, ref = found
        return (f"# or the releases built for CUDA {mm}: {words} (knowledge row {ref}), "
                "pinned in a fresh environment")
    return (f"# no TensorFlow 1.x release is built for CUDA {mm} (knowledge row "
            "platform_facts:tf1-gpu-build-cuda): TensorFlow 1 code needs its build's CUDA; "
            "the TensorFlow 2 releases built for yours (tfgpu matrix) mean porting the code")


def _native_import_cut(ctx: Facts) -> list[Finding]:
    """``tensorflow-native-import-failed-linux`` variant ``cut`` (a warning, category unknown):
    the traceback shows TensorFlow's native module failing to import (TF 1.x
    pywrap_tensorflow_internal.py's ``swig_import_helper``) and the paste ends before the
    loader's own ImportError line.  pywrap_tensorflow.py catches that ImportError and re-raises
    it as ``ImportError(msg)``, msg = the inner traceback, whose last line is the loader's
    ("libcublas.so.9.0: cannot open shared object file", "libcuda.so.1: ..."), then "Failed to
    load the native TensorFlow runtime." (tensorflow/python/pywrap_tensorflow.py, TF 1.x); with
    that line cut, the cause is unknown and only the usual ones can be named."""
    imp = ctx.h("lib.pywrap_import").all()
    if not imp or any(ctx.h(n).count for n in _IMPORT_CAUSES):
        return []
    last = max(h.line for h in imp)
    if any(h.line > last for h in ctx.h("tell.exception").all()):
        return []  # the loader's line is there: another check reads it (or the unknown one)
    # a container's shell (Docker's 12-hex-digit host name, the TensorFlow images' prompt):
    # its GPU image ships the CUDA libraries, so the driver's libcuda.so.1 comes first
    shell = ctx.h("ctx.container_prompt").first[:1]
    return [catalogue.make(
        "tensorflow-native-import-failed-linux",
        variant="cut-container" if shell or ctx.in_container else "cut",
        evidence=log_evidence(shell, imp[:2],
                              [h for h in ctx.h("tell.exception").all()
                               if "ImportError" in h.text and h.line < last][:2]),
        fix=("python -c \"import tensorflow\" 2>&1 | tail -n 12   # the ImportError line "
             "after the traceback names the library that did not load",
             "# libcuda.so.1 in a GPU container image: start it with GPU access (docker run "
             "--gpus all; older Docker: nvidia-docker run or --runtime=nvidia)",
             "# libcublas/libcudart/libcudnn.so.N: install the CUDA/cuDNN version this "
             "TensorFlow release was built for, or put its folder on LD_LIBRARY_PATH")),
    ]


# ----------------------------------------- the user site shadowing an environment


def user_site_shadows_env(ctx: Facts) -> list[Finding]:
    """``user-site-tensorflow-shadows-env``: the log's traceback runs a conda environment's
    Python (``.../envs/<name>/lib/pythonX.Y/``) but imports TensorFlow from the user
    site-packages of the same Python version (``~/.local/lib/pythonX.Y/site-packages``,
    ``pip install --user``), which sys.path puts first (platform fact
    ``python-user-site-first``: Python's site module, PEP 370)."""
    user, env = ctx.h("ctx.user_site_tf"), ctx.h("ctx.conda_env_python")
    if not user.count or not env.count:
        return []
    u = user.first[0]
    envs = [h for h in env.all() if h.g("v") is None or u.g("v") is None or h.g("v") == u.g("v")]
    if not envs:
        return []
    fact = ctx.kb.platform_fact("python-user-site-first")
    wv = u.g("wv") or ""
    py = u.g("v") or (f"{wv[0]}.{wv[1:]}" if wv else "X.Y")
    site = (f"~/.local/lib/python{py}/site-packages" if u.g("v")
            else f"%APPDATA%\\Python\\Python{wv}\\site-packages")
    name = envs[0].g("env")
    return [catalogue.make(
        "user-site-tensorflow-shadows-env",
        site=site,
        evidence=log_evidence([u], envs[:1]),
        cause=("The interpreter runs from a conda environment"
               + (f" ({name})" if name else "")
               + f", but TensorFlow was imported from {site}, where pip install --user put "
               "it: the user site-packages comes before the environment's own on sys.path "
               f"({fact.title}; knowledge row {fact.ref}), so that copy, built for whatever "
               "CUDA it was built for, wins over the environment's TensorFlow and its CUDA "
               "libraries. If the environment has no TensorFlow of its own, install it there."),
        fix=(c.set_env(ctx, "PYTHONNOUSERSITE", "1") + "   # ignore the user site-packages "
             "(or run python -s)",
             c.python_cmd(ctx, "import tensorflow as tf; print(tf.__file__)")
             + "   # must print a path inside the environment",
             f"# to remove the user-site copy: outside the environment, python{py} -m pip "
             "uninstall tensorflow (repeat for tensorflow-gpu / keras copies it lists)"),
        doc_url=ctx.kb.doc_url(ctx.kb.row(fact.ref)),
        knowledge_ref=fact.ref,
    )]


# --- ----------------------------------------------------------------------------------


def _keras_src_missing(f: Facts, mod: str, reading: KerasSrcReading,
                       hits: list[Hit]) -> Finding:
    """``No module named 'keras.src...'`` imported by a package: which Keras the module needs
    (the ``keras-src-*`` rows of platform_facts.toml) decides who is newer, the package or the
    Keras installed.  A module only Keras 2.13-2.15 had, with Keras 3 (or an unknown Keras)
    installed, is the package being older; a Keras-3-only or 2.13+ module is the package
    being newer; an unlisted module, or a reading the installed Keras contradicts, names no
    side (variant ``unknown-series``)."""
    keras = f.dist_version("keras")
    mm = f.tf_mm
    shown = (f" (Keras {keras})" if keras else
             f" (TensorFlow {mm[0]}.{mm[1]})" if mm is not None else "")
    k3 = keras3_installed(f)
    versions = pip_list_grep("keras", "tf-keras", "tensorflow", anchored=True)
    k3_tf, k2_tf = keras3_series(f.kb)
    ref = reading.fact.ref
    first = reading.fact.value("first_keras")
    if reading.kind == "keras2-only" and k3 is not False:
        return catalogue.make(
            "keras-private-api-moved", variant="keras2-module", module=mod, keras=shown,
            since=reading.since,
            which="Keras 3" if k3 else f"Keras 3 (or older than {first})",
            evidence=log_evidence(hits), knowledge_ref=ref,
            fix=("pip install --upgrade <the package in the traceback>   # a release made for "
                 "Keras 3",
                 f'or: {c.pip(f, "install", f"tensorflow<{k3_tf}")}   # Keras {k2_tf}, which has '
                 + mod,
                 versions),
        )
    if reading.kind == "keras3-only" and k3 is not True:
        return catalogue.make(
            "keras-private-api-moved", variant="library-newer", module=mod, keras=shown,
            since=reading.since, needs="Keras 3",
            remedy=f" It needs Keras 3: TensorFlow {k3_tf}+, or an older release of that package.",
            evidence=log_evidence(hits), knowledge_ref=ref,
            fix=(c.pip(f, "install", "-U", "tensorflow")
                 + f"   # TensorFlow {k3_tf}+ brings Keras 3, which has " + mod,
                 "# or pin the package in the traceback to an older release made for Keras 2",
                 versions),
        )
    if reading.kind == "from-2.13" and not (mod == "keras.src" and k3 is True):
        return catalogue.make(
            "keras-private-api-moved", variant="library-newer", module=mod, keras=shown,
            since=reading.since, needs=f"Keras {first} or newer",
            remedy=" Upgrade TensorFlow/Keras, or pin that package to a release made for this "
                   "Keras.",
            evidence=log_evidence(hits), knowledge_ref=ref,
            fix=(c.pip(f, "install", "-U", "tensorflow")
                 + f"   # brings a Keras that has keras.src ({first} or newer)",
                 "# or pin the package in the traceback to a release made for this Keras",
                 versions),
        )
    return catalogue.make(
        "keras-private-api-moved", variant="unknown-series", module=mod, keras=shown,
        since=reading.since, evidence=log_evidence(hits),
        knowledge_ref=ref,
        fix=(versions,
             "# install the Keras/TensorFlow that package supports, or the package release "
             "made for this Keras"),
    )
