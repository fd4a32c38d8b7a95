"""``tfgpu fleet --slurm`` when srun's allocation must wait: srun is stopped with SIGTERM
(which revokes the job), never left with a job in the queue, and the wait is shown.

Fake Slurm commands on ``PATH`` (:mod:`tests.fleet._fake_slurm`); the live cluster's test
of the same is in ``tests/slurm/test_slurm_live.py``.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from tfgpu._proc import CommandResult, FakeRunner
from tfgpu.cli.main import main
from tfgpu.fleet import FleetError, collect_slurm
from tfgpu.fleet import collect as collect_mod
from tfgpu.fleet.collect import srun_argv

from . import _fake_slurm as fake

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="POSIX signals")


@pytest.fixture
def bindir(tmp_path: Path) -> Path:
    return fake.install(tmp_path / "bin")


def test_a_job_asking_more_nodes_than_the_partition_has_stops_srun_at_once(
        bindir: Path) -> None:
    said: list[str] = []
    t0 = time.monotonic()
    with pytest.raises(FleetError) as err:
        collect_slurm(node_timeout_s=60, srun_args=["-N", "5", "-p", "debug"],
                      env=fake.env(bindir), progress=said.append)
    assert time.monotonic() - t0 < 15, "srun waited for a job that can never start"
    msg = str(err.value)
    assert "job 77 asks for 5 nodes; partition debug has 2" in msg
    assert (bindir / "srun-got-term").read_text() == "TERM"
    assert "Requested partition configuration not available now" in msg
    assert any("job 77 is queued" in s and "partition debug has 2" in s for s in said)
    assert said[0].startswith("running srun --ntasks-per-node=1 --label")


def test_srun_stopped_while_its_job_waits_revokes_it_and_the_wait_is_shown(
        bindir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(collect_mod, "PROGRESS_EVERY_S", 1.0)
    said: list[str] = []
    with pytest.raises(FleetError) as err:
        collect_slurm(node_timeout_s=10, srun_args=["-N", "1"], srun_timeout_s=3.5,
                      env=fake.env(bindir, FAKE_SQUEUE_NODES="1",
                                   FAKE_SQUEUE_REASON="Resources"),
                      progress=said.append)
    msg = str(err.value)
    assert "job 77 still waited for resources when srun was stopped after 3.5 s" in msg
    assert "srun revoked it" in msg and "Slurm's reason: Resources" in msg
    assert (bindir / "srun-got-term").read_text() == "TERM"
    assert any("job 77 still waits for resources" in s for s in said), said
    assert not any(c.startswith("scancel") for c in fake.calls(bindir))


def test_a_job_srun_left_in_the_queue_is_cancelled_and_the_user_told(
        bindir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(collect_mod, "SRUN_STOP_GRACE_S", 0.5)
    said: list[str] = []
    with pytest.raises(FleetError) as err:
        collect_slurm(node_timeout_s=10, srun_args=["-N", "1"], srun_timeout_s=2.0,
                      env=fake.env(bindir, FAKE_SRUN_TERM="ignore", FAKE_SQUEUE_NODES="1",
                                   FAKE_SQUEUE_STATE="PENDING"),
                      progress=said.append)
    assert "scancel 77" in fake.calls(bindir)
    assert "tfgpu cancelled it (scancel 77)" in str(err.value)
    assert any(s.startswith("scancel 77") for s in said), said
    # ... but never the allocation tfgpu runs in (salloc, sbatch), whatever srun says
    env = {"SLURM_JOB_ID": "7", "SLURM_JOB_NUM_NODES": "2"}
    argv = tuple(srun_argv(["tfgpu", "facts"], 10, env))
    runner = FakeRunner({argv: CommandResult.timed_out(
        argv, 75, "", "srun: job 7 queued and waiting for resources\n"),
        ("squeue", "-h", "-j", "7", "-o", "%T"): "PENDING\n"})
    with pytest.raises(FleetError):
        collect_slurm(node_timeout_s=10, env=env, runner=runner)
    assert not any(c[0] in ("scancel", "squeue") for c in runner.calls)


def test_fleet_shows_why_the_allocation_waits_on_standard_error(
        bindir: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    for k, v in fake.env(bindir).items():
        monkeypatch.setenv(k, v)
    monkeypatch.delenv("SLURM_JOB_ID", raising=False)
    assert main(["fleet", "--slurm", "--srun-args", "-N 5 -p debug", "--no-tf"]) == 3
    err = capsys.readouterr().err
    assert "tfgpu fleet: running srun" in err
    assert "tfgpu fleet: srun waits for resources: job 77 is queued" in err
    assert "partition debug has 2" in err
    assert main(["fleet", "-q", "--slurm", "--srun-args", "-N 5 -p debug", "--no-tf"]) == 3
    assert "running srun" not in capsys.readouterr().err
