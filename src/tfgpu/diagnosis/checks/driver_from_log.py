"""The NVIDIA driver as a log shows it: a driver version printed below the minimum of
TensorFlow's CUDA, and TF 1.x's ``cuInit`` code outside cuda.h's names.

Sources of the facts stated here:

* Minimum drivers: ``cuda_min_driver.toml`` (NVIDIA's "CUDA Toolkit and Compatible Driver
  Versions" table, rows 7.5-13.x); the CUDA each TensorFlow release was built with:
  ``tf_tested_configs.toml`` (2.x) and the platform fact ``tf1-gpu-build-cuda`` (1.x, the
  tested build configurations of tensorflow/docs ``site/en/install/source.md``).
* tensorflow ``stream_executor/cuda/cuda_dnn.cc``: after ``cudnnCreate`` fails it logs the
  kernel driver version ("possibly insufficient driver version: X") whenever that version is
  known, whatever the failure: the line alone is no evidence, the comparison with the
  minimum is.
* TF 1.x ``cuda_driver.cc`` ``ToString(CUresult)``: a code outside its switch of cuda.h
  names prints as ``CUresult(<n>)``; ``cuda_diagnostics.cc``: "libcuda reported version is:
  Not found: was unable to find libcuda.so DSO loaded into this program".
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks.driver_and_build_cuda import driver_version, tf_build_cuda
from tfgpu.diagnosis.checks.driver_ceiling import driver_install_lines, stranded_gpu
from tfgpu.facts.view import Facts, cc_key, log_evidence
from tfgpu.findings import Evidence, Finding
from tfgpu.knowledge import KnowledgeQueryError


def cuinit_unnamed_code(ctx: Facts) -> list[Finding]:
    """``failed call to cuInit: CUresult(<n>)``: older TF 1.x printed a code outside cuda.h's
    names this way (``cuda_diagnostics``' "was unable to find libcuda.so DSO loaded into this
    program" is quoted with it; alone, CPU-only hosts print it too).  In most reports that
    print ``CUresult(-1)`` the libcuda.so.1 that answered was not the host driver's (a
    container run without the NVIDIA runtime, whose TF 1.x GPU image resolves it to the
    toolkit's stub, or lib64/stubs on LD_LIBRARY_PATH); others loaded a foreign libcuda
    another way: hedged, with the commands that tell.  One fault with
    :func:`tfgpu.diagnosis.checks.driver.rule_cuinit`'s code outside CUresult (TF 2.0+
    ``UNKNOWN ERROR (<n>)``): ``cuinit-unlisted-code``, variant ``curesult-spelling``
    (formerly ``cuinit-unnamed-code``, kept as the finding's alias)."""
    hits = ctx.h("cuda.cuinit_unnamed")
    if not hits.count:
        return []  # "was unable to find libcuda.so" alone: CPU-only hosts print it too
    return [catalogue.make(
        "cuinit-unlisted-code", variant="curesult-spelling",
        num=hits.first[0].g("code") or "?",
        evidence=log_evidence(hits, ctx.h("driver.libcuda_not_found")),
        fix=("nvidia-smi   # on the host: the driver works there",
             "docker run --gpus all ...   # in a container: Docker 19.03+ with the NVIDIA "
             "Container Toolkit (older: nvidia-docker run, or --runtime=nvidia)",
             "ldconfig -p | grep libcuda; echo $LD_LIBRARY_PATH   # a .../lib64/stubs "
             "folder must not provide libcuda.so.1"),
    )]


#: Log patterns that show TensorFlow's CUDA code ran (so the build is a GPU build): cuDNN/cuBLAS
#: handle lines, an opened CUDA library, a created GPU device, the driver diagnostics.
_GPU_BUILD_RAN = ("cudnn.dnn_handle", "lib.opened", "gpu.created", "gpu.props", "driver.kernel",
                  "driver.libcuda", "driver.printed", "cuinit")


def driver_below_cuda_printed(ctx: Facts) -> list[Finding]:
    """``driver-too-old-for-cuda`` (variant ``from-log``) when the driver version the log (or
    the host facts) gives is below the minimum driver of the CUDA that this TensorFlow was
    built with, and no other line already says so ("driver version is insufficient", which
    :func:`~tfgpu.diagnosis.checks.driver.driver_too_old_for_cuda_log` reads) and the host
    check does not decide it (host facts with a TensorFlow whose CUDA it knows).

    Only when the log shows TensorFlow's CUDA code ran (:data:`_GPU_BUILD_RAN`): a TF 1.x
    ``tensorflow`` package was CPU-only.  The driver: host facts, else the log
    (:func:`~tfgpu.diagnosis.checks.driver_and_build_cuda.printed_driver`).  The minimum:
    ``Knowledge.min_driver`` (Linux column; Windows and WSL2 the Windows column).
    """
    if ctx.h("driver.insufficient").count or ctx.other_framework:
        return []
    from tfgpu.diagnosis.checks.driver import driver_too_old_for_cuda

    if ctx.host is not None and any(True for _ in driver_too_old_for_cuda(ctx)):
        return []  # the host check says it, with the host's evidence
    if not any(ctx.h(n).count for n in _GPU_BUILD_RAN):
        return []  # nothing shows a GPU build's CUDA code ran (a CPU package prints none)
    drv, host_drv, printed = driver_version(ctx)
    if not drv:
        return []
    built = tf_build_cuda(ctx)
    if built is None or ctx.os == "macos":
        return []
    cuda, why_cuda = built
    column = "windows" if ctx.windows or ctx.wsl else "linux"
    try:
        ok, minimum = ctx.kb.driver_ok(drv, cuda, column)
    except KnowledgeQueryError:
        return []
    if minimum is None or ok is not False:
        return []
    installed = None if host_drv else _installed_not_loaded(ctx)
    if installed is not None:
        try:
            ok_installed, _ = ctx.kb.driver_ok(installed, cuda, column)
        except KnowledgeQueryError:
            ok_installed = None
        if ok_installed is True:
            # the driver installed (libcuda) is new enough; only its kernel module is not
            # loaded yet: nvidia-driver-library-mismatch's reboot is the fix, not a new driver
            return []
    ev: list[Evidence] = list(log_evidence(printed[1] if printed else []))
    if host_drv:
        ev.insert(0, Evidence("driver (host facts)", host_drv))
    handle = ctx.h("cudnn.dnn_handle").first[:1]
    ev += log_evidence(handle)
    why = (f"The NVIDIA driver is {drv}, below {minimum.version}, the minimum driver of CUDA "
           f"{cuda} ({'Windows' if column == 'windows' else 'Linux'} column, knowledge row "
           f"{minimum.row.ref}); {why_cuda}. CUDA code of this build cannot run on this driver")
    why += (": that is why cuDNN/cuBLAS could not start here (their handle creation fails "
            "first), not GPU memory." if handle else ".")
    return [catalogue.make(
        "driver-too-old-for-cuda", variant="from-log",
        evidence=tuple(ev),
        why=why,
        fix=driver_install_lines(ctx, minimum.version) if stranded_gpu(ctx, minimum.version)
        else (*driver_install_lines(ctx, minimum.version),
              "nvidia-smi   # then check the driver version it shows",
              "# or use a TensorFlow release built for a CUDA this driver supports "
              "(tfgpu matrix)"),
        doc_url=ctx.kb.doc_url(minimum.row),
        knowledge_ref=minimum.row.ref,
    )]


def _installed_not_loaded(ctx: Facts) -> str | None:
    """The user-space driver version the log shows newer than the loaded kernel module's: a
    driver upgraded and not yet loaded (no reboot).  From cuda_diagnostics.cc's "libcuda
    reported version is: X" / "kernel reported version is: Y" lines, or its "kernel version Y
    does not match DSO version X" (the DSO is libcuda); ``None`` when the log shows no such
    pair or the library is not the newer one."""
    pairs: list[tuple[str | None, str | None]] = [
        (h.g("dso"), h.g("k")) for h in ctx.h("driver.mismatch").all()]
    lib, kern = ctx.h("driver.libcuda").last, ctx.h("driver.kernel").last
    if lib is not None and kern is not None:
        pairs.append((lib.g("v"), kern.g("v")))
    for dso, kernel in pairs:
        d, k = _version_tuple(dso), _version_tuple(kernel)
        if d is not None and k is not None and d > k:
            return dso
    return None


def _version_tuple(text: str | None) -> tuple[int, ...] | None:
    """``"535.129.3"`` -> ``(535, 129, 3)``; trailing zeros dropped (cuda_diagnostics.cc
    prints a kernel's ``384.90`` as ``384.90.0``); ``None`` when no number."""
    parts = [int(p) for p in (text or "").split(".") if p.isdigit()]
    while len(parts) > 1 and parts[-1] == 0:
        parts.pop()
    return tuple(parts) or None


# --- libcuda lacks a driver-API function TensorFlow calls ----------------------------
def libcuda_missing_symbol(f: Facts) -> list[Finding]:
    """TensorFlow's libcuda wrapper could not find a driver-API function (``could not find
    cuX in libcuda DSO``; on Windows ``cuX not found``; ``undefined symbol: cuX``): the driver
    is older than TensorFlow's CUDA (``driver-too-old-for-cuda``, variant ``missing-symbol``),
    or, when the host facts name a GPU below every official build's floor
    (``tf_compute_capabilities``), the GPU is too old (``gpu-compute-capability-too-low``,
    variant ``missing-symbol``): no newer driver would help.  Nothing when the host facts
    prove a working GPU."""
    hits = f.h("driver.libcuda_symbol").all()
    if not hits or f.host_gpu_works:
        return []
    h = hits[0]
    symbol = h.g("sym") or h.g("sym2") or h.g("sym3") or "?"
    lowest = f.kb.lowest_wheel_cc()
    old: list[tuple[str, str]] = []
    for g in f.host.nvidia_gpus if f.host is not None else ():
        match = None if g.compute_capability else f.kb.gpu_compute_capability(g.name)
        cc = g.compute_capability or (match.cc if match is not None else None)
        if cc and cc_key(cc) < cc_key(lowest.min_cc):
            old.append((g.name, cc))
    if old:
        name, cc = old[0]
        return [catalogue.make(
            "gpu-compute-capability-too-low", variant="missing-symbol", gpu=name,
            cc=cc, symbol=symbol, lowest=lowest.min_cc, ref=lowest.ref,
            evidence=(*log_evidence(hits[:1]), Evidence("gpu", f"{name}, CC {cc}")),
            fix=("# TensorFlow cannot use this GPU: run on the CPU (the CPU build, or "
                 "CUDA_VISIBLE_DEVICES=-1), or use a GPU of compute capability "
                 f">= {lowest.min_cc}",
                 "nvidia-smi --query-gpu=name,compute_cap,driver_version --format=csv"),
            knowledge_ref=lowest.ref,
        )]
    return [catalogue.make(
        "driver-too-old-for-cuda", variant="missing-symbol", symbol=symbol,
        evidence=log_evidence(hits[:1]),
    )]
