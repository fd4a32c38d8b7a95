"""An NVIDIA Jetson host on which TensorFlow lists no GPU: the next steps of the hedge
``tensorflow-sees-no-gpu`` (variant ``reason-not-shown``) start with the TensorFlow build.

Source (knowledge row ``platform_facts:jetson-gpu-on-chip``, sources JETSON-LINUX and
JETSON-TF): a Jetson is a Tegra system-on-chip whose GPU is on the chip; TensorFlow with GPU
support for it is NVIDIA's own build for each JetPack release (wheels ``tensorflow==X+nvYY.MM``
from NVIDIA's JetPack index), not the aarch64 wheels of the Python package index; Jetson
Linux writes its release to ``/etc/nv_tegra_release``.  A Jetson shows as the host facts'
Tegra evidence (:func:`tfgpu.facts.presence.tegra_soc`) or a GPU whose row in
``gpu_compute_capability.toml`` is of the ``jetson`` segment.
"""

from __future__ import annotations

from tfgpu.facts.presence import tegra_soc
from tfgpu.facts.view import Facts
from tfgpu.knowledge import KnowledgeQueryError

#: The knowledge row the Jetson sentences come from.
JETSON_FACT = "jetson-gpu-on-chip"


def jetson_shown(ctx: Facts) -> str | None:
    """What in the host facts shows an NVIDIA Jetson ("the host facts' GPU NVIDIA Jetson
    Nano", the Tegra evidence), or, without host facts, the log's line that names one
    (:attr:`Facts.jetson_log`: "line 3: Jetson Nano"); ``None`` when neither does."""
    host = ctx.host
    if host is None:
        hit = ctx.jetson_log
        return (f"line {hit.line}: {(hit.g('what') or '').strip()}" if hit is not None
                else None)
    soc = tegra_soc(host)
    if soc is not None:
        return soc
    for gpu in host.gpus:
        match = ctx.kb.gpu_compute_capability(gpu.name or "")
        if gpu.vendor == "nvidia" and match is not None and match[1].segment == "jetson":
            return f"the host facts' GPU {gpu.name}"
    return None


def jetson_cause(ctx: Facts, what: str) -> str:
    """The sentence that says what a Jetson (shown by ``what``) needs for TensorFlow to list
    its GPU; empty when the knowledge lacks the row."""
    try:
        fact = ctx.kb.platform_fact(JETSON_FACT)
    except KnowledgeQueryError:
        return ""
    return (f" This host is an NVIDIA Jetson ({what}): TensorFlow with GPU support for it is "
            "NVIDIA's own build for the JetPack release installed (versions such as "
            "2.x.y+nvYY.MM, from NVIDIA's JetPack index), not the aarch64 wheels of the Python "
            "package index; another build uses the GPU only if it was built with CUDA for "
            f"this JetPack, so check the build first (knowledge row {fact.ref}).")


def jetson_steps(rest: list[str]) -> list[str]:
    """The Jetson's next steps: its Jetson Linux release, then ``rest`` (the hedge's
    commands, whose first after ``nvidia-smi`` prints TensorFlow's version and whether it is
    a CUDA build) with NVIDIA's build for that release after that line; ``nvidia-smi`` is
    left out (older JetPack releases have none: the GPU is on the chip)."""
    steps = [x for x in rest if not x.startswith("nvidia-smi")]
    return [
        "cat /etc/nv_tegra_release   # the Jetson Linux (L4T) release: it gives the JetPack "
        "release",
        *steps[:1],
        "# a version without +nv is not NVIDIA's Jetson build (those are 2.x.y+nvYY.MM), and "
        "False is a build without CUDA: install NVIDIA's TensorFlow for that JetPack release "
        "in its place (NVIDIA: Installing TensorFlow for Jetson Platform)",
        *steps[1:],
    ]
