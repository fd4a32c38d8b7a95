"""Documentation links, keyed: the one place a URL tfgpu prints is written down.

The links live in ``data/docs.toml`` (``[docs.<key>]`` tables with ``url``, ``title`` and
``replaces``, the code constants each replaced).  Findings name a key in their catalogue
row (``findings.toml``: ``doc``/``docs``; see :mod:`tfgpu.diagnosis.catalogue`); fix
lines, plan steps and runtime choices call :func:`url`.  The file is read once, on first
use, through the knowledge parse cache (:func:`tfgpu.knowledge._load.read_table`), so a
command that prints no link never reads it.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from tfgpu.knowledge._load import packaged_table
from tfgpu.knowledge._rows import KnowledgeError

#: The data file (``knowledge/data/docs.toml``), without ``.toml``.
TABLE = "docs"


@dataclass(frozen=True, slots=True)
class DocLink:
    """One documentation link.

    Attributes:
        key: kebab-case key (``"tf-pip"``); findings and code name the link by it.
        url: the address, printed as it is (``"https://www.tensorflow.org/install/pip"``).
        title: what the page is, with its publisher.
        replaces: the code constants (or inline literals) the link was lifted from,
            relative to ``src/tfgpu`` (``"rules/_common.DOC_PIP"``); provenance only.
    """

    key: str
    url: str
    title: str
    replaces: tuple[str, ...] = ()


def _link(key: str, raw: object) -> DocLink:
    where = f"{TABLE}.toml docs.{key}"
    if not isinstance(raw, dict):
        raise KnowledgeError(f"{where}: must be a table")
    unknown = set(raw) - {"url", "title", "replaces"}
    if unknown:
        raise KnowledgeError(f"{where}: unknown keys {sorted(unknown)}")
    url_, title, replaces = raw.get("url"), raw.get("title"), raw.get("replaces", [])
    if not isinstance(url_, str) or not url_.startswith(("https://", "http://")):
        raise KnowledgeError(f"{where}: 'url' must be an http(s) address")
    if not isinstance(title, str) or not title:
        raise KnowledgeError(f"{where}: 'title' must be a non-empty string")
    if not isinstance(replaces, list) or not all(isinstance(r, str) for r in replaces):
        raise KnowledgeError(f"{where}: 'replaces' must be a list of strings")
    return DocLink(key=key, url=url_, title=title, replaces=tuple(replaces))


@functools.cache
def _entries() -> Mapping[str, object]:
    raw = packaged_table(TABLE).get("docs")
    if not isinstance(raw, dict) or not raw:
        raise KnowledgeError(f"{TABLE}.toml: the [docs] table is missing")
    return MappingProxyType(raw)


def links() -> Mapping[str, DocLink]:
    """Every link of ``docs.toml``, by key, in file order (the file is read once per
    process).

    Raises:
        KnowledgeError: the file is missing, not valid TOML, or an entry lacks an
            http(s) ``url`` or a ``title`` (a broken install or a bad edit).
    """
    return MappingProxyType({key: link(key) for key in _entries()})


@functools.cache
def link(key: str) -> DocLink:
    """The link named ``key`` (``"tf-pip"``); only that entry is checked, so a command
    that prints two links builds two.

    Raises:
        KeyError: no such key (a programming error: keys are literals in the code and
            in ``findings.toml``, and ``tests/knowledge/test_findings_catalogue.py``
            checks that every one resolves).
        KnowledgeError: ``docs.toml`` cannot be read, or this entry is malformed.
    """
    entry = _entries().get(key)
    if entry is None:
        raise KeyError(f"no documentation link {key!r} in {TABLE}.toml")
    return _link(key, entry)


def url(key: str) -> str:
    """The address of link ``key``: ``url("tf-pip")`` -> ``"https://www.tensorflow.org/install/pip"``.

    Raises:
        KeyError: no such key (see :func:`link`).
        KnowledgeError: ``docs.toml`` cannot be read.
    """
    return link(key).url


__all__ = ["TABLE", "DocLink", "link", "links", "url"]
