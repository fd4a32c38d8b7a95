"""A fleet version difference is filed under its own area; with no majority (two nodes,
two versions) the fix names no node as "the odd one"; and "none" (no driver found, no
TensorFlow installed) is never the version to converge on."""

from __future__ import annotations

from typing import Any

from tfgpu.facts import HostFacts
from tfgpu.fleet import NodeResult, NodeStatus, examine

from . import _snap


def _nodes(*facts: HostFacts) -> list[NodeResult]:
    return [NodeResult(f"node{i + 1}", f"node{i + 1}.json", NodeStatus.OK, facts=f)
            for i, f in enumerate(facts)]


def test_a_driver_difference_is_the_drivers_area() -> None:
    report = examine(_nodes(_snap.snap(), _snap.snap(_snap.driver("550.54.15"))))
    (f,) = report.findings
    assert f.id == "fleet-driver-differs" and f.area == "driver"


def test_two_nodes_two_versions_pick_no_odd_one() -> None:
    (f,) = examine(_nodes(_snap.snap(), _snap.snap(_snap.driver("550.54.15")))).findings
    assert "odd ones" not in f.fix[0] and "no majority" in f.fix[0]
    # a real majority still names the odd node
    (g,) = examine(_nodes(_snap.snap(), _snap.snap(),
                          _snap.snap(_snap.driver("550.54.15")))).findings
    assert "the odd ones: node3" in g.fix[0]


def _no_driver(gpu: str | None) -> _snap.Edit:
    """No NVIDIA driver found (nvidia-smi and NVML missing); ``gpu``: ``"pci"`` an NVIDIA GPU
    on the PCI bus (lspci), ``"none"`` a PCI listing that answered with none, ``None`` no
    listing answered."""
    def edit(d: dict[str, Any]) -> None:
        d["driver"] = {"status": "missing", "version": None, "cuda_version": None,
                       "smi_version": None, "source": "nvidia-smi",
                       "message": "nvidia-smi: not found"}
        d["gpus"] = [] if gpu != "pci" else [{
            "index": 0, "vendor": "nvidia", "name": "NVIDIA Corporation AD104GL [L4]",
            "uuid": None, "pci_bus_id": "0000:01:00.0", "memory_total_mib": None,
            "memory_free_mib": None, "compute_capability": None, "is_mig": False,
            "source": "lspci"}]
        d["probes"] = [p for p in d["probes"] if p["name"] not in ("lspci", "sysfs-pci")]
        if gpu == "none":
            d["probes"].append({"name": "sysfs-pci", "status": "ok", "command": [],
                                "returncode": None, "duration_s": 0.01, "message": None,
                                "raw_excerpt": "0x030000 0x1234 0x1111"})
    return edit


def _driver_fix(*facts: HostFacts) -> tuple[str, ...]:
    (f,) = [f for f in examine(_nodes(*facts)).findings if f.id == "fleet-driver-differs"]
    return f.fix


def test_no_driver_is_never_the_version_to_converge_on() -> None:
    """Two nodes without a driver, one with 560.35.03: the driver goes onto the two, never
    "none" onto the one."""
    fix = _driver_fix(_snap.snap(_no_driver("pci")), _snap.snap(_no_driver("pci")),
                      _snap.snap())
    assert not any("none" in line for line in fix), fix
    assert fix[0] == ("# install NVIDIA driver 560.35.03 on node1, node2 (an NVIDIA GPU is "
                      "there, but no driver was found)")


def test_nodes_without_driver_or_nvidia_gpu_are_called_cpu_nodes() -> None:
    fix = _driver_fix(_snap.snap(_no_driver("none")), _snap.snap(_no_driver("none")),
                      _snap.snap())
    assert "node1, node2: no NVIDIA GPU and no driver found: CPU nodes" in fix[0]
    assert "sbatch --exclude=node1,node2" in fix[0] and "make" not in fix[0]


def test_a_node_whose_gpu_presence_is_unknown_is_told_what_to_check() -> None:
    # one node against one: no majority, yet "none" is no version, so 560.35.03 is the one
    fix = _driver_fix(_snap.snap(_no_driver(None)), _snap.snap())
    assert fix[0] == ("# install NVIDIA driver 560.35.03 on node1 if it has an NVIDIA GPU "
                      "(no driver found; lspci -d 10de: lists one)")


def test_missing_tensorflow_is_installed_not_converged_on() -> None:
    def no_tf_installed(d: dict[str, Any]) -> None:
        d["tf"] = {**d["tf"], "status": "missing", "version": None, "devices": [],
                   "build_info": {}}
        d["python"]["distributions"] = [x for x in d["python"]["distributions"]
                                        if x["name"] != "tensorflow"]
    nodes = _nodes(_snap.snap(no_tf_installed), _snap.snap(no_tf_installed),
                   _snap.snap(_snap.tf_version("2.21.0")))
    (f,) = [f for f in examine(nodes).findings if f.id == "fleet-tensorflow-differs"]
    assert f.fix[0] == "# install TensorFlow 2.21.0 on node1, node2 (none found there)"


def test_versions_and_absence_together_name_both() -> None:
    fix = _driver_fix(_snap.snap(), _snap.snap(), _snap.snap(_snap.driver("550.54.15")),
                      _snap.snap(_no_driver("pci")))
    assert fix[0].startswith("# make NVIDIA driver 560.35.03 on every node (the odd ones: "
                             "node3)")
    assert fix[1] == ("# install NVIDIA driver 560.35.03 on node4 (an NVIDIA GPU is there, "
                      "but no driver was found)")


def test_the_driver_fix_says_how_a_driver_is_changed_never_a_lock_file() -> None:
    """The driver is the host's kernel module: installed on each node and loaded by a
    reboot; no lock file or container image changes it (those words stay for the Python
    packages), and CPU nodes alone (to leave out of the job) get no install words."""
    for facts in ((_snap.snap(), _snap.snap(_snap.driver("550.54.15"))),
                  (_snap.snap(), _snap.snap(), _snap.snap(_snap.driver("550.54.15"))),
                  (_snap.snap(_no_driver("pci")), _snap.snap())):
        fix = _driver_fix(*facts)
        assert not any("install from one lock file" in line for line in fix), fix
        assert any("reboot the node" in line and "container image" in line
                   and "cannot change it" in line for line in fix), fix
    fix = _driver_fix(_snap.snap(_no_driver("none")), _snap.snap())
    assert not any("reboot" in line for line in fix), fix
    nodes = _nodes(_snap.snap(), _snap.snap(), _snap.snap(_snap.tf_version("2.20.0")))
    (f,) = [f for f in examine(nodes).findings if f.id == "fleet-tensorflow-differs"]
    assert f.fix[0].endswith("; install from one lock file or one container image"), f.fix
