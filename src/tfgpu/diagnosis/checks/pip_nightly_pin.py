"""An exact pin to one dated nightly build that pip cannot find: ``tf-estimator-nightly==
2.8.0.dev2021122109`` (TensorFlow 2.8.0's own requirement; modelscope/facechain#66,
lipku/LiveTalking#71), ``tf-nightly==2.5.0.dev20201102`` (tensorflow/tensorflow#44559),
``tb-nightly==2.10.0a20220520``, ``keras-nightly==2.6.0.dev2021052700``.

TensorFlow's nightly packages publish a build a day under a dated PEP 440 version
(``X.Y.Z.devYYYYMMDD[HH]``, TensorBoard's ``X.Y.ZaYYYYMMDD``), and old builds are deleted from
the index: a TensorFlow maintainer on a pinned nightly, "it will come back in a few months when
the new pinned-nightly is deleted for being stale" (tensorflow/examples#261), and pip's list
in tensorflow/tensorflow#44559 holds two months of tf-nightly builds only.  TensorFlow releases
have pinned such builds of their companions by mistake: 2.5.0 keras-nightly, 2.8.0
tf-estimator-nightly (tensorflow/tensorflow#49179, the maintainer: "an issue on our release
process").  Mirrors that keep deleted files may still serve them (LiveTalking#71's answer:
the same install from another mirror).  What the index holds today is not checked here: the
words are a hedge.

tf-estimator-nightly, tb-nightly and keras-nightly are pure-Python wheels (``py2.py3-none-any``
/ ``py3-none-any``, as pip's "Downloading tb_nightly-2.12.0a20230107-py3-none-any.whl" lines
show), one file for every platform and Python, so "(from versions: none)" for them is no
platform gap.  tf-nightly is compiled per Python and platform: an empty list for it can be one
(tf_install's reading stays); a list of its other builds cannot.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.diagnosis.checks.pip_index import listed_releases
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: The nightly packages whose wheels are pure Python (see the module's docstring).
_PURE = frozenset({"tf-estimator-nightly", "tb-nightly", "keras-nightly"})
#: Each nightly package's released counterpart (the same project's releases).
_RELEASED = {"tf-estimator-nightly": "tensorflow-estimator", "tb-nightly": "tensorboard",
             "keras-nightly": "keras", "tf-nightly": "tensorflow",
             "tf-nightly-cpu": "tensorflow-cpu"}
#: TensorFlow itself among them (tf_install's finding id).
_TF_ITSELF = frozenset({"tf-nightly", "tf-nightly-cpu"})
#: An exact pin to one dated build: "==2.8.0.dev2021122109", "==2.10.0a20220520".
_DATED = re.compile(r"==\s*(?P<v>\d+(?:\.\d+)*(?:\.dev|\.?a)(?P<date>20\d{6})\d{0,2})")
#: pip's "(from <parent>)" after the requirement: the project whose release pins the build.
_PARENT = re.compile(r"\(from ([A-Za-z0-9][\w.-]{0,80})(?:[<>=!~\[][^)]{0,80})?\)")


def _date(version: str) -> str | None:
    m = re.search(r"(?:dev|a)(20\d{6})", version)
    return m.group(1) if m else None


def _python_skipped(ctx: Facts, pin: str) -> bool:
    """Whether pip said it ignored the pinned build itself, for its Requires-Python or as
    yanked ("Ignored the following ...: 2.8.0.dev2021122109 Requires-Python >=3.9", pattern
    ``pip.ignored_versions``): then that is the cause, read elsewhere."""
    return any(re.search(rf"(?<![\w.]){re.escape(pin)}(?![\w.])", h.g("list") or "")
               for h in ctx.h("pip.ignored_versions").all())


def _retried_page(ctx: Facts, name: str, hits: list[Hit]) -> Hit | None:
    """urllib3's "Retrying (Retry(total=N ...)) after connection broken by ...:
    /simple/<name>/" (pattern ``pip.index_unreachable``) for ``name``'s own index page
    before pip's line, with tries left (a last try, total=0, is pip_index's reading)."""
    first = min(h.line for h in hits)
    return next((b for b in ctx.h("pip.index_unreachable").all()
                 if b.line < first and b.g("total") not in (None, "0")
                 and (m := _SIMPLE.search(b.text)) is not None
                 and c.dist_key(m.group(1)) == name), None)


#: The project a retried request's path names ("/simple/<project>/").
_SIMPLE = re.compile(r"/simple/([A-Za-z0-9][\w.-]{0,100})/")


def _series(version: str) -> str | None:
    m = re.match(r"(\d+)\.(\d+)", version)
    return f"{m.group(1)}.{m.group(2)}" if m else None


def log_python(ctx: Facts) -> tuple[str, str] | None:
    """``("3.8", where)``: the Python pip runs under, from the host facts, else the log's
    ``pythonX.Y -m pip install`` (pattern ``ctx.pip_python``), ``Python X.Y.Z`` line or
    ``pythonX.Y/site-packages`` path."""
    if ctx.python_version:
        return ".".join(ctx.python_version.split(".")[:2]), "host facts"
    hit = next(iter(ctx.h("ctx.pip_python").first), None)
    if hit is not None and hit.g("v"):
        return hit.g("v") or "", f"line {hit.line}"
    found = ctx.fix_python
    return (".".join(found[0].split(".")[:2]), found[1]) if found else None


def _series_left_python(ctx: Facts, name: str, pin: str, newest: str,
                        hits: list[Hit]) -> Finding | None:
    """``tensorflow-no-matching-distribution`` variant ``nightly-python``: a pinned build of
    a compiled nightly (tf-nightly) newer than every build pip lists, of a later series
    whose Python range (knowledge ``tf_tested_configs``) leaves out a Python the newest
    listed build's series has: the log's Python when it shows one outside the pinned
    series' range (the nightly stopped building for it: tf-nightly of the 2.14 series after
    2.13 on Python 3.8), or a hedge between that and a build not yet published.  ``None``
    when the ranges do not tell (same series, no rows, this Python inside the range)."""
    from tfgpu.knowledge import KnowledgeQueryError

    series, offered = _series(pin), _series(newest)
    if series is None or offered is None or series == offered:
        return None
    os = "windows" if ctx.windows else "linux"
    py = log_python(ctx)
    try:
        fits, row = ctx.kb.wheel_for_python(f"{series}.0", os, py[0] if py else None)
        old = ctx.kb.config_for(f"{offered}.0", os)
    except KnowledgeQueryError:
        return None
    if row is None or not row.python_min or not row.python_max:
        return None
    pythons = f"{row.python_min}-{row.python_max}"
    if py is not None and fits is not False:
        return None  # this Python is one the series is built for: not the reason
    if py is None and (old is None or old.python_min == row.python_min):
        return None  # the series dropped no Python the offered one had
    dated = f"{pin[-8:-4]}-{pin[-4:-2]}-{pin[-2:]}" if re.search(r"\d{8}$", pin) else pin
    lead = (f"{name}=={pin} names one dated nightly build ({dated}) of the {series} series, "
            f"and TensorFlow {series} is built for Python {pythons} (knowledge row {row.ref}); "
            f"the builds pip offers this interpreter stop at {newest}, of the {offered} series"
            + (f" (Python {old.python_min}-{old.python_max}, knowledge row {old.ref})"
               if old is not None and old.python_min else "") + ". ")
    fix_new = (f"# a new environment with Python {row.python_max}, then install the pin there: "
               + c.venv_fix(ctx, row.python_max))
    if py is not None:
        cause = (lead + f"pip runs under Python {py[0]} here ({py[1]}), outside {series}'s "
                 f"range: tf-nightly is compiled per Python version, and its builds most likely "
                 f"stopped carrying a file for Python {py[0]} when the nightly moved to the "
                 f"{series} series, so no later build has one and no build date pip can find "
                 "fixes it; another Python does.")
        fix = (fix_new,
               c.pip(ctx, "install", f"{name}=={newest}") + f"   # or keep Python {py[0]}: "
               "the newest build pip offers it (deleted in turn after a while)",
               c.pip(ctx, "install", _RELEASED.get(name, "tensorflow"))
               + f"   # or the newest release for Python {py[0]}, a pin that does not expire")
        title_py = py[0]
    else:
        cause = (lead + "The log does not show the Python pip runs under: if it is one the "
                 f"{series} series left out (the {offered} series has Python "
                 f"{old.python_min if old else '?'} and {series} starts at {row.python_min}), "
                 "no later build has a file for it; otherwise the pinned build was not (yet) "
                 "published for this platform.")
        fix = ("python -c \"import sys; print(sys.version)\"   # the Python pip installs for: "
               f"{series} builds need {pythons}",
               fix_new,
               c.pip(ctx, "install", f"{name}=={newest}") + "   # or keep this Python: the "
               "newest build pip offers it")
        title_py = None
    if title_py:
        return catalogue.make(
            "tensorflow-no-matching-distribution", variant="nightly-python", package=name,
            pin=pin, series=series, pythons=pythons, python=title_py,
            evidence=log_evidence(hits), cause=cause, fix=fix, knowledge_ref=row.ref)
    return catalogue.make(
        "tensorflow-no-matching-distribution", variant="nightly-python-or-unpublished",
        package=name, pin=pin, series=series, pythons=pythons,
        evidence=log_evidence(hits), cause=cause, fix=fix, knowledge_ref=row.ref)


def nightly_build_pin(ctx: Facts, name: str, hits: list[Hit]) -> Finding | None:
    """``tensorflow-dependency-no-wheel`` (``tensorflow-no-matching-distribution`` for
    tf-nightly itself) variant ``nightly-build``: pip found no file of ``name`` (a
    ``dist_key``) for an exact pin to one dated nightly build (pattern ``pip.no_dist`` hits
    ``hits``), and either pip lists other builds of it for this interpreter, or it lists none
    of a pure-Python nightly package.  ``None`` otherwise (another pin, tf-nightly with no
    build listed, the build ignored for its Requires-Python or as yanked)."""
    if "nightly" not in name or name == "tf-nightly-gpu":
        return None  # (tf-nightly-gpu: the retired name, tensorflow_gpu_package_log)
    m = next((m for h in hits if (m := _DATED.fullmatch((h.g("spec") or "").strip()))), None)
    if m is None or _python_skipped(ctx, m.group("v")):
        return None
    pin, date = m.group("v"), m.group("date")
    listed = next((v for h in (*hits, *ctx.h("pip.no_dist").all())
                   if c.dist_key(h.g("pkg") or "") == name and (v := listed_releases(h))), [])
    if pin in listed or (not listed and name not in _PURE):
        return None
    parent = next((p.group(1) for h in hits if (p := _PARENT.search(h.text))), None)
    released = _RELEASED.get(name, name.replace("-nightly", ""))
    dated = sorted((d, v) for v in listed if (d := _date(v)) is not None)
    retry: Hit | None = None
    if listed:
        newest = dated[-1][1] if dated else listed[-1]
        newer = bool(dated) and date > dated[-1][0]
        if newer and name not in _PURE:
            moved = _series_left_python(ctx, name, pin, newest, hits)
            if moved is not None:
                return moved
        where = (f" pip offers other builds of {name} for this interpreter (newest {newest}), "
                 f"so {name} has files for this Python and platform; the pinned build is not "
                 "among them: " + ("it is newer than every build offered, so it was not (yet) "
                                   "published for this platform." if newer else
                                   "builds that old are deleted from the index."))
    else:
        newest = None
        retry = _retried_page(ctx, name, hits)
        where = (f" pip lists no build of {name} at all. Its wheels are pure Python, one file "
                 "for every Python version and platform, so this is not a wheel missing for "
                 "this platform: " + (
                     f"pip's retries of {name}'s index page failed (line {retry.line}: "
                     f"{retry.g('err') or 'connection broken'}) and the paste ends before the "
                     "last one, so pip may never have read the page and the empty list may be "
                     "the network's (pip-index-unreachable); if the page was read, the pinned "
                     "build (and the builds around it) is no longer on the index."
                     if retry is not None else
                     "the pinned build (and the builds around it) is most likely no longer "
                     "on the index."))
    cause = (f"{name}=={pin} names one dated nightly build ({date[:4]}-{date[4:6]}-{date[6:]})."
             + where + " TensorFlow's nightly packages publish a build a day and delete old "
             "ones from the index (a TensorFlow maintainer on a pinned nightly: it \"is deleted "
             "for being stale\", tensorflow/examples#261), so an exact pin to one stops "
             "resolving after a while; a mirror that keeps deleted files may still serve it.")
    if not listed and ctx.h("pip.source_restricted").count:
        cause += (" This pip reads another source than the default index (the log shows "
                  "--index-url, --find-links or --no-index), which may not carry the build.")
    if parent is not None and c.dist_key(parent) != name:
        cause += (f" {parent} requires that exact build: the {parent} release being installed "
                  "pins it (TensorFlow 2.5.0 pinned a keras-nightly build and 2.8.0 a "
                  "tf-estimator-nightly one by mistake, tensorflow/tensorflow#49179).")
        fix: tuple[str, ...] = (
            c.pip(ctx, "install", "--dry-run", f"{parent}==<another release>")
            + f"   # pip >= 22.2 resolves without installing: a {parent} release (another patch "
            "release of the same series, or a newer one) whose requirements name no nightly "
            "build",
            f"# or keep this {parent} release: {c.pip(ctx, 'install', '--no-deps', parent)}, "
            f"then {released} of the same major.minor and its other requirements yourself "
            f"(pip check will still name the {name} pin)",
            "# a mirror that keeps deleted builds may still serve the pinned one "
            "(pip install -i <mirror URL> ...)",
        )
    else:
        fix = (
            *((c.pip(ctx, "install", f"{name}=={newest}") + "   # the newest build pip "
               "offers here (it is deleted in turn after a while)",) if newest else ()),
            c.pip(ctx, "install", released) + "   # the released package instead of one "
            "nightly build: a pin that does not expire",
            f"# or drop the pin: {c.pip(ctx, 'install', name)} takes today's build",
        )
    if retry is not None:
        fix = (c.pip(ctx, "download", "--no-deps", f"{name}=={pin}", "-d", "wheel-check")
               + "   # once the network answers (the retries above failed): 'No matching "
               "distribution' then means the build is gone", *fix)
    tf_itself = name in _TF_ITSELF
    return catalogue.make(
        "tensorflow-no-matching-distribution" if tf_itself else "tensorflow-dependency-no-wheel",
        variant="nightly-build", package=name, pin=pin,
        evidence=log_evidence([retry] if retry else [], hits), cause=cause, fix=fix,
    )


__all__ = ["log_python", "nightly_build_pin"]
