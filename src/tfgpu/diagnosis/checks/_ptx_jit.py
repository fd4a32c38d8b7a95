"""The driver that a TensorFlow release's PTX needs on a GPU above its cubins.

Source: ``tf_compute_capabilities.toml`` (each official Linux wheel's cubins and PTX, from
build_info.py and the wheels' fatbinaries) and ``cuda_min_driver.toml`` (NVIDIA's toolkit and
driver table; the minor-version compatibility guide: PTX JIT needs a driver at least as new as
the toolkit that made the PTX, :meth:`Knowledge.min_driver` with ``ptx_jit``).  In the
TensorFlow 2.21 wheel's libtensorflow_cc.so.2 all 1398 CUDA fatbinaries carry cubins for sm_60,
sm_70, sm_80 and sm_89 and PTX for compute_90 (".version 8.5", CUDA 12.5's PTX ISA); sm_90
cubins are in 249 of them, none of them the MLIR-generated kernels' (``Cast_GPU_DT_...``).  A
GPU of a major above every cubin's therefore runs TensorFlow's own kernels through the
driver's JIT, and a driver older than the PTX's CUDA cannot load them, while cuBLAS and cuDNN,
which carry their own cubins, run on any driver of the CUDA major's family.
"""

from __future__ import annotations

from dataclasses import dataclass

from tfgpu.diagnosis.checks.dnn_init_causes import gpu_ccs
from tfgpu.facts.view import Facts
from tfgpu.knowledge import (
    KnowledgeQueryError,
    classify_cc,
    driver_at_least,
    parse_cc,
    parse_version,
)


@dataclass(frozen=True, slots=True)
class JitFloor:
    """The ``ptx-jit-driver`` variant's fields (:func:`ptx_jit_floor`): the release ``tf``,
    its cubins' compute capabilities ``sass`` ("6.0, 7.0, 8.0, 8.9"), the CUDA ``cuda`` that
    made its PTX and the knowledge row ``ref``; ``jit_from``, the first compute capability
    that runs the modules from PTX ("9.0"); the driver ``need`` that JIT needs, on
    ``os_name``, from row ``need_ref``; ``older``, a sentence naming an earlier release whose
    PTX an older driver compiles ("" when none); ``host``, a sentence on the host's driver."""

    tf: str
    sass: str
    cuda: str
    ref: str
    jit_from: str
    need: str
    os_name: str
    need_ref: str
    older: str
    host: str


def ptx_jit_floor(ctx: Facts) -> JitFloor | None:
    """The ``ptx-jit-driver`` variant's fields when the TensorFlow release is known (host
    facts or the log) and its Linux wheel carries PTX for GPUs newer than its cubins
    (``tf_compute_capabilities.toml``): the first compute capability that runs the generated
    kernels through the driver's PTX JIT (a major above every cubin's), the CUDA that made the
    PTX (build_info ``cuda_version``) and the driver that JIT needs
    (:meth:`Knowledge.min_driver` with ``ptx_jit``: the toolkit's own minimum, from
    ``cuda_min_driver.toml``), with the latest earlier release whose PTX needs an older
    driver.  ``None`` on native Windows (the table is of Linux wheels), for a release the
    tables lack, when the log or facts show a GPU that does not run this build from PTX (one
    with native code, or one below its minimum; by its compute capability, or a model name
    the GPU table knows: :func:`gpu_ccs`), or when the known driver meets the floor: then the
    driver is not the cause."""
    version = ctx.tf_version
    if not version or ctx.windows:
        return None
    kb = ctx.kb
    os_ = "wsl2" if ctx.wsl else "linux"
    try:
        archs = kb.wheel_compute_capabilities(version)
        if archs is None or not archs.ptx or not archs.sass:
            return None
        jit_from = f"{max(parse_cc(c)[0] for c in archs.sass) + 1}.0"
        need = kb.min_driver(archs.row.build_cuda, os_, ptx_jit=True)
        kinds = {classify_cc(archs.sass, archs.ptx, cc)[0] for cc, _ev in gpu_ccs(ctx)}
        if need is None or (kinds and kinds != {"ptx-jit"}):
            return None
        drv = ctx.driver_version
        if drv and driver_at_least(drv, need.version) is not False:
            return None
        older = ""
        for row in sorted(kb.wheel_archs, key=lambda r: parse_version(r.tf_version),
                          reverse=True):
            if parse_version(row.tf_version) >= parse_version(archs.row.tf_version):
                continue
            if not row.sass_cc or f"{max(parse_cc(c)[0] for c in row.sass_cc) + 1}.0" != jit_from:
                break
            prev = kb.min_driver(row.build_cuda, os_, ptx_jit=True)
            if prev is not None and parse_version(prev.version) < parse_version(need.version):
                older = (f" TensorFlow {row.tf_version_last} (CUDA {row.build_cuda}; "
                         f"knowledge row {row.ref}) needs {prev.version} for the same GPUs.")
                break
    except KnowledgeQueryError:
        return None
    return JitFloor(
        tf=version, sass=", ".join(archs.sass), cuda=archs.row.build_cuda, ref=archs.row.ref,
        jit_from=jit_from, need=need.version,
        os_name="Linux" if os_ == "linux" else "the Windows driver under WSL2",
        need_ref=need.row.ref, older=older,
        host=f" This host's driver is {drv}, older than that." if drv else "",
    )


__all__ = ["JitFloor", "ptx_jit_floor"]
