"""A private network for ``tfgpu launch``'s workers (Linux network namespaces).

TensorFlow's gRPC server listens on every interface whatever ``TF_CONFIG`` says
(``grpc_server_lib.cc``: ``builder.AddListeningPort(strings::StrCat("0.0.0.0:",
requested_port), ...)``; measured with TF 2.21: a server given ``127.0.0.1:23456`` listens
on ``[::]:23456``), with no authentication.  No TensorFlow setting changes that, so to
keep the workers reachable from loopback only, tfgpu runs them in a network namespace of
their own (network_namespaces(7)) whose only interface is ``lo``: they reach each other
on ``127.0.0.1`` and nothing else reaches them.  They cannot reach the network either
(no downloads): ``tfgpu launch --network host`` runs them on the host's network.

How: a small *holder* process (a fresh interpreter, single-threaded as ``unshare(2)``
requires) creates the namespaces (``CLONE_NEWNET``, plus ``CLONE_NEWUSER`` for a user
who is not root: user_namespaces(7), uid and gid mapped to themselves), brings ``lo`` up
(``SIOCSIFFLAGS``, netdevice(7)) and waits.  Each worker joins its namespaces before
``exec`` with ``setns(2)`` on ``/proc/<holder>/ns/{user,net}`` (a ``preexec_fn`` that
only calls pre-resolved C functions).  The holder is killed when the launch ends, and
dies with the launcher (``PR_SET_PDEATHSIG``).
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import select
import subprocess
import sys
import time
from collections.abc import Callable

#: sched.h flags for unshare(2) / setns(2).
CLONE_NEWUSER = 0x10000000
CLONE_NEWNET = 0x40000000
#: Seconds the holder gets to set the namespaces up and say so.
READY_TIMEOUT_S = 10.0

#: The holder: standard library only; prints ``ok`` once ready, or ``error: why``.
HOLDER = r'''
import ctypes, fcntl, os, socket, struct, sys
libc = ctypes.CDLL(None, use_errno=True)
libc.prctl(1, 9, 0, 0, 0)  # PR_SET_PDEATHSIG, SIGKILL: die with the launcher
uid, gid = os.getuid(), os.getgid()
flags = 0x40000000 | (0x10000000 if uid != 0 else 0)
if libc.unshare(flags) != 0:
    e = ctypes.get_errno()
    print("error: unshare: " + os.strerror(e), flush=True)
    sys.exit(1)
try:
    if uid != 0:
        with open("/proc/self/setgroups", "w") as fh:
            fh.write("deny")
        with open("/proc/self/uid_map", "w") as fh:
            fh.write("%d %d 1" % (uid, uid))
        with open("/proc/self/gid_map", "w") as fh:
            fh.write("%d %d 1" % (gid, gid))
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    ifr = fcntl.ioctl(s, 0x8913, struct.pack("16sH14x", b"lo", 0))  # SIOCGIFFLAGS
    lo_flags = struct.unpack("16sH14x", ifr)[1]
    fcntl.ioctl(s, 0x8914, struct.pack("16sH14x", b"lo", lo_flags | 1))  # SIOCSIFFLAGS up
except OSError as exc:
    print("error: " + str(exc), flush=True)
    sys.exit(1)
print("ok", flush=True)
sys.stdin.read()
'''


class NetworkUnavailable(RuntimeError):
    """A private network cannot be made here (the message says why)."""


class PrivateNetwork:
    """The workers' namespaces, held by a small process; see the module docstring.

    Attributes:
        holder: the process that holds the namespaces.
    """

    def __init__(self, holder: subprocess.Popen[bytes], fds: list[tuple[int, int]]) -> None:
        self.holder = holder
        self._fds = fds  # (fd, CLONE_* type), in join order
        libc = ctypes.CDLL(None, use_errno=True)
        self._setns = libc.setns
        self._setns.argtypes = [ctypes.c_int, ctypes.c_int]
        self._setns.restype = ctypes.c_int

    def join(self) -> None:
        """In a worker between ``fork`` and ``exec`` (``preexec_fn``): enter the
        namespaces; exit the child (status 126) if the kernel refuses."""
        for fd, kind in self._fds:
            if self._setns(fd, kind) != 0:
                os._exit(126)

    def preexec(self, then: Callable[[], None] | None) -> Callable[[], None]:
        """A ``preexec_fn`` that joins the namespaces, then calls ``then``."""

        def run() -> None:
            self.join()
            if then is not None:
                then()

        return run

    def close(self) -> None:
        """Close the namespace handles and stop the holder.  Never raises."""
        for fd, _kind in self._fds:
            with contextlib.suppress(OSError):
                os.close(fd)
        self._fds = []
        with contextlib.suppress(OSError):
            self.holder.kill()
        with contextlib.suppress(subprocess.TimeoutExpired, OSError):
            self.holder.wait(timeout=5)
        for pipe in (self.holder.stdin, self.holder.stdout):
            if pipe is not None:
                with contextlib.suppress(OSError):
                    pipe.close()


def available() -> str | None:
    """Why a private network cannot be made on this system, or ``None`` when it may be
    (Linux with ``setns``; the kernel or its policy may still refuse: :func:`open_private`
    says so)."""
    if not sys.platform.startswith("linux"):
        return "network namespaces are a Linux feature"
    if not os.path.exists("/proc/self/ns/net"):
        return "this kernel has no network namespaces (/proc/self/ns/net)"
    return None


def open_private(python: str = sys.executable) -> PrivateNetwork:
    """Create the namespaces and return their handle (call :meth:`PrivateNetwork.close`).

    Args:
        python: the interpreter that runs the holder.

    Raises:
        NetworkUnavailable: not Linux, or the kernel refused (unprivileged user
            namespaces turned off, a container without the right), with its reason.
    """
    why = available()
    if why is not None:
        raise NetworkUnavailable(why)
    try:
        holder = subprocess.Popen(
            [python, "-I", "-c", HOLDER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, start_new_session=True)
    except OSError as exc:
        raise NetworkUnavailable(f"cannot start {python}: {exc}") from exc
    try:
        return _handles(holder, _first_line(holder, READY_TIMEOUT_S))
    except BaseException:
        with contextlib.suppress(OSError):
            holder.kill()
        with contextlib.suppress(subprocess.TimeoutExpired, OSError):
            holder.wait(timeout=5)
        raise


def _handles(holder: subprocess.Popen[bytes], answer: str) -> PrivateNetwork:
    """The :class:`PrivateNetwork` of a holder that answered ``answer``.

    Raises:
        NetworkUnavailable: the holder said why not, or its namespaces cannot be opened.
    """
    if answer != "ok":
        raise NetworkUnavailable(answer.removeprefix("error: ") or "the holder failed")
    fds: list[tuple[int, int]] = []
    try:
        if os.getuid() != 0:
            fds.append((os.open(f"/proc/{holder.pid}/ns/user", os.O_RDONLY), CLONE_NEWUSER))
        fds.append((os.open(f"/proc/{holder.pid}/ns/net", os.O_RDONLY), CLONE_NEWNET))
    except OSError as exc:
        for fd, _k in fds:
            os.close(fd)
        raise NetworkUnavailable(f"cannot open the namespaces: {exc}") from exc
    return PrivateNetwork(holder, fds)


def _first_line(proc: subprocess.Popen[bytes], timeout_s: float) -> str:
    """The first line ``proc`` prints, within ``timeout_s`` (``""`` past it or at EOF)."""
    assert proc.stdout is not None
    fd = proc.stdout.fileno()
    deadline = time.monotonic() + timeout_s
    data = b""
    while b"\n" not in data:
        left = deadline - time.monotonic()
        if left <= 0:
            return f"error: no answer within {timeout_s:g} s"
        ready, _w, _x = select.select([fd], [], [], left)
        if not ready:
            continue
        chunk = os.read(fd, 4096)
        if not chunk:
            break
        data += chunk
        if len(data) > 4096:
            break
    return data.split(b"\n", 1)[0].decode("utf-8", "replace").strip()
