"""The official TensorFlow Docker image a log runs, and its GPU variant.

The tensorflow/tensorflow images are tagged ``latest``, ``nightly`` or a release version
(``2.15.0``); each base tag has a ``-gpu`` variant, "the specified tag release with GPU
support", and variants combine (``latest-gpu-jupyter``; older releases also had ``-py3``:
``2.1.0-gpu-py3``). Source: tensorflow/docs site/en/install/docker.md at commit
7c3650212740204359d4ceae481abc79345541be (platform_facts.toml source ``DOCKERMD``, row
``docker-gpu-images``). The plain tag is a CPU-only image: it carries no CUDA/cuDNN
libraries, so TensorFlow in it cannot load them whatever ``--gpus all`` passes through.
"""

from __future__ import annotations

from dataclasses import dataclass

from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts


@dataclass(frozen=True)
class CpuImage:
    """A CPU-only tensorflow/tensorflow image the log runs.

    Attributes:
        image: as written (``tensorflow/tensorflow:2.15.0``; no tag means ``latest``).
        gpu_image: its GPU variant (``tensorflow/tensorflow:2.15.0-gpu``).
        hit: the line that names it.
    """

    image: str
    gpu_image: str
    hit: Hit


def gpu_tag(tag: str) -> str:
    """The ``-gpu`` variant of a tensorflow/tensorflow tag: ``-gpu`` goes right after the
    base tag, before the other variants (``2.15.0`` -> ``2.15.0-gpu``, ``latest-jupyter``
    -> ``latest-gpu-jupyter``, ``2.1.0-py3`` -> ``2.1.0-gpu-py3``)."""
    base, sep, rest = tag.partition("-")
    return f"{base}-gpu{sep}{rest}"


def cpu_image(f: Facts) -> CpuImage | None:
    """The CPU-only tensorflow/tensorflow image the log runs, else ``None`` (a ``-gpu`` or
    ``devel-gpu`` tag, or no image named)."""
    for hit in f.h("docker.tf_image").all():
        tag = hit.g("tag") or "latest"
        if "gpu" in tag.split("-"):
            continue
        return CpuImage(f"tensorflow/tensorflow:{tag}", f"tensorflow/tensorflow:{gpu_tag(tag)}",
                        hit)
    return None
