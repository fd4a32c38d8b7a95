"""Standalone (multi-backend) Keras 2 on TensorFlow: the messages keras-team/keras itself
printed before it became tf.keras.

* ``keras/backend/__init__.py`` (Keras 1.x-2.3) prints "Using Theano backend." (or CNTK's) to
  stderr when ``~/.keras/keras.json``'s ``"backend"`` or ``$KERAS_BACKEND`` picks another
  backend than TensorFlow -> ``keras-backend-not-tensorflow``: TensorFlow, and so its GPU, is
  not used at all, and TensorFlow-only backend functions (``get_session``, ``clear_session``)
  do not exist.
* ``keras/__init__.py`` of Keras 2.4 (keras-team/keras at 2.4.0: it imports
  ``tensorflow.keras.layers.experimental.preprocessing`` and on ImportError raises "Keras
  requires TensorFlow 2.2 or higher. Install TensorFlow via `pip install tensorflow`") ->
  ``keras-version-mismatch-tensorflow`` variant ``keras24-needs-tf22``: Keras 2.4 is only a
  wrapper around tf.keras; with TensorFlow 1.x-2.1 (or a TensorFlow that fails to import, the
  same ImportError) it refuses to load.
* ``keras/backend/tensorflow_backend.py`` of Keras 2.3 (tag 2.3.1: ``get_session`` /
  ``set_session`` raise RuntimeError "`get_session` is not available when using TensorFlow
  2.0." when TensorFlow is 2.x) -> ``tf1-api-on-tf2``: TF1 session code on TensorFlow 2.
* Keras 2.5+ and tf-keras call TensorFlow's ``tf.__internal__`` namespace (names TensorFlow
  exports for Keras only: ``tensorflow/python/tf2.py`` ``@tf_export("__internal__.tf2.enabled",
  v1=[])`` in the 2.21 wheel), whose names grew release by release: "module
  'tensorflow.compat.v2.__internal__' has no attribute 'tf2'" raised in a keras/tf_keras
  frame is a Keras newer than the TensorFlow it runs on -> ``keras-version-mismatch-
  tensorflow`` (not under Keras 3's own backend files: which side is newer needs both
  versions).
* ``keras/backend/tensorflow_backend.py`` of Keras 2.3 (tags 2.3.0, 2.3.1) binds ``get_graph =
  tf_keras_backend.get_graph`` from ``tensorflow.python.keras.backend`` at import; its CI
  (.travis.yml at 2.3.0) ran TensorFlow 1.14.0 and the 2.0 preview, and its README calls
  Keras 2.2.5 the last release that only supports TensorFlow 1: "module
  'tensorflow.python.keras.backend' has no attribute 'get_graph'" is Keras 2.3 on an older
  TensorFlow -> ``keras-version-mismatch-tensorflow`` variant ``keras23-older-tf``.
* "No module named 'keras'": the standalone package is not installed ->
  ``keras-package-not-installed``; from TensorFlow 2.6 (platform fact
  ``tf-keras-lazy-module``) keras is TensorFlow's own dependency, so with that TensorFlow (or
  its lazy loader's frame) in view the environment lost it or another Python runs.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.diagnosis.checks._addon_frames import frame_between, package_frames_above
from tfgpu.diagnosis.checks._pip_list import pip_list_grep
from tfgpu.diagnosis.checks.keras_modules import fact_minor
from tfgpu.facts.keras_release_text import last_keras_release
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence, tf_minor
from tfgpu.findings import Finding


def other_backend_banner(ctx: Facts) -> Hit | None:
    """The log's last Keras backend banner when it names Theano or CNTK (a later "Using
    TensorFlow backend." is a later run on TensorFlow), else ``None``; ``None`` too when the
    log shows TensorFlow creating a GPU device (TensorFlow does run in that process)."""
    banners = ctx.h("keras.other_backend").all()
    if not banners or banners[-1].g("backend") == "TensorFlow" or ctx.h("gpu.created").count:
        return None
    named = ctx.h("keras.release_named").all()
    last = last_keras_release(named[-1].text) if named else None
    if (tf_minor(last) or (0, 0)) >= (2, 4):
        return None  # the last Keras named is 2.4+: it has no other backend (an old run's banner)
    return banners[-1]


def _theano_on_gpu(ctx: Facts, banner: Hit) -> list[Finding]:
    """Keras on Theano with Theano's own GPU lines (pattern ``ctx.theano_gpu``: Theano maps
    a context to a CUDA device, or uses cuDNN there): Theano on the GPU is the user's choice,
    so no "switch to TensorFlow". Variant ``theano-cudnn`` when Theano says it cannot use
    cuDNN (its test compile failed: "Can not use cuDNN on context X: cannot compile with
    cuDNN. We got this error:", theano/gpuarray/__init__.py), with the compiler's missing
    header after it (``ctx.c_header_missing``: cudnn.h includes CUDA's driver_types.h, so
    CUDA's include folder must be on the compiler's path; Theano/Theano#5463); variant
    ``theano-gpu`` (info) otherwise."""
    lines = ctx.h("ctx.theano_gpu").all()
    gpu = next((g for h in lines if (g := h.g("gpu") or h.g("gpu2"))), None)
    if gpu is None:
        return []
    device = gpu.strip()
    nodnn = next((h for h in lines if h.g("nodnn")), None)
    if nodnn is None:
        return [catalogue.make(
            "keras-backend-not-tensorflow", variant="theano-gpu", device=device,
            evidence=log_evidence([banner], lines[:2]))]
    # its first sentence ("cannot compile with cuDNN. We got this error:" and the compiler's
    # lines after it, which a wrapped reading joins on)
    why = re.split(r"\.(?:\s|$)", (nodnn.g("why") or "").strip(), maxsplit=1)[0][:120]
    hdr = next((h for h in ctx.h("ctx.c_header_missing").all()
                if 0 < h.line - nodnn.line <= 6), None)
    if hdr is not None:
        header = hdr.need("hdr")
        fix: tuple[str, ...] = (
            f"find / -name {header.rsplit('/', 1)[-1]} 2>/dev/null   # where the header is "
            "(driver_types.h and cuda.h: CUDA's include folder, e.g. /usr/local/cuda/include)",
            'export CPATH="/usr/local/cuda/include:$CPATH"   # that folder on the C '
            "compiler's include path (the folder find printed), then start Python again",
            "# or put cuDNN's cudnn.h and libraries into the CUDA folder itself (Theano#5463)")
        why = f"{why}: {header} was not found" if why else f"{header} was not found"
    else:
        fix = ("# the compiler or loader error under Theano's line names what is missing: "
               "cuDNN's header or library, or CUDA's include folder",)
    return [catalogue.make(
        "keras-backend-not-tensorflow", variant="theano-cudnn", device=device, why=why,
        evidence=log_evidence([nodnn], [hdr] if hdr else [], lines[:1]), fix=fix)]


def keras_backend_not_tensorflow(ctx: Facts) -> list[Finding]:
    """``keras-backend-not-tensorflow``: "Using Theano backend." / "Using CNTK backend."
    (Keras 1.x-2.3's backend banner, the log's last one: :func:`other_backend_banner`):
    Keras runs on another backend, so TensorFlow and its GPU are unused; an error after it
    about a TensorFlow-only backend function is that."""
    banner = other_backend_banner(ctx)
    if banner is None:
        return []
    hits = [banner]
    backend = banner.g("backend") or "Theano"
    # the error a TensorFlow-only backend function raised there, quoted as this finding's
    calls = [h for h in ctx.h("keras.tf_only_call").all()
             if h.line > hits[0].line and "Error" in h.text][:2]
    calls += [h for h in ctx.h("keras.theano_line").all() if h.line > hits[0].line][:2]
    theano_gpu = _theano_on_gpu(ctx, banner) if backend == "Theano" else []
    if theano_gpu:
        return theano_gpu
    return [catalogue.make(
        "keras-backend-not-tensorflow", backend=backend,
        evidence=log_evidence(hits[:1], calls),
        fix=(c.set_env(ctx, "KERAS_BACKEND", "tensorflow") + "   # for this shell, before "
             "Python starts",
             '# or for good: "backend": "tensorflow" in ~/.keras/keras.json (Windows: '
             '%USERPROFILE%\\.keras\\keras.json)',
             "python -c \"import keras; print(keras.backend.backend())\"   # must print "
             "tensorflow"),
    )]


def _keras24_import_check(ctx: Facts) -> list[Hit]:
    """Keras 2.4's import check cut before its message: "No module named
    'tensorflow.keras.layers.experimental.preprocessing'" (pattern ``keras.moved_module``)
    raised by ``site-packages/keras/__init__.py`` itself (the traceback frame just above:
    keras-team/keras at 2.4.0 imports it on its first lines and turns the ImportError into
    "Keras requires TensorFlow 2.2 or higher")."""
    def raised_by_keras_init(h: Hit) -> bool:
        near = package_frames_above(ctx, h.line)
        return bool(near) and near[-1].g("pkg") == "keras" and (
            near[-1].g("rest") or "") == "__init__.py" and h.line - near[-1].line <= 3

    return [h for h in ctx.h("keras.moved_module").all()
            if (h.g("mod") or "").startswith("tensorflow.keras.layers.experimental")
            and raised_by_keras_init(h)]


def keras24_needs_tf22(ctx: Facts) -> list[Finding]:
    """Keras 2.4's import check ("Keras requires TensorFlow 2.2 or higher"), raised whenever
    its import of tf.keras fails: TensorFlow missing from this Python, older than 2.2, or
    failing to import.  With a TensorFlow older than 2.2 shown (host facts or the log):
    ``keras-version-mismatch-tensorflow`` variant ``keras24-needs-tf22``; otherwise the
    hedge ``keras24-tf-unknown`` (category ``unknown``), which says how to tell them apart."""
    hits = ctx.h("keras.needs_tf22").all() or _keras24_import_check(ctx)
    if not hits:
        return []
    check = ("python -c \"import tensorflow as tf; print(tf.__version__)\"   # in the same "
             "Python/conda environment: an error here is the real cause (Keras 2.4 reports a "
             "missing or failing TensorFlow this way)")
    older = ("pip install \"keras<2.4\"   # TensorFlow 1.x-2.1 code: the multi-backend Keras "
             "(2.3.1 or the release the project names)")
    mm = ctx.tf_mm
    # Keras 2.4 imports tensorflow.keras.layers.experimental.preprocessing; its own "No module
    # named 'tensorflow.keras.layers.experimental...'" chained above says TensorFlow is older
    chained = [h for h in ctx.h("keras.moved_module").all()
               if (h.g("mod") or "").startswith("tensorflow.keras.layers.experimental")]
    if (mm is not None and mm < (2, 2)) or chained:
        if mm is not None and mm < (2, 2):
            shown = ctx.tf_version or f"{mm[0]}.{mm[1]}"
        elif mm is not None:
            # TensorFlow 2.2+ named (an install line) but the running one lacks the module:
            # another TensorFlow ran (a runtime not restarted, another environment)
            shown = (f"older than 2.2 in the Python that ran (not the {ctx.tf_version} the log "
                     "names: restart the runtime or kernel after installing, or check which "
                     "environment runs)")
        else:
            shown = "older than 2.2 (it has no tensorflow.keras.layers.experimental.preprocessing)"
        return [catalogue.make(
            "keras-version-mismatch-tensorflow", variant="keras24-needs-tf22", tf=shown,
            evidence=log_evidence(hits[:1], chained[:1]),
            fix=(older, "# or TensorFlow 2.2+ with its CUDA/cuDNN (from TensorFlow 2.x, "
                        "tf.keras instead of the keras package)"))]
    if mm is not None:
        # TensorFlow 2.2+ shown: its own import failed, and the error above says why
        return [catalogue.make(
            "keras-version-mismatch-tensorflow", variant="keras24-tf-unknown",
            evidence=log_evidence(hits[:1]),
            fix=(check + f" (TensorFlow {ctx.tf_version or ''} is new enough for Keras 2.4: "
                 "its import itself fails)",))]
    return [catalogue.make(
        "keras-version-mismatch-tensorflow", variant="keras24-tf-unknown",
        evidence=log_evidence(hits[:1]),
        fix=(check,
             "pip install tensorflow   # none in this environment (a notebook kernel or IDE "
             "may run another Python than the one pip installed into)",
             older + " when the code needs TensorFlow 1.x-2.1"))]


#: A frame of the multi-backend Keras's TensorFlow backend (keras-team/keras tags 2.0.0-2.3.1
#: have keras/backend/tensorflow_backend.py; 2.4.0 has none).
_MULTI_BACKEND = re.compile(r"[/\\]keras[/\\]backend[/\\]tensorflow_backend\.py")

#: The Keras packages that call tf.__internal__ (standalone Keras 2.5+, tf-keras).
_KERAS_PACKAGES = frozenset({"keras", "tf_keras"})


def keras_calls_tf_internal(ctx: Facts) -> list[Finding]:
    """``keras-version-mismatch-tensorflow``: a name of TensorFlow's ``tf.__internal__``
    namespace missing (pattern ``tfapi.no_attr``: the module path holds ``__internal__``,
    or the name is ``__internal__`` itself) where the nearest traceback frame above is the
    keras or tf_keras package: that Keras was built for a newer TensorFlow
    (:func:`keras_of_other_minor`)."""
    for h in ctx.h("tfapi.no_attr").all():
        mod, attr = h.g("mod") or "", h.g("attr") or ""
        near = package_frames_above(ctx, h.line)
        keras_frame = bool(near) and near[-1].g("pkg") in _KERAS_PACKAGES
        if (_private_name(mod) and keras_frame and not _keras3_backend(near[-1])
                and not frame_between(ctx, near[-1].line, h.line)):
            # Keras 2's backend reaching into TensorFlow's private modules
            # (tensorflow.python.*: ops._TensorLike, keras.backend.get_graph), names that move
            # from one TensorFlow release to the next: a Keras of another release
            return [keras_of_other_minor(ctx, near[-1], h)]
        if "__internal__" not in mod.split(".") and attr != "__internal__":
            continue
        if mod.startswith(("tensorflow._api.v1.", "tensorflow_core._api.v1.")) and (
                keras_frame or not near):
            # TensorFlow 1.x's API (its _api.v1 path) asked for tf.__internal__, a namespace
            # of TensorFlow 2 (tensorflow/python/tf2.py's @tf_export("__internal__...")): a
            # Keras of the TensorFlow 2 era on TensorFlow 1 (the frame shows it), or with no
            # frame shown that or another companion of that era (tensorflow-estimator's
            # TensorFlow 2 releases call tf.compat.v2.__internal__ too)
            return [catalogue.make(
                "keras-version-mismatch-tensorflow",
                variant="tf1-internal-keras" if keras_frame else "tf1-internal-unsure",
                evidence=log_evidence(near[-1:], [h]),
                fix=(pip_list_grep("tensorflow", "keras", windows=ctx.windows)
                     + "   # the Keras, tensorflow-estimator and TensorFlow versions installed",
                     'pip install "keras<2.4"   # a standalone Keras that runs on TensorFlow '
                     "1.x (Keras 2.4 and later need TensorFlow 2.2+), or upgrade TensorFlow to "
                     "the one this Keras was made for",
                     "# or import from tensorflow.keras (tf.keras) instead of keras"
                     + ("" if keras_frame else "; a tensorflow-estimator of TensorFlow 2 "
                        "beside TensorFlow 1.x: pip install the estimator of TensorFlow's "
                        "own major.minor")))]
        if not keras_frame:
            continue
        if _keras3_backend(near[-1]):
            continue  # Keras 3's TensorFlow backend: which side is newer needs both versions
        return [keras_of_other_minor(ctx, near[-1], h)]
    return []


def _private_name(mod: str) -> bool:
    """Whether module ``mod`` of a "has no attribute" line is TensorFlow's private
    implementation (``tensorflow.python.*``, ``tensorflow_core.python.*``), which only
    TensorFlow's own companions (Keras 2, tf-keras) call, not the public API."""
    return mod.startswith(("tensorflow.python.", "tensorflow_core.python."))


def _keras3_backend(frame: Hit) -> bool:
    """Whether traceback frame ``frame`` is a file of Keras 3's TensorFlow backend
    (``keras/src/backend/tensorflow/``), which calls TensorFlow's public API."""
    return re.search(r"[/\\]keras[/\\]src[/\\]backend[/\\]tensorflow[/\\]", frame.text) is not None


def keras_of_other_minor(ctx: Facts, frame: Hit, h: Hit) -> Finding:
    """``keras-version-mismatch-tensorflow`` for a Keras 2 / tf-keras file (traceback frame
    ``frame``) asking TensorFlow for a name it lacks (log line ``h``): that Keras was built for
    another TensorFlow minor. The fix pins the Keras of the TensorFlow the log or host names
    (keras~=2.N up to 2.15, tf-keras~=2.N from the Keras 3 switch, platform fact
    ``keras3-switch``), or imports tf.keras."""
    pkg = (frame.g("pkg") or "keras").replace("_", "-")
    switch = ctx.kb.platform_fact("keras3-switch")
    if _MULTI_BACKEND.search(frame.text):
        # keras/backend/tensorflow_backend.py: the multi-backend Keras (tags 2.0.0-2.3.1; gone
        # from 2.4.0, a wrapper of tf.keras), which calls private TensorFlow names of its time
        return catalogue.make(
            "keras-version-mismatch-tensorflow", evidence=log_evidence([frame], [h]),
            fix=(pip_list_grep("tensorflow", "keras", windows=ctx.windows)
                 + "   # the Keras and TensorFlow versions installed",
                 "# the multi-backend Keras (2.3 and older: keras/backend/"
                 "tensorflow_backend.py) calls private TensorFlow names of the TensorFlow of "
                 "its time: import from tensorflow.keras (tf.keras) instead, the Keras this "
                 "TensorFlow carries",
                 "# or install the TensorFlow that Keras release was made for (its release "
                 "notes name it), in an environment of its own"))
    # keras is released in step with TensorFlow from the split (tf-keras-lazy-module)
    split = fact_minor(ctx.kb.platform_fact("tf-keras-lazy-module"), "first_tf")
    mm = ctx.tf_mm
    if mm is not None and mm >= fact_minor(switch, "tf_version"):
        pin = (f'pip install "{switch.value("legacy_package")}~={mm[0]}.{mm[1]}.0"   # the '
               f"Keras 2 of TensorFlow {mm[0]}.{mm[1]} (with "
               f"{switch.value('legacy_env')})")
    elif mm is not None and mm >= split:
        pin = (f'pip install "{pkg}~={mm[0]}.{mm[1]}.0"   # the {pkg} of TensorFlow '
               f"{mm[0]}.{mm[1]}")
    elif mm is not None:
        pin = ("# or install a standalone Keras release made for TensorFlow "
               f"{mm[0]}.{mm[1]} (its release notes name the TensorFlow it needs)")
    else:
        pin = (f'pip install "{pkg}~=<TensorFlow\'s major.minor>.0"   # the {pkg} of '
               "TensorFlow's minor (2.6-2.15: keras; 2.16+: tf-keras)")
    return catalogue.make(
        "keras-version-mismatch-tensorflow", evidence=log_evidence([frame], [h]),
        knowledge_ref=switch.ref,
        fix=(pip_list_grep("tensorflow", "keras", "tf-keras", windows=ctx.windows)
             + "   # the Keras and TensorFlow versions installed",
             pin,
             "# or import from tensorflow.keras (tf.keras) instead of keras: the Keras "
             "this TensorFlow carries"))


def keras_not_installed(ctx: Facts) -> list[Finding]:
    """``keras-package-not-installed``: "No module named 'keras'" (pattern ``py.no_keras``).
    With TensorFlow 2.6 or later known (platform fact ``tf-keras-lazy-module``: from 2.6 the
    keras package is TensorFlow's own dependency; ``keras3-switch``: Keras 3 from 2.16),
    variant ``tf-dependency``: the environment lost it or the script runs in another Python;
    otherwise the standalone package the code imports is not installed, and this TensorFlow
    carries its own Keras as tf.keras."""
    hits = ctx.h("py.no_keras").all()
    if not hits:
        return []
    lazy = ctx.kb.platform_fact("tf-keras-lazy-module")
    switch = ctx.kb.platform_fact("keras3-switch")
    first, k3 = fact_minor(lazy, "first_tf"), fact_minor(switch, "tf_version")
    mm, show = ctx.tf_mm, "python -m pip show tensorflow keras   # in the Python that ran it"
    evidence = log_evidence(hits[:1])
    # TensorFlow's own lazy loader importing keras (tensorflow/python/util/lazy_loader.py,
    # 2.6+): the import came from tf.keras itself
    lazy_frame = any("lazy_loader" in p.text for p in package_frames_above(ctx, hits[0].line))
    if (mm is not None and mm >= first) or (mm is None and lazy_frame):
        if mm is None:
            return [catalogue.make(
                "keras-package-not-installed", variant="tf-dependency", tf="2.6 or later",
                first=lazy.value("first_tf"), evidence=evidence, knowledge_ref=lazy.ref,
                fix=(show, 'python -m pip install --force-reinstall "tensorflow==<the '
                     'version pip show names>"   # puts back the keras it requires',
                     "# or run the script with the Python whose site-packages hold "
                     "TensorFlow"))]
        pin = (f'python -m pip install "keras>={switch.value("keras_version")}"   # Keras 3, '
               f"which TensorFlow {ctx.tf_version} depends on" if mm >= k3 else
               f'python -m pip install "keras~={mm[0]}.{mm[1]}.0"   # the Keras 2 of '
               f"TensorFlow {mm[0]}.{mm[1]}, which it depends on")
        return [catalogue.make(
            "keras-package-not-installed", variant="tf-dependency", tf=f"{mm[0]}.{mm[1]}",
            first=lazy.value("first_tf"), evidence=evidence, knowledge_ref=lazy.ref,
            fix=(show, pin, "# or run the script with the Python whose site-packages hold "
                 "TensorFlow (which python / the environment you installed it in)"))]
    if mm is None:
        return [catalogue.make(
            "keras-package-not-installed", variant="tf-unknown", ref=lazy.ref,
            first=lazy.value("first_tf"), evidence=evidence, knowledge_ref=lazy.ref,
            fix=(show,
                 "# TensorFlow older than 2.6, or none in this Python: change `import keras` to "
                 "`from tensorflow import keras`, or install the standalone Keras the code was "
                 "written for",
                 "# TensorFlow 2.6 or later: it depends on keras: pip install --force-reinstall "
                 "\"tensorflow==<its version>\" puts it back; or run with TensorFlow's Python"))]
    return [catalogue.make(
        "keras-package-not-installed", ref=lazy.ref, evidence=evidence, knowledge_ref=lazy.ref,
        fix=(show,
             "# the code imports the standalone keras package: change `import keras` / `from "
             "keras...` to `from tensorflow import keras` / `from tensorflow.keras...` (the "
             "Keras this TensorFlow carries)",
             "# or install the standalone Keras the code was written for (its requirements "
             "name it; for TensorFlow 1.x a Keras older than 2.4, which needs TensorFlow 2.2+)"))]


def keras23_session_on_tf2(ctx: Facts) -> list[Finding]:
    """``tf1-api-on-tf2`` for Keras 2.3's "`get_session` is not available when using
    TensorFlow 2.0." (or set_session's): TF1 session code, standalone Keras, TensorFlow 2."""
    hits = ctx.h("keras.session_tf2").all()
    if not hits:
        return []
    name = hits[0].g("fn") or "get_session"
    return [catalogue.make(
        "tf1-api-on-tf2", name=f"keras.backend.{name}", evidence=log_evidence(hits[:1]),
        fix=("# run the code with the TensorFlow 1.x and Keras releases it was written for, in "
             "an environment of its own with a Python those releases have wheels for",
             f"# or port it: tf.compat.v1.keras.backend.{name}(...) with tf.keras on "
             "TensorFlow 2.0-2.15, and tf.compat.v1.disable_eager_execution() for graph code"),
    )]


def keras_generic_utils_mixed(ctx: Facts) -> list[Finding]:
    """``keras-version-mismatch-tensorflow`` variant ``generic-utils``: a Keras module registry
    calling ``generic_utils.populate_dict_with_module_objects``, which the generic_utils it
    imports lacks (pattern ``keras.generic_utils_mixed``): the calling Keras and that module
    are of two releases (keras-team/keras#14632: keras 2.5+ code on TensorFlow 1.15's
    modules; tensorflow/tensorflow#38012: TensorFlow 2.2 files beside older ones)."""
    hits = ctx.h("keras.generic_utils_mixed").all()
    if not hits:
        return []
    return [catalogue.make(
        "keras-version-mismatch-tensorflow", variant="generic-utils", module=hits[0].need("mod"),
        evidence=log_evidence(hits[:1]),
        fix=(pip_list_grep("tensorflow", "tf-nightly", "keras", "keras-nightly",
                           windows=ctx.windows)
             + "   # two of them, or a nightly beside a release, is the mix",
             "# TensorFlow 2.5 or older: import from tensorflow.keras and pip uninstall keras "
             "(keras 2.4+ is only a wrapper of a newer tf.keras); TensorFlow 2.6+: pip install "
             "the keras of TensorFlow's own major.minor",
             "# files of two releases in one folder (a nightly installed over a release, or "
             "the reverse): pip uninstall the packages, then pip install one TensorFlow (and "
             "its keras) again"))]


def keras23_on_older_tf(ctx: Facts) -> list[Finding]:
    """``keras-version-mismatch-tensorflow`` variant ``keras23-older-tf``: Keras 2.3's
    TensorFlow backend found no ``tensorflow.python.keras.backend.get_graph`` (pattern
    ``keras.k23_get_graph``): a TensorFlow older than the 1.14 its CI ran."""
    hits = ctx.h("keras.k23_get_graph").all()
    if not hits:
        return []
    return [catalogue.make(
        "keras-version-mismatch-tensorflow", variant="keras23-older-tf",
        evidence=log_evidence(hits[:1]),
        fix=('pip install "keras==2.2.5"   # the last standalone Keras made for TensorFlow 1 '
             "alone, which this TensorFlow can run",
             "# or upgrade TensorFlow to 1.14/1.15 (or 2.x), which Keras 2.3 was tested with; "
             "or use tf.keras (from tensorflow import keras) instead of the keras package"),
    )]
