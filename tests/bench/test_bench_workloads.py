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
    weights_digest,
)


def test_flops_formula() -> None:
    # B * (2*2*784*128 + 3*2*128*10), written out
    assert train_flops_per_step(1) == 4 * 784 * 128 + 6 * 128 * 10 == 409_088
    assert train_flops_per_step(32) == 32 * 409_088
    assert train_flops_per_step(2, (4, 3)) == 2 * 2 * 2 * 4 * 3


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
