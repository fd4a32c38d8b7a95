"""The kernel log and TensorFlow's op registry (``checks/kernel_module.py``,
``checks/op_registry.py`` and neighbours): the kernel's NVRM API mismatch in both wordings and
as dmesg, journald and syslog print it, the NVIDIA probe blocked by another driver,
TensorFlow's op registry (NCCL, namespaced and other ops), NCCL graph nodes on native Windows,
TF 0.12's NUMA wording, CUDA_VISIBLE_DEVICES set in the log.  Rows:
kind_cases/kernel_log_and_op_registry.toml."""

from __future__ import annotations

from tfgpu.findings import Severity

from .kind_helpers import Case, check, ids, table


@table("kernel_log_and_op_registry")
def test_case(case: Case) -> None:
    """A row of kind_cases/kernel_log_and_op_registry.toml: its lines give its finding,
    not the others."""
    check(case)


def test_nvrm_versions_are_read_from_the_joined_lines() -> None:
    found = ids([
        "Mar  3 09:12:44 n7 kernel: NVRM: API mismatch: the client has the version 550.90.07, but",
        "                           NVRM: this kernel module has the version 550.54.15.  Please",
        "                           NVRM: make sure that this kernel module and all NVIDIA driver",
        "                           NVRM: components have the same version.",
    ])
    f = found["nvidia-driver-library-mismatch"]
    assert "550.90.07" in f.cause and "550.54.15" in f.cause
    assert f.severity is Severity.ERROR


def test_nvrm_new_wording_names_both_versions() -> None:
    found = ids([
        "[ 8812.100201] NVRM: API mismatch: the client 'nvidia-smi' (pid 4242)",
        "               NVRM: has the version 575.57.08, but this kernel module has",
        "               NVRM: the version 570.153.02.  Please make sure that this",
        "               NVRM: kernel module and all NVIDIA driver components",
        "               NVRM: have the same version.",
    ])
    f = found["nvidia-driver-library-mismatch"]
    assert "575.57.08" in f.cause and "570.153.02" in f.cause


def test_hedged_op_is_not_a_claim_of_a_cause() -> None:
    f = ids(["tensorflow.python.framework.errors_impl.NotFoundError: Op type not registered "
             "'DisableCopyOnRead' in binary running on build-7. Make sure the Op and Kernel are "
             "registered in the binary running in this process."])["tf-op-not-registered"]
    assert f.category == "unknown"
    assert "newer TensorFlow" in f.cause and "DisableCopyOnRead" in f.title
