"""Fault kind DRIVER: the NVIDIA driver missing, broken, not loaded, too old for the CUDA
TensorFlow uses, or its kernel module and user-space library out of step.

Each check reads the one view :class:`tfgpu.facts.view.Facts` and fires whether the fact came
from the host (nvidia-smi/NVML, ``doctor``) or from a log line (``explain``):

* ``nvidia-driver-missing`` / ``nvidia-driver-not-loaded`` / ``nvidia-driver-error`` ...
  (:func:`driver_missing`, :func:`driver_broken`): host facts.
* ``driver-too-old-for-cuda`` (:func:`driver_too_old_for_cuda`): the driver version from the
  host or a log's "kernel reported version", the CUDA from TensorFlow's build or a log's
  "CUDA driver version is insufficient for CUDA runtime version" (formerly also
  ``driver-too-old-for-cuda-runtime``).
* ``nvidia-driver-library-mismatch`` (:func:`driver_library_mismatch`): nvidia-smi's
  "Driver/library version mismatch" or the log's kernel-module/DSO version lines (formerly
  also ``driver-library-mismatch``).
* ``cuinit-*`` (:func:`rule_cuinit`): every CUresult ``cuInit`` can return
  (``status_codes.toml``), and ``Could not find cuda drivers`` (:func:`rule_cuda_drivers`).
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from tfgpu._proc import NOT_RUNNABLE
from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.diagnosis.checks._code_claims import code_claim
from tfgpu.diagnosis.checks._common import E, W, and_cuda_fix, slug, windows_gpu_last
from tfgpu.diagnosis.checks._context_codes import context_code_finding
from tfgpu.diagnosis.checks._hybrid_gpu import listed_gpu_why, prime_integrated
from tfgpu.diagnosis.checks._other_gpu import other_gpu_only
from tfgpu.diagnosis.checks.containers import container_without_driver
from tfgpu.diagnosis.checks.cuda_driver_checks import (
    FORK_NEXT,
    FORKED_RUNTIME_ERROR,
    fork_words,
    forked_after_gpu,
    forked_runtime_finding,
    runtime_failed_in_fork,
)
from tfgpu.diagnosis.checks.driver_ceiling import (
    compat_fix_for_old_gpu,
    driver_install_lines,
    old_gpu,
    stranded_gpu,
)
from tfgpu.diagnosis.checks.hardware import (
    _driver_gpus,
    _listing_records,
    _listing_words,
    _nvidia_records,
    _pci_only_nvidia,
)
from tfgpu.diagnosis.checks.image_driver import container_shown, mismatch_in_image
from tfgpu.diagnosis.checks.libraries import (
    _message_part,
    _runtime_major,
    _tf_cuda_major_log,
    driver_library_failed_to_load,
    driver_library_not_shown,
)
from tfgpu.diagnosis.checks.nvml_failures import own_glibc_python
from tfgpu.diagnosis.checks.unknown import failure_without_gpu_words
from tfgpu.diagnosis.checks.versions import (
    _TF,
    _driver_evidence,
    _installed_tf,
    _major,
    _min_gpu_cc,
    _release_fix,
)
from tfgpu.diagnosis.checks.windows_rnn_driver import rnn_in_log, windows_rnn_driver_finding
from tfgpu.facts import DEFAULT_PROBE_TIMEOUT_S, HostFacts, ProbeStatus
from tfgpu.facts.log import Hit, Hits
from tfgpu.facts.presence import (
    LISTING_RECORDS,
    driver_serves,
    listing_answered,
    nvidia_gpu_presence,
    smi_unreadable,
)
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Evidence, Finding, Severity
from tfgpu.knowledge import (
    CudaError,
    DriverMinimum,
    Knowledge,
    KnowledgeQueryError,
    docs,
    driver_at_least,
    parse_version,
    series,
)


def _code_meaning(ctx: Facts, name: str) -> str:
    """What a cuInit code without its own help means, from its status_codes.toml row
    (the CUDA header's text read for a TensorFlow user), hedged: the row lists the usual
    situations, the log does not say which one."""
    row = ctx.kb.cuda_error_named(name)
    if row is None or not row.meaning:
        return "see the CUresult description"
    return (f"{row.meaning.rstrip('.')} (knowledge row {row.ref}); the log alone does not say "
            "which")


_CUINIT_HELP: dict[str, tuple[str, str, tuple[str, ...]]] = {
    # cuInit takes no device ordinal: the device list it can reject is the process's
    # CUDA_VISIBLE_DEVICES. A repeated index ("0,0", written by Ray into a Tune worker:
    # ray-project/ray#14542, de-duplicating it fixed cuInit); under MPS, indices the MPS
    # server already renumbered (https://docs.nvidia.com/deploy/topics/topic_5_2_1.html:
    # keeping CUDA_VISIBLE_DEVICES "0,2" for a client "would lead to an error"). An index past
    # the GPUs is not this: the CUDA programming guide's environment-variable appendix says
    # only the devices listed before an invalid index are visible (none: CUDA_ERROR_NO_DEVICE)
    "CUDA_ERROR_INVALID_DEVICE": (
        "gpu-not-visible",
        "cuInit takes no device number, so the device list it rejected is this process's "
        "CUDA_VISIBLE_DEVICES: a list the driver does not accept, such as a GPU listed twice "
        "('0,0', as a scheduler like Ray can write into a worker), or, under MPS, the system's "
        "indices where the MPS server has already renumbered the visible GPUs from 0",
        ("python -c \"import os; print(repr(os.environ.get('CUDA_VISIBLE_DEVICES')))\"   # "
         "in the failing process: a scheduler (Ray, Slurm, a launcher) sets it per worker",
         "nvidia-smi -L   # the GPUs, their indices and UUIDs",
         "# list each GPU once, by an index nvidia-smi shows or by UUID, before TensorFlow "
         "starts: e.g. os.environ['CUDA_VISIBLE_DEVICES'] = ','.join(dict.fromkeys(ids))"),
    ),
    # cuInit's own CUDA_ERROR_NOT_INITIALIZED (cuda.h: "the CUDA driver has not been
    # initialized with cuInit() or ... initialization has failed"): here the call that failed
    # IS cuInit, so it is no follow-on of an earlier one (the table's general meaning); in
    # reports the process is a child forked after its parent initialised CUDA
    # (tensorflow/tensorflow#57877), else the driver answers nothing (nvidia-smi tells); with
    # recent drivers' UVM module on a kernel with HMM (mostly the open kernel modules), cuInit
    # returns 3 while nvidia-smi works (NVIDIA/open-gpu-kernel-modules#797, #901, #947:
    # "options nvidia_uvm uvm_disable_hmm=1" works around it)
    "CUDA_ERROR_NOT_INITIALIZED": (
        "gpu-not-visible",
        "cuInit itself failed to initialise CUDA in this process (cuda.h: 'initialization has "
        "failed'). The log alone does not say why; known causes: a process forked after its "
        "parent had initialised CUDA (Python multiprocessing's default 'fork' on Linux; CUDA "
        "is not fork-safe), a driver in a bad state, which nvidia-smi shows, or, with a recent "
        "driver's UVM module on a kernel with HMM (mostly NVIDIA's open kernel modules), HMM "
        "support breaking CUDA's start while nvidia-smi works "
        "(NVIDIA/open-gpu-kernel-modules#797, #947)",
        ("nvidia-smi   # the driver answers and lists the GPU: then look for a fork",
         "multiprocessing.set_start_method('spawn')   # first thing under if __name__ == "
         "'__main__', if the failing code runs in a worker process (DataLoader/Pool/"
         "use_multiprocessing=True)",
         "# no fork, nvidia-smi works, NVIDIA's open kernel modules (modinfo nvidia | grep "
         "license: 'Dual MIT/GPL'): echo 'options nvidia_uvm uvm_disable_hmm=1' | sudo tee "
         "/etc/modprobe.d/nvidia-uvm-hmm.conf, then reboot (NVIDIA/open-gpu-kernel-modules"
         "#797, #947)"),
    ),
    "CUDA_ERROR_NO_DEVICE": (
        "gpu-not-visible",
        "the CUDA driver sees no CUDA-capable GPU: none is installed, CUDA_VISIBLE_DEVICES hides "
        "them, or (WSL2/containers) the GPU is not passed through",
        ("nvidia-smi", "echo $CUDA_VISIBLE_DEVICES   # set and empty or -1 hides every GPU"),
    ),
    "CUDA_ERROR_SHARED_OBJECT_INIT_FAILED": (
        "gpu-not-visible",
        "the driver library (libcuda) failed to initialise: no NVIDIA kernel driver is loaded",
        ("nvidia-smi", "docker run --gpus all ...   # inside a container"),
    ),
    "CUDA_ERROR_INSUFFICIENT_DRIVER": (
        "version-mismatch",
        "the installed NVIDIA driver is older than the CUDA runtime TensorFlow uses",
        ("nvidia-smi   # 'CUDA Version' is the newest CUDA this driver supports",),
    ),
    "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH": (
        "version-mismatch",
        # Also a container's forward-compatibility libcuda on a host driver it does
        # not fit, where no reboot helps (platform fact container-libcuda-newer-than-host)
        "the display driver (the loaded kernel module) and the CUDA driver library (libcuda) "
        "have different versions: a driver upgrade whose kernel module is not loaded yet (a "
        "reboot fixes it), or, in a container, the image's own forward-compatibility libcuda "
        "(/usr/local/cuda/compat) that the host driver does not fit (a reboot does not help; "
        "knowledge row platform_facts:container-libcuda-newer-than-host)",
        ("cat /proc/driver/nvidia/version; nvidia-smi   # the loaded kernel module's version",
         "# after a driver upgrade: reboot (loads the new kernel module)",
         "# in a container: ls /usr/local/cuda/compat; echo $LD_LIBRARY_PATH   # an image's "
         "own libcuda: drop compat from the library path or use an image whose CUDA the host "
         "driver supports"),
    ),
    # checked on other threads: a libcuda newer than the loaded kernel module on a
    # GPU without forward-compatibility support; two ways to get there: a cuda-compat copy on
    # the library path (a container image's or a conda one: AIR-DISCOVER/ICRA2024-Sim2Real-
    # AXS#5, oobabooga/textgen#4407, gpustack/gpustack#1254: fixed by a newer host driver),
    # or a driver upgrade whose kernel module is not loaded yet (pytorch/pytorch#40671 after
    # an Ubuntu update, rapidsai/cusignal#398 and SYSTRAN/faster-whisper#653: a reboot)
    "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE": (
        "version-mismatch",
        "the CUDA driver library (libcuda) is newer than the loaded kernel module, which only "
        "data-centre GPUs support (forward compatibility). Two ways this happens: a CUDA "
        "forward-compatibility copy (cuda-compat: a container image's /usr/local/cuda/compat, "
        "a conda cuda-compat) is on the library path while the host driver is older than the "
        "image's CUDA, or the driver was upgraded and its new kernel module is not loaded yet "
        "(a reboot fixes it). The first two commands below tell them apart",
        ("cat /proc/driver/nvidia/version; nvidia-smi   # the loaded kernel module's version; "
         "nvidia-smi failing with 'Driver/library version mismatch' means reboot",
         "ls /usr/local/cuda/compat; echo $LD_LIBRARY_PATH   # a compat copy in use: remove it "
         "from the library path, or install a host driver that supports the image's CUDA",
         "# after a driver upgrade: sudo reboot (loads the installed driver's kernel module)"),
    ),
    # the stub answers when the loader finds it before any driver libcuda.so.1: a stubs
    # folder ahead of the driver's on the path, or no driver library at all (TensorFlow's GPU
    # images register the stub so that they start without a driver: platform fact
    # gpu-image-stub-libcuda); with cuda_diagnostics' no-driver lines _stub_without_driver
    "CUDA_ERROR_STUB_LIBRARY": (
        "gpu-not-visible",
        "the libcuda.so.1 this process loaded is CUDA's stub (a toolkit's lib64/stubs folder), "
        "not the NVIDIA driver's: either a stubs folder is on the loader's path "
        "(LD_LIBRARY_PATH, /etc/ld.so.conf.d) ahead of the driver's libcuda, or there is no "
        "driver libcuda to find at all: no NVIDIA driver on this machine, or a container "
        "started without GPU access (TensorFlow's GPU images put the stub on the loader's path "
        "so that they start without a driver; knowledge row "
        "platform_facts:gpu-image-stub-libcuda)",
        ("ldconfig -p | grep libcuda.so.1; echo $LD_LIBRARY_PATH   # a .../stubs/libcuda.so.1 "
         "found before the driver's: remove the stubs folder from LD_LIBRARY_PATH (or from "
         "/etc/ld.so.conf.d, then run ldconfig)",
         "cat /proc/driver/nvidia/version; nvidia-smi   # missing: no NVIDIA driver is loaded "
         "on this machine (expected without an NVIDIA GPU)",
         "# in a container: start it with GPU access (docker run --gpus all ...; Kubernetes: "
         "request nvidia.com/gpu in the container's resources)"),
    ),
    # checked on other threads: exclusive-process mode held by another process
    # (NVIDIA/DIGITS#2005, cBio/cbio-cluster#144), an unlicensed vGPU (Azure/AKS#4869,
    # DDMAL/Rodan#1332), a badly installed driver (AUTOMATIC1111/stable-diffusion-webui#2986)
    "CUDA_ERROR_DEVICE_UNAVAILABLE": (
        "gpu-not-visible",
        "the GPU is busy or unavailable. Causes in reports: exclusive-process (or prohibited) "
        "compute mode with another process holding the GPU; on a virtual machine with an "
        "NVIDIA vGPU, a missing or lapsed vGPU licence (nvidia-smi still lists the GPU); a "
        "driver that is badly installed or in a bad state (reinstall it, or reboot). The "
        "commands below tell them apart",
        (
            "nvidia-smi --query-gpu=compute_mode --format=csv",
            "nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv",
            "nvidia-smi -q | grep -i -A2 licen   # on a vGPU virtual machine: the licence state",
        ),
    ),
    # the nvidia-uvm module / /dev/nvidia-uvm node not set up is the cause of the
    # threads tensorflow/tensorflow#394, #32623 (works after one root run; hybrid graphics):
    # CUDA needs /dev/nvidia-uvm, which nvidia-modprobe (setuid root, run by the driver's
    # user-space components, nvidia-modprobe(1)) or a root process creates
    "CUDA_ERROR_UNKNOWN": (
        "gpu-not-visible",
        "the driver reported an unknown error. Known causes: the nvidia-uvm kernel module or its "
        "/dev/nvidia-uvm device node is not set up (CUDA then works only after a root process "
        "created it, e.g. after one sudo run; common with hybrid graphics such as Bumblebee, or "
        "a missing or mismatched nvidia-modprobe), a driver in a bad state after suspend, or a "
        "broken WSL2 GPU passthrough",
        ("ls -l /dev/nvidia-uvm; lsmod | grep nvidia_uvm   # missing: the UVM module or node "
         "is not set up",
         "sudo modprobe nvidia-uvm && sudo nvidia-modprobe -u -c=0   # load it and create "
         "/dev/nvidia-uvm (install the nvidia-modprobe of this driver to have it done at boot)",
         "nvidia-smi",
         "# after suspend/resume: sudo rmmod nvidia_uvm && sudo modprobe nvidia_uvm, or reboot"),
    ),
}


#: cuInit errors that restate a fault another pattern's finding already reports (that
#: finding quotes the cuInit line too), so only one finding is given.
_CUINIT_REPORTED_BY: dict[str, str] = {
    "CUDA_ERROR_INSUFFICIENT_DRIVER": "driver.insufficient",
    "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH": "driver.mismatch",
}


def libcuda_absent_lines(ctx: Facts) -> list[Hit]:
    """cuda_diagnostics.cc's "libcuda reported version is: NOT_FOUND: was unable to find
    libcuda.so DSO loaded into this program" (``driver.libcuda_not_found``; the status alone,
    ``driver.libcuda_not_in_process``): no libcuda was in the process at all."""
    return sorted([*ctx.h("driver.libcuda_not_found").all(),
                   *ctx.h("driver.libcuda_not_in_process").all()], key=lambda h: h.line)


#: What to run when the kernel module is loaded and no libcuda was in the process: the
#: driver's compute library package is missing. Its package per distribution: Ubuntu/Debian
#: libnvidia-compute-<branch> (canonical/nvidia-graphics-drivers; Ubuntu 16.04's was
#: libcuda1-<branch>, NVIDIA/nvidia-docker#539), Red Hat's nvidia-driver-cuda-libs
#: (openSUSE/nvidia-driver-G06#28 lists the Red Hat split), Arch's nvidia-utils
#: (M0Rf30/PKGBUILD#67); review newuser49 #11 (nvidia-utils-535-server without
#: libnvidia-compute-535-server)
LIBCUDA_ABSENT_FIX = (
    "ldconfig -p | grep libcuda   # empty: no libcuda.so.1 in the loader cache",
    "cat /proc/driver/nvidia/version   # the kernel module's branch (e.g. 535)",
    "dpkg -l | grep -E 'libnvidia-compute|nvidia-driver'   # Ubuntu/Debian: libcuda.so.1 comes "
    "in libnvidia-compute-<branch> (libcuda1-<branch> on Ubuntu 16.04)",
    "sudo apt install libnvidia-compute-<branch>   # the kernel module's branch and flavour "
    "(e.g. libnvidia-compute-535-server beside nvidia-utils-535-server), or the whole "
    "nvidia-driver-<branch> / nvidia-headless-<branch> package",
    "# Red Hat family: the driver's nvidia-driver-cuda-libs package; Arch: nvidia-utils; "
    "a .run install: rerun NVIDIA's installer",
)


def rule_cuinit(ctx: Facts) -> list[Finding]:
    """``failed call to cuInit: CUDA_ERROR_...`` or ``UNKNOWN ERROR (303)``."""
    hits = ctx.h("cuinit")
    out: list[Finding] = []
    done: set[str] = set()
    for hit in hits.all():
        name = hit.g("name")
        code = hit.g("code")
        if name is None and code is not None:
            row = ctx.kb.cuda_error(int(code))
            name = row.name if row is not None else None
            if (name is None and f"code {code}" not in done and not ctx.host_gpu_works
                    and not ctx.h("cuda.cuinit_unnamed").count):
                # (TF 1.x's "CUresult(N)" spelling: driver_from_log.py's cuinit_unnamed_code
                # gives this one finding, variant curesult-spelling)
                # a code outside CUDA's CUresult list (TF 1.x "CUresult(-1)",
                # TF 2.0-2.3 "UNKNOWN ERROR (-1)"): still no GPU for this process
                done.add(f"code {code}")
                out.append(_cuinit_unlisted(ctx, hit, code))
                continue
        if name is None or name in done:
            continue
        done.add(name)
        if name == "CUDA_ERROR_OUT_OF_MEMORY":
            continue
        if ctx.host_gpu_works:
            # host facts win; the driver answers now and TensorFlow
            # listed the GPU, so this line is from an earlier run: context, not an error
            out.append(_cuinit(
                name, variant="stale",
                num=code or str(getattr(ctx.kb.cuda_error_named(name), "code", "?")),
                evidence=log_evidence([hit]) + tuple(_stale_evidence(ctx))))
            continue
        if ctx.wsl1:
            continue  # wsl1-has-no-gpu says why (WSL1 has no GPU at all)
        if (name == "CUDA_ERROR_SHARED_OBJECT_INIT_FAILED"
                and (ctx.nix_named or own_glibc_python(ctx) is not None)
                and ctx.libcuda_hits() and not ctx.in_container):
            # (a Linuxbrew Python likewise: library-not-loaded-{library} variant own-loader,
            # checks/driver_files.py; review newuser49 #2)
            # a Nix-built TensorFlow without libcuda.so.1: 303 is cuda_stub.cc's answer to the
            # library it did not find, which library-not-loaded-{library} (variant nix,
            # checks/driver_files.py) quotes; "no NVIDIA driver here" would contradict it
            continue
        if name == "CUDA_ERROR_NOT_FOUND" and not (ctx.host is not None and not ctx.wsl):
            out.append(_cuinit_not_found(ctx, hit))
            continue
        if (name == "CUDA_ERROR_SHARED_OBJECT_INIT_FAILED" and ctx.has_nvidia_gpu is None
                and not ctx.gpu_expected and not ctx.driver_known
                and not ctx.any_cuda_versions and not ctx.wsl
                and not ctx.h("cuda.drivers").count and not ctx.h("diag.no_device_node").count
                and not ctx.h("diag.kernel_not_running").count and not _cuda_libs_missing(ctx)):
            # 303 alone: nothing shows an NVIDIA GPU, driver or CUDA set-up (a CPU node
            # running a GPU build; TensorFlow logs this code as the no-driver case)
            out.append(_cuinit(
                name, variant="unknown-host", num=code or "303",
                evidence=log_evidence([hit]),
                fix=("nvidia-smi   # only if this host has an NVIDIA GPU",)))
            continue
        no_driver = _no_driver_lines(ctx)
        if (name == "CUDA_ERROR_SHARED_OBJECT_INIT_FAILED" and no_driver
                and not ctx.h("diag.kernel_not_running").count and not ctx.host_gpu_works):
            # only "no NVIDIA GPU device is present: /dev/nvidia0 does not exist": that line
            # comes after cuda_diagnostics found /proc/driver/nvidia/version, so the kernel
            # module IS loaded; docker-run-without-gpus (checks/containers.py) reports the
            # missing device node, of which this 303 is the consequence
            continue
        if (name == "CUDA_ERROR_SHARED_OBJECT_INIT_FAILED" and no_driver
                and ctx.has_nvidia_gpu is None and not ctx.gpu_expected and not ctx.wsl
                and not ctx.h("driver.libcuda").count and not ctx.h("driver.kernel").count):
            # TF <= 2.13's usual lines on a host without an NVIDIA GPU: cuInit 303, then
            # cuda_diagnostics finding no kernel driver; nothing shows a GPU either way: the
            # warning that holds both ways (as for a missing CUDA runtime, libraries.py)
            out.append(_cuinit(
                name, variant="no-driver-shown", num=code or "303",
                line=no_driver[0].line, said=_message_part(no_driver[0].text),
                libcuda="libcuda could not start", stub="",
                evidence=log_evidence([hit], no_driver),
                fix=("nvidia-smi   # lists no NVIDIA GPU (or is not installed): nothing to "
                     "fix, TensorFlow runs on the CPU; lists one: the lines below apply",
                     "lsmod | grep nvidia   # empty: the NVIDIA kernel module is not loaded "
                     "(sudo modprobe nvidia, or reinstall the driver for this kernel)",
                     _CONTAINER_GPU_FIX,
                     "tfgpu doctor   # checks the driver on the host itself")))
            continue
        if (name == "CUDA_ERROR_STUB_LIBRARY" and no_driver and not ctx.wsl
                and ctx.has_nvidia_gpu is not False):
            no_driver_stub = _stub_without_driver(ctx, hit, no_driver, code)
            if no_driver_stub is not None:
                out.append(no_driver_stub)
            continue
        if name == "CUDA_ERROR_SHARED_OBJECT_INIT_FAILED" and driver_library_not_shown(ctx):
            # the driver library did not load and nothing shows a GPU either way: 303 is
            # cuda_stub.cc's answer without it, which library-not-loaded-{library} (variant
            # driver-gpu-not-shown, a conditional warning) quotes as its consequence
            continue
        if (name == "CUDA_ERROR_NO_DEVICE" and ctx.h("diag.kernel_not_running").count
                and _bare_host_without_module(ctx)):
            # a real libcuda answered (a stub answers 34 or 303) and no kernel module runs:
            # the driver's user-space part is installed, its module is not loaded
            diag = ctx.h("diag.kernel_not_running").first[0]
            shown = ctx.has_nvidia_gpu or ctx.gpu_expected
            out.append(catalogue.make(
                "nvidia-driver-not-loaded", variant="cuinit-no-module",
                severity=E if shown else W, line=hit.line, diag=diag.line,
                evidence=log_evidence([hit], [diag])))
            continue
        restated = _CUINIT_REPORTED_BY.get(name)
        if restated is not None and ctx.h(restated).count:
            continue  # that pattern's finding reports this fault, with this line as evidence
        forked = forked_after_gpu(ctx, hit) if name == "CUDA_ERROR_NOT_INITIALIZED" else None
        if forked is not None and runtime_failed_in_fork(ctx):
            continue  # cuda-runtime-init-failed (variant forked) quotes this line as well
        cat, why, fix = _CUINIT_HELP.get(
            name, ("gpu-not-visible", _code_meaning(ctx, name), ("nvidia-smi",))
        )
        if forked is not None:
            # not a follow-on of an earlier cuInit failure: the child of a fork cannot use
            # the CUDA its parent initialised (tensorflow/tensorflow#57877)
            why = ("CUDA is not initialised in this process, and no earlier cuInit failure "
                   "shows." + fork_words(*forked)).rstrip(".")
            fix = FORK_NEXT
        if name == "CUDA_ERROR_UNSUPPORTED_PTX_VERSION":
            floor = _ptx_driver_floor(ctx)  # the log's driver version says how old
            if floor is not None:
                why, fix = floor
        fix = c.show_env_lines(ctx, fix)  # echo $VAR cannot tell unset from empty
        named = ctx.kb.cuda_error_named(name)
        num = code or (str(named.code) if named is not None else None)
        num = num or "code not in tfgpu's CUresult table"
        libcuda_v = ctx.h("driver.libcuda").last
        kernel_v = ctx.h("driver.kernel").last
        sev_override: Severity | None = None
        evidence_extra: list[Hit] = []
        versions = {_driver_tuple(h.g("v")) for n in ("driver.libcuda", "driver.kernel")
                    for h in ctx.h(n).all()}
        if (name == "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE" and libcuda_v and kernel_v
                and len(versions) == 1 and None not in versions):
            # every libcuda and kernel line of the log gives one version
            # cuda_diagnostics reads the loaded libcuda's version from its file name: equal
            # to the kernel module's, it is the running driver's own library, so neither a
            # pending reboot nor a cuda-compat copy shows in these lines
            v = kernel_v.g("v")
            why = (f"{why}. But this log's libcuda and kernel module both report {v} (lines "
                   f"{libcuda_v.line} and {kernel_v.line}): the libcuda that cuda_diagnostics "
                   "found is the running driver's own, so neither a newer driver waiting for "
                   "a reboot nor a compat copy shows here; those lines may come from another "
                   "process than the one that failed (a container, a job on another node)")
            fix = tuple(f for f in fix if "sudo reboot" not in f)
        if name == "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE":
            fix = compat_fix_for_old_gpu(ctx, fix)  # a Kepler GPU: no newer driver exists
        if (name == "CUDA_ERROR_SHARED_OBJECT_INIT_FAILED" and not libcuda_v
                and (kernel_v or ctx.has_nvidia_gpu or ctx.driver_known)
                and driver_library_failed_to_load(ctx)):
            # the kernel module's version (or nvidia-smi's table, a driver version) is in
            # the log, but libcuda itself never loaded: 303 is cuda_stub.cc's answer without
            # it, neither a mismatched libcuda nor "no kernel driver"; the library's own
            # finding (library-not-loaded-libcuda-so-1: its user-space library missing or off
            # the loader's path) says why (review newuser49 #2)
            continue
        if name == "CUDA_ERROR_SHARED_OBJECT_INIT_FAILED" and (libcuda_v or kernel_v):
            lv = libcuda_v.g("v") if libcuda_v else None
            kv = kernel_v.g("v") if kernel_v else None
            cat = "version-mismatch"
            sev_override = E
            if lv and kv:
                why = (
                    f"the kernel driver is loaded (kernel reported version {kv}) and libcuda "
                    f"reports {lv}, yet libcuda failed to initialise: the libcuda this process "
                    "loaded does not belong to the running driver or cannot talk to it (a "
                    "container's or WSL's libcuda, or a stale libcuda.so on LD_LIBRARY_PATH)"
                    + ("; the two versions differ" if lv != kv else "")
                )
            elif kv and (absent := libcuda_absent_lines(ctx)):
                # cuda_diagnostics.cc's "libcuda reported version is: NOT_FOUND: was unable
                # to find libcuda.so DSO loaded into this program": no libcuda in the process
                # at all, so 303 is cuda_stub.cc's answer without it, not a mismatched copy
                # (review newuser49 #11)
                why = (
                    f"the kernel module is loaded (kernel reported version {kv}), but no "
                    f"libcuda was loaded into this process (line {absent[0].line}: 'was "
                    "unable to find libcuda.so DSO loaded into this program'), and 303 is "
                    "TensorFlow's stub answering without it: the driver's user-space compute "
                    "library (libcuda.so.1) is not installed or not on the loader's path"
                )
                evidence_extra = absent[:1]
                cat = "gpu-not-visible"
            else:
                why = (
                    f"the log reports a driver version ({kv or lv}), so a driver is installed, "
                    "but libcuda failed to initialise: a user-space libcuda that does not "
                    "match the kernel driver (container/WSL libcuda, stale copy on "
                    "LD_LIBRARY_PATH)"
                )
            fix = LIBCUDA_ABSENT_FIX if evidence_extra else (
                "ldconfig -p | grep libcuda; echo $LD_LIBRARY_PATH   # which libcuda is "
                "found first",
                "cat /proc/driver/nvidia/version   # the kernel driver version",
                "remove the stale libcuda folder from LD_LIBRARY_PATH (a toolkit's "
                "lib64/stubs or compat folder, a copied libcuda.so)",
                "in a container: docker run --gpus all ... (the NVIDIA Container Toolkit "
                "mounts the host's matching libcuda); in WSL2 use /usr/lib/wsl/lib only",
            )
        stub = ctx.h("cuda.drivers").first
        if (
            name == "CUDA_ERROR_SHARED_OBJECT_INIT_FAILED"
            and ctx.has_nvidia_gpu is None
            and not (libcuda_v or kernel_v)
            and stub
            and stub[0].line < hit.line
        ):
            # TensorFlow's cudart stub found no libcuda at all ("Could not find cuda
            # drivers"), and nothing in the log shows a GPU or a driver: cuInit's 303 is the
            # stub's own follow-up on a host with no NVIDIA driver, not a second fault.
            out.append(
                _cuinit(
                    name,
                    variant="after-stub",
                    num=num,
                    line=stub[0].line,
                    category=cat,
                    evidence=log_evidence([stub[0], hit]),
                    fix=("tfgpu doctor   # only if this host has an NVIDIA GPU",),
                )
            )
            continue
        no_gpu = ctx.has_nvidia_gpu is False
        if no_gpu and name in ("CUDA_ERROR_NO_DEVICE", "CUDA_ERROR_SHARED_OBJECT_INIT_FAILED",
                               "CUDA_ERROR_STUB_LIBRARY"):
            out.append(
                _cuinit(
                    name,
                    variant="no-gpu",
                    num=num,
                    why=why,
                    category=cat,
                    evidence=log_evidence([hit]),
                )
            )
            continue
        other = other_gpu_only(ctx)
        if other is not None:
            # the report names only an Intel/AMD GPU (tensorflow/tensorflow#27830: Windows
            # 10, "the GPU is Intel (R) UHD Graphics 620"): CUDA has no device to start
            gpu = other.need("gpu")
            model = re.match(r".*?(?:Graphics|Radeon)(?: [\w-]{1,12}(?<![,.]))?", gpu)
            out.append(_cuinit(
                name, variant="other-gpu-named", num=num,
                gpu=(model.group(0) if model else gpu.split(",")[0]).strip(),
                evidence=log_evidence([hit, other]),
                fix=("nvidia-smi   # only if this machine also has an NVIDIA GPU (a laptop's "
                     "second GPU): then its driver is the fault",)))
            continue
        prime = prime_integrated(ctx, hit, name, num)  # a laptop set to its integrated GPU
        if prime is not None:
            out.append(prime)
            continue
        listed = None if ctx.wsl else listed_gpu_why(ctx, why)
        if listed is not None:  # an NVIDIA GPU in lspci: not "none is installed"
            why, fix = listed[0], (*fix, *listed[1])
        if ctx.wsl and name in ("CUDA_ERROR_NO_DEVICE", "CUDA_ERROR_UNKNOWN"):
            cat = "wsl2"
            why += "; in WSL2 this usually follows a Windows or Windows-driver update"
            fix = (
                "nvidia-smi   # inside WSL",
                "wsl --shutdown   # from Windows, then reopen",
                "wsl --update",
                "reinstall the Windows NVIDIA driver (never a Linux driver inside WSL)",
            )
        if ctx.wsl and name == "CUDA_ERROR_STUB_LIBRARY":
            # WSL2 has no /proc/driver/nvidia: the driver's libcuda is the Windows driver's,
            # mapped into /usr/lib/wsl/lib (NVIDIA's CUDA on WSL guide), and a stub found
            # first (a toolkit's stubs folder, a container image's) answers instead
            cat = "wsl2"
            why += ("; under WSL2 the driver's libcuda.so.1 is the Windows driver's, in "
                    "/usr/lib/wsl/lib, which must come before any stubs folder")
            fix = (
                "ldconfig -p | grep libcuda.so.1; echo $LD_LIBRARY_PATH   # "
                "/usr/lib/wsl/lib/libcuda.so.1 must be found first, not a .../stubs folder",
                "ls -l /usr/lib/wsl/lib/libcuda.so.1   # missing: install or update the Windows "
                "NVIDIA driver (never a Linux driver inside WSL), then wsl --shutdown",
            )
        # one severity per fault whatever the source (findings.toml
        # row cuinit-{error}): a cuInit failure is an error -- no GPU for this process --
        # unless the facts make it harmless (the variants above) or stale (host facts win).
        out.append(
            _cuinit(
                name,
                num=num,
                category=cat,
                evidence=log_evidence([hit], [x for x in (libcuda_v, kernel_v) if x is not None],
                                      evidence_extra),
                cause=f"cuInit returned {name} = {num}: {why}."
                + (
                    ""
                    if ctx.has_nvidia_gpu or sev_override or kernel_v is not None
                    or (name == "CUDA_ERROR_STUB_LIBRARY" and ctx.driver_known)
                    else " If this host has no NVIDIA GPU, this is expected."
                ),
                fix=fix,
                doc="cuda-wsl-guide" if cat == "wsl2" else None,
            )
        )
    return out


def _cuinit_unlisted(ctx: Facts, hit: Hit, code: str) -> Finding:
    """``cuInit`` returned ``code``, a value that is no ``CUresult`` of the CUDA driver API
    (``status_codes.toml`` has none with it): TensorFlow's ``ToString(CUresult)`` printed it
    as ``CUresult(-1)`` (TF 1.x: the ``default:`` branch of its switch) or ``UNKNOWN ERROR
    (-1)`` (TF 2.0+: ``cuGetErrorName`` knows no such code), both in
    ``tensorflow/stream_executor/cuda/cuda_driver.cc``.  A missing libcuda gives 303 instead
    (``cuda_stub.cc`` ``GetSymbolNotFoundError``), so a libcuda *was* loaded and answered
    with a non-CUDA code: a stub or foreign libcuda, or one with no GPU behind it (a
    ``docker build`` step).  The log cannot tell which: the finding names all three."""
    libcuda = ctx.h("driver.libcuda").last
    return catalogue.make(
        "cuinit-unlisted-code", num=code,
        evidence=log_evidence([hit], [libcuda] if libcuda is not None else []),
        fix=(
            "ldconfig -p | grep libcuda; echo $LD_LIBRARY_PATH   # a .../stubs/libcuda.so "
            "found before the driver's is the toolkit's link-time stub",
            "remove the CUDA toolkit's lib64/stubs folder from LD_LIBRARY_PATH and "
            "/etc/ld.so.conf.d (it is for linking only), then run ldconfig",
            "in Docker: run GPU code in `docker run --gpus all ...`, not in a `docker build` "
            "RUN step (no GPU is reachable while an image builds)",
            "nvidia-smi   # on the machine that ran the log: is a GPU and driver there?",
        ),
    )


def _cuinit(name: str, **fields: Any) -> Finding:
    """The ``cuinit-{error}`` finding of the CUresult ``name`` (``CUDA_ERROR_NO_DEVICE``:
    error ``no-device``); ``fields`` go to :func:`catalogue.make` as they are."""
    return catalogue.make("cuinit-{error}", error=slug(name.replace("CUDA_ERROR_", "")),
                          name=name, **fields)


#: The fix line for a container or Kubernetes pod that ran where no NVIDIA driver serves it.
_CONTAINER_GPU_FIX = (
    "# in a container or Kubernetes pod meant to use a GPU: run it on a machine whose NVIDIA "
    "driver works, with GPU access (docker run --gpus all ...; in Kubernetes request it in the "
    "container's resources, limits: nvidia.com/gpu: 1, so that the pod is scheduled on a GPU "
    "node: kubectl describe nodes | grep nvidia.com/gpu lists the nodes that have one)"
)


def _stub_without_driver(ctx: Facts, hit: Hit, no_driver: list[Hit],
                         code: str | None) -> Finding | None:
    """cuInit's ``CUDA_ERROR_STUB_LIBRARY`` (34; TF 2.x prints ``UNKNOWN ERROR (34)`` when
    the stub cannot name the code) beside cuda_diagnostics' lines that no NVIDIA driver
    serves the process (:func:`_no_driver_lines`), or ``None`` when another finding says it.

    The stub answered because the loader found no driver ``libcuda.so.1`` before it:
    TensorFlow's GPU images register CUDA's stub folder with the loader so that they start
    without a driver (platform fact ``gpu-image-stub-libcuda``, from TensorFlow's
    ``tools/dockerfiles`` gpu.Dockerfile; CUDA_ERROR_STUB_LIBRARY: ``cuda.h``).

    * "kernel driver does not appear to be running on this host" (no
      ``/proc/driver/nvidia/version``): no NVIDIA kernel driver on the machine, so no driver
      library to find instead; nothing shows a GPU either way: the warning variant
      ``no-driver-shown`` (expected without a GPU; otherwise the driver is not loaded, or a
      container or pod ran on a machine without one). An NVIDIA GPU in the log or the facts,
      a driver version, or a run meant to use a GPU: the error of the same reading.
    * only "no NVIDIA GPU device is present: /dev/nvidia0 does not exist" (printed after
      ``/proc/driver/nvidia/version`` was found, so the module is loaded): the process has no
      device node, a container started without GPU access, whose image's stub answered;
      ``docker-run-without-gpus`` (checks/containers.py) reports it with this line: ``None``.
    """
    if not ctx.h("diag.kernel_not_running").count:
        return None
    fact = ctx.kb.platform_fact("gpu-image-stub-libcuda")
    libcuda = (
        "the libcuda.so.1 this process loaded is CUDA's stub, not a driver's: TensorFlow's GPU "
        f"container images put it on the loader's path ({fact.value('stubs_folder')}) so that they "
        f"start without a driver (knowledge row {fact.ref})"
    )
    stub = (" Taking the stubs folder off the loader's path does not help here: there is no "
            "driver library to find instead.")
    fix = ("cat /proc/driver/nvidia/version; nvidia-smi   # on the machine (or Kubernetes node) "
           "that ran this: missing, no NVIDIA driver is loaded there; with no NVIDIA GPU "
           "nothing needs fixing, TensorFlow runs on the CPU",
           _CONTAINER_GPU_FIX,
           "# not a container, with an NVIDIA GPU: install or load its driver (lsmod | grep "
           "nvidia; sudo modprobe nvidia, or reinstall the driver for this kernel), then "
           "nvidia-smi must print the GPU table")
    name, num = "CUDA_ERROR_STUB_LIBRARY", code or "34"
    line, said = no_driver[0].line, _message_part(no_driver[0].text)
    evidence = log_evidence([hit], no_driver)
    if ctx.has_nvidia_gpu or ctx.gpu_expected or ctx.driver_known:
        # a GPU or driver is shown (or the run was meant to use one): no "expected" reading
        return _cuinit(
            name, num=num, evidence=evidence, fix=fix[1:] + fix[:1], knowledge_ref=fact.ref,
            cause=(f"cuInit returned {name} = {num}: {libcuda}, and TensorFlow's diagnostics "
                   f"say why (line {line}: \"{said}\"): no NVIDIA kernel driver serves this "
                   "process, so it has no GPU. A GPU or driver is expected here (the log or "
                   "the host facts show one, or the run is meant to use it), so the NVIDIA "
                   "kernel module is not loaded on the machine that ran this (after a kernel "
                   "or driver update without a reboot, or Secure Boot refusing the module), "
                   "or a container or pod ran on a machine without one." + stub))
    return _cuinit(
        name, variant="no-driver-shown", num=num, line=line, said=said,
        libcuda=libcuda, stub=stub, evidence=evidence, fix=fix, knowledge_ref=fact.ref)


#: Host names cuda_diagnostics prints that are no bare Linux machine: a container's (Docker
#: names it by 12 hex digits of its id: Colab, a docker run), Windows' default machine names
#: (DESKTOP-/LAPTOP-XXXXXXX, which a WSL2 distribution takes) and a Kubernetes pod's
#: (<deployment>-<replicaset hash>-<5 characters>, <job>-<5 characters>).
_NOT_BARE_HOST = re.compile(r"^[0-9a-f]{12}$|^(?:DESKTOP|LAPTOP)-[A-Z0-9]{4,}$"
                            r"|-[a-z0-9]{8,10}-[a-z0-9]{5}$|^[a-z0-9-]+-(?=[a-z0-9]*\d)[a-z0-9]{5}$")
_DIAG_HOST = re.compile(r"running on this host \(([^()\s]{1,80})\)")


def _bare_host_without_module(ctx: Facts) -> bool:
    """Whether cuInit's NO_DEVICE beside "kernel driver does not appear to be running"
    shows a bare Linux machine whose NVIDIA kernel module is not running: not WSL2 (no such
    module there by design), no container or pod (their host names, prompts, docker run
    lines), no CUDA_VISIBLE_DEVICES set in the log (which explains NO_DEVICE by itself), and
    the libcuda that answered was found (cuda_diagnostics' "was unable to find libcuda.so"
    says the answer came from elsewhere)."""
    if ctx.wsl or ctx.in_container or ctx.h("ctx.cvd_set").count \
            or ctx.h("driver.libcuda_not_found").count:
        return False
    if any(ctx.h(n).count for n in ("ctx.container_prompt", "container.hostname",
                                    "docker.run_cmd", "eco.docker_run")):
        return False
    for h in ctx.h("diag.kernel_not_running").all():
        host = _DIAG_HOST.search(h.text)
        if host is not None and _NOT_BARE_HOST.search(host.group(1)):
            return False
    return True


def _no_driver_lines(ctx: Facts) -> list[Hit]:
    """TensorFlow's cuda_diagnostics.cc lines that no NVIDIA GPU serves this process, first
    of each: "kernel driver does not appear to be running on this host"
    (``/proc/driver/nvidia/version``, which the loaded NVIDIA module creates, is absent: a host
    without an NVIDIA GPU, or one whose driver is not installed or not loaded, which the line
    does not tell apart) and "no NVIDIA GPU device is present: /dev/nvidia0 does not exist"
    (the device node; cuda_diagnostics.cc checks it only after finding
    ``/proc/driver/nvidia/version``, so the module is loaded and the node is missing in this
    process: a container without GPU access, or device files never created)."""
    return sorted((h for name in ("diag.kernel_not_running", "diag.no_device_node")
                   for h in ctx.h(name).first[:1]), key=lambda h: h.line)


def _cuda_libs_missing(ctx: Facts) -> bool:
    """The log shows a CUDA/cuDNN library (not the driver's libcuda) failing to load."""
    return any(not (lib.startswith(("libcuda.", "nvcuda"))) for lib in ctx.h("lib.missing").by_key)


def _rules_out_wsl555(version: str, first: str, from_smi: bool) -> bool:
    """Whether the driver version the log shows rules out WSL2's 555+ container case: below
    ``first`` (555), or nvidia-smi's "Driver Version" in the native Linux driver's three-part
    form (550.54.14): under WSL2 nvidia-smi prints the Windows driver's two-part form there
    ("NVIDIA-SMI 555.52.01  Driver Version: 555.99", NVIDIA/nvidia-container-toolkit#520's
    era).  Review 49b item 9."""
    parts = version.split(".")
    return (from_smi and len(parts) >= 3) or (parts[0].isdigit() and int(parts[0]) < int(first))


def _cuinit_not_found(ctx: Facts, hit: Hit) -> Finding:
    """``cuInit`` returned ``CUDA_ERROR_NOT_FOUND`` (500, "named symbol not found"): under
    WSL2 a container whose toolkit does not map the library Windows drivers 555+ added
    (``platform_facts:wsl2-container-libnvdxgdmal``, NVIDIA/nvidia-container-toolkit#520)."""
    fact = ctx.kb.platform_fact("wsl2-container-libnvdxgdmal")
    fixed = " / ".join(fact.items("toolkit_fixed"))
    smi = ctx.h("smi.driver").last
    shown = ((smi.g("v") or "", smi) if smi is not None and smi.g("v") else ctx.log_driver())
    if shown is not None and _rules_out_wsl555(shown[0], fact.value("driver_first"),
                                               shown[1] is smi):
        # review 49b item 9: the driver the log shows cannot be the WSL2 555+ case
        return catalogue.make(
            "wsl2-container-cuinit-not-found", variant="native-driver", severity=W,
            driver=shown[0], driver_line=str(shown[1].line),
            driver_first=fact.value("driver_first"),
            evidence=log_evidence([hit], [shown[1]]),
            fix=("ldconfig -p | grep libcuda.so.1; cat /proc/driver/nvidia/version   # every "
                 "libcuda.so.1 the loader can find, against the running kernel module's "
                 "version",
                 "# a libcuda.so.1 of another driver release first on the loader path (a copy "
                 "in LD_LIBRARY_PATH, a half-finished driver upgrade): "
                 "remove it, or reinstall the driver so its libraries and the module are one "
                 "release (then reboot)"))
    where = ("" if ctx.wsl else
             "; the log does not say this is WSL2: elsewhere it means the libcuda this process "
             "loaded is older than, or foreign to, the running driver")
    return catalogue.make(
        "wsl2-container-cuinit-not-found",
        severity=E if ctx.wsl else W,
        driver_first=fact.value("driver_first"), library=fact.value("library"),
        toolkit_fixed=fixed, docker_desktop=fact.value("docker_desktop_fixed"), where=where,
        ref=fact.ref,
        evidence=log_evidence([hit]),
        fix=(f"# Docker Desktop: update to {fact.value('docker_desktop_fixed')} or newer",
             f"# Docker inside WSL2: update nvidia-container-toolkit to {fixed} or newer, then "
             "sudo nvidia-ctk runtime configure --runtime=docker && sudo systemctl restart docker",
             f"# or keep the Windows NVIDIA driver below {fact.value('driver_first')} until then",
             "docker run --rm --gpus all ubuntu nvidia-smi   # checks GPU access in a container"),
        knowledge_ref=fact.ref,
    )


def cuda_runtime_init(ctx: Facts) -> list[Finding]:
    """``CUDA runtime implicit initialization on GPU:N failed. Status: <text>``: ``<text>``
    is ``cudaGetErrorString`` of a ``cudaError_t``, looked up in ``status_codes.toml``
    (:meth:`tfgpu.knowledge.Knowledge.runtime_error_by_text`).  The insufficient-driver
    text is :func:`driver_too_old_for_cuda_log`'s."""
    hits = ctx.h("cuda.runtime_init")
    hit = hits.first[0] if hits.first else None
    if hit is None or ctx.h("driver.insufficient").count:
        return []
    text = (hit.g("text") or "").strip()
    row = ctx.kb.runtime_error_by_text(text)
    claim = code_claim(row, evidence=log_evidence(hits),
                       lead=f"The CUDA runtime could not start on the GPU: '{text}' is ")
    if claim is not None:
        return [claim]  # a code that names its fault whatever call returned it
    if row is None or row.maps_to != "cuda-runtime-init-failed":
        # another fault's code (no kernel image -> gpu-arch-not-in-build, out of memory...):
        # its own check reports it; an unknown text is left to the unrecognised-error pass
        return []
    forked = forked_after_gpu(ctx, hit) if row.name == FORKED_RUNTIME_ERROR else None
    if forked is not None:
        gpu = re.search(r"GPU:\d+", hit.text)
        return [forked_runtime_finding(
            ctx, hits, forked,
            call=f"CUDA runtime implicit initialization on {gpu.group(0) if gpu else 'GPU'}",
            text=text, name=row.name, code=str(row.code), meaning=row.meaning, ref=row.ref)]
    return [catalogue.make(
        "cuda-runtime-init-failed", text=text, name=row.name, code=str(row.code),
        meaning=row.meaning, ref=row.ref,
        evidence=log_evidence(hits),
        knowledge_ref=row.ref,
    )]


# --- a GPU kernel faulted (sticky CUDA errors) ----------------------------------------


def gpu_kernel_fault(ctx: Facts) -> list[Finding]:
    """A sticky CUDA error: a kernel faulted and the process's CUDA context is lost.

    The codes are those ``status_codes.toml`` maps to ``gpu-kernel-fault`` (from cuda.h
    ``enum CUresult`` and ``cudaError_t``: ILLEGAL_ADDRESS, ILLEGAL_INSTRUCTION,
    MISALIGNED_ADDRESS, LAUNCH_FAILED, ASSERT, ...), named by their enumerator
    (``CUDA_ERROR_ILLEGAL_ADDRESS``) or by their ``cudaGetErrorString`` text ("an illegal
    memory access was encountered").  Every later CUDA call fails the same way, so the first
    such line is the fault; the op that ran it is in the error that follows.
    """
    if not ctx.h("cuda.error").count and not ctx.h("cuda.fault_text").count:
        return []  # no CUDA error in the log: the status-code table is not read
    by_name = {r.name: r for r in ctx.kb.cuda_errors if r.maps_to == "gpu-kernel-fault"}
    found: list[tuple[Hit, CudaError]] = []
    for h in ctx.h("cuda.error").all():
        row = by_name.get(h.g("name") or "")
        if row is not None:
            found.append((h, row))
    for h in ctx.h("cuda.fault_text").all():
        text_row = ctx.kb.runtime_error_by_text(h.g("text") or "")
        if text_row is not None and text_row.maps_to == "gpu-kernel-fault":
            found.append((h, text_row))
    if not found:
        return []
    found.sort(key=lambda pair: pair[0].line)
    _, row = found[0]
    if ctx.windows and row.name in ("CUDA_ERROR_LAUNCH_FAILED", "cudaErrorLaunchFailure"):
        if ctx.h("cudnn.rnn_call").count:
            return []  # cudnn_rnn_call_failed reads the failed cuDNN RNN call
        rnn = rnn_in_log(ctx)
        if rnn:
            # an LSTM/GRU failing at random on Windows: the NVIDIA driver (findings.toml)
            return [windows_rnn_driver_finding(
                ctx, f"{row.name} ({row.code}) while an LSTM/GRU trained",
                [found[0][0], *rnn])]
    return [catalogue.make(
        "gpu-kernel-fault", name=row.name, code=str(row.code),
        evidence=log_evidence([h for h, _ in found], limit=3),
        cause=(f"{row.name} ({row.code}): {row.meaning} (knowledge row {row.ref})"),
        knowledge_ref=row.ref,
    )]


def cuda_context_of_other_library(ctx: Facts) -> list[Finding]:
    """Another CUDA user in the process (PyTorch, CuPy, PyCUDA, OpenCV) created a context,
    or activated the primary one with other flags, before TensorFlow (cuda_driver.cc);
    variant ``fatal`` when StreamExecutor's ``CurrentContext()`` aborted on a current context
    it did not create (``LOG(FATAL)``, every release from TF 0.x to XLA's stream executor)."""
    fatal = any(h.g("fatal") for h in ctx.h("cuda.foreign_context").all())
    return c.from_log(ctx, "cuda.foreign_context", lambda hits, _first: catalogue.make(
        "cuda-context-created-by-other-library", variant="fatal" if fatal else None,
        evidence=log_evidence(hits),
        fix=(("# restart the process (in a notebook, restart the kernel) and let TensorFlow "
              "create its GPU context before any other CUDA user, or run each framework in its "
              "own process",
              "# a custom op or extension: launch on the stream TensorFlow gives the op, not on "
              "a CUDA context or device of its own") if fatal else
             ("# import and initialise TensorFlow (e.g. tf.config.list_physical_devices('GPU')) "
             "before torch/cupy/pycuda/cv2 touch the GPU, or run each framework in its own "
             "process",
             c.unset_env(ctx, "TF_CUDA_PLATFORM_GPU_DEVICE_SCHEDULE")
             + "   # if set: the flags TensorFlow asks the primary context for")),
    ))


def _windows_cudart_fix(ctx: Facts) -> list[str]:
    _, last, keep, build = windows_gpu_last(ctx)
    return [
        "where.exe cudart64_*.dll",
        f"native Windows GPU support ends at TensorFlow {last}: use WSL2 for newer "
        f'releases, or pip install "{keep}"{c.numpy_cap_for(ctx.kb, last)} with {build} on PATH',
    ]


def rule_cuda_drivers(ctx: Facts) -> list[Finding]:
    """``Could not find cuda drivers on your machine, GPU will not be used``."""
    hits = ctx.h("cuda.drivers")
    if not hits.count or ctx.host_gpu_works:
        return []  # TensorFlow lists the GPU now: host facts win
    gpu = ctx.has_nvidia_gpu
    tf = ctx.tf_version
    # a CUDA toolkit in the host facts shows a GPU set-up even when no
    # GPU probe ran, so a toolkit of another major version than TensorFlow's is the cause then too
    if gpu or (gpu is None and ctx.cuda_versions):
        tested = ctx.kb.tested_gpu_build(tf, "windows" if ctx.windows else "linux")
        have = ctx.cuda_versions
        if tested and have and not any(v.split(".")[0] == tested[0].split(".")[0] for v in have):
            return [
                catalogue.make(
                    "tf-cuda-runtime-missing",
                    variant="cuda-major-missing",
                    tf=tf,
                    cuda=tested[0],
                    have=", ".join(have),
                    evidence=log_evidence(hits) + tuple(ctx.fact_evidence()),
                    cause=(
                        f"TensorFlow {tf} was built with CUDA {tested[0]} / cuDNN {tested[1]} and "
                        f"loads the CUDA {tested[0].split('.')[0]} runtime; "
                        f"only CUDA {', '.join(have)} "
                        "is installed, so the runtime stub prints this misleading 'could not find "
                        "cuda drivers'"
                        + (
                            f" (the NVIDIA driver {ctx.driver_version} itself is present)."
                            if ctx.driver_known
                            else "; the facts hold no driver data, so check the driver too."
                        )
                    ),
                    fix=(
                        f"install CUDA {tested[0]} + cuDNN {tested[1]} (or the pip nvidia-*-cu"
                        f"{tested[0].split('.')[0]} wheels) and put their lib folders on "
                        f"LD_LIBRARY_PATH",
                        "or upgrade: " + and_cuda_fix(ctx),
                        *(() if ctx.driver_known else ("nvidia-smi   # the driver version",)),
                    ),
                    knowledge_ref=tested.ref,
                )
            ]
    if gpu:
        gev = ctx.gpu_log_evidence()
        where = _gpu_lines_text(ctx, gev) if gev else "the host facts show an NVIDIA GPU"
        drv = ctx.driver_version
        fix_list = (
            _windows_cudart_fix(ctx)
            if ctx.windows
            else [
                and_cuda_fix(ctx),
                "ldconfig -p | grep -E 'libcuda|libcudart'   # the driver's libcuda and the "
                "CUDA runtime",
                'python -c "import tensorflow as tf; print(tf.sysconfig.get_build_info())"   '
                "# the CUDA version TensorFlow needs",
            ]
        )
        return [
            catalogue.make(
                "tf-cuda-runtime-missing",
                evidence=log_evidence(hits, gev),
                cause=(
                    f"'Could not find cuda drivers' comes from TensorFlow's CUDA runtime stub, "
                    f"and {where}"
                    + (f" with driver {drv}" if drv else "")
                    + ": so this is not the harmless no-GPU notice. TensorFlow could not load "
                    "its CUDA runtime library libcudart (the CUDA version it was built for: "
                    "a pip install without the [and-cuda] wheels, missing nvidia-* wheels, or "
                    "their folder not on the loader's path); the driver itself may be fine."
                ),
                fix=tuple(fix_list),
                doc="tf-pip-windows-native" if ctx.windows else None,
            )
        ]
    return [drivers_notice_reading(ctx, hits)]


def driver_missing(f: Facts) -> Iterator[Finding]:
    """An NVIDIA GPU is on the PCI bus but no driver answers (nvidia-smi/NVML missing);
    inside a container (its PCI bus is the host's) the container was started without GPU
    access (:func:`~tfgpu.diagnosis.checks.containers.container_without_driver`)."""
    facts = f.host
    if facts is None:
        return
    pci = _pci_only_nvidia(facts)
    if not pci or _driver_gpus(facts):
        return
    if facts.driver is not None and facts.driver.status is not ProbeStatus.MISSING:
        return
    ev = tuple(Evidence(f"gpus ({g.source})", f"{g.pci_bus_id or ''} {g.name}".strip())
               for g in pci) + _nvidia_records(facts)
    if (boxed := container_without_driver(f, len(pci), ev)) is not None:
        yield from boxed  # in a container: its start, never a driver installed inside
        return
    if driver_serves(facts) is not None:
        return  # the driver's libcuda.so.1 answers (or TensorFlow lists a GPU): only its tools lack
    if facts.os.system == "Windows":
        fix: tuple[str, ...] = (
            f"# download and install the driver from {docs.url('nvidia-drivers')}",)
    elif facts.os.is_wsl:
        fix = ("# install the NVIDIA driver on WINDOWS (not inside WSL): "
               + docs.url("cuda-wsl-guide"),)
    else:
        fix = ("sudo ubuntu-drivers install   # Ubuntu; Debian: sudo apt install nvidia-driver",
               "sudo reboot", "nvidia-smi")
    yield catalogue.make("nvidia-driver-missing", evidence=ev, fix=fix, count=len(pci))


def driver_broken(f: Facts) -> Iterator[Finding]:
    """The driver is installed but broken: quote nvidia-smi's own words and say which fault.

    "couldn't communicate with the NVIDIA driver" means the kernel module is not loaded
    (often Secure Boot, or a kernel update without a DKMS rebuild; in WSL1 there is no GPU
    at all), not that the driver is missing.  "Driver/library version mismatch" means the
    user-space libraries were upgraded while the old kernel module is still loaded.
    """
    facts = f.host
    if facts is None:
        return
    d = facts.driver
    if d is not None and d.status is ProbeStatus.TIMEOUT and d.source != "nvml" and (
            flood := _stdout_flood(facts)) is not None:
        # the runner dropped stdout past its bound: nvidia-smi printed without end
        yield catalogue.make(
            "nvidia-smi-endless-output", n=flood,
            evidence=_nvidia_records(facts) or (
                Evidence(f"driver ({d.source or 'nvidia-smi'})", d.message or "timeout"),),
        )
        return
    limit = c.short_probe_limit(facts)
    if d is not None and d.status is ProbeStatus.TIMEOUT and limit is not None:
        # only the user's own, shorter-than-default limit ran out: not known to hang
        yield catalogue.make(
            "nvidia-smi-stopped-at-limit", variant="nvml" if d.source == "nvml" else None,
            evidence=_nvidia_records(facts) or (
                Evidence(f"driver ({d.source or 'nvidia-smi'})", d.message or "timeout"),),
            limit=c.seconds(limit), default=f"{DEFAULT_PROBE_TIMEOUT_S:g}",
            fix=(f"tfgpu doctor   # tfgpu's default limits ({DEFAULT_PROBE_TIMEOUT_S:g} s a "
                 "probe)", "time nvidia-smi   # how long it takes here"),
            message=d.message or "nvidia-smi did not answer in time",
        )
        return
    if d is not None and d.status is ProbeStatus.TIMEOUT and (
            listing := _listing_shows_no_nvidia(facts)) is not None:
        # it hung, and the adapter listing that answered shows no NVIDIA device: a stand-in
        # or leftover nvidia-smi on a host without one, or a GPU that fell off the bus (it
        # then leaves the listing, or reads as vendor ffff): a hedge, not "reboot"
        yield catalogue.make(
            "nvidia-smi-hung", variant="no-gpu-on-bus", listing=listing,
            evidence=(*(_nvidia_records(facts) or (
                Evidence(f"driver ({d.source or 'nvidia-smi'})", d.message or "timeout"),)),
                *_listing_records(facts, answered_only=True)),
            fix=('command -v nvidia-smi; ls -ld "$(command -v nvidia-smi)"   # which file '
                 "answers to that name: a stand-in or stray copy on a host without an NVIDIA "
                 "GPU (TensorFlow runs on the CPU): remove it",
                 "sudo dmesg | grep -i -E 'xid|nvrm|fallen off' | tail   # Xid 79 'GPU has "
                 "fallen off the bus': the GPU is there but unreachable: reboot, then check "
                 "its power and seating"),
            message=d.message or "nvidia-smi did not answer in time",
        )
        return
    if d is not None and d.status is ProbeStatus.TIMEOUT:
        yield catalogue.make(
            "nvidia-smi-hung", variant="nvml" if d.source == "nvml" else None,
            evidence=_nvidia_records(facts) or (
                Evidence(f"driver ({d.source or 'nvidia-smi'})", d.message or "timeout"),),
            fix=("sudo dmesg | grep -i -E 'xid|nvrm' | tail", "sudo reboot"),
            message=d.message or "nvidia-smi did not answer in time",
        )
        return
    if d is None or d.status is not ProbeStatus.ERROR:
        return
    msg = (d.message or "").strip()
    low = msg.lower()
    ev = _nvidia_records(facts) or (Evidence(f"driver ({d.source or 'nvidia-smi'})",
                                             msg or "error"),)
    if "version mismatch" in low:
        return  # driver_library_mismatch reports it
    if "couldn't communicate" in low or "driver not loaded" in low:
        if facts.os.is_wsl and facts.os.wsl_version == 1:
            fix: tuple[str, ...] = ("wsl --set-version <distro> 2   # in Windows PowerShell",
                                    "wsl --shutdown")
            variant: str | None = "wsl1"
        elif facts.os.is_wsl:
            fix = ("# update the NVIDIA driver on WINDOWS, then in PowerShell: wsl --update; "
                   "wsl --shutdown", "nvidia-smi")
            variant = "wsl2"
        elif (bus := _bus_shows_no_nvidia(facts)) is not None:
            # the adapter listing that answered shows no NVIDIA device: no GPU for the
            # module to drive (a stray nvidia-smi, a container not given the GPU)
            yield catalogue.make(
                "nvidia-driver-not-loaded", variant="no-gpu-on-bus",
                evidence=(*ev, *_listing_records(facts, answered_only=True)),
                message=msg.splitlines()[0] if msg else "", listing=bus,
                fix=("command -v nvidia-smi   # which nvidia-smi answered",
                     "# in a container: start it with the GPU (docker run --gpus all ...; "
                     "nvidia-smi on the host tells); on a host without an NVIDIA GPU "
                     "TensorFlow runs on the CPU"))
            return
        else:
            fix = ("lsmod | grep -E '^(nvidia|nouveau)'   # nouveau loaded: it holds the GPU",
                   "sudo dmesg | grep -i -E 'nvrm|nvidia' | tail",
                   "mokutil --sb-state   # Secure Boot on blocks unsigned modules",
                   "prime-select query   # hybrid laptops (Ubuntu): 'intel' keeps the NVIDIA "
                   "driver unloaded",
                   "sudo dkms autoinstall && sudo modprobe nvidia   # rebuild for this kernel",
                   "nvidia-smi")
            variant = None
        yield catalogue.make("nvidia-driver-not-loaded", variant=variant, evidence=ev, fix=fix,
                             message=msg.splitlines()[0] if msg else "")
        return
    if smi_unreadable(facts) is not None:
        bus = _bus_shows_no_nvidia(facts)
        yield _smi_unreadable(msg, ev if bus is None else (
            *ev, *_listing_records(facts, answered_only=True)), bus)
        return
    if "no devices were found" in low:
        yield catalogue.make(
            "nvidia-no-devices-found", evidence=ev,
            fix=("sudo dmesg | grep -i -E 'nvrm|rminitadapter' | tail",
                 "# enable Above 4G Decoding / Resizable BAR in the BIOS; install a driver "
                 "that supports this GPU", "nvidia-smi"),
        )
        return
    yield _driver_error(facts, d.source, msg, ev)


def _listing_shows_no_nvidia(facts: HostFacts) -> str | None:
    """The adapter listing that answered, as a cause names it, when it lists no NVIDIA
    device, whatever the driver probe did (presence reads a hung driver as "unknown": here
    the listing itself is the question); else ``None``. Outside WSL2 only (its GPU is
    not on a PCI bus the guest lists)."""
    if facts.nvidia_gpus or (facts.os.is_wsl and facts.os.wsl_version == 2):
        return None
    if any(g.vendor == "nvidia" for g in facts.gpus):
        return None
    records = [p for p in facts.probes if p.name in LISTING_RECORDS]
    if not any(listing_answered(p) for p in records):
        return None
    return _listing_words(facts) or "the display adapter listing"


def _bus_shows_no_nvidia(facts: HostFacts) -> str | None:
    """The adapter listing that answered and shows no NVIDIA device, as a cause names it
    (``"the PCI bus (/sys/bus/pci/devices)"``), when presence is "absent"
    (:func:`tfgpu.facts.presence.nvidia_gpu_presence`); else ``None``."""
    if nvidia_gpu_presence(facts).state != "absent":
        return None
    return _listing_words(facts) or "the display adapter listing"


def _smi_unreadable(msg: str, ev: tuple[Evidence, ...], bus: str | None = None) -> Finding:
    """``nvidia-smi-unreadable``: nvidia-smi printed nothing or nothing a parser reads, or the
    file of that name on PATH cannot run (``msg`` from the nvidia probe:
    :func:`tfgpu.facts.presence.smi_unreadable`): the driver's state is unknown, not "installed but
    reporting an error" (nothing shows a driver) and not "absent"."""
    why = msg.split(": ", 1)[1] if f": {NOT_RUNNABLE}: " in msg else msg
    if why.startswith(NOT_RUNNABLE):
        why = f"nvidia-smi {why}"
    if bus is not None:
        # an adapter listing answered and shows no NVIDIA device: say so, in agreement with
        # the headline's "no NVIDIA GPU on this host"
        return catalogue.make(
            "nvidia-smi-unreadable", variant="no-gpu-on-bus", evidence=ev,
            why=why.rstrip("."), listing=bus,
            fix=('command -v nvidia-smi; ls -ld "$(command -v nvidia-smi)"   # which file '
                 "answers to that name",
                 "# a stand-in or stray copy on PATH: remove it; TensorFlow runs on the CPU "
                 "here"))
    return catalogue.make(
        "nvidia-smi-unreadable", evidence=ev, why=why.rstrip("."),
        fix=('command -v nvidia-smi; ls -ld "$(command -v nvidia-smi)"   # which file answers '
             "to that name",
             "nvidia-smi; echo \"exit $?\"   # the NVIDIA tool prints its GPU table, or an "
             "error message",
             "# a stand-in, stray folder or broken copy earlier on PATH: remove it (or put the "
             "driver's folder first); no NVIDIA driver installed: install it"),
    )


def _driver_error(
    facts: HostFacts, source: str | None, msg: str, ev: tuple[Evidence, ...]
) -> Finding:
    """``nvidia-driver-error``: the driver probe failed in a way no other rule names.

    When ``nvidia-smi`` exited 0 its output carried the error (``CUDA Version: ERR!``):
    the cause says it ran.  Inside WSL2 the driver is the Windows one, exposed through
    /usr/lib/wsl (NVIDIA, "CUDA on WSL User Guide"): the fix is on the Windows side, never a
    Linux driver inside WSL2.
    """
    smi = facts.probe("nvidia-smi")
    ran = smi is not None and smi.returncode == 0
    shown = re.match(r"nvidia-smi prints '(.+)'$", msg)
    if ran:
        cause = f"nvidia-smi ran (exit 0) but reports {shown.group(1) if shown else msg}"
    else:
        cause = f"{source or 'nvidia-smi'} failed: \"{msg}\""
    if facts.os.is_wsl:
        cause += ("; inside WSL2 the driver is the Windows NVIDIA driver, exposed through "
                  "/usr/lib/wsl, so the fault is on the Windows side (often after a Windows "
                  "or driver update)")
        fix: tuple[str, ...] = (
            "wsl --update   # in Windows PowerShell",
            "wsl --shutdown   # in Windows PowerShell, then reopen the distribution",
            "# still failing: update, or roll back, the NVIDIA driver on WINDOWS: "
            + docs.url("nvidia-drivers"),
            "# never install a Linux NVIDIA driver inside WSL2: it shadows /usr/lib/wsl/lib's "
            "libcuda.so",
            "nvidia-smi   # inside WSL2, to check",
        )
        doc = "cuda-wsl-guide"
    else:
        fix = ("nvidia-smi", "sudo dmesg | grep -i nvrm | tail")
        doc = "nvidia-drivers"
    return catalogue.make("nvidia-driver-error", evidence=ev, cause=cause, fix=fix, doc=doc)




# ---------------------------------------------------------------------- driver vs CUDA


def driver_too_old_for_cuda(f: Facts) -> Iterator[Finding]:
    """The driver is below the minimum for the CUDA the installed TensorFlow was built with
    (host facts; the same id from a log line: :func:`driver_too_old_for_cuda_log`).

    Rule: NVIDIA minor-version compatibility (``cuda_min_driver.toml``, rows
    ``11.x``/``12.x``/``13.x``; https://docs.nvidia.com/deploy/cuda-compatibility/
    minor-version-compatibility.html): CUDA 11+ code runs on any driver at or above its
    family floor; pre-11 CUDA needs its toolkit's own minimum.  The CUDA comes from
    ``tf.build_info`` or else the tested-configuration row.  Inside WSL2 the driver is
    the Windows driver and is compared with the Windows column.
    """
    facts = f.host
    if facts is None:
        return
    kb = f.kb
    tf = _installed_tf(facts, kb)
    ev = _driver_evidence(facts)
    if tf is None or tf.cuda is None or ev is None or tf.os == "macos":
        return
    assert facts.driver is not None and facts.driver.version is not None
    driver = facts.driver.version
    ok, minimum = kb.driver_ok(driver, tf.cuda, tf.os)
    if ok is True and tf.os == "wsl2":
        yield from _below_tf_wsl2_minimum(driver, tf, ev, kb)
    if ok is not False or minimum is None:
        return
    column = "Linux" if tf.os == "linux" else "Windows"
    fix = [*driver_install_lines(f, minimum.version, detail=f"{column} driver" + (
        ", installed on the Windows side: WSL2 uses it" if tf.os == "wsl2" else ""))]
    cc = _min_gpu_cc(facts, kb)
    alt = kb.newest_tf_for(tf.os, python=facts.python.version, driver=driver,
                           compute_capability=cc)
    if alt is not None and parse_version(alt.tf_version) < parse_version(tf.version):
        fix += _release_fix(facts, kb, alt.tf_series, tf.os,
                            f"or use TensorFlow {alt.tf_series} (CUDA {alt.cuda}), the newest "
                            "release this driver runs"
                            + (f" on a GPU of compute capability {cc}" if cc else ""))
    else:
        fix.extend(_other_python_alternative(facts, kb, tf, driver, cc))
    yield catalogue.make(
        "driver-too-old-for-cuda",
        variant=None if minimum.rule == "minor-version-compat" else "toolkit-minimum",
        driver=driver, tf=tf.version, cuda=tf.cuda, floor=minimum.version,
        rule_cuda=minimum.row.cuda_version, column=column, ref=minimum.row.ref,
        evidence=tuple(e for e in (ev, tf.evidence, tf.cuda_evidence) if e is not None),
        fix=fix,
        doc_url=kb.doc_url(minimum.row),
        knowledge_ref=minimum.row.ref,
    )


def _below_tf_wsl2_minimum(driver: str, tf: _TF, ev: Evidence, kb: Knowledge) -> Iterator[Finding]:
    """WARNING when a WSL2 (Windows) driver meets CUDA 12's Windows floor (527.41) but is
    below TensorFlow's WSL2 minimum 528.33 (platform fact ``wsl2-min-driver``, from
    https://www.tensorflow.org/install/pip).  A bare branch (``"528"``) is not judged."""
    fact = kb.platform_fact("wsl2-min-driver")
    need = fact.value("min_driver")
    if (tf.cuda is None or _major(tf.cuda) != int(fact.value("cuda_major"))
            or len(parse_version(driver).release) < 2
            or parse_version(driver) >= parse_version(need)):
        return
    yield catalogue.make(
        "driver-below-tf-wsl2-minimum",
        driver=driver, need=need, cuda=tf.cuda, floor=fact.value("cuda_floor_windows"),
        ref=fact.ref,
        evidence=tuple(e for e in (ev, tf.evidence, tf.cuda_evidence) if e is not None),
        fix=(f"# update the Windows NVIDIA driver to {need} or newer (WSL2 uses it): "
             f"{docs.url('nvidia-drivers')}",),
        doc_url=kb.doc_url(fact),
        knowledge_ref=fact.ref,
    )


def _other_python_alternative(
    facts: HostFacts, kb: Knowledge, tf: _TF, driver: str, cc: str | None
) -> list[str]:
    """Fix lines for an older TensorFlow that this driver runs but this Python cannot.

    The same alternative ``tfgpu plan`` offers: the newest GPU release with no driver or
    compute-capability blocker (``kb.newest_tf_for`` without the Python), installed into a
    new virtual environment of the newest Python its tested-configuration row lists
    (``tf_tested_configs.toml`` ``python_max``).  Empty when there is no such release or
    it is not older than the installed one.
    """
    other = kb.newest_tf_for(tf.os, driver=driver, compute_capability=cc)
    if (other is None or other.python_max is None
            or parse_version(other.tf_version) >= parse_version(tf.version)):
        return []
    py = other.python_max
    first = kb.platform_fact("and-cuda-extra-first").value("tf_version")
    extra = tf.os in ("linux", "wsl2") and series(other.tf_series) >= series(first)
    pkg = f"tensorflow{'[and-cuda]' if extra else ''}=={other.tf_series}.*"
    venv = "tf" + other.tf_series.replace(".", "")
    if tf.os == "windows":
        cmd = (f'py -{py} -m venv %USERPROFILE%\\{venv} && '
               f'%USERPROFILE%\\{venv}\\Scripts\\python -m pip install "{pkg}"')
    else:
        cmd = f"python{py} -m venv ~/{venv} && ~/{venv}/bin/python -m pip install '{pkg}'"
    # a GPU whose last driver branch is this one's has no upgrade to do without
    ceiling = kb.gpu_last_driver(cc) if cc is not None else None
    need = kb.min_driver(tf.cuda, tf.os) if tf.cuda else None
    stranded = ceiling is not None and need is not None and ceiling.excludes(
        need.version, windows=tf.os in ("windows", "wsl2"))
    lead = "# or" if stranded else "# or, without a driver upgrade:"
    lines = [f"{lead} a new venv with Python {py} and TF "
             f"{other.tf_series} (CUDA {other.cuda}; Python {other.python_min}-{py}, not "
             f"{facts.python.version}):", cmd]
    if not extra and tf.os != "windows":
        lines.append(f"# TensorFlow {other.tf_series} predates the [and-cuda] extra: install "
                     f"CUDA {other.cuda} and cuDNN {other.cudnn} system-wide too "
                     "(tfgpu plan lists the steps)")
    return lines




def _min_driver(ctx: Facts, cuda: str) -> DriverMinimum | None:
    """Minimum driver for CUDA ``cuda`` (``"12"`` means 12.0) on the host's OS
    (cuda_min_driver), or ``None`` when the table has none or the version does not parse."""
    try:
        return ctx.kb.min_driver(cuda if "." in cuda else f"{cuda}.0",
                                 "windows" if ctx.windows else "linux")
    except KnowledgeQueryError:
        return None




def _cuinit_errors(ctx: Facts, name: str, code: str | None = None) -> list[Hit]:
    """The log's cuInit failures that name CUresult ``name`` (or give its number ``code``)."""
    return [h for h in ctx.h("cuinit").all()
            if h.g("name") == name or (code is not None and h.g("code") == code)]


def _insufficient_without_versions(ctx: Facts, hits: Hits, fw: str | None,
                                   shown: list[Hit]) -> Finding:
    """``driver-too-old-for-cuda`` variant ``no-versions`` (a warning): "CUDA driver version
    is insufficient for CUDA runtime version" with no driver or CUDA version in the log.  The
    CUDA runtime returns it for a driver older than itself and when it loaded another libcuda
    than a running driver's: a container started without GPU access (Docker without --gpus
    all, Singularity/Apptainer without --nv: rickstaa/panda-autograsp#150), another copy first
    on the library path (platform fact insufficient-driver-foreign-libcuda:
    NVIDIA/nvidia-docker#656, #378, #400).  The program is another one than TensorFlow when
    the log says so (ONNX Runtime, CuPy...), TensorFlow when its lines are there (its own
    XLA's, external/local_xla), JAX's.  The container the line was printed in (``shown``,
    image_driver.container_shown) puts its fix first.

    Variant ``no-versions-wsl`` under WSL2 outside a container: the driver is the Windows one,
    which WSL maps in as /usr/lib/wsl/lib/libcuda.so.1; NVIDIA's CUDA on WSL User Guide
    (https://docs.nvidia.com/cuda/wsl-user-guide, "Getting Started with CUDA on WSL 2"): "The
    CUDA driver installed on Windows host will be stubbed inside the WSL 2 as libcuda.so,
    therefore users must not install any NVIDIA GPU Linux driver within WSL 2" and "the
    default CUDA Toolkit comes packaged with a driver, and it is easy to overwrite the WSL 2
    NVIDIA driver with the default installation".  The fix is the Windows driver, and a Linux
    libcuda found instead of WSL's is the other reading."""
    foreign = ctx.kb.platform_fact("insufficient-driver-foreign-libcuda")
    cuinit = _cuinit_errors(ctx, "CUDA_ERROR_INSUFFICIENT_DRIVER")
    tf = any(re.search(r"tensorflow|local_xla", h.text, re.IGNORECASE)
             for h in (*hits.all(), *cuinit))
    program = (f"{fw} (not TensorFlow)" if fw else "TensorFlow" if tf else
               "JAX" if ctx.jax_log else "the program")
    first = hits.first[0]
    build = (f"the {fw} build" if fw else "a TensorFlow build" if tf else
             "a jaxlib build" if ctx.jax_log else "a build of the program")
    if ctx.wsl and not shown:
        why = (f"'CUDA driver version is insufficient for CUDA runtime version' (line "
               f"{first.line}) in WSL2, where the NVIDIA driver is the Windows one, which WSL "
               "maps in as /usr/lib/wsl/lib/libcuda.so.1 (NVIDIA's CUDA on WSL User Guide: no "
               "Linux NVIDIA driver belongs inside WSL 2). The CUDA runtime answers this when "
               "that Windows driver is older than itself, and also when it loaded another "
               "libcuda than WSL's: a Linux driver package installed inside WSL (NVIDIA's cuda "
               "meta-package from the Linux repository brings cuda-drivers) or a stubs/ folder "
               "first on the library path. The log shows no driver version and no CUDA "
               "version, so which one this is, it does not say; nvidia-smi inside WSL tells.")
        return catalogue.make(
            "driver-too-old-for-cuda", variant="no-versions-wsl", program=program, why=why,
            evidence=log_evidence(hits, cuinit),
            fix=("nvidia-smi   # inside WSL: 'CUDA Version' below the program's CUDA: the "
                 "Windows driver is too old; no GPU table: WSL's driver is not reached",
                 "# the Windows driver is too old: upgrade the NVIDIA driver on WINDOWS ("
                 + docs.url("nvidia-drivers") + "), then wsl --shutdown in PowerShell; never "
                 "install a Linux NVIDIA driver inside WSL",
                 "ldconfig -p | grep libcuda; ls -l /usr/lib/wsl/lib/libcuda*   # only "
                 "/usr/lib/wsl/lib's libcuda belongs in WSL: another one listed first (a Linux "
                 "driver package, a stubs/ folder) is loaded instead: dpkg -l | grep -E "
                 "'cuda-drivers|nvidia-driver|libnvidia-compute' and remove what it lists",
                 f"# or install {build} for the CUDA the Windows driver supports (nvidia-smi: "
                 "'CUDA Version')"),
            knowledge_ref=foreign.ref,
        )
    why = (f"'CUDA driver version is insufficient for CUDA runtime version' (line {first.line}) "
           "is what the CUDA runtime answers when the NVIDIA driver is older than itself, and "
           "also when it loaded another libcuda than a running driver's: a container started "
           "without GPU access (Docker without --gpus all, Singularity/Apptainer without --nv, "
           "a Kubernetes pod without an nvidia.com/gpu limit) has no host driver library to "
           "load, and another copy found first on the library path is not the running driver "
           f"(knowledge row {foreign.ref}). The log shows no driver version and no CUDA "
           "version, so which one this is, it does not say; nvidia-smi where the program runs "
           "tells (no GPU table: no driver reached; its 'CUDA Version' below the program's "
           "CUDA: the driver is too old).")
    if shown:
        why += (f" The line was printed in a container (line {shown[0].line})"
                + (f", started by {shown[0].g('cmd')} without a GPU flag" if shown[0].g("cmd")
                   else "") + ": check its GPU access first.")
    fix = [
        "nvidia-smi   # where the program runs: no GPU table (or not found): no driver reached; "
        "'CUDA Version' below the program's CUDA: the driver is too old; at or above it: "
        "another libcuda is loaded: ldconfig -p | grep libcuda; echo $LD_LIBRARY_PATH (stubs/, "
        "compat/)",
        "# a container: docker run --gpus all ...; singularity exec --nv ... (apptainer exec "
        "--nv); Kubernetes: resources.limits nvidia.com/gpu: 1",
        f"# the driver is too old: upgrade it, or install {build} for the CUDA it supports "
        "(nvidia-smi: 'CUDA Version')",
    ]
    if shown:
        fix.insert(0, fix.pop(1))
    return catalogue.make(
        "driver-too-old-for-cuda", variant="no-versions", program=program, why=why,
        evidence=log_evidence(hits, cuinit, shown[:1]),
        fix=tuple(fix), knowledge_ref=foreign.ref,
    )


def _gpu_container(shown: list[Hit]) -> Hit | None:
    """The container command the line was printed under when it carries a GPU flag (Docker
    --gpus, Apptainer/Singularity --nv, a CDI nvidia.com/gpu device, --runtime=nvidia,
    nvidia-docker): the host's driver library is in the container, so 'insufficient' means a
    host driver older than the image's CUDA, not a container without GPU access."""
    h = shown[0] if shown else None
    return h if h is not None and (h.g("gpu") or h.g("nvd")) else None


def driver_too_old_for_cuda_log(ctx: Facts) -> list[Finding]:
    """``driver-too-old-for-cuda`` from a log (formerly ``driver-too-old-for-cuda-runtime``):
    ``CUDA driver version is insufficient for CUDA runtime version`` (and cuInit's
    ``CUDA_ERROR_INSUFFICIENT_DRIVER``, ``cudaErrorInsufficientDriver``) in a log."""
    hits = ctx.h("driver.insufficient")
    if not hits.count:
        return []
    fw = ctx.other_framework
    shown = container_shown(ctx, hits.first[0].line)
    gpu_run = _gpu_container(shown)
    native_windows = ctx.windows and not ctx.wsl
    if ctx.driver_version is None and (fw is not None or _runtime_major(ctx) is None) \
            and gpu_run is None and not native_windows:
        # no driver version and no CUDA version anywhere: the line alone cannot tell an old
        # driver from a process that reached no host driver library (a hedge); a container
        # started with its GPU flag has the host's library, and native Windows has no
        # container: an old driver leads there
        return [_insufficient_without_versions(ctx, hits, fw, shown)]
    if fw is not None:
        # another program's CUDA runtime (ONNX Runtime, CuPy, ...): the driver is
        # too old for THAT program's build; no TensorFlow CUDA version or build applies
        return [catalogue.make(
            "driver-too-old-for-cuda",
            variant="other-program",
            program=fw,
            evidence=log_evidence(hits, _cuinit_errors(ctx, "CUDA_ERROR_INSUFFICIENT_DRIVER")),
            why=(f"The NVIDIA driver is older than the CUDA runtime {fw} was built with; "
                 f"this log is {fw}'s, not TensorFlow's."
                 + (f" This driver is {ctx.driver_version}." if ctx.driver_version else "")),
            fix=("nvidia-smi   # 'CUDA Version': the newest CUDA this driver supports",
                 "upgrade the NVIDIA driver" + (f": {docs.url('nvidia-drivers')}"
                                                if native_windows else ""),
                 f"# or install the {fw} build for the CUDA version your driver supports"),
        )]
    rt = _runtime_major(ctx)
    drv = ctx.driver_version
    minimum = _min_driver(ctx, rt) if rt else None
    floor = minimum.version if minimum else None
    cause = "The NVIDIA driver is older than the CUDA runtime TensorFlow loaded"
    if rt:
        cause += f" (CUDA {rt}"
        opened = [h for h in ctx.h("lib.opened").all() if "cudart" in (h.g("lib") or "")]
        cause += (
            ", from the libcudart it opened)"
            if opened
            else ", what this TensorFlow was built with)"
        )
    if floor:
        cause += f"; CUDA {rt} needs driver >= {floor}"
    if drv:
        cause += f"; this driver is {drv}"
    cause += "."
    # claim audit (platform fact insufficient-driver-foreign-libcuda, nvidia-docker#656,
    # #378, #400): the same words when the driver is new enough but the process loaded
    # another libcuda (a container without GPU access or with its own copy, a stub or
    # compatibility library first on the library path)
    foreign = ctx.kb.platform_fact("insufficient-driver-foreign-libcuda")
    meets = bool(drv and floor and _driver_tuple(drv) is not None
                 and _driver_tuple(floor) is not None
                 and (_driver_tuple(drv) or ()) >= (_driver_tuple(floor) or ()))
    if meets:
        cause = (f"The log says the driver is too old for the CUDA runtime (CUDA {rt} needs "
                 f"driver >= {floor}), but this driver is {drv}, new enough: the process "
                 "loaded another libcuda than the running driver's (a container started "
                 "without GPU access or with its own copy, a stub or compatibility library "
                 f"first on the library path; knowledge row {foreign.ref}).")
    elif native_windows:
        cause += (" nvidia-smi's 'CUDA Version' shows the newest CUDA this driver runs; at or "
                  "above the runtime's, the driver is new enough after all.")
    elif gpu_run is not None:
        cause += (" Unless the driver is in fact new enough: then the process loaded another "
                  "libcuda than the running driver's (the image's own copy, a stub library "
                  "first on the library path); nvidia-smi's 'CUDA Version' at or above the "
                  f"runtime's tells that case (knowledge row {foreign.ref}).")
    else:
        cause += (" Unless the driver is in fact new enough: the same words appear when the "
                  "process loaded another libcuda than the running driver's (a container "
                  "started without GPU access or with its own copy, a stub library first on "
                  "the library path); nvidia-smi's 'CUDA Version' at or above the runtime's "
                  f"tells that case (knowledge row {foreign.ref}).")
    if gpu_run is not None:
        flag = (gpu_run.g("gpu") or "nvidia-docker").strip()
        cause += (f" The container was started with the GPU ({flag}, line {gpu_run.line}), so "
                  "its driver library is the host's: the host driver is older than the "
                  "image's CUDA.")
    fix: list[str] = []
    if floor and stranded_gpu(ctx, floor) is not None:
        # no driver of that branch runs this GPU (Kepler: R470 at most): the ceiling and
        # the plan for a release its driver runs, never the upgrade
        fix += driver_install_lines(ctx, floor)
    elif floor:
        fix.append(
            f"upgrade the NVIDIA driver to >= {floor}"
            + (
                f" ({docs.url('nvidia-drivers-short')})"
                if ctx.windows
                else ", e.g. sudo ubuntu-drivers install   # Ubuntu"
            )
        )
    elif (old := old_gpu(ctx)) is not None:
        # the CUDA's minimum is unknown, but this GPU's branch ends: say where
        last = old.ceiling.last_branch
        try:
            at_last = bool(drv) and old.ceiling.branch_of(
                drv or "", windows=ctx.windows or ctx.wsl) >= last
        except KnowledgeQueryError:
            at_last = False
        fix.append(f"# {old.name}: R{last} is the last driver branch for "
                   f"{old.ceiling.architecture} GPUs [{old.ceiling.fact.ref}]; "
                   + ("this driver is of that branch, so keep it and use a TensorFlow release "
                      "whose CUDA it runs" if at_last else
                      f"upgrade the NVIDIA driver within R{last} at most (a newer branch does "
                      "not run this GPU)"))
    else:
        fix.append("upgrade the NVIDIA driver (nvidia-smi shows the newest CUDA it supports)"
                   + (f": {docs.url('nvidia-drivers')}" if native_windows else ""))
    fix.append(
        "or install a TensorFlow build for the CUDA version your driver supports "
        "(nvidia-smi: 'CUDA Version')"
    )
    fix.insert(0, "nvidia-smi   # 'CUDA Version': the newest CUDA this driver runs" if
               native_windows else
               "nvidia-smi   # 'CUDA Version' at or above the runtime's: the driver is new "
               "enough, look for another libcuda: ldconfig -p | grep libcuda; echo "
               "$LD_LIBRARY_PATH (stubs, compat)" + ("" if gpu_run is not None else
                                                     "; in Docker: --gpus all"))
    if meets:
        fix = [fix[0], "# remove the stubs/ or compat/ folder from LD_LIBRARY_PATH"
               + ("" if gpu_run is not None or native_windows else
                  "; in a container start it with --gpus all (the host's driver library is "
                  "then mapped in)")]
    return [
        catalogue.make(
            "driver-too-old-for-cuda",
            variant="from-log",
            evidence=log_evidence(
                hits,
                _cuinit_errors(ctx, "CUDA_ERROR_INSUFFICIENT_DRIVER"),
                ctx.h("lib.opened").first[:2],
            ),
            why=cause,
            fix=tuple(fix),
            doc_url=ctx.kb.doc_url(minimum.row) if minimum else None,
            knowledge_ref=minimum.row.ref if minimum else None,
        )
    ]




def driver_library_mismatch(f: Facts) -> Iterator[Finding]:
    """Kernel module and user-space driver library of different versions: nvidia-smi's
    "Driver/library version mismatch" (host facts); the same id from the log's "kernel
    version X does not match DSO version Y" (:func:`driver_library_mismatch_log`).  One id,
    ``nvidia-driver-library-mismatch`` (formerly also ``driver-library-mismatch``)."""
    facts = f.host
    d = facts.driver if facts is not None else None
    if (facts is not None and d is not None and d.status is ProbeStatus.ERROR
            and "version mismatch" in (d.message or "").lower()):
        ev = _nvidia_records(facts) or (Evidence(f"driver ({d.source or 'nvidia-smi'})",
                                                 (d.message or "").strip() or "error"),)
        if facts.os.system == "Linux" and facts.os.container_engine:
            # a container's driver files are the host's, passed in when it started: the
            # host's driver was upgraded under its running kernel module (or the image
            # carries driver files of its own): the host is what to reboot, not the container
            fix: tuple[str, ...] = (
                "# on the host, not in this container: sudo reboot (its driver files were "
                "upgraded under the kernel module still loaded), then restart the container",
                "docker run --rm --gpus all ubuntu nvidia-smi   # on the host: the host's "
                "driver files agree with its module",
                "ls /usr/lib/x86_64-linux-gnu/libnvidia-ml.so.* /usr/lib/x86_64-linux-gnu/"
                "libcuda.so.*   # in the container: a version other than the host's is the "
                "image's own copy, which shadows the host's: rebuild the image without a "
                "driver package")
        else:
            fix = ("sudo reboot",
                   "# if it persists, reinstall one driver version for both parts: "
                   "sudo apt install --reinstall nvidia-driver-<version>",
                   "nvidia-smi")
        yield catalogue.make("nvidia-driver-library-mismatch", evidence=ev, fix=fix)


def _wsl_linux_driver(ctx: Facts, hits: list[Hit]) -> Finding:
    """``nvidia-driver-library-mismatch`` variant ``wsl-linux-driver``: NVML's mismatch inside
    WSL2, where the driver is the Windows one (WSL maps its libraries in under /usr/lib/wsl/lib)
    and no NVIDIA kernel module of Linux runs: a Linux driver package installed inside WSL
    (nvidia-utils, libnvidia-compute) put its own nvidia-smi and NVML library there. NVIDIA's
    CUDA on WSL User Guide: once the Windows driver is installed CUDA is available in WSL 2,
    and no NVIDIA Linux GPU driver must be installed within WSL 2. A reboot changes nothing."""
    return catalogue.make(
        "nvidia-driver-library-mismatch", variant="wsl-linux-driver", evidence=log_evidence(hits),
        fix=("dpkg -l | grep -E 'nvidia|libnvidia'   # Linux driver packages inside WSL: "
             "nvidia-utils-*, libnvidia-compute-*, nvidia-driver-*",
             "sudo apt-get remove --purge 'nvidia-utils-*' 'libnvidia-compute-*' "
             "'nvidia-driver-*'   # then: wsl --shutdown from Windows, and reopen WSL",
             "/usr/lib/wsl/lib/nvidia-smi   # the Windows driver's nvidia-smi, which WSL "
             "provides"))


def driver_library_mismatch_log(ctx: Facts) -> list[Finding]:
    """``nvidia-driver-library-mismatch`` from a log (formerly ``driver-library-mismatch``):
    kernel module and user-space driver library of different versions."""
    hits = ctx.h("driver.mismatch")
    if not hits.count:
        return _versions_differ(ctx)  # a cut or missing mismatch line
    h = hits.first[0]
    # driver libraries installed in a container image, or NVML's mismatch printed inside a
    # container (TensorFlow's kernel/DSO lines in a container keep _container_libcuda's
    # reading, which the image's forward-compatibility libcuda explains)
    nvml = ctx.h("smi.nvml_lib_version").first
    image = mismatch_in_image(ctx, [*hits.all(), *nvml[:1]],
                              lib=h.g("dso") or (nvml[0].g("v") if nvml else None),
                              kernel=h.g("k"), hedge=not h.g("k"))
    if image is not None:
        return [image]
    if ctx.wsl and not h.g("k"):
        return [_wsl_linux_driver(ctx, [*hits.all(), *nvml[:1]])]
    cause = "The loaded NVIDIA kernel module and the user-space driver library differ"
    if h.g("k"):
        cause += f" (kernel {h.g('k')}, library {h.g('dso')})"
    cause += ", usually after a driver upgrade without a reboot."
    stale, snote, sfix = _stale_libcuda(h.g("k"), h.g("dso"))
    container, note, cfix = _container_libcuda(ctx, older=stale)
    stray = None if container or stale else _stray_newer_libcuda(ctx, h.g("k"), h.g("dso"))
    if stray is not None:
        return [stray.finding(hits, _cuinit_errors(ctx, "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH",
                                                   code="803"))]
    if container and stale:
        cause = cause[: -len(", usually after a driver upgrade without a reboot.")] + note
    elif container:
        cause = cause[:-1] + note
    elif stale:
        cause = cause[: -len(", usually after a driver upgrade without a reboot.")] + snote
    fix = (
        "reboot (loads the new kernel module)",
        "nvidia-smi   # must print the table again",
        "# in a container: ls /usr/local/cuda/compat   # an image's own libcuda "
        "(forward compatibility) is not fixed by a reboot: use an image whose CUDA "
        "the host driver supports" if h.g("k") else
        # NVML (nvidia-smi) is no forward-compatibility library: in a container its copy
        # comes from driver packages installed in the image (checks/image_driver.py)
        "# in a container: driver packages installed in the image (dpkg -l | grep -E "
        "'cuda-drivers|nvidia-driver|libnvidia-compute') are not fixed by a reboot: remove "
        "them and let --gpus all / --nv bring the host's",
    )
    # TensorFlow's "kernel version K does not match DSO version D" with no
    # container host and no older library prints for two set-ups (tensorflow#48722, #51641,
    # pytorch#63801, nvidia-docker#1704: a container image's forward-compatibility libcuda;
    # else an upgrade not yet loaded): hedged; a compat folder/package named in the log
    # puts the container's fix first
    hedged = bool(h.g("k")) and not container and not stale
    compat = ctx.h("driver.compat_libcuda")
    rebooted = ctx.h("ctx.rebooted").first
    if rebooted and not container and not stale and not compat.count:
        return [_after_reboot(ctx, hits, rebooted[0], h)]
    if hedged:
        cause = cause[: -len(", usually after a driver upgrade without a reboot.")] + (
            ": either a driver upgrade whose new kernel module is not loaded yet (a reboot "
            "fixes it), or, in a container, the image's own CUDA forward-compatibility "
            "libcuda (cuda-compat, /usr/local/cuda/compat) that the host's driver or GPU does "
            "not support (forward compatibility is for data-centre GPUs; a reboot does not "
            "help). "
            + ("The log names a CUDA compat library, so the second is likely."
               if compat.count else "The log does not say which."))
        if compat.count:
            fix = (fix[2], *fix[:2])
    return [
        catalogue.make(
            "nvidia-driver-library-mismatch",
            variant=("from-log-container-older" if container and stale
                     else "from-log-container" if container else "from-log-stale" if stale
                     else "from-log-hedged" if hedged else "from-log"),
            evidence=log_evidence(
                hits,
                _cuinit_errors(ctx, "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH", code="803"),
                ctx.h("container.host").first[:1],
                compat.first[:1] if hedged else [],
            ),
            why=cause,
            fix=cfix if container else sfix if stale else fix,
        )
    ]


def _after_reboot(ctx: Facts, hits: Hits, said: Hit, h: Hit) -> Finding:
    """``nvidia-driver-library-mismatch`` variant ``after-reboot``: the report says the
    machine was rebooted (pattern ``ctx.rebooted``) and the two parts still differ, so the
    module that loads at boot is another release's: a partly upgraded or mixed install
    (illinois-scicomp/machine-shop-maintenance#70: repaired with apt install --fix-broken;
    mattshma/bigdata#105: a .run install beside packages)."""
    versions = (f" (kernel module {h.g('k')}, library {h.g('dso')})" if h.g("k") else "")
    why = (f"The loaded NVIDIA kernel module and the user-space driver library differ{versions}, "
           f"and the report says the machine was rebooted (line {said.line}): the module "
           "that loads at boot is another release's than the library, not an upgrade waiting "
           "for a reboot. Usual causes: a package upgrade that stopped halfway (the new "
           "release's kernel module was not built or installed for this kernel, so the old "
           "one still loads), or two installs side by side (NVIDIA's .run installer and the "
           "distribution's packages). Another reboot does not help; one driver release "
           "installed whole does.")
    return catalogue.make(
        "nvidia-driver-library-mismatch", variant="after-reboot", why=why,
        evidence=log_evidence(hits, [said], ctx.h("smi.nvml_lib_version").first[:1]),
        fix=("cat /proc/driver/nvidia/version; uname -r; dkms status   # the module that "
             "loaded, the running kernel, and the kernels each driver's module was built for",
             "dpkg -l | grep -E 'nvidia-(driver|dkms|kernel|utils)|libnvidia-compute'   # "
             "(Debian/Ubuntu; rpm -qa | grep -i nvidia elsewhere) the driver packages: more "
             "than one release, or half-installed (iU)",
             "sudo apt-get install --fix-broken   # finish a package upgrade that stopped "
             "halfway (Debian/Ubuntu)",
             "# a .run install beside the packages: sudo nvidia-uninstall; then reinstall one "
             "driver release from one source for the running kernel, and reboot"))


def _container_libcuda(ctx: Facts, older: bool = False) -> tuple[bool, str, tuple[str, ...]]:
    """Whether the log's cuda_diagnostics host is a Docker container id, with
    the cause sentence and fix lines for a container whose image brings its own libcuda
    (platform fact container-libcuda-newer-than-host: tensorflow/tensorflow#48722,
    NVIDIA/nvidia-docker#1704), where a reboot of the host does not help.

    Args:
        ctx: the facts view.
        older: the loaded libcuda is OLDER than the kernel module (:func:`_stale_libcuda`).
            The host driver is then newer than that copy and already supports the image's
            CUDA, so neither another image nor a newer host driver helps: the copy on the
            library path (a cuda-compat folder, driver files in the image) must go (platform
            fact container-libcuda-older-than-host).
    """
    hit = ctx.h("container.host").first
    if not hit:
        return False, "", ()
    if older:
        h = ctx.h("driver.mismatch").first[0]
        lib, kernel = h.g("dso"), h.g("k")
        fact = ctx.kb.platform_fact("container-libcuda-older-than-host")
        note = (f": the diagnostics ran in a container (host {hit[0].g('host')}) and the "
                f"libcuda it loaded ({lib}) is OLDER than the host's kernel module ({kernel}). "
                "Inside a container the NVIDIA runtime mounts the host driver's own libcuda; an "
                "older copy found first comes from the image or the library path: a "
                "CUDA forward-compatibility folder (/usr/local/cuda/compat, made from the "
                "driver of the image's CUDA release) or driver files installed in the image. "
                f"The host driver {kernel} is newer than that copy, so it already supports the "
                "image's CUDA: neither another image nor a newer host driver helps, and a "
                "reboot keeps loading the copy; taking its folder off the library path does "
                f"(knowledge row {fact.ref}).")
        fix = (f"ldconfig -p | grep libcuda; echo $LD_LIBRARY_PATH   # in the container: the "
               f"folder holding libcuda.so.{lib}",
               "# remove that folder (e.g. /usr/local/cuda/compat) from LD_LIBRARY_PATH (an ENV "
               "line of the Dockerfile) or from /etc/ld.so.conf.d, then ldconfig; do not "
               "install driver files in the image",
               "python -c \"import tensorflow as tf; print(tf.config.list_physical_devices("
               "'GPU'))\"   # in the container, afterwards: the GPU is listed once the host's "
               "libcuda (mounted by the NVIDIA runtime) is the one loaded")
        return True, note, fix
    fact = ctx.kb.platform_fact("container-libcuda-newer-than-host")
    note = (f"; or, as here the diagnostics ran in a container (host {hit[0].g('host')}), "
            "the image's own libcuda (the CUDA forward-compatibility package) differs from "
            "the host's kernel module: then a reboot does not help, an image whose CUDA the "
            f"host driver supports does (knowledge row {fact.ref}).")
    old = old_gpu(ctx)
    update = ("" if old is not None else ", or update the host driver")
    held = (f" (no newer host driver runs {old.name}: R{old.ceiling.last_branch} is the last "
            f"branch for {old.ceiling.architecture} GPUs [{old.ceiling.fact.ref}])"
            if old is not None else "")
    fix = ("ls -l /usr/local/cuda/compat 2>/dev/null; echo $LD_LIBRARY_PATH   # in the "
           "container: an image's own libcuda.so.<DSO version>",
           "# use an image whose CUDA the host driver supports (nvidia-smi on the host: "
           f"'CUDA Version'){update}{held}",
           "# not a container image's library: reboot the host (loads the new kernel module)")
    return True, note, fix


@dataclass(frozen=True)
class _StrayLibcuda:
    """:func:`_stray_newer_libcuda`'s reading: the finding's fields, made into the finding
    with the log lines of the mismatch by :meth:`finding`."""

    kernel: str
    lib: str
    smi: Hit
    why: str
    fix: tuple[str, ...]
    ref: str | None

    def finding(self, *hits: list[Hit] | Hits) -> Finding:
        return catalogue.make(
            "nvidia-driver-library-mismatch", variant="from-log-stray-newer",
            kernel=self.kernel, lib=self.lib, why=self.why,
            evidence=log_evidence([self.smi], *hits), fix=self.fix, knowledge_ref=self.ref,
        )


def _stray_newer_libcuda(ctx: Facts, kernel: str | None, lib: str | None) -> _StrayLibcuda | None:
    """The libcuda this process loaded is NEWER than the running kernel module, and the
    log's nvidia-smi prints its table with the module's version (``smi.driver``, "Driver
    Version: 470.223.02" against the diagnostics' "kernel reported version is: 470.223.2"),
    with no "Driver/library version mismatch" of its own: nvidia-smi's NVML is installed
    with the driver's user-space libraries and refuses to start on a module of another
    release ("Failed to initialize NVML: Driver/library version mismatch"), so the driver's
    own libraries match the module and no upgrade waits for a reboot.  The newer libcuda is
    a copy found first: most often CUDA's forward-compatibility package (cuda-compat,
    ``/usr/local/cuda-X.Y/compat``; NVIDIA "CUDA Compatibility": supported on data-centre
    GPUs with given drivers only).  When the log names the TensorFlow release, whether the
    running driver meets its CUDA's minimum (``cuda_min_driver``) is said too, with the
    newest release it runs (``tf_tested_configs``).  ``None`` when that is not the case."""
    kv, lv = _driver_tuple(kernel), _driver_tuple(lib)
    if kernel is None or lib is None or kv is None or lv is None or not lv > kv:
        return None
    if any("driver/library version mismatch" in h.text.lower()
           for h in ctx.h("driver.mismatch").all()):
        return None  # nvidia-smi (NVML) itself reports the mismatch: an upgrade pending
    smi = next((h for h in reversed(ctx.h("smi.driver").all())
                if _driver_tuple(h.g("v")) == kv), None)
    if smi is None:
        return None
    shown = smi.g("v") or kernel
    why = (f"nvidia-smi printed its table with driver {shown} (line {smi.line}), the running "
           f"kernel module's release (kernel reported version {kernel}): its NVML library, "
           "installed with the driver's user-space libraries, matches the module, so no driver "
           "upgrade is waiting for a reboot (nvidia-smi would print 'Failed to initialize "
           f"NVML: Driver/library version mismatch'). The libcuda this process loaded ({lib}) "
           "is newer than that driver: a copy found before the driver's own, most often CUDA's "
           "forward-compatibility package (cuda-compat, /usr/local/cuda-X.Y/compat on "
           "LD_LIBRARY_PATH or in /etc/ld.so.conf.d), which runs only on data-centre GPUs "
           "with supported drivers. A reboot changes nothing.")
    fix = [f"ldconfig -p | grep libcuda; echo $LD_LIBRARY_PATH   # where libcuda.so.{lib} "
           "lies (a .../compat folder)",
           "# take that folder off LD_LIBRARY_PATH (or out of /etc/ld.so.conf.d, then sudo "
           "ldconfig), or remove the cuda-compat package, so the driver's own libcuda loads"]
    ref = None
    os_ = "windows" if ctx.windows else "linux"
    tf_version = ctx.tf_version
    tested = ctx.kb.tested_gpu_build(tf_version, os_) if tf_version else None
    if tested is not None and tf_version is not None:
        ok, minimum = ctx.kb.driver_ok(shown, tested.cuda, os_)
        if ok is False and minimum is not None:
            ref = minimum.row.ref
            why += (f" Once that copy is gone, driver {shown} is still too old for "
                    f"TensorFlow {tf_version}: it was built with CUDA {tested.cuda}, which "
                    f"needs driver >= {minimum.version} (knowledge row {minimum.row.ref}).")
            stranded = stranded_gpu(ctx, minimum.version)
            if stranded is not None:
                fix.append(driver_install_lines(ctx, minimum.version)[0])
            else:
                fix.append(f"# then upgrade the NVIDIA driver to >= {minimum.version} (e.g. "
                           "sudo ubuntu-drivers install, then reboot)")
            alt = ctx.kb.newest_tf_for(os_, driver=shown, compute_capability=(
                stranded.cc if stranded is not None else None))
            if alt is not None and parse_version(alt.tf_version) < parse_version(tf_version):
                extra = series(alt.tf_series) >= series(
                    ctx.kb.platform_fact("and-cuda-extra-first").value("tf_version"))
                fix.append(f"# or keep driver {shown}: TensorFlow {alt.tf_series} (CUDA "
                           f"{alt.cuda}), the newest release it runs: pip install "
                           f"'tensorflow{'[and-cuda]' if extra else ''}=={alt.tf_series}.*'")
    return _StrayLibcuda(kernel, lib, smi, why, tuple(fix), ref)


def _stale_libcuda(kernel: str | None, lib: str | None) -> tuple[bool, str, tuple[str, ...]]:
    """A libcuda OLDER than the loaded kernel module is no upgrade waiting for a
    reboot (the reboot loads the newest module, the library stays): a copy left from an
    earlier driver is found first (tensorflow/tensorflow#4349).  Returns whether that is the
    case, the cause sentence and the fix lines."""
    kv, lv = _driver_tuple(kernel), _driver_tuple(lib)
    if kv is None or lv is None or not lv < kv:
        return False, "", ()
    note = (f": the libcuda this process loaded ({lib}) is OLDER than the running kernel "
            f"module ({kernel}), so it is a library left from an earlier driver install that "
            "the loader finds first, not an upgrade waiting for a reboot; a reboot keeps "
            "loading it.")
    fix = ("ldconfig -p | grep libcuda; echo $LD_LIBRARY_PATH   # where the old libcuda.so."
           f"{lib} lies",
           f"# remove the stale {lib} driver files (or its folder from LD_LIBRARY_PATH) and "
           f"reinstall one driver release ({kernel}), then reboot",
           "cat /proc/driver/nvidia/version; nvidia-smi   # both must show one version")
    return True, note, fix


# --- gpu stack ----------------------------------------------------------------------------
# messages_gpu_stack.toml rows of gpu_device.cc, cuda_driver.cc, gpu_util.cc and
# gpu_event_mgr.cc: a CUDA context that could not be made, CUDA not initialised, an
# asynchronous failure and a launch out of resources.

#: A CUresult name on a line (its first one is the error the line reports).
_CUDA_ERR = re.compile(r"CUDA_ERROR_[A-Z_]{1,60}")
#: The driver call a context failure names ("failed call to cuDevicePrimaryCtxRetain").
_CTX_CALL = re.compile(r"[Ff]ailed call to (cu\w{1,40})")


def _error_meaning(ctx: Facts, name: str) -> str:
    """``NAME (code): meaning`` from status_codes.toml, or just ``NAME`` when it is not there."""
    row = ctx.kb.cuda_error_named(name)
    if row is None:
        return name
    return f"{name} ({row.code}): {row.meaning.rstrip('.')} (knowledge row {row.ref})"


def gpu_stream_executor_init_failed(ctx: Facts) -> list[Finding]:
    """TensorFlow could not create a CUDA context on a GPU (gpu_device.cc "failed
    initializing StreamExecutor for CUDA device ordinal N", cuda_driver.cc "failed call to
    cuDevicePrimaryCtxRetain: CUDA_ERROR_..."), or could not read its free memory ("Failed
    to query available memory for GPU N"). The CUDA error's meaning comes from
    status_codes.toml (cuda.h ``enum CUresult``); out of memory is left to the memory
    checks (gpu-memory-held-by-other-process)."""
    # XLA's host and interpreter platforms share the "for device ordinal N" wording: only
    # lines that name CUDA are the GPU's
    hits = [h for h in ctx.h("cuda.se_init").all()
            if "CUDA" in h.text or h.g("mem") or h.g("call") or h.g("se")]
    if not hits:
        # the line cut right after "ordinal" (pattern cuda.se_init_cut): the status that says
        # why is on the next line of a wrapped paste ("0: Internal: ... CUDA_ERROR_UNKNOWN"),
        # or not in the paste at all
        hits = [h for h in ctx.h("cuda.se_init_cut").all() if "CUDA" in h.text]
        hits += [s for s in ctx.h("cuda.status_code").all()
                 if any(s.line == h.line + 1 for h in hits) and _CUDA_ERR.search(s.text)]
    if not hits:
        return []
    err = next((m.group(0) for h in hits if (m := _CUDA_ERR.search(h.text))), None)
    if err == "CUDA_ERROR_OUT_OF_MEMORY" or ctx.h("cuinit").count:
        return []  # the memory finding, or the cuInit finding, names the cause
    # the context call's OUT_OF_MEMORY on the next line of a wrapped paste
    # (the engine's join, logs/engine.py _wrap_join) is read by the memory checks
    if any(h.g("ctx") for h in ctx.h("mem.cuda_oom").all()):
        return []
    gpu = next((g for h in hits if (g := h.g("gpu") or h.g("mem") or h.g("se"))), None)
    where = f"GPU {gpu}" if gpu is not None else "the GPU"
    row = ctx.kb.cuda_error_named(err) if err is not None else None
    claim = code_claim(row, evidence=log_evidence(hits, limit=3),
                       lead=f"The CUDA driver refused to create a context on {where}: ")
    if claim is not None:
        return [claim]  # a code that names its fault whatever call returned it
    # a code with a fault of its own (the GPU's hardware: an uncorrectable ECC error,
    # nagadit/DeepFaceLab_Linux#89; MPS; CUDA's peer limit, NVIDIA/nccl#356): that fault's
    # meaning and next steps, not the context-creation checklist (checks/_context_codes.py)
    call = next((m.group(1) for h in hits if (m := _CTX_CALL.search(h.text))),
                "creating the context")
    own = context_code_finding(ctx, row, hits,
                               what=f"TensorFlow could not create the CUDA context on {where}: "
                                    f"{call}")
    if own is not None:
        return [own]
    if err is not None:
        cause = (f"The CUDA driver refused to create a context on {where}: "
                 f"{_error_meaning(ctx, err)}.")
    elif any(h.g("mem") for h in hits):
        cause = (f"cuMemGetInfo failed on {where}, so TensorFlow cannot size its memory pool: "
                 "the CUDA context of that GPU is broken (a driver fault, an Xid error, a GPU "
                 "that fell off the bus).")
    else:
        cause = (f"TensorFlow could not initialise {where}; the CUDA error that says why is "
                 "not on the lines this log shows (the status after the ordinal names it: "
                 "out of memory, no device, an unknown error), so the cause is unknown.")
    unknown = err is None and not any(h.g("mem") for h in hits)
    return [catalogue.make(
        "gpu-stream-executor-init-failed",
        error=f" ({err})" if err else "",
        evidence=log_evidence(hits, limit=3),
        cause=cause,
        category="unknown" if unknown else None,
        severity=Severity.WARNING if unknown else None,
        fix=("nvidia-smi   # does the driver see the GPU, and which processes use it?",
             "nvidia-smi -q -d COMPUTE   # 'Prohibited' allows no context, 'Exclusive Process' "
             "only one process",
             *c.show_env(ctx, "CUDA_VISIBLE_DEVICES", "the ordinals TensorFlow counts from"),
             "sudo dmesg | grep -i -E 'xid|nvrm'   # driver faults; after a driver update or "
             "a suspend, reboot"),
    )]


def cuda_driver_not_initialised(ctx: Facts) -> list[Finding]:
    """cuda_driver.cc "could not retrieve CUDA device count: CUDA_ERROR_NOT_INITIALIZED" (XLA's
    "Failed call to cuDeviceGet: CUDA_ERROR_NOT_INITIALIZED") without a ``failed call to
    cuInit`` line (that finding names the cause when present):
    cuInit failed unseen, or the process was forked after CUDA was initialised
    (status_codes.toml CUDA_ERROR_NOT_INITIALIZED: a follow-on error).  With nothing in the
    log showing that the process wanted a GPU, a notice (variant ``alone``): pipeline workers
    that never use the GPU print it and run fine (google/deepvariant#960); with Python
    multiprocessing workers in the log (``ctx.forked_child``), variant ``forked``."""
    hits = [h for h in ctx.h("cuda.device_count").all()
            if (h.g("err") or h.g("err2")) == "CUDA_ERROR_NOT_INITIALIZED"]
    if not hits or ctx.h("cuinit").count:
        return []
    from tfgpu.diagnosis.checks.cuda_driver_checks import fork_shown

    workers = fork_shown(ctx)
    if workers:
        # multiprocessing workers in the same log: the forked reading (google-deepmind/
        # open_spiel#1326: AlphaZero's actors forked after the parent initialised CUDA)
        return [catalogue.make(
            "cuda-driver-not-initialised", variant="forked",
            evidence=log_evidence(hits, workers[:1]),
            fix=("multiprocessing.set_start_method('spawn')   # before starting the workers "
                 "(or a multiprocessing.get_context('spawn')), then import TensorFlow and "
                 "build the model inside each worker, not in the parent",
                 "# or keep the parent away from the GPU until the workers start (no "
                 "TensorFlow GPU work, no tf.config device calls before the fork), or run the "
                 "workers on the CPU: CUDA_VISIBLE_DEVICES= in their environment"),
        )]
    # nothing shows that this process wanted a GPU (google/deepvariant#960): a notice
    alone = not ctx.gpu_intent_evidence() and not ctx.gpu_expected
    return [catalogue.make(
        "cuda-driver-not-initialised", variant="alone" if alone else None,
        evidence=log_evidence(hits),
        fix=(c.set_env(ctx, "TF_CPP_MIN_LOG_LEVEL", "0") + "   # then rerun: the 'failed call "
             "to cuInit' line names the first failure",
             "# with multiprocessing: multiprocessing.set_start_method('spawn') before starting "
             "workers, and import TensorFlow inside them",
             "nvidia-smi"),
    )]


def gpu_async_failure(ctx: Facts) -> list[Finding]:
    """gpu_util.cc "GPU sync failed" / gpu_event_mgr.cc "Unexpected Event status: N" / a
    failed copy (gpu_util.cc "GPU->CPU Memcpy failed", Eigen's GpuDevice::memcpy assertion) with
    no CUDA error before it in the log (when one is there, its own finding names the fault:
    gpu-kernel-fault, the memory findings). tensorflow/tensorflow#1450: the earlier line was
    CUDA_ERROR_ILLEGAL_ADDRESS."""
    hits = ctx.h("cuda.gpu_async").all()
    if not hits:
        return []
    named = ("cuda.error", "cuda.fault_text", "mem.cuda_oom", "mem.exhausted",
             "mem.ran_out", "mem.oom_tensor", "mem.handle", "cudnn.dnn_handle", "cuda.lib_call",
             "cuda.launch_resources", "cuda.launch_timeout")
    if any(ctx.h(n).count for n in named):
        return []
    h = hits[0]
    if (h.g("copy") or h.g("eigen")) and ctx.rocm_log:
        return []  # a ROCm log: its HIP/MIOpen lines name the failure (rocm findings)
    what = (f"gpu_event_mgr.cc: 'Unexpected Event status: {h.g('status')}'"
            if h.g("status") else f"gpu_util.cc: '{h.g('copy')}', a copy between host and GPU"
            if h.g("copy") else f"Eigen's GpuDevice::{h.g('eigen')} asserting that its CUDA "
            "call succeeded" if h.g("eigen") else "gpu_util.cc: 'GPU sync failed'")
    return [catalogue.make(
        "gpu-async-failure",
        what=what,
        evidence=log_evidence(hits),
        fix=(c.set_env(ctx, "TF_CPP_MIN_LOG_LEVEL", "0") + "   # rerun with every log line: "
             "the first CUDA error names the fault",
             "CUDA_LAUNCH_BLOCKING=1 python train.py   # kernels run one at a time, so the "
             "error names the op that failed",
             "# run the same step on the CPU (CUDA_VISIBLE_DEVICES=-1): an out-of-range index or "
             "bad shape shows there as a readable error",
             "sudo dmesg | grep -i xid   # GPU/driver faults (NVIDIA Xid messages)"),
    )]


def cuda_launch_out_of_resources(ctx: Facts) -> list[Finding]:
    """``CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES`` / "too many resources requested for launch"
    (cuda.h CUresult 701; its meaning from status_codes.toml)."""
    return c.from_log(ctx, "cuda.launch_resources", lambda hits, _first: catalogue.make(
        "cuda-launch-out-of-resources",
        evidence=log_evidence(hits),
        cause=_error_meaning(ctx, "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES") + ".",
        fix=("CUDA_LAUNCH_BLOCKING=1 python train.py   # names the kernel whose launch failed",
             "# an XLA-compiled kernel (jit_compile=True, XLA auto-clustering): try without "
             "XLA: " + c.set_env(ctx, "TF_XLA_FLAGS", "--tf_xla_auto_jit=0"),
             "# a custom CUDA op: fewer threads per block or fewer registers "
             "(--maxrregcount) for this GPU"),
    ))


# -------------------------------- driver versions: the kernel's against libcuda's


def _driver_tuple(text: str | None) -> tuple[int, ...] | None:
    """``"384.90.0"`` -> ``(384, 90)``; ``"470.57.2"`` -> ``(470, 57, 2)`` (trailing zeros
    dropped: cuda_diagnostics.cc prints the kernel's ``384.90`` as ``384.90.0``)."""
    parts = [int(p) for p in (text or "").split(".") if p.isdigit()]
    while len(parts) > 1 and parts[-1] == 0:
        parts.pop()
    return tuple(parts) or None


def _versions_differ(ctx: Facts) -> list[Finding]:
    """``nvidia-driver-library-mismatch`` from cuda_diagnostics.cc's two version lines,
    "libcuda reported version is: X" and "kernel reported version is: Y", when X != Y.

    Source: ``Diagnostician::WarnOnDsoKernelMismatch`` (tensorflow stream_executor/cuda/
    cuda_diagnostics.cc, later xla/stream_executor/cuda/cuda_diagnostics.cc) logs "kernel
    version Y does not match DSO version X -- cannot find working devices in this
    configuration" exactly when the two differ; pasted logs often cut that line, the two
    version lines carry the same fact.  Not under WSL2, nor when cuInit said
    CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE: then the libcuda is a forward-compatibility
    copy (cuda-compat), whose version differs from the kernel's on purpose.
    """
    lib, kern = ctx.h("driver.libcuda").last, ctx.h("driver.kernel").last
    # under WSL2 the kernel side is the Windows driver: its number differs by design
    if lib is None or kern is None or ctx.host_gpu_works or ctx.wsl:
        return []
    lv, kv = lib.g("v"), kern.g("v")
    if _driver_tuple(lv) is None or _driver_tuple(lv) == _driver_tuple(kv) \
            or _driver_tuple(kv) is None:
        return []
    if _cuinit_errors(ctx, "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE", code="804") \
            or ctx.h("cuda.error").by_key.get("CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE"):
        return []
    container, note, cfix = _container_libcuda(ctx)
    stale, snote, sfix = _stale_libcuda(kv, lv)
    stray = None if container or stale else _stray_newer_libcuda(ctx, kv, lv)
    if stray is not None:
        return [stray.finding([lib, kern], ctx.h("cuinit").first[:1])]
    why = (f"The loaded NVIDIA kernel module reports {kv} and the user-space driver library "
           f"(libcuda) reports {lv}: they differ, so CUDA finds no working device "
           "(cuda_diagnostics.cc: 'cannot find working devices in this configuration')")
    if container:
        why += ("; usually a driver upgrade (often by unattended package upgrades) without a "
                "reboot or module reload" + note)
    elif stale:
        why += snote
    else:
        why += ("; usually a driver upgrade (often by unattended package upgrades) without a "
                "reboot or module reload.")
    return [
        catalogue.make(
            "nvidia-driver-library-mismatch",
            variant="from-log-container" if container else "from-log-stale" if stale
            else "from-log",
            evidence=log_evidence([lib, kern], ctx.h("cuinit").first[:1],
                                  ctx.h("container.host").first[:1]),
            why=why,
            fix=cfix if container else sfix if stale else (
                "sudo reboot   # loads the kernel module of the installed driver",
                "# or, without a reboot and with no process using the GPU: sudo rmmod "
                "nvidia_uvm nvidia_drm nvidia_modeset nvidia && sudo modprobe nvidia",
                "cat /proc/driver/nvidia/version; nvidia-smi   # both must show one version",
                "# if it recurs after upgrades, hold the driver packages (e.g. sudo "
                "apt-mark hold the nvidia driver packages) and upgrade them deliberately",
            ),
        )
    ]


def _stale_evidence(ctx: Facts) -> list[Evidence]:
    """The host facts that prove the GPU works now (driver, TensorFlow's GPU list)."""
    h = ctx.host
    if h is None:
        return []
    out = []
    if h.driver is not None:
        out.append(Evidence(f"driver ({h.driver.source or 'nvidia-smi'})",
                            f"answers: {h.driver.version or 'version unknown'}"))
    if h.tf is not None:
        out.append(Evidence("tensorflow.devices",
                            ", ".join(d.name for d in h.tf.gpus) or "GPU listed"))
    return out


def _gpu_lines_text(ctx: Facts, gev: list[Hit]) -> str:
    """"the log itself shows an NVIDIA GPU (line 5)", citing only lines that show a GPU;
    TensorFlow's "Cannot dlopen some GPU libraries ... Skipping registering GPU devices"
    lines (printed only after the driver counted a GPU) are named as what they are
    (they were cited as lines that "show an NVIDIA GPU")."""
    indirect = {h.line for n in ("lib.dlopen", "gpu.skipping") for h in ctx.h(n).first}
    direct = sorted({h.line for h in gev if h.line not in indirect})[:3]
    skipped = sorted({h.line for h in gev if h.line in indirect})[:3]

    def lines(nums: list[int]) -> str:
        return ("line " if len(nums) == 1 else "lines ") + ", ".join(map(str, nums))

    if direct:
        return f"the log itself shows an NVIDIA GPU ({lines(direct)})"
    return ("the log's \"Skipping registering GPU devices\" (" + lines(skipped)
            + "), which TensorFlow prints only after the driver counted a GPU, shows an "
            "NVIDIA GPU")


# ---------------------------------------------------------------------- flooding nvidia-smi
#: tfgpu's bounded runner's note on a stream it cut (``_proc.CommandResult.dropped_note``:
#: "<n> bytes of stdout were dropped ..."): nvidia-smi wrote more than the bound (4 MiB).
_STDOUT_DROPPED = re.compile(r"\b(\d{1,15}) bytes of stdout\b[^\n]{0,40}? were dropped")


def _stdout_flood(facts: HostFacts) -> int | None:
    """Bytes of nvidia-smi's stdout the runner dropped (the driver message or the nvidia-smi
    probe record say so), or ``None`` when none were."""
    texts = [facts.driver.message if facts.driver is not None else None]
    rec = facts.probe("nvidia-smi")
    texts.append(rec.message if rec is not None else None)
    for text in texts:
        m = _STDOUT_DROPPED.search(text or "")
        if m:
            return int(m.group(1))
    return None


# ---------------------------------------------------------------------- PTX vs driver
def _ptx_driver_floor(ctx: Facts) -> tuple[str, tuple[str, ...]] | None:
    """``(why, fix)`` for cuInit's CUDA_ERROR_UNSUPPORTED_PTX_VERSION when the driver version
    is known (host facts or the log's libcuda/kernel line): the PTX came from a CUDA newer
    than this driver's JIT, so the driver is older than that CUDA. Names the newest CUDA
    toolkit whose minimum driver this one meets (cuda_min_driver.toml ``toolkit_ga`` /
    ``toolkit_update`` rows) and, when TensorFlow's CUDA is known
    (:func:`~tfgpu.diagnosis.checks.libraries._tf_cuda_major_log`), the driver its PTX needs
    (:meth:`Knowledge.min_driver` with ``ptx_jit``). ``None`` without a driver version."""
    drv = ctx.driver_version
    if not drv:
        return None
    os = "windows" if ctx.windows else ("wsl2" if ctx.wsl else "linux")
    kb = ctx.kb
    best: tuple[Any, str] | None = None
    try:
        for row in kb.drivers:
            value = row.driver_for(os) if row.kind in ("toolkit_ga", "toolkit_update") else None
            if value and driver_at_least(drv, value) is True:
                v = parse_version(row.cuda_version)
                if best is None or v > best[0]:
                    best = (v, row.cuda_version)
    except KnowledgeQueryError:
        return None
    if best is None:
        return None
    newest = ".".join(best[1].split(".")[:2])
    why = (f"the PTX was made by a CUDA newer than this driver can JIT-compile: driver {drv} "
           f"JIT-compiles PTX of CUDA {newest} at most (the newest toolkit whose minimum "
           f"driver it meets), so the driver is too old for the CUDA that made the PTX")
    fix = ["nvidia-smi   # 'Driver Version', and 'CUDA Version': the newest CUDA it supports"]
    tf = _tf_cuda_major_log(ctx)
    need = None
    if tf is not None:
        rt = _runtime_major(ctx) or str(tf[0])
        cuda = rt if rt.split(".")[0] == str(tf[0]) else str(tf[0])
        with contextlib.suppress(KnowledgeQueryError):
            need = kb.min_driver(cuda, os, ptx_jit=True)
        if need is not None:
            why += (f"; TensorFlow runs on CUDA {cuda} ({tf[1]}), whose PTX needs driver >= "
                    f"{need.version}")
            fix += driver_install_lines(ctx, need.version)
    if need is None:
        fix.append("# upgrade the NVIDIA driver to one that supports this TensorFlow's CUDA "
                   f"(tfgpu matrix lists each release's CUDA): {docs.url('nvidia-drivers')}")
    fix.append(f"# or use a TensorFlow release built for CUDA {newest} or older")
    return why, tuple(fix)


# --- "Could not find cuda drivers" is a missing CUDA runtime, read two ways ------
#
# Source: TensorFlow's cudart stub (messages_gpu_stack source ``tsl-cudart-stub``:
# tensorflow/tsl/cuda/cudart_stub.cc in 2.12-2.14, external/local_tsl/tsl/cuda/ from 2.15 (the
# 2.15.1 log of tensorflow/tensorflow#70960 prints it; 2.15 moved XLA and TSL out of the tree:
# recording tf2.15-docker-latest-gpu-2x-l4-gcp-working.txt prints external/local_xla/, the 2.14
# one tensorflow/compiler/xla/), external/local_xla/xla/tsl/cuda/ from 2.18; the TF 2.21
# wheel's libtensorflow_framework.so.2 names external/xla/xla/tsl/cuda/cudart_stub.cc).
# Its GetDsoHandle() lambda calls tsl::internal::DsoLoader::GetCudaRuntimeDsoHandle()
# (libcudart of the build's CUDA major) and, when that fails, LOG(INFO)s "Could not find
# cuda drivers on your machine, GPU will not be used."; the driver stub (cuda_stub.cc,
# GetCudaDriverDsoHandle) logs nothing (disassembly of the TF 2.21 wheel: the string's only
# reference follows the GetCudaRuntimeDsoHandle call).
# So despite its words the line says the CUDA *runtime* did not load, whatever the driver.

#: Folder of the stub in the log line -> the TensorFlow minors that print it (the source
#: note above; platform fact ``tf-log-source-paths``: 2.12-2.14 tensorflow/tsl/, 2.15+
#: external/local_tsl, external/local_xla, external/xla); their tested builds
#: (tf_tested_configs.toml) give the CUDA major, when they agree on one.
_STUB_FOLDERS: tuple[tuple[str, tuple[int, int]], ...] = (
    ("external/xla/xla/tsl/cuda/", (16, 21)),
    ("external/local_xla/xla/tsl/cuda/", (16, 21)),
    ("external/local_tsl/tsl/cuda/", (15, 21)),
    ("tensorflow/tsl/cuda/", (12, 14)),
)

#: The CUDA runtime's Linux file name by CUDA major, as TensorFlow's loader names it
#: (dso_loader lines, messages_gpu_stack rows: libcudart.so.11.0 for CUDA 11,
#: libcudart.so.12 for CUDA 12).
_CUDART_SONAME = {11: "libcudart.so.11.0", 12: "libcudart.so.12"}


def _stub_cuda_major(ctx: Facts, hits: Hits) -> tuple[int, str] | None:
    """``(CUDA major of the runtime that did not load, how it is known)``: TensorFlow's
    version (host facts or a version line: its tested build, tf_tested_configs.toml), else
    the stub's folder in the log line when every release printing from that folder was
    built with one CUDA major; ``None`` when neither tells."""
    known = _tf_cuda_major_log(ctx)
    if known is not None:
        return known
    text = hits.first[0].text if hits.first else ""
    for folder, (lo, hi) in _STUB_FOLDERS:
        if folder in text:
            majors = set()
            for minor in range(lo, hi + 1):
                b = ctx.kb.tested_gpu_build(f"2.{minor}", "linux")
                if b is not None:
                    majors.add(b.cuda.split(".")[0])
            if len(majors) == 1:
                major = int(majors.pop())
                span = f"2.{lo}+" if hi >= 21 else f"2.{lo}-2.{hi}"
                return major, (f"the stub's folder {folder} is printed by TensorFlow "
                               f"{span}, built with CUDA {major}")
            return None
    return None


def drivers_notice_reading(ctx: Facts, hits: Hits) -> Finding:
    """``cuda-drivers-not-found-notice`` when neither the host facts nor the log show an
    NVIDIA GPU (the GPU case is ``tf-cuda-runtime-missing``, :func:`rule_cuda_drivers`).

    * harmless (variant ``no-gpu``): the host facts show no NVIDIA GPU, or the log says so
      (:meth:`Facts.no_gpu_log_evidence`: no /dev/nvidia0, kernel driver not running,
      cudaErrorNoDevice, CUDA_ERROR_NO_DEVICE);
    * otherwise a conditional warning (variant ``gpu-not-shown``): TensorFlow's CUDA runtime
      (libcudart of its build's CUDA major, :func:`_stub_cuda_major`) did not load, so this
      run cannot use a GPU; harmless on a host without an NVIDIA GPU, the fault on one
      (in real reports it nearly always was: a pip install without ``[and-cuda]``, a CUDA
      toolkit of another major version, a container image without the CUDA libraries).  The fix
      starts with ``nvidia-smi``, which tells the two apart, then the host's fix: pip
      ``tensorflow[and-cuda]`` of its version (:func:`and_cuda_fix`), native Windows' last
      GPU release (:func:`windows_gpu_last`), a container's image and ``--gpus all``.
    """
    no_gpu = ctx.no_gpu_log_evidence()
    if ctx.has_nvidia_gpu is False or no_gpu:
        where = ("the host facts show no NVIDIA GPU" if ctx.has_nvidia_gpu is False
                 else f"the log says this host has no NVIDIA GPU or driver (line "
                 f"{no_gpu[0].line}: \"{no_gpu[0].text.strip().split('] ', 1)[-1][:120]}\")")
        return catalogue.make(
            "cuda-drivers-not-found-notice", variant="no-gpu",
            evidence=log_evidence(hits, no_gpu),
            cause=(f"TensorFlow's CUDA runtime library did not load (this line is its cudart "
                   f"stub's, despite the words), and {where}: TensorFlow runs on the CPU, "
                   "as expected, and nothing needs fixing."),
            fix=(),
        )
    line = hits.first[0].line
    known = None if ctx.windows else _stub_cuda_major(ctx, hits)
    if ctx.windows:
        cuda, filename = "CUDA", "cudart64_*.dll"
    elif known is not None:
        cuda, filename = f"CUDA {known[0]}", _CUDART_SONAME.get(known[0], "libcudart")
    else:
        cuda, filename = "CUDA", "libcudart"
    how = f" ({known[1]})" if known is not None else ""
    cause = (
        f"'Could not find cuda drivers' (line {line}) is printed by TensorFlow's cudart stub "
        f"when the {cuda} runtime library {filename}{how} does not load, whatever the NVIDIA "
        "driver: without it TensorFlow registers no GPU and runs on the CPU. The log shows "
        "neither an NVIDIA GPU nor a line saying there is none, so two cases remain: on a "
        "host with an NVIDIA GPU the CUDA libraries this TensorFlow was built for are not "
        "installed or not on the loader's path (a pip install without the [and-cuda] extra, "
        "a CUDA toolkit of another major version, a container image without the CUDA "
        "libraries: the fix below); on a host without one it is harmless and there is "
        "nothing to fix."
    )
    fix = ["nvidia-smi   # lists an NVIDIA GPU: the lines below apply; no NVIDIA GPU (or no "
           "nvidia-smi): nothing to fix, TensorFlow runs on the CPU"]
    if ctx.windows:
        # the stub's line is from 2.12+, and native Windows has no GPU build after 2.10
        # (platform fact windows-native-gpu-last): the host's fix is WSL2 or that release
        _, last, keep, build = windows_gpu_last(ctx)
        cause += (f" On native Windows TensorFlow after {last} has no GPU support at all, so "
                  "no CUDA install makes this TensorFlow use the GPU.")
        fix.append(f"native Windows GPU support ends at TensorFlow {last}: use WSL2 for "
                   f'newer releases, or pip install "{keep}"{c.numpy_cap_for(ctx.kb, last)} '
                   f"with {build} on PATH")
    else:
        fix.append(and_cuda_fix(ctx))
        if ctx.in_container:
            fix.append("# in a container: use an image with TensorFlow's CUDA libraries (a "
                       "tensorflow/tensorflow:<version>-gpu image, or tensorflow[and-cuda] "
                       "installed in it) and start it with --gpus all (NVIDIA Container "
                       "Toolkit)")
        fix.append('python -c "import tensorflow as tf; print(tf.__version__, '
                   'tf.sysconfig.get_build_info().get(\'cuda_version\'))"   # the CUDA '
                   "this TensorFlow needs")
    failure = failure_without_gpu_words(ctx.log)
    if failure is not None:
        # that process had no GPU: whatever failed in it, a GPU did not (the failure leads)
        cause += (f" This run then failed ({failure[:200]}), and that failure names nothing "
                  "of the GPU stack: with no GPU in this process it is not a GPU fault. Solve "
                  "it first; the lines below matter only if the run was meant for a GPU.")
    return catalogue.make(
        "cuda-drivers-not-found-notice",
        variant="gpu-not-shown" if failure is None else "gpu-not-shown-beside-failure",
        cuda=cuda, filename=filename,
        category="windows-dll" if ctx.windows else "gpu-not-visible",
        # an empty GPU list after it (visibility.py leaves it to this finding)
        evidence=log_evidence(hits, ctx.h("gpu.empty_list").first[:1]),
        cause=cause, fix=tuple(fix),
        doc="tf-pip-windows-native" if ctx.windows else None,
    )
