"""Fault kind MODULES NOT INSTALLED: the program ends on "No module named 'X'" for a module
that is none of TensorFlow's own.

* ``python-dependency-not-installed``: a top-level module Python cannot find (CPython's
  import system: ``ModuleNotFoundError: No module named 'X'``; Python 2's ``ImportError: No
  module named X``): the distribution that provides it is not installed in the Python that
  ran, or it is a file of the project that Python does not see from the working folder.
  Variant ``package-dependency`` when the traceback's last frame is an installed package's
  file. Not read for standard-library names (this Python's ``sys.stdlib_module_names``, the
  modules Python 3.12/3.13 removed, Python 2's names: platform facts
  ``python-removed-stdlib-modules``, ``python2-module-names``), private (``_x``) modules, or
  the names other checks read (TensorFlow's, Keras's, NumPy's, NVIDIA's, protobuf's).
* ``platform-module-outside-its-runtime``: a module a hosted platform provides inside its own
  jobs (platform fact ``platform-runtime-modules``: SageMaker's sagemaker_tensorflow).
* ``tf-models-package-not-installed``: the TensorFlow Model Garden's ``official`` (the
  distribution tf-models-official, or a clone's root on PYTHONPATH: official/README) and
  ``object_detection`` (installed from a clone of research/, research/object_detection/g3doc/
  tf2.md).
* ``protobuf-modules-not-compiled``: the Object Detection API's ``*_pb2`` modules, which exist
  only once protoc compiled its .proto files.

Facts: platform fact ``import-names-of-other-distributions`` (cv2 is opencv-python...); pip
normalises the rest (PEP 503: ``pip install tensorflow_addons`` installs tensorflow-addons).
"""

from __future__ import annotations

import sys

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._addon_frames import (
    ADDON_DISTS,
    ADDON_WINDOW,
    code_line_above,
    installed_package_frame,
)
from tfgpu.diagnosis.checks.unknown import death_hits
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Evidence, Finding

#: Top-level names other checks read, or whose missing module means something else than a
#: missing install: TensorFlow's own packages and its companions (their own checks), NumPy's
#: compiled core, NVIDIA's wheels and plugins, the google namespace (protobuf), Python itself.
_OTHER_CHECKS = frozenset({
    "tensorflow", "tensorflow_core", "tensorflow_estimator", "tensorboard", "keras", "tf_keras",
    "tensorflow_intel", "tensorflow_macos", "tensorflow_gpu", "tensorflow_cpu",
    "numpy", "nvidia", "google", "tensorrt", "jaxlib", "site", "pip",
    "setuptools", "pkg_resources",
    # the standalone Keras Preprocessing package, merged into Keras (checks/keras_moves.py)
    "keras_preprocessing",
})

#: The Model Garden's top-level packages (tensorflow/models) this check names.
_TF_MODELS = frozenset({"official", "object_detection"})


def _named(ctx: Facts, fact_id: str) -> dict[str, str]:
    """The ``name=value`` items of platform fact ``fact_id``'s ``names`` list, as a dict
    (``import-names-of-other-distributions``: import name -> distribution;
    ``platform-runtime-modules``: module -> runtime; ``python-removed-stdlib-modules``:
    module -> the Python release that removed it; a bare name maps to ``""``)."""
    return dict(item.partition("=")[::2]
                for item in ctx.kb.platform_fact(fact_id).items("names"))


def _stdlib_names(ctx: Facts) -> frozenset[str]:
    """Standard-library names of any Python the log may come from: this interpreter's, the
    modules Python 3.12/3.13 removed and Python 2's (platform facts)."""
    return frozenset({*sys.stdlib_module_names, *_named(ctx, "python-removed-stdlib-modules"),
                      *_named(ctx, "python2-module-names")})


def _distribution(ctx: Facts, module: str) -> str:
    """The distribution pip installs for the import name ``module`` (platform fact
    ``import-names-of-other-distributions``; else the name itself, which pip normalises)."""
    return _named(ctx, "import-names-of-other-distributions").get(module, module)


#: Modules of the operating system's own Python (apt's, conda's base, GNOME's bindings): a
#: missing one is a broken or replaced system Python, never a pip install.
_SYSTEM_PYTHON = frozenset({"apt_pkg", "apt", "conda", "gi", "dnf", "yum", "rpm", "lsb_release",
                            "CommandNotFound", "debconf"})


def _known_distribution(ctx: Facts, module: str) -> str | None:
    """The distribution that provides the import name ``module`` when it is known: platform
    fact ``import-names-of-other-distributions``, or TensorFlow's add-ons
    (:data:`~tfgpu.diagnosis.checks._addon_frames.ADDON_DISTS`); else ``None`` (a
    ``tensorflow_*`` / ``keras_*`` name is only guessed: :func:`_guessed_distribution`)."""
    dist = _distribution(ctx, module)
    if dist != module:
        return dist
    return ADDON_DISTS.get(module)


def _guessed_distribution(module: str) -> str | None:
    """A ``tensorflow_*`` / ``keras_*`` import name with hyphens (``keras_tuner`` ->
    keras-tuner): how TensorFlow's and Keras's own projects are often named, a guess only
    (keras_contrib's project has no release on the package index: platform fact
    ``import-names-from-git``)."""
    return module.replace("_", "-") if module.startswith(("tensorflow_", "keras_")) else None


def _ended_on(ctx: Facts, line: int) -> bool:
    """Whether the exception on log line ``line`` is where the program stopped: one of the log's
    deaths when it shows any (:func:`~tfgpu.diagnosis.checks.unknown.death_hits`: not a traceback
    the program printed and went on after), with no traceback header and no "During handling of the
    above exception" line after it (a handled ImportError, another exception raised after it).
    A bare "No module named 'x'" line (no exception name) counts only when nothing the log's
    patterns read comes after it."""
    if any(x.line > line for name in ("ctx.tb_header", "py.chained_during")
           for x in ctx.h(name).all()):
        return False
    hit = next((h for h in ctx.h("py.module_missing").all() if h.line == line), None)
    if hit is not None and "Error" not in hit.text.split("No module named")[0] and any(
            x.last is not None and x.last.line > line for x in ctx.log.hits.values()):
        # a bare "No module named 'x'" (no exception name: a message the program printed,
        # e.g. an optional import's except clause) with anything read after it: the program
        # went on
        return False
    deaths = death_hits(ctx.log)
    if not deaths:
        # an exception line pasted alone shows no death: the end the user pasted; a whole
        # traceback that is no death is one the program printed and went on after
        return not any(x.line < line for x in ctx.h("ctx.tb_header").all())
    return any(d.line == line for d in deaths)


def _imported_as_submodule(ctx: Facts, module: str, line: int) -> bool:
    """Whether the code line above the error imports ``module`` as the tail of a dotted name
    (``import urllib.request``, ``from a.b import c``): Python 2 names only that tail."""
    code = code_line_above(ctx, "py.import_code", line)
    if code is None:
        return False
    dotted = code.g("from") or code.g("imp") or ""
    return "." in dotted and dotted.split(".")[0] != module


def module_not_installed(ctx: Facts) -> list[Finding]:
    """``python-dependency-not-installed`` or ``tf-models-package-not-installed`` for the
    "No module named 'X'" exception line (pattern ``py.module_missing``) the program stopped on
    (:func:`_ended_on`) whose module is top-level (a dotted name is a submodule its installed
    package lacks: another release; Python 2's tail of a dotted import too) and none of the
    names in :data:`_OTHER_CHECKS`, the standard library's or the system Python's; not for a
    module named by saved data (a pickle's, a Keras config's: pattern ``py.import_by_name``
    above it) or an import in pip's isolated build (``ctx.pip_build_env``). ``pip install``
    is named only for a known distribution (:func:`_known_distribution`); otherwise the fix
    says how to find it."""
    hits = ctx.h("py.module_missing").all()
    if not hits:
        return []
    h = hits[-1]
    module = h.need("mod")
    if ("." in module or module.startswith("_") or module in _OTHER_CHECKS
            or module in _SYSTEM_PYTHON or module in _stdlib_names(ctx)
            or _imported_as_submodule(ctx, module, h.line)
            or any(0 < h.line - x.line <= ADDON_WINDOW for x in ctx.h("py.import_by_name").all())
            or ctx.h("ctx.pip_build_env").count or not _ended_on(ctx, h.line)):
        return []
    evidence = log_evidence([h])
    runtime = _named(ctx, "platform-runtime-modules").get(module)
    if runtime is not None and not ctx.h("ctx.sagemaker_job").count:
        return [catalogue.make(
            "platform-module-outside-its-runtime", module=module, runtime=runtime,
            evidence=evidence,
            fix=(f"# run this code as the platform's job (its entry point): {runtime} "
                 f"provides '{module}' there; the notebook only launches the job",
                 f"python -m pip install {module.replace('_', '-')}   # only to import it "
                 "here: its data exists only inside the job"))]
    if module in _TF_MODELS:
        return [_tf_models(ctx, module, _distribution(ctx, module), evidence)]
    known = _known_distribution(ctx, module)
    git = _named(ctx, "import-names-from-git").get(module)
    guess = None if known is not None or git else _guessed_distribution(module)
    pip = "python -m pip"
    if known == "tensorflow-addons":
        # end of life: its last release (0.23.0) is built for TensorFlow 2.15 (knowledge row
        # addon-pairs-tensorflow-addons)
        last = ctx.kb.platform_fact("addon-pairs-tensorflow-addons").items("pairs")[0]
        release, _, tf = last.partition("=")
        dist = f"{known} on the package index, end of life since {release}"
        install = (f"{pip} install {known}   # only with TensorFlow {tf} or older: its last "
                   f"release, {release}, is built for TensorFlow {tf}; on a later TensorFlow "
                   "use Keras's own layers, optimizers and losses instead (or pin "
                   f"tensorflow=={tf}.*)")
    elif known is not None:
        dist = f"{known} on the package index"
        install = f"{pip} install {known}   # the distribution that provides '{module}'"
        successor = _named(ctx, "import-name-successors").get(module)
        if successor:
            # a distribution with no wheels for newer Pythons or some OSes, and its successor
            new_dist, _, new_import = successor.partition(":")
            if ctx.os == "windows":
                install = (f"{pip} install {new_dist}   # {known} has no wheel for Windows: "
                           f"its successor (import {new_import}), or tf.lite.Interpreter of "
                           "the tensorflow package")
            else:
                install += (f"; it has no wheel for Windows or Python 3.12+: there, {pip} "
                            f"install {new_dist} (import {new_import}), or use "
                            "tf.lite.Interpreter of the tensorflow package")
    elif git:
        dist = (f"installed from its git repository, {git.removeprefix('git+')}: no release "
                "on the package index")
        install = f"{pip} install {git}   # the project's own install line for '{module}'"
        known = git
    elif guess is not None:
        dist = (f"perhaps {guess}, guessed from the import name: the project's requirements or "
                "README name the real one")
        install = (f"{pip} install {guess}   # a guess from the import name '{module}': check "
                   "the project's requirements or README first (some projects install from "
                   "git, and a look-alike name may be someone else's package)")
        known = guess
    else:
        dist = "named in the project's requirements or README; often, not always, like the module"
        install = (f"# find the distribution that provides '{module}' (the project's "
                   "requirements file or README names it: an import name need not be its "
                   f"pip name), then {pip} install it")
    notebook = ctx.h("tools.jupyter_ctx").count > 0
    where = ((f"# in a notebook cell: %pip install {known or '<it>'} installs into the kernel "
              "that runs the notebook") if notebook
             else 'python -c "import sys; print(sys.executable)"   # the Python that ran: '
                  "install with that one's pip")
    pkg = installed_package_frame(ctx, h.line)
    if pkg is not None:
        package = pkg.need("pkg").replace("_", "-")
        return [catalogue.make(
            "python-dependency-not-installed", variant="package-dependency", module=module,
            dist=dist, package=package, evidence=log_evidence([pkg], [h]),
            fix=(install, f"# or a release of {package} that declares it: "
                          f"{pip} install --upgrade {package}", where))]
    own = (f"# '{module}' is the project's own {module}.py or {module}/ folder: Python looks "
           "in the script's own folder and on PYTHONPATH, not in the folder it was started "
           "from: PYTHONPATH=<the folder that holds it> python <script> (or python -m "
           "<package>.<script> from that folder)")
    fix = (install, where) if known is not None else (own, install, where)
    return [catalogue.make("python-dependency-not-installed", module=module, dist=dist,
                           evidence=evidence, fix=fix)]


def _tf_models(ctx: Facts, module: str, dist: str, evidence: tuple[Evidence, ...]) -> Finding:
    """``tf-models-package-not-installed`` for ``official`` (row) or ``object_detection``
    (variant ``object-detection``)."""
    mm = ctx.tf_mm
    tf1 = mm is not None and mm[0] < 2
    if module == "object_detection":
        tf = "tf1" if tf1 else "tf2"
        return catalogue.make(
            "tf-models-package-not-installed", variant="object-detection", module=module,
            evidence=evidence,
            fix=("git clone --depth 1 https://github.com/tensorflow/models   # if there is no "
                 "clone yet" + (" (TensorFlow 1.x: the API's TF1 setup below)" if tf1 else ""),
                 "cd models/research && protoc object_detection/protos/*.proto --python_out=. "
                 f"&& cp object_detection/packages/{tf}/setup.py . && python -m pip install .",
                 f"python object_detection/builders/model_builder_{tf}_test.py   # the API's "
                 "own installation test",
                 "# Windows: run the steps one by one in the Anaconda Prompt (copy for cp; "
                 "protoc 3.x expands no *: list the .proto files, or loop over them)"))
    if tf1:
        return catalogue.make(
            "tf-models-package-not-installed", module=module, evidence=evidence,
            fix=("# TensorFlow 1.x: tf-models-official has no 1.x release; use a clone of "
                 "tensorflow/models at the branch of your TensorFlow (r1.x)",
                 'export PYTHONPATH="$PYTHONPATH:/path/to/models"   # the clone\'s root folder, '
                 "the one holding official/ (Windows: set PYTHONPATH=%PYTHONPATH%;"
                 "C:\\path\\to\\models)"))
    minor = f"{dist}=={mm[0]}.{mm[1]}.*" if mm else f"{dist}==<your TensorFlow's major.minor>.*"
    return catalogue.make(
        "tf-models-package-not-installed", module=module, evidence=evidence,
        fix=(f"python -m pip install {dist}   # its releases follow TensorFlow's minor: pin "
             f"the one of yours ({minor}) where pip offers it, as the newest needs the newest "
             "TensorFlow",
             'export PYTHONPATH="$PYTHONPATH:/path/to/models"   # or, in a clone of '
             "tensorflow/models: its root folder (the one holding official/) on the path "
             "(Windows: set PYTHONPATH=%PYTHONPATH%;C:\\path\\to\\models)"))


def _from_od_protos(ctx: Facts, h: Hit) -> bool:
    """Whether the "cannot import name 'X_pb2'" on ``h`` is an import from
    object_detection.protos: Python 3.7+ names the module (``from 'object_detection.protos'``);
    Python 3.6 names none, and the traceback's code line above shows it."""
    if " from '" in h.text:
        return "from 'object_detection.protos" in h.text
    code = code_line_above(ctx, "py.import_code", h.line)
    return code is not None and (code.g("from") or "").startswith("object_detection.protos")


def od_protos_not_compiled(ctx: Facts) -> list[Finding]:
    """``protobuf-modules-not-compiled``: an Object Detection API
    ``*_pb2`` module missing (pattern ``od.protos_missing``) with object_detection named in
    the log: its .proto files were never compiled with protoc."""
    hits = [h for h in ctx.h("od.protos_missing").all()
            if h.g("name2") or _from_od_protos(ctx, h)]
    if not hits:
        return []
    h = hits[-1]
    return [catalogue.make(
        "protobuf-modules-not-compiled", module=h.g("name") or h.need("name2"),
        evidence=log_evidence([h]),
        fix=("cd models/research && protoc object_detection/protos/*.proto --python_out=.   "
             "# protoc 3.0 or newer; on Windows give protoc.exe's path, and list the .proto "
             "files when the shell does not expand *",
             "python -m pip install .   # from models/research, after cp "
             "object_detection/packages/tf2/setup.py ."))]


__all__ = ["module_not_installed", "od_protos_not_compiled"]
