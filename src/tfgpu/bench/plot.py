"""``tfgpu bench --plot FILE.png``: training time per device and workload (matplotlib, Agg)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tfgpu.bench.runner import TENSORBOARD_NOTE


def plot_times(doc: dict[str, Any], path: str | Path) -> Path:
    """Draw median training time (bars) with min-max whiskers, one group per device.

    Args:
        doc: the ``bench`` document from :func:`tfgpu.bench.runner.summarise`.
        path: output image; the format follows the suffix (``.png``, ``.svg``, ``.pdf``).

    Returns:
        The path written.

    Raises:
        OSError: the file cannot be written.
        ValueError: there is no timed run to plot.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    devices = [d for d in doc["devices"] if d.get("workloads")]
    if not devices:
        raise ValueError("no timed run to plot")
    workloads = [w for w in ("guide", "tuned") if any(w in d["workloads"] for d in devices)]
    fig, ax = plt.subplots(figsize=(max(5.5, 2.2 + 1.8 * len(devices)), 4.4), dpi=110)
    width = 0.8 / max(1, len(workloads))
    colours = {"guide": "#9a9a9a", "tuned": "#2b7bba"}
    for j, wl in enumerate(workloads):
        xs, meds, lo, hi = [], [], [], []
        for i, d in enumerate(devices):
            s = d["workloads"].get(wl)
            if not s:
                continue
            t = s["train_time_s"]
            med = float(t["median"]["value"])
            xs.append(i + (j - (len(workloads) - 1) / 2) * width)
            meds.append(med)
            lo.append(med - float(t["min"]["value"]))
            hi.append(float(t["max"]["value"]) - med)
        bars = ax.bar(
            xs,
            meds,
            width * 0.95,
            yerr=[lo, hi],
            capsize=4,
            color=colours.get(wl, "#555555"),
            label=wl,
        )
        for bar, med in zip(bars, meds, strict=True):
            ax.annotate(
                f"{med:.1f} s",
                (bar.get_x() + bar.get_width() / 2, 0),
                ha="center",
                va="bottom",
                fontsize=9,
                color="black",
                xytext=(0, 4),
                textcoords="offset points",
            )
    ax.set_xticks(range(len(devices)))
    ax.set_xticklabels(
        [
            d["device"] + (f"\n{d['name']}" if d.get("name") and d["device"] != "cpu" else "")
            for d in devices
        ]
    )
    ax.set_ylabel("training time, median of runs (s)")
    label = doc["data"]["label"]
    epochs = doc["config"]["epochs"]["value"]
    ax.set_title(
        f"{label}\nguide model (Dense 784-128-10), {epochs} epoch{'s' if epochs != 1 else ''}; "
        "whiskers: min-max"
        + (f"\n{TENSORBOARD_NOTE}" if doc.get("timings_include_tensorboard") else ""),
        fontsize=10,
    )
    ax.legend()
    if doc.get("synthetic"):
        ax.text(
            0.5,
            0.5,
            "SYNTHETIC DATA",
            transform=ax.transAxes,
            fontsize=28,
            color="red",
            alpha=0.25,
            ha="center",
            va="center",
            rotation=20,
        )
    fig.tight_layout()
    out = Path(path)
    fig.savefig(out)
    plt.close(fig)
    return out
