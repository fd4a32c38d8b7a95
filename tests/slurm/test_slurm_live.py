"""On a real Slurm (scripts/slurm_local.sh: two nodes, node1 and node2, on loopback):
``tfgpu fleet`` through real ``srun``, its fault cases, and a two-worker
MultiWorkerMirroredStrategy training submitted with ``tfgpu launch --slurm --submit``.

Skipped, with the reason, when no cluster answers ``sinfo``.  Every command runs with a
time limit; a fault case must end with its finding well within it, never hang.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import stat
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src"
EXAMPLE = ROOT / "examples" / "train_guide_model.py"
FAKE = Path(__file__).with_name("fake_node.py")

pytestmark = pytest.mark.slurm


def _cluster_nodes() -> list[str]:
    """Nodes in a usable state, as ``sinfo`` lists them ([] when none answers)."""
    if shutil.which("sinfo") is None:
        return []
    try:
        out = subprocess.run(["sinfo", "-h", "-N", "-o", "%N %T"], capture_output=True,
                             text=True, timeout=15)
    except (OSError, subprocess.TimeoutExpired):
        return []
    return [line.split()[0] for line in out.stdout.splitlines()
            if len(line.split()) == 2 and line.split()[1].rstrip("*") in
            ("idle", "mixed", "allocated", "completing")]


@pytest.fixture(scope="module")
def nodes() -> list[str]:
    found = _cluster_nodes()
    if len(found) < 2:
        if os.environ.get("TFGPU_REQUIRE_SLURM") == "1":  # CI started one: a skip would hide it
            pytest.fail(f"TFGPU_REQUIRE_SLURM=1 but sinfo lists {found!r}, not two nodes")
        pytest.skip("no Slurm cluster with two nodes answers sinfo; start one with "
                    "`sudo scripts/slurm_local.sh` (Debian: apt-get install slurmctld slurmd "
                    "slurm-client munge)")
    return sorted(set(found))


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    """Environment for the nodes' tasks: a ``tfgpu`` command that runs this checkout."""
    bindir = tmp_path / "bin"
    bindir.mkdir()
    shim = bindir / "tfgpu"
    # TFGPU_FAKE_MISSING_ON=<node>: on that node the command behaves as if not installed
    shim.write_text('#!/bin/sh\n'
                    'if [ -n "$TFGPU_FAKE_MISSING_ON" ] && '
                    '[ "$SLURMD_NODENAME" = "$TFGPU_FAKE_MISSING_ON" ]; then\n'
                    '  echo "tfgpu: not found" >&2; exit 127\nfi\n'
                    f'exec {sys.executable} -m tfgpu "$@"\n', encoding="utf-8")
    shim.chmod(shim.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    out = {k: v for k, v in os.environ.items() if not k.startswith(("SLURM_", "TF_CONFIG"))}
    out.update(PYTHONPATH=str(SRC), PATH=f"{bindir}:{out.get('PATH', '/usr/bin:/bin')}",
               PYTHONUNBUFFERED="1")
    return out


def _fleet(env: dict[str, str], *args: str, timeout: float = 120) -> tuple[int, dict, float]:
    t0 = time.monotonic()
    res = subprocess.run([sys.executable, "-m", "tfgpu", "fleet", "--slurm", "--srun-args",
                          "-N 2", "--json", *args], capture_output=True, text=True, env=env,
                         timeout=timeout)
    took = time.monotonic() - t0
    assert res.stdout.strip(), res.stderr
    return res.returncode, json.loads(res.stdout), took


def _fake(env: dict[str, str], node: str, mode: str) -> dict[str, str]:
    return {**env, "TFGPU_FAKE_NODE": node, "TFGPU_FAKE_MODE": mode}


def _remote() -> str:
    return f"{sys.executable} {FAKE}"


def test_fleet_through_real_srun_reads_every_node(nodes: list[str],
                                                  env: dict[str, str]) -> None:
    code, doc, took = _fleet(env, "--no-tf")
    assert [(n["name"], n["status"]) for n in doc["nodes"]] == [(n, "ok") for n in nodes[:2]]
    assert doc["table"]["nodes"] == nodes[:2]
    assert not any(r["differs"] for r in doc["table"]["rows"]), doc["table"]
    assert doc["findings"] == []
    assert code == 0, doc["headline"]
    print(f"fleet over {len(nodes)} nodes took {took:.1f} s")


def test_scenario_node_with_another_driver_and_tensorflow(nodes: list[str],
                                                          env: dict[str, str]) -> None:
    code, doc, _ = _fleet(_fake(env, nodes[1], "other-versions"), "--remote", _remote())
    ids = sorted(f["id"] for f in doc["findings"])
    assert ids == ["fleet-driver-differs", "fleet-tensorflow-differs"]
    rows = {r["key"]: r for r in doc["table"]["rows"]}
    assert rows["driver"]["values"][1] == "550.54.15" and rows["driver"]["differs"]
    assert rows["tensorflow"]["values"][1] == "2.20.0" and rows["tensorflow"]["differs"]
    assert code == 1


def test_scenario_node_that_hangs_is_a_timeout_not_a_hang(nodes: list[str],
                                                          env: dict[str, str]) -> None:
    code, doc, took = _fleet(_fake(env, nodes[1], "hang"), "--remote", _remote(),
                             "--node-timeout", "5")
    status = {n["name"]: n["status"] for n in doc["nodes"]}
    assert status == {nodes[0]: "ok", nodes[1]: "timeout"}
    f = doc["findings"][0]
    assert f["id"] == "fleet-node-not-examined" and nodes[1] in f["title"]
    assert "did not answer in time" in f["title"]
    assert took < 40, f"the fleet took {took:.0f} s for a 5 s node limit"
    assert code == 1


def test_scenario_node_without_tfgpu(nodes: list[str], env: dict[str, str]) -> None:
    # the odd node's PATH has no tfgpu (another software tree): the shell cannot find it
    remote = (f"sh -c 'if [ \"$SLURMD_NODENAME\" = {nodes[1]} ]; then PATH=/usr/bin:/bin; fi; "
              "exec tfgpu facts --no-tf'")
    code, doc, _ = _fleet(env, "--remote", remote)
    status = {n["name"]: (n["status"], n["exit_code"]) for n in doc["nodes"]}
    assert status == {nodes[0]: ("ok", 0), nodes[1]: ("no-tfgpu", 127)}
    f = doc["findings"][0]
    assert f["title"] == f"Node {nodes[1]} has no tfgpu command"
    assert code == 1


def test_scenario_node_printing_garbage(nodes: list[str], env: dict[str, str]) -> None:
    code, doc, _ = _fleet(_fake(env, nodes[1], "garbage"), "--remote", _remote())
    status = {n["name"]: n["status"] for n in doc["nodes"]}
    assert status == {nodes[0]: "ok", nodes[1]: "unreadable"}
    assert "Traceback" in doc["nodes"][1]["message"]
    assert code == 1


@pytest.mark.parametrize("mode", ["flood", "endless"])
def test_scenario_node_printing_endless_output_costs_no_other_node_its_answer(
        nodes: list[str], env: dict[str, str], mode: str) -> None:
    code, doc, took = _fleet(_fake(env, nodes[1], mode), "--remote", _remote(),
                             "--node-timeout", "10")
    status = {n["name"]: n["status"] for n in doc["nodes"]}
    assert status == {nodes[0]: "ok", nodes[1]: "unreadable"}
    assert doc["nodes"][1]["message"].startswith("printed endless or oversized output")
    (f,) = doc["findings"]
    assert f["title"] == (f"Node {nodes[1]} printed endless or oversized output, not a "
                          "tfgpu facts snapshot")
    assert took < 40, f"the fleet took {took:.0f} s for a 10 s node limit"
    assert code == 1


def _job_state(job: str) -> str:
    out = subprocess.run(["squeue", "-h", "-t", "all", "-j", job, "-o", "%T"],
                         capture_output=True, text=True, timeout=15).stdout
    return out.strip()


def test_an_allocation_that_cannot_start_is_revoked_not_left_queued(
        nodes: list[str], env: dict[str, str]) -> None:
    """More nodes than the partition has: Slurm queues the job (PartitionConfig); the
    fleet says why, stops srun at once with SIGTERM, and the job ends cancelled."""
    asked = len(nodes) + 3
    t0 = time.monotonic()
    res = subprocess.run([sys.executable, "-m", "tfgpu", "fleet", "--slurm", "--srun-args",
                          f"-N {asked}", "--no-tf", "--node-timeout", "10"],
                         capture_output=True, text=True, env=env, timeout=120)
    took = time.monotonic() - t0
    assert res.returncode == 3, res.stderr
    assert took < 30, f"{took:.0f} s waiting for a job that can never start"
    found = re.search(r"job (\d+) is queued", res.stderr)
    assert found, res.stderr
    job = found.group(1)
    assert f"job {job} asks for {asked} node{'' if asked == 1 else 's'}" in res.stderr
    assert f"has {len(nodes)}, so it cannot start there" in res.stderr
    end = time.monotonic() + 10
    while _job_state(job) in ("PENDING", "RUNNING", "CONFIGURING") and time.monotonic() < end:
        time.sleep(0.2)
    assert _job_state(job) in ("CANCELLED", ""), f"job {job} left in the queue"


@pytest.mark.tf
@pytest.mark.slow
def test_two_worker_training_submitted_with_launch_slurm(nodes: list[str],
                                                         env: dict[str, str],
                                                         tmp_path: Path) -> None:
    """Two srun tasks of one job step train with MultiWorkerMirroredStrategy (cluster from
    SlurmClusterResolver through tfgpu.setup()) and end with identical weights.

    One node, two tasks: the local cluster's two nodes are one host, and TensorFlow's
    resolver gives every node the same first port (8888), so two nodes would collide."""
    weights = tmp_path / "weights"
    t0 = time.monotonic()
    res = subprocess.run(
        [sys.executable, "-m", "tfgpu", "launch", "--slurm", "--submit", "--wait",
         "--nodes", "1", "--ntasks-per-node", "2", "--time", "10", "--job-name", "tfgpu-test",
         "--", sys.executable, str(EXAMPLE), "--synthetic", "--steps", "5",
         "--batch-size", "32", "--save-weights", str(weights)],
        capture_output=True, text=True, env=env, cwd=tmp_path, timeout=600)
    took = time.monotonic() - t0
    logs = "".join(p.read_text(errors="replace") for p in tmp_path.glob("tfgpu-*.out"))
    assert res.returncode == 0, res.stderr[-2000:] + logs[-4000:]
    assert res.stdout.startswith("#!/bin/bash\n")  # the script is printed first
    assert "srun --ntasks-per-node=2 --kill-on-bad-exit=1" in res.stdout
    assert "submitted job" in res.stderr
    assert "MultiWorkerMirroredStrategy" in logs and "cluster from SlurmClusterResolver" in logs
    assert "worker 0/2" in logs and "worker 1/2" in logs
    w0, w1 = np.load(weights / "worker-0.npz"), np.load(weights / "worker-1.npz")
    i0 = np.load(weights / "worker-0-initial.npz")
    assert w0.files == w1.files and len(w0.files) == 4
    for k in w0.files:
        assert np.array_equal(w0[k], w1[k]), f"{k} differs between the workers"
    assert any(not np.array_equal(w0[k], i0[k]) for k in w0.files), "weights never moved"
    print(f"two-worker Slurm job took {took:.1f} s")


def _submit(env: dict[str, str], cwd: Path, *args: str) -> tuple[subprocess.CompletedProcess[str],
                                                                  str]:
    res = subprocess.run([sys.executable, "-m", "tfgpu", "launch", "--slurm", "--submit",
                          "--wait", "--time", "5", *args], capture_output=True, text=True,
                         env=env, cwd=cwd, timeout=300)
    logs = "".join(p.read_text(errors="replace") for p in cwd.glob("tfgpu-*.out"))
    return res, logs


def test_preflight_fleet_inside_the_allocation(nodes: list[str], env: dict[str, str],
                                               tmp_path: Path) -> None:
    """The batch script's preflight runs `tfgpu fleet` inside the job (srun --overlap, the
    allocation's node list from scontrol); agreeing nodes go on to the training step."""
    res, logs = _submit(env, tmp_path, "--nodes", "2", "--preflight", "--",
                        sys.executable, "-c", "print('trained')")
    assert res.returncode == 0, res.stderr + logs
    assert "tfgpu fleet: 2 of 2 nodes examined; all facts compared agree" in logs
    assert "sources: srun (job " in logs
    assert logs.count("trained") == 2


def test_preflight_stops_the_job_when_a_node_has_no_tfgpu(nodes: list[str],
                                                          env: dict[str, str],
                                                          tmp_path: Path) -> None:
    res, logs = _submit({**env, "TFGPU_FAKE_MISSING_ON": nodes[1]}, tmp_path, "--nodes", "2",
                        "--preflight", "--", sys.executable, "-c", "print('trained')")
    assert res.returncode != 0
    assert "the job failed" in res.stderr
    assert f"Node {nodes[1]} has no tfgpu command" in logs
    assert "the nodes disagree" in logs and "trained" not in logs


def test_a_failed_task_is_named_with_the_job_output_file(nodes: list[str],
                                                         env: dict[str, str],
                                                         tmp_path: Path) -> None:
    """sbatch --wait exits with the job's status; tfgpu launch names the task srun
    reported failed and the output file, not "sbatch exited with status N"."""
    res, logs = _submit(env, tmp_path, "--nodes", "2", "--", "sh", "-c",
                        "sleep 1; exit $SLURM_PROCID")
    assert res.returncode == 1, res.stderr
    assert ": task 1: Exited with exit code 1" in logs
    assert "sbatch exited" not in res.stderr
    assert f"{nodes[1]}: task 1: Exited with exit code 1" in res.stderr
    job = re.search(r"submitted job (\d+)", res.stderr)
    assert job and f"the whole output: tfgpu-{job.group(1)}.out" in res.stderr
