"""Spack: a package built with +cuda and no CUDA compute capability (``cuda_arch=none``).

Spack's ``CudaPackage`` variant ``cuda_arch`` names the compute capabilities to build for, as
the capability times ten ("70" for 7.0, "86" for 8.6); with none given it is ``none``.
Recipes that need one declare ``conflicts("cuda_arch=none", when="+cuda", msg="Must specify
CUDA compute capabilities of your GPU, see https://developer.nvidia.com/cuda-gpus")``
(spack/spack's py-tensorflow since PR 14118, py-torch, py-jax, nccl, py-horovod, xgboost,
apex...), which Spack prints in its concretizer error.  The py-tensorflow recipe before that
conflict turned each value into a float (``float(i) / 10.0`` for
``TF_CUDA_COMPUTE_CAPABILITIES``) and failed with "ValueError: could not convert string to
float: 'none'" in ``setup_build_environment``, under Spack's listing of the recipe's lines.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: The fix lines: the GPU's capability, then the spec with it (Spack's values: capability x 10).
_FIX = (
    "nvidia-smi --query-gpu=name,compute_cap --format=csv   # the GPU's compute capability "
    "(an older nvidia-smi lacks compute_cap: look the GPU up at "
    "https://developer.nvidia.com/cuda-gpus)",
    "spack install {pkg} +cuda cuda_arch=<NN>   # NN: the capability times ten, 86 for 8.6, "
    "70 for 7.0 (spack info {pkg} lists the values it accepts)",
)


def spack_cuda_arch_not_set(ctx: Facts) -> list[Finding]:
    """``spack-cuda-arch-not-set`` (an error): the recipe's conflict message "Must specify CUDA
    compute capabilities of your GPU" (variant none); nvcc's "Unsupported gpu architecture
    'compute_none'" (variant ``nvcc-none``: a recipe without the conflict passed 'none' on,
    spack/spack issue 19365; another build given 'none' reads the same); or the py-tensorflow
    recipe's older
    "ValueError: could not convert string to float: 'none'" with a listed recipe line naming
    ``spec.variants['cuda_arch']`` (variant ``recipe-crash``).  The package comes from the
    conflict line ('"cuda_arch=none" conflicts with "<pkg>+cuda"', "<pkg>: Must specify") or the
    recipe path (".../packages/<pkg>/package.py:<n>, in <function>"), else stays generic.

    Returns:
        One finding, or nothing when neither form is in the log (a float error alone is any
        Python program's, not this kind).
    """
    hits = ctx.h("build.spack_cuda_arch").all()
    conflict = [h for h in hits if not h.g("nvcc")]
    if conflict:
        h = conflict[0]
        pkg = h.g("pkg") or h.g("pkg2")
        if pkg is None:
            return [catalogue.make("spack-cuda-arch-not-set", variant="unnamed",
                                   evidence=log_evidence(conflict[:1]),
                                   fix=tuple(f.format(pkg="<package>") for f in _FIX))]
        return [catalogue.make("spack-cuda-arch-not-set", pkg=pkg,
                               evidence=log_evidence(conflict[:1]),
                               fix=tuple(f.format(pkg=pkg) for f in _FIX))]
    if hits:
        return [catalogue.make("spack-cuda-arch-not-set", variant="nvcc-none",
                               evidence=log_evidence(hits[:1]),
                               fix=(*(f.format(pkg="<package>") for f in _FIX),
                                    "# another build system: give it the GPU's architecture "
                                    "(CMake: -DCMAKE_CUDA_ARCHITECTURES=86; "
                                    "TF_CUDA_COMPUTE_CAPABILITIES=8.6 for TensorFlow's "
                                    "configure)"))]
    crash = ctx.h("build.spack_float_none").all()
    recipe = ctx.h("build.spack_recipe_line").all()
    arch = [h for h in recipe if h.g("arch")]
    if not crash or not arch:
        return []
    pkg = next((h.g("pkg") for h in recipe if h.g("pkg")), None)
    if pkg is None:
        return [catalogue.make("spack-cuda-arch-not-set", variant="recipe-crash-unnamed",
                               evidence=log_evidence(crash[:1], arch[:1]),
                               fix=tuple(f.format(pkg="<package>") for f in _FIX))]
    return [catalogue.make("spack-cuda-arch-not-set", variant="recipe-crash", pkg=pkg,
                           evidence=log_evidence(crash[:1], arch[:1]),
                           fix=tuple(f.format(pkg=pkg) for f in _FIX))]
