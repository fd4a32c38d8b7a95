"""A GPU library used beside TensorFlow saying its installed build has no CUDA.

Sources: DGL's ``DeviceAPIManager::GetAPI`` (dmlc/dgl ``src/runtime/c_runtime_api.cc``):
``CHECK(allow_missing) << "Device API " << name << " is not enabled. Please install the cuda
version of dgl."`` when no ``device_api.<name>`` is registered, i.e. the library was built
without CUDA; PyTorch's ``torch/cuda/__init__.py`` ``_lazy_init``: ``raise
AssertionError("Torch not compiled with CUDA enabled")`` when ``torch._C`` has no CUDA
bindings.  Both are the library's own CPU-only package (the plain package name), not
TensorFlow's or the driver's state; knowledge rows ``dgl-device-api-not-enabled`` and
``torch-not-compiled-with-cuda`` (messages_addons_and_kernels.toml).
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: A "wants the CPU" phrase that is a symptom or the opposite wish: the program runs on the
#: CPU and the user wants the GPU ("My code runs on CPU but I want to run it on my RTX 3060",
#: "it runs on the CPU, so I tried to move the model to cuda"), or a tool's report ("PyTorch
#: says there is no GPU"); break-it review b49a P1.
_SYMPTOM = re.compile(
    r"(?i)\b(?:want|wants|wanted|like|need|trying|tried|try|move|moving|make it use|instead of)"
    r"\b[^\n]{0,60}?\b(?:gpu|cuda|rtx|geforce|nvidia)\b"
    r"|\b(?:says?|said|shows?|showing|reports?|prints?|detects?|finds?|found|thinks?|returns?)"
    r"\b[^.\n]{0,30}?\bno (?:an? |any )?(?:nvidia )?(?:gpu|cuda)\b")


def _wants_cpu(ctx: Facts) -> list[Hit]:
    """The user's words that the machine has no NVIDIA GPU/CUDA or that the program is to run
    on the CPU (pattern ``ctx.wants_cpu``), less those lines that are a symptom or ask for the
    GPU (:data:`_SYMPTOM`)."""
    return [h for h in ctx.h("ctx.wants_cpu").all() if not _SYMPTOM.search(h.text)]


def _gpu_shown(ctx: Facts) -> bool:
    """The paste (or the host facts) shows an NVIDIA GPU: nvidia-smi's table, a GPU listing
    or TensorFlow's device lines (``Facts.has_nvidia_gpu``), or a card's name ("RTX 3060",
    GeForce, pattern ``eco.nvidia_gpu_named``).  Such a user has the hardware, so the CPU-only
    torch is the fault, not a program that hard-codes 'cuda' (break-it review b49a P1; the
    "wants the CPU" reading is pytorch/pytorch#28111's user, who has no CUDA)."""
    return bool(ctx.has_nvidia_gpu) or bool(ctx.h("eco.nvidia_gpu_named").count)


def companion_cpu_only_build(ctx: Facts) -> list[Finding]:
    """``companion-library-cpu-only-build`` (variant ``dgl``, ``pytorch`` or, on macOS where
    PyTorch has no CUDA build at all, ``pytorch-macos``; by the first
    library that says so; pattern ``companion.cpu_build``): the library's own words that
    its build has no CUDA.  Nothing without such a line."""
    hits = ctx.h("companion.cpu_build").all()
    if not hits:
        return []
    first = hits[0]
    if first.g("torch"):
        library, said = "PyTorch", "Torch not compiled with CUDA enabled"
        variant = "pytorch-macos" if ctx.os == "macos" else "pytorch"  # no CUDA build there
        if variant == "pytorch" and _wants_cpu(ctx) and not _gpu_shown(ctx):
            # the user has no NVIDIA GPU/CUDA or wants the CPU (pytorch/pytorch#28111,
            # soumith: "that code requires cuda"): the program hard-codes the device
            variant = "pytorch-cpu-wanted"
        elif variant == "pytorch" and ctx.jetson_log is not None:
            # a Jetson: PyTorch's own wheels for aarch64 Linux have no CUDA; NVIDIA builds
            # them for each JetPack (forums.developer.nvidia.com/t/pytorch-for-jetson/72048,
            # "pre-built PyTorch pip wheel installers for Jetson ... for your version of
            # JetPack"; dusty-nv/jetson-inference#1848)
            variant = "pytorch-jetson"
    else:
        library, variant = "DGL", "dgl"
        said = f"Device API {first.g('dgl')} is not enabled. Please install the cuda version of dgl"
    same = [h for h in hits if bool(h.g("torch")) == bool(first.g("torch"))]
    host = (_wants_cpu(ctx)[:1] if variant == "pytorch-cpu-wanted"
            else [ctx.jetson_log] if variant == "pytorch-jetson" and ctx.jetson_log else [])
    return [catalogue.make(
        "companion-library-cpu-only-build", variant=variant, library=library, said=said,
        evidence=log_evidence(same, host),
    )]
