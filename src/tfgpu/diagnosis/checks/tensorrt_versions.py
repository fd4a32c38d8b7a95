"""TF-TRT: the TensorRT this TensorFlow was linked against and the one installed or loaded.

TF-TRT dlopens the TensorRT major its build was linked against (``libnvinfer.so.<major>``) and
requires the same major at run time, at least the linked version (tensorflow 2.21 wheel,
``python/compiler/tensorrt/trt_convert.py`` ``_check_trt_version_compatibility``: "It is
required to use the same major version of TensorRT during compilation and runtime", "TensorRT
does not support forward compatibility").  Reports: tensorflow/tensorflow#53697 (the 2.7.0-gpu
image ships TensorRT 8.0 while its TensorFlow was linked against 7.2.2), #57679 (TF 2.10/2.11
wheels linked against TensorRT 7 on a host with TensorRT 8).
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def _tuple(h: Hit) -> str:
    return ".".join(x for x in (h.g("maj"), h.g("min"), h.g("pat")) if x)


def _printed(ctx: Facts, which: str) -> Hit | None:
    """The version TF-TRT logged (``Linked/Loaded TensorRT version: (a, b, c)``), else a
    tuple printed within 3 lines after the user's ``get_<which>_tensorrt_version()``."""
    for h in ctx.h("trt.version").all():
        if (h.g("which") or "").lower() == which:
            return h
    calls = [h for h in ctx.h("trt.linked_call").all() if h.g("which") == which]
    return next((t for t in ctx.h("trt.version_tuple").all()
                 if any(0 < t.line - c.line <= 3 for c in calls)), None)


def tensorrt_major_mismatch(ctx: Facts) -> list[Finding]:
    """TF-TRT's own error ("Loaded TensorRT X but linked TensorFlow against TensorRT Y",
    "Incompatible TensorRT major version"), or the linked version printed beside the
    installed TensorRT (apt/dpkg ``libnvinfer<N>``, pip ``tensorrt``, or TF-TRT's "Loaded
    TensorRT version") with no installed major equal to the linked one ->
    ``tensorrt-major-version-mismatch``; its variants ``linked-unshown``, ``have-unshown`` and
    ``neither-shown`` when the log lacks a version (the title names only what it shows).
    TF-TRT's floor ("The linked|loaded version of TensorRT: `X` has now been removed",
    "Incompatible linked|loaded TensorRT versions"): :func:`_below_floor`."""
    tf1 = ctx.h("trt.tf1_mismatch").all()
    if tf1 and not ctx.h("trt.incompatible").count:
        return _tf1_mismatch(tf1)
    err = ctx.h("trt.incompatible").all()
    floor = [h for h in err if h.g("old") or h.g("raised")]
    if floor and not any(h.g("major") or h.g("linked") for h in err):
        return _below_floor(ctx, floor)
    err = [h for h in err if h not in floor]
    linked_h = _printed(ctx, "linked")
    loaded_h = _printed(ctx, "loaded")
    linked = next((h.g("linked") for h in err if h.g("linked")), None) or (
        _tuple(linked_h) if linked_h else None)
    installed: list[tuple[str, Hit]] = [
        (h.g("v") or h.g("pipv") or "", h) for h in ctx.h("trt.installed").all()]
    loaded = next((h.g("loaded") for h in err if h.g("loaded")), None) or (
        _tuple(loaded_h) if loaded_h else None)
    if loaded:
        installed.insert(0, (loaded, (loaded_h or err[0])))
    if linked is None:
        if not any(h.g("major") for h in err):
            return []
    else:
        majors = {v.split(".")[0] for v, _ in installed if v}
        if not err and (not majors or linked.split(".")[0] in majors):
            return []  # nothing installed shown, or the linked major is there
    have = ", ".join(dict.fromkeys(v for v, _ in installed if v))
    evidence = log_evidence(err[:2], [h for h in (linked_h, loaded_h) if h is not None],
                            [h for _, h in installed][:3])
    if linked is None:
        unshown = (_VERSIONS_QUERY + "   # the linked TensorRT (first) and the loaded one",
                   "# install that linked TensorRT major (at least its version) where "
                   "TensorFlow runs: the libnvinfer<major> / libnvinfer-plugin<major> "
                   "packages, or pip install \"tensorrt==<major>.*\"",
                   "# or use a TensorFlow release (or image) built against the TensorRT you "
                   "have")
        if have:
            return [catalogue.make("tensorrt-major-version-mismatch", variant="linked-unshown",
                                   have=have, evidence=evidence, fix=unshown)]
        return [catalogue.make("tensorrt-major-version-mismatch", variant="neither-shown",
                               evidence=evidence, fix=unshown)]
    lmaj = linked.split(".")[0]
    fix = (f"# install TensorRT {lmaj}.x (>= {linked}) where TensorFlow runs: the libnvinfer"
           f"{lmaj} / libnvinfer-plugin{lmaj} packages, or pip install \"tensorrt=={lmaj}.*\"",
           "# or use a TensorFlow release (or image) built against the TensorRT you have",
           _VERSIONS_QUERY)
    if not have:
        return [catalogue.make("tensorrt-major-version-mismatch", variant="have-unshown",
                               linked=linked, evidence=evidence, fix=fix)]
    return [catalogue.make("tensorrt-major-version-mismatch", linked=linked, have=have,
                           evidence=evidence, fix=fix)]


#: The query of the TensorRT this TensorFlow was linked against and the one it loads.
_VERSIONS_QUERY = ('python -c "from tensorflow.compiler.tf2tensorrt import _pywrap_py_utils as '
                   'u; print(u.get_linked_tensorrt_version(), u.get_loaded_tensorrt_version())"')


def _zero(version: str) -> bool:
    """Whether ``version`` (``"0.0.0"``) is TensorFlow's answer when there is no TensorRT."""
    return set(version) <= {"0", "."}


def _below_floor(ctx: Facts, floor: list[Hit]) -> list[Finding]:
    """TF-TRT's floor (trt_convert.py ``_check_trt_version_compatibility``, TensorFlow 2.7 and
    later): the linked or loaded TensorRT is older than 7. A version of 0.0.0 is none
    (tf2tensorrt/common/utils.cc returns (0, 0, 0) without TensorRT): linked ->
    ``tftrt-not-enabled`` variant ``none-linked`` (a build without TensorRT), loaded (or the
    loaded one refused after "Could not find TensorRT", ``noise.trt``) -> variant
    ``none-loaded`` (TensorRT not installed or not on the loader's path). Another version ->
    ``tensorrt-major-version-mismatch`` variant ``below-floor``; none shown ->
    ``below-floor-unshown``."""
    named = next((h for h in floor if h.g("oldv")), None)
    which = (named.g("old") if named is not None else None) or next(
        (h.g("raised") for h in floor if h.g("raised")), None) or "loaded"
    version = named.g("oldv") if named is not None else None
    notfound = ctx.h("noise.trt").all()
    evidence = log_evidence(notfound[:1], floor[:2])
    if which == "linked" and version is not None and _zero(version):
        first, row = ctx.kb.fact_series("tftrt-disabled-first")
        return [catalogue.make(
            "tftrt-not-enabled", variant="none-linked", evidence=evidence,
            knowledge_ref=row.ref, first=f"{first[0]}.{first[1]}",
            last=f"{first[0]}.{first[1] - 1}",
            fix=(f'python -m pip install "tensorflow[and-cuda]=={first[0]}.{first[1] - 1}.*"'
                 "   # on Linux: the last TensorFlow whose CUDA build has TF-TRT",
                 "# or an NVIDIA NGC TensorFlow container (built with TensorRT), or convert the "
                 "SavedModel with TensorRT itself (tf2onnx, then trtexec)"),
        )]
    if which == "loaded" and (notfound or (version is not None and _zero(version))):
        shown = [f"it reports the loaded TensorRT as {version}" if version else
                 "it raised 'Incompatible loaded TensorRT versions'"]
        if notfound:
            shown.append("and TensorFlow warned before that it could not find the TensorRT "
                         "libraries (py_utils.cc)")
        return [catalogue.make(
            "tftrt-not-enabled", variant="none-loaded", evidence=evidence,
            shown=" ".join(shown),
            fix=(_VERSIONS_QUERY + "   # the linked TensorRT: install that major",
                 "ldconfig -p | grep -i libnvinfer   # the TensorRT libraries the loader "
                 "finds (none: not installed, or not on its path)",
                 "# install TensorRT of the linked major (the libnvinfer<major> and "
                 "libnvinfer-plugin<major> packages, or pip install \"tensorrt==<major>.*\") "
                 "and put its lib folder on LD_LIBRARY_PATH"),
        )]
    fix = (_VERSIONS_QUERY + "   # the linked TensorRT (first) and the loaded one",
           "# TensorRT 7 or newer, of the linked major: install it where TensorFlow runs, or "
           "use a TensorFlow built against the TensorRT you have (an NVIDIA NGC container)",
           "# or TensorFlow 2.6 or older, whose TF-TRT still takes TensorRT 5 and 6")
    if version is None:
        return [catalogue.make("tensorrt-major-version-mismatch", variant="below-floor-unshown",
                               which=which, evidence=evidence, fix=fix)]
    return [catalogue.make("tensorrt-major-version-mismatch", variant="below-floor",
                           which=which, version=version, evidence=evidence, fix=fix)]


def _tf1_mismatch(hits: list[Hit]) -> list[Finding]:
    """TF-TRT's TF 1.x / early 2.x check (tensorflow/tensorflow
    ``tensorflow/contrib/tensorrt/python/trt_convert.py`` ``create_inference_graph``): an
    older loaded major is an error ("TensorRT version mismatch. Tensorflow was compiled
    against TensorRT X but library loaded from environment is TensorRT Y", then
    RuntimeError "Incompatible TensorRT library version"); any other difference only warns
    ("TensorRT mismatch. Compiled against version X, but loaded Y. Things may not work").
    Threads: tensorflow/tensorrt#85 (5.0.2 vs 5.1.2: the pip wheels were built with TensorRT
    5.0; install it, or an NVIDIA container / source build for 5.1), tensorflow/tensorflow
    #43644 (5.0.2 vs 5.1.5: fix that warning first).  Returns one
    ``tensorrt-major-version-mismatch``: variant ``tf1-older-major`` (an error) for the
    ERROR line or the RuntimeError, else ``tf1-differs`` (a warning: the code goes on, and
    other threads printing it failed for other reasons too, e.g. ildoonet/tf-pose-estimation
    #543's unsupported constant)."""
    older = next(((h.g("linked2"), h.g("loaded2")) for h in hits if h.g("linked2")), None)
    warned = next(((h.g("linked"), h.g("loaded")) for h in hits if h.g("linked")), None)
    raised = any(h.g("incompatible") for h in hits)
    if older is None and warned is None and not raised:
        return []
    pair = older or warned
    if pair is None:
        return [catalogue.make("tensorrt-major-version-mismatch", variant="tf1-raised",
                               evidence=log_evidence(hits[:2]), fix=_TF1_FIX)]
    linked, loaded = pair
    return [catalogue.make(
        "tensorrt-major-version-mismatch",
        variant="tf1-older-major" if older or raised else "tf1-differs",
        linked=linked, have=loaded, evidence=log_evidence(hits[:2]),
        fix=(f"# install TensorRT {linked} (the version this TensorFlow was compiled against)"
             " where TensorFlow runs, first on the loader's path", *_TF1_FIX[1:]))]


_TF1_FIX = (
    "# install the TensorRT version this TensorFlow was compiled against, first on the "
    "loader's path (ldconfig -p | grep libnvinfer)",
    "# or use a TensorFlow build made against the TensorRT you have (an NVIDIA TensorFlow "
    "container, or a source build)",
    "ldconfig -p | grep libnvinfer",
)


def tf1_running_against_none(ctx: Facts) -> list[Finding]:
    """``tftrt-not-enabled`` variant ``tf1-none``: TF 1.x's converter says it runs against
    TensorRT 0.0.0 (pattern ``trt.running_against``): the build has no TensorRT, or TensorRT
    did not load; the converter then makes no TRTEngineOp."""
    hits = [h for h in ctx.h("trt.running_against").all() if _zero(h.g("v") or "")]
    if not hits:
        return []
    return [catalogue.make(
        "tftrt-not-enabled", variant="tf1-none",
        evidence=log_evidence(hits[:1], ctx.h("noise.trt").all()[:1]),
        fix=("ldconfig -p | grep -i libnvinfer   # the TensorRT libraries the loader finds",
             "# a TensorFlow 1.x built with TensorRT: the Linux tensorflow-gpu wheels of the "
             "Python package index (1.7 and later) or NVIDIA's NGC TensorFlow containers, not "
             "conda's tensorflow-gpu builds, with the TensorRT release it was linked against "
             "on the loader's path"),
    )]


def trt_context_library(h: Hit) -> str | None:
    """The library of TensorRT's own failure to start it ("cudnn", "cublas", "cublaslt"):
    TensorRT 7's "<Lib> Error in initializeCommonContext", TensorRT 8's "Error Code N: <Lib>
    (Could not initialize ...)" (pattern ``mem.handle``, groups ``lib``/``lib2``); ``None``
    for any other handle failure."""
    if "initializeCommonContext" not in h.text and not h.g("lib2"):
        return None
    return (h.g("lib") or h.g("lib2") or "").lower() or None


def _norm(lib: str) -> str:
    """A linked/loaded line's library as TensorRT's context lines spell it: "cuDNN" ->
    "cudnn", "cuBLAS LT" -> "cublaslt", "cuBLAS/cuBLAS LT" -> "cublas"."""
    return lib.split("/")[0].lower().replace(" ", "")


def tensorrt_library_mismatch(ctx: Facts) -> list[Finding]:
    """``tensorrt-cuda-library-mismatch`` (a warning): TensorRT's own "TensorRT
    was linked against <lib> X but loaded <lib> Y" (pattern ``trt.lib_linked_loaded``); a
    context failure of that library after it is named as one of its two usual causes, beside
    the memory reading (memory.py), which stays."""
    hits = [h for h in ctx.h("trt.lib_linked_loaded").all() if h.g("linked") != h.g("loaded")]
    if not hits:
        return []
    first = hits[0]
    lib = first.g("lib") or "cuDNN"
    # its context failures of that library after it: named as one cause, beside memory
    ctxs = [h for h in ctx.h("mem.handle").all()
            if trt_context_library(h) == _norm(lib) and h.line > first.line]
    return [catalogue.make(
        "tensorrt-cuda-library-mismatch", lib=lib,
        after=(f"; its context failure after this line (line {ctxs[0].line}) may be this, or "
               "GPU memory TensorFlow already took (the other finding)") if ctxs else "",
        linked=(first.g("linked") or "?").rstrip("."),
        loaded=(first.g("loaded") or "?").rstrip("."),
        evidence=log_evidence(hits[:1], ctxs[:1]),
        fix=(f"# install the {lib} version this TensorRT release was built with (its support "
             f"matrix), or the TensorRT release built for the {lib} you have",
             "# then make the loader find that copy first: LD_LIBRARY_PATH (PATH on Windows), "
             "or remove the other copy"),
    )]
