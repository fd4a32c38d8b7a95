"""Windows could not commit memory: its paging file is too small (ERROR_COMMITMENT_LIMIT).

Sources:

* Microsoft's System Error Codes (1300-1699): ERROR_COMMITMENT_LIMIT, 1455, "The paging file
  is too small for this operation to complete." (``knowledge/data/win32_errors.toml``, with
  its texts in the UI languages the table lists and its fix lines).
* Python's OSError prints it as "[WinError 1455] <text>"; PyTorch's DLL loader adds
  'Error loading "<dll>" or one of its dependencies.'; programs built on TensorFlow print the
  text on its own (iperov/DeepFaceLab#5249). Windows commits the whole mapped size of each
  CUDA/cuDNN DLL in every process that loads it, so several worker processes reach the
  commit limit (RAM plus paging file) long before RAM is used up.

Python's "DLL load failed: <the text>" is :mod:`tfgpu.diagnosis.checks.windows`'s
(``windows-dll-load-system-error``); this check reads the other wordings.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding
from tfgpu.knowledge import win32_errors

#: ERROR_COMMITMENT_LIMIT (Microsoft's System Error Codes)
_CODE = 1455


def commit_limit_reached(ctx: Facts) -> list[Finding]:
    """``windows-paging-file-too-small``: a line with ERROR_COMMITMENT_LIMIT's text or code
    (pattern ``win.commit_limit``) that is no "DLL load failed" line; the fix lines are the
    ``win32_errors.toml`` row's (nothing when the table lost that row)."""
    dll_lines = {h.line for h in ctx.h("win.dll_load").all()}
    hits = [h for h in ctx.h("win.commit_limit").all() if h.line not in dll_lines]
    if not hits:
        return []
    row = win32_errors.by_code(_CODE)
    if row is None:
        return []
    return [catalogue.make(
        "windows-paging-file-too-small", name=row.name, english=row.english,
        ref=row.ref, evidence=log_evidence(hits, limit=2), fix=row.fix,
        knowledge_ref=row.ref)]
