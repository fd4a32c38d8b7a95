"""The shipped JSON Schemas describe what tfgpu really writes (issue 12).

Real outputs are validated with the ``jsonschema`` library: ``doctor --json`` on every
recorded host snapshot and on this host, ``facts``, ``explain --json`` on recorded logs,
``plan --format json`` and ``matrix --json`` for several hosts and filters, ``verify`` and
``bench`` from recorded CPU runs (live in the ``tf`` tests).  Broken documents must fail,
and the shipped files must be what ``scripts/make_schemas.py`` derives from the code today.
"""

from __future__ import annotations

import copy
import importlib.util
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

jsonschema = pytest.importorskip("jsonschema")

from tfgpu.cli.main import main  # noqa: E402
from tfgpu.schemas import NAMES, load_schema, schema_text, schema_version  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
FIX = ROOT / "tests" / "fixtures"
SRC = ROOT / "src"



def _is_snapshot(path: Path) -> bool:
    """A full snapshot that tfgpu reads (not one made to be refused, plan-hosts/bad*)."""
    from tfgpu.facts import FactsFormatError, read_facts_file

    data = json.loads(path.read_text(encoding="utf-8"))
    if not (isinstance(data, dict) and {"os", "python"} <= set(data)):
        return False
    try:
        read_facts_file(str(path))
    except FactsFormatError:
        return False
    return True


#: Every recorded facts snapshot (`tfgpu facts` output) in the fixtures (the hosts'
#: expected-facts.json files hold only the facts their probes check: not snapshots).
FACTS_FILES = sorted(
    (p for p in [*FIX.glob("doctor-scenarios/*.json"), *FIX.glob("plan-driver-hosts/*.json"),
                 *FIX.glob("driver-aware-fix-hosts/*.json"), *FIX.glob("plan-hosts/*.json"),
                 *FIX.glob("*/*/facts.json")]
     if _is_snapshot(p)),
    key=lambda p: p.as_posix())
LOGS = sorted((FIX / "explain-pastes").glob("*.log")) + sorted(
    (FIX / "recorded" / "tf-logs").glob("*.txt"))[:8]


def _validator(name: str) -> Any:
    schema = load_schema(name)
    return jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker())


def _errors(name: str, doc: Any) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message[:300]}"
            for e in _validator(name).iter_errors(doc)]


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, Any]:
    rc = main(list(argv))
    out = capsys.readouterr().out
    return rc, json.loads(out)


def _load_script() -> Any:
    spec = importlib.util.spec_from_file_location("make_schemas",
                                                  ROOT / "scripts" / "make_schemas.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# --------------------------------------------------------------------------- the files
@pytest.mark.parametrize("name", NAMES)
def test_each_schema_is_valid_draft_2020_12_with_a_versioned_id(name: str) -> None:
    schema = load_schema(name)
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    version = schema_version(name)
    assert schema["$id"] == f"urn:tfgpu:schema:{name}:{version}"


def test_schema_versions_are_the_ones_the_writers_use() -> None:
    from tfgpu.cli.cmd_matrix import MATRIX_SCHEMA_VERSION
    from tfgpu.diagnosis.finding_doc import FINDING_DOC_SCHEMA_VERSION
    from tfgpu.facts import FACTS_SCHEMA_VERSION
    from tfgpu.fleet.model import FLEET_SCHEMA_VERSION
    from tfgpu.plan.render import PLAN_SCHEMA_VERSION
    from tfgpu.report.json_report import REPORT_SCHEMA_VERSION

    assert {n: schema_version(n) for n in NAMES} == {
        "doctor": REPORT_SCHEMA_VERSION, "explain": REPORT_SCHEMA_VERSION,
        "verify": REPORT_SCHEMA_VERSION, "bench": REPORT_SCHEMA_VERSION,
        "facts": FACTS_SCHEMA_VERSION, "plan": PLAN_SCHEMA_VERSION,
        "matrix": MATRIX_SCHEMA_VERSION, "fleet": FLEET_SCHEMA_VERSION,
        "finding": FINDING_DOC_SCHEMA_VERSION}


def test_shipped_schemas_are_what_the_code_derives_today() -> None:
    """A serialised dataclass or enum that changed without its schema fails here: rerun
    ``PYTHONPATH=src python scripts/make_schemas.py`` and bump the version if it breaks."""
    script = _load_script()
    stale = [n for n, build in script.BUILDERS.items()
             if script.render(build()) != schema_text(n)]
    assert stale == []
    assert tuple(script.BUILDERS) == NAMES


def test_enums_come_from_the_code() -> None:
    from tfgpu.facts import ProbeStatus
    from tfgpu.findings import AREAS, CATEGORIES, Severity
    from tfgpu.plan.model import Route
    from tfgpu.verify import OUTCOMES

    finding = load_schema("doctor")["$defs"]["Finding"]["properties"]
    assert finding["severity"]["enum"] == [s.value for s in Severity]
    assert finding["category"]["enum"] == list(CATEGORIES)
    assert finding["area"]["enum"] == list(AREAS)
    probe = load_schema("facts")["$defs"]["ProbeRecord"]["properties"]
    assert probe["status"]["enum"] == [s.value for s in ProbeStatus]
    assert load_schema("plan")["properties"]["route"]["enum"] == [r.value for r in Route]
    verify = load_schema("verify")["properties"]["verify"]["properties"]
    assert verify["outcome"]["enum"] == list(OUTCOMES)


def test_the_report_schemas_share_one_finding_definition() -> None:
    defs = [load_schema(n)["$defs"] for n in ("doctor", "explain", "verify", "bench")]
    assert all(d["Finding"] == defs[0]["Finding"] for d in defs)
    assert all(d["Evidence"] == defs[0]["Evidence"] for d in defs)
    assert load_schema("doctor")["$defs"]["HostFacts"]["properties"] == \
        load_schema("facts")["properties"]


# --------------------------------------------------------------------------- real outputs
@pytest.mark.parametrize("path", FACTS_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_doctor_json_on_every_recorded_host_matches_its_schema(
        path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rc, doc = _run(capsys, "doctor", "--json", "--facts", str(path))
    assert rc in (0, 1)
    assert _errors("doctor", doc) == []
    assert _errors("facts", doc["facts"]) == []


def test_enough_recorded_hosts() -> None:
    assert len(FACTS_FILES) >= 30


def test_facts_and_doctor_of_this_host_match(tmp_path: Path) -> None:
    env = {"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"}
    facts = subprocess.run([sys.executable, "-m", "tfgpu", "facts", "--no-tf"],
                           capture_output=True, text=True, env=env, timeout=120, check=True)
    assert _errors("facts", json.loads(facts.stdout)) == []
    doctor = subprocess.run([sys.executable, "-m", "tfgpu", "doctor", "--no-tf", "--json"],
                            capture_output=True, text=True, env=env, timeout=120)
    assert doctor.returncode in (0, 1), doctor.stderr
    assert _errors("doctor", json.loads(doctor.stdout)) == []


def test_facts_of_the_doctor_fixture_host_match() -> None:
    sys.path.insert(0, str(ROOT / "tests" / "doctor"))
    try:
        from doctor_helpers import this_machine
    finally:
        sys.path.pop(0)
    assert _errors("facts", this_machine().to_dict()) == []


@pytest.mark.parametrize("path", LOGS, ids=lambda p: p.name)
def test_explain_json_on_recorded_logs_matches(path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    rc, doc = _run(capsys, "explain", "--json", str(path))
    assert rc in (0, 1)
    assert _errors("explain", doc) == []


def test_explain_json_error_document_matches(capsys: pytest.CaptureFixture[str],
                                             tmp_path: Path) -> None:
    rc, doc = _run(capsys, "explain", "--json", str(tmp_path / "missing.log"))
    assert rc == 2 and "error" in doc
    assert _errors("explain", doc) == []


PLANS = [
    ("--facts", str(FIX / "plan-hosts" / "hwsl.json")),
    ("--facts", str(FIX / "plan-hosts" / "hwin.json")),
    ("--os", "linux", "--gpu", "GTX 1060", "--driver", "470.82.01", "--python", "3.10"),
    ("--os", "windows", "--gpu", "RTX 3060 Laptop GPU", "--driver", "531.14"),
    ("--os", "macos", "--gpu", "Apple M2", "--arch", "arm64"),
    ("--os", "linux", "--gpu", "none"),
    ("--os", "linux", "--gpu", "RTX 4090", "--driver", "550.54", "--route", "conda"),
    ("--os", "linux", "--gpu", "RTX 4090", "--driver", "550.54", "--route", "system-cuda"),
]


@pytest.mark.parametrize("argv", PLANS, ids=lambda a: " ".join(a)[-40:])
def test_plan_json_matches(argv: tuple[str, ...], capsys: pytest.CaptureFixture[str]) -> None:
    rc, doc = _run(capsys, "plan", "--format", "json", *argv)
    assert rc == 0
    assert _errors("plan", doc) == []


@pytest.mark.parametrize("argv", [(), ("--tf", "2.12"), ("--cuda", "11.8"),
                                  ("--gpu", "RTX 3060"), ("--gpu", "8.6", "--os", "windows"),
                                  ("--show", "facts", "--show", "pins")])
def test_matrix_json_matches(argv: tuple[str, ...], capsys: pytest.CaptureFixture[str]) -> None:
    rc, doc = _run(capsys, "matrix", "--json", *argv)
    assert rc == 0
    assert _errors("matrix", doc) == []


@pytest.mark.parametrize("finding_id", ["nvidia-driver-missing", "cuinit-no-device",
                                        "library-not-loaded-libcudnn-so-8",
                                        "driver-library-mismatch"])
def test_explain_finding_json_matches(finding_id: str,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    rc, doc = _run(capsys, "explain", "--finding", finding_id, "--json")
    assert rc == 0
    assert _errors("finding", doc) == []


def test_every_catalogue_row_explained_matches() -> None:
    from tfgpu.diagnosis.catalogue import load_catalogue
    from tfgpu.diagnosis.finding_doc import document, lookup

    bad = {fid: errs for fid in load_catalogue().ids
           if (errs := _errors("finding", document(lookup(fid))))}
    assert bad == {}


def test_verify_json_for_a_missing_interpreter_matches(capsys: pytest.CaptureFixture[str],
                                                       tmp_path: Path) -> None:
    rc, doc = _run(capsys, "verify", "--json", "--python", str(tmp_path / "nope" / "python"))
    assert rc != 0 and doc["verify"]["outcome"] == "not-found"
    assert _errors("verify", doc) == []


def test_recorded_verify_and_bench_documents_match() -> None:
    verify = json.loads((FIX / "schemas" / "verify-cpu-ok.json").read_text())
    bench = json.loads((FIX / "schemas" / "bench-cpu-synthetic-quick.json").read_text())
    assert _errors("verify", verify) == []
    assert _errors("bench", bench) == []


@pytest.mark.tf
def test_live_verify_and_bench_on_the_cpu_match() -> None:
    env = {"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin", "TF_CPP_MIN_LOG_LEVEL": "2"}
    verify = subprocess.run([sys.executable, "-m", "tfgpu", "verify", "--json", "--cpu-ok",
                             "--alloc-mib", "8"], capture_output=True, text=True, env=env,
                            timeout=600)
    assert _errors("verify", json.loads(verify.stdout)) == []
    bench = subprocess.run([sys.executable, "-m", "tfgpu", "bench", "--synthetic", "--quick",
                            "--devices", "cpu", "--train-samples", "500", "--test-samples",
                            "100", "--json"], capture_output=True, text=True, env=env,
                           timeout=900)
    assert bench.returncode == 0, bench.stderr[-2000:]
    assert _errors("bench", json.loads(bench.stdout)) == []


# --------------------------------------------------------------------------- broken documents
def _doctor_doc() -> dict[str, Any]:
    path = FIX / "doctor-scenarios" / "wsl2_3060.json"
    from tfgpu.diagnosis.doctor import diagnose
    from tfgpu.facts import read_facts_file
    from tfgpu.report.json_report import report_to_dict

    facts = read_facts_file(str(path))
    return report_to_dict(diagnose(facts), extra={"facts": facts.to_dict()})


def _breakages() -> Iterator[tuple[str, Any]]:
    def broken(edit: Any) -> dict[str, Any]:
        doc = copy.deepcopy(_doctor_doc())
        edit(doc)
        return doc

    yield "no verdict", broken(lambda d: d.pop("verdict"))
    yield "severity not an enum value", broken(
        lambda d: d["findings"][0].update(severity="fatal"))
    yield "id not kebab-case", broken(lambda d: d["findings"][0].update(id="Driver_Old"))
    yield "problems a string", broken(lambda d: d["verdict"].update(problems="1"))
    yield "fix a string", broken(lambda d: d["findings"][0].update(fix="pip install x"))
    yield "next major schema", broken(lambda d: d.update(schema_version="2.0"))
    yield "facts without os", broken(lambda d: d["facts"].pop("os"))
    yield "probe status unknown", broken(
        lambda d: d["facts"]["probes"][0].update(status="great"))
    yield "gpu memory as text", broken(
        lambda d: d["facts"]["gpus"].append({**d["facts"]["gpus"][0],
                                             "memory_total_mib": "6 GiB"}))


@pytest.mark.parametrize(("what", "doc"), list(_breakages()), ids=lambda x: str(x)[:30])
def test_a_broken_document_fails_validation(what: str, doc: dict[str, Any]) -> None:
    assert _errors("doctor", doc), what


def test_the_unbroken_document_passes() -> None:
    doc = _doctor_doc()
    assert doc["findings"] and doc["facts"]["gpus"] and doc["facts"]["probes"]
    assert _errors("doctor", doc) == []


def test_a_broken_plan_step_fails() -> None:
    from tfgpu.knowledge import load_knowledge
    from tfgpu.plan import make_plan
    from tfgpu.plan.render import plan_to_dict
    from tfgpu.plan.target import target_from_description

    plan = json.loads(json.dumps(plan_to_dict(make_plan(
        target_from_description("linux", gpu="RTX 3060", driver="550.54", python="3.11"),
        load_knowledge()))))
    assert _errors("plan", plan) == []
    pip_step = next(s for s in plan["steps"] if s["kind"] == "PipInstall")
    pip_step["action"]["requirements"] = "tensorflow"  # a string, not a list
    assert _errors("plan", plan)


# --------------------------------------------------------------------------- the command
def test_tfgpu_schema_lists_and_prints(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema"]) == 0
    listed = capsys.readouterr().out.split("\n")
    assert [ln.split()[0] for ln in listed if ln.strip()] == list(NAMES)
    for name in NAMES:
        assert main(["schema", name]) == 0
        assert json.loads(capsys.readouterr().out) == load_schema(name)


def test_tfgpu_schema_unknown_name_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema", "nope"]) == 2
    err = capsys.readouterr().err
    assert "usage: tfgpu schema" in err and "invalid choice" in err


def test_docs_point_at_the_schemas() -> None:
    text = (ROOT / "docs" / "json-schema.md").read_text(encoding="utf-8")
    assert "tfgpu schema" in text and "src/tfgpu/schemas/" in text
    assert "bump" in text
    for name in NAMES:
        assert f"{name}.schema.json" in text
