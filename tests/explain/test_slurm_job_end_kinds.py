"""Slurm's own lines for the two commonest ends of a training job, in every wording its
source prints (SchedMD/slurm: src/plugins/task/cgroup/task_cgroup_memory.c, src/srun/
launch.c, src/slurmd/slurmstepd/req.c; knowledge/data/messages_tools.toml): the OOM-kill
report names the job's memory request (a memory cgroup), the CANCELLED line its reason;
both say the program failed (exit 1), never "no known message"."""

from __future__ import annotations

import io

import pytest

from tfgpu.diagnosis.verdict import explain_report
from tfgpu.explain import explain_stream
from tfgpu.findings import Report, Severity


def _report(lines: list[str]) -> Report:
    res = explain_stream(io.BytesIO(("\n".join(lines) + "\n").encode()))
    return explain_report(res.findings, res.stats, "in.log", died=res.died, failure=res.failure)


_OOM_WORDINGS = [
    # 23.02-25.x, one and several events
    "slurmstepd: error: Detected 1 oom_kill event in StepId=1234.0. Some of the step tasks "
    "have been OOM Killed.",
    "slurmstepd-gpu07: error: Detected 3 oom_kill events in StepId=88.batch. Some of the "
    "step tasks have been OOM Killed.",
    # 22.05 / 20.11 / 19.05 / 18.08
    "slurmstepd: error: Detected 2 oom-kill event(s) in StepId=5678.batch. Some of your "
    "processes may have been killed by the cgroup out-of-memory handler.",
    "slurmstepd: error: Detected 1 oom-kill event(s) in StepId=17.0 cgroup. Some of your "
    "processes may have been killed by the cgroup out-of-memory handler.",
    "slurmstepd: error: Detected 1 oom-kill event(s) in step 17.0 cgroup. Some of your "
    "processes may have been killed by the cgroup out-of-memory handler.",
    "slurmstepd: error: Detected 1 oom-kill event(s) in step 17.batch cgroup.",
    # srun's
    "srun: error: gpu07: task 0: Out Of Memory",
    "srun: error: gpu[07-08]: tasks 0-3: Out Of Memory",
]


@pytest.mark.parametrize("line", _OOM_WORDINGS)
def test_slurm_oom_kill_report_names_the_jobs_memory_limit(line: str) -> None:
    rep = _report(["Epoch 1/5", line])
    f = next(f for f in rep.findings if f.id == "host-ram-exhausted-process-killed")
    assert f.severity is Severity.ERROR
    assert "Slurm job reached its memory limit" in f.title
    assert "host ran out of RAM" not in f.title
    assert any("--mem" in x for x in f.fix)
    assert rep.verdict.program_failed is True
    assert rep.verdict.headline.startswith("The program failed")


def test_slurm_oom_report_fix_names_the_job_to_look_up() -> None:
    rep = _report(["slurmstepd: error: Detected 1 oom_kill event in StepId=1234.batch. Some "
                   "of the step tasks have been OOM Killed."])
    f = next(f for f in rep.findings if f.id == "host-ram-exhausted-process-killed")
    assert f.fix[0].startswith("sacct -j 1234 ")


@pytest.mark.parametrize(("line", "variant_words", "severity"), [
    ("slurmstepd: error: *** JOB 1234 ON gpunode07 CANCELLED AT 2026-12-02T10:00:01 DUE TO "
     "TIME LIMIT ***", "hit its time limit", Severity.ERROR),
    ("slurmstepd-gpunode07: error: *** STEP 1234.0 ON gpunode07 CANCELLED AT "
     "2026-12-02T10:00:01 DUE TO TIME LIMIT ***", "hit its time limit", Severity.ERROR),
    ("slurmstepd: error: *** JOB 77 CANCELLED AT 2015-03-01T10:00:01 DUE TO TIME LIMIT on "
     "node3 ***", "hit its time limit", Severity.ERROR),
    ("slurmstepd: error: *** JOB 1234 ON gpunode07 CANCELLED AT 2026-12-02T10:00:01 DUE TO "
     "PREEMPTION ***", "pre-empted", Severity.WARNING),
    ("slurmstepd: error: *** JOB 1234 ON gpunode07 CANCELLED AT 2026-12-02T10:00:01 DUE TO "
     "NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***", "a node failed", Severity.ERROR),
    ("slurmstepd: error: *** STEP 9.0 ON gpu3 CANCELLED AT 2026-12-02T10:00:01 DUE to SIGNAL "
     "Terminated ***", "Slurm cancelled the job step", Severity.WARNING),
    ("slurmstepd: error: *** JOB 9 ON gpu3 CANCELLED AT 2026-12-02T10:00:01 ***",
     "Slurm cancelled the job", Severity.WARNING),
])
def test_slurmstepd_cancelled_line_names_its_reason_and_fails_the_run(
        line: str, variant_words: str, severity: Severity) -> None:
    rep = _report(["Epoch 3/10", line])
    f = next(f for f in rep.findings if f.id == "slurm-job-cancelled")
    assert variant_words in f.title
    assert f.severity is severity
    assert rep.verdict.program_failed is True
    assert "No known" not in rep.verdict.headline


def test_time_limit_fix_asks_for_more_time_for_that_job() -> None:
    rep = _report(["slurmstepd: error: *** JOB 1234 ON gpunode07 CANCELLED AT "
                   "2026-12-02T10:00:01 DUE TO TIME LIMIT ***"])
    f = next(f for f in rep.findings if f.id == "slurm-job-cancelled")
    assert f.fix[0].startswith("sacct -j 1234 ")
    assert any("--time" in x for x in f.fix)
