"""Ops whose kernels only TensorFlow's GPU builds register, failing for want of a GPU device,
and other lines that say TensorFlow lists no GPU device.

Sources:

* tensorflow ``core/kernels/cudnn_rnn_ops.cc`` (every ``CudnnRNN*`` kernel is
  ``Device(DEVICE_GPU)`` inside ``#if GOOGLE_CUDA || TENSORFLOW_USE_ROCM``) and
  ``core/kernels/nccl_ops.cc`` (the whole file inside that guard): platform fact
  ``gpu-build-only-ops``.  The placer (``colocation_graph.cc``; TF 1.x ``placer.cc``) writes
  "No OpKernel was registered to support Op '<op>' ... Registered devices: [...], Registered
  kernels: ..." when no registered device has a kernel: for these ops no GPU device was
  registered; "<no registered kernels>" means the binary holds none (a CPU-only build).
* A GPU device registered without the cuDNN RNN kernels is a PluggableDevice plugin's:
  microsoft/tensorflow-directml-plugin (at 6c3e918359b70fb4f0de9d703eb8aa56a8cd3592)
  ``tfdml/core/dml_common.h`` ``DEVICE_DML = "GPU"``, its ``dml_cudnn_rnn_ops.cc`` registering
  only CudnnRNNParamsToCanonical/CanonicalToParams; tensorflow-metal's device is "GPU" too
  (pluggable_device_factory.cc "physical PluggableDevice (device: 0, name: METAL").  Keras
  takes its cuDNN LSTM/GRU path (``tf.raw_ops.CudnnRNNV3``) on a GPU device: keras
  ``layers/rnn/lstm.py`` at v2.12.0 (``tf.config.list_logical_devices("GPU")``), Keras 3
  ``src/backend/tensorflow/rnn.py`` at v3.5.0 (``_is_gpu_available``); ``use_cudnn`` from 3.2.
* tensorflow ``core/common_runtime/direct_session.cc``: with ``log_device_placement`` it
  prints "Device mapping: no known devices." when no device of the session has a physical
  description (the CPU has none; GPU and XLA devices have one).
* NVlabs/stylegan2 ``dnnlib/tflib/custom_ops.py`` (at 12fa104787816d4ad00b8f8f6d28d23c9eee3243)
  ``_get_cuda_gpu_arch_string``: no ``device_lib.list_local_devices()`` entry of type GPU ->
  ``RuntimeError('No GPU devices found')``.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Evidence, Finding

#: Lines after the error (or before the node line) its device and kernel lists may stand.
_SPAN = 12
#: Log patterns that already say why a GPU build made no GPU device (their findings lead).
GPU_STACK_REASONS = ("cuinit", "cuda.drivers", "gpu.skipping", "lib.dlopen", "lib.missing")


def gpu_build_only_ops(ctx: Facts) -> tuple[str, ...]:
    """The op-name prefixes whose kernels only GPU builds register (platform fact
    ``gpu-build-only-ops``: ``("CudnnRNN", "NcclAllReduce", ...)``), a tuple for
    ``str.startswith``.

    Raises:
        KnowledgeQueryError: the platform fact is missing.
        KnowledgeError: its ``op_prefixes`` list is missing.
    """
    return ctx.kb.platform_fact("gpu-build-only-ops").items("op_prefixes")


def under_error(ctx: Facts, line: int, names: tuple[str, ...]) -> list[Hit]:
    """The hits of the patterns ``names`` that stand under the placer's "No OpKernel was
    registered" error on ``line``: from that line to :data:`_SPAN` lines after it, before the
    next such error, in line order.  The placer prints the node's attrs, "Registered devices:
    [...]" and "Registered kernels:" right under the error; a hard-wrapped paste spreads them
    over more lines, so they are found by what comes between, not by a line distance."""
    errs = [h.line for h in ctx.h("placer.no_opkernel").all() if h.line > line]
    end = min([line + _SPAN, *(e - 1 for e in errs)])
    return sorted((h for name in names for h in ctx.h(name).all() if line <= h.line <= end),
                  key=lambda h: h.line)


def _devices(ctx: Facts, line: int) -> Hit | None:
    """The placer's "Registered devices: [...]" (closed, or cut at the end of a pasted line)
    that follows the "No OpKernel was registered" error on ``line`` (:func:`under_error`)."""
    found = under_error(ctx, line, ("placer.registered_devices", "opk.registered_devices_cut"))
    return found[0] if found else None


def op_gpu_build_only(ctx: Facts) -> list[Finding]:
    """``op-kernel-gpu-only-no-gpu-device`` (variant ``gpu-build-only``) for the placer's "No
    OpKernel was registered" (or op_kernel.cc's "No registered 'X' OpKernel for CPU devices
    compatible with node") naming a cuDNN RNN op, with no GPU among the registered devices,
    "<no registered kernels>", or no lists at all (a one-line paste); ``nccl-not-available``
    (variant ``no-kernels``) for "<no registered kernels>" next to an NCCL node line.  An error
    that lists device='GPU' kernels is op_registry.op_kernel_registry's; NCCL ops with the
    error line are distributed.rule_nccl's."""
    prefixes = gpu_build_only_ops(ctx)
    none = ctx.h("placer.no_kernels_listed").all()
    errs = [h for h in ctx.h("placer.no_opkernel").all()
            if (h.g("op") or "").startswith(prefixes)]
    # op_kernel.cc's own wording when the node was placed on the CPU (TF 1.x: "No registered
    # 'CudnnRNN' OpKernel for CPU devices compatible with node ..."): the same fact, no GPU
    # device to run an op whose kernels only GPU builds hold
    errs += [h for h in ctx.h("placer.no_kernel").all()
             if h.g("dev") == "CPU" and (h.g("op") or "").startswith(prefixes)
             and not any(e.line == h.line for e in errs)]
    if errs:
        hit = errs[0]
        op = hit.g("op") or ""
        if op.startswith("Nccl"):
            return []
        devs_hit = _devices(ctx, hit.line)
        devs = ([d.strip() for d in (devs_hit.g("devs") or "").split(",") if d.strip()]
                if devs_hit else [])
        near = [h for h in none if hit.line <= h.line <= hit.line + _SPAN]
        if "GPU" in devs or (not devs and _metal_lines(ctx)):
            return _plugin_gpu_rnn(ctx, hit, devs_hit, near)
        if not devs and op.startswith("CudnnRNN") and directml_host(ctx):
            return [directml_rnn(ctx, op, log_evidence([hit], near[:1]))]
        listed = [h for h in ctx.h("placer.kernel_registered").all()
                  if hit.line < h.line <= hit.line + _SPAN]
        if listed and devs_hit is not None and not near:
            return []  # GPU kernels listed: op_kernel_registry's finding
        if devs:
            seen = f": the devices TensorFlow registered in this process are [{', '.join(devs)}]"
            seen += (", no GPU (an XLA_GPU device without a GPU device, TensorFlow 2.3 and "
                     "earlier, means the GPU was found but its CUDA/cuDNN libraries did not "
                     "load)" if "XLA_GPU" in devs else ", no GPU")
        else:
            seen = (" (the log shows the error, not the devices TensorFlow registered; a "
                    "plugin GPU device such as tensorflow-directml-plugin's or "
                    "tensorflow-metal's has no cuDNN RNN kernel either, and the error then "
                    "lists GPU among the registered devices)")
        if near:
            seen += (", and its kernel list is '<no registered kernels>': this binary holds "
                     "no kernel for it, the mark of a CPU-only build")
        package = _cpu_package_installed(ctx, op, [hit, *([devs_hit] if devs_hit else [])])
        if package is not None:
            return [package]
        return [catalogue.make(
            "op-kernel-gpu-only-no-gpu-device", variant="gpu-build-only", op=op,
            devs_note=f" (Registered devices: [{', '.join(devs)}])" if devs else "",
            seen=seen,
            evidence=log_evidence([hit], [devs_hit] if devs_hit else [], near[:1]),
        )]
    for node in ctx.h("opk.gpu_build_node").all():
        op = node.g("op") or ""
        lists = [h for h in none if node.line - 3 <= h.line <= node.line]
        if not lists:
            continue
        if op.startswith("Nccl"):
            return [catalogue.make("nccl-not-available", variant="no-kernels", op=op,
                                   evidence=log_evidence(lists[:1], [node]))]
        if _metal_lines(ctx):
            return _plugin_gpu_rnn(ctx, node, None, lists)
        if op.startswith("CudnnRNN") and directml_host(ctx):
            return [directml_rnn(ctx, op, log_evidence(lists[:1], [node]))]
        return [catalogue.make(
            "op-kernel-gpu-only-no-gpu-device", variant="gpu-build-only", op=op,
            devs_note="",
            seen=(" (the log shows its node, not the devices TensorFlow registered), and its "
                  "kernel list is '<no registered kernels>': this binary holds no kernel for "
                  "it, the mark of a CPU-only build"),
            evidence=log_evidence(lists[:1], [node]),
        )]
    return []


def _cpu_package_installed(ctx: Facts, op: str, hits: list[Hit]) -> Finding | None:
    """``tensorflow-cpu-only-build`` (variant ``gpu-op-cpu-package``) when the host facts list
    one TensorFlow distribution and it is a CPU-only one: a name of platform fact
    ``tf-distributions``' ``cpu_only``, or the plain ``tensorflow`` of a release whose GPU
    build is ``tensorflow-gpu`` (:func:`gpu_pin_requirement`'s ``keeps_name``: 1.x but
    1.15.0, and 2.0); ``None`` otherwise (no host facts, a conda environment, whose build
    string decides, a GPU distribution, a host with no NVIDIA GPU, or the op run by another
    program than this Python: TensorFlow Serving's model server, libtensorflow, another
    framework)."""
    from tfgpu.diagnosis.checks.tf_install import cpu_only_distribution

    if ctx.host is None or ctx.conda or ctx.other_framework or ctx.non_pip_tensorflow:
        return None
    if ctx.has_nvidia_gpu is False:
        return None  # no GPU to run the op on: another package does not help (CPU layers do)
    if any(ctx.h(n).count for n in ("ctx.tf_serving", "ctx.jvm", "ctx.tf_other_binding")):
        return None  # TF Serving, Java, .NET or another binary with TensorFlow built in ran it
    tf = {c.dist_key(d.name): d.version for d in ctx.host.python.distributions
          if c.dist_key(d.name).startswith(("tensorflow", "tf-nightly"))}
    if len(tf) != 1:
        return None
    name, version = next(iter(tf.items()))
    known = cpu_only_distribution(ctx.kb, name, version, windows=ctx.windows) if version else None
    if known is None:
        return None
    kind, rule = known
    if kind == "distribution":
        why = "a CPU-only distribution of TensorFlow, with no CUDA kernels"
    else:
        assert rule is not None
        why = f"the CPU-only build of that release ({rule.why})"
    return catalogue.make(
        "tensorflow-cpu-only-build", variant="gpu-op-cpu-package", op=op, dist=name,
        version=version, why=why, evidence=log_evidence(hits),
        # the same release's GPU build, for the code written for it: a comment (with its
        # uninstall, so that a pasted block does not leave no TensorFlow), since an install
        # line would be held against (and replaced by) today's plan for the host
        fix=(f'# the GPU build of the same release in its place: pip uninstall -y {name} && pip '
             f'install "{rule.requirement}" ({rule.why}), with the CUDA/cuDNN that release was '
             "built for (tfgpu matrix)" if rule is not None
             else f"# uninstall {name} and install TensorFlow's GPU build of the same release",
             "python -c \"import tensorflow as tf; print(tf.test.is_built_with_cuda())\"   "
             "# True with the GPU build",
             "# or move the code to a current TensorFlow: tfgpu plan"),
        knowledge_ref=rule.ref if rule is not None else None)


def _other_plugin_shown(ctx: Facts) -> bool:
    """Whether the log (or the host facts) show Windows, WSL or DirectML (a DML device, a
    PluggableDevice named DML, tensorflow-directml-plugin): a plugin GPU there is
    tensorflow-directml-plugin's, not tensorflow-metal's."""
    dml = any((h.g("name") or "").strip().upper() == "DML"
              for h in ctx.h("gpu.pluggable_created").all())
    return bool(dml or ctx.windows or ctx.wsl or ctx.h("eco.dml_device").count
                or ctx.h("ctx.dml_plugin").count)


def _metal_shown(ctx: Facts) -> bool:
    """Whether the log shows tensorflow-metal (its "Metal device set to" banner, a METAL
    PluggableDevice, its plugin library or name: pattern ``ctx.metal``) or the host is macOS,
    and nothing of another plugin GPU (:func:`_other_plugin_shown`)."""
    return (not _other_plugin_shown(ctx)
            and (bool(ctx.h("ctx.metal").count) or ctx.os == "macos"))


def _metal_lines(ctx: Facts) -> bool:
    """Whether the log itself shows tensorflow-metal (pattern ``ctx.metal``) and nothing of
    another plugin GPU: a macOS host alone is not enough where the log lists no devices (TF 1.0
    and 1.1 had macOS CUDA builds; a CPU build's explicit cuDNN RNN op fails the same way)."""
    return bool(ctx.h("ctx.metal").count) and not _other_plugin_shown(ctx)


def directml_host(ctx: Facts) -> bool:
    """Whether the GPU device here is tensorflow-directml-plugin's: the log names the plugin
    or a DML PluggableDevice; or the host is Windows or WSL with GPUs and none of them
    NVIDIA's, and its package listing holds the plugin, or holds nothing but TensorFlow (a host
    described by its TensorFlow alone).  A listing without the plugin (tensorflow-cpu, other
    packages) is no DirectML host: a CPU-only TensorFlow there has no GPU device at all."""
    dml = any((h.g("name") or "").strip().upper() == "DML"
              for h in ctx.h("gpu.pluggable_created").all())
    if dml or ctx.h("eco.dml_device").count or ctx.h("ctx.dml_plugin").count:
        return True
    host = ctx.host
    if host is None or not (ctx.windows or ctx.wsl) or not host.gpus or host.nvidia_gpus:
        return False
    names = {c.dist_key(d.name) for d in (host.python.distributions if host.python else ())}
    if "tensorflow-directml-plugin" in names:
        return True
    # a package listing without the plugin (other packages, or tensorflow-cpu alone) says
    # the plugin is not there; a host described by its TensorFlow alone leaves it open
    return not (names - {"tensorflow"})


def directml_rnn(ctx: Facts, op: str, evidence: tuple[Evidence, ...]) -> Finding:
    """``directml-plugin-missing-cudnn-rnn-kernel``: Keras's cuDNN LSTM/GRU path on
    tensorflow-directml-plugin's GPU (:func:`directml_host`), whose plugin registers no kernel
    for the cuDNN RNN ops (platform fact gpu-build-only-ops)."""
    return catalogue.make("directml-plugin-missing-cudnn-rnn-kernel", op=op, evidence=evidence)


def _plugin_gpu_rnn(ctx: Facts, hit: Hit, devs_hit: Hit | None,
                    near: list[Hit]) -> list[Finding]:
    """``metal-plugin-missing-cudnn-rnn-kernel`` for the placer's error ``hit`` naming a cuDNN
    RNN op.  With GPU among the registered devices (``devs_hit``) and '<no registered kernels>'
    (``near``) the GPU device is a plugin's on any platform; the finding names
    tensorflow-metal unless the log shows Windows, WSL or DirectML (the hedge
    ``op-kernel-not-in-this-build`` stays there).  Without the device list (a one-line paste,
    the eager "Could not find device for node"), only with tensorflow-metal's own lines in the
    log (:func:`_metal_lines`).
    ``[]`` for a GPU listed next to device='GPU' kernels: a CUDA build, op_registry's
    reading."""
    op = hit.g("op") or "CudnnRNN"
    if not op.startswith("CudnnRNN"):
        return []
    if devs_hit is not None:
        if near and directml_host(ctx):
            return [directml_rnn(ctx, op, log_evidence([hit, devs_hit], near[:1]))]
        if not near or _other_plugin_shown(ctx):
            return []
        seen = (f"The placer found no device for {op}: the devices TensorFlow registered in "
                f"this process are [{devs_hit.g('devs')}], a GPU among them, and the op's "
                "kernel list is '<no registered kernels>'.")
        other = ("" if _metal_shown(ctx) else " (tensorflow-directml-plugin registers its "
                 "GPU the same way on Windows and WSL)")
        evidence = log_evidence([hit, devs_hit], near[:1])
    elif _metal_lines(ctx):
        seen = (f"TensorFlow found no device for {op}, and this log is tensorflow-metal's "
                "(macOS, the Metal plugin's GPU device).")
        other = ""
        evidence = log_evidence([hit], near[:1], ctx.h("ctx.metal").all()[:1])
    else:
        return []
    return [catalogue.make("metal-plugin-missing-cudnn-rnn-kernel", op=op, seen=seen,
                           other=other, evidence=evidence)]


def plugin_gpu_rnn_eager(ctx: Facts) -> list[Finding]:
    """``metal-plugin-missing-cudnn-rnn-kernel`` for eager execution's "Could not find device
    for node: {{node CudnnRNN...}} = ..." followed by "All kernels registered for op ...:" and
    '<no registered kernels>' (eager/context.cc SelectDevice; it lists no devices) when the log
    shows tensorflow-metal (:func:`_metal_lines`); else ``[]``."""
    none = ctx.h("placer.no_kernels_listed").all()
    for hit in ctx.h("mixed.no_kernel").all():
        if ("Could not find device for node" not in hit.text
                or not (hit.g("op") or "").startswith("CudnnRNN")):
            continue
        near = [h for h in none if hit.line <= h.line <= hit.line + _SPAN]
        if near:
            return _plugin_gpu_rnn(ctx, hit, None, near)
    return []


def no_gpu_listed(ctx: Facts) -> list[Finding]:
    """``tensorflow-cpu-only-build`` (variant ``no-gpu-listed``, hedged) for DirectSession's
    "Device mapping: no known devices." or stylegan2's dnnlib "No GPU devices found", when no
    line of the log says why a GPU build made no GPU device (those findings lead then)."""
    if any(ctx.h(name).count for name in GPU_STACK_REASONS):
        return []
    dnn = ctx.h("opk.dnnlib_no_gpu").all()
    if any("_get_cuda_gpu_arch_string" in h.text or "'No GPU devices found'" in h.text
           for h in dnn) and any("No GPU devices found" in h.text for h in dnn):
        what, evidence = (
            ("The StyleGAN2 custom-op builder (dnnlib/tflib/custom_ops.py "
             "_get_cuda_gpu_arch_string) found no device of type GPU in TensorFlow's "
             "device_lib.list_local_devices() and raised 'No GPU devices found'; the "
             "plugin cannot pick a CUDA architecture."),
            log_evidence(dnn, limit=3))
    elif (nkd := ctx.h("opk.no_known_devices")).count:
        what, evidence = (
            ("TensorFlow's session printed 'Device mapping: no known devices.' "
             "(direct_session.cc, log_device_placement): no device of the session has a "
             "physical description, which every GPU (and XLA) device has; only the CPU "
             "was registered."),
            log_evidence(nkd, limit=1))
    else:
        return []
    return [catalogue.make("tensorflow-cpu-only-build", variant="no-gpu-listed", what=what,
                           evidence=evidence)]
