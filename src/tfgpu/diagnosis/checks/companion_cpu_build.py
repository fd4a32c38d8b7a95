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

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


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
    else:
        library, variant = "DGL", "dgl"
        said = f"Device API {first.g('dgl')} is not enabled. Please install the cuda version of dgl"
    same = [h for h in hits if bool(h.g("torch")) == bool(first.g("torch"))]
    return [catalogue.make(
        "companion-library-cpu-only-build", variant=variant, library=library, said=said,
        evidence=log_evidence(same),
    )]
