"""CUPTI, the profiler's library: it did not load, may not read the GPU's counters, or a call
failed (only the TensorBoard profiler is affected), or its absence stopped the program (TF 1.x's
aborts, a native module that links it)."""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def rule_cupti(ctx: Facts) -> list[Finding]:
    """``cupti-not-loaded``: CUPTI did not load, may not read the GPU's counters, or a CUPTI
    call failed; only the TensorBoard profiler is affected, except in variant ``stopped``.

    Variants: ``stopped`` (an error: a FATAL abort on CUPTI or an ImportError naming libcupti,
    :func:`_stopped`), ``other-subscriber`` (CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED: another
    profiler holds CUPTI's one subscriber slot, platform fact ``cupti-single-subscriber``),
    ``call-failed`` (another code, or a paste cut before the code); the default for a
    library that did not load (also TF 1.x's cupti_wrapper "could not find X in libcupti
    DSO") or missing privileges."""
    root = ctx.h("cupti.privilege").all()
    hits = [*ctx.h("cupti.failed").all(), *root]
    libs = [h for h in ctx.h("lib.missing").all() if "cupti" in (h.g("lib") or "")]
    stopped = _stopped(ctx, [*hits, *libs, *ctx.h("cupti.symbol_missing").all()])
    if stopped is not None:
        return [stopped]
    if ctx.h("cupti.symbol_missing").count:
        return _symbol_missing(ctx)
    if not hits and not libs:
        return _call_cut(ctx)
    if any("MULTIPLE_SUBSCRIBERS" in (h.g("code") or "") for h in hits):
        return [_other_subscriber(ctx, hits)]
    priv = bool(root) or any("INSUFFICIENT_PRIVILEGES" in (h.g("code") or "") for h in hits)
    want = next((h.g("lib") for h in libs), None)
    # a CUPTI_ERROR_* code with no load failure in the log: CUPTI loaded and a call
    # failed; only INSUFFICIENT_PRIVILEGES has a known cause here, others are named, not guessed
    codes = [h.g("code") for h in hits if h.g("code")]
    if not priv and not libs and codes and len(codes) == len(hits):
        code = codes[0] or "CUPTI_ERROR"
        return [catalogue.make(
            "cupti-not-loaded", variant="call-failed", code=code,
            evidence=log_evidence(hits),
            cause=(f"CUPTI, the library the TensorBoard profiler traces the GPU with, was "
                   f"loaded, and a call returned {code}. tfgpu does not know this code's cause "
                   "in this setting; training itself is not affected."),
            fix=(f"# look up {code} in CUPTI's CUptiResult reference (NVIDIA CUPTI docs)",
                 "# profile one process at a time: no other profiler (Nsight Systems, another "
                 "tf.profiler session) attached",
                 "nvidia-smi   # the driver the CUDA/CUPTI version needs"),
        )]
    if priv:
        cause = "CUPTI may not read GPU performance counters as a non-admin user."
        # NVIDIA's ERR_NVGPUCTRPERM page: the driver option on Linux, the Control Panel's
        # developer setting on Windows (also for WSL2, whose driver is the Windows one)
        fix: tuple[str, ...] = ((
            "# NVIDIA Control Panel (as administrator): Desktop > Enable Developer Settings, then "
            "Developer > Manage GPU Performance Counters > Allow access to the GPU performance "
            "counters to all users",
        ) if ctx.windows or ctx.wsl else (
            "echo 'options nvidia NVreg_RestrictProfilingToAdminUsers=0' | sudo tee "
            "/etc/modprobe.d/nvidia-profiling.conf && sudo update-initramfs -u && reboot",
        ))
    else:
        cause = (
            "TensorFlow loads CUPTI by its exact versioned name"
            + (f" ({want})" if want else "")
            + " for the TensorBoard profiler; it was not found on the loader path. Training "
            "itself is not affected."
        )
        fix = (
            (
                "export LD_LIBRARY_PATH=/usr/local/cuda/extras/CUPTI/lib64:$LD_LIBRARY_PATH",
                "ls /usr/local/cuda/extras/CUPTI/lib64   # if only a dated libcupti.so.20XX file "
                "exists, symlink the exact name TensorFlow asks for to it",
            )
            if not ctx.windows
            else (
                'dir "%CUDA_PATH%\\extras\\CUPTI\\lib64"   # CUDA 11.0 Update 1 and newer '
                "name the DLL by date, e.g. cupti64_2020.1.1.dll",
                "add %CUDA_PATH%\\extras\\CUPTI\\lib64 to PATH; if only a dated "
                f"cupti64_20XX.*.dll is there, copy it to the exact name TensorFlow asks for"
                f" ({want or 'cupti64_110.dll'})",
            )
        )
    return [
        catalogue.make(
            "cupti-not-loaded",
            evidence=log_evidence(hits, libs),
            cause=cause,
            fix=fix,
        )
    ]


def _other_subscriber(ctx: Facts, hits: list[Hit]) -> Finding:
    """``cupti-not-loaded`` variant ``other-subscriber``: CUPTI takes one callback subscriber
    per process, and a program started under nvprof, Nsight Systems, Nsight Compute,
    cuda-gdb or cuda-memcheck already has one (platform fact ``cupti-single-subscriber``,
    NVIDIA's CUPTI result codes)."""
    fact = ctx.kb.platform_fact("cupti-single-subscriber")
    tools = ", ".join(fact.items("tools"))
    return catalogue.make(
        "cupti-not-loaded", variant="other-subscriber", code=fact.value("code"),
        evidence=log_evidence([h for h in hits if "MULTIPLE_SUBSCRIBERS" in (h.g("code") or "")]),
        knowledge_ref=fact.ref,
        cause=(f"TensorFlow's profiler asked CUPTI for a callback subscription and CUPTI "
               f"answered {fact.value('code')}: CUPTI accepts one subscriber per process, and "
               f"another one already holds it: a profiler or debugger the program runs under "
               f"({tools}) or a second profiler inside the program (knowledge row "
               f"{fact.ref}). TensorFlow's trace then has no GPU activity; training itself is "
               "not affected."),
        fix=("# profile with one tool at a time: run the program outside nsys/ncu/nvprof when "
             "you want TensorBoard's profile, or turn TensorFlow's profiler off under them:",
             "tf.keras.callbacks.TensorBoard(log_dir, profile_batch=0)   # no TensorFlow "
             "profiling (and no tf.profiler.experimental.start) while nsys traces the run"),
    )


def _symbol_missing(ctx: Facts) -> list[Finding]:
    """``cupti-not-loaded`` for TF 0.12-1.x's cupti_wrapper CHECK "could not find <function>
    in libcupti DSO": the function was looked up in a libcupti that did not load (or is
    another CUDA release's)."""
    hits = ctx.h("cupti.symbol_missing").all()
    if not hits:
        return []
    sym = re.sub(r"\s+", "", hits[0].g("sym") or "") or "a CUPTI function"
    return [catalogue.make(
        "cupti-not-loaded", evidence=log_evidence(hits[:1]),
        cause=(f"TensorFlow's profiler looked up {sym} in the libcupti it loads by name "
               "(platform/default/gpu/cupti_wrapper.cc, TensorFlow 0.12-1.x) and did not find "
               "it: that library did not load (CUDA's extras/CUPTI folder is not on the "
               "library path) or is another CUDA release's. The check aborts the program, "
               "only because profiling (a summary with run metadata, the trace) was asked "
               "for."),
        fix=(("add %CUDA_PATH%\\extras\\CUPTI\\libx64 (or lib64) to PATH   # the CUPTI of "
              "the CUDA this TensorFlow was built for",)
             if ctx.windows else
             ("export LD_LIBRARY_PATH=/usr/local/cuda/extras/CUPTI/lib64:$LD_LIBRARY_PATH"
              "   # the CUPTI of the CUDA this TensorFlow was built for",))
        + ("# or run without profiling (no RunOptions trace_level=FULL_TRACE / profiler)",),
    )]


def _call_cut(ctx: Facts) -> list[Finding]:
    """``cupti-not-loaded`` variant ``call-failed`` for cupti_tracer.cc's failed-call line
    cut before its error code: a CUPTI call failed, which code is not shown."""
    hits = ctx.h("cupti.call_cut").all()
    if not hits:
        return []
    call = hits[0].g("call") or "a CUPTI call"
    grep = ("findstr CUPTI_ERROR your.log" if ctx.windows
            else "grep -o 'CUPTI_ERROR_[A-Z_]*' your.log | sort | uniq -c")
    # the driver that enforces the restriction is the Windows one under WSL2 too
    priv = (("# CUPTI_ERROR_INSUFFICIENT_PRIVILEGES: NVIDIA Control Panel (as administrator): "
             "Desktop > Enable Developer Settings, then Developer > Manage GPU Performance "
             "Counters > Allow access to all users; MULTIPLE_SUBSCRIBERS: one profiler at a time")
            if ctx.windows or ctx.wsl else
            ("# CUPTI_ERROR_INSUFFICIENT_PRIVILEGES: options nvidia "
             "NVreg_RestrictProfilingToAdminUsers=0 on the host (a container also needs "
             "--cap-add SYS_ADMIN or --privileged); MULTIPLE_SUBSCRIBERS: one profiler at a "
             "time"))
    return [catalogue.make(
        "cupti-not-loaded", variant="call-failed", code="an error code the paste cut off",
        evidence=log_evidence(hits[:1]),
        cause=(f"TensorFlow's profiler logged a failed CUPTI call ({call}, "
               "profiler/internal/gpu/cupti_tracer.cc), and the paste ends before the error "
               "code, which says why: CUPTI_ERROR_INSUFFICIENT_PRIVILEGES (GPU performance "
               "counters restricted to admin users, the usual one in containers and on "
               "shared machines), CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED (another "
               "profiler attached) or another. Training itself is not affected."),
        fix=(grep + "   # the code of the full line", priv),
    )]


#: A glog FATAL line ("2018-10-07 12:40:45.846370: F tensorflow/...", "F tensorflow/...") or a
#: CHECK/StatusOr abort: the process stopped on this line. "Non-OK-status: <expr> status: ..."
#: is TF_CHECK_OK's LOG(FATAL) (and TF 1.x StatusOr's ValueOrDie), fatal wherever a hard wrap
#: puts its glog prefix.
_FATAL = re.compile(r"(?:^|:\s?)F\s+\S|\bCheck failed\b|Attempting to fetch value instead of "
                    r"handling error|\bNon-OK-status: ")


def _stopped(ctx: Facts, hits: list[Hit]) -> Finding | None:
    """``cupti-not-loaded`` variant ``stopped`` (an error): the CUPTI line is a FATAL abort
    (TF 1.x's cupti_wrapper CHECK, StatusOr's "could not dlopen DSO: libcupti...") or an
    ImportError of TensorFlow's native module naming libcupti: here CUPTI's absence stopped
    the program, not only the profiler."""
    # the fatal marker on the hit's line, or on a line just above it that the hit continues (a
    # wrapped paste puts "F .../cupti_wrapper.cc:59] Check failed: ..." and "could not find X
    # in libcupti DSO" on lines of their own); nothing prints after a fatal line
    fatal_lines = [h.line for h in (*ctx.h("tell.fatal").all(), *ctx.glog_fatal)]
    fatal = [h for h in hits if _FATAL.search(h.text) or _FATAL.search(h.before)
             or any(0 <= h.line - n <= 4 for n in fatal_lines)]
    imported = [h for h in hits if "ImportError" in h.text]
    if not fatal and not imported:
        return None
    sym = ctx.h("cupti.symbol_missing").first[:1]
    name = (re.sub(r"\s+", "", sym[0].g("sym") or "") if sym else "")
    if imported and not fatal:
        cause = ("TensorFlow's native module could not be imported because the CUPTI library it "
                 "links (the ImportError names it) is not on the loader path: this build needs "
                 "CUPTI to load at all, not only for profiling.")
    else:
        cause = ("TensorFlow aborted when CUPTI did not load"
                 + (f" (it looked up {name} in a libcupti that did not load or is another CUDA "
                    "release's)" if name else "")
                 + ": a trace or profile was asked for (RunOptions FULL_TRACE, a summary with run "
                   "metadata, the profiler), and TensorFlow 1.x stops the process when its "
                   "CUPTI is missing instead of only disabling the profiler.")
    where = ("add %CUDA_PATH%\\extras\\CUPTI\\lib64 (libx64 in older CUDA) to PATH"
             if ctx.windows else
             "export LD_LIBRARY_PATH=/usr/local/cuda/extras/CUPTI/lib64:$LD_LIBRARY_PATH")
    fix: tuple[str, ...] = (where + "   # the CUPTI of the CUDA this TensorFlow was built for",)
    if fatal:
        fix += ("# or run without tracing/profiling until CUPTI loads",)
    return catalogue.make("cupti-not-loaded", variant="stopped",
                          evidence=log_evidence((fatal or imported)[:2]), cause=cause, fix=fix)
