"""Compatibility knowledge: versioned data files (``data/*.toml``) and their queries.

Every compatibility fact tfgpu uses is a row in one of the data files, with its
``source`` and ``retrieved`` date (``STYLE.md`` section 2, ``docs/knowledge.md``):

=========================== ===========================================================
``tf_tested_configs``       TensorFlow tested build configurations (Python, CUDA, cuDNN)
``cuda_min_driver``         minimum NVIDIA driver per CUDA version, and family floors
``tf_pip_cuda_wheels``      what ``tensorflow[and-cuda]`` pins, per release
``tf_compute_capabilities`` SASS/PTX compute capabilities in the official wheels
``gpu_compute_capability``  GPU model name -> compute capability, Tensor Cores
``platform_facts``          packaging/platform facts (tensorflow-gpu, Windows, numpy 2,
                            Tensor Core and bfloat16 CC floors, distribution names...)
``status_codes``            every CUresult, cudaError_t, cuDNN, cuBLAS, NCCL, cuSOLVER, cuFFT code
``cuda_arch``               first CUDA release whose ptxas knows each ``sm_XX``
``tf_dtypes``               bytes per element of TensorFlow dtypes
``amd_gpus``                AMD GPU model -> gfx target, ROCm Linux support status
``tf_and_cuda_aarch64``     does ``tensorflow[and-cuda]==X`` resolve on Linux aarch64 (pip)
=========================== ===========================================================

Use :func:`load_knowledge` (cached) and the query methods of :class:`Knowledge`; every
query returns the row it used (``row.ref`` goes into ``Finding.knowledge_ref``).
"""

from __future__ import annotations

from tfgpu.knowledge import _knowledge, _rows
from tfgpu.knowledge._knowledge import *  # noqa: F403 - every query is part of the face
from tfgpu.knowledge._load import TABLES, TableMeta, open_table, packaged_folder
from tfgpu.knowledge._rows import *  # noqa: F403 - every row type is part of the face
from tfgpu.knowledge._rows import KnowledgeError


def knowledge_version() -> str:
    """Return the knowledge version: the newest ``updated`` date of the tables the
    diagnosis loads (:data:`TABLES`), the same value as :attr:`Knowledge.version`.

    Reports name it so a diagnosis can be traced to the data it used.  Only the
    compatibility tables (:data:`TABLES`) count, as in :attr:`Knowledge.version`; the
    finding catalogue and the documentation links (``findings.toml``, ``docs.toml``) carry
    their own ``updated``.  Returns ``"none"`` when no table is present (a broken
    install).  Reads the files through the parse cache
    (:func:`tfgpu.knowledge._load.open_table`), so it stays cheap for ``--json`` output.
    """
    dates: list[str] = []
    folder = packaged_folder()
    for table in TABLES:
        try:
            data = open_table(folder, table)  # the header only: rows stay undecoded
        except KnowledgeError:
            continue
        if "updated" in data:
            dates.append(str(data["updated"]))
    return max(dates) if dates else "none"


__all__ = ["TABLES", "TableMeta", "knowledge_version"]
# The queries (tfgpu.knowledge._knowledge) and the row types with their parsers
# (tfgpu.knowledge._rows) are part of the face too: one list each, kept where they live.
__all__ += _knowledge.__all__
__all__ += _rows.__all__
