"""Public Keras names and modules that moved between Keras releases, and the Keras 2.11+
optimizers refusing the old optimizers' arguments.

Python words a moved name three ways: ``cannot import name 'X' from 'keras.M' (path)``
(Python 3.6 and older: ``cannot import name 'X'``, the module then read from the traceback's
``from keras.M import X`` code line above it), ``module 'keras.M' has no attribute 'X'`` and
``No module named 'keras.M'``.  Where each public
name lives in each Keras series is data, not code: the ``keras-home-*`` rows (names, the
modules old code imports them from, where they are exported now, whether Keras 3 keeps them
only in tf.keras) and the ``keras-module-*`` rows (public modules a later Keras removed) of
``platform_facts.toml``, read from keras-team/keras at its release tags (source
``KERAS-EXPORTS``).  Private paths (``keras.engine``, ``keras.src.*``) are other checks'
(keras-private-api-moved, keras-model-saved-with-other-keras); the ``keras._tf_keras`` shim is
keras3-needs-tf-keras's.

The message alone never tells which side is old (the code or the installed Keras) unless the
table does: a name the table lists where the message looked for it, or a name or module the
table does not list, gets a hedged variant naming the command that prints the versions.

Keras 2.11-2.15's optimizers (keras ``optimizers/optimizer.py``): ``{k} is deprecated in the new
Keras optimizer, please check the docstring for valid arguments, or use the legacy optimizer,
e.g., tf.keras.optimizers.legacy.{cls}.`` for ``decay``, ``gradient_aggregator`` and
``gradient_transformers`` (keyword arguments of the optimizers of Keras 2.10 and older).
"""

from __future__ import annotations

import difflib
import re
from typing import NamedTuple

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import tf_api_versions
from tfgpu.diagnosis.checks._addon_frames import (
    ADDON_WINDOW,
    FRAME,
    addon_importing_at,
    frame_between,
    package_frames_above,
)
from tfgpu.diagnosis.checks._pip_list import pip_list_grep
from tfgpu.diagnosis.checks.keras2_standalone import other_backend_banner
from tfgpu.diagnosis.checks.keras_modules import fact_minor, keras3_installed, keras3_series
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence, tf_minor
from tfgpu.findings import Evidence, Finding, Severity
from tfgpu.knowledge import PlatformFact

#: The command that prints which Keras and TensorFlow the failing Python imports.
VERSIONS_CMD = ('python -c "import tensorflow as tf, keras; print(tf.__version__, '
                'keras.__version__)"   # the TensorFlow and Keras this Python imports')


class Moved(NamedTuple):
    """One failing Keras import read from the log.

    Attributes:
        hit: the log line.
        module: the module the code looked in (``keras.preprocessing.image``), with a leading
            ``tensorflow.`` kept.
        name: the missing name, or ``None`` for a missing module.
    """

    hit: Hit
    module: str
    name: str | None


def _plain(module: str) -> str:
    """``module`` without TensorFlow's prefix: ``tensorflow.keras.layers`` -> ``keras.layers``."""
    return module[len("tensorflow."):] if module.startswith("tensorflow.keras") else module


def _home_row(f: Facts, name: str, module: str) -> PlatformFact | None:
    """The ``keras-home-*`` row listing ``name``: the one whose ``old`` modules include
    ``module`` first, else any row listing the name."""
    rows = [r for r in f.kb.facts if r.id.startswith("keras-home-")
            and name in r.values.get("names", ())]
    plain = _plain(module)
    for r in rows:
        if plain in r.values.get("old", ()) or plain == r.value("home"):
            return r
    return rows[0] if rows else None


def _module_row(f: Facts, module: str) -> PlatformFact | None:
    """The ``keras-module-*`` row listing ``module`` (with or without ``tensorflow.``; a
    module Keras 3 keeps in tf.keras only by its plain ``keras.`` path)."""
    for r in f.kb.facts:
        if not r.id.startswith("keras-module-"):
            continue
        listed = r.values.get("modules", ())
        if module in listed or (_plain(module) in listed
                                and r.values.get("keras3") != "tf-keras-only"):
            return r
    return None


def _reads(f: Facts) -> list[Moved]:
    """The failing public Keras imports of the log, first first."""
    private = {h.line for name in ("keras.private_api", "eco.keras_other_saver",
                                   "keras.needs_tf_keras") for h in f.h(name).all()}
    private |= tf_api_versions.claimed_lines(f)  # a name its release data explains
    # "Using Theano backend.": keras.backend lacks TensorFlow's functions because another
    # backend was chosen (checks/keras2_standalone.py), not because the release differs
    other_backend = other_backend_banner(f) is not None
    out: list[Moved] = []
    for h in f.h("keras.moved_name").all():
        mod = h.g("mod") or h.g("mod2") or ""
        name = h.g("name") or h.g("name2")
        if h.line in private or "_tf_keras" in mod or ".src" in mod or not name:
            continue
        if "(unknown location)" in h.text:
            continue  # a package folder without its __init__: package-folder-without-init's
        if other_backend and mod.startswith("keras.backend"):
            continue
        out.append(Moved(h, mod, name))
    # Python 3.6's bare "cannot import name 'X'" under the traceback's code line "from
    # keras.<m> import X" (the nearest up to six lines above): the module is that line's
    code = f.h("ctx.keras_from_import").all()
    for h in f.h("tfapi.cannot_import").all():
        bare = h.need("name")
        if h.g("mod") is not None or h.line in private:
            continue
        where = next((c.g("mod") for c in reversed(code) if 0 < h.line - c.line <= 6
                      and not frame_between(f, c.line, h.line)
                      and bare in re.split(r"\s*,\s*", c.g("names") or "")), None)
        if where is not None and ".src" not in where and "_tf_keras" not in where:
            out.append(Moved(h, where, bare))
    needs_tf22 = bool(f.h("keras.needs_tf22").count)
    for h in f.h("keras.moved_module").all():
        mod = h.g("mod") or ""
        if h.line in private or "_tf_keras" in mod or ".src" in mod or mod.startswith(
                "tensorflow.python"):
            continue
        if needs_tf22 and mod.startswith("tensorflow.keras.layers.experimental"):
            continue  # Keras 2.4's own import check (checks/keras2_standalone.py)
        out.append(Moved(h, mod, None))
    return sorted(out, key=lambda m: m.hit.line)


#: The closing fix line of every keras-public-api-moved variant: keep Keras 2 (tf-keras).
_LEGACY_FIX = ("# or keep Keras 2 for code written for it: pip install tf-keras and set "
               "TF_USE_LEGACY_KERAS=1 before importing TensorFlow (TensorFlow 2.16+), or pin "
               "the Keras/TensorFlow release the code was written for")


def _tf_python_keras(f: Facts, first: Moved, evidence: tuple[Evidence, ...]) -> Finding:
    """``keras-public-api-moved`` variant ``tf-python-keras``: a name looked up in
    ``tensorflow.python.keras.*``, TensorFlow's own old copy of Keras.  From TensorFlow 2.6
    tf.keras is the keras package (platform fact ``keras2-paired-minor``; the standalone-Keras
    RFC, tensorflow/community rfcs/20200205-standalone-keras-repository.md, moves the code to
    keras-team/keras), and the copy left in the wheel is no API: names go missing from it."""
    fact = f.kb.platform_fact("keras2-paired-minor")
    name = first.name or first.module.rpartition(".")[2]
    # the public module: the name's home row (keras.layers -> tensorflow.keras.layers), else
    # the copy's top-level module (tensorflow.python.keras.layers.normalization -> layers)
    row = _home_row(f, name, first.module) if first.name else None
    top = first.module[len("tensorflow.python.keras"):].lstrip(".").split(".")[0]
    home = row.value("home") if row is not None else ""
    public = ("tensorflow." + home if home.startswith("keras.") else
              "tensorflow.keras" + (f".{top}" if top else ""))
    # without a home row the copy's top-level module is a guess: a public one may hold the
    # name or not (count_params of utils.layer_utils is model.count_params()), and a private
    # one (engine, optimizer_v2) has no public import at all
    public_tops = f.kb.platform_fact("keras-public-top-modules").items("modules")
    if row is None and top and top not in public_tops:
        # (tensorflow.python.keras.engine -> no tensorflow.keras.engine: tf.keras never had a
        # public engine module, tensorflow/tensorflow#33786)
        public = "tf.keras's public API"
    # a Keras class (BatchNormalization) under a public top module: that module exports it
    known_class = (name[:1].isupper() and top in public_tops
                   and name in f.kb.platform_fact("keras-public-names").items("names"))
    if row is None and known_class:
        where = f"# import it from the public API: from {public} import {name}"
    elif row is None and top and top not in public_tops:
        where = (f"# {name} is in tf.keras's internals ({first.module}), which have no public "
                 f"import: use the public API's own call for it (tf.keras.layers, tf.keras.Model "
                 "methods, tf.keras.utils; the API reference of your release)")
    elif row is None:
        where = (f"# look for {name} in tf.keras's public API ({public} may hold it, or a "
                 "method of tf.keras.Model or a layer does the same; the API reference of your "
                 "release lists each module's names)")
    else:
        where = f"# import it from the public API: from {public} import {name}"
    return catalogue.make(
        "keras-public-api-moved", variant="tf-python-keras", module=first.module, name=name,
        home=public, evidence=evidence, knowledge_ref=fact.ref,
        cause=(f"The code imports {name} from {first.module}: tensorflow.python.keras is "
               "TensorFlow's own old copy of Keras, never its public API. From TensorFlow "
               f"{fact.value('tf_version')} tf.keras is the separate keras package, and the "
               "copy the wheel still ships is left behind (parts of it removed), so names "
               "vanish from it between releases."),
        fix=(where
             if name not in _MODULE_ATTRIBUTES else
             # (tf.keras of 2.13-2.15 is keras.api._v2.keras, which has no __version__ either:
             # ageron/handson-ml2#618; TensorFlow's own tensorflow/python/keras/saving/
             # hdf5_format.py imported it from the copy after 2.14 dropped it, #72946)
             f"# {name} of the old copy is no API: use tf.keras's own calls (model.save, "
             "model.save_weights, keras.__version__ from import keras) instead of "
             "tensorflow.python.keras's modules; the copy's own saving code (hdf5_format.py) was "
             "reported failing this way from TensorFlow 2.14 (tensorflow/tensorflow#72946)",
             "# in a library's code (the traceback's file): upgrade the library to a release "
             "that imports tf.keras, or pin the TensorFlow it was written for"),
    )


def _tf1_only(f: Facts, first: Moved, name: str, home: str, row: PlatformFact,
              evidence: tuple[Evidence, ...]) -> Finding:
    """``tf1-api-on-tf2`` for TensorFlow 1's session functions in Keras (the ``keras-home-*`` row
    marked ``tf1_session``: get_session, set_session, which TensorFlow 2 exports only under
    ``tf.compat.v1``): TensorFlow 1 code (or a package written for it) on TensorFlow 2."""
    switch = f.kb.platform_fact("keras3-switch")
    legacy, env = switch.value("legacy_package"), switch.value("legacy_env")
    k3_tf, k2_tf = keras3_series(f.kb)
    keras2 = (f"# TensorFlow 2.0-{k2_tf} (Keras 2): use {home}.{name}, kept only for "
              f"TensorFlow 1 code (knowledge row {row.ref})"
              + ("; graph-mode code also needs tf.compat.v1.disable_eager_execution()"
                 if "session" in name else ""))
    keras3 = (f"# TensorFlow {k3_tf} or later: Keras 3's tf.keras has no session functions at "
              f"all (not even under tf.compat.v1); keep Keras 2 with {legacy} and {env}, or "
              "drop the session code (tf.compat.v1.Session() for TF1 graphs)")
    # the log's (or host's) TensorFlow picks the line that applies; unknown: both, labelled
    mm, first3 = f.tf_mm, tf_minor(k3_tf)
    series = ((keras3,) if mm is not None and first3 is not None and mm >= first3 else
              (keras2,) if mm is not None else (keras2, keras3))
    return catalogue.make(
        "tf1-api-on-tf2", name=f"{_plain(first.module)}.{name}", evidence=evidence,
        knowledge_ref=row.ref,
        fix=(*series,
             *((hint,) if isinstance(hint := row.values.get("hint"), str) else ()),
             "# code you do not own (a package written for TensorFlow 1 and its Keras): "
             "upgrade it to a release for TensorFlow 2, or run it with the TensorFlow 1.x and "
             "Keras releases it names, in an environment of its own"),
    )


def _private_module(f: Facts, module: str, evidence: tuple[Evidence, ...],
                    line: int) -> Finding | None:
    """``keras-private-api-moved`` variant ``not-public`` for ``No module named 'keras.<m>...'``
    when ``<m>`` is no top-level module of Keras's public API (platform fact
    ``keras-public-top-modules``), and for ``tensorflow.keras.__<m>__...`` (tf.keras's
    ``__internal__`` namespace, which Keras exports for its own ecosystem libraries: keras-cv
    imported ``tensorflow.keras.__internal__.layers``, first in TensorFlow 2.9,
    keras-team/keras-cv#442); ``None`` for a public module or another ``tensorflow.keras``
    path.  With Keras 3 known (:func:`keras3_installed`), a ``tensorflow.keras.__<m>__`` path
    is a package written for Keras 2 (variant ``keras2-module``: tf-keras with
    TF_USE_LEGACY_KERAS); ``line`` is the error's, for the package of the traceback frame above
    it (:func:`_traceback_package`)."""
    if (missing := _keras_api_missing(f, module, evidence, line)) is not None:
        return missing
    parts = module.split(".")
    dunder = module.startswith("tensorflow.keras.") and parts[2].startswith("__")
    if module.startswith("tensorflow.keras.") and not dunder:
        return _never_public(f, module, parts[2], evidence)
    if not module.startswith("keras.") and not dunder:
        return None
    fact = f.kb.platform_fact("keras-public-top-modules")
    top = parts[2] if dunder else parts[1]
    if top in fact.items("modules"):
        return None
    pkg = _traceback_package(f, line)
    if pkg is None and not dunder and len(parts) == 2 and (
            close := [m for m in fact.items("modules") if _one_edit(top, m)]):
        # the code's own import of keras.<m>, one letter from a public module (keras.model
        # for keras.models, keras.layer): no release had it, none moved it: misspelt (Keras
        # 2's private modules, keras.optimizer_v2 or keras.distribute, are further off)
        return catalogue.make(
            "keras-public-api-moved", variant="no-such-name", module="keras",
            name=f"module {top}", category="unknown", severity=Severity.WARNING,
            evidence=evidence, ref=fact.ref, knowledge_ref=fact.ref,
            fix=(f"# the closest public Keras modules: {', '.join('keras.' + c for c in close)}",
                 f"# check the spelling in the code: {module}", VERSIONS_CMD))
    upgrade = (f"pip install --upgrade {pkg}   # the package whose import failed (its pip name "
               "may differ): a release for your Keras/TensorFlow" if pkg else
               "pip install --upgrade <the package in the traceback>   # a release for your "
               "Keras/TensorFlow")
    if dunder and keras3_installed(f):
        # tf.keras is Keras 3 from TensorFlow 2.16 (platform fact keras3-switch), whose tf.keras
        # has no __internal__ namespace: the package was written for Keras 2
        switch = f.kb.platform_fact("keras3-switch")
        legacy, env = switch.value("legacy_package"), switch.value("legacy_env")
        k3_tf, k2_tf = keras3_series(f.kb)
        mm = f.tf_mm
        pin = f"{legacy}~={mm[0]}.{mm[1]}.0" if mm else f"{legacy}~=<TensorFlow's X.Y>.0"
        return catalogue.make(
            "keras-private-api-moved", variant="keras2-module", module=module,
            keras=f" (TensorFlow {f.tf_version})" if f.tf_version else "",
            since=(f"only Keras 2 has (tf.keras up to TensorFlow {k2_tf}; from {k3_tf} tf.keras "
                   "is Keras 3, which has no __internal__ namespace)"),
            which=f"Keras 3 (tf.keras from TensorFlow {k3_tf})",
            evidence=evidence, knowledge_ref=switch.ref,
            fix=(f"pip install '{pin}'   # Keras 2 of this TensorFlow's minor",
                 f"export {env}   # before importing TensorFlow: tf.keras is then Keras 2",
                 upgrade.replace("a release for your Keras/TensorFlow", "a release made for "
                                 "Keras 3, if there is one")),
        )
    internal = _internal_submodule_first(f, parts) if dunder else None
    if internal is not None and pkg is not None and f.tf_mm is None:
        first, ref = internal
        return catalogue.make(
            "tensorflow-addon-version-pin", variant="keras-internal-unsure", addon=pkg,
            module=module, first=first, ref=ref, evidence=evidence, knowledge_ref=ref,
            fix=(pip_list_grep("keras", "tf-keras", "tensorflow", anchored=True)
                 + f"   # TensorFlow older than {first}, or 2.16+ (Keras 3)",
                 f"pip install --upgrade {pkg}   # a release of the library that fits (its "
                 "pip name may differ)",
                 f'# or TensorFlow {first}-2.15: pip install "tensorflow>={first},<2.16"'))
    if (internal is not None and pkg is not None
            and f.tf_mm is not None and f.tf_mm < (tf_minor(internal[0]) or (0, 0))):
        first, ref = internal
        k3_first = keras3_series(f.kb)[0]
        return catalogue.make(
            "tensorflow-addon-version-pin", variant="keras-internal", addon=pkg, module=module,
            first=first, ref=ref, evidence=evidence, knowledge_ref=ref,
            fix=(f'pip install -U "tensorflow>={first},<{k3_first}"   # what '
                 f"this {pkg} release needs ({k3_first}+ is Keras 3, which has no "
                 "__internal__)",
                 f"# or keep this TensorFlow: pip install the {pkg} release made for it (its "
                 "release notes or setup.py name the TensorFlow each needs)"))
    return catalogue.make(
        "keras-private-api-moved", variant="not-public", module=module, ref=fact.ref,
        evidence=evidence, knowledge_ref=fact.ref,
        fix=(pip_list_grep("keras", "tf-keras", "tensorflow", anchored=True)
             + "   # the versions the package must match",
             upgrade,
             "# or pin TensorFlow/Keras to the release that package supports (its README or "
             "setup.py)"),
    )


def _never_public(f: Facts, module: str, top: str,
                  evidence: tuple[Evidence, ...]) -> Finding | None:
    """``keras-private-api-moved`` variant ``never-public`` for ``No module named
    'tensorflow.keras.<top>...'`` when ``<top>`` is no public top-level module of tf.keras in
    any release (platform fact ``keras-public-top-modules``; TensorFlow's API goldens
    tensorflow/tools/api/golden/{,v1/,v2/}tensorflow.keras.pbtxt list activations ... wrappers
    and never engine): Keras internals through the public alias, which no release allows
    (tensorflow/tensorflow#33786, ``import tensorflow.keras.engine as KE`` on TensorFlow 1.14
    and 2.0: "there is no module tensorflow.keras.engine"), so no release mismatch either.
    A name one letter from a public module (tensorflow.keras.layer) is variant
    ``no-such-name`` of ``keras-public-api-moved`` (misspelt); ``None`` for a public module.

    Keras 1.x-2.12 have keras/engine (keras-team/keras at 1.2.2, 2.3.1, v2.6.0, v2.12.0;
    keras.src.engine in 2.13-2.15, none in Keras 3: platform fact ``keras-src-engine``), and
    TensorFlow 1.9-2.x's own copy tensorflow/python/keras/engine (``tf-keras-copy-paths``)."""
    fact = f.kb.platform_fact("keras-public-top-modules")
    public = fact.items("modules")
    if top in public:
        return None
    if close := [m for m in public if _one_edit(top, m)]:
        return catalogue.make(
            "keras-public-api-moved", variant="no-such-name", module="tensorflow.keras",
            name=f"module {top}", category="unknown", severity=Severity.WARNING,
            evidence=evidence, ref=fact.ref, knowledge_ref=fact.ref,
            fix=(f"# the closest public tf.keras modules: "
                 f"{', '.join('tensorflow.keras.' + c for c in close)}",
                 f"# check the spelling in the code: {module}", VERSIONS_CMD))
    engine = ("# the engine classes code usually takes are public: tf.keras.layers.Layer, "
              "tf.keras.Model (import tensorflow as tf)"
              if top == "engine" else
              f"# use tf.keras's public API for what the code takes from {top} (the API "
              "reference of your release lists each module's names)")
    return catalogue.make(
        "keras-private-api-moved", variant="never-public", module=module, top=top,
        ref=fact.ref, evidence=evidence, knowledge_ref=fact.ref,
        fix=(engine,
             f"# code written for standalone Keras (import keras.{top} as ...): run it with the "
             "standalone Keras release it names, its own imports unchanged"
             + (" (keras.engine exists in Keras 1.x-2.12; keras.src.engine in 2.13-2.15; "
                "none in Keras 3)" if top == "engine" else ""),
             *(("# or TensorFlow's own copy, private and different in each release: "
                "tensorflow.python.keras.engine (TensorFlow 1.9-2.x)",) if top == "engine" else ()),
             VERSIONS_CMD))


def _keras_api_missing(f: Facts, module: str, evidence: tuple[Evidence, ...],
                       line: int) -> Finding | None:
    """``keras-version-mismatch-tensorflow`` variant ``keras-api-missing`` (hedged) for "No
    module named" ``keras.api``, ``keras.api._v2`` or ``keras.api._v2.keras``: TensorFlow
    2.6-2.15 load tf.keras from ``keras.api._v2.keras`` (platform fact
    ``tf-keras-lazy-module``), which the keras Python imports lacks: Keras 3, a Keras older
    than 2.6, or a keras folder or file of the user's.  ``None`` for another module, when
    TensorFlow is known to be outside 2.6-2.15 (it does not load that module then), or when
    the traceback shows another package importing it (keras-cv importing keras.api from a
    pre-release Keras 3: that package's private path, :func:`_traceback_package`)."""
    fact = f.kb.platform_fact("tf-keras-lazy-module")
    lazy = fact.value("module")
    if module not in {"keras.api", "keras.api._v2", lazy} or _traceback_package(f, line):
        return None
    first, last = fact.value("first_tf"), fact.value("last_tf")
    lo, hi = fact_minor(fact, "first_tf"), fact_minor(fact, "last_tf")
    mm = f.tf_mm
    if mm is not None and not lo <= mm <= hi:
        return None
    pin = (f'pip install "keras~={mm[0]}.{mm[1]}.0"   # the Keras 2 of TensorFlow {mm[0]}.{mm[1]} '
           "(Keras 3 or a Keras older than 2.6 is installed)" if mm is not None else
           'pip install "keras~=2.<TensorFlow\'s minor>.0"   # the Keras 2 of TensorFlow\'s '
           "minor (Keras 3 or a Keras older than 2.6 is installed)")
    return catalogue.make(
        "keras-version-mismatch-tensorflow", variant="keras-api-missing", module=module,
        tf_range=f"{first}-{last}", last_tf=last, lazy=lazy, ref=fact.ref,
        evidence=evidence, knowledge_ref=fact.ref,
        fix=('python -c "import keras; print(getattr(keras, \'__version__\', None), '
             'keras.__file__)"   # where the program runs: which keras Python imports',
             "# a path outside site-packages: a keras folder or keras.py of yours shadows the "
             "package: rename it (and delete its __pycache__)",
             pin,
             '# or, for code written for Keras 3: pip install "tensorflow>=2.16"'),
    )


def _internal_submodule_first(f: Facts, parts: list[str]) -> tuple[str, str] | None:
    """``(first Keras/TensorFlow release, knowledge ref)`` for ``tensorflow.keras.__internal__.
    <sub>`` when platform fact ``keras-internal-submodules`` dates ``<sub>`` after its first
    golden (2.6: a missing one then means an older TensorFlow); else ``None``."""
    if len(parts) < 4 or parts[2] != "__internal__":
        return None
    fact = f.kb.platform_fact("keras-internal-submodules")
    first = dict(i.partition("=")[::2] for i in fact.items("names")).get(parts[3])
    if first is None or first == "2.6":
        return None
    return first, fact.ref


def _traceback_package(f: Facts, line: int) -> str | None:
    """The package of the nearest traceback frame above log line ``line`` (a
    ``site-packages/<pkg>/`` path, pattern ``ctx.pkg_path``, within
    :data:`~tfgpu.diagnosis.checks._addon_frames.ADDON_WINDOW` lines), other than TensorFlow
    and Keras themselves; ``None`` when no frame names one."""
    near = [h for h in f.h("ctx.pkg_path").all()
            if 0 < line - h.line <= ADDON_WINDOW and FRAME.search(h.text)
            and (h.g("pkg") or "") not in ("tensorflow", "tensorflow_core", "keras", "tf_keras",
                                            "")]
    return max(near, key=lambda h: h.line).g("pkg") if near else None


#: A module's own dunder attributes: a missing one is no private namespace (tf.keras's
#: ``__internal__`` is one) but an attribute this module object lacks.
_MODULE_ATTRIBUTES = frozenset({"__version__", "__file__", "__path__", "__name__", "__spec__",
                                "__all__", "__doc__", "__loader__", "__package__"})


def _keras_files_mixed(f: Facts, first: Moved) -> Finding | None:
    """Variant ``mixed-install``: a file of the keras (or tf_keras) package itself, the
    traceback's nearest frame, cannot import from its own package a name its own release
    defines there (a module attribute such as ``__version__``, or one of its private names:
    ``from keras.api import _tf_keras``): the package's files are not of one release. Two
    distributions wrote the same folder (keras and keras-nightly, googlecolab/colabtools#2068;
    a tf-nightly's keras beside another), or an upgrade left files behind
    (keras-team/keras#19875: "an environment conflict"). ``None`` otherwise."""
    if first.name is None or not (first.name in _MODULE_ATTRIBUTES
                                  or first.name.startswith("_")):
        return None
    near = package_frames_above(f, first.hit.line)
    pkg = near[-1].g("pkg") if near else None
    if pkg not in ("keras", "tf_keras") or first.module.split(".")[0] != pkg:
        return None
    dist = pkg.replace("_", "-")
    return catalogue.make(
        "keras-public-api-moved", variant="mixed-install", module=first.module,
        name=first.name, package=dist, evidence=log_evidence(near[-1:], [first.hit]),
        fix=(pip_list_grep("keras", "tf-keras", "tensorflow", anchored=False)
             + "   # two keras distributions (keras and keras-nightly, or tf-keras and "
             "tf-keras-nightly) write the same folder",
             f"python -m pip uninstall -y {dist} {dist}-nightly   # remove both, then "
             "install the one TensorFlow needs",
             "python -m pip install --force-reinstall \"tensorflow==<its version>\"   # "
             "puts back the keras that TensorFlow requires"))


def keras_public_api_moved(f: Facts) -> list[Finding]:
    """``keras-public-api-moved``: the code imports a public Keras name or module from where
    the installed Keras does not have it.

    Variants: the default (the table gives the name's home, another module than the one the
    message names), ``module-gone`` (a public module a later Keras removed: the code is
    older), ``keras3-tf-keras-only`` (Keras 3 keeps it only in tf.keras), ``same-home`` and
    ``unlisted`` (hedged: the message alone does not say which side is old).

    Sources: platform_facts.toml keras-home-* / keras-module-* rows (KERAS-EXPORTS).
    """
    reads = _reads(f)
    if not reads:
        return []
    first = reads[0]
    mixed = _keras_files_mixed(f, first)
    if mixed is not None:
        return [mixed]
    if first.module.startswith("tensorflow.python.keras"):
        if addon_importing_at(f, first.hit.line) is not None:
            return []  # an add-on's own import: the add-on's release (tf_api_versions)
        return [_tf_python_keras(f, first, log_evidence([m.hit for m in reads]))]
    evidence = log_evidence([m.hit for m in reads])
    shown = first.module
    if first.name is None:
        row = _module_row(f, first.module)
        if row is None and (private := _private_module(f, first.module, evidence,
                                                       first.hit.line)) is not None:
            return [private]
        if row is None:
            parent, _, leaf = shown.rpartition(".")
            return [catalogue.make(
                "keras-public-api-moved", variant="unlisted", module=parent,
                name=f"submodule {leaf}", evidence=evidence,
                cause=(f"The code imports the module {shown}, and the Keras this Python "
                       "imports has no such module. Keras reorganised its public modules "
                       "several times (Keras 2.9 merged many layer modules into keras.layers, "
                       "Keras 3 with TensorFlow 2.16 dropped more), so the code and the "
                       "installed Keras are from different releases; which one is the older, "
                       "the message does not say: the versions do."),
                fix=(VERSIONS_CMD,
                     pip_list_grep("keras", "tf-keras", "tensorflow", anchored=True)
                     + "   # the Keras packages installed",
                     "# then import from where that Keras exports it (keras.io API "
                     "reference of that release), or install the Keras the code was written "
                     "for", _LEGACY_FIX),
            )]
        home = row.value("home")
        last = row.value("last_keras")
        tf_only = row.values.get("keras3") == "tf-keras-only"
        fix = [f"# import from {home} instead of {shown}"]
        if home.startswith("scikeras"):
            fix = ["pip install scikeras   # then: from scikeras.wrappers import "
                   "KerasClassifier, KerasRegressor",
                   "# or, with Keras 3.8+: from keras.wrappers import SKLearnClassifier, "
                   "SKLearnRegressor"]
        if tf_only:
            fix.append("# or use keras.layers.TextVectorization / "
                       "keras.utils.text_dataset_from_directory, Keras 3's own tools")
        return [catalogue.make(
            "keras-public-api-moved", variant="module-gone", module=shown, last=last,
            evidence=evidence,
            cause=(f"{shown} is a Keras module that is last in Keras {last} "
                   f"(knowledge row {row.ref}); the Keras this Python imports is newer and has "
                   f"no such module, so the code (yours, or the library in the traceback) was "
                   f"written for Keras {last} or older. What it held is in {home} now"
                   + (" (Keras 3 serves it only as tf.keras, from TensorFlow 2.16)"
                      if tf_only else "") + "."),
            fix=(*fix, _LEGACY_FIX),
            knowledge_ref=row.ref,
        )]
    name = first.name
    if name.startswith("__") and name not in _MODULE_ATTRIBUTES and (private := _private_module(
            f, f"{first.module}.{name}", evidence, first.hit.line)) is not None:
        return [private]  # tf.keras's __internal__ namespace: Keras internals, not a public name
    row = _home_row(f, name, first.module)
    if row is not None and row.values.get("keras3") == "tf-keras-only" and shown.startswith(
            "tensorflow."):
        row = None  # tf.keras itself lacks it: not the plain-keras case the row describes
    if row is None and not name.startswith("_") and (
            unknown := _no_keras_has(f, name, shown, evidence)) is not None:
        return [unknown]
    if row is None:
        # Keras 1.x-2.3's lower-case aliases were its optimizers' (optimizers.py: adam = Adam)
        twin = _case_twin(f, name) if shown.endswith(".optimizers") else None
        return [catalogue.make(
            "keras-public-api-moved", variant="unlisted", module=shown, name=name,
            evidence=evidence,
            cause=(f"The code looks for {name} in {shown}, and the Keras this Python imports "
                   f"has no {name} there. Keras moved public names between releases (Keras "
                   "2.9 moved the image and sequence helpers to keras.utils, Keras 3 with "
                   "TensorFlow 2.16 dropped the Keras 2 backend functions and the legacy "
                   "preprocessing), and standalone keras and tf.keras of different releases "
                   "mixed in one program disagree too. The message alone does not say which "
                   "side is older: the versions do."),
            fix=(*((f"# {shown}.{twin}: the name as current Keras releases export it (old "
                    f"standalone Keras also exported lower-case aliases such as {name}; later "
                    "releases export only the class)",) if twin else ()),
                 VERSIONS_CMD,
                 pip_list_grep("keras", "tf-keras", "tensorflow", anchored=True)
                 + "   # the Keras packages installed",
                 f"# then import {name} from where that Keras exports it, or install the Keras "
                 "the code was written for", _LEGACY_FIX),
        )]
    home = row.value("home")
    plain = _plain(first.module)
    if row.values.get("tf1_session") == "yes":
        return [_tf1_only(f, first, name, home, row, evidence)]
    if row.values.get("keras3") == "tf-keras-only":
        # the tf.keras twin of the module the code used (tf.keras.preprocessing.image)
        if plain.startswith("keras.") and plain in row.values.get("old", ()) and (
                plain.count(".") >= home.count(".")):
            home = "tf." + plain
        return [catalogue.make(
            "keras-public-api-moved", variant="keras3-tf-keras-only", module=shown, name=name,
            home=home, evidence=evidence,
            cause=(f"{name} is a Keras 2 API that Keras 3 (TensorFlow 2.16+) no longer exports "
                   f"from plain keras: it keeps it only as tf.keras's legacy {home} "
                   f"(knowledge row {row.ref}). The code was written for Keras 2."),
            fix=(f"import tensorflow as tf; use {home}.{name}   # TensorFlow 2.16+: the "
                 "legacy copy Keras 3 keeps for tf.keras",
                 "# or port to Keras 3's own API (keras.ops for backend math; "
                 "keras.utils.image_dataset_from_directory and preprocessing layers for "
                 "ImageDataGenerator; keras.layers.TextVectorization for Tokenizer)",
                 _LEGACY_FIX),
            knowledge_ref=row.ref,
        )]
    if plain == home:
        return [catalogue.make(
            "keras-public-api-moved", variant="same-home", module=shown, name=name,
            evidence=evidence,
            cause=(f"Keras exports {name} as {home}.{name} (knowledge row {row.ref}), yet the "
                   f"{shown} this Python imports lacks it: the Keras found is not the one the "
                   "code expects. Most often standalone keras and tf.keras of different "
                   "releases are mixed (a keras package that does not match TensorFlow, or "
                   "an old multi-backend keras 2.3 or older), or a file or folder named keras "
                   "shadows the package; the versions tell which."),
            fix=(VERSIONS_CMD,
                 'python -c "import keras; print(keras.__file__)"   # which keras is imported',
                 f"# import it from TensorFlow's Keras: tf.keras.utils.{name} style "
                 f"(from tensorflow.keras.{home.split('.', 1)[1]} import {name}) when "
                 "standalone keras does not match TensorFlow",
                 pip_list_grep("keras", "tensorflow", anchored=True)
                 + "   # keras must be the release that matches TensorFlow"),
            knowledge_ref=row.ref,
        )]
    since = row.values.get("since")
    return [catalogue.make(
        "keras-public-api-moved", module=shown, name=name, home=home, evidence=evidence,
        cause=(f"The code imports {name} from {shown}; Keras exports it as {home}.{name}"
               + (f" (Keras {since} moved it there)" if isinstance(since, str) else "")
               + f" (knowledge row {row.ref}). The code (yours, or the library in the "
               "traceback) was written for an older Keras than the one installed."),
        fix=((f"import tensorflow as tf; {home}.{name}(...)" if home.startswith("tf.") else
              f"from {home} import {name}   # works with Keras 2 and Keras 3; with tf.keras: "
              f"from tensorflow.{home} import {name}"),
             *((hint,) if isinstance(hint := row.values.get("hint"), str) else ()),
             "# or upgrade the library in the traceback to a release for your Keras",
             _LEGACY_FIX),
        knowledge_ref=row.ref,
    )]


def keras_optimizer_legacy_argument(f: Facts) -> list[Finding]:
    """``keras-optimizer-legacy-argument``: a Keras 2.11-2.15 optimizer refused ``decay`` (or
    ``gradient_aggregator`` / ``gradient_transformers``), arguments of the optimizers of Keras
    2.10 and older.

    Variant ``lr-ignored``: the same ``_process_kwargs`` pops ``lr`` with a warning and drops
    its value, so the optimizer trains at its default learning rate.

    Source: keras-team/keras v2.11.0 optimizers/optimizer_experimental/optimizer.py and
    v2.12.0-v2.15.0 optimizers/optimizer.py (the ``legacy_kwargs`` check, ``lr =
    kwargs.pop("lr", None)``); Keras 3 has no ``optimizers.legacy`` (keras3-legacy-api-used).
    """
    hits = f.h("keras.optimizer_legacy_kwarg")
    if not hits.count:
        return []
    refused = [h for h in hits.all() if not h.g("lr")]
    if not refused:
        cls = hits.first[0].g("cls2") or "Adam"
        return [catalogue.make(
            "keras-optimizer-legacy-argument", variant="lr-ignored", cls=cls,
            evidence=log_evidence(hits),
            fix=(f"tf.keras.optimizers.{cls}(learning_rate=...)   # the value lr= gave, "
                 "under its current name",
                 f"# or tf.keras.optimizers.legacy.{cls}(lr=...) (TensorFlow 2.11-2.15), "
                 "which still reads lr"))]
    h = refused[0]
    kw = h.g("kw") or "decay"
    cls = h.g("cls") or "Adam"
    fix = [f"tf.keras.optimizers.legacy.{cls}({kw}=...)   # TensorFlow 2.11-2.15: the old "
           "optimizer, which still takes it"]
    fix.append("# or pin the release the code was written for: TensorFlow/Keras 2.10 or older")
    if kw == "decay":
        fix.insert(0, f"{cls}(learning_rate=keras.optimizers.schedules.InverseTimeDecay("
                   "initial_learning_rate=lr, decay_steps=1, decay_rate=decay))   # the old "
                   "decay as a schedule, with the new optimizer")
    return [catalogue.make(
        "keras-optimizer-legacy-argument", kw=kw, evidence=log_evidence(hits),
        cause=(f"Keras 2.11 (TensorFlow 2.11) replaced the optimizers; the new ones refuse "
               f"{kw}=, an argument of the optimizers of Keras 2.10 and older, so the code (or "
               "the library in the traceback) was written for an older Keras. Keras 2.11-2.15 "
               "keep the old optimizers as tf.keras.optimizers.legacy; Keras 3 (TensorFlow "
               "2.16+) does not."),
        fix=tuple(fix),
    )]


def keras_removed_method(f: Facts) -> list[Finding]:
    """``keras-removed-method``: a Keras model or optimizer method a later Keras removed
    (``'Sequential' object has no attribute 'predict_classes'``).

    Sources: platform_facts.toml keras-removed-* rows (KERAS-METHODS: keras-team/keras at its
    tags; the deprecation texts of the tf.keras copy in the TensorFlow 2.21 wheel and of
    Keras 2.15's training.py).
    """
    hits = f.h("keras.removed_method")
    if not hits.count:
        return []
    h = hits.first[0]
    cls = h.g("cls") or h.g("cls2") or "Model"
    method = h.g("attr") or h.need("attr2")
    row = next((r for r in f.kb.facts if r.id.startswith("keras-removed-")
                and method in r.values.get("methods", ())
                and (cls in r.values.get("classes", ()) or "*" in r.values.get("classes", ()))),
               None)
    if row is None:
        return []
    removed = row.value("removed")
    call = "" if row.values.get("kind") == "attribute" else "()"
    if cls in row.values.get("never_on", ()):
        # a method of Sequential only: a functional Model never had it, in any release
        return [catalogue.make(
            "keras-removed-method", variant="sequential-only", cls=cls, method=method,
            evidence=log_evidence(hits), knowledge_ref=row.ref,
            cause=(f"{method}{call} was only ever a method of Sequential models (knowledge row "
                   f"{row.ref}): a {cls} (a functional model, or a model loaded as one) never "
                   "had it, in any Keras release, so no older Keras helps."),
            fix=(f"# use instead: {row.value('replacement')}",))]
    return [catalogue.make(
        "keras-removed-method", cls=cls, method=method, removed=removed,
        evidence=log_evidence(hits),
        cause=(f"{cls}.{method}{call} is gone from the Keras this Python imports: it was "
               f"removed in {removed} (knowledge row {row.ref}). The code (yours, or a "
               "library's in the traceback) was written for an older Keras."),
        fix=(f"# use instead: {row.value('replacement')}",
             "# or pin the Keras/TensorFlow release the code was written for"),
        knowledge_ref=row.ref,
    )]


def _one_edit(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` differ by one inserted, deleted or replaced letter (a plural
    s, a typo); names shorter than four letters never (too many short names are one apart)."""
    if a == b or min(len(a), len(b)) < 4 or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b, strict=True)) == 1
    short, long_ = sorted((a, b), key=len)
    i = next((k for k, (x, y) in enumerate(zip(short, long_, strict=False)) if x != y),
             len(short))
    return short[i:] == long_[i + 1:]


def _case_twin(f: Facts, name: str) -> str | None:
    """The public Keras name that differs from ``name`` in case only (``Adam`` for ``adam``:
    Keras 1.x-2.3's optimizers.py also exported lower-case aliases, ``adam = Adam``; tf.keras
    and Keras 3 export the classes only), from platform fact ``keras-public-names``; ``None``
    when there is none or ``name`` itself is capitalised."""
    if not name[:1].islower():
        return None
    known = f.kb.platform_fact("keras-public-names").items("names")
    return next((k for k in known if k.lower() == name.lower() and k != name), None)


def _no_keras_has(f: Facts, name: str, module: str, evidence: tuple[Evidence, ...],
                  ) -> Finding | None:
    """``keras-public-api-moved`` variant ``no-such-name`` (a hedge, category unknown) when
    ``name`` is in no module of any Keras release (platform fact ``keras-public-names``:
    Keras 1.2.2-2.4.3's own sources, tf.keras 2.6-2.15's API goldens, Keras 3.15): no release
    moved it, so most likely it is misspelt or another library's; the closest public names
    are offered.  ``None`` when a release has it (in any case: Keras 2's optimizers had
    lower-case aliases)."""
    fact = f.kb.platform_fact("keras-public-names")
    known = fact.items("names")
    if name.lower() in {k.lower() for k in known}:
        return None
    close = difflib.get_close_matches(name, list(known), n=3, cutoff=0.6)
    return catalogue.make(
        "keras-public-api-moved", variant="no-such-name", module=module, name=name,
        category="unknown", severity=Severity.WARNING, evidence=evidence, ref=fact.ref,
        knowledge_ref=fact.ref,
        fix=(f"# the closest public Keras names: {', '.join(close)}" if close else
             f"# no public Keras name is close to {name}: is it another library's?",
             f"# check the spelling in the code: {module}.{name}",
             VERSIONS_CMD))


def keras_preprocessing_package(f: Facts) -> list[Finding]:
    """``keras-public-api-moved`` variant ``package-merged``: "No module named
    'keras_preprocessing'" (pattern ``py.module_missing``): the standalone Keras Preprocessing
    package (keras-team/keras-preprocessing, archived 2024: "all Keras Preprocessing symbols
    have moved into the core Keras repository and the TensorFlow pip package"), which older
    Keras and TensorFlow releases installed as a dependency and newer ones no longer do."""
    hits = [h for h in f.h("py.module_missing").all()
            if (h.g("mod") or "").split(".")[0] == "keras_preprocessing"]
    if not hits:
        return []
    h = hits[0]
    pickled = any(m.line <= h.line for name in ("ctx.model_loading", "py.import_by_name")
                  for m in f.h(name).all())
    # saved data (a pickled Tokenizer) names the module itself: only that package loads it
    fix = (("python -m pip install keras-preprocessing   # the pickle names this module: "
            "only the package loads it",
            "# then save the object in a form without the module: a Tokenizer with "
            "tokenizer.to_json() (keras.preprocessing.text.tokenizer_from_json reads it)")
           if pickled else
           ("# import it from tf.keras instead: from tensorflow.keras.preprocessing.image "
            "import ImageDataGenerator (likewise .text, .sequence)",
            "# with Keras 3 (TensorFlow 2.16+) that module is kept in tf.keras only: or move "
            "to keras.utils.image_dataset_from_directory and preprocessing layers",
            "# old code that must stay as it is: python -m pip install keras-preprocessing "
            "(deprecated, not updated)"))
    return [catalogue.make(
        "keras-public-api-moved", variant="package-merged", module=h.need("mod"),
        evidence=log_evidence([h]), fix=fix)]


__all__ = ["keras_optimizer_legacy_argument", "keras_preprocessing_package",
           "keras_public_api_moved", "keras_removed_method"]
