"""Triton's compiler and a GPU newer than it: ptxas and LLVM lines that are Triton's, not XLA's.

Triton (the kernel compiler torch.compile's Inductor, JAX's jax-triton and others drive) runs
its own toolchain: LLVM's NVPTX backend built into the triton package, and the ptxas it ships
in ``triton/backends/nvidia/bin`` (triton-lang/triton third_party/nvidia/backend/compiler.py
``make_cubin``: on ptxas exit code 255 it raises ``PTXASError`` "Internal Triton PTX codegen
error", with "`ptxas` stderr:" and "Repro command: <ptxas> ... --gpu-name=sm_NN"). Which
ptxas it runs is ``knobs.nvidia.ptxas`` (python/triton/knobs.py ``env_nvidia_tool("ptxas")``:
the environment variable ``TRITON_PTXAS_PATH`` first, then the bundled binary; newer releases
run a separate bundled ``ptxas-blackwell`` for compute capability 10.0 and up, ``get_ptxas``,
read from ``TRITON_PTXAS_BLACKWELL_PATH``). PATH, ``XLA_FLAGS`` and TensorFlow's CUDA wheels
are not read. So a Triton whose bundled ptxas or LLVM predates the GPU fails on it whatever
CUDA the host has, and the fixes are a newer triton (for PyTorch, the torch release that pins
it) or ``TRITON_PTXAS_PATH`` pointing at the ptxas of a CUDA that knows the GPU.

Threads: triton-lang/triton#8539 (sm_121a, DGX Spark: masahi, ``TRITON_PTXAS_PATH=
/usr/local/cuda/bin/ptxas`` of CUDA 13, confirmed by a second user); pytorch/pytorch#148551
and triton-lang/triton#5950 (sm_120, RTX 50: the cu128 nightly with triton 3.3.0, or removing
the old pytorch-triton); pytorch/pytorch#95082 ("PTX .version 7.4 does not support .target
sm_89" under Triton's codegen error: fixed in Triton, triton-lang/triton#1226);
pytorch/pytorch#170117 (ptxas-blackwell and sm_110a: Triton's bundled CUDA 12.9 ptxas).

Which ptxas failed is in Triton's own "Repro command:" (pattern ``ctx.triton_repro``): a path
under ``triton/backends/nvidia/bin`` is the bundled one; any other (``/usr/local/cuda-12.4/bin/
ptxas``) is the one ``TRITON_PTXAS_PATH`` named, already a toolkit's, so the fix is a newer
toolkit's ptxas (or unsetting the variable under a Triton whose bundled ptxas knows the GPU),
not "point it at /usr/local/cuda". A drive-letter path (``C:``) is triton-windows on native
Windows: the fix lines use PowerShell syntax and a Windows toolkit path there.

LLVM's "'sm_NN' is not a recognized processor for this target" is printed by every LLVM NVPTX
user (Triton, XLA, Numba's and others' copies): it is Triton's where Triton's words are in
the log, XLA's where TensorFlow's or JAX's are (checks/xla.py), and unknown otherwise
(xla.py's hedged ``unknown-compiler`` variant).
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.diagnosis.checks._pip_list import pip_list_grep
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding, Severity

#: A ptxas/LLVM line that XLA printed (its source files, its fallback words).
_XLA_LINE = re.compile(r"asm_compiler|nvptx_compiler|redzone_allocator|buffer_comparator"
                       r"|Falling back to the (?:CUDA )?driver|\bXLA\b|\bxla[/\\]")
#: A Triton line that says the compile failed (not only a warning of its LLVM).
_TRITON_FAILED = re.compile(r"Internal Triton PTX codegen error|\bPTXASError\b"
                            r"|`ptxas` (?:failed|raised)")


def xla_host(ctx: Facts) -> bool:
    """The log shows TensorFlow or JAX (their lines, XLA's source paths, the XLA service)."""
    return bool(ctx.h("ctx.tensorflow").count or ctx.jax_log
                or ctx.h("ctx.jax_xla_path").count or ctx.h("ctx.vendored_tf").count
                or ctx.h("xla.service").count)


def _torch_host(ctx: Facts) -> bool:
    """Whether the Triton that failed is PyTorch's (the log is PyTorch's, or a Triton line
    names torch): its fix is the torch release that pins a newer triton."""
    return ctx.other_framework == "PyTorch" or any(
        "torch" in x.text for x in ctx.h("ctx.triton").all())


def triton_lines(ctx: Facts) -> tuple[list[Hit], list[Hit]]:
    """``(ptxas, codegen)``: the ptxas lines that refuse the GPU's architecture and the
    code-generator lines (LLVM's "not a recognized processor", ptxas's "PTX .version X does
    not support .target sm_NN", LLVM's "PTX version X does not support target") that are
    Triton's: the log shows Triton's own words (``ctx.triton``) and the line is no XLA
    line; or, for the code-generator lines only, the log names Triton (``ctx.triton_word``)
    and shows neither TensorFlow nor JAX."""
    strong = bool(ctx.h("ctx.triton").count)
    weak = bool(ctx.h("ctx.triton_word").count) and not xla_host(ctx)
    if not strong and not weak:
        return [], []
    ptxas = [h for h in (*ctx.h("xla.ptxas_arch").all(), *ctx.h("ctx.triton_ptxas_arch").all())
             if h.g("sm") and not _XLA_LINE.search(h.text)] if strong else []
    codegen = [h for h in (*ctx.h("xla.llvm_processor").all(), *ctx.h("xla.llvm_arch").all(),
                           *ctx.h("xla.ptxas_old").all())
               if (h.g("sm") or h.g("tsm")) and not _XLA_LINE.search(h.text)]
    return (sorted(ptxas, key=lambda h: h.line), sorted(codegen, key=lambda h: h.line))


def triton_owns(ctx: Facts) -> bool:
    """Whether the log's ptxas/LLVM architecture lines are Triton's (:func:`triton_lines`)."""
    ptxas, codegen = triton_lines(ctx)
    return bool(ptxas or codegen)


def triton_gpu_arch_unsupported(ctx: Facts) -> list[Finding]:
    """``triton-gpu-arch-unsupported``: Triton's bundled ptxas (base) or its code generator
    (variant ``codegen``) does not know the GPU's architecture."""
    ptxas, codegen = triton_lines(ctx)
    if not ptxas and not codegen:
        return []
    h = (ptxas or codegen)[0]
    sm = h.g("sm") or h.g("tsm") or "this GPU's architecture"
    # an architecture-specific target (sm_90a: PTX ISA 8.0, CUDA 12.0) may need a newer ptxas
    # than its base (sm_90: 11.8): its own row first, the base's when the table has none
    row = ctx.kb.ptxas_first_cuda(sm) or ctx.kb.ptxas_first_cuda(
        re.sub(r"(?<=\d)[af]$", "", sm))
    first = row.first_cuda if row is not None else None
    torch = _torch_host(ctx)
    blackwell = any("ptxas-blackwell" in x.text for x in (*ptxas, *ctx.h("ctx.triton").all()))
    failed = [x for x in ctx.h("ctx.triton").all() if _TRITON_FAILED.search(x.text)]
    upgrade = ("pip install -U torch   # the torch release whose pinned triton knows "
               f"{sm} brings it (nightlies: pytorch-triton); {pip_list_grep('triton')}: one "
               "Triton only, an old pytorch-triton beside a newer triton shadows it"
               if torch else
               f"pip install -U triton   # a Triton release that knows {sm}; "
               f"{pip_list_grep('triton')}: one Triton only")
    eager = (("# until then run the model without torch.compile (eager), e.g. "
              "TORCHDYNAMO_DISABLE=1",) if torch else ())
    if ptxas:
        var = "TRITON_PTXAS_BLACKWELL_PATH" if blackwell else "TRITON_PTXAS_PATH"
        cuda = f"CUDA {first} or newer" if first else "a CUDA release that knows the GPU"
        repro = ctx.h("ctx.triton_repro").first[:1]
        ran = repro[0].g("ptxas") if repro else None
        bundled = ran is None or bool(re.search(r"triton[/\\]backends[/\\]nvidia", ran))
        windows = ctx.windows or bool(ran and re.match(r"[A-Za-z]:\\", ran))
        if bundled:
            which = (f"Triton compiles its kernels with the ptxas it ships (triton/backends/"
                     f"nvidia/bin{'/ptxas-blackwell' if blackwell else '/ptxas'}"
                     + (f", here {ran} by Triton's Repro command" if ran else
                        f", or the one {var} names") + "), not with PATH's, XLA's or "
                     f"TensorFlow's, and that ptxas does not know {sm}")
            tail = ("this Triton predates the GPU, so every kernel it compiles fails")
        else:
            which = (f"The ptxas Triton ran is {ran} (its Repro command), not the one Triton "
                     f"ships: {var} points at it, and that ptxas does not know {sm}")
            tail = ("that toolkit predates the GPU, so every kernel Triton compiles fails")
        cause = (which + (f" (ptxas learned it in CUDA {first})" if first else "")
                 + f": {tail} (Triton reports ptxas's exit code 255 as 'Internal Triton PTX "
                 "codegen error'). "
                 + (f"Pointing {var} at the ptxas of {cuda}, or unsetting it under a Triton "
                    "whose bundled ptxas knows the GPU, fixes it"
                    if not bundled else
                    f"A Triton release whose ptxas knows the GPU, or pointing {var} at the "
                    f"ptxas of {cuda}, fixes it")
                 + " (triton-lang/triton#8539); no TensorFlow or XLA setting changes it.")
        if windows:
            kit = (r"C:\Program Files\NVIDIA GPU Computing Toolkit\CUDA\v"
                   + (first or "<version>") + r"\bin\ptxas.exe")
            point = (f'$env:{var} = "{kit}"   # PowerShell (cmd.exe: set {var}={kit}); the '
                     f"ptxas of {cuda}; check: & \"{kit}\" --version")
        else:
            kit = (f"/usr/local/cuda-{first}/bin/ptxas" if first and not bundled
                   else "/usr/local/cuda/bin/ptxas")
            point = (c.set_env(ctx, var, kit) + f"   # the ptxas of {cuda} (check: {kit} "
                     "--version" + (f"; not {ran}, the one that failed" if not bundled else "")
                     + "); Triton reads it before its bundled one")
        if windows:
            upgrade = upgrade.replace(pip_list_grep("triton"),
                                      pip_list_grep("triton", windows=True))
        return [catalogue.make(
            "triton-gpu-arch-unsupported", variant=None if bundled else "named-ptxas", sm=sm,
            needs=f" (needs a CUDA {first}+ ptxas)" if first else "",
            evidence=log_evidence(ptxas, failed[:1], codegen[:1], repro),
            cause=cause,
            fix=(point, upgrade, *eager),
        )]
    cause = (f"Triton's own code generator (the LLVM NVPTX backend built into the triton "
             f"package, and the PTX version it picks) does not know {sm}: this Triton predates "
             "the GPU"
             + (", and the compile failed after it" if failed else
                "; LLVM only warns and goes on, so kernels may still build, but reports of "
                "this line end in failed Triton kernels (triton-lang/triton#5950)")
             + ". A Triton release that knows the GPU fixes it (for PyTorch, the torch release "
             "that pins it: pytorch/pytorch#148551, #95082); the host's CUDA toolkit, "
             "TensorFlow or XLA settings do not.")
    return [catalogue.make(
        "triton-gpu-arch-unsupported", variant="codegen", sm=sm,
        severity=Severity.ERROR if failed else Severity.WARNING,
        evidence=log_evidence(codegen, failed[:1], ctx.h("ctx.triton_word").first[:1]),
        cause=cause,
        fix=(upgrade, *eager),
    )]


#: XLA's own ptxas input file (asm_compiler.cc writes the PTX to a ``tempfile-<host>-<pid>-...``
#: file from tsl::Env::LocalTempFilename) or an XLA source line: the ptxas is XLA's.
_XLA_PTX_FILE = re.compile(r"\btempfile-[\w.-]{1,80}-\d")


def ptxas_origin(ctx: Facts, old: list[Hit]) -> str | None:
    """Which program ran the ptxas that refused a newer PTX ISA ("Unsupported .version X;
    current version is 'Y'"): ``"xla"`` where the log shows TensorFlow, JAX or XLA (their
    lines, XLA's ``tempfile-<host>-`` PTX file), ``"triton"`` where it shows Triton's own
    words (pattern ``ctx.triton``: "Internal Triton PTX codegen error", triton/backends/nvidia
    paths), else ``None``: another ptxas caller (an MLIR pipeline, a CUDA build), whose
    ptxas the log does not tie to XLA (break-it review b49a P3; PRONTOLab/GB-25#7)."""
    if xla_host(ctx) or any(_XLA_PTX_FILE.search(h.text) or _XLA_LINE.search(h.text)
                            for h in old):
        return "xla"
    if ctx.h("ctx.triton").count:
        return "triton"
    return None


def triton_ptxas_too_old(ctx: Facts, old: list[Hit]) -> Finding:
    """``ptxas-too-old`` variant ``triton``: the ptxas Triton ran is older than the PTX ISA
    Triton wrote for it.  Triton picks the PTX version from the ptxas's CUDA release
    (third_party/nvidia/backend/compiler.py ``ptx_get_version``); triton-lang/triton#4576:
    Triton mapped CUDA 12.6 to PTX 8.6 although 12.6's ptxas knows 8.5 (the same text); later
    releases map 12.6 to 85 (the code quoted in triton-lang/triton#5737).  The ptxas is its
    bundled one, ``TRITON_PTXAS_PATH``'s, or (triton-windows, triton-lang/triton#5929) the
    CUDA toolkit's ``bin\\ptxas.exe``; XLA_FLAGS and TensorFlow's CUDA wheels are not read."""
    h = old[0]
    ptx, cur = h.g("ptx"), h.g("cur")
    repro = ctx.h("ctx.triton_repro").first[:1]
    ran = repro[0].g("ptxas") if repro else None
    shown = [x for x in ctx.h("ctx.triton").all() if x.line != h.line][:1]
    windows = ctx.windows or bool(re.search(r"\b[A-Za-z]:\\", " ".join(
        x.text for x in (*old[:1], *shown, *repro))))
    torch = _torch_host(ctx)
    upgrade = (f"pip install -U torch   # the torch release pins a newer triton; "
               f"{pip_list_grep('triton', windows=windows)}: one Triton only"
               if torch else
               f"pip install -U triton   # a Triton release whose PTX version table knows this "
               f"ptxas; {pip_list_grep('triton', windows=windows)}: one Triton only")
    want = f"PTX ISA {ptx}" if ptx else "this PTX"
    if windows:
        point = ('$env:TRITON_PTXAS_PATH = "C:\\Program Files\\NVIDIA GPU Computing Toolkit\\'
                 'CUDA\\v<newer>\\bin\\ptxas.exe"   # PowerShell; a CUDA toolkit whose ptxas '
                 f"knows {want} (check: & \"...\\ptxas.exe\" --version)")
    else:
        point = (c.set_env(ctx, "TRITON_PTXAS_PATH", "/usr/local/cuda-<newer>/bin/ptxas")
                 + f"   # a CUDA toolkit whose ptxas knows {want} (check: ptxas --version); "
                 "Triton reads it before its bundled one")
    return catalogue.make(
        "ptxas-too-old", variant="triton",
        ptx=f" (PTX ISA {ptx}, this ptxas supports up to {cur})" if ptx and cur else "",
        ran=f" (here {ran})" if ran else "",
        evidence=log_evidence(old, shown, repro),
        fix=(upgrade, point,
             "# the PTX Triton writes follows the ptxas's CUDA release (triton-lang/triton#4576: "
             "CUDA 12.6 was mapped to PTX 8.6, which its ptxas does not know): a newer triton "
             "or another ptxas fixes it, no TensorFlow or XLA setting does"))
