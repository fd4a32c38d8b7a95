"""Kinds grown from the census of 97 public reports (census3, docs/census3.md): each from the
source that prints the message.

Sources:

* TensorFlow ``core/grappler/utils/graph_view.cc`` ``MutableGraphView::
  CheckKernelRegisteredForNodes()`` (https://github.com/tensorflow/tensorflow/blob/
  0f894876ea5fb46efa52d4fb90dfaaaf0e169e8b/tensorflow/core/grappler/utils/graph_view.cc):
  ``LOG(WARNING) << s.message()`` for a rewritten node without a kernel on its device, then
  ``return absl::OkStatus()``; the string is in TensorFlow 2.21's libtensorflow_framework.
* NVIDIA/nccl ``src/include/shm.h`` (v2.4.2-1 to v2.11: ``shmOpen``) and
  ``src/misc/shmutils.cc`` (v2.12.12-1+: ``ncclShmOpen``): the segment is created
  (``posix_fallocate``), mapped, then ``CUDACHECKGOTO(cudaHostRegister(...))``, whose failure
  prints ``WARN("Cuda failure '%s'")`` at that file:line and skips the "Error while creating
  shared memory segment" warning; v2.3 ``shm.h``: ``WARN("failed to register host buffer %p :
  %s")``. NCCL's environment variables page: NCCL_SHM_DISABLE=1 disables the SHM transport.
* dyld (macOS), as printed in public reports (dyld's own source not checked): "Referenced
  from: <library> (which was built for Mac OS X 12.0)" (tensorflow#53309, macOS 11.6) and
  "(built for macOS 15.1 which is newer than running OS)" (TaterTotterson/Tater#46, macOS
  14.6) name the macOS a library was built for when a symbol it needs is missing from the
  running system; platform fact ``macos-metal-plugin``: tensorflow-metal needs macOS 12.0+.
* TensorFlow ``core/common_runtime/colocation_graph.cc`` ``ColocationGraph::InitializeMember``
  (https://github.com/tensorflow/tensorflow/blob/00a25b8904bf5beaba5998c84e148ce6b1d80a4f/
  tensorflow/core/common_runtime/colocation_graph.cc; TF 1.x placer.cc wrote it on one line):
  when no registered device supports the op ("supported_device_types().empty()") it returns
  "No OpKernel was registered to support Op '<op>' used by <node> with these attrs: [...]"
  then "Registered devices: [<the device types of this process>]" and "Registered kernels:"
  with KernelsRegisteredForOp(op), "<no registered kernels>" when the binary has none; the
  three strings are in TensorFlow 2.21's libtensorflow_framework.
* pip ``src/pip/_internal/resolution/resolvelib/factory.py``
  ``_report_single_requirement_conflict`` (pypa/pip, mirrored HEAD): "Could not find a version
  that satisfies the requirement {req} (from {parent}) (from versions: {...})", the versions
  being every candidate pip's finder accepts for this interpreter and platform; NVIDIA's
  ``nvidia-*-cu1x`` wheels that TensorFlow's ``[and-cuda]`` extra pins (knowledge rows
  tf_pip_cuda_wheels, read from the Linux wheel's METADATA) are Linux wheels, beside a
  ``0.0.1.devN`` source placeholder; platform fact: no native Windows GPU build after 2.10.
* Keras 3 ``keras/src/trainers/trainer.py`` (keras-team/keras @3422977a): the ``jit_compile``
  setter warns "Model doesn't support `jit_compile=True`. Proceeding with `jit_compile=False`."
  when ``model_supports_jit()`` is false (TensorFlow on an Apple-silicon GPU, a layer whose
  ``supports_jit`` is False, or ``tf.config.experimental.enable_op_determinism()``), then
  trains without XLA.
* TensorFlow's XLA launch (compiler/jit): "Trying to access resource <name> (defined @ <loc>)
  located in device <A> from device <B>" and " Cf. https://www.tensorflow.org/xla/
  known_issues#tfvariable_on_a_different_device" (all three strings in TF 2.21's
  libtensorflow_cc); that known issue: an XLA cluster cannot use a variable placed on another
  device than the one it runs on.
* libnvidia-container's dxcore.c, copied unchanged into NVIDIA/nvidia-container-toolkit
  ``internal/dxcore/dxcore.c`` (@d34b3046): adapters come from libdxcore's enumAdapters3/2;
  ``dxcore_add_adapter`` skips one whose driver is "pre-WDDM 2.7" or whose driver store path
  cannot be queried; with none left nvidia-container-cli fails "WSL environment detected but
  no adapters were found" (the wording as printed in public reports); platform fact
  ``wsl2-min-windows-build``.
* libnvidia-container ``src/cli/dsl.c`` (as read for the kinds3 requirement kind): the image's
  NVIDIA_REQUIRE_* alternatives are parsed as ``<key><op><value>`` rules ("requirement error:
  invalid expression" when one cannot be); nvidia-container-toolkit
  ``cmd/nvidia-container-runtime/README.md``: supported constraints cuda, driver, arch, brand;
  ``NVIDIA_DISABLE_REQUIRE`` switches every constraint off.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._pip_list import pip_list_grep
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def grappler_kernel_check(ctx: Facts) -> list[Finding]:
    """``grappler-kernel-check-notice`` (harmless): grappler's graph_view.cc warning that an op
    it placed on the GPU has no GPU kernel there; the placer runs the op where it has one."""
    hits = ctx.h("c3.grappler_kernel_check")
    if not hits.count:
        return []
    ops = sorted({h.g("op") or "" for h in hits.all()} - {""})
    return [catalogue.make("grappler-kernel-check-notice", op=", ".join(ops[:3]) or "an op",
                           evidence=log_evidence(hits, limit=2))]


def nccl_shm_cuda_failed(ctx: Facts) -> list[Finding]:
    """``nccl-shm-cuda-register-failed`` (hedged, category unknown): NCCL's shm lines show a
    CUDA call on the mapped segment failing (cudaHostRegister), not its allocation."""
    hits = ctx.h("c3.nccl_shm_cuda")
    if not hits.count:
        return []
    first = hits.first[0]
    error = (first.g("err") or first.g("err2") or "").strip() or "a CUDA error"
    return [catalogue.make(
        "nccl-shm-cuda-register-failed", error=error,
        evidence=log_evidence(hits, ctx.h("nccl.system").first[:1], limit=3),
        fix=("NCCL_SHM_DISABLE=1 python train.py   # the run works: the SHM transport is what "
             "fails (keep it off, or look for what blocks cudaHostRegister on this host)",
             "NCCL_DEBUG=INFO python train.py   # the transport NCCL picks for each GPU pair"),
    )]


def metal_plugin_needs_newer_macos(ctx: Facts) -> list[Finding]:
    """``metal-plugin-needs-newer-macos``: dyld says libmetal_plugin.dylib was built for a newer
    macOS than the one running (supersedes the TensorFlow/tensorflow-metal pairing finding)."""
    hits = [h for h in ctx.h("c3.dyld_built_for").all()
            if (h.g("lib") or "").startswith("libmetal_plugin") or "tensorflow-plugins" in h.text]
    if not hits:
        return []
    built_for = hits[0].g("v") or hits[0].g("v2") or "?"
    fact = ctx.kb.platform_fact("macos-metal-plugin")
    return [catalogue.make(
        "metal-plugin-needs-newer-macos", built_for=built_for,
        min_macos=fact.value("min_macos"), knowledge_ref=fact.ref,
        evidence=log_evidence(hits, ctx.h("metal.symbol").first[:1]),
        fix=("sw_vers -productVersion   # the macOS running",
             f"# update macOS to {built_for} or later (Software Update), then reinstall the "
             "tensorflow / tensorflow-metal pair Apple lists",
             "or pip install 'tensorflow-metal==<a release built for this macOS>'   # older "
             "plugins were built for older macOS",
             "or pip uninstall tensorflow-metal   # run TensorFlow on the CPU"),
    )]


#: How many lines after the placer's error its device and kernel lists may stand.
_KERNEL_LIST_SPAN = 12


def op_kernel_registry(ctx: Facts) -> list[Finding]:
    """The placer's "No OpKernel was registered to support Op" with its lists: the op's kernels
    are all GPU kernels and no GPU device is registered (``op-kernel-gpu-only-no-gpu-device``),
    or the binary has no kernel at all for it (``op-kernel-not-in-this-build``, hedged).  NCCL
    ops and the bfloat16 attribute keep their own findings (rule_nccl, mixed precision)."""
    if ctx.h("mixed.bf16_attr").count:
        return []
    for hit in ctx.h("c3.no_opkernel").all():
        op = hit.g("op") or ""
        if op.startswith("Nccl"):
            continue
        near = range(hit.line, hit.line + _KERNEL_LIST_SPAN + 1)
        devs_hit = next((h for h in ctx.h("core.registered_devices").all()
                         if h.line in range(hit.line, hit.line + 3)), None)
        if devs_hit is None:
            continue
        devs = [d.strip() for d in (devs_hit.g("devs") or "").split(",") if d.strip()]
        kernels = sorted({h.g("dev") or "" for h in ctx.h("h9.kernel_registered").all()
                          if h.line in near and h.line > hit.line} - {""})
        none = [h for h in ctx.h("c3.no_kernels_listed").all() if h.line in near]
        ev = log_evidence([hit, devs_hit], none[:1])
        if kernels and "GPU" not in devs and set(kernels) <= {"GPU"}:
            xla = (" An XLA_GPU device without a GPU device (TensorFlow 2.3 and earlier) means "
                   "the GPU was found but TensorFlow's own GPU device was not created, "
                   "typically because its CUDA/cuDNN libraries did not load."
                   if "XLA_GPU" in devs else "")
            return [catalogue.make(
                "op-kernel-gpu-only-no-gpu-device", op=op, devs=", ".join(devs),
                kernels=", ".join(f"device='{k}'" for k in kernels), xla=xla, evidence=ev,
                fix=('python -c "import tensorflow as tf; '
                     'print(tf.config.list_physical_devices())"   # no GPU listed: the GPU '
                     "findings (driver, libraries, build) come first",
                     "env | grep CUDA_VISIBLE_DEVICES   # empty, -1 or an index this machine "
                     "does not have hides the GPU",
                     "TF_CPP_MIN_LOG_LEVEL=0 python your_script.py 2>&1 | grep -i -E "
                     "'cuInit|dlerror|Skipping registering GPU'   # why TensorFlow made no GPU "
                     "device",
                     pip_list_grep("tensorflow", windows=ctx.windows)
                     + "   # TensorFlow 1.x: 'tensorflow' (CPU) next to 'tensorflow-gpu': "
                     "uninstall both, then install tensorflow-gpu alone"),
            )]
        if none:
            return [catalogue.make(
                "op-kernel-not-in-this-build", op=op, devs=", ".join(devs), evidence=ev,
                fix=('python -c "import tensorflow as tf; print(tf.__version__, '
                     'tf.test.is_built_with_cuda(), tf.config.list_physical_devices())"',
                     "# a custom/add-on op: import its library (built for this TensorFlow) "
                     "before building or loading the model",
                     "# a cuDNN RNN op (CudnnRNN*): needs the CUDA build of TensorFlow and a "
                     "visible NVIDIA GPU; a TPU op: a TPU runtime"),
            )]
    return []


_PLACEHOLDER = re.compile(r"0\.0\.1(?:\.dev\d+)?|none")


def and_cuda_nvidia_wheel_unavailable(ctx: Facts) -> list[Finding]:
    """``and-cuda-nvidia-wheel-not-for-platform``: pip's finder sees no wheel of an NVIDIA CUDA
    package that ``tensorflow[and-cuda]`` pins, only the ``0.0.1.devN`` placeholder (or
    nothing): the extra's wheels are Linux wheels, so the machine is not one (Windows, macOS)
    or its architecture/Python has none.  Linux in the log keeps it hedged."""
    frm = ctx.h("eco.and_cuda_from")
    for hit in ctx.h("c3.pip_nvidia_wheel").all():
        listed = [v.strip() for v in (hit.g("versions") or "").split(",") if v.strip()]
        if not all(_PLACEHOLDER.fullmatch(v) for v in listed):
            continue
        if not (frm.count or "and-cuda" in hit.text or "and_cuda" in hit.text):
            continue
        pkg = hit.g("pkg") or "nvidia-*-cu12"
        where = ("This log is from Windows: TensorFlow has no native Windows GPU build after "
                 "2.10 and the extra's NVIDIA wheels do not exist for it."
                 if ctx.windows else
                 "The log shows Linux: NVIDIA publishes these wheels for x86-64 and aarch64 "
                 "Linux, so check the machine's architecture and that pip belongs to a 64-bit "
                 "CPython." if ctx.os == "linux" else
                 "The extra's NVIDIA wheels are published for Linux (x86-64, aarch64); NCCL and "
                 "others have no Windows or macOS wheel, so there the extra cannot install.")
        return [catalogue.make(
            "and-cuda-nvidia-wheel-not-for-platform", pkg=pkg,
            spec=(hit.g("spec") or "").strip(),
            listed=", ".join(listed) or "none",
            where=where,
            evidence=log_evidence([hit], frm.first[:1]),
            fix=('python -c "import platform, sys; print(platform.system(), '
                 'platform.machine(), sys.version)"   # the platform pip installs for',
                 "# Windows: install TensorFlow with the [and-cuda] extra inside WSL2 (Ubuntu), "
                 "or use plain 'pip install tensorflow' (CPU only) natively",
                 "# macOS: pip install tensorflow tensorflow-metal (Apple's GPU plugin)"),
        )]
    return []


def keras_jit_fallback(ctx: Facts) -> list[Finding]:
    """``keras-jit-compile-fallback-notice`` (harmless): Keras 3 turned XLA off for this model
    (trainer.py ``model_supports_jit``) and trains without it."""
    hits = ctx.h("c3.keras_jit_fallback")
    if not hits.count:
        return []
    return [catalogue.make(
        "keras-jit-compile-fallback-notice", evidence=log_evidence(hits),
        fix=("# nothing to fix: training runs without XLA; to silence it, compile with "
             "jit_compile=False",
             "# which layers keep XLA off, in Python after building the model: "
             "[l.name for l in model._flatten_layers() if not l.supports_jit]"),
    )]


def _short_device(name: str) -> str:
    """``/job:localhost/replica:0/task:0/device:GPU:1`` -> ``GPU:1``."""
    return name.rsplit("device:", 1)[-1] if "device:" in name else name


def xla_variable_other_device(ctx: Facts) -> list[Finding]:
    """``xla-variable-on-other-device``: an XLA-compiled function reads a variable that lives
    on another device (XLA known issue tfvariable_on_a_different_device); typical with
    jit_compile (Keras 3 defaults to it on TensorFlow) under a tf.distribute strategy."""
    hits = ctx.h("c3.xla_resource_other_device")
    if not hits.count:
        return []
    h = hits.first[0]
    return [catalogue.make(
        "xla-variable-on-other-device", res=h.g("res") or "?",
        dev=_short_device(h.g("dev") or "?"), frm=_short_device(h.g("from") or "?"),
        evidence=log_evidence(hits),
        fix=("# Keras: model.compile(..., jit_compile=False) when training under a "
             "tf.distribute strategy",
             "# tf.function(jit_compile=True): create the variables under the same tf.device "
             "(or strategy scope) that runs the function",
             "# the XLA known issue: https://www.tensorflow.org/xla/known_issues"),
    )]


def docker_wsl_no_gpu_adapter(ctx: Facts) -> list[Finding]:
    """``docker-wsl-no-gpu-adapter``: nvidia-container-cli, inside WSL, found no GPU adapter it
    can use (libnvidia-container dxcore.c): the causes the source allows, told apart by the
    commands of the fix."""
    hits = ctx.h("c3.nvc_wsl_no_adapters")
    if not hits.count:
        return []
    fact = ctx.kb.platform_fact("wsl2-min-windows-build")
    build = fact.value("min_windows_build")
    return [catalogue.make(
        "docker-wsl-no-gpu-adapter", build=build, knowledge_ref=fact.ref,
        evidence=log_evidence(hits),
        fix=("wsl -l -v   # in Windows: the distro (and docker-desktop) must show VERSION 2; "
             "wsl --set-version <distro> 2",
             "ls -l /dev/dxg /usr/lib/wsl/lib/libdxcore.so   # inside WSL: both exist only in "
             "WSL2 with GPU support",
             "/usr/lib/wsl/lib/nvidia-smi   # inside WSL: the Windows driver seen through WSL",
             f"winver   # Windows 10 build {build} or later / Windows 11; then wsl --update and "
             "a current NVIDIA Windows driver (no Linux driver inside WSL)"),
    )]


#: nvidia-container-cli's ``--require=<first alternative>`` argument on the hook's line.
_REQUIRE_ARG = re.compile(r"--require=([^\s\]\\\"]{1,80})")


def nvc_requirement_invalid(ctx: Facts) -> list[Finding]:
    """``docker-image-requirement-unsatisfied`` variant ``invalid-expression``: the toolkit
    could not parse the image's NVIDIA_REQUIRE_* expression (libnvidia-container dsl.c)."""
    hits = ctx.h("c3.nvc_invalid_expression")
    if not hits.count:
        return []
    req = None
    for h in hits.all():
        m = _REQUIRE_ARG.search(h.text)
        if m is not None:
            req = m.group(1) + (" brand=..." if " brand=" in h.text else "")
            break  # the image's per-brand alternatives follow on the command line
    return [catalogue.make(
        "docker-image-requirement-unsatisfied", variant="invalid-expression",
        cond=req or "NVIDIA_REQUIRE_*", evidence=log_evidence(hits),
        fix=("nvidia-container-cli --version   # an old libnvidia-container: upgrade the "
             "NVIDIA Container Toolkit packages",
             "docker inspect <image> | grep NVIDIA_REQUIRE   # the image's expression",
             "docker run -e NVIDIA_DISABLE_REQUIRE=1 ...   # skips the check (then the host "
             "driver must still support the image's CUDA)"),
    )]
