"""Benchmark workloads with real TensorFlow on tiny data: identical starting weights,
warm-up excluded and reset, the FLOP formula."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from tfgpu.bench.data import synthetic_dataset
from tfgpu.bench.workloads import (
    initial_weights,
    run_guide,
    run_tuned,
    train_flops_per_step,
    tuned_recipe,
    weights_digest,
)


def test_flops_formula() -> None:
    # B * (2*2*784*128 + 3*2*128*10), written out
    assert train_flops_per_step(1) == 4 * 784 * 128 + 6 * 128 * 10 == 409_088
    assert train_flops_per_step(32) == 32 * 409_088
    assert train_flops_per_step(2, (4, 3)) == 2 * 2 * 2 * 4 * 3


def test_tuned_recipe_full_data_is_the_swept_recipe() -> None:
    r = tuned_recipe(60_000)
    assert (r.batch_size, r.learning_rate, r.steps_per_execution) == (500, 4e-3, 40)
    # larger sets keep the batch cap; steps per execution stay capped at 40
    assert tuned_recipe(1_000_000).batch_size == 500
    assert tuned_recipe(1_000_000).steps_per_execution == 40


@pytest.mark.parametrize("n_train", [64, 1_000, 3_000, 12_000, 30_000])
def test_tuned_recipe_small_data_keeps_enough_optimizer_steps(n_train: int) -> None:
    r = tuned_recipe(n_train)
    steps_per_epoch = n_train // r.batch_size
    # final review B #8: 3,000 images at batch 500 gave 6 steps an epoch and lost 14 points
    assert r.batch_size < 500
    assert r.batch_size == 32 or steps_per_epoch >= 120
    assert steps_per_epoch >= 2
    # square-root learning-rate scaling: batch 32 gets about the guide's Adam default
    assert r.learning_rate == pytest.approx(4e-3 * (r.batch_size / 500) ** 0.5)
    assert 1 <= r.steps_per_execution <= max(1, steps_per_epoch // 3)


def test_tuned_recipe_for_the_reviewed_small_run() -> None:
    r = tuned_recipe(3_000)
    assert r.batch_size == 32 and r.steps_per_execution == 31
    assert r.learning_rate == pytest.approx(1.012e-3, rel=1e-3)
    assert tuned_recipe(12_000).batch_size == 100
    with pytest.raises(ValueError):
        tuned_recipe(0)


def test_digest_changes_with_any_weight() -> None:
    a = [np.zeros((2, 2), np.float32), np.ones(2, np.float32)]
    b = [a[0].copy(), a[1].copy()]
    assert weights_digest(a) == weights_digest(b)
    b[1][0] = np.nextafter(np.float32(1), np.float32(2))
    assert weights_digest(a) != weights_digest(b)


@pytest.mark.tf
def test_guide_and_tuned_start_from_the_same_saved_weights(tmp_path: Path) -> None:
    data = synthetic_dataset(400, 100)
    path = tmp_path / "init.npz"
    weights = initial_weights(path)
    assert path.is_file()
    assert [w.shape for w in weights] == [(784, 128), (128,), (128, 10), (10,)]
    # a second call loads the saved file: the same arrays
    again = initial_weights(path)
    assert all(np.array_equal(x, y) for x, y in zip(weights, again, strict=True))

    seen: dict[str, dict[str, Any]] = {}

    def grab(name: str) -> Any:
        def hook(model: Any) -> None:
            seen[name] = {
                "weights": [np.array(w) for w in model.get_weights()],
                "iterations": int(model.optimizer.iterations.numpy()),
            }

        return hook

    g = run_guide(data, again, "CPU:0", epochs=1, on_start=grab("guide"))
    t = run_tuned(
        data,
        initial_weights(path),
        "CPU:0",
        epochs=1,
        batch=100,
        steps_per_execution=2,
        on_start=grab("tuned"),
    )
    for name in ("guide", "tuned"):
        start = seen[name]["weights"]
        assert len(start) == 4
        for got, want in zip(start, weights, strict=True):
            np.testing.assert_array_equal(got, want)
        # the warm-up ran (it trains a few steps) but its effect was undone
        assert seen[name]["iterations"] == 0
    assert g.initial_weights_sha256 == t.initial_weights_sha256 == weights_digest(weights)
    assert g.warmup_time_s > 0 and t.warmup_time_s > 0
    assert g.train_time_s > 0 and t.train_time_s > 0
    assert g.steps == 13 and g.batch_size == 32  # ceil(400 / 32)
    assert t.steps == 4 and t.jit_compile and t.steps_per_execution == 2
    assert 0 <= g.test_accuracy_pct <= 100 and 0 <= t.test_accuracy_pct <= 100
    assert g.flops_per_step == train_flops_per_step(32)


@pytest.mark.tf
def test_mixed_precision_path_trains_with_float16_compute(tmp_path: Path) -> None:
    """The GPU-only recipe branch (cc >= 7.0), exercised on the CPU."""
    data = synthetic_dataset(300, 50)
    weights = initial_weights(tmp_path / "init.npz")
    seen: dict[str, Any] = {}

    def hook(model: Any) -> None:
        seen["compute"] = [layer.compute_dtype for layer in model.layers]
        seen["variables"] = {v.dtype for v in model.trainable_variables}
        seen["optimizer"] = type(model.optimizer).__name__
        seen["weights"] = [np.array(w) for w in model.get_weights()]

    rec = run_tuned(
        data,
        weights,
        "CPU:0",
        epochs=1,
        batch=100,
        steps_per_execution=3,
        mixed_precision=True,
        jit_compile=False,
        on_start=hook,
    )
    assert rec.mixed_precision and rec.steps == 3
    assert seen["compute"] == ["float16", "float16", "float32"]
    assert seen["variables"] == {"float32"}
    assert seen["optimizer"] == "LossScaleOptimizer"
    for got, want in zip(seen["weights"], weights, strict=True):
        np.testing.assert_array_equal(got, want)
    assert np.isfinite(rec.test_loss)


def test_half_precision_dtypes_follow_compute_capability() -> None:
    from tfgpu.bench.ceilings import half_dtypes

    assert half_dtypes(None) == ()
    assert half_dtypes((6, 1)) == ()  # Pascal: no tensor cores
    assert half_dtypes((7, 0)) == ("float16",)  # Volta
    assert half_dtypes((7, 5)) == ("float16",)  # Turing
    assert half_dtypes((8, 0)) == ("float16", "bfloat16")  # Ampere
    assert half_dtypes((9, 0)) == ("float16", "bfloat16")  # Hopper


def test_gtx_1650_tuned_recipe_keeps_float32() -> None:
    """The tuned recipe and the float16 ceiling ask the knowledge by name: a GTX 1650
    (CC 7.5, TU117) has no Tensor Cores, as the doctor and tfgpu.setup(auto) say."""
    from tfgpu.bench.ceilings import half_dtypes, has_tensor_cores

    assert has_tensor_cores("NVIDIA GeForce GTX 1650", (7, 5)) is False
    assert half_dtypes((7, 5), "NVIDIA GeForce GTX 1650") == ()
    assert has_tensor_cores("Tesla T4", (7, 5)) is True
    assert half_dtypes((8, 6), "NVIDIA GeForce RTX 3060") == ("float16", "bfloat16")
    assert has_tensor_cores("Frobnicator 9000", (8, 6)) is True  # unknown name: the floor
    assert has_tensor_cores(None, None) is False


@pytest.mark.tf
def test_ceiling_measurements_run_for_every_dtype() -> None:
    from tfgpu.bench.ceilings import copy_rate, matmul_rate

    for dtype in ("float32", "float16", "bfloat16"):
        r = matmul_rate("CPU:0", dtype, 64, repeats=2)
        assert r.dtype == dtype and r.size == 64
        assert r.gflops > 0 and r.time_s > 0
        assert r.gflops == pytest.approx(2 * 64**3 / r.time_s / 1e9)
    c = copy_rate("CPU:0", 4, repeats=2)
    assert c.kind == "host-memory-copy" and c.mib == 4 and c.gbps > 0
