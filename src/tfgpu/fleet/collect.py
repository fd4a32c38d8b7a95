"""Collect facts snapshots: from every node of a Slurm allocation through ``srun``, or
from files and folders gathered any other way (pdsh, Ansible, a Kubernetes DaemonSet).

Through Slurm: one ``srun`` step with one task per node (``--ntasks-per-node=1``,
``--label``), each task running::

    sh -c 'printf "@tfgpu-fleet node %s\\n" "$SLURMD_NODENAME"; f=$(mktemp);
           ( ulimit -f <blocks of limit + 1>;
             exec timeout -k 5 <node-timeout> tfgpu facts ... >"$f" ); rc=$?;
           n=<limit>; [size of $f over the limit: printf "@tfgpu-fleet too-large <limit>\\n";
           n=300]; printf "@tfgpu-fleet base64\\n"; head -c $n <"$f" | base64; rm -f "$f";
           printf "\\n@tfgpu-fleet exit %s\\n" $rc'

so that every task says which node it ran on and how ``tfgpu facts`` ended: status 124 or
137 is a timeout (coreutils ``timeout``), 126/127 a missing ``tfgpu``, output that is not a
snapshot is unreadable.  The whole ``srun`` is bounded too (:func:`srun_deadline_s`); a
node that printed its name but no exit line when it was stopped timed out, and a node of
the allocation that printed nothing gave no answer.  Nothing here waits without a bound.

One node's volume never costs another node its answer: each node keeps at most
:data:`NODE_OUTPUT_BYTES` of its command's standard output (``ulimit -f`` on its file
stops an endless writer there, and the node then sends only the first bytes and the
``too-large`` line: "printed endless or oversized output"), and tfgpu reads
``srun --label``'s streams task by task (:class:`LabelledLines`), each task's part bounded
by itself, instead of keeping the
first and last megabytes of the whole stream, where one node's flood (or a few hundred
nodes' snapshots) pushed the others' answers out.

``srun`` is stopped with SIGTERM, never SIGKILL first: on SIGTERM it revokes an allocation
it is still waiting for, and ends a running step; killed, it would leave its pending job in
the queue, to start later on nodes nobody waits for.  While it waits for an allocation,
progress lines say which job waits and why (the nodes it asks for and those of the
partition); a job srun left pending anyway is cancelled with ``scancel``, and the user is
told.

Sources: Slurm's srun manual page (``--label`` prefixes each line with the task number;
``--ntasks-per-node``; ``--overlap`` lets the step share the allocation's CPUs with a
running step; ``SLURMD_NODENAME`` is the node a task runs on); Slurm's
``src/api/allocate.c`` ("job %u queued and waiting for resources", "job %u has been
allocated resources"; the same words in Slurm 20.02 to 25.11) and
``src/srun/libsrun/allocate.c`` (on SIGINT, SIGTERM, SIGHUP... while allocating: "Job
allocation %u has been revoked", and the job is completed); squeue's ``%D`` (nodes),
``%P`` (partition), ``%r`` (reason), ``%T`` (state) fields.
"""

from __future__ import annotations

import base64
import os
import re
import shlex
import signal
import stat
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from tfgpu._proc import BoundedCapture, CommandResult, Runner, run_command
from tfgpu._words import plural
from tfgpu.facts import FactsFormatError, HostFacts, ProbeStatus, read_facts_file
from tfgpu.fleet.model import NodeResult, NodeStatus

#: The command each node runs, after ``timeout``: ``tfgpu facts`` (JSON on stdout).
DEFAULT_REMOTE: tuple[str, ...] = ("tfgpu", "facts")
#: Seconds ``tfgpu facts`` may take on one node (TensorFlow's import on a cold shared
#: file system can take a minute) before ``timeout`` stops it.
DEFAULT_NODE_TIMEOUT_S = 180.0
#: Seconds, beyond the per-node limit, that the whole ``srun`` may take (starting the
#: step, a short queue wait with ``--slurm``) before it is stopped.
SRUN_SLACK_S = 60.0
#: Seconds ``timeout -k`` waits after SIGTERM before SIGKILL.
KILL_AFTER_S = 5
#: Seconds ``srun`` may take to end after SIGTERM (revoke the allocation it waits for, end
#: the step) before it is killed.
SRUN_STOP_GRACE_S = 10.0
#: Seconds between two progress lines while ``srun`` runs.
PROGRESS_EVERY_S = 15.0
#: Slurm's words for an allocation that waits, that started, that srun revoked.
_QUEUED = re.compile(r"\bjob (\d+) queued and waiting for resources")
_ALLOCATED = re.compile(r"\bjob (\d+) has been allocated resources")
_REVOKED = re.compile(r"\bJob allocation (\d+) has been revoked")
#: squeue states of a job that still holds or waits for nodes (``%T``).
_ALIVE_STATES = frozenset({"PENDING", "CONFIGURING", "RUNNING", "SUSPENDED", "REQUEUED",
                           "REQUEUE_HOLD", "REQUEUE_FED", "RESIZING", "SIGNALING",
                           "STAGE_OUT", "STOPPED"})
#: Seconds for one squeue, sinfo or scancel call.
_QUERY_TIMEOUT_S = 15.0
_MARK = "@tfgpu-fleet"
_MARK_B = _MARK.encode()
#: srun's own report of a task that exited non-zero: "srun: error: node2: task 1: Exited
#: with exit code 127".
_SRUN_TASK = re.compile(r"srun: error: (?P<node>\S+): tasks? (?P<task>[\d,\-]+): (?P<what>.*)")
#: Most characters of a node's messages kept.
_MESSAGE_CHARS = 2000
#: Most bytes of one node's standard output (its facts snapshot) read; a snapshot is 5-200
#: KiB (:data:`tfgpu.facts.MAX_FACTS_BYTES`' note), so more is endless or not a snapshot.
NODE_OUTPUT_BYTES = 4 << 20
#: Bytes of such a node's output sent back to show what it printed.
_SAMPLE_BYTES = 300
#: Most bytes of one task's labelled standard output kept: its snapshot in base64 (4/3 of
#: :data:`NODE_OUTPUT_BYTES`, in 76-character lines) with a label on every line, and the
#: marker lines.
TASK_STDOUT_BYTES = 2 * NODE_OUTPUT_BYTES
#: Most bytes of one task's labelled standard error kept (its last ones: a traceback ends
#: there).
TASK_STDERR_BYTES = 16 << 10
#: How a :class:`NodeResult` message starts for a node whose standard output went past
#: :data:`NODE_OUTPUT_BYTES` (the fleet's finding reads it).
ENDLESS = "printed endless or oversized output"
#: How a :class:`NodeResult` message starts for a node that flooded standard error (more
#: than :data:`TASK_STDERR_BYTES`) and had not finished at its limit: a looping error
#: message, not a hang.
STDERR_FLOOD = "flooded standard error"


class FleetError(RuntimeError):
    """The fleet could not be asked at all (no ``srun``, Slurm refused the step, nothing
    to read); the message says why in Slurm's own words."""


def wrapped_command(remote: Sequence[str], node_timeout_s: float,
                    limit: int = NODE_OUTPUT_BYTES) -> list[str]:
    """The argv each task runs: the node marker, ``remote`` under ``timeout`` with at most
    ``limit`` + 1 bytes of its stdout kept in a temporary file (``head -c``), that output
    in base64, the exit line.

    Base64 (76-character lines) because ``srun --label`` cuts long output lines into
    pieces of about 1 KiB, each with its own label (seen on Slurm 22.05): a snapshot's long
    line (a log line, ``LD_LIBRARY_PATH``) would come back broken.

    Output past ``limit`` is endless or no snapshot: the command writes into a file under
    ``ulimit -f`` (POSIX sh counts 512-byte blocks; a shell counting 1024-byte ones bounds it
    at twice that), so an endless writer ends at its next write there (SIGXFSZ, or EFBIG
    for Python, which ignores that signal) instead of filling the node's disk until the
    time limit, and the task sends ``@tfgpu-fleet too-large <limit>`` and only the first
    :data:`_SAMPLE_BYTES` bytes.  The exit status is the command's own, read when it ends:
    a process it leaves running that still holds its output (a daemon, ``(sleep 400 &)``)
    holds a file, not a pipe tfgpu would wait on, so the snapshot it printed is sent at
    once.

    Args:
        remote: the node's command (``("tfgpu", "facts")``).
        node_timeout_s: seconds before ``timeout`` sends SIGTERM (SIGKILL
            :data:`KILL_AFTER_S` s later).
        limit: most bytes of the command's stdout sent back (:data:`NODE_OUTPUT_BYTES`).
    """
    blocks = (limit + 1 + 511) // 512
    script = (f'printf "{_MARK} node %s\\n" "${{SLURMD_NODENAME:-$(hostname)}}"; '
              'f=$(mktemp) || exit 1; '
              f'( ulimit -f {blocks}; exec timeout -k {KILL_AFTER_S} "$0" "$@" >"$f" ); '
              'rc=$?; '
              f'n={limit}; if [ $(wc -c <"$f") -gt {limit} ]; then '
              f'printf "{_MARK} too-large {limit}\\n"; n={_SAMPLE_BYTES}; fi; '
              f'printf "{_MARK} base64\\n"; head -c "$n" <"$f" | base64; rm -f "$f"; '
              f'printf "\\n{_MARK} exit %s\\n" "$rc"')
    return ["sh", "-c", script, f"{max(1, round(node_timeout_s))}", *remote]


def in_allocation(env: Mapping[str, str]) -> bool:
    """True inside a Slurm allocation (``SLURM_JOB_ID`` set: ``salloc``, ``sbatch``)."""
    return bool(env.get("SLURM_JOB_ID", "").strip())


def srun_argv(remote: Sequence[str], node_timeout_s: float, env: Mapping[str, str],
              srun_args: Sequence[str] = ()) -> list[str]:
    """The ``srun`` command line.

    Inside an allocation (``SLURM_JOB_NUM_NODES``, or the older ``SLURM_NNODES``, known):
    one task on each of its nodes
    (``--nodes=N --ntasks=N``) with ``--overlap``, so it also runs beside a training step.
    Otherwise ``srun`` makes its own allocation from ``srun_args`` (``-N 4 -p gpu``).

    Args:
        remote: the node's command.
        node_timeout_s: per-node limit in seconds.
        env: the environment (``SLURM_JOB_ID``, ``SLURM_JOB_NUM_NODES``).
        srun_args: extra ``srun`` options, passed as given, before the command.
    """
    argv = ["srun", "--ntasks-per-node=1", "--label", "--kill-on-bad-exit=0"]
    nodes = (env.get("SLURM_JOB_NUM_NODES") or env.get("SLURM_NNODES") or "").strip()
    if in_allocation(env) and nodes.isdigit() and not srun_args:
        argv += [f"--nodes={nodes}", f"--ntasks={nodes}", "--overlap"]
    argv += list(srun_args)
    return argv + wrapped_command(remote, node_timeout_s)


def srun_deadline_s(node_timeout_s: float) -> float:
    """Seconds the whole ``srun`` may run: the per-node limit, the kill delay and
    :data:`SRUN_SLACK_S`."""
    return node_timeout_s + KILL_AFTER_S + SRUN_SLACK_S


@dataclass
class _Task:
    task: int
    node: str | None = None
    exit_code: int | None = None
    out: list[str] | None = None
    err: list[str] | None = None
    b64: bool = False
    #: the node's limit, when its output went past it (the ``too-large`` line)
    too_large: int | None = None
    #: bytes of its labelled stdout tfgpu did not keep (past :data:`TASK_STDOUT_BYTES`)
    dropped: int = 0
    #: bytes of its labelled stderr tfgpu did not keep (past :data:`TASK_STDERR_BYTES`)
    err_dropped: int = 0


@dataclass
class _Kept:
    """One task's kept lines (without their label) and the bytes not kept."""

    lines: deque[bytes] = field(default_factory=deque)
    size: int = 0
    dropped: int = 0


class LabelledLines:
    """``srun --label``'s output read task by task, each task's part bounded by itself.

    srun writes every task's lines, each after its ``N: `` label (Slurm's
    ``write_labelled_message.c``: ``"%*d: "``), into one stream.  Keeping the first and the
    last megabytes of that stream (:class:`~tfgpu._proc.BoundedCapture`) lets one task's
    flood, or a few hundred tasks' snapshots, push the other tasks' lines out.  Here each
    task keeps at most ``per_task`` bytes of its own lines: its first ones (standard
    output, where the snapshot and the marker lines are; marker lines are kept past the
    bound, up to 4 KiB more) or, with ``keep_last``, its last ones (standard error, where
    a traceback ends).  Lines without a label (srun's own: ``srun: error: ...``) go to a
    :class:`~tfgpu._proc.BoundedCapture` of ``other`` bytes.  Memory: about ``per_task``
    bytes per task, ``other`` bytes, and one line being read (at most ``line_max`` bytes;
    a longer line is cut there).

    A :class:`tfgpu._proc.StreamSink` for :func:`tfgpu._proc.run_command`; :meth:`feed`
    reads a recorded output the same way.
    """

    def __init__(self, per_task: int, *, keep_last: bool = False,
                 other: int = 4 << 20, line_max: int = 64 << 10) -> None:
        self.per_task = per_task
        self.keep_last = keep_last
        self.line_max = line_max
        self.total = 0
        self._tasks: dict[int, _Kept] = {}
        self._other = BoundedCapture(other)
        self._partial = b""

    def add(self, data: bytes) -> None:
        """Take the next bytes of the stream."""
        self.total += len(data)
        *lines, rest = (self._partial + data).split(b"\n")
        while len(rest) > self.line_max:  # a line without end: cut
            lines.append(rest[:self.line_max])
            rest = rest[self.line_max:]
        self._partial = rest
        for line in lines:
            self._line(line)

    def feed(self, text: str) -> LabelledLines:
        """Read a whole recorded stream (``text``); returns ``self``."""
        self.add(text.encode("utf-8", "surrogateescape"))
        if self._partial:
            self._line(self._partial)
            self._partial = b""
        return self

    def _line(self, raw: bytes) -> None:
        colon = raw.find(b":", 0, 16)
        label = raw[:colon].strip() if colon > 0 else b""
        if not label.isdigit():
            self._other.add(raw + b"\n")
            return
        text = raw[colon + 1:]
        text = text[1:] if text.startswith(b" ") else text
        kept = self._tasks.setdefault(int(label), _Kept())
        n = len(text) + 1
        if self.keep_last:
            kept.lines.append(text)
            kept.size += n
            while kept.size > self.per_task and len(kept.lines) > 1:
                gone = len(kept.lines.popleft()) + 1
                kept.size -= gone
                kept.dropped += gone
            return
        limit = self.per_task + (4096 if text.startswith(_MARK_B) else 0)
        if kept.size + n <= limit:
            kept.lines.append(text)
            kept.size += n
        else:
            kept.dropped += n

    def tasks(self) -> dict[int, tuple[list[str], int]]:
        """Each task's kept lines (decoded, without the label) and bytes not kept, by task
        number in order."""
        return {t: ([ln.decode("utf-8", "replace").rstrip("\r") for ln in k.lines], k.dropped)
                for t, k in sorted(self._tasks.items())}

    def other_lines(self) -> list[str]:
        """The kept lines without a label (srun's own)."""
        return self._other.text().splitlines()

    @property
    def dropped(self) -> int:
        """Bytes seen but not kept."""
        return self._other.dropped + sum(k.dropped for k in self._tasks.values())

    def text(self) -> str:
        """The kept lines: those without a label, then each task's with its label; a task
        that lost lines says how many bytes (its first ones lost: a line before the rest;
        its last ones: ``N: @tfgpu-fleet dropped <bytes>``, read back by
        :func:`parse_srun_output`)."""
        out = [self._other.text()]
        for t, (lines, dropped) in self.tasks().items():
            if dropped and self.keep_last:
                out.append(f"{t}: [tfgpu: {dropped} bytes of this task's output dropped "
                           "here]\n")
            out += [f"{t}: {ln}\n" for ln in lines]
            if dropped and not self.keep_last:
                out.append(f"{t}: {_MARK} dropped {dropped}\n")
        return "".join(out)


def _expand_nodelist(env: Mapping[str, str], runner: Runner) -> list[str]:
    """The allocation's node names (``scontrol show hostnames $SLURM_JOB_NODELIST``), or
    ``[]`` outside an allocation or when ``scontrol`` cannot say."""
    nodelist = env.get("SLURM_JOB_NODELIST") or env.get("SLURM_NODELIST")
    if not nodelist or not in_allocation(env):
        return []
    res = runner(["scontrol", "show", "hostnames", nodelist], 30.0)
    if res.status is not ProbeStatus.OK:
        return []
    return [line.strip() for line in res.stdout.splitlines() if line.strip()]


def parse_srun_output(result: CommandResult, expected: Sequence[str] = ()) -> list[NodeResult]:
    """Split the labelled output of the fleet's ``srun`` into one result per node.

    Each task's lines are read on their own and bounded by themselves
    (:class:`LabelledLines`: :data:`TASK_STDOUT_BYTES` of standard output,
    :data:`TASK_STDERR_BYTES` of standard error), so a task's volume never hides another's
    answer.

    Args:
        result: the ``srun`` outcome (stdout/stderr with ``--label`` prefixes).
        expected: node names of the allocation; those with no task output become
            ``NO_ANSWER``.

    Returns:
        One :class:`NodeResult` per task seen (in task order), then the silent nodes.
    """
    tasks: dict[int, _Task] = {}

    def task(i: int) -> _Task:
        return tasks.setdefault(i, _Task(i, out=[], err=[]))

    stdout = LabelledLines(TASK_STDOUT_BYTES).feed(result.stdout)
    for i, (lines, dropped) in stdout.tasks().items():
        t = task(i)
        t.dropped += dropped
        for text in lines:
            if text.startswith(f"{_MARK} node "):
                t.node = text[len(_MARK) + 6:].strip() or None
            elif text == f"{_MARK} base64":
                t.b64 = True
                t.out = []
            elif text.startswith(f"{_MARK} exit "):
                code = text[len(_MARK) + 6:].strip()
                t.exit_code = int(code) if code.isdigit() else None
            elif text.startswith(f"{_MARK} too-large "):
                limit = text[len(_MARK) + 11:].strip()
                t.too_large = int(limit) if limit.isdigit() else NODE_OUTPUT_BYTES
            elif text.startswith(f"{_MARK} dropped "):
                n = text[len(_MARK) + 9:].strip()
                t.dropped += int(n) if n.isdigit() else 1
            elif t.out is not None:
                t.out.append(text)
    stderr = LabelledLines(TASK_STDERR_BYTES, keep_last=True).feed(result.stderr)
    for i, (lines, err_dropped) in stderr.tasks().items():
        t = task(i)
        t.err_dropped += err_dropped
        if t.err is not None:
            t.err.extend(lines)
    srun_notes: list[str] = []
    for line in stderr.other_lines():
        s = _SRUN_TASK.match(line.strip())
        if s and s.group("task").isdigit():
            t = task(int(s.group("task")))
            t.node = t.node or s.group("node")
            if t.err is not None:
                t.err.append(line.strip())
        elif line.strip():
            srun_notes.append(line.strip())
    stopped = result.status is ProbeStatus.TIMEOUT
    out: list[NodeResult] = []
    for i in sorted(tasks):
        out.append(_task_result(tasks[i], stopped, result))
    seen = {n.name for n in out}
    for name in expected:
        if name not in seen:
            note = "; ".join(srun_notes)[-_MESSAGE_CHARS:] or None
            status = NodeStatus.TIMEOUT if stopped else NodeStatus.NO_ANSWER
            out.append(NodeResult(name, "srun", status, message=note))
    return out


def _mib(n: int) -> str:
    """``n`` bytes in words: ``"4 MiB"``, ``"300 bytes"``."""
    return f"{n / (1 << 20):g} MiB" if n >= 1 << 20 else f"{n} bytes"


def _endless(t: _Task, name: str, source: str, message: str | None) -> NodeResult:
    """The result of a node whose standard output went past its limit (``too-large`` from
    the node, or more than :data:`TASK_STDOUT_BYTES` through srun): :data:`ENDLESS`, with
    the output's first bytes."""
    text = "".join("".join(t.out or ()).split())
    head = text[:400 - 400 % 4] if t.b64 else ""
    try:
        sample = base64.b64decode(head).decode("utf-8", "replace") if t.b64 else \
            "\n".join(t.out or ())
    except ValueError:
        sample = ""
    shown = sample[:200] + ("..." if sample else "")
    limit = t.too_large if t.too_large is not None else NODE_OUTPUT_BYTES
    # Stopped at the limit on the node, the command ends on its next write (SIGXFSZ: 153;
    # Python, which ignores SIGXFSZ: OSError EFBIG, 1): that status is tfgpu's doing.
    code = t.exit_code if t.too_large is None else None
    return NodeResult(name, source, NodeStatus.UNREADABLE, exit_code=code, message=(
        f"{ENDLESS}: more than {_mib(limit)} on standard output, where a facts snapshot "
        "is at most a few hundred KiB; tfgpu read no further"
        + (f"; output began: {shown!r}" if shown else "") + (f"; {message}" if message else "")))


def _task_result(t: _Task, stopped: bool, result: CommandResult) -> NodeResult:
    name = t.node or f"task {t.task}"
    source = f"srun task {t.task}"
    err = "\n".join(t.err or ()).strip()
    message = err[-_MESSAGE_CHARS:] or None
    if t.too_large is not None or t.dropped:
        return _endless(t, name, source, message)
    code = t.exit_code
    if t.err_dropped and (code in (124, 137) or (code is None and stopped)):
        # Still running at its limit, and writing error lines all the while: a flood (a
        # library or driver repeating an error), which is no hang. Its last lines, from the
        # first whole one (the kept tail starts where the bound cut).
        tail = err[-_MESSAGE_CHARS:]
        tail = tail.split("\n", 1)[1] if "\n" in tail[:-1] else tail
        return NodeResult(name, source, NodeStatus.UNREADABLE, exit_code=code, message=(
            f"{STDERR_FLOOD}: more than {_mib(TASK_STDERR_BYTES + t.err_dropped)} on "
            "standard error, and it had not finished at its time limit; its last lines: "
            + tail.strip()))
    if code is None:
        if stopped:
            why = result.message or "srun was stopped"
            return NodeResult(name, source, NodeStatus.TIMEOUT,
                              message=f"{why}; this node had not finished" +
                              (f"; {message}" if message else ""))
        return NodeResult(name, source, NodeStatus.FAILED, message=message or
                          "the task ended without reporting how tfgpu facts ended")
    if code in (124, 137):
        return NodeResult(name, source, NodeStatus.TIMEOUT, message=message, exit_code=code)
    if code in (126, 127):
        return NodeResult(name, source, NodeStatus.NO_TFGPU, message=message, exit_code=code)
    if code != 0:
        return NodeResult(name, source, NodeStatus.FAILED, message=message, exit_code=code)
    text = "\n".join(t.out or ()).strip()
    if t.b64:
        try:
            text = base64.b64decode("".join(text.split()), validate=True).decode("utf-8")
        except (ValueError, UnicodeDecodeError) as exc:
            return NodeResult(name, source, NodeStatus.UNREADABLE, exit_code=code,
                              message=f"its output came back damaged (base64: {exc})")
    try:
        facts = HostFacts.from_json(text)
    except FactsFormatError as exc:
        shown = text[:200] + ("..." if len(text) > 200 else "")
        return NodeResult(name, source, NodeStatus.UNREADABLE, exit_code=code,
                          message=f"{exc}; output began: {shown!r}")
    return NodeResult(name, source, NodeStatus.OK, facts=facts, exit_code=0, message=message)


#: Where progress lines go (one line each, without the ``tfgpu fleet:`` prefix).
Progress = Callable[[str], None]


@dataclass
class _Allocation:
    """What srun said of an allocation it asked for (never of the one it runs inside).

    Attributes:
        job: the job id of an allocation that had to wait, else ``None``.
        said: srun's own lines before it said so (the reason, in Slurm's words).
        started: the allocation was granted after waiting.
        revoked: srun revoked it (it was stopped while waiting).
    """

    job: str | None = None
    said: list[str] = field(default_factory=list)
    started: bool = False
    revoked: bool = False

    def read(self, line: str) -> None:
        """Take one line of srun's stderr."""
        text = line.strip()
        if (m := _QUEUED.search(text)) is not None:
            self.job = m.group(1)
        elif _ALLOCATED.search(text) is not None:
            self.started = True
        elif _REVOKED.search(text) is not None:
            self.revoked = True
        elif self.job is None and text.startswith("srun: ") and len(self.said) < 3:
            self.said.append(text[6:])

    @property
    def waiting(self) -> bool:
        """A job srun asked for was still waiting at the last line read."""
        return self.job is not None and not self.started


def _query(run: Runner, argv: list[str]) -> list[str] | None:
    """The non-empty output lines of a Slurm query, or ``None`` when it failed."""
    res = run(argv, _QUERY_TIMEOUT_S)
    if res.status is not ProbeStatus.OK:
        return None
    return [ln.strip() for ln in res.stdout.splitlines() if ln.strip()]


def why_pending(job: str, run: Runner) -> tuple[str | None, bool]:
    """Why job ``job`` waits, from ``squeue`` and ``sinfo``: the nodes it asks for against
    those of its partition (``"job 39 asks for 5 node(s); partition debug has 2"``), else
    Slurm's reason code.

    Args:
        job: the job id.
        run: command runner (``squeue -h -j JOB -o %D|%P|%r``, ``sinfo -h -N -p P -o %N``).

    Returns:
        The words (``None`` when squeue cannot say), and whether the job can never start
        as the partition is now (it asks for more nodes than the partition has, in any
        state).
    """
    rows = _query(run, ["squeue", "-h", "-j", job, "-o", "%D|%P|%r"])
    if not rows or rows[0].count("|") != 2:
        return None, False
    asked, part, reason = rows[0].split("|")
    names = _query(run, ["sinfo", "-h", "-N", "-p", part, "-o", "%N"]) if part else None
    have = len(set(names)) if names else 0
    if asked.isdigit() and have and int(asked) > have:
        return (f"job {job} asks for {plural(asked, 'node')}; partition {part} has {have}, so it "
                "cannot start there"), True
    return (f"job {job} asks for {plural(asked, 'node')} of partition {part}" +
            (f"; Slurm's reason: {reason}" if reason and reason != "None" else "")), False


def cancel_if_alive(job: str, run: Runner, progress: Progress | None) -> str:
    """Cancel job ``job`` (one srun asked for and did not revoke) when squeue lists it as
    waiting or running, or cannot say; tell ``progress`` first.

    Returns:
        What happened, in words (``"tfgpu cancelled it (scancel 39)"``).
    """
    states = _query(run, ["squeue", "-h", "-j", job, "-o", "%T"])
    if states is not None and not (set(states) & _ALIVE_STATES):
        return "it is no longer queued"
    if progress is not None:
        progress(f"scancel {job}   # the job srun asked for; srun ended without "
                 "cancelling it")
    res = run(["scancel", job], _QUERY_TIMEOUT_S)
    if res.status is ProbeStatus.OK:
        return f"tfgpu cancelled it (scancel {job})"
    said = (res.stderr.strip() or res.message or "no output")[-300:]
    return f"scancel {job} failed ({said}): cancel it yourself"


class _CannotStart(Exception):
    """Raised by :class:`_Watch` to stop srun at once: its job can never start."""


class _Watch:
    """Progress lines while srun runs: its start, a job that waits for resources (and
    why), that job's start, and a line every :data:`PROGRESS_EVERY_S` seconds.  A job that
    asks for more nodes than its partition has stops srun at once (:class:`_CannotStart`):
    waiting for it could only run out the time."""

    def __init__(self, progress: Progress, run: Runner, limit_s: float, own_job: str,
                 node_timeout_s: float) -> None:
        self.alloc = _Allocation()
        self.why: str | None = None
        self.impossible = False
        self._progress = progress
        self._run = run
        self._limit = limit_s
        self._own = own_job
        self._node_timeout = node_timeout_s
        self._last = 0.0
        self._elapsed = 0.0

    def line(self, text: str) -> None:
        """Take one line of srun's stderr as it arrives."""
        was_waiting, was_started = self.alloc.waiting, self.alloc.started
        self.alloc.read(text)
        if self.alloc.job is not None and self.alloc.job == self._own:
            self.alloc = _Allocation()  # the allocation tfgpu runs in: never its business
            return
        if self.alloc.waiting and not was_waiting:
            job = self.alloc.job
            assert job is not None
            self.why, self.impossible = why_pending(job, self._run)
            said = "; ".join(self.alloc.said)
            head = (f"srun waits for resources: job {job} is queued"
                    + (f" ({said})" if said else "") + (f"; {self.why}" if self.why else ""))
            if self.impossible:
                self._say(f"{head}. Stopping srun, which cancels the job")
                raise _CannotStart(job)
            self._say(f"{head}. srun is stopped, and the job cancelled, at {self._limit:g} s "
                      "if it has not started (Ctrl-C: now)")
        elif self.alloc.started and not was_started:
            self._say(f"job {self.alloc.job} got its nodes after {self._elapsed:.0f} s")

    def tick(self, elapsed_s: float) -> None:
        """Take the time; say something every :data:`PROGRESS_EVERY_S` seconds."""
        self._elapsed = elapsed_s
        if elapsed_s - self._last < PROGRESS_EVERY_S:
            return
        if self.alloc.waiting:
            self._say(f"job {self.alloc.job} still waits for resources "
                      f"({elapsed_s:.0f} s of {self._limit:g} s)")
        else:
            self._say(f"waiting for the nodes' answers ({elapsed_s:.0f} s of "
                      f"{self._limit:g} s; each node has {self._node_timeout:g} s)")

    def _say(self, text: str) -> None:
        self._last = self._elapsed
        self._progress(text)


def collect_slurm(
    *,
    remote: Sequence[str] = DEFAULT_REMOTE,
    node_timeout_s: float = DEFAULT_NODE_TIMEOUT_S,
    srun_args: Sequence[str] = (),
    env: Mapping[str, str] | None = None,
    runner: Runner | None = None,
    progress: Progress | None = None,
    srun_timeout_s: float | None = None,
) -> list[NodeResult]:
    """Run ``remote`` (``tfgpu facts``) on every node with one ``srun`` step.

    ``srun`` is stopped with SIGTERM (killed :data:`SRUN_STOP_GRACE_S` s later if it is
    still there), so that it revokes an allocation it still waits for; a job it asked for
    that is still queued after it ended is cancelled (``scancel``), and ``progress`` is
    told first.

    Args:
        remote: the node's command; it must print one facts snapshot on stdout.
        node_timeout_s: seconds ``remote`` may take on one node.
        srun_args: ``srun`` options that ask for an allocation (``--slurm`` outside one:
            ``["-N", "2", "-p", "debug"]``), passed as given.
        env: environment (default ``os.environ``); ``srun`` exports it to the tasks.
        runner: command runner (default :func:`tfgpu._proc.run_command`), for tests; with
            one, srun's progress is read from its result after it ended.
        progress: called with one line at a time: what runs, a job that waits for
            resources and why, a line every :data:`PROGRESS_EVERY_S` s; ``None``: silent.
        srun_timeout_s: seconds before ``srun`` is stopped (default
            :func:`srun_deadline_s` of ``node_timeout_s``).

    Returns:
        One result per node, in task order; the allocation's nodes that printed nothing
        last.  Returns within ``srun_timeout_s`` plus :data:`SRUN_STOP_GRACE_S` seconds
        and the Slurm queries.

    Raises:
        FleetError: ``srun`` is not installed, or Slurm ran no task at all (the message
            quotes ``srun``: an unknown partition, no allocation possible, an allocation
            still waiting when srun was stopped, and what became of it).
    """
    environ = os.environ if env is None else env
    query: Runner = runner if runner is not None else (
        lambda argv, t: run_command(argv, t, env=environ))
    argv = srun_argv(remote, node_timeout_s, environ, srun_args)
    limit = srun_deadline_s(node_timeout_s) if srun_timeout_s is None else srun_timeout_s
    own = environ.get("SLURM_JOB_ID", "").strip()
    say: Progress = progress if progress is not None else (lambda _text: None)
    watch = _Watch(say, query, limit, own, node_timeout_s)
    opts = argv[:len(argv) - len(wrapped_command(remote, node_timeout_s))]
    say(f"running {shlex.join(opts)}; each task runs {shlex.join(remote)} (at most "
        f"{node_timeout_s:g} s, wrapped to report its node and exit status); srun is "
        f"stopped after {limit:g} s")
    try:
        if runner is not None:
            result = runner(argv, limit)
        else:
            result = run_command(argv, limit, env=environ, stop_signal=signal.SIGTERM,
                                 stop_grace_s=SRUN_STOP_GRACE_S,
                                 on_stderr_line=watch.line, on_tick=watch.tick,
                                 stdout_sink=LabelledLines(TASK_STDOUT_BYTES),
                                 stderr_sink=LabelledLines(TASK_STDERR_BYTES,
                                                           keep_last=True))
    except KeyboardInterrupt:
        # run_command sent srun SIGTERM, which revokes a waiting allocation; should srun
        # not have done so, the job must not stay queued.
        if watch.alloc.waiting and watch.alloc.job is not None:
            cancel_if_alive(watch.alloc.job, query, progress)
        raise
    except _CannotStart as stop:
        gone = cancel_if_alive(str(stop), query, progress)
        raise FleetError(
            f"srun ran no task: {watch.why}. srun was stopped at once, and {gone}. "
            f"srun said: {' / '.join(watch.alloc.said) or 'nothing more'}. Ask for at most "
            "the nodes the partition has (sinfo lists them), or another partition "
            "(-p in --srun-args)") from None
    if result.status is ProbeStatus.MISSING:
        raise FleetError("srun not found: this is not a Slurm host (or Slurm's commands "
                         "are not on PATH); read snapshots from files instead: "
                         "tfgpu fleet FOLDER")
    alloc = _Allocation()
    for line in result.stderr.splitlines():
        alloc.read(line)
    fate: str | None = None
    if alloc.waiting and alloc.job is not None and alloc.job != own:
        fate = ("srun revoked it when it was stopped" if alloc.revoked
                else cancel_if_alive(alloc.job, query, progress))
    nodes = [replace(n, command=tuple(remote))
             for n in parse_srun_output(result, _expand_nodelist(environ, query))]
    if not nodes:
        said = (result.stderr.strip() or result.message or "no output")[-_MESSAGE_CHARS:]
        if fate is not None and alloc.job is not None:
            why = watch.why or why_pending(alloc.job, query)[0]
            said = " / ".join(ln.strip() for ln in said.splitlines() if ln.strip())
            when = (f"when srun was stopped after {limit:g} s"
                    if result.status is ProbeStatus.TIMEOUT else
                    f"when srun ended ({result.message or 'no task ran'})")
            raise FleetError(
                f"srun ran no task: job {alloc.job} still waited for resources {when}, "
                f"and {fate}" + (f"; {why}" if why else "") + f". srun said: {said}. "
                "Let it wait longer with a larger --node-timeout, or ask for nodes that "
                "are free now (sinfo lists them)")
        raise FleetError(f"srun ran no task: {said}")
    return nodes


#: How a :class:`NodeResult` message starts for a folder's ``*.json`` entry that is not a
#: regular file (a FIFO, a socket, a device, a folder, a broken link): it is not opened
#: (opening a FIFO nobody writes to waits forever), and the fleet report says so.
NOT_A_FILE = "not a regular file"


def _not_regular(path: Path) -> str | None:
    """What ``path`` is when it is not a regular file (``"a FIFO (named pipe)"``), else
    ``None``; follows links."""
    try:
        mode = path.stat().st_mode
    except OSError as exc:
        return "a broken link" if path.is_symlink() else f"unreadable ({exc.strerror or exc})"
    if stat.S_ISREG(mode):
        return None
    for test, kind in ((stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISSOCK, "a socket"),
                       (stat.S_ISDIR, "a folder"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device")):
        if test(mode):
            return kind
    return "not a file"


def snapshot_files(paths: Sequence[str]) -> list[Path]:
    """The files named, and the ``*.json`` entries of the folders named (sorted).

    A folder's entry that is not a regular file (a FIFO, a socket, a device, a folder, a
    broken link) is listed too, so that :func:`collect_files` reports it instead of
    skipping it unseen; a path named on the command line is read whatever it is (a pipe
    from ``<(ssh node tfgpu facts)``).

    Raises:
        FleetError: a path does not exist, or a folder holds no ``*.json`` entry.
    """
    files: list[Path] = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            found = sorted(path.glob("*.json"))
            if not found:
                raise FleetError(f"{p}: no *.json facts snapshot in this folder")
            files += found
        elif path.exists():
            files.append(path)
        else:
            raise FleetError(f"{p}: no such file or folder")
    # The same file named twice (``fleet facts/ facts/gpu01.json``) is one node, not two
    # that always agree.
    unique: list[Path] = []
    seen: set[Path] = set()
    for path in files:
        key = path.resolve()
        if key not in seen:
            seen.add(key)
            unique.append(path)
    return unique


_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def _node_names(files: Sequence[Path]) -> list[str]:
    """One distinct node name per file: the file name without ``.json``, and where two
    files share it (``a/gpu01.json``, ``b/gpu01.json``), their parent folders too
    (``a/gpu01``, ``b/gpu01``), then a ``#n`` suffix, so that no finding names two nodes
    alike."""
    # A control character (a newline in a file name) would end the comment a fix line
    # names the node in, and garble the tables: shown as "?".
    stems = [_CONTROL.sub("?", p.name[:-5] if p.name.endswith(".json") else p.name)
             for p in files]
    names = [s if stems.count(s) == 1 else f"{p.parent.name}/{s}" if p.parent.name else s
             for p, s in zip(files, stems, strict=True)]
    out: list[str] = []
    for i, name in enumerate(names):
        out.append(f"{name}#{names[:i].count(name) + 1}" if names.count(name) > 1 else name)
    return out


def collect_files(paths: Sequence[str]) -> list[NodeResult]:
    """Read snapshots written by ``tfgpu facts`` on each node (any transport).

    The node name is the file name without ``.json`` (``facts/gpu07.json`` -> ``gpu07``;
    two files of one name from two folders: ``a/gpu07`` and ``b/gpu07``). A file that
    cannot be read or is not a snapshot is an ``UNREADABLE`` node, never an exception.

    Raises:
        FleetError: see :func:`snapshot_files`.
    """
    out: list[NodeResult] = []
    files = snapshot_files(paths)
    named = {Path(p) for p in paths}
    for path, name in zip(files, _node_names(files), strict=True):
        kind = None if path in named else _not_regular(path)
        if kind is not None:
            out.append(NodeResult(name, str(path), NodeStatus.UNREADABLE,
                                  message=f"{NOT_A_FILE}: {kind}; not opened (write the "
                                          "snapshot as a file, or name a pipe on the "
                                          "command line to read it)"))
            continue
        try:
            facts = read_facts_file(str(path))
        except OSError as exc:
            out.append(NodeResult(name, str(path), NodeStatus.UNREADABLE,
                                  message=f"cannot read: {exc}"))
            continue
        except FactsFormatError as exc:
            out.append(NodeResult(name, str(path), NodeStatus.UNREADABLE, message=str(exc)))
            continue
        out.append(NodeResult(name, str(path), NodeStatus.OK, facts=facts))
    return out
