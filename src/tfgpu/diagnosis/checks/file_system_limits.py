"""File-system limits reported as errors: a full disk or quota, too many open files.

Sources:

* ``tensorflow/core/platform/errors.cc`` ``ErrnoToCode``: TensorFlow's file systems turn ENOSPC
  ("No space left on device"), EDQUOT ("Disk quota exceeded"), EMFILE and ENFILE ("Too many
  open files"), EMLINK, ENOBUFS and EUSERS into RESOURCE_EXHAUSTED, the message being
  "<path>; <strerror>" (TensorFlow 1.x's gave the path alone: "Resource exhausted: <path>").
  Threads: mozilla/DeepSpeech#374 and keras-team/autokeras#1291 (checkpoints filling the
  disk), google-research/meta-dataset#24 (ulimit -n), tensorflow/models#480 (a file-handle
  leak of TensorFlow 1.0's FastGFile, tensorflow/tensorflow#4685). TensorFlow's checkpoint
  writer writes into "<prefix>_temp/" folders and "*.tempstate<n>" files first.
* The operating system's own report outside TensorFlow's file systems: Python's OSError
  (errno.h: ENOSPC 28, EMFILE 24, ENFILE 23, EDQUOT 122), HDF5 under h5py ("errno = 28"), gRPC
  core's sockets.

The reasons come from :mod:`tfgpu.diagnosis.checks.exhausted_not_memory`, which tells them
from GPU memory.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Evidence, Finding

_DISK = ("no space left on device", "disk quota exceeded")

#: The path of TensorFlow's "<path>; <strerror>" message (a local path, Windows' drive form,
#: or a file system's URL), before the strerror.
_QUOTED_PATH = re.compile(
    r"(?:ResourceExhaustedError: |Resource exhausted: |RESOURCE_EXHAUSTED: )"
    r"(?P<whole>[^;\n]{1,400}); (?:No space left on device|[Dd]isk quota exceeded"
    r"|Too many open files)"
    r"|(?P<path>(?:[A-Za-z]:)?[/\\][^\s;]{1,400}|(?:gs|s3|hdfs)://[^\s;]{1,400}); "
    r"(?:No space left on device|[Dd]isk quota exceeded|Too many open files)")

#: A Windows drive at a path's start, with either separator (``D:\\x``, ``D:/x``).
_DRIVE = re.compile(r"([A-Za-z]):[\\/]")

#: Folders of shared memory (tmpfs, held in RAM) on Linux: /dev/shm (POSIX shared memory; a
#: Docker container's is 64 MB unless started with --shm-size, docs.docker.com "docker
#: container run" --shm-size) and its older alias /run/shm. Not the rest of /run: desktop
#: Linux mounts external disks under /run/media/<user>/.
_RAM_FOLDERS = ("/dev/shm/", "/run/shm/")


def _quoted_path(reasons: list[Hit]) -> str | None:
    """The file a reason quotes: the whole "<path>; <strerror>" after the status name (spaces
    kept), else the pattern's path; ``None`` when none quotes one."""
    for r in reasons:
        m = _QUOTED_PATH.search(r.text)
        if m:
            # (TF 2's function errors put the node first: "{{function_node ...}} <path>")
            return re.sub(r"^\{\{[^{}]{0,300}\}\}\s*", "",
                          (m.group("whole") or m.group("path")).strip())
        if r.g("path"):
            return r.g("path")
    return None


def _folder(path: str) -> str | None:
    """The folder to ask for free space: the quoted file's folder, above the temporary
    folders TensorFlow's checkpoint writer makes (``<prefix>_temp/``, ``*.tempstate<n>``),
    which are gone once the write failed; ``None`` for a URL (no local disk) or a bare
    name."""
    if "://" in path:
        return None
    parts = re.split(r"[/\\]", path)[:-1]
    while parts and re.search(r"_temp(?:_\w{0,40})?$|\.tempstate\d*$", parts[-1]):
        parts.pop()
    if not parts or parts == [""]:
        return "/" if parts == [""] else None
    folder = "/".join(parts)
    return f'"{folder}"' if " " in folder else folder


def _disk_full_fix(path: str | None, windows: bool) -> tuple[str, ...]:
    """The fix lines of a full disk for ``path``: Windows' drive (PowerShell's Get-PSDrive)
    for a drive path or a Windows log, ``df -h <its folder>`` on Linux and macOS."""
    keep = ("# free space, or write checkpoints, logs and caches to a larger disk; keep "
            "fewer checkpoints (tf.train.CheckpointManager(max_to_keep=3), Keras "
            "ModelCheckpoint(save_best_only=True))")
    drive = _DRIVE.match(path or "")
    if drive or (windows and not (path or "").startswith("/")):
        letter = drive.group(1).upper() if drive else "C"
        return (f"Get-PSDrive {letter}   # PowerShell: the free space of the drive the path "
                "is on", keep)
    folder = _folder(path) if path else None
    if folder is None:
        return ("df -h .   # the free space of the disk the program writes to (quota -s for a "
                "quota)", keep)
    return (f"df -h {folder}   # the free space of the disk the path is on (quota -s for a "
            "quota)", keep)
_FILES = ("too many open files",)


def _shared_memory_full(path: str, why: str, ram: str,
                        evidence: tuple[Evidence, ...]) -> Finding:
    """``file-system-limit-reached`` variant ``shared-memory``: ``path`` is in ``ram`` (one of
    :data:`_RAM_FOLDERS`), a tmpfs held in RAM, which is full."""
    return catalogue.make(
        "file-system-limit-reached", variant="shared-memory", path=path, why=why, folder=ram,
        evidence=evidence,
        fix=(f"df -h {ram}   # its size and use: a tmpfs, held in RAM",
             "# in Docker: docker run --shm-size=8g ... (Compose: shm_size: 8gb); or write "
             "the file to a disk folder instead"))


def _open_files_fix(windows: bool, fewer: str) -> tuple[str, ...]:
    """The fix lines of too many open files: ``ulimit -n`` and ``fewer`` on Linux and macOS;
    on Windows, which has no ulimit, ``fewer`` alone."""
    if windows:
        return ("# Windows has no ulimit:" + fewer.removeprefix("# or"),)
    return ("ulimit -n   # the process's open-file limit; raise it (ulimit -n 65536, or "
            "/etc/security/limits.conf) if the files are needed at once", fewer)


#: The operating system's own report of the same limits outside TensorFlow's file systems:
#: Python's OSError "[Errno 28] No space left on device" / "[Errno 24] Too many open files"
#: (errno.h: ENOSPC 28, EMFILE 24, ENFILE 23, EDQUOT 122), HDF5's "errno = 28" inside h5py's
#: message, gRPC core's socket and epoll lines ("Failed to create socket: Too many open files",
#: "epoll_ctl: Too many open files").
_OS_FORM = re.compile(r"\[Errno (?:28|24|23|122)\]|\berrno = (?:28|24)\b"
                      r"|(?:epoll_ctl|Failed to create socket|accept4?): Too many open files")

#: The file an OSError or HDF5 names: "...: '<path>'" after the strerror, HDF5's "filename =
#: '<path>'".
_OS_PATH = re.compile(r"(?:device|files|exceeded): '(?P<p>[^']{1,400})'"
                      r"|filename = '(?P<h>[^']{1,400})'")


def os_file_system_limit(ctx: Facts) -> list[Finding]:
    """``file-system-limit-reached`` variants ``os-disk-full`` and ``os-open-files``: the
    operating system's own ENOSPC/EDQUOT or EMFILE/ENFILE outside TensorFlow's file systems
    (:data:`_OS_FORM`: Python's OSError, HDF5 under h5py, gRPC's sockets), when no
    RESOURCE_EXHAUSTED report explains it and it is not pip's own (pip-install-no-space).
    The caller leaves it out where a memory failure stands in the log."""
    pip = {h.line for h in ctx.h("eco.pip_no_space").all()}
    hits = [h for h in ctx.h("exhausted.errno").all()
            if not h.g("tf") and h.line not in pip and _OS_FORM.search(h.text)]
    if not hits:
        return []
    h = hits[0]
    why = h.need("why")
    watcher = [f for name in ("py.user_frame", "ctx.pkg_path") for f in ctx.h(name).all()
               if "inotify" in f.text.lower() and 0 < h.line - f.line <= 8]
    if watcher and why.lower() in _DISK:
        # inotify_add_watch's ENOSPC (inotify(7): "The user limit on the total number of
        # inotify watches was reached"): a file watcher's limit, not a disk
        return [catalogue.make(
            "file-system-limit-reached", variant="inotify-watches", why=why,
            evidence=log_evidence(watcher[-1:], [h]),
            fix=("cat /proc/sys/fs/inotify/max_user_watches /proc/sys/fs/inotify/"
                 "max_user_instances   # the per-user limits on inotify watches and instances",
                 "# raise it as root (sysctl fs.inotify.max_user_watches=524288, kept in "
                 "/etc/sysctl.d/), or stop the file watcher (a reloader, TensorBoard or "
                 "Streamlit watching a large folder such as a dataset or checkpoints)"))]
    m = _OS_PATH.search(h.text)
    path = (m.group("p") or m.group("h")) if m else None
    windows = bool(_DRIVE.match(path or "")) or bool(ctx.windows)
    evidence = log_evidence(hits, limit=2)
    where = f" ({path})" if path else ""
    ram = next((f.rstrip("/") for f in _RAM_FOLDERS if (path or "").startswith(f)), None)
    if ram is not None and why.lower() in _DISK:
        return [_shared_memory_full(path or ram, why, ram, evidence)]
    if why.lower() in _FILES:
        return [catalogue.make(
            "file-system-limit-reached", variant="os-open-files", why=why, where=where,
            evidence=evidence,
            fix=_open_files_fix(windows, "# or open fewer files at once, and close each after "
                                "use (a with block)"))]
    return [catalogue.make(
        "file-system-limit-reached", variant="os-disk-full", why=why, where=where,
        evidence=evidence, fix=_disk_full_fix(path, windows))]


def file_system_limit(ctx: Facts, reasons: list[Hit]) -> list[Finding]:
    """``file-system-limit-reached`` for TensorFlow's RESOURCE_EXHAUSTED ``reasons`` (errno
    texts or a bare path, none of them TPU memory or gRPC's size): variants ``shared-memory``
    (/dev/shm), ``disk-full``, ``open-files``, ``other-errno``, ``path-only`` and ``file-op``
    (no path, the failing node a checkpoint file op); the fix asks the quoted path's own
    folder or drive."""
    first = reasons[0]
    why = (first.g("why") or "").lower()
    quoted = _quoted_path(reasons)
    path = quoted or "a file"
    windows = bool(_DRIVE.match(quoted or "")) or bool(ctx.windows)
    evidence = log_evidence(reasons, limit=3)
    ram = next((f.rstrip("/") for f in _RAM_FOLDERS if (quoted or "").startswith(f)), None)
    if any(w in why for w in _DISK) and ram is not None:
        return [_shared_memory_full(path, first.need("why"), ram, evidence)]
    if any(w in why for w in _DISK):
        return [catalogue.make(
            "file-system-limit-reached", variant="disk-full", path=path, why=first.need("why"),
            evidence=evidence, fix=_disk_full_fix(quoted, windows))]
    if any(w in why for w in _FILES):
        return [catalogue.make(
            "file-system-limit-reached", variant="open-files", path=path, why=first.need("why"),
            evidence=evidence,
            fix=_open_files_fix(windows, "# or open fewer files at once: fewer TFRecord shards "
                                "read in parallel (interleave cycle_length), one summary "
                                "writer reused, files closed after use"))]
    if why:
        return [catalogue.make(
            "file-system-limit-reached", variant="other-errno", path=path, why=first.need("why"),
            evidence=evidence,
            fix=("# the errno's text names the limit: free the resource it names, or raise "
                 "that limit",))]
    op = next((r for r in reasons if r.g("op") or r.g("op2")), None)
    if quoted is None and op is not None:
        # no path in the message: the failing node is a checkpoint file op (RestoreV2, ...)
        return [catalogue.make(
            "file-system-limit-reached", variant="file-op", op=op.g("op") or op.need("op2"),
            node=op.g("node") or op.need("node2"), evidence=evidence,
            fix=("df -h <the checkpoint folder>   # a full disk? (quota -s for a quota)",
                 "ulimit -n; ls /proc/$(pgrep -f python | head -1)/fd | wc -l   # the "
                 "open-file limit and how many files the process holds",
                 "# keep fewer checkpoints (tf.compat.v1.train.Saver(max_to_keep=3), "
                 "tf.train.CheckpointManager(max_to_keep=3)) and close files after use"))]
    return [catalogue.make(
        "file-system-limit-reached", variant="path-only", path=path, evidence=evidence,
        fix=("df -h <the folder of the path>   # a full disk?",
             "ulimit -n; ls /proc/$(pgrep -f python | head -1)/fd | wc -l   # the open-file "
             "limit and how many files the process holds",
             "# older TensorFlow leaked file handles in tf.gfile.FastGFile: open the files "
             "with Python's open(), or upgrade TensorFlow"))]
