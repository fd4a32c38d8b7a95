"""Another framework's own CUDA out-of-memory error (PyTorch, CuPy) in a TensorFlow user's log.

A program that runs TensorFlow beside PyTorch or CuPy (in one process, or on one GPU) meets
TensorFlow's default: when TensorFlow first uses a GPU it reserves nearly all of that GPU's
memory for its process (TensorFlow's GPU guide, "Limiting GPU memory growth"), so the other
framework's next allocation fails, in that framework's own words:

* PyTorch's caching allocator (``c10/cuda/CUDACachingAllocator.cpp``; pattern
  ``mem.torch_alloc_oom``) prints the GPU's memory with the error: the total capacity, the
  memory free (``cudaMemGetInfo``), and what PyTorch itself holds: "reserved in total by
  PyTorch" (older releases: "already allocated" plus "cached", the cached-but-unused part);
  from 2.1 also each process on the GPU and this process's use "including non-PyTorch
  memory" (NVML).  The source's own comment: "The 'allocated' amount does not include
  memory allocated outside of the caching allocator, such as memory allocated by other
  programs or memory held by the driver."  So ``total - free - PyTorch's`` is memory held
  outside PyTorch: when that is most of the GPU and little is free, another holder took
  it (another process, or TensorFlow's pool in the same process): ``gpu-memory-held-by-
  other-process`` variant ``other-framework``, an error.  When the memory outside PyTorch
  is too little to be another program's pool (PyTorch's own process's CUDA context and
  libraries take a few hundred MiB to about 1.5 GiB), its own model and batch do not fit:
  ``gpu-resource-exhausted`` variant ``other-program-own``, information while the program
  goes on (nothing about TensorFlow to fix; PyTorch's own fix is a smaller batch), an error
  when that out-of-memory exception ended a program the log shows using TensorFlow too.
  Either way the error is the other framework's: it says nothing about whether TensorFlow
  can use its GPU (:func:`quotes_other_framework_oom`, read by ``tfgpu explain``'s verdict).
* PyTorch's CUDA error checks (THC's "cuda runtime error (2) : out of memory", c10's "CUDA
  error: out of memory"; pattern ``mem.torch_check_oom``), CuPy's errors (pattern
  ``mem.cupy_oom``) and dlib's CHECK_CUDA ("Error while calling cudaMalloc(...) in file
  .../dlib/...: code: 2, reason: out of memory", dlib/cuda/cuda_utils.h; ``mem.dlib_oom``)
  give no GPU totals: variant ``other-framework-unproven``, a warning
  that names both readings (TensorFlow's pool or another process; the framework's own
  model) and how to tell them apart.  A message whose numbers do not decide (much memory
  outside PyTorch, but much still free) gets the same hedge with its numbers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._common import HELD_FREE_FRACTION, growth_fix
from tfgpu.diagnosis.checks._memory_failures import OTHER_FRAMEWORK_OOM
from tfgpu.diagnosis.checks.memory_held import held_at_start
from tfgpu.facts.log import Hit, LogFacts
from tfgpu.facts.view import Facts, log_evidence, size_to_mib
from tfgpu.findings import Finding, Severity

#: Memory held outside the framework counts as another holder's only when it is at least this
#: share of the GPU and at least :data:`HELD_ELSEWHERE_MIN_MIB`: a CUDA context, the cuDNN and
#: cuBLAS kernels and workspaces of the framework's own process take a few hundred MiB to
#: about 1.5 GiB outside its allocator.
HELD_ELSEWHERE_SHARE = 0.5
#: See :data:`HELD_ELSEWHERE_SHARE` (MiB).
HELD_ELSEWHERE_MIN_MIB = 2048.0

#: One process of PyTorch 2.1+'s NVML list: "Process 9500 has 148.91 MiB memory in use. " or
#: "Including non-PyTorch memory, this process has 7.01 GiB memory in use. "
_PROC = re.compile(r"(?:Process (?P<pid>\d+)|(?P<self>this process)) has "
                   r"(?P<size>[\d.]+ (?:bytes|[KMGT]iB)) memory in use")


def _mib(text: str | None) -> float | None:
    """A size as PyTorch's ``format_size`` prints it ("0 bytes", "512 bytes", "12.06 MiB",
    "7.79 GiB") in MiB, or ``None``."""
    if not text:
        return None
    if text.endswith(" bytes"):
        number = text.removesuffix(" bytes")
        return int(number) / 2**20 if number.isdigit() else None
    return size_to_mib(text)


def _size(mib: float) -> str:
    """``mib`` as people read it: "7.8 GiB" from 1 GiB up, else "512 MiB"."""
    return f"{mib / 1024:,.1f} GiB" if mib >= 1024 else f"{mib:,.0f} MiB"


@dataclass(frozen=True, slots=True)
class TorchMemory:
    """The GPU memory a PyTorch caching-allocator error reports, in MiB.

    Attributes:
        total_mib: the GPU's total capacity (``cudaMemGetInfo`` total).
        free_mib: its free memory when the allocation failed.
        torch_mib: what PyTorch's allocator holds (reserved: allocated and cached).
        self_mib: this process's use including non-PyTorch memory (NVML; 2.1+), or None.
        others: the other processes on the GPU and their use (NVML; 2.1+), ``(pid, MiB)``.
    """

    total_mib: float
    free_mib: float
    torch_mib: float
    self_mib: float | None
    others: tuple[tuple[str, float], ...]

    @property
    def elsewhere_mib(self) -> float:
        """Memory in use that PyTorch's allocator does not hold (other processes, other
        libraries of this process, the CUDA context)."""
        return max(0.0, self.total_mib - self.free_mib - self.torch_mib)

    def numbers(self) -> str:
        """The message's numbers as one clause."""
        text = (f"the GPU has {_size(self.total_mib)}, {_size(self.free_mib)} free, PyTorch's "
                f"allocator holds {_size(self.torch_mib)}, so {_size(self.elsewhere_mib)} is "
                "held outside it")
        parts = []
        if self.self_mib is not None:
            parts.append(f"this process {_size(max(0.0, self.self_mib - self.torch_mib))} "
                         "outside PyTorch")
        parts += [f"process {pid} {_size(mib)}" for pid, mib in self.others[:4]]
        return text + (f" ({'; '.join(parts)})" if parts else "")


def torch_memory(hit: Hit) -> TorchMemory | None:
    """The numbers of a ``mem.torch_alloc_oom`` hit, or ``None`` when the message was cut
    before them (or a number does not parse)."""
    total = _mib(hit.g("total") or hit.g("total_b"))
    free = _mib(hit.g("free") or hit.g("free_b"))
    if hit.g("reserved"):
        held = _mib(hit.g("reserved"))
    elif hit.g("cached"):
        alloc, cached = _mib(hit.g("alloc")), _mib(hit.g("cached"))
        held = alloc + cached if alloc is not None and cached is not None else None
    else:
        alloc, unalloc = _mib(hit.g("alloc_b")), _mib(hit.g("unalloc"))
        held = alloc + unalloc if alloc is not None and unalloc is not None else None
    if not total or free is None or held is None:
        return None
    own: float | None = None
    others = []
    for m in _PROC.finditer(hit.g("procs") or ""):
        mib = _mib(m.group("size"))
        if mib is None:
            continue
        if m.group("self"):
            own = mib
        else:
            others.append((m.group("pid"), mib))
    return TorchMemory(total, free, held, own, tuple(others))


def _elsewhere_floor(mem: TorchMemory) -> float:
    """MiB outside PyTorch's allocator from which another holder is read (below it, PyTorch's
    own process's CUDA context and libraries explain it): :data:`HELD_ELSEWHERE_SHARE` of the
    GPU, and at least :data:`HELD_ELSEWHERE_MIN_MIB`."""
    return max(HELD_ELSEWHERE_SHARE * mem.total_mib, HELD_ELSEWHERE_MIN_MIB)


def _held_elsewhere(mem: TorchMemory) -> bool:
    """The GPU is full (under HELD_FREE_FRACTION free) and memory outside PyTorch's allocator
    is most of it (:func:`_elsewhere_floor`)."""
    return (mem.free_mib < HELD_FREE_FRACTION * mem.total_mib
            and mem.elsewhere_mib >= _elsewhere_floor(mem))


def _tf_device_note(ctx: Facts) -> str:
    """Sentences naming TensorFlow's own lines about the GPU in the log, or "": its GPU
    device (pattern ``gpu.created``: TensorFlow created a GPU device, and with it its memory
    pool), and TF 1.x's free memory at start when under HELD_FREE_FRACTION of the total
    (:func:`~tfgpu.diagnosis.checks.memory_held.held_at_start`: another process held the
    GPU before TensorFlow allocated anything)."""
    note = ""
    created = ctx.h("gpu.created").first
    if created:
        h = created[0]
        note += (f" This log shows TensorFlow creating its GPU device too (line {h.line}, a pool "
                 f"of up to {int(h.g('mb') or 0):,} MB), so TensorFlow does use a GPU here.")
    held = held_at_start(ctx)
    if held:
        free, total, lines = held[0]
        note += (f" TensorFlow's own start-up line (line {lines[-1].line}) shows only "
                 f"{_size(free)} of {_size(total)} free before it allocated anything: another "
                 "process held that GPU first.")
    return note


def _tf_fix(ctx: Facts, program: str, *, in_process: bool = False) -> tuple[str, ...]:
    """The TensorFlow side's fix lines: memory growth, a cap, or no GPU for TensorFlow (not
    for ``in_process``: a compiled op or extension that runs inside TensorFlow's process
    needs TensorFlow's GPU)."""
    lines = _tf_fix_lines(ctx, program)
    return lines[:2] if in_process else lines


def _tf_fix_lines(ctx: Facts, program: str) -> tuple[str, ...]:
    """:func:`_tf_fix`'s three lines."""
    return (
        *growth_fix(ctx, f"TensorFlow then takes GPU memory as it needs it instead of nearly "
                         f"all of it, leaving the rest to {program} (or "
                         "tf.config.experimental.set_memory_growth(gpu, True) before "
                         "TensorFlow's first GPU use; TF 1.x: "
                         "config.gpu_options.allow_growth = True)"),
        "# or cap TensorFlow's pool before its first GPU use: "
        "tf.config.set_logical_device_configuration(gpu, "
        "[tf.config.LogicalDeviceConfiguration(memory_limit=4096)])   # MB; TF 1.x: "
        "config.gpu_options.per_process_gpu_memory_fraction = 0.5",
        f"# or, if TensorFlow needs no GPU in this program: tf.config.set_visible_devices([], "
        f"'GPU') right after importing TensorFlow; or run TensorFlow and {program} in separate "
        "processes or on separate GPUs",
    )


_SMI = ("nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv   "
        "# the processes holding the GPU's memory: stop one you do not need, or pick a free "
        "GPU (CUDA_VISIBLE_DEVICES=1)")


def _own_fix(program: str, allocator: bool) -> tuple[str, ...]:
    """The framework's own fix lines: a smaller batch, and (``allocator``: the message is
    PyTorch's caching allocator's) its fragmentation setting."""
    lines = [f"# {program}'s own model, batch or data need more GPU memory than is free: "
             "reduce the batch size or the input size"]
    if allocator:
        lines.append("PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True python train.py   "
                     "# when the message shows much memory reserved by PyTorch but "
                     "unallocated (fragmentation), as it says itself")
    return tuple(lines)


def _cupy_pool(hit: Hit) -> str:
    """A sentence with what CuPy's memory pool held when its allocation failed ("allocated
    so far", ``mem.cupy_oom``), or ""."""
    held = (hit.g("sofar") or hit.g("sofar_b") or "").replace(",", "")
    want = (hit.g("req") or hit.g("req_b") or "").replace(",", "")
    if not held.isdigit() or not want.isdigit():
        return ""
    return (f" CuPy's own pool held {_size(int(held) / 2**20)} when {_size(int(want) / 2**20)} "
            "more could not be had; the GPU's total is not in the message.")


def other_framework_oom_lines(log: LogFacts) -> frozenset[int]:
    """The 1-based line numbers of ``log`` holding another framework's own out-of-memory
    error (PyTorch's, CuPy's: the patterns :func:`other_framework_oom` reads), for
    :func:`quotes_other_framework_oom`; empty when there is none."""
    return frozenset(h.line for name in OTHER_FRAMEWORK_OOM for h in log.get(name).all())


def quotes_other_framework_oom(f: Finding, oom_lines: frozenset[int]) -> bool:
    """Whether ``f`` quotes another framework's own out-of-memory line (one of ``oom_lines``:
    :func:`other_framework_oom_lines`) and no other log line but that framework's CUDA help
    line: such an error tells what the other framework could not allocate, nothing about
    whether TensorFlow can compute on its GPU (``tfgpu explain``'s verdict leaves gpu_usable
    unknown for it)."""
    lines = [e for e in f.evidence if e.source == "log"]
    quoted = [e for e in lines if e.line in oom_lines]
    return bool(quoted) and all(e in quoted or "cudaErrorMemoryAllocation" in e.text
                                for e in lines)


def _ended_the_program(ctx: Facts, hits: list[Hit]) -> bool:
    """Whether the log shows TensorFlow (its own lines: a program using both frameworks)
    and one of ``hits`` is a line that says why that program died (the uncaught exception or
    its message: checks/unknown.py ``log_failure_lines``).  A log of the other framework
    alone is that framework's, not a TensorFlow user's: there the line stays a note."""
    from tfgpu.diagnosis.checks.unknown import log_failure_lines

    if not ctx.h("ctx.tensorflow").count:
        return False
    failing = log_failure_lines(ctx.log)
    return any(h.line in failing for h in hits)


def _hits(ctx: Facts) -> tuple[str, list[Hit]]:
    """The program whose out-of-memory lines the log holds and those lines (PyTorch's first),
    or ``("", [])``."""
    torch = sorted([*ctx.h("mem.torch_alloc_oom").all(), *ctx.h("mem.torch_check_oom").all()],
                   key=lambda h: h.line)
    if torch:
        return "PyTorch", torch
    if ctx.h("mem.cupy_oom").count:
        return "CuPy", ctx.h("mem.cupy_oom").all()
    if ctx.h("mem.rmm_oom").count:
        return "RMM (RAPIDS)", ctx.h("mem.rmm_oom").all()
    dlib = [h for h in ctx.h("mem.dlib_oom").all() if _DLIB_FILE.search(h.g("file") or "")]
    if dlib:
        return "dlib", dlib
    ext = ctx.h("mem.cuda_ext_oom").all()
    if ext:
        return _extension_name(ext[0].text), ext
    return "", []


#: A source file of dlib's (its CHECK_CUDA names the file: ".../dlib/cuda/gpu_data.cpp").
_DLIB_FILE = re.compile(r"[/\\]dlib[/\\]")
#: The CUDA source path before a compiled extension's "<file>.cu[.cc]:<line>: CUDA error 2"
#: (pattern ``mem.cuda_ext_oom``, which matches from the ".cu" on).
_EXT_PATH = re.compile(r"(?P<path>[\w./\\-]{1,300}?)\.cu(?:\.cc|\.cpp)?:\d{1,6}: CUDA error 2")
#: The Python package of a compiled extension's source path: the folder after site- or
#: dist-packages, or a TensorFlow add-on's package folder at the path's start
#: ("tensorflow_recommenders_addons/dynamic_embedding/core/kernels/x.cu.cc").
_EXT_PKG = re.compile(r"(?:(?:site|dist)-packages[/\\]|^)(?P<pkg>tensorflow_\w{1,60}|"
                      r"(?<=packages[/\\])[A-Za-z_]\w{1,60})[/\\]")


def _extension_name(line: str) -> str:
    """A compiled GPU extension named by its Python package when the CUDA source path on its
    out-of-memory ``line`` shows one (``tensorflow_recommenders_addons``), else as the custom
    op of that source file ("the custom op in tf_grouping_g.cu.cc": a project's own op, whose
    folders say nothing)."""
    m = _EXT_PATH.search(line)
    path = m.group("path") if m else ""
    pkg = _EXT_PKG.search(path.lstrip("./"))
    if pkg:
        return pkg.group("pkg")
    name = path.replace("\\", "/").rsplit("/", 1)[-1]
    tail = _EXT_SUFFIX.search(line)
    return f"the custom op in {name}{tail.group(0) if tail else '.cu'}" if name \
        else "a compiled GPU extension"


#: The suffix of the CUDA source on the line (".cu.cc", ".cu").
_EXT_SUFFIX = re.compile(r"\.cu(?:\.cc|\.cpp)?(?=:\d)")


def other_framework_oom(ctx: Facts) -> list[Finding]:
    """PyTorch's or CuPy's own CUDA out-of-memory error (module docstring).

    Returns:
        ``gpu-memory-held-by-other-process`` variant ``other-framework`` (an error: the
        message's numbers show the memory held outside the framework), ``gpu-resource-
        exhausted`` variant ``other-program-own`` (information: no other holder in the
        numbers; an error when that line ended a program using TensorFlow), or
        ``gpu-memory-held-by-other-process`` variant ``other-framework-unproven`` (a
        warning: no numbers, or numbers that do not decide); nothing without such a line.
    """
    program, hits = _hits(ctx)
    if not hits:
        return []
    mem = next((m for h in hits if (m := torch_memory(h)) is not None), None) \
        if program == "PyTorch" else None
    # PyTorch's help line after c10's message ("Search for `cudaErrorMemoryAllocation' in
    # <CUDA runtime API types page> for more information.", get_cuda_error_help) is the same error
    helps = [h for h in ctx.h("cuda.status_code").all()
             if h.g("name") == "cudaErrorMemoryAllocation"
             and any(0 < h.line - t.line <= 3 for t in hits)]
    evidence = log_evidence(hits[:3], helps[:1])
    if mem is not None and _held_elsewhere(mem):
        same_process = (mem.self_mib is not None
                        and mem.self_mib - mem.torch_mib >= HELD_ELSEWHERE_MIN_MIB)
        tf_first = same_process or bool(ctx.h("ctx.tensorflow").count)
        fix = (*_tf_fix(ctx, program), _SMI) if tf_first else (_SMI, *_tf_fix(ctx, program))
        return [catalogue.make(
            "gpu-memory-held-by-other-process", variant="other-framework",
            program=program, elsewhere=_size(mem.elsewhere_mib), total=_size(mem.total_mib),
            numbers=mem.numbers(), note=_tf_device_note(ctx), evidence=evidence,
            fix=fix)]
    if mem is not None and mem.elsewhere_mib < _elsewhere_floor(mem):
        # information while the program goes on; the error that ended it when it did
        return [catalogue.make(
            "gpu-resource-exhausted", variant="other-program-own",
            program=program, held=_size(mem.torch_mib), total=_size(mem.total_mib),
            numbers=mem.numbers(), evidence=evidence,
            severity=Severity.ERROR if _ended_the_program(ctx, hits) else None,
            fix=(*_own_fix(program, True), _SMI))]
    numbers = (f" Its numbers do not decide it: {mem.numbers()}." if mem is not None
               else _cupy_pool(hits[0]))
    in_process = bool(ctx.h("mem.cuda_ext_oom").count) and hits == ctx.h("mem.cuda_ext_oom").all()
    return [catalogue.make(
        "gpu-memory-held-by-other-process", variant="other-framework-unproven",
        program=program, numbers=numbers, note=_tf_device_note(ctx), evidence=evidence,
        fix=(*_tf_fix(ctx, program, in_process=in_process), _SMI,
             *_own_fix(program, bool(ctx.h("mem.torch_alloc_oom").count))))]


__all__ = ["TorchMemory", "other_framework_oom", "other_framework_oom_lines",
           "quotes_other_framework_oom", "torch_memory"]
