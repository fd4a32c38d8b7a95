"""XLA and ptxas: libdevice, ptxas missing/too old/buggy, PTX JIT.

Moved here with their kinds: XLA's ptxas search (tensorflow
``stream_executor/gpu/asm_compiler.cc`` TF 2.1-2.10 and ``compiler/xla/service/gpu/
nvptx_compiler.cc`` TF 2.0: each candidate CUDA root is logged at VLOG 2, "Looking for ptxas at
<root>/bin/ptxas", the first that exists is used, "Using ptxas at ..."; PATH is not searched
while a candidate exists, tensorflow/tensorflow#33375), and functions XLA cannot compile
(``libtensorflow_cc.so.2`` tf2xla of the tensorflow 2.21.0 wheel: "Detected unsupported
operations when trying to compile graph ", "XLA compilation requires a fixed tensor list size
...", "XLA compilation requires a fixed stack size upper bound ...", "XLA can't deduce compile
time constant output shape for strided slice: ").

A variable on another device than the XLA cluster (``xla_variable_other_device``):

* TensorFlow's XLA launch (compiler/jit): "Trying to access resource <name> (defined @ <loc>)
  located in device <A> from device <B>" and " Cf. https://www.tensorflow.org/xla/
  known_issues#tfvariable_on_a_different_device" (all three strings in TF 2.21's
  libtensorflow_cc); that known issue: an XLA cluster cannot use a variable placed on another
  device than the one it runs on.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.diagnosis.checks.driver_ceiling import driver_install_lines
from tfgpu.diagnosis.checks.driver_files import own_loader_ptx_jit_missing
from tfgpu.diagnosis.checks.libraries import _cuda_major_of
from tfgpu.diagnosis.checks.metal import metal_evidence, metal_variable_other_device
from tfgpu.diagnosis.checks.rocm import rocm_kernel_jit_failed
from tfgpu.diagnosis.checks.triton_ptx import (
    ptxas_origin,
    triton_lines,
    triton_ptxas_too_old,
    xla_host,
)
from tfgpu.diagnosis.checks.xla_conda import conda_libdevice
from tfgpu.facts.log import MAX_FOLLOW_LINES, Hit
from tfgpu.facts.view import Facts, log_evidence, tf_minor
from tfgpu.findings import Finding, Severity
from tfgpu.knowledge import docs

#: TensorFlow's own words that a missing ptxas is fine: the driver compiles the PTX
#: (``asm_compiler.cc``, TF 1.x-2.x: "Will back to the GPU driver ... This is OK so long as
#: you don't see a warning below about an out-of-date driver version").
_FALLBACK_SAID = re.compile(r"Will back to the GPU driver|This is OK so long as", re.IGNORECASE)

#: asm_compiler.cc's ptxas version check (``WarnIfBadPtxasVersion``, TF 2.x: "Couldn't get
#: ptxas version string", "Running ptxas --version returned %d", TF 2.11+ "Couldn't get
#: ptxas/nvlink version string"): a LOG(WARNING), then the compilation goes on and reports
#: the same unusable ptxas in its own status.
_VERSION_CHECK = re.compile(r"Couldn't get ptxas(?:/nvlink)? version|Running ptxas --version "
                            r"returned")
#: An LLVM/ptxas line that stopped the compile ("LLVM ERROR: ...", ptxas's "error :" /
#: "fatal :"), as opposed to LLVM's "(ignoring processor)" warning.
_COMPILE_STOPPED = re.compile(r"LLVM ERROR|\b(?:error|fatal)\s*:", re.IGNORECASE)
#: a Windows build's log names its source files with backslashes (``C:\...\x.cc:12]``) or
#: as ``.\tensorflow/...``: the host is native Windows even without host facts.
_WIN_SOURCE = re.compile(r"(?:^|\s)\.\\\w|\b[A-Za-z]:\\|\\[\w.]+\.cc:\d+\]")


def _driver_fallback_statuses(ctx: Facts) -> list[Hit]:
    """The ptxas statuses TensorFlow logged as the reason it relies on the driver.

    redzone_allocator.cc (TF 2.1-2.14, ``CheckRedzones``) and nvptx_compiler.cc (TF 2.10-2.11)
    log one record when compiling PTX with ptxas fails: ``status.ToString()``, then
    "\\nRelying on driver to perform ptx compilation." (row xla-relying-on-driver-ptx); the
    kernel is then built from the PTX text by the driver's JIT, so the program goes on. The
    status is any of asm_compiler.cc's ptxas failures ("Failed to launch ptxas": the
    subprocess did not start; "ptxas exited with non-zero error code %d, output: "; "Couldn't
    invoke ptxas ..."). A ``xla.ptxas_missing`` hit is such a status when a "Relying on driver"
    line is the same line or the next one; the version-check warnings before it
    (:data:`_VERSION_CHECK`) belong to the same failed compilation. Empty when no status is
    followed by the fallback line."""
    relying = [h for h in ctx.h("xla.driver_fallback").all() if "Relying on driver" in h.text]
    if not relying:
        return []
    miss = ctx.h("xla.ptxas_missing").all()
    # the fallback line is the status's next line, or one of the lines its message was
    # joined from (a hard wrap: the join may take the fallback line in)
    paired = [h for h in miss if any(h.line <= r.line <= h.span[-1] + 1 or _after_wrapped(h, r)
                                     for r in relying)]
    if not paired:
        return []
    last = paired[-1].line
    return [h for h in miss
            if h in paired or (h.line < last and _VERSION_CHECK.search(h.read))]


def _after_wrapped(status: Hit, relying: Hit) -> bool:
    """Whether the "Relying on driver" line ``relying`` comes right after the status
    ``status`` that a hard wrap spread over several lines: the status was joined from them
    (recorded at its first line) and the line just before ``relying`` is its last piece
    (:attr:`tfgpu.facts.log.Hit.before`)."""
    tail = relying.before.strip()
    return (bool(tail) and 1 < relying.line - status.line <= 1 + MAX_FOLLOW_LINES
            and status.text.rstrip().endswith(tail))


def _fallback_on_windows(ctx: Facts, statuses: list[Hit]) -> bool:
    """The ptxas fallback ``statuses`` come from native Windows: host facts say so, or (no host
    facts) a Windows source path stands in them or in the fallback line. There TensorFlow does
    not run ptxas ("GPU asm compilation is supported on Cuda non-Windows platforms only",
    xla.asm_windows): the fallback is TensorFlow's normal path and a notice for ordinary
    training, tensorflow/tensorflow#50562; putting a ptxas on PATH does not change it."""
    if ctx.host is not None:
        return ctx.windows
    lines = (*statuses, *ctx.h("xla.driver_fallback").all())
    return any(_WIN_SOURCE.search(h.text) for h in lines)


def rule_xla(ctx: Facts) -> list[Finding]:
    """libdevice, ptxas missing/too old/buggy, PTX JIT."""
    out: list[Finding] = []
    lib = ctx.h("xla.libdevice")
    if lib.count:
        windows = _native_windows_log(ctx)
        # a conda-forge or pixi environment: libdevice in $CONDA_PREFIX/nvvm (xla_conda.py)
        conda = None if windows else conda_libdevice(
            ctx, lib.all(), None if ctx.jax_log else _ptxas_wheel(ctx))
        out.append(conda if conda is not None else
            catalogue.make(
                "xla-libdevice-not-found",
                evidence=log_evidence(ctx.h("xla.service").first[:1], lib),
                fix=_windows_libdevice_fix() if windows else _linux_fix(ctx),
            )
        )
    out += c.from_log(ctx, "xla.ptxas_bug", lambda bug, first: catalogue.make(
        "ptxas-version-rejected",
        version=first.g("v"),
        evidence=log_evidence(bug),
        fix=(
            f'pip install "nvidia-cuda-nvcc-cu12!={first.g("v")}"   # any other release',
            "or put another CUDA toolkit's ptxas first on PATH / point "
            "XLA_FLAGS=--xla_gpu_cuda_data_dir at it",
        ),
    ))
    miss = ctx.h("xla.ptxas_missing")
    # TF 1.x-2.x: "Can't find ptxas binary ... Will back to the GPU driver for PTX -> sass
    # compilation. This is OK so long as you don't see a warning below about an
    # out-of-date driver version" (asm_compiler.cc): a notice, unless that warning or a
    # PTX compilation failure follows.
    trouble = any(ctx.h(n).count for n in ("xla.ptx_jit", "xla.driver_older_than_ptxas",
                                           "xla.ptxas_arch", "xla.ptxas_loaded_arch"))
    # a ptxas status logged with "Relying on driver to perform ptx compilation": the driver
    # built the kernel; on native Windows that is TensorFlow's normal path (the notice, in
    # _ptxas_version_checks), elsewhere ptxas is missing but nothing failed (a warning)
    fell_back = _driver_fallback_statuses(ctx) if not trouble else []
    fell_lines = {h.line for h in fell_back}
    real_miss = [h for h in miss.all() if (trouble or not _FALLBACK_SAID.search(h.text))
                 and h.line not in fell_lines]
    on_windows = bool(fell_back) and _fallback_on_windows(ctx, fell_back)
    if real_miss or (fell_back and not on_windows):
        out.append(catalogue.make(
            "ptxas-not-found",
            variant=None if real_miss else "driver-fallback",
            evidence=log_evidence(sorted([*real_miss, *([] if on_windows else fell_back)],
                                         key=lambda h: h.line)),
            fix=(_jax_ptxas_fix()[:2] if ctx.jax_log else
                 (*_linux_fix(ctx)[:2], "which ptxas && ptxas --version")),
        ))
    # the driver's own JIT log (cuda_driver.cc "error log buffer"): not XLA's ptxas
    # (driver_jit_rejects_ptx)
    jit_log = {h.line for h in ctx.h("xla.driver_jit_log").all()} | _driver_error_jit_lines(ctx)
    # Triton's ptxas and code-generator lines are its own finding's (checks/triton_ptx.py)
    triton_ptxas, triton_codegen = triton_lines(ctx)
    old = [h for h in ctx.h("xla.ptxas_old").all()
           if h.line not in jit_log and h not in triton_codegen]
    arch = [h for h in (*ctx.h("xla.ptxas_arch").all(), *ctx.h("xla.ptxas_loaded_arch").all())
            if h not in triton_ptxas]
    fallback = ctx.h("xla.driver_fallback")
    # jaxlib's ptxas comes with JAX's CUDA wheels or a local toolkit, not TensorFlow's
    nvcc_fix = _jax_ptxas_fix() if ctx.jax_log else _nvcc_fix(ctx)
    out += _ptxas_version_checks(ctx, nvcc_fix)
    merged_arch = False
    if old and not _false_alarm(old[0]) and old[0].g("tsm") is None:
        h = old[0]
        if h.g("v2") and not h.g("ptx"):
            # XLA's version check: a warning, unless an error follows it; a ptxas that
            # also does not know the GPU and was replaced by the driver is one finding
            merged_arch = bool(arch) and (fallback.count > 0 or any(
                _ARCH_FALLBACK.search(x.text) for x in arch))
            # ... and one that XLA could not compile with, so it relied on the driver: the
            # driver's JIT built the kernels, the one-time notice is part of this finding
            relied = [x for x in fallback.all() if "Relying on driver" in x.text]
            merged_driver = not merged_arch and bool(relied) and not ctx.h("xla.ptx_jit").count
            # the driver's JIT did not build what XLA handed it (a kernel missing, a fatal
            # line after the fallback): the same reading as driver-fallback-failed, never
            # "not a failure" (jax-ml/jax#6046: ptxas 11.0 on sm_86)
            fell = [*arch, *fallback.all()] if merged_arch else relied if merged_driver else []
            failed = ((_fallback_failures(ctx, fell)[:1] or
                       [x for x in [_fatal_after(ctx, fell)] if x is not None])
                      if fell else [])
            out.append(_miscompile_warning(
                ctx, old, arch if merged_arch else [],
                fallback.first[:1] if merged_arch else relied[:1] if merged_driver else [],
                nvcc_fix, failed[0] if failed else None))
            if merged_driver:
                out = [f for f in out if f.id != "ptxas-driver-fallback-notice"]
        elif (program := _ptxas_program(ctx)) is not None:
            # another program ran ptxas from PATH (tinygrad): XLA_FLAGS and TensorFlow's
            # CUDA wheels play no part
            out.append(catalogue.make(
                "ptxas-too-old", variant="program-ptxas", program=program,
                evidence=log_evidence(old, ctx.h("ctx.ptxas_program").first[:1]),
                ptx=_ptx_range(h)))
        elif (origin := ptxas_origin(ctx, old)) != "xla" and not ctx.jax_log:
            # Triton's ptxas (its bundled one, TRITON_PTXAS_PATH's) or a caller the log does
            # not name: XLA_FLAGS and TensorFlow's CUDA wheels play no part (review b49a P3)
            if origin == "triton":
                out.append(triton_ptxas_too_old(ctx, old))
            else:
                out.append(catalogue.make(
                    "ptxas-too-old", variant="unknown-program", evidence=log_evidence(old),
                    ptx=_ptx_range(h)))
        else:
            cause = "ptxas is older than the PTX XLA generates"
            if h.g("ptx"):
                cause += f" (PTX ISA {h.g('ptx')}, this ptxas supports up to {h.g('cur')})"
            out.append(catalogue.make(
                "ptxas-too-old", evidence=log_evidence(old), cause=cause + ".", fix=nvcc_fix
            ))
    if arch and not merged_arch:
        sm, first = _arch_named(ctx, arch)
        # XLA's own fallback line, or the Unimplemented status asm_compiler returns ("ptxas too
        # old. Falling back to the driver to compile."), on which nvptx_compiler.cc falls back
        # to the driver's JIT ("If unimplemented is returned, we fallback to the driver.");
        # not that status raised to the program (JAX's "XlaRuntimeError: UNIMPLEMENTED: ..."):
        # then nothing fell back
        fell = [*(x for x in fallback.all() if not _RAISED.search(x.text)),
                *(x for x in arch if _ARCH_FALLBACK.search(x.text)
                  and not _RAISED.search(x.text))]
        # the status returned to an op or a CHECK (OP_REQUIRES failed, Non-OK-status, an F
        # line): there it is an error, not a fallback (b49b item 7; openxla/xla#5932)
        raised = [x for x in [*fallback.all(), *arch] if _RAISED.search(x.text)]
        # the driver's compile did not come out (a kernel missing from the module it built),
        # or the program stopped after the fallback: no "nothing fails" then
        broke = _fallback_failures(ctx, [*arch, *fell]) if fell else []
        fatal = (None if broke or not fell
                 else _fatal_after(ctx, [*arch, *fell]))
        if raised and not broke:
            fatal = min(raised, key=lambda x: x.line)
        cause = (
            "The ptxas XLA found does not know "
            + (f"the GPU architecture {sm}" if sm.startswith("sm_") else sm)
            + (f" (ptxas learned {sm} in CUDA {first})" if first else "")
            + ", so it cannot compile kernels for this GPU"
            + (_fallback_failed_cause(sm, first, broke, fatal) if broke or fatal else
                "; XLA falls back to the driver's PTX JIT, which is slower to start and "
                "depends on the driver being new enough. Nothing fails, but TensorFlow's own "
                "warning asks to update CUDA 'to get the best performance': every kernel XLA "
                "compiles goes through the driver, and when the line repeats, training can "
                f"slow down many times. A ptxas that knows {sm}"
                + (f" (CUDA >= {first})" if first else "")
                + " removes it; if speed is fine, it can be left as is."
                if fell
                else "."
            )
        )
        variant = ("driver-fallback-failed" if broke
                   else "status-raised" if raised and fatal in raised
                   else "driver-fallback-fatal" if fatal
                   else "driver-fallback" if fell else None)
        if variant == "status-raised" and fatal is not None:
            cause = cause.split("; XLA handed", 1)[0] + (
                f". XLA's status 'ptxas too old. Falling back to the driver to compile.' was "
                f"returned to the op or CHECK that called the compiler (line {fatal.line}: "
                "OP_REQUIRES failed, Non-OK-status, Check failed or a fatal F line): there it "
                "is an error, not a fallback, so the op (the step) failed"
                + (", and the process aborted" if fatal.text.lstrip()[:1] == "F"
                   or "Non-OK-status" in fatal.text or "Check failed" in fatal.text else "")
                + f". A ptxas that knows {sm}" + (f" (CUDA >= {first})" if first else "")
                + " lets XLA compile the kernels itself.")
        old_kit = _toolkits_before(ctx, first)
        fix = (_jax_ptxas_fix(sm, first) if ctx.jax_log
               else _arch_fix(ctx, nvcc_fix, sm, first))
        newer = _toolkit_at_least(ctx, first) if first else None
        fields: dict[str, Any] = {}
        if fatal is not None:
            fields["line"] = str(fatal.line)
        if variant and old_kit:
            if variant == "driver-fallback":
                variant = "toolkit-too-old"
            cause += (f" Every CUDA toolkit this host has ({', '.join(old_kit)}) predates CUDA "
                      f"{first}, so its ptxas cannot know {sm}: updating the toolkit is the "
                      "fix TensorFlow's warning asks for.")
            # "a CUDA 11.x toolkit" would let the host's own 11.7 pass: name the floor the
            # architecture needs, within the build's major (review 49 #18)
            if first:
                fix = tuple(_at_least(line, first) for line in fix)
        elif variant and newer is not None:
            have, folder, line = newer
            older = [f"{v} ({d}, line {n})" for v, d, n in _toolkits_shown(ctx)
                     if (tf_minor(v) or (0, 0)) < (tf_minor(first) or (0, 0))]
            cause += (f" This host has CUDA {have} ({folder}, line {line}), whose ptxas knows "
                      f"{sm}, but the ptxas XLA used is an older one found first"
                      + (f": the log also shows CUDA {', '.join(older)}" if older else "")
                      + ". Putting that toolkit's bin first on PATH, or pointing XLA at it, "
                      "is the fix; nothing needs installing.")
            fix = (f"export PATH={folder}/bin:$PATH   # CUDA {have}'s ptxas first; then: "
                   "which ptxas && ptxas --version",
                   f"# or point XLA at that toolkit: export XLA_FLAGS=--xla_gpu_cuda_data_dir="
                   f"{folder}   # the folder holding bin/ptxas and nvvm/libdevice")
            if variant == "driver-fallback":
                fields = {"have": have, "folder": folder}
        needs = f" (needs CUDA >= {first} ptxas)" if first else ""
        if "have" in fields:
            out.append(catalogue.make(
                "ptxas-does-not-support-gpu", variant="toolkit-not-first", sm=sm, needs=needs,
                have=fields["have"], folder=fields["folder"],
                evidence=log_evidence(arch, fell[:1], _toolkit_hits(ctx)),
                cause=cause, fix=fix,
            ))
        else:
            out.append(catalogue.make(
                "ptxas-does-not-support-gpu", variant=variant, sm=sm, needs=needs,
                evidence=log_evidence(arch, fell[:1], broke,
                                      [fatal] if fatal is not None else []),
                cause=cause, fix=fix, **fields,
            ))
    errs = ctx.h("cuda.error")
    unsupported = errs.by_key.get("CUDA_ERROR_UNSUPPORTED_PTX_VERSION")
    toolchain = ctx.h("xla.ptx_toolchain").first[:1]
    jit = ctx.h("xla.ptx_jit")
    out += _ptx_jit_unavailable(ctx)
    jit_off = ctx.h("xla.ptx_jit_missing").count or ctx.h("xla.ptx_jit_disabled").count
    cluster = ctx.h("ctx.xla_cluster_node").all()
    invalid = errs.by_key.get("CUDA_ERROR_INVALID_PTX")
    if invalid is not None and cluster and unsupported is None and not toolchain \
            and not ctx.h("cc.ptx_jit_notice").count:
        # the PTX of an auto-clustered XLA computation, made at run time for this GPU: the
        # driver's JIT refused it (a driver older than the PTX's ISA, or XLA's code for this
        # computation); hedged, the log does not tell which. tf_xla_auto_jit -1 is off
        # (tensorflow/compiler/jit/flags.cc: "0 = use ConfigProto setting; -1 = off")
        out.append(catalogue.make(
            "ptx-newer-than-driver", variant="xla-cluster", node=cluster[0].need("node"),
            evidence=log_evidence([invalid], cluster[:1]),
            fix=("nvidia-smi   # the driver's 'CUDA Version': older than the CUDA this "
                 "TensorFlow (and its ptxas) was built with means the driver cannot JIT its PTX",
                 "TF_XLA_FLAGS=--tf_xla_auto_jit=-1 python train.py   # the same run without "
                 "XLA auto-clustering: if it passes, the fault is XLA's code for that cluster "
                 "(a newer TensorFlow or container, or keep XLA off for it)")))
    elif unsupported is not None or toolchain or (
            jit.count and "CUDA_ERROR_INVALID_PTX" not in errs.by_key and not jit_off):
        out.append(
            catalogue.make(
                "ptx-newer-than-driver",
                variant="unsupported-ptx-version" if unsupported or toolchain else None,
                # a kernel's "JIT compilation failed." after it is this failure's status
                # (tf_kernel_jit_failed stands down: _ptx_too_new)
                evidence=log_evidence([unsupported] if unsupported else [], toolchain, jit,
                                      ctx.h("xla.kernel_jit").first[:1]),
                fix=(
                    "upgrade the NVIDIA driver (nvidia-smi 'CUDA Version' must be >= the CUDA of "
                    "ptxas)",
                    "or use a ptxas/CUDA compiler no newer than the driver's CUDA version",
                ),
            )
        )
    return out


def _ptx_range(h: Hit) -> str:
    """" (PTX ISA X, this ptxas supports up to Y)" when the ptxas line ``h`` names both
    versions, else ``""``."""
    ptx, cur = h.g("ptx"), h.g("cur")
    return f" (PTX ISA {ptx}, this ptxas supports up to {cur})" if ptx and cur else ""


def _fallback_failures(ctx: Facts, fell: list[Hit]) -> list[Hit]:
    """The lines after XLA's driver fallback (``fell``: "Falling back to the CUDA driver for
    PTX compilation; ptxas does not support CC X", asm_compiler.cc ``LogPtxasTooOld``, and
    the "Relying on driver" notices) that show the driver-built kernel missing: cuda_driver.cc
    "failed to get PTX kernel ... from module: CUDA_ERROR_NOT_FOUND" (cuModuleGetFunction
    found no such function in the module the driver's JIT built), "failed to load PTX text
    as a module", and the status "Could not find the corresponding function"
    (``ctx.xla_fallback_failed``).  jax-ml/jax#13570 (sm_89, ptxas 11.x) and #6046 (sm_86,
    ptxas 11.0), google-deepmind/jax_privacy#8: every computation failed this way."""
    start = min(h.line for h in fell)
    return [h for h in ctx.h("ctx.xla_fallback_failed").all()
            if h.line > start and not h.g("fatal")]


def _fatal_after(ctx: Facts, fell: list[Hit]) -> Hit | None:
    """The first fatal line after XLA's driver fallback (``fell``): a glog/absl F line
    (:attr:`Facts.glog_fatal`; absl's "F0000 00:00:..." prefix even when a paste cut its
    source off, openxla/xla#5932), or ``None``.  What stopped the program there the log
    does not always say, so the reading built on it is hedged."""
    start = min(h.line for h in fell)
    hits = [*ctx.glog_fatal, *(h for h in ctx.h("ctx.xla_fallback_failed").all()
                               if h.g("fatal"))]
    after = [h for h in hits if h.line > start]
    return min(after, key=lambda h: h.line) if after else None


def _fallback_failed_cause(sm: str, first: str | None, broke: list[Hit],
                           fatal: Hit | None) -> str:
    """The rest of the arch finding's cause when XLA's fallback to the driver did not work:
    ``broke`` (the kernel the driver built is missing, :func:`_fallback_failures`) or a
    ``fatal`` line after it (hedged)."""
    need = f"a ptxas that knows {sm}" + (f" (CUDA {first} or newer)" if first else "")
    if broke:
        h = broke[0]
        said = (f"the kernel '{h.g('kernel')}' is missing from the module the driver built "
                f"({h.g('err') or 'cuModuleGetFunction failed'})" if h.g("kernel") else
                "the driver-built kernel could not be loaded or found")
        return (f"; XLA handed the PTX to the NVIDIA driver's JIT instead ('Falling back to the "
                f"CUDA driver for PTX compilation'), and that did not work here: {said} (line "
                f"{h.line}), so the computation fails, and every other one that needs a new "
                "kernel fails the same way (jax-ml/jax#13570, #6046). The fallback is the "
                f"cause, not a separate fault: {need}, found before the old one, makes XLA "
                "compile the kernels itself; a driver too old to JIT PTX for this GPU is the "
                "other candidate (nvidia-smi).")
    line = fatal.line if fatal is not None else 0
    return (f"; XLA handed the PTX to the NVIDIA driver's JIT instead ('Falling back to the "
            f"CUDA driver for PTX compilation'), and the program stopped with a fatal error "
            f"after it (line {line}). The log does not show what that error was; a kernel the "
            f"driver could not build is the likeliest cause, and {need} takes the driver out "
            "of the path.")


def _fallback_failed_said(failed: Hit) -> str:
    """The clause of :func:`_miscompile_warning`'s cause when the driver's fallback failed
    (``failed``: the missing kernel's line or a fatal line after the fallback)."""
    what = (f"the kernel '{failed.g('kernel')}' is missing from the module the driver built"
            if failed.g("kernel") else "the program stopped with an error after it")
    return (f", and that failed here: {what} (line {failed.line}), so the computation fails "
            "(jax-ml/jax#6046, #13570); the fallback is the cause, not a separate fault")


def _jax_ptxas_fix(sm: str | None = None, first: str | None = None) -> tuple[str, ...]:
    """Fix lines that give jaxlib a ptxas (that knows ``sm``, learned in CUDA ``first``):
    JAX's CUDA wheels bring NVIDIA's nvidia-cuda-nvcc wheel with ptxas (docs ``jax-install``:
    ``pip install -U "jax[cuda12]"``, ``jax[cuda13]``); a jaxlib built against a local CUDA
    (before the pip wheels, e.g. jaxlib 0.1.x +cuda110) takes ptxas from that toolkit or
    PATH. No TensorFlow words: the JAX view of a finding drops those lines."""
    major = first.split(".")[0] if first else ""
    wheel = f"cuda{major}" if major.isdigit() and int(major) >= 12 else "cuda12"
    knows = f": its ptxas knows {sm}" if sm and first else ""
    return (f'pip install -U "jax[{wheel}]"   # JAX with NVIDIA\'s CUDA wheels, ptxas '
            f"included (nvidia-cuda-nvcc){knows} ({docs.url('jax-install')})",
            "# or, for a jaxlib that uses a local CUDA: install a CUDA toolkit"
            + (f" {first} or newer" if first else "") + " and put its bin first on PATH: "
            "which ptxas && ptxas --version",
            "# or point XLA at that toolkit: export XLA_FLAGS=--xla_gpu_cuda_data_dir=<the "
            "folder holding bin/ptxas and nvvm/libdevice>")


def _linux_fix(ctx: Facts) -> tuple[str, ...]:
    """Fixes that give XLA ptxas and libdevice on Linux: the wheel (or toolkit) of the
    build's CUDA major, conda's cuda-nvcc of that major, where libdevice is, XLA_FLAGS.
    Built only when a libdevice or ptxas finding is made."""
    major = _build_cuda_major(ctx)
    shown = _toolkit_of_major(ctx, major.major) if major is not None else None
    if major is not None and shown is not None:
        # the log lists a toolkit of the build's CUDA major on this host: point XLA there,
        # not at a folder XLA's search list or the build names (it may not exist here)
        have, folder, line = shown
        alt = _ptxas_wheel(ctx, major).replace(" (below)", "")
        return (
            f"ls {folder}/nvvm/libdevice {folder}/bin/ptxas   # the log lists {folder} (line "
            f"{line}), CUDA {have}, of the major this TensorFlow uses ({major.major}.x); "
            "missing: install that toolkit's compiler parts (cuda-nvcc)",
            f"export XLA_FLAGS=--xla_gpu_cuda_data_dir={folder}   # the folder that holds "
            "nvvm/libdevice",
            "# or: " + alt[2:] if alt.startswith("# ") else "or: " + alt,
        )
    return (
        _ptxas_wheel(ctx, major),
        (f'or: conda install -c nvidia "cuda-nvcc={major.major}"   # in a conda environment; '
         f"CUDA {major.major}.x, the major this TensorFlow uses" if major is not None else
         "or: conda install -c nvidia cuda-nvcc   # in a conda environment"),
        "find / -name libdevice.10.bc 2>/dev/null",
        _xla_data_dir(major) + (" the folder that holds nvvm/libdevice" if major else
                                "   # the folder that holds nvvm/libdevice"),
    )


# --- libdevice on native Windows (fix lines in Windows' own shells) ---


def _native_windows_log(ctx: Facts) -> bool:
    """The host is native Windows: host facts say so, or (no host facts) the log shows
    TensorFlow's "GPU asm compilation is supported on Cuda non-Windows platforms only"
    (``xla.asm_windows``) or Windows source paths (:data:`_WIN_SOURCE`). Not WSL2."""
    if ctx.host is not None or ctx.windows:
        return ctx.windows  # host facts, or the log's own Windows lines (a prompt, a .dll)
    return ctx.h("xla.asm_windows").count > 0 or any(
        _WIN_SOURCE.search(h.text) for h in ctx.h("xla.libdevice").all())


def _windows_libdevice_fix() -> tuple[str, ...]:
    """Fixes that give XLA libdevice on native Windows: where the CUDA toolkit's
    nvvm\\libdevice is (the toolkit's installer sets CUDA_PATH), XLA_FLAGS in cmd and
    PowerShell syntax; the Linux find/export lines do not run there."""
    return (
        'where /R "%CUDA_PATH%" libdevice.10.bc   # cmd: a full CUDA toolkit install has '
        "nvvm\\libdevice\\libdevice.10.bc; none found: install the CUDA toolkit of the "
        "version this TensorFlow was built with (tfgpu matrix)",
        "set XLA_FLAGS=--xla_gpu_cuda_data_dir=<the CUDA folder that holds nvvm\\libdevice>"
        "   # cmd, before starting Python (PowerShell: $env:XLA_FLAGS=\"--xla_gpu_cuda_data_"
        "dir=...\")",
    )


def _at_least(line: str, first: str) -> str:
    """``line`` with "install a CUDA N.x toolkit" narrowed to "a CUDA {first} or newer N.x
    toolkit" when ``first`` (the CUDA release whose ptxas first knows the GPU) is of major N;
    else ``line`` as it is."""
    major = first.split(".")[0]
    return line.replace(f"install a CUDA {major}.x toolkit",
                        f"install a CUDA {first} or newer {major}.x toolkit")


def _xla_data_dir(major: _BuildCuda | None) -> str:
    """``export XLA_FLAGS=--xla_gpu_cuda_data_dir=<folder>`` naming a toolkit of the CUDA
    TensorFlow was built with (``major`` from :func:`_build_cuda_major`), never
    ``/usr/local/cuda``, which may link another major version; the generic folder only
    when the build's CUDA is unknown."""
    if major is None:
        return "export XLA_FLAGS=--xla_gpu_cuda_data_dir=/usr/local/cuda"
    folder = major.version if "." in major.version else f"{major.version}.x"
    return (f"export XLA_FLAGS=--xla_gpu_cuda_data_dir=/usr/local/cuda-{folder}   # CUDA "
            f"{major.major}.x, the major this TensorFlow uses:")


def _ptxas_wheel(ctx: Facts, shown: _BuildCuda | None = None) -> str:
    """Where XLA's ptxas and libdevice should come from: the pip CUDA compiler wheel of the
    CUDA major TensorFlow was built with (tf_tested_configs row); for a TensorFlow older
    than the ``[and-cuda]`` extra (platform fact ``and-cuda-extra-first``, also dated by
    its log's source paths) the CUDA toolkit of its tested configuration, since the pip
    CUDA wheels are not what it uses."""
    first, _ = ctx.kb.fact_series("and-cuda-extra-first")
    tested = ctx.kb.tested_gpu_build(ctx.tf_version, "windows" if ctx.windows else "linux")
    if ctx.tf_predates(first):
        toolkit = (f"the CUDA {tested.cuda} toolkit, the one TensorFlow {ctx.tf_version} was "
                   f"tested with (knowledge row {tested.ref})" if tested is not None else
                   "the CUDA toolkit its release was tested with (tfgpu matrix --tf <its "
                   "version>)")
        return (f"# this TensorFlow predates the [and-cuda] extra ({first[0]}.{first[1]}): "
                f"install {toolkit}; its bin/ holds ptxas and nvvm/libdevice")
    if tested is not None:
        major = tested.cuda.split(".")[0]
        return (f'pip install -U "nvidia-cuda-nvcc-cu{major}"   # ptxas and libdevice of CUDA '
                f"{major}, the CUDA TensorFlow {ctx.tf_version} was built with")
    if shown is None:
        shown = _build_cuda_major(ctx)
    if shown is not None:
        return (f"# {shown.why or 'this TensorFlow was built with CUDA ' + shown.version}: "
                f"install a CUDA {shown.major}.x toolkit (its bin/ptxas and nvvm/libdevice) and "
                f'point XLA_FLAGS at it (below), or pip install -U "nvidia-cuda-nvcc-'
                f'cu{shown.major}" where this TensorFlow reads the pip CUDA wheels')
    dated = _dated_newest(ctx)
    if dated is not None:
        return dated
    return ('pip install -U "nvidia-cuda-nvcc-cu12"   # or -cu11: match the CUDA major '
            "TensorFlow was built with (tf.sysconfig.get_build_info()['cuda_version'])")


def _dated_newest(ctx: Facts) -> str | None:
    """For a log whose C++ source paths date TensorFlow to a release no newer than
    :attr:`Facts.tf_at_most`, when every tested release up to it was built with a CUDA older
    than 12 (tf_tested_configs): the toolkit route, not the CUDA 12 compiler wheel; ``None``
    when the paths do not date it or a release up to it used CUDA 12."""
    hi = ctx.tf_at_most
    if hi is None:
        return None
    rows = _dated_rows(ctx)
    majors = {int(m) for r in rows if (m := (r.cuda or "").split(".")[0]).isdigit()}
    if not majors or max(majors) >= 12:
        return None
    newest = max(rows, key=lambda r: _vtuple(r.tf_version))
    return (f"# the log's source paths date this TensorFlow to {hi[0]}.{hi[1]} or older, built "
            f"with CUDA {max(majors)} or older (TensorFlow {newest.tf_version}: CUDA "
            f"{newest.cuda}, knowledge row {newest.ref}): install the CUDA toolkit its release "
            "was tested with (tfgpu matrix --tf <its version>); its bin/ holds ptxas and "
            "nvvm/libdevice, not the CUDA 12 compiler wheel")


def _dated_rows(ctx: Facts) -> list[Any]:
    """The tested GPU configurations (tf_tested_configs rows, this OS) of every release up to
    :attr:`Facts.tf_at_most`, the newest TensorFlow the log's source paths allow; ``[]``
    when the paths do not date it."""
    hi = ctx.tf_at_most
    if hi is None:
        return []
    return [r for r in ctx.kb.gpu_configs("windows" if ctx.windows else "linux")
            if (first := tf_minor(r.tf_version)) is not None and first <= hi]


def _dated_cudas(ctx: Facts) -> list[str]:
    """The CUDA versions (``"11.8"``) those releases (:func:`_dated_rows`) were tested with."""
    return [r.cuda for r in _dated_rows(ctx) if r.cuda]


class _BuildCuda(NamedTuple):
    """The CUDA a TensorFlow build uses, and what says so (:func:`_build_cuda_major`).

    Attributes:
        major: the CUDA major (``"12"``).
        version: ``"12.2"``, or the major alone (``"12"``) when only that is known.
        why: the evidence, as the fix's comment says it ("XLA's own CUDA search list names
            /usr/local/cuda-12.2 (line 8), ..."); empty for a tested configuration, which
            the fixes cite by their own words.
    """

    major: str
    version: str
    why: str


#: A CUDA runtime/cuBLAS DLL name as TensorFlow's Windows loader asks for it: cudart64_110.dll
#: (CUDA 11.0, major and minor digits), cublas64_11.dll (the major alone).
_CUDA_DLL = re.compile(r"^(?:cudart|cublas|cublasLt)64_(?P<ver>\d{2,3})\.dll$", re.IGNORECASE)


def _loader_cuda_major(lib: str) -> int | None:
    """The CUDA major a library name TensorFlow's loader asked for belongs to: the SONAME of
    the runtime/cuBLAS (:func:`~tfgpu.diagnosis.checks.libraries._cuda_major_of`:
    ``libcudart.so.11.0`` -> 11) or its Windows DLL (``cudart64_110.dll`` -> 11,
    ``cublas64_12.dll`` -> 12); ``None`` for the libraries numbered on their own."""
    major = _cuda_major_of(lib)
    if major is not None:
        return major
    m = _CUDA_DLL.match(lib.rsplit("\\", 1)[-1])
    if m is None:
        return None
    return int(m.group("ver")[:2])


def _build_cuda_major(ctx: Facts) -> _BuildCuda | None:
    """The CUDA TensorFlow was built with, from evidence that says so, first found first:

    1. its tested configuration (knowledge ``tf_tested_configs``), when its version is known
       (host facts or a version line);
    2. ``tf.sysconfig.get_build_info()``'s ``'cuda_version'`` printed in the log;
    3. a CUDA runtime/cuBLAS library TensorFlow's loader opened or asked for ("Successfully
       opened dynamic library libcudart.so.11.0", "Could not load dynamic library
       'libcudart.so.12'": the loader asks for the SONAME of its build's CUDA major);
    4. a versioned folder in XLA's own "Searched for CUDA in the following directories"
       list (``tsl::CandidateCudaRoots``: TF_CUDA_TOOLKIT_PATH, the toolkit folder the
       build was configured with), except one the log shows the user giving XLA
       (``xla_gpu_cuda_data_dir=``, which XLA lists first);
    5. the log's C++ source paths (:meth:`Facts.tf_floor_from_paths`, ``external/local_xla/``
       is printed by TensorFlow 2.15 and newer) when every tested release from that floor
       on was built with one CUDA major.

    A CUDA folder shown anywhere else in the log (PATH, ``ls``, LD_LIBRARY_PATH, a user's
    XLA_FLAGS) says which toolkits the host has, not which one the build uses: ``None``
    then, and the fixes name both majors.  Conflicting evidence of one kind gives
    ``None`` too."""
    tested = ctx.kb.tested_gpu_build(ctx.tf_version, "windows" if ctx.windows else "linux")
    if tested is not None:
        return _BuildCuda(tested.cuda.split(".")[0], tested.cuda, "")
    for hit in ctx.h("gpu.build_cuda").all():
        v = hit.g("v") or ""
        version = v if "." in v else f"{v[:-1]}.{v[-1:]}"
        return _BuildCuda(version.split(".")[0], version,
                          f"TensorFlow's build info says CUDA {version} (line {hit.line})")
    asked = [h for h in ctx.h("lib.opened").all() + ctx.h("lib.missing").all()
             if re.search(r"Successfully opened|Could not load dynamic library '", h.text)]
    majors = {m: h for h in sorted(asked, key=lambda x: x.line)
              if (m := _loader_cuda_major(h.g("lib") or "")) is not None}
    if len(majors) == 1:
        major, hit = next(iter(majors.items()))
        return _BuildCuda(str(major), str(major),
                          f"TensorFlow's loader asked for {hit.g('lib')} (line {hit.line}), a "
                          f"CUDA {major} library: its build's CUDA major")
    if majors:
        return None
    found = _xla_listed_root(ctx)
    if found is not None:
        return found
    return _dated_cuda_major(ctx)


#: How many lines after "Searched for CUDA in the following directories" XLA's list of CUDA
#: roots may reach: the user's folder, cuda_sdk_lib, TF_CUDA_TOOLKIT_PATH, /usr/local/cuda,
#: the pip wheels' two cuda_nvcc folders, "." and a few more (tsl::CandidateCudaRoots).
_XLA_LIST_LINES = 12


def _xla_listed_root(ctx: Facts) -> _BuildCuda | None:
    """Item 4 of :func:`_build_cuda_major`: the versioned CUDA folder in XLA's own search
    list (``xla.cuda_root`` lines within :data:`_XLA_LIST_LINES` after a
    ``xla.cuda_searched`` line), less any folder the log shows given to XLA
    (``xla.data_dir_set``); ``None`` when none, or folders of two CUDA majors, remain."""
    heads = [h.line for h in ctx.h("xla.cuda_searched").all()]
    given = {(h.g("dir") or "").rstrip("/\\") for h in ctx.h("xla.data_dir_set").all()}
    listed: dict[str, tuple[str, str, Hit]] = {}
    for hit in ctx.h("xla.cuda_root").all():
        folder = (hit.g("dir") or "").rstrip("/\\")
        v = hit.g("v") or hit.g("w") or ""
        if folder in given or not any(0 < hit.line - h <= _XLA_LIST_LINES for h in heads):
            continue
        listed.setdefault(v.split(".")[0], (v, folder, hit))
    if len(listed) != 1:
        return None
    major, (v, folder, hit) = next(iter(listed.items()))
    return _BuildCuda(major, v, f"XLA's own CUDA search list names {folder} (line {hit.line}), "
                                "the toolkit folder this TensorFlow build was configured with")


def _dated_cuda_major(ctx: Facts) -> _BuildCuda | None:
    """Item 5 of :func:`_build_cuda_major`: the one CUDA major of every tested GPU release
    (``tf_tested_configs``) from the floor the log's source paths date
    (:meth:`Facts.tf_floor_from_paths`) to :attr:`Facts.tf_at_most` (or the newest row);
    ``None`` when the paths date no floor or those releases used several majors."""
    floor = ctx.tf_floor_from_paths()
    if floor is None:
        return None
    (lo, path, hit), hi = floor, ctx.tf_at_most
    majors: set[str] = set()
    newest = ""
    for row in ctx.kb.gpu_configs("windows" if ctx.windows else "linux"):
        first = tf_minor(row.tf_version)
        last = tf_minor(row.tf_version_last or row.tf_version)
        if first is None or last is None or row.cuda is None or last < lo or (
                hi is not None and first > hi):
            continue
        majors.add(row.cuda.split(".")[0])
        newest = max(newest, row.tf_version_last or row.tf_version, key=_vtuple)
    if len(majors) != 1:
        return None
    major = majors.pop()
    return _BuildCuda(major, major,
                      f"the log's source path {path} (line {hit.line}) is printed by "
                      f"TensorFlow {lo[0]}.{lo[1]} and newer, each built with CUDA {major} (tested "
                      f"configurations up to {newest})")


def _arch_fix(ctx: Facts, nvcc_fix: tuple[str, ...], sm: str,
              first: str | None) -> tuple[str, ...]:
    """The fixes for a ptxas that does not know ``sm``: :func:`_nvcc_fix`, except that a
    toolkit older than ``first`` (the CUDA whose ptxas learned ``sm``, cuda_arch.toml) is no
    fix: for a TensorFlow that reads a CUDA toolkit (before the ``[and-cuda]`` extra) whose
    tested CUDA predates ``first`` (TensorFlow 2.4's CUDA 11.0 and sm_86: tensorflow#45590),
    or whose tested CUDA is unknown, the first line names a toolkit of CUDA ``first`` or
    newer instead of the tested one."""
    if not first:
        return nvcc_fix
    nvcc_fix = _wheel_for_arch(nvcc_fix, sm, first)
    and_cuda, _ = ctx.kb.fact_series("and-cuda-extra-first")
    # no version, but source paths that date it (the first line is then _dated_newest's
    # tested-toolkit line): that line is no fix when a release in that range was tested
    # with a CUDA older than ``first`` (a CUDA 11.8 ptxas and sm_90a, CUDA 12.0)
    dated = [c for c in _dated_cudas(ctx) if _vtuple(c) < _vtuple(first)] if (
        nvcc_fix[:1] == (_dated_newest(ctx),)) else []
    if not ctx.tf_predates(and_cuda) and not dated:
        return nvcc_fix
    tested = ctx.kb.tested_gpu_build(ctx.tf_version, "windows" if ctx.windows else "linux")
    if tested is not None and _vtuple(tested.cuda) >= _vtuple(first):
        return nvcc_fix
    was = (f"the CUDA {tested.cuda} this TensorFlow was tested with predates it"
           if tested is not None else
           f"the CUDA {max(dated, key=_vtuple)} its release line was tested with predates it"
           if dated else "the toolkit its release was tested with may predate it")
    return (f"# install a CUDA toolkit of version {first} or newer (its bin/ptxas knows {sm}; "
            f"{was}), with a driver that supports that CUDA, and put its bin first on PATH",
            *nvcc_fix[1:])


def _wheel_for_arch(nvcc_fix: tuple[str, ...], sm: str, first: str) -> tuple[str, ...]:
    """``nvcc_fix`` whose generic compiler-wheel line (:func:`_ptxas_wheel`'s "or -cu11"
    alternative, written when the build's CUDA major is unknown) names the CUDA major of
    ``first`` (the CUDA whose ptxas learned ``sm``, cuda_arch.toml) and that release as the
    wheel's floor when that major is 12 or later: no ptxas of CUDA 11 knows ``sm``."""
    head = nvcc_fix[0] if nvcc_fix else ""
    major = first.split(".")[0]
    if "# or -cu11" not in head or not major.isdigit() or int(major) < 12:
        return nvcc_fix
    return (f'pip install -U "nvidia-cuda-nvcc-cu{major}>={first}"   # ptxas of CUDA {first} '
            f"or later, the first that knows {sm}",
            *nvcc_fix[1:])


def _nvcc_fix(ctx: Facts) -> tuple[str, ...]:
    """Fixes that give XLA a new enough ptxas: :func:`_ptxas_wheel`, a newer ptxas on
    PATH, or XLA_FLAGS."""
    major = _build_cuda_major(ctx)
    return (
        _ptxas_wheel(ctx, major),
        "or put a newer CUDA toolkit's bin first on PATH: which ptxas && ptxas --version",
        "or point XLA at that toolkit: export XLA_FLAGS=--xla_gpu_cuda_data_dir=/usr/local/cuda"
        f"-{major.major if major is not None else 12}.x   # the folder holding bin/ptxas and "
        "nvvm/libdevice",
    )


# ---------------------------------------------------------------- ptxas version checks (k-gpu)


def _vtuple(text: str) -> tuple[int, ...]:
    """``"10.0.145"`` -> ``(10, 0, 145)``; parts that are not numbers stop the tuple."""
    out: list[int] = []
    for part in text.split("."):
        if not part.isdigit():
            break
        out.append(int(part))
    return tuple(out)


def _false_alarm(hit: Hit) -> bool:
    """XLA's "You are using ptxas X, which is older than Y" with X >= Y: the version check
    itself compared wrongly (TF 1.12 nvptx_compiler.cc, fixed later; tensorflow#23874), so
    the ptxas is fine."""
    v, mn = hit.g("v2"), hit.g("min")
    if not v or not mn:
        return False
    have, need = _vtuple(v), _vtuple(mn)
    return bool(have) and bool(need) and have >= need


#: The ptxas-arch line itself says XLA handed the PTX to the driver (asm_compiler.cc
#: ``LogPtxasTooOld`` "Falling back to the CUDA driver for PTX compilation; ptxas does not
#: support CC X.Y", its status "ptxas too old. Falling back to the driver to compile.", TF 2.4
#: "We fallback to the NVIDIA driver for some compilation").
#: A status raised to the program as an exception ("RuntimeError: ...", "jaxlib.xla_extension.
#: XlaRuntimeError: UNIMPLEMENTED: ..."), not logged by XLA on its way to a fallback.
#: Also the status returned to an op or a CHECK (b49b item 7): TensorFlow's op_kernel.cc
#: "OP_REQUIRES failed at xla_ops.cc:446 : UNIMPLEMENTED: ptxas too old ...", XLA's
#: "Non-OK-status: status UNIMPLEMENTED: ..." and "Check failed", or a glog/absl F line.
_RAISED = re.compile(r"\b\w*(?:Error|Exception): |OP_REQUIRES failed at|Non-OK-status|"
                     r"Check failed|^\s{0,8}F\d{4} |(?:^|\d: )F [\w./-]{1,200}\.cc:\d{1,6}\]")
_ARCH_FALLBACK = re.compile(r"Falling back to the (?:CUDA )?driver|We fallback to the NVIDIA "
                            r"driver", re.IGNORECASE)


def _arch_named(ctx: Facts, arch: list[Hit]) -> tuple[str, str | None]:
    """``(sm, first)`` from ptxas-arch hits: the architecture the line names (``"sm_89"``;
    "ptxas does not support CC 8.9" -> ``"sm_89"``; none named: that of the one compute
    capability the facts or the log show, else "this GPU's architecture")
    and the first CUDA whose ptxas knows it (``cuda_arch.toml`` via
    ``Knowledge.ptxas_first_cuda``; ``None`` when unknown)."""
    # the line that names the architecture ("ptxas too old. Falling back ..." does not)
    h = next((x for x in arch if x.g("sm") or x.g("cc")), arch[0])
    # none named ("ptxas too old. Falling back to the driver to compile."): the GPU's own,
    # when the facts or the log show one compute capability
    ccs = ctx.compute_capabilities
    cc = h.g("cc") or (ccs[0] if len(ccs) == 1 and not h.g("sm") else None)
    sm = h.g("sm") or ("sm_" + cc.replace(".", "") if cc else "this GPU's architecture")
    first_row = ctx.kb.ptxas_first_cuda(sm) if sm.startswith("sm_") else None
    return sm, first_row.first_cuda if first_row is not None else None


def _error_after(ctx: Facts, line: int) -> Hit | None:
    """The first line after ``line`` that shows what XLA's ptxas warning predicts or a
    compilation that did not recover: a sticky kernel fault (``cuda.fault_text``; a
    ``cuda.error`` named ILLEGAL_ADDRESS, MISALIGNED_ADDRESS or ILLEGAL_INSTRUCTION:
    "invalid-address errors" in the warning's words) or a failed PTX JIT (``xla.ptx_jit``).
    ``None`` when the log shows none."""
    after = [h for h in (*ctx.h("cuda.fault_text").all(), *ctx.h("xla.ptx_jit").all(),
                         *ctx.h("ctx.xla_fallback_failed").all())
             if h.line > line and not h.g("fatal")]
    after += [h for h in ctx.h("cuda.error").all() if h.line > line and any(
        n in (h.g("name") or "") for n in ("ILLEGAL_ADDRESS", "MISALIGNED_ADDRESS",
                                          "ILLEGAL_INSTRUCTION"))]
    return min(after, key=lambda h: h.line) if after else None


def _miscompile_warning(ctx: Facts, old: list[Hit], arch: list[Hit], fallback: list[Hit],
                        nvcc_fix: tuple[str, ...], failed: Hit | None = None) -> Finding:
    """XLA's "You are using ptxas X, which is older than Y. ptxas before Y is known to
    miscompile XLA code, leading to incorrect results or invalid-address errors"
    -> ``ptxas-too-old`` (variant ``known-miscompile``; ``known-miscompile-arch`` when
    ``arch`` is given).

    asm_compiler.cc ``WarnIfBadPtxasVersion`` (TF 2.4-2.16; minimum 9.2.88, then 11.1,
    later 11.8) prints it, at LOG(ERROR) in some releases, and returns: XLA goes on
    compiling with that ptxas. So it is a warning, an error only when the log shows the
    consequence it names after it (:func:`_error_after`). When the same ptxas does not know
    the GPU's architecture (``arch``: "ptxas fatal : Value 'sm_89' is not defined for
    option 'gpu-name'") and the log shows XLA handing the PTX to the driver (``fallback``,
    or the arch line's own "Falling back"), XLA's ``CompileGpuAsm`` returned "ptxas too
    old. Falling back to the driver to compile." and the driver's JIT built those kernels:
    the program goes on, and one finding says both. Without ``arch`` but with
    ``fallback`` (the "Relying on driver to perform ptx compilation" line: XLA could not
    compile with that ptxas), variant ``known-miscompile-driver``: the driver's JIT built the
    kernels, so the one-time notice is this finding's, not a harmless one beside it.
    ``failed``: a line after the fallback that shows the driver's build failing (a kernel
    missing from its module, a fatal line; :func:`_fallback_failures`, :func:`_fatal_after`):
    then the cause says the fallback failed, an error, instead of "only slower"."""
    h = old[0]
    version, minimum = h.g("v2") or "?", h.g("min") or "?"
    warned = (f"XLA's version check found ptxas {version}, older than {minimum}, and warns "
              f"that ptxas before {minimum} can miscompile XLA's kernels (wrong results or "
              "invalid-address errors)")
    fields: dict[str, str] = {"version": version, "minimum": minimum}
    if arch:
        sm, first = _arch_named(ctx, arch)
        fields["sm"] = sm
        if first:
            nvcc_fix = _wheel_for_arch(nvcc_fix, sm, first)
        cause = (f"{warned}; this ptxas does not know the GPU's architecture {sm} either"
                 + (f" (ptxas learned {sm} in CUDA {first})" if first else "")
                 + ", so XLA let the NVIDIA driver's JIT compile the PTX instead"
                 + (_fallback_failed_said(failed) if failed is not None else
                    ": not a failure, only slower to start")
                 + f". A ptxas that knows {sm} ends both messages.")
    elif fallback and failed is not None:
        cause = (f"{warned}; XLA then could not compile with this ptxas and logged 'Relying on "
                 f"driver to perform ptx compilation' (line {fallback[0].line}), so the NVIDIA "
                 "driver's JIT compiled the PTX instead" + _fallback_failed_said(failed)
                 + f". A ptxas {minimum} or later takes the driver out of the path.")
    elif fallback:
        cause = (f"{warned}; XLA then could not compile with this ptxas and logged 'Relying on "
                 f"driver to perform ptx compilation' (line {fallback[0].line}), so the NVIDIA "
                 "driver's JIT compiled the PTX instead: the kernels were not built by this "
                 "ptxas, and the program goes on, only slower to start. "
                 f"A ptxas {minimum} or later ends both messages.")
    else:
        cause = f"{warned}. XLA logs this and goes on compiling with that ptxas: a warning."
    err = failed or _error_after(ctx, h.line)
    if failed is not None:
        pass  # the cause already names the failure after the fallback
    elif err is not None:
        cause += (f" An error follows it (line {err.line}): a kernel miscompiled by this ptxas "
                  "is a likely cause.")
    else:
        cause += " The log shows no kernel fault or failed compilation after it."
    if failed is not None:
        fields["unknown_sm"] = f" and does not know {fields.pop('sm')}" if arch else ""
    return catalogue.make(
        "ptxas-too-old",
        variant=("known-miscompile-fallback-failed" if failed is not None else
                 "known-miscompile-arch" if arch else
                 "known-miscompile-driver" if fallback else "known-miscompile"),
        severity=Severity.ERROR if err is not None else Severity.WARNING,
        evidence=log_evidence(old, arch, fallback, [err] if err is not None else [],
                              ctx.h("ctx.xla_fallback_failed").all()[-1:] if failed else []),
        cause=cause,
        fix=nvcc_fix,
        **fields,
    )


def _ptxas_version_checks(ctx: Facts, nvcc_fix: tuple[str, ...]) -> list[Finding]:
    """The ptxas/XLA version messages of every era, as kinds.

    * "You are using ptxas X, which is older than Y" with X >= Y: a false alarm of XLA's
      version check (harmless; tensorflow#23874).
    * "You are using ptxas 8.x, but TF requires ptxas 9.x" (XLA nvptx_compiler.cc, TF
      1.13-2.2): the ptxas XLA found is too old.
    * "The NVIDIA driver's CUDA version is X which is older than the PTX compiler / ptxas
      CUDA version Y" (XLA, TF >= 2.15): XLA compiles serially; the driver is older than
      ptxas (NVIDIA minor-version compatibility: PTX from a newer ptxas needs a newer driver
      to JIT).
    * LLVM "PTX version X does not support target 'sm_Y'", XLA "Unknown compute
      capability (M, N)", ptxas "PTX .version X does not support .target sm_Y": XLA's
      own code generator does not know this GPU; no host change fixes it.
    * "Relying on driver to perform ptx compilation" / "GPU asm compilation is supported
      on Cuda non-Windows platforms only" without a failing ptxas: a one-time notice.
    """
    out: list[Finding] = []
    old = [h for h in ctx.h("xla.ptxas_old").all() if _false_alarm(h)]
    if old:
        h = old[0]
        out.append(catalogue.make(
            "ptxas-version-check-false-alarm",
            version=h.need("v2"), minimum=h.need("min"),  # _false_alarm read both
            evidence=log_evidence(old),
        ))
    req = ctx.h("xla.ptxas_requires")
    if req.count:
        h = req.first[0]
        out.append(catalogue.make(
            "ptxas-too-old",
            variant="below-xla-minimum",
            version=h.g("v") or "that XLA found",
            minimum=h.g("req") or h.g("req2") or "?",
            evidence=log_evidence(req, ctx.h("xla.ptxas_using").first[:1]),
            cause=(f"XLA found ptxas {h.g('v')} and requires {h.g('req')}: kernels XLA "
                   "compiles with it will likely fail. The ptxas XLA uses is the first one "
                   "it finds (the CUDA folder it was built for, then PATH): an older toolkit "
                   "there shadows the right one." if h.g("v") else
                   f"XLA refused the ptxas it found (older than {h.g('req2')}), so the "
                   "XLA-compiled steps it must compile with ptxas (jit_compile, Keras 3's "
                   "default jit) fail. XLA takes "
                   "the first ptxas it finds: a pip install's nvidia/cuda_nvcc, the CUDA "
                   "folder it was built for, then PATH; an older system toolkit "
                   "(/usr/local/cuda/bin, /usr/bin/ptxas) on PATH commonly shadows the "
                   "CUDA 12 one."),
            fix=("which ptxas && ptxas --version   # the ptxas first on PATH",
                 *(() if h.g("v") else (
                     "pip install nvidia-cuda-nvcc-cu12   # a CUDA 12 ptxas in the "
                     "environment; put its nvidia/cuda_nvcc/bin first on PATH",)),
                 "# put the bin folder of the CUDA toolkit TensorFlow was built with first on "
                 "PATH, or remove the old toolkit that holds that ptxas",
                 c.set_env(ctx, "XLA_FLAGS", "--xla_gpu_cuda_data_dir=/usr/local/cuda-X.Y")
                 + "   # or point XLA at that toolkit's folder"),
        ))
    drv = ctx.h("xla.driver_older_than_ptxas")
    if drv.count:
        h = drv.first[0]
        out.append(catalogue.make(
            "driver-older-than-ptxas",
            driver_cuda=h.g("drv") or "?", ptxas=h.g("ptxas") or "?",
            evidence=log_evidence(drv),
            fix=(f"# upgrade the NVIDIA driver to one whose CUDA version (nvidia-smi) is >= "
                 f"{h.g('ptxas')}, or install NVIDIA's CUDA forward-compatibility package; "
                 "otherwise nothing fails, XLA only compiles more slowly",
                 "nvidia-smi   # 'CUDA Version' is the newest CUDA the driver supports"),
        ))
    # Triton's code-generator lines are its own finding's (checks/triton_ptx.py)
    _, triton_codegen = triton_lines(ctx)
    llvm = [h for h in (*ctx.h("xla.llvm_arch").all(), *ctx.h("xla.llvm_processor").all())
            if h not in triton_codegen]
    isa = [h for h in ctx.h("xla.ptxas_old").all() if h.g("tsm") and h not in triton_codegen]
    if llvm or isa:
        h = (llvm or isa)[0]
        sm = (h.g("sm") or h.g("tsm")
              or (f"sm_{h.g('ma')}{h.g('mi')}" if h.g("ma") else "this GPU"))
        # LLVM's words alone, with neither TensorFlow nor JAX (nor an XLA-only wording,
        # "Unknown compute capability ... Defaulting to telling LLVM") in the log: every LLVM
        # NVPTX user prints them; which program ran, the log does not say
        known = xla_host(ctx) or any(x.g("ma") for x in llvm)
        out.append(catalogue.make(
            "xla-llvm-gpu-arch-unsupported",
            sm=sm,
            evidence=log_evidence(llvm, isa),
            fix=("# a TensorFlow build whose XLA knows this GPU: a newer release, NVIDIA's NGC "
                 "TensorFlow container, or a source build for it",
                 "# until then keep XLA off this GPU: no jit_compile=True, and",
                 c.set_env(ctx, "TF_XLA_FLAGS", "--tf_xla_auto_jit=0")),
        ) if known else catalogue.make(
            "xla-llvm-gpu-arch-unsupported", variant="unknown-compiler", sm=sm,
            # LLVM's "(ignoring processor)" only warns; "LLVM ERROR" and ptxas's error stop
            # that compile, whichever program it was
            severity=Severity.ERROR if any(_COMPILE_STOPPED.search(x.text)
                                           for x in (*llvm, *isa)) else Severity.WARNING,
            evidence=log_evidence(llvm, isa),
        ))
    fallback = ctx.h("xla.driver_fallback")
    win = ctx.h("xla.asm_windows")
    said = [h for h in ctx.h("xla.ptxas_missing").all() if _FALLBACK_SAID.search(h.text)]
    fell_back = _driver_fallback_statuses(ctx)
    win_exit = ({h.line for h in fell_back}
                if fell_back and _fallback_on_windows(ctx, fell_back) else set())
    said += [h for h in fell_back if h.line in win_exit]
    failing = (any(not _FALLBACK_SAID.search(h.text) and h.line not in win_exit
                   for h in ctx.h("xla.ptxas_missing").all())
               or ctx.h("xla.ptxas_arch").count or ctx.h("xla.ptxas_loaded_arch").count
               or ctx.h("xla.ptx_jit").count or ctx.h("xla.driver_older_than_ptxas").count)
    if (fallback.count or win.count or said) and not failing:
        failed = any("Failed to compile generated PTX" in h.text for h in fallback.all())
        out.append(catalogue.make(
            "ptxas-driver-fallback-notice",
            variant="ptxas-failed" if failed and not (win.count or said) else None,
            evidence=log_evidence(win, fallback, said),
            fix=("# nothing to do: the driver compiles the PTX instead (a one-time notice)",
                 _first_run_line(ctx)),
        ))
    return out


def _first_run_line(ctx: Facts) -> str:
    """What the driver's compile costs: a slower first use, cached (platform fact
    ``cuda-jit-cache-path``: the folder for this host's OS, both when it is unknown)."""
    fact = ctx.kb.platform_fact("cuda-jit-cache-path")
    where = (fact.value("windows") if ctx.windows else fact.value("linux")
             if ctx.os == "linux" else f"{fact.value('linux')}, on Windows "
             f"{fact.value('windows')}")
    return ("# the first use of those kernels waits while the driver compiles them (long on "
            "a large model: a first run that seems to hang here is usually this); the driver "
            f"caches the result in {where}, so later runs start fast")


def _ptx_jit_unavailable(ctx: Facts) -> list[Finding]:
    """The driver cannot JIT-compile PTX at all: its JIT library is missing
    (CUDA_ERROR_JIT_COMPILER_NOT_FOUND, 221: libnvidia-ptxjitcompiler absent, typical of
    containers without the ``compute`` driver capability or a partial driver install) or
    JIT is switched off (CUDA_ERROR_JIT_COMPILATION_DISABLED, 223: ``CUDA_DISABLE_PTX_JIT``
    or a driver policy).  Sources: cuda.h CUresult texts (status_codes.toml rows)."""
    out: list[Finding] = []
    missing = ctx.h("xla.ptx_jit_missing")
    if missing.count:
        # a Nix or Linuxbrew loader (checks/driver_files.py): ldconfig and packages miss it
        out.append(own_loader_ptx_jit_missing(ctx, missing.all()) or catalogue.make(
            "ptx-jit-compiler-missing",
            evidence=log_evidence(missing),
        ))
    disabled = ctx.h("xla.ptx_jit_disabled")
    if disabled.count:
        out.append(catalogue.make(
            "ptx-jit-disabled",
            evidence=log_evidence(disabled),
            fix=(c.unset_env(ctx, "CUDA_DISABLE_PTX_JIT") + "   # let the driver JIT PTX",
                 "# or use a TensorFlow build with native kernels (SASS) for this GPU"),
        ))
    return out


#: The driver JIT's log of a PTX it refused, as a program prints it after the driver's error
#: ("CUDA_ERROR_UNSUPPORTED_PTX_VERSION log: ptxas application ptx input, line 9; fatal :
#: Unsupported .version 8.5; current version is '8.4'", ingowald/pynari#6): how far below the
#: error line it may stand.
_JIT_LOG_BELOW = 3


def _driver_error_jit_lines(ctx: Facts) -> set[int]:
    """Lines of ``xla.ptxas_old`` that are the driver's own JIT log, not a ptxas program's:
    on the line of a CUDA_ERROR_UNSUPPORTED_PTX_VERSION (cuda.h: 222, "the provided PTX was
    compiled with an unsupported toolchain", which cuModuleLoad* return from the driver's JIT)
    or, worded "ptxas application ptx input" (the JIT's name for PTX handed to it in memory;
    a ptxas program names its input file), up to :data:`_JIT_LOG_BELOW` lines under it.  The
    "current version" there is the driver's PTX ISA: ``ptx-newer-than-driver`` reads it, and
    a newer ptxas would make it worse (ingowald/pynari#6: CUDA 12.6's ptxas on PATH did not
    help, the 550 driver knows ISA 8.4)."""
    errs = [h.line for h in ctx.h("cuda.error").all()
            if "CUDA_ERROR_UNSUPPORTED_PTX_VERSION" in h.text]
    if not errs:
        return set()
    return {h.line for h in ctx.h("xla.ptxas_old").all()
            if h.line in errs or ("ptxas application ptx input" in h.text
                                  and any(0 <= h.line - e <= _JIT_LOG_BELOW for e in errs))}


def _ptxas_program(ctx: Facts) -> str | None:
    """The program other than XLA that ran ptxas from PATH, when the log shows one (pattern
    ``ctx.ptxas_program``): tinygrad (tinygrad/tinygrad@c220c100478625ac2a0d6d3439291648defe9f9e
    tinygrad/runtime/support/compiler_cuda.py cuda_disassemble: subprocess.run(["ptxas",
    f"-arch={arch}", "-o", fn, fn+".ptx"]) on /tmp/tinycuda_<md5>.ptx, then "Failed to
    generate SASS ... Make sure your PATH contains ptxas/nvdisasm binary of compatible
    version.").  ``None`` when XLA (or JAX) is in the log."""
    if not ctx.h("ctx.ptxas_program").count or xla_host(ctx) or ctx.jax_log:
        return None
    return "tinygrad"


# --- gpu stack ----------------------------------------------------------------------------
# messages_gpu_stack.toml rows of cuda_driver.cc, XLA's nvptx_compiler.cc, LLVM NVPTX and
# TensorFlow's kernel generator.


def driver_jit_rejects_ptx(ctx: Facts) -> list[Finding]:
    """cuda_driver.cc LoadPtx "error log buffer (N bytes): ptxas application ptx input, ...
    Unsupported .version X; current version is 'Y'": the DRIVER's JIT (cuModuleLoadDataEx's
    error log) knows PTX ISA up to Y, older than the PTX it was given, so the driver is older
    than the CUDA that made the PTX."""
    return c.from_log(ctx, "xla.driver_jit_log", lambda hits, _first: catalogue.make(
        "ptx-newer-than-driver",
        evidence=log_evidence(hits),
        fix=("nvidia-smi   # 'CUDA Version' must be >= the CUDA of the compiler that made the PTX",
             "upgrade the NVIDIA driver",
             "or use a ptxas/CUDA compiler no newer than the driver's CUDA version"),
    ))


def ptx_jit_driver_known_bad(ctx: Facts) -> list[Finding]:
    """XLA nvptx_compiler.cc "*** WARNING *** Invoking the PTX->SASS JIT from driver version
    X, which is older than Y. These versions are known to miscompile XLA code"."""
    return c.from_log(ctx, "xla.ptx_jit_old_driver", lambda hits, first: catalogue.make(
        "driver-too-old-for-ptx-jit",
        variant="xla-miscompile",
        driver=first.g("drv"), floor=first.g("min"),
        evidence=log_evidence(hits),
        fix=(*driver_install_lines(ctx, first.g("min") or "?"),
             "# or give XLA a ptxas, so that the driver does not compile the PTX:",
             _ptxas_wheel(ctx)),
        doc_url=docs.url("nvidia-drivers"),
    ))


def llvm_ptx_isa_unknown(ctx: Facts) -> list[Finding]:
    """LLVM NVPTX "'+ptxNN' is not a recognized feature for this target (ignoring feature)":
    XLA asked for a PTX ISA its LLVM does not know (openxla/xla#16431: XLA derives it from
    the CUDA version; jax-ml/jax#21121)."""
    if ctx.h("ctx.triton").count and not xla_host(ctx):
        return []  # Triton's LLVM warns so too (its compiler.py caps the PTX feature it asks)
    return c.from_log(ctx, "xla.llvm_ptx_isa", lambda hits, first: catalogue.make(
        "llvm-ptx-isa-unknown",
        isa=_ptx_isa(first.g("isa")),
        evidence=log_evidence(hits, limit=1),
        fix=('python -c "import tensorflow as tf; print(tf.sysconfig.get_build_info())"   '
             "# the CUDA this TensorFlow was built with",
             "which ptxas && ptxas --version   # the CUDA XLA found",
             "# only if a ptxas or PTX error follows: ptxas of TensorFlow's own CUDA:",
             _ptxas_wheel(ctx)),
    ))


def _ptx_isa(digits: str | None) -> str:
    """LLVM's PTX feature number as an ISA version: ``"85"`` -> ``"8.5"`` (``"?"`` if none)."""
    return f"{digits[:-1]}.{digits[-1]}" if digits and len(digits) > 1 else "?"


#: Findings that name why a kernel could not be compiled (libdevice, ptxas).
_JIT_CAUSES = ("xla.libdevice", "xla.ptxas_missing", "xla.ptxas_old", "xla.ptxas_arch",
               "xla.ptxas_loaded_arch", "xla.ptxas_bug", "xla.driver_jit_log",
               "xla.rocm_bitcode_missing")


def _ptx_too_new(ctx: Facts) -> bool:
    """True when the log shows the driver refusing PTX as too new: cuda.h's
    CUDA_ERROR_UNSUPPORTED_PTX_VERSION (222, "the provided PTX was compiled with an
    unsupported toolchain") or the runtime's cudaErrorUnsupportedPtxVersion
    (``ptx-newer-than-driver``, unsupported-ptx-version)."""
    return ("CUDA_ERROR_UNSUPPORTED_PTX_VERSION" in ctx.h("cuda.error").by_key
            or bool(ctx.h("xla.ptx_toolchain").count))


def tf_kernel_jit_failed(ctx: Facts) -> list[Finding]:
    """kernel_gen "JIT compilation failed." (and tf_framework_c_interface.cc "Generating device
    code failed"): a TensorFlow kernel compiled at first use (it needs libdevice and ptxas,
    tensorflow/tensorflow#57162) did not compile. When the log names libdevice or ptxas,
    that finding names the cause instead; when it shows the driver refusing the PTX as too
    new (:func:`_ptx_too_new`), ``ptx-newer-than-driver`` does: this row's fix, a current
    ptxas, would write PTX the driver knows even less. On a ROCm log (``Facts.rocm_log``) the
    compile is ROCm's, not CUDA's (:func:`rocm_kernel_jit_failed`)."""
    hits = ctx.h("xla.kernel_jit").all()
    if not hits or any(ctx.h(n).count for n in _JIT_CAUSES) or _ptx_too_new(ctx):
        return []
    if ctx.rocm_log:
        return [rocm_kernel_jit_failed(ctx, hits)]
    return [catalogue.make(
        "tf-kernel-jit-failed",
        evidence=log_evidence(hits, limit=2),
        fix=(c.set_env(ctx, "TF_CPP_MIN_LOG_LEVEL", "0") + "   # rerun: the lines before name "
             "libdevice or ptxas",
             _ptxas_wheel(ctx),
             _xla_data_dir(jit_major := _build_cuda_major(ctx))
             + (" " if jit_major else "   # ") + "a CUDA folder holding nvvm/libdevice and "
             "bin/ptxas"),
    )]


def xla_platform_not_registered(ctx: Facts) -> list[Finding]:
    """xla_ops.cc "NOT_FOUND: could not find registered platform with id: 0x...": XLA was
    asked to compile for a device whose XLA platform the binary did not register
    (tensorflow/tensorflow#50458, tensorflow/java#347). On macOS the Metal plugin's own
    finding says why (messages_ecosystem.toml metal-could-not-find-registered-platform)."""
    if ctx.os == "macos":
        return []
    return c.from_log(ctx, "xla.platform", lambda hits, _first: catalogue.make(
        "xla-platform-not-registered",
        evidence=log_evidence(hits, limit=2),
        fix=("# compile without XLA: jit_compile=False in model.compile() / tf.function",
             c.set_env(ctx, "TF_XLA_FLAGS", "--tf_xla_auto_jit=0") + "   # no auto-clustering",
             'python -c "import tensorflow as tf; print(tf.__version__, '
             "tf.config.list_physical_devices())\"   # which build and device this is",
             _xla_platform_build(ctx)),
    ))


def _xla_platform_build(ctx: Facts) -> str:
    """The fix line naming a build with XLA for the device: on a log showing AMD's ROCm stack,
    a ROCm build whose XLA registers the ROCm platform (tensorflow/tensorflow PR #30379,
    2019: "[XLA:GPU][ROCm] Register ROCm platform on XLA computation placer"; before it a ROCm
    build with XLA failed so, ROCmSoftwarePlatform/tensorflow#17); never the CUDA pip wheel,
    which has no ROCm. Else the build for the device, unnamed (the log does not show it)."""
    if ctx.rocm_log:
        return ("# a ROCm build: XLA registers its ROCm platform from 2019's TensorFlow on "
                "(PR #30379): a current tensorflow-rocm or rocm/tensorflow image; the CUDA pip "
                "tensorflow has no ROCm")
    return ("# XLA needs a build that registers that device's XLA platform: the pip tensorflow "
            "for NVIDIA GPUs (CUDA), tensorflow-rocm for AMD GPUs (ROCm); a custom or source "
            "build must be built with XLA for its device")


# -------------------------------------------- toolkits older than the GPU's ptxas


def _toolkits_shown(ctx: Facts) -> list[tuple[str, str, int]]:
    """The CUDA toolkit folders the log shows on this host (:attr:`Facts.log_cuda_folders`:
    PATH, LD_LIBRARY_PATH, an ``ls`` of /usr/local, a ptxas path), as ``(version, folder,
    line)``, less the folders XLA only names as candidates: its own CUDA search list (the
    build's configured folder may not exist here) and a folder the user gave it
    (``xla_gpu_cuda_data_dir=``, wherever that points)."""
    heads = [h.line for h in ctx.h("xla.cuda_searched").all()]
    listed = {h.line for h in ctx.h("xla.cuda_root").all()
              if any(0 < h.line - x <= _XLA_LIST_LINES for x in heads)}
    listed |= {h.line for h in ctx.h("xla.data_dir_set").all()}
    return [t for t in ctx.log_cuda_folders if t[2] not in listed]


def _toolkit_hits(ctx: Facts) -> list[Hit]:
    """The log lines that show this host's CUDA toolkit folders (:func:`_toolkits_shown`)."""
    lines = {t[2] for t in _toolkits_shown(ctx)}
    rec = ctx.h("ctx.cuda_path")
    return sorted({h.line: h for h in [*rec.all(), *rec.by_key.values()]
                   if h.line in lines}.values(), key=lambda h: h.line)


def _toolkits_before(ctx: Facts, first: str | None) -> list[str]:
    """The host's CUDA toolkit versions (host facts, else the toolkit folders the log shows,
    :func:`_toolkits_shown`) when every one of them is older than ``first``, the CUDA whose
    ptxas learned the GPU's architecture (``cuda_arch.toml`` via
    ``Knowledge.ptxas_first_cuda``); else ``[]``."""
    want = tf_minor(first)
    have = [v for v in (ctx.cuda_versions or tuple(dict.fromkeys(
        v for v, _, _ in _toolkits_shown(ctx)))) if tf_minor(v) is not None]
    if want is None or not have:
        return []
    return have if all((tf_minor(v) or (0, 0)) < want for v in have) else []


def _toolkit_at_least(ctx: Facts, first: str) -> tuple[str, str, int] | None:
    """The newest CUDA toolkit folder the log shows on this host (:func:`_toolkits_shown`)
    of version ``first`` or later, as ``(version, folder, line)``; ``None`` when none or
    with host facts (their toolkits are the doctor's)."""
    want = tf_minor(first)
    if want is None or ctx.host is not None:
        return None
    fit = [t for t in _toolkits_shown(ctx) if (tf_minor(t[0]) or (0, 0)) >= want]
    return max(fit, key=lambda t: tf_minor(t[0]) or (0, 0)) if fit else None


def _toolkit_of_major(ctx: Facts, major: str) -> tuple[str, str, int] | None:
    """The newest CUDA toolkit folder of CUDA ``major`` the log shows on this host
    (:func:`_toolkits_shown`), as ``(version, folder, line)``; ``None`` when none."""
    if ctx.host is not None:
        return None
    fit = [t for t in _toolkits_shown(ctx) if t[0].split(".")[0] == major]
    return max(fit, key=lambda t: tf_minor(t[0]) or (0, 0)) if fit else None


def ptxas_fallback_candidate(f: Facts) -> list[Finding]:
    """XLA tried ptxas candidates that did not exist and used a later one ->
    ``ptxas-too-old`` (variant ``fallback-candidate``, a warning).

    Only when the log shows the search ("Looking for ptxas at A", ..., "Using ptxas at B" with
    B not the first candidate): XLA then uses whatever toolkit owns B, often an older
    /usr/local/cuda than the CUDA TensorFlow was built for (tensorflow/tensorflow#33375).
    """
    looking = f.h("xla.ptxas_looking").all()
    using = f.h("xla.ptxas_using").all()
    if not looking or not using:
        return []
    used = using[0].g("path") or ""
    before = [h for h in looking if h.line < using[0].line]
    if not before or (before[0].g("path") or "") == used:
        return []  # the first candidate was used: no fallback
    skipped = [h.g("path") or "" for h in before if (h.g("path") or "") != used]
    doubled = any("/bin/bin/" in p for p in skipped)
    cause = (f"XLA looks for ptxas in a fixed list of CUDA folders, not on PATH, and uses the "
             f"first that exists: {', '.join(skipped[:3])} did not exist, so it uses {used}. "
             "That ptxas belongs to whichever CUDA toolkit owns that folder, often an older one "
             "than the CUDA TensorFlow was built for; an older ptxas cannot compile XLA's "
             "kernels (XLA warns about the ptxas version, or compilation fails)."
             + (" The doubled .../bin/bin/ptxas means the CUDA folder XLA was given already "
                "ended in /bin (seen with TensorFlow 2.0-2.2, tensorflow/tensorflow#33375)."
                if doubled else ""))
    return [catalogue.make(
        "ptxas-too-old", variant="fallback-candidate", path=used,
        evidence=log_evidence(before, using[:1]),
        cause=cause,
        fix=(f"{used} --version   # must be the CUDA version TensorFlow was built for, or newer",
             'export XLA_FLAGS="--xla_gpu_cuda_data_dir=/usr/local/cuda-<version>"   # the '
             "toolkit folder whose bin/ptxas XLA should use",
             "# or point /usr/local/cuda at that toolkit (sudo ln -sfn /usr/local/cuda-<version> "
             "/usr/local/cuda)"),
    )]


def xla_cannot_compile_function(ctx: Facts) -> list[Finding]:
    """A function XLA must compile (``jit_compile=True``, a TPU or an XLA device) holds an
    op with no XLA kernel on that device, or a shape XLA needs at compile time
    (tf2xla): ``xla-cannot-compile-function``. Not a GPU setup fault. Keras 3's
    ``Model.compile(jit_compile="auto")`` turns XLA on when a non-CPU device is listed and no
    distribution strategy is set (keras/src/trainers/trainer.py ``_resolve_auto_jit_compile``,
    Keras 3.15.1 as installed with TensorFlow 2.21)."""
    hits = ctx.h("xla.uncompilable").all()
    if not hits:
        return []
    # (a line that names the op before one cut after the header)
    h = next((x for x in hits if not x.g("cut")), hits[0])
    op, dev = h.g("op") or h.g("op2"), h.g("dev") or h.g("dev2")
    fn = f"The function {h.g('fn')}" if h.g("fn") else "A function"
    if (op or "").startswith("CudnnRNN"):
        what = f"{op} (a Keras LSTM/GRU's cuDNN kernel) has no XLA kernel for {dev}"
        why = (f"{fn} must be compiled by XLA (jit_compile=True), and it "
               f"holds {op}, the fused cuDNN kernel a Keras LSTM/GRU runs on a GPU with "
               "its default arguments; XLA registers no kernel for it. Keras 3 marks an "
               "LSTM/GRU that will use cuDNN as not XLA-compatible (keras/src/layers/rnn/"
               "lstm.py, gru.py: supports_jit = False), so model.compile's default "
               "jit_compile='auto' should then train without XLA; the error comes when XLA "
               "is forced or that check misses the layer: jit_compile=True in tf.keras "
               "(Keras 2) or on a tf.function, keras-core before its fix "
               "(keras-team/keras-core#616), and Keras 3 models that keras-team/keras#18456 "
               "tracks as a known limitation. Not a GPU setup fault.")
        fix: tuple[str, ...] = (
            "model.compile(..., jit_compile=False)   # or drop jit_compile=True from the "
            "tf.function holding the LSTM/GRU",
            "# or keep XLA without cuDNN: LSTM(units, use_cudnn=False) (Keras 3); slower "
            "per step")
    elif op:
        what = f"{op} has no XLA kernel for {dev}"
        why = (f"{fn} must be compiled by XLA (jit_compile=True, which "
               "Keras 3's model.compile also turns on by default ('auto') when a GPU is "
               f"present; or it runs on a TPU/XLA device), and XLA registers no kernel for the op "
               f"{op} on {dev}; TensorFlow's own kernels are not used inside an "
               "XLA cluster. Not a GPU setup fault.")
        fix = (
            "# drop jit_compile=True from that tf.function (or compile only the part without "
            f"{op})",
            "model.compile(..., jit_compile=False)   # Keras 3: its default 'auto' compiles "
            "with XLA when a GPU is present",
            f"# or replace {op} by ops XLA supports")
    elif h.g("fixed"):
        what = "a loop or list without a fixed size"
        why = ("A function XLA compiles (jit_compile=True or a TPU) builds a TensorArray, "
               "tensor list or stack in a loop without a fixed maximum size; XLA needs static "
               "sizes. Not a GPU setup fault.")
        fix = ("# set maximum_iterations on tf.while_loop / a fixed size on the TensorArray",
               "# or drop jit_compile=True from that tf.function (Keras 3: "
               "model.compile(..., jit_compile=False))")
    elif h.g("cut"):
        # tf2xla's "Detected unsupported operations when trying to compile graph <fn>" with
        # the rest of the line (" on XLA_GPU_JIT: <op> (No registered ...)") cut off
        what = "an op with no XLA kernel (the log is cut before the op's name)"
        why = (f"{fn} must be compiled by XLA (jit_compile=True, Keras 3's default "
               "jit_compile='auto' with a GPU, or a TPU/XLA device), and XLA found an op in it "
               "with no XLA kernel for the device ('Detected unsupported operations when "
               "trying to compile graph'); the log is cut before the op's name. Not a GPU "
               "setup fault.")
        fix = (
            "# the full error line names the op: '... on XLA_GPU_JIT: <op> (No registered "
            "'<op>' OpKernel ...)'",
            "# drop jit_compile=True from that tf.function, or model.compile(..., "
            "jit_compile=False)",
            "# or replace that op by ops XLA supports")
    else:
        what = "a shape that is not a compile-time constant"
        why = ("A function XLA compiles (jit_compile=True or a TPU) slices a tensor with "
               "bounds that depend on runtime values; XLA needs them at compile time. Not a "
               "GPU setup fault.")
        fix = ("# make the slice bounds constants (or pad to a fixed shape)",
               "# or drop jit_compile=True from that tf.function (Keras 3: "
               "model.compile(..., jit_compile=False))")
    return [catalogue.make(
        "xla-cannot-compile-function", evidence=log_evidence(hits[:2]), what=what, why=why,
        fix=fix,
    )]


# ------------------------------------------- XLA without a compiler for the device


def xla_compiler_not_registered(ctx: Facts) -> list[Finding]:
    """xla_ops.cc "Could not find compiler for platform <P>" / XLA's compiler.cc "could not
    find registered compiler for (the) platform": XLA was asked to compile (jit_compile=True,
    Keras 3's default on an accelerator) for a device whose platform has no XLA compiler in
    this process -> ``xla-platform-not-registered`` (variant ``no-compiler``).  A
    PluggableDevice (DirectML "DML", Metal) brings no XLA backend: the DirectML plugin's
    maintainers say XLA is not supported there (microsoft/tensorflow-directml-plugin#332)."""
    hits = ctx.h("xla.no_compiler").all()
    if not hits:
        return []
    plat = next((p for h in hits if (p := h.g("plat") or h.g("plat2"))), "")
    plugin = c.PLUGGABLE_DEVICE_PLUGINS.get(plat.upper())
    if plugin:
        why = (f"The device {plat} comes from {plugin}, a PluggableDevice that registers no "
               "XLA compiler (XLA compiles for CPU, CUDA and ROCm only). Any function compiled "
               "with XLA (jit_compile=True, which Keras 3's model.compile turns on by default "
               "when it sees an accelerator, or an optimizer with jit_compile=True) fails on that "
               "device; the same model runs without XLA.")
    else:
        why = (f"XLA was asked to compile for the platform {plat or 'of this device'}, and no "
               "XLA compiler is registered for it in this process: a device plugin without an "
               "XLA backend, or a TensorFlow build (C API, Java, custom) that did not link XLA's "
               "backend for that device. The same model runs without XLA.")
    return [catalogue.make(
        "xla-platform-not-registered", variant="no-compiler",
        evidence=log_evidence(hits, limit=2), why=why,
        fix=("model.compile(..., jit_compile=False)   # Keras; and optimizers with "
             "jit_compile=False",
             "# drop jit_compile=True from tf.function on that device",
             c.set_env(ctx, "TF_XLA_FLAGS", "--tf_xla_auto_jit=0") + "   # no auto-clustering"),
    )]


def _job_task(name: str) -> str:
    """``/job:ps/replica:0/task:1/device:CPU:0`` -> ``/job:ps/replica:0/task:1``; a name
    without a job (``CPU:0``) -> ``""``."""
    return name.rsplit("/device:", 1)[0] if "/device:" in name else ""


def _short_device(name: str) -> str:
    """``/job:localhost/replica:0/task:0/device:GPU:1`` -> ``GPU:1``."""
    return name.rsplit("device:", 1)[-1] if "device:" in name else name


def xla_variable_other_device(ctx: Facts) -> list[Finding]:
    """``xla-variable-on-other-device``: an XLA-compiled function reads a variable that lives
    on another device (XLA known issue tfvariable_on_a_different_device); typical with
    jit_compile (Keras 3 defaults to it on TensorFlow) under a tf.distribute strategy.
    Variant ``on-host``: the variable lives on the CPU and the compiled function on a GPU:
    TensorFlow keeps int32 variables in host memory always (core/framework/memory_types.cc
    MTypeFromDType; the XLA known issue "tf.Variable of type int32 are always placed on a
    host ... int64 can be used"). Variant ``not-xla``: the same words with nothing of XLA near
    them (no "(defined @", no xla_ops.cc, no known-issues link, no _XlaMustCompile function):
    TensorFlow's resource manager (resource_mgr.cc ValidateDevice) refused an op placed on
    another device than the variable, a hedge. Variant ``creation-not-lifted``: a jit_compile
    tf.function created variables whose initialisation TensorFlow could not lift out of it
    (polymorphic_function.py's UnimplementedError), the same Keras 3 + tf.distribute set-up
    (keras-team/keras#19005)."""
    hits = ctx.h("xla.resource_other_device").all()
    if hits:
        h = hits[0]
        sites = [s for s in ctx.h("xla.resource_op_site").all() if abs(s.line - h.line) <= 3]
        xla = bool(h.g("defined") or any(
            s.g("cf") or s.g("must") or s.g("site") == "xla_ops" for s in sites))
        full_dev, full_frm = h.need("dev"), h.need("from")
        dev, frm = _short_device(full_dev), _short_device(full_frm)
        if dev == frm:
            # another job or task's device of the same name: show the whole names
            dev, frm = full_dev, full_frm
        # the same job and task (a parameter server's variable is another job's device)
        same_task = _job_task(full_dev) == _job_task(full_frm)
        if not xla:
            # the same words from TensorFlow's resource manager (resource_mgr.cc
            # ValidateDevice), with nothing of XLA around: a placement reading, not XLA's
            return [catalogue.make("xla-variable-on-other-device", variant="not-xla",
                                   res=h.need("res"), dev=dev, frm=frm,
                                   evidence=log_evidence(hits, sites[:1]))]
        if (metal := metal_evidence(ctx)) is not None:
            # Apple's Metal plugin: the Keras 2.11 optimizer's XLA step (checks/metal.py)
            return [metal_variable_other_device(ctx, hits, metal, h.need("res"), dev, frm)]
        return [catalogue.make(
            "xla-variable-on-other-device",
            # a variable on the host read by a GPU cluster: int32 variables always live there
            variant=("on-host" if same_task and dev.startswith("CPU") and frm.startswith("GPU")
                     else None),
            res=h.need("res"), dev=dev, frm=frm, evidence=log_evidence(hits, sites[:1]))]
    # polymorphic_function.py (def_function.py before): a jit_compile tf.function whose
    # variable creations could not be lifted out of it (variant creation-not-lifted)
    return c.from_log(ctx, "xla.lift_variable_creation", lambda hits, _h: catalogue.make(
        "xla-variable-on-other-device", variant="creation-not-lifted",
        evidence=log_evidence(hits, limit=2),
    ))
