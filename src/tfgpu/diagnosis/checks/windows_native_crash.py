"""A Python process on Windows that ended with a native crash's NTSTATUS and no traceback.

Source: the NTSTATUS values of Windows' ntstatus.h ([MS-ERREF] 2.3.1 NTSTATUS Values):
STATUS_ACCESS_VIOLATION 0xC0000005 ("The instruction at 0x%08lx referenced memory at
0x%08lx. The memory could not be %s."), STATUS_HEAP_CORRUPTION 0xC0000374 ("A heap has been
corrupted."), STATUS_STACK_OVERFLOW 0xC00000FD ("A new guard page for the stack cannot be
created.").  An IDE prints the process's exit code as a signed 32-bit number and in hex
("Process finished with exit code -1073741819 (0xC0000005)"), VS Code and shells as unsigned
(3221225477).  A native crash ends the process before Python can print anything, so the code
names the kind of crash, not the library.  Threads read for this kind name different causes:
a GPU driver too old for a new GPU (tensorflow/tensorflow#23341, 0xC0000005 on an RTX 2080 Ti
with driver 411; 419 fixed it), a bug of one tf-nightly build (tensorflow/tensorflow#37300,
0xC0000374; the next nightly fixed it).  So the finding is a hedge (category unknown) that
says what the code means and how to find the crashing library.  Stack-buffer overrun
(0xC0000409) and illegal instruction (0xC000001D) have their own findings.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding
from tfgpu.knowledge import ntstatus

#: The crash codes this finding names (the others have their own findings).
_CRASHES = (ntstatus.ACCESS_VIOLATION, ntstatus.HEAP_CORRUPTION, ntstatus.STACK_OVERFLOW)


def windows_native_crash(ctx: Facts) -> list[Finding]:
    """``windows-process-crashed-native``: the process's exit code is an access violation,
    heap corruption or stack overflow and no library failed to load before it (those
    findings name the cause).  A warning of category unknown: the code does not say which
    library crashed."""
    crashes = [(h, s) for h in ctx.h("win.crash_status").all()
               if (s := ntstatus.from_text(h.g("code"))) is not None and s in _CRASHES]
    if not crashes or ctx.h("lib.missing").count:
        return []
    hits = [h for h, _ in crashes]
    status = crashes[0][1]
    build = c.python_cmd(ctx, "import tensorflow as tf; print(tf.sysconfig.get_build_info())")
    return [catalogue.make(
        "windows-process-crashed-native", status=status.hex, name=status.name,
        meaning=status.meaning,
        evidence=log_evidence(hits, limit=1),
        fix=("python -X faulthandler train.py   # from a console, not the IDE: Python's fault "
             "handler prints the stack of the crash, and TensorFlow's last log line is shown",
             build + "   # the CUDA/cuDNN this TensorFlow needs: compare with the DLLs on PATH "
             "(where.exe cudart64_*.dll cudnn64_*.dll)",
             "nvidia-smi   # the driver: a GPU newer than the driver, or a driver with a known "
             "crash, needs a current one",
             c.set_env(ctx, "CUDA_VISIBLE_DEVICES", "-1") + "   # once: a CPU run that works "
             "puts the crash in the GPU stack",
             "# a tf-nightly or a fresh release: try the one before or after it"),
    )]


__all__ = ["windows_native_crash"]
