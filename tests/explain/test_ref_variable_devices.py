"""A TF 1.x reference variable sent between devices (op_def_util.cc's ref dtype in _Recv's
'tensor_type'): the GPU-to-GPU crossing is the multi-GPU finding, any other the ref-edge
variant of op-has-no-gpu-kernel; a ref dtype in another attr is neither.  Rows:
kind_cases/ref_variable_devices.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("ref_variable_devices")
