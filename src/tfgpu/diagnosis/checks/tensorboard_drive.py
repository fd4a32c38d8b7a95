"""TensorBoard on Windows reading the log directory on the wrong drive.

Sources: TensorBoard before tensorflow/tensorboard#266 (merged December 2017; the fix of
tensorflow/tensorboard#52, migrated from tensorflow/tensorflow#7856) split each ``--logdir``
entry at its first colon into ``run name:path`` (tensorflow/tensorboard
tensorboard/backend/application.py ``parse_event_files_spec``, earlier TensorFlow's
tensorflow/tensorboard/backend/application.py ``ParseEventFilesSpec``:
``specification.partition(':')`` unless the entry starts with ``/``; #266 added ``and not
os.path.splitdrive(specification)[0]``).  ``--logdir=E:\\tmp\\logs`` became a run named ``E``
with the path ``\\tmp\\logs``, which ``os.path.realpath`` completes with the current drive:
the debug log's "Starting AddRunsFromDirectory: C:\\tmp\\logs" (tensorflow/tensorflow#6313)
shows it.  mrry's workaround there: name the run yourself, ``--logdir=training:E:\\...``.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def _tail(text: str) -> str:
    return text.rstrip("\\").lower()


def tensorboard_logdir_drive_dropped(ctx: Facts) -> list[Finding]:
    """``tensorboard-logdir-drive-letter-dropped``: a ``tensorboard ... --logdir=X:\\path``
    command line (``ctx.tb_logdir_arg``) and TensorBoard's "Starting AddRunsFromDirectory:
    Y:\\path" (``ctx.tb_add_runs``) with the same path on another drive.  Nothing when the
    drives agree or the paths differ (another folder, another run)."""
    for run in ctx.h("ctx.tb_add_runs").all():
        for arg in ctx.h("ctx.tb_logdir_arg").all():
            given, read = arg.need("drive"), run.need("drive")
            if given.lower() == read.lower() or _tail(arg.need("rest")) != _tail(
                    run.need("rest")):
                continue
            rest = arg.need("rest").rstrip("\\")
            return [catalogue.make(
                "tensorboard-logdir-drive-letter-dropped",
                given=f"{given}:{rest}", read=f"{read}:{rest}", drive=given,
                evidence=log_evidence([arg], [run]),
                fix=(f'tensorboard --logdir=run:{given}:{rest}   # a run name before the path '
                     "keeps the drive letter (the workaround in tensorflow/tensorflow#7856)",
                     f"{given}: && tensorboard --logdir={given}:{rest}   # or start "
                     "TensorBoard from that drive",
                     "pip install -U tensorboard   # or a TensorBoard with "
                     "tensorflow/tensorboard#266 (December 2017 on), which keeps the drive "
                     "letter"),
            )]
    return []


__all__ = ["tensorboard_logdir_drive_dropped"]
