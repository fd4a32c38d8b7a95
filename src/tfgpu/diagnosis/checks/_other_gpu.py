"""A log whose only GPU is not NVIDIA's: a report that names Intel or AMD graphics (pattern
``eco.non_nvidia_graphics``: "the GPU is Intel (R) UHD Graphics 620", tensorflow/tensorflow
#27830; Mesa's renderer string) and nothing NVIDIA. CUDA runs only on NVIDIA GPUs, so a
cuInit failure there is the no-NVIDIA-GPU case, not a driver to repair."""

from __future__ import annotations

from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts


def other_gpu_only(ctx: Facts) -> Hit | None:
    """The Intel/AMD GPU a log names when it shows no NVIDIA GPU (no GPU line of TensorFlow
    or nvidia-smi, none named: ``eco.nvidia_gpu_named``), no driver version (facts or the
    log's libcuda/kernel module lines), and no host facts decide; else ``None``."""
    if ctx.has_nvidia_gpu is not None or ctx.driver_known:
        return None
    if any(ctx.h(name).count for name in ("eco.nvidia_gpu_named", "driver.kernel",
                                          "driver.libcuda")):
        return None
    named = ctx.h("eco.non_nvidia_graphics").first
    return named[0] if named else None


__all__ = ["other_gpu_only"]
