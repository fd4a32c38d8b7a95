"""Slurm ended the job: ``slurm-job-cancelled``.

Source of the messages (``knowledge/data/messages_tools.toml``, SchedMD/slurm
``src/slurmd/slurmstepd/req.c``): slurmstepd prints ``*** JOB 12 ON node CANCELLED AT
<time> DUE TO TIME LIMIT ***`` (``STEP 12.0`` for a step; ``DUE TO PREEMPTION``, ``DUE TO
NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS``, ``DUE TO JOB REQUEUE``, ``DUE to SIGNAL
Terminated``, ``DUE TO TASK FAILURE``; a plain ``CANCELLED AT <time> ***`` for ``scancel``
before those reasons; up to 14.11 ``... DUE TO TIME LIMIT on node ***``) when Slurm ends
a job or step.  The time limit and a node failure are errors (the job did not finish, and
the user's request or a node is at fault); pre-emption, a requeue or a cancel are warnings
(someone or something outside the program stopped it).  Slurm's report of an OOM kill
(``Detected N oom_kill event(s)``) is :mod:`host_killed`'s.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: The reasons slurmstepd names after "DUE TO" that have a variant of their own (time-limit,
#: preemption, node-failure).
_VARIANT_REASONS = frozenset({"TIME LIMIT", "PREEMPTION", "NODE"})
#: What the generic cause says for the other reasons.
_REASONS = {"JOB REQUEUE": " to requeue it (it runs again from the start when the "
                           "controller starts it anew)",
            "SIGNAL": " with a signal (scancel, or an administrator)",
            "TASK FAILURE": " because one of its tasks failed (srun --kill-on-bad-exit: the "
                            "other tasks are stopped; the failed task's own lines, above, "
                            "say why)"}


def _job_id(step: str) -> str:
    """The job id of ``12``, ``12.0``, ``12.batch``, ``12+1.0`` (a heterogeneous job)."""
    return step.split(".", 1)[0].split("+", 1)[0]


def _fix(variant: str | None, job: str, node: str | None) -> tuple[str, ...]:
    acct = f"sacct -j {job} -o JobID,State,Elapsed,Timelimit,NodeList,ExitCode"
    if variant == "time-limit":
        return (acct + "   # how long it ran, and the limit it had",
                "# ask for more time: sbatch --time=HH:MM:SS (at most the partition's "
                "MaxTime: scontrol show partition)",
                "# or save checkpoints while training (tf.keras.callbacks.BackupAndRestore "
                "or ModelCheckpoint) and resume in a new job")
    if variant == "preemption":
        return (acct,
                "# let Slurm requeue it (sbatch --requeue) and resume from checkpoints "
                "(tf.keras.callbacks.BackupAndRestore), or use a partition or QOS that is "
                "not pre-empted (ask the cluster's administrators)")
    if variant == "node-failure":
        return ("sinfo -R   # the nodes Slurm set down or drained, and why",
                acct,
                f"# run it again without that node: sbatch --exclude={node or '<node>'}")
    return (acct + "   # who or what ended it: State says CANCELLED by <uid>, or the reason",)


def slurm_job_cancelled(ctx: Facts) -> list[Finding]:
    """``slurm-job-cancelled``: slurmstepd's CANCELLED AT line, the last one in the log;
    variants ``time-limit``, ``preemption``, ``node-failure`` by the reason it names; the
    others (a requeue, a signal, a failed task, ``scancel``) the row's own words."""
    hits = ctx.h("tools.slurm_cancel").all()
    if not hits:
        return []
    hit = hits[-1]
    why = hit.g("why") or ""
    what = "job" if hit.g("what") == "JOB" else "job step"
    job, node = _job_id(hit.g("id") or ""), hit.g("node")
    if why in _VARIANT_REASONS:
        variant = "time-limit" if why == "TIME LIMIT" else (
            "preemption" if why == "PREEMPTION" else "node-failure")
        return [catalogue.make(
            "slurm-job-cancelled", variant=variant, evidence=log_evidence(hits),
            fix=_fix(variant, job, node), what=what, word=hit.g("what"), line=hit.line,
            id=hit.g("id"), at=hit.g("at"))]
    return [catalogue.make(
        "slurm-job-cancelled", evidence=log_evidence(hits), fix=_fix(None, job, node),
        what=what, word=hit.g("what"), line=hit.line, id=hit.g("id"), at=hit.g("at"),
        reason=_REASONS.get(why, " (scancel, or an administrator)"))]


__all__ = ["slurm_job_cancelled"]
