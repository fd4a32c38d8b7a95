"""Kubernetes manifests for the same job: a Kubeflow ``TFJob`` that runs the training, and
a ``DaemonSet`` that prints every GPU node's ``tfgpu facts`` for ``tfgpu fleet``.

tfgpu applies nothing: it prints YAML for ``kubectl apply -f -``.  The manifests are
checked in the tests against the TFJob CRD schema of kubeflow/training-operator and the
apps/v1 DaemonSet schema (tests/fixtures/k8s); no live cluster was used to test them.

Sources: kubeflow/training-operator ``pkg/apis/kubeflow.org/v1/tensorflow_types.go``
(replica type ``Worker``, default container name ``tensorflow``) and
``pkg/controller.v1/tensorflow/tfjob_controller.go`` (the operator sets ``TF_CONFIG`` in
every replica, which ``tfgpu.setup()`` reads); the NVIDIA device plugin's ``nvidia.com/gpu``
resource; the NVIDIA Container Toolkit's ``NVIDIA_VISIBLE_DEVICES=all`` (a pod that asks
for no GPU still sees them all, read-only use such as ``nvidia-smi``); NVIDIA/k8s-device-plugin
README ("if you don't request GPUs when using the device plugin with NVIDIA images all the
GPUs on the machine will be exposed inside your container").
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

#: A Kubernetes object name (RFC 1123 DNS label, the rule for TFJob and DaemonSet names).
_NAME_RE = re.compile(r"^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$")
#: The container name the training operator looks for (``TFJobDefaultContainerName``).
TFJOB_CONTAINER = "tensorflow"
#: Label that marks the facts DaemonSet's pods.
FACTS_LABEL = ("app.kubernetes.io/name", "tfgpu-facts")


#: The TFJob's comment (and ``tfgpu launch``'s note) when no ``--gpus-per-node`` was given:
#: no ``nvidia.com/gpu`` limit, so the scheduler reserves no GPU for a worker (NVIDIA's
#: device plugin README: in NVIDIA's images such a pod still sees every GPU of its node).
NO_GPU_NOTE = ("No GPU requested (no --gpus-per-node): the workers get no nvidia.com/gpu "
               "limit, so Kubernetes reserves no GPU for them (in NVIDIA's images they may "
               "still see every GPU of their node, shared with other pods); ask with "
               "tfgpu launch --kubernetes --gpus-per-node N")


class ManifestError(ValueError):
    """A value cannot go into the manifest (the message says which and why)."""


def _check_name(what: str, name: str) -> None:
    if not _NAME_RE.match(name):
        raise ManifestError(f"{what} {name!r}: lower-case letters, digits and '-', at most "
                            "63 characters, starting and ending with a letter or digit")


@dataclass(frozen=True, slots=True)
class TFJobSpec:
    """A TFJob of ``workers`` identical workers.

    Attributes:
        command: the worker command (``["python", "train.py"]``).
        image: container image holding TensorFlow, tfgpu and the script.
        workers: ``Worker`` replicas (the operator writes each one's ``TF_CONFIG``).
        gpus_per_worker: ``nvidia.com/gpu`` limit of each worker pod (0: none).
        name: the TFJob's name.
        namespace: its namespace, or ``None`` for kubectl's current one.
    """

    command: tuple[str, ...]
    image: str
    workers: int = 2
    gpus_per_worker: int = 0
    name: str = "tfgpu-train"
    namespace: str | None = None


def tfjob_manifest(spec: TFJobSpec) -> dict[str, Any]:
    """The ``kubeflow.org/v1`` TFJob object of ``spec``.

    Raises:
        ManifestError: no command or image, fewer than 1 worker, negative GPUs, or a
            name/namespace that is not a DNS label.
    """
    if not spec.command:
        raise ManifestError("no worker command: tfgpu launch --kubernetes --image IMG -- "
                            "python train.py")
    if not spec.image.strip() or any(c.isspace() for c in spec.image):
        raise ManifestError(f"--image {spec.image!r}: one image reference, e.g. "
                            "registry.example/team/train:1.0")
    if spec.workers < 1 or spec.gpus_per_worker < 0:
        raise ManifestError("workers must be >= 1 and GPUs per worker >= 0")
    _check_name("--job-name", spec.name)
    meta: dict[str, Any] = {"name": spec.name}
    if spec.namespace is not None:
        _check_name("--namespace", spec.namespace)
        meta["namespace"] = spec.namespace
    container: dict[str, Any] = {
        "name": TFJOB_CONTAINER,
        "image": spec.image,
        "command": list(spec.command),
        "env": [{"name": "PYTHONUNBUFFERED", "value": "1"}],
    }
    if spec.gpus_per_worker:
        container["resources"] = {"limits": {"nvidia.com/gpu": spec.gpus_per_worker}}
    return {
        "apiVersion": "kubeflow.org/v1",
        "kind": "TFJob",
        "metadata": meta,
        "spec": {
            "runPolicy": {"cleanPodPolicy": "None"},
            "tfReplicaSpecs": {
                "Worker": {
                    "replicas": spec.workers,
                    "restartPolicy": "OnFailure",
                    "template": {"spec": {"containers": [container]}},
                },
            },
        },
    }


def facts_daemonset(image: str, *, name: str = "tfgpu-facts", namespace: str | None = None,
                    no_tf: bool = False, node_selector: Mapping[str, str] | None = None
                    ) -> dict[str, Any]:
    """A DaemonSet whose pod on each node prints ``tfgpu facts`` to its log, then idles.

    It asks for no GPU (it must not take one from training): ``NVIDIA_VISIBLE_DEVICES=all``
    lets the NVIDIA container runtime show it every GPU of the node.  It tolerates the
    ``nvidia.com/gpu`` taint that GPU node pools often carry.  Read the logs into a folder
    and run ``tfgpu fleet FOLDER`` (docs/slurm.md).

    Args:
        image: an image with tfgpu (and the TensorFlow the training uses).
        name: the DaemonSet's name.
        namespace: its namespace, or ``None``.
        no_tf: pass ``--no-tf`` (no TensorFlow import on the node).
        node_selector: only nodes with these labels (``{"nvidia.com/gpu.present":
            "true"}`` from GPU feature discovery).

    Raises:
        ManifestError: an empty image or a name/namespace that is not a DNS label.
    """
    if not image.strip() or any(c.isspace() for c in image):
        raise ManifestError(f"--image {image!r}: one image reference")
    _check_name("name", name)
    meta: dict[str, Any] = {"name": name, "labels": {FACTS_LABEL[0]: FACTS_LABEL[1]}}
    if namespace is not None:
        _check_name("--namespace", namespace)
        meta["namespace"] = namespace
    facts = "tfgpu facts --no-tf" if no_tf else "tfgpu facts"
    pod: dict[str, Any] = {
        "containers": [{
            "name": "facts",
            "image": image,
            "command": ["sh", "-c", f"{facts} 2>/dev/null; exec sleep infinity"],
            "env": [{"name": "NVIDIA_VISIBLE_DEVICES", "value": "all"},
                    {"name": "NVIDIA_DRIVER_CAPABILITIES", "value": "compute,utility"}],
            "resources": {"requests": {"cpu": "100m", "memory": "256Mi"}},
        }],
        "tolerations": [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}],
    }
    if node_selector:
        pod["nodeSelector"] = dict(node_selector)
    return {
        "apiVersion": "apps/v1",
        "kind": "DaemonSet",
        "metadata": meta,
        "spec": {
            "selector": {"matchLabels": {FACTS_LABEL[0]: FACTS_LABEL[1]}},
            "template": {"metadata": {"labels": {FACTS_LABEL[0]: FACTS_LABEL[1]}},
                         "spec": pod},
        },
    }


def to_yaml(obj: Any, indent: int = 0) -> str:
    """``obj`` (dicts, lists, strings, numbers, booleans, ``None``) as block YAML.

    A string is written plain only when it cannot read back as anything else (letters,
    digits and ``_./@-:`` with no ``": "``, not a YAML 1.1 boolean/null word, not a
    number); every other string is double-quoted with JSON escapes (a YAML double-quoted
    scalar reads them back the same), so no value turns into another type (``"no"``,
    ``"1.0"``) or breaks a line.  Keys keep their order.

    Raises:
        TypeError: a value of another type.
    """
    return "".join(_yaml_lines(obj, indent))


#: A string written without quotes: it cannot read back as anything but itself.
_PLAIN_RE = re.compile(r"[A-Za-z_/][A-Za-z0-9_./@-]*(:[A-Za-z0-9_./@-]+)*")
#: Words YAML 1.1 readers (PyYAML, kubectl's) take as booleans or null.
_YAML_WORDS = frozenset({"true", "false", "yes", "no", "on", "off", "y", "n", "null", "~"})
_NUMBER_RE = re.compile(r"[-+]?(\.?\d[\d_.eE+-]*|\.inf|\.nan|0x[0-9a-fA-F_]+|0o[0-7_]+)")


def _scalar(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return json.dumps(value)
    if isinstance(value, str):
        if _PLAIN_RE.fullmatch(value) and value.lower() not in _YAML_WORDS \
                and not _NUMBER_RE.fullmatch(value):
            return value
        return json.dumps(value, ensure_ascii=False)
    raise TypeError(f"cannot write {type(value).__name__} as YAML")


def _is_scalar(value: Any) -> bool:
    return not isinstance(value, Mapping | list | tuple) or not value


def _empty(value: Any) -> str:
    return "{}" if isinstance(value, Mapping) else "[]"


def _yaml_lines(obj: Any, indent: int) -> list[str]:
    pad = " " * indent
    out: list[str] = []
    if isinstance(obj, Mapping):
        for key, value in obj.items():
            k = _scalar(str(key)) if not re.fullmatch(r"[A-Za-z_][\w./-]*", str(key)) else key
            if _is_scalar(value):
                shown = _empty(value) if isinstance(value, Mapping | list | tuple) else \
                    _scalar(value)
                out.append(f"{pad}{k}: {shown}\n")
            else:
                out.append(f"{pad}{k}:\n")
                out += _yaml_lines(value, indent + 2)
        return out
    if isinstance(obj, list | tuple):
        for item in obj:
            if _is_scalar(item):
                shown = _empty(item) if isinstance(item, Mapping | list | tuple) else \
                    _scalar(item)
                out.append(f"{pad}- {shown}\n")
            else:
                inner = _yaml_lines(item, indent + 2)
                out.append(f"{pad}- {inner[0].lstrip()}")
                out += inner[1:]
        return out
    return [f"{pad}{_scalar(obj)}\n"]


def manifest_text(obj: Mapping[str, Any], header: Sequence[str] = ()) -> str:
    """``obj`` as a YAML document, after ``# header`` comment lines."""
    return "".join(f"# {line}\n" for line in header) + to_yaml(obj)
