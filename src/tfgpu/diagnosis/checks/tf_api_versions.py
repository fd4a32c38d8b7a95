"""A TensorFlow public API name the installed TensorFlow does not have yet (or no longer):
"AttributeError: module 'tensorflow_core._api.v2.config' has no attribute
'list_physical_devices'" on TensorFlow 2.0, "module 'keras.api._v2.keras.mixed_precision' has
no attribute 'experimental'" on 2.9 and later.

A method of a TensorFlow class is read the same way from "AttributeError: 'Session' object
has no attribute 'list_devices'" (TensorFlow older than 1.3 under Keras 2.1.0-2.1.1).

The release that first (``first``) or last (``last``) has each name is data: the
``tf-api-symbol-*`` rows of ``platform_facts.toml`` (TensorFlow's versioned API docs, the v2 API
golden files, release notes, keras-team/keras exports at its tags); a method's row lists the
classes that have it (``objects``). Only names in the data are read; any other missing
attribute stays unknown. The opposite direction (TensorFlow 1 names on
TensorFlow 2: tf.Session, tf.contrib) is ``tf1-api-on-tf2`` (checks/python_import.py).
"""

from __future__ import annotations

import re

from packaging.version import Version

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._addon_frames import (
    addon_importing_at,
    addons_warning_in_log,
    frame_between,
    package_frames_above,
)
from tfgpu.diagnosis.checks.addons import addon_release_for
from tfgpu.diagnosis.checks.keras2_standalone import keras_of_other_minor
from tfgpu.diagnosis.checks.keras_modules import keras3_series
from tfgpu.diagnosis.checks.tf_install import version_or_none
from tfgpu.diagnosis.checks.tf_keras_copy import copy_reading_dated
from tfgpu.diagnosis.checks.tf_name_callers import library_reading
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence, tf_minor
from tfgpu.findings import Evidence, Finding
from tfgpu.knowledge import Knowledge, PlatformFact

#: Prefixes of the module names TensorFlow's API generator (and users) give, and what they
#: stand for under ``tf.``: tensorflow._api.v2.config -> config, tensorflow_core._api.v2.config
#: -> config, tensorflow.python.keras.api._v2.keras.mixed_precision -> keras.mixed_precision,
#: keras.api._v2.keras.mixed_precision -> keras.mixed_precision, tensorflow.config -> config.
_PREFIXES = (
    (re.compile(r"^tensorflow(?:_core)?\.python\.keras\.api\._v2\.keras(?=\.|$)"), "keras"),
    (re.compile(r"^keras\.api\._v2\.keras(?=\.|$)"), "keras"),
    (re.compile(r"^tensorflow(?:_core)?\._api\.v[12](?:\.compat\.v2)?(?=\.|$)"), ""),
    (re.compile(r"^tensorflow(?:_core)?(?=\.|$)"), ""),
)


def tf_path(module: str, attr: str) -> str | None:
    """The path under ``tf.`` of ``attr`` in ``module`` as an AttributeError names it
    (``("tensorflow_core._api.v2.config", "list_physical_devices")`` ->
    ``"config.list_physical_devices"``), or ``None`` for a module outside TensorFlow's
    public API (``tensorflow.python.framework.ops``, ``tensorflow.compat.v1``)."""
    for rx, home in _PREFIXES:
        m = rx.match(module)
        if m is None:
            continue
        rest = module[m.end():].lstrip(".")
        # (tf.compat itself is public: its v1 and v2 modules are dated names; what lies
        # under them is the TF 1 or TF 2 API, read by checks/tf_api_names.py)
        if rest.startswith(("python", "compat", "core", "lite")) and rest != "compat":
            return None
        ns = ".".join(p for p in (home, rest) if p)
        return f"{ns}.{attr}" if ns else attr
    return None


def symbol_row(kb: Knowledge, path: str) -> PlatformFact | None:
    """The ``tf-api-symbol-*`` row of ``platform_facts.toml`` for ``path``
    (``"config.list_physical_devices"``), or ``None``."""
    for fact in kb.facts:
        if fact.id.startswith("tf-api-symbol-") and fact.values.get("symbol") == path:
            return fact
    return None


def spelling_era(kb: Knowledge, module: str) -> tuple[str, str | None, PlatformFact] | None:
    """``(first release, last release or None, row)`` of the releases that print ``module``
    (``"tensorflow_core._api.v2.config"`` -> ``("1.15", "2.1", row)``), from the
    ``tf-api-module-spelling-*`` rows of ``platform_facts.toml`` (TensorFlow 1.15's release
    notes and pip tracebacks); ``None`` for a spelling those rows do not date."""
    for fact in kb.facts:
        if not fact.id.startswith("tf-api-module-spelling-"):
            continue
        prefix, lo, hi = (fact.values.get(k) for k in ("prefix", "releases_from",
                                                         "releases_until"))
        if isinstance(prefix, str) and isinstance(lo, str) and module.startswith(prefix):
            return lo, hi if isinstance(hi, str) else None, fact
    return None


def method_row(kb: Knowledge, cls: str, attr: str) -> PlatformFact | None:
    """The ``tf-api-symbol-*`` row of a method ``attr`` that an object of class ``cls`` lacks
    (``("Session", "list_devices")`` -> the ``Session.list_devices`` row): the row's
    ``objects`` name ``cls`` and its symbol ends in ``.<attr>``; ``None`` otherwise."""
    for fact in kb.facts:
        objects = fact.values.get("objects")
        symbol = fact.values.get("symbol")
        if (fact.id.startswith("tf-api-symbol-") and isinstance(objects, (list, tuple))
                and cls in objects and isinstance(symbol, str)
                and symbol.endswith(f".{attr}")):
            return fact
    return None


#: TensorFlow 1.13-1.15's preview of the TensorFlow 2 API (tf.compat.v2 in a 1.x: its
#: module path tensorflow._api.v1.compat.v2): its names arrived release by release in 1.x, not
#: on the dates the tf-api-symbol rows give for TensorFlow's own API
_TF2_PREVIEW = re.compile(r"^tensorflow(?:_core)?\._api\.v1\.compat\.v2(?=\.|$)")


def _reads(ctx: Facts) -> list[tuple[Hit, str, PlatformFact]]:
    out = []
    for h in ctx.h("tfapi.no_attr").all():
        if _TF2_PREVIEW.match(h.g("mod") or ""):
            continue
        path = tf_path(h.g("mod") or "", h.g("attr") or "")
        row = symbol_row(ctx.kb, path) if path else None
        if path and row is not None:
            out.append((h, path, row))
    # Python 2.7's "'module' object has no attribute 'v1'" under a code line that spells
    # tf.compat.v1 (at most six lines up, no other frame between)
    codes = ctx.h("ctx.tf_compat_code").all()
    for h in ctx.h("tfapi.py2_compat_attr").all():
        attr = h.g("attr")
        row = symbol_row(ctx.kb, f"compat.{attr}")
        if row is not None and any(
                c.g("attr") == attr and 1 <= h.line - c.line <= 6
                and not frame_between(ctx, c.line, h.line) for c in codes):
            out.append((h, f"compat.{attr}", row))
    for h in ctx.h("tfapi.object_no_attr").all():
        row = method_row(ctx.kb, h.g("cls") or "", h.g("attr") or "")
        symbol = row.values.get("symbol") if row is not None else None
        if row is not None and isinstance(symbol, str):
            out.append((h, symbol, row))
    return sorted(out, key=lambda r: r[0].line)


def claimed_lines(ctx: Facts) -> set[int]:
    """Lines whose missing name this check explains (other readers of "has no attribute"
    leave them: checks/keras_moves.py)."""
    return {h.line for h, _, _ in _reads(ctx)}


def _full_version(text: str | None) -> Version | None:
    """``text`` (``"2.0.0-rc0"``, ``"2.0.0-beta"``, ``"2.0"``) as a :class:`Version`, or
    ``None`` when it is not one."""
    m = re.match(r"\s*(\d+\.\d+(?:\.\d+)?(?:[-.]?(?:a|b|rc|alpha|beta)\d*)?)", text or "")
    return version_or_none(m.group(1)) if m else None


def _next_minor(version: str) -> str:
    major, _, minor = version.partition(".")
    return f"{major}.{int(minor) + 1}"


def tf_api_newer_than_installed(ctx: Facts) -> list[Finding]:
    """``tf-api-newer-than-installed``: the code calls tf.<path>, which the data says arrived
    in TensorFlow <first> (the installed one is older), or (variant ``removed``) which was
    last in <last> (the installed one is newer). Says what that TensorFlow calls instead.

    Silent when the TensorFlow version is known (host facts or the log) and has the name:
    then the message has another cause (a shadowing module, another package's keras).
    Sources: platform_facts.toml tf-api-symbol-* rows.
    """
    reads = _reads(ctx)
    if not reads:
        return []
    hit, path, row = reads[0]
    module = hit.g("mod") or ""
    era = spelling_era(ctx.kb, module)
    have = tf_minor(ctx.tf_version)
    values = row.values
    first = values.get("first")
    last = values.get("last")
    evidence = log_evidence([h for h, p, _ in reads if p == path])
    tf_words = f"TensorFlow {ctx.tf_version}" if ctx.tf_version else "the installed TensorFlow"
    if isinstance(first, str):
        since = tf_minor(first)
        if have is not None and since is not None and have >= since:
            return []
        older = values.get("older")
        era_lo = tf_minor(era[0]) if era is not None else None
        if era is not None and since is not None and era_lo is not None and era_lo >= since:
            return [_hedged(path, module, era, row, evidence,
                            f"every release that spells it so has tf.{path} (it exists from "
                            f"TensorFlow {first} on, knowledge row {row.ref})")]
        # a library's own file asked (standalone Keras, an add-on): that release's fault
        library = library_reading(
            ctx, hit, path, f"tf.{path} exists from TensorFlow {first} on (knowledge row "
            f"{row.ref}), so the TensorFlow it runs on is older than the one it was made for.",
            row.ref, f"# or upgrade to TensorFlow {first} or newer (the first release with "
            f"tf.{path}), with the CUDA/cuDNN that release needs (tfgpu plan lists them)")
        if library is not None:
            return [library]
        cause = (f"tf.{path} exists from TensorFlow {first} on (knowledge row {row.ref}); "
                 f"{tf_words} has no such name, so it is older than {first}: the code (or its "
                 f"tutorial) was written for TensorFlow {first} or newer."
                 + (f" Before {first} the same thing is {older}." if isinstance(older, str)
                    else ""))
        fix = _dated_fix(f"older than {first}", older,
                         f"# or upgrade to TensorFlow {first} or newer, with the CUDA/cuDNN "
                         "that release needs (tfgpu plan lists them)")
        return [catalogue.make(
            "tf-api-newer-than-installed", symbol=path, first=first, evidence=evidence,
            cause=cause, fix=fix, knowledge_ref=row.ref)]
    if isinstance(last, str):
        # a name only a pre-release had (tf.config.gpu in the 2.0 alpha) dates its end within
        # a minor: the row's `gone`, compared as full versions
        prerelease = isinstance(values.get("gone"), str)
        gone = str(values["gone"]) if prerelease else _next_minor(last)
        until = tf_minor(last)
        if prerelease:
            ran = _full_version(ctx.tf_version)
            last_v = _full_version(last)
            if ran is not None and last_v is not None and ran <= last_v:
                return []
        elif have is not None and until is not None and have <= until:
            return []
        newer = values.get("newer")
        era_hi = tf_minor(era[1]) if era is not None and era[1] is not None else None
        if era is not None and era_hi is not None and until is not None and era_hi <= until:
            return [_hedged(path, module, era, row, evidence,
                            f"every release that spells it so still has tf.{path} (it was "
                            f"last in TensorFlow {last}, knowledge row {row.ref})")]
        library = library_reading(
            ctx, hit, path, f"tf.{path} was last in TensorFlow {last} and is gone from {gone} "
            f"on (knowledge row {row.ref}), so the TensorFlow it runs on is newer than the one "
            "it was made for.", row.ref,
            f"# or install TensorFlow {last} or older (the last release with tf.{path}), "
            "with the CUDA/cuDNN that release needs (tfgpu plan lists them)")
        if library is not None:
            return [library]
        cause = (f"tf.{path} was last in TensorFlow {last} and is gone from {gone} on "
                 f"(knowledge row {row.ref}); {tf_words} is newer: the code was written for "
                 + (f"the pre-release TensorFlow {last}." if prerelease
                    else f"TensorFlow {last} or older.")
                 + (f" From {gone} the same thing is {newer}." if isinstance(newer, str)
                    else ""))
        fix = _dated_fix(f"{gone} or newer", newer,
                         "# a pre-release is no release to pin: change the code" if prerelease
                         else f"# or pin the TensorFlow the code was written for "
                         f"(tensorflow<={last}.*), with the CUDA/cuDNN that release needs")
        return [catalogue.make(
            "tf-api-newer-than-installed", variant="removed", symbol=path, gone=gone,
            evidence=evidence, cause=cause, fix=fix, knowledge_ref=row.ref)]
    return []


#: Modules under tensorflow that other readers name (tf1-api-on-tf2's tensorflow.contrib, the
#: Keras moves' tensorflow.keras, TF-TRT's tensorflow.python.compiler, the native module's
#: _pywrap_*); TensorFlow's private tensorflow.python.keras is this reading's (no reader
#: names it).
_NAMED_ELSEWHERE = re.compile(
    r"^tensorflow(?:_core)?\.(?:(?:contrib|keras|python\.compiler|_api)(?:\.|$)"
    r"|python\._?pywrap)")


def _names_not_importable(ctx: Facts) -> list[tuple[Hit, str]]:
    """"cannot import name 'X' from 'tensorflow.<sub>'" (or the bare Python 3.6 wording under
    a ``from tensorflow.<sub> import X`` code line of the traceback, the nearest up to six lines
    above: a notebook prints context lines and a blank line under its arrowed one):
    the hit and the missing name's full path (``tensorflow.python.ops.collective_ops``).  Only
    submodules: a name from the top-level package is tools.tf1_api's reading."""
    code = ctx.h("ctx.tf_from_import").all()
    out = []
    plain = ctx.h("tfapi.cannot_import").all()
    seen = {h.line for h in plain}
    # and the ImportError among another exception's arguments, on a line the reader did not
    # split (a hard-wrapped paste, read joined; it prints no location)
    for h in [*plain, *(h for h in ctx.h("tfapi.cannot_import_arg").all()
                        if h.line not in seen)]:
        name, mod, loc = h.need("name"), h.g("mod"), h.g("loc")
        if loc and loc != "unknown location" and (name != name.lower()
                                                  or not loc.endswith("__init__.py")):
            continue  # the module's file is printed and the name is no submodule of it (a
            # class or function the module lacks): another reading's (keras moves, versions)
        if ((mod or "").startswith("tensorflow.python.keras")
                and addon_importing_at(ctx, h.line) is None):
            continue  # TensorFlow's old private Keras copy: keras-public-api-moved reads it
            # (an add-on's own import of it is the add-on's release: module_missing)
        if mod is None:
            mod = next((c.g("mod") for c in reversed(code) if 0 < h.line - c.line <= 6
                        and not frame_between(ctx, c.line, h.line)
                        and name in re.split(r"\s*,\s*", c.g("names") or "")), None)
        if mod and "." in mod:
            out.append((h, f"{mod}.{name}"))
    return out


def module_missing(ctx: Facts) -> list[Finding]:
    """``tf-api-newer-than-installed`` variant ``module-missing`` (hedged): "No module named
    'tensorflow.<sub>'" (pattern ``tfapi.no_module``) raised where code outside the
    tensorflow package imports it (the frame above the error is no ``site-packages/tensorflow``
    file): the installed TensorFlow has no such module.  TensorFlow adds, moves and removes
    modules between releases (the private ``tensorflow.python.*`` ones without notice), and
    no data row dates this one, so the cause names both directions (and a broken or shadowed
    install) instead of one release.  Nothing for the modules other readers name
    (:data:`_NAMED_ELSEWHERE`), nor when TensorFlow's own import raised it (a broken install:
    the native-import and install findings), nor when a dated row already answered."""
    found = [(h, (h.g("mod") or "").rstrip(".")) for h in ctx.h("tfapi.no_module").all()]
    found += _names_not_importable(ctx)
    found = [(h, m) for h, m in found if not _NAMED_ELSEWHERE.match(m)]
    if not found or _reads(ctx):
        return []
    inside = [p.line for p in ctx.h("ctx.pkg_path").all()
              if (p.g("pkg") or "") in ("tensorflow", "tensorflow_core")]
    hit, module = next(((h, m) for h, m in found
                        if not any(0 < h.line - ln <= 3 for ln in inside)), (None, ""))
    if hit is None:
        return []
    dist = _private_module_addon(ctx, hit, module)
    if dist == "tensorflow-addons" and addons_warning_in_log(ctx):
        # Addons' own warning named the range its release supports: that reading carries the
        # range (nvidia_tools.addons_unsupported_tf, an error with this failure)
        return []
    if dist is not None:
        return [_addon_release(ctx, hit, module, dist)]
    if copy_reading_dated(ctx, module) and any(p.line == hit.line
                                                for p in ctx.h("keras.private_api").all()):
        # TensorFlow's own copy of Keras, dated by the log's TensorFlow: keras-private-api-
        # moved says which side is older (checks/tf_keras_copy.py); one reading, not two
        return []
    # Keras 2's own file (standalone keras, tf-keras) importing it: that Keras is of another
    # TensorFlow minor (Keras 3's files are read below)
    near = package_frames_above(ctx, hit.line)
    if (near and near[-1].g("pkg") in ("keras", "tf_keras")
            and not re.search(r"[/\\]keras[/\\]src[/\\]", near[-1].text)):
        return [keras_of_other_minor(ctx, near[-1], hit)]
    keras3 = [p for p in ctx.h("ctx.keras3_path").all() if 0 < hit.line - p.line <= 3]
    mm = ctx.tf_mm
    first = ctx.kb.platform_fact("keras3-switch")
    switch = tf_minor(keras3_series(ctx.kb)[0])  # the first TensorFlow with Keras 3
    if keras3 and (mm is None or (switch is not None and mm < switch)):
        # Keras 3's own file imports it: Keras 3 over a TensorFlow built for Keras 2
        tf = ctx.tf_version
        evidence = log_evidence(keras3[-1:], [hit])
        fix = (f'pip install "tensorflow>={first.value("tf_version")}"   # a TensorFlow '
               "built for Keras 3",
               'or put Keras 2 back: pip install "keras<3"   # the Keras 2 release of '
               "TensorFlow's own minor")
        if tf:
            return [catalogue.make(
                "keras3-installed-over-keras2-tensorflow", variant="keras3-import",
                module=module, tf=tf, first=first.value("tf_version"), evidence=evidence,
                knowledge_ref=first.ref, fix=fix)]
        return [catalogue.make(
            "keras3-installed-over-keras2-tensorflow", variant="keras3-import-older",
            module=module, first=first.value("tf_version"), evidence=evidence,
            knowledge_ref=first.ref, fix=fix)]
    which = ('python -c "import tensorflow as tf; print(tf.__version__, tf.__file__)"   # the '
             "TensorFlow that ran, and where from (a path outside site-packages: a file or "
             "folder named tensorflow shadows the package)")
    if module == "tensorflow_core":
        # only TensorFlow 1.15-2.1 wheels hold a tensorflow_core package (platform fact
        # tf-api-module-spelling-tensorflow-core): code or a pickle of those releases (a
        # missing tensorflow_core.<sub> is the generic reading: Python names the first missing
        # part, so tensorflow_core itself imported)
        core = ctx.kb.platform_fact("tf-api-module-spelling-tensorflow-core")
        span = f"{core.value('releases_from')}-{core.value('releases_until')}"
        return [catalogue.make(
            "tf-api-newer-than-installed", variant="tensorflow-core", span=span, ref=core.ref,
            evidence=log_evidence([hit]), knowledge_ref=core.ref,
            fix=('python -c "import tensorflow as tf; print(tf.__version__)"   # the '
                 f"TensorFlow installed: only the {span} packages hold tensorflow_core",
                 f"# code written for TensorFlow {span} (imports of tensorflow_core, or a "
                 "pickle or model saved with those releases): install the release the project "
                 "names in that span, in an environment with a Python it supports",
                 "# or change the code's imports from tensorflow_core to tensorflow (the "
                 "public package every release has)"))]
    return [catalogue.make(
        "tf-api-newer-than-installed", variant="module-missing", symbol=module,
        evidence=log_evidence([hit]),
        fix=(which,
             "# the TensorFlow release the code was written for: its requirements, setup.py or "
             "README name it (or a branch of the code made for the installed release); "
             "install that release or use that branch",
             'pip install --force-reinstall "tensorflow==<that version>"   # when the '
             "installed version should have the module: a broken install"),
    )]


#: A private module of TensorFlow (``tensorflow.python.*``, ``tensorflow_core.python.*``):
#: what add-on releases import and TensorFlow moves without notice.
_PRIVATE = re.compile(r"tensorflow(?:_core)?\.python\.")
#: TensorFlow's private packages that every release has (each in TensorFlow 2.21's wheel, and
#: each in TensorFlow 1.x tracebacks of the real cases, tests/fixtures/cases-*): one of them
#: missing is a broken install, not an add-on built for another release.
_EVERY_RELEASE = frozenset(f"{top}.python.{sub}" for top in ("tensorflow", "tensorflow_core")
                           for sub in ("platform", "framework", "ops", "client", "util",
                                       "training", "lib"))


def _private_module_addon(ctx: Facts, hit: Hit, module: str) -> str | None:
    """The pip distribution of the TensorFlow add-on whose code imported the missing
    ``module`` (:func:`_addon_frames.addon_importing_at`) when ``module`` is one of
    TensorFlow's private ones, not a package every release has, and not imported from a
    package at an "unknown location" (one without its ``__init__``: a broken or half-removed
    install); ``None`` otherwise."""
    if (not _PRIVATE.match(module) or module in _EVERY_RELEASE
            or hit.g("loc") == "unknown location"):
        return None
    return addon_importing_at(ctx, hit.line)


def _addon_release(ctx: Facts, hit: Hit, module: str, dist: str) -> Finding:
    """``tensorflow-addon-version-pin`` variant ``private-module``: the add-on ``dist``
    imports ``module``, a private TensorFlow module the installed TensorFlow lacks.  The fix
    names the add-on release that fits the installed TensorFlow where the version is known
    (platform_facts ``addon-pairs-<dist>``, :func:`addons.addon_release_for`)."""
    tf = ctx.tf_version
    found = addon_release_for(ctx, dist, tf)
    pair = f" ({dist} {found[0]}, {found[1]})" if found else ""
    fix = ['python -c "import tensorflow as tf; print(tf.__version__)"   # the TensorFlow '
           f"the {dist} release must fit"]
    if found:
        fix.append(f'pip install "{dist}=={found[0]}"   # the newest release that fits '
                   f"TensorFlow {tf}")
    else:
        fix.append(f"# pip install the {dist} release made for that TensorFlow (pip index "
                   f"versions {dist}; its release notes name the TensorFlow each needs), or "
                   f"the TensorFlow this {dist} release was built for")
    return catalogue.make(
        "tensorflow-addon-version-pin", variant="private-module", addon=dist, module=module,
        have=f" {tf}" if tf else "", pair=pair, evidence=log_evidence([hit]),
        knowledge_ref=found[1] if found and ":" in found[1] else None, fix=tuple(fix),
    )


def _dated_fix(releases: str, other: object, last_line: str) -> tuple[str, ...]:
    """Fix lines of ``tf-api-newer-than-installed``: print the TensorFlow that ran; on the
    ``releases`` (``"older than 2.1"``) use ``other`` when the data row names one (a ``str``);
    then ``last_line`` (upgrade, or pin)."""
    fix = ['python -c "import tensorflow as tf; print(tf.__version__)"   # the TensorFlow '
           "that ran"]
    if isinstance(other, str):
        fix.append(f"# on TensorFlow {releases}: use {other}")
    else:
        # nothing to offer on those releases: the last line is the only way, not an "or"
        last_line = last_line.replace("# or upgrade", "# upgrade", 1)
    fix.append(last_line)
    return tuple(fix)


def _hedged(path: str, module: str,
            era: tuple[str, str | None, PlatformFact], row: PlatformFact,
            evidence: tuple[Evidence, ...], why: str) -> Finding:
    """Variant ``unsure`` of ``tf-api-newer-than-installed``: the module's spelling dates a
    TensorFlow that has the name (``era``: :func:`spelling_era`), so an older release is not
    the only reading; a broken install, a module or folder named ``tensorflow`` shadowing
    the real one, or another package installed as ``tensorflow`` fit too."""
    lo, hi, spelling = era
    span = f"{lo}-{hi}" if hi else f"{lo} and later"
    cause = (f"The module is spelled {module}, as TensorFlow {span} spells it (knowledge row "
             f"{spelling.ref}), and {why}. So the log cannot tell which of these it is: an "
             "older (or newer) TensorFlow than the code was written for, a broken or partial "
             "install, a file or folder named tensorflow in the working directory shadowing "
             "the real package, or another package installed under the name tensorflow. The "
             "command below prints the version and the file Python imported.")
    fix = ('python -c "import tensorflow as tf; print(tf.__version__, tf.__file__)"   # a '
           "path outside site-packages: rename that file or folder; a version without the "
           "name: pin the release the code needs; else reinstall: pip install --force-"
           'reinstall "tensorflow==<that version>"',)
    return catalogue.make(
        "tf-api-newer-than-installed", variant="unsure", symbol=path,
        evidence=evidence, cause=cause, fix=fix, knowledge_ref=row.ref)


__all__ = ["claimed_lines", "method_row", "module_missing", "spelling_era", "symbol_row",
           "tf_api_newer_than_installed", "tf_path"]
