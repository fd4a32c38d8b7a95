"""Invariants over every row of the finding catalogue (``knowledge/data/findings.toml``),
every documentation link (``docs.toml``) and every ``catalogue.make(...)`` call in src.

Parametrized per row and per call site, the way cuda-pathfinder's
``test_descriptor_catalog.py`` checks each descriptor.  Each check is a function that
returns its problems, so ``test_each_check_catches_a_broken_row`` can feed it a broken
row and watch it complain (a check that cannot fail proves nothing).

The call sites are read with :mod:`ast`, not run.  What the scan can and cannot see:

* the id: a string literal, or ``a if cond else b`` of literals.  An id held in a name is
  resolved from the literals passed for it: a parameter of the enclosing function takes
  the literals its callers in the same module pass (``verify._failed``); any other name
  takes the row ids spelled as literals in the enclosing function (the notices table).
* ``variant=``: a literal, ``a if cond else b``, or a name whose assignments in the
  enclosing function are literals; every candidate is checked.
* the fields: the keywords written at the call.  A call with ``**fields`` is checked only
  for fields its row does not use (none in src today); ``make`` itself raises at run time
  on a missing or unused field, and the diagnosis snapshot runs every recorded input.
"""

from __future__ import annotations

import ast
import copy
import dataclasses
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

import pytest

from tfgpu.diagnosis.catalogue import (
    RESERVED_FIELDS,
    Catalogue,
    CatalogueError,
    FindingSpec,
    catalogue_from_data,
    load_catalogue,
    make,
    template_fields,
)
from tfgpu.findings import AREAS, CATEGORIES, FINDING_ID_RE, Severity
from tfgpu.knowledge import KnowledgeError, docs
from tfgpu.knowledge._load import data_dir, read_table

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src" / "tfgpu"
TESTS = ROOT / "tests"
SNAPSHOT = TESTS / "fixtures" / "diagnosis-snapshot.json"

BOOK = load_catalogue()
BY_ID = BOOK.specs
SPECS = tuple(BY_ID.values())
LINKS = docs.links()
KEBAB = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


def _sample_id(spec: FindingSpec) -> str:
    """The row's id with each placeholder filled by a kebab-case sample."""
    return spec.id.format_map({name: "x1" for name in template_fields(spec.id)})


def _id_regex(spec: FindingSpec) -> re.Pattern[str]:
    """Where the row's id (or any id of its family) is written in a text."""
    parts = []
    for chunk in re.split(r"(\{[a-z_][a-z0-9_]*\})", spec.id):
        parts.append(r"[a-z0-9]+(?:-[a-z0-9]+)*" if chunk.startswith("{") else re.escape(chunk))
    return re.compile(r"(?<![a-z0-9-])" + "".join(parts) + r"(?![a-z0-9-])")


# ---------------------------------------------------------------------- the static scan


@dataclass(frozen=True)
class Call:
    """One ``catalogue.make(...)`` call site, as written.

    Attributes:
        where: ``"rules/hardware.py:77"`` (relative to src/tfgpu).
        ids: the row ids it may name (see the module docstring).
        variants: the ``variant=`` values it may pass (``None``: the row itself).
        keywords: every keyword written at the call.
        star: the call passes ``**fields``.
        literals: keyword -> the string literals it may take (``doc``, ``category``...).
        severities: the ``Severity.X`` members ``severity=`` may take (empty: not a literal).
    """

    where: str
    ids: tuple[str, ...]
    variants: tuple[str | None, ...]
    keywords: frozenset[str]
    star: bool
    literals: MappingProxyType[str, tuple[str | None, ...]]
    severities: tuple[Severity, ...]


def _consts(node: ast.expr | None) -> tuple[str | None, ...] | None:
    """The constant strings (or ``None``) an expression can take, or ``None`` if unknown."""
    if node is None:
        return None
    if isinstance(node, ast.Constant) and (node.value is None or isinstance(node.value, str)):
        return (node.value,)
    if isinstance(node, ast.IfExp):
        a, b = _consts(node.body), _consts(node.orelse)
        return None if a is None or b is None else a + b
    return None


def _strings(tree: ast.AST) -> set[str]:
    return {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)
            and isinstance(n.value, str)}


def _assigned(func: ast.AST, name: str) -> tuple[str | None, ...] | None:
    values: list[str | None] = []
    for node in ast.walk(func):
        target, value = None, None
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
        elif isinstance(node, ast.AnnAssign):
            target, value = node.target, node.value
        if isinstance(target, ast.Name) and target.id == name:
            got = _consts(value)
            if got is None:
                return None
            values.extend(got)
    return tuple(values) or None


def _param_args(module: ast.Module, func: ast.FunctionDef, name: str) -> set[str]:
    """String literals the module's calls of ``func`` pass for its parameter ``name``."""
    params = [a.arg for a in (*func.args.posonlyargs, *func.args.args)]
    pos = params.index(name) if name in params else None
    found: set[str] = set()
    for node in ast.walk(module):
        if not isinstance(node, ast.Call):
            continue
        callee = node.func.id if isinstance(node.func, ast.Name) else (
            node.func.attr if isinstance(node.func, ast.Attribute) else None)
        if callee != func.name:
            continue
        args = [kw.value for kw in node.keywords if kw.arg == name]
        if pos is not None and pos < len(node.args):
            args.append(node.args[pos])
        for arg in args:
            found.update(v for v in (_consts(arg) or ()) if v is not None)
    return found


def _table_get(module: ast.Module, node: ast.expr | None) -> tuple[str | None, ...] | None:
    """The values ``TABLE.get(key[, default])`` can take, where ``TABLE`` is a module-level
    dict of constant strings; ``None`` if ``node`` is not such a look-up."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == "get" and isinstance(node.func.value, ast.Name)
            and 1 <= len(node.args) <= 2 and not node.keywords):
        return None
    for stmt in module.body:
        target, value = None, None
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
            target, value = stmt.targets[0], stmt.value
        elif isinstance(stmt, ast.AnnAssign):
            target, value = stmt.target, stmt.value
        if isinstance(target, ast.Name) and target.id == node.func.value.id \
                and isinstance(value, ast.Dict):
            found: list[str | None] = []
            for v in (*value.values, node.args[1] if len(node.args) == 2 else None):
                got = _consts(v) if v is not None else (None,)
                if got is None:
                    return None
                found.extend(got)
            return tuple(dict.fromkeys(found))
    return None


def _is_make(node: ast.Call) -> bool:
    f = node.func
    return (isinstance(f, ast.Attribute) and f.attr == "make" and isinstance(f.value, ast.Name)
            and f.value.id == "catalogue")


def _enclosing(tree: ast.Module) -> dict[ast.AST, ast.FunctionDef]:
    owner: dict[ast.AST, ast.FunctionDef] = {}
    for func in ast.walk(tree):
        if isinstance(func, ast.FunctionDef):
            for node in ast.walk(func):
                owner[node] = func  # walk is outer-first: the innermost function wins
    return owner


def _severities(node: ast.expr | None) -> tuple[Severity, ...]:
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
            and node.value.id == "Severity":
        return (Severity[node.attr],)
    if isinstance(node, ast.IfExp):
        a, b = _severities(node.body), _severities(node.orelse)
        return a + b if a and b else ()
    return ()


def _scan(path: Path) -> Iterator[Call]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    owner = _enclosing(tree)
    where = str(path.relative_to(SRC))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not _is_make(node):
            continue
        func = owner.get(node)
        first = node.args[0] if node.args else None
        ids = _consts(first)
        if ids is None and isinstance(first, ast.Name) and func is not None:
            params = {a.arg for a in (*func.args.posonlyargs, *func.args.args)}
            pool = (_param_args(tree, func, first.id) if first.id in params
                    else _strings(func))
            ids = tuple(sorted(s for s in pool if s in BY_ID))
        kws = {kw.arg: kw.value for kw in node.keywords if kw.arg is not None}
        variant_node = kws.get("variant")
        variants: tuple[str | None, ...] | None = (None,) if variant_node is None else (
            _consts(variant_node))
        if variants is None and isinstance(variant_node, ast.Name) and func is not None:
            variants = _assigned(func, variant_node.id)
        if variants is None:
            variants = _table_get(tree, variant_node)
        literals = {k: v for k in ("doc", "category") if (v := _consts(kws.get(k))) is not None}
        yield Call(
            where=f"{where}:{node.lineno}",
            ids=tuple(i for i in (ids or ()) if i is not None),
            variants=variants if variants is not None else ("<unknown>",),
            keywords=frozenset(kws),
            star=any(kw.arg is None for kw in node.keywords),
            literals=MappingProxyType(literals),
            severities=_severities(kws.get("severity")),
        )


CALLS = tuple(c for path in sorted(SRC.rglob("*.py")) for c in _scan(path))
MADE = frozenset(i for c in CALLS for i in c.ids)


def _doc_url_keys() -> set[str]:
    """Keys passed as literals to ``docs.url(...)`` / ``docs.link(...)`` in src."""
    keys: set[str] = set()
    for path in SRC.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr in ("url", "link") and isinstance(node.func.value, ast.Name)
                    and node.func.value.id == "docs" and node.args):
                keys.update(v for v in (_consts(node.args[0]) or ()) if v is not None)
    return keys


CODE_DOC_KEYS = frozenset(_doc_url_keys())


def _test_text() -> str:
    own = Path(__file__).resolve()
    texts = [p.read_text(encoding="utf-8") for p in TESTS.rglob("*.py") if p.resolve() != own]
    # the rows of the table-driven kind tests (tests/explain/kind_cases/*.toml) are tests too
    texts += [p.read_text(encoding="utf-8") for p in TESTS.rglob("kind_cases/*.toml")]
    texts.append(SNAPSHOT.read_text(encoding="utf-8"))
    return "\n".join(texts)


TEST_TEXT = _test_text()


# ---------------------------------------------------------------------- the checks


def check_id(spec: FindingSpec) -> list[str]:
    """Kebab-case id (a family's, with its placeholders filled); kebab-case variant names."""
    out = []
    sample = _sample_id(spec)
    if not FINDING_ID_RE.match(sample):
        out.append(f"id {spec.id!r} is not kebab-case (rendered: {sample!r})")
    out += [f"variant {v!r} is not kebab-case" for v in spec.variants if not KEBAB.match(v)]
    return out


def check_category_area(spec: FindingSpec) -> list[str]:
    """Categories in CATEGORIES, areas in AREAS (row, alternatives, variants)."""
    cats = [spec.category, *spec.categories,
            *(v.category for v in spec.variants.values() if v.category)]
    areas = [spec.area, *(v.area for v in spec.variants.values() if v.area)]
    return ([f"unknown category {c!r}" for c in cats if c not in CATEGORIES]
            + [f"unknown area {a!r}" for a in areas if a not in AREAS]
            + ([f"severities repeat the default {spec.severity.value!r}"]
               if spec.severity in spec.severities else []))


#: Aliases an id family's pattern matches but the family never renders (its values come from
#: a closed list; test_family_aliases_are_never_rendered checks that list).
FAMILY_ALIASES = {"cuinit-unnamed-code"}


def check_references(spec: FindingSpec, book: Catalogue) -> list[str]:
    """supersedes / defers_to name findings the catalogue makes; aliases are kebab-case,
    not a live id, and not claimed by two rows."""
    out = []
    for ref in (*spec.supersedes, *spec.defers_to):
        target = book.spec_of(ref)
        if target is None:
            out.append(f"{ref!r} (supersedes/defers_to) is no finding of the catalogue")
        elif target.id == spec.id:
            out.append(f"{ref!r}: a finding cannot supersede or defer to itself")
    if spec.defers_to and not spec.deferred_title:
        out.append("defers_to without a deferred_title")
    for alias in spec.aliases:
        if not KEBAB.match(alias):
            out.append(f"alias {alias!r} is not kebab-case")
        live = book.spec_of(alias)
        if live is not None and not (alias in FAMILY_ALIASES and "{" in live.id):
            out.append(f"alias {alias!r} is a live id")
        owners = [fid for fid in book.ids if alias in book.spec(fid).aliases]
        if len(owners) > 1:
            out.append(f"alias {alias!r} is claimed by {owners}")
    return out


def check_docs(spec: FindingSpec, links: Mapping[str, object]) -> list[str]:
    """Doc keys resolve in docs.toml; a knowledge-linked row names no doc key."""
    keys = spec.doc_keys()
    out = [f"doc key {k!r} is not in docs.toml" for k in sorted(keys) if k not in links]
    if spec.doc_from_knowledge and keys:
        out.append("doc_from_knowledge with doc keys: the link would be ambiguous")
    return out


#: A ``{name}`` in a fix line that is no shell ``${name}`` and no doubled ``{{name}}``.
_BRACED = re.compile(r"(?<![$\\{])\{([a-z_][a-z0-9_]*)\}(?!\})")


def check_fix(spec: FindingSpec) -> list[str]:
    """The row's (and its variants') constant fix lines are non-empty and trimmed, and name
    no template field of the row: constant fix lines are printed as written (never
    formatted), so ``(here {layer})`` would reach the user as those very braces."""
    out = []
    for s in (spec, *spec.variants.values()):
        fields = spec.fields() | s.fields()
        for line in s.fix:
            if not line or line != line.strip():
                out.append(f"fix line {line!r} is empty or not trimmed")
            named = sorted({m.group(1) for m in _BRACED.finditer(line)} & fields)
            if named:
                out.append(f"fix line {line!r} names the template field(s) {named}, "
                           "which constant fix lines never fill")
    return out


def check_plain_meaning(spec: FindingSpec) -> list[str]:
    """A row or variant whose cause is only a template (``"{why}"``: the check writes every
    word) states in plain text what it means (``general_cause``) and, when the check
    computes its fix lines, how it is usually fixed (``general_fix``), so that a reader of
    the catalogue alone can tell what the finding says."""
    out = []
    for s in (spec, *spec.variants.values()):
        name = s.id if s.variant is None else f"{s.id}/{s.variant}"
        if not s.cause_is_template_only():
            continue
        if not s.general_cause:
            out.append(f"{name}: cause {s.cause!r} is only a template and no general_cause")
        if not (s.fix or s.general_fix):
            out.append(f"{name}: fix lines computed and no general_fix")
    return out


#: Fewest words (of two letters or more, outside ``{field}`` names) a summary and a remedy
#: hold: a template alone ("{why}") or a bare word explains nothing ("Nothing to fix." is 3).
SUMMARY_WORDS, REMEDY_WORDS = 8, 3
#: What a catalogue text must never name: the real case sets and their cases, sessions and
#: review rounds (STYLE.md: knowledge is about the kind, never about one report).
CASE_WORDS = re.compile(
    r"\bcases?[-_ ]?\d|\bcases-[a-z]|\bholdout|\bsession \d|\bissue \d|\bround \d"
    r"|\b(?:tier|batch|set)[-_ ]?\d", re.IGNORECASE)


def _words(text: str) -> int:
    return len(re.findall(r"[A-Za-z]{2,}", re.sub(r"\{[a-z_][a-z0-9_]*\}", " ", text)))


def check_explained(spec: FindingSpec) -> list[str]:
    """The row says what it means and what to do (``summary``, ``remedy``) in its own words,
    for a reader of the catalogue alone (``tfgpu explain --finding ID``): both present, not
    a bare template, the summary not its title again; every ``{name}`` they use a field of
    the row's (or a variant's) templates; no case number or set name.  A variant's own
    texts, where it has them, hold the same."""
    out = []
    fields = spec.fields().union(*(v.fields() for v in spec.variants.values()))
    for s in (spec, *spec.variants.values()):
        name = s.id if s.variant is None else f"{s.id}/{s.variant}"
        if s.variant is not None and s.summary == spec.summary and s.remedy == spec.remedy:
            continue  # the row's texts, checked once
        for key, text, least in (("summary", s.summary, SUMMARY_WORDS),
                                 ("remedy", s.remedy, REMEDY_WORDS)):
            if not text or not text.strip():
                out.append(f"{name}: no {key}")
                continue
            if _words(text) < least:
                out.append(f"{name}: {key} {text!r} says too little (under {least} words)")
            unknown = sorted(template_fields(text) - fields)
            if unknown:
                out.append(f"{name}: {key} names {unknown}, no field of the row's templates")
            if CASE_WORDS.search(text):
                out.append(f"{name}: {key} names a case or a set: {text!r}")
        if s.summary and s.summary.strip().rstrip(".") == s.title.strip().rstrip("."):
            out.append(f"{name}: summary only repeats the title")
    return out


def check_made(spec: FindingSpec, made: frozenset[str]) -> list[str]:
    """The row is built by at least one catalogue.make call in src (no dead rows)."""
    return [] if spec.id in made else [f"no catalogue.make({spec.id!r}) in src"]


def check_reached(spec: FindingSpec, text: str) -> list[str]:
    """The id (any id of a family) is written in a test (a kind-case row counts) or in the
    diagnosis snapshot."""
    return [] if _id_regex(spec).search(text) else [
        f"{spec.id} appears in no test and not in {SNAPSHOT.name}"]


def check_call(call: Call, book: Catalogue) -> list[str]:
    """The call names rows, passes exactly the template fields of each row/variant it may
    build, and only the severities, categories and doc keys the row allows."""
    out = []
    if not call.ids:
        return [f"{call.where}: cannot tell which finding it makes"]
    given = call.keywords - RESERVED_FIELDS
    for fid in call.ids:
        spec = book.spec(fid) if fid in book.ids else None
        if spec is None:
            out.append(f"{call.where}: no row {fid!r}")
            continue
        for variant in call.variants:
            if variant is not None and variant not in spec.variants:
                out.append(f"{call.where}: {fid} has no variant {variant!r}")
                continue
            eff = spec.situation(variant)
            need = eff.fields()
            if call.star:
                if not given <= need:
                    out.append(f"{call.where}: {fid} does not use {sorted(given - need)}")
            elif given != need:
                out.append(f"{call.where}: {fid}/{variant}: fields missing "
                           f"{sorted(need - given)}, not used {sorted(given - need)}")
            if eff.cause is not None and "cause" in call.keywords:
                out.append(f"{call.where}: {fid}/{variant} has a cause template; cause= given")
            if eff.fix and "fix" in call.keywords:
                out.append(f"{call.where}: {fid}/{variant} has fix lines; fix= given")
            for sev in call.severities:
                if sev not in eff.allowed_severities():
                    out.append(f"{call.where}: {fid}: severity {sev.value} not in its row")
            for cat in call.literals.get("category", ()):
                if cat is not None and cat not in eff.allowed_categories():
                    out.append(f"{call.where}: {fid}: category {cat!r} not in its row")
            for key in call.literals.get("doc", ()):
                if key is not None and key not in eff.allowed_docs():
                    out.append(f"{call.where}: {fid}: doc {key!r} not in its row")
        if spec.doc_from_knowledge and "doc" in call.keywords:
            out.append(f"{call.where}: {fid} takes its link from knowledge: doc_url=, not doc=")
        if not spec.doc_from_knowledge and "doc_url" in call.keywords:
            out.append(f"{call.where}: {fid} is not doc_from_knowledge: doc=, not doc_url=")
    return out


# ---------------------------------------------------------------------- per row


def _row_param(spec: FindingSpec) -> object:
    return pytest.param(spec, id=spec.id)


ROWS = [_row_param(s) for s in SPECS]


def test_ids_are_unique_in_the_file() -> None:
    raw = _data()["finding"]
    assert isinstance(raw, list)
    ids = [row["id"] for row in raw]
    assert len(ids) == len(set(ids)) == len(SPECS)


RowCheck = Callable[[FindingSpec], list[str]]
#: The invariants every row must hold, by name; each returns the row's problems ([] when held).
ROW_CHECKS: dict[str, RowCheck] = {
    "id-is-kebab-case": check_id,
    "category-and-area-are-known": check_category_area,
    "supersedes-defers-to-and-aliases-resolve": lambda spec: check_references(spec, BOOK),
    "doc-keys-resolve": lambda spec: check_docs(spec, LINKS),
    "fix-lines-are-trimmed": check_fix,
    "template-only-cause-has-a-plain-meaning": check_plain_meaning,
    "summary-and-remedy-explain-the-row": check_explained,
    "row-is-made-by-src": lambda spec: check_made(spec, MADE),
    "row-is-reached-by-a-test": lambda spec: check_reached(spec, TEST_TEXT),
}


@pytest.mark.parametrize("check", list(ROW_CHECKS.values()), ids=list(ROW_CHECKS))
@pytest.mark.parametrize("spec", ROWS)
def test_row_holds_each_invariant(spec: FindingSpec, check: RowCheck) -> None:
    assert check(spec) == []


# ---------------------------------------------------------------------- per call site


@pytest.mark.parametrize("call", [pytest.param(c, id=c.where) for c in CALLS])
def test_make_call_names_its_rows_and_supplies_their_fields(call: Call) -> None:
    assert check_call(call, BOOK) == []


def test_every_finding_of_src_is_built_by_the_catalogue() -> None:
    """No ``Finding(...)`` literal left outside findings.py, diagnosis/ and tests."""
    left = []
    for path in SRC.rglob("*.py"):
        rel = path.relative_to(SRC)
        if rel.parts[0] == "diagnosis" or str(rel) == "findings.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id == "Finding":
                left.append(f"{rel}:{node.lineno}")
    assert left == []


def test_the_scan_sees_every_make_call() -> None:
    """The scan found the calls (a scan that finds nothing checks nothing)."""
    text = "\n".join(p.read_text(encoding="utf-8") for p in SRC.rglob("*.py")
                     if p.parent.name != "diagnosis")
    assert len(CALLS) == text.count("catalogue.make(") >= 100


# ---------------------------------------------------------------------- the snapshot


def test_every_id_of_the_diagnosis_snapshot_is_a_catalogue_finding() -> None:
    ids = set(re.findall(r'"([a-z0-9-]+) (?:ok|info|warning|error)"',
                         SNAPSHOT.read_text(encoding="utf-8")))
    assert len(ids) > 50
    assert sorted(i for i in ids if BOOK.spec_of(i) is None) == []


# ---------------------------------------------------------------------- docs.toml


@pytest.mark.parametrize("key", sorted(LINKS))
def test_every_doc_link_is_used(key: str) -> None:
    used = {k for s in SPECS for k in s.doc_keys()} | CODE_DOC_KEYS
    assert key in used, f"docs.toml {key} is cited by no finding row and no docs.url() call"


@pytest.mark.parametrize("key", sorted(LINKS))
def test_doc_link_is_well_formed(key: str) -> None:
    link = LINKS[key]
    assert KEBAB.match(key)
    assert link.url.startswith("https://") and " " not in link.url
    assert link.title and link.replaces


def test_doc_urls_are_unique() -> None:
    urls = [link.url for link in LINKS.values()]
    assert len(urls) == len(set(urls))


def test_every_docs_url_call_names_a_key() -> None:
    assert CODE_DOC_KEYS and sorted(CODE_DOC_KEYS - set(LINKS)) == []


def test_no_documentation_url_is_written_in_python() -> None:
    """Every printed link comes from docs.toml; the one URL left is a data download."""
    found = []
    for path in SRC.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and re.match(r"https?://\S+$", node.value.strip()):
                found.append(node.value)
    assert found == ["https://storage.googleapis.com/tensorflow/tf-keras-datasets/mnist.npz"]


# ---------------------------------------------------------------------- make() itself


def test_make_renders_the_row() -> None:
    f = make("nvidia-driver-missing", count=2, fix=("nvidia-smi",))
    assert f.title == "NVIDIA GPU found but the NVIDIA driver is not installed"
    assert f.cause.startswith("2 NVIDIA devices on the PCI bus")
    assert (f.severity, f.category, f.area) == (Severity.ERROR, "gpu-not-visible", "driver")
    assert f.doc == docs.url("nvidia-drivers") == "https://www.nvidia.com/Download/index.aspx"


def test_make_gives_the_rows_fix_lines() -> None:
    """A row's constant fix lines (``fix = [...]``) are the finding's; a variant's replace them."""
    f = make("nvidia-smi-not-installed")
    assert f.fix == BOOK.spec("nvidia-smi-not-installed").fix
    assert f.fix[0].startswith("lspci | grep -i nvidia") and len(f.fix) == 3
    plain = make("gpu-launch-work-count-check-failed", line="l", count="0")
    overflow = make("gpu-launch-work-count-check-failed", variant="overflow", line="l")
    assert overflow.fix and plain.fix and overflow.fix != plain.fix
    assert make("nvidia-driver-missing", count=1).fix == ()  # a row without: none given


def test_make_renders_a_family_id_and_a_variant() -> None:
    f = make("cuinit-{error}", variant="no-gpu", error="no-device", name="CUDA_ERROR_NO_DEVICE",
             num="100", why="no GPU", category="gpu-not-visible")
    assert f.id == "cuinit-no-device" and f.harmless and f.area == "log"
    assert f.severity is Severity.INFO
    assert BOOK.spec_of(f.id) is BOOK.spec("cuinit-{error}")


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: make("no-such-finding"), "no finding"),
        (lambda: make("nvidia-driver-missing"), "fields missing"),
        (lambda: make("nvidia-driver-missing", count=1, extra=2), "not used"),
        (lambda: make("nvidia-driver-missing", count=1, severity=Severity.INFO), "severity"),
        (lambda: make("nvidia-driver-missing", count=1, cause="x"), "cause template"),
        (lambda: make("nvidia-driver-missing", count=1, doc="tf-pip"), "doc"),
        (lambda: make("nvidia-driver-missing", count=1, doc_url="https://x"), "doc_from"),
        (lambda: make("nvidia-driver-missing", count=1, category="pip"), "category"),
        (lambda: make("nvidia-driver-missing", count=1, variant="wsl9"), "no variant"),
        (lambda: make("nvidia-driver-missing", count=1, fix="nvidia-smi"), "not a str"),
        (lambda: make("nvidia-smi-not-installed", fix=("nvidia-smi",)), "has fix lines"),
        (lambda: make("driver-too-old-for-cuda", driver="1", tf="2", cuda="3", floor="4",
                      rule_cuda="5", column="Linux", ref="r", doc="tf-pip"), "doc_url="),
    ],
)
def test_make_refuses_what_the_row_does_not_allow(call: object, message: str) -> None:
    assert callable(call)
    with pytest.raises(CatalogueError, match=message):
        call()


def test_a_family_id_must_render_kebab_case() -> None:
    with pytest.raises(ValueError, match="kebab-case"):
        make("cuinit-{error}", error="NO_DEVICE", name="n", num="1", why="w",
             category="gpu-not-visible", variant="no-gpu")


# ---------------------------------------------------------------------- the loader


def _data() -> dict[str, object]:
    """A fresh parse of findings.toml (a deep copy: the edits below must not leak)."""
    return copy.deepcopy(read_table(data_dir(), "findings"))


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda rows: rows.append(dict(rows[0])), "duplicate id"),
        (lambda rows: rows[0].update(colour="red"), "unknown keys"),
        (lambda rows: rows[0].update(severity="fatal"), "unknown severity"),
        (lambda rows: rows[0].update(title="{0} positional"), "plain lower-case name"),
        (lambda rows: rows[0].update(title="uses {fix}"), "make\\(\\) keywords"),
        (lambda rows: rows[0].update(fix="nvidia-smi"), "'fix' must be a list of strings"),
        (lambda rows: rows[0].update(general_cause="a {why}"), "plain text, not a template"),
        (lambda rows: rows[0].update(general_fix=["run {cmd}"]), "plain text, not a template"),
        (lambda rows: rows[0].update(summary="   "), "'summary' is empty"),
        (lambda rows: rows[0].update(remedy="run {0}"), "plain lower-case name"),
        (lambda rows: rows[0].update(summary=["a list"]), "'summary' must be a string"),
        (lambda rows: next(r for r in rows if r.get("defers_to")).pop("deferred_title"),
         "deferred_title"),
    ],
)
def test_the_loader_refuses_a_malformed_row(edit: object, message: str) -> None:
    data = _data()
    rows = data["finding"]
    assert isinstance(rows, list) and callable(edit)
    edit(rows)
    with pytest.raises(KnowledgeError, match=message):
        catalogue_from_data(data).specs  # noqa: B018 - building every row checks it


def test_the_loader_refuses_a_newer_schema() -> None:
    data = _data()
    data["schema_version"] = "2.0"
    with pytest.raises(KnowledgeError, match="schema_version"):
        catalogue_from_data(data)


# ---------------------------------------------------------------------- the checks bite


def _variant(spec: FindingSpec, name: str, area: str = "log") -> FindingSpec:
    """``spec`` with one more variant: itself under ``name``, in report section ``area``."""
    extra = dataclasses.replace(spec, variant=name, variants=MappingProxyType({}), area=area)
    return dataclasses.replace(spec, variants=MappingProxyType({**spec.variants, name: extra}))


def test_each_check_catches_a_broken_row() -> None:
    """Break one thing per check and watch the check report it."""
    row = BOOK.spec("nvidia-driver-missing")
    no_gpu = BOOK.spec("tensorflow-sees-no-gpu")
    assert check_id(dataclasses.replace(row, id="Nvidia_Driver"))
    assert check_id(dataclasses.replace(row, id="cuinit-{error}_x"))
    assert check_id(_variant(row, "Bad Name"))
    assert check_category_area(dataclasses.replace(row, category="gpu"))
    assert check_category_area(dataclasses.replace(row, categories=("nope",)))
    assert check_category_area(_variant(row, "v", area="kitchen"))
    assert check_references(dataclasses.replace(row, supersedes=("no-such-id",)), BOOK)
    assert check_references(dataclasses.replace(row, supersedes=(row.id,)), BOOK)
    assert check_references(dataclasses.replace(no_gpu, deferred_title=None), BOOK)
    assert check_references(dataclasses.replace(row, aliases=("wsl1-has-no-gpu",)), BOOK)
    assert check_references(dataclasses.replace(row, aliases=("cuinit-foo",)), BOOK)
    assert check_docs(dataclasses.replace(row, doc="no-such-link"), LINKS)
    assert check_docs(dataclasses.replace(row, doc_from_knowledge=True), LINKS)
    assert check_fix(dataclasses.replace(row, fix=("nvidia-smi ",)))
    assert check_fix(dataclasses.replace(row, variants=MappingProxyType(
        {"v": dataclasses.replace(row, variant="v", fix=("",))})))
    why = BOOK.spec("xla-cannot-compile-function")
    assert check_plain_meaning(why) == []
    assert check_plain_meaning(dataclasses.replace(why, general_cause=None))
    assert check_plain_meaning(dataclasses.replace(why, general_fix=()))
    assert check_plain_meaning(row) == []
    bare = dataclasses.replace(row.variants["libcuda-not-in-process"], general_cause=None)
    assert check_plain_meaning(dataclasses.replace(row, variants=MappingProxyType(
        {**row.variants, "libcuda-not-in-process": bare})))
    assert check_explained(row) == []
    assert check_explained(dataclasses.replace(row, summary=None))
    assert check_explained(dataclasses.replace(row, remedy="  "))
    assert check_explained(dataclasses.replace(row, summary="{count} devices"))
    assert check_explained(dataclasses.replace(row, remedy="Install the driver {driver} first"))
    assert check_explained(dataclasses.replace(
        row, summary=row.summary + " Seen in case 12 of the holdout set."))
    assert check_explained(dataclasses.replace(row, summary=row.title))
    bad = dataclasses.replace(row.variants["from-log"], summary="{why}")
    assert check_explained(dataclasses.replace(row, variants=MappingProxyType(
        {**row.variants, "from-log": bad})))
    assert check_made(dataclasses.replace(row, id="never-made"), MADE)
    assert check_reached(dataclasses.replace(row, id="never-tested-anywhere"), TEST_TEXT)
    # a call site: a field too few, a field too many, a variant the row lacks
    call = next(c for c in CALLS if c.ids == ("nvidia-driver-missing",))
    assert check_call(call, BOOK) == []
    assert check_call(dataclasses.replace(call, keywords=call.keywords - {"count"}), BOOK)
    assert check_call(dataclasses.replace(call, keywords=call.keywords | {"gpu"}), BOOK)
    assert check_call(dataclasses.replace(call, variants=("wsl9",)), BOOK)
    assert check_call(dataclasses.replace(call, keywords=call.keywords | {"cause"}), BOOK)
    fixed = next(c for c in CALLS if c.ids == ("nvidia-smi-not-installed",))
    assert check_call(fixed, BOOK) == []
    assert check_call(dataclasses.replace(fixed, keywords=fixed.keywords | {"fix"}), BOOK)
    assert check_call(dataclasses.replace(call, severities=(Severity.OK,)), BOOK)
    assert check_call(dataclasses.replace(
        call, literals=MappingProxyType({"doc": ("tf-pip",)})), BOOK)
    assert check_call(dataclasses.replace(call, ids=("no-such-id",)), BOOK)
    assert check_call(dataclasses.replace(call, ids=()), BOOK)


def test_family_aliases_are_never_rendered() -> None:
    """``cuinit-unnamed-code`` (now ``cuinit-unlisted-code``'s alias) matches the
    ``cuinit-{error}`` pattern, but that family renders only CUresult names
    (``CUDA_ERROR_NO_DEVICE`` -> ``cuinit-no-device``, status_codes.toml): none gives it."""
    from tfgpu.knowledge import load_knowledge

    rendered = {"cuinit-" + re.sub(r"[^a-z0-9]+", "-",
                                   r.name.replace("CUDA_ERROR_", "").lower()).strip("-")
                for r in load_knowledge().cuda_errors}
    assert "cuinit-no-device" in rendered
    assert not FAMILY_ALIASES & rendered
    for alias in FAMILY_ALIASES:
        assert BOOK.spec_of(alias) is BOOK.spec("cuinit-{error}")
        assert any(alias in s.aliases for s in BOOK.specs.values())
