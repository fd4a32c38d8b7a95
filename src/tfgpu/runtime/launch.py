"""``tfgpu launch``: N local workers of a multi-worker script, each with its TF_CONFIG.

Each worker is the same command with its own ``TF_CONFIG`` (the cluster of all workers on
free loopback ports, and its own task index), the way TensorFlow's multi-worker tutorial
runs workers by hand.  Output lines are prefixed ``[worker i]``; when one worker fails the
others are stopped, since a ``MultiWorkerMirroredStrategy`` peer would otherwise wait for
it forever.

Source: https://www.tensorflow.org/tutorials/distribute/multi_worker_with_keras
(TF_CONFIG layout: ``{"cluster": {"worker": [...]}, "task": {"type": "worker",
"index": i}}``).

Network exposure: the ``TF_CONFIG`` addresses are loopback (``127.0.0.1``) unless the
caller passes another ``host``, and the ports are picked free on that address.  But
TensorFlow's gRPC server listens on every interface whatever ``TF_CONFIG`` says
(``grpc_server_lib.cc``: ``builder.AddListeningPort(strings::StrCat("0.0.0.0:",
requested_port), ...)``; tensorflow/tensorflow issue #11689: "binds it to every
interface, host is not being used") and has no authentication.  So on Linux the workers
run in a private network namespace whose only interface is loopback
(:mod:`tfgpu.runtime._netns`; ``network="auto"``, the default, or ``"private"``): they
reach each other on ``127.0.0.1`` and nothing else reaches them, nor do they reach the
network.  With ``network="host"``, a non-loopback ``host``, or where no namespace can be
made (not Linux, user namespaces turned off), they use the host's network and
:data:`EXPOSURE_NOTE` is printed with the ports.

Processes: each worker runs in its own process group; when the launch ends (success,
failure or Ctrl-C) every group is killed (SIGKILL), so a worker's own children
(``sh -c "sleep 1000 & wait"``: the ``sleep`` ignores SIGINT in a non-interactive shell)
do not outlive it, and a process still holding a worker's output pipe is killed (Linux).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import subprocess
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TextIO

from tfgpu._proc import DeferSigint
from tfgpu._words import plural
from tfgpu.runtime._netns import NetworkUnavailable, PrivateNetwork, open_private
from tfgpu.runtime._signals import die_with_parent
from tfgpu.runtime.tensorboard import free_port

#: Most workers ``tfgpu launch`` starts on one machine.
MAX_WORKERS = 64
#: Default address in every worker's ``TF_CONFIG`` (and where free ports are picked).
DEFAULT_HOST = "127.0.0.1"
#: Seconds the output threads get to finish once the workers are gone.
PUMP_JOIN_S = 1.0
#: ``network`` values of :func:`launch`: ``auto`` (private where possible), ``private``
#: (loopback only, or fail), ``host`` (the host's network).
NETWORKS = ("auto", "private", "host")
#: Addresses that are loopback, where a private network serves.
_LOOPBACK = ("127.0.0.1", "localhost")
#: Printed in private mode.
PRIVATE_NOTE = ("network: private (the workers reach each other on loopback and nothing "
                "else reaches them, though TensorFlow's servers listen on all interfaces); "
                "they cannot reach the network either: use --network host if they must")
#: Printed with the ports: what TensorFlow's workers expose.
EXPOSURE_NOTE = ("note: TensorFlow's gRPC server listens on all interfaces on these ports, "
                 "with no authentication, whatever TF_CONFIG says; on a shared network, "
                 "firewall them")


#: Words of a failed network access in a worker's output (glibc's resolver messages,
#: ``ENETUNREACH``, curl, requests/urllib3, Keras' ``get_file``): in a private network the
#: first thing a script that downloads a data set meets.
NETWORK_ERROR_RE = re.compile(
    r"Temporary failure in name resolution|Name or service not known|Network is unreachable"
    r"|Could not resolve host|NameResolutionError|Failed to resolve|getaddrinfo failed"
    r"|URL fetch failure|No address associated with hostname", re.IGNORECASE)
#: Added to the failure message when a worker's output shows :data:`NETWORK_ERROR_RE`
#: in a private network.
NETWORK_HINT = ("the output shows a failed network access, and the workers run in a "
                "private network that reaches nothing outside: if the script downloads "
                "data (a data set, weights) or reads remote storage, download it first "
                "or rerun with --network host")


class LaunchError(RuntimeError):
    """The workers could not be started (bad command, no free ports)."""


def check_host(host: str) -> None:
    """Check a ``host`` for :func:`launch`: an IPv4 address or a host name.

    IPv6 addresses (``::1``, ``[::1]``) are refused with a message that says so: the free
    ports are picked on an IPv4 socket, and ``TF_CONFIG``'s ``host:port`` would need the
    address in brackets.

    Raises:
        LaunchError: ``host`` is empty, has a space or ``/``, or is an IPv6 address.
    """
    if ":" in host or "[" in host or "]" in host:
        raise LaunchError(f"--host {host!r} is an IPv6 address; tfgpu launch picks ports "
                          "and writes TF_CONFIG for IPv4 only: use 127.0.0.1 (loopback) "
                          "or an IPv4 address or host name")
    if not host or any(c.isspace() or c == "/" for c in host):
        raise LaunchError(f"--host must be an IPv4 address or a host name, not {host!r}")


def _network(network: str, host: str) -> tuple[PrivateNetwork | None, str]:
    """The private network to run the workers in, or ``None`` and why not (``""`` when
    the caller asked for the host's network).

    Raises:
        LaunchError: an unknown ``network``, or ``"private"`` that cannot be had.
    """
    if network not in NETWORKS:
        raise LaunchError(f"--network must be one of {', '.join(NETWORKS)}, not {network!r}")
    if network == "host":
        return None, ""
    if host not in _LOOPBACK:
        if network == "private":
            raise LaunchError(f"--network private keeps the workers on loopback; --host "
                              f"{host} is not a loopback address")
        return None, ""
    try:
        return open_private(), ""
    except NetworkUnavailable as exc:
        if network == "private":
            raise LaunchError(f"--network private: no private network here: {exc}") from exc
        return None, f"no private network here: {exc}"


def tf_configs(ports: Sequence[int], host: str = "127.0.0.1") -> list[str]:
    """The ``TF_CONFIG`` JSON text of each worker.

    Args:
        ports: one distinct TCP port per worker.
        host: the address every worker listens on.

    Returns:
        One JSON string per worker, e.g. for worker 1 of 2:
        ``{"cluster": {"worker": ["127.0.0.1:20000", "127.0.0.1:20001"]},
        "task": {"type": "worker", "index": 1}}``.

    Raises:
        LaunchError: two workers were given the same port.
    """
    if len(set(ports)) != len(ports):
        raise LaunchError(f"worker ports must be distinct, got {list(ports)}")
    cluster = {"worker": [f"{host}:{p}" for p in ports]}
    return [
        json.dumps({"cluster": cluster, "task": {"type": "worker", "index": i}})
        for i in range(len(ports))
    ]


def describe_exit(returncode: int) -> str:
    """Words for a child's exit status: ``exited with code 3`` or ``was killed by
    signal 9 (SIGKILL)`` (``Popen.returncode`` is ``-N`` for signal N on POSIX)."""
    if returncode < 0:
        try:
            name = signal.Signals(-returncode).name
        except ValueError:
            name = "unknown signal"
        return f"was killed by signal {-returncode} ({name})"
    return f"exited with code {returncode}"


@dataclass(frozen=True, slots=True)
class LaunchResult:
    """How a launch ended.

    Attributes:
        exit_code: 0 when every worker exited 0; 1 when a worker failed; 130 after Ctrl-C.
        returncodes: each worker's exit status (``None`` if it could not be collected).
        failed_worker: index of the first worker that failed, or ``None``.
        message: one line for the user ("all 2 workers finished" or why it stopped;
            in a private network, with :data:`NETWORK_HINT` when a worker's output showed
            a failed network access).
        duration_s: wall time from the first start to the last exit, in seconds.
    """

    exit_code: int
    returncodes: tuple[int | None, ...]
    failed_worker: int | None
    message: str
    duration_s: float


#: Longest output line passed on, characters (a longer one is cut into pieces).
MAX_LINE_CHARS = 1 << 16


def _pump(index: int, proc: subprocess.Popen[str], out: TextIO, lock: threading.Lock,
          net_errors: set[int]) -> None:
    assert proc.stdout is not None
    prefix = f"[worker {index}] "
    with contextlib.suppress(OSError, ValueError):
        while line := proc.stdout.readline(MAX_LINE_CHARS):
            if index not in net_errors and NETWORK_ERROR_RE.search(line):
                net_errors.add(index)
            with lock:
                out.write(prefix + line if line.endswith("\n") else prefix + line + "\n")
                out.flush()


def _signal_group(proc: subprocess.Popen[str], sig: int) -> None:
    if proc.poll() is not None:
        return
    try:
        if os.name == "posix":
            os.killpg(proc.pid, sig)
        else:
            proc.send_signal(sig)
    except (ProcessLookupError, PermissionError):
        pass


def _stop_all(procs: Sequence[subprocess.Popen[str]], first: int, grace_s: float) -> None:
    """Send ``first`` to every live worker, then SIGKILL those alive after ``grace_s``."""
    for p in procs:
        _signal_group(p, first)
    deadline = time.monotonic() + grace_s
    for p in procs:
        try:
            p.wait(timeout=max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            _signal_group(p, signal.SIGKILL)
    for p in procs:
        with contextlib.suppress(subprocess.TimeoutExpired):
            p.wait(timeout=5)


def _kill_groups(procs: Sequence[subprocess.Popen[str]]) -> None:
    """SIGKILL every worker's whole process group, leader gone or not: what a worker
    started (a background ``sleep`` of ``sh -c "sleep 1000 & wait"``, which ignores
    SIGINT) must not outlive the launch.  Never raises."""
    for p in procs:
        if os.name == "posix":
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(p.pid, signal.SIGKILL)
        elif p.poll() is None:
            with contextlib.suppress(OSError):
                p.kill()
    for p in procs:
        with contextlib.suppress(subprocess.TimeoutExpired):
            p.wait(timeout=5)


def _finish(procs: Sequence[subprocess.Popen[str]], pumps: Sequence[threading.Thread]) -> None:
    """Kill what is left of the workers and let the output threads end, within about
    ``2 * PUMP_JOIN_S`` seconds even when a process outside the groups holds a pipe."""
    from tfgpu._proc import kill_pipe_holders

    _kill_groups(procs)
    deadline = time.monotonic() + PUMP_JOIN_S
    for t in pumps:
        t.join(timeout=max(0.0, deadline - time.monotonic()))
    held = [p.stdout for p, t in zip(procs, pumps, strict=False) if t.is_alive()]
    if held:
        kill_pipe_holders(held)
        for t in pumps:
            t.join(timeout=PUMP_JOIN_S)


def launch(
    command: Sequence[str],
    workers: int,
    out: TextIO,
    env: Mapping[str, str] | None = None,
    grace_s: float = 10.0,
    host: str = DEFAULT_HOST,
    network: str = "auto",
) -> LaunchResult:
    """Run ``command`` as ``workers`` local workers and wait for them.

    Each worker gets the environment plus ``TF_CONFIG`` (see :func:`tf_configs`),
    ``TFGPU_WORKER_INDEX``, ``TFGPU_NUM_WORKERS`` and ``PYTHONUNBUFFERED=1``, and runs in
    its own process group.  The first worker to exit non-zero stops the rest (SIGTERM, then
    SIGKILL after ``grace_s``).  On Linux each worker also gets SIGKILL if this process
    dies without stopping them (``prctl(PR_SET_PDEATHSIG)``; the worker itself, not
    processes it starts).  Ctrl-C (KeyboardInterrupt in this process; ``tfgpu launch``
    turns SIGTERM into one too) is forwarded to the workers as SIGINT.  However it ends,
    every worker's process group is then killed, so nothing a worker started outlives
    the launch.

    Args:
        command: program and arguments, e.g. ``["python", "train.py"]``.
        workers: number of workers (1 to :data:`MAX_WORKERS`).
        out: where the prefixed output lines go (``sys.stdout``).
        env: base environment (default ``os.environ``).
        grace_s: seconds a worker gets to exit after SIGTERM/SIGINT before SIGKILL.
        host: the address written in every ``TF_CONFIG`` and where the free ports are
            picked; default loopback.  TensorFlow's server itself listens on every
            interface (see the module docstring).
        network: ``"auto"`` (default): a private loopback-only network where one can be
            made and ``host`` is loopback, else the host's network with a note saying
            why; ``"private"``: that or :class:`LaunchError`; ``"host"``: the host's
            network (the workers may download; their ports are reachable from outside).

    Returns:
        The outcome; see :class:`LaunchResult`.

    Raises:
        LaunchError: ``command`` is empty, ``workers`` is out of range, ``host`` is not
            an IPv4 address or host name (:func:`check_host`), the program cannot be
            started (not found, not executable), or ``network="private"`` cannot be had.
    """
    if not command:
        raise LaunchError("no command given: use `tfgpu launch --workers N -- python train.py`")
    if not 1 <= workers <= MAX_WORKERS:
        raise LaunchError(f"--workers must be between 1 and {MAX_WORKERS}, not {workers}")
    check_host(host)
    net, why_host = _network(network, host)
    ports: list[int] = []
    while len(ports) < workers:
        try:
            p = free_port(host)
        except OSError as exc:
            raise LaunchError(f"cannot use host {host!r}: {exc.strerror or exc}") from exc
        if p not in ports:
            ports.append(p)
    configs = tf_configs(ports, host)
    base = dict(os.environ if env is None else env)
    lock = threading.Lock()
    procs: list[subprocess.Popen[str]] = []
    pumps: list[threading.Thread] = []
    net_errors: set[int] = set()  # workers whose output showed a network error
    start = time.monotonic()
    failed: int | None = None
    exit_code = 0
    message = ""
    # Workers get SIGKILL if this process dies without stopping them (it was SIGKILLed):
    # TensorFlow's own SIGTERM handler would make a waiting worker ignore SIGTERM.
    preexec = die_with_parent(signal.SIGKILL)
    if net is not None:
        preexec = net.preexec(preexec)
    try:  # Ctrl-C at any point, even while starting, must not orphan started workers
        for i, cfg in enumerate(configs):
            wenv = dict(base)
            wenv.update(TF_CONFIG=cfg, TFGPU_WORKER_INDEX=str(i),
                        TFGPU_NUM_WORKERS=str(workers), PYTHONUNBUFFERED="1")
            deferred = DeferSigint()  # a Ctrl-C inside Popen would lose the worker
            try:
                with deferred:
                    proc = subprocess.Popen(
                        list(command), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                        stderr=subprocess.STDOUT, text=True, errors="replace", env=wenv,
                        start_new_session=os.name == "posix", preexec_fn=preexec,
                    )
            except OSError as exc:
                _stop_all(procs, signal.SIGTERM, grace_s)
                deferred.replay()
                raise LaunchError(
                    f"cannot start {command[0]!r}: {exc.strerror or exc}") from exc
            procs.append(proc)
            deferred.replay()
        # Output threads start after every fork: preexec_fn is safest without threads.
        for i, proc in enumerate(procs):
            t = threading.Thread(target=_pump, args=(i, proc, out, lock, net_errors),
                                 daemon=True)
            t.start()
            pumps.append(t)
        with lock:
            out.write(f"tfgpu launch: {plural(workers, 'worker')} on {host} ports "
                      f"{', '.join(map(str, ports))}\n")
            if net is not None:
                out.write(f"tfgpu launch: {PRIVATE_NOTE}\n")
            else:
                out.write(f"tfgpu launch: {EXPOSURE_NOTE}"
                          + (f" ({why_host})" if why_host else "") + "\n")
            out.flush()
        while True:
            codes = [p.poll() for p in procs]
            bad = [i for i, c in enumerate(codes) if c is not None and c != 0]
            if bad:
                failed = bad[0]
                code = codes[failed]
                assert code is not None
                others = [i for i, c in enumerate(codes) if c is None]
                _stop_all(procs, signal.SIGTERM, grace_s)
                stopped = (f"; stopped worker{'s' if len(others) > 1 else ''} "
                           f"{', '.join(map(str, others))}" if others
                           else "")
                message = f"worker {failed} {describe_exit(code)}{stopped}"
                exit_code = 1
                break
            if all(c == 0 for c in codes):
                message = ("the worker finished successfully" if workers == 1
                           else f"all {workers} workers finished successfully")
                break
            time.sleep(0.1)
    except KeyboardInterrupt:
        _stop_all(procs, signal.SIGINT, grace_s)
        message = "interrupted (Ctrl-C or SIGTERM): stopped all workers"
        exit_code = 130
    finally:
        _finish(procs, pumps)
        if net is not None:
            net.close()
    if net is not None and failed is not None and net_errors:
        message += f"; {NETWORK_HINT}"
    duration = time.monotonic() - start
    return LaunchResult(exit_code, tuple(p.poll() for p in procs), failed, message,
                        round(duration, 3))
