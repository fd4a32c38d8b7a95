"""From hits to findings: one function per message kind.

Each rule reads the hits of its patterns plus the context (:class:`Facts`) and returns
findings whose cause states the parsed numbers and whose fix is commands for the OS the
facts or the log show.  A rule never guesses: when the log does not say enough, the cause
says what is unknown and the fix says how to find out.
"""

from __future__ import annotations

from tfgpu.explain.rules._common import Rule
from tfgpu.explain.rules.compute_capability import rule_compute_capability
from tfgpu.explain.rules.cpu_instructions import rule_illegal_instruction
from tfgpu.explain.rules.cupti import rule_cupti
from tfgpu.explain.rules.distributed import rule_nccl
from tfgpu.explain.rules.driver import rule_cuda_drivers, rule_cuinit
from tfgpu.explain.rules.gpu_visibility import rule_gpu_created, rule_gpu_not_visible
from tfgpu.explain.rules.libraries import rule_missing_libraries
from tfgpu.explain.rules.memory import rule_autotune, rule_memory
from tfgpu.explain.rules.mixed_precision import rule_mixed
from tfgpu.explain.rules.notices import rule_noise
from tfgpu.explain.rules.pip_import import rule_pip
from tfgpu.explain.rules.unknown import rule_unrecognised
from tfgpu.explain.rules.versions import (
    rule_cudnn_mismatch,
    rule_driver_insufficient,
    rule_driver_mismatch,
)
from tfgpu.explain.rules.windows import rule_windows
from tfgpu.explain.rules.wsl_numa import rule_wsl_numa
from tfgpu.explain.rules.xla_ptxas import rule_xla

#: The order findings are produced in (and deduplicated by): keep it.
RULES: tuple[Rule, ...] = (
    rule_missing_libraries,
    rule_cudnn_mismatch,
    rule_driver_insufficient,
    rule_driver_mismatch,
    rule_cuinit,
    rule_cuda_drivers,
    rule_windows,
    rule_pip,
    rule_memory,
    rule_autotune,
    rule_xla,
    rule_compute_capability,
    rule_wsl_numa,
    rule_cupti,
    rule_nccl,
    rule_mixed,
    rule_gpu_not_visible,
    rule_illegal_instruction,
    rule_gpu_created,
    rule_noise,
)

__all__ = ["RULES", "Rule", "rule_unrecognised"]
