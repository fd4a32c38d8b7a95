"""conda-forge's CPU-only TensorFlow build named by its build string.

conda-forge/tensorflow-feedstock (recipe/meta.yaml, every output: tensorflow,
tensorflow-base, tensorflow-estimator, tensorflow-cpu) gives a build without CUDA the build
string ``cpu_py{CONDA_PY}h{hash}_{n}`` and a CUDA build ``cuda{ver}py{CONDA_PY}h{hash}_{n}``
(source: https://github.com/xhochy/tensorflow-feedstock/blob/a3b2c3d9cb191f8acd167551a8c8400129b6e708/recipe/meta.yaml,
a fork of conda-forge/tensorflow-feedstock).  A ``conda list`` row, a conda change-report row
("2.7.0-cpu_py39h..._0 --> 2.7.0-cuda112py39h..._0", conda/core/link.py diff_strs) or a NEW /
mamba row that names such a build is the environment's TensorFlow: with no GPU created in the
log it is ``tensorflow-cpu-only-build`` (variant ``conda-build``).  Threads:
jupyter/docker-stacks#1616 (the tensorflow-notebook image's conda-forge ``cpu_`` build; fixed by
swapping to the ``cuda112`` builds), aws/sagemaker-distribution#438 (a GPU image with the CPU
conda build of TensorFlow).
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def _cpu(build: str | None) -> bool:
    """A conda-forge CPU build string (``cpu_py39h4655687_0``)."""
    return (build or "").startswith("cpu_")


def gpu_build_shown(ctx: Facts) -> bool:
    """Whether the log shows a GPU device created (pattern ``gpu.created``) or a check's
    output listing a GPU (:attr:`~tfgpu.facts.view.Facts.tf_gpu_listed`), or the host's
    TensorFlow reports a CUDA build (``is_cuda_build`` in its build info): a CPU build string
    is then not what runs."""
    if ctx.h("gpu.created").count or ctx.tf_gpu_listed:
        return True
    tf = ctx.host.tf if ctx.host is not None else None
    return tf is not None and tf.build_info.get("is_cuda_build") == "True"


def conda_tf_cpu_build(ctx: Facts) -> list[Finding]:
    """``tensorflow-cpu-only-build`` (``conda-build``) for conda rows naming a conda-forge
    ``cpu_`` build of TensorFlow; ``[]`` when no row does or when :func:`gpu_build_shown`
    (a GPU device created or listed, or the host's TensorFlow a CUDA build)."""
    hits = [h for h in ctx.h("conda.tf_build").all()
            if _cpu(h.g("build")) or _cpu(h.g("nbuild"))]
    if not hits or gpu_build_shown(ctx):
        return []
    first: Hit = next((h for h in hits if h.g("pkg") == "tensorflow"), hits[0])
    build, new = first.g("build") or "", first.g("nbuild")
    if _cpu(build) and new and not _cpu(new):
        cause = (f"The environment had conda-forge's CPU-only TensorFlow build ({first.g('pkg')} "
                 f"{first.g('v')}, build {build}): conda-forge names builds without CUDA "
                 f"'cpu_py...' and CUDA builds 'cuda<ver>py...'. A CPU-only build can never "
                 f"use an NVIDIA GPU. The listing shows conda replacing it with a CUDA build "
                 f"({new}): that swap is the fix; once done, TensorFlow can see the GPU.")
    else:
        shown = new if _cpu(new) else build
        cause = (f"conda's TensorFlow here is conda-forge's CPU-only build ({first.g('pkg')} "
                 f"{first.g('nv') or first.g('v')}, build {shown}): conda-forge names builds "
                 f"without CUDA 'cpu_py...' and CUDA builds 'cuda<ver>py...'. A CPU-only "
                 f"build can never use an NVIDIA GPU, whatever the driver.")
    return [catalogue.make(
        "tensorflow-cpu-only-build", variant="conda-build", build=build,
        evidence=log_evidence(hits),
        cause=cause,
        fix=("conda list '^tensorflow'   # the build string: cpu_py... or cuda<ver>py...",
             "conda install -c conda-forge 'tensorflow=*=cuda*'   # a CUDA build (Linux, "
             "an NVIDIA driver on the host)",
             "python -c \"import tensorflow as tf; "
             "print(tf.config.list_physical_devices('GPU'))\""),
    )]
