"""Fuzz the ``--facts`` readers: mutated real snapshots into ``doctor`` and ``plan``.

Seeds are every facts snapshot under ``tests/fixtures/*/`` and every host's
``expected-facts.json``.  Each example mutates one to three values (huge integers such as
``10**400`` and a 4,301-digit one, ``1e400``, ``NaN``, 1,000-deep nesting, wrong types,
non-versions such as ``"apple"``, lone surrogates, 70,000-character strings, deleted or
added keys), sometimes cuts or corrupts the JSON text, and runs ``tfgpu doctor --facts``
or ``tfgpu plan --facts`` in-process.  Required: exit code 0, 1 or 2 only (never 4, an
internal error), no exception escaping, and a rejected file names the problem.

``TFGPU_FUZZ_EXAMPLES`` sets the number of examples (default 2,000); the run is
derandomized (the same examples each time) unless ``TFGPU_FUZZ_RANDOM=1``.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tfgpu.cli.main import main
from tfgpu.facts import HostFacts

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
EXAMPLES = int(os.environ.get("TFGPU_FUZZ_EXAMPLES", "2000"))


def _seeds() -> list[tuple[str, dict[str, Any]]]:
    """Every whole snapshot of the fixtures, plus each host fixture's parsed driver, GPUs,
    toolkits and libraries (``expected-facts.json`` holds only those) grafted onto the
    first whole snapshot."""
    out = []
    for path in sorted(FIXTURES.glob("*/*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            HostFacts.from_dict(data)
        except ValueError:
            continue
        out.append((str(path.relative_to(FIXTURES)), data))
    for path in sorted(FIXTURES.glob("hosts/*/expected-facts.json")):
        part = json.loads(path.read_text(encoding="utf-8"))
        graft = {**out[0][1], **{k: part[k] for k in ("driver", "gpus", "toolkits", "libraries")
                                 if k in part}}
        HostFacts.from_dict(graft)
        out.append((str(path.relative_to(FIXTURES)), graft))
    return out


SEEDS = _seeds()

#: Raw JSON texts that json.dumps cannot write (or should not): put in by placeholder.
RAW = {
    "big400": "1" + "0" * 400,
    "big4301": "9" * 4301,
    "negbig": "-" + "9" * 25,
    "inf": "1e400",
    "nan": "NaN",
    "minf": "-Infinity",
    "deep_list": "[" * 1000 + "]" * 1000,
    "deep_obj": '{"a":' * 600 + "1" + "}" * 600,
    "long_float": "0." + "1" * 5000,
}
NASTY: list[Any] = [
    *(f"\x00RAW:{k}" for k in RAW),
    "apple", "", " ", "12.x", "..", "8.6", "1" * 30, "99999999999999999999.1", "v", "nan",
    "x" * 70_000, "\ud800", "line\nbreak", "\x00", "-1", "2.15.0", "GPU-", "ok", "timeout",
    0, -1, -(2**31) - 1, 2**31, 2**53 + 1, 2**63, 10**18, 1.5, -0.0, 1e300, True, False,
    None, [], {}, [1, 2], {"a": "b"}, [[[]]], {"status": "ok"}, ["2.15.0"],
]


#: Fields of free text (a mutation there rarely matters to a rule).
FREE_TEXT = frozenset({"message", "raw_excerpt", "error", "op_error", "command", "log_lines",
                       "collected_at", "tfgpu_version", "executable", "path", "model"})


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out: list[tuple[Any, ...]] = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*prefix, i))
    return out


def _get(value: Any, path: tuple[Any, ...]) -> Any:
    for p in path:
        value = value[p]
    return value


@st.composite
def mutated_snapshot(draw: st.DrawFn) -> str:
    _name, seed = draw(st.sampled_from(SEEDS))
    data = json.loads(json.dumps(seed))
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(data)[1:]
        # Half the time a named field (a version, a number, a status), not a list item
        # or a free-text message: those are the values rules compute with.
        named = [p for p in paths if isinstance(p[-1], str) and p[-1] not in FREE_TEXT]
        if named and draw(st.booleans()):
            paths = named
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = _get(data, path[:-1])
        key = path[-1]
        op = draw(st.sampled_from(["replace", "replace", "replace", "delete", "add", "dup"]))
        if op == "replace":
            parent[key] = copy.deepcopy(draw(st.sampled_from(NASTY)))
        elif op == "delete":
            del parent[key]
        elif op == "add" and isinstance(parent, dict):
            parent[draw(st.sampled_from(["zzz", "status", "version", "gpus"]))] = copy.deepcopy(
                draw(st.sampled_from(NASTY)))
        elif op == "dup" and isinstance(parent, list):
            parent.extend(copy.deepcopy([parent[key]] * draw(st.integers(1, 50))))
    text = json.dumps(data, ensure_ascii=draw(st.booleans()))
    for k, raw in RAW.items():
        text = text.replace(json.dumps(f"\x00RAW:{k}"), raw)
    cut = draw(st.sampled_from(["none"] * 8 + ["truncate", "byte"]))
    if cut == "truncate":
        text = text[: draw(st.integers(0, len(text)))]
    elif cut == "byte":
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(st.sampled_from(["{", "]", '"', "\\", ",", "\x00", "9e9"])) + \
            text[at:]
    return text


def _run(argv: list[str]) -> tuple[int, str]:
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict")
    err = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
        out.flush()
    return code, err.getvalue()


@pytest.mark.skipif(not SEEDS, reason="no facts fixtures")
@settings(max_examples=EXAMPLES, deadline=None, database=None,
          derandomize=os.environ.get("TFGPU_FUZZ_RANDOM") != "1",
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(text=mutated_snapshot(), command=st.sampled_from(["doctor", "plan"]))
def test_mutated_facts_snapshots_exit_0_1_or_2(tmp_path_factory: pytest.TempPathFactory,
                                                text: str, command: str) -> None:
    path = tmp_path_factory.getbasetemp() / "fuzz-facts.json"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    code, err = _run([command, "--facts", str(path)])
    assert code in (0, 1, 2), f"exit {code}: {err[-2000:]}\ninput: {text[:3000]}"
    assert "internal error" not in err and "Traceback" not in err
    if code == 2:
        assert "not a tfgpu facts snapshot" in err or "cannot read" in err, err


def test_the_seeds_cover_every_fixture_folder() -> None:
    folders = {name.split("/", 1)[0] for name, _ in SEEDS}
    assert {"hosts", "doctor-scenarios", "plan-driver-hosts", "driver-aware-fix-hosts",
            "plan-hosts"} <= folders
    assert len(SEEDS) >= 30
