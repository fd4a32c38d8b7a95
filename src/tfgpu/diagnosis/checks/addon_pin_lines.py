"""An add-on's pin of TensorFlow in pip's conflict report: "tensorflow-text 2.8.1 depends on
tensorflow<2.9 and >=2.8.0" under "The conflict is caused by:", beside "The user requested
tensorflow==2.11.1" (pip ``resolution/resolvelib/factory.py`` get_installation_error, the
lines in pip 23.x and later).

Each release of a TensorFlow add-on (tensorflow-text, -io, -addons, -decision-forests ...) is
built for one TensorFlow minor and requires it; a pin of the add-on that was written for
another TensorFlow than the one pinned beside it makes the pair unresolvable.  The fix line
names the add-on and lets pip choose its release for the TensorFlow kept.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis.checks import _common as c
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts
from tfgpu.knowledge import KnowledgeError

_NAME = re.compile(r"[A-Za-z][\w.-]*")


def _tf_requirement(req: str, tf_dists: frozenset[str]) -> bool:
    m = _NAME.match(req)
    return m is not None and c.dist_key(m.group(0)) in tf_dists


def addon_pin_fix(f: Facts, depends: list[Hit]) -> tuple[str, ...]:
    """The fix lines (a comment, then the command) for the first add-on of ``depends``
    (pattern ``pip.depends``) whose requirement is a TensorFlow distribution (platform fact
    ``tf-distributions``) and that is not one itself (nor tf-keras, which pairs with
    TensorFlow's major.minor and has its own line); empty when there is none.  The
    TensorFlow the user asked for comes from "The user requested tensorflow==X" (pattern
    ``pip.user_requested``)."""
    try:
        tf_dists = frozenset(f.kb.tf_distributions())
    except KnowledgeError:
        return ()
    for h in depends:
        pkg = c.dist_key((h.g("pkg") or "").split("[")[0])
        req = h.g("req") or ""
        if (pkg in tf_dists or pkg == "tf-keras" or not pkg.startswith(("tensorflow-", "tf-"))
                or not _tf_requirement(req, tf_dists)):
            continue
        asked = next((r for r in f.h("pip.user_requested").all()
                      if c.dist_key(r.g("req") or "") in tf_dists
                      and (r.g("spec") or "").startswith("==")), None)
        pick = (c.pip(f, "install", f"{asked.g('req')}{asked.g('spec')}", pkg)
                + f"   # no {pkg} pin: pip picks the {pkg} release for that TensorFlow"
                if asked is not None else
                c.pip(f, "install", "tensorflow==<the version you keep>", pkg))
        return (f"# {pkg} {h.g('v')} is built for {req} (each {pkg} release pairs with one "
                "TensorFlow minor): drop or change that pin", pick)
    return ()


__all__ = ["addon_pin_fix"]
