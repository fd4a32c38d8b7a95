"""Two CUDA-runtime lines whose status text is not what it seems.

1. The cudart stub's placeholder status.  TensorFlow 1.14-2.x reaches the CUDA runtime through a
   stub (``tensorflow/stream_executor/cuda/cudart_stub.cc`` with
   ``cuda_runtime_10_0.inc``/``_10_1.inc``, tensorflow/tensorflow at
   016d116d5a2589216d4aaae6bcf73c8e35bbcf1f): when the runtime library (libcudart.so.X /
   cudart64_X.dll of the CUDA version the build loads) does not load, every call returns
   ``cudaErrorSharedObjectSymbolNotFound`` and ``cudaGetErrorString`` itself returns
   ``"cudaGetErrorString symbol not found."``; TensorFlow 2.16+ (``xla/tsl/cuda/cudart_stub.cc``,
   openxla/xla at 827aca0eb2748018b7e803606250f9ea56939ab0) returns ``"Error loading CUDA
   libraries. GPU will not be used."`` instead.  gpu_device.cc prints it after
   "cudaGetDevice() failed. Status: ", "cudaSetDevice() on GPU:N failed. Status: " or "CUDA
   runtime implicit initialization on GPU:N failed. Status: ".  So the line proves one thing:
   the CUDA runtime did not load although TensorFlow found a GPU through the driver.  Which
   reason, the threads show several (tensorflow/tensorflow#32381, #34354, #33026: CUDA 10.1
   installed for TensorFlow 2.0, which loads CUDA 10.0's runtime; #34820, #40603: CUDA 10.0
   installed but not found from a conda environment or PATH): ``tf-cuda-runtime-missing``
   variant ``stub-status`` names the CUDA version the build loads (tf_tested_configs.toml) when
   the TensorFlow version is known; when a loader line names the runtime library that did not
   load, its ``library-not-loaded-{library}`` finding is the one cause (the placeholder line
   makes it an error: facts/view.py counts it as GPU evidence).

2. ``cuda_driver.cc``'s pointer check before a synchronous host<->GPU copy (TensorFlow 1.14-2.x;
   NVIDIA/tensorflow v1.15.2 ``tensorflow/stream_executor/cuda/cuda_driver.cc:175``):
   ``CHECK(err == cudaSuccess || err == cudaErrorInvalidValue) << "Unexpected CUDA error: " <<
   cudaGetErrorString(err)``.  The text after it is the runtime's error (status_codes.toml):
   "out of memory" -> ``gpu-memory-held-by-other-process`` variant ``pointer-check`` (hedged);
   "invalid argument" -> ``cuda-pointer-check-failed`` variant ``other-runtime`` (the check lets
   that very error through, so the loaded runtime numbers it differently: another CUDA
   version); any other known text -> ``cuda-pointer-check-failed`` with the row's meaning.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.diagnosis.checks.cuda_driver_checks import (
    FORKED_RUNTIME_ERROR,
    forked_after_gpu,
    forked_runtime_finding,
)
from tfgpu.diagnosis.checks.driver import (
    _CUINIT_HELP,
    _cuinit,
    _no_driver_lines,
    _stub_without_driver,
)
from tfgpu.diagnosis.checks.driver_and_build_cuda import tested_build_cuda
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: The older stub's placeholder (TensorFlow 1.14-2.15); 2.16+ prints "Error loading CUDA libraries".
_OLD_STUB = "symbol not found"

#: A loader line naming the CUDA runtime library (``cudart64_100.dll``, ``libcudart.so.10.0``).
_CUDART = re.compile(r"(?:^|[\\/])(?:lib)?cudart(?:64)?[_.]", re.I)


def _cudart_hits(ctx: Facts) -> list[Hit]:
    """Loader lines (``lib.missing``) that name the CUDA runtime library."""
    return [h for h in ctx.h("lib.missing").all() if _CUDART.search(h.g("lib") or "")]


def cudart_stub_status(ctx: Facts) -> list[Finding]:
    """A CUDA runtime call's status that is the cudart stub's placeholder (``cuda.stub_status``)
    -> ``tf-cuda-runtime-missing`` variant ``stub-status``: TensorFlow's CUDA runtime library
    did not load.  ``[]`` when the host facts show TensorFlow using the GPU now (the line is
    from an earlier run)."""
    hits = ctx.h("cuda.stub_status").all()
    if not hits or ctx.host_gpu_works:
        return []
    if _cudart_hits(ctx):
        # the loader line names the runtime that did not load: its library-not-loaded
        # finding (an error now: this line shows the GPU) is the one cause
        return []
    text = (hits[0].g("text") or "").strip()
    call = hits[0].g("call")
    cuda, ref = tested_build_cuda(ctx) or (None, None)
    old = _OLD_STUB in text
    if cuda:
        which = (f"TensorFlow {ctx.tf_version} was built for CUDA {cuda} and loads that "
                 f"version's runtime only (knowledge row {ref})")
    elif ctx.tf_predates(c.BUILD_INFO_FIRST) is False:
        which = ("it loads the runtime of the one CUDA version it was built for "
                 "(tf.sysconfig.get_build_info() prints it)")
    else:
        # an older TensorFlow has no sysconfig build info (tensorflow_core paths: TF
        # 1.15-2.1, tensorflow/tensorflow#32381): the tested-configurations table names it
        which = ("it loads the runtime of the one CUDA version it was built for (the "
                 "tested-configurations table of TensorFlow's install guide names it)")
    cause = (
        f"'{text}' is not a CUDA error: it is the text TensorFlow's CUDA runtime stub returns "
        f"when the CUDA runtime library (cudart) could not be loaded"
        + (f" ({call} failed because every runtime call then fails)" if call else "")
        + ". TensorFlow found the GPU through the driver, but not the runtime of its own CUDA "
        f"version: {which}. In reports of this line the reason was a CUDA of another version "
        "installed (CUDA 10.1 for TensorFlow 2.0, which needs 10.0), or the right CUDA installed "
        "but its folder not searched from the environment that ran TensorFlow (a conda "
        "environment, an IDE, PATH set after the terminal started); the line cannot tell which."
        + ("" if old else " TensorFlow 2.16 and later print this text; on Linux "
           "pip install \"tensorflow[and-cuda]\" brings the CUDA runtime as nvidia-* wheels.")
    )
    if ctx.windows:
        fix: tuple[str, ...] = (
            "where.exe cudart64_*.dll   # the CUDA runtimes on PATH: the one TensorFlow names must "
            "be there",
            f"# install CUDA {cuda} (the version this TensorFlow was built for) and put its bin "
            "folder on PATH, then restart the terminal/IDE" if cuda else
            "# install the CUDA version this TensorFlow was built for (the tested-"
            "configurations table) and put its bin folder on PATH, then restart the "
            "terminal/IDE",
            "conda list cudatoolkit   # in a conda environment: the cudatoolkit it carries",
        )
    else:
        fix = (
            "ldconfig -p | grep libcudart; echo $LD_LIBRARY_PATH   # the CUDA runtimes the "
            "loader finds",
            'python -c "import tensorflow as tf; print(tf.sysconfig.get_build_info())"   # '
            "the CUDA version this TensorFlow needs",
            c.and_cuda_fix(ctx) if not old else
            (f"# install CUDA {cuda} (or conda install cudatoolkit={cuda}) and put its lib64 "
             "folder on LD_LIBRARY_PATH" if cuda else
             "# install the CUDA version this TensorFlow was built for and put its lib64 "
             "folder on LD_LIBRARY_PATH"),
        )
    return [catalogue.make(
        "tf-cuda-runtime-missing", variant="stub-status", text=text,
        evidence=log_evidence(hits),
        cause=cause, fix=fix, knowledge_ref=ref,
        doc="tf-pip-windows-native" if ctx.windows else None,
    )]


def cuda_pointer_check(ctx: Facts) -> list[Finding]:
    """``Check failed: err == cudaSuccess || err == cudaErrorInvalidValue Unexpected CUDA
    error: <text>`` (``cuda.pointer_check``): the CUDA runtime's answer to TensorFlow's pointer
    check before a host<->GPU copy, read through status_codes.toml (see the module note)."""
    hits = ctx.h("cuda.pointer_check").all()
    if not hits:
        return []
    text = (hits[0].g("text") or "").strip().rstrip(".")
    ev = log_evidence(hits)
    row = ctx.kb.runtime_error_by_text(text) if text else None
    if row is not None and row.name == "cudaErrorMemoryAllocation":
        return [catalogue.make("gpu-memory-held-by-other-process", variant="pointer-check",
                               evidence=ev, knowledge_ref=row.ref)]
    if row is not None and row.name == "cudaErrorInvalidValue":
        return [catalogue.make("cuda-pointer-check-failed", variant="other-runtime",
                               evidence=ev, knowledge_ref=row.ref)]
    if not text:
        return [catalogue.make("cuda-pointer-check-failed", variant="no-text", evidence=ev)]
    if row is None:
        return [catalogue.make("cuda-pointer-check-failed", variant="unknown-text",
                               text=text, evidence=ev)]
    return [catalogue.make("cuda-pointer-check-failed", text=text, name=row.name,
                           meaning=row.meaning, ref=row.ref, evidence=ev,
                           knowledge_ref=row.ref)]


def runtime_driver_misfit(ctx: Facts) -> list[Finding]:
    """A CUDA runtime error text that says the runtime and the driver do not fit
    (``cuda.runtime_misfit``: 803 "system has unsupported display driver / cuda driver
    combination", 804 "forward compatibility was attempted on non supported HW", 34 "CUDA
    driver is a stub library"), printed after any runtime call (TensorFlow's cudaGetDevice /
    runtime-initialisation status, PyTorch's cudaGetDeviceCount, Caffe's checks): the
    runtime's own cuInit failed with the CUresult of the same number, so the finding is that
    ``cuinit-{error}`` one, with the causes its threads gave (driver.py ``_CUINIT_HELP``:
    a driver upgrade whose kernel module is not loaded, a container's forward-compatibility
    libcuda, the toolkit's stub libcuda).  ``[]`` when the host facts show the GPU working."""
    hits = ctx.h("cuda.runtime_misfit").all()
    if not hits or ctx.host_gpu_works:
        return []
    out: list[Finding] = []
    done: set[str] = set()
    for hit in hits:
        text = hit.g("text") or ""
        row = ctx.kb.runtime_error_by_text(text)
        named = ctx.kb.cuda_error(row.code) if row is not None else None
        if row is None or named is None or named.name in done:
            continue
        done.add(named.name)
        no_driver = _no_driver_lines(ctx)
        if (named.name == "CUDA_ERROR_STUB_LIBRARY" and no_driver and not ctx.wsl
                and ctx.has_nvidia_gpu is not False):
            # the stub answered beside cuda_diagnostics' "kernel driver does not appear to be
            # running": no driver library to find, the same reading as cuInit's 34
            stub = _stub_without_driver(ctx, hit, no_driver, str(named.code))
            if stub is not None:
                out.append(stub)
                continue
        cat, why, fix = _CUINIT_HELP.get(named.name, ("gpu-not-visible", row.meaning,
                                                      ("nvidia-smi",)))
        out.append(_cuinit(
            named.name, num=str(named.code), category=cat,
            evidence=log_evidence([hit]),
            cause=(f"The CUDA runtime answered '{text}' ({row.name} = {row.code}): its own "
                   f"cuInit failed with {named.name}: {why}."),
            fix=c.show_env_lines(ctx, fix), knowledge_ref=row.ref,
        ))
    return out


def runtime_call_status(ctx: Facts) -> list[Finding]:
    """gpu_device.cc's ``cudaGetDevice() failed. Status: <text>`` / ``cudaSetDevice() on GPU:N
    failed. Status: <text>`` whose text is a runtime start-up failure (status_codes.toml rows
    mapped to ``cuda-runtime-init-failed``: "initialization error", "startup failure in cuda
    runtime"...) or "unknown error" -> ``cuda-runtime-init-failed``, the same fault as the
    "CUDA runtime implicit initialization" wording (:func:`driver.cuda_runtime_init`).  Other
    texts are other checks': the insufficient driver, the busy device, the stub placeholder,
    the runtime/driver misfit texts."""
    hits = ctx.h("cuda.runtime_call_status").all()
    if not hits or ctx.host_gpu_works:
        return []
    hit = hits[0]
    text = (hit.g("text") or "").strip()
    row = ctx.kb.runtime_error_by_text(text)
    if row is None or not (row.maps_to == "cuda-runtime-init-failed"
                           or row.name == "cudaErrorUnknown"):
        return []
    forked = forked_after_gpu(ctx, hit) if row.name == FORKED_RUNTIME_ERROR else None
    if forked is not None:
        return [forked_runtime_finding(ctx, hits, forked, call=hit.g("call") or "",
                                       text=text, name=row.name, code=str(row.code),
                                       meaning=row.meaning, ref=row.ref)]
    return [catalogue.make(
        "cuda-runtime-init-failed", variant="runtime-call", call=hit.g("call") or "",
        text=text, name=row.name, code=str(row.code), meaning=row.meaning, ref=row.ref,
        evidence=log_evidence(hits), knowledge_ref=row.ref,
    )]

