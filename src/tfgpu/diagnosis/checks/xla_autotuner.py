"""XLA's autotuner finding no supported configuration for a fused GPU instruction.

Source: xla/backends/autotuner/autotuner.cc ``Autotuner::TuneBestConfig``: when
``GetSupportedConfigs(instr)`` is empty it returns InternalError "Autotuner could not find any
supported configs for HLO: " + ``instr->ToString()`` (the text is in the TensorFlow 2.21
wheel's libtensorflow_cc.so.2).  The instruction's ``custom_call_target`` names the backend
call (``__cudnn$convBiasActivationForward``, ``__cudnn$fusion``...): for a cuDNN call, no engine
of the loaded cuDNN supports it.  The log does not say why, so the finding is a hedge.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def xla_autotuner_no_config(ctx: Facts) -> list[Finding]:
    """``xla-autotuner-no-supported-config`` (a warning hedge, category unknown) from
    ``xla.autotuner_no_config``; the cuDNN call's target (``xla.cudnn_custom_call``, the
    printed HLO) is named and quoted when the log shows it."""
    hits = ctx.h("xla.autotuner_no_config")
    if not hits.count:
        return []
    calls = ctx.h("xla.cudnn_custom_call")
    target = calls.first[0].g("target") if calls.count else None
    what = f"cuDNN call ({target})" if target else "fused GPU instruction"
    return [catalogue.make(
        "xla-autotuner-no-supported-config", what=what,
        instr=f"the cuDNN call {target}" if target else "this instruction",
        evidence=log_evidence(hits, calls.first[:1], limit=3),
    )]


__all__ = ["xla_autotuner_no_config"]
