"""A driver upgrade the GPU cannot take: old architectures stay on a legacy driver branch.

NVIDIA moves old GPU architectures to a legacy branch and no newer driver runs them
(platform facts with ``last_branch``, :meth:`tfgpu.knowledge.Knowledge.gpu_last_driver`:
R470 for Kepler, from NVIDIA's "Current graphics driver releases" legacy list; R580 for
Maxwell, Pascal and Volta, from NVIDIA's Unix graphics feature deprecation schedule).  A
finding whose fix is "install an NVIDIA driver >= X" words that line with
:func:`driver_install_lines`, which says instead that no such driver runs the GPU the host
or log shows, when X's branch is newer than the GPU's last one.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from tfgpu.facts.view import Facts
from tfgpu.knowledge import GpuDriverCeiling, KnowledgeQueryError, docs


class StrandedGpu(NamedTuple):
    """A GPU whose last driver branch is older than a driver a fix asks for.

    Attributes:
        name: the GPU's name as the host or log gives it (``"Tesla K80"``), or
            ``"compute capability 3.7"`` when only that is known.
        cc: its compute capability (``"3.7"``).
        ceiling: the architecture's last driver branch, with its platform fact.
    """

    name: str
    cc: str
    ceiling: GpuDriverCeiling


def _known_gpus(ctx: Facts) -> list[tuple[str, str]]:
    """``(name, compute capability)`` of every NVIDIA GPU the host facts or the log show:
    host GPUs with their compute capability, TensorFlow's device lines, and names from
    ``nvidia-smi`` tables or device lines looked up in ``gpu_compute_capability.toml``."""
    out: list[tuple[str, str]] = []
    if ctx.host is not None:
        out += [(g.name, g.compute_capability) for g in ctx.host.nvidia_gpus
                if g.compute_capability]
    names = [h.g("name") or "" for h in ctx.h("smi.gpu").all()] + list(ctx.gpu_names)
    for name in dict.fromkeys(n for n in names if n):
        m = ctx.kb.gpu_compute_capability(name)
        if m is not None:
            out.append((name, m[0]))
    out += [(f"compute capability {cc}", cc) for cc in ctx.compute_capabilities]
    # TensorFlow's "Ignoring visible gpu device (device: 0, name: Tesla K80, ...) with Cuda
    # compute capability 3.7": the GPU it refused is still this host's GPU
    for h in ctx.h("cc.ignored").all():
        cc = h.g("cc")
        if cc:
            named = re.search(r"name: ([^,]{1,80})", h.g("desc") or "")
            out.append((named.group(1).strip() if named else f"compute capability {cc}", cc))
    return out


def _old_gpus(ctx: Facts) -> list[StrandedGpu]:
    """The GPUs the host or log shows whose architecture has a last driver branch
    (:meth:`tfgpu.knowledge.Knowledge.gpu_last_driver`), in :func:`_known_gpus` order."""
    out: list[StrandedGpu] = []
    for name, cc in _known_gpus(ctx):
        try:
            ceiling = ctx.kb.gpu_last_driver(cc)
        except KnowledgeQueryError:
            continue
        if ceiling is not None:
            out.append(StrandedGpu(name, cc, ceiling))
    return out


def stranded_gpu(ctx: Facts, need: str) -> StrandedGpu | None:
    """The first GPU the host or log shows that no driver ``need`` or newer runs.

    Args:
        ctx: the host facts and log.
        need: the driver version a fix asks for (``"525.60.13"``).

    Returns:
        That GPU with its architecture's last branch, or ``None`` when every GPU shown
        takes such a driver, or none is shown (or ``need`` does not parse).
    """
    for gpu in _old_gpus(ctx):
        try:
            if gpu.ceiling.excludes(need, windows=ctx.windows or ctx.wsl):
                return gpu
        except KnowledgeQueryError:
            return None
    return None


def old_gpu(ctx: Facts) -> StrandedGpu | None:
    """The first GPU the host or log shows whose architecture has a last driver branch,
    whatever driver a fix needs; ``None`` when none is shown."""
    found = _old_gpus(ctx)
    return found[0] if found else None


def driver_install_lines(ctx: Facts, need: str, *, detail: str = "") -> tuple[str, ...]:
    """The fix lines that install an NVIDIA driver >= ``need``; or, when a GPU the host or
    log shows cannot run a driver of that branch (:func:`stranded_gpu`), the lines that
    say so and what is left: a TensorFlow release whose CUDA the GPU's last branch runs,
    found by ``tfgpu plan``.

    Args:
        ctx: the host facts and log.
        need: the minimum driver (``"525.60.13"``).
        detail: words after the version, in parentheses in the install line
            (``"Linux driver"``).

    Returns:
        One comment line, or a comment and a ``tfgpu plan`` command.
    """
    gpu = stranded_gpu(ctx, need)
    if gpu is None:
        where = f" ({detail})" if detail else ""
        return (f"# install an NVIDIA driver >= {need}{where}: {docs.url('nvidia-drivers')}",)
    c = gpu.ceiling
    bare = gpu.name.startswith("compute capability")
    which = f"--cc {gpu.cc}" if bare else f'--gpu "{gpu.name}"'
    named = gpu.name if bare else f"{gpu.name} (compute capability {gpu.cc})"
    drv = f" --driver {ctx.driver_version}" if ctx.driver_version else ""
    py = ctx.log_python_version
    python = f" --python {py}" if py else ""
    return (f"# no NVIDIA driver >= {need} runs {named}: R{c.last_branch} is the last driver "
            f"branch for {c.architecture} GPUs [{c.fact.ref}]",
            f"tfgpu plan --os {ctx.os or 'linux'} {which}{drv}{python}   # the TensorFlow "
            f"release to use: built for a CUDA that an R{c.last_branch} driver runs, with "
            f"kernels for compute capability {gpu.cc}"
            + ("" if drv else f" (add --driver with your R{c.last_branch} driver's version)"))


def compat_fix_for_old_gpu(ctx: Facts, fix: tuple[str, ...]) -> tuple[str, ...]:
    """CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE's fix lines for a host whose GPU is of an
    architecture with a last driver branch (:func:`old_gpu`): a host driver that supports a
    newer image's CUDA does not exist for it, so the line that offers one says instead
    which CUDA that branch runs at most (:meth:`Knowledge.newest_cuda_family`, NVIDIA's
    minor-version compatibility floors) and asks for an image built for it.  ``fix``
    unchanged when no such GPU is shown.

    Args:
        ctx: the host facts and log.
        fix: the finding's fix lines; the one naming "a host driver that supports the
            image's CUDA" is the one replaced.
    """
    gpu = old_gpu(ctx)
    if gpu is None:
        return fix
    c = gpu.ceiling
    try:
        fam = ctx.kb.newest_cuda_family(c.last_branch, ctx.os or "linux")
    except KnowledgeQueryError:
        fam = None
    bare = gpu.name.startswith("compute capability")
    named = gpu.name if bare else f"{gpu.name} (compute capability {gpu.cc})"
    cuda = (f", and an R{c.last_branch} driver runs CUDA {fam.cuda_version} code at most "
            f"[{fam.ref}]: use an image built for CUDA {fam.cuda_version} or older"
            if fam is not None else ": use an image whose CUDA that branch runs")
    which = f"--cc {gpu.cc}" if bare else f'--gpu "{gpu.name}"'
    out: list[str] = []
    for line in fix:
        if "host driver that supports the image's CUDA" in line:
            out.append(line.split("   #")[0] + "   # a compat copy in use: remove it from "
                       "the library path")
            out.append(f"# no newer host driver helps {named}: R{c.last_branch} is the last "
                       f"driver branch for {c.architecture} GPUs [{c.fact.ref}]{cuda}")
            out.append(f"tfgpu plan --os linux {which}   # the newest TensorFlow "
                       f"release this GPU runs, and its CUDA")
        else:
            out.append(line)
    return tuple(out)
