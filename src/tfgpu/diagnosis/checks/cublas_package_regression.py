"""A cuBLAS start or launch failure under one of TensorFlow's CUDA 10.1 builds (TF 2.1-2.3)
on Linux: beside the memory hedge, NVIDIA's libcublas10 10.2.2.89-1 apt package
(``cublas-package-regression``, a warning).

CUDA 10.1 and 10.2 both ship cuBLAS as ``libcublas.so.10``, packaged by NVIDIA's apt
repository as ``libcublas10``; an upgrade pulls the CUDA 10.2 release's 10.2.2.89-1 onto a
CUDA 10.1 system, and TensorFlow's own images pinned ``libcublas10=10.2.1.243-1`` because that
release "prevents cublas from initializing in TF" (platform fact
``cublas10-regression-under-cuda-10-1``). The failure looks like any other cuBLAS one ("Blas
GEMM launch failed", "failed to create cublas handle: CUBLAS_STATUS_NOT_INITIALIZED"), so the
finding is a hedge beside the memory reading, with the command that tells them apart
(``apt-cache policy libcublas10``). Only beside ``rule_library_handle``'s GPU-memory reading
(never beside a status that names the allocation or another cause), never on native Windows or
macOS (no apt); under conda's cudatoolkit (its own cuBLAS) the apt-cache line shows no package.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.libnames import file_name
from tfgpu.facts.view import Facts
from tfgpu.findings import Finding
from tfgpu.knowledge import KnowledgeQueryError

FACT = "cublas10-regression-under-cuda-10-1"
_MEMORY_HEDGE = "dnn-handle-failed-gpu-memory"
#: a status that names the allocation (CUBLAS_STATUS_ALLOC_FAILED, CUDA_ERROR_OUT_OF_MEMORY,
#: "out of memory"): the memory finding is then no hedge
_MEMORY_STATUS = re.compile(r"ALLOC_FAILED|OUT_OF_MEMORY|out of memory", re.I)


def _build_cuda_is(ctx: Facts, cuda: str) -> bool:
    """Whether the log's or host's TensorFlow is a CUDA ``cuda`` build: its version's tested
    Linux build (``tf_tested_configs.toml``), else the CUDA runtime the log shows it opened
    (``libcudart.so.10.1``)."""
    try:
        build = ctx.kb.tested_gpu_build(ctx.tf_version, "linux")
    except KnowledgeQueryError:
        build = None
    if build is not None:
        return build.cuda == cuda
    opened = {file_name(k) for k in ctx.h("lib.opened").by_key}
    return f"libcudart.so.{cuda}" in opened


def cublas_package_hedge(ctx: Facts, handle: list[Finding]) -> list[Finding]:
    """``cublas-package-regression`` beside ``rule_library_handle``'s memory hedge.

    Args:
        ctx: the facts view.
        handle: what ``rule_library_handle`` found for the log's library failures.

    Returns:
        One warning finding with the memory finding's evidence (so that it goes with it
        when another finding supersedes it: ``hedge_partners``), or ``[]`` when the
        failure is not cuBLAS's, a status names the allocation (ALLOC_FAILED, out of memory),
        the host is not a Linux apt host, or the TensorFlow is not a CUDA 10.1 build.
    """
    hedge = next((f for f in handle if f.id == _MEMORY_HEDGE), None)
    if hedge is None or ctx.windows or ctx.os == "macos":
        return []
    texts = [e.text for e in hedge.evidence]
    if not any("blas" in t.lower() for t in texts) or any(_MEMORY_STATUS.search(t)
                                                          for t in texts):
        return []
    fact = ctx.kb.platform_fact(FACT)
    if not _build_cuda_is(ctx, fact.value("build_cuda")):
        return []
    bad, good = fact.value("bad"), fact.value("good")
    pkgs = fact.items("packages")
    pinned = " ".join(f"{p}={good}" for p in pkgs)
    return [catalogue.make(
        "cublas-package-regression", bad=bad, good=good, build_cuda=fact.value("build_cuda"),
        ref=fact.ref, evidence=hedge.evidence, knowledge_ref=fact.ref,
        fix=(f"apt-cache policy {pkgs[0]}   # Installed: {bad} is the release that breaks "
             f"cuBLAS here; {good} is the CUDA {fact.value('build_cuda')} one",
             f"sudo apt-get install --allow-downgrades {pinned}   # only if {bad} is installed",
             f"sudo apt-mark hold {' '.join(pkgs)}   # keep apt from upgrading it again"),
    )]
