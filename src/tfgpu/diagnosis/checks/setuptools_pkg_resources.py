"""``pkg_resources`` missing: the module ships with setuptools, which an environment may not
have or may have without it.

Sources: setuptools' changelog (v82.0.0, "Deprecations and Removals": pkg_resources removed,
pypa/setuptools#5007; v81's warning "pkg_resources is deprecated as an API ... slated for
removal as early as 2025-11-30 ... pin to Setuptools<81"); Python 3.12's "What's New"
(venv no longer installs setuptools, gh-95299); TensorBoard 2.20 and older import it at start
(tensorboard/default.py ``import pkg_resources``), 2.21 uses importlib.metadata instead
(tensorflow/tensorboard#7003, #7057; threads: Nerogar/OneTrainer#1304, tensorflow/tensorboard
#7064, #7107).
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._addon_frames import installed_package_frame
from tfgpu.facts.view import Facts, log_evidence
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
    importer = folder or "a package in the traceback"
    fix = ['python -m pip install "setuptools<82"   # setuptools with pkg_resources, in the '
           "environment that ran the program"]
    if pkg == "tensorboard":
        fix.append('python -m pip install -U "tensorboard>=2.21"   # TensorBoard 2.21 no '
                   "longer imports pkg_resources")
    elif pkg:
        fix.append(f"# or upgrade the package installed as {folder}/ (its pip name may differ) "
                   "to a release that no longer imports pkg_resources, if there is one")
    return [catalogue.make(
        "pkg-resources-not-in-setuptools", importer=importer,
        evidence=log_evidence([frame] if frame is not None else [], [h]), fix=tuple(fix))]


__all__ = ["pkg_resources_missing"]
