"""``tfgpu launch --slurm``: the batch script (golden text), sbatch's --time forms, the
submission through a fake sbatch, and the command line's refusals."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tfgpu._proc import CommandResult, FakeRunner
from tfgpu._version import __version__
from tfgpu.cli.main import main
from tfgpu.facts import ProbeStatus
from tfgpu.fleet.slurm import (
    SlurmJob,
    SlurmJobError,
    failure_summary,
    output_path,
    render_batch_script,
    sbatch_argv,
    submit,
    time_limit_s,
)

GOLDEN = """\
#!/bin/bash
# Written by tfgpu launch --slurm (tfgpu VERSION): 8 workers, 4 nodes x 2 tasks.
# Submit with: sbatch <this file>
#SBATCH --job-name=resnet
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=2
#SBATCH --gpus-per-node=2
#SBATCH --time=2-00:00:00
#SBATCH --partition=gpu
#SBATCH --output=tfgpu-%j.out
#SBATCH --chdir="/home/me/my runs"
#SBATCH --account=proj42
set -euo pipefail
# Each srun task is one worker: TensorFlow's SlurmClusterResolver (tfgpu.setup())
# reads SLURM_PROCID, SLURM_STEP_NUM_TASKS, SLURM_STEP_NODELIST and
# SLURM_STEP_TASKS_PER_NODE of this step. A TF_CONFIG from the submitting shell
# would take precedence, so it is removed.
unset TF_CONFIG
export PYTHONUNBUFFERED=1
echo "tfgpu: job ${SLURM_JOB_ID} on ${SLURM_JOB_NODELIST}: 8 workers" >&2
srun --ntasks-per-node=2 --kill-on-bad-exit=1 python train.py --data '/data/my set'
"""


def test_batch_script_golden() -> None:
    job = SlurmJob(("python", "train.py", "--data", "/data/my set"), nodes=4,
                   ntasks_per_node=2, gpus_per_node=2, time="2-00:00:00", partition="gpu",
                   job_name="resnet", workdir="/home/me/my runs", extra=("--account=proj42",))
    assert render_batch_script(job) == GOLDEN.replace("VERSION", __version__)
    assert job.workers == 8


def test_preflight_runs_the_fleet_before_training() -> None:
    text = render_batch_script(SlurmJob(("python", "t.py"), preflight=True))
    fleet = text.index("tfgpu fleet --no-tf")
    assert fleet < text.index("srun --ntasks-per-node=1")
    assert "#SBATCH --gpus-per-node" not in text  # none asked: no GPU line
    assert "# No GPU requested (no --gpus-per-node)" in text  # ... and the script says so


@pytest.mark.parametrize(("text", "seconds"), [
    ("30", 1800), ("5:30", 330), ("1:00:00", 3600), ("2-00", 172800), ("1-02:03", 93780),
    ("1-00:00:10", 86410)])
def test_sbatch_time_forms(text: str, seconds: int) -> None:
    assert time_limit_s(text) == seconds


@pytest.mark.parametrize(("job", "message"), [
    (SlurmJob(()), "no worker command"),
    (SlurmJob(("t",), nodes=0), "--nodes must be >= 1"),
    (SlurmJob(("t",), gpus_per_node=-1), "--gpus-per-node must be >= 0"),
    (SlurmJob(("t",), time="an hour"), "--time"),
    (SlurmJob(("t",), partition="gpu; rm -rf ~"), "--partition"),
    (SlurmJob(("t",), extra=("account=x",)), "--sbatch-option"),
    (SlurmJob(("t",), extra=("--account=x\n#SBATCH --x",)), "--sbatch-option"),
    (SlurmJob(("t",), extra=("--comment two words",)), "after '='"),
    (SlurmJob(("t",), extra=('--comment=say "hi" now',)), "after '='"),
])
def test_refused_jobs(job: SlurmJob, message: str) -> None:
    with pytest.raises(SlurmJobError, match=message):
        render_batch_script(job)


def test_sbatch_option_with_spaces_is_quoted_as_sbatch_reads_it() -> None:
    # sbatch splits an #SBATCH line at spaces ("Invalid directive found in batch script: b"
    # for --comment=a b, Slurm 22.05) unless the value is in double quotes.
    text = render_batch_script(SlurmJob(("t",), extra=("--comment=a b  c", "--qos=long")))
    assert '#SBATCH --comment="a b  c"\n' in text
    assert "#SBATCH --qos=long\n" in text


def test_submit_reads_the_job_id_and_sbatch_refusals() -> None:
    ok = FakeRunner({tuple(sbatch_argv("job.sbatch")): "1234;cluster\n"})
    assert submit("job.sbatch", runner=ok).job_id == "1234"
    argv = tuple(sbatch_argv("job.sbatch"))
    said = "sbatch: error: invalid partition specified: gpux\n"
    bad = FakeRunner({argv: CommandResult(argv, ProbeStatus.ERROR, 1, "", said)})
    res = submit("job.sbatch", runner=bad)
    assert (res.ok, res.job_id, res.message) == (False, None, said.strip())
    assert "not a Slurm login node" in (submit("job.sbatch", runner=FakeRunner()).message or "")
    waited = tuple(sbatch_argv("job.sbatch", wait=True))
    failed = FakeRunner({waited: CommandResult(waited, ProbeStatus.ERROR, 3, "77\n", "")})
    res = submit("job.sbatch", wait=True, runner=failed)
    assert (res.ok, res.job_id, res.exit_code) == (False, "77", 3)


def test_cli_prints_the_script_and_writes_it(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["launch", "--slurm", "-N", "2", "--gpus-per-node", "4", "-t", "1:00:00",
                 "--script", "job.sbatch", "--", "python", "train.py"]) == 0
    out = capsys.readouterr().out
    assert out == (tmp_path / "job.sbatch").read_text()
    assert "#SBATCH --nodes=2\n" in out and "#SBATCH --gpus-per-node=4\n" in out
    assert out.endswith("srun --ntasks-per-node=1 --kill-on-bad-exit=1 python train.py\n")


def test_cli_submit_without_slurm_is_a_clear_error(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PATH", str(tmp_path))  # no sbatch here
    assert main(["launch", "--slurm", "--submit", "--", "python", "t.py"]) == 3
    captured = capsys.readouterr()
    assert captured.out.startswith("#!/bin/bash\n")  # printed before anything is submitted
    assert "sbatch not found" in captured.err
    assert (tmp_path / "tfgpu-train.sbatch").is_file()


def _fake_sbatch(folder: Path, job_id: str, status: int, output: str) -> None:
    """An ``sbatch`` that, with ``--wait``, prints the job id, writes the job's output file
    (``tfgpu-<id>.out`` in the current folder) and exits with the job's status."""
    sbatch = folder / "sbatch"
    sbatch.write_text("#!/bin/sh\n"
                      f"echo {job_id}\n"
                      f"cat > tfgpu-{job_id}.out <<'OUT'\n{output}OUT\n"
                      f"exit {status}\n", encoding="utf-8")
    sbatch.chmod(0o755)


def test_a_failed_job_names_the_failed_task_and_the_output_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """sbatch --wait exits with the job's status: not "sbatch exited with status 137", but
    the task srun reported failed, from the job's output file, and that file's name."""
    monkeypatch.chdir(tmp_path)
    bindir = tmp_path / "bin"
    bindir.mkdir()
    _fake_sbatch(bindir, "37", 137,
                 "tfgpu: job 37 on node[1-2]: 2 workers\n"
                 "E0000 grpc_server_lib.cc: UNKNOWN: Could not start gRPC server\n"
                 "srun: error: node2: task 1: Exited with exit code 1\n"
                 "srun: launch/slurm: _step_signal: Terminating StepId=37.0\n")
    monkeypatch.setenv("PATH", f"{bindir}:/usr/bin:/bin")
    assert main(["launch", "--slurm", "--submit", "--wait", "-N", "2", "--", "python",
                 "t.py"]) == 1
    err = capsys.readouterr().err
    assert "sbatch exited" not in err
    assert ("the job failed: job 37 ended with exit status 137 (sbatch --wait exits with the "
            "job's status): node2: task 1: Exited with exit code 1") in err
    assert "the whole output: tfgpu-37.out" in err


def test_failure_summary_without_task_lines_quotes_the_end_of_the_output(
        tmp_path: Path) -> None:
    job = SlurmJob(("t",), job_name="exp", output="logs/%x-%j.out", workdir=str(tmp_path))
    assert output_path(job, "5") == str(tmp_path / "logs" / "exp-5.out")
    assert "cannot be read" in failure_summary(job, "5", 1)
    (tmp_path / "logs").mkdir()
    (tmp_path / "logs" / "exp-5.out").write_text("".join(f"line {i}\n" for i in range(9)) +
                                                 "Traceback: ValueError: bad\n")
    said = failure_summary(job, "5", 1)
    assert said.startswith("job 5 ended with exit status 1")
    assert said.rstrip().endswith("Traceback: ValueError: bad")
    assert "line 5" in said and "line 4" not in said


@pytest.mark.parametrize(("argv", "message"), [
    (["launch", "--submit", "--", "python", "t.py"], "--submit need --slurm"),
    (["launch", "--slurm", "--wait", "--", "python", "t.py"], "--wait needs --submit"),
    (["launch", "--slurm", "-t", "soon", "--", "python", "t.py"], "--time"),
])
def test_cli_refusals(argv: list[str], message: str,
                      capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_no_gpu_asked_is_said_in_the_script_and_a_note(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    # new-user review: `launch --slurm -- python train.py` asked for no GPU, silently
    monkeypatch.chdir(tmp_path)
    assert main(["launch", "--slurm", "--", "python", "train.py"]) == 0
    captured = capsys.readouterr()
    assert "#SBATCH --gpus-per-node" not in captured.out
    assert "\n# No GPU requested (no --gpus-per-node)" in captured.out
    assert "note: No GPU requested" in captured.err and "--gpus-per-node N" in captured.err
    # asked: the request, and neither the comment nor the note
    assert main(["launch", "--slurm", "--gpus-per-node", "2", "--", "python", "t.py"]) == 0
    captured = capsys.readouterr()
    assert "#SBATCH --gpus-per-node=2\n" in captured.out
    assert "No GPU requested" not in captured.out + captured.err


def test_script_runs_where_sbatch_is_called_unless_chdir_is_given(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    # new-user review: the current folder was hard-coded (`cd /tmp`) into the script
    monkeypatch.chdir(tmp_path)
    assert main(["launch", "--slurm", "--", "python", "train.py"]) == 0
    out = capsys.readouterr().out
    assert str(tmp_path) not in out and "\ncd " not in out and "--chdir=" not in out
    assert "# Runs in the folder sbatch is called from" in out
    assert main(["launch", "--slurm", "-D", "/data/my runs", "--", "python", "t.py"]) == 0
    out = capsys.readouterr().out
    assert '#SBATCH --chdir="/data/my runs"\n' in out
    assert "Runs in the folder sbatch" not in out


def test_chdir_refused_with_a_quote_or_without_slurm() -> None:
    with pytest.raises(SlurmJobError, match="--chdir"):
        render_batch_script(SlurmJob(("t",), workdir='/a"b'))
    assert main(["launch", "--chdir", "/x", "--", "python", "t.py"]) == 2


def _slurm_up() -> bool:
    if shutil.which("sbatch") is None or shutil.which("sinfo") is None:
        return False
    try:
        return subprocess.run(["sinfo", "-h"], capture_output=True, timeout=10).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


@pytest.mark.skipif(not _slurm_up(), reason="no Slurm controller answers here")
@pytest.mark.parametrize("job", [
    SlurmJob(("python", "t.py")),
    SlurmJob(("python", "t.py"), gpus_per_node=0, workdir="/tmp/a dir"),
], ids=["defaults", "chdir-with-space"])
def test_sbatch_test_only_accepts_the_script(tmp_path: Path, job: SlurmJob) -> None:
    # the local Slurm reads the comment lines and the #SBATCH directives without error
    script = tmp_path / "job.sbatch"
    script.write_text(render_batch_script(job), encoding="utf-8")
    res = subprocess.run(["sbatch", "--test-only", str(script)], capture_output=True,
                         text=True, timeout=30)
    assert res.returncode == 0, res.stderr
    assert "to start at" in res.stderr


def test_the_docs_list_of_written_files_names_the_batch_script_and_fleet_save() -> None:
    """docs/probes.md says "Nothing else": both of its lists of the files tfgpu writes
    name the ``<job name>.sbatch`` that ``launch --slurm --submit`` writes into the current
    folder, and ``fleet --save DIR``'s snapshots."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "probes.md").read_text()
    sections = text.split("## Every file tfgpu writes")[1:]
    assert len(sections) == 2
    for section in sections:
        table = section.split("\n## ")[0]
        assert "<job name>.sbatch" in table and "--save" in table
