"""``tfgpu launch --slurm``: the batch script that runs a training on a Slurm cluster.

tfgpu schedules nothing: it writes the ``sbatch`` script an HPC user would write, prints
it, and (``--submit``) hands it to ``sbatch``.  The script starts the user's command with
``srun``, one task per worker, so that every worker is a task of one job step and
TensorFlow's ``SlurmClusterResolver`` (which ``tfgpu.setup()`` uses) builds the cluster
from the step's variables (``SLURM_PROCID``, ``SLURM_STEP_NUM_TASKS``,
``SLURM_STEP_NODELIST``, ``SLURM_STEP_TASKS_PER_NODE``).  A ``TF_CONFIG`` inherited from
the submitting shell would take precedence over Slurm in ``tfgpu.setup()``, so the script
unsets it.

Sources: Slurm's sbatch and srun manual pages (``#SBATCH`` lines, ``--nodes``,
``--ntasks-per-node``, ``--gpus-per-node``, ``--time``, ``--partition``, ``--chdir``
("Set the working directory of the batch script to directory before it is executed";
without it the script runs in "the calling process working directory", i.e. where sbatch
was called), ``--kill-on-bad-exit``, ``--parsable``, ``--wait`` ("The exit code of the
sbatch command will be the same as the exit code of the submitted job"), the filename
pattern of ``--output``: ``%j`` job id, ``%x`` job name, ``%u`` user, ``%%``); TensorFlow's
``slurm_cluster_resolver.py`` (the variables it reads); srun's report of a failed task
("srun: error: node2: task 1: Exited with exit code 1", seen on Slurm 22.05).
"""

from __future__ import annotations

import getpass
import os
import re
import shlex
from dataclasses import dataclass

from tfgpu._proc import Runner, run_command
from tfgpu._version import __version__
from tfgpu._words import plural
from tfgpu.facts import ProbeStatus

#: ``--time`` as sbatch reads it: minutes, MM:SS, HH:MM:SS, D-HH, D-HH:MM, D-HH:MM:SS.
_TIME_RE = re.compile(r"^(?:(\d+)-)?(\d+)(?::(\d{1,2}))?(?::(\d{1,2}))?$")
#: A job name, partition or output file name: no shell or line breaks.
_SAFE_RE = re.compile(r"^[A-Za-z0-9_.,:%=/+@-]+$")


#: The script's comment (and ``tfgpu launch``'s note) when no ``--gpus-per-node`` was given.
NO_GPU_NOTE = ("No GPU requested (no --gpus-per-node): Slurm allocates none unless the "
               "partition adds some; ask with tfgpu launch --slurm --gpus-per-node N")
#: The script's comment when no ``--chdir`` was given (sbatch man page: the working
#: directory is the calling process's unless ``--chdir`` says otherwise).
NO_CHDIR_NOTE = ("Runs in the folder sbatch is called from (Slurm's default); "
                 "tfgpu launch --slurm --chdir DIR fixes one")


class SlurmJobError(ValueError):
    """An option of the job cannot be written into a batch script (the message says which
    and what Slurm accepts)."""


def time_limit_s(text: str) -> int:
    """Seconds of an sbatch ``--time`` value.

    ``"30"`` is 30 minutes, ``"1:30:00"`` 90 minutes, ``"2-00"`` two days (sbatch man
    page: "minutes", "minutes:seconds", "hours:minutes:seconds", "days-hours",
    "days-hours:minutes", "days-hours:minutes:seconds").

    Raises:
        SlurmJobError: not one of those forms.
    """
    m = _TIME_RE.match(text.strip())
    if not m:
        raise SlurmJobError(f"--time {text!r}: use minutes, MM:SS, HH:MM:SS or D-HH:MM:SS")
    days, a, b, c = m.groups()
    if days is not None:  # D-HH[:MM[:SS]]
        return int(days) * 86400 + int(a) * 3600 + int(b or 0) * 60 + int(c or 0)
    if c is not None:  # HH:MM:SS
        return int(a) * 3600 + int(b) * 60 + int(c)
    if b is not None:  # MM:SS
        return int(a) * 60 + int(b)
    return int(a) * 60


@dataclass(frozen=True, slots=True)
class SlurmJob:
    """What the batch script asks Slurm for, and runs.

    Attributes:
        command: the worker command (``["python", "train.py"]``), run once per task.
        nodes: nodes to allocate (``--nodes``).
        ntasks_per_node: workers per node (``--ntasks-per-node``; 1: one worker per node
            using all its GPUs, TensorFlow's usual layout).
        gpus_per_node: GPUs per node (``--gpus-per-node``); 0 asks for none; ``None``:
            not given, so none is asked for either, and the script says so in a comment
            (:data:`NO_GPU_NOTE`).
        time: wall-time limit as sbatch reads it (``"01:00:00"``), or ``None``: the
            partition's default.
        partition: ``--partition``, or ``None``: the cluster's default.
        job_name: ``--job-name``.
        output: ``--output`` file pattern (``%j`` is the job id).
        workdir: folder the job runs in (``#SBATCH --chdir``), or ``None``: Slurm's
            default, the folder ``sbatch`` is called from (the script says so).
        extra: more ``#SBATCH`` options as given (``--account=abc``, ``--qos=long``).
        preflight: run ``tfgpu fleet --no-tf`` in the allocation first and stop the job
            when it finds an error (a node with another TensorFlow, no tfgpu...).
    """

    command: tuple[str, ...]
    nodes: int = 1
    ntasks_per_node: int = 1
    gpus_per_node: int | None = None
    time: str | None = None
    partition: str | None = None
    job_name: str = "tfgpu-train"
    output: str = "tfgpu-%j.out"
    workdir: str | None = None
    extra: tuple[str, ...] = ()
    preflight: bool = False

    @property
    def workers(self) -> int:
        """Workers in the cluster: nodes x tasks per node."""
        return self.nodes * self.ntasks_per_node

    def check(self) -> None:
        """Refuse what Slurm or the shell would not take.

        Raises:
            SlurmJobError: no command, a count below 1 (GPUs below 0), a ``--time`` sbatch
                cannot read, or a name with spaces, quotes or line breaks.
        """
        if not self.command:
            raise SlurmJobError("no worker command: tfgpu launch --slurm -- python train.py")
        for name, value, low in (("--nodes", self.nodes, 1),
                                 ("--ntasks-per-node", self.ntasks_per_node, 1),
                                 ("--gpus-per-node", self.gpus_per_node, 0)):
            if value is not None and value < low:
                raise SlurmJobError(f"{name} must be >= {low}, not {value}")
        if self.time is not None:
            time_limit_s(self.time)
        for name, text in (("--partition", self.partition), ("--job-name", self.job_name),
                           ("--output", self.output)):
            if text is not None and not _SAFE_RE.match(text):
                raise SlurmJobError(f"{name} {text!r}: letters, digits and _.,:%=/+@- only")
        if self.workdir is not None and (not self.workdir or any(
                c in self.workdir for c in '"\n\r')):
            raise SlurmJobError(f"--chdir {self.workdir!r}: a folder name without '\"' or "
                                "line breaks")
        for opt in self.extra:
            if not opt.startswith("-") or "\n" in opt or "\r" in opt:
                raise SlurmJobError(f"--sbatch-option {opt!r}: one sbatch option per use, "
                                    "such as --account=abc")
            if re.search(r"\s", opt) and ("=" not in opt or '"' in opt
                                          or re.search(r"\s", opt.split("=", 1)[0])):
                raise SlurmJobError(f"--sbatch-option {opt!r}: a value with spaces goes "
                                    "after '=' and holds no '\"' (--comment=two words)")


def render_batch_script(job: SlurmJob) -> str:
    """The ``sbatch`` script of ``job`` (text, ends with a newline).

    Raises:
        SlurmJobError: see :meth:`SlurmJob.check`.
    """
    job.check()
    sb = [f"--job-name={job.job_name}", f"--nodes={job.nodes}",
          f"--ntasks-per-node={job.ntasks_per_node}"]
    if job.gpus_per_node:
        sb.append(f"--gpus-per-node={job.gpus_per_node}")
    if job.time is not None:
        sb.append(f"--time={job.time}")
    if job.partition is not None:
        sb.append(f"--partition={job.partition}")
    sb.append(f"--output={job.output}")
    if job.workdir is not None:
        # sbatch splits an #SBATCH line at spaces outside double quotes (see below).
        sb.append(f'--chdir="{job.workdir}"' if re.search(r"\s", job.workdir)
                  else f"--chdir={job.workdir}")
    # sbatch splits an #SBATCH line at spaces outside double quotes (and drops the quotes).
    sb += [opt if not re.search(r"\s", opt) else '{0}="{2}"'.format(*opt.partition("="))
           for opt in job.extra]
    cmd = shlex.join(job.command)
    lines = [
        "#!/bin/bash",
        f"# Written by tfgpu launch --slurm (tfgpu {__version__}): "
        f"{plural(job.workers, 'worker')}, "
        f"{plural(job.nodes, 'node')} x {plural(job.ntasks_per_node, 'task')}.",
        "# Submit with: sbatch <this file>",
        *((f"# {NO_GPU_NOTE}",) if job.gpus_per_node is None else ()),
        *((f"# {NO_CHDIR_NOTE}",) if job.workdir is None else ()),
        *(f"#SBATCH {opt}" for opt in sb),
        "set -euo pipefail",
        "# Each srun task is one worker: TensorFlow's SlurmClusterResolver (tfgpu.setup())",
        "# reads SLURM_PROCID, SLURM_STEP_NUM_TASKS, SLURM_STEP_NODELIST and",
        "# SLURM_STEP_TASKS_PER_NODE of this step. A TF_CONFIG from the submitting shell",
        "# would take precedence, so it is removed.",
        "unset TF_CONFIG",
        "export PYTHONUNBUFFERED=1",
    ]
    lines.append('echo "tfgpu: job ${SLURM_JOB_ID} on ${SLURM_JOB_NODELIST}: '
                 f'{plural(job.workers, "worker")}" >&2')
    if job.preflight:
        lines += [
            "# Preflight: the nodes must agree before the training starts (tfgpu fleet).",
            "tfgpu fleet --no-tf --node-timeout 120 || {",
            '  echo "tfgpu: the nodes disagree (tfgpu fleet above); not training" >&2; exit 1; }',
        ]
    lines.append(f"srun --ntasks-per-node={job.ntasks_per_node} --kill-on-bad-exit=1 {cmd}")
    return "\n".join(lines) + "\n"


@dataclass(frozen=True, slots=True)
class Submission:
    """What ``sbatch`` answered.

    Attributes:
        job_id: the job id (``"1234"``), or ``None`` when sbatch refused the script.
        ok: sbatch succeeded (with ``--wait``: the job also ended with status 0).
        message: sbatch's own words when it failed (stderr).
        exit_code: sbatch's exit status (with ``--wait``: the job's).
    """

    job_id: str | None
    ok: bool
    message: str | None = None
    exit_code: int | None = None


def sbatch_argv(script_path: str, wait: bool = False) -> list[str]:
    """``sbatch --parsable [--wait] SCRIPT``."""
    return ["sbatch", "--parsable", *(["--wait"] if wait else []), script_path]


def submit(script_path: str, *, wait: bool = False, timeout_s: float = 120.0,
           runner: Runner | None = None) -> Submission:
    """Submit ``script_path`` with ``sbatch --parsable`` (``--wait``: until the job ends).

    Args:
        script_path: the batch script written by :func:`render_batch_script`.
        wait: block until the job ends (``sbatch --wait``); the exit status is the job's.
        timeout_s: seconds before ``sbatch`` itself is stopped (with ``wait``: the job
            keeps running in Slurm; ``scancel`` it).
        runner: command runner (default :func:`tfgpu._proc.run_command`), for tests.

    Returns:
        The job id and outcome; never raises for a refused job (``ok`` is false and
        ``message`` quotes sbatch).
    """
    run: Runner = runner if runner is not None else run_command
    res = run(sbatch_argv(script_path, wait), timeout_s)
    first = res.stdout.strip().splitlines()[0] if res.stdout.strip() else ""
    job_id = first.split(";", 1)[0] if first.split(";", 1)[0].isdigit() else None
    if res.status is ProbeStatus.MISSING:
        return Submission(None, False, "sbatch not found: this is not a Slurm login node")
    if res.status is ProbeStatus.TIMEOUT:
        return Submission(job_id, False, f"{res.message}; the job keeps running: "
                          f"scancel {job_id or '<job id>'}")
    ok = res.status is ProbeStatus.OK and job_id is not None
    return Submission(job_id, ok, None if ok else (res.stderr.strip() or res.message),
                      res.returncode)


def sbatch_wait_timeout_s(job: SlurmJob, default_s: float = 86400.0) -> float:
    """Seconds ``sbatch --wait`` may block: the job's ``--time`` plus 10 minutes of
    queueing and start, else ``default_s`` (a day)."""
    return time_limit_s(job.time) + 600.0 if job.time is not None else default_s


#: srun's line for a task that failed: "srun: error: node2: task 1: Exited with exit code 1".
_TASK_FAILED = re.compile(r"srun: error: (\S+: tasks? [\d,\-]+: .*)")
#: Most bytes read from the end of the job's output file.
_OUTPUT_TAIL_BYTES = 64 << 10


def output_path(job: SlurmJob, job_id: str, cwd: str | None = None) -> str:
    """The job's output file as sbatch names it: ``job.output`` with ``%j`` (the job id),
    ``%x`` (the job name), ``%u`` (the user) and ``%%`` replaced, relative to the job's
    folder (``--chdir``, else ``cwd``, the folder sbatch was called from).  Other
    patterns (``%N``, ``%A``...) stay as they are: only the job knows them."""
    user = ""
    try:
        user = getpass.getuser()
    except (OSError, KeyError, ImportError):
        user = "%u"
    name = re.sub(r"%(%|j|x|u)", lambda m: {"%": "%", "j": job_id, "x": job.job_name,
                                            "u": user}[m.group(1)], job.output)
    base = job.workdir if job.workdir is not None else (cwd or os.getcwd())
    return os.path.join(base, name) if not os.path.isabs(name) else name


def failure_summary(job: SlurmJob, job_id: str, exit_code: int | None,
                    cwd: str | None = None) -> str:
    """Why a job run with ``sbatch --wait`` failed, in words, for ``tfgpu launch``.

    ``sbatch --wait`` exits with the job's own exit code (not an sbatch error); the cause
    is in the job's output file: srun's lines for the failed tasks
    (``node2: task 1: Exited with exit code 1``), else the file's last lines.

    Args:
        job: the job submitted.
        job_id: its id.
        exit_code: sbatch's (so the job's) exit status, or ``None``.
        cwd: the folder sbatch was called from (default: the current one).

    Returns:
        One or more lines: the job's status, what its output file says, and the file's
        name (relative when it is under ``cwd``).
    """
    path = output_path(job, job_id, cwd)
    shown = os.path.relpath(path, cwd or os.getcwd()) if not os.path.isabs(job.output) \
        and job.workdir is None else path
    status = (f"job {job_id} ended with exit status {exit_code} (sbatch --wait exits with "
              "the job's status)" if exit_code is not None else f"job {job_id} failed")
    try:
        with open(path, "rb") as fh:
            fh.seek(max(0, os.fstat(fh.fileno()).st_size - _OUTPUT_TAIL_BYTES))
            tail = fh.read().decode("utf-8", "replace")
    except OSError as exc:
        return f"{status}; its output file {shown} cannot be read ({exc.strerror or exc})"
    lines = [ln.rstrip() for ln in tail.splitlines() if ln.strip()]
    tasks = [m.group(1) for ln in lines if (m := _TASK_FAILED.search(ln)) is not None]
    if tasks:
        said = "; ".join(tasks[:3]) + (f" (and {len(tasks) - 3} more)" if len(tasks) > 3
                                       else "")
        return f"{status}: {said}\n  the whole output: {shown}"
    last = "\n    ".join(ln[:300] for ln in lines[-5:]) or "(empty)"
    return f"{status}; the end of {shown}:\n    {last}"
