"""The variables whose value names other machines (NCCL's rendezvous address, PyTorch's
MASTER_ADDR, Slurm node lists, a TF_CONFIG cluster spec) lose those names in every shared
output, as text (a log line, ``export X=...``, NCCL's "set by environment to") and as a
JSON value under the variable's name; other variables keep their values."""

from __future__ import annotations

import pytest

from tfgpu import privacy


def R() -> privacy.Redactor:
    """A fresh redactor: each report numbers its addresses from x.x.x.1."""
    return privacy.for_names(users=["alice"], homes=["/data/alice"], hosts=["gpubox7"])


@pytest.mark.parametrize(("text", "expected"), [
    ("NCCL_COMM_ID=gpubox9:23456", "NCCL_COMM_ID=host:23456"),
    ("gpubox7:1:2 [0] NCCL INFO NCCL_COMM_ID set by environment to gpubox9.lab:23456",
     "host:1:2 [0] NCCL INFO NCCL_COMM_ID set by environment to host:23456"),
    ("NCCL INFO NCCL_HOSTID set by environment to rack4-node2",
     "NCCL INFO NCCL_HOSTID set by environment to host"),
    ("export MASTER_ADDR=trainer-0.svc MASTER_PORT=29500",
     "export MASTER_ADDR=host MASTER_PORT=29500"),
    ('{"MASTER_ADDR": "node12", "WORLD_SIZE": "8"}', '{"MASTER_ADDR": "host", "WORLD_SIZE": "8"}'),
    ("SLURM_JOB_NODELIST=gpu[01-04,07],login2", "SLURM_JOB_NODELIST=host[01-04,07],host"),
    ("SLURM_SUBMIT_HOST=login1.cluster", "SLURM_SUBMIT_HOST=host"),
    ("COORDINATOR_ADDRESS=grpc://tpu-head:8476", "COORDINATOR_ADDRESS=grpc://host:8476"),
    ("NCCL_COMM_ID=10.1.2.3:23456", "NCCL_COMM_ID=x.x.x.1:23456"),
    ("TF_CONFIG='{\"cluster\": {\"worker\": [\"gpubox8:2222\", \"localhost:2223\"]}}'",
     "TF_CONFIG='{\"cluster\": {\"worker\": [\"host:2222\", \"localhost:2223\"]}}'"),
])
def test_machine_names_in_host_variables_are_replaced_in_text(text: str, expected: str) -> None:
    assert R().text(text) == expected


@pytest.mark.parametrize(("key", "value", "expected"), [
    ("NCCL_COMM_ID", "gpubox9:23456", "host:23456"),
    ("MASTER_ADDR", "gpu-node-7.corp", "host"),
    ("SLURM_NODELIST", "node[1-2],gpu9", "host[1-2],host"),
    ("NCCL_RAS_ADDR", "monitor3:28028", "host:28028"),
])
def test_machine_names_in_host_variables_are_replaced_in_data(
        key: str, value: str, expected: str) -> None:
    assert R().data({key: value}) == {key: expected}


@pytest.mark.parametrize("text", [
    "MASTER_ADDR=localhost", "MASTER_ADDR=127.0.0.1", "CUDA_VISIBLE_DEVICES=0,1",
    "TF_GPU_HOST_MEM_LIMIT_IN_MB=4096",
    "NCCL_SOCKET_IFNAME=eth0", "NCCL_DEBUG=INFO", "MASTER_ADDR=$(scontrol show hostnames)",
    "XLA_FLAGS=--xla_gpu_cuda_data_dir=/usr/local/cuda",
])
def test_only_the_machine_names_go_other_variables_and_loopback_stay(text: str) -> None:
    line = f"{text} NCCL_COMM_ID=gpubox9:23456"
    assert R().text(line) == f"{text} NCCL_COMM_ID=host:23456"
