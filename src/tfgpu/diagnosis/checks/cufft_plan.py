"""cuFFT could not make the plan of an FFT op, read by the ``cufftResult`` it returned.

stream_executor's ``cuda_fft.cc`` (TF 1.x-2.21, XLA) prints the status as a number
("failed to make cuFFT batched plan:5", "Failed to create cuFFT 3d plan: 5"); the number is
looked up in ``status_codes.toml`` (enum ``cufftResult`` from cufft.h, the meanings from the
cuFFT API reference's cufftResult table):

* 2 ``CUFFT_ALLOC_FAILED`` ("cuFFT failed to allocate GPU or CPU memory") is memory:
  ``memory.rule_library_handle`` (``dnn-handle-failed-gpu-memory`` variant ``cufft-alloc``);
* 5 ``CUFFT_INTERNAL_ERROR`` ("Driver or internal cuFFT library error") and 7
  ``CUFFT_SETUP_FAILED`` ("The cuFFT library failed to initialize") are not memory statuses
  (:data:`NOT_MEMORY`): here.  In reports of 5 the cause was a cuFFT released before the
  GPU's architecture (keithito/tacotron#300: GeForce RTX 2070 with CUDA 9.0, fixed by CUDA
  10.0; pytorch/pytorch#88038: RTX 4090 with CUDA 11.7, fixed by CUDA 11.8), or GPU memory
  nearly all taken (pytorch/pytorch#119420).  With the GPU's architecture (``cuda_arch.toml``,
  the first CUDA that knows it) and the CUDA the process uses both known, the first is told
  (``gpu-arch-not-in-build`` variant ``cufft-older-than-gpu``, or ``-unsure`` when the facts
  disagree on the CUDA); otherwise both causes are named (``dnn-handle-failed-gpu-memory``
  variant ``cufft-plan-unsure``, a warning).
* the others are usage errors (``generic``): quoted with their meaning by memory.py.
"""

from __future__ import annotations

import re
from typing import Any

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.diagnosis.checks.dnn_init_causes import gpu_ccs
from tfgpu.diagnosis.checks.driver_and_build_cuda import cuda_of_dll_number, tf_build_cuda
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, cc_key, log_evidence
from tfgpu.findings import Evidence, Finding
from tfgpu.knowledge import CudaError, KnowledgeQueryError, PtxasArch, parse_version

#: cuda_fft.cc's plan-step lines print cuFFT's status as a number: "failed to create cuFFT
#: batched plan:2" (TF 1.x ``LOG(ERROR) << "...plan:" << ret``), "Failed to create cuFFT
#: batched plan: 2" (TF 2.x, XLA), also the "1d/2d/3d", "make" and "set auto allocation" steps;
#: the status's name in its place ("plan:CUFFT_ALLOC_FAILED") is read too.
_CUFFT_CODE = re.compile(r"cuFFT (?:[123]d |batched )?plan:\s?(?:(?P<n>\d{1,3})\b"
                         r"|(?P<name>CUFFT_[A-Z_]{3,40}))", re.IGNORECASE)

#: The plan statuses that are neither cuFFT's memory status nor a usage error (cuFFT API
#: reference, cufftResult): 5 "Driver or internal cuFFT library error", 7 "The cuFFT library
#: failed to initialize".
NOT_MEMORY = ("CUFFT_INTERNAL_ERROR", "CUFFT_SETUP_FAILED")
#: The status reports show on a GPU newer than the cuFFT (keithito/tacotron#300,
#: pytorch/pytorch#88038).
_ARCH_STATUS = "CUFFT_INTERNAL_ERROR"

#: The cuFFT API reference's text of each status of :data:`NOT_MEMORY` (cufftResult table).
_DOC = {"CUFFT_INTERNAL_ERROR": "Driver or internal cuFFT library error",
        "CUFFT_SETUP_FAILED": "The cuFFT library failed to initialize"}

#: A CUDA runtime the log shows opened: Linux ``libcudart.so.10.0``, Windows
#: ``cudart64_100.dll`` (the CUDA release; from 11 the soname names the major only).
_CUDART = re.compile(r"libcudart\.so\.(?P<so>\d{1,2}\.\d)$|cudart64_(?P<dll>\d{2,3})\.dll$",
                     re.IGNORECASE)


def cufft_status(ctx: Facts, h: Hit) -> CudaError | None:
    """The ``cufftResult`` row (status_codes.toml, cufft.h) of the status a cuFFT plan-step
    line prints (the number, or a ``CUFFT_`` name the pattern read), or ``None`` when the
    line prints none or one the table does not know."""
    m = _CUFFT_CODE.search(h.text)
    rows = [r for r in ctx.kb.status_codes if r.enum == "cufftResult"]
    if m is not None and m.group("n"):
        value = int(m.group("n"))
        return next((r for r in rows if r.code == value), None)
    code = (m.group("name") if m is not None else None) or h.g("code") or ""
    return next((r for r in rows if r.name == code), None) if code.startswith("CUFFT_") else None


#: cuda_fft.cc's dump of the plan it could not make, logged at error level right after the
#: failed plan step (TF 1.x-2.21, XLA: ``LOG(ERROR) << "Initialize Params: rank: " << rank
#: << " elem_count: " ...``; the wording is in libtensorflow_framework.so.2 of 2.21).
_PARAMS = re.compile(r"\bInitialize Params: rank: \d")
#: Lines between a plan-step line and its parameter dump.
_PARAMS_GAP = 3


def plan_params(ctx: Facts, found: list[Hit]) -> list[Hit]:
    """cuda_fft.cc's "Initialize Params: rank: ... batch_count: N" lines within
    :data:`_PARAMS_GAP` lines of a plan failure of ``found``, in log order: the size of the
    plan that failed, part of the same failure (never an error of its own)."""
    if not any(cufft_status(ctx, h) is not None or "cufft" in h.text.casefold()
               for h in found):
        return []
    near = {h.line for h in found if h.line is not None}
    out = {h.line: h for hits in ctx.log.hits.values() for h in hits.all()
           if h.line is not None and _PARAMS.search(h.text)
           and any(abs(h.line - n) <= _PARAMS_GAP for n in near)}
    return [out[n] for n in sorted(out)]


def _release(cuda: str) -> str:
    """The part of a CUDA version a cuFFT soname pins: the release up to 10.x (``"10.0"``),
    the major from 11 (``"11.2"`` -> ``"11"``: every 11.x ships the same cuFFT soname)."""
    major = cuda.split(".")[0]
    return major if major.isdigit() and int(major) >= 11 else cuda


def _older(cuda: str, first: str) -> bool | None:
    """Whether CUDA ``cuda`` predates ``first`` (the first CUDA that knows the GPU): by
    release, or by major when ``cuda`` is a major only (``"11"``), ``None`` when a major
    only cannot tell (``"11"`` against ``"11.8"``) or a version does not parse."""
    try:
        have, need = parse_version(cuda), parse_version(first)
    except KnowledgeQueryError:
        return None
    if "." not in cuda:
        return None if have.major == need.major else have.major < need.major
    return (have.major, have.minor) < (need.major, need.minor)


def _cudas(ctx: Facts) -> list[tuple[str, str]]:
    """``(cuda, why)`` for each CUDA whose cuFFT this process may use: a CUDA runtime the log
    shows opened (then only that one), else the TensorFlow version's build CUDA
    (:func:`~tfgpu.diagnosis.checks.driver_and_build_cuda.tf_build_cuda`, as
    :func:`_release`: a CUDA 11+ build loads any cuFFT of its major) and the host's CUDA
    toolkits (host facts, their own releases)."""
    for h in ctx.h("lib.opened").all():
        lib = (h.g("lib") or "").replace("\\", "/").split("/")[-1]
        m = _CUDART.search(lib)
        if m is not None:
            so = m.group("so") or cuda_of_dll_number(m.group("dll") or "")
            return [(_release(so), f"the log shows it opened {lib}")]
    out: list[tuple[str, str]] = []
    built = tf_build_cuda(ctx)
    if built is not None:
        out.append((_release(built[0]), built[1]))
    # a toolkit's version is its own release: its cuFFT is that release's
    out += [(v, "the host's CUDA toolkit (host facts)") for v in ctx.cuda_versions]
    return out


def _arch_of(ctx: Facts) -> tuple[str, Evidence, PtxasArch] | None:
    """``(cc, its evidence, cuda_arch.toml row)`` of the first GPU whose architecture the
    table knows, else ``None``."""
    for cc, ev in gpu_ccs(ctx):
        ma, mi = cc_key(cc)
        row = ctx.kb.ptxas_first_cuda(f"sm_{ma}{mi}")
        if row is not None:
            return cc, ev, row
    return None


def _fix(ctx: Facts) -> tuple[str, ...]:
    """The commands that tell the causes apart: the GPU and its memory, the CUDA the process
    opens, the build's CUDA; then memory growth."""
    grep = ('findstr /i "opened"' if ctx.windows else 'grep -i "opened"')
    return (
        "nvidia-smi --query-gpu=name,memory.used,memory.total --format=csv"
        "   # the GPU model (tfgpu doctor gives its architecture) and the memory in use",
        f"TF_CPP_MIN_LOG_LEVEL=0 python your_script.py 2>&1 | {grep}"
        "   # the CUDA libraries this TensorFlow opens (libcudart.so.X.Y / cudart64_XY.dll)"
        if not ctx.windows else
        f"set TF_CPP_MIN_LOG_LEVEL=0 && python your_script.py 2>&1 | {grep}",
        'python -c "import tensorflow as tf; print(tf.__version__, '
        'tf.sysconfig.get_build_info())"   # the CUDA this TensorFlow was built with',
        "# a CUDA older than the GPU: use a TensorFlow built with a CUDA that knows it "
        "(tfgpu plan)",
        *c.growth_fix(ctx, "GPU memory nearly all taken: let TensorFlow grow its memory "
                           "(set before starting Python)"),
    )


def cufft_plan_failed(ctx: Facts, found: list[Hit]) -> list[Finding] | None:
    """The finding for cuFFT plan lines whose status is in :data:`NOT_MEMORY`, or ``None``
    when no line of ``found`` (the handle/plan failures) prints such a status.

    * 5 ``CUFFT_INTERNAL_ERROR``, the GPU's first CUDA known and every CUDA the process may
      use (:func:`_cudas`) older than it -> ``gpu-arch-not-in-build`` variant
      ``cufft-older-than-gpu`` (error);
    * some of them older and others not or not telling, or only a host CUDA toolkit older
      (TensorFlow may load another CUDA: its own wheels, a second install) -> variant
      ``cufft-older-than-gpu-unsure`` (warning, each CUDA named);
    * otherwise -> ``dnn-handle-failed-gpu-memory`` variant ``cufft-plan-unsure`` (warning,
      category unknown): the two reported causes, with the known GPU/CUDA facts.
    """
    rows = [(h, r) for h in found if (r := cufft_status(ctx, h)) is not None
            and r.name in NOT_MEMORY]
    if not rows:
        return None
    row = rows[0][1]
    # the abort that cuda_fft.cc's LOG(FATAL) ("failed to initialize ... cufft plan") ends in
    last = max(h.line for h in found)
    died = [h for h in ctx.h("tell.fatal").all() if h.line > last][:1]
    ev = log_evidence(found[:3], plan_params(ctx, found)[:1], died)
    arch = _arch_of(ctx)
    cudas = _cudas(ctx)
    fields: dict[str, Any] = dict(code=str(row.code), name=row.name,
                                  text=_DOC.get(row.name, row.name), knowledge_ref=row.ref,
                                  fix=_fix(ctx))
    if arch is not None and row.name == _ARCH_STATUS and cudas:
        cc, gpu_ev, first = arch
        verdicts = [(cuda, why, _older(cuda, first.first_cuda)) for cuda, why in cudas]
        older = [(cuda, why) for cuda, why, v in verdicts if v]
        if older:
            common: dict[str, Any] = dict(
                fields, cc=cc, arch=first.arch, first=first.first_cuda, ref=first.ref,
                status_ref=row.ref,
                evidence=(*ev, gpu_ev, *(Evidence("cuda", f"CUDA {cuda}: {why}")
                                         for cuda, why in cudas)))
            pinned = any(not why.startswith("the host's") for _cuda, why in older)
            if len(older) == len(verdicts) and pinned:
                return [catalogue.make("gpu-arch-not-in-build", variant="cufft-older-than-gpu",
                                       cuda=older[0][0], why=older[0][1], **common)]
            return [catalogue.make(
                "gpu-arch-not-in-build", variant="cufft-older-than-gpu-unsure",
                older=older[0][0],
                cudas="; ".join(f"CUDA {cuda}: {why}" for cuda, why in cudas), **common)]
    here = ""
    if arch is not None:
        cc, _gpu_ev, first = arch
        known = "; ".join(f"CUDA {cuda}: {why}" for cuda, why in cudas) or "not known"
        here = (f" This GPU has compute capability {cc} ({first.arch}), first known to CUDA "
                f"{first.first_cuda} (knowledge row {first.ref}); the CUDA here: {known}.")
    return [catalogue.make("dnn-handle-failed-gpu-memory", variant="cufft-plan-unsure",
                           ref=row.ref, here=here, evidence=ev, **fields)]
