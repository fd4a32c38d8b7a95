"""JAX's CUDA backend refusing to start because a CUDA component (CUDA runtime, cuDNN,
cuBLAS, cuSOLVER...) it loaded is older than the one it was built with.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._pip_list import pip_list_grep
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def jax_cuda_component_outdated(ctx: Facts) -> list[Finding]:
    """JAX's CUDA backend refused to start because a CUDA component (CUDA runtime, cuDNN,
    cuBLAS, cuSOLVER...) that its plugin found is older than the one JAX was built with, or
    could not be loaded (``jax_plugins/cuda/__init__.py`` ``_check_cuda_versions``): JAX then
    runs on the CPU (``jax-cuda-component-outdated``)."""
    hits = ctx.h("jax.cuda")
    if not hits.count:
        return []
    name = have = built = low = None
    for h in hits.all():
        name = name or h.g("name") or h.g("oname") or h.g("noload")
        have = have or h.g("have") or h.g("have2")
        built = built or h.g("built") or h.g("built2")
        low = low or h.g("min")
    built = low if low and low != "0" else built  # "Minimum supported" is the bar when given
    noload = next((h.g("noload") for h in hits.all() if h.g("noload")), None)
    if noload and not have:
        return [catalogue.make(
            "jax-cuda-component-outdated", variant="not-loadable", name=noload,
            evidence=log_evidence(hits),
            fix=(pip_list_grep("nvidia") + f"   # the CUDA wheels JAX loads {noload} from",
                 "echo $LD_LIBRARY_PATH   # another copy here is found before JAX's own",
                 'python -c "import jax; jax.print_environment_info()"'),
        )]
    fix = ('pip install -U "jax[cuda12]"   # JAX with the CUDA wheels it was built for (the '
           "extra the JAX installation guide names for your CUDA major)",
           "echo $LD_LIBRARY_PATH   # an older CUDA/cuDNN folder here is found before the "
           "wheels: remove it",
           'python -c "import jax; jax.print_environment_info()"')
    ev = log_evidence(hits)
    if name is None:
        shown = ", ".join(f"{what} {v}" for what, v in (("installed", have), ("needed", built))
                          if v)
        return [catalogue.make("jax-cuda-component-outdated", variant="unnamed",
                               shown=f" ({shown})" if shown else "", evidence=ev, fix=fix)]
    if have is None or built is None:
        return [catalogue.make("jax-cuda-component-outdated", variant="unversioned",
                               name=name, evidence=ev, fix=fix)]
    return [catalogue.make("jax-cuda-component-outdated", name=name, have=have, built=built,
                           evidence=ev, fix=fix)]
