"""An allocation that failed through TensorFlow's allocator adapter ("Out of memory while
trying to allocate N bytes.": XLA's allocator in tf2xla, later stream_executor
``tf_allocator_adapter.cc``, through which XLA-compiled computations and the GPU libraries'
autotuning allocate): the finding names the request's size, says when one request is more
than the GPU's whole memory, and points at an XLA cluster when the failing node is one
(``<cluster>/xla_run``, build_xla_ops_pass.cc's _XlaRun node of an auto-clustered graph).

The logs are variants written for these tests from those wordings.
"""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines
from tfgpu.facts import GPU, HostFacts, OSFacts, PythonFacts
from tfgpu.findings import Finding

ID = "gpu-resource-exhausted"


def _request(n_bytes: int, node: str = "cluster_0_1/xla_run") -> list[str]:
    return ["tensorflow.python.framework.errors_impl.ResourceExhaustedError: 2 root error(s) "
            "found.",
            f"  (0) Resource exhausted: Out of memory while trying to allocate {n_bytes} bytes.",
            f"\t [[{{{{node {node}}}}}]]"]


def _finding(lines: list[str], host: HostFacts | None = None) -> Finding:
    return next(f for f in explain_lines(lines, host) if f.id == ID)


def _host(total_mib: int) -> HostFacts:
    return HostFacts(os=OSFacts(system="Linux"),
                     python=PythonFacts(version="3.10.12", executable="python"),
                     gpus=(GPU(index=0, vendor="nvidia", name="Tesla V100-SXM2-16GB",
                               memory_total_mib=total_mib),))


def test_the_request_is_named_with_its_size() -> None:
    f = _finding(_request(68852648264))
    assert "64.12 GiB for one allocation" in f.title
    assert "68852648264 bytes" in f.cause
    # the log gives no GPU size: the command that tells, and the two readings
    assert "more than the whole GPU" in f.cause
    assert any(x.startswith("nvidia-smi --query-gpu=name,memory.total") for x in f.fix)


def test_an_xla_cluster_node_points_at_xla() -> None:
    f = _finding(_request(68852648264))
    assert "in an XLA cluster (cluster_0_1/xla_run)" in f.title
    assert any("--tf_xla_auto_jit=-1" in x for x in f.fix)
    plain = _finding(_request(68852648264, node="model/conv2d/Conv2D"))
    assert "XLA" not in plain.title and not any("tf_xla_auto_jit" in x for x in plain.fix)


@pytest.mark.parametrize(("what", "lines"), [
    # the TF 1.x device lines give the GPU's size
    ("this GPU's whole memory (16,128 MiB)",
     ["totalMemory: 15.75GiB freeMemory: 15.44GiB", *_request(68852648264)]),
    # TF 2.x: the pool of the device TensorFlow created
    ("the pool TensorFlow created on the GPU (15,056 MiB)",
     ["2020-02-20 11:49:00.000000: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1304] "
     "Created TensorFlow device (/job:localhost/replica:0/task:0/device:GPU:0 with 15056 MB "
     "memory) -> physical GPU (device: 0, name: Tesla V100-SXM2-16GB, pci bus id: "
     "0000:06:00.0, compute capability: 7.0)", *_request(68852648264)]),
])
def test_a_request_above_the_gpus_memory_is_no_matter_of_free_memory(what: str,
                                                                     lines: list[str]) -> None:
    f = _finding(lines)
    assert f"request is more than {what}" in f.cause
    assert "no other process" in f.cause and "cluster_0_1/xla_run" in f.cause
    assert not any("memory.total" in x for x in f.fix)  # the size is known


def test_the_host_facts_give_the_gpus_memory_too() -> None:
    f = _finding(_request(68852648264), _host(16160))
    assert "more than this GPU's whole memory (16,160 MiB)" in f.cause
    small = _finding(_request(4294967296), _host(16160))
    assert "request is more than" not in small.cause and "4.00 GiB" in small.title
    assert "16,160 MiB" in small.cause and "more than is free" in small.cause
