"""The finding catalogue: one row per finding id, as data (``findings.toml``).

A row holds what is constant per id; the check that emits the finding supplies the rest
(evidence, fix lines when they vary, the knowledge row it used, and the values its
templates name)::

    [[finding]]
    id = "wsl1-has-no-gpu"
    severity = "error"
    category = "wsl2"
    area = "hardware"
    title = "This is WSL1: it has no GPU support; use WSL2"
    cause = "the kernel release has no ..."
    doc = "cuda-wsl-guide"

    catalogue.make("wsl1-has-no-gpu", evidence=(...), fix=(...))

A row whose fix lines never vary holds them too (``fix = ["nvidia-smi", ...]``), and its
checks pass no ``fix=``.

Row keys (``tfgpu/knowledge/data/findings.toml``):

* ``id``: stable kebab-case id.  A *family* of ids has ``{field}`` placeholders in its id
  (``"library-not-loaded-{library}"``); :func:`make` renders it, and the result must be
  kebab-case too.
* ``severity``, ``category``, ``area``: the defaults.  ``severities`` and ``categories``
  list the other values a check may pass, only where the code really varies them.
* ``title``: a template rendered with :meth:`str.format` and the check's named fields
  (``"NVIDIA driver {driver} is too old for TensorFlow {tf}"``); ``cause``: an optional
  template.  A row without ``cause`` takes the cause the check computes (``cause=``).
* ``doc``: a key of ``docs.toml`` (:mod:`tfgpu.knowledge.docs`); ``docs``: other keys a
  check may choose.  ``doc_from_knowledge = true`` instead: the link is the source of the
  knowledge row the check used, passed as ``doc_url=kb.doc_url(row)``.
* ``fix``: optional constant fix lines (commands or ``#`` instructions), the ones every
  finding of the row gets (a variant without its own ``fix`` gets the row's); a row
  without ``fix`` takes the lines the check computes (``fix=``), as ``cause`` does.
* ``general_cause`` / ``general_fix``: plain text (no template fields) that says what the
  finding means and how it is usually fixed, on any report, for a reader of the catalogue
  alone; never rendered.  A row or variant whose ``cause`` is only a template (``"{why}"``:
  the check writes every word, :meth:`FindingSpec.cause_is_template_only`) needs
  ``general_cause``, and ``general_fix`` too when the check computes its fix lines.
* ``summary`` / ``remedy``: what the finding means (its cause in one or two plain
  sentences, naming the values the check fills in generically: "the {library} named") and
  what tfgpu tells the user to do, in general; on every row, and on a variant whose meaning
  differs from its row's (a variant without them has its row's).  Documentation for a
  reader of the catalogue (``tfgpu explain --finding ID``), never rendered into a finding:
  a ``{name}`` in them only names a field of the row's templates.
* ``harmless``: the message looks alarming but needs no action.
* ``supersedes``: ids this finding makes redundant (:func:`tfgpu.diagnosis.engine.resolve_overlaps`
  drops them and keeps their evidence); ``defers_to``: the findings, in order, that name
  the reason for this one (it is then lowered to ``INFO``, titled ``deferred_title``).
* ``aliases``: old ids of this finding, kept for one JSON schema version.
* ``hedge_partners``: ids whose ``WARNING`` findings carrying exactly this finding's evidence
  are the other half of its hedge ("memory, or the version: unknown which"): when this
  finding is superseded, they go too (:func:`tfgpu.diagnosis.engine.resolve_overlaps`).
* ``gpu_neutral = true``: an error that says nothing about the GPU (a Python API name of
  another release): ``tfgpu explain``'s verdict then leaves gpu_usable unknown, not false
  (:mod:`tfgpu.diagnosis.verdict`).
* ``gpu_listed = true``: an error with which TensorFlow still registers the GPU and runs
  ops on it, the fault showing at a later op (a cuDNN of another version fails at the first
  cuDNN call): the doctor's verdict without a TensorFlow probe then does not say "CPU only"
  (:mod:`tfgpu.diagnosis.verdict`).
* ``[finding.variants.<name>]``: a named situation of the same id with its own constant
  texts; it may set ``title``, ``cause``, ``fix``, ``severity``, ``category``, ``area``,
  ``doc``, ``harmless``, ``general_cause``, ``general_fix``, ``summary``, ``remedy``.
  The check passes
  ``variant="<name>"``.

The catalogue is read once, on the first :func:`make`, through the knowledge parse cache
(:func:`tfgpu.knowledge._load.read_table`: under a millisecond from the cache), and a
row becomes a :class:`FindingSpec` when it is first used, so ``tfgpu doctor`` pays for
the few findings it makes, not for the whole catalogue.

Invariants over every row and every ``make`` call site (read with :mod:`ast`) are in
``tests/knowledge/test_findings_catalogue.py``.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING

from tfgpu._words import counted
from tfgpu.findings import Evidence, Finding, Severity

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable
    from pathlib import Path

#: The data file (``knowledge/data/findings.toml``), without ``.toml``.
TABLE = "findings"
#: Major version of the layout this code reads.
SCHEMA_MAJOR = "1"
#: Names :func:`make` takes as keywords: a template may not use them as fields.
RESERVED_FIELDS: frozenset[str] = frozenset({
    "variant", "evidence", "fix", "knowledge_ref", "severity", "category", "cause", "doc",
    "doc_url",
})
#: A rendered family id part: one or more kebab-case words.
_ID_PART = r"[a-z0-9]+(?:-[a-z0-9]+)*"
#: One replacement field of a template (after ``{{``/``}}`` are taken out), and its name.
_FIELD = re.compile(r"\{([^{}]*)\}")
_NAME_RE = re.compile(r"^[a-z_][a-z0-9_]*$")
_ROW_KEYS = frozenset({
    "id", "severity", "severities", "category", "categories", "area", "title", "cause",
    "fix", "doc", "docs", "doc_from_knowledge", "harmless", "supersedes", "defers_to",
    "deferred_title", "aliases", "variants", "hedge_partners", "gpu_neutral", "gpu_listed",
    "general_cause", "general_fix", "summary", "remedy",
})
_VARIANT_KEYS = frozenset({"title", "cause", "fix", "severity", "category", "area", "doc",
                           "harmless", "general_cause", "general_fix", "summary", "remedy"})
#: Fewer words than this outside a cause template's fields: the template states nothing by
#: itself (``"{why}"``, ``"a 2x2 matmul on {device}: {error}"``).
_TEMPLATE_ONLY_WORDS = 6


class CatalogueError(ValueError):
    """:func:`make` was called in a way its catalogue row does not allow: an unknown id or
    variant, a template field missing or not used, a severity, category or documentation
    key the row does not list.  Always a programming error in the check that called it."""


def template_fields(template: str) -> frozenset[str]:
    """The named fields of a :meth:`str.format` template.

    ``"driver {driver} < {floor}, {pct:.1f}%"`` -> ``{"driver", "floor", "pct"}``.

    Raises:
        ValueError: a positional (``{}``, ``{0}``) or compound (``{a.b}``, ``{a[0]}``)
            field, or unbalanced braces.
    """
    return _template_fields(template)


@functools.lru_cache(maxsize=1024)
def _template_fields(template: str) -> frozenset[str]:
    # The str.format grammar for what a template may use: {name}, {name!r}, {name:spec}
    # (no nested fields); {{ and }} are literal braces.
    text = template.replace("{{", "").replace("}}", "")
    names: set[str] = set()
    for inner in _FIELD.findall(text):
        name = re.split(r"[!:]", inner, maxsplit=1)[0]
        if not _NAME_RE.match(name):
            raise ValueError(f"template field {{{inner}}} is not a plain lower-case name "
                             f"in {template!r}")
        names.add(name)
    if "{" in _FIELD.sub("", text) or "}" in _FIELD.sub("", text):
        raise ValueError(f"unbalanced braces in {template!r}")
    return frozenset(names)


@dataclass(frozen=True, slots=True)
class FindingSpec:
    """One catalogue row, or one of its variants (see the module docstring for each key).

    A variant (``[finding.variants.<name>]``) is built as a spec of its own: the row with
    the keys the variant sets replaced, :attr:`variant` set to its name, and the row's
    defaults moved into the alternatives (a check of that situation may still pass them).

    Attributes:
        id: kebab-case id, or an id template with ``{field}`` placeholders (a family).
        severity: default severity.
        category: default category, one of :data:`tfgpu.findings.CATEGORIES`.
        area: report section, one of :data:`tfgpu.findings.AREAS`.
        title: title template.
        cause: cause template, or ``None`` when the check computes the cause.
        fix: constant fix lines, or empty when the check computes them.
        severities: other severities a check may pass.
        categories: other categories a check may pass.
        doc: ``docs.toml`` key of the default link, or ``None``.
        docs: other ``docs.toml`` keys a check may pass.
        doc_from_knowledge: the link is the source of the knowledge row the check used.
        harmless: the finding needs no action.
        supersedes: ids this finding makes redundant.
        defers_to: ids, in order, that name the reason for this finding.
        deferred_title: title template (field ``cause_id``) once it defers to one of them.
        aliases: former ids of this finding.
        hedge_partners: ids of the other half of this finding's hedges (dropped with it).
        gpu_neutral: an error that says nothing about the GPU (``tfgpu explain`` then leaves
            gpu_usable unknown rather than false).
        gpu_listed: an error with which TensorFlow still registers the GPU; the fault shows
            at a later op (the doctor's verdict without a TensorFlow probe then says so
            rather than "CPU only").
        general_cause: plain text of what the finding means on any report, for a reader of
            the catalogue alone (never rendered); ``None`` when the cause says it.
        general_fix: plain fix lines that hold on any report, for the same reader (never
            rendered); empty when :attr:`fix` holds them or the cause says enough.
        summary: what the finding means, in one or two plain sentences (documentation,
            never rendered; a ``{name}`` names a template field); a variant without its
            own has its row's.  ``None`` only on a row that lacks one (a test requires it).
        remedy: what tfgpu tells the user to do, in general (documentation, never
            rendered), inherited the same way.
        variants: the row's named situations, by name (empty on a variant).
        variant: the variant's name; ``None`` for the row itself.
    """

    id: str
    severity: Severity
    category: str
    area: str
    title: str
    cause: str | None = None
    fix: tuple[str, ...] = ()
    severities: tuple[Severity, ...] = ()
    categories: tuple[str, ...] = ()
    doc: str | None = None
    docs: tuple[str, ...] = ()
    doc_from_knowledge: bool = False
    harmless: bool = False
    supersedes: tuple[str, ...] = ()
    defers_to: tuple[str, ...] = ()
    deferred_title: str | None = None
    aliases: tuple[str, ...] = ()
    hedge_partners: tuple[str, ...] = ()
    gpu_neutral: bool = False
    gpu_listed: bool = False
    general_cause: str | None = None
    general_fix: tuple[str, ...] = ()
    summary: str | None = None
    remedy: str | None = None
    variants: Mapping[str, FindingSpec] = field(default_factory=lambda: MappingProxyType({}))
    variant: str | None = None

    @property
    def is_family(self) -> bool:
        """True when :attr:`id` has placeholders (one row, many rendered ids)."""
        return "{" in self.id

    def situation(self, variant: str | None) -> FindingSpec:
        """The spec of ``variant`` (``None``: this row itself).

        Raises:
            CatalogueError: the row has no such variant.
        """
        if variant is None:
            return self
        found = self.variants.get(variant)
        if found is None:
            raise CatalogueError(f"finding {self.id}: no variant {variant!r} "
                                 f"(known: {', '.join(self.variants) or 'none'})")
        return found

    def cause_is_template_only(self) -> bool:
        """True when :attr:`cause` is a template whose own words say nothing (fewer than
        six words outside its fields, such as ``"{why}"``): the check writes the whole cause,
        so a reader of the catalogue alone needs :attr:`general_cause`."""
        if self.cause is None:
            return False
        text = _FIELD.sub(" ", self.cause.replace("{{", "").replace("}}", ""))
        return len(re.findall(r"[A-Za-z]{2,}", text)) < _TEMPLATE_ONLY_WORDS

    def fields(self) -> frozenset[str]:
        """The fields :func:`make` needs: those of the id, title and cause templates."""
        out = template_fields(self.id) | template_fields(self.title)
        return out | template_fields(self.cause) if self.cause is not None else out

    def allowed_severities(self) -> frozenset[Severity]:
        """Severities a call may pass: the default and :attr:`severities`."""
        return frozenset((self.severity, *self.severities))

    def allowed_categories(self) -> frozenset[str]:
        """Categories a call may pass: the default and :attr:`categories`."""
        return frozenset((self.category, *self.categories))

    def allowed_docs(self) -> frozenset[str]:
        """``docs.toml`` keys a call may pass: :attr:`doc` and :attr:`docs`."""
        return frozenset(k for k in (self.doc, *self.docs) if k)

    def doc_keys(self) -> frozenset[str]:
        """Every ``docs.toml`` key this row names (its own and its variants')."""
        keys = set(self.allowed_docs())
        for v in self.variants.values():
            keys |= v.allowed_docs()
        return frozenset(keys)


def _id_pattern(template: str) -> re.Pattern[str]:
    parts = re.split(r"\{[^{}]*\}", template)
    return re.compile("^" + _ID_PART.join(re.escape(p) for p in parts) + "$")


class Catalogue:
    """Every finding row of ``findings.toml`` (:func:`load_catalogue`), read-only.

    A row becomes a :class:`FindingSpec` the first time it is asked for, so a command
    that makes three findings builds three specs (``tfgpu doctor --no-tf`` stays as fast
    as before the catalogue); :attr:`specs` builds them all.

    Attributes:
        schema_version: layout version of ``findings.toml`` (``"1.0"``).
        updated: date of its last edit (``"2026-12-01"``).
    """

    __slots__ = ("_built", "_families", "_raw", "_superseded_by", "schema_version", "updated")

    def __init__(self, schema_version: str, updated: str,
                 rows: Mapping[str, Mapping[str, object]]) -> None:
        """``rows``: id -> the row as parsed, in file order (see :func:`catalogue_from_data`)."""
        self.schema_version = schema_version
        self.updated = updated
        self._raw = rows
        self._built: dict[str, FindingSpec] = {}
        self._families: tuple[tuple[re.Pattern[str], str], ...] | None = None
        self._superseded_by: dict[str, tuple[str, ...]] | None = None

    @property
    def ids(self) -> tuple[str, ...]:
        """Every row id (the id template for a family), in file order."""
        return tuple(self._raw)

    @property
    def specs(self) -> Mapping[str, FindingSpec]:
        """Every row by id, in file order (builds and checks each one).

        Raises:
            KnowledgeError: a row is malformed (see :func:`catalogue_from_data`).
        """
        return MappingProxyType({fid: self.spec(fid) for fid in self._raw})

    def spec(self, finding_id: str) -> FindingSpec:
        """The row of ``finding_id`` as the code names it (an id template for a family).

        Raises:
            CatalogueError: no such row.
            KnowledgeError: the row is malformed.
        """
        found = self._built.get(finding_id)
        if found is None:
            raw = self._raw.get(finding_id)
            if raw is None:
                raise CatalogueError(f"no finding {finding_id!r} in {TABLE}.toml")
            found = self._built[finding_id] = _spec(raw, finding_id)
        return found

    def spec_of(self, finding_id: str) -> FindingSpec | None:
        """The row a rendered id comes from (``"cuinit-no-device"`` -> the
        ``"cuinit-{error}"`` row), or ``None`` when no row makes it."""
        if finding_id in self._raw:
            return self.spec(finding_id)
        if self._families is None:
            self._families = tuple((_id_pattern(fid), fid) for fid in self._raw if "{" in fid)
        return next((self.spec(fid) for pattern, fid in self._families
                     if pattern.match(finding_id)), None)

    def names(self, ref: str, finding_id: str) -> bool:
        """Whether catalogue id ``ref`` (a plain id, or an id family such as
        ``cuinit-{error}``) names the finding ``finding_id`` (``cuinit-no-device``)."""
        return ref == finding_id or ("{" in ref and bool(_id_pattern(ref).match(finding_id)))

    def superseded_by(self, finding_id: str) -> tuple[str, ...]:
        """Ids whose rows list ``finding_id`` in ``supersedes``, in catalogue order.

        Raises:
            KnowledgeError: a ``supersedes`` that is not a list of strings.
        """
        if self._superseded_by is None:
            found: dict[str, tuple[str, ...]] = {}
            for fid, raw in self._raw.items():
                for loser in _strs(raw, "supersedes", f"finding {fid}"):
                    found[loser] = (*found.get(loser, ()), fid)
            self._superseded_by = found
        return self._superseded_by.get(finding_id, ())


# ---------------------------------------------------------------------- loading


def _bad(where: str, message: str) -> Exception:
    from tfgpu.knowledge import KnowledgeError

    return KnowledgeError(f"{TABLE}.toml {where}: {message}")


def _opt_str(raw: Mapping[str, object], key: str, where: str) -> str | None:
    value = raw.get(key)
    if value is not None and not isinstance(value, str):
        raise _bad(where, f"{key!r} must be a string")
    return value


def _strs(raw: Mapping[str, object], key: str, where: str) -> tuple[str, ...]:
    value = raw.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise _bad(where, f"{key!r} must be a list of strings")
    return tuple(value)


def _severity(value: object, where: str) -> Severity:
    try:
        return Severity(value)
    except ValueError:
        raise _bad(where, f"unknown severity {value!r}") from None


def _opt_bool(raw: Mapping[str, object], key: str, where: str) -> bool | None:
    value = raw.get(key)
    if value is not None and not isinstance(value, bool):
        raise _bad(where, f"{key!r} must be true or false")
    return value


def _plain(raw: Mapping[str, object], key: str, where: str) -> str | None:
    """``raw[key]``: a string with no template field (plain text, never rendered)."""
    value = _opt_str(raw, key, where)
    if value is not None and ("{" in value or "}" in value):
        raise _bad(where, f"{key!r} is plain text, not a template: no braces")
    return value


def _plain_lines(raw: Mapping[str, object], key: str, where: str) -> tuple[str, ...]:
    """``raw[key]``: a list of strings with no template field."""
    lines = _strs(raw, key, where)
    if any("{" in line or "}" in line for line in lines):
        raise _bad(where, f"{key!r} is plain text, not a template: no braces")
    return lines


def _doc_text(raw: Mapping[str, object], key: str, where: str) -> str | None:
    """``raw[key]``: documentation text (``summary``, ``remedy``), never rendered; a brace
    may only name a field (``{library}``), as a template would."""
    value = _opt_str(raw, key, where)
    if value is None:
        return None
    if not value.strip():
        raise _bad(where, f"{key!r} is empty")
    try:
        template_fields(value)
    except ValueError as exc:
        raise _bad(where, f"{key!r}: {exc}") from None
    return value


def _check_template(template: str | None, where: str) -> None:
    if template is None:
        return
    try:
        names = template_fields(template)
    except ValueError as exc:
        raise _bad(where, str(exc)) from None
    clash = names & RESERVED_FIELDS
    if clash:
        raise _bad(where, f"template fields {sorted(clash)} are make() keywords")


def _variant(row: FindingSpec, name: str, raw: object, where: str) -> FindingSpec:
    """The row as it reads in situation ``name``: the keys ``raw`` sets replaced."""
    if not isinstance(raw, dict):
        raise _bad(where, f"variant {name!r} must be a table")
    unknown = set(raw) - _VARIANT_KEYS
    if unknown:
        raise _bad(where, f"variant {name!r}: unknown keys {sorted(unknown)}")
    sev = raw.get("severity")
    severity = _severity(sev, where) if sev is not None else row.severity
    category = _opt_str(raw, "category", where) or row.category
    doc = _opt_str(raw, "doc", where) or row.doc
    harmless = _opt_bool(raw, "harmless", where)
    general_cause = _plain(raw, "general_cause", where)
    general_fix = _plain_lines(raw, "general_fix", where)
    out = dataclasses.replace(
        row, variant=name, variants=MappingProxyType({}),
        title=_opt_str(raw, "title", where) or row.title,
        cause=_opt_str(raw, "cause", where) or row.cause,
        # "fix = []" clears the row's lines: the check computes this situation's fix
        fix=_strs(raw, "fix", where) if "fix" in raw else row.fix,
        area=_opt_str(raw, "area", where) or row.area,
        harmless=row.harmless if harmless is None else harmless,
        # the row's general texts hold for a variant that keeps the row's cause
        general_cause=general_cause or (row.general_cause if "cause" not in raw else None),
        general_fix=general_fix or (row.general_fix if "cause" not in raw else ()),
        # the row's summary covers its variants (it says "one of: ..."), unless one has its own
        summary=_doc_text(raw, "summary", where) or row.summary,
        remedy=_doc_text(raw, "remedy", where) or row.remedy,
        # the row's defaults become alternatives: a check of this situation may pass them
        severity=severity,
        severities=tuple(dict.fromkeys(
            s for s in (row.severity, *row.severities) if s is not severity)),
        category=category,
        categories=tuple(dict.fromkeys(
            c for c in (row.category, *row.categories) if c != category)),
        doc=doc,
        docs=tuple(dict.fromkeys(k for k in (row.doc, *row.docs) if k and k != doc)),
    )
    _check_template(out.title, where)
    _check_template(out.cause, where)
    return out


def _spec(raw: Mapping[str, object], fid: str) -> FindingSpec:
    where = f"finding {fid}"
    unknown = set(raw) - _ROW_KEYS
    if unknown:
        raise _bad(where, f"unknown keys {sorted(unknown)}")
    title = raw.get("title")
    category, area = raw.get("category"), raw.get("area")
    if not isinstance(title, str) or not isinstance(category, str) or not isinstance(area, str):
        raise _bad(where, "'title', 'category' and 'area' must be strings")
    raw_variants = raw.get("variants", {})
    if not isinstance(raw_variants, dict):
        raise _bad(where, "'variants' must be a table")
    spec = FindingSpec(
        id=fid, severity=_severity(raw.get("severity"), where), category=category, area=area,
        title=title, cause=_opt_str(raw, "cause", where), fix=_strs(raw, "fix", where),
        severities=tuple(_severity(s, where) for s in _strs(raw, "severities", where)),
        categories=_strs(raw, "categories", where),
        doc=_opt_str(raw, "doc", where), docs=_strs(raw, "docs", where),
        doc_from_knowledge=bool(_opt_bool(raw, "doc_from_knowledge", where)),
        harmless=bool(_opt_bool(raw, "harmless", where)),
        supersedes=_strs(raw, "supersedes", where), defers_to=_strs(raw, "defers_to", where),
        deferred_title=_opt_str(raw, "deferred_title", where),
        aliases=_strs(raw, "aliases", where),
        hedge_partners=_strs(raw, "hedge_partners", where),
        gpu_neutral=bool(_opt_bool(raw, "gpu_neutral", where)),
        gpu_listed=bool(_opt_bool(raw, "gpu_listed", where)),
        general_cause=_plain(raw, "general_cause", where),
        general_fix=_plain_lines(raw, "general_fix", where),
        summary=_doc_text(raw, "summary", where),
        remedy=_doc_text(raw, "remedy", where),
    )
    if raw_variants:
        spec = dataclasses.replace(spec, variants=MappingProxyType(
            {name: _variant(spec, name, v, where) for name, v in raw_variants.items()}))
    for template in (spec.id, spec.title, spec.cause, spec.deferred_title):
        _check_template(template, where)
    if spec.defers_to and (spec.deferred_title is None
                           or template_fields(spec.deferred_title) != {"cause_id"}):
        raise _bad(where, "a row with 'defers_to' needs a 'deferred_title' whose only field "
                          "is {cause_id}")
    return spec


def catalogue_from_data(data: Mapping[str, object]) -> Catalogue:
    """Build the catalogue from the parsed ``findings.toml``.

    The header and the ids are checked here; each row's keys when the row is first used
    (:meth:`Catalogue.spec`, or all at once through :attr:`Catalogue.specs`): a missing,
    mistyped or unknown key, a template with a positional field or one named like a
    :func:`make` keyword.  ``tests/knowledge/test_findings_catalogue.py`` checks every
    row's values.

    Raises:
        KnowledgeError: a newer ``schema_version`` major, a missing ``updated``, a row
            that is not a table or has no string ``id``, a duplicate id.
    """
    schema = data.get("schema_version")
    if not isinstance(schema, str) or schema.split(".", 1)[0] != SCHEMA_MAJOR:
        raise _bad("header", f"schema_version {schema!r} is not supported "
                             f"(this tfgpu reads {SCHEMA_MAJOR}.x)")
    updated = data.get("updated")
    if updated is None:
        raise _bad("header", "'updated' is missing")
    rows = data.get("finding")
    if not isinstance(rows, list) or not rows:
        raise _bad("header", "no [[finding]] rows")
    by_id: dict[str, Mapping[str, object]] = {}
    for i, raw in enumerate(rows):
        if not isinstance(raw, dict) or not isinstance(raw.get("id"), str):
            raise _bad(f"finding {i + 1}", "not a table with a string 'id'")
        fid = raw["id"]
        if fid in by_id:
            raise _bad(f"finding {fid}", "duplicate id")
        by_id[fid] = raw
    return Catalogue(str(schema), str(updated), MappingProxyType(by_id))


def load_catalogue_from(folder: str | Traversable | Path) -> Catalogue:
    """Read ``<folder>/findings.toml`` (tests use it on edited copies).

    Raises:
        KnowledgeError: see :func:`catalogue_from_data`; or the file is missing or not
            valid TOML.
    """
    from tfgpu.knowledge._load import read_table

    return catalogue_from_data(read_table(folder, TABLE))


@functools.cache
def load_catalogue() -> Catalogue:
    """The packaged catalogue, read once per process.

    Raises:
        KnowledgeError: ``findings.toml`` is missing or malformed (a broken install).
    """
    from tfgpu.knowledge._load import packaged_folder

    return load_catalogue_from(packaged_folder())


# ---------------------------------------------------------------------- building findings


def _pick(value: str | None, allowed: frozenset[str], what: str, spec: FindingSpec,
          default: str | None) -> str | None:
    if value is None:
        return default
    if value not in allowed:
        raise CatalogueError(f"finding {spec.id}: {what} {value!r} is not in its row "
                             f"(allowed: {', '.join(sorted(allowed)) or 'none'})")
    return value


def make(
    finding_id: str,
    /,
    *,
    variant: str | None = None,
    evidence: Iterable[Evidence] = (),
    fix: Iterable[str] | None = None,
    knowledge_ref: str | None = None,
    severity: Severity | None = None,
    category: str | None = None,
    cause: str | None = None,
    doc: str | None = None,
    doc_url: str | None = None,
    **fields: object,
) -> Finding:
    """Build the finding ``finding_id`` from its catalogue row.

    The title (and the cause, when the row has a cause template) is the row's template
    rendered with ``fields`` (:meth:`str.format`; the title is trimmed); a family id is
    rendered the same way.

    Args:
        finding_id: the row's id as written in ``findings.toml`` (a family's id template,
            ``"library-not-loaded-{library}"``).
        variant: a named situation of the row (``[finding.variants.<name>]``).
        evidence: the facts or log lines used.
        fix: commands or ``#`` instructions, in order (not a single string), for a row
            without constant ``fix`` lines; default none.
        knowledge_ref: the knowledge row the check used (``"tf_tested_configs:2.15.0-linux"``).
        severity: one the row allows; default the row's (or the variant's).
        category: one the row allows; default the row's (or the variant's).
        cause: the computed cause, for a row without a cause template.
        doc: a ``docs.toml`` key the row allows; default the row's (or the variant's).
        doc_url: for a ``doc_from_knowledge`` row: ``kb.doc_url(row)`` (may be ``None``).
        **fields: the values the id, title and cause templates name; exactly those.

    Returns:
        The finding (``Finding.doc`` is the link's URL).

    Raises:
        CatalogueError: an unknown id or variant; a template field missing, or a field no
            template uses; ``cause`` given to a row with a cause template, or ``fix`` to
            a row with fix lines; a severity,
            category or ``doc`` key the row does not allow; ``doc_url`` for a row whose
            link is not from knowledge (or ``doc`` for one whose link is); ``fix`` given
            as one string.  Each is a programming error in the calling check.
        KnowledgeError: ``findings.toml`` or ``docs.toml`` cannot be read (a broken
            install).
        ValueError: the rendered id is not kebab-case, or a format spec does not fit its
            value (``{n:.1f}`` given a string).
    """
    spec = load_catalogue().spec(finding_id).situation(variant)
    need = spec.fields()
    given = frozenset(fields)
    if need != given:
        missing, extra = sorted(need - given), sorted(given - need)
        raise CatalogueError(f"finding {spec.id}: fields missing {missing}, not used {extra}")
    if spec.cause is not None and cause is not None:
        raise CatalogueError(f"finding {spec.id}: its row has a cause template; "
                             "pass the template's fields, not cause=")
    if isinstance(fix, str):
        raise CatalogueError(f"finding {spec.id}: fix must be a sequence of lines, not a str")
    if spec.fix and fix is not None:
        raise CatalogueError(f"finding {spec.id}: its row has fix lines; do not pass fix=")
    sev = spec.severity if severity is None else severity
    if sev is not spec.severity and sev not in spec.severities:
        raise CatalogueError(f"finding {spec.id}: severity {sev.value!r} is not in its row")
    cat = _pick(category, spec.allowed_categories(), "category", spec, spec.category)
    assert cat is not None
    if spec.doc_from_knowledge:
        if doc is not None:
            raise CatalogueError(f"finding {spec.id}: its link comes from knowledge; "
                                 "pass doc_url=, not doc=")
        url = doc_url
    else:
        if doc_url is not None:
            raise CatalogueError(f"finding {spec.id}: its row is not doc_from_knowledge; "
                                 "pass a docs.toml key as doc=")
        key = _pick(doc, spec.allowed_docs(), "doc", spec, spec.doc)
        if key is None:
            url = None
        else:
            from tfgpu.knowledge.docs import url as doc_link

            url = doc_link(key)
    return Finding(
        id=spec.id.format_map(fields) if spec.is_family else spec.id,
        severity=sev,
        category=cat,
        title=counted(spec.title, fields).format_map(fields).strip(),
        area=spec.area,
        evidence=tuple(evidence),
        cause=(counted(spec.cause, fields).format_map(fields) if spec.cause is not None
               else (cause or "")),
        fix=_harmless_fix(spec.fix if fix is None else tuple(fix), spec.harmless),
        doc=url,
        knowledge_ref=knowledge_ref,
        harmless=spec.harmless,
        aliases=spec.aliases,
    )


#: Words with which a harmless finding's fix says that nothing needs fixing.
_NOTHING_TO_FIX = ("nothing to", "silence", "no action", "harmless")


def _harmless_fix(lines: tuple[str, ...], harmless: bool) -> tuple[str, ...]:
    """A harmless notice needs no fix: its fix lines, if any, are only a way to silence it
    (or to look closer).  Lines that do not already say so (``nothing to fix``, ``to
    silence it``...) get a first line that does; other findings' lines are unchanged."""
    if not harmless or not lines:
        return lines
    if any(w in line.lower() for line in lines for w in _NOTHING_TO_FIX):
        return lines
    return ("# nothing to fix (a harmless notice); only to silence it or look closer:",
            *lines)


__all__ = [
    "RESERVED_FIELDS",
    "TABLE",
    "Catalogue",
    "CatalogueError",
    "FindingSpec",
    "catalogue_from_data",
    "load_catalogue",
    "load_catalogue_from",
    "make",
    "template_fields",
]
