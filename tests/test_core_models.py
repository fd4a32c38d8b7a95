"""Core models: facts round-trip through JSON, findings validate their ids and categories."""

from __future__ import annotations

import json

import pytest

from tfgpu.facts import (
    GPU,
    DriverFacts,
    FactsFormatError,
    HostFacts,
    OSFacts,
    ProbeStatus,
    PythonFacts,
    TFDevice,
    TFFacts,
)
from tfgpu.findings import Finding, Severity, sort_findings


def _host() -> HostFacts:
    return HostFacts(
        os=OSFacts(system="Linux", name="Ubuntu 22.04.4 LTS", version="22.04", is_wsl=False),
        python=PythonFacts(version="3.11.7", executable="/usr/bin/python3"),
        gpus=(
            GPU(
                index=0,
                vendor="nvidia",
                name="NVIDIA L4",
                memory_total_mib=23034,
                compute_capability="8.9",
                source="nvml",
            ),
        ),
        driver=DriverFacts(status=ProbeStatus.OK, version="535.161.08", cuda_version="12.2"),
        env={"CUDA_VISIBLE_DEVICES": "0"},
        tf=TFFacts(
            status=ProbeStatus.OK,
            version="2.15.0",
            build_info={"cuda_version": "12.2"},
            devices=(
                TFDevice(
                    name="/physical_device:GPU:0",
                    device_type="GPU",
                    details={"compute_capability": "8.9"},
                    op_ok=True,
                ),
            ),
        ),
    )


def test_facts_round_trip_is_exact() -> None:
    host = _host()
    again = HostFacts.from_json(host.to_json())
    assert again == host
    assert again.tf is not None and again.tf.gpus[0].op_ok is True


def test_facts_json_uses_plain_values() -> None:
    data = json.loads(_host().to_json())
    assert data["driver"]["status"] == "ok"
    assert data["gpus"][0]["memory_total_mib"] == 23034


@pytest.mark.parametrize(
    "text",
    [
        "",
        "not json",
        "[]",
        '{"python": {"version": "3.11", "executable": "x"}}',
        '{"os": {"system": 3}, "python": {"version": "3.11", "executable": "x"}}',
        (
            '{"schema_version": "9.0", "os": {"system": "Linux"},'
            ' "python": {"version": "3", "executable": "x"}}'
        ),
    ],
)
def test_bad_snapshots_raise_facts_format_error(text: str) -> None:
    with pytest.raises(FactsFormatError):
        HostFacts.from_json(text)


def test_finding_rejects_bad_id_and_category() -> None:
    with pytest.raises(ValueError, match="kebab"):
        Finding(id="Bad_Id", severity=Severity.ERROR, category="pip", title="x")
    with pytest.raises(ValueError, match="category"):
        Finding(id="ok-id", severity=Severity.ERROR, category="nonsense", title="x")


def test_sort_findings_puts_errors_first() -> None:
    a = Finding(id="a", severity=Severity.INFO, category="pip", title="a", area="python")
    b = Finding(id="b", severity=Severity.ERROR, category="pip", title="b", area="tensorflow")
    c = Finding(id="c", severity=Severity.ERROR, category="pip", title="c", area="hardware")
    assert [f.id for f in sort_findings([a, b, c])] == ["c", "b", "a"]
