"""Pure decisions behind :func:`tfgpu.setup`: precision, strategy, memory.

Nothing here imports TensorFlow.  Each function takes plain values (compute
capabilities, device counts, the environment as a mapping) and returns a choice with
the reason in words, so the logic is tested without TensorFlow and the reasons end up
in :attr:`tfgpu.SetupResult.summary`.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tfgpu._words import plural

if TYPE_CHECKING:
    from tfgpu.knowledge import Knowledge

from tfgpu.knowledge import docs, knowledge_or_packaged

#: TensorFlow's mixed-precision guide (site/en/guide/mixed_precision.ipynb in
#: tensorflow/docs): "NVIDIA GPUs support using a mix of float16 and float32, while TPUs
#: support a mix of bfloat16 and float32"; GPUs of compute capability >= 7.0 have Tensor
#: Cores and "will see the greatest performance benefit"; "On CPUs, mixed precision will
#: run significantly slower".
MIXED_PRECISION_DOC = docs.url("tf-mixed-precision")
#: NVIDIA A100 Tensor Core GPU Architecture whitepaper: bfloat16 Tensor Core math starts
#: with the Ampere generation (compute capability 8.0).
AMPERE_BF16_DOC = docs.url("nvidia-ampere-whitepaper")
#: TensorFlow's GPU guide (site/en/guide/gpu.ipynb): memory growth, the
#: TF_FORCE_GPU_ALLOW_GROWTH variable and logical devices with a memory limit.
GPU_GUIDE_DOC = docs.url("tf-gpu-guide")
#: TensorFlow's distributed-training guide: TF_CONFIG and MultiWorkerMirroredStrategy.
MULTI_WORKER_DOC = docs.url("tf-multi-worker")

#: Values accepted for ``mixed_precision=``.
PRECISION_CHOICES: tuple[str, ...] = ("auto", "float32", "mixed_float16", "mixed_bfloat16")


class ConfigError(ValueError):
    """A setup argument or environment variable that cannot be used (bad value)."""


@dataclass(frozen=True, slots=True)
class Choice:
    """One decision of :func:`tfgpu.setup` and why it was made.

    Attributes:
        topic: what was decided (``"precision"``, ``"strategy"``, ``"memory"``, ...).
        value: the decision, e.g. ``"mixed_float16"``.
        reason: one or more sentences with the numbers behind it.
        doc: where the rule comes from (URL), or ``None``.
    """

    topic: str
    value: str
    reason: str
    doc: str | None = None


def _cc_text(cc: tuple[int, int]) -> str:
    return f"{cc[0]}.{cc[1]}"


def choose_precision(
    requested: str | bool | None,
    compute_capabilities: Sequence[tuple[int, int] | None],
    names: Sequence[str | None] | None = None,
    *,
    kb: Knowledge | None = None,
) -> Choice:
    """Pick the Keras dtype policy.

    ``"auto"`` gives ``mixed_float16`` when every visible GPU has Tensor Cores, and
    ``float32`` on GPUs without them, on unknown GPUs and without a GPU.  Whether a GPU
    has Tensor Cores is the knowledge's answer (:meth:`tfgpu.knowledge.Knowledge.
    tensor_cores`): by the GPU's name first (a GeForce GTX 1650 has compute capability
    7.5 but no Tensor Cores), by the compute-capability floor (7.0, platform fact
    ``tensor-cores-min-cc``) only when the name does not answer, and the reason says
    so.  ``auto`` never picks ``mixed_bfloat16``: TensorFlow's guide names float16 as the
    GPU mixed type (bfloat16 is the TPU one), and float16 runs on every Tensor Core GPU;
    ask for ``"mixed_bfloat16"`` explicitly on compute capability >= 8.0 (Ampere,
    platform fact ``bfloat16-min-cc``) for its float32-sized exponent range (no loss
    scaling).

    Args:
        requested: ``"auto"``, ``"float32"``, ``"mixed_float16"``, ``"mixed_bfloat16"``;
            ``False``/``None`` mean ``"float32"``, ``True`` means ``"auto"``.
        compute_capabilities: ``(major, minor)`` of each visible GPU (``None`` when
            TensorFlow did not report it); empty without a GPU.
        names: each GPU's name as TensorFlow reports it (``get_device_details``
            ``device_name``), same order; ``None`` (or a ``None`` item) when unknown.
        kb: the knowledge; ``None`` loads the packaged tables (cached, no TensorFlow).

    Returns:
        The policy name and the reason.

    Raises:
        ConfigError: ``requested`` is not one of the accepted values, or
            ``mixed_bfloat16`` is asked for on a GPU older than compute capability 8.0.
        tfgpu.knowledge.KnowledgeError: the knowledge tables cannot be read (a broken
            install).

    Sources: MIXED_PRECISION_DOC (cc >= 7.0, CPU slower), AMPERE_BF16_DOC (bf16 >= 8.0),
    through the knowledge rows named above.
    """
    if requested is None or requested is False:
        requested = "float32"
    elif requested is True:
        requested = "auto"
    if requested not in PRECISION_CHOICES:
        raise ConfigError(
            f"mixed_precision={requested!r} is not one of {', '.join(PRECISION_CHOICES)}"
        )
    ccs = list(compute_capabilities)
    known = [cc for cc in ccs if cc is not None]
    lowest = min(known) if known else None
    if requested == "float32":
        return Choice("precision", "float32", "float32 was asked for.", MIXED_PRECISION_DOC)
    kb = knowledge_or_packaged(kb)
    tc_floor = _cc_text(kb.cc_floor("tensor-cores-min-cc")[0])
    bf16_floor = kb.cc_floor("bfloat16-min-cc")[0]
    if requested == "mixed_bfloat16":
        if ccs and (lowest is None or len(known) < len(ccs) or lowest < bf16_floor):
            shown = _cc_text(lowest) if lowest is not None else "unknown"
            raise ConfigError(
                f"mixed_bfloat16 needs compute capability >= {_cc_text(bf16_floor)} "
                f"(Ampere) on every GPU; the lowest here is {shown}. Use "
                f"mixed_precision='mixed_float16' (Tensor Cores, cc >= {tc_floor}) or "
                f"'float32'. Source: {AMPERE_BF16_DOC}"
            )
        if not ccs:
            return Choice(
                "precision", "mixed_bfloat16",
                "mixed_bfloat16 was asked for; there is no GPU, and on CPUs mixed precision "
                "runs significantly slower than float32.", MIXED_PRECISION_DOC,
            )
        assert lowest is not None
        return Choice(
            "precision", "mixed_bfloat16",
            f"mixed_bfloat16 was asked for; every GPU has compute capability >= "
            f"{_cc_text(bf16_floor)} (lowest {_cc_text(lowest)}) and bfloat16 Tensor Cores.",
            AMPERE_BF16_DOC,
        )
    gpu_names = list(names) if names is not None else []
    gpu_names += [None] * (len(ccs) - len(gpu_names))
    answers = [kb.tensor_cores(name, _cc_text(cc) if cc is not None else None)
               for name, cc in zip(gpu_names, ccs, strict=False)]
    without = next((a for a in answers if a.has is False), None)
    unknown = any(a.has is None for a in answers)
    by_floor = [a for a in answers if a.basis == "cc-floor"]
    # say so when the floor stood in for a name: the floor is wrong for TU116/TU117 parts
    floor_note = (
        "" if not by_floor else
        " (Tensor Cores judged by the compute-capability floor alone: "
        + ("no GPU name known" if all(a.name is None for a in by_floor)
           else "the knowledge table has no answer for " + ", ".join(
               sorted({a.name for a in by_floor if a.name})))
        + ")"
    )
    if requested == "mixed_float16":
        if not ccs:
            why = ("mixed_float16 was asked for; there is no GPU, and on CPUs mixed "
                   "precision runs significantly slower than float32.")
        elif not unknown and without is None:
            assert lowest is not None
            why = (f"mixed_float16 was asked for; every GPU has Tensor Cores (lowest "
                   f"compute capability {_cc_text(lowest)} >= {tc_floor}){floor_note}, so "
                   f"they speed up float16.")
        elif without is not None and without.basis == "gpu-table":
            why = (f"mixed_float16 was asked for, but {without.describe()}: expect memory "
                   f"savings and no math speed-up.")
        else:
            shown = _cc_text(lowest) if lowest is not None else "unknown"
            why = (f"mixed_float16 was asked for, but the lowest compute capability is "
                   f"{shown} (< {tc_floor} or unknown): no Tensor Cores, so expect memory "
                   f"savings and no math speed-up.")
        return Choice("precision", "mixed_float16", why, MIXED_PRECISION_DOC)
    # auto
    if not ccs:
        return Choice(
            "precision", "float32",
            "auto: no GPU visible; on CPUs mixed precision runs significantly slower, "
            "so float32.", MIXED_PRECISION_DOC,
        )
    if without is not None and without.basis == "gpu-table":
        return Choice(
            "precision", "float32",
            f"auto: {without.describe()}; mixed_float16 would give no math speed-up, so "
            f"float32.", MIXED_PRECISION_DOC,
        )
    if lowest is None or len(known) < len(ccs) or unknown:
        return Choice(
            "precision", "float32",
            "auto: TensorFlow did not report the compute capability of every GPU, so "
            "float32 (pass mixed_precision='mixed_float16' to override).",
            MIXED_PRECISION_DOC,
        )
    if without is None:
        extra = ""
        if lowest >= bf16_floor:
            extra = (" (mixed_bfloat16 is also supported here: pass it explicitly to "
                     "avoid float16 loss scaling)")
        return Choice(
            "precision", "mixed_float16",
            f"auto: lowest compute capability {_cc_text(lowest)} >= {tc_floor}, so Tensor "
            f"Cores run float16 math{extra}{floor_note}.", MIXED_PRECISION_DOC,
        )
    return Choice(
        "precision", "float32",
        f"auto: lowest compute capability {_cc_text(lowest)} < {tc_floor} has no Tensor "
        f"Cores; mixed_float16 would give no math speed-up, so float32.", MIXED_PRECISION_DOC,
    )


class StrategyKind(enum.Enum):
    """Which ``tf.distribute`` strategy :func:`tfgpu.setup` builds."""

    DEFAULT = "default"
    ONE_DEVICE = "one_device"
    MIRRORED = "mirrored"
    MULTI_WORKER = "multi_worker"


@dataclass(frozen=True, slots=True)
class StrategyPlan:
    """The strategy decision.

    Attributes:
        kind: the strategy to build.
        devices: device names for ``ONE_DEVICE``/``MIRRORED`` (``"/gpu:0"``, ``"/cpu:1"``);
            empty for the others (TensorFlow picks).
        cluster_source: ``"TF_CONFIG"`` or ``"slurm"`` for ``MULTI_WORKER``, else ``None``.
        num_workers: worker processes in the cluster (1 unless multi-worker).
        task_index: this process's index among the workers (0 unless multi-worker).
        choice: the decision and its reason, for the summary.
        task_type: this process's task type (``"worker"``, ``"chief"``, ...).
        addresses: ``host:port`` of every worker (chief first) from ``TF_CONFIG``; empty
            for Slurm (the resolver knows them) and on one machine.
        notes: environment settings that were ignored and why (Slurm variables outside an
            ``srun`` step, malformed values), for the summary.
    """

    kind: StrategyKind
    devices: tuple[str, ...]
    cluster_source: str | None
    num_workers: int
    task_index: int
    choice: Choice
    task_type: str = "worker"
    addresses: tuple[str, ...] = ()
    notes: tuple[Choice, ...] = ()


#: Task types TensorFlow accepts in ``TF_CONFIG`` without a matching cluster job: the
#: side-car evaluator (TensorFlow's distributed-training guide, "evaluator" task).
_TASK_TYPES_WITHOUT_JOB = ("evaluator",)


@dataclass(frozen=True, slots=True)
class TfConfig:
    """The parts of ``TF_CONFIG`` that :func:`choose_strategy` uses.

    Attributes:
        addresses: ``host:port`` of the ``chief`` then the ``worker`` tasks.
        task_type: this process's task type, or ``None`` when ``task`` is absent (allowed
            only for a one-worker cluster).
        task_index: this process's index within its job, or ``None`` with no ``task``.
    """

    addresses: tuple[str, ...]
    task_type: str | None
    task_index: int | None

    @property
    def workers(self) -> int:
        """Number of ``chief`` plus ``worker`` tasks (the processes that train)."""
        return len(self.addresses)


def parse_tf_config(text: str) -> TfConfig:
    """Read and check a ``TF_CONFIG`` value.

    Args:
        text: the JSON text of the ``TF_CONFIG`` environment variable, e.g.
            ``{"cluster": {"worker": ["127.0.0.1:20000", "127.0.0.1:20001"]},
            "task": {"type": "worker", "index": 0}}``.

    Returns:
        The cluster's chief and worker addresses and this process's task.

    Raises:
        ConfigError: the text is not JSON; its ``cluster``/``task`` parts have the wrong
            shape; a cluster of several workers has no ``task`` (TensorFlow would need to
            know which one this process is); ``task.type`` is not a job of the cluster;
            or ``task.index`` is outside that job's address list.  TensorFlow itself would
            fail later with a bare ``ValueError`` ("The task_id 5 exceeds the maximum id
            of worker.").

    Source: MULTI_WORKER_DOC (TF_CONFIG layout).
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ConfigError(f"TF_CONFIG is not valid JSON ({exc.msg} at char {exc.pos})") from exc
    if not isinstance(data, dict):
        raise ConfigError("TF_CONFIG must be a JSON object with 'cluster' and 'task'")
    cluster = data.get("cluster", {})
    if not isinstance(cluster, dict):
        raise ConfigError("TF_CONFIG 'cluster' must be an object of job name -> address list")
    for job, addrs in cluster.items():
        if not isinstance(addrs, list) or not all(isinstance(a, str) for a in addrs):
            raise ConfigError(f"TF_CONFIG cluster.{job} must be a list of 'host:port'")
    addresses: list[str] = []
    for job in ("chief", "worker"):
        addresses.extend(cluster.get(job, []))
    task = data.get("task")
    if task is None:
        if len(addresses) > 1:
            raise ConfigError(
                f"TF_CONFIG lists {len(addresses)} workers but has no 'task', so this "
                f"process does not know which one it is: add "
                f'"task": {{"type": "worker", "index": i}} with its own i'
            )
        return TfConfig(tuple(addresses), None, None)
    if not isinstance(task, dict):
        raise ConfigError("TF_CONFIG 'task' must be an object with 'type' and 'index'")
    ttype = task.get("type")
    index = task.get("index", 0)
    if not isinstance(ttype, str) or not isinstance(index, int) or isinstance(index, bool):
        raise ConfigError("TF_CONFIG task needs a string 'type' and an integer 'index'")
    if ttype in cluster:
        size = len(cluster[ttype])
        if size == 0:
            raise ConfigError(f"TF_CONFIG task.type is {ttype!r}, but cluster.{ttype} has "
                              f"no addresses")
        if not 0 <= index < size:
            raise ConfigError(
                f"TF_CONFIG task.index {index} is outside 0..{size - 1} (cluster.{ttype} "
                f"has {size} address{'es' if size != 1 else ''}): give each worker its own "
                f"index from 0 to {size - 1}"
            )
    elif ttype not in _TASK_TYPES_WITHOUT_JOB:
        jobs = ", ".join(sorted(cluster)) or "none"
        raise ConfigError(
            f"TF_CONFIG task.type {ttype!r} is not a job of the cluster (jobs: {jobs}); "
            f"use one of them, usually 'worker'"
        )
    return TfConfig(tuple(addresses), ttype, index)


def slurm_task_count(env: Mapping[str, str]) -> tuple[int, int] | None:
    """Slurm tasks of the current job step, as TensorFlow's SlurmClusterResolver reads them.

    Args:
        env: the environment (``os.environ``).

    Returns:
        ``(num_tasks, proc_id)`` from ``SLURM_STEP_NUM_TASKS`` and ``SLURM_PROCID``, or
        ``None`` outside a Slurm job step (either variable missing or not an integer;
        :func:`slurm_notes` says which).

    Source: tensorflow/python/distribute/cluster_resolver/slurm_cluster_resolver.py
    (TF 2.21): it reads SLURM_PROCID, SLURM_STEP_NUM_TASKS, SLURM_STEP_NODELIST and
    SLURM_STEP_TASKS_PER_NODE.
    """
    try:
        tasks = int(env["SLURM_STEP_NUM_TASKS"])
        proc = int(env["SLURM_PROCID"])
    except (KeyError, ValueError):
        return None
    return tasks, proc


def _int_or_none(text: str | None) -> int | None:
    if text is None:
        return None
    try:
        return int(text)
    except ValueError:
        return None


def slurm_notes(env: Mapping[str, str], tf_config_wins: bool) -> tuple[Choice, ...]:
    """Slurm settings that :func:`choose_strategy` does not use, and why.

    Without these notes a Slurm job that is not an ``srun`` step silently trains as one
    worker.

    Args:
        env: the environment.
        tf_config_wins: ``TF_CONFIG`` already made this process one of several workers.

    Returns:
        One ``Choice`` (topic ``"slurm"``) per ignored setting; empty outside Slurm and
        when the Slurm step is used.

    Source: Slurm's sbatch/srun manual pages (SLURM_NTASKS is set for the allocation,
    SLURM_STEP_NUM_TASKS and SLURM_PROCID only inside an ``srun`` job step).
    """
    notes: list[Choice] = []
    step_raw = env.get("SLURM_STEP_NUM_TASKS")
    proc_raw = env.get("SLURM_PROCID")
    step = _int_or_none(step_raw)
    if step_raw is None:
        ntasks_raw = env.get("SLURM_NTASKS")
        ntasks = _int_or_none(ntasks_raw)
        if ntasks_raw is not None and ntasks is None:
            notes.append(Choice(
                "slurm", "ignored",
                f"SLURM_NTASKS={ntasks_raw!r} is not an integer; Slurm variables are "
                f"ignored: running as 1 worker.",
            ))
        elif ntasks is not None and ntasks > 1 and not tf_config_wins:
            notes.append(Choice(
                "slurm", "not an srun step",
                f"Slurm allocation with {ntasks} tasks (SLURM_NTASKS), but this is not an "
                f"srun step (no SLURM_STEP_NUM_TASKS): running as 1 worker. Start the "
                f"script with `srun python train.py` to run one worker per task.",
                MULTI_WORKER_DOC,
            ))
        return tuple(notes)
    if step is None or step < 1:
        notes.append(Choice(
            "slurm", "ignored",
            f"SLURM_STEP_NUM_TASKS={step_raw!r} is not a positive integer; the Slurm step "
            f"is ignored: running as 1 worker.",
        ))
    elif _int_or_none(proc_raw) is None:
        shown = " is not set" if proc_raw is None else f"={proc_raw!r} is not an integer"
        notes.append(Choice(
            "slurm", "ignored",
            f"SLURM_STEP_NUM_TASKS={step} but SLURM_PROCID{shown}; the Slurm step is "
            f"ignored: running as 1 worker.",
        ))
    elif tf_config_wins and step > 1:
        notes.append(Choice(
            "slurm", "ignored",
            f"Slurm step with {step} tasks, but TF_CONFIG takes precedence: the cluster "
            f"comes from TF_CONFIG.",
        ))
    return tuple(notes)


def choose_strategy(
    num_gpus: int, num_cpu_devices: int, env: Mapping[str, str]
) -> StrategyPlan:
    """Pick the distribution strategy.

    Order: a ``TF_CONFIG`` with more than one worker, then a Slurm step with more than
    one task -> ``MultiWorkerMirroredStrategy``; otherwise several GPUs ->
    ``MirroredStrategy``; one GPU -> ``OneDeviceStrategy``; no GPU but several logical
    CPU devices -> ``MirroredStrategy`` over them; else the default strategy.  Slurm
    settings that are not used are listed in :attr:`StrategyPlan.notes`.

    Args:
        num_gpus: logical GPU devices this process sees.
        num_cpu_devices: logical CPU devices (more than 1 only after splitting CPU:0).
        env: the environment (``TF_CONFIG``, ``SLURM_*``).

    Returns:
        The plan, with the reason.

    Raises:
        ConfigError: ``TF_CONFIG`` is malformed or inconsistent (see
            :func:`parse_tf_config`), or in a Slurm step of several tasks
            ``SLURM_PROCID`` is outside ``0..SLURM_STEP_NUM_TASKS-1``.

    Source: MULTI_WORKER_DOC (TF_CONFIG), slurm_cluster_resolver.py (Slurm variables).
    """
    tf_config = env.get("TF_CONFIG", "").strip()
    if tf_config:
        cfg = parse_tf_config(tf_config)
        if cfg.workers > 1:
            ttype = cfg.task_type or "worker"
            index = cfg.task_index or 0
            return StrategyPlan(
                StrategyKind.MULTI_WORKER, (), "TF_CONFIG", cfg.workers, index,
                Choice(
                    "strategy", "MultiWorkerMirroredStrategy",
                    f"TF_CONFIG lists {cfg.workers} workers; this process is "
                    f"{ttype} {index}.", MULTI_WORKER_DOC,
                ),
                task_type=ttype, addresses=cfg.addresses,
                notes=slurm_notes(env, tf_config_wins=True),
            )
    notes = slurm_notes(env, tf_config_wins=False)
    slurm = slurm_task_count(env)
    if slurm is not None and slurm[0] > 1:
        tasks, proc = slurm
        if proc < 0 or proc >= tasks:
            what = (f"SLURM_PROCID {proc} >= SLURM_STEP_NUM_TASKS {tasks}" if proc >= tasks
                    else f"SLURM_PROCID {proc} is negative")
            raise ConfigError(
                f"{what}: this process is not one of the srun step's tasks 0..{tasks - 1}; "
                f"start it with srun, or unset the SLURM_* variables to run as 1 worker"
            )
        return StrategyPlan(
            StrategyKind.MULTI_WORKER, (), "slurm", tasks, proc,
            Choice(
                "strategy", "MultiWorkerMirroredStrategy",
                f"Slurm job step with {tasks} tasks (SLURM_STEP_NUM_TASKS); this process "
                f"is task {proc} (SLURM_PROCID); cluster from SlurmClusterResolver.",
                MULTI_WORKER_DOC,
            ),
            notes=notes,
        )
    if num_gpus > 1:
        devs = tuple(f"/gpu:{i}" for i in range(num_gpus))
        why = f"{num_gpus} GPUs in this process: one model replica per GPU."
        return _one_worker(StrategyKind.MIRRORED, devs, "MirroredStrategy", why, notes)
    if num_gpus == 1:
        why = "one GPU: every variable and op on /gpu:0."
        return _one_worker(StrategyKind.ONE_DEVICE, ("/gpu:0",), "OneDeviceStrategy", why, notes)
    if num_cpu_devices > 1:
        devs = tuple(f"/cpu:{i}" for i in range(num_cpu_devices))
        why = (f"no GPU, {num_cpu_devices} logical CPU devices: one replica per CPU "
               f"device (useful to test multi-device code on a laptop).")
        return _one_worker(StrategyKind.MIRRORED, devs, "MirroredStrategy", why, notes)
    why = "no GPU: TensorFlow's default (CPU) strategy."
    return _one_worker(StrategyKind.DEFAULT, (), "default strategy", why, notes)


def _one_worker(
    kind: StrategyKind, devices: tuple[str, ...], name: str, why: str,
    notes: tuple[Choice, ...],
) -> StrategyPlan:
    """A plan for this process alone (1 worker, task 0): ``kind`` over ``devices``, shown
    as strategy ``name`` because ``why``."""
    return StrategyPlan(kind, devices, None, 1, 0, Choice("strategy", name, why), notes=notes)


@dataclass(frozen=True, slots=True)
class MemoryPlan:
    """What to configure on each GPU.

    Attributes:
        growth: call ``tf.config.experimental.set_memory_growth(gpu, growth)``;
            ``None``: leave TensorFlow's setting alone.
        limit_mib: one logical device per GPU with this memory limit (MiB), or ``None``.
        choices: the decisions and reasons (memory and the environment variables).
    """

    growth: bool | None
    limit_mib: int | None
    choices: tuple[Choice, ...]


def plan_memory(
    memory_growth: bool, memory_limit_mib: int | None, env: Mapping[str, str], num_gpus: int
) -> MemoryPlan:
    """Decide the GPU memory configuration and explain the environment variables.

    TensorFlow forbids memory growth on a GPU that has logical devices ("Cannot set memory
    growth on device when virtual devices configured"), so a limit wins over growth.
    ``TF_FORCE_GPU_ALLOW_GROWTH`` overrides the Python setting (TensorFlow logs "Overriding
    ... because the TF_FORCE_GPU_ALLOW_GROWTH environment variable is set");
    ``TF_GPU_ALLOCATOR=cuda_malloc_async`` switches to CUDA's stream-ordered allocator
    (cudaMallocAsync) instead of TensorFlow's BFC allocator, which TensorFlow's own
    out-of-memory message suggests against fragmentation ("If the cause is memory
    fragmentation maybe the environment variable 'TF_GPU_ALLOCATOR=cuda_malloc_async'
    will improve the situation").

    Args:
        memory_growth: the ``setup()`` argument.
        memory_limit_mib: hard limit per GPU in MiB (> 0), or ``None``.
        env: the environment.
        num_gpus: physical GPUs visible to this process.

    Returns:
        The plan.

    Raises:
        ConfigError: ``memory_limit_mib`` is not a positive integer.

    Source: GPU_GUIDE_DOC (growth, the variable, logical devices); tensorflow
    eager/context.py (growth vs. logical devices); the quoted log lines are strings in
    TF 2.21's libtensorflow_framework.so.2 (BFC and cudaMallocAsync allocators).
    """
    if memory_limit_mib is not None and (
        isinstance(memory_limit_mib, bool) or not isinstance(memory_limit_mib, int)
        or memory_limit_mib <= 0
    ):
        raise ConfigError(f"memory_limit_mib must be a positive integer (MiB), "
                          f"not {memory_limit_mib!r}")
    choices: list[Choice] = []
    force = env.get("TF_FORCE_GPU_ALLOW_GROWTH", "").strip().lower()
    allocator = env.get("TF_GPU_ALLOCATOR", "").strip()
    growth: bool | None
    if num_gpus == 0:
        growth = None
        limit = None
        choices.append(Choice("memory", "no GPU", "no GPU visible: nothing to configure."))
    elif memory_limit_mib is not None:
        growth = None
        limit = memory_limit_mib
        note = (" memory_growth is ignored: TensorFlow cannot combine growth with a "
                "logical-device limit on the same GPU." if memory_growth else "")
        choices.append(Choice(
            "memory", f"limit {memory_limit_mib} MiB per GPU",
            f"one logical device per GPU with memory_limit={memory_limit_mib} MiB "
            f"(tf.config.set_logical_device_configuration).{note}", GPU_GUIDE_DOC,
        ))
    else:
        growth = bool(memory_growth)
        limit = None
        if growth:
            why = ("memory growth on: TensorFlow takes GPU memory as it needs it instead of "
                   "mapping nearly all of it at start (tf.config.experimental.set_memory_growth).")
        else:
            why = ("memory growth off: TensorFlow maps nearly all GPU memory at start "
                   "(fastest, but other processes on the GPU may run out).")
        choices.append(Choice("memory", "growth" if growth else "preallocate", why,
                              GPU_GUIDE_DOC))
    if force:
        if force == "true":
            extra = ("; it overrides memory_growth=False" if growth is False else "")
            choices.append(Choice(
                "env", "TF_FORCE_GPU_ALLOW_GROWTH=true",
                f"set in the environment: TensorFlow's GPU allocator grows on demand{extra}.",
                GPU_GUIDE_DOC,
            ))
        elif force == "false":
            choices.append(Choice(
                "env", "TF_FORCE_GPU_ALLOW_GROWTH=false",
                "set in the environment: TensorFlow's GPU allocator preallocates, "
                "whatever memory_growth says.", GPU_GUIDE_DOC,
            ))
        else:
            choices.append(Choice(
                "env", f"TF_FORCE_GPU_ALLOW_GROWTH={force}",
                "set to a value TensorFlow ignores (it accepts 'true' or 'false').",
                GPU_GUIDE_DOC,
            ))
    if allocator:
        if allocator == "cuda_malloc_async":
            choices.append(Choice(
                "env", "TF_GPU_ALLOCATOR=cuda_malloc_async",
                "set in the environment: TensorFlow takes GPU memory from CUDA's "
                "stream-ordered allocator (cudaMallocAsync; needs a driver for CUDA >= 11.2) "
                "instead of its own BFC allocator. TensorFlow's out-of-memory message "
                "suggests it when memory fragmentation is the cause.", GPU_GUIDE_DOC,
            ))
        else:
            choices.append(Choice(
                "env", f"TF_GPU_ALLOCATOR={allocator}",
                "set in the environment to a value other than cuda_malloc_async; TensorFlow "
                "uses its default BFC allocator for anything else.", GPU_GUIDE_DOC,
            ))
    return MemoryPlan(growth, limit, tuple(choices))


def normalize_visible(visible_gpus: object) -> tuple[int, ...] | None:
    """Turn the ``visible_gpus`` argument into a tuple of indices.

    Args:
        visible_gpus: ``None`` (all GPUs), one index (``0``), or a list/tuple/range of
            indices (``[0, 2]``; ``[]`` hides every GPU).

    Returns:
        The indices as given (not yet checked against the GPUs), or ``None``.

    Raises:
        ConfigError: a bool, a string, or anything that is not an index or a sequence of
            integer indices.
    """
    if visible_gpus is None:
        return None
    if isinstance(visible_gpus, int) and not isinstance(visible_gpus, bool):
        return (visible_gpus,)
    if isinstance(visible_gpus, (bool, str, bytes, Mapping)) or not isinstance(
        visible_gpus, (Sequence, range, set, frozenset)
    ):
        raise ConfigError(
            f"visible_gpus must be a list of GPU indices such as [0] or [0, 1] (or one "
            f"index), not {visible_gpus!r}"
        )
    out: list[int] = []
    for i in visible_gpus:
        if isinstance(i, bool) or not isinstance(i, int):
            raise ConfigError(f"visible_gpus must be a list of GPU indices; {i!r} is not an "
                              f"integer index")
        out.append(i)
    return tuple(out)


def select_visible(visible_gpus: Sequence[int] | None, num_physical: int) -> tuple[int, ...]:
    """Validate ``visible_gpus`` against the physical GPUs.

    Args:
        visible_gpus: GPU indices (0-based, as ``tf.config.list_physical_devices('GPU')``
            orders them) to keep, or ``None`` for all.
        num_physical: physical GPUs TensorFlow lists.

    Returns:
        The indices to keep, sorted, without duplicates.

    Raises:
        ConfigError: an index is not an integer or is out of range.
    """
    if visible_gpus is None:
        return tuple(range(num_physical))
    out: set[int] = set()
    for i in visible_gpus:
        if isinstance(i, bool) or not isinstance(i, int):
            raise ConfigError(f"visible_gpus must hold integer GPU indices, not {i!r}")
        if not 0 <= i < num_physical:
            raise ConfigError(
                f"visible_gpus has GPU {i}, but TensorFlow lists {plural(num_physical, 'GPU')} "
                f"(valid: {', '.join(map(str, range(num_physical))) or 'none'})"
            )
        out.add(i)
    return tuple(sorted(out))
