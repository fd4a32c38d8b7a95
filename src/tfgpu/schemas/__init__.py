"""JSON Schemas (draft 2020-12) of every ``--json`` document tfgpu writes.

One file per document, shipped as package data: ``<name>.schema.json`` for ``doctor``,
``facts``, ``explain``, ``plan``, ``matrix``, ``verify``, ``bench``, ``fleet`` and
``finding`` (``tfgpu explain --finding ID --json``).  Each has an ``$id`` of the form
``urn:tfgpu:schema:<name>:<version>`` and ``x-tfgpu-schema-version``, the
``schema_version`` its documents carry.  The files are derived from the code that
writes the documents by ``scripts/make_schemas.py``; ``docs/json-schema.md`` describes
them.  Breaking a schema (a key renamed or removed, a type narrowed) bumps its major
version.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

#: Schema names, in the order ``tfgpu schema`` lists them.
NAMES: tuple[str, ...] = ("doctor", "facts", "explain", "plan", "matrix", "verify", "bench",
                          "fleet", "finding")

#: What each schema describes (the command that writes the document).
DESCRIPTIONS: dict[str, str] = {
    "doctor": "tfgpu doctor --json",
    "facts": "tfgpu facts (also the doctor's `facts` key and --facts input)",
    "explain": "tfgpu explain --json",
    "plan": "tfgpu plan --format json",
    "matrix": "tfgpu matrix --json",
    "verify": "tfgpu verify --json",
    "bench": "tfgpu bench --json (and --save-json)",
    "fleet": "tfgpu fleet --json",
    "finding": "tfgpu explain --finding ID --json",
}


def schema_text(name: str) -> str:
    """Return the text of schema ``name`` as shipped (JSON, ends with a newline).

    Raises:
        KeyError: ``name`` is not one of :data:`NAMES`.
    """
    if name not in NAMES:
        raise KeyError(name)
    return resources.files(__name__).joinpath(f"{name}.schema.json").read_text(
        encoding="utf-8")


def load_schema(name: str) -> dict[str, Any]:
    """Return schema ``name`` as a dict.

    Raises:
        KeyError: ``name`` is not one of :data:`NAMES`.
    """
    data = json.loads(schema_text(name))
    assert isinstance(data, dict)
    return data


def schema_version(name: str) -> str:
    """The ``schema_version`` (``"MAJOR.MINOR"``) that schema ``name`` describes.

    Raises:
        KeyError: ``name`` is not one of :data:`NAMES`.
    """
    return str(load_schema(name)["x-tfgpu-schema-version"])
