"""The fix lines that clear the CUDA driver's PTX JIT cache, for the host's OS.

Source: platform fact ``cuda-jit-cache-path`` (NVIDIA CUDA Programming Guide, "CUDA Environment
Variables": ``CUDA_CACHE_PATH`` defaults to ``%APPDATA%\\NVIDIA\\ComputeCache`` on Windows and
``~/.nv/ComputeCache`` on Linux).  The threads that cleared it on Linux deleted ``~/.nv``
(carpedm20/deep-rl-tensorflow#43, argman/EAST#24, CharlesShang/TFFRCNN#97), which holds it.
"""

from __future__ import annotations

from tfgpu.facts.view import Facts


def jit_cache_clear_fix(ctx: Facts, why: str) -> tuple[str, ...]:
    """The command(s) that delete the CUDA JIT cache, each followed by ``# <why>``: the Windows
    folder on native Windows, the Linux one on Linux/WSL, the Linux command naming the Windows
    folder too when the OS is unknown (a
    ``CUDA_CACHE_PATH`` set by the user moves it: named in the comment).  Raises
    KnowledgeQueryError when the platform fact is missing (a data-file edit)."""
    fact = ctx.kb.platform_fact("cuda-jit-cache-path")
    win = fact.value("windows")
    env = fact.value("env")
    windows_line = (f'Remove-Item -Recurse -Force "$env:APPDATA\\NVIDIA\\ComputeCache"   # '
                    f'Windows, PowerShell (cmd: rmdir /s /q "{win}"): {why} (or %{env}% if '
                    f'set)')
    # OS unknown: the Linux line, the Windows folder named inside its closing note (no
    # Windows command on what may be a Linux log)
    also = "" if ctx.os is not None else f"; on Windows the folder {win}"
    linux_line = (f"rm -rf ~/.nv   # {why} (the cache is {fact.value('linux')}, or ${env} if "
                  f"set{also})")
    if ctx.windows:
        return (windows_line,)
    return (linux_line,)
