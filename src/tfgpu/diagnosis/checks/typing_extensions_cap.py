"""A typing_extensions older than a package needs: "cannot import name 'X' from
'typing_extensions'", or pip's "<pkg> requires typing-extensions>=A, but you have
typing-extensions B", read against the TensorFlow releases that cap typing-extensions.

Sources:

* CPython Python/ceval.c import_from: "cannot import name %R from %R (%S)": the installed
  module has no such name.  typing_extensions adds names release by release
  (python/typing_extensions CHANGELOG.md at 0004ebbc: Self, Required, NotRequired 4.0.0;
  TypeVarTuple, Unpack, LiteralString, Never, assert_never, reveal_type,
  dataclass_transform, is_typeddict 4.1.0; assert_type, get_overloads, clear_overloads
  4.2.0; override 4.4.0; deprecated 4.5.0; TypeAliasType, Buffer, get_original_bases
  4.6.0; get_protocol_members, is_protocol 4.7.0; Doc 4.8.0).  ParamSpec, Concatenate,
  TypeGuard and TypeAlias predate that changelog: the 3.10.0.0 series has them, the 3.7.4.x
  series does not (tensorflow/tensorflow#53250: packages needing ">= 3.10" against
  TensorFlow's 3.7.x pin; pyapp-kit/superqt#45: ParamSpec missing from 3.7.4.3).
* TensorFlow's caps (tools/pip_package/setup.py REQUIRED_PACKAGES, as pip and Poetry
  report them): ``typing-extensions~=3.7.4`` (>=3.7.4,<3.8) in 2.4 ("tensorflow-cpu 2.4.3
  has requirement typing-extensions~=3.7.4", aws/deep-learning-containers#1393) through
  2.6 ("tensorflow (2.6.0) depends on typing-extensions (>=3.7.4,<3.8.0)",
  treeverse/dvc#6731; tensorflow/tensorflow#51743), relaxed to ">=3.6.6" by commit 41e6614
  (tensorflow/tensorflow#52136), in 2.8 and backported to 2.7.4
  (tensorflow/tensorflow#53939); ``typing-extensions<4.6.0,>=3.6.6`` in 2.13
  ("tensorflow-intel 2.13.0 requires typing-extensions<4.6.0,>=3.6.6",
  m1guelpf/auto-subtitle#75; Arize-ai/phoenix#1620), gone in 2.14
  (tensorflow/tensorflow#61770: pydantic 2 needs >=4.6.1).

Both tables are platform facts (``typing-extensions-names-added``, ``tf-typing-extensions-caps``).

With TensorFlow's version known (the log or the host) in a capped release, and the name (or
the requirement) out of the cap's reach, the cap is the cause: ``pip-tensorflow-pin-conflict``
variant ``typing-extensions-cap``.  Otherwise the ImportError alone says only that the
installed typing_extensions is too old: variant ``typing-extensions-old``, a hedge naming the
caps to check.
"""

from __future__ import annotations

from packaging.version import InvalidVersion, Version

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.diagnosis.checks._pip_list import pip_list_grep
from tfgpu.diagnosis.checks._tf_pin_python import tf_pin_unavailable
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def _added(ctx: Facts) -> dict[str, str]:
    """typing_extensions name -> the release that added it (platform fact
    ``typing-extensions-names-added``, from the project's CHANGELOG.md)."""
    fact = ctx.kb.platform_fact("typing-extensions-names-added")
    return dict(item.partition("=")[::2] for item in fact.items("names"))


def _caps(ctx: Facts) -> dict[tuple[int, int], tuple[str, str, str]]:
    """TensorFlow (major, minor) -> (its typing-extensions requirement, the exclusive upper
    bound it sets, the first release without that cap), from platform fact
    ``tf-typing-extensions-caps`` (TensorFlow's setup.py as pip reports it)."""
    out: dict[tuple[int, int], tuple[str, str, str]] = {}
    for item in ctx.kb.platform_fact("tf-typing-extensions-caps").items("caps"):
        minor, _, rest = item.partition("=")
        spec, cap, fixed = rest.split("|")
        major, _, mn = minor.partition(".")
        out[int(major), int(mn)] = (spec, cap, fixed)
    return out


def _cap(ctx: Facts) -> tuple[str, str, str, str] | None:
    """``(tf, requirement, cap, first uncapped release)`` for the TensorFlow of the log or the
    host when that release caps typing-extensions; ``None`` otherwise (2.7.4 and later 2.7
    patches lost the cap: a 2.7 without its patch number is not counted)."""
    tf = ctx.tf_version
    mm = ctx.tf_mm
    row = _caps(ctx).get(mm) if mm else None
    if tf is None or row is None:
        return None
    if mm == (2, 7):
        try:
            v = Version(tf.strip().split()[0])
        except InvalidVersion:
            return None
        if len(v.release) < 3 or v.release[2] >= 4:
            return None
    return (tf.strip().split()[0], *row)


def _version(text: str | None) -> Version | None:
    try:
        return Version(text or "")
    except InvalidVersion:
        return None


def _pip_pairs(ctx: Facts, cap: Version) -> list[Hit]:
    """pip's "<pkg> <v> requires typing-extensions<spec>, but you have typing-extensions <B>"
    lines whose requirement no release below ``cap`` meets, with B below ``cap``."""
    # (imported here: doctor --no-tf loads the checks and never parses a specifier)
    from packaging.specifiers import InvalidSpecifier, SpecifierSet

    out = []
    for h in ctx.h("pip.check_conflict").all():
        if c.dist_key(h.g("dep") or "") != "typing-extensions" or h.g("missing"):
            continue
        have = _version(h.g("have"))
        req = (h.g("req") or "")[len(h.g("dep") or ""):]
        try:
            spec = SpecifierSet(req)
        except InvalidSpecifier:
            continue
        below = [Version(v) for v in ("3.7.4.3", "3.10.0.2", "4.5.0") if Version(v) < cap]
        if have is not None and have < cap and not any(spec.contains(v) for v in below):
            out.append(h)
    return out


def typing_extensions_too_old(ctx: Facts) -> list[Finding]:
    """``pip-tensorflow-pin-conflict`` variants ``typing-extensions-cap`` (TensorFlow's cap is
    the cause) and ``typing-extensions-old`` (the import failed; what holds the release back
    is unknown).  See the module docstring."""
    names = ctx.h("py.typing_extensions_name").all()
    capped = _cap(ctx)
    if capped is not None:
        tf, spec, cap, fixed = capped
        capv = Version(cap)
        added = _added(ctx)
        late = [h for h in names if (a := added.get(h.g("name") or "")) and Version(a) >= capv]
        pairs = _pip_pairs(ctx, capv)
        if late or pairs:
            if late:
                name = late[0].need("name")
                needs = f"{name} (typing-extensions {added[name]}+)"
                importer = "the package importing it"
                what = (f"The log shows Python failing to import {name} from typing_extensions: "
                        f"{name} was added in typing-extensions {added[name]}, past that cap.")
            else:
                p = pairs[0]
                importer = p.need("pkg")
                needs = p.need("req")
                what = (f"pip reports {importer} {p.g('v') or ''} requiring {needs} with "
                        f"typing-extensions {p.g('have')} installed.").replace("  ", " ")
            upgrade = (c.pip(ctx, "install", f"tensorflow>={fixed}")
                       + f"   # TensorFlow {fixed} and later do not cap typing-extensions there")
            keep = (f"keep TensorFlow {tf} and install a release of {importer} that accepts "
                    f"typing-extensions below {cap}")
            # TensorFlow's uncapped releases need a Python the log's may not be (2.8: 3.7+)
            gap = tf_pin_unavailable(ctx, f">={fixed}")
            lead = ((upgrade, f"# or {keep}") if gap is None else
                    (f"# {keep}", f"# or, in an environment with a newer Python: {upgrade} "
                     f"(not in this one: {gap})"))
            return [catalogue.make(
                "pip-tensorflow-pin-conflict", variant="typing-extensions-cap", tf=tf,
                spec=spec, cap=cap, needs=needs, importer=importer, what=what,
                evidence=log_evidence(late, pairs, limit=3),
                knowledge_ref=ctx.kb.platform_fact("tf-typing-extensions-caps").ref,
                fix=(*lead, c.pip(ctx, "check") + "   # lists every requirement left unmet"),
            )]
    if not names:
        return []
    h = names[0]
    name = h.need("name")
    when = _added(ctx).get(name)
    shown_tf = ctx.tf_version
    if capped is not None and when is not None:
        # a capped TensorFlow whose cap still admits a release with the name (ParamSpec under
        # 2.13's <4.6.0): the cap is not what keeps it old
        held = (f" TensorFlow {capped[0]} caps typing-extensions ({capped[1]}), but releases "
                f"below that cap already have {name}: the cap is not what keeps it old here; "
                "another package, a pinned requirements or lock file, or an old environment "
                "is.")
    elif shown_tf is not None and capped is None:
        held = (f" The TensorFlow here ({shown_tf.strip().split()[0]}) does not cap "
                "typing-extensions that low, so another package, a pinned requirements or "
                "lock file, or an old environment holds it back.")
    else:
        held = (" TensorFlow 2.4 to 2.7.3 require typing-extensions~=3.7.4 and TensorFlow 2.13 "
                "requires typing-extensions<4.6.0; another package, a pinned requirements or "
                "lock file, or an old environment can hold it back too.")
    return [catalogue.make(
        "pip-tensorflow-pin-conflict", variant="typing-extensions-old", name=name,
        added=f" (added in typing-extensions {when})" if when else "", held=held,
        evidence=log_evidence([h]),
        fix=(c.pip(ctx, "show", "typing_extensions") + "   # the release installed",
             pip_list_grep("tensorflow", "typing", windows=ctx.windows)
             + "   # which TensorFlow sits beside it",
             c.pip(ctx, "install", "-U", "typing_extensions")
             + "   # then pip check: a package that caps it is named"),
    )]
