"""cuDNN/cuBLAS could not start or run: the causes other than GPU memory that the log and
the host facts tell apart (``rule_library_handle`` in memory.py says GPU memory when nothing
does).

* A CUDA build older than the GPU (``gpu-arch-not-in-build`` variant
  ``cuda-older-than-gpu``): the CUDA the process loaded (a versioned cuBLAS/cudart the log
  shows opened, else the TensorFlow version's build CUDA) predates the GPU's architecture,
  so its cuBLAS/cuDNN have no code for it. Facts: ``cuda_arch.toml`` (first CUDA per
  ``sm_XX``, CUDA release notes), the GPU's compute capability (host facts, the log, or
  ``gpu_compute_capability.toml`` for a GeForce series name when every model of that series
  in the table has one CC), ``tf1-gpu-build-cuda`` / ``tf_tested_configs.toml``.
* The driver TensorFlow prints after ``CUDNN_STATUS_NOT_INITIALIZED`` (tensorflow
  ``stream_executor/cuda/cuda_dnn.cc`` logs "possibly insufficient driver version: X" after
  a failed ``cudnnCreate``) compared with the minimum driver of the CUDA the process uses
  (``cuda_min_driver.toml``). Below TensorFlow's nominal build CUDA is already
  ``driver_below_cuda_printed`` (driver_from_log.py); here: in a conda environment the
  environment's cudatoolkit is the CUDA TensorFlow loads (conda's tensorflow-gpu packages
  were built against a cudatoolkit of their own, e.g. 1.11 against CUDA 9.2:
  ContinuumIO/anaconda-issues#10224, maintainer answer), so its minimum applies; and with
  the driver meeting every minimum known, the driver line stays a hedge beside memory
  (``driver-too-old-for-cuda`` variant ``status-hint``).

The cuDNN RNN kernels' "Fail to find the dnn implementation." with no line that says why.

Source (tensorflow/tensorflow, every release that has the line, 1.x and 2.x:
``stream_executor/stream_executor_pimpl.cc``): ``StreamExecutor::createRnnDescriptor`` (and
the other RNN descriptor calls the CudnnRNN kernels of ``core/kernels/cudnn_rnn_ops.cc``
make) returns ``UNKNOWN: "Fail to find the dnn implementation."`` when ``AsDnn()`` is null.
``AsDnn()`` is null when the cuDNN plugin's factory (``stream_executor/cuda/cuda_dnn.cc``)
returned none because ``CudnnSupport::Init()`` failed ("Init() will log a more specific
error"), and Init fails in two ways, each logged at ERROR level before the status:

* ``cudnnCreate`` failed: "Could not create cudnn handle: CUDNN_STATUS_..." (most often no
  GPU memory left for cuDNN: TensorFlow preallocated nearly all of it, or another process
  holds it; read by ``rule_library_handle`` when the line is in the log);
* the version check: "Loaded runtime CuDNN library: X but source was compiled with: Y"
  (read by the cuDNN version finding when the line is in the log).

With neither line in the log both stay open. Reports of the bare line, and what fixed each:
another cuDNN than the build's in minimaxir/textgenrnn#239 and the Colab runtime updates
(a TensorFlow or cuDNN changed under the other), zhiguowang/BiMPM#40 (another cuDNN 7.x),
alibaba/esim-response-selection#2 (a newer TensorFlow), mattshma/bigdata#146 (a conda and a
pip TensorFlow mixed), DeepSpeech on TensorFlow 1.15 with the cuDNN 7.5 its docs named; GPU
memory in keras-team/keras#10634 (memory growth, several users), tensorflow/tensorflow#20067
(restarting the notebook that held the GPU) and user code that enables memory growth "to fix
Fail to find the dnn implementation". The version is the more frequent, memory close behind:
both are named, as hedges (warnings), the version first; memory first when the host's cuDNN
meets the build's (host facts against the build tables), where only another copy than the
host's would be the wrong version.
"""

from __future__ import annotations

import re
from typing import Any

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._pip_list import pip_list_grep
from tfgpu.diagnosis.checks.driver_and_build_cuda import (
    cuda_of_dll_number,
    driver_version,
    tf_build_cuda,
)
from tfgpu.diagnosis.checks.driver_ceiling import driver_install_lines
from tfgpu.diagnosis.checks.driver_from_log import driver_below_cuda_printed
from tfgpu.diagnosis.checks.library_failures import failed_library, handle_failures
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, cc_key, log_evidence
from tfgpu.findings import Evidence, Finding
from tfgpu.knowledge import (
    Knowledge,
    KnowledgeQueryError,
    PtxasArch,
    docs,
    parse_version,
    series,
)

#: A CUDA library soname that carries the CUDA version it belongs to: Linux
#: ``libcublas.so.10.0``, Windows ``cublas64_100.dll`` (CUDA 10.0: every library named its
#: release). From CUDA 10.1 the runtime and cuBLAS carry the CUDA major only
#: (``libcublas.so.10``, ``cublas64_11.dll``; ``libcudart.so.11.0`` for every 11.x release),
#: while cuFFT, cuRAND, cuSOLVER and cuSPARSE carry their own library major, which does not
#: follow CUDA's (``libcurand.so.10`` from CUDA 10.1 to 12.x, ``libcufft.so.10`` through
#: 11.x, ``cusolver64_10.dll`` in 11.0): theirs count only in the CUDA 10.0-and-older form.
_CUDA_SONAME = re.compile(
    r"lib(?:cudart|cublas|cublasLt)\.so\.(?P<so>\d{1,2}(?:\.\d)?)$"
    r"|lib(?:cufft|curand|cusolver|cusparse)\.so\.(?P<so_old>\d{1,2}\.\d)$"
    r"|(?:cudart|cublas|cublasLt)64_(?P<dll>\d{2,3})\.dll$"
    r"|(?:cufft|curand|cusolver|cusparse)64_(?P<dll_old>\d{3}|[89]\d)\.dll$",
    re.IGNORECASE)

#: A GeForce series as users name it ("RTX 30-series", "RTX 30 series", "RTX 30xx").
_SERIES = re.compile(r"\b(?P<word>RTX|GTX)\s?(?P<nn>\d{2})(?:\s?-?\s?series\b|xx\b)", re.I)


def _loaded_cuda(ctx: Facts) -> tuple[str, str] | None:
    """``(cuda, why)``: the CUDA release of a versioned CUDA library the log shows opened
    (``cublas64_100.dll`` -> ``"10.0"``; from 11 the major only: ``cublas64_11.dll``,
    ``libcudart.so.11.0`` -> ``"11"``), in TF 2.x's "Successfully opened dynamic library X"
    or TF 0.x-1.x's "successfully opened CUDA library X locally" (dso_loader.cc), else
    TensorFlow's build CUDA
    (:func:`~tfgpu.diagnosis.checks.driver_and_build_cuda.tf_build_cuda`); ``None`` when unknown."""
    for h in [*ctx.h("lib.opened").all(), *ctx.h("lib.old_dso_opened").all()]:
        lib = (h.g("lib") or "").replace("\\", "/").split("/")[-1]
        m = _CUDA_SONAME.search(lib)
        if m is None:
            continue
        so = (m.group("so") or m.group("so_old")
              or cuda_of_dll_number(m.group("dll") or m.group("dll_old") or ""))
        major = so.split(".")[0]
        # 11+: the soname names the major only (libcudart.so.11.0 is every 11.x)
        return (major if int(major) >= 11 else so), f"the log shows it opened {lib}"
    return tf_build_cuda(ctx)


def _nvidia_build(ctx: Facts) -> bool:
    """NVIDIA's own TensorFlow build: a ``+nv`` version ("1.15.5+nv22.12", the
    nvidia-tensorflow package and NGC containers) or a container. NVIDIA's TF 1.15 builds use
    CUDA 11/12 whatever the TensorFlow version's stock build CUDA is
    (alexanderkroner/saliency#25: nvidia-tensorflow ran on an RTX 3090 where the stock TF 1.15
    hung)."""
    return "+nv" in (ctx.tf_version or "") or ctx.in_container


def _build_cuda(ctx: Facts) -> tuple[str, str] | None:
    """:func:`_loaded_cuda`, except that on NVIDIA's own builds (:func:`_nvidia_build`) only
    a CUDA library the log shows opened counts: the TensorFlow version's stock build CUDA is
    not theirs. ``None`` when unknown."""
    loaded = _loaded_cuda(ctx)
    if loaded is None:
        return None
    if _nvidia_build(ctx) and not loaded[1].startswith("the log shows"):
        return None
    return loaded


def _series_cc(kb: Knowledge, name: str) -> tuple[str, str] | None:
    """``(cc, how)`` for a GeForce series name ("RTX 30-series"): the one compute
    capability every GeForce model of that series has in ``gpu_compute_capability.toml``
    (RTX 30xx: 8.6); ``None`` when the name is no series or the models differ."""
    m = _SERIES.search(name)
    if m is None:
        return None
    word, nn = m.group("word").upper(), m.group("nn")
    model = re.compile(rf"^GeForce {word} {nn}\d0\b")
    rows = [r for r in kb.gpus if model.match(r.name) and r.compute_capability]
    ccs = {r.compute_capability for r in rows}
    if len(ccs) != 1:
        return None
    cc = next(iter(ccs))
    assert cc is not None
    return cc, f"every GeForce {word} {nn}xx model in gpu_compute_capability ({len(rows)} rows)"


def gpu_ccs(ctx: Facts) -> list[tuple[str, Evidence]]:
    """The GPUs' compute capabilities with their evidence: host facts and the log
    (:attr:`Facts.compute_capabilities`, TensorFlow's PTX-JIT notice), a model name the
    table knows, else a series name."""
    out = [(cc, Evidence("gpu", f"compute capability {cc}")) for cc in ctx.compute_capabilities]
    # gpu_device.cc's "not built with CUDA kernel binaries compatible with compute capability
    # X" (TF >= 2.5) names the GPU's CC itself
    out += [(cc, Evidence("log", h.text, h.line)) for h in ctx.h("cc.ptx_jit_notice").first[:1]
            if (cc := h.g("cc")) and cc not in ctx.compute_capabilities]
    if out:
        return out
    for name in ctx.gpu_names:
        match = ctx.kb.gpu_compute_capability(name)
        if match is not None:
            out.append((match.cc, Evidence("gpu", f"{name} -> CC {match.cc} ({match.row.ref})")))
            continue
        by_series = _series_cc(ctx.kb, name)
        if by_series is not None:
            out.append((by_series[0],
                        Evidence("gpu", f"{name} -> CC {by_series[0]} ({by_series[1]})")))
    return out


def cuda_build_older_than_gpu(ctx: Facts) -> list[Finding]:
    """``gpu-arch-not-in-build`` (variant ``cuda-older-than-gpu``): cuDNN/cuBLAS failed to
    start or run, and the CUDA the process uses is older than the first CUDA release that
    knows the GPU's architecture (``cuda_arch.toml``), e.g. a TF 1.x CUDA 10.0 build
    (``cublas64_100.dll``) on a GeForce RTX 30 card (sm_86, CUDA 11.1): its libraries have
    no code for that GPU, so the failure is that, not GPU memory (the catalogue row
    supersedes ``dnn-handle-failed-gpu-memory``).  Only across CUDA majors (10.x on sm_86,
    11.x on sm_100): within one major the libraries' PTX may still be JIT-compiled for the
    GPU, and memory stays possible.  Nothing when another program prints the failure, or the
    CUDA or the GPU is unknown, or on NVIDIA's own builds (``+nv``, containers) when the CUDA
    would come from the TensorFlow version alone (:func:`_build_cuda`)."""
    from tfgpu.diagnosis.checks.cufft_plan import cufft_status

    # a cuFFT plan that prints its status is read by that status (ALLOC_FAILED: memory;
    # INTERNAL_ERROR / SETUP_FAILED: cufft_plan.py; the others: usage errors)
    found = [h for h in handle_failures(ctx) if cufft_status(ctx, h) is None]
    if not found or ctx.other_framework:
        return []
    behind = gpu_beyond_build_cuda(ctx)
    if behind is None:
        return []
    return [catalogue.make("gpu-arch-not-in-build", variant="cuda-older-than-gpu",
                           **gpu_beyond_build_fields(ctx, behind, log_evidence(found[:3])))]


def gpu_beyond_build_cuda(ctx: Facts) -> tuple[str, Evidence, PtxasArch, str, str] | None:
    """The first GPU whose architecture needs a newer CUDA MAJOR than the one this
    TensorFlow uses (:func:`_build_cuda`; on NVIDIA's own ``+nv``/container builds only a
    CUDA library the log shows opened counts): ``(cc, its evidence, the cuda_arch.toml row,
    the CUDA, why that CUDA)``, else ``None``.  Only across majors: within one major a newer
    GPU may still run the libraries' PTX through the driver's JIT (TensorFlow >= 2.5 says so
    itself), so a failure there can have other causes."""
    loaded = _build_cuda(ctx)
    if loaded is None:
        return None
    cuda, why = loaded
    try:
        cuda_v = parse_version(cuda)
    except KnowledgeQueryError:
        return None
    for cc, gpu_ev in gpu_ccs(ctx):
        ma, mi = cc_key(cc)
        row = ctx.kb.ptxas_first_cuda(f"sm_{ma}{mi}")
        if row is not None and cuda_v.major < parse_version(row.first_cuda).major:
            return cc, gpu_ev, row, cuda, why
    return None


def gpu_beyond_build_fields(ctx: Facts, behind: tuple[str, Evidence, PtxasArch, str, str],
                            failing: tuple[Evidence, ...]) -> dict[str, Any]:
    """The ``gpu-arch-not-in-build`` fields for what :func:`gpu_beyond_build_cuda` found
    (the caller names the variant): the evidence is ``failing`` (the lines that show the
    fault, or the found device), the GPU's and the first versioned CUDA library the log shows
    opened; the fix prints the build's CUDA, then names a TensorFlow built with CUDA >= the
    arch's first release."""
    cc, gpu_ev, row, cuda, why = behind
    opened = log_evidence([h for h in (*ctx.h("lib.opened").all(),
                                       *ctx.h("lib.old_dso_opened").all())
                           if _CUDA_SONAME.search(
                               (h.g("lib") or "").replace("\\", "/").split("/")[-1])][:1])
    return dict(
        cc=cc, arch=row.arch, cuda=cuda, first=row.first_cuda, why=why, ref=row.ref,
        evidence=(*failing, gpu_ev, *opened), knowledge_ref=row.ref,
        fix=('python -c "import tensorflow as tf; print(tf.__version__, '
             'tf.sysconfig.get_build_info())"   # the CUDA this TensorFlow was built with',
             f"# use a TensorFlow built with CUDA >= {row.first_cuda} for this GPU "
             "(tfgpu plan lists the releases); code written for TF 1.x needs a TF 1.x "
             f"build made with CUDA >= {row.first_cuda}, or a move to TF 2",
             f"# see {docs.url('cuda-gpus')}"),
    )


#: ``CudaToolkit.source`` values of a system toolkit found by a probe (facts/host.py).
_SYSTEM_TOOLKIT_SOURCES = ("nvcc", "version.json", "version.txt", "CUDA_HOME", "CUDA_PATH",
                           "glob")


def _not_initialized(hits: list[Hit]) -> bool:
    """A cuDNN handle failure with ``CUDNN_STATUS_NOT_INITIALIZED`` among ``hits``."""
    return any("NOT_INITIALIZED" in (h.g("code") or h.text) for h in hits)


def driver_line_after_cudnn_init(ctx: Facts) -> list[Finding]:
    """``driver-too-old-for-cuda`` from the driver version cuda_dnn.cc prints after
    ``CUDNN_STATUS_NOT_INITIALIZED``, when :func:`driver_below_cuda_printed` (TensorFlow's
    build CUDA) does not already decide it:

    * variant ``env-toolkit`` (error): in a conda environment, the driver is below the
      minimum of the environment's CUDA toolkit (conda's TensorFlow loads that one);
    * variant ``status-hint`` (warning): the driver meets the minimum of TensorFlow's build
      CUDA: the driver line is TensorFlow's own hint (too old for a cuDNN/CUDA newer than the
      build's), GPU memory the other usual cause; both are named, with the commands that tell
      them apart.  With no CUDA known, nothing: the memory finding's hedge names the driver.

    Nothing when the log also shows CUDA_ERROR_OUT_OF_MEMORY (memory is told), the status is
    another (INTERNAL_ERROR...), or another program prints the failure.
    """
    printed = [h for h in ctx.h("driver.printed").all() if h.g("v")]
    found = handle_failures(ctx)
    if not printed or not _not_initialized(found) or ctx.other_framework:
        return []
    if ctx.h("mem.cuda_oom").count:
        return []  # CUDA_ERROR_OUT_OF_MEMORY in the log: memory is told (rule_library_handle)
    if driver_below_cuda_printed(ctx):
        return []
    drv, host_drv, _ = driver_version(ctx)
    if not drv:
        return []
    column = "windows" if ctx.windows or ctx.wsl else "linux"
    ev = (*log_evidence(found[:2]), *log_evidence(printed[:1]))
    if host_drv:
        ev = (Evidence("driver (host facts)", host_drv), *ev)
    if ctx.conda and ctx.host is not None:
        # the environment's toolkit: found by the conda probe, or described by the user; a
        # system toolkit a probe found (nvcc, /usr/local/cuda...) is not what conda's TF loads
        env_cudas = [t.version for t in ctx.host.toolkits
                     if t.version and t.source not in _SYSTEM_TOOLKIT_SOURCES]
        for cuda in env_cudas:
            try:
                ok, minimum = ctx.kb.driver_ok(drv, cuda, column)
            except KnowledgeQueryError:
                continue
            if ok is not False or minimum is None:
                continue
            return [catalogue.make(
                "driver-too-old-for-cuda", variant="env-toolkit",
                driver=drv, cuda=cuda, floor=minimum.version, ref=minimum.row.ref,
                evidence=(*ev, Evidence("cuda.toolkit (conda environment)", cuda)),
                fix=(*driver_install_lines(ctx, minimum.version),
                     "# or keep the driver and install the TensorFlow build made for a CUDA "
                     "this driver runs into the environment (conda install tensorflow-gpu "
                     "cudatoolkit=<that CUDA>)",
                     "conda list | grep -i -E 'cudatoolkit|cudnn|tensorflow'   # the CUDA "
                     "this environment brings"),
                doc_url=ctx.kb.doc_url(minimum.row),
                knowledge_ref=minimum.row.ref,
            )]
    built = tf_build_cuda(ctx)
    if built is None:
        return []  # no CUDA to compare with: the memory finding's hedge names the driver
    try:
        _, minimum = ctx.kb.driver_ok(drv, built[0], column)
    except KnowledgeQueryError:
        return []
    if minimum is None:
        return []
    meets = (f" It meets {minimum.version}, the minimum of CUDA {built[0]} ({built[1]}; "
             f"knowledge row {minimum.row.ref}), so it is too old only for a cuDNN or "
             "CUDA newer than that build's (a cuDNN downloaded for another CUDA).")
    ref = minimum.row.ref
    return [catalogue.make(
        "driver-too-old-for-cuda", variant="status-hint",
        driver=drv, meets=meets,
        evidence=ev,
        knowledge_ref=ref,
    )]


# ---------------------------------------------------------- the host's cuDNN against the build


def _kernel_ran(h: Hit) -> bool:
    """Whether a cuDNN failure line reports a kernel that failed while running
    (``CUDNN_STATUS_EXECUTION_FAILED``, also cuDNN 9's sub-codes) on a line that is not the
    handle's creation ("Could not create cudnn handle: ...")."""
    return ("CUDNN_STATUS_EXECUTION_FAILED" in (h.g("status") or h.text)
            and "create cudnn handle" not in h.text.lower())


def _cudnn_older(ctx: Facts) -> tuple[str, str, str, str, list[Hit]] | None:
    """``(host cuDNN, build cuDNN, TensorFlow, knowledge ref, failure lines)`` when the log
    shows cuDNN failing to start (not a kernel failing while it ran: a handle and the version
    check were behind it) and every cuDNN the host facts list has the build's
    major but an older minor (``tf_tested_configs.toml``): TensorFlow's start-up check
    (``cuda_dnn.cc``: "CuDNN library needs to have matching major version and equal or
    higher minor version") rejects it.  ``None`` otherwise (no host facts, a TensorFlow the
    table lacks, another major version: the loader's own findings)."""
    from tfgpu.diagnosis.checks.memory import rnn_call_failure

    # cudnn rnn call: a failed RNN call ran on a created handle, past the start-up check
    # "Fail to find the dnn implementation" / "DNN library initialization failed"
    # (cudnn.dnn_handle dnninit) are cuDNN failing to start, as "DNN library is not found" is.
    # A kernel that failed while running (CUDNN_STATUS_EXECUTION_FAILED*: "The GPU program
    # failed to execute", cudnn.h) on a line that is not the handle's creation ran on a
    # created handle too: the loaded cuDNN had passed CudnnSupport::Init's version check,
    # which refuses an older minor before any kernel runs
    failed = [h for h in handle_failures(ctx)
              if (failed_library(h) == "cuDNN" or h.g("dnninit")) and not rnn_call_failure(ctx, h)
              and not _kernel_ran(h)]
    # XLA's GPU compiler found no DNN support (AsDnn() null): cuDNN did not start
    failed += ctx.h("xla.dnn_null").all()
    if not failed or ctx.other_framework:
        return None
    held = _host_against_build(ctx)
    if held is None:
        return None
    have, built, ref, mms, want = held
    if not all(m[0] == want[0] and m[1] < want[1] for m in mms):
        return None
    return ", ".join(have), built, str(ctx.tf_version), ref, failed


def _build_cudnn(ctx: Facts) -> tuple[str, str] | None:
    """``(cuDNN version, knowledge ref)`` the installed TensorFlow was built with: a TF 1.x
    series in platform fact ``tf1-gpu-build-cudnn``, else the host's TensorFlow version's row
    of ``tf_tested_configs.toml``; ``None`` when neither knows it."""
    tf1 = _tf1_build_cudnn(ctx)
    if tf1 is not None:
        return tf1
    try:
        build = ctx.kb.tested_gpu_build(ctx.tf_version, "windows" if ctx.windows else "linux")
    except KnowledgeQueryError:
        return None
    if build is None:
        return None
    return build.cudnn, build.row.ref


#: ``(host versions, build version, knowledge ref, host (major, minor) each, build's)``.
_HostBuild = tuple[tuple[str, ...], str, str, list[tuple[int, int]], tuple[int, int]]


def _host_against_build(ctx: Facts) -> _HostBuild | None:
    """The host's cuDNN versions held against the build's: ``(host versions, build version,
    knowledge ref, host (major, minor) each, build (major, minor))``; ``None`` when the host
    facts list no cuDNN, the build's cuDNN is unknown, or either has no minor (a major-only
    "7" in the TF 1.x rows, a soname's "8": nothing to compare)."""
    have = tuple(ctx.cudnn_versions)
    if not have:
        return None
    build = _build_cudnn(ctx)
    if build is None:
        return None
    built, ref = build
    if "." not in built or not all("." in v for v in have):
        return None
    try:
        want, mms = series(built), [series(v) for v in have]
    except KnowledgeQueryError:
        return None
    return have, built, ref, mms, want


def cudnn_host_meets_build(ctx: Facts) -> tuple[str, str, str] | None:
    """``(host cuDNN, build cuDNN, knowledge ref)`` when every cuDNN the host facts list has
    the build's major and an equal or higher minor: what TensorFlow's start-up check
    (``cuda_dnn.cc``: "CuDNN library needs to have matching major version and equal or
    higher minor version") accepts.  ``None`` otherwise or when either version is unknown.
    It does not rule a version mismatch out: another copy than the host's (a conda
    environment's, another framework's) may be the one loaded."""
    held = _host_against_build(ctx)
    if held is None:
        return None
    have, built, ref, mms, want = held
    if not all(m[0] == want[0] and m[1] >= want[1] for m in mms):
        return None
    return ", ".join(have), built, ref


def _tf1_build_cudnn(ctx: Facts) -> tuple[str, str] | None:
    """``(cuDNN version, knowledge ref)`` a TensorFlow 1.x GPU release was built with
    (platform fact ``tf1-gpu-build-cudnn``: the tested build configurations, the value
    the release prints where they disagree; ``builds_windows`` on native Windows), else
    ``None`` (not 1.x, a series the row lacks, an unreadable version)."""
    m = re.match(r"\s*1\.(\d{1,2})(?!\d)", ctx.tf_version or "")
    if m is None:
        return None
    try:
        fact = ctx.kb.platform_fact("tf1-gpu-build-cudnn")
    except KnowledgeQueryError:
        return None
    for item in fact.items("builds_windows" if ctx.windows else "builds"):
        series, _, cudnn = item.partition("=")
        if series == f"1.{m.group(1)}":
            return cudnn, fact.ref
    return None


def build_cudnn_known(ctx: Facts) -> bool:
    """Whether the cuDNN the installed TensorFlow was built with is known (a TF 1.x series in
    platform fact ``tf1-gpu-build-cudnn``, else a row of ``tf_tested_configs.toml`` for the
    host's TensorFlow version).  Without it a host cuDNN version cannot be held against the
    build's, so it does not rule out a version mismatch (read by ``rule_library_handle``)."""
    if _tf1_build_cudnn(ctx) is not None:
        return True
    if not ctx.tf_version:
        return False
    try:
        build = ctx.kb.tested_gpu_build(ctx.tf_version, "windows" if ctx.windows else "linux")
    except KnowledgeQueryError:
        return False
    return build is not None


def cudnn_host_older(ctx: Facts) -> bool:
    """Whether :func:`cudnn_older_than_build` names the cause of the cuDNN failure (read by
    ``rule_library_handle``, which then says nothing of memory)."""
    return _cudnn_older(ctx) is not None


def cudnn_older_than_build(ctx: Facts) -> list[Finding]:
    """``cudnn-version-mismatch`` (variant ``host-older``): cuDNN failed to start or run and
    the host's cuDNN is of the build's major but an older minor than the cuDNN the installed
    TensorFlow was built with (host facts against ``tf_tested_configs.toml``)."""
    got = _cudnn_older(ctx)
    if got is None:
        return []
    have, built, tf, ref, failed = got
    return [catalogue.make(
        "cudnn-version-mismatch", variant="host-older",
        have=have, built=built, tf=tf, ref=ref,
        evidence=(*log_evidence(failed[:2]), Evidence("cudnn (host facts)", have),
                  Evidence("tensorflow.version", tf)),
        fix=(f"# install cuDNN {built} or a newer {built.split('.')[0]}.x for this CUDA "
             "(or the TensorFlow release tested with the cuDNN here: tfgpu matrix)",
             "ldconfig -p | grep -i libcudnn   # every cuDNN the loader can find",
             "conda list cudnn   # in a conda environment: its own cuDNN comes first"),
        knowledge_ref=ref,
    )]


# --- "Fail to find the dnn implementation" alone ----------------------------------------------


#: The line's words (case-folded): the status the RNN descriptor calls return.
NO_DNN_RNN_WORDS = "fail to find the dnn implementation"

#: The command that tells the two causes apart: TensorFlow's own lines before the status.
_TELL = ("TF_CPP_MIN_LOG_LEVEL=0 python your_script.py 2>&1 | grep -i -E "
         "\"cudnn|out of memory\"   # 'Loaded runtime CuDNN library: X but source was "
         "compiled with: Y' = the version; 'Could not create cudnn handle' = most often memory")


def rnn_no_dnn_hedged(ctx: Facts, ev: tuple[Evidence, ...],
                      fix_mem: tuple[str, ...]) -> list[Finding]:
    """The two causes of a bare "Fail to find the dnn implementation." (module docstring),
    as two warnings in the order the evidence gives.

    Args:
        ctx: the facts view (host facts: the host's cuDNN against the build's).
        ev: the evidence lines (the status line).
        fix_mem: the memory-growth fix lines of ``rule_library_handle`` (TF 2.x environment
            variable or call, nvidia-smi, the TF 1.x ConfigProto line).

    Returns:
        ``cudnn-version-mismatch`` variant ``no-dnn-unknown`` then
        ``dnn-handle-failed-gpu-memory`` variant ``no-dnn-unknown``; when the host's cuDNN
        meets the build's: ``dnn-handle-failed-gpu-memory`` variant ``no-dnn-host-ok`` then
        ``cudnn-version-mismatch`` variant ``no-dnn-other-copy``.
    """
    from tfgpu.diagnosis.checks.dnn_init_causes import cudnn_host_meets_build

    build = ("python -c \"import tensorflow as tf; print(tf.__version__, "
             "tf.sysconfig.get_build_info())\"   # the cuDNN this TensorFlow was built for "
             "(TF >= 2.3)")
    packages = (pip_list_grep("tensorflow", "nvidia-cudnn", "cupy", "torch",
                              windows=ctx.windows)
                + "   # two TensorFlow packages, or another framework's cuDNN")
    meets = cudnn_host_meets_build(ctx)
    if meets is not None:
        have, built, ref = meets
        return [
            catalogue.make("dnn-handle-failed-gpu-memory", variant="no-dnn-host-ok",
                           have=have, built=built, ref=ref, knowledge_ref=ref, evidence=ev,
                           fix=(_TELL, *fix_mem)),
            catalogue.make("cudnn-version-mismatch", variant="no-dnn-other-copy",
                           have=have, evidence=ev, fix=(_TELL, build, packages)),
        ]
    return [
        catalogue.make(
            "cudnn-version-mismatch", variant="no-dnn-unknown", evidence=ev,
            fix=(_TELL, build, packages,
                 "# on Colab or a container image: use the TensorFlow it ships (do not pip "
                 "install tensorflow/tensorflow-gpu over it; restart the runtime); elsewhere "
                 "install the cuDNN the build info names")),
        catalogue.make("dnn-handle-failed-gpu-memory", variant="no-dnn-unknown", evidence=ev,
                       fix=fix_mem),
    ]
