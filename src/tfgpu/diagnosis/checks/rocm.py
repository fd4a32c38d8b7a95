"""Fault kind ROCM: tensorflow-rocm cannot load the AMD ROCm libraries it was built against.

tensorflow-rocm links the HIP runtime and ROCm libraries (libamdhip64, MIOpen, rocBLAS...) of
one ROCm release; when they are missing, or of another major, the import fails with
``libamdhip64.so.4: cannot open shared object file`` (tensorflow/tensorflow#47917).  AMD's
release matrix is platform fact ``amd-rocm``.  CUDA fixes never apply, so
:func:`tfgpu.diagnosis.checks.libraries.rule_missing_libraries` leaves these libraries here.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: ROCm library base names (``lib<base>.so.N``) and what they are.
ROCM_LIBRARIES: dict[str, str] = {
    "amdhip64": "the HIP runtime",
    "hsa-runtime64": "the ROCm HSA runtime",
    "miopen": "MIOpen (AMD's cuDNN)",
    "rocblas": "rocBLAS",
    "hipblas": "hipBLAS",
    "hipblaslt": "hipBLASLt",
    "rocfft": "rocFFT",
    "hipfft": "hipFFT",
    "rocrand": "rocRAND",
    "hiprand": "hipRAND",
    "rocsolver": "rocSOLVER",
    "hipsolver": "hipSOLVER",
    "rocsparse": "rocSPARSE",
    "hipsparse": "hipSPARSE",
    "rccl": "RCCL (AMD's NCCL)",
    "roctracer64": "rocTracer",
    "rocm_smi64": "ROCm SMI",
}
_BASE_RE = re.compile(r"^lib([\w+-]+?)\.so")


def rocm_base(filename: str) -> str | None:
    """The ROCm library base of ``filename`` (``libamdhip64.so.4`` -> ``amdhip64``), or
    ``None`` when it is not a ROCm library."""
    m = _BASE_RE.match(filename.rsplit("/", 1)[-1])
    base = m.group(1).lower() if m else ""
    return base if base in ROCM_LIBRARIES else None


def rocm_runtime_missing(f: Facts) -> list[Finding]:
    """A ROCm library of tensorflow-rocm that did not load."""
    missing = [(k, h) for k, h in f.h("lib.missing").by_key.items() if k and rocm_base(k)]
    if not missing:
        return []
    filename, _ = missing[0]
    fact = f.kb.platform_fact("amd-rocm")
    matrix = "; ".join(str(x) for x in fact.values.get("rocm_matrix", ()))
    hits = [h for h in f.h("lib.missing").all() if rocm_base(h.g("lib") or "")]
    return [catalogue.make(
        "rocm-runtime-missing", filename=filename,
        component=ROCM_LIBRARIES[rocm_base(filename) or "amdhip64"], ref=fact.ref,
        evidence=log_evidence(hits),
        fix=("ls /opt/rocm*/lib | grep -E 'amdhip64|MIOpen|rocblas'   # the ROCm installed, if "
             "any",
             "pip show tensorflow-rocm   # the ROCm release this wheel was built for",
             f"# install that ROCm release, or the tensorflow-rocm wheel built for the ROCm you "
             f"have (AMD's matrix: {matrix})",
             "# or the rocm/tensorflow Docker image, which ships both"),
        knowledge_ref=fact.ref,
    )]
