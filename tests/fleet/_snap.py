"""Facts snapshots for the fleet tests: a recorded real host, edited the way a second
node would differ (another driver, TensorFlow, NCCL variable, GPU)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tfgpu.facts import HostFacts

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
#: The healthy GPU host of the doctor review (NVIDIA L4, driver 560.35.03, TensorFlow 2.21
#: computes on GPU 0) and a GPU-less host with TensorFlow 2.21 (tests/fixtures/doctor-scenarios).
L4 = FIXTURES / "doctor-scenarios" / "l4_ok.json"
NO_GPU = FIXTURES / "doctor-scenarios" / "tf_and_cpu_nogpu.json"

Edit = Callable[[dict[str, Any]], None]


def raw(path: Path = L4) -> dict[str, Any]:
    """The snapshot as JSON data (a fresh copy to edit)."""
    return copy.deepcopy(json.loads(path.read_text(encoding="utf-8")))


def snap(*edits: Edit, path: Path = L4) -> HostFacts:
    """The snapshot with ``edits`` applied, validated like a file read by ``--facts``."""
    data = raw(path)
    for edit in edits:
        edit(data)
    return HostFacts.from_dict(data)


def driver(version: str) -> Edit:
    def edit(d: dict[str, Any]) -> None:
        d["driver"]["version"] = version
    return edit


def dist(name: str, version: str) -> Edit:
    def edit(d: dict[str, Any]) -> None:
        dists = [x for x in d["python"]["distributions"] if x["name"] != name]
        dists.append({"name": name, "version": version})
        d["python"]["distributions"] = sorted(dists, key=lambda x: x["name"])
    return edit


def env(name: str, value: str) -> Edit:
    def edit(d: dict[str, Any]) -> None:
        d["env"][name] = value
    return edit


def gpu(name: str, cc: str) -> Edit:
    def edit(d: dict[str, Any]) -> None:
        for g in d["gpus"]:
            g["name"], g["compute_capability"] = name, cc
        for dev in d["tf"]["devices"]:
            if dev["device_type"] == "GPU":
                dev["details"]["compute_capability"] = cc
    return edit


def write(folder: Path, name: str, facts: HostFacts) -> Path:
    """Write ``facts`` as ``folder/name.json`` (what ``tfgpu facts -o`` writes)."""
    path = folder / f"{name}.json"
    path.write_text(facts.to_json() + "\n", encoding="utf-8")
    return path


def tf_version(version: str) -> Edit:
    """TensorFlow ``version`` as the child probe and the installed distribution say."""
    def edit(d: dict[str, Any]) -> None:
        d["tf"]["version"] = version
        dist("tensorflow", version)(d)
    return edit


def no_tf(system_cudart: str = "13") -> Edit:
    """The snapshot ``tfgpu facts --no-tf`` writes of the same host: TensorFlow's probe
    skipped, and a system toolkit's libcudart (``system_cudart``) that the loader picks but
    a pip TensorFlow does not load."""
    def edit(d: dict[str, Any]) -> None:
        d["tf"] = {"status": "skipped", "version": None, "build_info": {}, "devices": [],
                   "log_lines": [], "error": None, "returncode": None, "import_s": None,
                   "duration_s": None}
        d["libraries"] = [*d["libraries"], {
            "name": "cudart", "filename": f"libcudart.so.{system_cudart}",
            "path": f"/usr/local/cuda/lib64/libcudart.so.{system_cudart}",
            "version": system_cudart, "origin": "system", "selected": True, "binary": None}]
    return edit
