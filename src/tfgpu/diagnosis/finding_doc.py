"""What one finding id means, for a reader of the catalogue: ``tfgpu explain --finding ID``.

Like ``rustc --explain E0382`` or ShellCheck's SC pages: the id a report printed (a plain
id, an id of a family such as ``library-not-loaded-libcudnn-so-8``, or an old alias) is
looked up in the finding catalogue (``knowledge/data/findings.toml``,
:mod:`tfgpu.diagnosis.catalogue`), and its row is laid out as a plain document: severity,
category, title, what it means (``summary``), what tfgpu tells the user to do
(``remedy``), its variants, its documentation link and its sources (the comments the row
carries in the data file: the code, threads and versions each fact was read from).

Nothing here is rendered into a finding: the texts are the catalogue's documentation keys.
"""

from __future__ import annotations

import difflib
import os
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tfgpu.diagnosis.catalogue import TABLE, Catalogue, FindingSpec, load_catalogue

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

#: Most close matches an unknown id lists.
MAX_SUGGESTIONS = 5
#: Version of the ``tfgpu explain --finding ID --json`` layout (:func:`document`; schema
#: ``finding``, ``tfgpu schema finding``).
FINDING_DOC_SCHEMA_VERSION = "1.0"


class UnknownFindingError(LookupError):
    """No catalogue row makes the id asked for.

    Attributes:
        finding_id: the id as given.
        suggestions: the closest known ids (rows' ids, family ids and aliases), best first.
    """

    def __init__(self, finding_id: str, suggestions: tuple[str, ...], why: str = "") -> None:
        """``finding_id``: the id asked for; ``suggestions``: close known ids, best first;
        ``why``: what is wrong with an id that looks like a family's (its placeholder's value
        is none the family takes), or empty."""
        self.finding_id = finding_id
        self.suggestions = suggestions
        hint = f"; did you mean: {', '.join(suggestions)}?" if suggestions else ""
        super().__init__(f"no finding {finding_id!r} in tfgpu's catalogue"
                         + (f" ({why})" if why else "") + hint)


@dataclass(frozen=True, slots=True)
class Lookup:
    """The row an id names.

    Attributes:
        asked: the id asked for, in lower case as the catalogue writes ids
            (``library-not-loaded-libcudnn-so-8``).
        spec: the catalogue row (a family's row for a rendered id).
        via: how the id was matched: ``"id"`` (the row's own id), ``"family"`` (an id of a
            family row) or ``"alias"`` (a former id of the row).
    """

    asked: str
    spec: FindingSpec
    via: str


def known_ids(book: Catalogue | None = None) -> tuple[str, ...]:
    """Every id the catalogue knows, in file order: row ids (family ids with their
    ``{field}`` placeholders) and their aliases."""
    book = book or load_catalogue()
    out: list[str] = []
    for spec in book.specs.values():
        out.append(spec.id)
        out.extend(spec.aliases)
    return tuple(dict.fromkeys(out))


def lookup(finding_id: str, book: Catalogue | None = None) -> Lookup:
    """The catalogue row of ``finding_id``: a row's id, an id a family row renders
    (``cuinit-no-device`` -> ``cuinit-{error}``), or a row's alias.

    Raises:
        UnknownFindingError: no row makes it; it carries up to :data:`MAX_SUGGESTIONS`
            close matches (:func:`difflib.get_close_matches` over :func:`known_ids`).
        KnowledgeError: ``findings.toml`` cannot be read (a broken install).
    """
    book = book or load_catalogue()
    # the catalogue's ids are lower case: one typed or copied in upper case is the same id
    fid = finding_id.strip().lower()
    if fid in book.ids:
        return Lookup(fid, book.spec(fid), "id")
    for spec in book.specs.values():
        if fid in spec.aliases:
            return Lookup(fid, spec, "alias")
    found = book.spec_of(fid)
    if found is not None:
        why, close = _not_a_member(found.id, fid)
        if why:
            raise UnknownFindingError(
                finding_id, tuple(dict.fromkeys((*close, *suggest(fid, book))))[
                    :MAX_SUGGESTIONS], why)
        return Lookup(fid, found, "family")
    raise UnknownFindingError(finding_id, suggest(fid, book))


def _not_a_member(family: str, fid: str) -> tuple[str, tuple[str, ...]]:
    """Why ``fid`` is no id of ``family`` although it has the family's form, for a family
    whose placeholder takes one of a closed set of values, and the family's ids closest to
    it; ``("", ())`` when it is one, or the family's values are open (a library's file name,
    a device id).

    ``cuinit-{error}``: the error is a CUresult name of ``status_codes.toml`` (cuda.h ``enum
    CUresult``) without its ``CUDA_ERROR_`` prefix, in the id's form (checks/driver.py
    ``_cuinit``: ``CUDA_ERROR_NO_DEVICE`` -> ``cuinit-no-device``); a piece of one (a
    terminal's wrap cut "CUDA_ERROR_C" / "OMPAT_...") or a typo is not."""
    if family != "cuinit-{error}":
        return "", ()
    from tfgpu.diagnosis.checks._common import slug
    from tfgpu.knowledge import load_knowledge

    known = {slug(r.name.replace("CUDA_ERROR_", "")) for r in load_knowledge().cuda_errors
             if r.name.startswith("CUDA_")}
    error = fid[len("cuinit-"):]
    if error in known:
        return "", ()
    close = difflib.get_close_matches(error, sorted(known), n=3, cutoff=0.6)
    return (f"{error!r} is no CUresult name in tfgpu's table (status_codes.toml)",
            tuple(f"cuinit-{c}" for c in close))


def suggest(finding_id: str, book: Catalogue | None = None) -> tuple[str, ...]:
    """Up to :data:`MAX_SUGGESTIONS` known ids close to ``finding_id``, best first (a
    family is compared by its id with the placeholders taken out, so that
    ``library-not-loded-x`` finds ``library-not-loaded-{library}``, and named with its
    fields as ``<field>``: ``library-not-loaded-<library>``)."""
    finding_id = finding_id.strip().lower()
    book = book or load_catalogue()
    ids = known_ids(book)
    plain = {_without_fields(i): i for i in ids}
    # (words with spaces between them are a phrase, never an id: the word search below)
    found = ([] if " " in finding_id else
             difflib.get_close_matches(finding_id, list(plain), n=MAX_SUGGESTIONS, cutoff=0.6))
    # a concrete id of a family is longer than the family's id without its fields: compare
    # its first part too
    prefix = [p for p in plain
              if "{" in plain[p] and finding_id.startswith(p[: max(4, len(p) - 3)])]
    out = tuple(_as_typed(plain[p]) for p in dict.fromkeys((*found, *prefix)))
    if out or len(finding_id) < 3:
        return out[:MAX_SUGGESTIONS]
    # a word rather than an id ("oom", "cudnn"): the ids holding it, else the rows whose
    # title holds it as a word
    words = [part for w in re.split(r"[\s_-]+", finding_id) if w
             for part in _ABBREVIATIONS.get(w, (w,))]
    holding = [i for i in ids if all(w in i for w in words)]
    if not holding:
        rx = [re.compile(rf"(?i)\b{re.escape(w)}\b") for w in words]
        holding = [spec.id for spec in book.specs.values()
                   if all(r.search(spec.title or "") for r in rx)]
    return tuple(_as_typed(i) for i in holding)[:MAX_SUGGESTIONS]


#: Words users type for what the ids spell out ("gpu-oom" -> the ids holding gpu, out, of
#: and memory).
_ABBREVIATIONS: dict[str, tuple[str, ...]] = {
    "oom": ("out", "of", "memory"),
    "cc": ("compute", "capability"),
    "smi": ("nvidia", "smi"),
}


def _as_typed(fid: str) -> str:
    """A family's id as a reader would type one of its ids: each ``{field}`` written
    ``<field>`` (``library-not-loaded-{library}`` -> ``library-not-loaded-<library>``), the
    part a report fills in; a plain id as it is."""
    return fid.replace("{", "<").replace("}", ">")


def _without_fields(fid: str) -> str:
    """``library-not-loaded-{library}`` -> ``library-not-loaded-``."""
    out, depth = [], 0
    for ch in fid:
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        elif depth == 0:
            out.append(ch)
    return "".join(out)


def row_sources(finding_id: str, folder: str | Traversable | None = None) -> tuple[str, ...]:
    """The comments ``findings.toml`` carries for the row ``finding_id`` (its id as written
    there): the comment block just above its ``[[finding]]`` line and the comments inside
    the row (its variants' included), each without its ``#``, in file order.  They name
    where each fact was read (source files, versions, issue threads).

    Args:
        finding_id: the row's id (a family's id template).
        folder: the data folder (default: the packaged one).

    Returns:
        The comment texts; empty when the row has none (or the file cannot be read).
    """
    from tfgpu.knowledge._load import packaged_folder

    where = folder if folder is not None else packaged_folder()
    try:
        if isinstance(where, str):
            with open(os.path.join(where, f"{TABLE}.toml"), encoding="utf-8") as fh:
                lines = fh.read().splitlines()
        else:
            lines = where.joinpath(f"{TABLE}.toml").read_text(encoding="utf-8").splitlines()
    except OSError:
        return ()
    return _comments_of(lines, finding_id)


def _comments_of(lines: list[str], finding_id: str) -> tuple[str, ...]:
    """The comments of row ``finding_id`` in the lines of ``findings.toml``."""
    id_line = f'id = "{finding_id}"'
    at = next((i for i, line in enumerate(lines) if line.strip() == id_line), None)
    if at is None:
        return ()
    start = at
    while start > 0 and not lines[start].startswith("[[finding]]"):
        start -= 1
    end = at + 1
    while end < len(lines) and not lines[end].startswith("[[finding]]"):
        end += 1
    # the comment block just above the next row belongs to that row (and a section rule
    # "# ====" ends the block above this one)
    tail = end
    while tail > at + 1 and (lines[tail - 1].startswith("#") or not lines[tail - 1].strip()):
        tail -= 1
    head = start
    while head > 0 and lines[head - 1].startswith("#") and "=====" not in lines[head - 1]:
        head -= 1
    out: list[str] = []
    for i in (*range(head, start), *range(start, tail)):
        text = lines[i].strip()
        if text.startswith("#"):
            out.append(text.lstrip("#").strip())
        elif "   # " in text and not text.startswith('"'):
            out.append(text.split("   # ", 1)[1].strip())  # a key's trailing comment
    return tuple(t for t in out if t)


def entry(found: Lookup, book: Catalogue | None = None) -> dict[str, object]:
    """The document ``tfgpu explain --finding`` prints (``--json`` as it is).

    Keys: ``id`` (as asked), ``row`` (the row's id: a family's id template), ``matched``
    (``id``, ``family`` or ``alias``), ``severity`` and ``severities`` (others a check may
    give: the row's and its variants'), ``category`` and ``categories`` (the same),
    ``area``, ``title`` (its template), ``summary``, ``remedy``, ``fix`` (the row's
    constant fix lines; empty when the check computes them), ``harmless``, ``variants``
    (name, title, severity, and summary, remedy, category and fix lines where the variant
    has its own), ``doc`` (the link's URL, or ``None``), ``doc_from_knowledge``,
    ``aliases``, ``supersedes`` and ``sources`` (:func:`row_sources`).

    Raises:
        KnowledgeError: ``findings.toml`` or ``docs.toml`` cannot be read.
    """
    spec = found.spec
    variants = []
    for name, v in spec.variants.items():
        item: dict[str, object] = {"name": name, "title": v.title, "severity": v.severity.value}
        if v.summary != spec.summary:
            item["summary"] = v.summary
        if v.remedy != spec.remedy:
            item["remedy"] = v.remedy
        if v.category != spec.category:
            item["category"] = v.category
        if v.fix and v.fix != spec.fix:
            item["fix"] = list(v.fix)
        variants.append(item)
    return {
        "id": found.asked,
        "row": spec.id,
        "matched": found.via,
        "severity": spec.severity.value,
        # the others a check may give: the row's own and its variants' (a variant's default)
        "severities": list(dict.fromkeys(
            s.value for s in (*spec.severities, *(v.severity for v in spec.variants.values()))
            if s is not spec.severity)),
        "category": spec.category,
        "categories": list(dict.fromkeys(
            c for c in (*spec.categories, *(v.category for v in spec.variants.values()))
            if c != spec.category)),
        "area": spec.area,
        "title": spec.title,
        "summary": spec.summary,
        "remedy": spec.remedy,
        "fix": list(spec.fix),
        "harmless": spec.harmless,
        "variants": variants,
        "doc": _doc_url(spec),
        "doc_from_knowledge": spec.doc_from_knowledge,
        "aliases": list(spec.aliases),
        "supersedes": list(spec.supersedes),
        "sources": list(row_sources(spec.id)),
    }


def document(found: Lookup, book: Catalogue | None = None) -> dict[str, object]:
    """The ``--json`` document of ``tfgpu explain --finding``: ``schema_version``
    (:data:`FINDING_DOC_SCHEMA_VERSION`), ``tfgpu_version``, ``command`` (``"explain
    --finding"``) and ``finding`` (:func:`entry`).

    Raises:
        KnowledgeError: ``findings.toml`` or ``docs.toml`` cannot be read.
    """
    from tfgpu._version import __version__

    return {"schema_version": FINDING_DOC_SCHEMA_VERSION, "tfgpu_version": __version__,
            "command": "explain --finding", "finding": entry(found, book)}


def _doc_url(spec: FindingSpec) -> str | None:
    """The URL of the row's ``docs.toml`` link (``None``: none, or it comes from the
    knowledge row the check used)."""
    if spec.doc is None:
        return None
    from tfgpu.knowledge.docs import url

    return url(spec.doc)


__all__ = [
    "FINDING_DOC_SCHEMA_VERSION",
    "MAX_SUGGESTIONS",
    "Lookup",
    "UnknownFindingError",
    "document",
    "entry",
    "known_ids",
    "lookup",
    "row_sources",
    "suggest",
]
