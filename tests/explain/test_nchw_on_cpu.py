"""A channels-first (NCHW) tensor reaching one of TensorFlow's CPU kernels that take only NHWC,
in the pooling, convolution, Conv3D, backprop and fused batch norm wordings of TF 1.x-2.21,
and executor.cc's line for a node placed on the GPU (constant folding's CPU try, harmless)
(``checks/op_kernel_limits.py``).  Rows: kind_cases/nchw_on_cpu.toml."""

from __future__ import annotations

import pytest

from tfgpu.diagnosis.checks import CHECKS
from tfgpu.facts.view import Facts
from tfgpu.logs import read_lines

from .kind_helpers import Case, cases, table_test

test_case = table_test("nchw_on_cpu")

#: Every row of both NCHW tables: the hedge, constant folding, a created GPU device, the plain
#: refusal, and the lines that are none of these.
_ROWS = [*cases("nchw_on_cpu"), *cases("nchw_op_on_cpu_kernel")]


def _nchw_answer(finding_id: str, title: str) -> bool:
    """Whether a finding is one of the answers to a CPU kernel refusing NCHW data."""
    return finding_id == "nchw-op-on-cpu" or (
        finding_id == "tensorflow-cpu-only-build" and "NHWC" in title)


@pytest.mark.parametrize("row", _ROWS, ids=[r.name for r in _ROWS])
def test_one_check_owns_every_nchw_answer(row: Case) -> None:
    # the rule (constant folding's harmless try, the CPU-only-build hedge, the op placed on
    # the CPU beside a created GPU device, the plain refusal) is in one place: no other
    # check gives any of these answers
    facts = Facts(row.host, read_lines(list(row.lines)))
    owners = {check.__name__ for check in CHECKS
              if any(_nchw_answer(f.id, f.title) for f in check(facts))}
    assert owners <= {"nchw_on_cpu"}, owners
