#!/usr/bin/env python3
"""Train the guide's model (Flatten -> Dense 128 relu -> Dense 10) with ``tfgpu.setup()``.

The same script runs on a laptop CPU, one GPU, several GPUs (MirroredStrategy) and as
one worker of several (``tfgpu launch --workers 2 -- python examples/train_guide_model.py``,
or under Slurm), because ``tfgpu.setup()`` picks the strategy.

Data: Fashion-MNIST (or MNIST) IDX files, by default Debian's ``dataset-fashion-mnist``
package (``apt-get install dataset-fashion-mnist`` puts them in
/usr/share/datasets/fashion-mnist/); ``--synthetic`` uses small random data instead.
Nothing is downloaded.

Examples::

    python examples/train_guide_model.py --epochs 5
    python examples/train_guide_model.py --synthetic --steps 5 --logical-cpus 2
    tfgpu launch --workers 2 -- python examples/train_guide_model.py --synthetic \\
        --steps 5 --save-weights /tmp/weights
    python examples/train_guide_model.py --logdir ./logs && tfgpu tensorboard ./logs
"""

from __future__ import annotations

import argparse
import gzip
import os
import struct
import sys
import time
from pathlib import Path

import numpy as np

DEFAULT_DATA = "/usr/share/datasets/fashion-mnist"
#: IDX magic numbers (http://yann.lecun.com/exdb/mnist/ "FILE FORMATS"): unsigned-byte
#: data with 3 dimensions (images) or 1 dimension (labels).
IDX_IMAGES_MAGIC = 0x00000803
IDX_LABELS_MAGIC = 0x00000801


def read_idx(path: Path) -> np.ndarray:
    """Read one IDX file (optionally gzip-compressed) into a uint8 array.

    Returns:
        ``[n, 28, 28]`` for image files, ``[n]`` for label files.

    Raises:
        ValueError: the file is not an unsigned-byte IDX file or is truncated.
    """
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rb") as fh:
        raw = fh.read()
    if len(raw) < 8:
        raise ValueError(f"{path}: too short to be an IDX file")
    magic, = struct.unpack(">I", raw[:4])
    ndim = magic & 0xFF
    if magic not in (IDX_IMAGES_MAGIC, IDX_LABELS_MAGIC):
        raise ValueError(f"{path}: not an unsigned-byte IDX file (magic {magic:#010x})")
    dims = struct.unpack(">" + "I" * ndim, raw[4:4 + 4 * ndim])
    data = np.frombuffer(raw, dtype=np.uint8, offset=4 + 4 * ndim)
    if data.size != int(np.prod(dims)):
        raise ValueError(f"{path}: expected {int(np.prod(dims))} values, found {data.size}")
    return data.reshape(dims)


def _find(folder: Path, stem: str) -> Path:
    for name in (stem + ".gz", stem):
        if (folder / name).is_file():
            return folder / name
    raise FileNotFoundError(
        f"{folder / stem}[.gz] not found: install the data with "
        f"`apt-get install dataset-fashion-mnist`, point --data at a folder of MNIST/"
        f"Fashion-MNIST IDX files, or pass --synthetic"
    )


def load_data(folder: Path, limit: int | None) -> tuple[np.ndarray, np.ndarray]:
    """Training images ``[n, 28, 28]`` float32 in [0, 1] and labels ``[n]`` int64."""
    x = read_idx(_find(folder, "train-images-idx3-ubyte"))
    y = read_idx(_find(folder, "train-labels-idx1-ubyte"))
    if len(x) != len(y):
        raise ValueError(f"{folder}: {len(x)} images but {len(y)} labels")
    if limit:
        x, y = x[:limit], y[:limit]
    return x.astype("float32") / 255.0, y.astype("int64")


def synthetic_data(n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """``n`` random 28x28 images and labels in 0..9 (the same on every worker)."""
    rng = np.random.default_rng(seed)
    return rng.random((n, 28, 28), dtype=np.float32), rng.integers(0, 10, n).astype("int64")


def custom_loop(tf, keras, run, model, ds, epochs: int, steps: int, global_batch: int) -> float:
    """Train with ``strategy.run`` (what ``model.fit`` does); return the last step's loss.

    The loss is averaged over the global batch with ``tf.nn.compute_average_loss``, so each
    replica's gradients sum to the gradient of the whole batch, as in TensorFlow's custom
    training loop tutorial (https://www.tensorflow.org/tutorials/distribute/custom_training).
    """
    strategy = run.strategy
    with strategy.scope():
        loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction="none")
        optimizer = model.optimizer
    dist_ds = strategy.experimental_distribute_dataset(ds)
    iterator = iter(dist_ds)

    def step_fn(x, y):
        with tf.GradientTape() as tape:
            logits = model(x, training=True)
            loss = tf.nn.compute_average_loss(loss_fn(y, logits), global_batch_size=global_batch)
            # Under mixed_float16, compile() wrapped the optimizer in a LossScaleOptimizer:
            # scale the loss here; apply_gradients() unscales (identity otherwise).
            scaled = optimizer.scale_loss(loss)
        grads = tape.gradient(scaled, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables, strict=True))
        return loss

    @tf.function
    def train_step():
        x, y = next(iterator)
        per_replica = strategy.run(step_fn, args=(x, y))
        return strategy.reduce("SUM", per_replica, axis=None)

    loss = float("nan")
    for epoch in range(epochs):
        for _ in range(steps):
            loss = float(train_step())
        print(f"epoch {epoch + 1}/{epochs}: loss {loss:.4f}", flush=True)
    return loss


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", default=DEFAULT_DATA, help="folder of IDX files")
    parser.add_argument("--synthetic", action="store_true", help="small random data instead")
    parser.add_argument("--samples", type=int, default=None,
                        help="use only the first N training samples (synthetic: default 1024)")
    parser.add_argument("--epochs", type=int, default=1)
    parser.add_argument("--steps", type=int, default=None, help="steps per epoch")
    parser.add_argument("--batch-size", type=int, default=64,
                        help="global batch size (split over all replicas)")
    parser.add_argument("--mixed-precision", default="auto")
    parser.add_argument("--logical-cpus", type=int, default=None,
                        help="split CPU:0 into N devices (test MirroredStrategy without GPUs)")
    parser.add_argument("--logdir", default=None, help="write TensorBoard logs here")
    parser.add_argument("--save-weights", default=None, metavar="DIR",
                        help="save the final weights to DIR/worker-<index>.npz")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    import tensorflow as tf  # importing TensorFlow is fine; running ops is what fixes devices

    import tfgpu

    # 1. Configure devices before TensorFlow runs anything.
    run = tfgpu.setup(mixed_precision=args.mixed_precision, logical_cpus=args.logical_cpus)
    print(run.summary, flush=True)
    keras = tf.keras
    keras.utils.set_random_seed(args.seed)

    # 2. Data (identical on every worker; MultiWorkerMirroredStrategy shards it).
    try:
        if args.synthetic:
            x, y = synthetic_data(args.samples or 1024, args.seed)
        else:
            x, y = load_data(Path(args.data), args.samples)
    except (OSError, ValueError) as exc:
        print(f"train_guide_model: {exc}", file=sys.stderr)
        return 2
    steps = args.steps or max(1, len(x) // args.batch_size)
    ds = (tf.data.Dataset.from_tensor_slices((x, y))
          .shuffle(len(x), seed=args.seed).repeat().batch(args.batch_size))

    # 3. The guide's model, built and compiled inside the strategy's scope.
    with run.strategy.scope():
        model = keras.Sequential([
            keras.Input(shape=(28, 28)),
            keras.layers.Flatten(),
            keras.layers.Dense(128, activation="relu"),
            keras.layers.Dense(10, dtype=tfgpu.output_layer_dtype()),  # logits in float32
        ])
        model.compile(
            optimizer="adam",
            loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
            metrics=["accuracy"],
        )

    callbacks = []
    if args.logdir:
        # Only the chief writes to LOGDIR itself; other workers get a sub-folder each.
        logdir = (args.logdir if run.is_chief
                  else os.path.join(args.logdir, f"worker-{run.task_index}"))
        callbacks.append(tfgpu.tensorboard_callback(logdir))

    if args.save_weights:
        out = Path(args.save_weights)
        out.mkdir(parents=True, exist_ok=True)
        np.savez(out / f"worker-{run.task_index}-initial.npz",
                 *[np.asarray(w) for w in model.get_weights()])

    start = time.perf_counter()
    if run.num_workers > 1 and run.keras_version.startswith("3."):
        # Keras 3's model.fit fails under MultiWorkerMirroredStrategy ("Attempt to convert
        # a value (PerReplica...)": keras-team/keras#20585, tensorflow/tensorflow#72388),
        # so multi-worker runs use the equivalent custom loop.
        loss = custom_loop(tf, keras, run, model, ds, args.epochs, steps, args.batch_size)
    else:
        hist = model.fit(ds, epochs=args.epochs, steps_per_epoch=steps, callbacks=callbacks,
                         verbose=2, shuffle=False)  # ds is already shuffled
        loss = float(hist.history["loss"][-1])
    took_s = time.perf_counter() - start
    epochs = f"{args.epochs} epoch" + ("" if args.epochs == 1 else "s")
    replicas = f"{run.num_replicas} replica" + ("" if run.num_replicas == 1 else "s")
    print(f"worker {run.task_index}/{run.num_workers}: {epochs} x {steps} steps, {replicas}, "
          f"loss {loss:.4f}, {took_s:.2f} s", flush=True)

    if args.save_weights:
        path = out / f"worker-{run.task_index}.npz"
        np.savez(path, *[np.asarray(w) for w in model.get_weights()])
        print(f"saved weights to {path}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
