"""A failed CHECK or RET_CHECK in XLA's compiler (xla-compiler-check-failed): every path form
the releases log (full TF/XLA/JAX/Windows paths, absl's basename, RET_CHECK Status texts) gives
it, and the same lines in XLA's runtime or in TensorFlow's own sources do not.
Rows: kind_cases/xla_compiler_check.toml."""

from __future__ import annotations

import pytest

from tfgpu.diagnosis.checks.xla_compiler_check import compiler_source
from tfgpu.knowledge import load_knowledge

from .kind_helpers import table_test

test_case = table_test("xla_compiler_check")


@pytest.mark.parametrize(("path", "compiler"), [
    ("external/xla/xla/hlo/transforms/simplifiers/algebraic_simplifier.cc", True),
    ("xla/service/gpu/ir_emission_utils.cc", True),
    ("external/xla/xla/backends/gpu/runtime/command_buffer_thunk.cc", False),
    ("xla/service/gpu/autotuning/gemm_algorithm_picker.cc", False),
    ("xla/pjrt/pjrt_stream_executor_client.cc", False),
    ("tensorflow/core/kernels/conv_ops.cc", False),
    ("cuda_dnn.cc", False),
    ("hlo_instruction.cc", True),
])
def test_compiler_source_tells_compiler_from_runtime(path: str, compiler: bool) -> None:
    """Folders and basenames of xla-compiler-sources: compiler passes yes, runtime no."""
    assert compiler_source(load_knowledge(), path) is compiler
