"""Derive the JSON Schemas (draft 2020-12) of every ``--json`` document from the code.

The schemas shipped in ``src/tfgpu/schemas/*.schema.json`` are written by this script:
each dataclass that a document serialises (``HostFacts``, ``Finding``, ``Plan``,
``VerifyResult``'s checks, the knowledge rows ``tfgpu matrix`` prints) is read field by
field (its type hints), and the enums come from the code's own lists (``Severity``,
``CATEGORIES``, ``AREAS``, ``ProbeStatus``, ``Route``, ``OUTCOMES``...).  The parts that
are plain dicts built by hand (the bench document, the explain ``input`` block, the
matrix cross-references) are written out below, next to the function that builds them.

``tests/test_json_schemas.py`` fails when the shipped files differ from what this script
writes today, so a change of a serialised dataclass shows up as a schema change::

    PYTHONPATH=src python scripts/make_schemas.py          # rewrite the files
    PYTHONPATH=src python scripts/make_schemas.py --check  # exit 1 if any is stale

Breaking a schema (renaming or removing a key, narrowing a type) means bumping the major
``schema_version`` of that document (docs/json-schema.md).
"""

from __future__ import annotations

import dataclasses
import datetime
import enum
import json
import sys
import types
import typing
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tfgpu.cli.cmd_matrix import MATRIX_SCHEMA_VERSION
from tfgpu.diagnosis.finding_doc import FINDING_DOC_SCHEMA_VERSION
from tfgpu.facts.host import FACTS_SCHEMA_VERSION, HostFacts
from tfgpu.findings import AREAS, CATEGORIES, Evidence, Severity
from tfgpu.fleet.model import FLEET_SCHEMA_VERSION, NodeStatus
from tfgpu.knowledge._rows import (
    AndCudaPin,
    GpuRow,
    MinDriver,
    PlatformFact,
    TestedConfig,
    WheelArchsRow,
)
from tfgpu.knowledge.matrix import SECTIONS
from tfgpu.plan.model import Alternative, Plan, Reason, Shell, Step
from tfgpu.plan.render import PLAN_SCHEMA_VERSION
from tfgpu.report.json_report import REPORT_SCHEMA_VERSION
from tfgpu.verify import OUTCOMES, DeviceCheck

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "tfgpu" / "schemas"
DRAFT = "https://json-schema.org/draft/2020-12/schema"

JSON = dict[str, Any]


def _id(name: str, version: str) -> str:
    return f"urn:tfgpu:schema:{name}:{version}"


def _version_pattern(version: str) -> JSON:
    major = version.split(".", 1)[0]
    return {"type": "string", "pattern": rf"^{major}\.[0-9]+$",
            "description": f"MAJOR.MINOR of this layout; this schema describes {version} "
                           f"and reads any {major}.x (minor versions only add keys)"}


class Deriver:
    """Turns type hints into schema fragments; dataclasses become ``$defs`` entries."""

    def __init__(self, *, extra_props: Mapping[type, JSON] | None = None,
                 drop: Mapping[type, tuple[str, ...]] | None = None,
                 names: Mapping[type, str] | None = None) -> None:
        self.defs: dict[str, JSON] = {}
        self.extra_props = dict(extra_props or {})
        self.drop = dict(drop or {})
        self.names = dict(names or {})

    def name_of(self, cls: type) -> str:
        return self.names.get(cls, cls.__name__)

    def of(self, tp: Any) -> JSON:
        """Schema of the annotation ``tp``."""
        origin = typing.get_origin(tp)
        args = typing.get_args(tp)
        if tp is Any:
            return {}
        if tp is type(None):
            return {"type": "null"}
        if tp is bool:
            return {"type": "boolean"}
        if tp is int:
            return {"type": "integer"}
        if tp is float:
            return {"type": "number"}
        if tp is str:
            return {"type": "string"}
        if tp is datetime.date:
            return {"type": "string", "format": "date"}
        if origin in (typing.Union, types.UnionType):
            parts = [self.of(a) for a in args]
            simple = [p for p in parts if set(p) == {"type"} and isinstance(p["type"], str)]
            if len(simple) == len(parts):
                return {"type": [p["type"] for p in parts]}
            return {"anyOf": parts}
        if origin is typing.Literal:
            return {"enum": list(args)}
        if origin in (tuple, list):
            if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
                return {"type": "array", "items": self.of(args[0])}
            if origin is list and args:
                return {"type": "array", "items": self.of(args[0])}
            return {"type": "array", "prefixItems": [self.of(a) for a in args],
                    "minItems": len(args), "maxItems": len(args)}
        if origin in (dict, Mapping) or origin is getattr(typing, "Mapping", None) or (
                isinstance(origin, type) and issubclass(origin, Mapping)):
            return {"type": "object", "additionalProperties": self.of(args[1]) if args else {}}
        if isinstance(tp, type) and issubclass(tp, enum.Enum):
            return {"type": "string", "enum": [m.value for m in tp]}
        if isinstance(tp, type) and dataclasses.is_dataclass(tp):
            return {"$ref": f"#/$defs/{self.define(tp)}"}
        raise TypeError(f"no schema for {tp!r}")

    def define(self, cls: type) -> str:
        name = self.name_of(cls)
        if name in self.defs:
            return name
        self.defs[name] = {}  # placeholder against recursion
        hints = typing.get_type_hints(cls)
        props: dict[str, JSON] = {}
        # a key a minor version added (field metadata "since") is optional: a reader of any
        # 1.x document accepts the older ones that lack it
        later: set[str] = set()
        for f in dataclasses.fields(cls):
            if f.name in self.drop.get(cls, ()):
                continue
            props[f.name] = self.of(hints[f.name])
            if "since" in f.metadata:
                later.add(f.name)
        props.update(self.extra_props.get(cls, {}))
        doc = (cls.__doc__ or "").strip().splitlines()
        self.defs[name] = {
            "type": "object",
            "description": f"{cls.__module__}.{cls.__qualname__}: {doc[0] if doc else ''}".strip(),
            "required": [p for p in props if p not in later],
            "properties": props,
        }
        return name


def _document(name: str, version: str, title: str, root: JSON, defs: Mapping[str, JSON]) -> JSON:
    out: JSON = {
        "$schema": DRAFT,
        "$id": _id(name, version),
        "title": title,
        "x-tfgpu-schema-version": version,
    }
    out.update(root)
    if defs:
        out["$defs"] = dict(sorted(defs.items()))
    return out


# --------------------------------------------------------------------------- facts
def facts_schema() -> JSON:
    """``tfgpu facts``: :meth:`HostFacts.to_dict` (every field, ``null`` when unknown)."""
    d = Deriver()
    name = d.define(HostFacts)
    root = dict(d.defs.pop(name))
    root["properties"] = dict(root["properties"])
    root["properties"]["schema_version"] = _version_pattern(FACTS_SCHEMA_VERSION)
    root["description"] = ("Host facts snapshot (tfgpu.facts.HostFacts.to_dict); "
                           "docs/json-schema.md#tfgpu-facts-facts-schema-10")
    return _document("facts", FACTS_SCHEMA_VERSION, "tfgpu facts", root, d.defs)


def _facts_defs() -> tuple[JSON, dict[str, JSON]]:
    """The facts document as a ``$defs`` entry (``#/$defs/HostFacts``) plus its defs."""
    doc = facts_schema()
    defs = dict(doc.pop("$defs"))
    for key in ("$schema", "$id", "title", "x-tfgpu-schema-version"):
        doc.pop(key)
    defs["HostFacts"] = doc
    return {"$ref": "#/$defs/HostFacts"}, defs


# --------------------------------------------------------------------------- report
def _report_defs() -> dict[str, JSON]:
    """Finding, Evidence, Verdict: :func:`tfgpu.report.json_report.finding_to_dict`."""
    d = Deriver()
    d.define(Evidence)
    finding: JSON = {
        "type": "object",
        "description": "tfgpu.findings.Finding (tfgpu.report.json_report.finding_to_dict)",
        "required": ["id", "severity", "category", "area", "title", "evidence", "cause",
                     "fix", "doc", "knowledge_ref", "harmless", "aliases"],
        "properties": {
            "id": {"type": "string", "pattern": r"^[a-z0-9]+(?:-[a-z0-9]+)*$",
                   "description": "stable kebab-case id (findings.toml row)"},
            "severity": {"type": "string", "enum": [s.value for s in Severity]},
            "category": {"type": "string", "enum": list(CATEGORIES)},
            "area": {"type": "string", "enum": list(AREAS)},
            "title": {"type": "string"},
            "evidence": {"type": "array", "items": {"$ref": "#/$defs/Evidence"}},
            "cause": {"type": "string"},
            "fix": {"type": "array", "items": {"type": "string"},
                    "description": "commands for this host's shell, or lines starting '# '"},
            "doc": {"type": ["string", "null"]},
            "knowledge_ref": {"type": ["string", "null"]},
            "harmless": {"type": "boolean"},
            "aliases": {"type": "array",
                        "items": {"type": "string", "pattern": r"^[a-z0-9]+(?:-[a-z0-9]+)*$"},
                        "description": "former ids of merged findings (report schema 1.1; "
                                       "kept for one schema version, docs/json-schema.md)"},
        },
    }
    defs = dict(d.defs)
    defs["Finding"] = finding
    defs["Verdict"] = {
        "type": "object",
        "description": "tfgpu.findings.Verdict",
        "required": ["gpu_usable", "headline", "problems"],
        "properties": {"gpu_usable": {"type": ["boolean", "null"],
                                      "description": "null: not known (report 1.2)"},
                       "headline": {"type": "string"},
                       "problems": {"type": "integer", "minimum": 0},
                       "program_failed": {
                           "type": "boolean",
                           "description": "report 1.3: the log shows the program died (a "
                                          "crash, a kill, an uncaught exception), whether or "
                                          "not a finding names the cause (explain; exit 1)"}},
    }
    return defs


def _report(command: str, title: str, extra: Mapping[str, JSON], extra_required: list[str],
            defs: Mapping[str, JSON]) -> JSON:
    """The report envelope (:func:`tfgpu.report.json_report.report_to_dict`) of ``command``."""
    props: JSON = {
        "schema_version": _version_pattern(REPORT_SCHEMA_VERSION),
        "tfgpu_version": {"type": "string"},
        "knowledge_version": {"type": "string",
                              "description": "newest `updated` date of the data files used, "
                                             "or \"unavailable\""},
        "command": {"const": command},
        "verdict": {"$ref": "#/$defs/Verdict"},
        "findings": {"type": "array", "items": {"$ref": "#/$defs/Finding"}},
        "meta": {"type": "object", "additionalProperties": {"type": "string"}},
        **extra,
    }
    root: JSON = {
        "type": "object",
        "required": ["schema_version", "tfgpu_version", "knowledge_version", "command",
                     "verdict", "findings", "meta", *extra_required],
        "properties": props,
    }
    return _document(command, REPORT_SCHEMA_VERSION, title, root,
                     {**_report_defs(), **defs})


def doctor_schema() -> JSON:
    """``tfgpu doctor --json``: the report plus ``facts`` (the snapshot diagnosed); or, for a
    ``--facts`` file that cannot be read, ``{"command": "doctor", "error": ...,
    "facts_file": ...}`` (cmd_doctor.run)."""
    ref, defs = _facts_defs()
    doc = _report("doctor", "tfgpu doctor --json", {"facts": ref}, ["facts"], defs)
    return _report_or_error(
        doc, "doctor", "the --facts file could not be read or is not a snapshot (exit code 2)",
        {"facts_file": {"type": "string"}})


def explain_schema() -> JSON:
    """``tfgpu explain --json``: the report plus ``input`` (cmd_explain.run); or, for an
    unreadable input, ``{"command": "explain", "error": ..., "input": {"name": ...}}``."""
    counts = {"type": "integer", "minimum": 0}
    input_props = {
        "name": {"type": "string"},
        "bytes": {**counts, "description": "bytes read"},
        "lines": counts,
        "candidate_lines": {**counts, "description": "lines a pattern's prefilter kept"},
        "binary_lines_skipped": counts,
        "encoding": {"type": "string"},
    }
    doc = _report("explain", "tfgpu explain --json",
                  {"input": {"type": "object", "required": list(input_props),
                             "properties": input_props}}, ["input"], {})
    return _report_or_error(
        doc, "explain", "the input could not be read (exit code 2)",
        {"input": {"type": "object", "required": ["name"],
                   "properties": {"name": {"type": "string"}}}})


def _report_or_error(doc: JSON, command: str, error_description: str, error_props: JSON) -> JSON:
    """``doc`` as ``oneOf`` the command's report (``<Command>Report``: the root of ``doc``)
    or its error document (``<Command>Error``: ``command``, ``error`` and ``error_props``),
    both under ``$defs`` (kept sorted, and after ``oneOf`` in the file)."""
    name = command.capitalize()
    doc["$defs"][f"{name}Report"] = {k: doc.pop(k) for k in ("type", "required", "properties")}
    doc["$defs"][f"{name}Error"] = {
        "type": "object",
        "description": error_description,
        "required": ["command", "error", *error_props],
        "properties": {"command": {"const": command}, "error": {"type": "string"},
                       **error_props},
    }
    defs = dict(sorted(doc.pop("$defs").items()))
    doc["oneOf"] = [{"$ref": f"#/$defs/{name}Report"}, {"$ref": f"#/$defs/{name}Error"}]
    doc["$defs"] = defs
    return doc


def verify_schema() -> JSON:
    """``tfgpu verify --json``: the report plus ``verify`` (VerifyResult.to_dict)."""
    d = Deriver(extra_props={DeviceCheck: {"is_gpu": {"type": "boolean"}}})
    d.define(DeviceCheck)
    props = {
        "ok": {"type": "boolean"},
        "outcome": {"type": "string", "enum": list(OUTCOMES)},
        "headline": {"type": "string"},
        "gpu_count": {"type": "integer", "minimum": 0},
        "python_executable": {"type": "string"},
        "tf_version": {"type": ["string", "null"]},
        "size": {"type": "integer", "minimum": 0},
        "duration_s": {"type": "number", "minimum": 0},
        "error": {"type": ["string", "null"]},
        "fault_injected": {"type": ["string", "null"]},
        "build": {"type": "object",
                  "additionalProperties": {"type": ["string", "boolean", "null"]}},
        "phase": {"type": ["string", "null"]},
        "checks": {"type": "array", "items": {"$ref": "#/$defs/DeviceCheck"}},
        "stderr_tail": {"type": "array", "items": {"type": "string"}, "maxItems": 40},
    }
    verify = {"type": "object", "description": "tfgpu.verify.VerifyResult.to_dict",
              "required": list(props), "properties": props}
    return _report("verify", "tfgpu verify --json", {"verify": verify}, ["verify"], d.defs)


def _quantity(unit: str | None = None, *, value: JSON | None = None) -> JSON:
    q: JSON = {"type": "object", "required": ["value", "unit"],
               "properties": {"value": value or {"type": ["number", "null"]},
                              "unit": {"type": "string"} if unit is None else {"const": unit}}}
    return q


def bench_schema() -> JSON:
    """``tfgpu bench --json``: the report plus ``bench`` (tfgpu.bench.runner.summarise).

    Every figure is ``{"value": number|null, "unit": "..."}`` (``#/$defs/Quantity``)."""
    qref = {"$ref": "#/$defs/Quantity"}
    sref = {"$ref": "#/$defs/Stats"}
    stats = {"type": "object", "required": ["median", "min", "max", "n"],
             "properties": {"median": qref, "min": qref, "max": qref, "n": qref}}
    run = {"type": "object",
           "required": ["repeat", "train_time_s", "test_accuracy"],
           "properties": {"repeat": qref, "train_time_s": qref, "warmup_time_s": qref,
                          "test_accuracy": qref, "load_average_1min": qref,
                          "history": {"type": "object", "additionalProperties": {
                              "type": "array", "items": qref}}}}
    workload = {
        "type": "object",
        "required": ["train_time_s", "test_accuracy", "recipe", "runs"],
        "properties": {
            "train_time_s": sref, "test_accuracy": sref, "load_average_1min": sref,
            "warmup_time_s": qref, "samples_per_s": qref, "test_loss": qref,
            "train_accuracy_last_epoch": qref, "flops_per_step": qref, "flops_total": qref,
            "achieved_rate": qref, "fraction_of_matmul_ceiling": qref,
            "ceiling_dtype": {"type": ["string", "null"]},
            "recipe": {"type": "object", "additionalProperties": {
                "anyOf": [qref, {"type": ["string", "boolean", "null"]}]}},
            "initial_weights_sha256": {"type": "array",
                                       "items": {"type": "string", "pattern": "^[0-9a-f]{64}$"}},
            "runs": {"type": "array", "items": run},
            "tensorboard": {"type": "boolean"},
        },
    }
    device = {
        "type": "object",
        "required": ["device", "tf_device", "name", "compute_capability", "status", "errors",
                     "duration_s", "workloads"],
        "properties": {
            "device": {"type": "string", "pattern": "^(cpu|gpu:[0-9]+)$"},
            "tf_device": {"type": ["string", "null"]},
            "name": {"type": ["string", "null"]},
            "compute_capability": {"type": ["string", "null"]},
            "status": {"enum": ["ok", "error"]},
            "errors": {"type": "array", "items": {"type": "string"}},
            "duration_s": qref,
            "ceilings": {"type": "object", "properties": {
                "copy": {"allOf": [qref], "properties": {"kind": {"type": "string"},
                                                         "size": qref}},
                "float32_uses_tf32": {"type": "boolean"},
                "measurements": qref},
                "patternProperties": {"^matmul_": {"allOf": [qref],
                                                   "properties": {"size": qref}}}},
            "workloads": {"type": "object",
                          "properties": {"guide": {"$ref": "#/$defs/Workload"},
                                         "tuned": {"$ref": "#/$defs/Workload"}}},
        },
    }
    speed = {"allOf": [qref], "properties": {
        "accuracy_delta": qref, "accuracy_within_tolerance": {"type": "boolean"},
        "tolerance": qref}}
    bench = {
        "type": "object",
        "description": "tfgpu.bench.runner.summarise",
        "required": ["synthetic", "timings_include_tensorboard", "data", "config", "host",
                     "devices", "speedup"],
        "properties": {
            "synthetic": {"type": "boolean"},
            "timings_include_tensorboard": {"type": "boolean"},
            "data": {"type": "object", "required": ["kind", "name", "synthetic", "label"],
                     "properties": {"kind": {"type": "string"}, "name": {"type": "string"},
                                    "synthetic": {"type": "boolean"},
                                    "label": {"type": "string"}}},
            "config": {"type": "object",
                       "required": ["repeat", "epochs", "quick", "workloads"],
                       "properties": {
                           "repeat": qref, "epochs": qref, "quick": {"type": "boolean"},
                           "workloads": {"type": "array", "items": {
                               "enum": ["guide", "tuned", "ceilings"]}},
                           "train_limit": qref, "test_limit": qref,
                           # images used and images the set has (a subset run says so)
                           "train_samples": qref, "train_available": qref,
                           "test_samples": qref, "test_available": qref,
                           "tuned_recipe": {"type": "object",
                                            "additionalProperties": qref},
                           "tensorboard_dir": {"type": ["string", "null"]}}},
            "host": {"type": "object", "required": ["tf_version", "cpu_count", "wall_time_s"],
                     "properties": {"tf_version": {"type": ["string", "null"]},
                                    "cpu_count": qref, "wall_time_s": qref,
                                    "load_average_1min_before": qref,
                                    "load_average_1min_after": qref}},
            "devices": {"type": "array", "items": {"$ref": "#/$defs/Device"}},
            "speedup": {"type": "object", "required": ["tuned_over_guide", "gpu_over_cpu"],
                        "properties": {
                            "tuned_over_guide": {"type": "object",
                                                 "additionalProperties": speed},
                            "gpu_over_cpu": {"type": "object", "additionalProperties": {
                                "type": "object", "additionalProperties": qref}},
                            "note": {"type": "string"}}},
        },
    }
    return _report("bench", "tfgpu bench --json", {"bench": bench}, ["bench"],
                   {"Quantity": _quantity(), "Stats": stats, "Workload": workload,
                    "Device": device})


# --------------------------------------------------------------------------- plan
def plan_schema() -> JSON:
    """``tfgpu plan --format json``: :func:`tfgpu.plan.render.plan_to_dict`."""
    # Plan.target_os and Plan.gpu_presence_unknown are for the renderers only: plan_to_dict
    # leaves them out
    d = Deriver(drop={Step: ("action", "shell"), Plan: ("target_os", "gpu_presence_unknown")})
    d.define(Reason)
    d.define(Alternative)
    actions = typing.get_args(typing.get_type_hints(Step)["action"])
    step = {
        "type": "object",
        "description": "tfgpu.plan.model.Step; `kind` names the action's class",
        "required": ["title", "action", "shell", "kind"],
        "properties": {
            "title": {"type": "string"},
            "shell": {"type": "string", "enum": [s.value for s in Shell]},
            "kind": {"type": "string", "enum": [a.__name__ for a in actions]},
            "action": {"type": "object"},
        },
        "allOf": [
            {"if": {"properties": {"kind": {"const": a.__name__}}},
             "then": {"properties": {"action": d.of(a)}}}
            for a in actions
        ],
    }
    name = d.define(Plan)
    root = dict(d.defs.pop(name))
    props = {"schema_version": _version_pattern(PLAN_SCHEMA_VERSION),
             "tfgpu_version": {"type": "string"}, **root["properties"]}
    props["steps"] = {"type": "array", "items": {"$ref": "#/$defs/Step"}}
    d.defs.pop("Step", None)
    d.defs["Step"] = step
    root.update(properties=props, required=["schema_version", "tfgpu_version",
                                            *root["required"]])
    return _document("plan", PLAN_SCHEMA_VERSION, "tfgpu plan --format json", root, d.defs)


# --------------------------------------------------------------------------- matrix
def matrix_schema() -> JSON:
    """``tfgpu matrix --json``: :func:`tfgpu.knowledge.matrix.view_to_dict` plus the
    header of cmd_matrix.run.  Rows are :func:`row_to_dict`: their fields plus ``ref``."""
    ref_prop = {"ref": {"type": "string", "pattern": r"^[a-z0-9_]+:.+$",
                        "description": "table:id of the knowledge row"}}
    rows = (TestedConfig, MinDriver, AndCudaPin, WheelArchsRow, GpuRow, PlatformFact)
    d = Deriver(extra_props={c: ref_prop for c in rows})
    for c in rows:
        d.define(c)
    drv = {"type": ["object", "null"], "required": ["version", "rule", "ref"],
           "properties": {"version": {"type": "string"}, "rule": {"type": "string"},
                          "ref": {"type": "string"}}}
    d.defs["DriverMinimum"] = drv
    config_line = {
        "type": "object",
        "required": ["config", "min_driver", "wheel_archs", "gpu_support"],
        "properties": {
            "config": {"$ref": "#/$defs/TestedConfig"},
            "min_driver": {"$ref": "#/$defs/DriverMinimum"},
            "wheel_archs": {"type": ["object", "null"], "required": ["sass", "ptx", "ref"],
                            "properties": {"sass": {"type": "array",
                                                    "items": {"type": "string"}},
                                           "ptx": {"type": "array",
                                                   "items": {"type": "string"}},
                                           "ref": {"type": "string"}}},
            "gpu_support": {"type": ["object", "null"],
                            "required": ["status", "via", "ref", "ptx_jit_min_driver",
                                         "gpu_min_driver"],
                            "properties": {"status": {"type": "string"},
                                           "via": {"type": ["string", "null"]},
                                           "ref": {"type": "string"},
                                           "ptx_jit_min_driver": {
                                               "$ref": "#/$defs/DriverMinimum"},
                                           "gpu_min_driver": {
                                               "$ref": "#/$defs/DriverMinimum"}}},
        },
    }
    d.defs["ConfigLine"] = config_line

    def arr(name: str) -> JSON:
        return {"type": "array", "items": {"$ref": f"#/$defs/{name}"}}

    props = {
        "schema_version": _version_pattern(MATRIX_SCHEMA_VERSION),
        "tfgpu_version": {"type": "string"},
        "knowledge_version": {"type": "string"},
        "command": {"const": "matrix"},
        "filters": {"type": "object", "additionalProperties": {"type": "string"}},
        "gpu": {"type": ["object", "null"], "required": ["compute_capability", "match"],
                "properties": {"compute_capability": {"type": "string"},
                               "match": {"type": ["object", "null"],
                                         "required": ["how", "ref", "name"],
                                         "properties": {"how": {"type": "string"},
                                                        "ref": {"type": "string"},
                                                        "name": {"type": "string"}}}}},
        "configs": arr("ConfigLine"),
        "drivers": arr("MinDriver"),
        "pins": arr("AndCudaPin"),
        "archs": arr("WheelArchsRow"),
        "gpus": arr("GpuRow"),
        "facts": arr("PlatformFact"),
        "notes": {"type": "array", "items": {"type": "string"}},
    }
    root = {"type": "object", "required": list(props), "properties": props,
            "description": f"sections: {', '.join(SECTIONS)} (all written, whatever --show)"}
    return _document("matrix", MATRIX_SCHEMA_VERSION, "tfgpu matrix --json", root, d.defs)


#: Schema name -> builder, in the order ``tfgpu schema`` lists them.
# --------------------------------------------------------------------------- fleet
def fleet_schema() -> JSON:
    """``tfgpu fleet --json``: :func:`tfgpu.report.fleet.fleet_to_dict` (docs/slurm.md)."""
    defs = _report_defs()
    row = {
        "type": "object", "required": ["key", "label", "values", "differs"],
        "properties": {"key": {"type": "string"}, "label": {"type": "string"},
                       "values": {"type": "array", "items": {"type": ["string", "null"]},
                                  "description": "one per node of table.nodes; null: unknown"},
                       "differs": {"type": "boolean"}},
    }
    node = {
        "type": "object",
        "required": ["name", "source", "status", "exit_code", "message", "verdict", "findings"],
        "properties": {
            "name": {"type": "string"}, "source": {"type": "string"},
            "status": {"type": "string", "enum": [s.value for s in NodeStatus]},
            "exit_code": {"type": ["integer", "null"]},
            "message": {"type": ["string", "null"]},
            "verdict": {"anyOf": [{"$ref": "#/$defs/Verdict"}, {"type": "null"}],
                        "description": "the node's doctor verdict; null: not examined"},
            "findings": {"type": "array", "items": {"$ref": "#/$defs/Finding"}},
        },
    }
    root: JSON = {
        "type": "object",
        "required": ["schema_version", "tfgpu_version", "knowledge_version", "command",
                     "headline", "exit_code", "sources", "table", "nodes", "findings"],
        "properties": {
            "schema_version": _version_pattern(FLEET_SCHEMA_VERSION),
            "tfgpu_version": {"type": "string"},
            "knowledge_version": {"type": "string"},
            "command": {"const": "fleet"},
            "headline": {"type": "string"},
            "exit_code": {"type": "integer", "minimum": 0},
            "sources": {"type": "array", "items": {"type": "string"}},
            "table": {"type": "object", "required": ["nodes", "rows"],
                      "properties": {"nodes": {"type": "array", "items": {"type": "string"}},
                                     "rows": {"type": "array",
                                              "items": {"$ref": "#/$defs/FleetRow"}}}},
            "nodes": {"type": "array", "items": {"$ref": "#/$defs/FleetNode"}},
            "findings": {"type": "array", "items": {"$ref": "#/$defs/Finding"},
                         "description": "the findings only a comparison gives"},
        },
    }
    return _document("fleet", FLEET_SCHEMA_VERSION, "tfgpu fleet --json", root,
                     {**defs, "FleetRow": row, "FleetNode": node})


# --------------------------------------------------------------------------- finding
def finding_schema() -> JSON:
    """``tfgpu explain --finding ID --json``: :func:`tfgpu.diagnosis.finding_doc.document`
    (its ``finding`` is :func:`~tfgpu.diagnosis.finding_doc.entry`, a catalogue row laid
    out for a reader: docs/explain.md, "Look up a finding id")."""
    strings = {"type": "array", "items": {"type": "string"}}
    severity = {"type": "string", "enum": [s.value for s in Severity]}
    variant = {
        "type": "object", "required": ["name", "title", "severity"],
        "properties": {"name": {"type": "string"}, "title": {"type": "string"},
                       "severity": severity,
                       "summary": {"type": "string",
                                   "description": "present where it differs from the row's"},
                       "remedy": {"type": "string",
                                  "description": "present where it differs from the row's"},
                       "category": {"type": "string", "enum": list(CATEGORIES),
                                    "description": "present where it differs from the row's"},
                       "fix": {**strings,
                               "description": "the variant's own fix lines, present where "
                                              "they replace the row's"}},
    }
    entry_props: JSON = {
        "id": {"type": "string", "description": "the id as asked"},
        "row": {"type": "string", "description": "the catalogue row's id (a family's template)"},
        "matched": {"enum": ["id", "family", "alias"]},
        "severity": severity,
        "severities": {"type": "array", "items": severity},
        "category": {"type": "string", "enum": list(CATEGORIES)},
        "categories": {"type": "array", "items": {"type": "string", "enum": list(CATEGORIES)}},
        "area": {"type": "string", "enum": list(AREAS)},
        "title": {"type": "string", "description": "the title template ({field}: a value "
                                                   "a report fills in)"},
        "summary": {"type": ["string", "null"], "description": "what the finding means"},
        "remedy": {"type": ["string", "null"],
                   "description": "what tfgpu tells the user to do, in general"},
        "fix": strings,
        "harmless": {"type": "boolean"},
        "variants": {"type": "array", "items": {"$ref": "#/$defs/FindingVariant"}},
        "doc": {"type": ["string", "null"]},
        "doc_from_knowledge": {"type": "boolean"},
        "aliases": strings,
        "supersedes": strings,
        "sources": {**strings, "description": "the catalogue row's notes"},
    }
    root: JSON = {
        "type": "object",
        "required": ["schema_version", "tfgpu_version", "command", "finding"],
        "properties": {
            "schema_version": _version_pattern(FINDING_DOC_SCHEMA_VERSION),
            "tfgpu_version": {"type": "string"},
            "command": {"const": "explain --finding"},
            "finding": {"$ref": "#/$defs/FindingEntry"},
        },
    }
    entry = {"type": "object", "required": list(entry_props), "properties": entry_props}
    return _document("finding", FINDING_DOC_SCHEMA_VERSION, "tfgpu explain --finding ID --json",
                     root, {"FindingEntry": entry, "FindingVariant": variant})


BUILDERS = {
    "doctor": doctor_schema,
    "facts": facts_schema,
    "explain": explain_schema,
    "plan": plan_schema,
    "matrix": matrix_schema,
    "verify": verify_schema,
    "bench": bench_schema,
    "fleet": fleet_schema,
    "finding": finding_schema,
}


def render(schema: JSON) -> str:
    """The file text of one schema (sorted nowhere: key order is the documents')."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    for name, build in BUILDERS.items():
        path = OUT / f"{name}.schema.json"
        text = render(build())
        if check:
            if not path.is_file() or path.read_text(encoding="utf-8") != text:
                stale.append(path.name)
        else:
            path.write_text(text, encoding="utf-8")
    if stale:
        print("stale schemas (run scripts/make_schemas.py): " + ", ".join(stale),
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
