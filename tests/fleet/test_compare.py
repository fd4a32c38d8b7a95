"""The fleet's pure part: the comparison table and the fleet-only findings, on snapshots of
a real-format host edited the way a second node differs (named after the fault)."""

from __future__ import annotations

from typing import Any

import pytest

from tfgpu.facts import HostFacts
from tfgpu.findings import Severity
from tfgpu.fleet import NodeResult, NodeStatus, examine
from tfgpu.fleet.compare import build_table, compute_capabilities, gpus_visible

from . import _snap


def _nodes(*facts: HostFacts) -> list[NodeResult]:
    return [NodeResult(f"node{i + 1}", f"node{i + 1}.json", NodeStatus.OK, facts=f)
            for i, f in enumerate(facts)]


def _ids(nodes: list[NodeResult]) -> list[str]:
    return [f.id for f in examine(nodes).findings]


def test_identical_nodes_agree_and_make_no_finding() -> None:
    report = examine(_nodes(_snap.snap(), _snap.snap()))
    assert report.findings == ()
    assert not any(r.differs for r in report.table.rows)
    assert report.table.nodes == ("node1", "node2")
    assert report.table.row("tensorflow") is not None
    assert report.table.row("tensorflow").values == ("2.21.0", "2.21.0")  # type: ignore[union-attr]
    assert report.table.row("driver").values == ("560.35.03", "560.35.03")  # type: ignore[union-attr]
    assert not report.has_errors
    assert report.headline == "2 of 2 nodes examined; all facts compared agree"


def test_scenario_node_with_another_tensorflow_is_an_error() -> None:
    nodes = _nodes(_snap.snap(), _snap.snap(), _snap.snap(_snap.tf_version("2.20.0")))
    report = examine(nodes)
    assert [f.id for f in report.findings] == ["fleet-tensorflow-differs"]
    f = report.findings[0]
    assert f.severity is Severity.ERROR
    assert f.title == ("The nodes run different TensorFlow versions: 2.21.0 on node1, node2; "
                       "2.20.0 on node3")
    assert "the odd ones: node3" in f.fix[0] and "TensorFlow 2.21.0" in f.fix[0]
    assert report.table.row("tensorflow").differs  # type: ignore[union-attr]
    assert report.has_errors


def test_scenario_node_with_another_driver_is_a_warning() -> None:
    report = examine(_nodes(_snap.snap(), _snap.snap(_snap.driver("550.54.15"))))
    assert [(f.id, f.severity) for f in report.findings] == [
        ("fleet-driver-differs", Severity.WARNING)]
    assert report.table.row("driver").values == ("560.35.03", "550.54.15")  # type: ignore[union-attr]
    assert not report.has_errors


@pytest.mark.parametrize(("edit", "fid", "severity"), [
    (_snap.dist("keras", "3.4.0"), "fleet-keras-differs", Severity.ERROR),
    (_snap.dist("numpy", "1.26.4"), "fleet-numpy-differs", Severity.WARNING),
    (_snap.dist("nvidia-nccl-cu12", "2.19.3"), None, None),  # set on one node only: unknown
], ids=["keras", "numpy", "nccl-on-one-node"])
def test_each_version_row(edit: _snap.Edit, fid: str | None, severity: Severity | None) -> None:
    base = _snap.snap(_snap.dist("keras", "3.5.0")) if fid == "fleet-keras-differs" else \
        _snap.snap()
    report = examine(_nodes(base, _snap.snap(edit)))
    got = [(f.id, f.severity) for f in report.findings]
    assert got == ([(fid, severity)] if fid else [])


def test_nccl_wheels_that_differ() -> None:
    report = examine(_nodes(_snap.snap(_snap.dist("nvidia-nccl-cu12", "2.20.5")),
                            _snap.snap(_snap.dist("nvidia-nccl-cu12", "2.19.3"))))
    assert [(f.id, f.severity) for f in report.findings] == [
        ("fleet-nccl-differs", Severity.ERROR)]
    assert report.findings[0].doc == "https://www.tensorflow.org/api_docs/python/tf/distribute/MultiWorkerMirroredStrategy"


def test_scenario_nccl_variable_set_on_one_node_only() -> None:
    report = examine(_nodes(_snap.snap(_snap.env("NCCL_SOCKET_IFNAME", "ib0")), _snap.snap()))
    assert [f.id for f in report.findings] == ["fleet-env-differs"]
    f = report.findings[0]
    assert f.cause == "NCCL_SOCKET_IFNAME: ib0 on node1; (unset) on node2"
    assert report.table.row("env:NCCL_SOCKET_IFNAME").values == ("ib0", None)  # type: ignore[union-attr]


def test_tf_config_differs_by_design_and_is_not_compared() -> None:
    report = examine(_nodes(_snap.snap(_snap.env("TF_CONFIG", '{"task": {"index": 0}}')),
                            _snap.snap(_snap.env("TF_CONFIG", '{"task": {"index": 1}}'))))
    assert report.findings == ()
    assert report.table.row("env:TF_CONFIG") is None


def test_scenario_gpu_hidden_by_cuda_visible_devices_on_one_node() -> None:
    # the node's TensorFlow sees no GPU: both the GPU count and the doctor verdict differ
    def hide(d: dict[str, object]) -> None:
        d["tf"]["devices"] = [x for x in d["tf"]["devices"]  # type: ignore[index]
                              if x["device_type"] != "GPU"]  # type: ignore[index]
    bad = _snap.snap(_snap.env("CUDA_VISIBLE_DEVICES", ""), hide)
    report = examine(_nodes(_snap.snap(), bad))
    assert [f.id for f in report.findings] == ["fleet-node-without-gpu",
                                               "fleet-gpus-visible-differs"]
    assert report.findings[0].title == "1 of 2 nodes cannot use a GPU: node2"
    assert report.findings[1].title == ("The nodes' workers see different numbers of GPUs: "
                                        "1 on node1; 0 on node2")
    assert gpus_visible(bad) == 0


def test_a_fleet_of_cpu_nodes_is_not_a_gpu_finding() -> None:
    nogpu = _snap.snap(path=_snap.NO_GPU)
    assert not any(f.id == "fleet-node-without-gpu"
                   for f in examine(_nodes(nogpu, nogpu)).findings)


@pytest.mark.parametrize(("low", "words"), [
    ("6.1", "no Tensor Cores"), ("7.5", "no bfloat16 support"), ("8.0", "set the pace")])
def test_scenario_mixed_gpu_generations(low: str, words: str) -> None:
    report = examine(_nodes(_snap.snap(_snap.gpu("NVIDIA H100", "9.0")),
                            _snap.snap(_snap.gpu("NVIDIA GPU", low))))
    ids = [f.id for f in report.findings]
    assert "fleet-mixed-gpu-generations" in ids
    f = next(f for f in report.findings if f.id == "fleet-mixed-gpu-generations")
    assert f.title == (f"Mixed GPU generations across the nodes (compute capabilities {low}, "
                       f"9.0); {low} on node2")
    assert words in f.cause
    assert compute_capabilities(_snap.snap(_snap.gpu("x", low))) == (low,)


@pytest.mark.parametrize(("status", "variant_words"), [
    (NodeStatus.TIMEOUT, "did not answer in time"),
    (NodeStatus.NO_TFGPU, "has no tfgpu command"),
    (NodeStatus.UNREADABLE, "not a tfgpu facts snapshot"),
    (NodeStatus.FAILED, "tfgpu facts failed on node"),
    (NodeStatus.NO_ANSWER, "printed nothing"),
])
def test_a_node_that_could_not_be_examined_is_an_error(status: NodeStatus,
                                                       variant_words: str) -> None:
    nodes = [*_nodes(_snap.snap()), NodeResult("gpu9", "srun task 1", status, message="why",
                                               exit_code=None)]
    report = examine(nodes)
    assert [f.id for f in report.findings] == ["fleet-node-not-examined"]
    f = report.findings[0]
    assert variant_words in f.title and "gpu9" in f.title
    assert f.severity is Severity.ERROR
    assert any("gpu9" in line for line in f.fix)
    assert report.headline.startswith("1 of 2 nodes examined")


def test_table_columns_are_the_examined_nodes_only() -> None:
    nodes = [*_nodes(_snap.snap(), _snap.snap()),
             NodeResult("x", "x.json", NodeStatus.UNREADABLE, message="not JSON")]
    table = build_table(nodes)
    assert table.nodes == ("node1", "node2")
    assert all(len(r.values) == 2 for r in table.rows)


def test_each_node_gets_the_doctors_report() -> None:
    report = examine(_nodes(_snap.snap(), _snap.snap(path=_snap.NO_GPU)))
    verdicts = [n.report.verdict.gpu_usable for n in report.nodes if n.report]
    assert verdicts == [True, False]



def test_no_tf_snapshot_of_the_same_host_makes_no_cuda_mismatch() -> None:
    # new-user review: `facts --json` + `facts --no-tf` of one GPU-less host with a CUDA 13
    # toolkit warned "fleet-cuda-differs: 12.5.1 on node1; 13 on node2" (the system
    # libcudart, which TensorFlow does not load, filled the --no-tf row)
    report = examine(_nodes(_snap.snap(path=_snap.NO_GPU),
                            _snap.snap(_snap.no_tf("13"), path=_snap.NO_GPU)))
    assert [f.id for f in report.findings] == []
    assert report.table.row("cuda").values == ("12.5.1", None)  # type: ignore[union-attr]
    assert report.table.row("cudnn").values == ("9", None)  # type: ignore[union-attr]
    assert not any(r.differs for r in report.table.rows)


def test_every_compared_row_of_a_no_tf_twin_is_equal_or_unknown() -> None:
    # each row: a --no-tf snapshot of a GPU host agrees with the full one or says "?"
    full, twin = _snap.snap(), _snap.snap(_snap.no_tf("13"))
    report = examine(_nodes(full, twin))
    for row in report.table.rows:
        a, b = row.values
        assert b is None or b == a, (row.key, a, b)
    # TensorFlow's GPU count on node1, only the driver's list on node2: unknown there
    assert report.table.row("gpus_visible").values == ("1", None)  # type: ignore[union-attr]
    assert not any(f.id.endswith("-differs") for f in report.findings)


def test_a_no_tf_node_whose_gpu_looks_ready_is_not_a_node_without_gpu() -> None:
    wheels = "/home/u/venv/lib/python3.11/site-packages/nvidia"

    def clean(d: dict[str, object]) -> None:  # the pip wheels' libraries: nothing wrong
        d["libraries"] = [
            {"name": n, "filename": f"lib{n}.so.{v}", "path": f"{wheels}/{sub}/lib/lib{n}.so.{v}",
             "version": v, "origin": "tf-runpath", "selected": True, "binary": None}
            for n, sub, v in (("cudart", "cuda_runtime", "12"), ("cudnn", "cudnn", "9"),
                              ("cublas", "cublas", "12"))]
    full, twin = _snap.snap(), _snap.snap(_snap.no_tf(), clean)
    nodes = _nodes(full, twin)
    report = examine(nodes)
    twin_report = report.nodes[1].report
    assert twin_report is not None and twin_report.verdict.problems == 0, \
        twin_report.verdict if twin_report else None
    assert "fleet-node-without-gpu" not in [f.id for f in report.findings]


def test_a_fleet_of_no_tf_snapshots_still_compares_gpu_counts() -> None:
    # every node inferred the same way: the driver's GPUs narrowed by CUDA_VISIBLE_DEVICES
    report = examine(_nodes(_snap.snap(_snap.no_tf()),
                            _snap.snap(_snap.no_tf(), _snap.env("CUDA_VISIBLE_DEVICES", ""))))
    assert report.table.row("gpus_visible").values == ("1", "0")  # type: ignore[union-attr]
    assert "fleet-gpus-visible-differs" in [f.id for f in report.findings]
    assert report.table.row("cuda").values == (None, None)  # type: ignore[union-attr]


def test_a_node_whose_gpu_state_is_unknown_is_not_a_node_without_gpu() -> None:
    """A node whose driver probe timed out (``--no-tf``): its verdict says "GPU state
    unknown" and ``gpu_usable`` is None, so the fleet does not call it a node without GPU."""
    def hung(d: dict[str, Any]) -> None:
        d["driver"] = dict(d["driver"], status="timeout",
                           message="nvidia-smi did not finish within 10 s")
        d["gpus"] = []

    report = examine(_nodes(_snap.snap(), _snap.snap(_snap.no_tf(), hung)))
    node = report.nodes[1].report
    assert node is not None and node.verdict.gpu_usable is None, node
    assert node.verdict.headline.startswith("GPU state unknown")
    assert "fleet-node-without-gpu" not in [f.id for f in report.findings]


@pytest.mark.parametrize(("status", "seen"), [("missing", 0), ("error", None)])
def test_a_gpu_without_an_answering_driver_is_no_visible_gpu(status: str,
                                                             seen: int | None) -> None:
    # an NVIDIA card on the PCI bus, TensorFlow not probed (--no-tf): with no driver at all
    # nothing that uses CUDA sees it; with a driver that did not answer, nobody knows
    def no_driver(d: dict[str, object]) -> None:
        d["driver"] = {"status": status, "version": None, "cuda_version": None,
                       "smi_version": None, "source": None, "message": None}
    facts = _snap.snap(_snap.no_tf(), no_driver)
    assert facts.nvidia_gpus
    assert gpus_visible(facts) == seen
    assert gpus_visible(_snap.snap(_snap.no_tf())) == len(facts.nvidia_gpus)
