"""Fault kind ROCM: tensorflow-rocm cannot load the AMD ROCm libraries it was built against.

tensorflow-rocm links the HIP runtime and ROCm libraries (libamdhip64, MIOpen, rocBLAS...) of
one ROCm release; when they are missing, or of another major version, the import fails with
``libamdhip64.so.4: cannot open shared object file`` (tensorflow/tensorflow#47917); an
installed ROCm whose library folder the loader does not search fails the same way (AMD's
post-install step adds /opt/rocm/lib and /opt/rocm/lib64 to /etc/ld.so.conf.d/rocm.conf and
runs ldconfig: platform_facts source ROCMPOSTINSTALL).  AMD's release matrix is platform fact
``amd-rocm``.  CUDA fixes never apply, so
:func:`tfgpu.diagnosis.checks.libraries.rule_missing_libraries` leaves these libraries here.
XLA on tensorflow-rocm also needs ROCm's device-library bitcode (:func:`xla_rocm_device_libs`).
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding
from tfgpu.knowledge import gpu_stacks

_BASE_RE = re.compile(r"^lib([\w+-]+?)\.so")


def rocm_base(filename: str) -> str | None:
    """The ROCm library base of ``filename`` (``libamdhip64.so.4`` -> ``amdhip64``,
    ``libmcwamp.so.3`` -> ``mcwamp``), or ``None`` when it is not a ROCm library (the
    ``rocm`` rows of ``gpu_stack_libraries.toml``)."""
    row = gpu_stacks.library(filename)
    return row.base if row is not None and row.stack == "rocm" else None


def _component(filename: str) -> str:
    """What the ROCm library ``filename`` is, and the releases that ship it (its row of
    ``gpu_stack_libraries.toml``)."""
    row = gpu_stacks.library(filename)
    if row is None:
        return "a ROCm library"
    return row.what + (f"; shipped by {row.releases}" if row.releases else "")


#: The libraries the fix's listing looks for: the HIP runtime (both names), MIOpen, rocBLAS.
_GREP_NAMES = "amdhip64|hip_hcc|MIOpen|rocblas"


def _extra_name(row: gpu_stacks.StackLibrary | None) -> str:
    """``|<base>`` for the fix's listing when the missing library is none of
    :data:`_GREP_NAMES`, else ``""``."""
    if row is None or row.base in _GREP_NAMES.lower().split("|"):
        return ""
    # HCC-era names come with a hyphen or an underscore (libhipblas-hcc.so, hipblas_hcc)
    return "|" + row.base.replace("_", "[-_]")


def _rocm_missing_hits(f: Facts) -> list[Hit]:
    """The lines naming a ROCm library that did not load: the loader's ``lib.missing`` lines,
    and TensorFlow 1.x's (and hipTensorFlow's) ``dso_loader.cc`` "Couldn't open CUDA library
    <name>" (``lib.old_dso_missing``), which that loader prints for the ROCm libraries too."""
    return [h for n in ("lib.missing", "lib.old_dso_missing") for h in f.h(n).all()
            if rocm_base(h.g("lib") or "")]


def rocm_runtime_missing(f: Facts) -> list[Finding]:
    """``rocm-runtime-missing``: a ROCm library of TensorFlow's ROCm build did not load; the
    cause names the component and the ROCm releases that ship its file name (rows of
    ``gpu_stack_libraries.toml``: an HCC-era library such as libmcwamp.so.3 is not in the
    ROCm releases after 3.3)."""
    hits = _rocm_missing_hits(f)
    if not hits or f.other_framework:
        # (PyTorch's own ROCm build missing its HIP runtime, ROCm/TheRock#1119: not
        # tensorflow-rocm's; the unknown finding quotes the line)
        return []
    filename = hits[0].need("lib")  # the hits are those whose library is a ROCm one
    fact = f.kb.platform_fact("amd-rocm")
    matrix = "; ".join(str(x) for x in fact.values.get("rocm_matrix", ()))
    row = gpu_stacks.library(filename)
    refs = ", ".join(x for x in (fact.ref, row.ref if row else "") if x)
    return [catalogue.make(
        "rocm-runtime-missing", filename=filename,
        component=_component(filename), ref=refs,
        evidence=log_evidence(hits),
        fix=("ls /opt/rocm*/lib /opt/rocm*/lib64 /opt/rocm*/hip/lib 2>/dev/null | grep -i -E "
             f"'{_GREP_NAMES}{_extra_name(row)}'   # the ROCm installed, if any, and where",
             "printf '/opt/rocm/lib\\n/opt/rocm/lib64\\n' | sudo tee -a "
             "/etc/ld.so.conf.d/rocm.conf && sudo ldconfig   # AMD's post-install step: "
             "the loader then finds ROCm's libraries (or add the folder ls found, e.g. "
             "/opt/rocm/hip/lib, to LD_LIBRARY_PATH)",
             "pip show tensorflow-rocm   # the ROCm release this wheel was built for",
             f"# install that ROCm release, or the tensorflow-rocm wheel built for the ROCm you "
             f"have (AMD's matrix: {matrix})",
             "# or the rocm/tensorflow Docker image, which ships both"),
        knowledge_ref=fact.ref,
    )]


# --- a crash right after the ROCm runtime opened ------------------------------------
#: The HIP runtime's names: libamdhip64 (ROCm 3.5 on), libhip_hcc (ROCm 3.x and older).
_HIP_RUNTIME = ("amdhip64", "hip_hcc")
#: Crash lines of the C library / shell: glibc's __fortify_fail "*** stack smashing detected
#: ***", the shell's "Segmentation fault" / "Aborted" (bminor/bash siglist.c).
_CRASH = re.compile(r"\*\*\* stack smashing detected \*\*\*|Segmentation fault|^\s*Aborted\b"
                    r"|\(core dumped\)")


def rocm_crash_after_load(f: Facts) -> list[Finding]:
    """``tensorflow-rocm-rocm-version-mismatch``: the log opens the HIP runtime
    (``Successfully opened dynamic library libamdhip64.so``) and the process then dies (stack
    smashing, a segmentation fault, an abort) within 30 lines of the last ROCm library it
    opened, with no E-level TensorFlow line between: hedged
    between a wheel built for another ROCm release, another release's libraries first on the
    library path and a GPU the ROCm does not support (findings.toml row comment, with the
    threads).  Nothing when a fatal TensorFlow line (``Check failed``, an F-level line) or an
    illegal instruction explains the crash."""
    opened = [h for h in f.h("lib.opened").all()
              if (m := _BASE_RE.match((h.g("lib") or "").rsplit("/", 1)[-1]))
              and m.group(1).lower() in _HIP_RUNTIME]
    if not opened:
        return []
    first = opened[0]
    crashes = sorted((h for h in f.h("tell.stack_smashing").all() + f.h("tell.fatal").all()
                      + f.h("tell.line").all()
                      if h.line > first.line and _CRASH.search(h.text)), key=lambda h: h.line)
    if not crashes or f.h("cpu.illegal").count:
        return []
    if any("Check failed" in h.text for h in f.h("tell.fatal").all()) or f.glog_fatal:
        return []
    crash = crashes[0]
    # "right after": the crash within 30 lines of the last ROCm library opened, with no
    # E-level TensorFlow line between (that line would be the message to read instead)
    rocm_opened = [h for h in f.h("lib.opened").all()
                   if h.line < crash.line and (rocm_base(h.g("lib") or "") or h in opened)]
    last = rocm_opened[-1] if rocm_opened else first
    if crash.line - last.line > 30 or any(
            last.line < h.line < crash.line and h.g("lvl") == "E" for h in f.h("tell.glog").all()):
        return []
    fact = f.kb.platform_fact("amd-rocm")
    matrix = "; ".join(str(x) for x in fact.values.get("rocm_matrix", ()))
    word = ("stack smashing detected" if "stack smashing" in crash.text
            else "segmentation fault" if "Segmentation fault" in crash.text else "aborted")
    return [catalogue.make(
        "tensorflow-rocm-rocm-version-mismatch",
        crash=word, library=(first.g("lib") or "libamdhip64.so").rsplit("/", 1)[-1],
        ref=fact.ref, matrix=matrix,
        evidence=log_evidence([first], crashes[:1]),
        knowledge_ref=fact.ref,
    )]


def rocm_no_device(f: Facts) -> list[Finding]:
    """``cuda-visible-devices-hides-gpus`` (variant ``rocm``, hedged) for TensorFlow's ROCm
    driver wrapper reporting HIP's no-device error (pattern ``rocm.no_device``:
    ``rocm_driver.cc`` "could not retrieve ROCM device count: HIP_ERROR_NoDevice", "failed
    call to hipInit: ..."): a visibility variable (HIP_VISIBLE_DEVICES, CUDA_VISIBLE_DEVICES,
    ROCR_VISIBLE_DEVICES: AMD's HIP environment variables page), the device nodes'
    permissions, or a GPU this ROCm does not list (findings.toml row comment, with the
    sources).  Nothing when the doctor probed the host (its own checks read it), or when a
    ROCm library did not load (``rocm_runtime_missing`` names that cause)."""
    hits = f.h("rocm.no_device").all()
    if not hits or (f.host is not None and f.host.probes):
        return []
    if any(k and rocm_base(k) for k in f.h("lib.missing").by_key):
        return []
    return [catalogue.make(
        "cuda-visible-devices-hides-gpus", variant="rocm", name=hits[0].g("name") or "",
        evidence=log_evidence(hits[:1], f.h("ctx.cvd_set").all()[-1:]),
    )]


#: How many lines before the fault TensorFlow's "running auto-tune for ..." line may be (the
#: auto-tune of one convolution pass runs MIOpen's Find for it right away).
_AUTOTUNE_LINES = 20
#: The fault reasons of ROCR-Runtime's handler that name the GPU's memory hardware.
_ECC_REASONS = ("DRAM ECC failure", "SRAM ECC failure")


def rocm_vm_fault(f: Facts) -> list[Finding]:
    """``gpu-kernel-fault`` (variant ``rocm-vm-fault``, a hedge like the CUDA kernel fault) for
    the ROCm runtime's "Memory access fault by GPU node-N (Agent handle: ...) on address
    0x...  Reason: ..." (pattern ``rocm.vm_fault``; ROCR-Runtime ``runtime.cpp``
    ``VMFaultHandler``, which aborts the process after it): a kernel's bad access, a GPU the
    ROCm does not support, or the kernel driver; an ECC reason names the GPU's memory.  A
    fault right after TensorFlow's "running auto-tune for <pass>" (pattern
    ``rocm.conv_autotune``) came from MIOpen's convolution search: the hedge says so, with the
    ROCm 2.4 release notes' known issues of that fault (ROCm/ROCm README.md at a84e6109,
    "Known issues / workarounds": MIOpen's test_conv and a TensorFlow model on Polaris)."""
    hits = f.h("rocm.vm_fault").all()
    if not hits:
        return []
    first = hits[0]
    reason = (first.g("reason") or "").strip() or "not printed"
    ecc = ("; the reason given, an ECC failure, is the GPU's own memory: a hardware fault to "
           "check with rocm-smi and the vendor" if reason in _ECC_REASONS else "")
    deaths = [h for h in f.h("tell.line").all() + f.h("tell.fatal").all()
              if 0 < h.line - first.line <= 3 and ("Aborted" in h.text or "core dumped" in h.text)]
    tuning = [h for h in f.h("rocm.conv_autotune").all()
              if 0 < first.line - h.line <= _AUTOTUNE_LINES]
    during = ""
    if tuning and not ecc:
        during = (f" It came while TensorFlow auto-tuned a convolution ('running auto-tune for "
                  f"{tuning[-1].g('pass')}'), when MIOpen's Find step compiles its candidate "
                  "kernels for this GPU's gfx target and runs each of them: a MIOpen kernel, or "
                  "the ROCm compiler that built it for this target, is then the likely one; "
                  "ROCm's release notes have listed this fault as a known issue (ROCm 2.4: "
                  "MIOpen's convolution test, a TensorFlow model on Polaris GPUs): a newer ROCm "
                  "is the first thing to try.")
    return [catalogue.make(
        "gpu-kernel-fault", variant="rocm-vm-fault", node=first.g("node") or "?",
        reason=reason, ecc=ecc, during=during,
        evidence=log_evidence(hits[:1], tuning[-1:], deaths[:1]),
    )]


#: The statuses of ROCclr's queue abort that are a kernel's fault (ROCR-Runtime hsa.h: an
#: access outside the legal aperture, a memory fault, a hardware exception, an illegal
#: instruction); others (HSA_STATUS_ERROR_OUT_OF_RESOURCES...) are left unrecognised.
_QUEUE_FAULTS = ("HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION", "HSA_STATUS_ERROR_MEMORY_FAULT",
                 "HSA_STATUS_ERROR_EXCEPTION", "HSA_STATUS_ERROR_ILLEGAL_INSTRUCTION")


def rocm_queue_abort(f: Facts) -> list[Finding]:
    """``gpu-kernel-fault`` variant ``rocm-queue-abort``: ROCclr's queue callback aborted with
    a kernel-fault status (pattern ``rocm.queue_abort``; ROCm/clr ``rocdevice.cpp``), the same
    hedge as the VM-fault line; nothing when that line is there too (it names the fault)."""
    hits = [h for h in f.h("rocm.queue_abort").all() if h.g("status") in _QUEUE_FAULTS]
    if not hits or f.h("rocm.vm_fault").count:
        return []
    first = hits[0]
    text = (first.g("text") or "").strip().rstrip(".")
    return [catalogue.make(
        "gpu-kernel-fault", variant="rocm-queue-abort", status=first.g("status") or "",
        text=f" ('{text.lstrip(': ')}')" if text.lstrip(": ") else "",
        evidence=log_evidence(hits[:1]),
    )]


#: Where ROCm's device libraries are on this host (the folder XLA_FLAGS should name).
_FIND_DEVICE_LIBS = ("find /opt/rocm* -name ocml.bc 2>/dev/null   # the folder that holds "
                     "ROCm's device libraries")


def xla_rocm_device_libs(f: Facts) -> list[Finding]:
    """``xla-rocm-device-libs-not-found``: "bitcode module not found at <dir>/ocml.bc" (or
    opencl.bc, ockl.bc, oclc_*.bc: ROCm's device libraries; pattern
    ``xla.rocm_bitcode_missing``).  A path in the current folder ("./opencl.bc") is XLA's
    last resort: no folder it tried exists (``GetROCDLDir``); a path in a named folder: that
    folder exists and lacks the file (variant ``folder-incomplete``), or is no device-library
    folder at all, so a --xla_gpu_cuda_data_dir names the wrong one (variant
    ``folder-not-device-libs``)."""
    hits = f.h("xla.rocm_bitcode_missing")
    if not hits.count:
        return []
    first = hits.first[0]
    path = first.g("path") or ""
    name = first.g("name") or "the device library"
    folder = path[: -len(name)].rstrip("/") if path.endswith(name) else ""
    if folder in ("", "."):
        return [catalogue.make(
            "xla-rocm-device-libs-not-found", name=name, path=path or name,
            evidence=log_evidence(hits, limit=2),
            fix=(_FIND_DEVICE_LIBS,
                 "export XLA_FLAGS=--xla_gpu_cuda_data_dir=<that folder>   # XLA looks there "
                 "first (or export ROCM_PATH=<the ROCm root, e.g. /opt/rocm>, which later "
                 "tensorflow-rocm releases read)",
                 "# or run without XLA: jit_compile=False, TF_XLA_FLAGS=--tf_xla_auto_jit=0"),
        )]
    if not folder.rstrip("/").endswith(("amdgcn/bitcode", "/lib", "/bitcode")):
        return [catalogue.make(
            "xla-rocm-device-libs-not-found", variant="folder-not-device-libs", name=name,
            folder=folder, evidence=log_evidence(hits, limit=2),
            fix=("echo \"$XLA_FLAGS\"   # a --xla_gpu_cuda_data_dir naming that folder",
                 _FIND_DEVICE_LIBS,
                 "export XLA_FLAGS=--xla_gpu_cuda_data_dir=<that folder>   # or leave the flag "
                 "out: XLA then looks under the ROCm root"),
        )]
    return [catalogue.make(
        "xla-rocm-device-libs-not-found", variant="folder-incomplete", name=name,
        folder=folder, evidence=log_evidence(hits, limit=2),
        fix=(f"ls {folder}   # the device libraries this ROCm has",
             "rocminfo | grep -E 'Name: +gfx'   # the GPU's target: oclc_isa_version_<its "
             "number>.bc must be in that folder",
             "# install a ROCm release (with its tensorflow-rocm) that supports this GPU, or "
             "reinstall ROCm's rocm-device-libs package if files are missing"),
    )]


def rocm_kernel_jit_failed(f: Facts, hits: list[Hit]) -> Finding:
    """``tf-kernel-jit-failed`` variant ``rocm``: kernel_gen's "JIT compilation failed." on a log
    of AMD's ROCm stack (:attr:`Facts.rocm_log`).  tf_framework_c_interface.cc (tensorflow/
    tensorflow@057f8c812fb07bc803592c058b8b6e8569b4734f) compiles for the GPU's
    ``gcn_arch_name()`` in a ROCm build, and gpu_kernel_to_blob_pass.cc (@03daf31df232e23c1146
    88e603d9f7d488682504) through XLA's ``amdgpu::CompileToHsaco`` ("Failure when generating
    HSACO"), which links ROCm's device libraries from tsl ``RocdlRoot()``: ``ROCM_PATH``, else
    the build's ROCm folder, plus ``amdgcn/bitcode`` (third_party/tsl/tsl/platform/default/
    rocm_rocdl_path.cc @3d865650905bab69b97f6b4b61ba32e095f895a1).  So no CUDA toolkit, ptxas
    or nvidia wheel is the fix; the process's environment is a suspect (tensorflow/tensorflow
    #79798: a script that ran from a terminal failed from an IDE's run button)."""
    return catalogue.make(
        "tf-kernel-jit-failed", variant="rocm", evidence=log_evidence(hits, limit=2),
        fix=(c.set_env(f, "TF_CPP_MIN_LOG_LEVEL", "0") + "   # rerun: the error logged just "
             "before it says what the compile lacked",
             'ls "${ROCM_PATH:-/opt/rocm}"/amdgcn/bitcode   # ROCm\'s device libraries '
             "(ocml.bc...) the compile links, under ROCM_PATH or the build's ROCm folder",
             "env | grep -E '^(ROCM_PATH|HIP_DEVICE_LIB_PATH|HSA_OVERRIDE_GFX_VERSION|PATH|"
             "LD_LIBRARY_PATH)='   # in a run that works (a terminal) and in the one that fails "
             "(an IDE's run configuration, a service): give the failing one the same",
             "# this is a ROCm build: CUDA toolkits, ptxas and nvidia-* wheels play no part"),
    )
