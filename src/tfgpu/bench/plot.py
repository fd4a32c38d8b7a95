"""``tfgpu bench --plot FILE.png``: training time per device and workload (matplotlib, Agg).

The chart is sized for a README (800 x 450 pixels as PNG) and its title states the
headline: how much faster the GPU is than the CPU, how much faster the tuned recipe is
than the guide's, and the test accuracy of each.  Whiskers (min-max) are drawn only when
each bar is the median of several runs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tfgpu.bench.runner import TENSORBOARD_NOTE

#: Figure size in inches at :data:`DPI`: 800 x 450 pixels, fit for a README.
FIGSIZE_IN = (8.0, 4.5)
DPI = 100


def plot_format_problem(path: str | Path) -> str | None:
    """Why matplotlib cannot write a chart to ``path`` (its format follows the suffix), or
    ``None`` when it can.  Checked before ``tfgpu bench`` starts a run.

    Raises:
        ImportError: matplotlib is not installed.
    """
    from matplotlib.backend_bases import FigureCanvasBase

    # pgf is LaTeX source (needs a TeX install to be an image): not a chart format here.
    formats = {f for f in FigureCanvasBase.get_supported_filetypes() if f != "pgf"}
    suffix = Path(path).suffix.lower().lstrip(".")
    known = ".png, .svg or .pdf (also " + ", ".join(
        f".{f}" for f in sorted(formats - {"png", "svg", "pdf"})) + ")"
    if not suffix:
        return f"no file extension to choose the image format from; use one of {known}"
    if suffix not in formats:
        return f"matplotlib cannot write .{suffix} images; use one of {known}"
    return None


def _pct(value: object) -> str:
    return f"{float(value):.2f}%" if isinstance(value, (int, float)) else "?"


def headline(doc: dict[str, Any]) -> str:
    """The chart's headline: the speed-ups and accuracies the run measured, one line each
    (:func:`headline_parts` joined by ``"; "``)."""
    return "; ".join(headline_parts(doc))


def headline_parts(doc: dict[str, Any]) -> list[str]:
    """``["gpu:0 12.3x faster than cpu (guide)", "tuned 8.45x faster than guide on cpu,
    test accuracy 86.89% vs 86.54%"]``; parts whose runs are missing are left out.

    Args:
        doc: the ``bench`` document (:func:`tfgpu.bench.runner.summarise`); speed-ups are
            ratios of median training times (x), accuracies the median test accuracy (%).
    """
    parts = []
    for wl, per_gpu in (doc.get("speedup", {}).get("gpu_over_cpu") or {}).items():
        for dev, q in per_gpu.items():
            parts.append(f"{dev} {float(q['value']):.1f}x faster than cpu ({wl})")
            break
        break
    devices = {d["device"]: d for d in doc.get("devices", ())}
    tuned = doc.get("speedup", {}).get("tuned_over_guide") or {}
    best = next((d for d in tuned if d != "cpu"), next(iter(tuned), None))
    if best is not None:
        wls = devices.get(best, {}).get("workloads", {})
        acc = {w: wls.get(w, {}).get("test_accuracy", {}).get("median", {}).get("value")
               for w in ("tuned", "guide")}
        parts.append(f"tuned {float(tuned[best]['value']):.2f}x faster than guide on {best}, "
                     f"test accuracy {_pct(acc['tuned'])} vs {_pct(acc['guide'])}")
    elif devices:
        d = next(iter(devices.values()))
        for wl, s in (d.get("workloads") or {}).items():
            med = s.get("test_accuracy", {}).get("median", {}).get("value")
            parts.append(f"{wl} on {d['device']}: test accuracy {_pct(med)}")
    return parts or ["training time per device"]


def plot_times(doc: dict[str, Any], path: str | Path) -> Path:
    """Draw median training time (bars), one group per device; min-max whiskers only when
    each bar has several runs; the title leads with :func:`headline`.

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
    fig, ax = plt.subplots(figsize=FIGSIZE_IN, dpi=DPI)
    runs = int(doc["config"]["repeat"]["value"] or 1)
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
            yerr=[lo, hi] if runs > 1 else None,
            capsize=4 if runs > 1 else 0,
            color=colours.get(wl, "#555555"),
            label=wl,
        )
        for bar, med in zip(bars, meds, strict=True):
            ax.annotate(
                f"{med:.3g} s",
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
    ax.set_ylabel("training time (s), " + (f"median of {runs} runs" if runs > 1 else "1 run"))
    label = doc["data"]["label"]
    epochs = doc["config"]["epochs"]["value"]
    fig.suptitle("\n".join(headline_parts(doc)), fontsize=10.5, fontweight="bold", x=0.01,
                 ha="left")
    ax.set_title(
        f"{label}; guide model (Dense 784-128-10), {epochs} epoch{'s' if epochs != 1 else ''}"
        + ("; whiskers: min-max" if runs > 1 else "")
        + (f"\n{TENSORBOARD_NOTE}" if doc.get("timings_include_tensorboard") else ""),
        fontsize=9,
        loc="left",
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
