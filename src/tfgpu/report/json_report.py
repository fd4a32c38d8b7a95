"""JSON renderer: one document on stdout with a stable, documented schema.

Schema (``schema_version`` "1.4"; 1.1 added ``aliases``, 1.3 ``verdict.program_failed``,
1.4 the finding category ``model-code``),
documented in ``docs/json-schema.md``::

    {
      "schema_version": "1.0",
      "tfgpu_version": "0.1.0",
      "knowledge_version": "2026-11-30",
      "command": "doctor",
      "verdict": {"gpu_usable": false, "headline": "...", "problems": 1, "program_failed": false},
      "findings": [
        {"id": "...", "severity": "error", "category": "...", "area": "...",
         "title": "...", "evidence": [{"source": "...", "text": "...", "line": 3}],
         "cause": "...", "fix": ["..."], "doc": "...", "knowledge_ref": "...",
         "harmless": false, "aliases": []}
      ],
      "meta": {"...": "..."},
      ... command-specific keys (for example "facts" for the doctor)
    }
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from tfgpu._version import __version__
from tfgpu.findings import Finding, Report

REPORT_SCHEMA_VERSION = "1.4"


def finding_to_dict(f: Finding) -> dict[str, Any]:
    """Return the JSON form of one finding (see the module docstring)."""
    return {
        "id": f.id,
        "severity": f.severity.value,
        "category": f.category,
        "area": f.area,
        "title": f.title,
        "evidence": [{"source": e.source, "text": e.text, "line": e.line} for e in f.evidence],
        "cause": f.cause,
        "fix": list(f.fix),
        "doc": f.doc,
        "knowledge_ref": f.knowledge_ref,
        "harmless": f.harmless,
        "aliases": list(f.aliases),
    }


def report_to_dict(report: Report, extra: Mapping[str, Any] | None = None, *,
                   knowledge_version: str | None = None) -> dict[str, Any]:
    """Return the whole JSON document for ``report``; ``extra`` adds command-specific keys.

    Args:
        report: what to write.
        extra: command-specific top-level keys.
        knowledge_version: the ``knowledge_version`` to write (the caller reads it: a
            renderer loads no knowledge); default: the report header's ``knowledge``
            (the doctor's names it), else ``"unavailable"``.

    Raises:
        ValueError: an ``extra`` key would overwrite a schema key.
    """
    kv = knowledge_version or report.meta.get("knowledge") or "unavailable"
    doc: dict[str, Any] = {
        "schema_version": REPORT_SCHEMA_VERSION,
        "tfgpu_version": __version__,
        "knowledge_version": kv,
        "command": report.command,
        "verdict": {
            "gpu_usable": report.verdict.gpu_usable,
            "headline": report.verdict.headline,
            "problems": report.verdict.problems,
            # report 1.3: the log shows the program died (explain; whatever the findings)
            "program_failed": report.verdict.program_failed,
        },
        "findings": [finding_to_dict(f) for f in report.findings],
        "meta": dict(report.meta),
    }
    if extra:
        for key, value in extra.items():
            if key in doc:
                raise ValueError(f"extra key {key!r} would overwrite a schema key")
            doc[key] = value
    return doc


def render_json(report: Report, extra: Mapping[str, Any] | None = None, *,
                knowledge_version: str | None = None) -> str:
    """Render ``report`` as indented JSON text (ends without a newline); arguments as for
    :func:`report_to_dict`."""
    return json.dumps(report_to_dict(report, extra, knowledge_version=knowledge_version),
                      indent=2, ensure_ascii=False)
