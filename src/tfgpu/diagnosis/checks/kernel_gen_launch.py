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

With the release known, the hedge names the driver its PTX needs on a GPU above its cubins
(:func:`~tfgpu.diagnosis.checks._ptx_jit.ptx_jit_floor`, whose module gives the wheel's code):
AI-Hypercomputer/maxdiffusion#154 saw the Cast launch fail with 2.18.0 (CUDA 12.5.1 PTX) and
run with 2.17.0 (CUDA 12.3).
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._ptx_jit import ptx_jit_floor
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


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
    floor = ptx_jit_floor(ctx)
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


__all__ = ["kernel_gen_module_not_loaded"]
