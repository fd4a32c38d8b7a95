"""Anaconda's ``defaults``-channel TensorFlow build named by its build string.

AnacondaRecipes/tensorflow_recipes (commit 6fa2f061cc688265f98af2f5bceccc92cee6d50c, TensorFlow
1.11-2.4 in ``defaults``; later Anaconda builds keep the names): ``tensorflow-base-cpu/meta.yaml``
builds ``tensorflow-base`` with the build string ``{{ tflow_variant }}_py{{ CONDA_PY
}}h{{PKG_HASH}}_{{ PKG_BUILDNUM }}`` for the variants ``mkl`` and ``eigen`` (CPU only);
``tensorflow-base-gpu/meta.yaml`` builds ``gpu_py{{ CONDA_PY }}h...`` against ``cudatoolkit``
and ``cudnn`` (``pin_compatible`` run requirements: conda brings them).  The ``tensorflow``
metapackage carries the same ``<variant>_py...`` string, and ``_tflow_select`` ranks the
variants by its version (``2.3.0 mkl`` > ``2.2.0 eigen`` > ``2.1.0 gpu``, README: "the variant
with the highest version will be installed by default ... The non-default variant can be
installed using the tensorflow-mkl, tensorflow-eigen and tensorflow-gpu packages").  So a plain
``conda install tensorflow`` on Linux takes the MKL CPU build.

A ``conda list`` row, a change-report row ("old --> new"), a NEW row or a solver spec naming a
``mkl``/``eigen`` build is the environment's TensorFlow: with no GPU device created in the log
it is ``tensorflow-cpu-only-build`` variant ``conda-defaults-build``.  A ``gpu_`` build of
``tensorflow-base`` in the same log wins (the metapackage pins the exact base build).  Thread
with this cause: nanoporetech/medaka#232 (a conda environment resolved TensorFlow 2.2 to the
MKL variant; installing the ``gpu_py3x`` build fixed it).
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks.conda_tf_build import gpu_build_shown
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: The CPU-only variants of the defaults-channel recipes.
_CPU_VARIANTS = ("mkl", "eigen")


def _variant(build: str | None) -> str | None:
    """``"mkl"``, ``"eigen"`` or ``"gpu"`` from a build string (``mkl_py38h43e0292_0``, a
    bare ``_tflow_select`` variant); ``None`` for none."""
    if not build:
        return None
    head = build.split("_", 1)[0]
    return head if head in (*_CPU_VARIANTS, "gpu") else None


def _selector(h: Hit) -> bool:
    """The row is the variant selector: ``_tflow_select``, or a TensorFlow 1.8-era
    per-release one (``_tflow_180_select``)."""
    return (h.g("pkg") or "").startswith("_tflow")


def _now(h: Hit) -> str | None:
    """The variant the row leaves installed: the new build of a change-report row, else the
    build."""
    return _variant(h.g("nbuild")) or _variant(h.g("build"))


def _other_release_gpu_package(ctx: Facts, version: str) -> Hit | None:
    """A ``conda list`` row of ``tensorflow-gpu`` (``ctx.tf_version``, group ``pkg``) of
    another release than the CPU build's ``version`` ("tensorflow-gpu  1.5.0  0" next to
    "tensorflow  1.14.0  mkl_py36h2526735_0"), or ``None``: Anaconda's ``tensorflow-gpu``
    metapackage of a release selects that release's ``gpu_`` build (tensorflow_recipes
    README), so one of another release leaves the CPU build in place."""
    if not version:
        return None
    return next((h for h in ctx.h("ctx.tf_version").all()
                 if h.g("pkg") == "tensorflow-gpu" and h.g("v") and h.g("v") != version),
                None)


def _same_release_gpu_package(ctx: Facts, version: str) -> Hit | None:
    """A ``conda list`` row of the ``tensorflow-gpu`` metapackage of the CPU build's own
    release ``version`` ("tensorflow-gpu  2.3.0  he13fc11_0" beside "tensorflow  2.3.0
    mkl_py38..."): the metapackage is already installed and the solver still left a CPU build,
    so installing it again changes nothing; pinning the gpu_ build strings does
    (ContinuumIO/anaconda-issues#12194: "the installation engine fails to select the
    appropriate tensorflow build ... explicitly specify the correct tensorflow build";
    tensorflow/tensorflow#46935).  Whether Anaconda published a gpu_ build of that release for
    the platform is another matter (Linux 2.3 had none: ContinuumIO/anaconda-issues#12163;
    Windows 2.3's tensorflow builds were MKL ones: AnacondaRecipes/tensorflow_recipes#26), so
    the fix searches for one first (conda's match specs take a ``*`` in the build string:
    docs.conda.io, "Package search and install specifications")."""
    if not version:
        return None
    return next((h for h in ctx.h("ctx.tf_version").all()
                 if h.g("pkg") == "tensorflow-gpu" and h.g("v") == version), None)


def conda_defaults_tf_cpu_build(ctx: Facts) -> list[Finding]:
    """``tensorflow-cpu-only-build`` (``conda-defaults-build``) for conda rows that leave an
    Anaconda ``mkl``/``eigen`` TensorFlow build installed; ``[]`` when none does, when a row
    shows a ``gpu_`` ``tensorflow``/``tensorflow-base`` build, or when
    :func:`~tfgpu.diagnosis.checks.conda_tf_build.gpu_build_shown` (a GPU device created or
    listed, or the host's TensorFlow a CUDA build)."""
    hits = ctx.h("conda.tf_defaults_build").all()
    if not hits or gpu_build_shown(ctx):
        return []
    host = ctx.host
    if host is not None and host.gpus and not host.nvidia_gpus:
        return []  # no NVIDIA GPU: a CPU build is the right one
    tf_rows = [h for h in hits if not _selector(h)]
    if any(_now(h) == "gpu" for h in tf_rows):
        return []
    cpu = [h for h in hits if _now(h) in _CPU_VARIANTS]
    if not cpu:
        return []
    if all(_selector(h) for h in cpu) and any(
            (h.g("channel") or "") == "pypi" or (h.g("build") or "").startswith("pypi")
            for h in ctx.h("pip.listing").all()):
        return []  # a stale selector beside a TensorFlow pip installed: the pip one is used
    first = next((h for h in cpu if h.g("pkg") in ("tensorflow", "tensorflow-base")), cpu[0])
    variant = _now(first) or "mkl"
    build = first.g("nbuild") or first.g("build") or variant
    version = first.g("nv") or first.g("v") or ""
    shown = (f"{first.g('pkg')} {version}, build {build}" if not _selector(first)
             else f"{first.g('pkg')} {version} {build}, the variant selector")
    swapped = bool(first.g("nbuild")) and _variant(first.g("build")) == "gpu"
    cause = (
        f"The conda environment's TensorFlow is Anaconda's {variant.upper()} CPU build "
        f"({shown}). Anaconda names its TensorFlow builds by variant: 'mkl_py...' and "
        "'eigen_py...' are built without CUDA, 'gpu_py...' with CUDA (it brings cudatoolkit and "
        "cuDNN as conda packages, so only the NVIDIA driver must be on the host). "
        + ("The variant selector's versions rank the variants and a solver prefers the "
           "highest, a CPU one here, so an update can swap the gpu_ build out. "
           if _selector(first) else
           "The _tflow_select package ranks the variants MKL > Eigen > GPU, so a plain "
           "`conda install tensorflow` takes the MKL CPU build. ")
        + "A CPU build can never use an NVIDIA GPU, whatever the driver."
        + (" The listing shows conda replacing a gpu_ build with it: undo that change."
           if swapped else "")
    )
    # the selector's own version (1.0, 3.0, 2.3.0) is no TensorFlow release; a per-release
    # selector names its release (_tflow_180_select: TensorFlow 1.8)
    per_release = re.match(r"_tflow_(\d)(\d{1,2})0_select$", first.g("pkg") or "")
    pin = (f"={version}" if version and not _selector(first)
           else f"={per_release.group(1)}.{per_release.group(2)}" if per_release else "")
    stale = _other_release_gpu_package(ctx, version)
    if stale is not None:
        cause += (f" The listing also shows tensorflow-gpu {stale.g('v')} (line {stale.line}), "
                  f"a package of another release than TensorFlow {version}: it does not select "
                  f"{version}'s gpu_ build. `conda install tensorflow-gpu` without a version "
                  "lets the solver settle on an old tensorflow-gpu package that fits the "
                  "environment; name the version you want.")
    meta = _same_release_gpu_package(ctx, version) if not _selector(first) else None
    if meta is not None:
        cause += (f" The listing already holds the tensorflow-gpu {version} metapackage (line "
                  f"{meta.line}), and the solver still left this CPU build: installing the "
                  "metapackage again changes nothing. Pinning the gpu_ build strings of "
                  "tensorflow and tensorflow-base does, if Anaconda published a gpu_ build of "
                  f"{version} for this platform and Python.")
        return [catalogue.make(
            "tensorflow-cpu-only-build", variant="conda-defaults-build", build=build,
            flavour=variant.upper(),
            evidence=log_evidence(cpu, [meta], limit=4), cause=cause,
            fix=(f'conda search "tensorflow-base={version}=gpu_*"   # the gpu_ builds of '
                 f"{version} for this platform and Python (none listed: Anaconda built none)",
                 f'conda install "tensorflow={version}=gpu_*" "tensorflow-base={version}=gpu_*"'
                 "   # pin the gpu_ build strings (the metapackage is already there)",
                 "# if none is listed: a release that has a gpu_ build (conda search "
                 "tensorflow-gpu), or pip's tensorflow with the CUDA/cuDNN of its tested "
                 "configuration",
                 "python -c \"import tensorflow as tf; "
                 "print(tf.config.list_physical_devices('GPU'))\""),
        )]
    return [catalogue.make(
        "tensorflow-cpu-only-build", variant="conda-defaults-build", build=build,
        flavour=variant.upper(),
        evidence=log_evidence(cpu, [stale] if stale else [], limit=4),
        cause=cause,
        fix=("conda list '^(tensorflow|_tflow)'   # the build string: mkl_/eigen_ (CPU) "
             "or gpu_ (CUDA)",
             f'conda install "tensorflow-gpu{pin}"   # Anaconda\'s metapackage that selects the '
             "gpu_ build (and its cudatoolkit/cuDNN)"
             + ("; name the version: without one the solver may pick an old tensorflow-gpu"
                if stale is not None and pin else ""),
             f'or: conda install "tensorflow-base{pin or "=*"}=gpu_*"',
             "python -c \"import tensorflow as tf; "
             "print(tf.config.list_physical_devices('GPU'))\""),
    )]
