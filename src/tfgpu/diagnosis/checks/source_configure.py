"""TensorFlow's configure step (source builds) did not find a CUDA / cuDNN file.

``third_party/gpus/cuda_configure.bzl`` fails the build with "Cuda Configuration Error:
<msg>" when it cannot find a library or header of the CUDA/cuDNN versions it was given:
"Cannot find cuda library <file>" (TF <= 1.13: only under the toolkit folder, in lib64,
lib64/stubs, lib/<arch>-linux-gnu, lib/x64, lib), "No library found under: <paths>" (its
successor), then ``find_cuda_config.py``'s "Could not find any <file> in any subdirectory"
(TF 1.14 on: the folders of ``TF_CUDA_PATHS``, by default /usr/local/cuda, /usr and the
``ldconfig -p`` folders, with the version env variables ``TF_CUDA_VERSION``,
``TF_CUDNN_VERSION``...).  Sources: NVIDIA/tensorflow (the TF 1.x tree, v1.15.5+nv23.03 and
its history) ``third_party/gpus``.

Two things decide the search and the line does not say which failed: the version typed at
configure (the file name carries it: ``libcublas.so.10.1``) against the one installed, and the
folders searched against where the file really is.  So the finding is a hedge naming both,
with the command that finds the file.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def source_configure_cuda_file_not_found(ctx: Facts) -> list[Finding]:
    """``tf-source-configure-cuda-file-not-found`` (a warning, category ``unknown``): see the
    module docstring.  Variant ``under`` for "No library found under: <paths>" (no file name).

    Returns:
        One finding for the first such line, or nothing.
    """
    hits = ctx.h("build.cuda_file_not_found").all()
    if not hits:
        return []
    h = hits[0]
    name = h.g("lib") or h.g("file")
    look = (f"find / -name '{name.split('*')[0]}*' 2>/dev/null   # where it really is, and the "
            "version its name carries" if name else
            "find / -name 'libcu*.so*' 2>/dev/null   # where the CUDA libraries really are")
    fix = (look,
           "# TF 1.14 and later: export TF_CUDA_PATHS=<comma-separated folders holding CUDA and "
           "cuDNN> and TF_CUDA_VERSION / TF_CUDNN_VERSION as installed, then run ./configure "
           "again (third_party/gpus/find_cuda_config.py)",
           "# TF 1.13 and earlier: configure looks only under the toolkit folder (lib64, "
           "lib64/stubs, lib/<arch>-linux-gnu, lib): give the version exactly as the file name "
           "carries it, or link the file into <toolkit>/lib64, then ./configure again")
    if name:
        return [catalogue.make("tf-source-configure-cuda-file-not-found", file=name,
                               evidence=log_evidence(hits[:2]), fix=fix)]
    return [catalogue.make("tf-source-configure-cuda-file-not-found", variant="under",
                           under=(h.g("under") or "").strip()[:200],
                           evidence=log_evidence(hits[:2]), fix=fix)]
