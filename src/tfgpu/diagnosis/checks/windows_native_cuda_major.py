"""Native Windows, TensorFlow listing no GPU, its version not given, and only a CUDA toolkit of
a newer major than the last native-Windows GPU release was built with:
``tensorflow-windows-native-no-gpu`` (variant ``cuda-newer-than-last``).

Facts: platform fact ``windows-native-gpu-last`` (2.10 was the last release with GPU support on
native Windows; later releases are CPU-only there) and that release's tested configuration
(``tf_tested_configs``: CUDA 11.2 + cuDNN 8.1). A native-Windows GPU build loads the CUDA DLLs
of its own CUDA major by name (cudart64_110.dll for every 11.x), which a CUDA 12 toolkit does
not ship (it ships cudart64_12.dll), so with only CUDA 12+ installed no TensorFlow release uses
the GPU there, whichever one is installed: after 2.10 none has GPU support, and 2.10 or older
finds no CUDA 11 DLL. Silent in a conda environment (conda's cudatoolkit can supply the CUDA 11
DLLs, the platform fact's own recipe), under WSL, and when the TensorFlow version is known (the
checks in tf_install.py and visibility.py then decide)."""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.diagnosis.checks._common import windows_gpu_last
from tfgpu.diagnosis.checks.visibility import rule_gpu_not_visible
from tfgpu.facts.view import Facts
from tfgpu.findings import Evidence, Finding
from tfgpu.knowledge import KnowledgeError, KnowledgeQueryError, parse_version


def windows_native_cuda_newer_than_last(ctx: Facts) -> list[Finding]:
    """``tensorflow-windows-native-no-gpu`` (``cuda-newer-than-last``) when the facts give
    native Windows, an NVIDIA GPU, no TensorFlow version, no conda environment and CUDA
    toolkits whose majors are all above the CUDA of the last native-Windows GPU release, and
    the log shows TensorFlow listing no GPU (``rule_gpu_not_visible``); else ``[]``."""
    host = ctx.host
    if (host is None or not ctx.windows or ctx.wsl or ctx.tf_version or ctx.conda
            or not host.nvidia_gpus):
        return []
    cudas = [t.version for t in host.toolkits if t.version]
    try:
        _, last, _, build = windows_gpu_last(ctx)
        tested = ctx.kb.tested_gpu_build(last, "windows")
        if not cudas or tested is None:
            return []
        last_major = parse_version(tested.cuda).major
        if any(parse_version(v).major <= last_major for v in cudas):
            return []
    except (KnowledgeError, KnowledgeQueryError):
        return []
    seen = [f for f in rule_gpu_not_visible(ctx) if f.id == "tensorflow-sees-no-gpu"]
    if not seen:
        return []
    cuda = ", ".join(cudas)
    fact = ctx.kb.platform_fact("windows-native-gpu-last")
    return [catalogue.make(
        "tensorflow-windows-native-no-gpu", variant="cuda-newer-than-last",
        last=last, ref=fact.ref, cuda=cuda, build=build,
        build_ref=tested.row.ref, major=str(last_major),
        evidence=(*seen[0].evidence, Evidence("cuda.toolkits", f"CUDA {cuda}"),
                  Evidence("os.system", "Windows")),
        fix=(*c.wsl2_tensorflow_lines(ctx), *c.windows_native_env_lines(ctx),
             'python -c "import tensorflow as tf; print(tf.__version__)"   # which release '
             "this is"),
        knowledge_ref=fact.ref,
    )]
