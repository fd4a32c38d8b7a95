"""TensorBoard showing no dashboard: it found no event file under its log directory.

Source: tensorflow/tensorboard's frontend (the ``webfiles.zip`` of the tensorboard wheel
installed with TensorFlow 2.21, index.js): "No dashboards are active for the current data
set." with "Probable causes: You haven't written any data to your event files. TensorBoard
can't find your event files." and "Log directory: <logdir>" under "Last reload". TensorBoard
reads every ``events.out.tfevents.*`` file under ``--logdir`` (recursively); a relative
logdir is read from TensorBoard's own working directory.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._common import windows_path
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def tensorboard_no_event_files(ctx: Facts) -> list[Finding]:
    """``tensorboard-logdir-has-no-event-files`` (pattern ``tb.no_dashboards``): TensorBoard's
    page said no dashboard is active; the log directory it shows (pattern ``tb.logdir``), when
    pasted, goes into the fix."""
    hits = ctx.h("tb.no_dashboards").all()
    # (an error reading the folder's file system is another fault, whose line says which)
    if not hits or ctx.h("tb.logdir_unreadable").count:
        return []
    dirs = [d for d in ctx.h("tb.logdir").all() if d.line > hits[0].line]
    logdir = dirs[0].need("dir").strip() if dirs else None
    shown = logdir or "LOGDIR"
    windows = windows_path(ctx, shown)
    look = (f'dir /s /b "{shown}\\events.out.tfevents.*"   # run where TensorBoard runs: '
            "no file means the wrong folder" if windows else
            f'find "{shown}" -name "events.out.tfevents.*" | head   # run where TensorBoard '
            "runs: no file means the wrong folder")
    return [catalogue.make(
        "tensorboard-logdir-has-no-event-files", evidence=log_evidence(hits[:1], dirs[:1]),
        fix=(look + "; files there but no data: the run wrote no summaries into them (a "
             "tf.summary call outside writer.as_default(), nothing flushed yet)",
             'tensorboard --logdir "<the absolute path the training run wrote to>"   # the '
             "folder given to tf.summary.create_file_writer or keras.callbacks.TensorBoard"
             "(log_dir=...); a relative path is read from TensorBoard's working directory",
             "# the run still writing: summaries appear after the writer flushes (every "
             "flush_secs, or at the end of an epoch)"))]


__all__ = ["tensorboard_no_event_files"]
