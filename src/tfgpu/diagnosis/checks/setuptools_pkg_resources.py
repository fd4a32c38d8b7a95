"""``pkg_resources`` missing: the module ships with setuptools, which an environment may not
have or may have without it.

Sources: setuptools' changelog (v82.0.0, "Deprecations and Removals": pkg_resources removed,
pypa/setuptools#5007; v81's warning "pkg_resources is deprecated as an API ... slated for
removal as early as 2025-11-30 ... pin to Setuptools<81"); Python 3.12's "What's New"
(venv no longer installs setuptools, gh-95299); TensorBoard 2.20 and older import it at start
(tensorboard/default.py ``import pkg_resources``), 2.21 uses importlib.metadata instead
(tensorflow/tensorboard#7003, #7057; threads: Nerogar/OneTrainer#1304, tensorflow/tensorboard
#7064, #7107).  setuptools 82.0.0's wheel (METADATA "Requires-Python: >=3.9") installs on
Python 3.9+ only, so Python 2's unquoted "No module named pkg_resources" (Python 3 quotes the
name) or a Python 3.8 and older path cannot be its removal: the environment's setuptools is
missing or broken (pypa/setuptools#138: a requirements file pinning distribute==0.7.3, the old
fork that only wraps setuptools, installed into a fresh virtualenv; amanusk/s-tui#45: a
/usr/bin script of the system Python, whose pkg_resources is the distribution's package,
Debian's python3-pkg-resources).  A setuptools launcher ("from pkg_resources import
load_entry_point" in bin/pip) of pip itself cannot run pip to repair it: ensurepip, get-pip.py
or a new environment do.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._addon_frames import installed_package_frame
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence, tf_minor
from tfgpu.findings import Finding


def pkg_resources_missing(ctx: Facts) -> list[Finding]:
    """``pkg-resources-not-in-setuptools`` for "No module named 'pkg_resources'" (pattern
    ``py.module_missing``); the package whose frame imports it (the installed package's frame
    just above, :func:`installed_package_frame`) is named, TensorBoard with its first release
    free of it."""
    hits = [h for h in ctx.h("py.module_missing").all() if h.g("mod") == "pkg_resources"]
    if not hits:
        return []
    h = hits[-1]
    frame = installed_package_frame(ctx, h.line)
    folder = (frame.g("pkg") or "") if frame is not None else ""
    pkg = folder.replace("_", "-")
    launcher = _launcher(ctx, h.line)
    importer = folder or (f"the program {launcher[0]}" if launcher else
                          "a package in the traceback")
    old = _too_old_python(ctx, h)
    if old is not None:
        return [_broken(ctx, h, old, importer, launcher)]
    fix = ['python -m pip install "setuptools<82"   # setuptools with pkg_resources, in the '
           "environment that ran the program" + (
               f" (python -m pip: the launcher {launcher[0]} itself needs pkg_resources)"
               if launcher else "")]
    if pkg == "tensorboard":
        fix.append('python -m pip install -U "tensorboard>=2.21"   # TensorBoard 2.21 no '
                   "longer imports pkg_resources")
    elif pkg:
        fix.append(f"# or upgrade the package installed as {folder}/ (its pip name may differ) "
                   "to a release that no longer imports pkg_resources, if there is one")
    return [catalogue.make(
        "pkg-resources-not-in-setuptools", importer=importer,
        evidence=log_evidence([frame] if frame is not None else [], [h]), fix=tuple(fix))]


#: A setuptools console-script launcher's frame: a file in a bin/ or Scripts\ folder (no .py).
_PIP = re.compile(r"(?i)(?:^|[/\\])(?:pip(?:\d(?:\.\d{1,2})?)?|easy_install(?:-\d\.\d{1,2})?)"
                  r"(?:-script\.py|\.exe)?$")


def _launcher(ctx: Facts, line: int) -> tuple[str, Hit, bool] | None:
    """``(path, frame, is_pip)`` when the import of pkg_resources right above log line ``line``
    is a setuptools console-script launcher's ("from pkg_resources import load_entry_point",
    pattern ``py.import_code``) under its frame (``ctx.py_frame_head``); ``None`` otherwise."""
    code = [c for c in ctx.h("py.import_code").all()
            if c.g("from") == "pkg_resources" and 0 < line - c.line <= 2]
    if not code:
        return None
    heads = [f for f in ctx.h("ctx.py_frame_head").all()
             if f.g("path") and 0 < code[-1].line - f.line <= 2]
    if not heads:
        return None
    path = heads[-1].g("path") or ""
    return path, heads[-1], bool(_PIP.search(path))


def _too_old_python(ctx: Facts, h: Hit) -> str | None:
    """Why the log's Python cannot have setuptools 82 (which needs Python 3.9+): Python 2's
    unquoted wording, or a Python 3.8-or-older path or version line; ``None`` when neither."""
    if not h.g("q"):
        return "Python 2's unquoted wording"
    py = ctx.fix_python
    mm = tf_minor(py[0]) if py is not None else None
    if py is not None and mm is not None and mm < (3, 9):
        return f"Python {'.'.join(py[0].split('.')[:2])}, {py[1]}"
    return None


def _broken(ctx: Facts, h: Hit, why: str, importer: str,
            launcher: tuple[str, Hit, bool] | None) -> Finding:
    """``pkg-resources-not-in-setuptools`` variant ``setuptools-broken``: no setuptools 82
    can be in this Python, so its setuptools is missing or damaged."""
    pins = ctx.h("ctx.distribute_pin").all()
    fix: list[str] = []
    if launcher is not None and launcher[2]:
        fix += [f"# pip itself ({launcher[0]}) cannot start without pkg_resources, so no pip "
                "command repairs it: python -m ensurepip --upgrade (Python 2.7.9+ and 3.4+), or "
                "get-pip.py (pip's installation guide), or make the environment again "
                "(virtualenv --clear <env>, python -m venv --clear <env>)"]
    elif launcher is not None and re.match(r"/usr/(?:local/)?s?bin/", launcher[0]):
        deb = "python3-pkg-resources" if h.g("q") else "python-pkg-resources"
        fix += [f"sudo apt-get install {deb}   # {launcher[0]} runs the system Python, whose "
                "pkg_resources is a distribution package (Debian/Ubuntu; elsewhere the "
                "setuptools package of that Python)"]
    if pins:
        fix.append(f"# remove the line distribute=={pins[0].need('v')} (line {pins[0].line}) "
                   "from the requirements file: distribute, the old setuptools fork, replaces "
                   "the environment's setuptools; install the rest into a new environment")
    fix.append("python -m pip install --force-reinstall setuptools   # once pip runs: a "
               "setuptools with pkg_resources (any release before 82) for this Python")
    return catalogue.make(
        "pkg-resources-not-in-setuptools", variant="setuptools-broken", importer=importer,
        why=why,
        evidence=log_evidence([launcher[1]] if launcher else [], pins[:1], [h]),
        fix=tuple(fix))


__all__ = ["pkg_resources_missing"]
