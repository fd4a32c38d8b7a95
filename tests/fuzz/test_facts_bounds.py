"""Reading a facts snapshot: a byte bound, a depth bound, numbers kept as text until
checked, and every value validated with its JSON path before a rule sees it."""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from tfgpu.cli.main import main
from tfgpu.facts import (
    MAX_FACTS_BYTES,
    FactsFormatError,
    HostFacts,
    read_facts_file,
)

ROOT = Path(__file__).resolve().parents[2]
BASE = ROOT / "tests" / "fixtures" / "driver-aware-fix-hosts" / "h1.json"


def _base() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(BASE.read_text(encoding="utf-8"))
    return data


def _cli(argv: list[str]) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, err.getvalue()


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
@pytest.mark.parametrize("command", ["doctor", "plan", "explain"])
def test_facts_from_dev_zero_is_refused_at_once(command: str) -> None:
    argv = [command, "--facts", "/dev/zero"] + (["/dev/null"] if command == "explain" else [])
    t0 = time.monotonic()
    proc = subprocess.run([sys.executable, "-m", "tfgpu", *argv], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT / "src")}, timeout=60)
    assert proc.returncode == 2, proc.stderr
    assert time.monotonic() - t0 < 10
    assert "larger than 16 MiB" in proc.stderr


def test_a_snapshot_one_byte_over_the_bound_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    text = json.dumps(_base())
    path.write_text(text + " " * (MAX_FACTS_BYTES + 1 - len(text)), encoding="utf-8")
    with pytest.raises(FactsFormatError, match="larger than 16 MiB"):
        read_facts_file(str(path))
    path.write_text(text + " " * (MAX_FACTS_BYTES - len(text)), encoding="utf-8")
    assert read_facts_file(str(path)).os.system == "Linux"


def test_stdin_is_bounded_too() -> None:
    class Endless(io.RawIOBase):
        def readable(self) -> bool:
            return True

        def readinto(self, b: Any) -> int:
            b[:] = b"[" * len(b)
            return len(b)

    with pytest.raises(FactsFormatError, match="larger than"):
        read_facts_file("-", stdin=io.BufferedReader(Endless()))


@pytest.mark.parametrize("form", ["snapshot", "doctor report"])
def test_a_facts_file_is_parsed_once(form: str, tmp_path: Path,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    base = _base()
    doc = base if form == "snapshot" else {"command": "doctor", "findings": [], "facts": base}
    path = tmp_path / "f.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    want = HostFacts.from_dict(base)
    real_loads = json.loads
    parses: list[int] = []

    def counting_loads(*args: Any, **kwargs: Any) -> Any:
        parses.append(1)
        return real_loads(*args, **kwargs)

    monkeypatch.setattr(json, "loads", counting_loads)
    assert read_facts_file(str(path)) == want
    assert len(parses) == 1


def _with(path: tuple[Any, ...], raw: str) -> str:
    data = _base()
    node: Any = data
    for p in path[:-1]:
        node = node[p]
    node[path[-1]] = "@@"
    return json.dumps(data).replace('"@@"', raw)


@pytest.mark.parametrize(
    ("path", "raw", "message"),
    [
        (("gpus", 0, "memory_total_mib"), "1" + "0" * 400,
         "facts.gpus[0].memory_total_mib: the number 100000000000...0000 (401 characters) "
         "is out of range"),
        (("gpus", 0, "memory_total_mib"), "9" * 4301, "facts.gpus[0].memory_total_mib: the "
                                                      "number"),
        (("gpus", 0, "memory_total_mib"), str(2**40), "facts.gpus[0].memory_total_mib: "
                                                      "1099511627776 is out of range"),
        (("gpus", 0, "memory_total_mib"), "-1", "facts.gpus[0].memory_total_mib: -1 is out"),
        (("tf", "version"), '"apple"', "facts.tf.version: 'apple' is not a version number"),
        (("tf", "version"), "3", "facts.tf.version: expected str, got int"),
        (("python", "version"), '"banana"', "facts.python.version: 'banana' is not a version"),
        (("driver", "version"), '"garbage"', "facts.driver.version: 'garbage' is not a version"),
        (("gpus", 0, "compute_capability"), '"abc"', "facts.gpus[0].compute_capability: 'abc'"),
        (("tf", "duration_s"), "1e400", "facts.tf.duration_s: the number 1e400 is out of range"),
        (("tf", "duration_s"), "NaN", "facts.tf.duration_s: the number NaN is out of range"),
        (("tf", "duration_s"), "-Infinity", "facts.tf.duration_s: the number -Infinity"),
        (("tf", "duration_s"), "-3.5", "facts.tf.duration_s: -3.5 is out of range"),
        (("tf", "status"), '"sideways"', "facts.tf.status: 'sideways' is not one of 'ok'"),
        (("tf", "status"), "[1]", "facts.tf.status: expected a string, got list"),
        (("tf", "build_info", "cuda_version"), '"twelve"',
         "facts.tf.build_info.cuda_version: 'twelve' is not a version number"),
        (("os", "wsl_version"), "7", "facts.os.wsl_version: 7 is out of range (1..2)"),
        (("python", "bits"), "true", "facts.python.bits: expected int, got bool"),
        (("gpus",), "[" * 1000 + "]" * 1000, "nested deeper than 32 levels"),
        (("env",), '{"a":' * 600 + "1" + "}" * 600, "nested deeper than 32 levels"),
        (("os", "name"), json.dumps("x" * 70_000), "facts.os.name: a string of 70000 characters"),
        (("os", "name"), '"\\ud800"', "facts.os.name: not valid Unicode"),
    ],
    ids=lambda v: v if isinstance(v, str) and len(v) < 30 else None,
)
def test_a_bad_value_is_refused_with_its_json_path(tmp_path: Path, path: tuple[Any, ...],
                                                    raw: str, message: str) -> None:
    text = _with(path, raw)
    with pytest.raises(FactsFormatError) as info:
        HostFacts.from_json(text)
    assert message in str(info.value)
    f = tmp_path / "bad.json"
    f.write_text(text, encoding="utf-8")
    for command in ("doctor", "plan"):
        code, err = _cli([command, "--facts", str(f)])
        assert code == 2, err
        assert message in err and "internal error" not in err


def test_every_fixture_snapshot_still_reads() -> None:
    fixtures = ROOT / "tests" / "fixtures"
    read = 0
    for path in sorted(fixtures.glob("*/*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or "os" not in data or path.stem.startswith("bad"):
            continue
        HostFacts.from_json(path.read_text(encoding="utf-8"))
        read += 1
    assert read >= 30


def test_the_gathered_facts_of_this_host_validate() -> None:
    from tfgpu.gather import gather

    facts = gather(include_tf=False)
    assert HostFacts.from_json(facts.to_json()) == facts
