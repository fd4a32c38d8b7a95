"""The benchmark's TensorFlow work: the guide model, its two training recipes, ceilings.

Imported only inside the benchmark child process (``_bench_child``) and by the
TensorFlow tests; TensorFlow is imported lazily inside the functions, so importing
this module is cheap.

Model (the guide's section 4.2): ``Flatten([28, 28]) -> Dense(128, relu) -> Dense(10)``
(logits), ``SparseCategoricalCrossentropy(from_logits=True)``, Adam.

FLOPs per training step (:func:`train_flops_per_step`), counting multiply-adds as 2
FLOPs and only the matrix products (bias adds, ReLU, softmax and the Adam update are
``O(batch * 138)`` or ``O(params)``, under 1% here): a ``Dense(d_in -> d_out)`` costs
``2*B*d_in*d_out`` forward, the same again for the weight gradient, and the same again
for the input gradient, which the first layer does not need.  So

    FLOPs/step = B * (2*2*784*128 + 3*2*128*10) = B * 409,088.
"""

from __future__ import annotations

import hashlib
import itertools
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from tfgpu.bench.data import Dataset

#: Layer widths of the guide model: 28*28 inputs, 128 hidden, 10 classes.
LAYERS: tuple[int, ...] = (784, 128, 10)
#: Seed of the fresh initial weights.
INIT_SEED = 20261130

#: The guide's recipe (section 4.2): Keras defaults (Adam lr 1e-3, batch 32), 5 epochs.
GUIDE_BATCH = 32
GUIDE_LR = 1e-3
#: tfgpu's recipe: a larger batch, a learning rate scaled for it and decayed over the run
#: (cosine), several steps per execution, XLA.  Chosen by the sweep in docs/bench.md so
#: that test accuracy stays within 0.5 points of the guide recipe's.
TUNED_BATCH = 500
TUNED_LR = 4e-3
TUNED_STEPS_PER_EXECUTION = 40
EPOCHS = 5
#: Optimizer steps per epoch the tuned recipe keeps on any training-set size: the full
#: 60,000-image set at batch 500 gives 120, and fewer steps than about that lost accuracy
#: (3,000 images at batch 500: 6 steps an epoch, 59.8% vs the guide's 73.6%).
TUNED_MIN_STEPS_PER_EPOCH = 120


@dataclass(frozen=True)
class TunedRecipe:
    """The tuned workload's hyperparameters for one training-set size.

    Attributes:
        batch_size: samples per optimizer step.
        learning_rate: initial Adam step size (cosine-decayed to 0 over the run).
        steps_per_execution: optimizer steps per ``tf.function`` call.
    """

    batch_size: int
    learning_rate: float
    steps_per_execution: int


def tuned_recipe(n_train: int) -> TunedRecipe:
    """Choose the tuned recipe's batch, learning rate and steps per execution for ``n_train``.

    The batch is ``clamp(n_train // TUNED_MIN_STEPS_PER_EPOCH, GUIDE_BATCH, TUNED_BATCH)``
    so that a small training set still gets about ``TUNED_MIN_STEPS_PER_EPOCH``
    optimizer steps an epoch; the learning rate follows the square-root scaling rule
    (``TUNED_LR * sqrt(batch / TUNED_BATCH)``: at batch 32 that is 1.01e-3, the guide's
    Adam default); steps per execution stay at a third of an epoch at most (capped at
    ``TUNED_STEPS_PER_EXECUTION``).  The full 60,000-image set gets exactly the swept
    recipe (batch 500, 4e-3, 40 steps per execution; docs/bench.md).

    Args:
        n_train: training samples.

    Returns:
        The :class:`TunedRecipe`.

    Raises:
        ValueError: ``n_train`` < 1.
    """
    if n_train < 1:
        raise ValueError(f"training set is empty ({n_train} samples)")
    batch = max(GUIDE_BATCH, min(TUNED_BATCH, n_train // TUNED_MIN_STEPS_PER_EPOCH))
    batch = min(batch, n_train)
    lr = TUNED_LR if batch == TUNED_BATCH else TUNED_LR * math.sqrt(batch / TUNED_BATCH)
    steps_per_epoch = max(1, n_train // batch)
    spe = max(1, min(TUNED_STEPS_PER_EXECUTION, steps_per_epoch // 3))
    return TunedRecipe(batch_size=batch, learning_rate=lr, steps_per_execution=spe)


Event = Callable[[dict[str, Any]], None]


def train_flops_per_step(batch: int, layers: Sequence[int] = LAYERS) -> int:
    """Matrix-product FLOPs of one training step (module docstring has the formula).

    Args:
        batch: samples per step ``B``.
        layers: widths, input first (``(784, 128, 10)``).

    Returns:
        FLOPs (float operations, a multiply-add = 2).
    """
    total = 0
    for i, (d_in, d_out) in enumerate(itertools.pairwise(layers)):
        passes = 2 if i == 0 else 3  # forward + weight grad (+ input grad after layer 0)
        total += passes * 2 * batch * d_in * d_out
    return total


@dataclass
class RunRecord:
    """One timed training run (all numbers carry their unit in the name).

    Attributes:
        workload: ``"guide"`` or ``"tuned"``.
        device: TensorFlow device that trained (``"CPU:0"``, ``"GPU:0"``).
        repeat: 0-based repeat index.
        train_time_s: wall time of the timed ``fit`` (warm-up excluded), seconds.
        warmup_time_s: wall time of the untimed warm-up (trace, XLA compile, one pass).
        epochs, batch_size, steps: the run's shape; ``steps`` is optimizer steps.
        samples: training samples processed (``steps * batch_size``).
        learning_rate: initial Adam learning rate.
        test_accuracy_pct: accuracy on the test set after training, percent.
        test_loss: mean cross-entropy on the test set, nats.
        train_accuracy_pct: accuracy over the last epoch (as Keras reports it), percent.
        flops_per_step: :func:`train_flops_per_step` for ``batch_size``.
        initial_weights_sha256: digest of the weights training started from.
        jit_compile, steps_per_execution, mixed_precision, pipeline: the recipe.
        history: per-epoch ``loss``/``accuracy`` (train), for curves.
    """

    workload: str
    device: str
    repeat: int
    train_time_s: float
    warmup_time_s: float
    epochs: int
    batch_size: int
    steps: int
    samples: int
    learning_rate: float
    test_accuracy_pct: float
    test_loss: float
    train_accuracy_pct: float
    flops_per_step: int
    initial_weights_sha256: str
    jit_compile: bool
    steps_per_execution: int
    mixed_precision: bool
    pipeline: str
    history: dict[str, list[float]] = field(default_factory=dict)


def weights_digest(weights: Sequence[npt.NDArray[Any]]) -> str:
    """SHA-256 over the arrays' dtypes, shapes and bytes (identical weights, same digest)."""
    h = hashlib.sha256()
    for w in weights:
        a = np.ascontiguousarray(w)
        h.update(f"{a.dtype.str}{a.shape}".encode())
        h.update(a.tobytes())
    return h.hexdigest()


def build_model(mixed_precision: bool = False) -> Any:
    """The guide's model: ``[B, 28, 28] -> Flatten -> Dense(128, relu) -> Dense(10)``.

    Args:
        mixed_precision: compute the hidden layers in float16 (variables stay float32;
            the logits layer stays float32, as the guide's section 6.2 advises).

    Returns:
        A built ``keras.Sequential``: input ``[B, 28, 28]`` float32 in 0..1, output
        ``[B, 10]`` float32 logits.
    """
    import keras

    hidden = "mixed_float16" if mixed_precision else "float32"
    return keras.Sequential(
        [
            keras.Input(shape=(28, 28)),
            keras.layers.Flatten(dtype=hidden),
            keras.layers.Dense(128, activation="relu", dtype=hidden),
            keras.layers.Dense(10, dtype="float32"),
        ]
    )


def initial_weights(path: Path | None = None, seed: int = INIT_SEED) -> list[npt.NDArray[Any]]:
    """The fresh initial weights: loaded from ``path`` if it exists, else made and saved.

    Every run of every workload on every device starts from these arrays
    (``[784, 128]``, ``[128]``, ``[128, 10]``, ``[10]``, float32).

    Args:
        path: an ``.npz`` file shared by the runs (written on first use).
        seed: Keras seed for the Glorot-uniform initialisation.

    Returns:
        The four weight arrays.
    """
    if path is not None and path.is_file():
        with np.load(path, allow_pickle=False) as z:
            return [np.asarray(z[f"w{i}"]) for i in range(len(z.files))]
    import keras

    keras.utils.set_random_seed(seed)
    weights = [np.asarray(w) for w in build_model().get_weights()]
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        arrays: dict[str, Any] = {f"w{i}": w for i, w in enumerate(weights)}
        np.savez(path, **arrays)
    return weights


def _compile(model: Any, lr: Any, jit: bool, spe: int, loss_scale: bool = False) -> None:
    import keras

    optimizer = keras.optimizers.Adam(learning_rate=lr)
    if loss_scale:
        # float16 gradients underflow without it (Keras mixed-precision guide); Keras wraps
        # automatically only under a global mixed policy, and tfgpu sets per-layer dtypes.
        optimizer = keras.optimizers.LossScaleOptimizer(optimizer)
    model.compile(
        optimizer=optimizer,
        loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=["accuracy"],
        jit_compile=jit,
        steps_per_execution=spe,
    )


def _snapshot_optimizer(model: Any) -> list[npt.NDArray[Any]]:
    model.optimizer.build(model.trainable_variables)
    return [np.asarray(v.numpy()) for v in model.optimizer.variables]


def _restore(model: Any, weights: Sequence[npt.NDArray[Any]], opt: Sequence[Any]) -> None:
    model.set_weights(list(weights))
    for var, value in zip(model.optimizer.variables, opt, strict=True):
        var.assign(value)


class _EpochEvents:
    """A Keras callback factory that reports each finished epoch through ``emit``."""

    @staticmethod
    def make(emit: Event, base: dict[str, Any]) -> Any:
        import keras

        class Cb(keras.callbacks.Callback):  # type: ignore[misc]
            def on_epoch_end(self, epoch: int, logs: dict[str, float] | None = None) -> None:
                logs = logs or {}
                emit(
                    {
                        **base,
                        "event": "epoch",
                        "epoch": epoch + 1,
                        "loss": float(logs.get("loss", float("nan"))),
                        "accuracy": float(logs.get("accuracy", float("nan"))),
                    }
                )

        return Cb()


def _evaluate(model: Any, data: Dataset) -> tuple[float, float]:
    x = data.x_test.astype(np.float32) / 255.0
    loss, acc = model.evaluate(x, data.y_test.astype(np.int32), batch_size=1000, verbose=0)
    return float(acc) * 100.0, float(loss)


def run_guide(
    data: Dataset,
    weights: Sequence[npt.NDArray[Any]],
    device: str,
    repeat: int = 0,
    epochs: int = EPOCHS,
    emit: Event = lambda _e: None,
    callbacks: Sequence[Any] = (),
    on_start: Callable[[Any], None] | None = None,
) -> RunRecord:
    """Train the guide's way: ``model.fit(x, y, epochs)`` on NumPy arrays, batch 32, Adam.

    Done right: fresh ``weights``; the warm-up (tracing plus a few steps) is run first and
    not timed, after which weights and the optimizer state are reset; test accuracy is
    measured.  Inputs are float32 ``x / 255`` (the guide divides by ``255.0``, giving
    float64; float32 keeps dtype out of the comparison).

    Args:
        data: the dataset.
        weights: initial weights (:func:`initial_weights`).
        device: TensorFlow device to train on (``"CPU:0"``, ``"GPU:0"``).
        repeat: repeat index, for the record.
        epochs: passes over the training set.
        emit: receives progress events (dicts).
        callbacks: extra Keras callbacks (TensorBoard).
        on_start: called with the model just before the timed ``fit`` (tests inspect
            the weights it starts from).

    Returns:
        The run's :class:`RunRecord`.
    """
    import keras
    import tensorflow as tf

    x = data.x_train.astype(np.float32) / 255.0
    y = data.y_train.astype(np.int32)
    base = {"workload": "guide", "device": device, "repeat": repeat, "epochs": epochs}
    keras.utils.set_random_seed(INIT_SEED + 1 + repeat)  # the shuffling order of this run
    with tf.device("/" + device):
        model = build_model()
        _compile(model, GUIDE_LR, jit=False, spe=1)
        n_warm = min(len(x), GUIDE_BATCH * 4)
        timing = _warm_then_time(
            model,
            weights,
            warm=lambda: model.fit(
                x[:n_warm], y[:n_warm], batch_size=GUIDE_BATCH, epochs=1, verbose=0
            ),
            timed=lambda cbs: model.fit(
                x, y, batch_size=GUIDE_BATCH, epochs=epochs, verbose=0, shuffle=True, callbacks=cbs
            ),
            base=base,
            emit=emit,
            callbacks=callbacks,
            on_start=on_start,
        )
        scores = _evaluate(model, data)
    steps = epochs * -(-len(x) // GUIDE_BATCH)
    return _record(
        base, timing, scores, batch=GUIDE_BATCH, steps=steps, samples=epochs * len(x),
        learning_rate=GUIDE_LR, jit_compile=False, steps_per_execution=1, mixed_precision=False,
        pipeline="numpy arrays (Keras adapter)",
    )


def _record(
    base: dict[str, Any],
    timing: tuple[float, str, Any, float],
    scores: tuple[float, float],
    *,
    batch: int,
    **recipe: Any,
) -> RunRecord:
    """The :class:`RunRecord` of a run: ``base`` (workload, device, repeat, epochs), the
    ``(warmup_s, start_weights_sha256, history, train_s)`` of :func:`_warm_then_time`, the
    ``(test_accuracy_pct, test_loss)`` of :func:`_evaluate`, ``batch`` (samples per step)
    and the workload's other fields (``recipe``: steps, samples, learning rate...).
    """
    warm_s, start_digest, hist, train_s = timing
    acc, loss = scores
    return RunRecord(
        **base,
        train_time_s=train_s,
        warmup_time_s=warm_s,
        batch_size=batch,
        test_accuracy_pct=acc,
        test_loss=loss,
        train_accuracy_pct=float(hist.history["accuracy"][-1]) * 100.0,
        flops_per_step=train_flops_per_step(batch),
        initial_weights_sha256=start_digest,
        history={k: [float(v) for v in vs] for k, vs in hist.history.items()},
        **recipe,
    )


def _warm_then_time(
    model: Any,
    weights: Sequence[npt.NDArray[Any]],
    *,
    warm: Callable[[], object],
    timed: Callable[[list[Any]], Any],
    base: dict[str, Any],
    emit: Callable[[dict[str, Any]], None],
    callbacks: Sequence[Any],
    on_start: Callable[[Any], None] | None,
) -> tuple[float, str, Any, float]:
    """The protocol both workloads share: warm up, restore, then time one ``fit``.

    The warm-up ``fit`` (tracing, XLA compilation, allocator growth) is timed apart and
    then undone: the weights and the optimizer state go back to ``weights``, so the timed
    run starts from exactly the initial weights.

    Args:
        model: a compiled Keras model whose weights are ``weights``.
        weights: the initial weights (:func:`initial_weights`).
        warm: runs the short warm-up ``fit``.
        timed: runs the timed ``fit`` with the given callbacks; returns its History.
        base: fields of every progress event.
        emit: receives progress events.
        callbacks: extra Keras callbacks for the timed run.
        on_start: called with the model just before the timed run.

    Returns:
        ``(warmup_s, start_weights_sha256, history, train_s)``, times in seconds.
    """
    model.set_weights(list(weights))
    opt = _snapshot_optimizer(model)
    t0 = time.perf_counter()
    warm()
    warm_s = time.perf_counter() - t0
    _restore(model, weights, opt)
    if on_start is not None:
        on_start(model)
    start_digest = weights_digest(model.get_weights())
    emit({**base, "event": "start"})
    t0 = time.perf_counter()
    hist = timed([_EpochEvents.make(emit, base), *callbacks])
    train_s = time.perf_counter() - t0
    return warm_s, start_digest, hist, train_s


def tuned_pipeline(data: Dataset, batch: int, seed: int = 0) -> Any:
    """``tf.data``: scale once, cache, reshuffle each epoch, batch, prefetch.

    Returns:
        A dataset of ``([batch, 28, 28] float32, [batch] int32)``; the last partial batch
        is dropped so XLA compiles one shape (nothing is lost when ``batch`` divides
        the training set, as 500 divides 60000).
    """
    import tensorflow as tf

    x = data.x_train.astype(np.float32) / 255.0
    y = data.y_train.astype(np.int32)
    return (
        tf.data.Dataset.from_tensor_slices((x, y))
        .cache()
        .shuffle(len(x), seed=seed, reshuffle_each_iteration=True)
        .batch(batch, drop_remainder=True)
        .prefetch(tf.data.AUTOTUNE)
    )


def run_tuned(
    data: Dataset,
    weights: Sequence[npt.NDArray[Any]],
    device: str,
    repeat: int = 0,
    epochs: int = EPOCHS,
    mixed_precision: bool = False,
    emit: Event = lambda _e: None,
    callbacks: Sequence[Any] = (),
    on_start: Callable[[Any], None] | None = None,
    batch: int | None = None,
    lr: float | None = None,
    steps_per_execution: int | None = None,
    jit_compile: bool = True,
) -> RunRecord:
    """Train with tfgpu's recipe: the same model, weights and epochs as :func:`run_guide`.

    ``tf.data`` with cache and prefetch, XLA (``jit_compile=True``),
    ``steps_per_execution`` steps per call, the batch and Adam learning rate of
    :func:`tuned_recipe` (500 and 4e-3 on the full set; smaller on a small training
    set) decayed by a cosine schedule to 0 over the run, and float16 compute
    when ``mixed_precision`` (the caller enables it only on GPUs with Tensor Cores,
    :func:`tfgpu.bench.ceilings.has_tensor_cores`).  Warm-up (XLA compile plus one
    execution) is not timed; weights and optimizer state are reset after it.

    Args:
        data: the dataset.
        weights: initial weights (:func:`initial_weights`), the same as the guide's.
        device: TensorFlow device to train on (``"CPU:0"``, ``"GPU:0"``).
        repeat: repeat index (also seeds this run's shuffling).
        epochs: passes over the training set.
        mixed_precision: float16 compute with loss scaling (GPUs with Tensor Cores).
        emit: receives progress events (dicts).
        callbacks: extra Keras callbacks (TensorBoard).
        on_start: called with the model just before the timed ``fit``.
        batch: samples per step (default: :func:`tuned_recipe` for the training set,
            ``TUNED_BATCH`` on the full set).
        lr: initial Adam learning rate (default: :func:`tuned_recipe`), cosine-decayed to 0.
        steps_per_execution: optimizer steps per ``tf.function`` call (default:
            :func:`tuned_recipe`; capped at the steps in one epoch).
        jit_compile: compile the train step with XLA.

    Returns:
        The run's :class:`RunRecord`.

    Raises:
        ValueError: ``batch`` is larger than the training set.
    """
    import keras
    import tensorflow as tf

    recipe = tuned_recipe(max(1, len(data.x_train)))
    batch = recipe.batch_size if batch is None else batch
    lr = recipe.learning_rate if lr is None else lr
    spe = max(1, recipe.steps_per_execution if steps_per_execution is None else steps_per_execution)
    steps_per_epoch = len(data.x_train) // batch
    if steps_per_epoch < 1:
        raise ValueError(f"batch {batch} is larger than the training set ({len(data.x_train)})")
    total_steps = steps_per_epoch * epochs
    base = {"workload": "tuned", "device": device, "repeat": repeat, "epochs": epochs}
    keras.utils.set_random_seed(INIT_SEED + 1 + repeat)
    ds = tuned_pipeline(data, batch, seed=INIT_SEED + 1 + repeat)
    with tf.device("/" + device):
        model = build_model(mixed_precision)
        schedule = keras.optimizers.schedules.CosineDecay(lr, decay_steps=total_steps)
        _compile(
            model,
            schedule,
            jit=jit_compile,
            spe=min(spe, steps_per_epoch),
            loss_scale=mixed_precision,
        )
        warm_steps = min(steps_per_epoch, spe)
        timing = _warm_then_time(
            model,
            weights,
            warm=lambda: model.fit(ds.take(warm_steps), epochs=1, verbose=0, shuffle=False),
            timed=lambda cbs: model.fit(ds, epochs=epochs, verbose=0, shuffle=False, callbacks=cbs),
            base=base,
            emit=emit,
            callbacks=callbacks,
            on_start=on_start,
        )
        scores = _evaluate(model, data)
    return _record(
        base, timing, scores, batch=batch, steps=total_steps, samples=total_steps * batch,
        learning_rate=lr, jit_compile=jit_compile, steps_per_execution=min(spe, steps_per_epoch),
        mixed_precision=mixed_precision,
        pipeline="tf.data: cache, shuffle, batch, prefetch(AUTOTUNE)",
    )
