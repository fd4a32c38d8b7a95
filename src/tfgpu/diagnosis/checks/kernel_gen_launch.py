"""A generated GPU kernel of TensorFlow launched without a loaded module: CUDA_ERROR_INVALID_HANDLE.

Source: tensorflow/compiler/mlir/tools/kernel_gen/tf_gpu_runtime_wrappers.cc (TF 2.x; its
strings are in the TensorFlow 2.21 wheel's libtensorflow_cc.so.2).  TensorFlow's
MLIR-generated GPU kernels (Cast, Softmax, FloorMod and other element-wise ops) are binary
blobs inside TensorFlow; ``_mlir_ciface_tf_launch_kernel`` loads the blob with
``cuModuleLoadData(&module, data)`` and looks the kernel up with
``cuModuleGetFunction(&function, module, kernel_name)``, and a failure of either is only
logged as a warning ("'<expr>' failed with '<CUresult name>'", ``GPU_REPORT_IF_ERROR``).  The
launch then runs with no function and its ``cuLaunchKernel(function, gridX, ...)`` fails with
CUDA_ERROR_INVALID_HANDLE, which becomes the op's Internal error.  So that line says the
kernel's module did not load on this GPU; the warning before it says why
(CUDA_ERROR_NO_BINARY_FOR_GPU: no code for the GPU's architecture;
CUDA_ERROR_UNSUPPORTED_PTX_VERSION: a driver older than the PTX), and other checks read it.
Threads printing the launch line: GeForce RTX 50 (compute capability 12.0) with TensorFlow
2.19-2.20 after "TensorFlow was not built with CUDA kernel binaries compatible with compute
capability 12.0" (tensorflow/tensorflow#97387, #99592, #112272).

The generated kernels' code, read from the TensorFlow 2.21 wheel's libtensorflow_cc.so.2 (its
1398 CUDA fatbinaries; entry headers give kind and arch): each carries cubins for sm_60, sm_70,
sm_80 and sm_89 and PTX for compute_90 (".version 8.5", CUDA 12.5's PTX ISA), the build's list
(``tf_compute_capabilities.toml``); sm_90 cubins are in 249 of them, none of them the generated
kernels' (``Cast_GPU_DT_...`` and the like).  So on a GPU of compute capability 9.0 or newer
these modules load only through the driver's PTX JIT, which needs a driver at least as new as
the CUDA that made the PTX (NVIDIA's minor-version compatibility guide; ``cuda_min_driver.toml``
toolkit rows), while cuBLAS and cuDNN, which carry their own cubins, run on any driver of the
CUDA major's family: AI-Hypercomputer/maxdiffusion#154 saw the Cast launch fail with 2.18.0
(CUDA 12.5.1) and run with 2.17.0 (CUDA 12.3).
"""

from __future__ import annotations

from dataclasses import dataclass

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks.dnn_init_causes import gpu_ccs
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding
from tfgpu.knowledge import (
    KnowledgeQueryError,
    classify_cc,
    driver_at_least,
    parse_cc,
    parse_version,
)


def kernel_gen_module_not_loaded(ctx: Facts) -> list[Finding]:
    """``tf-generated-kernel-not-loaded`` from a ``gpu.kernel_gen_call`` launch line with
    CUDA_ERROR_INVALID_HANDLE: variant ``after-load-failure`` (a notice that points at the
    module's own failure, which other findings explain) when the log shows the module load
    or function lookup failing; variant ``gpu-covered`` (unknown, no newer-GPU lead) when the
    log shows TensorFlow creating the GPU's device with its compute capability and no
    "not built with CUDA kernel binaries" notice (``cc.ptx_jit_notice``); else the hedge,
    whose fix shows how to find out why."""
    hits = ctx.h("gpu.kernel_gen_call").all()
    launches = [h for h in hits if h.g("call") == "cuLaunchKernel"
                and h.g("code") == "CUDA_ERROR_INVALID_HANDLE"]
    if not launches:
        return []
    op = next((h.g("op") for h in launches if h.g("op")), None)
    what = f"its {op} kernel" if op else "one of its kernels"
    loads = [h for h in hits if h.g("call") != "cuLaunchKernel"
             and h.line <= launches[0].line]
    if loads:
        first = loads[0]
        return [catalogue.make(
            "tf-generated-kernel-not-loaded", variant="after-load-failure", what=what,
            load=f"{first.g('call')} failed with {first.g('code')}, line {first.line}",
            evidence=log_evidence(loads[:2], launches[:2], limit=4),
        )]
    created = [h for h in ctx.h("gpu.created").all()
               if h.g("cc") and h.line < launches[0].line]
    if created and not ctx.h("cc.ptx_jit_notice").count:
        # gpu_device.cc logs "TensorFlow was not built with CUDA kernel binaries compatible
        # with compute capability X" while it sets up a GPU the build has no cubin for; the
        # device line without it shows a GPU the build covers
        dev = created[0]
        return [catalogue.make(
            "tf-generated-kernel-not-loaded", variant="gpu-covered", what=what,
            cc=dev.g("cc"),
            gpu=(f"the log shows TensorFlow creating the device of compute capability "
                 f"{dev.g('cc')} (line {dev.line})"),
            evidence=log_evidence(launches[:2], [dev], limit=3),
        )]
    floor = _ptx_jit_floor(ctx)
    if floor is not None:
        return [catalogue.make(
            "tf-generated-kernel-not-loaded", variant="ptx-jit-driver", what=what,
            tf=floor.tf, sass=floor.sass, cuda=floor.cuda, ref=floor.ref,
            jit_from=floor.jit_from, need=floor.need, os_name=floor.os_name,
            need_ref=floor.need_ref, older=floor.older, host=floor.host,
            evidence=(*log_evidence(launches, limit=2), *ctx.fact_evidence()),
        )]
    return [catalogue.make(
        "tf-generated-kernel-not-loaded", what=what,
        evidence=log_evidence(launches, limit=2),
    )]


@dataclass(frozen=True, slots=True)
class _JitFloor:
    """The ``ptx-jit-driver`` variant's fields (:func:`_ptx_jit_floor`): the release ``tf``,
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


def _ptx_jit_floor(ctx: Facts) -> _JitFloor | None:
    """The ``ptx-jit-driver`` variant's fields when the TensorFlow release is known (host
    facts or the log) and its Linux wheel carries PTX for GPUs newer than its cubins
    (``tf_compute_capabilities.toml``): the first compute capability that runs the generated
    kernels through the driver's PTX JIT (a major above every cubin's), the CUDA that made the
    PTX (build_info ``cuda_version``) and the driver that JIT needs
    (:meth:`Knowledge.min_driver` with ``ptx_jit``: the toolkit's own minimum, from
    ``cuda_min_driver.toml``), with the latest earlier release whose PTX needs an older
    driver.  ``None`` on native Windows (the table is of Linux wheels), for a release the
    tables lack, when the log or facts show a GPU with native code in this build (its
    compute capability, or a model name the GPU table knows: :func:`gpu_ccs`), or when the
    known driver meets the floor: then the driver is not the cause."""
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
        if need is None or any(classify_cc(archs.sass, archs.ptx, cc)[0] == "native"
                               for cc, _ev in gpu_ccs(ctx)):
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
    return _JitFloor(
        tf=version, sass=", ".join(archs.sass), cuda=archs.row.build_cuda, ref=archs.row.ref,
        jit_from=jit_from, need=need.version,
        os_name="Linux" if os_ == "linux" else "the Windows driver under WSL2",
        need_ref=need.row.ref, older=older,
        host=f" This host's driver is {drv}, older than that." if drv else "",
    )


__all__ = ["kernel_gen_module_not_loaded"]
