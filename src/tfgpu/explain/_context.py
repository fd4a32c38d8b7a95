"""What the findings may rely on besides the matched line: host facts and log hints."""

from __future__ import annotations

import re

from tfgpu.explain._compat import tf_minor
from tfgpu.explain._engine import Engine, Hit, Hits
from tfgpu.facts import HostFacts
from tfgpu.findings import Evidence


class Ctx:
    """Host facts (when given) and what the log itself says about the host.

    Facts win over log hints; either may be missing, and then the properties return
    ``None`` (unknown), never a guess.
    """

    def __init__(self, engine: Engine, facts: HostFacts | None) -> None:
        self.engine = engine
        self.facts = facts

    def h(self, name: str) -> Hits:
        """Hits of pattern ``name``."""
        return self.engine.get(name)

    # --- operating system -----------------------------------------------------------
    @property
    def os(self) -> str | None:
        """``"windows"``, ``"linux"``, ``"macos"`` or ``None`` (unknown)."""
        if self.facts is not None:
            system = self.facts.os.system.lower()
            if system.startswith("win"):
                return "windows"
            if system == "darwin" or system.startswith("mac"):
                return "macos"
            if system == "linux":
                return "linux"
        if self.wsl:
            return "linux"
        if (
            self.h("ctx.windows").count
            or self.h("win.dll_load").count
            or self.h("ctx.win_prompt").count
        ):
            return "windows"
        if self.h("ctx.macos").count:
            return "macos"
        if self.h("ctx.linux").count:
            return "linux"
        return None

    @property
    def windows(self) -> bool:
        """The host is native Windows (known from facts or the log)."""
        return self.os == "windows"

    @property
    def wsl(self) -> bool:
        """The host is WSL (facts), or the log shows WSL paths or the WSL NUMA notice."""
        if self.facts is not None:
            return self.facts.os.is_wsl
        return bool(
            self.h("ctx.wsl").count
            or self.h("numa.unreadable").count
            or self.h("wsl.libcuda_symlink").count
        )

    @property
    def os_source(self) -> str:
        """Where :attr:`os` came from, for evidence."""
        return "host facts" if self.facts is not None else "the log"

    # --- versions --------------------------------------------------------------------------
    @property
    def tf_version(self) -> str | None:
        """TensorFlow version from the facts or a version line in the log."""
        f = self.facts
        if f is not None:
            if f.tf is not None and f.tf.version:
                return f.tf.version
            for name in ("tensorflow", "tensorflow-gpu", "tensorflow-cpu", "tf-nightly"):
                d = f.python.dist(name)
                if d is not None:
                    return d.version
        hit = self.h("ctx.tf_version").last
        if hit is not None:
            return hit.g("v") or hit.g("v2") or hit.g("v3")
        return None

    @property
    def tf_mm(self) -> tuple[int, int] | None:
        """``(major, minor)`` of :attr:`tf_version`."""
        return tf_minor(self.tf_version)

    @property
    def cuda_versions(self) -> tuple[str, ...]:
        """CUDA toolkit versions the facts list."""
        if self.facts is None:
            return ()
        return tuple(t.version for t in self.facts.toolkits if t.version)

    @property
    def cudnn_versions(self) -> tuple[str, ...]:
        """cuDNN versions the facts list."""
        if self.facts is None:
            return ()
        return tuple(
            lib.version for lib in self.facts.libraries if lib.name == "cudnn" and lib.version
        )

    @property
    def driver_version(self) -> str | None:
        """NVIDIA driver version (facts, else the "kernel reported version" log line)."""
        if self.facts is not None and self.facts.driver is not None and self.facts.driver.version:
            return self.facts.driver.version
        for name in ("driver.kernel", "driver.libcuda", "smi.driver"):
            hit = self.h(name).last
            if hit is not None and hit.g("v"):
                return hit.g("v")
        return None

    @property
    def driver_known(self) -> bool:
        """The NVIDIA driver version is known (facts with driver data, or the log)."""
        return self.driver_version is not None

    def gpu_log_evidence(self) -> list[Hit]:
        """Log lines that prove an NVIDIA GPU and driver are present (nvidia-smi table rows,
        "Created device", "Found device ... major/minor", an ignored GPU's description)."""
        out: list[Hit] = []
        for name in ("smi.driver", "smi.gpu", "gpu.created", "gpu.props", "cc.ignored"):
            out += self.h(name).first[:2]
        return out

    @property
    def python_version(self) -> str | None:
        """Python version of the host (facts only; the log rarely states it reliably)."""
        if self.facts is not None and self.facts.python.version:
            return self.facts.python.version
        return None

    @property
    def has_nvidia_gpu(self) -> bool | None:
        """``True``/``False`` from facts or the log; ``None`` when unknown.

        The log proves a GPU with nvidia-smi's table (Driver Version, GPU rows), "Created
        device", "Found device ... major/minor" or an "Ignoring visible gpu device" line.
        """
        if self.gpu_log_evidence():
            return True
        if self.facts is None:
            return None
        if self.facts.nvidia_gpus:
            return True
        if self.facts.gpus:
            return False
        return None if not self.facts.probes else False

    @property
    def conda(self) -> bool:
        """The Python environment is a conda environment (facts or log)."""
        if self.facts is not None and self.facts.python.conda_env:
            return True
        return bool(self.h("ctx.conda").count)

    @property
    def gpu_names(self) -> tuple[str, ...]:
        """GPU names from the facts or the log."""
        if self.facts is not None and self.facts.gpus:
            return tuple(g.name for g in self.facts.gpus)
        return tuple(h.g("name") or "" for h in self.h("gpu.created").by_key.values())

    @property
    def compute_capabilities(self) -> tuple[str, ...]:
        """Compute capabilities known from facts or the log ("8.6")."""
        out: list[str] = []
        if self.facts is not None:
            out += [g.compute_capability for g in self.facts.nvidia_gpus if g.compute_capability]
        for h in self.h("gpu.created").by_key.values():
            if h.g("cc"):
                out.append(h.g("cc") or "")
        for h in self.h("gpu.props").all():
            if h.g("ma"):
                out.append(f"{h.g('ma')}.{h.g('mi')}")
            elif h.g("cc"):
                out.append(h.g("cc") or "")
        return tuple(dict.fromkeys(out))

    def dist_version(self, name: str) -> str | None:
        """Version of an installed distribution from the facts."""
        if self.facts is None:
            return None
        d = self.facts.python.dist(name)
        return d.version if d else None

    # --- evidence helpers --------------------------------------------------------------------
    def fact_evidence(self) -> list[Evidence]:
        """Evidence lines for the facts the rules used (OS, TF, CUDA, GPU)."""
        f = self.facts
        if f is None:
            return []
        ev = [Evidence("os.system", f.os.system + (" (WSL)" if f.os.is_wsl else ""))]
        if self.tf_version:
            ev.append(Evidence("tensorflow.version", self.tf_version))
        for v in self.cuda_versions:
            ev.append(Evidence("cuda.toolkit", v))
        for g in f.gpus:
            ev.append(Evidence("gpu", g.name))
        return ev


def log_evidence(*hit_lists: list[Hit] | Hits, limit: int = 8) -> tuple[Evidence, ...]:
    """Evidence tuples from hits (first hits of each list), sorted by line, de-duplicated."""
    seen: dict[int, Hit] = {}
    for hl in hit_lists:
        items = hl.all() if isinstance(hl, Hits) else hl
        for h in items:
            seen.setdefault(h.line, h)
    hits = sorted(seen.values(), key=lambda h: h.line)[:limit]
    return tuple(Evidence("log", h.text.strip(), h.line) for h in hits)


_SIZE_RE = re.compile(r"([\d.]+)\s*([KMGT]?)i?B?", re.I)


#: Largest size :func:`size_to_mib` accepts, MiB (1 EiB): anything larger is not a real
#: memory size but a mangled log line.
MAX_SIZE_MIB = float(2**40)


def size_to_mib(text: str) -> float | None:
    """Parse "7.92GiB", "190.31MiB", "2.00GiB", "190.31M" into MiB (2**20 bytes).

    Returns:
        The size in MiB, or ``None`` when ``text`` is not a size ("0..", "1.2.3GiB") or
        is not finite or over :data:`MAX_SIZE_MIB` (a 400-digit number in a mangled log).
    """
    m = _SIZE_RE.fullmatch(text.strip()[:64])
    if not m:
        return None
    try:
        value = float(m.group(1))
    except ValueError:
        return None
    unit = m.group(2).upper()
    factor = {"": 1 / 2**20, "K": 1 / 1024, "M": 1.0, "G": 1024.0, "T": 1024.0 * 1024}[unit]
    mib = value * factor
    return mib if 0 <= mib <= MAX_SIZE_MIB else None
