"""libdevice not found in a conda-forge or pixi environment: ``xla-libdevice-not-found``
variants ``conda-forge`` and ``conda-env`` (called by :func:`tfgpu.diagnosis.checks.xla.
rule_xla`).

XLA looks for ``nvvm/libdevice`` under each of ``tsl::CandidateCudaRoots()``: the runfiles'
CUDA folders, ``TF_CUDA_TOOLKIT_PATH`` (the toolkit folder the build was configured with),
``/usr/local/cuda``, ``/opt/cuda``, the pip wheels' ``../nvidia/cuda_nvcc`` next to the
library, and, since openxla/xla#20288 (traversaro, merged 2025-01-20: "the official cuda
package for conda (both in the conda-forge and nvidia conda channels) install the CUDA
libraries in a different location with respect to PyPI packages"), the environment's prefix
four and five folders above the library (``xla/tsl/platform/default/cuda_root_path.cc`` at
01788b896900717ee916377a71d5c14963e0176d: "In case cuda was installed with nvidia's official
conda packages, we also include the root prefix of the environment in the candidate roots").

conda-forge's CUDA puts libdevice in ``$PREFIX/nvvm/libdevice`` (conda-forge/cuda-nvcc-feedstock
``recipe/meta.yaml`` at 3451669b09a0f9ba4a5283614da101183969455b, output ``cuda-nvvm``: "test -d
$PREFIX/nvvm/libdevice"); ``cuda-nvcc-tools`` depends on ``cuda-nvvm-tools`` (conda-forge's
package records, e.g. cuda-nvcc-tools 12.6.77).  The threads: conda-forge/jaxlib-feedstock#283
(XLA's search list names the feedstock's build folder and the environment's site-packages, never
``$CONDA_PREFIX/nvvm/libdevice``; closed by a jaxlib rebuilt with #20288, with conda-forge's
cuda-nvcc-tools; the NVIDIA channel and ``/usr/local/cuda`` are not the fix) and PR #288
(libdevice installed in ``$CONDA_PREFIX/nvvm/libdevice``, not found; a pixi prompt).
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: A line of XLA's CUDA roots that names conda-forge's build folder: its searched-folder list
#: (the folder alone on its line), an strace of the search (nvvm/libdevice, targets/), or a
#: jaxlib/TensorFlow build folder.  Another conda-forge package's source path in a log line
#: (grpc's "feedstock_root/build_artifacts/grpc-split_.../ev_epoll1_linux.cc") says nothing
#: of where this jaxlib or TensorFlow came from.
_XLA_ROOT = re.compile(r"nvvm|libdevice|/targets/|^\s*/\S*feedstock_root/build_artifacts/\S*\s*$")


def _build_root(ctx: Facts) -> Hit | None:
    """The first ``ctx.conda_build_root`` line that is XLA's (:data:`_XLA_ROOT`) or names a
    jaxlib/TensorFlow build."""
    for h in ctx.h("ctx.conda_build_root").all():
        pkg = h.g("pkg") or ""
        if pkg.startswith(("jax", "tensorflow")) or _XLA_ROOT.search(h.text):
            return h
    return None


def conda_env(ctx: Facts, before: int) -> tuple[Hit, str] | None:
    """The conda or pixi environment the program ran in, as ``(the line that shows it, its
    prefix)``, or ``None``: the last line at or above ``before`` that tells an environment,
    when it tells a conda one.  Conda tells: a conda-specific folder (``ctx.conda_path``; the
    prefix is that folder), pixi's or conda's base prompt (``ctx.env_prompt``), a
    conda/mamba/pixi command (``ctx.pyenv_switch`` group conda; the prefix is then
    ``$CONDA_PREFIX``, which conda activate, pixi run and pixi shell set).  A venv tell after
    them (or on the same line: "(base) ...$ conda deactivate") wins: a venv's folder, a venv
    created or activated, conda deactivated."""
    # on one line a command beats a folder in it (the activate script of a conda root is
    # not the environment activated), and a venv tell beats both
    tells = [(h.line, rank, h) for rank, name in enumerate(("ctx.conda_path", "ctx.env_prompt"))
             for h in ctx.h(name).all()]
    tells += [(h.line, 2 if h.g("conda") else 3, h) for h in ctx.h("ctx.pyenv_switch").all()]
    tells = [t for t in tells if t[0] <= before]
    if not tells:
        return None
    _, _, h = max(tells, key=lambda t: (t[0], t[1]))
    if h.g("venv"):
        return None
    return h, h.g("root") or "$CONDA_PREFIX"


def _program(ctx: Facts, pkg: str | None) -> str:
    """jaxlib or TensorFlow: the conda-forge package the build folder names, else the log's
    own program."""
    if pkg:
        return "jaxlib" if pkg.startswith("jax") else "TensorFlow" if "tensorflow" in pkg else pkg
    return "jaxlib" if ctx.jax_log else "TensorFlow"


def conda_libdevice(ctx: Facts, lib: list[Hit], pip_line: str | None = None) -> Finding | None:
    """``xla-libdevice-not-found`` for a conda-forge or pixi environment, or ``None`` (the
    generic reading then stands).

    Variant ``conda-forge``: XLA's CUDA roots (its searched-folder list, or an strace of it)
    name conda-forge's build folder (pattern ``ctx.conda_build_root``), so this jaxlib or
    TensorFlow is conda-forge's.  Variant ``conda-env``: the log shows a conda or pixi
    environment (an environment's folder, ``ctx.conda_env_python``; pixi's or conda's base
    prompt, ``ctx.env_prompt``) and not where the build came from.

    Args:
        ctx: the facts view.
        lib: the libdevice lines (evidence).
        pip_line: the fix line naming the pip compiler wheel of TensorFlow's CUDA
            (checks/xla.py ``_ptxas_wheel``), for a pip-installed TensorFlow; a generic line
            when not given.
    """
    root = _build_root(ctx)
    build = [root] if root is not None else []
    found = conda_env(ctx, max(h.line for h in lib)) if lib else None
    env = [found[0]] if found else []
    if not build and not env:
        return None
    if build:
        prog = _program(ctx, build[0].g("pkg"))
        why = (f"The log names conda-forge's build folder (feedstock_root/build_artifacts, "
               f"line {build[0].line}), which XLA keeps among its CUDA folders: this "
               f"{prog} is conda-forge's build, and its CUDA compiler files come from "
               "conda-forge's packages, which put libdevice in $CONDA_PREFIX/nvvm/libdevice. "
               "XLA looks for nvvm/libdevice only under its fixed list of CUDA roots (its "
               "build's CUDA folder, /usr/local/cuda, the pip wheels' folders); builds before "
               "openxla/xla#20288 (merged January 2025) do not list the environment's own "
               "prefix, so a libdevice installed there is not found. The NVIDIA channel's "
               "packages mixed into a conda-forge environment, or /usr/local/cuda, are not "
               "the fix.")
        return catalogue.make(
            "xla-libdevice-not-found", variant="conda-forge", why=why,
            evidence=log_evidence(lib, build[:1], env[:1], limit=4),
            fix=("ls $CONDA_PREFIX/nvvm/libdevice   # conda-forge's CUDA puts libdevice.10.bc "
                 "here",
                 "export XLA_FLAGS=--xla_gpu_cuda_data_dir=$CONDA_PREFIX   # XLA then looks "
                 "in $CONDA_PREFIX/nvvm/libdevice",
                 "conda install -c conda-forge cuda-nvcc-tools   # the folder is missing: "
                 "conda-forge's CUDA compiler (with cuda-nvvm-tools); pixi: pixi add "
                 "cuda-nvcc-tools",
                 f"conda update -c conda-forge {prog.lower()}   # a build whose XLA has "
                 "openxla/xla#20288 searches $CONDA_PREFIX itself"),
        )
    h, p = env[0], found[1] if found else "$CONDA_PREFIX"
    shown = (f"pixi's prompt for environment {h.g('pixi')}" if h.g("pixi") else
             "conda's prompt for its base environment" if h.g("base") else
             f"the command {h.g('conda')}" if h.g("conda") else
             f"a conda environment's folder, {p}")
    prog = "jax" if ctx.jax_log else "TensorFlow"
    why = (f"The log shows a conda or pixi environment ({shown}, line {h.line}). There "
           "conda's CUDA packages (conda-forge's, and the NVIDIA channel's) put libdevice in "
           "the environment's nvvm/libdevice ($CONDA_PREFIX/nvvm/libdevice), and XLA looks for "
           "nvvm/libdevice only under its fixed list of CUDA roots (its build's CUDA folder, "
           "/usr/local/cuda, the pip wheels' folders): builds before openxla/xla#20288 (merged "
           "January 2025) do not search the environment's prefix, so an installed libdevice "
           f"may be there unseen. A {prog} installed with pip takes libdevice from the "
           "nvidia-cuda-nvcc wheel instead (site-packages/nvidia/cuda_nvcc, which XLA "
           "searches). Which one this environment holds, the log does not show.")
    return catalogue.make(
        "xla-libdevice-not-found", variant="conda-env", why=why,
        evidence=log_evidence(lib, env[:1], limit=4),
        fix=(f"ls {p}/nvvm/libdevice   # where conda's CUDA packages put libdevice.10.bc",
             f"export XLA_FLAGS=--xla_gpu_cuda_data_dir={p}   # it is there: XLA then looks "
             f"in {p}/nvvm/libdevice",
             # TensorFlow's pip install guide of the 2.12 era, its "Ubuntu 22.04" step
             # (https://www.tensorflow.org/install/pip#ubuntu_2204, as quoted in the scripts
             # that copied it): conda install -c nvidia cuda-nvcc=11.3.58 left libdevice.10.bc
             # in $CONDA_PREFIX/lib; copy it into lib/nvvm/libdevice and point
             # XLA_FLAGS=--xla_gpu_cuda_data_dir=$CONDA_PREFIX/lib/ there
             f"ls {p}/lib/libdevice.10.bc   # an older conda CUDA 11 compiler package put it "
             f"here: mkdir -p {p}/lib/nvvm/libdevice && cp {p}/lib/libdevice.10.bc "
             f"{p}/lib/nvvm/libdevice/, then XLA_FLAGS=--xla_gpu_cuda_data_dir={p}/lib",
             f"conda install {'' if p == '$CONDA_PREFIX' else f'-p {p} '}-c conda-forge "
             f"cuda-nvcc-tools   # missing, {prog} from conda-forge or pixi: conda-forge's CUDA "
             "compiler (pixi add cuda-nvcc-tools)",
             f"# missing, {prog} from pip: " + (pip_line.lstrip("# ") if pip_line else
                                                 'pip install -U "nvidia-cuda-nvcc-cu12" (the '
                                                 "wheel of its CUDA major; XLA searches "
                                                 "site-packages/nvidia/cuda_nvcc)")),
    )
