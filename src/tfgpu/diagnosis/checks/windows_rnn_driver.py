"""A cuDNN RNN (LSTM/GRU) kernel failing mid-training on native Windows: the NVIDIA driver.

Read by checks/memory.py (a failed cuDNN RNN call) and checks/driver.py (a launch failure
while an LSTM/GRU trains); the reading and its sources are findings.toml's
``windows-nvidia-driver-breaks-cudnn-rnn`` row (tensorflow/tensorflow#35950, #37942, #45987,
#46405: most reports were fixed by a driver change; #37942 also by a fixed batch size).
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Evidence, Finding


def windows_rnn_driver_finding(ctx: Facts, what: str, hits: list[Hit]) -> Finding:
    """``windows-nvidia-driver-breaks-cudnn-rnn`` for a cuDNN RNN kernel (``what``: the
    call and its status, or the CUDA error) that failed mid-training on native Windows, with
    the lines ``hits`` (at most four quoted, by line) and how the OS is known."""
    return catalogue.make(
        "windows-nvidia-driver-breaks-cudnn-rnn", what=what,
        evidence=(*log_evidence(hits, limit=4), Evidence("os", f"windows ({ctx.os_source})")))


def rnn_in_log(ctx: Facts) -> list[Hit]:
    """Lines that show a cuDNN RNN running (a ``cudnnRNN...`` call, "ThenRnn...", the
    ``CudnnRNN`` op, or a Keras LSTM/GRU layer named): empty when the log shows none."""
    return [*ctx.h("cudnn.rnn_call").all(), *ctx.h("ctx.rnn_layer").all()]


__all__ = ["rnn_in_log", "windows_rnn_driver_finding"]
