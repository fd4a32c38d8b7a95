"""TensorFlow could not create its session: ``tf-session-not-created``.

Source (``knowledge/data/messages_tf_python.toml`` row ``session-not-created``):
``core/common_runtime/session.cc`` ``NewSession`` returns ``Internal("Failed to create
session.")`` when the session factory gives no session; the local ``DirectSessionFactory``
gives none when ``DeviceFactory::AddDevices`` fails, after ``LOG(ERROR) << s`` of that
failure.  So the words name no cause: the device set-up's error logged before them does.
When the log holds that error, the finding it gives explains the failure and this one is
not made; otherwise it says what the log lacks and what to run.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def session_not_created(ctx: Facts) -> list[Finding]:
    """``tf-session-not-created``: the status line, with no CUDA error, GPU-memory line or
    other glog ERROR/FATAL line within 40 lines of it (before it, or after it where a
    terminal or notebook interleaved stderr: those explain it, or are left to the
    unrecognised-error finding that quotes them)."""
    hits = ctx.h("tf.session_not_created").all()
    if not hits:
        return []
    h = hits[-1]
    near = [x for name in ("cuda.error", "mem.exhausted", "mem.ran_out", "mem.cuda_oom",
                             "mem.runtime_init_oom", "tell.glog")
              for x in ctx.h(name).all() if abs(x.line - h.line) <= 40]
    if near:
        return []
    if ctx.windows:
        show = ("$env:TF_CPP_MIN_LOG_LEVEL = \"0\"; python train.py 2>&1 | Select-String -Pattern "
                "'direct_session','StreamExecutor','CUDA_ERROR','out of memory'   # PowerShell: "
                "the device set-up's own error, logged just before the traceback")
    else:
        show = ("TF_CPP_MIN_LOG_LEVEL=0 python train.py 2>&1 | grep -B2 -A2 -i -E "
                "'direct_session|StreamExecutor|CUDA_ERROR|out of memory'   # the device "
                "set-up's own error, logged just before the traceback")
    fix = (show,
           "nvidia-smi   # processes already on the GPU and their memory, and the compute mode: "
           "Exclusive_Process allows one process per GPU",
           c.set_env(ctx, "CUDA_VISIBLE_DEVICES", "1") + "   # give the process only GPUs no "
           "other process holds (indices as nvidia-smi shows them), or stop the other process")
    return [catalogue.make("tf-session-not-created", evidence=log_evidence(hits), line=h.line,
                           fix=fix)]
