"""TensorFlow 0.x-1.15 era facts for findings read from old logs (tf1sweep).

A CUDA library name of the CUDA 8.0-10.0 era (``libcublas.so.9.0``, ``cudart64_90.dll``)
carries the CUDA major.minor; only the GPU builds made with that CUDA load it. The releases
come from the platform fact ``tf1-gpu-build-cuda`` (the tested build configurations of the
TensorFlow 1.x docs) and, for CUDA 10.0 (TensorFlow 2.0), from ``tf_tested_configs.toml``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import NamedTuple

from tfgpu.knowledge import Knowledge, KnowledgeError, KnowledgeQueryError

_MAJOR_MINOR = re.compile(r"\d{1,3}\.\d{1,3}")


class Tf1Builds(NamedTuple):
    """The CUDA each TensorFlow 1.x GPU release was built with (platform fact
    ``tf1-gpu-build-cuda``: tensorflow/docs' tested build configurations, tensorflow_gpu-1.0.0
    to 1.15.0).

    Attributes:
        builds: ``(series, cuda)`` pairs in the row's order, ``("1.12", "9.0")``.
        ref: the knowledge row, ``"platform_facts:tf1-gpu-build-cuda"``.
    """

    builds: tuple[tuple[str, str], ...]
    ref: str


def tf1_build_cudas(kb: Knowledge) -> Tf1Builds | None:
    """The platform fact ``tf1-gpu-build-cuda`` read once, guarded: ``None`` (unknown) when
    the row or its ``builds`` list is missing (a data-file edit); an item that is not
    ``"<major.minor>=<major.minor>"`` is left out. Never raises."""
    try:
        fact = kb.platform_fact("tf1-gpu-build-cuda")
        items = fact.items("builds")
    except (KnowledgeError, KnowledgeQueryError):
        return None
    pairs = []
    for item in items:
        series, _, cuda = str(item).partition("=")
        if _MAJOR_MINOR.fullmatch(series) and _MAJOR_MINOR.fullmatch(cuda):
            pairs.append((series, cuda))
    return Tf1Builds(tuple(pairs), fact.ref)


def _series_range(series: list[str]) -> str:
    """``["1.5", "1.6", ..., "1.12"]`` -> ``"1.5-1.12"`` (the first and last of a run)."""
    return series[0] if len(series) == 1 else f"{series[0]}-{series[-1]}"


def releases_built_with_cuda(kb: Knowledge, cuda: str) -> tuple[str, str] | None:
    """The TensorFlow GPU releases built with CUDA ``cuda`` (``"9.0"``), in words, and the
    knowledge row that says so.

    Args:
        kb: the knowledge base.
        cuda: a CUDA major.minor (``"9.0"``, ``"10.0"``).

    Returns:
        ``("TensorFlow 1.5-1.12", "platform_facts:tf1-gpu-build-cuda")``; for CUDA 10.0
        ``("TensorFlow 1.13-1.15 and 2.0", ...)``; ``None`` when no 1.x release was built
        with ``cuda`` (the 2.x findings name their own builds), or when the platform fact
        is missing (:func:`tf1_build_cudas`).
    """
    known = tf1_build_cudas(kb)
    tf1 = [s for s, c in known.builds if c == cuda] if known else []
    if not known or not tf1:
        return None
    tf2 = [row.tf_version.rsplit(".", 1)[0] for row in kb.tested_configs(os="linux", kind="gpu")
           if row.cuda == cuda and row.tf_version.startswith("2.")]
    words = "TensorFlow " + _series_range(tf1)
    if tf2:
        words += " and " + ", ".join(dict.fromkeys(tf2))
    return words, known.ref


def tf1_era_cuda(kb: Knowledge, expected: str | None) -> tuple[str, str, str] | None:
    """``(cuda, releases in words, knowledge row)`` when ``expected`` (``"CUDA 9.0"``, from
    ``libraries.parse_library``: the CUDA a library file name pins) is a CUDA major.minor some
    TensorFlow 1.x GPU build was made with (:func:`releases_built_with_cuda`): a library of the
    CUDA 8.0-10.0 era; ``None`` for a CUDA 10.1+ name, a major alone (``"CUDA 12"``), or no
    CUDA at all. Never raises."""
    if not expected or not expected.startswith("CUDA ") or "." not in expected:
        return None
    cuda = expected.split()[1]
    found = releases_built_with_cuda(kb, cuda)
    return None if found is None else (cuda, *found)


def library_era_fix(kb: Knowledge, filename: str, expected: str | None) -> str | None:
    """A fix line naming the TensorFlow releases that load ``filename``, a CUDA library of
    the CUDA 8.0-10.0 era, whose version ``expected`` (``"CUDA 9.0"``, from
    ``libraries.parse_library``) only some 1.x (and 2.0) GPU builds were made with.

    Returns:
        The line, or ``None`` when ``expected`` is no CUDA major.minor of a 1.x build.
    """
    era = tf1_era_cuda(kb, expected)
    if era is None:
        return None
    cuda, words, ref = era
    return (f"# {filename} is CUDA {cuda}'s: only {words} GPU builds load it (knowledge row "
            f"{ref}); install CUDA {cuda} for that TensorFlow (in a container or a hosted job "
            f"environment: use an image or environment that ships CUDA {cuda}), or install a "
            "TensorFlow built for the CUDA you have (there: the TensorFlow the image was built "
            "with)")


def cudnn_builds_line(kb: Knowledge, last: str) -> str:
    """A fix line listing the cuDNN each TensorFlow 1.x GPU release up to ``last``
    (``"1.12"``) was built with, from the platform fact ``tf1-gpu-build-cudnn``: runs of
    releases with the same cuDNN joined (``1.0-1.2 cuDNN 5.1, 1.3-1.4 6, 1.5-1.12 7``)."""
    fact = kb.platform_fact("tf1-gpu-build-cudnn")
    runs: list[tuple[list[str], str]] = []
    for item in fact.items("builds"):
        series, _, cudnn = item.partition("=")
        if runs and runs[-1][1] == cudnn:
            runs[-1][0].append(series)
        else:
            runs.append(([series], cudnn))
        if series == last:
            break
    words = ", ".join(f"{_series_range(s)} cuDNN {v}" for s, v in runs)
    return (f"# TensorFlow 1.x has no tf.sysconfig.get_build_info(); its GPU builds use: {words} "
            f"(knowledge row {fact.ref}): python -c \"import tensorflow as tf; "
            "print(tf.__version__)\" and install that cuDNN")


# --- fix lines that fit a TensorFlow 1.x log ----------------------------------------

#: TensorFlow 2.x device-listing calls and the 1.x call that answers the same question:
#: ``tf.test.is_gpu_available()`` (tensorflow/python/framework/test_util.py, deprecated in 2.x
#: with "Use `tf.config.list_physical_devices('GPU')` instead." -- installed TF 2.21 wheel).
_TF2_LIST = re.compile(r"tf\.config\.(?:experimental\.)?list_physical_devices\("
                       r"\s*['\"]GPU['\"]\s*\)")
#: The TF 2.x memory-growth loop; TensorFlow 1.x sets ``gpu_options.allow_growth`` on the
#: session's ``tf.ConfigProto`` (tensorflow.org/guide/gpu, "Limiting GPU memory growth").
_TF2_GROWTH = re.compile(r"for (\w+) in tf\.config\.(?:experimental\.)?list_physical_devices\("
                         r"\s*['\"]GPU['\"]\s*\):\s*tf\.config\.experimental\.set_memory_growth"
                         r"\(\1,\s*True\)")


def tf1_api_lines(lines: Iterable[str]) -> list[str]:
    """Fix lines for a log whose TensorFlow is 1.x: the 2.x-only calls they name become the
    1.x ones (the memory-growth loop -> ``tf.ConfigProto().gpu_options.allow_growth``, a
    logical device's memory limit -> ``gpu_options.per_process_gpu_memory_fraction``,
    ``tf.config.list_physical_devices('GPU')`` -> ``tf.test.is_gpu_available()``); other
    lines stay as written.  ``tf.sysconfig.get_build_info()`` is
    :func:`tfgpu.diagnosis.checks._common.no_build_info_lines`'s."""
    out: list[str] = []
    for line in lines:
        line = _TF2_GROWTH.sub("config = tf.ConfigProto(); config.gpu_options.allow_growth = "
                               "True (TF 1.x)", line)
        # the call alone (not in the loop) is as much 2.x-only
        line = _TF2_SET_GROWTH.sub("config.gpu_options.allow_growth = True (tf.ConfigProto, "
                                   "TF 1.x)", line)
        # a memory cap: 1.x caps the session's pool by a fraction of the GPU's memory
        line = _TF2_MEMORY_LIMIT.sub("config.gpu_options.per_process_gpu_memory_fraction = "
                                     "0.8 (tf.ConfigProto, TF 1.x)", line)
        out.append(_TF2_LIST.sub("tf.test.is_gpu_available()", line))
    return out


# --- memory growth for a TensorFlow that does not read TF_FORCE_GPU_ALLOW_GROWTH ----

#: A memory limit through the logical device configuration (TF 2.4+ spelling, or 2.0's
#: experimental one), with its list.
_TF2_MEMORY_LIMIT = re.compile(
    r"tf\.config\.(?:experimental\.)?set_(?:logical|virtual)_device_configuration\(\s*[\w\[\]]+,\s*"
    r"\[tf\.config\.(?:experimental\.)?(?:Logical|Virtual)DeviceConfiguration\("
    r"memory_limit=[^)\]]*\)\]\)")
#: ``tf.config.experimental.set_memory_growth(gpu, True)`` outside the loop (TF 2.x only).
_TF2_SET_GROWTH = re.compile(r"tf\.config\.experimental\.set_memory_growth\(\s*\w+,\s*True\s*\)")
#: TensorFlow 1.x's memory-growth setting, as a fix line (a Python statement: a comment).
TF1_GROWTH_LINE = ("# TF 1.x: config = tf.ConfigProto(); config.gpu_options.allow_growth = True; "
                   "tf.Session(config=config)")
#: A shell line that sets the variable: ``export``/``set``/PowerShell ``$env:`` forms.
_GROWTH_ENV_CMD = re.compile(r"^\s*(?:export\s+|set\s+|\$env:)TF_FORCE_GPU_ALLOW_GROWTH\b")
#: The variable named inside a comment (``export TF_FORCE_GPU_ALLOW_GROWTH=true``).
_GROWTH_ENV_WORDS = re.compile(r"(?:export\s+|set\s+)?TF_FORCE_GPU_ALLOW_GROWTH\s*=\s*true")


def growth_env_lines(kb: Knowledge, lines: Iterable[str]) -> list[str]:
    """Fix lines for a TensorFlow older than the first release that reads
    ``TF_FORCE_GPU_ALLOW_GROWTH`` (platform fact ``tf-force-gpu-allow-growth-first``: 1.12.0,
    tensorflow/tensorflow commit 5d20470 in gpu_bfc_allocator.cc): a command setting the
    variable becomes :data:`TF1_GROWTH_LINE` (``tf.ConfigProto``'s
    ``gpu_options.allow_growth``); a comment naming it names the ConfigProto setting and
    says why.  Other lines stay as written.  The caller checks the version."""
    (major, minor), fact = kb.fact_series("tf-force-gpu-allow-growth-first")
    first = f"{major}.{minor}"
    out: list[str] = []
    for line in lines:
        if "TF_FORCE_GPU_ALLOW_GROWTH" not in line:
            out.append(line)
        elif _GROWTH_ENV_CMD.match(line):
            out.append(TF1_GROWTH_LINE)
        else:
            out.append(_GROWTH_ENV_WORDS.sub(
                "tf.ConfigProto's gpu_options.allow_growth = True (TensorFlow before "
                f"{first} does not read TF_FORCE_GPU_ALLOW_GROWTH; knowledge row {fact.ref})",
                line))
    return out
