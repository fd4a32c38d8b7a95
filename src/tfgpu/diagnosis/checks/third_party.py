"""Loads that belong to another Python package than TensorFlow.

* :func:`owning_package`: the package whose traceback frame or compiled extension
  (``site-packages/<pkg>/...``) is the last one the log shows before a failing load: a
  ``libcudart.so.7.5: cannot open shared object file`` raised under Horovod's
  ``horovod/common/mpi_lib.so`` is Horovod's need, not TensorFlow's.
* :func:`horovod_version_mismatch`: Horovod's own framework-version check
  (horovod/horovod@2626dc87a3a8eb8fb7d2216198ce45bce0f9e65a ``horovod/common/util.py``
  ``check_installed_version``: the version recorded in ``horovod/metadata.json`` at build time
  against the one imported; ``horovod/common/exceptions.py`` ``get_version_mismatch_message``:
  "Framework {name} installed with version {installed_version} but found version {version}.
  ... Reinstall Horovod using `pip install --no-cache-dir` to build with the new version.").
* :func:`dali_tf_plugin_missing`: NVIDIA DALI's TensorFlow plugin is a package of its own
  (NVIDIA/DALI ``dali/python/nvidia/dali/plugin/tf.py`` imports ``nvidia.dali_tf_plugin``
  unguarded; ``dali_tf_plugin/nvidia/dali_tf_plugin/dali_tf_plugin.py``
  ``load_dali_tf_plugin`` raises "No matching DALI plugin found for installed TensorFlow
  version" when no ``libdali_tf*.so`` it has loads with the installed TensorFlow).
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._pip_list import pip_list_grep
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: Packages whose frames are TensorFlow's own load path (its modules, the Keras front ends
#: that import it): a failing load under them is TensorFlow's.
TF_FAMILY = frozenset({
    "tensorflow", "tensorflow_core", "tensorflow_gpu", "tensorflow_cpu", "tensorflow_intel",
    "tf_keras", "keras", "tensorflow_estimator", "tensorboard", "tensorflow_hub",
    "tensorflow_probability", "google", "absl", "numpy", "importlib", "pkg_resources",
    "setuptools", "_distutils_hack", "IPython", "ipykernel", "spyder_kernels", "pydev",
    "_pydevd_bundle",
})


def owning_package(ctx: Facts, line: int) -> tuple[str, str] | None:
    """``(package, path)``: the Python package of the last ``site-packages/<pkg>/...`` path
    (a traceback frame, a compiled extension in a backtrace) at or before ``line``, when it
    is not TensorFlow's own (:data:`TF_FAMILY`); ``None`` when there is none or it is
    TensorFlow's.

    Args:
        ctx: the facts view (reads pattern ``ctx.pkg_path``).
        line: the 1-based line of the failing load.
    """
    hits = ctx.h("ctx.pkg_path")
    seen: dict[int, Hit] = {h.line: h for h in (*hits.all(), *hits.by_key.values())}
    before = [seen[n] for n in sorted(seen) if n <= line]
    if not before:
        return None
    last = before[-1]
    pkg = last.g("pkg") or ""
    if not pkg or pkg in TF_FAMILY:
        return None
    return pkg, f"{pkg}/{last.g('rest') or ''}".rstrip("/")


def horovod_version_mismatch(ctx: Facts) -> list[Finding]:
    """``op-library-built-for-other-tensorflow`` variant ``horovod-version`` (raised:
    HorovodVersionMismatchError, the extension did not load) or ``horovod-version-warning``
    (Horovod's warning only): Horovod's compiled TensorFlow extension was built against
    another TensorFlow version than the one imported now.  Other frameworks (torch, mxnet,
    keras) are not TensorFlow's: nothing."""
    for h in ctx.h("dist.hvd_version_mismatch").all():
        fw = h.g("fw") or ""
        if fw != "tensorflow":
            continue
        built, found = h.g("built") or "?", (h.g("found") or "?").rstrip(".")
        raised = bool(h.g("err")) or "HorovodVersionMismatchError" in h.text
        name, pin = "TensorFlow", "tensorflow"
        return [catalogue.make(
            "op-library-built-for-other-tensorflow",
            variant="horovod-version" if raised else "horovod-version-warning",
            fw=name, built=built, found=found,
            evidence=log_evidence([h]),
            fix=("pip uninstall -y horovod",
                 "HOROVOD_WITH_TENSORFLOW=1 HOROVOD_GPU_OPERATIONS=NCCL pip install "
                 "--no-cache-dir horovod   # after the last step that installs or upgrades "
                 f"{pin} (in a Dockerfile: after it)",
                 f"# or pin {pin}=={built}, the version Horovod was built against",
                 "python -c \"import tensorflow as tf, horovod.tensorflow as hvd; "
                 "print(tf.__version__)\"   # imports without the error once they match"),
        )]
    return []


def dali_tf_plugin_missing(ctx: Facts) -> list[Finding]:
    """``dali-tf-plugin-not-installed``: ``import nvidia.dali.plugin.tf`` failed because the
    separate nvidia-dali-tf-plugin package is not installed ("No module named
    'nvidia.dali_tf_plugin'"), or variant ``no-matching-plugin``: DALI has no plugin library
    that loads with the installed TensorFlow ("No matching DALI plugin found for installed
    TensorFlow version": no prebuilt one for this TensorFlow, and none compiled for it when
    the plugin package was installed).  Threads: NVIDIA/DALI#2493 (the plugin package was
    never installed), NVIDIA/DALI#1065 (TensorFlow 1.8 with only nvidia-dali installed; the
    maintainer: install nvidia-dali-tf-plugin from the same index)."""
    missing = ctx.h("dali.tf_plugin_missing").all()
    nomatch = ctx.h("dali.tf_plugin_no_match").all()
    frame = ctx.h("dali.tf_plugin_load_frame").all()
    notfound = ctx.h("ctx.notfound_error").all()
    # the loader re-raised a plugin library's NotFoundError (its message cut off): that error
    # is this traceback's exception, below the frame (Python's traceback ends with it) or
    # heading it (IPython's "NotFoundError   Traceback ..."); a library the plugin links that
    # did not load ("cannot open shared object file") is that library's finding
    if (frame and not nomatch
            and any(n.line > frame[0].line or "Traceback" in n.text for n in notfound)
            and not any(n.line > frame[0].line and "cannot open shared object file" in n.text
                        for n in notfound)):
        nomatch = frame[:1]
    if not missing and not nomatch:
        return []
    fix = (pip_list_grep("dali", "tensorflow", windows=ctx.windows)
           + "   # nvidia-dali-cudaXXX and its version; the TensorFlow installed",
           "# install TensorFlow first, then nvidia-dali-tf-plugin-cudaXXX of the same version "
           "and CUDA suffix as nvidia-dali-cudaXXX, from NVIDIA's package index (DALI "
           "installation guide); it compiles the plugin for the installed TensorFlow when no "
           "prebuilt one fits, so reinstall it (pip install --force-reinstall --no-cache-dir) "
           "after TensorFlow changes",
           'python -c "import nvidia.dali.plugin.tf"   # imports without error once the '
           "plugin fits")
    if missing:
        return [catalogue.make("dali-tf-plugin-not-installed",
                               evidence=log_evidence(missing[:1]), fix=fix)]
    return [catalogue.make("dali-tf-plugin-not-installed", variant="no-matching-plugin",
                           evidence=log_evidence(nomatch[:1]), fix=fix)]
