"""TF 1.x graph import of an op the binary lacks (importer.py's "No op named X in defined
operations", op.cc's wording for TensorFlow's own ops), a tensorflow:: undefined symbol on a
line without the library, and Colab's GPU check cell (``checks/op_registry.py``,
``checks/bare_tf_symbol.py``, ``checks/colab_gpu_check.py``).  Rows:
kind_cases/graph_import_symbols_colab.toml."""

from __future__ import annotations

from tfgpu.knowledge import load_knowledge

from .kind_helpers import table_test

test_case = table_test("graph_import_symbols_colab")


def test_core_op_list_holds_tensorflows_own_ops_only() -> None:
    """The platform fact lists TensorFlow's own ops, not add-on namespaces or NCCL's
    Windows-missing ones alone, and is large enough to be the whole registry."""
    ops = set(load_knowledge().platform_fact("tf-core-op-types").items("ops"))
    assert {"NonMaxSuppressionV2", "Conv2D", "MatMul"} <= ops
    assert not any(">" in op or op.startswith("_") for op in ops)
    assert not {"LSTMBlockCell", "CudnnRNN", "NcclAllReduce", "TPUReplicatedInput"} & ops
    assert len(ops) > 1000
