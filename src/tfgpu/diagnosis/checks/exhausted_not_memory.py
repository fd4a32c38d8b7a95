"""RESOURCE_EXHAUSTED that is not memory: a file-system limit, a gRPC message size, a TPU's HBM.

TensorFlow's status RESOURCE_EXHAUSTED (``ResourceExhaustedError``) is not only "out of
memory"; the text around it tells which resource ran out:

* ``tensorflow/core/platform/errors.cc`` ``ErrnoToCode``: its file systems turn ENOSPC ("No
  space left on device"), EDQUOT ("Disk quota exceeded"), EMFILE and ENFILE ("Too many open
  files"), EMLINK, ENOBUFS and EUSERS into RESOURCE_EXHAUSTED, the message being
  "<path>; <strerror>" (TensorFlow 1.x's gave the path alone: "Resource exhausted: <path>").
  Threads: mozilla/DeepSpeech#374 and keras-team/autokeras#1291 (checkpoints filling the
  disk), google-research/meta-dataset#24 (ulimit -n), tensorflow/models#480 (a file-handle
  leak of TensorFlow 1.0's FastGFile, tensorflow/tensorflow#4685).
* gRPC's status 8 for a message over the channel's limit (grpc core's message size filter:
  "Received message larger than max (%u vs. %d)"; 4 MiB by default): the TensorBoard debugger
  (tensorflow/tensorboard#1103: send_traceback_and_source_code=False), TF Serving clients.
* A TPU's own memory, HBM (XLA's TPU compiler: "Ran out of memory in memory space hbm. Used
  8.38G of 8.00G hbm. Exceeded hbm capacity by 385.25M.", tensorflow/tpu#385; the TPU
  runtime's "HBM capacity 8.00G:" report): memory, but of the TPU, where GPU tools do not
  apply.

:func:`not_memory_lines` gives :mod:`tfgpu.diagnosis.checks.memory` the status lines these
readings explain, so that no GPU out-of-memory finding is made of them.  TensorFlow appends
its "Hint: If you want to see a list of allocated tensors when OOM happens, add
report_tensor_allocations_upon_oom to RunOptions" to an op's RESOURCE_EXHAUSTED whatever the
resource, so that hint is no evidence of memory either.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: How many lines a reason may stand from the status line it explains (a message wrapped, or
#: cut at the status with the strerror on the line before).
_NEAR = 3

#: How far below its reason TensorFlow's allocation hint may stand (the node's description
#: between them can take several lines).
_HINT_NEAR = 12

#: How far below TensorFlow 2.9+'s "ResourceExhaustedError: Graph execution error:" its
#: message may stand: the "Detected at node ... defined at (most recent call last):" block of
#: Python frames comes between them (tensorflow/python/eager/execute.py quick_execute).
_DETECTED_NEAR = 150

#: Patterns of GPU or host memory running out: one of them between a "Graph execution error:"
#: and a reason below it makes the reason another failure's.
_MEMORY = ("mem.oom_tensor", "mem.ran_out", "mem.cuda_alloc_oom", "mem.cuda_oom")

#: The largest message protobuf and gRPC allow (2 GiB - 1): no channel option goes above it.
_PROTOBUF_CEILING = 2**31 - 1

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
    """The file a reason quotes: the exhausted.path hit's, else the "<path>; <strerror>" of
    an errno reason; ``None`` when none quotes one."""
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


def _reasons(ctx: Facts) -> list[Hit]:
    """The lines that name a resource other than GPU memory: an errno's text in TensorFlow's
    own form ("<path>; <strerror>", or on a RESOURCE_EXHAUSTED line: a Python OSError's
    "[Errno 28] No space left on device" nearby is another program's), a bare path as the
    status's message, gRPC's message size, a TPU's memory space."""
    status = {h.line for h in ctx.h("mem.exhausted").all()}
    errno = [h for h in ctx.h("exhausted.errno").all() if h.g("tf") or h.line in status]
    return sorted([*errno, *ctx.h("exhausted.path").all(),
                   *ctx.h("exhausted.grpc_size").all(), *ctx.h("exhausted.tpu_hbm").all()],
                  key=lambda h: h.line)


def not_memory_lines(ctx: Facts) -> set[int]:
    """The lines of RESOURCE_EXHAUSTED reports (pattern ``mem.exhausted``) that a resource
    other than GPU memory explains: a reason (an errno's text, a bare path, gRPC's message
    size, a TPU's HBM) on the line or up to :data:`_NEAR` lines from it; TensorFlow's
    allocation hint up to :data:`_HINT_NEAR` lines below a reason; TensorFlow 2.9+'s
    "Graph execution error:" when the first reason or memory report below it (up to
    :data:`_DETECTED_NEAR` lines) is a reason."""
    reasons = _reasons(ctx)
    if not reasons:
        return set()
    out = {r.line for r in reasons}
    reason_lines = set(out)
    marks = reason_lines | {h.line for name in _MEMORY for h in ctx.h(name).all()}
    for h in ctx.h("mem.exhausted").all():
        hint = "report_tensor_allocations_upon_oom" in h.text
        if any(abs(h.line - r.line) <= _NEAR or (hint and 0 < h.line - r.line <= _HINT_NEAR)
               for r in reasons):
            out.add(h.line)
        elif "graph execution error" in h.text.lower():
            below = [m for m in marks if 0 < m - h.line <= _DETECTED_NEAR]
            if below and min(below) in reason_lines:
                out.add(h.line)
    return out


def _status_near(ctx: Facts, r: Hit) -> bool:
    """Whether reason ``r`` explains a failure: gRPC's message size, a TPU's memory report and
    a bare path are one; an errno's text needs a RESOURCE_EXHAUSTED report on its line or near
    it (alone it is another program's: pip's own ENOSPC)."""
    if any(r.g(g) for g in ("path", "max", "space", "space2", "over", "cap", "reserve", "alloc",
                            "alloc2", "early")):
        return True  # gRPC's size message and a TPU's memory report say it themselves
    return any(abs(h.line - r.line) <= _NEAR for h in ctx.h("mem.exhausted").all())


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


def _os_error(ctx: Facts) -> list[Finding]:
    """``file-system-limit-reached`` variants ``os-disk-full`` and ``os-open-files``: the
    operating system's own ENOSPC/EDQUOT or EMFILE/ENFILE outside TensorFlow's file systems
    (:data:`_OS_FORM`: Python's OSError, HDF5 under h5py, gRPC's sockets), when no
    RESOURCE_EXHAUSTED report explains it, it is not pip's own (pip-install-no-space) and no
    memory failure stands in the log (then that is the run's failure)."""
    if any(ctx.h(name).count for name in _MEMORY):
        return []  # a memory failure the log shows: that is the run's (memory.py)
    pip = {h.line for h in ctx.h("eco.pip_no_space").all()}
    hits = [h for h in ctx.h("exhausted.errno").all()
            if not h.g("tf") and h.line not in pip and _OS_FORM.search(h.text)]
    if not hits:
        return []
    h = hits[0]
    why = h.need("why")
    m = _OS_PATH.search(h.text)
    path = (m.group("p") or m.group("h")) if m else None
    windows = bool(_DRIVE.match(path or "")) or bool(ctx.windows)
    evidence = log_evidence(hits, limit=2)
    where = f" ({path})" if path else ""
    if why.lower() in _FILES:
        return [catalogue.make(
            "file-system-limit-reached", variant="os-open-files", why=why, where=where,
            evidence=evidence,
            fix=(("# Windows has no ulimit: open fewer files at once and close them after "
                  "use",) if windows else
                 ("ulimit -n   # the process's open-file limit; raise it (ulimit -n 65536, or "
                  "/etc/security/limits.conf) if the files are needed at once",
                  "# or open fewer files at once, and close each after use (a with block)")))]
    return [catalogue.make(
        "file-system-limit-reached", variant="os-disk-full", why=why, where=where,
        evidence=evidence, fix=_disk_full_fix(path, windows))]


def exhausted_not_memory(ctx: Facts) -> list[Finding]:
    """``tpu-out-of-memory``, ``grpc-message-too-large`` or ``file-system-limit-reached``
    (variants ``disk-full``, ``open-files``, ``other-errno``, ``path-only``) for the first
    RESOURCE_EXHAUSTED report a reason of :func:`not_memory_lines` explains."""
    reasons = [r for r in _reasons(ctx) if _status_near(ctx, r)]
    if not reasons:
        return _os_error(ctx)
    tpu = [r for r in reasons if r.line in {x.line for x in ctx.h("exhausted.tpu_hbm").all()}]
    scratch = next((r.g("space") or r.need("space2") for r in tpu
                    if (r.g("space") or r.g("space2")) in ("vmem", "smem")), None)
    if scratch is not None:
        # the TensorCore's on-chip scratch memories: a compiler limit, which XLA's own
        # message asks to report ("Please file a bug against XLA", tensorflow/tensorflow#26893)
        return [catalogue.make(
            "tpu-out-of-memory", variant="compiler-scratch", space=scratch,
            evidence=log_evidence(tpu, limit=3),
            fix=("# report it to XLA (or to the library whose kernel it is: a Pallas kernel's "
                 "block sizes) with the shapes that fail; XLA's own message asks for that",
                 "# meanwhile: other shapes or block sizes for that computation, or another "
                 "JAX / torch-xla / TensorFlow release whose compiler handles it"))]
    if tpu:
        return [catalogue.make(
            "tpu-out-of-memory", evidence=log_evidence(tpu, limit=3),
            fix=("# a smaller batch per TPU core (the global batch divided by the cores), or a "
                 "smaller model or sequence length",
                 "# or more HBM: rematerialisation (gradient checkpointing), sharding the model "
                 "over more cores, bfloat16, or a TPU generation/slice with more memory per "
                 "core"))]
    grpc = [r for r in reasons if r.g("max") is not None]
    if grpc:
        g = grpc[0]
        if int(g.need("max")) >= _PROTOBUF_CEILING:
            return [catalogue.make(
                "grpc-message-too-large", size=g.need("size"), max=g.need("max"),
                direction="received" if g.need("dir") == "Received" else "sent",
                evidence=log_evidence(grpc, limit=2),
                fix=("# the limit is already the largest a message can be (protobuf messages "
                     "stop at 2 GiB): send less per call, in smaller batches or chunks",))]
        return [catalogue.make(
            "grpc-message-too-large", size=g.need("size"), max=g.need("max"),
            direction="received" if g.need("dir") == "Received" else "sent",
            evidence=log_evidence(grpc, limit=2),
            fix=("# raise the channel's limit where the message is received (and sent): "
                 "grpc.insecure_channel(addr, options=[('grpc.max_receive_message_length', "
                 "-1), ('grpc.max_send_message_length', -1)]) (-1: no limit)",
                 "# or send less per call: smaller batches of requests, a smaller response "
                 "(TensorBoard's debugger: send_traceback_and_source_code=False)"))]
    first = reasons[0]
    why = (first.g("why") or "").lower()
    quoted = _quoted_path(reasons)
    path = quoted or "a file"
    windows = bool(_DRIVE.match(quoted or "")) or bool(ctx.windows)
    evidence = log_evidence(reasons, limit=3)
    ram = next((f.rstrip("/") for f in _RAM_FOLDERS if (quoted or "").startswith(f)), None)
    if any(w in why for w in _DISK) and ram is not None:
        return [catalogue.make(
            "file-system-limit-reached", variant="shared-memory", path=path,
            why=first.need("why"), folder=ram, evidence=evidence,
            fix=(f"df -h {ram}   # its size and use: a tmpfs, held in RAM",
                 "# in Docker: docker run --shm-size=8g ... (Compose: shm_size: 8gb); or "
                 "write the file to a disk folder instead"))]
    if any(w in why for w in _DISK):
        return [catalogue.make(
            "file-system-limit-reached", variant="disk-full", path=path, why=first.need("why"),
            evidence=evidence, fix=_disk_full_fix(quoted, windows))]
    if any(w in why for w in _FILES):
        fewer = ("# or open fewer files at once: fewer TFRecord shards read in parallel "
                 "(interleave cycle_length), one summary writer reused, files closed after "
                 "use")
        return [catalogue.make(
            "file-system-limit-reached", variant="open-files", path=path, why=first.need("why"),
            evidence=evidence,
            fix=(("# Windows has no ulimit: open fewer files at once (fewer TFRecord shards "
                  "read in parallel: interleave cycle_length), reuse one summary writer, close "
                  "files after use",) if windows else
                 ("ulimit -n   # the process's open-file limit; raise it (ulimit -n 65536, or "
                  "/etc/security/limits.conf) if the files are needed at once", fewer)))]
    if why:
        return [catalogue.make(
            "file-system-limit-reached", variant="other-errno", path=path, why=first.need("why"),
            evidence=evidence,
            fix=("# the errno's text names the limit: free the resource it names, or raise "
                 "that limit",))]
    return [catalogue.make(
        "file-system-limit-reached", variant="path-only", path=path, evidence=evidence,
        fix=("df -h <the folder of the path>   # a full disk?",
             "ulimit -n; ls /proc/$(pgrep -f python | head -1)/fd | wc -l   # the open-file "
             "limit and how many files the process holds",
             "# older TensorFlow leaked file handles in tf.gfile.FastGFile: open the files "
             "with Python's open(), or upgrade TensorFlow"))]
