"""``CUDA_VISIBLE_DEVICES`` read from a log: ``cuda-visible-devices-hides-gpus`` (variant
``from-log``) when the log sets it and CUDA then finds no device (CUDA C Programming Guide,
"CUDA Environment Variables").  The host-facts check of the same id is in visibility.py.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def _cvd_value(raw: str) -> str:
    return raw.strip().strip("\"'").strip()


def cvd_in_log(f: Facts) -> list[Finding]:
    """``cuda-visible-devices-hides-gpus`` (``from-log``): the log sets
    ``CUDA_VISIBLE_DEVICES`` and CUDA then reports no device (cuInit's
    CUDA_ERROR_NO_DEVICE or the runtime's "no CUDA-capable device is detected").  Only
    without host facts (the host check reads the real environment)."""
    if f.host is not None:
        return []
    cvd = f.h("wp.cvd_set")
    if not cvd.count:
        return []
    no_device = [h for h in f.h("cuinit").all() if h.g("name") == "CUDA_ERROR_NO_DEVICE"
                 or h.g("code") == "100"]
    runtime = f.h("gpu.no_device")
    if not (no_device or runtime.count):
        return []
    last = cvd.last or cvd.first[-1]
    value = _cvd_value(last.g("v") or "")
    tokens = [t.strip() for t in value.split(",")]
    if not value or value.startswith("-") or (not tokens[0].isdigit() and not tokens[0].upper(
            ).startswith(("GPU-", "MIG-"))):
        why = (f"{value!r} names no GPU (CUDA stops at the first entry that is not a valid "
               "index or UUID), so the process sees none.")
    else:
        why = (f"it selects GPU {value}, and CUDA saw no device, so this host has no GPU of "
               "that index (indices start at 0; nvidia-smi -L lists them) or no usable GPU "
               "at all.")
    return [catalogue.make(
        "cuda-visible-devices-hides-gpus", variant="from-log", value=repr(value), why=why,
        evidence=log_evidence([last], no_device[:1], runtime, limit=3),
        fix=("nvidia-smi -L   # the GPU indices this host has",
             "# set CUDA_VISIBLE_DEVICES to one of them (export CUDA_VISIBLE_DEVICES=0, or "
             "os.environ['CUDA_VISIBLE_DEVICES'] = '0' before importing TensorFlow), or unset it"),
    )]
