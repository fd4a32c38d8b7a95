"""A name of TensorFlow's private implementation (``tensorflow.python.*``) missing, with no
reader that knows the caller: code written against another TensorFlow release's internals.

Sources:

* TensorFlow's API guarantees (tensorflow.org/guide/versions, "What is not covered"): only the
  public ``tf.*`` symbols are covered by semantic versioning; ``tensorflow.python`` and names
  with a leading underscore may change or vanish in any release. Python's AttributeError then
  reads "module 'tensorflow.python.<m>' has no attribute '<name>'" (CPython
  Objects/moduleobject.c module_getattro).
* TensorFlow's own file asking for the name: the tensorflow folder mixes releases
  (tensorflow/tensorflow#20499: "The issue is stale files sticking around": uninstall, delete
  the files, install again).
* Threads: apache/tvm#6754 (standalone Keras 2.3.1's ops._TensorLike, gone in TensorFlow 2.3;
  Keras 2.4.3 fixed it), modelscope/modelscope#651 (a pipeline built for an older TensorFlow
  calling mixed_precision._register_wrapper_optimizer_cls, missing in 2.13; TensorFlow 2.12
  fixed it).
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._addon_frames import package_frames_above
from tfgpu.diagnosis.checks._pip_list import pip_list_grep
from tfgpu.diagnosis.checks.keras2_standalone import keras_calls_tf_internal
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: TensorFlow's private packages whose missing names other readers explain (tf.keras's
#: implementation: checks/keras_moves.py, TF-TRT's: checks/trt_*.py)
_OTHER_READERS = ("tensorflow.python.keras", "tensorflow.python.compiler.tensorrt",
                  "tensorflow_core.python.keras")


def tf_private_name_missing(ctx: Facts) -> list[Finding]:
    """``tf-api-newer-than-installed`` variant ``private-name`` (a warning): "module
    'tensorflow.python.<m>' has no attribute '<name>'" (pattern ``tfapi.no_attr``) for a
    private module no other reader explains; the package whose frame is nearest above names
    the caller when the traceback shows one, and a standalone keras package in the log names
    Keras 2.3 and older (which called such names) as a likely caller."""
    hits = [h for h in ctx.h("tfapi.no_attr").all()
            if (h.g("mod") or "").startswith(("tensorflow.python.", "tensorflow_core.python."))
            and not (h.g("mod") or "").startswith(_OTHER_READERS)]
    if not hits or keras_calls_tf_internal(ctx):
        return []
    h = hits[0]
    mod, attr = h.g("mod") or "", h.g("attr") or ""
    near = package_frames_above(ctx, h.line)
    if near and (near[-1].g("pkg") or "") in ("tensorflow", "tensorflow_core"):
        return [_own_files_mixed(ctx, h, mod, attr)]
    frames = [p for p in near if (p.g("pkg") or "") not in ("tensorflow", "tensorflow_core")]
    caller = frames[-1].g("pkg") if frames else None
    keras = any((p.g("pkg") or "") == "keras" for p in ctx.h("ctx.pkg_path").all())
    who = (f"{caller} (the package whose frame is nearest above)" if caller
           else "a library the program imports (standalone Keras 2.3 and older called such "
                "names; the log shows a keras package)" if keras
           else "a library in the traceback, or the program itself")
    return [catalogue.make(
        "tf-api-newer-than-installed", variant="private-name", module=mod, name=attr, who=who,
        evidence=log_evidence([h]),
        fix=(pip_list_grep("tensorflow", "keras", windows=ctx.windows)
             + "   # the TensorFlow (and Keras) installed",
             f"# the code that asked for {mod}.{attr}: {who}; install the TensorFlow release it "
             "names (its requirements, setup.py or README), or its release made for the "
             "installed TensorFlow",
             *(("# standalone Keras beside TensorFlow 2: pip install the keras release of "
                "TensorFlow's major.minor (Keras 2.4+), or import tensorflow.keras instead",)
               if keras and not caller else ()))),
    ]


def _own_files_mixed(ctx: Facts, h: Hit, mod: str, attr: str) -> Finding:
    """``tf-api-newer-than-installed`` variant ``own-files-mixed``: TensorFlow's own file (the
    nearest package frame above) asks its own private module for a name it lacks: the
    tensorflow folder holds files of two releases, stale files of an earlier install or two
    TensorFlow distributions in one site-packages (tensorflow/tensorflow#20499, a TensorFlow
    engineer: "uninstalling, deleting the files, then installing again. The issue is stale
    files sticking around"; tensorflow/tensorflow#16981, microsoft/samples-for-ai#76)."""
    return catalogue.make(
        "tf-api-newer-than-installed", variant="own-files-mixed", module=mod, name=attr,
        evidence=log_evidence([h]),
        fix=(pip_list_grep("tensorflow", "tf-nightly", windows=ctx.windows)
             + "   # more than one TensorFlow distribution here is the usual cause",
             "pip uninstall -y tensorflow tensorflow-gpu tensorflow-cpu tensorflow-intel "
             "tf-nightly   # every distribution that installs into the tensorflow folder",
             'python -c "import site; print(site.getsitepackages())"   # then delete the '
             "tensorflow folder left in that site-packages, if any",
             "pip install tensorflow   # one distribution, installed anew"),
    )
