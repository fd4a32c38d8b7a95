"""Helpers every explain rule module shares: severities, the rule type, and the fixes
that install TensorFlow with CUDA or create a virtual environment.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from tfgpu.facts.view import Facts, cc_key, tf_minor
from tfgpu.findings import Finding, Severity
from tfgpu.knowledge import KnowledgeError, KnowledgeQueryError

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO  # noqa: E741
Rule = Callable[[Facts], list[Finding]]

AND_CUDA = 'pip install --upgrade "tensorflow[and-cuda]"'


def and_cuda_fix(ctx: Facts) -> str:
    """The pip command for a CUDA-enabled TensorFlow that fits the host's Python.

    With host facts whose Python has no TensorFlow >= 2.14 wheels (the ``[and-cuda]``
    extra's first release, platform fact ``and-cuda-extra-first``), say so and name the
    newest release that Python can install (knowledge table tf_tested_configs) instead of a
    command that cannot succeed.
    """
    py = ctx.python_version
    kb = ctx.kb
    if py and not ctx.windows:
        try:
            newest = kb.newest_tf_for("linux", python=py)
        except KnowledgeQueryError:
            newest = None  # a Python version the facts hold that does not parse
        mm = tf_minor(newest.tf_version) if newest else None
        first, _ = kb.fact_series("and-cuda-extra-first")
        if newest is not None and mm is not None and mm < first:
            lo, hi, _row = kb.newest_python_range("linux")
            tested = kb.tested_gpu_build(newest.tf_version, "linux")
            cuda = f" with CUDA {tested.cuda} + cuDNN {tested.cudnn} installed" if tested else ""
            return (
                f"Python {py} (host facts) has no TensorFlow >= {first[0]}.{first[1]} wheels, "
                f'so "tensorflow[and-cuda]" cannot install: create a venv with Python '
                f"{lo}-{hi} ({venv_fix(ctx, hi)}), or pip install "
                f'"tensorflow=={newest.tf_version}"{cuda} '
                f"(knowledge row {newest.ref})"
            )
    driver_pin = _driver_limited_fix(ctx)
    if driver_pin is not None:
        return driver_pin
    return AND_CUDA + "   # Linux/WSL2: brings the matching CUDA/cuDNN wheels"


def _driver_limited_fix(ctx: Facts) -> str | None:
    """With a known driver too old for the newest release, pin the newest release it runs.

    ``pip install --upgrade "tensorflow[and-cuda]"`` brings the newest TensorFlow, whose
    CUDA may need a newer driver than the host has (knowledge tables tf_tested_configs and
    cuda_min_driver, through :meth:`Knowledge.newest_tf_for`).  ``None`` when the driver is
    unknown, on native Windows, or when it runs the newest release.
    """
    driver = ctx.driver_version
    if driver is None or ctx.windows:
        return None
    ccs = ctx.compute_capabilities
    cc = min(ccs, key=cc_key) if ccs else None
    os = "wsl2" if ctx.wsl else "linux"
    kb = ctx.kb
    try:
        limited = kb.newest_tf_for(os, python=ctx.python_version, driver=driver,
                                   compute_capability=cc)
    except KnowledgeQueryError:
        return None  # a driver, Python or CC from the log or facts that does not parse
    if limited is None or not limited.cuda:
        return None
    if kb.gpu_configs(os)[0].tf_version == limited.tf_version:
        return None  # the driver runs the newest release
    mm = tf_minor(limited.tf_series)
    extra = mm is not None and mm >= kb.fact_series("and-cuda-extra-first")[0]
    pkg = f"tensorflow{'[and-cuda]' if extra else ''}=={limited.tf_series}.*"
    return (
        f'pip install "{pkg}"   # TensorFlow {limited.tf_series} (CUDA {limited.cuda}) is the '
        f"newest release NVIDIA driver {driver} runs (knowledge row {limited.ref}); "
        'a plain "tensorflow[and-cuda]" upgrade brings one that needs a newer driver'
    )


def windows_gpu_last(ctx: Facts) -> tuple[tuple[int, int], str, str, str]:
    """The last TensorFlow release with GPU support on native Windows, from platform fact
    ``windows-native-gpu-last`` and its tf_tested_configs row.

    Returns:
        ``((2, 10), "2.10", 'tensorflow<2.11', "CUDA 11.2 + cuDNN 8.1")``: the series, the
        release, the pip requirement that keeps it, and what it was built with.

    Raises:
        tfgpu.knowledge.KnowledgeError: the fact or its tested configuration is missing.
    """
    kb = ctx.kb
    last_series, fact = kb.fact_series("windows-native-gpu-last")
    last = fact.value("tf_version")
    build = kb.tested_gpu_build(last, "windows")
    if build is None:
        raise KnowledgeError(f"{fact.ref}: no tested Windows GPU configuration for {last}")
    return (last_series, last, fact.value("pip_requirement"),
            f"CUDA {build.cuda} + cuDNN {build.cudnn}")


def venv_fix(ctx: Facts, python: str) -> str:
    """Commands that create and activate a virtual environment with Python ``python``,
    in the syntax of the host's OS (Windows: the ``py`` launcher and ``Scripts``)."""
    if ctx.windows:
        return f"py -{python} -m venv .venv ; .venv\\Scripts\\activate"
    return f"python{python} -m venv .venv && . .venv/bin/activate"


def _slug(text: str) -> str:
    s = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return s or "x"
