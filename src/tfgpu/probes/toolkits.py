"""CUDA toolkits: ``nvcc --version``, ``version.json``/``version.txt``, env and globs.

Where it looks, in order (each root is reported once, symlinks resolved):

1. ``nvcc`` on ``PATH`` (``nvcc --version``);
2. ``CUDA_HOME``, ``CUDA_PATH`` and every ``CUDA_PATH_V<major>_<minor>`` (set by the
   Windows installer);
3. ``$CONDA_PREFIX`` when it holds ``bin/nvcc`` (conda-forge ``cuda-nvcc``);
4. Linux: ``/usr/local/cuda``, ``/usr/local/cuda-*``, ``/opt/cuda``; Windows:
   ``%ProgramFiles%\\NVIDIA GPU Computing Toolkit\\CUDA\\v*``.

The version comes from ``version.json`` (CUDA >= 11.1, key ``cuda.version``), else
``version.txt`` ("CUDA Version 10.2.89"), else ``nvcc``'s ``V12.1.105``, else the
folder name (``cuda-12.2``, ``v11.2``).  Several toolkits are several facts, not an
error; ``on_path`` marks those whose ``bin`` is on ``PATH``.  An ``nvcc`` that gave no
version (hung, failed) next to none of a toolkit's files is an entry with its path only:
``root`` and ``version`` unknown (``None``), never its folder's parent as a "toolkit".
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace

from tfgpu.facts import CudaToolkit, ProbeRecord
from tfgpu.probes import ProbeContext, ProbeResult
from tfgpu.probes.host_paths import path_entries, pathmod, same_path_key

NAME = "cuda-toolkits"
ORDER = 20

_NVCC_RE = re.compile(r"release (\d+\.\d+), V(\d+(?:\.\d+)+)")
_TXT_RE = re.compile(r"CUDA Version\s+(\d+(?:\.\d+)+)")
_DIR_RE = re.compile(r"(?:cuda-|^v)(\d+\.\d+)$", re.IGNORECASE)
WINDOWS_TOOLKITS = "NVIDIA GPU Computing Toolkit\\CUDA"


def parse_nvcc(text: str) -> str | None:
    """Version from ``nvcc --version`` output.

    Args:
        text: the output (Linux or Windows form: "Cuda compilation tools, release
            12.1, V12.1.105").

    Returns:
        The full ``V`` version (``"12.1.105"``), or ``None`` when the text is not nvcc
        output (e.g. the shell's "Command 'nvcc' not found").
    """
    m = _NVCC_RE.search(text)
    return m.group(2) if m else None


def parse_version_json(text: str) -> str | None:
    """``cuda.version`` from a toolkit's ``version.json`` (``"13.3.1"``); ``None`` if absent.

    Layout per NVIDIA's CUDA installers (CUDA >= 11.1): ``{"cuda": {"name": "CUDA SDK",
    "version": "13.3.1"}, "cuda_cudart": {...}, ...}``.
    """
    try:
        data = json.loads(text)
    except ValueError:
        return None
    cuda = data.get("cuda") if isinstance(data, dict) else None
    version = cuda.get("version") if isinstance(cuda, dict) else None
    return version if isinstance(version, str) else None


def parse_version_txt(text: str) -> str | None:
    """Version from a CUDA <= 11.0 ``version.txt`` ("CUDA Version 10.2.89")."""
    m = _TXT_RE.search(text)
    return m.group(1) if m else None


@dataclass
class _Found:
    root: str | None
    source: str
    nvcc_path: str | None = None
    nvcc_version: str | None = None


def _which(ctx: ProbeContext, exe: str) -> str | None:
    pm = pathmod(ctx.system)
    names = (exe + ".exe", exe) if ctx.system == "Windows" else (exe,)
    for entry in path_entries(ctx.env, ctx.system):
        for name in names:
            cand: str = pm.join(entry, name)
            if ctx.fs.exists(cand):
                return cand
    return None


_WRAPPER_RE = re.compile(r"""(/[^\s'"]+)/bin/nvcc\b""")


def _nvcc_root(ctx: ProbeContext, nvcc_path: str) -> str | None:
    """Install root of the ``nvcc`` at ``nvcc_path``.

    Symlinks are resolved; a small ``#!`` shell wrapper (``exec /usr/local/cuda-13.0/bin/
    nvcc "$@"``) is followed to the path it runs.  A distro package's ``/usr/bin/nvcc``
    (Ubuntu ``nvidia-cuda-toolkit``) has no toolkit folder of its own: ``None``.
    """
    pm = pathmod(ctx.system)
    real = ctx.fs.realpath(nvcc_path)
    head = ctx.fs.read_text(real, 4096) or ""
    if head.startswith("#!"):
        m = _WRAPPER_RE.search(head)
        if m:
            return m.group(1)
    root: str = pm.dirname(pm.dirname(real))
    if same_path_key(root, ctx.system) in ("/usr", "/"):
        return None
    return root


def _candidates(ctx: ProbeContext) -> tuple[list[_Found], list[ProbeRecord]]:
    pm = pathmod(ctx.system)
    found: list[_Found] = []
    records: list[ProbeRecord] = []
    res = ctx.runner(("nvcc", "--version"), ctx.timeout_s)
    records.append(res.record("nvcc"))
    nvcc_version = parse_nvcc(res.stdout) if res.stdout else None
    nvcc_path = _which(ctx, "nvcc")
    if nvcc_version or nvcc_path:
        root = None
        if nvcc_path:
            root = _nvcc_root(ctx, nvcc_path)
        if root is not None and nvcc_version is None and not _is_toolkit(ctx, root):
            # an nvcc that gave no version (hung, failed, printed something else) beside no
            # toolkit's files: its folder is not a toolkit ("/tmp" for /tmp/x/nvcc); the
            # entry keeps the program's path only, toolkit and version unknown
            root = None
        found.append(_Found(root, "nvcc", nvcc_path, nvcc_version))
    env = ctx.env
    for var in ("CUDA_HOME", "CUDA_PATH"):
        if env.get(var):
            found.append(_Found(env[var], var))
    for var in sorted(k for k in env if k.upper().startswith("CUDA_PATH_V")):
        found.append(_Found(env[var], "CUDA_PATH"))
    conda = env.get("CONDA_PREFIX")
    if conda:
        bin_dir = "Library\\bin" if ctx.system == "Windows" else "bin"
        nvcc = pm.join(conda, bin_dir, "nvcc.exe" if ctx.system == "Windows" else "nvcc")
        if ctx.fs.exists(nvcc):
            found.append(_Found(conda, "conda", nvcc))
    if ctx.system == "Windows":
        base = pm.join(env.get("ProgramFiles", "C:\\Program Files"), WINDOWS_TOOLKITS)
        for name in ctx.fs.listdir(base):
            if name.lower().startswith("v"):
                found.append(_Found(pm.join(base, name), "glob"))
    else:
        for root in ["/usr/local/cuda", *ctx.fs.glob("/usr/local/cuda-*"), "/opt/cuda"]:
            if ctx.fs.exists(root):
                found.append(_Found(root, "glob"))
    return found, records


def _is_toolkit(ctx: ProbeContext, root: str) -> bool:
    """``root`` holds a CUDA toolkit's own files: its ``version.json``/``version.txt``, or a
    folder name that says the version (``cuda-12.2``, ``v11.2``)."""
    real = ctx.fs.realpath(root)
    if _version_at(ctx, real) is not None:
        return True
    return _DIR_RE.search(pathmod(ctx.system).basename(real.rstrip("/\\"))) is not None


def _version_at(ctx: ProbeContext, root: str) -> str | None:
    pm = pathmod(ctx.system)
    text = ctx.fs.read_text(pm.join(root, "version.json"), 1 << 16)
    version = parse_version_json(text) if text else None
    if version is None:
        text = ctx.fs.read_text(pm.join(root, "version.txt"), 4096)
        version = parse_version_txt(text) if text else None
    return version


def run(ctx: ProbeContext) -> ProbeResult:
    """Find every CUDA toolkit.  Never raises.

    Args:
        ctx: the probe context (``env`` PATH/CUDA_* variables, ``fs``, ``runner``).

    Returns:
        One :class:`~tfgpu.facts.CudaToolkit` per distinct install root (resolved), plus
        the ``nvcc`` record.
    """
    pm = pathmod(ctx.system)
    found, records = _candidates(ctx)
    on_path = {same_path_key(p, ctx.system) for p in path_entries(ctx.env, ctx.system)}
    toolkits: list[CudaToolkit] = []
    index: dict[str, int] = {}
    for f in found:
        if f.root is not None and not ctx.fs.exists(f.root):
            continue
        key = same_path_key(ctx.fs.realpath(f.root), ctx.system) if f.root else "<nvcc>"
        version = _version_at(ctx, ctx.fs.realpath(f.root)) if f.root else None
        if version is None:
            version = f.nvcc_version
        if version is None and f.root:
            m = _DIR_RE.search(pm.basename(ctx.fs.realpath(f.root).rstrip("/\\")))
            version = m.group(1) if m else None
        bin_key = same_path_key(pm.join(f.root, "bin"), ctx.system) if f.root else None
        real_bin = (
            same_path_key(pm.join(ctx.fs.realpath(f.root), "bin"), ctx.system) if f.root else None
        )
        tk = CudaToolkit(
            root=f.root,
            version=version,
            nvcc_path=f.nvcc_path,
            source=f.source,
            on_path=f.source == "nvcc" or bin_key in on_path or real_bin in on_path,
        )
        if key in index:
            old = toolkits[index[key]]
            toolkits[index[key]] = replace(
                old,
                nvcc_path=old.nvcc_path or tk.nvcc_path,
                on_path=old.on_path or tk.on_path,
                version=old.version or tk.version,
            )
            continue
        index[key] = len(toolkits)
        toolkits.append(tk)
    return ProbeResult(records=tuple(records), toolkits=tuple(toolkits))
