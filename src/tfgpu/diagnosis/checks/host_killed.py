"""The host killed the process: host RAM, not GPU memory.

Sources of the messages (``knowledge/data/messages_tools.toml``): the Linux kernel's OOM
killer (``mm/oom_kill.c``: "Out of memory: Killed process N (comm) total-vm:...", before 4.19
"Out of memory: Kill process N (comm) score S or sacrifice child"; "Memory cgroup out of
memory: ..." in a container), Google Colab's "Your session crashed after using all available
RAM", the shells' "Killed" (SIGKILL), IDEs' "exit code 137 (interrupted by signal 9:
SIGKILL)", the container runtime's OOMKilled (docker inspect, Kubernetes), and the notebook
and IDE front ends' words for a dead kernel (``knowledge/data/kernel_deaths.toml``: Jupyter's
"appears to have died", VS Code's "Kernel crashed", QtConsole's and Spyder's "Kernel died,
restarting", and Spyder's error page "An error ocurred while starting the kernel" when the
kernel's stderr under it shows TensorFlow ran).
The kernel's record and Colab's dialog prove host RAM ran out (an error); a container's
OOMKilled and a memory cgroup's record prove a memory limit set on the container or job was
reached (an error, titled so: that limit may be far below the host's RAM; Slurm's
"Detected N oom_kill event(s)" and srun's "Out Of Memory" name the job's --mem; any line of the
record that says so counts: "Memory cgroup out of memory", the summary's CONSTRAINT_MEMCG /
oom_memcg=, "memory: usage X, limit Y", before 4.19 "Task in X killed as a result of limit
of Y", mm/memcontrol.c; "X invoked oom-killer" opens every record); "Killed" alone
and a dead notebook kernel are only most likely that (warnings worded so).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from tfgpu._words import plural
from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks.unknown import error_page_deaths, exit_code_meaning
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding, Severity, sort_findings

#: Log patterns that name another way the process died (a native crash): a bare "Killed" or
#: a dead kernel is then not read as host RAM.
_OTHER_DEATHS = ("tell.fatal", "cpu.illegal", "cpu.guard_abort", "win.fatal_exception",
                 "tools.colab_crash")


#: What to do first when a container's or a memory cgroup's limit was hit, not the host's
#: RAM (docker run --memory, Kubernetes resources.limits.memory, Slurm sbatch --mem, which
#: Slurm's task/cgroup plugin enforces with a memory cgroup).
_RAISE_LIMIT = ("# raise the memory limit of the container or job (docker run --memory=32g; "
                "Kubernetes resources.limits.memory; Slurm sbatch --mem=32G)")



def _next_size(limit: str) -> str | None:
    """Twice the memory ``limit`` a platform reported (``"2048M"``, ``"2048 MiB"``,
    ``"4Gi"``), in gcloud's units (``"4Gi"``, ``"768Mi"``), at most Cloud Run's largest;
    ``"<more than LIMIT>"`` when the text has no size tfgpu reads; ``None`` when the limit is
    already the largest."""
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([KMGT])?(i?B?)?\s*", limit)
    if m is None:
        return f"<more than {limit}>"
    mib = float(m.group(1)) * {"K": 1 / 1024, "M": 1, "G": 1024, "T": 1024 ** 2, None: 1 / 2 ** 20}[
        m.group(2)]
    twice = min(2 * mib, _CLOUD_RUN_MAX_MIB)
    if twice <= mib:
        return None  # Cloud Run's ceiling reached
    twice = round(twice)
    return f"{twice // 1024}Gi" if twice % 1024 == 0 else f"{max(twice, 128)}Mi"


#: Cloud Run's largest memory limit, 32 GiB (cloud.google.com/run/docs/configuring/
#: memory-limits: "The maximum amount of memory you can configure is 32 gibibyte (32 Gi)").
_CLOUD_RUN_MAX_MIB = 32 * 1024

def _limit_fix() -> tuple[str, ...]:
    return (_RAISE_LIMIT,
            "# hold less in memory at once: a smaller batch_size; stream the data with "
            "tf.data (from files or a generator) instead of loading whole NumPy arrays; "
            "free large arrays you no longer need (del x; gc.collect())",
            "# or run fewer processes (DataLoader workers, parallel jobs) inside the limit")


def _fix(ctx: Facts, *, colab: bool, kernel: bool) -> tuple[str, ...]:
    fix: list[str] = []
    if kernel:
        fix.append("# run the same code as a script in a terminal (python train.py): it prints "
                   "what killed it (Killed, a traceback, Illegal instruction)")
    if not colab and not ctx.windows:
        fix.append("free -h   # host RAM and swap left; watch it while the job runs")
        fix.append("sudo dmesg -T | grep -iE 'killed process|out of memory'   # the kernel's "
                   "own record of an OOM kill")
    elif ctx.windows:
        fix.append("# Task Manager > Performance > Memory while the job runs")
    if any(_limit_hit(h) for h in ctx.h("tools.oom_kernel").all()):
        fix.append("# or " + _RAISE_LIMIT[2:])
    fix.append("# hold less in host RAM at once: a smaller batch_size; stream the data with "
               "tf.data (from files or a generator) instead of loading whole NumPy arrays; "
               "free large arrays you no longer need (del x; gc.collect())")
    if colab:
        fix.append("# or a runtime with more RAM (Runtime > Change runtime type)")
    else:
        fix.append("# or add RAM / swap, or run fewer processes (DataLoader workers, "
                   "parallel jobs) at once")
    return tuple(fix)


def _limit_hit(h: Hit) -> bool:
    """Whether an OOM-record line says a limit, not the host's RAM, was reached: the
    container runtime's OOMKilled, or a memory cgroup line of the kernel's record."""
    return bool(h.g("ctr") or h.g("cg") or h.g("cg2"))


def _slurm_limit(slurm: list[Hit], oom: list[Hit], killed: list[Hit],
                 died: list[Hit]) -> Finding:
    """``slurm-limit``: Slurm's "Detected N oom_kill event(s) in StepId=J.S" (its
    task/cgroup plugin) or srun's "task 0: Out Of Memory" (src/srun/launch.c): the kernel
    OOM-killed a task of the job because the memory cgroup Slurm made from the job's
    memory request was full."""
    first = slurm[0]
    step = (next((h.g("step") for h in slurm if h.g("step")), None) or "").removeprefix("StepId=")
    job = step.split(".", 1)[0].split("+", 1)[0] if step else ""
    n = first.g("n")
    events = plural(int(n) if n and n.isdigit() else n, "OOM-kill event")
    what = (f"Slurm reports {events} in job step {step or '?'} (line {first.line})"
            if n else f"srun reports a task ended Out Of Memory (line {first.line})")
    acct = (f"sacct -j {job} -o JobID,State,ReqMem,MaxRSS,NodeList" if job.isdigit()
            else "sacct -j <jobid> -o JobID,State,ReqMem,MaxRSS,NodeList")
    return catalogue.make(
        "host-ram-exhausted-process-killed", variant="slurm-limit",
        evidence=log_evidence(slurm, oom, killed, died),
        cause=(f"{what}: Slurm enforces the job's memory request (sbatch/srun --mem, "
               "--mem-per-cpu, --mem-per-gpu, or the partition's default) as a memory "
               "cgroup, and the kernel killed a task of the job when that cgroup was full. "
               "The limit is the job's, not the node's RAM. This is host memory, not the "
               "GPU's (a GPU out-of-memory is a ResourceExhaustedError/OOM message from "
               "TensorFlow, and the process survives it): the data, the model or the "
               "input pipeline held in memory outgrew the job's request."),
        fix=(acct + "   # the memory the job asked for (ReqMem) and the most it used (MaxRSS)",
             "# ask for more memory: sbatch --mem=64G (per node), or --mem-per-cpu / "
             "--mem-per-gpu",
             *_limit_fix()[1:]),
    )


def _yarn_limit(ctx: Facts, yarn: list[Hit]) -> Finding:
    """``host-ram-exhausted-process-killed`` variant ``yarn-limit``: YARN's NodeManager killed
    a container (a Spark executor) over its memory limit (pattern ``tools.yarn_limit``):
    physical memory, or the virtual-memory check (yarn.nodemanager.vmem-check-enabled, the
    limit being yarn.nodemanager.vmem-pmem-ratio times the container's memory)."""
    first = yarn[0]
    kind = (first.g("kind") or first.g("kind2")
            or next((k for k in ("physical", "virtual") if k in (first.g("spark") or "")), None))
    usage = (f" ({first.g('used')} of {first.g('limit')} {kind} memory used)"
             if first.g("used") else "")
    vmem = kind == "virtual"
    # Spark's own message, or a Spark job's lines around the NodeManager's
    spark = any(h.g("spark") for h in yarn) or bool(ctx.h("ctx.spark").count)
    return catalogue.make(
        "host-ram-exhausted-process-killed", variant="yarn-limit",
        evidence=log_evidence(yarn, limit=2),
        cause=(f"YARN killed the container for exceeding its memory limit (line {first.line})"
               f"{usage}. The limit is the container's, not the node's RAM"
               + (" (a Spark executor's memory plus spark.executor.memoryOverhead, which must "
                  "also hold the Python and TensorFlow processes outside the JVM)" if spark
                  else " (the memory the job asked YARN for each container)")
               + ("; this one is YARN's virtual-memory check, which counts the address space "
                  "TensorFlow reserves, not only the memory it uses" if vmem else "")
               + ". Host memory, not the GPU's."),
        fix=(("spark-submit --conf spark.executor.memoryOverhead=4g ...   # "
              "spark.yarn.executor.memoryOverhead before Spark 2.3; or a larger --executor-memory")
             if spark else
             "# ask YARN for more memory per container (the job's or framework's container "
             "memory setting, e.g. mapreduce.map.memory.mb for MapReduce)",
             *(("# or relax YARN's virtual-memory check: yarn.nodemanager.vmem-pmem-ratio "
                "higher, or yarn.nodemanager.vmem-check-enabled=false (yarn-site.xml)",)
               if vmem else ()),
             *_limit_fix()[1:]),
    )


def _host_pressure(ctx: Facts) -> tuple[list[Hit], str]:
    """TensorFlow's "Allocation of N exceeds 10% of (free) system memory" notices
    (``mem.host_notice``; core/framework/allocator.cc, cpu_allocator_impl.cc) and a clause
    naming the largest: ``([largest], clause)``, ``([], "")`` without them. The program was
    asking for host memory in blocks larger than a tenth of what the host had free."""
    notes = ctx.h("mem.host_notice").all()
    sized = [(int(h.g("bytes") or 0), h) for h in notes]
    if not sized:
        return [], ""
    size, top = max(sized, key=lambda t: t[0])
    return [top], (f" TensorFlow's CPU allocator warned {plural(len(notes), 'time')} that "
                   "one host allocation exceeded 10% of the system memory, the largest "
                   f"{size / 1e9:.2f} GB (line {top.line}): the program was holding large "
                   "blocks of host RAM, which points to RAM.")


def _other_death(ctx: Facts) -> bool:
    return any(ctx.h(name).count for name in _OTHER_DEATHS)


def host_ram_exhausted(ctx: Facts) -> list[Finding]:
    """``host-ram-exhausted-process-killed``: the host's OOM killer (or Colab) ended the
    process because host RAM ran out; ``container-limit``/``cgroup-limit``: the container
    runtime's OOMKilled or a memory cgroup's OOM record (a limit on the container or job,
    not the host's RAM, ran out); ``hedged``: only the shell's "Killed" / exit code 137;
    ``kernel-died``: only a notebook frontend saying its kernel died, and no other death
    (segfault, abort, illegal instruction) in the log; ``k8s-eviction``: the kubelet evicted
    the pod because its node ran low on memory; ``yarn-limit``: YARN killed a container over
    its memory limit."""
    evicted = ctx.h("tools.k8s_evicted").all()
    if evicted:
        return [catalogue.make(
            "host-ram-exhausted-process-killed", variant="k8s-eviction",
            evidence=log_evidence(evicted[:1], ctx.h("tools.killed").all()[:1]),
            fix=("kubectl describe pod <pod>   # Events: the eviction and the node's memory",
                 "# request the memory the job needs (resources.requests.memory, and limits) or "
                 "schedule it on a node type with more RAM",
                 *_limit_fix()[1:]),
        )]
    oom = ctx.h("tools.oom_kernel").all()
    colab = ctx.h("tools.colab_ram").all()
    killed = ctx.h("tools.killed").all()
    died = ctx.h("tools.kernel_died").all()
    # Docker Compose's "exited with code 137" (128 + SIGKILL) is the container's
    # "Killed" (kubectl exec's and a GitHub Actions step's "exit code 137" too);
    # jupyter_client's "KernelRestarter: restarting kernel" a dead kernel
    ctr = [h for name in ("tools.container_exit", "tools.exec_exit")
           for h in ctx.h(name).all() if h.g("code") == "137"]
    killed = sorted([*killed, *ctr], key=lambda h: h.line)
    died = sorted([*died, *ctx.h("tools.kernel_restart").all(), *error_page_deaths(ctx)],
                  key=lambda h: h.line)
    yarn = ctx.h("tools.yarn_limit").all()
    if yarn:
        return [_yarn_limit(ctx, yarn)]
    platform = ctx.h("tools.platform_memory_limit").all()
    if platform:
        h = platform[0]
        return [catalogue.make(
            "host-ram-exhausted-process-killed", variant="container-limit",
            evidence=log_evidence(platform),
            cause=(f"The platform ended the container: it used {h.need('used')} of its memory "
                   f"limit of {h.need('limit')} (a managed service's own report, Cloud Run's "
                   "wording). The limit is the service's setting, not the machine's RAM; what "
                   "the container holds counts against it: the model loaded at start (and any "
                   "other model or checkpoint it loads), the request's data, and the files of "
                   "an in-memory file system. Host memory, not the GPU's."),
            doc="cloud-run-memory-limits",
            fix=((f"gcloud run services update <service> --memory {size}   # Cloud Run: a "
                  "larger limit (up to 32Gi, with enough CPUs for it); a job: gcloud run jobs "
                  "update <job> --memory ..."
                  if (size := _next_size(h.need("limit"))) else
                  "# the limit is already Cloud Run's largest (32Gi): hold less (below), or run "
                  "it where more memory fits (a GKE node pool, a VM)"),
                 "# or hold less: load one model (no extra checkpoints in the image's model "
                 "folder), smaller batches per request, weights in float16"))]
    slurm = ctx.h("tools.slurm_oom").all()
    if slurm and not colab and not any(h.g("pid") and not h.g("cg") for h in oom):
        # Slurm's own report of the kill (with or without the kernel's record of it)
        return [_slurm_limit(slurm, oom, killed, died)]
    if oom or colab:
        first: Hit = (oom or colab)[0]
        # The killed process (the kill line's), else the one that asked for memory (the
        # record's first line, "X invoked oom-killer").
        kills = [h for h in oom if h.g("comm") or h.g("comm2")]
        comm = (kills[0].g("comm") or kills[0].g("comm2")) if kills else first.g("inv")
        limit = [h for h in oom if _limit_hit(h)]
        # A global kill line ("Out of memory: Killed process", no "Memory cgroup") says the
        # host's RAM ran out; "X invoked oom-killer" opens every record, global or cgroup.
        global_kill = [h for h in oom if h.g("pid") and not h.g("cg")]
        if limit and not global_kill:
            # a limit set on the container or job was reached, whatever the host's RAM
            container = not any(h.g("cg") or h.g("cg2") for h in limit)
            first = (kills or limit)[0] if not container else limit[0]
            what = (("the container runtime reports the container OOM-killed (line "
                     f"{first.line})") if container else
                    ("the kernel's OOM killer ended "
                     + (f"process {comm}" if comm else "a process")
                     + f" because its memory cgroup was full (line {first.line})"))
            return [catalogue.make(
                "host-ram-exhausted-process-killed",
                variant="container-limit" if container else "cgroup-limit",
                evidence=log_evidence(oom, colab, killed, died),
                cause=(f"The {'container' if container else 'memory cgroup'} reached its "
                       f"memory limit: {what}. The limit is set on the container or job "
                       "(docker run --memory, Kubernetes resources.limits.memory, a Slurm "
                       "job's --mem) and may be far below the host's RAM. This is host "
                       "memory, not the GPU's (a GPU out-of-memory is a "
                       "ResourceExhaustedError/OOM message from TensorFlow, and the process "
                       "survives it): the data, the model or the input pipeline held in "
                       "memory outgrew the limit."),
                fix=_limit_fix(),
            )]
        if oom:
            what = ("the kernel's OOM killer ended "
                    + (f"process {comm}" if comm else "a process") + f" (line {first.line})")
        elif first.g("kaggle"):  # Kaggle's notice
            what = ("Kaggle restarted the notebook after it tried to allocate more memory "
                    f"than is available (line {first.line})")
        else:
            what = f"Colab ended the session after it used all its RAM (line {first.line})"
        return [catalogue.make(
            "host-ram-exhausted-process-killed",
            evidence=log_evidence(oom, colab, killed, died),
            cause=(f"The host ran out of RAM: {what}. This is the machine's memory, not the "
                   "GPU's (a GPU out-of-memory is a ResourceExhaustedError/OOM message from "
                   "TensorFlow, and the process survives it): the data, the model or the "
                   "input pipeline held in host memory outgrew it."),
            fix=_fix(ctx, colab=bool(colab) and not oom, kernel=False),
        )]
    if _other_death(ctx):
        return []
    if killed:
        return [catalogue.make(
            "host-ram-exhausted-process-killed", variant="hedged",
            evidence=log_evidence(killed, died),
            cause=(f"The process was killed with SIGKILL (line {killed[0].end_line}"
                   + (f": {exit_code_meaning(137)}" if killed[0].g("code") else "")
                   + "). On Linux "
                   "that is most often the kernel's OOM killer when host RAM (not GPU memory) "
                   "runs out, but a kill by a user, a job scheduler's limit or a container's "
                   "memory limit prints the same: the kernel log says which."),
            fix=_fix(ctx, colab=False, kernel=False),
        )]
    if died:
        largest, pressure = _host_pressure(ctx)
        return [catalogue.make(
            "host-ram-exhausted-process-killed", variant="kernel-died",
            category=None if pressure else "unknown",
            evidence=log_evidence(died, largest),
            cause=(f"The notebook's kernel process died (line {died[0].line}); the notebook "
                   "does not say why. Most often host RAM ran out (the OOM killer), but a "
                   "native crash (an illegal CPU instruction, a segfault in a library) ends it "
                   "the same way." + pressure),
            fix=_fix(ctx, colab=False, kernel=True),
        )]
    return []


#: Lines above a notebook kernel's death within which an error the log shows is the death's
#: likelier cause: the kernel's own last output before the server (or the frontend) reports
#: the death, with a few lines of the server's own log in between.
_KERNEL_DEATH_ABOVE = 8


def shuffle_buffer_unfinished(ctx: Facts) -> list[Finding]:
    """``host-ram-exhausted-process-killed`` variant ``shuffle-buffer`` (a warning): tf.data
    logged its shuffle buffer filling at least twice (the op logs its progress while filling
    takes long) and the log ends there: no "Shuffle buffer filled.", no exception or fatal
    error after it, and no other death this module reads.  The whole buffer is held in host
    RAM, so a process that stops while filling a large one was most likely killed for
    memory (the kernel's OOM killer leaves no line in the program's own output)."""
    hits = ctx.h("tfdata.shuffle_filling").all()
    filling = [h for h in hits if h.g("size")]
    if len(filling) < 2 or any(h.g("done") and h.line > filling[-1].line for h in hits):
        return []
    # any line a pattern read after the last progress line (an error, a later run's lines)
    last = filling[-1].line
    later = [name for name, found in ctx.log.hits.items()
             if name != "tfdata.shuffle_filling" and found.last is not None
             and found.last.line > last]
    if later or _other_death(ctx):
        return []
    size = filling[-1].need("size")
    return [catalogue.make(
        "host-ram-exhausted-process-killed", variant="shuffle-buffer", size=size,
        evidence=log_evidence(filling[-2:]),
        fix=("dmesg -T | grep -i -E 'killed process|out of memory'   # the kernel's record, if "
             "it killed the process",
             f"# a smaller shuffle buffer: dataset.shuffle(buffer_size=...) well below {size} "
             "elements; with file names shuffled before reading (or the data shuffled once "
             "on disk) a smaller buffer still mixes the data",
             "free -h   # the host RAM the buffer must fit in"))]


def kernel_death_after_error(ctx: Facts, found: Sequence[Finding]) -> tuple[Finding, ...]:
    """``found`` with the ``kernel-died`` reading of a notebook kernel's death (host RAM,
    most often) deferred to an error just above the death: a kernel death is a consequence
    (the process ended, and Jupyter or VS Code can only say that it did), so an error-level
    finding that quotes a line at most :data:`_KERNEL_DEATH_ABOVE` lines above the first
    death line (``tools.kernel_died``: JupyterLab's "appears to have died", VS Code's
    "Kernel crashed"; ``tools.kernel_restart``: jupyter_client's "KernelRestarter:
    restarting kernel"), with no Keras epoch line between the two (the program went on
    after it), is the likelier cause: a native abort (a cuDNN sub-library that cannot
    load, a missing DLL) ends the kernel the same way.  The reading then becomes a note
    (variant ``kernel-died-after-error``) that names that finding and keeps RAM as the
    other reason; the nearest such error wins.  Spyder's error page (``tools.kernel_error_page``,
    :func:`~tfgpu.diagnosis.checks.unknown.error_page_deaths`) puts the kernel's stderr UNDER
    its heading: there the last error-level finding quoting a line below the heading wins.
    Unchanged when no error is that close: the RAM reading stays a hedge (a warning), since
    the log shows no OOM record."""
    hedge = catalogue.make("host-ram-exhausted-process-killed", variant="kernel-died").title
    pages = error_page_deaths(ctx)
    died = sorted([*ctx.h("tools.kernel_died").all(), *ctx.h("tools.kernel_restart").all(),
                   *pages], key=lambda h: h.line)
    reading = next((f for f in found if f.id == "host-ram-exhausted-process-killed"
                    and f.title == hedge), None)
    if reading is None or not died:
        return tuple(found)
    death = died[0].line
    epochs = [h.line for h in ctx.h("ctx.keras_epoch").all()]
    best: tuple[int, int, Finding] | None = None  # (nearest line, its message's first, finding)
    for f in found:
        if f.severity is not Severity.ERROR or f.harmless or f is reading:
            continue
        lines = [n for e in f.evidence if e.source == "log" and (n := e.line) is not None]
        above = sorted(n for n in lines if 0 < death - n <= _KERNEL_DEATH_ABOVE)
        if not above and died[0] in pages:
            # Spyder's error page: the kernel's stderr is under its heading
            below = sorted(n for n in lines if n > death)
            if below:
                above = [below[-1]]
        # the message's first line: an epoch after it means the program went on
        if above and any(above[0] < k < death for k in epochs):
            continue
        if above and (best is None or above[-1] > best[0]):
            best = (above[-1], above[0], f)
    if best is None:
        return tuple(found)
    _, line, cause = best
    deferred = catalogue.make(
        "host-ram-exhausted-process-killed", variant="kernel-died-after-error",
        cause_id=cause.id,
        evidence=reading.evidence,
        cause=((f"The notebook's kernel process died (line {death}) right after the error on "
                if line < death else
                f"The IDE's kernel process died (line {death}: the kernel's error output "
                "follows the heading), and that output holds the error on ")
               + f"line {line}, {cause.id} ({cause.title}): a kernel death is a consequence, "
               "and that error is its likelier cause (a native abort in a library ends the "
               "kernel the same way, and the notebook only reports the death). Host RAM "
               "running out is the other usual reason; the log shows no OOM-killer record."),
        fix=("# fix that error first; if the kernel still dies, run the same code as a "
             "script in a terminal (python train.py): it prints what killed it (Killed, a "
             "traceback, Illegal instruction)",),
    )
    return sort_findings([deferred if f is reading else f for f in found])


__all__ = ["host_ram_exhausted", "kernel_death_after_error", "shuffle_buffer_unfinished"]
