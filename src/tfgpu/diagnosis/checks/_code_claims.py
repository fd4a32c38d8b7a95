"""The finding a CUDA status code states by itself, whatever call returned it.

``status_codes.toml`` maps every code of cuda.h ``enum CUresult`` and driver_types.h
``cudaError_t`` to what it means for a TensorFlow user (``maps_to``).  Most codes are read by
the check of the wording that prints them (a failed ``cuInit``, a context that could not be
created, a CHECK_EQ abort), and what they mean depends on the call.  Some codes name a fault
that does not: whichever call returns them, the fault is the same, so the checks of those
wordings hand the claim to the code's own finding (:data:`CODE_CLAIMS`):

* a sticky kernel fault (``gpu-kernel-fault``: CUDA_ERROR_ILLEGAL_ADDRESS, LAUNCH_FAILED...;
  cuda.h: "This leaves the process in an inconsistent state and any further CUDA work will
  return the same error"): a context call returning it did not fail to start the GPU, an
  earlier kernel broke the context;
* the Exclusive_Thread compute mode (``gpu-compute-mode-exclusive-thread``: cuda.h
  CUDA_ERROR_CONTEXT_ALREADY_IN_USE, "the CUcontext passed to the API call can only be bound
  to a single CPU thread at a time but is already bound to a CPU thread"; driver_types.h
  cudaErrorDeviceAlreadyInUse, "a call tried to access an exclusive-thread device that is
  already in use by a different thread"), which StreamExecutor does not support.

A code whose row names no host fault at all (:data:`NO_HOST_FAULT`: an API-usage or internal
error, a harmless or follow-on code, or a number the table does not list) says only that the
call failed: the checks that read such a code hedge (:func:`names_host_fault`).
"""

from __future__ import annotations

from collections.abc import Iterable

from tfgpu.diagnosis import catalogue
from tfgpu.findings import Evidence, Finding
from tfgpu.knowledge import CudaError

#: ``maps_to`` ids of status_codes.toml whose finding a code states by itself, whatever call
#: returned it (see the module docstring).
CODE_CLAIMS: tuple[str, ...] = ("gpu-kernel-fault", "gpu-compute-mode-exclusive-thread")

#: ``maps_to`` values that name no host fault (status_codes.toml header: "generic" = an
#: API-usage/internal error with no host fix; "harmless"; "context" = a follow-on code).
NO_HOST_FAULT: frozenset[str] = frozenset({"generic", "harmless", "context", ""})


def names_host_fault(row: CudaError | None) -> bool:
    """Whether ``row`` (``None``: a number the table does not list) maps to a host fault: a
    finding id or a ``new:<id>`` fault, not :data:`NO_HOST_FAULT`."""
    return row is not None and row.maps_to not in NO_HOST_FAULT


def code_claim(row: CudaError | None, *, lead: str,
               evidence: Iterable[Evidence]) -> Finding | None:
    """The finding of ``row``'s ``maps_to`` when it is one of :data:`CODE_CLAIMS`, else None.

    Args:
        row: the status-code row of the code the line names (``None``: not in the table).
        lead: the sentence that says which call returned the code, ending in a space or
            empty (``"cuCtxSetCurrent returned "``); the row's name, value and meaning follow.
        evidence: the lines that name the code.

    Returns:
        The finding, its cause the call, the code's meaning and the knowledge row.
    """
    if row is None or row.maps_to not in CODE_CLAIMS:
        return None
    cause = (f"{lead}{row.name} ({row.code}): {row.meaning.rstrip('.')} "
             f"(knowledge row {row.ref}).")
    if row.maps_to == "gpu-kernel-fault":
        return catalogue.make("gpu-kernel-fault", name=row.name, code=str(row.code),
                              evidence=evidence, cause=cause, knowledge_ref=row.ref)
    return catalogue.make("gpu-compute-mode-exclusive-thread", name=row.name,
                          code=str(row.code), evidence=evidence, cause=cause,
                          knowledge_ref=row.ref)
