"""The kernel log and TensorFlow's op registry (``checks/kernel_module.py``,
``checks/op_registry.py`` and neighbours): the kernel's NVRM API mismatch in both wordings and
as dmesg, journald and syslog print it, the NVIDIA probe blocked by another driver,
TensorFlow's op registry (NCCL, namespaced and other ops), NCCL graph nodes on native Windows,
TF 0.12's NUMA wording, CUDA_VISIBLE_DEVICES set in the log.  Rows:
kind_cases/kernel_log_and_op_registry.toml."""

from __future__ import annotations

import pytest

from tfgpu.findings import Severity

from .kind_helpers import ids, table_test

test_case = table_test("kernel_log_and_op_registry")


@pytest.mark.parametrize(("lines", "client", "module"), [
    pytest.param([
        "Mar  3 09:12:44 n7 kernel: NVRM: API mismatch: the client has the version 550.90.07, but",
        "                           NVRM: this kernel module has the version 550.54.15.  Please",
        "                           NVRM: make sure that this kernel module and all NVIDIA driver",
        "                           NVRM: components have the same version.",
    ], "550.90.07", "550.54.15", id="versions-are-read-from-the-joined-lines"),
    pytest.param([
        "[ 8812.100201] NVRM: API mismatch: the client 'nvidia-smi' (pid 4242)",
        "               NVRM: has the version 575.57.08, but this kernel module has",
        "               NVRM: the version 570.153.02.  Please make sure that this",
        "               NVRM: kernel module and all NVIDIA driver components",
        "               NVRM: have the same version.",
    ], "575.57.08", "570.153.02", id="new-wording-names-both-versions"),
])
def test_nvrm_api_mismatch(lines: list[str], client: str, module: str) -> None:
    """The kernel's NVRM API mismatch, old and new wording wrapped over syslog lines: the
    finding names both the client's and the kernel module's version."""
    f = ids(lines)["nvidia-driver-library-mismatch"]
    assert client in f.cause and module in f.cause
    assert f.severity is Severity.ERROR


def test_hedged_op_is_not_a_claim_of_a_cause() -> None:
    # a TF 1.x contrib op (lazily registered then): not TensorFlow's own op list's, so hedged;
    # an op of that list (DisableCopyOnRead) is the core-op variant
    # (kind_cases/graph_import_symbols_colab.toml)
    f = ids(["tensorflow.python.framework.errors_impl.NotFoundError: Op type not registered "
             "'LSTMBlockCell' in binary running on build-7. Make sure the Op and Kernel are "
             "registered in the binary running in this process."])["tf-op-not-registered"]
    assert f.category == "unknown"
    assert "newer TensorFlow" in f.cause and "LSTMBlockCell" in f.title
