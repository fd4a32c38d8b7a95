"""Rules about environment variables and search paths.

Each rule is pure: ``(HostFacts, Knowledge) -> Iterable[Finding]``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.facts.view import Facts
from tfgpu.findings import Evidence, Finding

if TYPE_CHECKING:
    pass

def visible_gpu_count(value: str, gpu_count: int, uuids: tuple[str | None, ...]) -> int:
    """How many GPUs ``CUDA_VISIBLE_DEVICES=value`` leaves visible (pure).

    CUDA reads the comma-separated list in order and stops at the first invalid entry:
    "If one of the indices is invalid, only the devices whose index precedes the invalid
    index are visible" (CUDA C Programming Guide, "CUDA Environment Variables").  Entries
    are indices (``0``), UUIDs (``GPU-8932f937...``, any unique prefix) or MIG ids
    (``MIG-...``).  An unknown UUID list (``None`` entries) counts UUIDs as valid.

    Args:
        value: the variable's value (``""`` and ``"-1"`` hide everything).
        gpu_count: number of NVIDIA GPUs on the host.
        uuids: their UUIDs, index order.

    Returns:
        The number of devices CUDA will expose, 0..``gpu_count``.
    """
    visible = 0
    seen: set[int] = set()
    for raw in value.split(","):
        token = raw.strip()
        if not token:
            break
        if re.fullmatch(r"\d+", token):
            idx = int(token)
            if idx >= gpu_count or idx in seen:
                break
            seen.add(idx)
        elif token.upper().startswith(("GPU-", "MIG-")):
            known = [u for u in uuids if u]
            if known and not any(u.lower().startswith(token.lower()) for u in known):
                break
        else:
            break
        visible += 1
    return min(visible, gpu_count)


def cuda_visible_devices_hides_gpus(f: Facts) -> Iterator[Finding]:
    """``CUDA_VISIBLE_DEVICES`` set so that no GPU is left (``-1``, ``""``, bad indices)."""
    facts = f.host
    if facts is None:
        return
    value = facts.env.get("CUDA_VISIBLE_DEVICES")
    gpus = [g for g in facts.nvidia_gpus if not g.is_mig]
    if value is None or not gpus:
        return
    n = visible_gpu_count(value, len(gpus), tuple(g.uuid for g in gpus))
    if n > 0:
        return
    yield catalogue.make(
        "cuda-visible-devices-hides-gpus", value=value, count=len(gpus),
        evidence=(Evidence("env.CUDA_VISIBLE_DEVICES", repr(value)),
                  Evidence("gpus", c.gpu_words(facts))),
        fix=(c.unset_env(facts, "CUDA_VISIBLE_DEVICES"),
             "# or choose GPUs by index: " + c.set_env(facts, "CUDA_VISIBLE_DEVICES", "0")),
    )


def log_level_hides_reasons(f: Facts) -> Iterator[Finding]:
    """``TF_CPP_MIN_LOG_LEVEL`` >= 2 hides the lines that say why a GPU was dropped."""
    facts = f.host
    if facts is None:
        return
    value = facts.env.get("TF_CPP_MIN_LOG_LEVEL", "").strip()
    if value not in ("2", "3"):
        return
    yield catalogue.make(
        "tf-log-level-hides-gpu-messages", value=value,
        evidence=(Evidence("env.TF_CPP_MIN_LOG_LEVEL", value),),
        fix=(c.unset_env(facts, "TF_CPP_MIN_LOG_LEVEL") + "   # while debugging",),
    )


