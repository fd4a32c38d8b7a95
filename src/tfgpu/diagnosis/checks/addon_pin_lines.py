"""An add-on's pin of TensorFlow in pip's conflict report: "tensorflow-text 2.8.1 depends on
tensorflow<2.9 and >=2.8.0" under "The conflict is caused by:", beside "The user requested
tensorflow==2.11.1" (pip ``resolution/resolvelib/factory.py`` get_installation_error, the
lines in pip 23.x and later).

Each release of a TensorFlow add-on (tensorflow-text, -io, -addons, -decision-forests ...) is
built for a range of TensorFlow releases (most for one minor) and requires it; a pin of the
add-on whose range leaves out the TensorFlow pinned beside it makes the pair unresolvable.
The fix line names the add-on whose range leaves out the TensorFlow asked for (read with
``packaging``) and lets pip choose its release for the TensorFlow kept.  pip's own report
only: a PubGrub report (uv, Poetry) words its lines otherwise.
"""

from __future__ import annotations

from tfgpu.diagnosis.checks import _common as c
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts


def _excludes(req: str, version: str | None) -> bool:
    """Whether the requirement ``req`` ("tensorflow<2.9 and >=2.8.0", "tensorflow~=2.11.0")
    leaves out the TensorFlow ``version`` the user asked for; True when either is unknown
    or unparsable (nothing shows that the add-on fits)."""
    if version is None:
        return True
    # imported here: the doctor's lean start does not load packaging's specifiers
    from packaging.specifiers import InvalidSpecifier, SpecifierSet
    from packaging.version import InvalidVersion, Version

    name = c.requirement_name(req) or ""
    spec = req.strip()[len(name):].replace(" and ", ",").strip()
    try:
        return Version(version) not in SpecifierSet(spec)
    except (InvalidSpecifier, InvalidVersion):
        return True


def addon_pin_fix(f: Facts, depends: list[Hit]) -> tuple[str, ...]:
    """The fix lines (a comment, then the command) for the first add-on of ``depends``
    (pattern ``pip.depends``) whose requirement is a TensorFlow distribution (platform fact
    ``tf-distributions``) and that is not one itself (nor tf-keras, which pairs with
    TensorFlow's major.minor and has its own line); empty when there is none.  The
    TensorFlow the user asked for comes from "The user requested tensorflow==X" (pattern
    ``pip.user_requested``).

    Raises:
        KnowledgeError: platform fact ``tf-distributions`` lost its list.
    """
    asked = next((r for r in f.h("pip.user_requested").all()
                  if c.is_tf_distribution(f, r.g("req") or "")
                  and (r.g("spec") or "").startswith("==")), None)
    version = asked.need("spec")[2:] if asked is not None else None
    for h in depends:
        pkg = c.dist_key((h.g("pkg") or "").split("[")[0])
        req = h.g("req") or ""
        if (c.is_tf_distribution(f, pkg) or pkg == "tf-keras"
                or not pkg.startswith(("tensorflow-", "tf-")) or not h.g("v")
                or not c.is_tf_distribution(f, c.requirement_name(req) or "")
                or not _excludes(req, version)):
            continue
        pick = (c.pip(f, "install", f"{asked.g('req')}{asked.g('spec')}", pkg)
                + f"   # no {pkg} pin: pip picks the {pkg} release for that TensorFlow"
                if asked is not None else
                c.pip(f, "install", "tensorflow==<the version you keep>", pkg))
        return (f"# {pkg} {h.g('v')} requires {req}"
                + (f", which leaves out TensorFlow {version}" if version else "")
                + f": drop or change that pin (a {pkg} release is built for a range of "
                "TensorFlow releases)", pick)
    return ()


__all__ = ["addon_pin_fix"]
