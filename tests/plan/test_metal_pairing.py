"""macOS: tensorflow-metal pinned to a TensorFlow pairing with a source, and the known
"Symbol not found" breakage of newer pairings as a doctor finding (issue 12)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tfgpu.diagnosis.doctor import diagnose
from tfgpu.facts import HostFacts
from tfgpu.knowledge import load_knowledge
from tfgpu.plan import make_plan, render
from tfgpu.plan.target import target_from_description

KB = load_knowledge()
FIX = Path(__file__).resolve().parents[1] / "fixtures"


def test_the_pairing_row_cites_public_reports() -> None:
    pair = KB.platform_fact("macos-metal-pairing")
    assert (pair.value("tf_version"), pair.value("metal_version"),
            pair.value("python_max"), pair.value("broken_from")) == ("2.17", "1.1.0", "3.11",
                                                                     "2.18")
    assert pair.source_keys == ("TF-84167", "TF-81987")
    assert [s.url for s in KB.sources_of(pair)] == [
        "https://github.com/tensorflow/tensorflow/issues/84167",
        "https://github.com/tensorflow/tensorflow/issues/81987"]


@pytest.mark.parametrize("python", [None, "3.10", "3.11", "3.12"])
def test_apple_plan_pins_the_pair(python: str | None) -> None:
    plan = make_plan(target_from_description("macos", gpu="M3 Max", python=python), KB)
    assert plan.requirements == ("tensorflow~=2.17.0", "tensorflow-metal==1.1.0")
    assert plan.python == (python if python in ("3.10", "3.11") else "3.11")
    assert any(r.ref == "platform_facts:macos-metal-pairing" for r in plan.reasons)
    assert any("Symbol not found" in w.text for w in plan.warnings)
    sh = render(plan, "sh")
    assert "-m pip install 'tensorflow~=2.17.0' tensorflow-metal==1.1.0" in sh


def _mac(*dists: tuple[str, str], tf_gpu: bool = False) -> HostFacts:
    d: dict[str, Any] = json.loads((FIX / "doctor-scenarios" / "apple_m2.json").read_text())
    d["python"]["distributions"] = [{"name": n, "version": v, "location": None,
                                     "requires": []} for n, v in dists]
    if tf_gpu:
        d["tf"] = {"status": "ok", "version": dists[0][1],
                   "devices": [{"name": "/physical_device:GPU:0", "device_type": "GPU"}]}
    else:
        d["tf"] = None
    return HostFacts.from_dict(d)


def _ids(facts: HostFacts) -> list[str]:
    return [f.id for f in diagnose(facts, KB).findings]


def test_newer_tensorflow_with_metal_is_the_known_breakage() -> None:
    report = diagnose(_mac(("tensorflow", "2.21.0"), ("tensorflow-metal", "1.1.0")), KB)
    (f,) = [f for f in report.findings if f.id == "metal-plugin-tensorflow-mismatch"]
    assert f.severity.value == "error" and report.has_errors
    assert "2.21.0" in f.title and "1.1.0" in f.title
    assert "Symbol" in f.cause or "symbol" in f.cause
    assert "tensorflow#81987" in f.cause
    assert any("'tensorflow~=2.17.0' tensorflow-metal==1.1.0" in x for x in f.fix)
    assert f.knowledge_ref == "platform_facts:macos-metal-pairing"


@pytest.mark.parametrize(("dists", "tf_gpu"), [
    ((("tensorflow", "2.17.1"), ("tensorflow-metal", "1.1.0")), False),  # the good pair
    ((("tensorflow", "2.21.0"),), False),  # no plugin: CPU, nothing to break
    ((("tensorflow", "2.21.0"), ("tensorflow-metal", "9.0.0")), True),  # it loaded here
])
def test_no_finding_where_the_pair_is_not_known_broken(
        dists: tuple[tuple[str, str], ...], tf_gpu: bool) -> None:
    assert "metal-plugin-tensorflow-mismatch" not in _ids(_mac(*dists, tf_gpu=tf_gpu))


def test_not_on_linux() -> None:
    d: dict[str, Any] = json.loads((FIX / "doctor-scenarios" / "l4_ok.json").read_text())
    d["python"]["distributions"] += [{"name": "tensorflow-metal", "version": "1.1.0",
                                      "location": None, "requires": []}]
    assert "metal-plugin-tensorflow-mismatch" not in _ids(HostFacts.from_dict(d))
