"""Shared helpers of the message-kind tests (tests/explain/test_*_kinds.py): the findings a
log gives, by id, and the checks every kind test makes on them."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import tomllib

import tfgpu.knowledge
from tfgpu.explain import explain_lines
from tfgpu.facts import (
    GPU,
    CudaToolkit,
    Distribution,
    DriverFacts,
    HostFacts,
    OSFacts,
    ProbeStatus,
    PythonFacts,
    SharedLibrary,
    TFFacts,
)
from tfgpu.findings import Finding, Severity
from tfgpu.knowledge import Knowledge, load_knowledge_from


def ids(lines: list[str], facts: HostFacts | None = None) -> dict[str, Finding]:
    """The findings that ``lines`` give (with ``facts`` when given), keyed by finding id."""
    return {f.id: f for f in explain_lines(lines, facts=facts)}


def known(lines: list[str], fid: str) -> Finding:
    """The finding ``fid`` that ``lines`` give; fails when it is missing or when a line is
    left an ``unrecognised-error``."""
    found = ids(lines)
    assert fid in found, found
    assert "unrecognised-error" not in found, found
    return found[fid]


def alarms(found: dict[str, Finding]) -> list[str]:
    """Ids of the errors and warnings in ``found`` that are not marked harmless."""
    return [f.id for f in found.values()
            if f.severity in (Severity.ERROR, Severity.WARNING) and not f.harmless]


def host_facts(system: str = "Linux", *, wsl: bool = False, tf: str | None = None,
               cuda: str | None = None, cudnn: str | None = None, gpu: str | None = None,
               gpu_vendor: str = "nvidia", driver: str | None = None,
               dists: tuple[Distribution, ...] = (), python: str = "3.11.4") -> HostFacts:
    """Host facts as a user describes them (no probe records), like ``explain --facts``: the OS
    ``system`` (WSL2 when ``wsl``), TensorFlow ``tf`` installed, a CUDA toolkit ``cuda``, a
    cuDNN library ``cudnn``, one GPU ``gpu`` of ``gpu_vendor``, an NVIDIA ``driver`` and more
    Python ``dists``; None leaves a fact unknown."""
    return HostFacts(
        os=OSFacts(system=system, name=system, is_wsl=wsl, wsl_version=2 if wsl else None),
        python=PythonFacts(version=python, executable="python", distributions=(
            *((Distribution("tensorflow", tf),) if tf else ()), *dists)),
        gpus=(GPU(index=0, vendor=gpu_vendor, name=gpu, source="test"),) if gpu else (),
        driver=DriverFacts(status=ProbeStatus.OK, version=driver) if driver else None,
        toolkits=(CudaToolkit(root=None, version=cuda, source="test"),) if cuda else (),
        libraries=(SharedLibrary(name="cudnn", filename="", path="", version=cudnn),)
        if cudnn else (),
        tf=TFFacts(status=ProbeStatus.OK, version=tf) if tf else None,
    )


def fix_text(f: Finding) -> str:
    """The finding's fix lines as one text, a line each."""
    return "\n".join(f.fix)


# ------------------------------------------------------------------ table-driven kind cases
# Rows live in tests/explain/kind_cases/<module>.toml, one ``[[case]]`` each:
#   name      readable case id (kebab-case): what the row shows
#   lines     the log lines, one string each
#   host      host facts given with the lines: a table of host_facts' keyword arguments
#             (system, wsl, tf, cuda, cudnn, gpu, gpu_vendor, driver, python;
#             dists = [[name, version]])
#   gives     the finding id the lines must give (leave out: only present/absent are checked)
#   absent    finding ids the lines must NOT give
#   present   further finding ids the lines must give
#   severity  ("ok" | "info" | "warning" | "error"), harmless (bool), category: of ``gives``
#   title / cause / fix   words each of which must stand in that part of ``gives``
#   fix_first words that must stand in the first fix line of ``gives``
#   not_title / not_fix   words that must NOT stand in the title / any fix line of ``gives``
#   no_alarms true: no error or warning that is not marked harmless among the findings
#   known     false: a line may stay an ``unrecognised-error`` (default: true with ``gives``)

CASES_DIR = Path(__file__).parent / "kind_cases"


@dataclass(frozen=True)
class Case:
    """One row of a kind table: ``lines`` give the finding ``gives`` (when not None), every id
    in ``present`` and none in ``absent``; the words in ``title``/``cause``/``fix`` stand in
    that part of ``gives``'s finding, whose ``severity``/``harmless``/``category`` are checked
    when given."""

    name: str
    lines: list[str]
    host: HostFacts | None = None
    gives: str | None = None
    absent: tuple[str, ...] = ()
    present: tuple[str, ...] = ()
    severity: Severity | None = None
    harmless: bool | None = None
    category: str | None = None
    title: tuple[str, ...] = ()
    cause: tuple[str, ...] = ()
    fix: tuple[str, ...] = ()
    fix_first: tuple[str, ...] = ()
    not_title: tuple[str, ...] = ()
    not_cause: tuple[str, ...] = ()
    not_fix: tuple[str, ...] = ()
    no_alarms: bool = False
    known: bool | None = None


def _case(row: dict[str, Any]) -> Case:
    unknown = set(row) - set(Case.__dataclass_fields__)
    assert not unknown, f"unknown keys {sorted(unknown)} in case {row.get('name')}"
    lines = row["lines"]
    assert isinstance(lines, list) and lines and all(isinstance(x, str) for x in lines), row
    kw: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in row.items()}
    kw["lines"] = list(lines)
    if "severity" in row:
        kw["severity"] = Severity(row["severity"])
    if "host" in row:
        host = dict(row["host"])
        host["dists"] = tuple(Distribution(n, v) for n, v in host.get("dists", ()))
        kw["host"] = host_facts(**host)
    return Case(**kw)


def cases(module: str) -> list[Case]:
    """The rows of ``kind_cases/<module>.toml``; raises AssertionError on an unknown key, a
    row without lines or a name used twice, TypeError on an unknown ``host`` key (so a typo
    cannot drop a check)."""
    with (CASES_DIR / f"{module}.toml").open("rb") as fh:
        rows = [_case(row) for row in tomllib.load(fh)["case"]]
    names = [c.name for c in rows]
    assert len(set(names)) == len(names), "case names must be unique"
    return rows


def table(module: str) -> pytest.MarkDecorator:
    """``pytest.mark.parametrize("case", ...)`` over the rows of ``kind_cases/<module>.toml``,
    each test named by its row's ``name``."""
    rows = cases(module)
    return pytest.mark.parametrize("case", rows, ids=[c.name for c in rows])


def table_test(module: str) -> Callable[[Case], None]:
    """The test of every row of ``kind_cases/<module>.toml`` (:func:`table` over
    :func:`check`): a module binds it as ``test_case = table_test("<module>")``."""

    @table(module)
    def test_case(case: Case) -> None:
        check(case)

    test_case.__doc__ = (f"A row of kind_cases/{module}.toml: its lines give its finding, "
                         "not the others.")
    return test_case


def check(case: Case) -> None:
    """Asserts every field of ``case`` on the findings its lines give."""
    found = ids(case.lines, case.host)
    if case.known if case.known is not None else case.gives is not None:
        assert "unrecognised-error" not in found, found
    for fid in case.present:
        assert fid in found, found
    for fid in case.absent:
        assert fid not in found, found
    if case.no_alarms:
        assert alarms(found) == [], found
    if case.gives is None:
        return
    assert case.gives in found, found
    f = found[case.gives]
    for word in case.title:
        assert word in f.title, f.title
    for word in case.cause:
        assert word in f.cause, f.cause
    for word in case.fix:
        assert any(word in x for x in f.fix), f.fix
    for word in case.fix_first:
        assert word in f.fix[0], f.fix
    for word in case.not_title:
        assert word not in f.title, f.title
    for word in case.not_cause:
        assert word not in f.cause, f.cause
    for word in case.not_fix:
        assert not any(word in x for x in f.fix), f.fix
    if case.severity is not None:
        assert f.severity is case.severity, f.severity
    if case.harmless is not None:
        assert bool(f.harmless) is case.harmless, f.harmless
    if case.category is not None:
        assert f.category == case.category, f.category


def edited_knowledge(tmp: Path, file: str, edit: Callable[[str], str]) -> Knowledge:
    """The knowledge loaded from a copy of the packaged data folder (made as ``tmp/data``)
    whose ``file`` (a name in that folder) holds ``edit`` of its packaged text."""
    folder = tmp / "data"
    shutil.copytree(Path(tfgpu.knowledge.__file__).resolve().parent / "data", folder)
    path = folder / file
    path.write_text(edit(path.read_text(encoding="utf-8")), encoding="utf-8")
    return load_knowledge_from(folder)
