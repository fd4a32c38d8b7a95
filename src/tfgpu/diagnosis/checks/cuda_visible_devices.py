"""``CUDA_VISIBLE_DEVICES`` read from a log: ``cuda-visible-devices-hides-gpus`` (variant
``from-log``) when the log sets it and CUDA then finds no device (CUDA C Programming Guide,
"CUDA Environment Variables"); variant ``from-log-ray`` when Ray runs in the same log, which
sets the variable again in each task, actor or trial (:func:`ray_in_log`).  The host-facts
check of the same id is in visibility.py.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.diagnosis.checks._other_gpu import other_gpu_only
from tfgpu.diagnosis.checks.driver_files import run_commands_without_gpu
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def _cvd_value(raw: str) -> str:
    return raw.strip().strip("\"'").strip()


def cvd_in_log(f: Facts) -> list[Finding]:
    """``cuda-visible-devices-hides-gpus`` (``from-log``): the log sets
    ``CUDA_VISIBLE_DEVICES`` and CUDA then reports no device (cuInit's
    CUDA_ERROR_NO_DEVICE, the runtime's "no CUDA-capable device is detected", PyTorch's "No
    CUDA GPUs are available").  Nothing when the value names a GPU and the log shows the
    driver or the device nodes unreachable (:func:`driver_says_why`: then no index would
    work), or when the host facts hold CUDA_VISIBLE_DEVICES: the host check (visibility.py)
    reads that value; host facts without it (a report's stated OS and GPU) leave the log's
    setting the only one known."""
    if f.host is not None and "CUDA_VISIBLE_DEVICES" in f.host.env:
        return []
    cvd = f.h("ctx.cvd_set")
    if not cvd.count:
        return []
    no_device = [h for h in f.h("cuinit").all() if h.g("name") == "CUDA_ERROR_NO_DEVICE"
                 or h.g("code") == "100"]
    # the CUDA runtime's "no CUDA-capable device is detected", and PyTorch's "No CUDA GPUs
    # are available" (c10/cuda/CUDAFunctions.cpp: cudaGetDeviceCount gave cudaErrorNoDevice
    # or 0; Grace9994/CoMoSVC#6: os.environ["CUDA_VISIBLE_DEVICES"]='1' on a one-GPU machine)
    runtime = [*f.h("gpu.no_device").all(), *f.h("torch.no_cuda_gpus").all()]
    if not (no_device or runtime):
        return []
    last = cvd.last or cvd.first[-1]
    value = _cvd_value(last.g("v") or "")
    tokens = [t.strip() for t in value.split(",")]
    names_gpu = bool(value) and (tokens[0].isdigit() or tokens[0].upper().startswith(
        ("GPU-", "MIG-")))
    if names_gpu and driver_says_why(f):
        return []  # the driver or the device nodes are not reachable: their findings say why
    if not names_gpu:
        why = (f"{value!r} names no GPU (CUDA stops at the first entry that is not a valid "
               "index or UUID), so the process sees none.")
    else:
        why = (f"it selects GPU {value}, and CUDA saw no device, so this host has no GPU of "
               "that index (indices start at 0; nvidia-smi -L lists them) or no usable GPU "
               "at all.")
    ray = ray_in_log(f, {h.line for h in (*no_device, *runtime)})
    if ray is not None:
        # Ray sets the variable again in each task, actor or trial: the value the log sets
        # is not the only one the failing code may have seen
        return [catalogue.make(
            "cuda-visible-devices-hides-gpus", variant="from-log-ray", value=repr(value),
            why=why, prefix=ray_prefix(ray),
            evidence=log_evidence([last], no_device[:1], runtime[:2], [ray], limit=4),
        )]
    return [catalogue.make(
        "cuda-visible-devices-hides-gpus", variant="from-log", value=repr(value), why=why,
        evidence=log_evidence([last], no_device[:1], runtime[:2], limit=3),
    )]


#: A line that names Ray itself: its task error, a raylet, a ``ray::`` task name, its package.
_RAY_NAMED = re.compile(r"\bray::|\bRay\w*Error\b|\braylet\b|[/\\.]ray[/\\.]")


def ray_in_log(f: Facts, lines: set[int]) -> Hit | None:
    """The first line with Ray's worker prefix ("(pid=N)", "(pid=N, ip=A)"; pattern
    ``dist.ray_worker``) that is one of ``lines`` or names Ray itself (a ``ray::`` task, a
    RayTaskError, a path into the ray package): Ray runs in this log, and it sets each task's,
    actor's or trial's CUDA_VISIBLE_DEVICES to the GPUs it reserved, ``""`` for none
    (ray-project/ray ``python/ray/_private/utils.py`` ``set_cuda_visible_devices``)."""
    return next((h for h in f.h("dist.ray_worker").all()
                 if h.line in lines or _RAY_NAMED.search(h.text)), None)


def ray_workers(f: Facts) -> list[Hit]:
    """The lines with Ray's worker prefix ("(pid=N)", "(Name pid=N)"), when the log shows Ray
    starting (``dist.ray_started``) or a worker line names Ray itself (:data:`_RAY_NAMED`):
    the log comes from a Ray program, whose workers see only the GPUs they reserved.  ``[]``
    otherwise (a "(pid=N)" alone is not Ray's)."""
    workers = f.h("dist.ray_worker").all()
    if not workers:
        return []
    named = f.h("dist.ray_started").count or any(_RAY_NAMED.search(h.text) for h in workers)
    return workers if named else []


#: Patterns of lines that say why CUDA found no device, whatever CUDA_VISIBLE_DEVICES or Ray
#: does: the driver library or kernel module missing, no device node, and nvidia-smi's NVML
#: failing too ("Failed to initialize NVML: Unknown Error", "couldn't communicate with the
#: NVIDIA driver", "No devices were found"; NVML ignores CUDA_VISIBLE_DEVICES, NVIDIA's
#: nvidia-smi documentation: it lists every GPU whatever that variable says).
DRIVER_SAYS_WHY = ("driver.libcuda", "driver.kernel", "diag.no_device_node",
                   "diag.kernel_not_running", "eco.nvml_unknown", "smi.no_driver",
                   "smi.no_devices")


def driver_says_why(f: Facts) -> bool:
    """Whether the log has a line of :data:`DRIVER_SAYS_WHY`: the driver or the device nodes
    are not reachable (nvidia-driver-not-loaded, docker-container-lost-gpu-access), so no
    visibility setting is the reason CUDA found no device."""
    return any(f.h(n).count for n in DRIVER_SAYS_WHY)


#: Ray's worker prefix itself (the ``dist.ray_worker`` pattern's form).
_RAY_PREFIX = re.compile(r"\((?:[A-Za-z_][\w.:-]{0,80} )?pid=\d{1,9}(?:, ip=[\w.:-]{1,64})?\)")


def ray_prefix(hit: Hit) -> str:
    """The "(pid=N, ip=A)" part of a Ray worker line."""
    m = _RAY_PREFIX.search(hit.text)
    return m.group() if m else "(pid=...)"


def r_seed_disabled_gpu(f: Facts) -> list[Finding]:
    """``cuda-visible-devices-hides-gpus`` (``r-seed``): R's ``use_session_with_seed()`` said
    "Set session seed to N (disabled GPU...)": with its default ``disable_gpu = TRUE`` it sets
    ``CUDA_VISIBLE_DEVICES=-1`` and ``device_count = list(gpu = 0L)`` before creating the
    session (rstudio/tensorflow ``R/seed.R``, re-exported by rstudio/keras), so TensorFlow
    runs on the CPU in that R process."""
    hits = f.h("r.seed_disabled_gpu").all()
    if not hits:
        return []
    return [catalogue.make("cuda-visible-devices-hides-gpus", variant="r-seed",
                           seed=hits[0].g("seed") or "?", evidence=log_evidence(hits[:1]))]


# --- cuInit's CUDA_ERROR_NO_DEVICE alone, and from a Ray worker -----------------------
def cvd_hedged_no_device(f: Facts) -> list[Finding]:
    """``cuda-visible-devices-hides-gpus`` for cuInit's ``CUDA_ERROR_NO_DEVICE`` when the log
    says nothing else about the GPU stack (findings.toml, the row's ``hedged`` variant and its
    sources): CUDA_VISIBLE_DEVICES hiding the GPUs is the most frequent cause in reports of
    this line alone, so it comes first, with the other causes and the command that tells
    them apart.  Variant ``ray-worker`` when the cuInit line carries Ray's worker prefix:
    Ray sets a task's CUDA_VISIBLE_DEVICES to the GPUs it reserved, ``""`` for none
    (ray-project/ray ``python/ray/_private/utils.py`` ``set_cuda_visible_devices``);
    ``ray-in-log`` when the log is a Ray program's (:func:`ray_workers`) but the cuInit line
    carries no worker prefix.

    Nothing when the log sets CUDA_VISIBLE_DEVICES itself (:func:`cvd_in_log`), when the host
    facts were probed (the doctor read the environment; visibility.py decides) or hold its
    value, when the host has no NVIDIA GPU or a
    working one, or when the log shows WSL, a container, or a driver/library line (those
    name their own cause: the ``cuinit-no-device`` finding stays).
    """
    hits = [h for h in f.h("cuinit").all()
            if h.g("name") == "CUDA_ERROR_NO_DEVICE" or h.g("code") == "100"]
    if not hits or f.h("ctx.cvd_set").count or f.host_gpu_works or f.wsl or f.wsl1:
        return []
    if f.has_nvidia_gpu is False or f.in_container or other_gpu_only(f) is not None:
        return []  # (only an Intel/AMD GPU named: cuinit-no-device's other-gpu-named)
    plain = run_commands_without_gpu(f, hits[0].line)
    if plain:
        # the paste's own docker run asks for no GPU: the container has none to find
        return [catalogue.make(
            "docker-run-without-gpus", variant="plain-run-no-device",
            line=str(hits[0].line), run=str(plain[0].line),
            evidence=log_evidence(plain[:1], hits[:1]),
        )]
    if f.host is not None and (f.host.probes or "CUDA_VISIBLE_DEVICES" in f.host.env):
        return []  # the doctor read this host's environment: visibility.py decides
    if any(lib.startswith(("libcuda.", "nvcuda")) for lib in f.h("lib.missing").by_key):
        return []  # the driver library itself did not load: not a visibility setting
    if driver_says_why(f):
        return []
    if f.h("drv.prime_query").count or f.h("gpu.listed").count:
        # a hybrid laptop's graphics mode, or an NVIDIA GPU listed (lspci, nvidia-smi -L):
        # cuinit-no-device reads them (checks/_hybrid_gpu.py), CUDA_VISIBLE_DEVICES among
        # its causes
        return []
    ray = [r for r in f.h("dist.ray_worker").all() if any(r.line == h.line for h in hits)]
    workers = ray_workers(f) if not ray else []
    if workers:
        # a Ray program's log, the cuInit line without a worker's prefix: which process
        # printed it is not shown
        worker = workers[0]
        return [catalogue.make(
            "cuda-visible-devices-hides-gpus", variant="ray-in-log", prefix=ray_prefix(worker),
            evidence=log_evidence(hits[:1], [worker]))]
    if ray:
        m = ray[0].text
        start = m.find("(")
        prefix = m[start:m.find(")", start) + 1] if start >= 0 else "(pid=...)"
        return [catalogue.make(
            "cuda-visible-devices-hides-gpus", variant="ray-worker", prefix=prefix,
            evidence=log_evidence(hits[:1]),
        )]
    fix = (*c.show_env_lines(f, ("echo $CUDA_VISIBLE_DEVICES   # set and empty or -1 hides "
                                   "every GPU",)),
           "print(repr(os.environ.get('CUDA_VISIBLE_DEVICES')))   # at the top of the failing "
           "script: the script or its launcher may set it; '' / '-1' / an index nvidia-smi -L "
           "does not list hides every GPU",
           "nvidia-smi -L   # the GPUs (and indices, from 0) this host has; none listed: the "
           "driver or the GPU passthrough is the cause, not CUDA_VISIBLE_DEVICES")
    if c.shell_kind(f) != "powershell":
        fix += ("ls -l /dev/nvidia*   # works only under sudo: this user cannot open the device "
                "nodes (add it to their group, e.g. video)",)
    return [catalogue.make(
        "cuda-visible-devices-hides-gpus", variant="hedged",
        evidence=log_evidence(hits[:1]), fix=fix)]
