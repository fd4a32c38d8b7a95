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

#: TensorFlow's mixed-precision guide (site/en/guide/mixed_precision.ipynb in
#: tensorflow/docs): "NVIDIA GPUs support using a mix of float16 and float32, while TPUs
#: support a mix of bfloat16 and float32"; GPUs of compute capability >= 7.0 have Tensor
#: Cores and "will see the greatest performance benefit"; "On CPUs, mixed precision will
#: run significantly slower".
MIXED_PRECISION_DOC = "https://www.tensorflow.org/guide/mixed_precision"
#: NVIDIA A100 Tensor Core GPU Architecture whitepaper: bfloat16 Tensor Core math starts
#: with the Ampere generation (compute capability 8.0).
AMPERE_BF16_DOC = (
    "https://images.nvidia.com/aem-dam/en-zz/Solutions/data-center/"
    "nvidia-ampere-architecture-whitepaper.pdf"
)
#: TensorFlow's GPU guide (site/en/guide/gpu.ipynb): memory growth, the
#: TF_FORCE_GPU_ALLOW_GROWTH variable and logical devices with a memory limit.
GPU_GUIDE_DOC = "https://www.tensorflow.org/guide/gpu"
#: TensorFlow's distributed-training guide: TF_CONFIG and MultiWorkerMirroredStrategy.
MULTI_WORKER_DOC = "https://www.tensorflow.org/tutorials/distribute/multi_worker_with_keras"

#: Smallest compute capability with Tensor Cores for float16 (Volta), per MIXED_PRECISION_DOC.
FLOAT16_MIN_CC: tuple[int, int] = (7, 0)
#: Smallest compute capability with bfloat16 Tensor Cores (Ampere), per AMPERE_BF16_DOC.
BFLOAT16_MIN_CC: tuple[int, int] = (8, 0)

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
    requested: str | bool | None, compute_capabilities: Sequence[tuple[int, int] | None]
) -> Choice:
    """Pick the Keras dtype policy.

    ``"auto"`` gives ``mixed_float16`` when every visible GPU has compute capability
    >= 7.0 (Tensor Cores), and ``float32`` on older GPUs, on unknown GPUs and without a
    GPU.  ``auto`` never picks ``mixed_bfloat16``: TensorFlow's guide names float16 as the
    GPU mixed type (bfloat16 is the TPU one), and float16 runs on every Tensor Core GPU;
    ask for ``"mixed_bfloat16"`` explicitly on compute capability >= 8.0 (Ampere) for its
    float32-sized exponent range (no loss scaling).

    Args:
        requested: ``"auto"``, ``"float32"``, ``"mixed_float16"``, ``"mixed_bfloat16"``;
            ``False``/``None`` mean ``"float32"``, ``True`` means ``"auto"``.
        compute_capabilities: ``(major, minor)`` of each visible GPU (``None`` when
            TensorFlow did not report it); empty without a GPU.

    Returns:
        The policy name and the reason.

    Raises:
        ConfigError: ``requested`` is not one of the accepted values, or
            ``mixed_bfloat16`` is asked for on a GPU older than compute capability 8.0.

    Sources: MIXED_PRECISION_DOC (cc >= 7.0, CPU slower), AMPERE_BF16_DOC (bf16 >= 8.0).
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
    if requested == "mixed_bfloat16":
        if ccs and (lowest is None or len(known) < len(ccs) or lowest < BFLOAT16_MIN_CC):
            shown = _cc_text(lowest) if lowest is not None else "unknown"
            raise ConfigError(
                f"mixed_bfloat16 needs compute capability >= 8.0 (Ampere) on every GPU; "
                f"the lowest here is {shown}. Use mixed_precision='mixed_float16' "
                f"(cc >= 7.0) or 'float32'. Source: {AMPERE_BF16_DOC}"
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
            f"mixed_bfloat16 was asked for; every GPU has compute capability >= 8.0 "
            f"(lowest {_cc_text(lowest)}) and bfloat16 Tensor Cores.", AMPERE_BF16_DOC,
        )
    if requested == "mixed_float16":
        if not ccs:
            why = ("mixed_float16 was asked for; there is no GPU, and on CPUs mixed "
                   "precision runs significantly slower than float32.")
        elif lowest is not None and len(known) == len(ccs) and lowest >= FLOAT16_MIN_CC:
            why = (f"mixed_float16 was asked for; every GPU has compute capability >= 7.0 "
                   f"(lowest {_cc_text(lowest)}), so Tensor Cores speed up float16.")
        else:
            shown = _cc_text(lowest) if lowest is not None else "unknown"
            why = (f"mixed_float16 was asked for, but the lowest compute capability is "
                   f"{shown} (< 7.0 or unknown): no Tensor Cores, so expect memory savings "
                   f"and no math speed-up.")
        return Choice("precision", "mixed_float16", why, MIXED_PRECISION_DOC)
    # auto
    if not ccs:
        return Choice(
            "precision", "float32",
            "auto: no GPU visible; on CPUs mixed precision runs significantly slower, "
            "so float32.", MIXED_PRECISION_DOC,
        )
    if lowest is None or len(known) < len(ccs):
        return Choice(
            "precision", "float32",
            "auto: TensorFlow did not report the compute capability of every GPU, so "
            "float32 (pass mixed_precision='mixed_float16' to override).",
            MIXED_PRECISION_DOC,
        )
    if lowest >= FLOAT16_MIN_CC:
        extra = ""
        if lowest >= BFLOAT16_MIN_CC:
            extra = (" (mixed_bfloat16 is also supported here: pass it explicitly to "
                     "avoid float16 loss scaling)")
        return Choice(
            "precision", "mixed_float16",
            f"auto: lowest compute capability {_cc_text(lowest)} >= 7.0, so Tensor Cores "
            f"run float16 math{extra}.", MIXED_PRECISION_DOC,
        )
    return Choice(
        "precision", "float32",
        f"auto: lowest compute capability {_cc_text(lowest)} < 7.0 has no Tensor Cores; "
        f"mixed_float16 would give no math speed-up, so float32.", MIXED_PRECISION_DOC,
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
    """

    kind: StrategyKind
    devices: tuple[str, ...]
    cluster_source: str | None
    num_workers: int
    task_index: int
    choice: Choice


def parse_tf_config(text: str) -> tuple[int, str | None, int | None]:
    """Read a ``TF_CONFIG`` value.

    Args:
        text: the JSON text of the ``TF_CONFIG`` environment variable, e.g.
            ``{"cluster": {"worker": ["127.0.0.1:20000", "127.0.0.1:20001"]},
            "task": {"type": "worker", "index": 0}}``.

    Returns:
        ``(workers, task_type, task_index)``: the number of ``chief`` plus ``worker``
        tasks in the cluster, and this process's task (``None`` when not given).

    Raises:
        ConfigError: the text is not JSON, or its ``cluster``/``task`` parts have the
            wrong shape.
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
    workers = 0
    for job in ("chief", "worker"):
        addrs = cluster.get(job, [])
        if not isinstance(addrs, list):
            raise ConfigError(f"TF_CONFIG cluster.{job} must be a list of 'host:port'")
        workers += len(addrs)
    task = data.get("task")
    if task is None:
        return workers, None, None
    if not isinstance(task, dict):
        raise ConfigError("TF_CONFIG 'task' must be an object with 'type' and 'index'")
    ttype = task.get("type")
    index = task.get("index", 0)
    if not isinstance(ttype, str) or not isinstance(index, int) or isinstance(index, bool):
        raise ConfigError("TF_CONFIG task needs a string 'type' and an integer 'index'")
    return workers, ttype, index


def slurm_task_count(env: Mapping[str, str]) -> tuple[int, int] | None:
    """Slurm tasks of the current job step, as TensorFlow's SlurmClusterResolver reads them.

    Args:
        env: the environment (``os.environ``).

    Returns:
        ``(num_tasks, proc_id)`` from ``SLURM_STEP_NUM_TASKS`` and ``SLURM_PROCID``, or
        ``None`` outside a Slurm job step (either variable missing or not an integer).

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


def choose_strategy(
    num_gpus: int, num_cpu_devices: int, env: Mapping[str, str]
) -> StrategyPlan:
    """Pick the distribution strategy.

    Order: a ``TF_CONFIG`` with more than one worker, then a Slurm step with more than
    one task -> ``MultiWorkerMirroredStrategy``; otherwise several GPUs ->
    ``MirroredStrategy``; one GPU -> ``OneDeviceStrategy``; no GPU but several logical
    CPU devices -> ``MirroredStrategy`` over them; else the default strategy.

    Args:
        num_gpus: logical GPU devices this process sees.
        num_cpu_devices: logical CPU devices (more than 1 only after splitting CPU:0).
        env: the environment (``TF_CONFIG``, ``SLURM_*``).

    Returns:
        The plan, with the reason.

    Raises:
        ConfigError: ``TF_CONFIG`` is malformed.

    Source: MULTI_WORKER_DOC (TF_CONFIG), slurm_cluster_resolver.py (Slurm variables).
    """
    tf_config = env.get("TF_CONFIG", "").strip()
    if tf_config:
        workers, ttype, index = parse_tf_config(tf_config)
        if workers > 1:
            return StrategyPlan(
                StrategyKind.MULTI_WORKER, (), "TF_CONFIG", workers, index or 0,
                Choice(
                    "strategy", "MultiWorkerMirroredStrategy",
                    f"TF_CONFIG lists {workers} workers; this process is "
                    f"{ttype or 'worker'} {index or 0}.", MULTI_WORKER_DOC,
                ),
            )
    slurm = slurm_task_count(env)
    if slurm is not None and slurm[0] > 1:
        return StrategyPlan(
            StrategyKind.MULTI_WORKER, (), "slurm", slurm[0], slurm[1],
            Choice(
                "strategy", "MultiWorkerMirroredStrategy",
                f"Slurm job step with {slurm[0]} tasks (SLURM_STEP_NUM_TASKS); this process "
                f"is task {slurm[1]} (SLURM_PROCID); cluster from SlurmClusterResolver.",
                MULTI_WORKER_DOC,
            ),
        )
    if num_gpus > 1:
        devs = tuple(f"/gpu:{i}" for i in range(num_gpus))
        return StrategyPlan(
            StrategyKind.MIRRORED, devs, None, 1, 0,
            Choice("strategy", "MirroredStrategy",
                   f"{num_gpus} GPUs in this process: one model replica per GPU."),
        )
    if num_gpus == 1:
        return StrategyPlan(
            StrategyKind.ONE_DEVICE, ("/gpu:0",), None, 1, 0,
            Choice("strategy", "OneDeviceStrategy", "one GPU: every variable and op on /gpu:0."),
        )
    if num_cpu_devices > 1:
        devs = tuple(f"/cpu:{i}" for i in range(num_cpu_devices))
        return StrategyPlan(
            StrategyKind.MIRRORED, devs, None, 1, 0,
            Choice("strategy", "MirroredStrategy",
                   f"no GPU, {num_cpu_devices} logical CPU devices: one replica per CPU "
                   f"device (useful to test multi-device code on a laptop)."),
        )
    return StrategyPlan(
        StrategyKind.DEFAULT, (), None, 1, 0,
        Choice("strategy", "default strategy", "no GPU: TensorFlow's default (CPU) strategy."),
    )


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
                f"visible_gpus has GPU {i}, but TensorFlow lists {num_physical} GPU(s) "
                f"(valid: {', '.join(map(str, range(num_physical))) or 'none'})"
            )
        out.add(i)
    return tuple(sorted(out))
