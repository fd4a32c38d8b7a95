"""Child process of ``tfgpu bench``: one device, every requested workload.

Run as ``python -m tfgpu.bench._bench_child '<json args>'`` (see
:func:`tfgpu.bench.runner.child_args` for the keys).  Prints events on stdout, one
JSON object per line, each with ``"tfgpu_bench": 1`` and an ``"event"`` key:
``device`` (what TensorFlow sees), ``ceilings``, ``start``/``epoch`` (progress),
``run`` (one finished :class:`~tfgpu.bench.workloads.RunRecord`), ``error``, ``done``.
TensorFlow's log goes to stderr.

Why a child per device: importing TensorFlow costs seconds and hundreds of MiB, a CUDA
fault kills the process that hit it (the parent must survive to report it), and
device visibility (``tf.config.set_visible_devices``) and XLA state are per process,
so each device's runs are isolated from the others'.
"""

from __future__ import annotations

import dataclasses
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

_KEY = "tfgpu_bench"


def emit(event: dict[str, Any]) -> None:
    """Write one event line on stdout."""
    event[_KEY] = 1
    sys.stdout.write(json.dumps(event) + "\n")
    sys.stdout.flush()


def _select_device(tf: Any, device: str) -> dict[str, Any]:
    """Make only ``device`` visible; return what TensorFlow sees (or an error)."""
    gpus = tf.config.list_physical_devices("GPU")
    listed = []
    for i, g in enumerate(gpus):
        entry: dict[str, Any] = {"index": i, "physical_name": g.name}
        try:
            det = tf.config.experimental.get_device_details(g)
            entry["name"] = det.get("device_name")
            cc = det.get("compute_capability")
            entry["compute_capability"] = list(cc) if cc else None
        except Exception:  # noqa: BLE001 - informative only
            pass
        listed.append(entry)
    info: dict[str, Any] = {"device": device, "gpus": listed, "tf_version": tf.__version__}
    if device == "cpu":
        tf.config.set_visible_devices([], "GPU")
        info.update(tf_device="CPU:0", name="CPU", compute_capability=None)
        return info
    index = int(device.split(":", 1)[1])
    if index >= len(gpus):
        listed_gpus = f"{len(gpus)} GPU" + ("" if len(gpus) == 1 else "s")
        info["error"] = f"{device} requested, but TensorFlow lists {listed_gpus}" + (
            "" if gpus else ": this host has no GPU TensorFlow can use (run `tfgpu doctor`)"
        )
        return info
    tf.config.set_visible_devices([gpus[index]], "GPU")
    tf.config.experimental.set_memory_growth(gpus[index], True)
    info.update(
        tf_device="GPU:0",
        name=listed[index].get("name"),
        compute_capability=listed[index].get("compute_capability"),
    )
    return info


def main(argv: list[str]) -> int:
    """Run the benchmark for one device; always exits 0 after reporting."""
    try:
        args = json.loads(argv[1])
    except (IndexError, ValueError) as exc:
        emit({"event": "error", "stage": "arguments", "message": f"bad arguments: {exc}"})
        return 2
    device = str(args["device"])
    try:
        import numpy as np  # noqa: F401 - fail here with a clear message if missing
        import tensorflow as tf

        from tfgpu.bench import ceilings, data, workloads
    except Exception as exc:  # noqa: BLE001 - reported as data
        emit(
            {
                "event": "error",
                "stage": "import",
                "device": device,
                "message": f"{type(exc).__name__}: {exc}",
            }
        )
        return 0
    try:
        info = _select_device(tf, device)
    except Exception as exc:  # noqa: BLE001
        emit(
            {
                "event": "error",
                "stage": "device",
                "device": device,
                "message": f"{type(exc).__name__}: {exc}",
            }
        )
        return 0
    emit({"event": "device", **info})
    if "error" in info:
        emit({"event": "error", "stage": "device", "device": device, "message": info["error"]})
        return 0
    tf_device = str(info["tf_device"])
    cc_list = info.get("compute_capability")
    cc = (int(cc_list[0]), int(cc_list[1])) if cc_list else None
    gpu_name = str(info["name"]) if cc is not None and info.get("name") else None
    try:
        source = data.DataSource.from_dict(args["source"])
        ds = data.load(
            source,
            synthetic_train=int(args.get("synthetic_train", 60000)),
            synthetic_test=int(args.get("synthetic_test", 10000)),
        )
        n_train, n_test = args.get("train_limit"), args.get("test_limit")
        # The sizes of the whole set, so that a subset run can say "N of M" images.
        train_available, test_available = len(ds.x_train), len(ds.x_test)
        if n_train or n_test:
            ds = data.Dataset(
                ds.x_train[:n_train],
                ds.y_train[:n_train],
                ds.x_test[:n_test],
                ds.y_test[:n_test],
                ds.source,
            )
        emit(
            {
                "event": "data",
                "device": device,
                "train_samples": len(ds.x_train),
                "test_samples": len(ds.x_test),
                "train_available": train_available,
                "test_available": test_available,
            }
        )
    except data.DataError as exc:
        emit({"event": "error", "stage": "data", "device": device, "message": str(exc)})
        return 0
    weights = workloads.initial_weights(Path(args["init_weights"]))
    wanted = list(args.get("workloads", ["guide", "tuned", "ceilings"]))
    ceiling_size = int(args.get("ceiling_size") or (8192 if tf_device.startswith("GPU") else 1024))

    def measure_ceilings(when: str) -> None:
        try:
            t0 = time.perf_counter()
            ceil = ceilings.measure(tf_device, cc, ceiling_size, int(args.get("copy_mib", 64)),
                                    gpu_name)
            emit(
                {
                    "event": "ceilings",
                    "when": when,
                    "device": device,
                    "duration_s": time.perf_counter() - t0,
                    **ceil,
                }
            )
        except Exception as exc:  # noqa: BLE001 - a failed measurement is a result
            emit(
                {
                    "event": "error",
                    "stage": "ceilings",
                    "device": device,
                    "message": f"{type(exc).__name__}: {exc}",
                }
            )

    # Measured before and after the training runs; the summary keeps the better of the
    # two, so a burst of load from other processes does not lower the ceiling.
    if "ceilings" in wanted:
        measure_ceilings("before")

    def progress(event: dict[str, Any]) -> None:
        emit({**event, "device": device, "tf_device": event.get("device")})

    tb_root = args.get("tensorboard")
    # float16 compute only where the knowledge says the GPU has Tensor Cores (a GTX 1650,
    # CC 7.5, has none: it gets float32, as tfgpu.setup(auto) and the doctor say)
    mixed = cc is not None and ceilings.has_tensor_cores(gpu_name, cc)
    epochs = int(args.get("epochs", workloads.EPOCHS))
    for r in range(int(args.get("repeat", 1))):
        for wl in ("guide", "tuned"):
            if wl not in wanted:
                continue
            callbacks = []
            if tb_root:
                import keras

                log_dir = Path(tb_root) / f"{device.replace(':', '')}-{wl}-r{r}"
                profile = (3, 6) if tf_device.startswith("GPU") and r == 0 else 0
                callbacks.append(
                    keras.callbacks.TensorBoard(
                        log_dir=str(log_dir), profile_batch=profile, histogram_freq=0
                    )
                )
            try:
                if wl == "guide":
                    rec = workloads.run_guide(
                        ds, weights, tf_device, r, epochs, progress, callbacks
                    )
                else:
                    rec = workloads.run_tuned(
                        ds, weights, tf_device, r, epochs, mixed, progress, callbacks
                    )
            except Exception as exc:  # noqa: BLE001 - OOM, XLA failures: reported as data
                emit(
                    {
                        "event": "error",
                        "stage": wl,
                        "device": device,
                        "repeat": r,
                        "message": f"{type(exc).__name__}: {exc}",
                    }
                )
                continue
            emit(
                {
                    **dataclasses.asdict(rec),
                    "event": "run",
                    "device": device,
                    "tf_device": rec.device,
                    "load_average": list(os.getloadavg()),
                    "tensorboard": bool(tb_root),
                }
            )
    if "ceilings" in wanted and any(w in wanted for w in ("guide", "tuned")):
        measure_ceilings("after")
    emit({"event": "done", "device": device})
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
