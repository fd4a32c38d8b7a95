"""``tfgpu.setup()``: memory, precision and strategy in one call, with the reasons.

TensorFlow is imported inside the functions, never at module import, so ``import
tfgpu`` stays cheap.  The decisions are the pure functions of
:mod:`tfgpu.runtime._decide`; this module only reads devices and applies them.
"""

from __future__ import annotations

import dataclasses
import os
import shutil
import sys
import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tfgpu.knowledge import docs
from tfgpu.runtime._decide import (
    GPU_GUIDE_DOC,
    Choice,
    ConfigError,
    StrategyKind,
    StrategyPlan,
    choose_precision,
    choose_strategy,
    normalize_visible,
    plan_memory,
    select_visible,
)
from tfgpu.runtime._signals import default_signals_while_blocked
from tfgpu.runtime._tf import import_tensorflow

#: The policy the last :func:`setup` call in this process set (to tell a second call
#: that changes it).
_last_policy: list[str] = []
#: Most worker addresses the waiting line lists before "... (N in all)".
_MAX_ADDRESSES_SHOWN = 8

#: TensorFlow's message when devices are changed after the runtime started (eager/context.py).
_TF_INITIALIZED_MARKERS = (
    "cannot be modified after being initialized",
    "must be configured at program startup",
    "must be called at program startup",
)


class SetupError(RuntimeError):
    """``tfgpu.setup()`` could not apply the configuration (message says why and the fix)."""


class SetupTypeError(SetupError, TypeError):
    """An argument of ``tfgpu.setup()`` has the wrong type (``memory_growth="false"``): a
    :class:`SetupError` and a :class:`TypeError` both, so either ``except`` catches it."""


def _check_bools(**flags: object) -> None:
    """Raise :class:`SetupTypeError` for an on/off option that is not ``True``/``False``.

    A string such as ``"false"`` is truthy: taken as it is, ``memory_growth="false"``
    would turn memory growth on, the opposite of what was written.
    """
    for name, value in flags.items():
        if not isinstance(value, bool):
            hint = (f" (the string {value!r} would count as True)" if isinstance(value, str)
                    else "")
            raise SetupTypeError(
                f"{name} must be True or False, not {type(value).__name__} {value!r}{hint}")


class DevicesAlreadyInitializedError(SetupError):
    """``tfgpu.setup()`` ran after TensorFlow had already initialised its devices.

    Usually some TensorFlow op, a ``tf.config.list_logical_devices()`` call or a Keras
    model was created before ``setup()``.  Devices can be configured only before that.
    """


_MOVE_HINT = (
    "Call tfgpu.setup() once, at the very top of your script: right after the imports and "
    "before building any model, dataset, tensor, or calling "
    "tf.config.list_logical_devices(). TensorFlow fixes its devices when it first runs an "
    "op; to change them afterwards, restart the Python process (in a notebook: restart "
    "the kernel)."
)


@dataclass(frozen=True, slots=True)
class SetupResult:
    """What :func:`setup` configured.

    Attributes:
        strategy: the ``tf.distribute.Strategy``; build and compile models inside
            ``with result.strategy.scope():``.
        policy: the global Keras dtype policy name (``"float32"``, ``"mixed_float16"``,
            ``"mixed_bfloat16"``).
        logical_devices: names of the logical devices TensorFlow created, e.g.
            ``("/job:localhost/replica:0/task:0/device:CPU:0", ...)``.
        num_replicas: model replicas in sync (``strategy.num_replicas_in_sync``).
        keras_version: version of the Keras ``tf.keras`` resolves to ("3.15.1" for
            Keras 3, "2.21.0" for tf-keras).
        num_workers: worker processes in the cluster (1 on one machine).
        task_index: this worker's index (0 when not multi-worker); worker 0 is the chief.
        choices: every decision with its reason (see :attr:`summary`).
    """

    strategy: Any
    policy: str
    logical_devices: tuple[str, ...]
    num_replicas: int
    keras_version: str
    num_workers: int
    task_index: int
    choices: tuple[Choice, ...]

    @property
    def is_chief(self) -> bool:
        """True on the worker that should write checkpoints and logs (task 0)."""
        return self.task_index == 0

    @property
    def summary(self) -> str:
        """The decisions as readable text, one topic per line with its reason."""
        lines = ["tfgpu.setup():"]
        for c in self.choices:
            head = f"  {c.topic:<10} {c.value}"
            body = textwrap.fill(c.reason, width=88, initial_indent="      ",
                                 subsequent_indent="      ")
            lines.append(head)
            lines.append(body)
        lines.append(f"  devices    {', '.join(_short(d) for d in self.logical_devices)}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.summary


def _short(name: str) -> str:
    """``/job:localhost/replica:0/task:0/device:GPU:0`` -> ``GPU:0``; a device of another
    job keeps its task: ``/job:worker/replica:0/task:1/device:CPU:0`` -> ``task 1 CPU:0``."""
    device = name.rsplit("device:", 1)[-1]
    if name.startswith("/job:localhost") or "/task:" not in name:
        return device
    task = name.split("/task:", 1)[1].split("/", 1)[0]
    return f"task {task} {device}"


#: Keras 3's ``Model.fit`` fails under MultiWorkerMirroredStrategy ("Attempt to convert a
#: value (PerReplica...) ... to a Tensor"), an open bug since TF 2.16.
KERAS3_MWMS_BUG = docs.url("keras-mwms-issue")


def keras_version(tf: Any) -> str:
    """Version of the Keras that ``tf.keras`` resolves to: Keras 3 ("3.15.1"), or tf-keras
    ("2.21.0") when ``TF_USE_LEGACY_KERAS=1`` and the ``tf-keras`` package are in use."""
    version = getattr(tf.keras, "__version__", None)
    if version:
        return str(version)
    if str(getattr(tf.keras, "__name__", "")).startswith("tf_keras"):
        import tf_keras

        return str(tf_keras.__version__)
    return "unknown"


def _is_initialized_error(exc: BaseException) -> bool:
    text = str(exc)
    return any(m in text for m in _TF_INITIALIZED_MARKERS)


def _initialized_error(exc: BaseException, what: str) -> DevicesAlreadyInitializedError:
    return DevicesAlreadyInitializedError(
        f"tfgpu.setup() came too late: TensorFlow has already initialised its devices, so "
        f"{what} cannot be applied (TensorFlow said: {exc}). {_MOVE_HINT}"
    )


def _slurm_resolver(tf: Any, env: Mapping[str, str], tasks: int) -> Any:
    """Build TensorFlow's SlurmClusterResolver, also on hosts without ``nvidia-smi``.

    The resolver counts GPUs with ``nvidia-smi`` unless ``CUDA_VISIBLE_DEVICES`` is set,
    and divides them among the tasks of a node; on a CPU-only node that count is 0 and
    the division fails, so there each task gets a notional GPU and GPU assignment is off.
    """
    resolver_cls = tf.distribute.cluster_resolver.SlurmClusterResolver
    has_gpu_info = "CUDA_VISIBLE_DEVICES" in env or shutil.which("nvidia-smi") is not None
    if has_gpu_info:
        return resolver_cls()
    return resolver_cls(gpus_per_node=tasks, gpus_per_task=1, auto_set_gpu=False)


def setup(
    memory_growth: bool = True,
    memory_limit_mib: int | None = None,
    visible_gpus: Sequence[int] | int | None = None,
    mixed_precision: str | bool | None = "auto",
    jit: bool = False,
    logical_cpus: int | None = None,
    env: Mapping[str, str] | None = None,
) -> SetupResult:
    """Configure TensorFlow for training on this host's GPUs, and say why.

    Call it once at the top of the training script, before any TensorFlow op runs::

        import tfgpu
        run = tfgpu.setup()
        print(run.summary)
        with run.strategy.scope():
            model = build_model()
            model.compile(...)

    Args:
        memory_growth: ``True``/``False`` (a bool: anything else, ``"false"`` included,
            raises :class:`SetupTypeError`): take GPU memory as needed instead of nearly
            all of it at start (``tf.config.experimental.set_memory_growth``).  Ignored
            with a limit.
        memory_limit_mib: hard limit per GPU in MiB: one logical device per GPU with this
            ``memory_limit`` (``tf.config.set_logical_device_configuration``).
        visible_gpus: indices of the GPUs to use (as TensorFlow lists them), e.g.
            ``[0, 1]``; one index (``0``) means ``[0]``; ``None`` for all.  The others are
            hidden from this process.
        mixed_precision: ``"auto"`` (``mixed_float16`` when every GPU has Tensor Cores by
            the knowledge, so not on a GTX 1650; else ``float32``), ``"float32"``,
            ``"mixed_float16"`` or ``"mixed_bfloat16"`` (compute capability >= 8.0).  Sets
            the global Keras dtype policy.
        jit: ``True``/``False`` (a bool, as ``memory_growth``): turn on XLA
            auto-clustering for TensorFlow functions (``tf.config.optimizer.set_jit(True)``).
        logical_cpus: split CPU:0 into this many logical devices (>= 2), e.g. to test
            ``MirroredStrategy`` code on a machine without GPUs.
        env: the environment the decisions read (``TF_CONFIG``, ``SLURM_*``, ``TF_*``);
            default ``os.environ``.  The multi-worker cluster comes from this
            ``TF_CONFIG``; TensorFlow's Slurm resolver and allocator read ``os.environ``.

    When this process is one worker of several, ``setup()`` prints ``tfgpu: waiting for N
    workers at host:port,... (this is worker i); start the others or press Ctrl-C`` to
    stderr and blocks until every worker has connected (TensorFlow's
    ``MultiWorkerMirroredStrategy`` does); while it waits, Ctrl-C and SIGTERM end the
    process (on Linux), which TensorFlow alone would ignore.

    Calling ``setup()`` again changes the global dtype policy for layers built afterwards;
    the summary says so when the policy changes.

    Returns:
        The strategy, policy, logical devices and a printable :attr:`SetupResult.summary`.

    Raises:
        SetupTypeError: ``memory_growth`` or ``jit`` is not a bool (a :class:`SetupError`
            and a :class:`TypeError`); checked before TensorFlow is imported.
        DevicesAlreadyInitializedError: TensorFlow already initialised its devices (an op,
            a model or ``list_logical_devices()`` ran before ``setup()``); move the call
            to the top of the script.
        SetupError: an argument or environment variable cannot be used (a malformed
            ``TF_CONFIG`` or one whose ``task.index`` is outside the cluster,
            ``SLURM_PROCID`` >= ``SLURM_STEP_NUM_TASKS``, ``visible_gpus`` that is not a
            list of indices or has an index out of range, ``mixed_bfloat16`` on an old
            GPU).
        ImportError: TensorFlow is not installed.

    Sources: https://www.tensorflow.org/guide/gpu (memory),
    https://www.tensorflow.org/guide/mixed_precision (precision),
    https://www.tensorflow.org/guide/distributed_training (strategies).
    """
    _check_bools(memory_growth=memory_growth, jit=jit)
    try:
        visible = normalize_visible(visible_gpus)
    except ConfigError as exc:
        raise SetupError(str(exc)) from exc
    tf: Any = import_tensorflow("tfgpu.setup()")

    environ: Mapping[str, str] = os.environ if env is None else env
    if logical_cpus is not None and (
        isinstance(logical_cpus, bool) or not isinstance(logical_cpus, int) or logical_cpus < 1
    ):
        raise SetupError(f"logical_cpus must be a positive integer, not {logical_cpus!r}")
    try:
        # Multi-worker is decided by the environment alone; Slurm must set
        # CUDA_VISIBLE_DEVICES before CUDA is initialised, i.e. before devices are listed.
        early = choose_strategy(0, 0, environ)
        resolver = None
        if early.kind is StrategyKind.MULTI_WORKER and early.cluster_source == "slurm":
            try:
                resolver = _slurm_resolver(tf, environ, early.num_workers)
                resolver.cluster_spec()
            except (RuntimeError, ValueError, KeyError) as exc:
                raise SetupError(
                    f"Slurm step with {early.num_workers} tasks, but TensorFlow's "
                    f"SlurmClusterResolver failed: {exc}. Check SLURM_STEP_NODELIST and "
                    f"SLURM_STEP_TASKS_PER_NODE (set by srun), or set TF_CONFIG instead."
                ) from exc

        physical = tf.config.list_physical_devices("GPU")
        keep = select_visible(visible, len(physical))
        gpus = [physical[i] for i in keep]
        choices: list[Choice] = []
        if visible is not None:
            try:
                tf.config.set_visible_devices(gpus, "GPU")
            except RuntimeError as exc:
                if _is_initialized_error(exc):
                    raise _initialized_error(exc, f"visible_gpus={list(visible)}") from exc
                raise
            hidden = len(physical) - len(keep)
            choices.append(Choice("gpus", ", ".join(f"GPU:{i}" for i in keep) or "none",
                                  f"visible_gpus={list(visible)}: the other "
                                  + ("GPU is hidden." if hidden == 1
                                     else f"{hidden} GPUs are hidden.")))

        mem = plan_memory(memory_growth, memory_limit_mib, environ, len(gpus))
        for gpu in gpus:
            try:
                if mem.limit_mib is not None:
                    tf.config.set_logical_device_configuration(
                        gpu, [tf.config.LogicalDeviceConfiguration(memory_limit=mem.limit_mib)]
                    )
                elif mem.growth is not None:
                    tf.config.experimental.set_memory_growth(gpu, mem.growth)
            except RuntimeError as exc:
                if _is_initialized_error(exc):
                    what = (f"memory_limit_mib={mem.limit_mib}" if mem.limit_mib is not None
                            else f"memory_growth={mem.growth}")
                    raise _initialized_error(exc, what) from exc
                raise
        choices.extend(mem.choices)

        n_cpu = 1
        if logical_cpus is not None and logical_cpus > 1:
            cpu0 = tf.config.list_physical_devices("CPU")[0]
            try:
                tf.config.set_logical_device_configuration(
                    cpu0, [tf.config.LogicalDeviceConfiguration() for _ in range(logical_cpus)]
                )
            except RuntimeError as exc:
                if _is_initialized_error(exc):
                    raise _initialized_error(exc, f"logical_cpus={logical_cpus}") from exc
                raise
            n_cpu = logical_cpus
            choices.append(Choice("cpus", f"{logical_cpus} logical CPU devices",
                                  f"CPU:0 split into {logical_cpus} logical devices.",
                                  GPU_GUIDE_DOC))

        ccs: list[tuple[int, int] | None] = []
        names: list[str | None] = []
        for gpu in gpus:
            details = tf.config.experimental.get_device_details(gpu)
            cc = details.get("compute_capability") if isinstance(details, dict) else None
            name = details.get("device_name") if isinstance(details, dict) else None
            ccs.append((int(cc[0]), int(cc[1])) if cc else None)
            names.append(str(name) if name else None)
        precision = choose_precision(mixed_precision, ccs, names)
        previous = _global_policy_name(tf)
        tf.keras.mixed_precision.set_global_policy(precision.value)
        choices.append(_note_policy_change(precision, previous))
        _last_policy[:] = [precision.value]

        if jit:
            tf.config.optimizer.set_jit(True)
            choices.append(Choice("xla", "auto-clustering on",
                                  "jit=True: tf.config.optimizer.set_jit(True); XLA compiles "
                                  "clusters of TensorFlow ops (first steps are slower).",
                                  docs.url("tf-xla")))

        plan = early if early.kind is StrategyKind.MULTI_WORKER else choose_strategy(
            len(gpus), n_cpu, environ)
        if plan.cluster_source == "TF_CONFIG":
            resolver = _tf_config_resolver(tf, environ["TF_CONFIG"])
        if plan.kind is StrategyKind.MULTI_WORKER:
            print(waiting_line(plan, resolver), file=sys.stderr, flush=True)
            with default_signals_while_blocked():
                strategy = _build_strategy(tf, plan, resolver)
        else:
            strategy = _build_strategy(tf, plan, resolver)
        choices.append(plan.choice)
        choices.extend(plan.notes)
        kv = keras_version(tf)
        flavour = ("Keras 3" if kv.startswith("3.")
                   else "tf-keras" if kv.startswith("2.") else "Keras")
        label = f"{'Keras' if kv.startswith('3.') else flavour} {kv}"
        if plan.kind is StrategyKind.MULTI_WORKER and kv.startswith("3."):
            choices.append(Choice(
                "keras", label,
                "tf.keras is Keras 3, whose Model.fit does not work under "
                "MultiWorkerMirroredStrategy (it fails with 'Attempt to convert a value "
                "(PerReplica...)'): train with a custom loop (strategy.run, as "
                "examples/train_guide_model.py does) or use tf-keras (pip install "
                "tf-keras; TF_USE_LEGACY_KERAS=1).", KERAS3_MWMS_BUG,
            ))
        else:
            choices.append(Choice("keras", label,
                                  f"tf.keras resolves to {flavour}; the policy and the "
                                  f"strategy apply to models built with it."))
        logical = tuple(d.name for d in tf.config.list_logical_devices())
    except ConfigError as exc:
        raise SetupError(str(exc)) from exc
    except RuntimeError as exc:
        if isinstance(exc, SetupError):
            raise
        if _is_initialized_error(exc):
            raise _initialized_error(exc, "the distribution strategy") from exc
        raise
    task_index = plan.task_index
    resolved = getattr(resolver, "task_id", None)
    if isinstance(resolved, int):
        task_index = resolved
    return SetupResult(
        strategy=strategy,
        policy=precision.value,
        logical_devices=logical,
        num_replicas=int(strategy.num_replicas_in_sync),
        keras_version=kv,
        num_workers=plan.num_workers,
        task_index=task_index,
        choices=tuple(choices),
    )


def _tf_config_resolver(tf: Any, tf_config: str) -> Any:
    """A cluster resolver for the ``TF_CONFIG`` text that :func:`setup` read.

    Built from the same text the decision used (``env=`` or ``os.environ``), so the
    strategy and the summary cannot disagree; equivalent to TensorFlow's
    ``TFConfigClusterResolver`` for a standard ``TF_CONFIG``.
    """
    import json

    data = json.loads(tf_config)
    task = data.get("task", {})
    return tf.distribute.cluster_resolver.SimpleClusterResolver(
        tf.train.ClusterSpec(data["cluster"]),
        task_type=task.get("type", "worker"),
        task_id=int(task.get("index", 0)),
        rpc_layer=data.get("rpc_layer", "grpc"),
    )


def _global_policy_name(tf: Any) -> str | None:
    """Name of the current global Keras dtype policy, or ``None`` if it cannot be read."""
    try:
        return str(tf.keras.mixed_precision.global_policy().name)
    except (AttributeError, TypeError, ValueError):
        return None


def _note_policy_change(precision: Choice, previous: str | None) -> Choice:
    """``precision`` with a sentence added when it replaces another global policy: one set
    by an earlier :func:`setup` call, or one set by other code before ``setup()``."""
    if previous is None or previous == precision.value:
        return precision
    if _last_policy and _last_policy[0] == previous:
        extra = (f" This replaces the mixed-precision policy set by an earlier call: "
                 f"{previous} -> {precision.value}; layers built before keep {previous}.")
    elif previous != "float32":
        extra = (f" This replaces the global Keras dtype policy {previous}, set before "
                 f"tfgpu.setup(): {previous} -> {precision.value}.")
    else:
        return precision
    return dataclasses.replace(precision, reason=precision.reason + extra)


def waiting_line(plan: StrategyPlan, resolver: Any) -> str:
    """The line :func:`setup` prints before ``MultiWorkerMirroredStrategy`` blocks.

    Example: ``tfgpu: waiting for 2 workers at 127.0.0.1:23456,127.0.0.1:23457 (this is
    worker 0); start the others or press Ctrl-C``.  The addresses come from ``TF_CONFIG``
    (chief first) or from the Slurm resolver's cluster spec.
    """
    addresses = list(plan.addresses)
    task = f"{plan.task_type} {plan.task_index}"
    if resolver is not None and plan.cluster_source == "slurm":
        try:
            spec = resolver.cluster_spec().as_dict()
            addresses = [a for job in ("chief", "worker") for a in spec.get(job, [])]
            task = f"{resolver.task_type} {resolver.task_id}"
        except (AttributeError, RuntimeError, ValueError, KeyError):
            pass
    shown = ",".join(addresses[:_MAX_ADDRESSES_SHOWN])
    if len(addresses) > _MAX_ADDRESSES_SHOWN:
        shown += f",... ({len(addresses)} in all)"
    where = f" at {shown}" if shown else ""
    return (f"tfgpu: waiting for {plan.num_workers} workers{where} (this is {task}); "
            f"start the others or press Ctrl-C")


def _build_strategy(tf: Any, plan: StrategyPlan, resolver: Any) -> Any:
    """Create the ``tf.distribute`` strategy of ``plan``."""
    if plan.kind is StrategyKind.MULTI_WORKER:
        if resolver is not None:
            return tf.distribute.MultiWorkerMirroredStrategy(cluster_resolver=resolver)
        return tf.distribute.MultiWorkerMirroredStrategy()
    if plan.kind is StrategyKind.MIRRORED:
        return tf.distribute.MirroredStrategy(devices=list(plan.devices))
    if plan.kind is StrategyKind.ONE_DEVICE:
        return tf.distribute.OneDeviceStrategy(plan.devices[0])
    return tf.distribute.get_strategy()


def output_layer_dtype() -> str:
    """The dtype to give the model's last layer: always ``"float32"``.

    Under ``mixed_float16``/``mixed_bfloat16`` a last layer left in 16 bits can overflow
    or lose precision in the softmax and loss, so TensorFlow's guide keeps model outputs
    in float32: ``Dense(10, dtype=tfgpu.output_layer_dtype())``.

    Source: https://www.tensorflow.org/guide/mixed_precision ("Building the model").
    """
    return "float32"


def float32_output(name: str | None = None) -> Any:
    """A Keras layer that casts the model output to float32 (identity otherwise).

    Append it after the last layer: ``keras.Sequential([..., Dense(10),
    tfgpu.float32_output()])``.  It is ``Activation("linear", dtype="float32")``, the form
    TensorFlow's mixed-precision guide gives; it works with Keras 3 and tf-keras (whichever
    ``tf.keras`` resolves to).

    Args:
        name: the layer name; ``None`` (the default) lets Keras make a unique one
            (``activation``, ``activation_1``, ...), so a model with several outputs can
            use it on each.

    Returns:
        A new ``tf.keras.layers.Activation`` layer.

    Raises:
        ImportError: TensorFlow is not installed.
    """
    tf: Any = import_tensorflow("tfgpu.float32_output()")
    return tf.keras.layers.Activation("linear", dtype="float32", name=name)
