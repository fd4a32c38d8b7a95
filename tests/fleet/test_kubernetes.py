"""Kubernetes manifests: the Kubeflow TFJob and the facts DaemonSet validate against their
published schemas (tests/fixtures/k8s, strict: unknown keys fail), and the YAML reads back
as the same objects.  No live cluster is used."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from tfgpu.cli.main import main
from tfgpu.fleet.kubernetes import (
    ManifestError,
    TFJobSpec,
    facts_daemonset,
    tfjob_manifest,
    to_yaml,
)

K8S = Path(__file__).resolve().parents[1] / "fixtures" / "k8s"


def _strict(schema: Any) -> Any:
    """``schema`` with ``additionalProperties: false`` on every object schema that lists
    its properties and says nothing about others (kubeconform's strict mode)."""
    if isinstance(schema, dict):
        out = {k: _strict(v) for k, v in schema.items()}
        if ("properties" in out and "additionalProperties" not in out
                and not out.get("x-kubernetes-preserve-unknown-fields")):
            out["additionalProperties"] = False
        return out
    if isinstance(schema, list):
        return [_strict(v) for v in schema]
    return schema


def _validator(name: str) -> jsonschema.Draft7Validator:
    schema = json.loads((K8S / name).read_text(encoding="utf-8"))
    return jsonschema.Draft7Validator(_strict(schema))


TFJOB = _validator("tfjob-v1.schema.json")
DAEMONSET = _validator("daemonset-apps-v1.schema.json")


def _errors(validator: jsonschema.Draft7Validator, obj: Any) -> list[str]:
    return [f"{'/'.join(map(str, e.path))}: {e.message}" for e in validator.iter_errors(obj)]


def _documents(text: str) -> Any:
    return yaml.safe_load(text)


@pytest.mark.parametrize("spec", [
    TFJobSpec(("python", "train.py"), "registry.example/team/train:1.0"),
    TFJobSpec(("python", "train.py", "--epochs", "3"), "img:2", workers=8, gpus_per_worker=4,
              name="resnet-50", namespace="ml"),
], ids=["cpu", "gpus"])
def test_tfjob_validates_against_the_crd_schema(spec: TFJobSpec) -> None:
    manifest = tfjob_manifest(spec)
    assert _errors(TFJOB, manifest) == []
    worker = manifest["spec"]["tfReplicaSpecs"]["Worker"]
    assert worker["replicas"] == spec.workers
    (container,) = worker["template"]["spec"]["containers"]
    assert container["name"] == "tensorflow"  # the operator's default container name
    assert container["command"] == list(spec.command)
    assert _documents(to_yaml(manifest)) == manifest


def test_the_strict_schemas_catch_a_broken_manifest() -> None:
    """The validation can fail: a misspelt key, a wrong type, a missing required field."""
    good = tfjob_manifest(TFJobSpec(("python", "t.py"), "img:1"))
    typo = copy.deepcopy(good)
    typo["spec"]["tfReplicaSpec"] = typo["spec"].pop("tfReplicaSpecs")
    assert any("tfReplicaSpec" in e for e in _errors(TFJOB, typo))
    wrong = copy.deepcopy(good)
    wrong["spec"]["tfReplicaSpecs"]["Worker"]["replicas"] = "two"
    assert _errors(TFJOB, wrong)
    ds = facts_daemonset("img:1")
    del ds["spec"]["template"]["spec"]["containers"][0]["name"]
    assert any("'name' is a required property" in e for e in _errors(DAEMONSET, ds))


@pytest.mark.parametrize("kwargs", [{}, {"namespace": "monitoring", "no_tf": True,
                                         "node_selector": {"nvidia.com/gpu.present": "true"}}],
                         ids=["default", "options"])
def test_daemonset_validates_and_selects_its_own_pods(kwargs: dict[str, Any]) -> None:
    ds = facts_daemonset("registry.example/tfgpu:0.1", **kwargs)
    assert _errors(DAEMONSET, ds) == []
    labels = ds["spec"]["template"]["metadata"]["labels"]
    assert ds["spec"]["selector"]["matchLabels"].items() <= labels.items()
    pod = ds["spec"]["template"]["spec"]
    assert "resources" in pod["containers"][0] and "limits" not in pod["containers"][0][
        "resources"]  # asks for no GPU: it must not take one from training
    cmd = pod["containers"][0]["command"][-1]
    assert cmd.startswith("tfgpu facts" + (" --no-tf" if kwargs.get("no_tf") else " 2>"))
    assert _documents(to_yaml(ds)) == ds


@pytest.mark.parametrize(("spec", "message"), [
    (TFJobSpec((), "img"), "no worker command"),
    (TFJobSpec(("t",), ""), "--image"),
    (TFJobSpec(("t",), "img", name="My_Job"), "--job-name"),
    (TFJobSpec(("t",), "img", workers=0), "workers must be"),
])
def test_refused_tfjobs(spec: TFJobSpec, message: str) -> None:
    with pytest.raises(ManifestError, match=message):
        tfjob_manifest(spec)


def test_cli_launch_kubernetes_prints_the_manifest(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["launch", "--kubernetes", "--image", "img:1", "--workers", "3",
                 "--gpus-per-node", "2", "--", "python", "train.py"]) == 0
    doc = _documents(capsys.readouterr().out)
    assert _errors(TFJOB, doc) == []
    assert doc["spec"]["tfReplicaSpecs"]["Worker"]["replicas"] == 3
    limits = doc["spec"]["tfReplicaSpecs"]["Worker"]["template"]["spec"]["containers"][0][
        "resources"]["limits"]
    assert limits == {"nvidia.com/gpu": 2}


def test_cli_launch_kubernetes_without_gpus_says_no_gpu_is_requested(
        capsys: pytest.CaptureFixture[str]) -> None:
    """As ``launch --slurm``: no --gpus-per-node writes no GPU limit, and a note (on
    standard error, and as a comment of the manifest) says so; 0 asked for none: silent."""
    assert main(["launch", "--kubernetes", "--image", "img:1", "--workers", "2", "--",
                 "python", "train.py"]) == 0
    out, err = capsys.readouterr()
    doc = _documents(out)
    assert _errors(TFJOB, doc) == []
    container = doc["spec"]["tfReplicaSpecs"]["Worker"]["template"]["spec"]["containers"][0]
    assert "resources" not in container
    assert err.startswith("tfgpu launch: note: No GPU requested (no --gpus-per-node)")
    assert "--kubernetes --gpus-per-node N" in err
    assert "# No GPU requested (no --gpus-per-node)" in out
    assert main(["launch", "--kubernetes", "--image", "img:1", "--gpus-per-node", "0", "--",
                 "python", "train.py"]) == 0
    out, err = capsys.readouterr()
    assert "No GPU requested" not in out + err


def test_cli_fleet_daemonset_prints_the_manifest(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fleet", "--daemonset", "--image", "img:1", "--node-selector",
                 "nvidia.com/gpu.present=true"]) == 0
    out = capsys.readouterr().out
    assert "tfgpu fleet facts/" in out  # the comment says how to collect the logs
    doc = _documents(out)
    assert _errors(DAEMONSET, doc) == []
    assert doc["spec"]["template"]["spec"]["nodeSelector"] == {"nvidia.com/gpu.present": "true"}


@pytest.mark.parametrize(("argv", "message"), [
    (["launch", "--kubernetes", "--", "python", "t.py"], "--kubernetes needs --image"),
    (["launch", "--image", "x", "--", "python", "t.py"], "need --kubernetes"),
    (["launch", "--slurm", "--kubernetes", "--", "python", "t.py"], "choose one"),
    (["fleet", "--daemonset"], "--daemonset needs --image"),
    (["fleet", "--image", "x"], "need --daemonset"),
    (["fleet", "--daemonset", "--image", "x", "--node-selector", "gpu"], "KEY=VALUE"),
])
def test_cli_refusals(argv: list[str], message: str,
                      capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize("value", ["no", "1", "1.0", "12:30", "a: b", "#x", "", "on", "0x1f",
                                   "img:1", "--flag", "é", "a\nb", "null", "~", ".inf"])
def test_yaml_strings_read_back_as_themselves(value: str) -> None:
    obj = {"k": value, "l": [value, {"m": value}], "e": {}, "f": []}
    assert yaml.safe_load(to_yaml(obj)) == obj
