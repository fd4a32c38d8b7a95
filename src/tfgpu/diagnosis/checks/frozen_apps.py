"""TensorFlow inside a frozen application (PyInstaller, cx_Freeze) missing some of its parts.

A freezer copies a program and the modules it finds it importing into a bundle; TensorFlow
loads much of itself at run time (its op libraries through ``load_op_library``, its native
module, lazily imported modules, protobuf's ``google`` namespace package), which the freezer
finds only through its hooks for TensorFlow, written for the TensorFlow releases of their
time. Sources: pyinstaller/pyinstaller#5200 (a hook that missed TensorFlow Lite's
``_audio_microfrontend_op.so``, fixed in pyinstaller-hooks-contrib; "rebuild with --clean"),
pyinstaller/pyinstaller#4882 (PyInstaller 3.6's hooks predate the ``tensorflow_core`` layout
of TensorFlow 1.15/2.x), pyinstaller/pyinstaller-hooks-contrib#121 and PR #676 (the hook
excluded ``_pywrap_tensorflow_internal``, so op libraries could not resolve TensorFlow's
symbols), marcelotduarte/cx_Freeze#1094 (protobuf's ``google``, a namespace package without
``__init__.py``, not importable from cx_Freeze 6.6's library archive). The bundle is
recognised by its own marks (pattern ``ctx.frozen_app``).
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def _tf_part(name: str | None) -> bool:
    """Whether module ``name`` is part of TensorFlow or of what it imports as it loads
    (protobuf's ``google`` namespace package, ``google.protobuf``): not tf.contrib (gone from
    TensorFlow 2: an API era, not a bundle), not Keras's modules (a module Keras removed reads
    the same), not TensorFlow 1.x's swig helper's first try (``_pywrap_tensorflow_internal``
    alone, which every 1.x import failure prints before the real error)."""
    name = name or ""
    top = name.split(".")[0]
    if top in ("tensorflow", "tensorflow_core"):
        return not re.match(r"tensorflow(?:_core)?\.contrib\b", name)
    return name == "google" or name.startswith("google.protobuf")


def _failures(ctx: Facts) -> list[Hit]:
    """The failures of a bundle missing TensorFlow's parts: a module of TensorFlow, Keras or
    protobuf not found, a name not importable from TensorFlow's own modules, an op library
    of TensorFlow's packages not found or not resolving TensorFlow's symbols."""
    out = [h for h in ctx.h("py.module_missing").all() if _tf_part(h.g("mod"))]
    out += [h for h in ctx.h("tfapi.cannot_import").all()
            if (h.g("mod") or "").split(".")[0] in ("tensorflow", "tensorflow_core")]
    out += [h for name in ("op.so_not_found", "op.lib_symbol", "op.custom_op_symbol")
            for h in ctx.h(name).all() if "tensorflow" in h.text.lower()]
    out += ctx.h("op.bare_tf_symbol").all()  # a symbol of TensorFlow's own C++ API
    # Keras 3's own internal modules (keras.src.*) not found by Keras's own files: the
    # bundle lacks part of the Keras that TensorFlow imports at start
    out += bundled_keras_missing(ctx)
    # TensorFlow's own shared libraries not found by the loader as its native module loads
    out += [h for h in ctx.h("lib.missing").all()
            if re.match(_OWN_LIBRARY, h.g("lib") or "")]
    return sorted(out, key=lambda h: h.line)


#: TensorFlow's own shared libraries (the pip wheel's package folder: the framework library
#: since TF 1.4, the C++ library, the native module of Python): a bundle that lacks one did
#: not collect it.
_OWN_LIBRARY = r"(?:lib)?(?:tensorflow_framework|tensorflow_cc|_pywrap_tensorflow_internal)\b"

#: The package folder a bundled path goes on with: PyInstaller 6's ``_internal`` folder of a
#: one-folder bundle, PyInstaller 5's one-folder ``dist/<app>/`` itself, a one-file bundle's
#: ``_MEIxxxxxx`` extraction folder.
_BUNDLED = re.compile(r"(?:[/\\]_internal|[/\\]_MEI\w{1,20}|[/\\]dist[/\\][^/\\\s]{1,100})"
                      r"[/\\](?P<pkg>[A-Za-z]\w{0,60})[/\\]")


def bundled_package(failures: list[Hit]) -> str | None:
    """The Python package whose file a bundle lacks, from the first failure quoting a
    bundled path (``...\\dist\\app\\_internal\\tensorflow_text\\python\\ops\\x.so`` ->
    ``"tensorflow_text"``); ``None`` when no failure quotes one."""
    for h in failures:
        m = _BUNDLED.search(h.text)
        if m:
            return m.group("pkg")
    return None


#: A traceback frame in Keras's own files, as a bundle prints them ("keras\\api\\__init__.py",
#: "keras/src/...").
_KERAS_FRAME = re.compile(r'File "(?:[^"]{0,300}[/\\])?keras[/\\][^"]{1,300}\.py"')


def bundled_keras_missing(ctx: Facts) -> list[Hit]:
    """In a frozen bundle (:func:`frozen_app_owns`), the "No module named 'keras.src.…'"
    lines whose frame just above is Keras's own file: Keras imported part of itself that the
    bundle did not collect (not code or a pickle of another Keras)."""
    if not frozen_app_owns(ctx):
        return []
    frames = {h.line for h in ctx.h("py.user_frame").all() if _KERAS_FRAME.search(h.text)}
    return [h for h in ctx.h("py.module_missing").all()
            if (h.g("mod") or "").startswith("keras.src.")
            and any(h.line - k in frames for k in (1, 2))]


def frozen_app_owns(ctx: Facts) -> bool:
    """Whether a frozen bundle's marks (pattern ``ctx.frozen_app``) stand in the log, so that
    a TensorFlow library missing from it is the bundle's (this module's reading), not an
    install's."""
    return bool(ctx.h("ctx.frozen_app").count) and not ctx.h("win.dll_load").count


def frozen_app_incomplete(ctx: Facts) -> list[Finding]:
    """``frozen-app-tensorflow-incomplete``: the log shows a frozen bundle (pattern
    ``ctx.frozen_app``) and TensorFlow (or protobuf under it) failing to find a part of
    itself there. Variants: ``pyinstaller`` and ``cx-freeze`` by the bundle's marks,
    ``namespace-package`` for zipimport not finding ``google`` (protobuf's namespace
    package). Nothing when Windows' DLL loader failed (its readings say why: a DLL that
    failed to initialise is no part left out), or when the missing part is another
    package's (a hidden import of sklearn or torch is theirs)."""
    marks = ctx.h("ctx.frozen_app").all()
    if not marks or ctx.h("win.dll_load").count:
        return []
    zipped = [h for h in marks if h.g("zip") and _tf_part(h.g("zmod"))]
    google = next((h for h in zipped if (h.g("zmod") or "").split(".")[0] == "google"), None)
    failures = _failures(ctx)
    if google is None and not failures and not zipped:
        return []
    pyi = any(h.g("pyi") for h in marks)
    evidence = log_evidence([m for m in marks if not m.g("zip")][:1],
                            [google] if google else [], failures[:2], zipped[:1])
    if google is not None:
        return [catalogue.make(
            "frozen-app-tensorflow-incomplete", variant="namespace-package", evidence=evidence,
            fix=("pip install --upgrade cx_Freeze   # or the freezer in use: newer releases "
                 "bundle namespace packages in a form they can import",
                 "# or keep google outside the library archive: in cx_Freeze's build_exe "
                 "options, packages=['google.protobuf', 'tensorflow'] (and zip_include_packages "
                 "without them); then freeze again"))]
    tool = "pyinstaller" if pyi else "cx-freeze"
    pkg = bundled_package(failures) or ("keras" if bundled_keras_missing(ctx) else "tensorflow")
    fix = (("pip install --upgrade pyinstaller pyinstaller-hooks-contrib   # the hooks for "
            "TensorFlow are updated with TensorFlow's releases",
            "pyinstaller --clean ... your.spec   # rebuild without the old cache",
            f"# if a part is still missing: --collect-all {pkg} (or --collect-binaries {pkg} "
            "for its .so/.pyd files); first check that the program runs unfrozen")
           if pyi else
           ("pip install --upgrade cx_Freeze   # its hooks for TensorFlow follow TensorFlow's "
            "releases",
            "# list TensorFlow whole in build_exe's options: packages=['tensorflow'] (and "
            "include_files for its .so/.pyd libraries); first check that the program runs "
            "unfrozen"))
    return [catalogue.make(
        "frozen-app-tensorflow-incomplete", variant=tool, evidence=evidence, fix=fix)]
