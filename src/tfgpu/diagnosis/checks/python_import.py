"""Python's import system around TensorFlow.

Sources (``knowledge/data/messages_tools.toml``): CPython's ``ctypes`` on Windows (3.8+:
"Could not find module '%s' (or one of its dependencies). Try using the full path with
constructor syntax."), the Windows loader's system messages through ``DLL load failed``
(ERROR_PROC_NOT_FOUND: "The specified procedure could not be found."), the import system's
``ModuleNotFoundError: No module named 'tensorflow'``, and TensorFlow 2's removal of the TF1
names (the TF2 migration guide: ``tf.contrib`` is gone, the rest lives in ``tf.compat.v1``).
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.diagnosis.checks._addon_frames import (
    frame_between,
    installed_package_frame,
    package_frames_above,
)
from tfgpu.diagnosis.checks.tf_api_names import older_release, older_tf1, v1_only_reads
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: TF1 names and what TF2 calls them (the TF2 migration guide's symbol map; ``None``: only
#: ``tf.compat.v1`` has it).
_TF2_NAME = {
    "random_normal": "tf.random.normal", "truncated_normal": "tf.random.truncated_normal",
    "log": "tf.math.log", "to_float": "tf.cast(x, tf.float32)", "gfile": "tf.io.gfile",
    "set_random_seed": "tf.random.set_seed", "logging": "tf.get_logger() / absl.logging",
    "AdamOptimizer": "tf.keras.optimizers.Adam",
    "GradientDescentOptimizer": "tf.keras.optimizers.SGD",
    "FileWriter": "tf.summary.create_file_writer",
}


def windows_ctypes_module_not_found(ctx: Facts) -> list[Finding]:
    """``windows-dll-not-found`` from ctypes' "Could not find module '...dll' (or one of its
    dependencies)" (Python 3.8+ on Windows) for a file under a ``tensorflow`` folder, when no
    "DLL load failed" line says it first."""
    # only TensorFlow's own files and its plugins (torchvision, libclang... print it too)
    hits = [h for h in ctx.h("tools.win_ctypes_module").all()
            if "tensorflow" in (h.g("path") or "").lower()]
    if not hits or ctx.h("win.dll_load").count:
        return []
    dll = hits[0].g("dll") or "a DLL"
    return [catalogue.make(
        "windows-dll-not-found",
        evidence=log_evidence(hits),
        cause=(f"Python could not load {dll} or a DLL it depends on (ctypes, Python 3.8+ on "
               "Windows). Since Python 3.8 extension modules and ctypes do not search PATH for "
               "dependencies; the folders of the CUDA/cuDNN DLLs of the version the wheel was "
               "built for, and the MSVC runtime, must be found another way "
               "(os.add_dll_directory, or the application's own folder)."),
        fix=(f"where.exe {dll}   # and its dependencies: cudart64_*.dll, cudnn64_*.dll, "
             "msvcp140.dll",
             'import os; os.add_dll_directory(r"C:\\Program Files\\NVIDIA GPU Computing '
             'Toolkit\\CUDA\\vX.Y\\bin")   # before importing TensorFlow; X.Y: your CUDA',
             "winget install Microsoft.VCRedist.2015+.x64   # MSVC runtime"),
    )]


def windows_dll_procedure_not_found(ctx: Facts) -> list[Finding]:
    """``windows-dll-procedure-not-found``: "DLL load failed ...: The specified procedure
    could not be found." The DLL was found, but it lacks a function the importing module
    needs: another build of a DLL of the same name is found first, or the module was built
    for another TensorFlow/Python release."""
    hits = [h for h in ctx.h("win.dll_load").all()
            if "procedure could not be found" in c.dll_reason(h.g("why") or "")]
    if not hits:
        return []
    mod = hits[0].g("mod")
    return [catalogue.make(
        "windows-dll-procedure-not-found",
        module=f" ({mod})" if mod else "",
        evidence=log_evidence(hits),
        fix=("where.exe cudnn64_8.dll cudart64_110.dll msvcp140.dll zlibwapi.dll   # more than one "
             "copy: the first on PATH wins",
             "# remove or move down the older copies (another program's bin folder on PATH)",
             c.pip(ctx, "show", "tensorflow") + "   # add-ons (tensorflow-addons, "
             "tensorflow-text, tensorflow-io) must be the release built for this TensorFlow",
             "winget install Microsoft.VCRedist.2015+.x64   # the latest MSVC runtime"),
    )]


def _tf_imported_in_log(ctx: Facts) -> bool:
    """TensorFlow's C++ start-up lines are in the log (a glog line of tensorflow/core, the CPU
    feature notice): TensorFlow imported in that run."""
    return bool(ctx.h("noise.cpu_guard_notice").count) or any(
        "tensorflow/core/" in h.text or "tensorflow/tsl/" in h.text
        for h in ctx.h("ctx.tensorflow").all())


def transformers_tf_class(ctx: Facts) -> list[Finding]:
    """``tensorflow-module-not-found`` variant ``transformers``: transformers gave no TF*
    class (pattern ``eco.transformers_tf_class``): it exports them only when it can import
    TensorFlow in this Python, and transformers 5 has none (huggingface/transformers#40760)."""
    hits = ctx.h("eco.transformers_tf_class").all()
    if not hits:
        return []
    h = hits[0]
    name = h.g("name") or h.need("name2")
    if h.g("name") and ctx.tf_version is None and _tf_imported_in_log(ctx):
        # TensorFlow's own start-up lines in the same paste: it imported, so a missing TF*
        # class is one this transformers never had (no TF port of that model) or removed
        return []
    return [catalogue.make(
        "tensorflow-module-not-found", variant="transformers", name=name,
        evidence=log_evidence([h]),
        fix=(c.python_cmd(ctx, "import tensorflow as tf; print(tf.__version__)")
             + "   # with the Python that ran: its error says why TensorFlow does not import; "
             "if it imports, upgrade transformers (an older check missed some TensorFlow "
             "distributions, tf-nightly among them)",
             "python -m pip install tensorflow   # with that Python, a release the installed "
             "transformers supports",
             "python -m pip show transformers   # 5.0 or later has no TensorFlow classes: pin "
             "transformers<5 for TF* models, or use the PyTorch class of the same name "
             "without TF",
             "# USE_TORCH=1 or USE_TF=0 in the environment makes transformers ignore an "
             "installed TensorFlow (transformers' import_utils.py): unset them for TF models"))]


def tensorflow_module_not_found(ctx: Facts) -> list[Finding]:
    """``tensorflow-module-not-found``: the interpreter that ran has no ``tensorflow``
    package; variant ``jupyter``: a notebook, whose kernel may be another Python than the
    shell's ``pip``.  Not reported when pip's own failure (no matching distribution, a
    failed install) is in the log: that finding says why."""
    hits = ctx.h("tools.no_module_tf").all()
    if not hits:
        return []
    if any(ctx.h(n).count for n in ("pip.no_dist", "pip.failed", "pip.requires_python",
                                    "pip.wheel_unsupported")):
        return []
    # the notebook's own lines, or the report saying the import fails in one (anaconda-issues
    # #10473: "in a Jupyter notebook launched from the same terminal window and environment")
    prose = ctx.h("ctx.notebook_prose").first[:1]
    jupyter = bool(ctx.h("tools.jupyter_ctx").count or prose)
    which = c.python_cmd(ctx, "import sys; print(sys.executable)")
    if any(h.g("lambda") for h in hits):
        # AWS Lambda's runtime (awslambdaric): nothing is pip-installed into it; the package
        # holds what the function imports
        return [catalogue.make(
            "tensorflow-module-not-found", variant="aws-lambda", evidence=log_evidence(hits),
            fix=("# AWS Lambda: put TensorFlow into the function's deployment package or a "
                 "layer, built for Lambda's Linux and Python (pip install --platform "
                 "manylinux2014_x86_64 --only-binary=:all: --target ...)",
                 "# TensorFlow is over Lambda's 250 MB limit for .zip packages and layers: "
                 "deploy a container image with it, or tflite-runtime for inference only"))]
    if jupyter:
        fix: tuple[str, ...] = (
            "import sys; print(sys.executable)   # in a notebook cell: the kernel's Python",
            "%pip install tensorflow   # in a notebook cell: installs into that kernel's Python",
            "# or register your environment as a kernel and pick it: python -m pip install "
            "ipykernel && python -m ipykernel install --user --name tf",
            *(("# a conda environment without its own jupyter runs base's jupyter and kernel: "
               "conda install -n <the env with TensorFlow> notebook ipykernel, then start "
               "jupyter from that env",) if ctx.conda else ()))
    else:
        fix = (which + "   # the interpreter that ran",
               "python -m pip install tensorflow   # with THAT interpreter (activate its "
               "environment first)",
               "python -m pip show tensorflow   # where it is installed, if anywhere")
    return [catalogue.make(
        "tensorflow-module-not-found", variant="jupyter" if jupyter else None,
        evidence=log_evidence(hits, ctx.h("tools.jupyter_ctx").first[:1] or prose),
        fix=fix,
    )]


def _py2_reads(ctx: Facts) -> list[Hit]:
    """Python 2.7's "'module' object has no attribute '<name>'" (``tools.tf1_api_py2``,
    which names no module) whose traceback code line, printed right above it
    (``ctx.tf1_api_code``, at most six lines up: a notebook's traceback prints context lines
    and a blank line under its arrowed one), calls ``tf.<name>``/``tf.train.<name>``,
    and Python 3.6's "cannot import name '<name>'" (``tools.tf1_import_bare``) under a
    ``from tensorflow import <name>`` line (``ctx.tf1_import_code``): the code line then,
    each with the ``sub`` module it names."""
    out: list[Hit] = []
    for code_name, err_name in (("ctx.tf1_api_code", "tools.tf1_api_py2"),
                                ("ctx.tf1_import_code", "tools.tf1_import_bare")):
        codes = ctx.h(code_name).all()
        for err in ctx.h(err_name).all():
            for code in codes:
                # (a frame line between: the code line is another frame's)
                if (code.g("attr") == err.g("attr") and 1 <= err.line - code.line <= 6
                        and not frame_between(ctx, code.line, err.line)):
                    out += [code, err]
                    break
    return out


def _tf115_pythons(ctx: Facts) -> str:
    """The Pythons TensorFlow 1.15 was built for on Linux (platform fact
    ``tf1-python-versions``: ``"2.7,3.3-3.7"``), as text."""
    for item in ctx.kb.platform_fact("tf1-python-versions").items("linux"):
        releases, _, pythons = item.partition("=")
        if releases.endswith("1.15"):
            return pythons.replace(",", ", ")
    return "one it was built for"


def _keras_tf1_backend_frame(ctx: Facts, line: int) -> Hit | None:
    """The traceback frame nearest above log line ``line`` when it is standalone Keras's
    TensorFlow backend (``site-packages/keras/backend/tensorflow_backend.py``, Keras 2.3 and
    older: Keras 2.4 on has keras/backend.py), within the frames of the error's own
    traceback (:data:`~tfgpu.diagnosis.checks._addon_frames.ADDON_WINDOW` lines); else
    ``None``."""
    near = package_frames_above(ctx, line)
    if near and near[-1].g("pkg") == "keras" and (near[-1].g("rest") or "").startswith(
            ("backend/tensorflow_backend.py", "backend\\tensorflow_backend.py")):
        return near[-1]
    return None


def tf1_graph_code_eager(ctx: Facts) -> list[Finding]:
    """``tf1-api-on-tf2`` variant ``eager-on``: TensorFlow 1 graph code run eagerly
    (pattern ``tools.tf1_eager_on``): "tf.placeholder() is not compatible with eager
    execution" and its kin, or a Session whose graph is empty when the log or host names
    TensorFlow 2, or, no version named, the log's Python has no TensorFlow 1.x wheel
    (``tf_floor_from_python``: a python3.8/site-packages path runs TensorFlow 2.2 or newer;
    tensorflow 1.15's wheels stop at Python 3.7) (under TensorFlow 1 an empty graph is ops
    built in another graph); variant ``eager-enabled-on-tf1`` when the log or host names
    TensorFlow 1.x (graph mode is its default: the code enabled eager execution itself)."""
    mm = ctx.tf_mm
    floor = ctx.tf_floor_from_python if mm is None else None
    tf2 = (mm is not None and mm[0] >= 2) or (floor is not None and floor[0][0] >= 2)
    hits = [h for h in ctx.h("tools.tf1_eager_on").all()
            if h.g("what") or h.g("what2") or tf2]
    if not hits:
        return []
    h = hits[0]
    name = (f"{h.need('what')} is not compatible with eager execution" if h.g("what")
            else f"{h.need('what2')} is not supported when eager execution is enabled"
            if h.g("what2") else "the Session's graph is empty")
    if mm is not None and mm[0] < 2:
        # TensorFlow 1.x runs graphs unless the code enabled eager execution itself
        return [catalogue.make("tf1-api-on-tf2", variant="eager-enabled-on-tf1", name=name,
                               tf=f"{mm[0]}.{mm[1]}", evidence=log_evidence(hits[:1]))]
    return [catalogue.make("tf1-api-on-tf2", variant="eager-on", name=name,
                           evidence=log_evidence(hits[:1]))]


def tf1_api_on_tf2(ctx: Facts) -> list[Finding]:
    """``tf1-api-on-tf2``: TF1 code on TensorFlow 2 (``tf.contrib``, ``tf.Session``,
    ``tf.placeholder``...).  Not a GPU fault; the fix is the API (``tf.compat.v1`` or the
    TF2 name), and ``tf.contrib`` has no TF2 counterpart at all.  Python 2.7's wording names
    no module: read only under a traceback code line that calls the TensorFlow name
    (:func:`_py2_reads`).  Any other missing name that only TensorFlow 1's API has comes
    from the platform fact ``tf-api-names`` (:func:`~tfgpu.diagnosis.checks.tf_api_names.
    v1_only_reads`: tf.flags, tf.train.AdamOptimizer...)."""
    hits = ctx.h("tools.tf1_api").all() or _py2_reads(ctx)
    data_sub: str | None = None
    if not hits:
        # any other name only TensorFlow 1's API has (platform fact tf-api-names)
        reads = v1_only_reads(ctx)
        if not reads:
            return []
        hits = [h for h, _ in reads]
        data_sub, _, data_attr = reads[0][1].rpartition(".")
    h = hits[0]
    if data_sub is not None:
        attr, sub = data_attr, data_sub or None
    else:
        attr = h.g("attr") or h.g("imported") or (
            "contrib" if h.g("contrib") or h.g("contrib_v1") else "a TF1 name")
        sub = h.g("sub")
    # (a TensorFlow 1.x in the log has these names: a broken or shadowed install, not this;
    # tf_api_versions.py reads that, and a name the 1.x is too old for)
    tf1 = ctx.tf_mm is not None and ctx.tf_mm[0] < 2
    if older_tf1(ctx, h) and data_sub is None and attr != "contrib":
        return []  # a 1.x older than the name (tf_api_names.py reads it)
    if tf1 and data_sub is None and attr == "contrib" and re.search(
            r"tensorflow\.contrib\.\w", h.text):
        return []  # a contrib submodule some 1.x builds lack (TF-TRT is Linux-only): no era
    if tf1 and data_sub is None and ctx.tf_mm is not None and ctx.tf_mm[0] == 0:
        # a 0.x stated: TF 1's names came release by release up to 1.0 and after (0.12
        # renamed tf.initialize_all_variables to tf.global_variables_initializer, 1.0 moved
        # SummaryWriter to tf.summary.FileWriter: TensorFlow RELEASE.md 0.12.0, 1.0.0), so the
        # release is older than the code, not TF 1 code on TF 2 (tensorflow/tensorflow#8654)
        prefix = f"{sub}." if sub and sub != "compat.v2" else ""
        return [older_release(ctx, f"{prefix}{attr}",
                              f"the log states TensorFlow {ctx.tf_version}", hits)]
    if tf1 and data_sub is None:
        # a name every 1.x has (tf.Session, tf.placeholder...), missing where the log states
        # a 1.x: the tensorflow imported is not that release (a TensorFlow 2 in the Python
        # that ran, or a file shadowing it); hedged, the stated version may be the wrong one
        prefix = f"{sub}." if sub and sub != "compat.v2" else ""
        return [catalogue.make(
            "tf1-api-on-tf2", variant="stated-tf1", name=f"tf.{prefix}{attr}",
            tf=ctx.tf_version or "1.x", evidence=log_evidence(hits),
            fix=("python -c \"import tensorflow as tf; print(tf.__version__, tf.__file__)\"   # "
                 "with the Python that ran the code: the release it really imports",
                 "# 2.x there: run the code in the environment that has the 1.x (or port it: "
                 "import tensorflow.compat.v1 as tf; tf.disable_v2_behavior()); a file outside "
                 "site-packages: a tensorflow.py or folder shadowing the package, rename it"))]
    pkg = installed_package_frame(ctx, h.line) if attr == "contrib" and not tf1 else None
    if pkg is not None:
        dist = pkg.need("pkg").replace("_", "-")
        return [catalogue.make(
            "tensorflow-addon-version-pin", variant="contrib-import", package=dist,
            evidence=log_evidence([pkg], [h]),
            fix=(f"python -m pip show -f {dist}   # the distribution that installs the "
                 f"{pkg.need('pkg')} folder (the folder's name need not be the distribution's)",
                 f"python -m pip install --upgrade {dist}   # if it has a release for "
                 "TensorFlow 2 (its changelog or requirements say which)",
                 f"# or run {dist}'s release with TensorFlow 1.15, in an environment of its own "
                 f"(Python {_tf115_pythons(ctx)})"))]
    backend = None if tf1 else _keras_tf1_backend_frame(ctx, h.line)
    if backend is not None and attr != "contrib":
        fact = ctx.kb.platform_fact("keras-first-tf2-release")
        first = fact.value("keras_version")
        name = f"{sub}.{attr}" if sub and sub != "compat.v2" else attr
        return [catalogue.make(
            "keras-version-mismatch-tensorflow", variant="keras-tf1-backend", name=name,
            first=first, ref=fact.ref, knowledge_ref=fact.ref,
            evidence=log_evidence([backend], [h]),
            fix=("# import tensorflow.keras (tf.keras) instead of keras, or a standalone Keras "
                 f"of this TensorFlow's era: pip install \"keras~={first}\" ({first}-2.3.x, "
                 "for TensorFlow 2.0-2.1; from TensorFlow 2.6 the keras of TensorFlow's own "
                 "major.minor); an unpinned keras installs the newest, built for the newest "
                 "TensorFlow",
                 "# or keep this Keras with TensorFlow 1.x, in an environment of its own "
                 f"(Python {_tf115_pythons(ctx)})"))]
    if attr == "contrib":
        fix: tuple[str, ...] = (
            "# tf.contrib was removed in TensorFlow 2.0 with no compat module: replace the "
            "contrib call (tf.keras, TensorFlow Addons, tf-slim), or run the code on "
            "TensorFlow 1.15 in an environment with a Python it supports",
            "tf_upgrade_v2 --infile model.py --outfile model_v2.py   # reports each contrib "
            "use")
    else:
        new = _TF2_NAME.get(attr)
        v1 = f"tf.compat.v1.{sub + '.' if sub and sub != 'compat.v2' else ''}{attr}"
        if attr in ("Session", "InteractiveSession", "placeholder"):
            # graph-mode names: under TF 2's eager execution tf.compat.v1.placeholder alone
            # raises "tf.placeholder() is not compatible with eager execution"
            lead: tuple[str, ...] = (
                "# TF1 graph code: import tensorflow.compat.v1 as tf, then "
                "tf.disable_eager_execution() before building the graph (tf.compat.v1."
                f"{attr} alone fails: TensorFlow 2 runs eagerly)",)
        else:
            lead = ((f"# TF2 name: {new}",) if new else ()) + (
                f"{v1}   # the TF1 behaviour, unchanged",)
        if attr == "get_default_graph":
            # the name standalone Keras's TensorFlow 1 backend calls at every layer (platform
            # fact keras-first-tf2-release: 2.2.5 and older support TensorFlow 1 only)
            first = ctx.kb.platform_fact("keras-first-tf2-release").value("keras_version")
            lead = (*lead, "# a standalone Keras older than " + first + " (import keras, or a "
                    "library that imports it) calls it from its TensorFlow 1 backend: import "
                    "from tensorflow.keras instead (or a standalone Keras of this TensorFlow's "
                    "era: " + first + "-2.3.x for TensorFlow 2.0-2.1; from 2.6 the keras of "
                    "TensorFlow's own major.minor)")
        fix = (*lead,
               "tf_upgrade_v2 --infile model.py --outfile model_v2.py   # rewrites the TF1 "
               "names",
               "# code you do not own (a package written for TensorFlow 1): first a release "
               "of it ported to TensorFlow 2 (pip install -U <package>), or its own switch to "
               "tf.keras where it has one (an environment variable such as TF_KERAS=1, in its "
               "README); else run it with TensorFlow 1.15 in an environment of its own "
               f"(Python {_tf115_pythons(ctx)})")
    prefix = f"{sub}." if sub and sub != "compat.v2" else ""
    return [catalogue.make(
        "tf1-api-on-tf2", name=f"tf.{prefix}{attr}",
        evidence=log_evidence(hits),
        fix=fix,
    )]


def tf_contrib_py2(ctx: Facts) -> list[Finding]:
    """Python 2.7's "'module' object has no attribute 'contrib'" (pattern
    ``tools.contrib_py2``, which names no module) with TensorFlow in view: the line or one of
    the 12 above spells ``tf.contrib`` or is a frame of tflearn or TensorLayer (pattern
    ``ctx.tf_contrib_near``). Platform fact ``tf-contrib-span``: tf.contrib exists from 0.7
    to 1.15 and TensorFlow 2.1 is the last on Python 2, so the TensorFlow is older than 0.7
    or a 2.0/2.1:

    - the TensorFlow version known and 2.x: ``tf1-api-on-tf2``;
    - known and older than 0.7: ``tf-api-newer-than-installed`` (tf.contrib from 0.7);
    - known and within 0.7-1.15: nothing (a broken or shadowed install: not dated here);
    - unknown: ``tf-api-newer-than-installed`` variant ``contrib-py2-unsure``, which names
      both and the command that tells them apart.
    """
    def _shows_tf(n: Hit, line: int) -> bool:
        # a frame of a TF 1 library anywhere in the 12 lines; a tf.contrib code line only
        # when no other frame stands between (another frame's code otherwise)
        return 0 <= line - n.line <= 12 and (
            ("tf.contrib" not in n.text and "tensorflow.contrib" not in n.text)
            or not frame_between(ctx, n.line, line))

    near = ctx.h("ctx.tf_contrib_near").all()
    hits = [h for h in ctx.h("tools.contrib_py2").all() if any(_shows_tf(n, h.line) for n in near)]
    if not hits:
        return []
    fact = ctx.kb.platform_fact("tf-contrib-span")
    first, last, py2_last = (fact.value(k) for k in ("first", "last", "python2_last"))
    shown = [n for n in near if _shows_tf(n, hits[0].line)][-1:]
    evidence = log_evidence(shown, hits[:1])
    mm = ctx.tf_mm
    if mm is not None and mm[0] >= 2:
        return [catalogue.make(
            "tf1-api-on-tf2", name="tf.contrib", evidence=evidence, knowledge_ref=fact.ref,
            fix=(f"# tf.contrib was removed in TensorFlow 2.0 (knowledge row {fact.ref}): "
                 f"run the code on TensorFlow {last} (Python 2.7 or a Python 3 it supports), "
                 "in an environment of its own",
                 "# or replace the contrib call (tf.keras, TensorFlow Addons, tf-slim)"))]
    upgrade = (f'python -m pip install "tensorflow=={last}.*"   # the last release with '
               f"tf.contrib (or the 1.x the code names; tensorflow-gpu=={last}.* for the GPU "
               f"build of that era), with the CUDA/cuDNN it needs (tfgpu plan lists them)")
    if mm is not None and mm < (0, 7):
        return [catalogue.make(
            "tf-api-newer-than-installed", symbol="contrib", first=first, evidence=evidence,
            knowledge_ref=fact.ref,
            cause=(f"tf.contrib exists from TensorFlow {first} on (knowledge row {fact.ref}); "
                   f"TensorFlow {ctx.tf_version} is older, so the code (or the library it "
                   f"uses) was written for a newer TensorFlow."),
            fix=(upgrade,))]
    if mm is not None:
        return []
    return [catalogue.make(
        "tf-api-newer-than-installed", variant="contrib-py2-unsure", first=first, last=last,
        py2_last=py2_last, ref=fact.ref, evidence=evidence, knowledge_ref=fact.ref,
        fix=('python -c "import tensorflow as tf; print(tf.__version__)"   # with the python '
             "that ran: which of the two",
             f"# below {first}: {upgrade}",
             f"# 2.0 or 2.1: pin tensorflow=={last}.* the same way, or port the code off "
             "tf.contrib (tf.keras, TensorFlow Addons, tf-slim)"))]


__all__ = ["tensorflow_module_not_found", "tf1_api_on_tf2", "tf_contrib_py2",
           "windows_ctypes_module_not_found", "windows_dll_procedure_not_found"]
