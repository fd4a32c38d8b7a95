"""tensorflow-rocm could not start MIOpen (AMD's DNN library): ROCm causes, never cuDNN's.

Sources:

* TensorFlow's ROCm StreamExecutor (tensorflow/stream_executor/rocm/rocm_dnn.cc, TF 2.x;
  later xla/stream_executor/rocm/rocm_dnn.cc): ``MIOpenSupport::Init`` calls
  ``miopenCreateWithStream(&handle, (hipStream_t)0)`` and on failure logs "could not create
  miopen handle: <miopenStatus>"; the executor then has no DNN support, so convolutions fail
  ("attempting to perform DNN operation using StreamExecutor without DNN support", "Failed to
  find conv algorithm!").
* ROCm/MIOpen (README.md; include/miopen/miopen.h; src/CMakeLists.txt, 2024-10 tree): MIOpen
  has two backends, HIP and OpenCL (deprecated), packaged as ``miopen-hip`` and
  ``miopen-opencl``, which cannot be installed together ("completely uninstall the existing
  backend prior to installing the new backend").  ``miopenAcceleratorQueue_t`` is
  ``cl_command_queue`` in the OpenCL build and ``hipStream_t`` in the HIP build, so only the HIP
  build accepts TensorFlow's HIP stream.  ``ocl/handleocl.cpp``, ``ocl/oclerrors.cpp``,
  ``ocl/clhelper.cpp`` and ``ocl_kernel.cpp`` are compiled only into the OpenCL backend;
  handleocl.cpp throws "Error: Creating Handle. Cannot Initialize Handle from Queue".
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks.library_failures import handle_failures
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: Words (case-folded) of StreamExecutor's "no DNN support" messages.
_NO_DNN = ("without dnn support", "dnn library is not found", "fail to find the dnn implementation",
           "failed to find conv algorithm")

#: handleocl.cpp's words when the queue it was given is not an OpenCL command queue.
_FROM_QUEUE = "cannot initialize handle from queue"


def rocm_miopen_failed(f: Facts) -> list[Finding]:
    """MIOpen did not start in tensorflow-rocm.

    * an MIOpen error from a source only its OpenCL backend compiles (pattern
      ``rocm.miopen_opencl``) with TensorFlow's MIOpen handle failure or its no-DNN lines, or
      handleocl.cpp's "Cannot Initialize Handle from Queue" (a HIP stream given) ->
      ``rocm-miopen-opencl-backend-instead-of-hip`` (the installed MIOpen is the OpenCL build);
    * else "could not create miopen handle", or the no-DNN-support lines in a log that shows the
      ROCm stack (:attr:`Facts.rocm_log`) -> ``rocm-miopen-handle-failed`` (hedged: the log
      does not tell MIOpen missing or the wrong build, GPU memory, or an unsupported GPU).
    """
    handle = f.h("rocm.miopen_handle").all()
    no_dnn = [h for h in handle_failures(f) if any(w in h.text.casefold() for w in _NO_DNN)]
    ocl = f.h("rocm.miopen_opencl").all()
    # handleocl.cpp's "Cannot Initialize Handle from Queue": the queue given is no OpenCL
    # queue (a HIP program's stream), which says it alone
    from_queue = [h for h in ocl if _FROM_QUEUE in h.text.casefold()]
    if not handle and not from_queue and not (f.rocm_log and no_dnn):
        return []
    errors = f.h("rocm.miopen_error").all()
    if ocl:
        where = next((h.g("file") for h in errors if h.g("file")), None)
        return [catalogue.make(
            "rocm-miopen-opencl-backend-instead-of-hip",
            where=(where.rsplit("/", 2)[-2] + "/" + where.rsplit("/", 1)[-1]
                   if where and "/" in where else "MIOpen's OpenCL handle code"),
            evidence=log_evidence(ocl[:1], handle[:1] or no_dnn[:1]),
        )]
    status = next((s for h in handle if (s := h.g("status"))), "")
    fact = f.kb.platform_fact("amd-rocm")
    matrix = "; ".join(str(x) for x in fact.values.get("rocm_matrix", ()))
    return [catalogue.make(
        "rocm-miopen-handle-failed",
        status=f" ({status})" if status else "",
        evidence=log_evidence(errors[:1], handle[:1] or no_dnn[:2]),
        fix=("dpkg -l | grep -i miopen   # (rpm -qa | grep -i miopen) the HIP build, "
             "miopen-hip, must be installed: not miopen-opencl, and not missing",
             "pip show tensorflow-rocm; ls -d /opt/rocm*   # the wheel and the ROCm installed: "
             f"pair them as AMD's matrix says ({matrix})",
             "rocminfo | grep -m1 gfx   # the GPU's target: is it on this ROCm's supported "
             "list?",
             # rocm-smi's usage (ROCm SMI docs, rocm-smi -h): --showmemuse, --showpids
             "rocm-smi --showmemuse --showpids   # GPU memory another process holds: stop it, "
             "or TF_FORCE_GPU_ALLOW_GROWTH=true"),
        knowledge_ref=fact.ref,
    )]


__all__ = ["rocm_miopen_failed"]
