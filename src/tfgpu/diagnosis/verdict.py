"""Verdicts: the one-line answer each command prints first, and the report header (pure).

A verdict is a decision, so it lives here rather than in :mod:`tfgpu.report` (renderers
make no decisions) or :mod:`tfgpu.cli` (commands only gather, call and render).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from tfgpu._words import data_sizes, plural, trains
from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._common import seconds, short_probe_limit
from tfgpu.diagnosis.checks.hardware import metal_route
from tfgpu.diagnosis.checks.host_libraries import library_search_ran, tf_library_needs_known
from tfgpu.diagnosis.checks.other_framework_oom import quotes_other_framework_oom
from tfgpu.diagnosis.checks.tf_install import short_tf_limit
from tfgpu.diagnosis.checks.unknown import died_unexplained, explains_failure, failure_lines
from tfgpu.diagnosis.engine import _wsl2, no_driver_gpu_unknown, no_nvidia_gpu
from tfgpu.facts import GPU, HostFacts, ProbeStatus, TFDevice
from tfgpu.facts.host import TF_PROBE_TOO_OLD_PREFIX
from tfgpu.facts.log import BINARY_SHARE
from tfgpu.facts.presence import nvidia_gpu_presence
from tfgpu.findings import Finding, Report, Severity, Verdict, sort_findings

if TYPE_CHECKING:
    from tfgpu.facts.log import Hit, ReadStats
    from tfgpu.knowledge import Knowledge
    from tfgpu.verify import VerifyResult


#: The second half of a hedged pair titles itself "Or: ..." (findings.toml): a headline
#: names the first half when both are there, else this one without its "Or: ".
_OR = "Or: "


def _lead(found: Sequence[Finding]) -> Finding:
    """The finding a headline names: the first of ``found`` that is not a hedge's "Or:"
    half, else the first (``found`` is not empty)."""
    return next((f for f in found if not f.title.startswith(_OR)), found[0])


def _title(f: Finding) -> str:
    """``f``'s title as a headline says it: without a hedge's leading "Or: "."""
    t = f.title
    return t[len(_OR)].upper() + t[len(_OR) + 1:] if t.startswith(_OR) and len(t) > len(_OR) else t


def _gib(mib: int | None) -> str | None:
    return None if mib is None else f"{mib / 1024:.1f} GiB"


def _host_gpu_for(facts: HostFacts, tf_index: int) -> GPU | None:
    """The physical GPU behind TensorFlow's ``GPU:tf_index`` (CUDA_VISIBLE_DEVICES order)."""
    gpus = [g for g in facts.nvidia_gpus if not g.is_mig]
    order = list(range(len(gpus)))
    cvd = facts.env.get("CUDA_VISIBLE_DEVICES")
    if cvd is not None:
        picked: list[int] = []
        for token in cvd.split(","):
            token = token.strip()
            if token.isdigit() and int(token) < len(gpus):
                picked.append(int(token))
            else:
                break
        if picked:
            order = picked
    by_index = {g.index: g for g in gpus}
    if tf_index < len(order):
        return by_index.get(order[tf_index])
    return None


#: Probes whose GPU names are NVML's (nvidia-smi's ``--query-gpu=name`` reads NVML too).
_NVML_SOURCES = ("nvml", "nvidia-smi")


def _nvml_name(host: GPU | None) -> str | None:
    """The NVML name of ``host`` (``"NVIDIA GeForce RTX 4090"``), or ``None``: no host GPU,
    a name from another probe (lspci, WMI), NVML's placeholder for a GPU it could not open,
    or a name an nvidia-smi table cut short (``"NVIDIA GeForce ..."``)."""
    if host is None or host.source not in _NVML_SOURCES or not host.name:
        return None
    if host.name.startswith("unknown ") or host.name.rstrip().endswith("..."):
        return None
    return host.name


def _visible_words(facts: HostFacts) -> str:
    """``" (CUDA_VISIBLE_DEVICES=1: 1 of 2 GPUs visible)"`` when the variable hides some of
    the host's GPUs from CUDA (so from TensorFlow), else ``""``."""
    cvd = facts.env.get("CUDA_VISIBLE_DEVICES")
    gpus = [g for g in facts.nvidia_gpus if not g.is_mig]
    if cvd is None or len(gpus) < 2:
        return ""
    shown = sum(1 for i in range(len(gpus)) if _host_gpu_for(facts, i) is not None)
    if not 0 < shown < len(gpus):
        return ""
    return f" (CUDA_VISIBLE_DEVICES={cvd}: {shown} of {len(gpus)} GPUs visible)"


def _gpu_words(facts: HostFacts, i: int, dev: TFDevice) -> str:
    """``"GPU 0: NVIDIA L4, 22.5 GiB"``: the name is NVML's, the authoritative hardware
    name, when the host probe has it (:func:`_nvml_name`), else TensorFlow's device name.

    TensorFlow numbers the GPUs CUDA shows it (``GPU:0`` is the first of
    ``CUDA_VISIBLE_DEVICES``), nvidia-smi numbers every GPU of the host: when the two
    differ both are named, ``"GPU:0 (nvidia-smi GPU 1): NVIDIA GeForce RTX 3060, 12.0
    GiB"``, so a TensorFlow index is never read as nvidia-smi's."""
    host = _host_gpu_for(facts, i)
    name = _nvml_name(host) or dev.details.get("device_name") or (
        host.name if host else None) or dev.name
    mem = _gib(host.memory_total_mib) if host else None
    label = f"GPU {i}" if host is None or host.index == i else (
        f"GPU:{i} (nvidia-smi GPU {host.index})")
    return f"{label}: {name}" + (f", {mem}" if mem else "")


def _driver_probe_failed(facts: HostFacts, findings: list[Finding]) -> str | None:
    """Why the GPU could not be examined, or ``None``: the driver probe timed out (a hung
    nvidia-smi or NVML: TensorFlow would hang the same way, not fall back to the CPU), or it
    failed with no driver finding that explains the failure (a driver/library mismatch, a
    driver not loaded: then CUDA cannot start and "CPU only" is what is known)."""
    d = facts.driver
    if facts.nvidia_gpus or d is None:
        return None
    if d.status is ProbeStatus.TIMEOUT:
        limit = short_probe_limit(facts)
        if limit is not None:
            return (f"the driver probe was stopped at your limit, --timeout "
                    f"{seconds(limit)}")
        return "the driver probe timed out"
    if any(f.id == "nvidia-smi-unreadable" for f in findings):
        # nothing shows a driver; a PCI listing that answered may still show there is no GPU
        return None if no_nvidia_gpu(facts) else "nvidia-smi gave no answer tfgpu can read"
    if d.status is ProbeStatus.ERROR and no_nvidia_gpu(facts):
        return None  # an adapter listing that answered shows no NVIDIA device (the finding says)
    explained = any(f.severity is Severity.ERROR and f.area == "driver" for f in findings)
    if d.status is ProbeStatus.ERROR and not explained:
        return "the driver probe failed"
    return None


def suffix_of(facts: HostFacts) -> str:
    """What the headline adds about GPU presence: ``" (no NVIDIA GPU on this host)"``
    (a probe that ran and looked found none), the "GPU presence unknown" words (WSL2
    without a driver answer; no driver and nothing that could list the PCI devices
    answered), or ``""``."""
    if not facts.nvidia_gpus and _wsl2(facts) and facts.driver is not None \
            and facts.driver.status is ProbeStatus.MISSING:
        return " (WSL2: no NVIDIA driver answers, GPU presence unknown)"
    if not facts.nvidia_gpus and (soc := nvidia_gpu_presence(facts).soc) is not None:
        return f" (NVIDIA Jetson, {soc}: its GPU is on the chip, not examined)"
    if no_driver_gpu_unknown(facts):
        return " (no NVIDIA driver; whether an NVIDIA GPU is present is unknown)"
    return " (no NVIDIA GPU on this host)" if no_nvidia_gpu(facts) else ""


def make_verdict(facts: HostFacts, findings: Iterable[Finding],
                 kb: Knowledge | None = None) -> Verdict:
    """Return the one-line answer (see the module docstring for the wording).

    ``kb``: the knowledge the checks used; with it, a GPU "looks ready" without the
    TensorFlow probe only when the CUDA and cuDNN majors the installed TensorFlow loads are
    known (:func:`~tfgpu.diagnosis.checks.host_libraries.tf_library_needs_known`), so that the
    library check could look for them."""
    findings = list(findings)
    problems = sum(1 for f in findings if f.severity is Severity.ERROR)
    tf = facts.tf
    tf_name = f"TensorFlow {tf.version}" if tf is not None and tf.version else "TensorFlow"
    if facts.python.version is None and (tf is None or tf.status is not ProbeStatus.OK):
        # the examined interpreter never answered: nothing about its TensorFlow is known,
        # neither "CPU only" nor "does not start"
        return Verdict(None, f"TensorFlow state unknown (the Python interpreter "
                             f"{facts.python.executable} did not answer): "
                             f"{plural(problems, 'problem')}{suffix_of(facts)}", problems)
    if tf is not None and tf.status is ProbeStatus.OK:
        # "can use" rests on a computation: only a GPU whose test op gave the right result on
        # it (op_ok True); one with no recorded result (None) is listed, not tested
        usable = [(i, d) for i, d in enumerate(tf.gpus) if d.op_ok is True]
        tail = f"; {plural(problems, 'problem')}" if problems else ""
        if usable:
            i, dev = usable[0]
            more = f" (and {plural(len(usable) - 1, 'more GPU')})" if len(usable) > 1 else ""
            return Verdict(True, f"{tf_name} can use {_gpu_words(facts, i, dev)}{more}"
                                 f"{_visible_words(facts)}{tail}", problems)
        untested = [(i, d) for i, d in enumerate(tf.gpus) if d.op_ok is None]
        if untested and not any(d.op_ok is False for d in tf.gpus):
            i, dev = untested[0]
            more = (f" (and {plural(len(untested) - 1, 'more GPU')})" if len(untested) > 1
                    else "")
            return Verdict(None, f"{tf_name} lists {_gpu_words(facts, i, dev)}{more}, not "
                                 f"tested: no result of its test op is recorded{tail}",
                           problems)
    suffix = suffix_of(facts)
    # --no-tf: the interpreter's distributions still say whether TensorFlow is there.
    not_installed = any(f.id == "tensorflow-not-installed" for f in findings)
    if (tf is not None and tf.status is ProbeStatus.MISSING) or (
            not_installed and (tf is None or tf.status is ProbeStatus.SKIPPED)):
        return Verdict(False, f"TensorFlow is not installed: {plural(problems, 'problem')}"
                       + suffix, problems)
    if tf is None or tf.status is ProbeStatus.SKIPPED:
        # SKIPPED is only ever set by --no-tf; a snapshot without `tf` was not probed.
        why = ("TensorFlow itself was not checked (--no-tf)" if tf is not None
               else "TensorFlow was not probed")
        metal = metal_route(facts)
        if metal is not None and not facts.nvidia_gpus and problems == 0:
            # Apple's plugin is TensorFlow's way to a Mac's GPU: not "CPU only", and not
            # "ready" either, since only the import shows that the pair loads
            gpu, plugin, dist = metal
            return Verdict(None, f"{gpu} GPU through tensorflow-metal {plugin.version} "
                                 f"({dist.name} {dist.version}), not tested: {why}", 0)
        if facts.nvidia_gpus and problems == 0:
            # the first GPU CUDA shows (CUDA_VISIBLE_DEVICES), by nvidia-smi's number; "ready"
            # only when the library search ran (a library it does not list is then one the
            # loader would not find, and the library check had its say): TensorFlow's use of
            # the GPU stays unmeasured either way (gpu_usable None, as the words say)
            g = _host_gpu_for(facts, 0) or facts.nvidia_gpus[0]
            mem = _gib(g.memory_total_mib)
            gpu = f"GPU {g.index}: {g.name}" + (f", {mem}" if mem else "")
            if not library_search_ran(facts):
                return Verdict(None, f"{gpu} found{_visible_words(facts)}, readiness unknown: "
                                     "the CUDA and cuDNN libraries TensorFlow loads were not "
                                     f"searched for; {why}", 0)
            if kb is not None and not tf_library_needs_known(facts, kb):
                return Verdict(None, f"{gpu} found{_visible_words(facts)}, readiness unknown: "
                                     "which CUDA and cuDNN libraries this TensorFlow loads is "
                                     f"not in tfgpu's knowledge; {why}", 0)
            return Verdict(None, f"{gpu} looks ready{_visible_words(facts)}; {why}", 0)
        errors = [f for f in findings if f.severity is Severity.ERROR]
        if facts.nvidia_gpus and errors and all(_gpu_listed(f.id) for f in errors):
            # each error leaves the GPU registered (catalogue key gpu_listed: a cuDNN of
            # another version fails at the first cuDNN op, not at start): not "CPU only"
            g = _host_gpu_for(facts, 0) or facts.nvidia_gpus[0]
            mem = _gib(g.memory_total_mib)
            return Verdict(None, f"TensorFlow would list GPU {g.index}: {g.name}"
                           + (f", {mem}" if mem else "") + f"{_visible_words(facts)}, but "
                           f"some work on it would fail: {plural(problems, 'problem')}; {why}",
                           problems)
        failed = _driver_probe_failed(facts, findings)
        if failed is not None:
            # the GPU could not be examined: "CPU only" would claim more than is known, and
            # so would gpu_usable=False
            return Verdict(None, f"GPU state unknown ({failed}): "
                                  f"{plural(problems, 'problem')}; {why}", problems)
        return Verdict(False, f"TensorFlow will run on the CPU only: "
                              f"{plural(problems, 'problem')}{suffix}; {why}", problems)
    if (tf.error or "").startswith(TF_PROBE_TOO_OLD_PREFIX):
        # tfgpu's probe could not run there: TensorFlow was not imported, so neither "does
        # not start" nor "not installed" is known
        return Verdict(None, f"TensorFlow state unknown (Python {facts.python.version or '?'} "
                             f"is too old for tfgpu's TensorFlow probe): "
                             f"{plural(problems, 'problem')}{suffix}", problems)
    limit = short_tf_limit(tf)
    if limit is not None:
        # only the user's own, shorter-than-default limit ran out: not known to hang
        return Verdict(None, f"TensorFlow state unknown (the TensorFlow probe was stopped "
                             f"after {limit:g} s, --timeout {limit:g}): "
                             f"{plural(problems, 'problem')}{suffix}", problems)
    if tf.status in (ProbeStatus.ERROR, ProbeStatus.TIMEOUT):
        return Verdict(False, f"{tf_name} does not start: {plural(problems, 'problem')}",
                       problems)
    return Verdict(False, f"{tf_name} will run on the CPU only: "
                          f"{plural(problems, 'problem')}{suffix}", problems)


def host_meta(facts: HostFacts, kb: Knowledge | None = None) -> dict[str, str]:
    """Small strings for the report header: host, Python, CPU, TensorFlow, driver, knowledge.

    The knowledge version is ``kb.version`` when ``kb`` has one (no second read of the
    data files), else :func:`tfgpu.knowledge.knowledge_version`.
    """

    engine = facts.os.container_engine if facts.os.system == "Linux" else None
    os_words = ", ".join(x for x in (facts.os.name or facts.os.system, facts.os.machine,
                                     "WSL2" if facts.os.is_wsl and facts.os.wsl_version == 2
                                     else None,
                                     f"in a container ({engine})" if engine else None) if x)
    meta = {
        "host": os_words,
        "python": f"{facts.python.version or 'unknown: the interpreter did not answer'} "
                  f"({facts.python.executable})",
    }
    if facts.cpu.model:
        flags = " ".join(f for f in facts.cpu.flags if f in ("avx", "avx2", "avx512f"))
        meta["cpu"] = facts.cpu.model + (f" ({flags})" if flags else "")
    tf = facts.tf
    if tf is not None and tf.status is ProbeStatus.OK and tf.version:
        info = tf.build_info
        if info.get("is_cuda_build") == "True":
            build = ", ".join(f"{label} {info[key]}" for key, label in
                              (("cuda_version", "CUDA"), ("cudnn_version", "cuDNN"))
                              if info.get(key))
            build = f"built for {build}" if build else "CUDA build"
        elif info.get("is_rocm_build") == "True":
            build = "ROCm build"
        else:
            build = "CPU-only build"
        took = f", import {tf.import_s:.1f} s" if tf.import_s is not None else ""
        meta["tensorflow"] = f"{tf.version} ({build}{took})"
    if facts.driver is not None and facts.driver.version:
        meta["driver"] = facts.driver.version + (
            f" (CUDA {facts.driver.cuda_version})" if facts.driver.cuda_version else "")
    version = getattr(kb, "version", None)
    if isinstance(version, str) and version:
        meta["knowledge"] = version
    else:
        try:
            from tfgpu.knowledge import knowledge_version

            meta["knowledge"] = knowledge_version()
        except Exception:  # noqa: BLE001 - a header line must not stop the diagnosis
            meta["knowledge"] = "unavailable"
    return meta


#: An allocation on the host: an OOM "on /job:.../device:CPU:0 by allocator cpu" (mklcpu in
#: oneDNN builds): bfc_allocator / op_kernel wording of TF 1.x-2.21.
_CPU_ALLOCATION = re.compile(r"\bby allocator (?:cpu|mklcpu)\b", re.IGNORECASE)

#: An allocation on a GPU device in a memory finding's evidence: TensorFlow's "OOM when
#: allocating tensor ... on /job:.../device:GPU:0 by allocator GPU_0_bfc" and the BFC
#: allocator's "Allocator (GPU_0_bfc) ran out of memory" (tensorflow/core/common_runtime/
#: bfc_allocator.cc names its GPU allocators GPU_<id>_bfc).  Not the rule of
#: :meth:`~tfgpu.facts.view.Facts.gpu_run_evidence`, on purpose (they differ on real logs):
#: that one reads the groups of the whole log's OOM lines (a gpu_bfc_allocator.cc source
#: counts) and handle failures, to tell which machine the log came from; this one reads the
#: text memory findings quote, the allocator report's "allocator: GPU_0_bfc" lines and an
#: "on/job:..." without its space included.
#: Errors about where an op was placed: beside a GPU device the log shows created, they say
#: nothing about whether that GPU can compute.
_PLACEMENT = frozenset({"device-spec-unsatisfied", "op-has-no-gpu-kernel", "nchw-op-on-cpu",
                        "grouped-conv-on-cpu"})
#: Memory findings that say a GPU library could not start (its ops cannot run on the GPU).
_LIBRARY_START = frozenset({"dnn-handle-failed-gpu-memory"})
_GPU_ALLOCATION = re.compile(r"\bGPU_\d+_bfc\b|\ballocating\b.*\bon\b\S*/device:GPU:\d+",
                             re.IGNORECASE)
#: A GPU library that could not start (or run) on a created device, in a finding's evidence:
#: StreamExecutor's "Could not create cudnn handle: CUDNN_STATUS_..." (cuda_dnn.cc; cuda_blas.cc
#: "failed to create cublas handle", and cuSOLVER's, cuSPARSE's, cuBLASLt's), a cuDNN status
#: in any line (CUDNN_STATUS_INTERNAL_ERROR, _NOT_INITIALIZED, _EXECUTION_FAILED...), conv_ops.cc's
#: "Failed to get convolution algorithm. This is probably because cuDNN failed to initialize",
#: XLA's "DNN library initialization failed" and cuda_blas.cc's "failure to initialize cublas".
#: Ops that call that library cannot run on the device, so "GPU usable" is not shown.
_LIBRARY_NOT_STARTED = re.compile(
    r"(?:could not|failed to) create (?:cudnn|cublas|cublasLt|cusolver|cusparse) handle"
    r"|\bCUDNN_STATUS_(?!SUCCESS\b)[A-Z_]+|cuDNN failed to initiali[sz]e"
    r"|DNN library initiali[sz]ation failed|failure to initiali[sz]e cublas", re.IGNORECASE)
#: The ops that call each GPU library (TensorFlow's kernels: conv_ops.cc, pooling_ops,
#: cudnn_rnn_ops.cc for cuDNN; matmul_op.cc, batch_matmul for cuBLAS; linalg ops for cuSOLVER).
_LIBRARY_OPS = {"cuDNN": "convolutions, pooling, RNNs", "cuBLAS": "matrix products",
                "cuBLASLt": "matrix products", "cuSOLVER": "linear algebra solvers",
                "cuSPARSE": "sparse matrix ops"}
#: Share of control bytes (:attr:`ReadStats.control_bytes`) above which an input is not a
#: text log (the reader's own threshold for skimming a chunk).
_BINARY_SHARE = BINARY_SHARE


#: The exit line of a process an IDE's run console or Docker Compose reports
#: (checks/unknown.py ``container_exits``: "Process finished with exit code 1", "train-1
#: exited with code 139"): the headline of a death no finding explains names its code.
_EXIT_LINE = re.compile(r"(?:Process finished with exit code|exited with code) (?P<code>-?\d+)")


def _binary(stats: ReadStats) -> str:
    """How much of the input is not text ("12% of its bytes are control bytes; 6470 binary
    line(s) skipped"), or ``""`` when it looks like a text log."""
    if not stats.bytes_read or stats.control_bytes < _BINARY_SHARE * stats.bytes_read:
        return ""
    share = 100 * stats.control_bytes // stats.bytes_read
    return (f"{share}% of its bytes are control bytes; "
            f"{plural(stats.skipped_binary, 'binary line')} skipped")


def _gpu_neutral(finding_id: str) -> bool:
    """Whether the catalogue row of ``finding_id`` says the error tells nothing about the
    GPU (key ``gpu_neutral`` in findings.toml); ``False`` for an id no row makes."""
    spec = catalogue.load_catalogue().spec_of(finding_id)
    return spec is not None and spec.gpu_neutral


def _gpu_listed(finding_id: str) -> bool:
    """Whether the catalogue row of ``finding_id`` says TensorFlow still registers the GPU
    with this error (key ``gpu_listed`` in findings.toml); ``False`` for an id no row makes."""
    spec = catalogue.load_catalogue().spec_of(finding_id)
    return spec is not None and spec.gpu_listed


def _library_not_started(causes: Sequence[Finding]) -> tuple[str, int] | None:
    """``(library, line)`` of the first evidence line of ``causes`` (warning- or error-level
    findings that are not harmless) showing a GPU library could not start on the device
    (:data:`_LIBRARY_NOT_STARTED`): ``("cuDNN", 12)``; ``None`` when none does.  The library
    is the one the line names (cuBLAS, cuSOLVER, cuSPARSE), else cuDNN."""
    lines = sorted((e.line or 0, e.text) for f in causes for e in f.evidence
                   if e.source == "log" and _LIBRARY_NOT_STARTED.search(e.text))
    if not lines:
        return None
    line, text = lines[0]
    m = re.search(r"create (cublasLt|cublas|cusolver|cusparse) handle|initiali[sz]e cublas",
                  text, re.IGNORECASE)
    names = {"cublas": "cuBLAS", "cublaslt": "cuBLASLt", "cusolver": "cuSOLVER",
             "cusparse": "cuSPARSE"}
    lib = names.get((m.group(1) or "cublas").lower(), "cuBLAS") if m else "cuDNN"
    return lib, line


def explain_report(findings: tuple[Finding, ...], stats: ReadStats, source: str, *,
                   died: Sequence[Hit] = (),
                   failure: frozenset[int] | None = None,
                   foreign_oom: frozenset[int] = frozenset(),
                   interrupted: str = "") -> Report:
    """The report of ``tfgpu explain``: its verdict (a headline from the most severe
    finding; "GPU usable" only when the log shows TensorFlow creating a GPU device, no
    error, and no GPU library that could not start on it: :data:`_LIBRARY_NOT_STARTED`) and
    header.

    Args:
        findings: what the checks found in the log, sorted most severe first.
        stats: what was read (lines, bytes, encoding, binary lines skipped).
        source: the input's name (``"standard input"`` or the file name).
        died: the lines showing the program died (:func:`~tfgpu.diagnosis.checks.unknown.
            death_hits`): the verdict's ``program_failed`` is then true and the
            command exits 1 whatever the findings' severities; the headline names the
            finding that quotes a death line or a line of its exception's message
            (:func:`~tfgpu.diagnosis.checks.unknown.failure_lines`; a native crash with no
            such finding: the most severe one, hedged when only a warning), or says tfgpu
            does not know why and lists the other findings (an exception no finding
            explains is not blamed on an error elsewhere in the log).
        failure: the line numbers that say why the program died (``died`` and the exception
            messages below them: :func:`~tfgpu.diagnosis.checks.unknown.log_failure_lines`);
            ``None``: derived from ``died`` alone.
        foreign_oom: the line numbers of another framework's own out-of-memory errors
            (:func:`~tfgpu.diagnosis.checks.other_framework_oom.other_framework_oom_lines`):
            an error quoting only those says nothing about TensorFlow's GPU.
        interrupted: the signal that stopped the reading early ("Ctrl-C (SIGINT)",
            "SIGTERM"), ``""`` when it read the whole input: the header says the findings
            cover only the lines read.
    """
    errors = [f for f in findings if f.severity is Severity.ERROR]
    warnings = [f for f in findings if f.severity is Severity.WARNING]
    harmless = [f for f in findings if f.harmless]
    # an allocation on a GPU device (an OOM "on /device:GPU:0", the GPU_0_bfc
    # allocator) shows TensorFlow created that device, as "Created device" does
    allocated = any(_GPU_ALLOCATION.search(e.text) for f in findings for e in f.evidence
                    if f.category == "memory")
    created = allocated or any(f.id == "gpu-device-created" for f in findings)
    # ... and running out of GPU memory is no sign the GPU cannot be used
    gpu_oom = allocated and any(f.category == "memory" for f in errors)
    # the errors saying the GPU cannot be used: not that GPU memory ran out, nor one that
    # says nothing about the GPU (catalogue key gpu_neutral: a Python API name of another
    # release)
    # ... nor another framework's own out-of-memory error (PyTorch's, CuPy's): it says what
    # that framework could not allocate, nothing about TensorFlow's GPU
    foreign = [f for f in errors
               if f.category == "memory" and quotes_other_framework_oom(f, foreign_oom)]
    # ... nor host (CPU) memory running out (an OOM "on /device:CPU:0 by allocator cpu", the
    # host-* memory findings): the GPU is no part of it
    host = [f for f in errors if f.category == "memory" and (
        f.id.startswith("host-") or all(_CPU_ALLOCATION.search(e.text) for e in f.evidence
                                        if e.source == "log"))
            and any(e.source == "log" for e in f.evidence)]
    # memory that ran out says the GPU was in use, not that it cannot be used: without an
    # allocation on a GPU device in the evidence it is "unknown" below, never "no"
    # (a GPU library that could not start for want of memory, dnn-handle-failed-gpu-memory,
    # still stops GPU work: cuDNN's ops cannot run)
    ran_out = [f for f in errors if f.category == "memory" and f.id not in _LIBRARY_START]
    gpu_errors = [f for f in errors if f not in ran_out
                  and not _gpu_neutral(f.id) and f not in foreign and f not in host
                  and not (created and f.id in _PLACEMENT)]
    placement = [f for f in errors if created and f.id in _PLACEMENT]
    memory_only = [f for f in ran_out if f not in foreign and f not in host]
    unknown_death = died_unexplained(findings)
    # the log shows the program died (a crash, a kill, an uncaught traceback): it
    # failed whatever the findings' severities; which finding quotes a death line explains it
    failed = unknown_death or bool(died)
    # the death lines and the exception messages below them: a finding quoting one of
    # these explains the failure; one quoting only other lines does not
    death_lines = failure if failure is not None else failure_lines(died)
    causes = [f for f in findings if not f.harmless and f.id != "unrecognised-error"
              and f.severity in (Severity.ERROR, Severity.WARNING)]
    # of several that do, a hedge's first half (its own title says "most often X, or Y"),
    # never its "Or:" half, which the sort may put first (its area sorts before)
    explaining = [f for f in causes if explains_failure(f, death_lines)]
    quoting = _lead(explaining) if explaining else None
    # a finding that quotes the failing line names the failure, even an honest
    # unknown (category `unknown`, "the log does not say why") beside `unrecognised-error`
    why = quoting or (None if unknown_death else _lead(causes) if causes else None)
    # an error line no finding explains, after the device was created: not "GPU usable"
    unexplained = any(f.id == "unrecognised-error" for f in findings)
    # a known message read as a note (DirectML's DML devices) is a finding too
    notes = [f for f in findings if f.severity is Severity.INFO and not f.harmless
             and f.id != "gpu-device-created"]
    # a note that quotes the failing line names the failure without a claim (another
    # framework's own out-of-memory error whose numbers show nothing for TensorFlow to fix)
    noted = next((f for f in notes if explains_failure(f, death_lines)), None)
    not_text = _binary(stats)
    # the run ended with a stop asked for from outside (checks/stops.py: Ctrl-C's
    # KeyboardInterrupt, SIGTERM's "Terminated"): death_hits never reads it as a death
    stop = next((f for f in findings if f.id == "program-stopped-by-user"), None)
    if not stats.non_blank and stats.bytes_read == 0:
        headline = "No log lines: the input is empty."
    elif not stats.non_blank and stats.nul_bytes:
        # a file of NUL bytes (zeroed, preallocated, a crash's lost writes): no text at all
        headline = (f"No log lines: the input holds only NUL bytes"
                    f"{'' if stats.nul_bytes == stats.bytes_read else ' and whitespace'} "
                    f"({plural(stats.nul_bytes, 'NUL byte')}): a zeroed or preallocated "
                    "file, not a log; it does not show whether the GPU is usable.")
    elif not stats.non_blank:
        # `echo "" | tfgpu explain`: one line, blank; "empty" would contradict "read: 1 line"
        headline = (f"No log lines: the input holds only {plural(stats.lines, 'blank line')}."
                    if stats.lines else "No log lines: the input holds only whitespace.")
    elif errors and not failed:
        headline = f"{plural(len(errors), 'problem')} found in the log: {_title(_lead(errors))}"
    elif failed and why is not None:
        # the program died and a finding names (or is the likeliest) cause
        line = f" (line {died[-1].end_line})" if died else ""
        headline = (f"The program failed{line}; {plural(len(errors), 'problem')} found in the log: "
                    f"{_title(quoting or _lead(errors))}" if errors
                    else f"The program failed{line}: {_title(why)}" if why is quoting
                    else f"The program failed{line}; the likeliest cause tfgpu found: "
                    f"{_title(why)}")
    elif failed and noted is not None and not errors and not unknown_death:
        line = f" (line {died[-1].end_line})" if died else ""
        headline = f"The program failed{line}: {_title(noted)}"
    elif failed:
        # the log shows the program died and no finding names the cause: say so (exit 1),
        # then what else the log shows (problems it has, not the failure's cause:
        # checks/unknown.py failure_lines)
        others = [f for f in causes if f.category not in ("unknown", "notice")]
        rest = [f for f in others if f.severity is Severity.WARNING]
        code = _EXIT_LINE.search(died[-1].text) if died else None
        how = (f"it exited with code {code.group('code')} (line {died[-1].end_line})" if code
               else "it died")
        headline = (f"The program failed and tfgpu does not know why: the log shows {how}, "
                    "and no message tfgpu knows explains it" + (
                        f"; {plural(len(errors), 'other problem')} found in the log: "
                        f"{_title(_lead(errors))}" if errors
                        else f"; {plural(len(rest), 'warning')} in the log: "
                        f"{_title(_lead(rest))}" if rest else ""))
    elif warnings:
        headline = (f"No error-level cause; {plural(len(warnings), 'warning')}: "
                    f"{_title(_lead(warnings))}")
    elif stop is not None:
        # Ctrl-C or SIGTERM ended the run: a stop asked for from outside, not a failure
        headline = (f"No problem found: {_title(stop)}"
                    + ("; TensorFlow had created a GPU device" if created else ""))
    elif harmless:
        # pywarn: notes beside the harmless notices are counted too ("only" must be true).
        # The count is of findings: one finding may name several messages (known-harmless-
        # message's "Needs no action (3 known message(s) ...)"), so it is said as findings
        headline = ("No problem found: only harmless notices"
                    + (f" and notes ({plural(len(harmless), 'harmless finding')}, "
                       f"{plural(len(notes), 'note')})" if notes
                       else f" ({plural(len(harmless), 'finding')})")) + (
            "; TensorFlow created a GPU device"
            if created
            else "; the log does not show whether the GPU is usable"
        )
    elif created:
        headline = "No problem found: TensorFlow created a GPU device."
    elif notes:
        headline = f"No problem found; {plural(len(notes), 'note')}: {_title(_lead(notes))}"
    elif not_text:
        # most of the input is not text (an image, an archive, a core file)
        headline = (f"The input does not look like a text log ({not_text}): no known "
                    "TensorFlow/CUDA message found; it does not show whether the GPU is usable.")
    else:
        headline = (
            "No known TensorFlow/CUDA message found in the log; it does not show whether the "
            "GPU is usable."
        )
    s = stats
    meta = {"input": source,
            "read": f"{plural(s.lines, 'line')}, {plural(s.bytes_read, 'byte')}"}
    if interrupted:
        meta["interrupted"] = (f"by {interrupted} after {plural(s.lines, 'line')}: the findings "
                               "cover only the lines read")
    if s.encoding or s.encoding_switches:
        meta["encoding"] = s.encoding_summary()
    if s.undecoded_units:
        meta["undecoded"] = (f"{plural(s.undecoded_units, 'UTF-16 code unit')} could not be "
                             "decoded (each shown as U+FFFD)")
    # gpu_usable, and the header line saying why when the verdict alone does not
    usable: bool | None = None
    if gpu_errors:
        usable = False
        device_at = [e.line for f in findings if f.id == "gpu-device-created"
                     for e in f.evidence if e.source == "log" and e.line is not None]
        fault_at = [e.line for f in gpu_errors for e in f.evidence
                    if e.source == "log" and e.line is not None]
        if created and device_at and fault_at and max(fault_at) < min(device_at):
            # every fault comes before the device line: two runs in one paste (a fix between
            # them), or a fault the run got past; which state is current the log does not say
            usable = None
            meta["gpu_usable"] = (f"unknown: the log shows what stops GPU work (line "
                                  f"{min(fault_at)}: {_title(_lead(gpu_errors))}) before "
                                  f"TensorFlow created a GPU device (line {min(device_at)}): "
                                  "two runs in one paste, or a fault the run got past; the "
                                  "log does not say which state is current")
        elif created:  # the device alone does not make the GPU usable: say what stops it
            meta["gpu_usable"] = ("no: TensorFlow created a GPU device, then the log shows "
                                  f"what stops GPU work on it: {_title(_lead(gpu_errors))}")
    elif gpu_oom:
        usable = True  # only GPU memory ran out (beside gpu_neutral errors, if any)
        meta["gpu_usable"] = ("yes: TensorFlow allocated memory on a GPU device, then ran out "
                              "of GPU memory")
    elif memory_only:
        meta["gpu_usable"] = ("unknown: the error is about memory (memory that ran out, or a "
                              "tensor too large for a call), and the log " + (
            "shows TensorFlow creating a GPU device but not that the memory was the GPU's"
            if created else "does not show on which device, nor TensorFlow creating a GPU "
            "device"))
    elif placement:
        meta["gpu_usable"] = ("unknown: TensorFlow created a GPU device; the error is about "
                              "where an op was placed (a device it does not have, or no kernel "
                              "for it there), not about the GPU")
    elif foreign:
        # another framework's out-of-memory error (beside gpu_neutral ones, if any)
        meta["gpu_usable"] = ("unknown: the error is another framework's own out-of-memory "
                              "error, which says nothing about whether TensorFlow can use its "
                              "GPU; the log " + (
                                  "shows TensorFlow creating a GPU device" if created else
                                  "does not show TensorFlow creating a GPU device"))
    elif errors:
        # each error is gpu_neutral
        meta["gpu_usable"] = (("unknown: the error says" if len(errors) == 1 else
                               "unknown: the errors say") + " nothing about the GPU, and the log "
                              + ("shows TensorFlow creating a GPU device before them"
                                 if created else "does not show TensorFlow creating a GPU "
                                 "device"))
    elif failed:
        # a GPU device created before the program died proves no GPU usable
        meta["gpu_usable"] = ("unknown: the program died, cause unknown"
                              if why is None and noted is None
                              else "unknown: the program died")
    elif not created:
        meta["gpu_usable"] = "unknown: the log does not show TensorFlow creating a GPU device"
    elif unexplained:
        meta["gpu_usable"] = ("unknown: TensorFlow created a GPU device, then the log shows "
                              "an error tfgpu does not recognise")
    elif (not_started := _library_not_started(causes)) is not None:
        # the device exists, but a GPU library (cuDNN, cuBLAS) could not start on it: ops
        # that call it (convolutions, pooling, RNNs; matrix products for cuBLAS) cannot run
        lib, at = not_started
        meta["gpu_usable"] = (f"unknown: TensorFlow created a GPU device, then {lib} could not "
                              f"start on it (line {at}): ops that call {lib} ("
                              f"{_LIBRARY_OPS.get(lib, 'its ops')}) cannot run there until the "
                              "cause the findings name is fixed")
    else:
        usable = True
    if s.skipped_binary:
        meta["skipped"] = plural(s.skipped_binary, "binary line")
    if not_text:
        meta["not_text"] = f"the input does not look like a text log: {not_text}"
    return Report(
        command="explain",
        verdict=Verdict(gpu_usable=usable, headline=headline, problems=len(errors),
                        program_failed=failed),
        findings=findings,
        meta=meta,
    )


def verify_report(result: VerifyResult, *, size: int, alloc_mib: int,
                  with_duration: bool = True) -> Report:
    """The report of ``tfgpu verify``: "GPU usable" when every check passed on at least one
    GPU; one problem per error finding.

    Args:
        result: what the verification child reported (:func:`tfgpu.verify.run_verify`).
        size: the side of the square matmul checked (elements).
        alloc_mib: the allocation tried per device, MiB.
        with_duration: name the duration in the header (the JSON has it as a number).
    """
    problems = sum(1 for f in result.findings if f.severity.value == "error")
    if result.tf_version:
        tf_text = result.tf_version
    elif result.outcome == "import-error":
        tf_text = "not importable"
    else:
        tf_text = "unknown (the child did not report it)"
    meta = {
        "python": result.python_executable,
        "tensorflow": tf_text,
        "check": f"[{size}x{size}] @ [{size}x{size}] float32, "
        f"alloc {alloc_mib} MiB",
    }
    if with_duration:  # JSON has the number: verify.duration_s
        meta["duration"] = f"{result.duration_s:.1f} s"
    if result.fault_injected:
        meta["fault injected (test only)"] = result.fault_injected
    return Report(
        command="verify",
        verdict=Verdict(
            gpu_usable=result.ok and result.gpu_count > 0,
            headline=result.headline,
            problems=problems,
        ),
        findings=result.findings,
        meta=meta,
    )


def bench_report(doc: dict[str, Any], findings: Iterable[Finding]) -> Report:
    """The report of ``tfgpu bench``: done on the devices that ran, FAILED on the others;
    "GPU usable" when a GPU ran; one problem per failed device.

    Args:
        doc: the benchmark document (:func:`tfgpu.bench.runner.summarise`).
        findings: what reading the failed children's logs found.
    """
    failed = [d["device"] for d in doc["devices"] if d["status"] != "ok"]
    ok_devices = [d["device"] for d in doc["devices"] if d["status"] == "ok"]
    headline = (
        f"Benchmark done on {', '.join(ok_devices)}"
        if not failed
        else f"Benchmark FAILED on {', '.join(failed)}"
        + (f" (done on {', '.join(ok_devices)})" if ok_devices else "")
    )
    findings = tuple(findings)
    if any(f.id == "bench-gpu-not-used" for f in findings):
        headline += " only: TensorFlow listed none of this host's NVIDIA GPUs (see tfgpu doctor)"
    trained = trains(doc.get("config") or {})
    if doc["synthetic"] and trained:
        headline += " [SYNTHETIC DATA]"
    ran = any(d["workloads"] or d.get("ceilings") for d in doc["devices"])
    return Report(
        command="bench",
        verdict=Verdict(
            gpu_usable=any(d.startswith("gpu") for d in ok_devices),
            headline=headline,
            problems=len(failed),
        ),
        findings=sort_findings(findings),
        meta=(
            {
                # A run on part of the data says so wherever the data is named.
                "data": (doc["data"]["label"]
                         + (f" ({sizes})" if (sizes := data_sizes(doc.get("config") or {}))
                            else "")) if trained else "none: no training (ceilings only)",
                "tensorflow": str(doc["host"]["tf_version"] or "unknown"),
            }
            if ran
            else {}
        ),
    )
