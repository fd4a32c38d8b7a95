"""A program built on TensorFlow that checks the GPU's compute capability against a floor of
its own, refuses the GPU and falls back to the CPU (pattern ``cc.app_floor``): DeepFaceLab's
nnlib/nnlib.py (iperov/DeepFaceLab@883da4b, 2019) prints "<GPU name> does not meet minimum
required compute capability: 3.7. Falling back to CPU mode." with a floor that follows the
TensorFlow it uses (3.5; 3.7 from TensorFlow 1.11).  TensorFlow's own refusal ("Ignoring
visible gpu device (...) with Cuda compute capability X. The minimum required Cuda capability
is Y.") is read by compute_capability.py; this is the same fault as the program states it:
``gpu-compute-capability-too-low`` variant ``app-floor``.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, cc_key, log_evidence
from tfgpu.findings import Evidence, Finding


def _gpu_in(ctx: Facts, words: str) -> tuple[str, str | None, Evidence | None]:
    """``(name, cc, evidence)`` for the GPU a captured phrase ends with: the longest run of
    its last words that ``gpu_compute_capability.toml`` knows ("... the card GeForce GTX 660"
    -> ``("GeForce GTX 660", "3.0", ...)``); else its last run of words that start with a
    capital or a digit ("... says that Tesla K40m" -> "Tesla K40m") and no compute
    capability."""
    parts = words.split()
    for n in range(min(len(parts), 4), 0, -1):
        name = " ".join(parts[-n:])
        if not any(ch.isdigit() for ch in name):
            continue
        match = ctx.kb.gpu_compute_capability(name)
        if match is not None:
            return name, match.cc, Evidence("gpu", f"{name} -> CC {match.cc} ({match.row.ref})")
    run: list[str] = []
    for word in reversed(parts):
        if not (word[:1].isupper() or word[:1].isdigit()) or len(run) == 5:
            break
        run.insert(0, word)
    return " ".join(run or parts[-1:]), None, None


def app_cc_floor(ctx: Facts, found: list[Finding]) -> list[Finding]:
    """``gpu-compute-capability-too-low`` variant ``app-floor``: the program refused a GPU
    below its own minimum compute capability and runs on the CPU.  The GPU's compute
    capability comes from the host facts, else from the GPU's name in
    ``gpu_compute_capability.toml``; nothing when another finding already says the GPU is
    below a floor, or when the known compute capability meets the minimum (then the line is
    no fact about this GPU)."""
    hits = ctx.h("cc.app_floor").all()
    if not hits or any(f.id == "gpu-compute-capability-too-low" for f in found):
        return []
    h = hits[0]
    minimum = h.g("min") or "?"
    name, cc, gpu_ev = _gpu_in(ctx, re.sub(r"\s+", " ", h.g("gpu") or "").strip())
    if ctx.compute_capabilities:
        cc, gpu_ev = min(ctx.compute_capabilities, key=cc_key), None
    if cc is not None and minimum != "?" and cc_key(cc) >= cc_key(minimum):
        return []
    have = f" ({cc})" if cc else ""
    return [catalogue.make(
        "gpu-compute-capability-too-low", variant="app-floor", gpu=name, minimum=minimum,
        have=f"compute capability {cc}" if cc else "a compute capability",
        evidence=(*log_evidence([h]), *((gpu_ev,) if gpu_ev else ()),
                  *ctx.fact_evidence()),
        fix=("nvidia-smi --query-gpu=name,compute_cap --format=csv"
             f"   # the GPU's compute capability{have}: the program needs {minimum} or higher",
             f"# a GPU of compute capability >= {minimum}; or a release of the program whose "
             "minimum is at or below this GPU's (the minimum follows the TensorFlow it uses: "
             "its release notes or requirements name it)",
             "# or keep the CPU mode the program fell back to (slow, but it runs)"),
    )]
