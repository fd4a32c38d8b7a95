"""cuInit's ``CUDA_ERROR_NO_DEVICE`` on a hybrid-graphics (Optimus) laptop whose paste shows
the NVIDIA GPU is there: read by checks/driver.py before the generic "none is installed"
reading (new-user report 48 MED 6).

* Variant ``prime-integrated`` of ``cuinit-{error}``: the log shows the GPU-switching tool set
  to the integrated GPU.  Ubuntu's nvidia-prime ``prime-select query`` "writes 'nvidia',
  'integrated' [older releases: 'intel'], 'on-demand' or 'unknown'" (its prime-select
  header, Canonical, Alberto Milone); openSUSE's SUSEPrime ``prime-select get-current``
  prints "Driver configured: " and the mode, of ``nvidia|intel|intel2|amd|offload``
  (openSUSE/SUSEPrime 4ce069a prime-select.sh); System76's ``system76-power graphics``
  prints ``integrated`` (pop-os/system76-power 9a33472 src/graphics.rs, README "Integrated:
  ... used exclusively"); EnvyControl's ``envycontrol --query`` prints ``integrated`` when
  its blacklist-nvidia.conf and the udev rule that removes the NVIDIA PCI devices are in
  place (bayasdev/envycontrol cbfa94b envycontrol.py ``get_current_mode``).  In that mode
  the NVIDIA driver is blacklisted or the GPU powered off or removed, so CUDA finds no
  device; on-demand / offload / hybrid / compute / nvidia keep it usable for CUDA.
* Without such a line, an NVIDIA GPU listed by ``lspci`` (pattern ``gpu.listed``) only
  drops "none is installed" from the causes (:func:`listed_gpu_why`).
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: The tool whose answer the log shows -> (its words, the fix that selects a CUDA-capable mode).
_TOOLS = {
    "prime-select": ("prime-select query", "sudo prime-select on-demand   # or: sudo "
                     "prime-select nvidia; then reboot (Ubuntu's nvidia-prime)"),
    "suse": ("prime-select get-current", "sudo prime-select offload   # or: sudo prime-select "
             "nvidia; then log out or reboot (openSUSE's SUSEPrime)"),
    "system76-power": ("system76-power graphics", "sudo system76-power graphics hybrid   # or: "
                       "nvidia; then reboot"),
    "envycontrol": ("envycontrol --query", "sudo envycontrol -s hybrid   # or: -s nvidia; "
                    "then reboot"),
}


def _integrated_mode(ctx: Facts) -> tuple[Hit, Hit, str] | None:
    """``(query hit, answer hit, tool)``: a GPU-switching query (pattern
    ``drv.prime_query``) with an integrated-only answer (pattern ``drv.prime_integrated``)
    within 3 lines below it, else ``None``."""
    answers = ctx.h("drv.prime_integrated").all()
    for q in ctx.h("drv.prime_query").all():
        a = next((a for a in answers if q.line < a.line <= q.line + 3), None)
        if a is None:
            continue
        tool = ("suse" if "get-current" in q.text else "system76-power" if "system76" in q.text
                else "envycontrol" if "envycontrol" in q.text else "prime-select")
        return q, a, tool
    return None


def prime_integrated(ctx: Facts, hit: Hit, name: str, num: str) -> Finding | None:
    """``cuinit-{error}`` variant ``prime-integrated`` for cuInit's ``CUDA_ERROR_NO_DEVICE``
    on ``hit`` when :func:`_integrated_mode` holds, else ``None``."""
    if name != "CUDA_ERROR_NO_DEVICE":
        return None
    seen = _integrated_mode(ctx)
    if seen is None:
        return None
    q, a, tool = seen
    words, fix = _TOOLS[tool]
    gpu = ctx.h("gpu.listed").first
    listed = (f"; the log lists the NVIDIA GPU itself (line {gpu[0].line})" if gpu else "")
    return catalogue.make(
        "cuinit-{error}", variant="prime-integrated", error="no-device", name=name, num=num,
        query=words, answer=a.text.strip(), line=str(a.line), listed=listed,
        evidence=log_evidence([hit, q, a], list(gpu[:1])),
        fix=(fix, "nvidia-smi   # after the reboot: lists the NVIDIA GPU; then run the "
                  "program again"))


def listed_gpu_why(ctx: Facts, why: str) -> tuple[str, tuple[str, ...]] | None:
    """For ``CUDA_ERROR_NO_DEVICE`` with an NVIDIA GPU listed in the log (``lspci``'s
    "3D controller: NVIDIA Corporation ..."): the causes without "none is installed", and
    the extra fix line for a hybrid laptop; else ``None``."""
    gpu = ctx.h("gpu.listed").first
    if not gpu or "none is installed" not in why:
        return None
    queried = bool(ctx.h("drv.prime_query").count)  # answered, and not integrated-only
    why = (f"the CUDA driver sees no CUDA-capable GPU, though the log lists an NVIDIA GPU "
           f"(line {gpu[0].line}): CUDA_VISIBLE_DEVICES hides it, its driver does not drive "
           "it (" + ("" if queried else "a hybrid laptop switched to its integrated GPU, ")
           + "a module not loaded), or (WSL2/containers) it is not passed through")
    query = ("prime-select query   # hybrid laptops (Ubuntu): 'intel'/'integrated' keeps the "
             "NVIDIA GPU off; sudo prime-select on-demand (or nvidia), then reboot")
    return why, () if queried else (query,)


__all__ = ["listed_gpu_why", "prime_integrated"]
