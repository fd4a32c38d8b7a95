"""Rules about environment variables and search paths.

Each rule is pure: ``(HostFacts, Knowledge) -> Iterable[Finding]``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.facts import HostFacts
from tfgpu.facts.view import Facts
from tfgpu.findings import Evidence, Finding

if TYPE_CHECKING:
    from tfgpu.knowledge import Knowledge

_CUDA_VER_RE = re.compile(r"cuda[-_/\\]?v?(\d+\.\d+)", re.IGNORECASE)


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


def several_toolkits_on_path(f: Facts) -> Iterator[Finding]:
    """More than one CUDA toolkit version on PATH: nvcc/ptxas may come from the wrong one.

    Several toolkits installed is only a fact; several on PATH is the fault.
    """
    facts = f.host
    if facts is None:
        return
    kb = f.kb
    versions: dict[str, str] = {}
    for t in facts.toolkits:
        if t.on_path:
            versions.setdefault(t.version or t.root or "?", t.root or t.nvcc_path or "?")
    sep = ";" if facts.os.system == "Windows" else ":"
    for entry in (facts.env.get("PATH") or "").split(sep):
        m = _CUDA_VER_RE.search(entry)
        if m and not any(k.startswith(m.group(1)) for k in versions):
            versions[m.group(1)] = entry
    if len(versions) < 2:
        return
    first = next(iter(versions))
    want = _tf_cuda_major(facts, kb)
    matching = [v for v in versions if want is not None and v.split(".")[0] == str(want)]
    keep = matching[0] if matching else (first if want is None else None)
    others = [v for v in versions if v != keep]
    if facts.os.system == "Windows":
        drop = " -and ".join(f"$_ -notlike '*{versions[o]}*'" for o in others)
        fix = f"$env:Path = ($env:Path -split ';' | Where-Object {{ {drop} }}) -join ';'"
    else:
        pattern = "|".join(re.escape(versions[o]) for o in others)
        fix = (f"export PATH=\"$(printf %s \"$PATH\" | tr ':' '\\n' | grep -v -E "
               f"'{pattern}' | paste -sd: -)\"")
    if keep is not None:
        fix += f"   # keep only CUDA {keep}" + (
            f", the major TensorFlow was built for (CUDA {want})" if want is not None else "")
    else:
        fix += (f"   # neither matches TensorFlow's CUDA {want}; with the pip nvidia-* wheels "
                "(tensorflow[and-cuda]) no toolkit on PATH is needed")
    yield catalogue.make(
        "several-cuda-toolkits-on-path", count=len(versions), versions=", ".join(versions),
        first=first,
        evidence=tuple(Evidence("PATH", f"CUDA {v}: {p}") for v, p in versions.items()),
        fix=(fix,),
    )


def _tf_cuda_major(facts: HostFacts, kb: Knowledge) -> int | None:
    """The CUDA major the installed TensorFlow loads: ``tf.build_info`` when the probe ran,
    else the tested configuration of its version (``tf_tested_configs.toml``); ``None``
    for a CPU build or when unknown."""
    tf = facts.tf
    text: str | None = None
    if tf is not None and tf.build_info.get("is_cuda_build") == "True":
        text = tf.build_info.get("cuda_version")
    if not text:
        version = tf.version if tf is not None and tf.version else None
        if version is None:
            d = facts.python.dist("tensorflow")
            version = d.version if d is not None else None
        os = "wsl2" if facts.os.is_wsl else facts.os.system.lower()
        try:
            config = kb.config_for(version, os) if version and os in ("linux", "wsl2") \
                else None
        except Exception:  # noqa: BLE001 - an unknown version: no advice on the major
            config = None
        text = config.cuda if config is not None and config.kind == "gpu" else None
    m = re.match(r"(\d+)", text or "")
    return int(m.group(1)) if m else None


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


def _soname(filename: str, facts: HostFacts) -> str:
    """The SONAME a library file answers to (``libcublas.so.12.2.5.6`` -> ``.so.12``)."""
    from tfgpu.probes._libnames import classify

    info = classify(filename, facts.os.system)
    return info.soname if info is not None else filename


def ld_library_path_shadows(f: Facts) -> Iterator[Finding]:
    """A library from LD_LIBRARY_PATH is picked over the pip copy TensorFlow ships with."""
    facts = f.host
    if facts is None:
        return
    shadow = []
    for lib in facts.libraries:
        if not (lib.selected and lib.origin == "ld_library_path"):
            continue
        # Shadowing needs the same SONAME: libcublas.so.11 cannot shadow libcublas.so.12.
        pip_copies = [o for o in facts.libraries
                      if o.name == lib.name and o.origin == "tf-runpath" and o.path != lib.path
                      and _soname(o.filename, facts) == _soname(lib.filename, facts)]
        if pip_copies and pip_copies[0].version != lib.version:
            shadow.append((lib, pip_copies[0]))
    if not shadow:
        return
    yield catalogue.make(
        "ld-library-path-shadows-pip-libraries",
        picks="; ".join(
            f"lib{a.name} {a.version or '?'} ({a.path}) instead of {b.version or '?'} from the "
            "pip nvidia wheel" for a, b in shadow[:3]),
        evidence=tuple(Evidence("libraries", f"{a.filename} {a.version or '?'} from {a.path} "
                                             f"shadows {b.version or '?'} at {b.path}")
                       for a, b in shadow[:6]),
        fix=(c.unset_env(facts, "LD_LIBRARY_PATH"),),
    )


