"""Where a TensorFlow add-on publishes no pip packages for the platform a log shows
(platform_facts ``addon-platforms-<dist>``), for the pip readings that would otherwise blame
the Python version or the index:

* tensorflow-text publishes pip packages only for Linux x86_64 and Intel Macs after 2.10
  (``addon-platforms-tensorflow-text``, the tensorflow/text README); on Windows 11 pip lists
  it up to 2.10.0 only (tensorflow/tensorflow#72259, "tensorflow-text==2.13.0 (from versions:
  2.5.0, ... 2.10.0)", the maintainer quoting the README);
* tensorflow-io-gcs-filesystem has no Windows wheel after 0.31.0
  (``addon-platforms-tensorflow-io-gcs-filesystem``, tensorflow/io#1815, #2087);
* packages whose newer releases require tensorflow-text: mediapipe-model-maker and
  tf-models-official (google-ai-edge/mediapipe#5545, Windows 10: "mediapipe-model-maker
  0.2.1.4 depends on tensorflow-text", "tf-models-official 2.15.0 depends on
  tensorflow-text~=2.15.0"; the maintainer in #5077 and #5214: "tensorflow-text stopped
  supporting Windows, Aarch64, and Apple Macs since version 2.11"), and keras-nlp off macOS
  (the fact's note: keras-hub setup.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from tfgpu.diagnosis.checks._common import PLATFORM_WORDS, dist_key
from tfgpu.facts.view import Facts
from tfgpu.knowledge import KnowledgeError, KnowledgeQueryError

#: Packages whose newer releases require tensorflow-text (sources in the module docstring).
NEEDS_TEXT = frozenset({"mediapipe-model-maker", "tf-models-official", "keras-nlp"})


@dataclass(frozen=True)
class PlatformGap:
    """An add-on with no pip package for the log's platform."""

    dist: str
    #: the platform, in words ("Windows")
    platform: str
    #: the first release without a package there, when older ones had one
    since: str | None
    #: where it does publish, in words
    platforms: str
    #: the platform fact's reference
    ref: str


def log_platform(ctx: Facts) -> tuple[str, str] | None:
    """``(key, words)`` of the platform the log (or the host facts) shows, as the
    ``no_build`` lists of ``addon-platforms-*`` name it: native Windows, Linux aarch64 or an
    Apple-silicon Mac; ``None`` for another platform or an unknown one."""
    if ctx.windows:
        return "windows", "Windows"
    machine = ""
    if ctx.host is not None:
        machine = (ctx.host.os.machine or ctx.host.cpu.machine or "").lower()
    if ctx.os == "linux" and machine in ("aarch64", "arm64"):
        return "linux-aarch64", "Linux aarch64 (ARM)"
    if ctx.os == "macos" and machine == "arm64":
        return "macos-arm64", "an Apple-silicon Mac"
    return None


def platform_gap(ctx: Facts, dist: str) -> PlatformGap | None:
    """The gap of add-on ``dist`` (any spelling) on the log's platform
    (:func:`log_platform`), from its ``addon-platforms-<dist>`` row; ``None`` without a row
    or when the platform is not in its ``no_build`` list."""
    where = log_platform(ctx)
    if where is None:
        return None
    name = dist_key(dist)
    try:
        row = ctx.kb.platform_fact(f"addon-platforms-{name}")
        platforms, no_build = row.items("platforms"), row.items("no_build")
    except (LookupError, KnowledgeError, KnowledgeQueryError):
        return None
    if where[0] not in no_build:
        return None
    since = row.values.get("since")
    return PlatformGap(dist=name, platform=where[1],
                       since=since if isinstance(since, str) else None,
                       platforms=_words([PLATFORM_WORDS.get(p, p) for p in platforms]),
                       ref=row.ref)


def range_gap(ctx: Facts, dist: str, floor: str, newest: str) -> PlatformGap | None:
    """The gap (:func:`platform_gap`) that explains a range on ``dist`` whose lower bound
    ``floor`` lies above every release pip lists (newest ``newest``): the range asks only
    for releases from the gap's ``since`` on, and pip's list stops before it."""
    from packaging.version import InvalidVersion, Version

    gap = platform_gap(ctx, dist)
    if gap is None:
        return None
    if gap.since is None:
        return gap
    try:
        since = Version(gap.since)
        return gap if Version(floor) >= since > Version(newest) else None
    except InvalidVersion:
        return None


def _words(items: list[str]) -> str:
    """``"A, B and C"``."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def wsl_or_machine(gap: PlatformGap, what: str) -> str:
    """Where ``what`` (the package asked for) can be installed instead, as a fix line."""
    if gap.platform == "Windows":
        return (f"# run it in WSL (Linux): install Python and {what} there ({gap.dist} "
                f"publishes pip packages for {gap.platforms})")
    return (f"# a machine or container with a platform {gap.dist} publishes pip packages for "
            f"({gap.platforms}), or {gap.dist} built from source here")


__all__ = ["NEEDS_TEXT", "PlatformGap", "log_platform", "platform_gap", "range_gap",
           "wsl_or_machine"]
