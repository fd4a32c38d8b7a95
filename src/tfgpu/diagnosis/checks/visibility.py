"""GPU presence and visibility to TensorFlow, one fault kind from every source: the
TensorFlow child listing no GPU while the driver shows one (``tensorflow-sees-no-gpu``),
each listed GPU running an op, ``CUDA_VISIBLE_DEVICES`` hiding GPUs, ``TF_CPP_MIN_LOG_LEVEL``
hiding the reasons; and in logs: empty GPU lists, CPU-only device lists, builds without
CUDA, and ``Created device ... GPU:N`` lines that show the GPU works.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.diagnosis.checks._common import E, I, W, and_cuda_fix, windows_gpu_last
from tfgpu.diagnosis.checks._pip_list import pip_list_grep
from tfgpu.diagnosis.checks.cuda_visible_devices import driver_says_why, ray_prefix, ray_workers
from tfgpu.diagnosis.checks.gpu_kernels import (
    NEWER_RELEASE_FIX,
    gpu_build_takes,
    gpu_placeable_ops,
    newer_gpu_kernel,
    node_types,
)
from tfgpu.diagnosis.checks.hardware import apple_route, other_vendor_routes
from tfgpu.diagnosis.checks.jetson_tf_build import jetson_cause, jetson_shown, jetson_steps
from tfgpu.diagnosis.checks.libraries import cudart_intent_evidence, driver_library_not_shown
from tfgpu.diagnosis.checks.op_registry import core_op_types, listed_gpu_types, rows_dropped
from tfgpu.diagnosis.checks.tf_install import (
    TF_GPU_LIBRARIES,
    _driver_gpus,
    _reason_lines,
    _windows_too_new,
    cpu_only_build_listed,
    version_or_none,
)
from tfgpu.facts import GPU, HostFacts, ProbeStatus
from tfgpu.facts.log import Hit
from tfgpu.facts.presence import nvidia_gpu_presence
from tfgpu.facts.view import Facts, log_evidence, tf_minor
from tfgpu.findings import Evidence, Finding, Severity

if TYPE_CHECKING:
    from tfgpu.knowledge import Knowledge


def _near_after(hits: list[Hit], anchors: list[Hit], window: int = 4,
                others: list[Hit] | None = None) -> list[Hit]:
    """``hits`` at most ``window`` lines after one of ``anchors``, whose nearest call before
    them (among ``anchors`` and ``others``: device-list calls for another device type, such
    as ``list_physical_devices('TPU')``) is an anchor: an empty list printed after a TPU
    query is that query's, not the GPU list's."""
    calls = sorted([*anchors, *(others or ())], key=lambda a: a.line)
    anchor_lines = {a.line for a in anchors}
    out = []
    for h in hits:
        before = [a for a in calls if 0 < h.line - a.line <= window]
        if before and before[-1].line in anchor_lines:
            out.append(h)
    return out


#: Distributions that already take another vendor's route (the no-NVIDIA reading would
#: send their user to it): tensorflow-rocm, Apple's plugin, DirectML's, Intel's extension.
_OTHER_ROUTE_DISTS = ("tensorflow-rocm", "tensorflow-metal", "tensorflow-directml",
                      "tensorflow-directml-plugin", "intel-extension-for-tensorflow")


def _other_vendor_gpus_only(ctx: Facts) -> tuple[GPU, ...] | None:
    """The host's GPUs when they are all another vendor's and no NVIDIA GPU can hide there,
    else ``None``: probed facts need presence "absent" (:func:`nvidia_gpu_presence`: a
    listing that answered; the DRM fallback and WSL2's PCI bus never show a card without
    its driver); facts a user described (no probe records, not WSL) are taken as said.  Not
    when a distribution of another vendor's route is installed (:data:`_OTHER_ROUTE_DISTS`:
    the user is on it; its own checks speak)."""
    host = ctx.host
    if host is None or not host.gpus or host.nvidia_gpus:
        return None
    if any(host.python.dist(d) is not None for d in _OTHER_ROUTE_DISTS):
        return None
    described = not host.probes and not host.os.is_wsl
    if not described and nvidia_gpu_presence(host).state != "absent":
        return None
    return host.gpus


def rule_gpu_not_visible(ctx: Facts) -> list[Finding]:
    """Empty GPU lists, CPU-only device lists, "GPU is NOT AVAILABLE", built without CUDA."""
    calls = ctx.h("gpu.list_call").all()
    gpu_calls = ctx.gpu_list_calls()  # with Keras' _get_available_gpus()
    evidence: list[Hit] = []
    evidence += ctx.h("gpu.none_msg").all()
    empties = ctx.h("gpu.empty_list").all()
    other_calls = [h for h in calls if h.g("dev") not in (None, "GPU")]
    evidence += (
        _near_after(empties, gpu_calls, others=other_calls)
        if gpu_calls
        else empties[:1]
        if (ctx.h("noise.trt").count or ctx.h("cuda.drivers").count)
        else []
    )
    evidence += ctx.oneliner_empty_lists()  # the install page's python -c check
    evidence += ctx.repl_negative_results()  # a REPL's answer after TF's log lines
    for h in ctx.h("gpu.device_list").all():
        body = h.g("body") or ""
        if "GPU" not in body and "CPU" in body:
            evidence.append(h)
    # "2.13.0 []" / "2.13.0 [PhysicalDevice(... CPU ...)]" right after a line that
    # prints tf.__version__ and lists devices (print(tf.__version__, tf.config.list_...))
    evidence += [h for h in _near_after(ctx.h("ctx.version_list").all(), calls, 3)
                 if "GPU" not in (h.g("body") or "")]
    built = ctx.built_without_cuda()
    skipping = ctx.h("gpu.skipping").all()
    devlib = ctx.h("gpu.devlib").all()
    # one reading per line: a listing with several devices on one line (TF 1.x's
    # _DeviceAttributes list) names its GPU in the line's text
    devs = ({h.g("dev") for h in devlib} | {"GPU" for h in devlib if ":GPU:" in h.text}
            | {"XLA_GPU" for h in devlib if ":XLA_GPU:" in h.text})
    xla_gpu_only = "XLA_GPU" in devs and "GPU" not in devs
    if "TPU" in devs or any(":TPU:" in h.text for h in devlib):
        return []  # a TPU runtime's device list: no GPU is expected there
    hides = ctx.h("gpu.hide_call").all()
    if hides and evidence and min(h.line for h in hides) < min(e.line for e in evidence):
        return []  # set_visible_devices([], 'GPU') before: the program hid its GPUs itself
    if devlib and "GPU" not in devs:
        evidence += devlib[:3]  # device_lib.list_local_devices() without a GPU device
    calls_avail = ctx.h("gpu.avail_call").all()
    evidence += _near_after(
        [h for h in ctx.h("gpu.bool_line").all() if h.g("val") == "False"]
        + ctx.h("gpu.empty_str").all(),
        calls_avail, 5)  # after the deprecation warning is_gpu_available() prints first
    no_device = ctx.h("gpu.no_device").all()
    evidence += no_device[:1]
    # placer, strategies, Keras: no GPU (a placer list naming a GPU is another index asked
    # for: device_placement.py's device-spec-unsatisfied)
    evidence += [h for h in ctx.h("placer.no_gpu_device").all()
                 if "GPU:" not in (h.g("avail") or "").upper()][:2]
    evidence += ctx.h("tools.gpu_name_empty").all()[:2]  # gpu_device_name() was ''
    # "set_memory_growth(gpus[0], True)" the line a traceback's "IndexError: list index out
    # of range" was raised on: the list of GPUs was empty
    evidence += ctx.empty_gpu_list_indexed()
    # RLlib's "GPUs were assigned to this worker by Ray, but TensorFlow reports GPU
    # acceleration is disabled": TensorFlow's own GPU list was empty in that worker
    ray = ctx.h("eco.ray_tf_no_gpu").all()[:1]
    evidence += ray
    if not evidence and not built:
        return []
    if ctx.gpu_listed_last(evidence + built):
        return []  # a later check output lists the GPU: the last reading wins
    if ctx.h("gpu.created").count or ctx.host_gpu_works:
        return []  # the host's TensorFlow lists the GPU: host facts win
    conda_builds = ctx.h("gpu.conda_cuda_build").all()
    mm = ctx.tf_mm
    fix: list[str] = []
    sev = W
    if ctx.has_nvidia_gpu:
        sev = E
    ev = log_evidence(ctx.h("gpu.built_call").first[:1], built, evidence, conda_builds, skipping)
    fev = tuple(ctx.fact_evidence())
    os_ = ctx.os
    if os_ == "windows" and mm is not None and mm > windows_gpu_last(ctx)[0]:
        return [_windows_native(ctx, ev + fev)]  # a CPU-only build there, whatever it says
    if built:
        return []  # tf_install.cpu_only_build: tensorflow-cpu-only-build (log variant)
    listed = cpu_only_build_listed(ctx, ev + fev)
    if listed is not None:
        return [listed]  # the log's package listing shows a CPU-only TensorFlow
    if cudart_intent_evidence(ctx):
        return []  # library-not-loaded (gpu-intent) names the reason
    if driver_library_not_shown(ctx):
        return []  # library-not-loaded (driver-gpu-not-shown): the driver library is why
    other_cuda = _cuda_release_missing(ctx, ev)
    if other_cuda is not None:
        return [other_cuda]
    ref: str | None = None
    if ctx.h("ctx.dml_plugin").count and not ctx.h("eco.dml_adapters").count:
        # a DirectML plugin user (any GPU vendor): DirectML's reasons, not CUDA's
        pin = ctx.kb.platform_fact("directml-plugin-tf-pin")
        req = pin.value("pip_requirement")
        ref = pin.ref
        cause = (
            "This environment has the DirectML plugin (tensorflow-directml-plugin), whose "
            "devices TensorFlow lists as GPU only when the plugin loads; it pins " + req
            + " (knowledge: " + pin.title + "), so another TensorFlow, or a GPU TensorFlow "
            "installed next to it, lists only the CPU. CUDA and nvidia-smi play no part here."
        )
        fix = [
            pip_list_grep("tensorflow", "directml", windows=ctx.windows)
            + "   # exactly tensorflow-cpu 2.10.x and the plugin, no other tensorflow",
            f'pip install "{req}" tensorflow-directml-plugin   # in a fresh environment',
            c.python_cmd(ctx, "import tensorflow as tf; print(tf.config.list_physical_devices())")
            + "   # the plugin's device shows as GPU",
        ]
        doc: str | None = "directml-plugin"
    elif os_ == "macos":
        ref = "platform_facts:macos-metal-plugin"
        cause = (
            "TensorFlow has no CUDA backend on macOS; the Apple GPU is only used through the "
            "tensorflow-metal plugin, which is not active."
        )
        fix = [
            "pip install tensorflow-metal   # the release matching TensorFlow "
            + (ctx.tf_version or "(your version)"),
            "python -c \"import tensorflow as tf; print(tf.config.list_physical_devices('GPU'))\"",
        ]
        doc = "apple-metal-plugin"
    elif os_ == "windows" and ctx.kb.tested_gpu_build(ctx.tf_version, "windows"):
        tested = ctx.kb.tested_gpu_build(ctx.tf_version, "windows")
        assert tested is not None
        ref = tested.ref
        dll_row = ctx.kb.windows_cudart_dll(tested.cuda)
        dll = dll_row[0] if dll_row is not None else "cudart64_*.dll"
        have = ctx.cuda_versions
        cause = (
            f"TensorFlow {ctx.tf_version} (native Windows) is built for CUDA {tested[0]} + cuDNN "
            f"{tested[1]} and loads {dll}"
        )
        if have and not any(v.startswith(tested[0]) for v in have):
            cause += f"; this host has CUDA {', '.join(have)}, which does not provide {dll}"
        elif not have and (named := ctx.log_cuda_versions) and not any(
                v.startswith(tested[0]) for v in named):  # "CUDA 10.2.89"
            cause += (f"; the log names CUDA {', '.join(named)}, which does not provide "
                      f"{dll} (each CUDA release has its own DLL names)")
        cause += ", so TensorFlow silently falls back to the CPU."
        sev = E
        fix = [
            f"where.exe {dll}",
            f"install CUDA {tested[0]} and cuDNN {tested[1]}, add their bin folders to PATH",
            "python -c \"import tensorflow as tf; print(tf.config.list_physical_devices('GPU'))\"",
        ]
        doc = "tf-source-windows-gpu"
    elif ctx.host is not None and not ctx.host.gpus and ctx.has_nvidia_gpu is False:
        sev = I
        cause = "The host facts show no GPU at all, so TensorFlow running on the CPU is expected."
        fix = []
        doc = None
    elif ctx.rocm_log and ctx.has_nvidia_gpu is not True:
        return []  # tensorflow-rocm's own lines say why (rocm.py, rocm_dnn.py)
    elif (other := _other_vendor_gpus_only(ctx)) is not None:
        # the host's GPUs are all another vendor's: the same fault doctor's hardware check
        # names (no-nvidia-gpu), here from the facts beside the log's CPU-only device list,
        # with that check's routes for those vendors (hardware.py)
        host = ctx.host
        assert host is not None  # _other_vendor_gpus_only read it
        names = ", ".join(sorted({g.name for g in other if g.name})) or "another vendor's"
        words, routes, doc = other_vendor_routes(ctx, host, list(other))
        if any(g.vendor == "apple" for g in other):
            apple_word, apple_fix = apple_route(host)
            words, routes, doc = [*words, apple_word], [*routes, apple_fix], "apple-metal-plugin"
        return [catalogue.make(
            "no-nvidia-gpu",
            evidence=ev + fev,
            cause=(f"This host's GPU is {names}, not NVIDIA's, and TensorFlow's own GPU builds "
                   "use CUDA, which runs only on NVIDIA GPUs: TensorFlow lists the CPU only and "
                   "runs there." + "".join(f" {w[0].upper()}{w[1:]}." for w in words)),
            fix=(*routes, ("# or run" if routes else "# run")
                 + " on a machine (or a cloud runtime) with an NVIDIA GPU"),
            doc=doc,
        )]
    elif ctx.h("cuda.drivers").count and ctx.has_nvidia_gpu:
        return []  # rule_cuda_drivers explains the empty list
    elif ctx.h("cuda.drivers").count and ctx.has_nvidia_gpu is None and not (
            ctx.no_gpu_log_evidence()):
        # driver.py's drivers_notice_reading (the conditional warning) explains it
        return []
    elif ctx.h("cuda.drivers").count and ctx.has_nvidia_gpu is None:
        line = ctx.h("cuda.drivers").first[0].line
        # TensorFlow's cudart stub (tsl/cuda/cudart_stub.cc, messages_gpu_stack
        # source tsl-cudart-stub) prints this when the CUDA runtime does not load, not libcuda
        cause = (
            f"TensorFlow lists no GPU because it could not load the CUDA runtime library "
            f"(libcudart) of the CUDA version it was built for (line {line}: 'Could not find "
            "cuda drivers' is printed by TensorFlow's cudart stub when that library does not "
            "load, despite its wording). That is expected on a host without an NVIDIA GPU; on "
            "a host with one, TensorFlow's CUDA libraries are missing or not on the loader's "
            "path (the driver itself may be fine)."
        )
        fix = ["tfgpu doctor   # says whether this host has an NVIDIA GPU, its driver and CUDA",
               and_cuda_fix(ctx)]
        doc = None
    elif (no_device and not ctx.h("cuda.drivers").count and not ctx.h("ctx.cvd_set").count
          and (workers := ray_workers(ctx)) and not _on_worker_lines(ctx, no_device)
          and not driver_says_why(ctx)):
        # a Ray program's log, the no-device line without a worker's prefix (the log's own
        # CUDA_VISIBLE_DEVICES setting is read by cuda_visible_devices.cvd_in_log; a prefixed
        # cuInit line by cvd_hedged_no_device's ray-worker variant)
        worker = workers[0]
        return [catalogue.make(
            "cuda-visible-devices-hides-gpus", variant="ray-in-log",
            prefix=ray_prefix(worker), evidence=log_evidence(no_device[:1], [worker]))]
    elif no_device and not ctx.h("cuda.drivers").count:
        cause = (
            "The CUDA runtime sees no GPU at all ('no CUDA-capable device is detected', "
            "cudaErrorNoDevice): there is none, CUDA_VISIBLE_DEVICES hides them (empty or "
            "-1), or the GPU is not passed into this container or VM."
        )
        fix = ["nvidia-smi   # lists the GPUs the driver sees",
               c.python_cmd(ctx, 'import os; print(os.environ.get("CUDA_VISIBLE_DEVICES"))')
               + "   # must not be empty or -1",
               "# in a container: start it with GPUs: docker run --gpus all ...",
               "tfgpu doctor"]
        doc = None
        if (who := ctx.other_framework) is not None:
            # another program's cudaErrorNoDevice (XGBoost's XGBoostError): its title
            return [catalogue.make(
                "tensorflow-sees-no-gpu", variant="other-program", who=who, severity=sev,
                evidence=ev + fev, cause=cause, fix=tuple(fix))]
    elif xla_gpu_only:
        cause = (
            "device_lib lists an XLA_GPU device but no GPU device: the driver and the GPU "
            "work (XLA registered them; TensorFlow <= 2.3 did so whenever the driver "
            "answered), but TensorFlow's own GPU device needs the CUDA runtime, cuBLAS, "
            "cuFFT, cuDNN... of the versions it was built for, and one of them did not load."
        )
        fix = [*_what_to_run_next(ctx),
               "# then install the CUDA/cuDNN pair the 'Could not load dynamic library' lines "
               "name (the tested pair of your TensorFlow: tfgpu matrix)"]
        doc = None
    else:
        # no line says why: an honest unknown (what the log shows, what to run)
        return [_reason_not_shown(ctx, ev + fev, ray)]
    return [
        catalogue.make(
            "tensorflow-sees-no-gpu",
            variant="from-log",
            severity=sev,
            evidence=ev + fev,
            cause=cause,
            fix=tuple(fix),
            doc=doc,
            knowledge_ref=ref,
        )
    ]


# --- a GPU list that names GPUs the process does not have -----------------------------


def visible_device_list_invalid(ctx: Facts) -> list[Finding]:
    """``GPUOptions.visible_device_list`` (or the logical-device configuration) names a
    GPU twice, a GPU index CUDA does not show, or is not a list of integers.  The indices
    count the GPUs ``CUDA_VISIBLE_DEVICES`` leaves, renumbered from 0."""
    return c.from_log(ctx, "gpu.visible_device_list", lambda hits, _first: catalogue.make(
        "gpu-visible-device-list-invalid",
        evidence=log_evidence(hits),
        fix=(c.python_cmd(ctx, "import tensorflow as tf; "
                          "print(tf.config.list_physical_devices('GPU'))")
             + "   # the GPUs this process has, numbered from 0",
             "# name only those indices, each once, as integers: visible_device_list='0,1' or "
             "tf.config.set_visible_devices(gpus[:1], 'GPU'); with CUDA_VISIBLE_DEVICES=3 "
             "the one GPU left is index 0",
             "# logical (virtual) devices: configure them only on GPUs that are listed"),
    ))


def tf_env_var_invalid(ctx: Facts) -> list[Finding]:
    """An environment variable the GPU device reads has a value TensorFlow cannot use
    (gpu_device.cc: ``TF_MIN_GPU_MULTIPROCESSOR_COUNT`` falls back to its default,
    ``TF_GPU_THREAD_MODE`` other than global/gpu_private/gpu_shared)."""
    hits = ctx.h("gpu.env_invalid").all()
    if not hits:
        return []
    names = (["TF_MIN_GPU_MULTIPROCESSOR_COUNT"] if any(h.g("mp") is not None for h in hits)
             else []) + (["TF_GPU_THREAD_MODE"] if any(h.g("mode") is not None for h in hits)
                         else [])
    return [catalogue.make(
        "tf-env-var-invalid", variable=" and ".join(names),
        evidence=log_evidence(hits),
        fix=tuple(c.unset_env(ctx, n) + "   # or give it a valid value ("
                  + ("an integer" if n.startswith("TF_MIN") else
                     "global, gpu_private or gpu_shared") + ")" for n in names),
    )]


def gpu_ignored_low_multiprocessor_count(ctx: Facts) -> list[Finding]:
    """With several GPUs TensorFlow drops those with fewer multiprocessors than
    ``min(8, the largest count)`` (gpu_device.cc ``GetMinGPUMultiprocessorCount``)."""
    hits = ctx.h("gpu.low_core_count").all()
    if not hits:
        return []
    h = hits[0]
    # TF 1.x's "with Cuda multiprocessor count: N." with the minimum on the next line
    need = h.g("need") or next((n.g("need") for n in ctx.h("tf1.core_count_need").all()
                                if 0 < n.line - h.line <= 2), None)
    name, have = h.need("name").strip(), h.need("have")
    fix = (c.set_env(ctx, "TF_MIN_GPU_MULTIPROCESSOR_COUNT", have)
           + "   # to use that GPU too (it will be the slowest)",
           "# or hide it: CUDA_VISIBLE_DEVICES=<the other GPUs' indices>")
    if need is None:
        return [catalogue.make("gpu-ignored-low-multiprocessor-count", variant="need-unshown",
                               name=name, have=have, evidence=log_evidence(hits), fix=fix)]
    if need.isdigit() and int(need) > 8:
        # TensorFlow's own minimum is min(8, the largest GPU's count): above 8 it is the
        # variable's, which may leave no GPU at all (a warning; an error when the log shows
        # TensorFlow created no GPU device)
        created = ctx.h("gpu.created").count
        return [catalogue.make(
            "gpu-ignored-low-multiprocessor-count", variant="env-set", name=name, have=have,
            need=need, evidence=log_evidence(hits),
            severity=None if created else Severity.ERROR,
            fix=(c.unset_env(ctx, "TF_MIN_GPU_MULTIPROCESSOR_COUNT") + "   # TensorFlow's "
                 "own minimum (at most 8) then applies; look for where it is set (shell "
                 "profile, job script, os.environ in the code)",))]
    return [catalogue.make("gpu-ignored-low-multiprocessor-count", name=name, have=have,
                           need=need, evidence=log_evidence(hits), fix=fix)]


def op_has_no_gpu_kernel(ctx: Facts) -> list[Finding]:
    """An op pinned to the GPU has no GPU kernel in TensorFlow (placer.cc): not a setup
    fault.  The error's "Colocation Debug Info" (op type: devices) tells two more kinds
    apart (claim audit C): no op type of the group lists GPU, not even VariableV2/Const,
    when this process registered no GPU device at all (tensorflow#30748: the CUDA libraries
    did not load, only XLA_GPU existed) -- variant ``no-gpu-device``, unless a member is one of
    TensorFlow's own ops no GPU build takes (platform fact ``tf-gpu-kernel-dtypes``: the
    Saver's string ops), which keeps the group off the GPU itself; else the op types listed
    without GPU are the ones without a GPU kernel (tensorflow/models#5522: L2Loss).  With no
    group listed, the node dump's types read against TensorFlow 2.21's GPU kernels
    (checks/gpu_kernels.py): variant ``newer-release`` when a GPU device is shown and the
    message's own list does not take the type, ``no-gpu-shown`` (an older release or a
    CPU-only build) when none is."""
    hits = ctx.h("placer.no_gpu_kernel").all()
    if not hits:
        return []
    first = hits[0]
    named = first.g("op") or ""
    # TF 1.x names the node ("Cannot assign a device for operation 'scope/name'"); its dump
    # "[[Node: scope/name = OpType[...]" a few lines on gives the op type
    op_type = next((h.g("op") for h in ctx.h("tf1.node_op").all()
                    if h.g("node") == named and 0 <= h.line - first.line <= 10), None)
    # the group's lines up to the next error (a second one's group is its own)
    later = [h.line for name in ("placer.no_gpu_kernel", "placer.no_opkernel", "placer.no_kernel")
             for h in ctx.h(name).all() if h.line > first.line]
    end = min([*later, first.line + 200])
    members = [h for h in ctx.h("placer.coloc_member").all() if first.line < h.line < end][:60]
    gpu = [h for h in members if "GPU" in (h.g("devs") or "").split()]
    fix = ("tf.config.set_soft_device_placement(True)   # let TensorFlow run that op on the "
           "CPU",
           "# or place it yourself: with tf.device('/CPU:0'): ...")
    known = gpu_placeable_ops(ctx)
    # member op types of TensorFlow's own that its GPU build has no kernel for (2.21's:
    # platform facts tf-core-op-types and tf-gpu-kernel-dtypes): they, not a missing GPU
    # device, keep the group off the GPU (the Saver's string ops: ShardedFilename beside a
    # string Identity, tensorflow#3596)
    types = {h.g("op") or "" for h in members} & core_op_types(ctx)
    never = sorted(types - set(known)) if known else []
    # XLA_GPU listed and GPU not: XLA found the GPU, TensorFlow made no GPU device of it
    # (TF 1.13-2.3: its CUDA libraries did not load; tensorflow#30748)
    xla_only = any("XLA_GPU" in (h.g("devs") or "").split() for h in members)
    if len(members) >= 2 and not gpu and never and not xla_only:
        return [_colocated(first, never, "which no TensorFlow GPU build has a kernel for "
                           "(TensorFlow 2.21's has none either: platform fact "
                           "tf-gpu-kernel-dtypes; string ops such as the Saver's run on the "
                           "CPU): not a setup fault. Soft device placement runs such ops on "
                           "the CPU; a device scope that covers a Saver or a string op pins "
                           "them to the GPU.", log_evidence(hits, members[:4]), fix)]
    if len(members) >= 2 and not gpu and not _gpu_created_in_run(ctx, first.line):
        return [catalogue.make(
            "op-has-no-gpu-kernel", variant="no-gpu-device", op=first.g("op") or "an op",
            evidence=log_evidence(hits, members[:4]),
        )]
    cpu_only = sorted({h.g("op") or "" for h in members if h not in gpu} - {""})
    if not gpu and not _gpu_created_in_run(ctx, first.line):
        # nothing shows a GPU device: a member GPU builds place on the GPU is no evidence of
        # a missing kernel (the node's dtype, or no GPU device, keeps it off)
        cpu_only = [op for op in cpu_only if op not in known] if known else cpu_only
    if members and cpu_only:
        return [_colocated(first, cpu_only, "which has no GPU kernel (the error's 'Colocation "
                           "Debug Info' lists it with CPU only): not a setup fault, the GPU "
                           "works for the other ops. Soft device placement runs such ops on "
                           "the CPU.",
                           log_evidence(hits, [h for h in members if h not in gpu][:4]), fix)]
    nodes = [h for h in ctx.h("tf1.node_op").all() if op_type and h.g("node") == named]
    shown = f"{op_type} (node {named})" if op_type else named or "an op"
    # the node dump's types (TF 1.x: "[[Node: name = Op[T=DT_FLOAT, ...]]"): without them no
    # reading of the op's GPU kernels (a type no GPU build takes gives the same message)
    dump = node_types(nodes[0].text, named) if nodes and op_type else {}
    old_or_cpu = (bool(dump) and op_type is not None and gpu_build_takes(ctx, op_type, dump)
                  and ((tm := tf_minor(ctx.tf_version)) is None or tm < (2, 21)))
    # the placer's own "Registered kernels:" list under the message, when the log has it
    listed = listed_gpu_types(ctx, first.line)
    newer = (newer_gpu_kernel(ctx, op_type, dump, listed)
             if dump and op_type and not rows_dropped(ctx) else "")
    if old_or_cpu and not (_gpu_created_in_run(ctx, first.line) or gpu):
        # nothing shows a GPU device, and GPU builds have this op's kernel now: an older
        # release, or a CPU-only build (it registers no GPU kernels, and TF 1.x's placer then
        # says just this); soft placement runs the op in both
        return [catalogue.make(
            "op-has-no-gpu-kernel", variant="no-gpu-shown", op=shown,
            evidence=log_evidence(hits, nodes[:1]),
        )]
    if newer:
        return [catalogue.make(
            "op-has-no-gpu-kernel", variant="newer-release", op=shown,
            why=(f"{shown} was placed on the GPU explicitly, and this TensorFlow has no GPU "
                 "kernel for it: the placer cannot put it there. Not a setup fault; the GPU "
                 "works for other ops." + newer),
            evidence=log_evidence(hits, nodes[:1]), fix=(*fix, NEWER_RELEASE_FIX),
        )]
    return [catalogue.make(
        "op-has-no-gpu-kernel", op=shown, evidence=log_evidence(hits, nodes[:1]), fix=fix,
    )]


def _gpu_created_in_run(ctx: Facts, line: int) -> bool:
    """Whether TensorFlow created a GPU device before ``line`` in the same run: no prompt
    that starts Python (pattern ``ctx.script``) stands between that device line and it."""
    starts = [h.line for h in ctx.h("ctx.script").all()
              if h.g("cmd") or h.g("mod") or h.g("inline")]
    return any(not any(c.line < s <= line for s in starts)
               for c in ctx.h("gpu.created").all() if c.line < line)


def _colocated(first: Hit, ops: list[str], which: str, evidence: tuple[Evidence, ...],
               fix: tuple[str, ...]) -> Finding:
    """``op-has-no-gpu-kernel`` variant ``colocation`` naming ``ops`` of the group of the node
    on ``first``'s line; ``which`` says why they keep the group off the GPU."""
    return catalogue.make(
        "op-has-no-gpu-kernel", variant="colocation", op=", ".join(ops),
        why=(f"{first.g('op') or 'The node'} was placed on the GPU explicitly, and its "
             f"colocation group holds {', '.join(ops)}, {which}"),
        evidence=evidence, fix=fix,
    )


def _windows_native(ctx: Facts, evidence: tuple[Evidence, ...]) -> Finding:
    """TensorFlow after the last native-Windows GPU release lists no GPU (or says it is
    not a CUDA build): the same fault the host check ``windows_native_no_gpu`` finds from
    host facts (platform fact ``windows-native-gpu-last``)."""
    _, last, _, _ = windows_gpu_last(ctx)
    ref = "platform_facts:windows-native-gpu-last"
    # the DirectML plugin runs only on the TensorFlow it pins (platform fact
    # directml-plugin-tf-pin), never on this newer release: its own environment
    dml = ctx.kb.platform_fact("directml-plugin-tf-pin")
    pin = dml.value("pip_requirement")
    # TensorFlow 2.10's Windows wheels stop at Python 3.10 (tf_tested_configs); the
    # threads' hosts often ran 3.11+, where the pin alone finds no wheel: one conda
    # environment with a Python it has wheels for holds CUDA/cuDNN and TensorFlow
    return catalogue.make(
        "tensorflow-windows-native-no-gpu",
        version=ctx.tf_version or f"after {last}", last=last, ref=ref,
        evidence=evidence + ((Evidence("os", ctx.os_source),) if ctx.host is None else ()),
        fix=(*c.wsl2_tensorflow_lines(ctx), *c.windows_native_env_lines(ctx),
             "# or keep TensorFlow on the CPU; any DirectX 12 GPU through the DirectML plugin "
             f"needs its own environment with the TensorFlow it pins: pip install \"{pin}\" "
             f"tensorflow-directml-plugin{c.numpy_cap_for(ctx.kb, dml.value('tf_version'))}"),
        knowledge_ref=ref,
    )


# --- TensorFlow lists no GPU and the log does not say why -------------------------


def _on_worker_lines(ctx: Facts, hits: list[Hit]) -> bool:
    """Whether one of ``hits`` stands on a line with Ray's worker prefix ("(pid=N)")."""
    prefixed = {h.line for h in ctx.h("dist.ray_worker").all()}
    return any(h.line in prefixed for h in hits)


def _reason_not_shown(ctx: Facts, evidence: tuple[Evidence, ...], ray: list[Hit]) -> Finding:
    """``tensorflow-sees-no-gpu`` (variant ``reason-not-shown``, category ``unknown``): the
    log shows TensorFlow lists no GPU (an empty ``list_physical_devices('GPU')``, a CPU-only
    device list, ``is_gpu_available()`` False, RLlib's "GPUs were assigned to this worker by
    Ray, but ... reports GPU acceleration is disabled") and no line saying why (no library
    that did not load, no CPU-only build, no driver or device line).  Several causes print
    exactly this, so the finding claims none: it says what the log shows and what to run
    next, and names the GPU only when the host facts or the log show one.

    ``ray``: RLlib's line (ray-project/ray rllib/evaluation/rollout_worker.py, ray-0.8.2
    ``tf.test.is_gpu_available()``, ray-1.2.0 ``tf.config.experimental.list_physical_devices
    ("GPU")``; messages_ecosystem.toml rows ``ray-rllib-*``): then the next steps check
    TensorFlow alone in the worker's environment (its image or conda environment), the
    CUDA TensorFlow was built for (``tf.sysconfig.get_build_info()``) against the image's."""
    although = ""
    if ctx.gpu_log_evidence():
        although = " although the log shows an NVIDIA GPU"
    elif ctx.has_nvidia_gpu:
        although = " although the host facts show an NVIDIA GPU"
    elif ray:
        although = " although Ray assigned GPUs to it"
    causes = ("Causes that look exactly like this: a TensorFlow without GPU support (the "
              "tensorflow-cpu package, a CPU-only build or image, or a release with no GPU "
              "support on this platform); CUDA/cuDNN libraries of another version than the "
              "build's, or off the loader's path; an NVIDIA driver too old for the CUDA the "
              "build uses (in a container: the host's driver, too old for the image's CUDA); "
              "no NVIDIA driver or GPU visible to this process (CUDA_VISIBLE_DEVICES, a "
              "container started without GPUs). The commands below tell them apart.")
    if ray:
        cause = (f"RLlib's check in the Ray worker (line {ray[0].line}) found that TensorFlow "
                 "there lists no GPU although Ray assigned GPUs to the worker: the same "
                 "evidence as an empty tf.config.list_physical_devices('GPU'). RLlib does not "
                 "say why, and neither does the rest of the log. " + causes + " Check "
                 "TensorFlow alone in the worker's environment (its Docker image or conda "
                 "environment), which may not be the one you tested: the CUDA the image "
                 "provides must be the one that TensorFlow release was built and tested with.")
        build = ('import tensorflow as tf; i = tf.sysconfig.get_build_info(); '
                 'print(tf.__version__, i.get("cuda_version"), i.get("cudnn_version"), '
                 'tf.config.list_physical_devices("GPU"))')
        fix: tuple[str, ...] = (
            "# run these inside the worker's environment (the image or conda env Ray starts "
            "the worker in), without Ray:",
            c.python_cmd(ctx, build) + "   # TensorFlow alone: its CUDA/cuDNN build (TF 2.3+), "
            "its GPUs",
            "nvidia-smi   # in the worker's image/container: the GPU and the driver",
            "ls -d /usr/local/cuda*   # the CUDA toolkit(s) the image provides",
            "# the image's CUDA must match the build's (tfgpu matrix lists each release's "
            "tested CUDA/cuDNN): else use the image tag, or the TensorFlow release, built for "
            "the other",
            c.set_env(ctx, "TF_CPP_MIN_LOG_LEVEL", "0") + "   # TensorFlow's own reasons at "
            "start-up",
        )
        who = "TensorFlow in the Ray worker"
    else:
        # a release whose pip wheels do not find their own CUDA libraries, on Linux: that
        # release's reading (the same fix covers a plain pip install tensorflow)
        from tfgpu.diagnosis.checks.libraries import tf216_lists_no_gpu

        known = tf216_lists_no_gpu(ctx, evidence)
        if known is not None:
            return known
        cause = ("TensorFlow lists no GPU, and the log does not say why (TensorFlow's "
                 "start-up warnings may be hidden by TF_CPP_MIN_LOG_LEVEL or were not "
                 "pasted). " + causes)
        fix = tuple(_what_to_run_next(ctx))
        # an NVIDIA Jetson: TensorFlow uses its GPU only as NVIDIA's build for its JetPack
        jetson = jetson_shown(ctx)
        if jetson is not None and (words := jetson_cause(ctx, jetson)):
            cause, fix = cause + words, tuple(jetson_steps(list(fix)))
        # Colab's GPU check cell / a Colab notebook: Colab's own next steps
        from tfgpu.diagnosis.checks.colab_gpu_check import colab_steps

        colab, colab_fix = colab_steps(ctx, evidence, list(fix))
        cause, fix = cause + colab, tuple(colab_fix)
        who = "TensorFlow"
    return catalogue.make(
        "tensorflow-sees-no-gpu", variant="reason-not-shown", who=who, although=although,
        evidence=evidence, cause=cause, fix=fix,
    )


def _what_to_run_next(ctx: Facts) -> list[str]:
    """Commands that show why TensorFlow lists no GPU when the log does not say: the
    driver (``nvidia-smi``), whether the installed TensorFlow is a CUDA build and for
    which CUDA/cuDNN, TensorFlow's own reasons with its log level at 0, and the doctor."""
    build = ('import tensorflow as tf; i = tf.sysconfig.get_build_info(); '
             'print(tf.__version__, tf.test.is_built_with_cuda(), i.get("cuda_version"), '
             'i.get("cudnn_version"))')
    listing = 'import tensorflow as tf; print(tf.config.list_physical_devices("GPU"))'
    return [
        "nvidia-smi   # the driver and the GPU: must list the GPU; its 'CUDA Version' is the "
        "newest CUDA the driver runs: below the build's CUDA version (next line) it is too old, "
        "except a lower minor of the same major from CUDA 11 on (in a container, run it "
        "inside: the host's driver is the one that counts)",
        c.python_cmd(ctx, build) + "   # True and a CUDA version: a CUDA build",
        c.set_env(ctx, "TF_CPP_MIN_LOG_LEVEL", "0") + "   # show TensorFlow's reasons",
        c.python_cmd(ctx, listing),
        "tfgpu doctor",
    ]


#: a TensorFlow GPU device name's index: "/physical_device:GPU:1", "/device:GPU:0"
_GPU_INDEX = re.compile(r"device:GPU:(\d{1,3})\b")


def rule_gpu_created(ctx: Facts) -> list[Finding]:
    """``Created device ... GPU:N`` lines: the GPU works (an OK finding)."""
    hits = ctx.h("gpu.created")
    if not hits.count and (pluggable := _pluggable_gpus(ctx)):
        return [pluggable]
    if not hits.count:
        listed = ctx.tf_gpu_listed  # a check snippet's output names a GPU device
        if not listed and not ctx.gpu_intent_evidence() and (loaded := _cudnn_loaded(ctx)):
            return [loaded]
        if not listed or ctx.gpu_intent_evidence():
            return []  # none, or a later output lists no GPU (rule_gpu_not_visible says it)
        idx = sorted({i for h in listed for i in _GPU_INDEX.findall(h.text)} or {"0"}, key=int)
        count = max((int(h.g("n") or 0) for h in listed), default=0)
        devices = ", ".join(f"GPU:{i}" for i in idx) if count <= 1 else f"{count} GPUs"
        return [catalogue.make("gpu-device-created", variant="listed", devices=devices,
                               evidence=log_evidence(listed[:4]))]
    parts = []
    for h in list(hits.by_key.values())[:8]:
        # TF 1.x's "Creating TensorFlow device (/gpu:0) -> (device: 0, name: ...)" gives no
        # memory figure: only what the line says is shown
        details = [f"{h.g('mb')} MB"] if h.g("mb") else []
        details += [f"cc {h.g('cc')}"] if h.g("cc") else []
        parts.append(f"GPU:{h.g('idx')} {h.g('name')}"
                     + (f" ({', '.join(details)})" if details else ""))
    return [
        catalogue.make(
            "gpu-device-created",
            devices="; ".join(parts),
            evidence=log_evidence(list(hits.by_key.values())[:4]),
        )
    ]


def _cudnn_loaded(ctx: Facts) -> Finding | None:
    """``gpu-device-created`` (variant ``cudnn-loaded``) from cuda_dnn.cc's "Loaded cuDNN
    version N" alone: printed when a GPU's cuDNN support starts, so a GPU was in use."""
    hit = ctx.h("cudnn.loaded").first
    if not hit or not (raw := hit[0].g("v")):
        return None
    return catalogue.make("gpu-device-created", variant="cudnn-loaded",
                          version=".".join(map(str, c.cudnn_version_parts(int(raw)))),
                          raw=raw, line=hit[0].line,
                          evidence=log_evidence(hit))


def _pluggable_gpus(ctx: Facts) -> Finding | None:
    """``gpu-device-created`` (variant ``pluggable``) for pluggable_device_factory.cc's
    "Created TensorFlow device (.../device:GPU:N with M MB memory) -> physical
    PluggableDevice (device: N, name: METAL, ...)" lines: a device plugin (Apple's
    tensorflow-metal, the DirectML plugin) registered the GPU and TensorFlow created a
    device on it.  ``M`` is 0 when the plugin's allocator reports no memory limit (the
    factory prints ``bytes_limit`` or 0), so 0 is not shown as a size.  tensorflow-metal's
    "Metal device set to: Apple M1" names the chip.  ``None`` when no GPU-type pluggable
    device was created (another device type, such as XPU, is no GPU reading)."""
    hits = [h for h in ctx.h("gpu.pluggable_created").by_key.values() if h.g("type") == "GPU"]
    if not hits:
        return None
    chip = next((c_ for h in ctx.h("metal.device_set").all() if (c_ := h.g("chip"))), None)
    parts = []
    for h in hits[:8]:
        name = (h.g("name") or "").strip()
        details = [chip] if chip and name.upper() == "METAL" else []
        details += [f"{h.g('mb')} MB"] if (h.g("mb") or "0") != "0" else []
        parts.append(f"GPU:{h.g('idx')} {name}" + (f" ({', '.join(details)})" if details else ""))
    names = list(dict.fromkeys((h.g("name") or "").strip().upper() for h in hits))
    plugins = [c.PLUGGABLE_DEVICE_PLUGINS.get(n, f"a device plugin (device name {n})")
               for n in names]
    unreported = [h for h in hits if (h.g("mb") or "0") == "0"]
    return catalogue.make(
        "gpu-device-created", variant="pluggable", devices="; ".join(parts),
        plugin=" and ".join(plugins),
        memory=(" The plugin's allocator reports no memory limit, so TensorFlow prints 0 MB: "
                "not a size." if unreported else ""),
        evidence=log_evidence(hits[:4], ctx.h("metal.device_set").first[:1]),
    )


# ------------------------------------------------------------- host facts (from tf_install.py)


def _missing_libraries(facts: HostFacts) -> list[str]:
    """Logical TF GPU libraries with no copy the loader would pick (empty: not probed)."""
    if not facts.libraries:
        return []
    out = []
    for name in TF_GPU_LIBRARIES:
        copies = [lib for lib in facts.libraries if lib.name == name]
        if not any(lib.selected for lib in copies):
            where = (f"found only at {', '.join(lib.path for lib in copies[:2])} where the loader "
                     "does not look") if copies else "not found anywhere"
            out.append(f"lib{name} ({where})")
    return out


def tensorflow_sees_no_gpu(f: Facts) -> Iterator[Finding]:
    """An NVIDIA GPU works (NVML/nvidia-smi) but TensorFlow lists no GPU: name the library.

    The missing library is taken from the library facts (a logical library with no
    selected copy); TensorFlow's own log lines are quoted as evidence, and the log
    checks, which the doctor runs on the same log, name the reason they prove.
    """
    facts = f.host
    if facts is None:
        return
    kb = f.kb
    tf = facts.tf
    if tf is None or tf.status is not ProbeStatus.OK or tf.gpus:
        return
    if not _driver_gpus(facts) or (facts.driver and facts.driver.status is not ProbeStatus.OK):
        return
    driver_ok = facts.driver is not None and facts.driver.status is ProbeStatus.OK
    if tf.build_info.get("is_cuda_build") == "False" or _windows_too_new(facts, kb):
        return  # cpu_only_build / windows_native_no_gpu explain it
    missing = _missing_libraries(facts)
    ev: list[Evidence] = [Evidence("nvidia", c.gpu_words(facts)),
                          Evidence("tf.devices", ", ".join(d.name for d in tf.devices) or "none")]
    ev.extend(_reason_lines(tf.log_lines))
    ev.extend(Evidence("libraries", m) for m in missing)
    build = ", ".join(f"{k.replace('_version', '')} {tf.build_info[k]}"
                      for k in ("cuda_version", "cudnn_version") if k in tf.build_info)
    cause = (f"TensorFlow {tf.version}" + (f" (built for {build})" if build else "")
             + " lists no GPU although "
             + (f"the driver shows {c.gpu_words(facts)}" if driver_ok
                else f"the host has {c.gpu_words(facts)} (driver not probed)"))
    if missing:
        cause += "; missing: " + "; ".join(missing)
    elif _reason_lines(tf.log_lines):
        cause += "; its log gives the reason (the lines below, and the findings they prove)"
    elif not facts.libraries:
        cause += "; the library search did not run, so the missing library is not known"
    fix: list[str] = []
    if facts.os.system == "Linux":
        fix.extend(_reinstall_with_cuda(facts, kb, tf.version))
        if facts.env.get("LD_LIBRARY_PATH"):
            fix.append(c.unset_env(facts, "LD_LIBRARY_PATH")
                       + "   # pip's nvidia libraries need no LD_LIBRARY_PATH")
    fix.append(c.python_cmd(facts, "import tensorflow as tf; "
                                   "print(tf.config.list_physical_devices(\"GPU\"))"))
    yield catalogue.make(
        "tensorflow-sees-no-gpu", variant=None if driver_ok else "driver-not-probed",
        evidence=ev, cause=cause, fix=fix,
    )


def _reinstall_with_cuda(facts: HostFacts, kb: Knowledge, version: str | None) -> list[str]:
    """Fix lines that give TensorFlow ``version`` its CUDA libraries on Linux/WSL2.

    ``tensorflow[and-cuda]==X`` only exists from the release in platform fact
    ``and-cuda-extra-first`` (2.14.0, compat/FACTS.md WHL); older releases need a system
    CUDA/cuDNN of the tested configuration (``tf_tested_configs.toml``).
    """
    if not version:
        return [c.tf_install_command(facts)]
    first = kb.platform_fact("and-cuda-extra-first").value("tf_version")
    v, f = version_or_none(version), version_or_none(first)
    if v is not None and f is not None and v >= f:
        return [c.pip(facts, "install", f"tensorflow[and-cuda]=={version}")]
    config = kb.config_for(version, "linux")
    need = (f"CUDA {config.cuda} and cuDNN {config.cudnn}" if config is not None
            and config.cuda else "the CUDA and cuDNN of its tested configuration")
    return [f"# TensorFlow {version} predates the [and-cuda] extra (first in {first}): install "
            f"{need} and put their lib folders on LD_LIBRARY_PATH, or upgrade:",
            c.pip(facts, "install", "tensorflow[and-cuda]")]


def tensorflow_gpu_ops(f: Facts) -> Iterator[Finding]:
    """Each GPU TensorFlow listed ran a small op: OK when right and on that GPU, else error;
    a GPU whose op has no recorded result (``op_ok`` null) is "listed, not tested"."""
    facts = f.host
    if facts is None:
        return
    tf = facts.tf
    if tf is None or tf.status is not ProbeStatus.OK:
        return
    bad = [d for d in tf.gpus if d.op_ok is False]
    good = [d for d in tf.gpus if d.op_ok]
    for d in bad:
        yield catalogue.make(
            "tensorflow-gpu-op-failed",
            category="compute-capability" if "capab" in (d.op_error or "").lower()
            or "no kernel image" in (d.op_error or "").lower() else "gpu-not-visible",
            device=d.name, error=d.op_error,
            evidence=(Evidence("tf.devices", f"{d.name} {dict(d.details)}"),
                      Evidence("tf.op_error", d.op_error or "?"), *_reason_lines(tf.log_lines)),
            fix=(c.python_cmd(facts, "import tensorflow as tf; tf.debugging.set_log_device_"
                                     "placement(True); print(tf.linalg.matmul([[1.]], [[1.]]))"),),
        )
        return
    untested = [d for d in tf.gpus if d.op_ok is None]
    if untested:
        # listed, but no result of the test op is recorded: "can use" needs a computation
        yield catalogue.make(
            "tensorflow-gpu-op-untested", devices=", ".join(d.name for d in untested),
            evidence=tuple(Evidence("tf.devices", f"{d.name} {dict(d.details)}: op_ok null")
                           for d in untested),
            fix=("tfgpu doctor   # on that host: this tfgpu runs the test op on each GPU",
                 c.python_cmd(facts, "import tensorflow as tf; tf.debugging.set_log_device_"
                                     "placement(True); print(tf.linalg.matmul([[1.]], [[1.]]))")),
        )
    if good and not bad:
        names = "; ".join(f"{d.name} ({d.details.get('device_name', '?')}, cc "
                          f"{d.details.get('compute_capability', '?')})" for d in good)
        yield catalogue.make(
            "tensorflow-gpu-works", version=tf.version, count=len(good), devices=names,
            evidence=tuple(Evidence("tf.devices", f"{d.name} -> {d.op_device} in "
                                                  f"{d.op_duration_s} s") for d in good),
        )


# ------------------------------------------------------------- host facts (from environment.py)


def visible_gpu_count(value: str, gpu_count: int, uuids: tuple[str | None, ...],
                      mig_uuids: tuple[str | None, ...] = ()) -> int:
    """How many GPUs ``CUDA_VISIBLE_DEVICES=value`` leaves visible (pure).

    CUDA reads the comma-separated list in order and stops at the first invalid entry:
    "If one of the indices is invalid, only the devices whose index precedes the invalid
    index are visible" (CUDA C Programming Guide, "CUDA Environment Variables").  Entries
    are indices (``0``), UUIDs (``GPU-8932f937...``, any unique prefix) or MIG ids
    (``MIG-...``: a MIG instance, matched against the MIG instances' UUIDs).  An unknown
    UUID (a ``None`` entry) counts every UUID of its kind as valid.

    Args:
        value: the variable's value (``""`` and ``"-1"`` hide everything).
        gpu_count: number of NVIDIA GPUs on the host (whole GPUs, not MIG instances).
        uuids: their UUIDs, index order.
        mig_uuids: the MIG instances' UUIDs (``MIG-...``), when MIG is enabled.

    Returns:
        The number of devices CUDA will expose, 0..``gpu_count``.
    """
    visible = 0
    seen: set[int] = set()
    for raw in value.split(","):
        token = raw.strip()
        if not token:
            break
        if re.fullmatch(r"\d+", token):
            idx = int(token)
            if idx >= gpu_count or idx in seen:
                break
            seen.add(idx)
        elif token.upper().startswith(("GPU-", "MIG-")):
            kind = mig_uuids if token.upper().startswith("MIG-") else uuids
            known = [u for u in kind if u]
            # an unknown entry: the token may be valid; no MIG instance in the facts (NVML
            # and nvidia-smi list them when MIG is on): a MIG id names no device
            if None not in kind and not any(u.lower().startswith(token.lower())
                                            for u in known):
                break
        else:
            break
        visible += 1
    return min(visible, gpu_count)


def _known_uuid(uuid: str | None) -> str | None:
    """A UUID to match ``CUDA_VISIBLE_DEVICES`` against; ``None`` (unknown) when absent or
    zeroed by redaction (a shared snapshot's ``GPU-00000000-...``: the real one is not
    known)."""
    if not uuid or not uuid.upper().removeprefix("GPU-").removeprefix("MIG-").strip("0-"):
        return None
    return uuid


def cuda_visible_devices_hides_gpus(f: Facts) -> Iterator[Finding]:
    """``CUDA_VISIBLE_DEVICES`` set so that no GPU is left (``-1``, ``""``, bad indices)."""
    facts = f.host
    if facts is None:
        return
    value = facts.env.get("CUDA_VISIBLE_DEVICES")
    gpus = [g for g in facts.nvidia_gpus if not g.is_mig]
    if value is None or not gpus:
        return
    n = visible_gpu_count(value, len(gpus), tuple(_known_uuid(g.uuid) for g in gpus),
                          tuple(_known_uuid(g.uuid) for g in facts.nvidia_gpus if g.is_mig))
    if n > 0:
        return
    yield catalogue.make(
        "cuda-visible-devices-hides-gpus", value=value, count=len(gpus),
        evidence=(Evidence("env.CUDA_VISIBLE_DEVICES", repr(value)),
                  Evidence("gpus", c.gpu_words(facts))),
        fix=(c.unset_env(facts, "CUDA_VISIBLE_DEVICES"),
             "# or choose GPUs by index: " + c.set_env(facts, "CUDA_VISIBLE_DEVICES", "0")),
    )


def log_level_hides_reasons(f: Facts) -> Iterator[Finding]:
    """``TF_CPP_MIN_LOG_LEVEL`` >= 2 hides the lines that say why a GPU was dropped."""
    facts = f.host
    if facts is None:
        return
    value = facts.env.get("TF_CPP_MIN_LOG_LEVEL", "").strip()
    if value not in ("2", "3"):
        return
    yield catalogue.make(
        "tf-log-level-hides-gpu-messages", value=value,
        evidence=(Evidence("env.TF_CPP_MIN_LOG_LEVEL", value),),
        fix=(c.unset_env(facts, "TF_CPP_MIN_LOG_LEVEL") + "   # while debugging",),
    )


# --- gpu stack ----------------------------------------------------------------------------


def strategy_devices_not_visible(ctx: Facts) -> list[Finding]:
    """cross_device_ops.py "Some requested devices in `tf.distribute.Strategy` are not
    visible to TensorFlow: ..."."""
    return c.from_log(ctx, "dist.strategy_devices", lambda hits, first: catalogue.make(
        "strategy-devices-not-visible",
        devices=(first.g("devices") or "devices").strip().rstrip(",")[:200],
        evidence=log_evidence(hits),
        fix=("python -c \"import tensorflow as tf; print(tf.config.list_physical_devices('GPU'))\""
             "   # the GPUs TensorFlow registered",
             *c.show_env(ctx, "CUDA_VISIBLE_DEVICES", "the GPUs TensorFlow may see"),
             "# build the strategy from what exists: tf.distribute.MirroredStrategy() with no "
             "devices argument uses every visible GPU"),
    ))


# -------------------------------------------- CUDA toolkits the build cannot load


def _cuda_release_missing(ctx: Facts, ev: tuple[Evidence, ...]) -> Finding | None:
    """``tf-cuda-runtime-missing`` (variant ``cuda-major-missing``): TensorFlow lists no GPU
    and the host facts show only CUDA toolkits TensorFlow's build cannot load.

    TensorFlow loads its CUDA libraries by file name: from CUDA 11 the name carries the
    major (``libcudart.so.11.0``, ``cudart64_110.dll`` for every 11.x), before it the
    major.minor (``libcudart.so.10.1``, ``cudart64_101.dll``; platform fact
    ``cuda-library-sonames``), so a CUDA 10.2 toolkit cannot serve a TensorFlow built with
    CUDA 10.1, on Linux or on native Windows.  The build's CUDA comes from the tested
    configuration of that OS (``tf_tested_configs.toml``).  Not when the pip ``nvidia-cuda-
    runtime-cuXX`` wheel of the build's major is installed (TensorFlow loads that copy), in
    a conda environment (its own CUDA), or when a libcudart of the right version is found;
    not for a ROCm log or a host whose GPUs are all another vendor's (no CUDA build then)."""
    host = ctx.host
    have = ctx.cuda_versions
    if host is None or not have or not ctx.tf_version:
        return None
    if ctx.rocm_log or ctx.has_nvidia_gpu is False:
        return None
    tested = ctx.kb.tested_gpu_build(ctx.tf_version, "windows" if ctx.windows else "linux")
    if tested is None:
        return None
    want = tested.cuda.split(".")
    if not want[0].isdigit():
        return None
    per_minor = int(want[0]) < 11
    if host.python.dist(f"nvidia-cuda-runtime-cu{want[0]}") is not None:
        return None

    def serves(version: str) -> bool:
        got = version.split(".")
        return got[:2] == want[:2] if per_minor else got[0] == want[0]

    if any(serves(v) for v in have):
        return None
    if ctx.conda or any(lib.name == "cudart" and lib.version and serves(lib.version)
                        for lib in host.libraries):
        return None  # a conda environment's or another folder's CUDA runtime may serve it
    need = ".".join(want[:2]) if per_minor else want[0]
    if ctx.windows:
        dll_row = ctx.kb.windows_cudart_dll(tested.cuda)
        loads = f"loads {dll_row[0]} (the CUDA {need} runtime)" if dll_row else (
            f"loads the CUDA {need} DLLs by name")
        folder = ("bin folder first on PATH (where.exe "
                  + (dll_row[0] if dll_row else "cudart64_*.dll") + " finds it)")
    else:
        loads = f"loads the CUDA {need} libraries by name"
        folder = "lib64 folder first on LD_LIBRARY_PATH"
    return catalogue.make(
        "tf-cuda-runtime-missing",
        variant="cuda-major-missing",
        tf=ctx.tf_version, cuda=tested.cuda, have=", ".join(have),
        evidence=ev + tuple(ctx.fact_evidence()),
        cause=(f"TensorFlow {ctx.tf_version} was built with CUDA {tested.cuda} / cuDNN "
               f"{tested.cudnn} (knowledge row {tested.ref}) and {loads}; this host has CUDA "
               f"{', '.join(have)}, whose libraries carry other names"
               + (" (before CUDA 11 the names carry major.minor, so even another 10.x does "
                  "not serve)" if per_minor else "")
               + ", so TensorFlow registers no GPU."),
        fix=(f"# install CUDA {tested.cuda} + cuDNN {tested.cudnn} (they can sit next to the "
             f"other toolkit) and put their {folder}",
             "# or install a TensorFlow release built for the CUDA you have (tfgpu plan lists "
             "them)"),
        knowledge_ref=tested.ref,
    )


def windows_native_gpu_shown(ctx: Facts) -> list[Finding]:
    """``tensorflow-windows-native-no-gpu`` from a log that shows an NVIDIA GPU working
    (nvidia-smi's table, a device line) with TensorFlow newer than the last native-Windows
    GPU release on native Windows (host facts or the log): that TensorFlow is CPU-only
    there whatever the driver and CUDA toolkit are (platform fact
    ``windows-native-gpu-last``).  The host check says the same from probed facts.  Not
    for a log of TensorFlow used through tfjs-node or libtensorflow
    (``Facts.non_pip_tensorflow``): the pip wheels' rule is not that program's."""
    mm = ctx.tf_mm
    if not ctx.windows or ctx.wsl or mm is None or mm <= windows_gpu_last(ctx)[0]:
        return []
    if ctx.non_pip_tensorflow:
        return []
    shown = ctx.gpu_log_evidence()
    if not shown and not (ctx.host is not None and ctx.host.nvidia_gpus):
        return []
    return [_windows_native(ctx, log_evidence(shown) + tuple(ctx.fact_evidence()))]
