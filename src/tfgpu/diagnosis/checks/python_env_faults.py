"""Faults of the Python running the program, seen in a traceback: a file of the user's that
shadows TensorFlow, TensorFlow imported from its own source tree, a package imported from a
folder without its ``__init__.py``, a CPython built without one of its optional extension
modules, and a compiled module built for another Python version.

Sources:

* Python's module search path (The Python Tutorial, 6.1.2 "The Module Search Path"): the
  directory of the script run, or the current directory of an interactive interpreter,
  comes first on ``sys.path``, so a ``tensorflow.py`` there is imported instead of the
  package (tensorflow/tensorflow#2370: ``File "tensorflow.py", line 11`` in the traceback of
  ``import tensorflow``).
* TensorFlow 0.x-1.x ``tensorflow/python/__init__.py``: "Error importing tensorflow.  Unless
  you are using bazel, you should not try to import tensorflow from its source directory;
  please exit the tensorflow source tree, and relaunch your python interpreter from there."
  (tensorflow/tensorflow#810).
* CPython's ``Python/ceval.c`` ``import_from``: "cannot import name %R from %R (unknown
  location)" when the module imported from has no ``__file__``: a namespace package, which
  is what a folder without ``__init__.py`` on ``sys.path`` imports as (PEP 420).
* CPython builds ``_bz2``, ``_lzma``, ``_sqlite3``, ``_ctypes``, ``_ssl`` only when the
  headers of bzip2, xz, SQLite, libffi and OpenSSL are present (the Python Developer's Guide,
  "Install dependencies"; platform fact ``cpython-optional-modules``); a Python built without
  them (pyenv or ``./configure`` on a bare host, some embedded builds) lacks the module
  (touilleMan/godot-python#25); the fix follows the interpreter's own path
  (checks/_stdlib_host.py: MSYS2's package, macOS's Homebrew and pyenv, a Windows install).
* CPython's ``Python/dynload_win.c``: "Module use of %.150s conflicts with this version of
  Python." when a compiled module (.pyd) linked against another ``pythonXY.dll`` is imported
  (tensorflow/models#8651: an environment's TensorFlow imported by the base Anaconda Python).
"""

from __future__ import annotations

import functools
import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._stdlib_host import host_fix, stdlib_frame
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


@functools.lru_cache(maxsize=8)
def _shadow_error(mod: str) -> re.Pattern[str]:
    """The errors a shadowed ``import <mod>`` raises, naming ``mod`` itself: the file lacks
    the package's names (AttributeError, ImportError "cannot import name ... from '<mod>'"),
    is no package ("'keras' is not a package"), or imports itself ("partially initialized
    module"). An error of another module, such as a broken TensorFlow's own "cannot import
    name ... from 'tensorflow.python.tools'", is not one."""
    m = re.escape(mod)
    return re.compile(rf"module '{m}' has no attribute|'module' object has no attribute"
                      rf"|'{m}' is not a package|partially initialized module '{m}'"
                      rf"|cannot import name '\w+' from '{m}'")


#: Folders inside a package (TensorFlow's or Keras's own tree: .../tensorflow/python/keras.py)
#: or Bazel's runfiles: a file there is a submodule, not the user's script
_IN_A_PACKAGE = re.compile(r"/(?:tensorflow|keras|tf_keras)/(?:python|src|api|_api)/"
                           r"|\.runfiles/")


def script_shadows_package(ctx: Facts) -> list[Finding]:
    """``script-shadows-package``: a traceback frame in a file named like the package being
    imported (``tensorflow.py``, ``keras.py``) outside site-packages and outside a package
    folder (pattern ``py.shadow_frame``), and an error of the kind a shadowed import raises:
    that file was imported instead of the package."""
    hits = [h for h in ctx.h("py.shadow_frame").all()
            if not _IN_A_PACKAGE.search("/" + (h.g("path") or "").replace("\\", "/"))
            and any(_shadow_error(h.g("mod") or "tensorflow").search(e.text)
                    or _py2_submodule_missing(ctx, h.g("mod") or "tensorflow", e.text)
                    for e in ctx.h("tell.exception").all())]
    if not hits:
        return _named_in_error(ctx)
    h = hits[0]
    mod, path = h.g("mod") or "tensorflow", h.g("path") or ""
    return [catalogue.make(
        "script-shadows-package", module=mod, file=f"{path}{mod}.py",
        evidence=log_evidence(hits[:1], ctx.h("tell.exception").all()[-1:]),
        fix=_rename_fix(path, mod),
    )]


def _rename_fix(path: str, mod: str) -> tuple[str, str]:
    """The fix lines for a file ``<path><mod>.py`` that shadows the package ``mod``: rename it
    (and its compiled copies), then check which file Python imports."""
    return (f"# rename {path}{mod}.py (your script or a file beside it) to another name, and "
            f"delete {mod}.pyc and __pycache__/{mod}.* next to it",
            f'python -c "import {mod}; print({mod}.__file__)"   # run from another folder: '
            "must print a path inside site-packages")


def _py2_submodule_missing(ctx: Facts, mod: str, error: str) -> bool:
    """Python 2's words for ``from keras.datasets import mnist`` when ``keras`` is a plain
    module: "ImportError: No module named datasets" (the submodule alone, unquoted; Python 3
    says "No module named 'keras.datasets'; 'keras' is not a package"), with the import line
    ``from <mod>.<sub> import`` or ``import <mod>.<sub>`` shown in the traceback."""
    m = re.search(r"No module named (\w+(?:\.\w+)*)\s*$", error)
    if m is None:
        return False
    want = f"{mod}.{m.group(1)}"
    return any(d == want or d.startswith(want + ".")
               for h in ctx.h("py.import_code").all() if (d := h.g("from") or h.g("imp")))


def _named_path(h: Hit) -> str:
    """The folder of the file a CPython import error names (its three forms' groups)."""
    return h.g("path") or h.g("path2") or h.g("path3") or ""


def _named_in_error(ctx: Facts) -> list[Finding]:
    """``script-shadows-package`` variant ``named-in-error``: CPython's circular-import
    error names the module's file (pattern ``py.circular_import_file``), and a module
    ``tensorflow`` whose file is ``tensorflow.py`` is no package: a file of the user's."""
    hits = [h for h in ctx.h("py.circular_import_file").all()
            if not _IN_A_PACKAGE.search("/" + _named_path(h).replace("\\", "/"))]
    if not hits:
        return []
    mod = hits[0].g("mod") or hits[0].g("mod2") or hits[0].g("mod3") or "tensorflow"
    path = _named_path(hits[0])
    return [catalogue.make(
        "script-shadows-package", variant="named-in-error", module=mod, file=f"{path}{mod}.py",
        evidence=log_evidence(hits[:1]),
        fix=_rename_fix(path, mod),
    )]


#: An installed package's folder (pip's site-packages, Debian's dist-packages).
_INSTALLED = re.compile(r"[/\\](?:site|dist)-packages(?:[/\\]|$)", re.IGNORECASE)

#: The inner ImportError of an import from an unbuilt checkout: its SWIG wrapper or generated
#: protobuf modules are missing there ("cannot import name pywrap_tensorflow", "No module
#: named core.framework.graph_pb2"), which bazel builds.
_CHECKOUT_ERROR = re.compile(r"pywrap_tensorflow|_pb2\b|tensorflow\.core|\bcore\.framework")

#: A wrapped error of the native loader (a shared library found but not loadable, or one it
#: needs missing: glibc's "version `GLIBC_2.17' not found (required by .../_pywrap_tensorflow.
#: so)", "libcudart.so.8.0: cannot open shared object file", "undefined symbol", Windows' "DLL
#: load failed"): only a built TensorFlow has a library to load.
_LIBRARY_ERROR = re.compile(r"\.(?:so|pyd|dylib|dll)\b|GLIBC|cannot open shared object"
                            r"|undefined symbol|DLL load failed|wrong ELF class", re.IGNORECASE)


def _suffix_only(ctx: Facts) -> bool:
    """The source-directory sentence is only TensorFlow 0.x-1.x's suffix here, not a checkout
    import: tensorflow/python/__init__.py appends it to EVERY failed import (its ``msg`` is
    the wrapped ``traceback.format_exc()`` followed by 'Error importing tensorflow.  Unless
    you are using bazel, ...', r0.7 to 1.x), so the ImportError it wraps is the cause
    (tensorflow/tensorflow#1254: "No module named protobuf" inside dist-packages).  True when
    the traceback's tensorflow/__init__.py frames (``ctx.tf_init_frame``) are all under
    site-packages / dist-packages, or, with no such frame, when the wrapped error
    (``ctx.inner_import_error``) is not one of an unbuilt checkout (:data:`_CHECKOUT_ERROR`).
    The wrapped error decides over a frame's folder: an installed TensorFlow outside
    site-packages (an AWS Lambda bundle under /var/task, ``pip install --target``, a
    PYTHONPATH folder) fails with a library error (:data:`_LIBRARY_ERROR`: GLIBC, a missing
    libcudart, its built ``_pywrap_tensorflow.so`` named), which an unbuilt checkout, having no
    built library, cannot print; a frame outside site-packages only supports a checkout error
    or a log without the wrapped error."""
    paths = [h.g("path") or "" for h in ctx.h("ctx.tf_init_frame").all()]
    if paths and all(_INSTALLED.search(p) for p in paths):
        return True
    inner = [h.g("msg") or "" for h in ctx.h("ctx.inner_import_error").all()]
    if any(_LIBRARY_ERROR.search(m) for m in inner):
        return True
    return bool(inner) and not any(_CHECKOUT_ERROR.search(m) for m in inner)


def source_tree_import(ctx: Facts) -> list[Finding]:
    """``tensorflow-source-tree-import``: TensorFlow's own message for an import from its
    source checkout (pattern ``py.tf_source_tree``)."""
    hits = ctx.h("py.tf_source_tree").all()
    if not hits:
        return []
    if _suffix_only(ctx):
        return []  # the wrapped ImportError is the cause: other checks read it
    return [catalogue.make(
        "tensorflow-source-tree-import", evidence=log_evidence(hits[:2]),
        fix=("cd ~   # any folder outside the TensorFlow source checkout, then start Python "
             "again and import tensorflow",
             'python -c "import tensorflow as tf; print(tf.__file__)"   # must be the '
             "installed package (site-packages), not the checkout"),
    )]


#: Import names of TensorFlow's and its companions' top packages -> their pip distribution.
_DISTS = {
    "tensorflow": "tensorflow", "tensorflow_core": "tensorflow",
    "tensorflow_estimator": "tensorflow-estimator", "keras": "keras", "tf_keras": "tf-keras",
    "tensorboard": "tensorboard", "numpy": "numpy", "h5py": "h5py",
}

#: Modules known to ship an ``__init__.py`` (a regular package, never a namespace one), so
#: "(unknown location)" from one of them is a folder left without its files, or another
#: folder of that name: tensorflow, tensorflow/python, keras, numpy, h5py and tensorboard in
#: the environment of the TF 2.21 wheel; tf_keras (keras-team/tf-keras tf_keras/__init__.py);
#: tensorflow_estimator/python/estimator (tensorflow/estimator). Others may be namespace
#: packages on purpose (tensorflow_estimator/python/estimator/canned has no __init__.py),
#: where the words say only that the name is not there. TensorFlow's add-ons are read by
#: checks/addons.py (``tensorflow-source-tree-import`` variant ``addon-shadowed``).
_REGULAR_MODULES = frozenset({"tensorflow", "tensorflow.python", "keras", "tf_keras", "numpy",
                              "h5py", "tensorboard", "tensorflow_estimator.python.estimator"})


def _own_folder(ctx: Facts, line: int, top: str) -> str | None:
    """The folder named ``top`` that a traceback frame outside site-packages (pattern
    ``ctx.own_frame``) within 30 lines above log line ``line`` runs from (``.../proj/keras/
    layers.py`` -> ``.../proj/keras``), or ``None``."""
    for f in reversed(ctx.h("ctx.own_frame").all()):
        if 0 < line - f.line <= 30:
            m = re.search(r"[\"']?([^\"'\s]*?[/\\]" + re.escape(top) + r")[/\\]", f.text)
            if m is not None and "site-packages" not in m.group(1):
                return m.group(1)
    return None


def package_folder_without_init(ctx: Facts) -> list[Finding]:
    """``package-folder-without-init``: "cannot import name 'X' from '<pkg>[.sub]' (unknown
    location)" (pattern ``py.unknown_location``) for a module of :data:`_REGULAR_MODULES`
    (its distribution from :data:`_DISTS`): Python found it as a folder without
    ``__init__.py``: an install whose files were removed and whose folder stayed, or another
    folder of that name first on ``sys.path``. The first such line only."""
    for h in ctx.h("py.unknown_location").all():
        module = h.need("mod")
        top = module.split(".")[0]
        dist = _DISTS.get(top)
        if dist is None or module not in _REGULAR_MODULES:
            continue
        own = _own_folder(ctx, h.line, top)
        if own is not None:
            return [catalogue.make(
                "package-folder-without-init", variant="own-folder", module=module,
                name=h.need("name"), top=top, folder=own, evidence=log_evidence([h]),
                fix=(f"# rename {own} (your own folder named {top}, first on sys.path), or "
                     "start Python from another folder",
                     f'python -c "import {top}; print({top}.__file__)"   # then: a file under '
                     "site-packages"))]
        every = ("every distribution pip list shows for it (tensorflow, tensorflow-intel, "
                 "tensorflow-gpu, tensorflow-cpu, tf-nightly: they share the folder)"
                 if dist == "tensorflow" else dist)
        fix = [f'python -c "import {top}; print({top}.__path__)"   # the folder(s) Python took '
               f"for {top}, with the python that ran",
               f"# a site-packages folder: python -m pip uninstall -y {every} (repeat until "
               "pip finds none), delete the folder if it is still there, then reinstall: "
               f'python -m pip install "{dist}==<the release you need>"',
               f"# a folder of your own named {top} (the working directory, the script's "
               "folder): rename it, or start Python from another folder"]
        if dist == "tensorflow-estimator":
            fix.insert(2, 'python -m pip install --force-reinstall "tensorflow-estimator==<your '
                          'TensorFlow major.minor>.*"   # the estimator release goes with the '
                          "TensorFlow release")
        return [catalogue.make(
            "package-folder-without-init", module=module, name=h.need("name"), top=top,
            dist=dist, evidence=log_evidence([h]), fix=tuple(fix))]
    return []


def python_missing_stdlib_module(ctx: Facts) -> list[Finding]:
    """``python-missing-stdlib-module``: "No module named '_bz2'" (and ``_lzma``,
    ``_sqlite3``, ``_ctypes``, ``_ssl``; pattern ``py.stdlib_ext_missing``): this CPython was
    built without the library behind that module (platform fact
    ``cpython-optional-modules``: which library, and the Debian/Ubuntu package of its
    headers)."""
    hits = ctx.h("py.stdlib_ext_missing").all()
    if not hits or ctx.h("py.frozen_app").count:
        return []  # a PyInstaller app bundles what it chose: no interpreter build reading
    fact = ctx.kb.platform_fact("cpython-optional-modules")
    mod = hits[0].g("mod") or "_bz2"
    row = {m: (lib, pkg) for m, lib, pkg in
           (item.split(":", 2) for item in fact.items("modules"))}
    lib, pkg = row.get(mod, ("its library", "the library's -dev package"))
    # the interpreter's own stdlib path decides the host (checks/_stdlib_host.py)
    host, env, fix = host_fix(ctx, hits[0], mod, lib, pkg)
    frame = [f for f in ctx.h("ctx.py_frame_head").all()
             if f.g("path") == stdlib_frame(ctx, hits[0])][-1:] if host else []
    ev = log_evidence(frame, hits[:1])
    if host == "msys2" and env is not None:
        return [catalogue.make(
            "python-missing-stdlib-module", variant="msys2", module=mod, library=lib, env=env,
            evidence=ev, knowledge_ref=fact.ref, fix=fix)]
    variant = "macos" if host == "macos" else "windows" if host == "windows" else None
    return [catalogue.make(
        "python-missing-stdlib-module", variant=variant, module=mod, library=lib,
        evidence=ev, knowledge_ref=fact.ref, fix=fix,
    )]


def _pybind_version(ctx: Facts) -> list[Finding]:
    """``python-dll-conflict`` variant ``pybind11``: pybind11's "Python version mismatch:
    module was compiled for Python X.Y, but the interpreter version is incompatible: A.B"
    (pattern ``py.pybind_version``), the same fault on any OS: a package installed for one
    Python (an environment's) imported by another."""
    hits = ctx.h("py.pybind_version").all()
    if not hits:
        return []
    built, run = hits[0].need("built"), hits[0].need("run")
    if built == run:
        return []
    env = ("where.exe python" if ctx.windows else "which -a python python3")
    return [catalogue.make(
        "python-dll-conflict", variant="pybind11", built=built, run=run,
        evidence=log_evidence(hits[:1]),
        fix=(f"{env}   # which python runs: in a conda env or venv, activate it first (in a "
             "notebook, pick its kernel), so its own python runs",
             f"python --version   # {run} ran; the module's package was installed for {built}",
             "python -m pip install --force-reinstall <the package whose import failed>   # "
             f"with the python that runs the program, for Python {run} (or run Python "
             f"{built}, where it was installed)"),
    )]


def python_dll_conflict(ctx: Facts) -> list[Finding]:
    """``python-dll-conflict``: CPython's "Module use of pythonXY.dll conflicts with this
    version of Python" (pattern ``py.dll_conflict``): a compiled module built for Python X.Y
    (TensorFlow's own, here) was imported by another Python version."""
    hits = ctx.h("py.dll_conflict").all()
    if not hits:
        return _pybind_version(ctx)
    dll = hits[0].g("dll") or "pythonXY.dll"
    if dll.lower().endswith("_d.dll"):
        return []  # a debug build's DLL: a debug/release mix, not another version
    stdlib = next((m for m in ctx.h("ctx.stdlib_ext_import").all()
                   if 0 < hits[0].line - m.line <= 2), None)
    if stdlib is not None:
        return [_stdlib_module_refused(hits[0], stdlib, dll)]
    tf = bool(ctx.h("ctx.tensorflow").count or ctx.tf_version)
    return [catalogue.make(
        "python-dll-conflict", dll=dll, evidence=log_evidence(hits[:1]),
        fix=("where.exe python   # which python runs; in a conda env: conda activate <env> "
             "first, so its own python runs",
             "echo %PYTHONPATH%   # set? clear it (set PYTHONPATH=) so another Python's "
             "site-packages is not imported",
             "python -m pip install --force-reinstall "
             + ("tensorflow" if tf else "<the package whose import failed>")
             + "   # with the python that runs the program, for its own version"),
    )]


def _stdlib_module_refused(hit: Hit, imp: Hit, dll: str) -> Finding:
    """``python-dll-conflict`` variant ``stdlib-module``: the refused module is one of
    CPython's own standard-library extensions (``import _socket`` right above the error,
    pattern ``ctx.stdlib_ext_import``), which every Python install ships in its own DLLs
    folder: the Python installation itself is mixed with another version's files, and no
    package reinstall helps.  Threads: olivierfriard/BORIS#364 (an application with its own
    bundled Python installed over its older release: deleting the folder and reinstalling
    fixed it), Fenixin/Minecraft-Region-Fixer#123 (another program's bundled Python 3.6 files
    found by Python 3.8: removing that program fixed it)."""
    return catalogue.make(
        "python-dll-conflict", variant="stdlib-module", dll=dll,
        module=imp.g("mod") or "_socket", evidence=log_evidence([imp], [hit]),
        fix=("echo %PYTHONPATH% & echo %PYTHONHOME%   # set, to another Python's folders (a "
             "program's installer may set them)? clear them (System Properties > Environment "
             "Variables) and open a new window",
             "python -c \"import sys; print(sys.version); print(*sys.path, sep='\\n')\"   # "
             "a folder of another Python (or of another program) in the list is where the "
             "old module comes from",
             "# the traceback's files inside an application's own folder (an app with a "
             "bundled Python): uninstall it, delete that folder, and install it again",
             "# a Python installed over another version's folder: uninstall it, delete the "
             "folder, and install it again; no package reinstall changes a standard-library "
             "module"),
    )
