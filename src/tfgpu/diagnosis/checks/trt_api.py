"""TF-TRT's Python API as it was in another TensorFlow release
(``tftrt-python-api-not-in-this-tf``).

Sources (platform_facts rows ``tftrt-converter-first``, ``tftrt-version-log-bug``):

* TF 1.14 moved TF-TRT from ``tensorflow.contrib.tensorrt`` (``create_inference_graph``) to
  ``tensorflow.python.compiler.tensorrt.trt_convert`` (``TrtGraphConverter``; TF 2.x
  ``TrtGraphConverterV2``, exported as ``tf.experimental.tensorrt.Converter`` from TF 2.1):
  tensorflow/models#6828, tensorflow/tensorrt#81 (maintainer: an r1.13 branch for the old
  scripts), tensorflow/tensorflow#35440 (TF 1.13.1: "No module named
  'tensorflow.python.compiler'", then "module 'tensorflow.contrib.tensorrt.python.trt_convert'
  has no attribute 'TrtGraphConverter'"; answer: TrtGraphConverter is not in 1.13).
* Python 2's AttributeError "'module' object has no attribute 'TrtGraphConverter'" does not
  name the module (messages_tools source ``cpython27-generic-getattr``): the contrib module of
  TF <= 1.13 most likely, answered as above unless the log's TensorFlow is 1.14 or newer.
* ``DEFAULT_TRT_CONVERSION_PARAMS`` is a module constant of trt_convert.py (TensorFlow 2.21:
  ``DEFAULT_TRT_CONVERSION_PARAMS = TrtConversionParams()``), not a TensorFlow export: code
  copied from the API page without ``from tensorflow.python.compiler.tensorrt import
  trt_convert as trt`` fails with NameError (tensorflow/tensorflow#38747, the reporter's fix;
  TF 2.1 had no tf.experimental.tensorrt.ConversionParams: tensorflow/tensorrt#201).
* ``module 'tensorflow.python.compiler.tensorrt.trt_convert' has no attribute
  'TrtGraphConverter'``: that module defines TrtGraphConverter and TrtGraphConverterV2 from
  TF 1.14 through 2.21 (the 2.21 wheel's trt_convert.py; platform_facts
  ``tftrt-v1-converter-last-checked``), so the message names a TF-TRT module of another
  release (a pre-1.14 nightly, or a TensorFlow newer than tfgpu's knowledge): hedged.
* ``Tensorflow has not been built with TensorRT support.`` (``tftrt-not-enabled``,
  :func:`trt_not_enabled`): trt_convert.py raises it when ``is_tensorrt_enabled()`` is False,
  which py_utils.cc returns for a build without TensorRT and for a TensorRT build whose
  libraries did not load ("Could not find TensorRT" first); TensorFlow's CUDA builds have no
  TensorRT from 2.18 (platform_facts ``tftrt-disabled-first``, tensorflow/tensorflow#87911).
* TF 2.7's trt_convert.py called ``trt_utils.versionTupleToString`` (no such function) in the
  branch that logs a linked/loaded TensorRT difference: tensorflow/tensorflow#53396, fixed by
  #52926 (``version_tuple_to_string``, the name TensorFlow 2.21's utils.py defines).
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._pip_list import pip_list_grep
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence, tf_minor
from tfgpu.findings import Finding

_IMPORT = "from tensorflow.python.compiler.tensorrt import trt_convert as trt"


def trt_python_api(ctx: Facts) -> list[Finding]:
    """``tftrt-python-api-not-in-this-tf`` for the TF-TRT API of another release: the contrib
    module without TrtGraphConverter (TF <= 1.13; also in Python 2's wording, which does not
    name the module), DEFAULT_TRT_CONVERSION_PARAMS used without
    its import, TF 2.7's versionTupleToString bug; variant ``hedged`` for "No module named
    'tensorflow.python.compiler'" alone (TF older than 1.14, or an install without it).
    ``[]`` without these lines."""
    bug = ctx.h("trt.version_tuple_bug").all()
    if bug:
        _, row = ctx.kb.fact_series("tftrt-version-log-bug")
        return [catalogue.make(
            "tftrt-python-api-not-in-this-tf",
            what="TensorFlow 2.7's converter crashes on its own TensorRT-version notice",
            evidence=log_evidence(bug[:1]), knowledge_ref=row.ref,
            cause=("TensorFlow 2.7's trt_convert.py compares the TensorRT it was linked "
                   "against with the one loaded at run time and, when they differ (a newer "
                   "patch release such as 7.2.3 against 7.2.2 is enough), logs a notice "
                   "through trt_utils.versionTupleToString, a function that does not exist "
                   "(it is version_tuple_to_string), so the conversion dies with "
                   "AttributeError instead of a warning. A TensorFlow bug, fixed by "
                   "tensorflow/tensorflow#52926 after 2.7.0."),
            fix=("python -m pip install -U tensorflow   # a release with "
                 "tensorflow/tensorflow#52926 (version_tuple_to_string)",
                 "python -c \"import tensorflow.compiler.tf2tensorrt._pywrap_py_utils as u; "
                 "print(u.get_linked_tensorrt_version(), u.get_loaded_tensorrt_version())\""
                 "   # or install exactly the linked TensorRT, so the notice is not reached"),
        )]
    missing = ctx.h("trt.no_compiler_module").all()
    contrib = ctx.h("trt.contrib_no_converter").all()
    if contrib:
        first, row = ctx.kb.fact_series("tftrt-converter-first")
        name = contrib[0].g("name") or "TrtGraphConverter"
        return [catalogue.make(
            "tftrt-python-api-not-in-this-tf",
            what=f"{name} is not in this TensorFlow (it came with {first[0]}.{first[1]})",
            evidence=log_evidence(missing[:1], contrib[:1]), knowledge_ref=row.ref,
            cause=(f"The code follows the TF-TRT API of TensorFlow {first[0]}.{first[1]} and "
                   "later (tensorflow.python.compiler.tensorrt.trt_convert with "
                   f"{name}), but this TensorFlow still has TF-TRT under "
                   "tensorflow.contrib.tensorrt, whose API is create_inference_graph(); "
                   "TF 1.14 moved and renamed it (tensorflow/models#6828)."),
            fix=("python -m pip install 'tensorflow-gpu>=1.14,<2'   # or TensorFlow 2.x: "
                 "the TrtGraphConverter API",
                 "# or keep this release and use its API: from tensorflow.contrib import "
                 "tensorrt as trt; trt.create_inference_graph(input_graph_def=..., "
                 "outputs=[...], precision_mode='FP16')"),
        )]
    unnamed = ctx.h("trt.module_no_converter").all()
    if unnamed:
        return [_unnamed_module_no_converter(ctx, unnamed, missing)]
    other = ctx.h("trt.api_unexpected_kwarg").all() or ctx.h("trt.contrib_other_name").all()
    if other:
        return [_other_release_api(ctx, other)]
    params = ctx.h("trt.params_not_imported").all()
    if params:
        return [catalogue.make(
            "tftrt-python-api-not-in-this-tf",
            what="DEFAULT_TRT_CONVERSION_PARAMS is used without importing it",
            evidence=log_evidence(params[:1]),
            cause=("DEFAULT_TRT_CONVERSION_PARAMS is a constant of TF-TRT's trt_convert "
                   "module (tensorflow/python/compiler/tensorrt/trt_convert.py), not a name "
                   "TensorFlow exports; the API page's sample uses it bare, so code copied "
                   "from it fails with NameError before any TensorRT work starts."),
            fix=(f"{_IMPORT}   # then: params = trt.DEFAULT_TRT_CONVERSION_PARAMS._replace("
                 "precision_mode='FP16')",
                 "# newer TensorFlow 2.x: tf.experimental.tensorrt.ConversionParams("
                 "precision_mode='FP16') (TF 2.1 has no ConversionParams export)"),
        )]
    compiler = ctx.h("trt.compiler_no_converter").all()
    if compiler:
        return [_compiler_no_converter(ctx, compiler)]
    if missing:
        first, row = ctx.kb.fact_series("tftrt-converter-first")
        mod = missing[0].g("mod") or "tensorflow.python.compiler.tensorrt"
        return [catalogue.make(
            "tftrt-python-api-not-in-this-tf", variant="hedged",
            what=f"this TensorFlow has no {mod}",
            evidence=log_evidence(missing[:1]), knowledge_ref=row.ref,
            cause=(f"TF-TRT lives in {mod} from TensorFlow {first[0]}.{first[1]}; "
                   "before, it was tensorflow.contrib.tensorrt (create_inference_graph). "
                   "The import fails on an older TensorFlow, or on an install that lacks that "
                   "package (a broken or mixed install: tensorflow and tensorflow-gpu of "
                   "different versions). The version tells them apart."),
            fix=("python -c \"import tensorflow as tf; print(tf.__version__, tf.__file__)\""
                 "   # below 1.14: use tensorflow.contrib.tensorrt or upgrade",
                 pip_list_grep("tensorflow") + "   # two TensorFlow packages of different "
                 "versions: keep one"),
        )]
    return []


def _other_release_api(ctx: Facts, hits: list[Hit]) -> Finding:
    """``tftrt-python-api-not-in-this-tf`` (variant ``hedged``) for a keyword TF-TRT's entry
    point of this release does not take (``trt.api_unexpected_kwarg``) or a name
    ``tensorflow.contrib.tensorrt`` lacks (``trt.contrib_other_name``): TF-TRT's Python API
    changed from release to release (contrib up to 1.13, trt_convert from 1.14: platform_facts
    ``tftrt-converter-first``), so the code follows another release; which one, and whether
    newer or older, the installed version and the code's own requirements tell."""
    first, row = ctx.kb.fact_series("tftrt-converter-first")
    h = hits[0]
    seen = f" (the log shows TensorFlow {ctx.tf_version})" if ctx.tf_version else ""
    if h.g("kw"):
        func = (h.g("func") or "create_inference_graph").split(".")[0]
        what = f"this TensorFlow's {func}() takes no '{h.g('kw')}' argument"
        detail = (f"The code calls TF-TRT's {func}() with the argument '{h.g('kw')}', which "
                  "this TensorFlow's version of it does not take")
        module = ("tensorflow.contrib.tensorrt" if func in ("create_inference_graph",
                                                            "calib_graph_to_infer_graph")
                  else "tensorflow.python.compiler.tensorrt.trt_convert")
        sig = (f"python -c \"import inspect; import {module} as trt; "
               f"print(inspect.signature(trt.{func}))\"   # the arguments this release takes")
    else:
        what = f"this TensorFlow's tensorflow.contrib.tensorrt has no {h.g('name')}"
        detail = (f"The code uses tensorflow.contrib.tensorrt.{h.g('name')}, which this "
                  "TensorFlow's contrib TF-TRT module does not have")
        sig = ("python -c \"import tensorflow.contrib.tensorrt as trt; print(dir(trt))\""
               "   # the names this release has")
    return catalogue.make(
        "tftrt-python-api-not-in-this-tf", variant="hedged", what=what,
        evidence=log_evidence(hits[:1]), knowledge_ref=row.ref,
        cause=(f"{detail}{seen}. TF-TRT's Python API changed from release to release: up to "
               f"TensorFlow {first[0]}.{first[1] - 1} it was tensorflow.contrib.tensorrt "
               "(create_inference_graph, whose arguments changed between "
               f"releases), from {first[0]}.{first[1]} tensorflow.python.compiler.tensorrt "
               "(TrtGraphConverter, TF 2.x TrtGraphConverterV2). So the code follows another "
               "release's API than the installed one: a newer one (an argument or name added "
               "later) or an older one (removed since). The installed version and the release "
               "the code was written for (its README or requirements) tell which."),
        fix=("python -c \"import tensorflow as tf; print(tf.__version__)\"   # the installed "
             "release",
             sig,
             "# install the TensorFlow release the code was written for (on a Jetson: "
             "NVIDIA's TensorFlow wheel for its JetPack), or change the call to the installed "
             "release's API"),
    )


def _unnamed_module_no_converter(ctx: Facts, hits: list[Hit], missing: list[Hit]) -> Finding:
    """``tftrt-python-api-not-in-this-tf`` for "'module' object has no attribute
    'TrtGraphConverter'", Python 2's AttributeError wording, which does not name the module
    (messages_tools source ``cpython27-generic-getattr``): the converter classes came with
    TensorFlow 1.14 (platform_facts ``tftrt-converter-first``), before which TF-TRT was
    tensorflow.contrib.tensorrt with create_inference_graph.  Hedged (the compiler-module
    reading) when the log's TensorFlow is 1.14 or newer."""
    first, row = ctx.kb.fact_series("tftrt-converter-first")
    mm = tf_minor(ctx.tf_version)
    if mm is not None and mm >= first:  # tf_minor(None) is None
        return _compiler_no_converter(ctx, hits)
    name = hits[0].g("name") or "TrtGraphConverter"
    seen = f"TensorFlow {ctx.tf_version}" if ctx.tf_version else "the TensorFlow in use"
    return catalogue.make(
        "tftrt-python-api-not-in-this-tf",
        what=f"{name} is not in the TF-TRT module the code reads (it came with TensorFlow "
             f"{first[0]}.{first[1]})",
        evidence=log_evidence(missing[:1], hits[:1]), knowledge_ref=row.ref,
        cause=(f"The code follows the TF-TRT API of TensorFlow {first[0]}.{first[1]} and later "
               f"({name} in tensorflow.python.compiler.tensorrt.trt_convert), and the module "
               f"it reads has no {name} (Python 2's wording, which does not name the "
               f"module). In {seen} that is most likely tensorflow.contrib.tensorrt: before "
               f"{first[0]}.{first[1]} TF-TRT lived there, with the API "
               "create_inference_graph() (TF 1.14 moved and renamed it, "
               "tensorflow/models#6828); the public module tf.experimental.tensorrt (TF 2.x) "
               "exports the converter as Converter, not under this name. The version tells."),
        fix=("python -c \"import tensorflow as tf; print(tf.__version__)\"   # below 1.14: "
             "no converter classes",
             "python -m pip install 'tensorflow-gpu>=1.14,<2'   # then: from "
             "tensorflow.python.compiler.tensorrt import trt_convert as trt; "
             "trt.TrtGraphConverter(...)",
             "# or keep this release and use its API: from tensorflow.contrib import tensorrt "
             "as trt; trt.create_inference_graph(input_graph_def=..., outputs=[...], "
             "precision_mode='FP16')"),
    )


def _compiler_no_converter(ctx: Facts, hits: list[Hit]) -> Finding:
    """``tftrt-python-api-not-in-this-tf`` (variant ``hedged``) for the converter asked of
    ``tensorflow.python.compiler.tensorrt.trt_convert`` that lacks it: that module has both
    converters from TensorFlow 1.14 (platform_facts ``tftrt-converter-first``) through 2.21
    (``tftrt-v1-converter-last-checked``), so the release in use is outside that range."""
    first, row = ctx.kb.fact_series("tftrt-converter-first")
    last, _ = ctx.kb.fact_series("tftrt-v1-converter-last-checked")
    name = hits[0].g("name") or "TrtGraphConverter"
    tf = ctx.tf_version
    seen = f" (the log shows TensorFlow {tf})" if tf else ""
    return catalogue.make(
        "tftrt-python-api-not-in-this-tf", variant="hedged",
        what=f"this TensorFlow's trt_convert module has no {name}",
        evidence=log_evidence(hits[:1]), knowledge_ref=row.ref,
        cause=(f"tensorflow.python.compiler.tensorrt.trt_convert defines TrtGraphConverter "
               f"(TF 1.x graphs) and TrtGraphConverterV2 (TF 2.x) from TensorFlow "
               f"{first[0]}.{first[1]} through at least {last[0]}.{last[1]}; a trt_convert "
               f"without {name} is the TF-TRT module of another release{seen}: a pre-"
               f"{first[0]}.{first[1]} nightly, or a TensorFlow newer than tfgpu's "
               "knowledge. On TensorFlow 2.x, TrtGraphConverter refuses to run eagerly "
               "anyway ('Please use tf.experimental.tensorrt.Converter in TF 2.0.'): TF 2.x "
               "code uses TrtGraphConverterV2. The installed version tells which."),
        fix=("python -c \"import tensorflow as tf; print(tf.__version__, tf.__file__)\""
             "   # which TensorFlow this Python imports",
             "# TensorFlow 2.x: converter = trt.TrtGraphConverterV2(input_saved_model_dir=..., "
             "conversion_params=trt.TrtConversionParams(precision_mode='FP16'))   "
             "# tf.experimental.tensorrt.Converter"),
    )


def trt_not_enabled(ctx: Facts) -> list[Finding]:
    """``tftrt-not-enabled`` for TF-TRT's "Tensorflow has not been built with TensorRT
    support." (or its ERROR line "... needs to be built with TensorRT support enabled ...").

    Variants: ``libraries`` (error) when the log also has "Could not find TensorRT" (TF 2.1-2.11:
    "Cannot dlopen some TensorRT libraries"), which only a TensorRT build prints (py_utils.cc),
    or the loader's line that libnvinfer did not load; ``release`` (error) when the log's
    TensorFlow is at or after platform_facts ``tftrt-disabled-first`` (2.18: TensorFlow's CUDA
    builds without TensorRT); otherwise the hedged default naming both causes and the linked-version
    query that tells them apart.  ``[]`` without the message."""
    hits = ctx.h("trt.not_built").all()
    if not hits:
        return []
    first, row = ctx.kb.fact_series("tftrt-disabled-first")
    linked = ("python -c \"from tensorflow.compiler.tf2tensorrt import _pywrap_py_utils as u; "
              "print(u.get_linked_tensorrt_version())\"   # (0, 0, 0): built without "
              "TensorRT; else the TensorRT major to install")
    # py_utils.cc's warning (either wording), or the loader's line for TensorRT's libraries
    notfound = ctx.h("noise.trt").all() or [
        h for h in ctx.h("lib.missing").all() if "nvinfer" in (h.g("lib") or "")]
    ev = log_evidence(notfound[:1], hits[:2])
    if notfound:
        return [catalogue.make(
            "tftrt-not-enabled", variant="libraries", evidence=ev,
            knowledge_ref=row.ref,
            fix=(linked,
                 "ls /usr/lib/x86_64-linux-gnu/libnvinfer* $(python -c \"import os, tensorrt "
                 "as t; print(os.path.dirname(t.__file__))\" 2>/dev/null)   # the TensorRT "
                 "libraries present (apt packages or the pip tensorrt wheel)",
                 "export LD_LIBRARY_PATH=<folder with libnvinfer.so.N>:$LD_LIBRARY_PATH   # "
                 "TensorRT of the linked major, on the loader path"),
        )]
    tf = ctx.tf_version
    mm = tf_minor(tf)
    last = f"{first[0]}.{first[1] - 1}"
    if mm is not None and mm >= first:  # tf_minor(None) is None
        return [catalogue.make(
            "tftrt-not-enabled", variant="release", evidence=ev, knowledge_ref=row.ref,
            tf=tf, first=f"{first[0]}.{first[1]}", last=last,
            fix=(f'python -m pip install "tensorflow[and-cuda]=={last}.*"   # the last '
                 "TensorFlow whose Linux CUDA build has TF-TRT (with the TensorRT of its "
                 "linked major)",
                 "# or an NVIDIA NGC TensorFlow container (built with TensorRT), or convert "
                 "the SavedModel with TensorRT itself (tf2onnx, then trtexec)"),
        )]
    return [catalogue.make(
        "tftrt-not-enabled", evidence=ev, knowledge_ref=row.ref,
        built=(f"TensorFlow's own CUDA builds from {first[0]}.{first[1]} on "
               f"(tensorflow/tensorflow#87911)"),
        fix=(linked,
             "python -c \"import tensorflow as tf; print(tf.__version__)\"   # "
             f"{first[0]}.{first[1]} or newer: no TF-TRT in TensorFlow's CUDA builds; use "
             f"{last} or older, or an NVIDIA NGC TensorFlow container"),
    )]
