"""The text renderer against golden files, colour rules, and the JSON document.

Regenerate the golden files after an intended change with
``TFGPU_REGEN_GOLDEN=1 pytest tests/doctor/test_doctor_render.py`` and review the diff.
"""

from __future__ import annotations

import dataclasses
import io
import json
import os

import pytest
from doctor_helpers import GOLDEN, gpu_host, recorded, tf_with_gpus, this_machine

from tfgpu.diagnosis.checks import CHECKS
from tfgpu.diagnosis.doctor import diagnose
from tfgpu.facts import DriverFacts, HostFacts, ProbeRecord, ProbeStatus, TFFacts
from tfgpu.findings import Report, Verdict
from tfgpu.knowledge import load_knowledge
from tfgpu.report.json_report import REPORT_SCHEMA_VERSION, render_json, report_to_dict
from tfgpu.report.text import make_console, render_text, render_text_to_string

#: The checks of the doctor's hardware, TensorFlow-install and environment rules (most now
#: live in their fault-kind modules: visibility, mixed_precision, driver, libraries, wsl).
_MOVED = frozenset({"cuda_visible_devices_hides_gpus", "log_level_hides_reasons",
                    "tensorflow_sees_no_gpu", "tensorflow_gpu_ops", "no_tensor_cores",
                    "driver_missing", "driver_broken", "driver_library_mismatch", "wsl1",
                    "several_toolkits_on_path", "ld_library_path_shadows"})
RULES = tuple(c for c in CHECKS if c.__module__.rsplit(".", 1)[-1]
              in ("hardware", "tf_install", "environment") or c.__name__ in _MOVED)
META = {"host": "test host", "python": "3.11.7 (/opt/venv/bin/python)", "knowledge": "test"}


def _report(facts: HostFacts) -> Report:
    return diagnose(facts, load_knowledge(), RULES, meta=dict(META))


def _mismatch() -> HostFacts:
    text = recorded("nvidia-smi/fail-nvml-driver-library-mismatch-570.124.txt").strip()
    return dataclasses.replace(
        gpu_host(tf=TFFacts(ProbeStatus.ERROR, returncode=-11, error="the TensorFlow probe "
                            "killed by SIGSEGV (signal 11): a segmentation fault inside a "
                            "native library")),
        gpus=(), driver=DriverFacts(ProbeStatus.ERROR, source="nvidia-smi", message=text),
        probes=(ProbeRecord("nvidia-smi", ProbeStatus.ERROR, ("nvidia-smi",), 18, 0.1, text),))


SCENARIOS = {
    "cpu-only-this-machine": this_machine(),
    "working-l4": gpu_host(tf=tf_with_gpus("NVIDIA L4")),
    "driver-mismatch-and-segfault": _mismatch(),
    "cuda-visible-devices-minus-one": gpu_host(tf=tf_with_gpus(version="2.16.1"),
                                               env={"CUDA_VISIBLE_DEVICES": "-1"}),
}


@pytest.mark.parametrize("verbosity", [0, -1, 1])
@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_text_matches_golden(name: str, verbosity: int) -> None:
    text = render_text_to_string(_report(SCENARIOS[name]), verbosity=verbosity, width=100)
    suffix = {0: "", -1: ".quiet", 1: ".verbose"}[verbosity]
    path = GOLDEN / f"{name}{suffix}.txt"
    if os.environ.get("TFGPU_REGEN_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_colour_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    out = _Tty()
    render_text(_report(SCENARIOS["driver-mismatch-and-segfault"]), make_console(out, width=100))
    assert "\x1b[" in out.getvalue()


def test_no_colour_with_no_color_set(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    out = _Tty()
    render_text(_report(SCENARIOS["driver-mismatch-and-segfault"]), make_console(out, width=100))
    assert "\x1b[" not in out.getvalue()


def test_no_colour_when_not_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    out = io.StringIO()
    render_text(_report(SCENARIOS["driver-mismatch-and-segfault"]), make_console(out))
    assert "\x1b[" not in out.getvalue()


def test_verdict_is_the_first_line() -> None:
    report = _report(SCENARIOS["working-l4"])
    assert render_text_to_string(report).splitlines()[0] == report.verdict.headline


def test_fix_commands_are_never_wrapped() -> None:
    text = render_text_to_string(_report(SCENARIOS["cuda-visible-devices-minus-one"]), width=40)
    assert "               # or choose GPUs by index: export CUDA_VISIBLE_DEVICES=0" in text


def test_json_document_has_the_documented_keys() -> None:
    facts = SCENARIOS["driver-mismatch-and-segfault"]
    report = _report(facts)
    doc = json.loads(render_json(report, extra={"facts": facts.to_dict()}))
    assert list(doc) == ["schema_version", "tfgpu_version", "knowledge_version", "command",
                         "verdict", "findings", "meta", "facts"]
    assert doc["schema_version"] == REPORT_SCHEMA_VERSION
    # report 1.3: program_failed (explain's "the program died, cause unknown"), false here
    assert doc["verdict"] == {"gpu_usable": False, "problems": 2, "program_failed": False,
                              "headline": "TensorFlow does not start: 2 problems"}
    first = doc["findings"][0]
    assert list(first) == ["id", "severity", "category", "area", "title", "evidence", "cause",
                           "fix", "doc", "knowledge_ref", "harmless", "aliases"]
    assert HostFacts.from_dict(doc["facts"]) == facts


def test_json_names_the_former_ids_of_a_merged_finding() -> None:
    """A merged twin's old id stays findable for one schema version (findings.toml
    ``aliases`` -> ``Finding.aliases`` -> ``findings[].aliases``)."""
    import dataclasses

    report = _report(SCENARIOS["driver-mismatch-and-segfault"])
    first = dataclasses.replace(report.findings[0], aliases=("old-id-of-this-fault",))
    report = dataclasses.replace(report, findings=(first, *report.findings[1:]))
    doc = json.loads(render_json(report))
    assert doc["findings"][0]["aliases"] == ["old-id-of-this-fault"]
    assert all(f["aliases"] == [] for f in doc["findings"][1:])


def test_json_extra_keys_cannot_overwrite_schema_keys() -> None:
    with pytest.raises(ValueError, match="overwrite"):
        report_to_dict(_report(SCENARIOS["working-l4"]), extra={"verdict": 1})


def test_header_names_host_python_cpu_and_tensorflow_build() -> None:
    from tfgpu.diagnosis.verdict import host_meta

    meta = host_meta(this_machine())
    meta.pop("knowledge")
    assert meta == {
        "host": "Debian GNU/Linux 12 (bookworm), x86_64",
        "python": "3.11.7 (/opt/venv/bin/python)",
        "cpu": "AMD EPYC (avx avx2)",
        "tensorflow": "2.21.0 (built for CUDA 12.5.1, cuDNN 9, import 4.6 s)",
    }


def test_control_characters_from_a_snapshot_never_reach_the_terminal() -> None:
    """A GPU name with an escape sequence and a newline (a hostile --facts file) prints as
    visible text on one line: no screen clear, no window title, no fake line."""
    from tfgpu.report.text import PlainConsole, render_text

    hostile = "\x1b[2J\x1b]0;pwned\x07\nFAKE LINE"
    report = Report(command="doctor", verdict=Verdict(False, f"GPU 0: {hostile} looks ready"),
                    findings=(), meta={"host": hostile})
    out = io.StringIO()
    render_text(report, PlainConsole(out))
    text = out.getvalue()
    assert "\x1b" not in text and "\x07" not in text
    assert "\nFAKE LINE" not in text and "\\x1b[2J" in text


def test_probe_evidence_names_its_command_once() -> None:
    """A probe's evidence line that starts with its command ("nvidia-smi: missing: not
    found") is printed once, not under a second "nvidia-smi: " prefix."""
    for name in ("cpu-only-this-machine", "driver-mismatch-and-segfault"):
        text = render_text_to_string(_report(SCENARIOS[name]), verbosity=1, width=100)
        assert "nvidia-smi: nvidia-smi:" not in text, name
        assert "nvidia-smi: " in text, name
