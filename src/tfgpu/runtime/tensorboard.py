"""TensorBoard: the Keras callback with a profiler check, and the local server.

The GPU profiler (``profile_batch``) needs NVIDIA's CUPTI library; when TensorFlow cannot
load it the profile is silently empty apart from a log line ("Failed to load libcupti (is
it installed and accessible?)").  The callback
helper looks for it first and warns with the fix.
"""

from __future__ import annotations

import contextlib
import glob
import importlib.util
import os
import shutil
import signal
import socket
import subprocess
import sys
import sysconfig
import threading
import time
import urllib.error
import urllib.request
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tfgpu._proc import run_command
from tfgpu.knowledge import docs
from tfgpu.runtime._signals import die_with_parent
from tfgpu.runtime._tf import import_tensorflow

#: TensorFlow's profiler guide: the GPU trace needs CUPTI on the library path.
PROFILER_DOC = docs.url("tf-profiler")
#: pip wheel of CUPTI that ``tensorflow[and-cuda]`` 2.21 requires (compat
#: tf_pip_cuda_wheels.csv row "2.21.0,nvidia-cuda-cupti-cu12"); it unpacks to
#: ``site-packages/nvidia/cuda_cupti/lib/libcupti.so.12``.
CUPTI_WHEEL = "nvidia-cuda-cupti-cu12"

ProfileBatch = int | str | tuple[int, int] | Sequence[int]


class ProfilerWarning(UserWarning):
    """The TensorBoard profiler will not record GPU activity (the message gives the fix)."""


def profiling_requested(profile_batch: ProfileBatch) -> bool:
    """True when ``profile_batch`` asks Keras to profile (anything but 0 / "0" / empty).

    Args:
        profile_batch: as Keras takes it: ``0``, ``5``, ``(10, 20)``, ``"500,520"``.
    """
    if isinstance(profile_batch, str):
        return profile_batch.strip() not in ("", "0")
    if isinstance(profile_batch, int):
        return profile_batch != 0
    return bool(list(profile_batch))


def check_profile_batch(profile_batch: object) -> tuple[int, int]:
    """The ``(start, stop)`` batches ``profile_batch`` asks Keras to profile, checked by
    Keras' own rules (``TensorBoard._init_profile_batch``, keras/src/callbacks/
    tensorboard.py, Keras 3 and tf-keras alike): an int ``N >= 0`` (``0`` is off), a
    pair ``(start, stop)`` with ``0 <= start <= stop``, or the string ``"start,stop"``.

    Raises:
        ValueError: anything else (``-1``, ``(5, 2)``, ``"abc"``, ``"5"``: Keras reads a
            string only as a pair), with one message that names ``profile_batch`` and
            the forms it takes, instead of Keras' or ``int()``'s.
    """
    pair: object = profile_batch
    if isinstance(pair, str):
        try:
            pair = [int(part) for part in pair.split(",")]
        except ValueError:
            pair = None
    if isinstance(pair, int):
        pair = (pair, pair)
    if (isinstance(pair, (tuple, list)) and len(pair) == 2
            and all(isinstance(v, int) for v in pair) and 0 <= pair[0] <= pair[1]):
        return int(pair[0]), int(pair[1])
    raise ValueError(
        f"profile_batch={profile_batch!r} is not a batch range Keras can profile: give a "
        "batch number N (0 turns profiling off), a pair (start, stop) with 0 <= start <= "
        "stop, or the string 'start,stop' (e.g. profile_batch=(500, 520))")


def cupti_search_dirs(env: Mapping[str, str], site_dirs: Sequence[str]) -> list[str]:
    """Folders where the loader or TensorFlow can find ``libcupti.so*``, in search order.

    Args:
        env: the environment (``LD_LIBRARY_PATH``, ``CUDA_HOME``, ``CUDA_PATH``).
        site_dirs: ``site-packages`` folders of the Python that runs TensorFlow.

    Returns:
        Folders: the pip wheels' ``nvidia/*/lib`` (``nvidia/cuda_cupti/lib`` for CUDA 12),
        each ``LD_LIBRARY_PATH`` entry, and the toolkit's ``extras/CUPTI/lib64``.
    """
    dirs: list[str] = []
    for site in site_dirs:
        dirs.extend(sorted(glob.glob(os.path.join(site, "nvidia", "*", "lib"))))
    dirs.extend(p for p in env.get("LD_LIBRARY_PATH", "").split(os.pathsep) if p)
    for var in ("CUDA_HOME", "CUDA_PATH"):
        if env.get(var):
            dirs.append(os.path.join(env[var], "extras", "CUPTI", "lib64"))
    dirs.append("/usr/local/cuda/extras/CUPTI/lib64")
    return list(dict.fromkeys(dirs))


def find_cupti(dirs: Sequence[str], ldconfig_output: str) -> str | None:
    """Find a CUPTI shared library.

    Args:
        dirs: folders to look in (see :func:`cupti_search_dirs`).
        ldconfig_output: the text of ``ldconfig -p`` (lines like ``libcupti.so.12
            (libc6,x86-64) => /usr/lib/x86_64-linux-gnu/libcupti.so.12``), or ``""``.

    Returns:
        The path of the first ``libcupti.so*`` found, or ``None``.
    """
    for d in dirs:
        hits = sorted(glob.glob(os.path.join(glob.escape(d), "libcupti.so*")))
        if hits:
            return hits[0]
    for line in ldconfig_output.splitlines():
        name, _, target = line.strip().partition("=>")
        if name.strip().startswith("libcupti.so") and target.strip():
            return target.strip()
    return None


def profiler_problem(
    profile_batch: ProfileBatch, gpu_count: int, cupti_path: str | None, plugin_installed: bool
) -> str | None:
    """Why the profiler will not show GPU activity, with the fix; ``None`` when fine.

    Args:
        profile_batch: the callback's ``profile_batch``.
        gpu_count: GPUs TensorFlow lists (``tf.config.list_physical_devices('GPU')``).
        cupti_path: the CUPTI library found (:func:`find_cupti`), or ``None``.
        plugin_installed: whether the ``tensorboard_plugin_profile`` module (pip package
            ``tensorboard-plugin-profile``), which draws the Profile tab, is importable.
    """
    if not profiling_requested(profile_batch):
        return None
    problems: list[str] = []
    if gpu_count == 0:
        problems.append(
            f"profile_batch={profile_batch!r}: TensorFlow sees no GPU, so the profile shows "
            "CPU ops only (GPU profiling is moot on this host). Run `tfgpu doctor` if this "
            "machine has an NVIDIA GPU."
        )
    elif cupti_path is None:
        problems.append(
            f"profile_batch={profile_batch!r}: CUPTI (libcupti.so) was not found in the "
            "pip wheels' nvidia/*/lib folders, LD_LIBRARY_PATH, the CUDA toolkit's "
            "extras/CUPTI/lib64 or `ldconfig -p`, so TensorFlow will log 'Failed to load "
            f"libcupti' and the trace will have no GPU kernels. Fix: `pip install "
            f"{CUPTI_WHEEL}` (what tensorflow[and-cuda] 2.21 installs), or add "
            "<cuda>/extras/CUPTI/lib64 to LD_LIBRARY_PATH."
        )
    if not plugin_installed:
        problems.append(
            "The Profile tab of TensorBoard needs the profiler plugin: "
            "`pip install tensorboard-plugin-profile`."
        )
    if not problems:
        return None
    return " ".join(problems) + f" See {PROFILER_DOC}"


def _site_dirs() -> list[str]:
    dirs = [sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]]
    dirs.extend(p for p in sys.path if p.endswith("site-packages"))
    return list(dict.fromkeys(dirs))


def _ldconfig_output() -> str:
    exe = shutil.which("ldconfig") or ("/sbin/ldconfig" if os.path.exists("/sbin/ldconfig")
                                       else None)
    if exe is None:
        return ""
    return run_command([exe, "-p"], 10.0).stdout


def tensorboard_callback(
    log_dir: str | os.PathLike[str], profile_batch: ProfileBatch = 0, **kwargs: Any
) -> Any:
    """Return the Keras TensorBoard callback; warn first if profiling cannot work.

    Example (the guide's section 6.3, profiling batches 500 to 520)::

        cb = tfgpu.tensorboard_callback("./logs", profile_batch=(500, 520))
        model.fit(x, y, callbacks=[cb])

    then ``tfgpu tensorboard ./logs``.

    Args:
        log_dir: folder for the event files (created by Keras).
        profile_batch: batches to profile: ``0`` (off, the default), ``N``,
            ``(start, stop)`` or ``"start,stop"``.
        **kwargs: passed to ``tf.keras.callbacks.TensorBoard`` (``histogram_freq``,
            ``update_freq``, ...).

    Returns:
        A ``tf.keras.callbacks.TensorBoard`` (Keras 3 or tf-keras, whichever
        ``tf.keras`` is).

    Warns:
        ProfilerWarning: profiling was asked for but there is no GPU, CUPTI is missing, or
            the TensorBoard profile plugin is not installed; the message has the fix.

    Raises:
        ImportError: TensorFlow is not installed.
        ValueError: ``profile_batch`` is none of the forms above (:func:`check_profile_batch`:
            ``-1``, ``(5, 2)``, ``"abc"``), raised before TensorFlow is imported and before
            any :class:`ProfilerWarning`.
    """
    check_profile_batch(profile_batch)  # one clear error, before any profiler warning
    tf: Any = import_tensorflow("tfgpu.tensorboard_callback()")
    if profiling_requested(profile_batch):
        gpus = tf.config.list_physical_devices("GPU")
        cupti = find_cupti(cupti_search_dirs(os.environ, _site_dirs()), _ldconfig_output()) \
            if gpus else None
        plugin = importlib.util.find_spec("tensorboard_plugin_profile") is not None
        problem = profiler_problem(profile_batch, len(gpus), cupti, plugin)
        if problem:
            warnings.warn(problem, ProfilerWarning, stacklevel=2)
    return tf.keras.callbacks.TensorBoard(
        log_dir=os.fspath(log_dir), profile_batch=profile_batch, **kwargs
    )


# ---------------------------------------------------------------------------------------
# The TensorBoard server
# ---------------------------------------------------------------------------------------


class TensorBoardError(RuntimeError):
    """The TensorBoard server could not be started (the message says why)."""


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port that is free on ``host`` right now (the OS picks it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


def port_is_free(port: int, host: str = "127.0.0.1") -> bool:
    """True when nothing listens on ``host:port`` and we may bind it."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        try:
            s.bind((host, port))
        except OSError:
            return False
        return True


@dataclass
class TensorBoardServer:
    """A running ``python -m tensorboard.main`` child serving one log folder.

    Attributes:
        logdir: the folder served.
        host: the address it listens on (loopback).
        port: the TCP port.
        process: the child process.
        output: its output lines so far (stdout and stderr merged), the newest
            :data:`MAX_OUTPUT_LINES` to ``2 * MAX_OUTPUT_LINES``.
    """

    logdir: str
    host: str
    port: int
    process: subprocess.Popen[str]
    output: list[str] = field(default_factory=list)

    @property
    def url(self) -> str:
        """``http://127.0.0.1:PORT/``."""
        return f"http://{self.host}:{self.port}/"

    def stop(self, timeout_s: float = 10.0) -> int | None:
        """Stop the server (SIGINT, then SIGTERM, then SIGKILL); return its exit code."""
        proc = self.process
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGKILL):
            if proc.poll() is not None:
                break
            try:
                proc.send_signal(sig)
            except ProcessLookupError:
                break
            try:
                proc.wait(timeout=timeout_s / 3)
            except subprocess.TimeoutExpired:
                continue
        return proc.poll()


#: Most output lines a :class:`TensorBoardServer` keeps (the newest), and the longest
#: line kept, characters: a server that runs for days must not grow tfgpu's memory.
MAX_OUTPUT_LINES = 1000
MAX_LINE_CHARS = 8192


def _reader(proc: subprocess.Popen[str], sink: list[str]) -> None:
    assert proc.stdout is not None
    with contextlib.suppress(OSError, ValueError):
        while line := proc.stdout.readline(MAX_LINE_CHARS):
            sink.append(line.rstrip("\n"))
            if len(sink) > 2 * MAX_OUTPUT_LINES:
                del sink[:-MAX_OUTPUT_LINES]


def start_tensorboard(
    logdir: str | os.PathLike[str],
    port: int = 6006,
    host: str = "127.0.0.1",
    timeout_s: float = 90.0,
    python: str | None = None,
) -> TensorBoardServer:
    """Start the TensorBoard server on loopback and wait until it answers over HTTP.

    Runs ``python -m tensorboard.main --logdir LOGDIR --host 127.0.0.1 --port PORT`` (the
    ``tensorboard`` package of the Python running tfgpu, unless ``python`` is given).  On
    Linux the server gets SIGTERM when this process dies, even by SIGKILL
    (``prctl(PR_SET_PDEATHSIG)``), so no server outlives its launcher.

    Args:
        logdir: folder with event files (need not have any yet; it must exist).
        port: TCP port; ``0`` picks a free one.
        host: address to listen on (keep the default loopback unless you mean to expose
            the server).
        timeout_s: seconds to wait for the first HTTP answer.
        python: the interpreter to run TensorBoard with.

    Returns:
        The running server; call :meth:`TensorBoardServer.stop` when done.

    Raises:
        TensorBoardError: the folder does not exist or is a file, the port is taken, the
            ``tensorboard`` package is missing, or the server exited or did not answer
            within ``timeout_s`` (its last output lines are in the message).
    """
    folder = Path(logdir)
    problem = logdir_problem(folder)
    if problem:
        raise TensorBoardError(problem)
    exe = python or sys.executable
    if python is None and importlib.util.find_spec("tensorboard") is None:
        raise TensorBoardError(
            f"the tensorboard package is not installed for {exe}: `pip install tensorboard`"
        )
    if port == 0:
        port = free_port(host)
    elif not port_is_free(port, host):
        raise TensorBoardError(
            f"port {port} on {host} is already in use (another TensorBoard?); pass "
            f"--port N, or --port 0 for a free one"
        )
    argv = [exe, "-m", "tensorboard.main", "--logdir", os.fspath(folder.resolve()),
            "--host", host, "--port", str(port)]
    env = dict(os.environ)
    env.setdefault("PYTHONUNBUFFERED", "1")
    try:
        proc = subprocess.Popen(
            argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True, errors="replace", env=env, start_new_session=os.name == "posix",
            preexec_fn=die_with_parent(signal.SIGTERM),
        )
    except OSError as exc:
        raise TensorBoardError(f"could not start {exe}: {exc}") from exc
    server = TensorBoardServer(os.fspath(folder), host, port, proc)
    threading.Thread(target=_reader, args=(proc, server.output), daemon=True).start()
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            tail = "\n".join(server.output[-15:])
            raise TensorBoardError(
                f"TensorBoard exited with code {proc.returncode} before serving:\n{tail}"
            )
        if _answers(server.url + "data/logdir"):
            return server
        time.sleep(0.25)
    server.stop()
    tail = "\n".join(server.output[-15:])
    raise TensorBoardError(
        f"TensorBoard did not answer on {server.url} within {timeout_s:g} s:\n{tail}"
    )


def logdir_problem(folder: Path) -> str | None:
    """Why ``folder`` cannot be served, or ``None`` when it is a folder.

    Args:
        folder: the ``--logdir`` path.
    """
    if folder.is_dir():
        return None
    if folder.exists():
        return f"{os.fspath(folder)!r} is not a folder (give the folder that holds the event files)"
    return f"log folder {os.fspath(folder)!r} does not exist"


#: TensorBoard's default ``--reload_interval``: seconds between rescans of the log folder.
RELOAD_INTERVAL_S = 5


def logdir_note(folder: Path) -> str | None:
    """A note when ``folder`` has no TensorBoard event files yet, else ``None``.

    Args:
        folder: an existing log folder; searched recursively for
            ``events.out.tfevents.*`` (stops at the first one).
    """
    if next(folder.rglob("events.out.tfevents.*"), None) is not None:
        return None
    return (f"{os.fspath(folder)} has no event files yet; TensorBoard will pick them up "
            f"when training writes them (it rescans every {RELOAD_INTERVAL_S} s)")


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as resp:
            return int(resp.status) == 200
    except (urllib.error.URLError, OSError, ValueError):
        return False
