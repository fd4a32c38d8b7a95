"""Helpers every explain rule module shares: severities, the rule type, and the fixes
that install TensorFlow with CUDA or create a virtual environment.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from tfgpu.explain import _compat as K
from tfgpu.explain._context import Ctx
from tfgpu.findings import Finding, Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO  # noqa: E741
Rule = Callable[[Ctx], list[Finding]]

AND_CUDA = 'pip install --upgrade "tensorflow[and-cuda]"'


def and_cuda_fix(ctx: Ctx) -> str:
    """The pip command for a CUDA-enabled TensorFlow that fits the host's Python.

    With host facts whose Python has no TensorFlow >= 2.14 wheels (the ``[and-cuda]``
    extra's first release, platform fact ``and-cuda-extra-first``), say so and name the
    newest release that Python can install (knowledge table tf_tested_configs) instead of a
    command that cannot succeed.
    """
    py = ctx.python_version
    if py and not ctx.windows:
        newest = K.newest_tf_for_python(py, windows=False)
        mm = K.tf_minor(newest[0]) if newest else None
        if newest is not None and mm is not None and mm < K.first_and_cuda_tf():
            first = ".".join(str(x) for x in K.first_and_cuda_tf())
            lo, hi = K.newest_tf_pythons()
            tested = K.tested_config(newest[0], windows=False)
            cuda = f" with CUDA {tested.cuda} + cuDNN {tested.cudnn} installed" if tested else ""
            return (
                f"Python {py} (host facts) has no TensorFlow >= {first} wheels, so "
                f'"tensorflow[and-cuda]" cannot install: create a venv with Python {lo}-{hi} '
                f"({venv_fix(ctx, hi)}), or pip install "
                f'"tensorflow=={newest[0]}"{cuda} '
                f"(knowledge row {newest[1]})"
            )
    driver_pin = _driver_limited_fix(ctx)
    if driver_pin is not None:
        return driver_pin
    return AND_CUDA + "   # Linux/WSL2: brings the matching CUDA/cuDNN wheels"


def _driver_limited_fix(ctx: Ctx) -> str | None:
    """With a known driver too old for the newest release, pin the newest release it runs.

    ``pip install --upgrade "tensorflow[and-cuda]"`` brings the newest TensorFlow, whose
    CUDA may need a newer driver than the host has (knowledge tables tf_tested_configs and
    cuda_min_driver, through :func:`K.newest_tf_for_driver`).  ``None`` when the driver is
    unknown, on native Windows, or when it runs the newest release.
    """
    driver = ctx.driver_version
    if driver is None or ctx.windows:
        return None
    ccs = ctx.compute_capabilities
    cc = min(ccs, key=K.cc_sort_key) if ccs else None
    limited = K.newest_tf_for_driver(
        driver, python=ctx.python_version, os="wsl2" if ctx.wsl else "linux",
        compute_capability=cc,
    )
    if limited is None:
        return None
    if limited.newest_overall:
        return None
    mm = K.tf_minor(limited.tf_series)
    extra = mm is not None and mm >= K.first_and_cuda_tf()
    pkg = f"tensorflow{'[and-cuda]' if extra else ''}=={limited.tf_series}.*"
    return (
        f'pip install "{pkg}"   # TensorFlow {limited.tf_series} (CUDA {limited.cuda}) is the '
        f"newest release NVIDIA driver {driver} runs (knowledge row {limited.ref}); "
        'a plain "tensorflow[and-cuda]" upgrade brings one that needs a newer driver'
    )


def venv_fix(ctx: Ctx, python: str) -> str:
    """Commands that create and activate a virtual environment with Python ``python``,
    in the syntax of the host's OS (Windows: the ``py`` launcher and ``Scripts``)."""
    if ctx.windows:
        return f"py -{python} -m venv .venv ; .venv\\Scripts\\activate"
    return f"python{python} -m venv .venv && . .venv/bin/activate"


def _slug(text: str) -> str:
    s = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return s or "x"
