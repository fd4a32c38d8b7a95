"""Compute capability, one fault kind from every source: the GPU's CC against the CCs
compiled into the installed build (host facts: ``gpu-compute-capability-too-low``,
``gpu-needs-ptx-jit``, ``driver-too-old-for-ptx-jit``, ``gpu-compute-capability-unknown``)
and TensorFlow's own messages (ignored GPUs, missing kernel images, the PTX-JIT notice,
invalid PTX on a new architecture).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.diagnosis.checks import blackwell_fact
from tfgpu.diagnosis.checks._ptx_jit import ptx_jit_floor
from tfgpu.diagnosis.checks.app_compute_capability_floor import app_cc_floor
from tfgpu.diagnosis.checks.driver_and_build_cuda import tf_build_cuda
from tfgpu.diagnosis.checks.driver_ceiling import driver_install_lines
from tfgpu.diagnosis.checks.generated_kernel_cubin import generated_kernel_no_cubin
from tfgpu.diagnosis.checks.versions import (
    _TF,
    _cuda_tf,
    _driver_evidence,
    _gpu_cc,
    _release_fix,
)
from tfgpu.diagnosis.checks.xla_gpu_device_setup import refused_for_xla_floor
from tfgpu.facts import GPU, HostFacts, ProbeStatus
from tfgpu.facts.log import Hit, Hits
from tfgpu.facts.view import Facts, cc_key, log_evidence, tf_minor
from tfgpu.findings import Evidence, Finding, Severity
from tfgpu.knowledge import (
    KnowledgeError,
    KnowledgeQueryError,
    TestedConfig,
    WheelArchsRow,
    classify_cc,
    docs,
    parse_arch_list,
    parse_cc,
    parse_version,
)


def _release_needs(ctx: Facts, release: str) -> str:
    """What ``release`` needs besides the wheel, from its tested build configuration
    (knowledge table tf_tested_configs, the row of this log's OS, Linux by default): the
    Pythons it has wheels for and the CUDA and cuDNN it was built with (" (knowledge row
    tf_tested_configs:2.14.0-linux: Python 3.9-3.11, CUDA 11.8 and cuDNN 8.7)"); ``""``
    when the table has no row."""
    try:
        row = ctx.kb.config_for(release, "windows" if ctx.os == "windows" else "linux")
    except KnowledgeQueryError:
        return ""
    if row is None:
        return ""
    out = f" (knowledge row {row.ref}"
    if row.python_min and row.python_max:
        out += f": Python {row.python_min}-{row.python_max}"
    if row.cuda and row.cudnn:
        out += f", CUDA {row.cuda} and cuDNN {row.cudnn}"
    return out + ")"


def _numpy_cap(ctx: Facts, release: str) -> tuple[str, ...]:
    """``("numpy<2",)`` for a release before NumPy 2 support (platform fact
    ``numpy2-first-tf``: some releases before it do not cap numpy themselves), as the plan
    installs it; else ``()``."""
    first = ctx.kb.platform_fact("numpy2-first-tf").value("tf_version")
    return ("numpy<2",) if parse_version(release) < parse_version(first) else ()


def _and_cuda_works(ctx: Facts, release: str) -> bool:
    """Whether ``release`` installs and finds its CUDA as pip wheels: it has the
    ``[and-cuda]`` extra (knowledge table tf_pip_cuda_wheels; platform fact
    ``and-cuda-extra-first``) and is not a release whose RUNPATH misses them (platform fact
    ``tf-216-nvidia-wheel-libs-not-found``)."""
    broken = ctx.kb.platform_fact("tf-216-nvidia-wheel-libs-not-found").items("affected")
    return ctx.kb.and_cuda_pins(release) is not None and release not in broken


def _older_release_route(ctx: Facts, cc: str, fits: WheelArchsRow) -> tuple[str, ...]:
    """The install lines of the newest official release built for compute capability
    ``cc`` on Linux/WSL2, the route ``tfgpu plan`` takes for such a GPU: the release with its
    ``[and-cuda]`` wheels where they work; otherwise (a release before the extra, or one
    whose RUNPATH misses the wheels: platform fact ``tf-216-nvidia-wheel-libs-not-found``)
    the CUDA and cuDNN it was tested with installed system-wide and put on
    LD_LIBRARY_PATH, then, as the alternative, the newest older release whose
    ``[and-cuda]`` wheels work and that is built for ``cc`` (knowledge tables
    tf_compute_capabilities, tf_tested_configs, tf_pip_cuda_wheels).  A known driver too old
    for the release's CUDA is named first (cuda_min_driver).  ``()`` when the release has no
    tested Linux GPU row."""
    kb = ctx.kb
    release = fits.tf_version_last
    try:
        row = kb.config_for(release, "linux")
    except KnowledgeQueryError:
        row = None
    if row is None or row.kind != "gpu" or not row.cuda or not row.cudnn:
        return ()
    py = ctx.fix_python
    where = f" (Python {row.python_min}-{row.python_max}; knowledge rows {fits.ref}, {row.ref})"
    first = c._driver_first(ctx, release, "the lines below")
    out: list[str] = [first] if first is not None else []
    if _and_cuda_works(ctx, release):
        out.append(c.pip(ctx, "install", f"tensorflow[and-cuda]~={release}",
                         *_numpy_cap(ctx, release))
                   + f"   # TensorFlow {release}, the newest official release built for "
                   f"compute capability {cc}, with its CUDA {row.cuda} / cuDNN {row.cudnn} "
                   f"wheels{where}")
        return tuple(out)
    first_extra = kb.fact_series("and-cuda-extra-first")[0]
    why = (f"it predates the [and-cuda] extra ({first_extra[0]}.{first_extra[1]})"
           if (tf_minor(release) or (0, 0)) < first_extra else
           "its wheels do not find the nvidia-* CUDA wheels (knowledge row "
           "platform_facts:tf-216-nvidia-wheel-libs-not-found)")
    out += [
        f"# TensorFlow {release} is the newest official release built for compute capability "
        f"{cc}{where}; {why}, so install CUDA {row.cuda} and cuDNN {row.cudnn} system-wide "
        f"(into /usr/local/cuda-{row.cuda}), then in a fresh venv:",
        c.pip(ctx, "install", f"tensorflow~={release}", *_numpy_cap(ctx, release)),
        f"export LD_LIBRARY_PATH=/usr/local/cuda-{row.cuda}/lib64"
        "${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}",
    ]

    def built_for_cc(rel: str) -> bool:
        v = parse_version(rel)
        return any(cc_key(a.min_cc) <= cc_key(cc) for a in kb.wheel_archs
                   if parse_version(a.tf_version) <= v <= parse_version(a.tf_version_last))

    older = [r for r in kb.gpu_configs("linux")
             if parse_version(r.release) < parse_version(release)
             and _and_cuda_works(ctx, r.release) and built_for_cc(r.release)]
    if older:
        alt = older[0]
        have, lo, hi = (tf_minor(v) for v in (py[0] if py else None, alt.python_min,
                                                 alt.python_max))
        # a Python of the log or facts that does not read as X.Y says nothing against it
        fits_py = have is None or lo is None or hi is None or lo <= have <= hi
        out.append(
            "or " + c.pip(ctx, "install", f"tensorflow[and-cuda]~={alt.release}",
                          *_numpy_cap(ctx, alt.release))
            + f"   # TensorFlow {alt.release} with its CUDA wheels (Python "
            f"{alt.python_min}-{alt.python_max}"
            + ("" if fits_py else f": a fresh venv with Python {alt.python_max}")
            + f"; knowledge row {alt.ref})")
    return tuple(out)


def _floor_six_c_library(ctx: Facts, cause: str, fix: tuple[str, ...],
                         cc: str) -> tuple[str, tuple[str, ...]]:
    """The ``minimum required Cuda capability is 6.0`` hedge for a log of no known Python
    TensorFlow >= 2.17: ``(cause, fix)`` naming the prebuilt TensorFlow C library first.

    Checked on threads: the 6.0 floor came from the libtensorflow C binaries of
    1.12-1.15 under tfjs-node-gpu (tensorflow/tfjs#1819, #1088, #4510; tensorflow/tensorflow
    #36853, #38971), the Java 1.12 libraries and the TF 1.13.0rc0 Windows wheel (#25329), and
    RedisAI's TF 1.14 backend (RedisAI#260); the pip line is a fix only for Python
    TensorFlow 2.17+ (official floor 6.0, tf_compute_capabilities)."""
    c_lib = ("the prebuilt TensorFlow C library (libtensorflow 1.12-1.15, which tfjs-node-gpu, "
             "the Java bindings and RedisAI load) was built for compute capability >= 6.0")
    if ctx.h("ctx.tfjs").count:
        cause += f" This log is tfjs-node's: {c_lib}."
        return cause, (
            c.note(f"tfjs-node-gpu cannot use a {cc} GPU with that library: build libtensorflow "
                   f"from source with TF_CUDA_COMPUTE_CAPABILITIES={cc}, use a newer GPU, or "
                   "@tensorflow/tfjs-node (CPU)"),
        )
    cause += (f" Or, as often in the reports of this floor, {c_lib}; the 1.13.0rc0 Windows "
              "wheel had it too. Which program printed the line tells.")
    return cause, (
        c.python_cmd(ctx, "import tensorflow as tf; print(tf.__version__)")
        + "   # Python TensorFlow 2.17+ has this floor: then the next line",
        *fix,
        c.note("tfjs-node-gpu or another libtensorflow 1.x user: its prebuilt library has this "
               f"floor; build libtensorflow from source with TF_CUDA_COMPUTE_CAPABILITIES={cc} "
               "or use a newer GPU"),
    )


#: The CUDA device number in gpu_device.cc's device description ("device: 1, name: ...").
_DEVICE_NO = re.compile(r"device: (\d{1,3}), name: ([^,]+)")


def _other_gpus_created(ctx: Facts, ignored: list[Hit]) -> list[tuple[str, str]]:
    """``(device number, name)`` of each GPU TensorFlow created in this log that is not one it
    ignored for its compute capability (a display card beside the compute GPU); empty when
    none was created."""
    skipped = {m.group(1) for h in ignored if (m := _DEVICE_NO.search(h.g("desc") or ""))}
    out: dict[str, str] = {}
    for h in ctx.h("gpu.created").all():
        m = _DEVICE_NO.search(h.text)
        if m is not None and m.group(1) not in skipped:
            out.setdefault(m.group(1), m.group(2).strip())
    return sorted(out.items())


def _other_gpu_named_created(ctx: Facts, gpu: str) -> bool:
    """TensorFlow created a GPU device in this log whose name is not ``gpu`` (the name the
    ignored line gives), and none named ``gpu``."""
    names = [m.group(2).strip() for h in ctx.h("gpu.created").all()
             if (m := _DEVICE_NO.search(h.text))]
    want = gpu.lower().removeprefix("nvidia ").strip()
    same = [n for n in names if n.lower().removeprefix("nvidia ").strip() == want]
    return bool(names) and not same


def _ignored_beside_used(ctx: Facts, ign: Hits, gpu: str, cc: str, mn: str,
                         used: list[tuple[str, str]]) -> Finding:
    """``gpu-compute-capability-too-low`` variant ``other-gpu-used`` (a warning): TensorFlow
    ignored ``gpu`` for its compute capability and created the GPUs ``used`` (device
    number, name): the work runs there; hiding the old card silences the line."""
    names = ", ".join(f"{n} (device {i})" for i, n in used)
    return catalogue.make(
        "gpu-compute-capability-too-low", variant="other-gpu-used", gpu=gpu, cc=cc,
        minimum=mn, used=names,
        evidence=log_evidence(ign, ctx.h("gpu.created").all()[:2]),
        fix=(c.set_env(ctx, "CUDA_VISIBLE_DEVICES", ",".join(i for i, _ in used))
             + "   # before starting Python: only what TensorFlow uses stays visible, and "
             "the line goes away",),
    )


def _windows_cc_route(ctx: Facts, cc: str, fits: WheelArchsRow) -> tuple[str, ...]:
    """On native Windows the newest wheel for ``cc`` is no GPU route past the last native
    GPU release (platform fact ``windows-native-gpu-last``): that release in one conda
    environment when its floor admits ``cc`` (it does for every CC an official wheel has
    had), and WSL2 with a current TensorFlow otherwise or as well; ``()`` when the fact is
    missing (the caller's generic line then stays)."""
    try:
        series, last, _req, _built = c.windows_gpu_last(ctx)
        wsl = c.wsl2_tensorflow_lines(ctx)
        native = c.windows_native_env_lines(ctx)
    except KnowledgeError:
        return ()
    newest = tf_minor(fits.tf_version_last)
    if newest is not None and newest < series:
        # the newest wheel for this CC is older than the last native GPU release itself
        return ()
    return (c.note(f"native Windows has no TensorFlow GPU build after {last}: there, or in "
                   "WSL2, a release whose floor admits compute capability " + cc),
            *native[1:], *wsl)


def _ignored_gpu_name(desc: str) -> str:
    """The GPU gpu_device.cc's "Ignoring visible gpu device (<desc>) ..." names: the
    description's ``name: X``, else, in a retold line whose description was elided
    ("... GeForce GT 750M ..."), its words without the dots; "the GPU" when none."""
    named = re.search(r"name: ([^,]+)", desc)
    if named:
        return named.group(1)
    words = " ".join(re.sub(r"\.{2,}|\u2026|[()]", " ", desc).split())
    return words if re.search(r"[A-Za-z]", words) and len(words) <= 80 else "the GPU"


def rule_compute_capability(ctx: Facts) -> list[Finding]:
    """Ignored GPUs, missing kernels, invalid PTX on a new architecture, slow JIT start."""
    out: list[Finding] = []
    ign = ctx.h("cc.ignored")
    used: list[tuple[str, str]] = []
    if ign.count:
        h = ign.first[0]
        cc, mn = h.g("cc") or "?", h.g("min")
        gpu = _ignored_gpu_name(h.g("desc") or "")
        used = _other_gpus_created(ctx, ign.all())
    if used and mn:
        # another GPU was created: the ignored card needs no release change
        out.append(_ignored_beside_used(ctx, ign, gpu, cc, mn, used))
    elif ign.count and not mn and _other_gpu_named_created(ctx, gpu):
        # the cut line, and TensorFlow created a device for a GPU of another name in this
        # log: nothing says that card is in this run (review b50b P6)
        pass
    elif ign.count:
        lowest = ctx.kb.lowest_wheel_cc()
        try:
            fits = ctx.kb.newest_wheel_for_cc(cc)
        except KnowledgeQueryError:
            fits = None  # "?" or another CC the log gives in no X.Y form
        cause = (
            f"This TensorFlow build contains kernels only for compute capability >= {mn}; "
            f"{gpu} is {cc}." if mn else
            f"TensorFlow skipped {gpu} (compute capability {cc}): gpu_device.cc prints this "
            "line only for a GPU below the build's minimum compute capability (the minimum "
            "itself is not on the line as pasted)."
        )
        ref: str | None = None
        source_min = ctx.kb.platform_fact("tf-source-build-min-cc")
        if cc_key(cc) < cc_key(source_min.value("min_cc")):
            # below what any TensorFlow build supports, even from source (Fermi, Tesla)
            ref = source_min.ref
            cause += (f" No TensorFlow release or build can use it: compute capability "
                      f"{source_min.value('min_cc')} is the lowest any TensorFlow supports, "
                      f"even built from source (knowledge row {source_min.ref}).")
            fix: tuple[str, ...] = (
                c.note("use a newer GPU (compute capability 3.5 or higher for official "
                       "wheels)"),
                c.note("or keep using the CPU: the installed TensorFlow already runs on the "
                       "CPU as it is") if c.tf_installed(ctx) else
                c.pip(ctx, "install", "tensorflow-cpu") + "   # or run on the CPU",
            )
        elif cc_key(cc) < cc_key(lowest.min_cc):
            ref = lowest.ref
            same = [f for f in ctx.kb.wheel_archs if f.min_cc == lowest.min_cc]
            first = min(ctx.kb.wheel_archs, key=lambda f: tf_minor(f.tf_version) or (99, 0))
            cause += (
                f" No official TensorFlow wheel from {first.tf_version} on supports it (the "
                "releases knowledge table tf_compute_capabilities covers): their lowest floor is "
                f"{lowest.min_cc} (TensorFlow {same[0].tf_version} to "
                f"{same[-1].tf_version_last}, e.g. row {lowest.ref}). Older 1.x and 0.x wheels "
                "are not in the table: some of them ran on lower compute capabilities, with the "
                "CUDA and the Python versions of their time."
            )
            fix = (
                c.note(f"build TensorFlow from source with TF_CUDA_COMPUTE_CAPABILITIES={cc} "
                       "(an old release whose CUDA still supports this GPU)"),
                c.note("or use a newer GPU"),
                c.note("or keep using the CPU: the installed TensorFlow already runs on the "
                       "CPU as it is") if c.tf_installed(ctx) else
                c.pip(ctx, "install", "tensorflow-cpu") + "   # or run on the CPU",
            )
        elif fits is not None:
            ref = fits.ref
            cause += (
                f" Official wheels up to TensorFlow {fits.tf_version_last} (floor {fits.min_cc}, "
                f"knowledge row {fits.ref}) include kernels for {cc}: "
                + (f"a floor of {mn}" if mn else "a floor above it") + " means a "
                "newer official release or a custom build (third-party image or wheel) "
                "specialised for other GPUs."
            )
            route = (_older_release_route(ctx, cc, fits)
                     if ctx.os not in ("windows", "macos") else
                     _windows_cc_route(ctx, cc, fits) if ctx.os == "windows" else ())
            fix = (
                *(route or (
                    c.pip(ctx, "install", f"tensorflow<={fits.tf_version_last}")
                    + f"   # the newest official wheel built for compute capability {cc}"
                    + _release_needs(ctx, fits.tf_version_last),)),
                c.note(f"or build from source with TF_CUDA_COMPUTE_CAPABILITIES={cc}"),
            )
            if mn == "6.0" and (ctx.tf_mm is None or ctx.tf_mm < (2, 17)):
                cause, fix = _floor_six_c_library(ctx, cause, fix, cc)
        else:
            fix = (
                c.note(f"use a TensorFlow build that includes compute capability {cc}"),
                c.note(f"or build from source with TF_CUDA_COMPUTE_CAPABILITIES={cc}"),
            )
        # the minimum is a title field only where the line shows it (variant otherwise)
        shown: dict[str, Any] = {"minimum": mn} if mn else {}
        out.append(
            catalogue.make(
                "gpu-compute-capability-too-low",
                variant=None if mn else "minimum-not-shown",
                gpu=gpu,
                cc=cc,
                **shown,
                evidence=log_evidence(ign),
                cause=cause,
                fix=fix,
                doc_url=_cc_doc(ctx, ref),
                knowledge_ref=ref,
            )
        )
    out += _min_required(ctx, out)
    out += app_cc_floor(ctx, out)
    out += _xla_floor(ctx, out)
    out += _library_arch(ctx, out)
    errs = ctx.h("cuda.error")
    invalid = errs.by_key.get("CUDA_ERROR_INVALID_PTX")
    nokernel = (ctx.h("cc.no_kernel").all() + ctx.h("cc.kernel_image").all()
                + ctx.h("cc.runtime_code").all())
    # a project's own CUDA error macro (custom_op_wrong_arch says that)
    own = {h.line for h in ctx.h("cuda.user_check").all()}
    nokernel = [h for h in nokernel if h.line not in own]
    nobin = errs.by_key.get("CUDA_ERROR_NO_BINARY_FOR_GPU")
    jit_notice = ctx.h("cc.ptx_jit_notice")
    # After the PTX-JIT notice, a failed kernel launch or module load means the JIT did
    # not produce a usable image either (e.g. Blackwell with PTX of an older ISA).
    jit_failed = [errs.by_key[k] for k in _JIT_FAILURES if k in errs.by_key] if jit_notice.count \
        else []
    # "no kernel image" from another program (PyTorch, CuPy, ...) is that
    # program's build, not TensorFlow's; unrecognised-error quotes it with no guess
    if invalid is not None and not (nokernel or nobin or jit_notice.count) \
            and ctx.h("ctx.xla_cluster_node").count:
        # XLA compiled that PTX at run time for this very GPU (an auto-clustered node,
        # "cluster_N/xla_run"): not the build's architecture list (xla.py hedges it)
        invalid = None
    if (invalid is not None or nokernel or nobin is not None or jit_failed) \
            and not ctx.other_framework:
        ccs = ctx.compute_capabilities
        gpu_cc: str | None = ccs[0] if ccs else None
        cause = (
            "The GPU has no matching machine code (SASS) in this TensorFlow build and the "
            "embedded PTX could not be JIT-compiled for it"
        )
        if invalid is not None:
            cause += " (CUDA_ERROR_INVALID_PTX = 218)"
        if jit_notice.count:
            cause += (f" (TensorFlow logged that it has no kernel binaries for compute "
                      f"capability {jit_notice.first[0].g('cc')}, then the launch failed)")
            gpu_cc = gpu_cc or jit_notice.first[0].g("cc")
        blackwell = False
        if gpu_cc:
            cause += f"; the GPU's compute capability is {gpu_cc}"
            major = int(gpu_cc.split(".")[0]) if gpu_cc.split(".")[0].isdigit() else 0
            if major >= 10:
                bw = ctx.kb.platform_fact("blackwell-no-cubins")
                blackwell = True
                cause += f" (Blackwell): {bw.value('says')} (knowledge row {bw.ref})"
        cause += "."
        # confident only when the log (the PTX-JIT notice) or the GPU's CC against the
        # build's known CCs shows the architecture missing; else hedged (another CUDA)
        known = _ccs_known(ctx)  # with host GPUs known by name (gpu_compute_capability)
        verdict_cc = gpu_cc or (known[0] if known else None)
        # the PTX-JIT notice says it; CUDA_ERROR_INVALID_PTX is the JIT itself failing (every
        # public report: stock PTX on Blackwell), not the launch-time wording left hedged here
        verdict, archs_text = ((_MISSING, "") if jit_notice.count or invalid is not None
                               else _arch_in_build(ctx, verdict_cc))
        if _driver_floor_reads_it(ctx, invalid, nokernel, nobin, jit_failed):
            # tf-generated-kernel-not-loaded (ptx-jit-driver) reads the failure; the notice
            # is part of it, not a finding of its own ahead of it
            return _rest_of_compute_capability(ctx, out, Hits())
        # TF 2.4's generated kernels (no PTX): "Failed to load in-memory CUBIN:
        # CUDA_ERROR_NO_BINARY_FOR_GPU" read against the build's sm_XX list
        gen = generated_kernel_no_cubin(
            ctx, [*nokernel, *((nobin,) if nobin is not None else ())], verdict_cc)
        if gen is not None:
            out.append(gen)
            return _rest_of_compute_capability(ctx, out, jit_notice)
        no_image = _no_image_wording(nokernel, nobin)
        if verdict == _UNKNOWN and no_image and _toolkit_differs(ctx) is None \
                and not _jit_failure_told(ctx):
            out.append(_arch_likely(ctx, verdict_cc, log_evidence(no_image)))
            return _rest_of_compute_capability(ctx, out, jit_notice)
        if verdict != _MISSING:
            out.append(_arch_unconfirmed(
                ctx, verdict, verdict_cc, archs_text,
                log_evidence([nobin] if nobin is not None else [], nokernel)))
            return _rest_of_compute_capability(ctx, out, jit_notice)
        if archs_text:
            cause = cause[:-1] + f"; {archs_text}."
        out.append(
            catalogue.make(
                "gpu-arch-not-in-build",
                evidence=log_evidence(jit_notice.first[:1],
                                      [x for x in (invalid, nobin) if x is not None],
                                      jit_failed, nokernel),
                cause=cause,
                fix=(
                    'python -c "import tensorflow as tf; '
                    "print(tf.sysconfig.get_build_info()['cuda_compute_capabilities'])\"",
                    *_ptx_driver_step(ctx),
                    *((f"# {blackwell_fact.remedy(ctx.kb)}",) if blackwell else (
                        "use NVIDIA's NGC TensorFlow container (built for the newest GPUs)",
                        "or a TensorFlow build compiled for this GPU "
                        f"(TF_CUDA_COMPUTE_CAPABILITIES={gpu_cc or '<your cc>'})")),
                ),
            )
        )
    return _rest_of_compute_capability(ctx, out, jit_notice)


def _driver_floor_reads_it(ctx: Facts, invalid: Hit | None, nokernel: list[Hit],
                           nobin: Hit | None, jit_failed: list[Hit]) -> bool:
    """Whether a launch failure after the PTX-JIT notice is the driver's PTX floor rather
    than a missing architecture: the only failures are launch/load errors after the notice
    (no CUDA_ERROR_INVALID_PTX, no "no kernel image" wording), the release's wheel carries
    PTX this GPU runs through the driver's JIT and the driver is not known to meet the
    floor (:func:`~tfgpu.diagnosis.checks._ptx_jit.ptx_jit_floor`, from
    ``tf_compute_capabilities.toml`` and ``cuda_min_driver.toml``), and the launch line is
    TensorFlow's generated kernel, which ``tf-generated-kernel-not-loaded`` (variant
    ``ptx-jit-driver``) reads.  Then the notice is what every start on such a GPU prints,
    not a sign that the build lacks the architecture, and both readings lead with the
    driver."""
    if not jit_failed or invalid is not None or nokernel or nobin is not None:
        return False
    if ptx_jit_floor(ctx) is None:
        return False
    hits = ctx.h("gpu.kernel_gen_call").all()
    launches = [h.line for h in hits if h.g("call") == "cuLaunchKernel"
                and h.g("code") == "CUDA_ERROR_INVALID_HANDLE"]
    # a module load or function lookup failing first is variant after-load-failure's
    return bool(launches) and not any(h.g("call") != "cuLaunchKernel" and h.line <= launches[0]
                                      for h in hits)


def _ptx_driver_step(ctx: Facts) -> tuple[str, ...]:
    """A fix line naming the driver this release's PTX needs, when the release is known and
    the GPU runs its kernels from PTX (:func:`~tfgpu.diagnosis.checks._ptx_jit.ptx_jit_floor`:
    the JIT fails on a driver older than the CUDA that made the PTX, whatever the GPU);
    empty otherwise, or when the host's driver is known to meet it."""
    floor = ptx_jit_floor(ctx)
    if floor is None:
        return ()
    return (f"nvidia-smi --query-gpu=driver_version --format=csv,noheader   # TensorFlow "
            f"{floor.tf} runs compute capability {floor.jit_from}+ from PTX of CUDA "
            f"{floor.cuda}, which the driver compiles only from {floor.need} on "
            f"({floor.os_name}; knowledge rows {floor.ref}, {floor.need_ref}): an older "
            "driver is the first thing to update",)


def _rest_of_compute_capability(ctx: Facts, out: list[Finding], jit_notice: Hits) -> list[Finding]:
    """The PTX-JIT notice and "Adding visible gpu devices" parts of
    :func:`rule_compute_capability`, after its missing-kernel part; returns ``out``."""
    if jit_notice.count and not any(f.id == "gpu-arch-not-in-build" for f in out):
        out.append(_blackwell_notice(ctx, jit_notice.all()) or _ptx_jit_notice(
            ctx, jit_notice.all()))
    adding = ctx.h("cc.adding")
    if adding.count and not out:
        ids = (adding.first[0].g("ids") or "").strip(" ,")
        ev = log_evidence(adding.first[:1])
        gpus = ("GPU " if "," not in ids else "GPUs ") + ids
        out.append(catalogue.make("gpu-devices-added", gpus=gpus, evidence=ev) if ids else
                   catalogue.make("gpu-devices-added", variant="ids-unshown", evidence=ev))
    return out


# ------------------------------------------------------------------------------ k-gpu

#: CUDA errors that, after TensorFlow's "will be jit-compiled from PTX" notice, show the
#: JIT gave no usable kernel image (cuda.h CUresult names; status_codes.toml rows).
_JIT_FAILURES = (
    "CUDA_ERROR_INVALID_HANDLE",
    "CUDA_ERROR_INVALID_IMAGE",
    "CUDA_ERROR_INVALID_SOURCE",
    "CUDA_ERROR_NOT_FOUND",
    "CUDA_ERROR_UNSUPPORTED_PTX_VERSION",
)


def _ccs_here(ctx: Facts, phrase: str) -> str:
    """``phrase`` with this host's compute capabilities (``"7.5, 8.6"``) in place of its
    ``{}``; ``""`` when they are unknown (a pasted log without host facts)."""
    ccs = ctx.compute_capabilities
    return phrase.format(", ".join(ccs)) if ccs else ""


def _min_required(ctx: Facts, found: list[Finding]) -> list[Finding]:
    """"No CUDA device found with minimum required compute capability X" (tools that
    check TensorFlow's floor themselves, e.g. DeepFaceLab): the GPU is below the build's
    floor.  The GPU's compute capability comes from host facts when known."""
    hits = ctx.h("cc.min_required")
    if not hits.count or any(f.id == "gpu-compute-capability-too-low" for f in found):
        return []
    mn = hits.first[0].g("min") or "?"
    have = _ccs_here(ctx, "; the compute capability here: {}")
    return [catalogue.make(
        "gpu-compute-capability-too-low",
        variant="no-device-above-minimum",
        minimum=mn,
        evidence=log_evidence(hits) + tuple(ctx.fact_evidence()),
        doc_url=_cc_doc(ctx, None),
        cause=(f"This TensorFlow build only uses GPUs of compute capability >= {mn}, and no "
               f"GPU meets it{have}. The floor is a property of the build, not a setting."),
        fix=(f"# use a GPU with compute capability >= {mn}: nvidia-smi --query-gpu=name,"
             "compute_cap --format=csv",
             "# or a TensorFlow build compiled for this GPU "
             "(TF_CUDA_COMPUTE_CAPABILITIES), or run on the CPU"),
    )]


def _xla_floor(ctx: Facts, found: list[Finding]) -> list[Finding]:
    """``gpu-compute-capability-too-low`` variant ``xla-floor``: XLA's device check
    (xla/service/platform_util.cc ``IsDeviceSupported``: compute capability 3.5 and up) refused
    the GPU (pattern ``cc.xla_floor``, both wordings), and TensorFlow aborts when XLA's CUDA
    platform is left with no device ("no supported devices found for platform CUDA", TF 1.13+
    builds with XLA: the GPU's own kernels may include the CC, a source build for it).
    An error with the abort's line; a warning without it; nothing when TensorFlow's own
    "Ignoring visible gpu device" already says the GPU is below the build's floor, or when the
    log shows a GPU device created (another GPU passed: only the old one is left out). A GPU
    that XLA's "device CUDA:N not supported by XLA service" names is left to
    ``xla-gpu-device-not-initialised`` (checks/xla_gpu_device_setup.py)."""
    hits = [h for h in ctx.h("cc.xla_floor").all()
            if not refused_for_xla_floor(ctx, h.g("idx") or "")]
    if not hits or any(f.id == "gpu-compute-capability-too-low" for f in found):
        return []
    aborted = ctx.h("cc.xla_no_devices").count > 0
    if not aborted and ctx.h("gpu.created").count:
        return []
    h = hits[0]
    cc = h.g("cc") or h.need("cc2")  # one alternative or the other
    mn = h.g("min") or h.need("min2")
    return [catalogue.make(
        "gpu-compute-capability-too-low", variant="xla-floor",
        gpu=f"GPU {h.g('idx') or '0'}", cc=cc, minimum=mn,
        severity=Severity.ERROR if aborted else Severity.WARNING,
        evidence=log_evidence(hits[:2], ctx.h("cc.xla_no_devices").first[:1])
        + tuple(ctx.fact_evidence()),
        doc_url=_cc_doc(ctx, None),
        fix=(f"# a GPU of compute capability {mn} or higher (nvidia-smi --query-gpu=name,"
             "compute_cap --format=csv): XLA has no code path below it",
             "# or a TensorFlow 1.x source build without XLA (./configure: answer n to XLA JIT "
             f"support) and TF_CUDA_COMPUTE_CAPABILITIES={cc}",
             c.pip(ctx, "install", "tensorflow-cpu") + "   # or run on the CPU"),
    )]


def _library_arch(ctx: Facts, found: list[Finding]) -> list[Finding]:
    """CUBLAS/CUDNN/CUSOLVER ``*_STATUS_ARCH_MISMATCH``: the library (or the routine
    TensorFlow called) needs a GPU feature this architecture lacks, e.g. a cuDNN that
    dropped the GPU's generation or half/TF32 tensor-op routines on an old GPU
    (cublas_api.h, cudnn_graph.h, cusolver_common.h; status_codes.toml rows)."""
    hits = ctx.h("cc.lib_arch")
    if not hits.count or any(f.id == "gpu-compute-capability-too-low" for f in found):
        return []
    h = hits.first[0]
    lib = {"CUBLAS": "cuBLAS", "CUDNN": "cuDNN", "CUSOLVER": "cuSOLVER",
           "CUSPARSE": "cuSPARSE", "CUFFT": "cuFFT"}.get(h.g("lib") or "", "A CUDA library")
    have = _ccs_here(ctx, " (the GPU here: compute capability {})")
    return [catalogue.make(
        "gpu-compute-capability-too-low",
        variant="library-arch-mismatch",
        library=lib,
        code=h.g("code") or "ARCH_MISMATCH",
        evidence=log_evidence(hits) + tuple(ctx.fact_evidence()),
        cause=(f"{lib} returned {h.g('code')}: the routine TensorFlow called, or this {lib} "
               f"release, does not support the GPU's architecture{have}. Either the GPU is "
               f"older than this {lib} supports, or the operation needs a newer GPU "
               "(e.g. float16/bfloat16/TF32 tensor-op routines)."),
        fix=("nvidia-smi --query-gpu=name,compute_cap --format=csv",
             f"# use the TensorFlow release (and its {lib}) whose tested configuration still "
             "covers this GPU (tfgpu matrix), or compute in float32",
             "tfgpu doctor"),
        doc_url=_cc_doc(ctx, None),
    )]


def _ptx_jit_notice(ctx: Facts, hits: list[Hit]) -> Finding:
    """TensorFlow's "not built with CUDA kernel binaries compatible with compute
    capability X ... jit-compiled from PTX" with no failure after it: slow first start,
    not an error.  The wheel's architectures come from ``tf_compute_capabilities.toml``
    when the TensorFlow version is known."""
    cc = hits[0].g("cc") or "?"
    archs = ""
    ref: str | None = None
    try:
        wheel = ctx.kb.wheel_compute_capabilities(ctx.tf_version) if ctx.tf_version else None
    except KnowledgeQueryError:
        wheel = None  # a version the table cannot read ("2.15.0rc0" is read; others not)
    if wheel is not None:
        archs = (f" (the TensorFlow {ctx.tf_version} wheel has SASS "
                 f"{' '.join(wheel.sass)} and PTX {' '.join(wheel.ptx)}, knowledge row "
                 f"{wheel.row.ref})")
        ref = wheel.row.ref
    outcome = "; the program then runs normally"
    major = cc.split(".")[0]
    if major.isdigit() and int(major) >= 10:
        bw = ctx.kb.platform_fact("blackwell-no-cubins")
        outcome = (f". On Blackwell, {bw.value('says')} (knowledge row {bw.ref}): if the "
                   f"program then fails, that is the cause; {blackwell_fact.remedy(ctx.kb)}")
        ref = ref or bw.ref
    slow = ctx.kb.platform_fact("ptx-jit-slow-first-run")
    # a newer official wheel with cubins for this CC is the simplest fix: first
    upgrade = _native_upgrade_lines(ctx, cc)
    return catalogue.make(
        "gpu-needs-ptx-jit",
        variant="log-notice",
        cc=cc,
        archs=archs,
        outcome=outcome,
        evidence=log_evidence(hits),
        fix=(*upgrade,
             ("# or " if upgrade else "# ") + "expect a slow first start while the driver "
             "compiles the kernels; keep them in a large CUDA JIT cache so later starts are "
             "fast:",
             c.set_env(ctx, *slow.value("cache_env").split("=", 1)),
             "# or use a build with native kernels for this GPU (NVIDIA's NGC TensorFlow "
             f"container, or a source build with TF_CUDA_COMPUTE_CAPABILITIES={cc})"),
        knowledge_ref=ref,
    )


# --- the first newer official wheel with native cubins for a CC ---------------------------
def first_native_release(ctx: Facts, tf: str, cc: str) -> WheelArchsRow | None:
    """The first official TensorFlow wheel newer than ``tf`` whose compiled architectures
    (``tf_compute_capabilities.toml``, the table ``tfgpu matrix --gpu`` reads) run compute
    capability ``cc`` natively (a cubin of its major with an equal or lower minor:
    :func:`tfgpu.knowledge.classify_cc`); ``None`` when none is, or a version does not parse."""
    try:
        current = parse_version(tf)
        rows = sorted(ctx.kb.wheel_archs, key=lambda r: parse_version(r.tf_version))
        return next((r for r in rows if parse_version(r.tf_version) > current
                     and classify_cc(r.sass_cc, r.ptx_cc, cc)[0] == "native"), None)
    except KnowledgeQueryError:
        return None


def _native_upgrade_lines(ctx: Facts, cc: str) -> tuple[str, ...]:
    """The fix lines offering the first newer official wheel with native cubins for ``cc``
    (:func:`first_native_release`) over the TensorFlow the host or the log shows, with the
    CUDA it was tested with and that CUDA's driver floor (``tf_tested_configs``,
    ``cuda_min_driver``); ``()`` when the version is unknown, the build is not the official
    pip wheel (conda, nightly, containers), or no newer wheel has such cubins."""
    tf = ctx.tf_version
    if not tf or "dev" in tf or ctx.conda or ctx.non_pip_tensorflow or ctx.other_framework:
        return ()
    later = first_native_release(ctx, tf, cc)
    if later is None:
        return ()
    kb = ctx.kb
    series = ".".join(later.tf_version.split(".")[:2])
    needs = ""
    build = kb.tested_gpu_build(later.tf_version, "linux")
    if build is not None:
        floor = kb.min_driver(build.cuda, "windows" if ctx.windows or ctx.wsl else "linux")
        needs = f"; it is built with CUDA {build.cuda}" + (
            f" and needs an NVIDIA driver >= {floor.version}" if floor is not None else "")
    where = ""
    if ctx.windows:
        last, _ = kb.fact_series("windows-native-gpu-last")
        where = f" (in WSL2: native Windows GPU builds stop at {last[0]}.{last[1]})"
    first, _ = kb.fact_series("and-cuda-extra-first")
    mm = tf_minor(later.tf_version)
    extra = "[and-cuda]" if mm is not None and mm >= first else ""  # Linux or WSL2
    return (f"# a newer TensorFlow has native kernels for CC {cc}: {series} is the first "
            f"official wheel with cubins for it (knowledge row {later.ref}){needs}; "
            f"tfgpu plan picks the release for your driver and Python{where}:",
            c.pip(ctx, "install", f"tensorflow{extra}=={series}.*"))


# --- the PTX-JIT notice on Blackwell ------------------------------------------------
def _blackwell_notice(ctx: Facts, hits: list[Hit]) -> Finding | None:
    """``gpu-arch-not-in-build`` (variant ``blackwell-notice``) for TensorFlow's PTX-JIT notice
    naming compute capability 10.x or 12.x: stock builds carry ``compute_90`` PTX only, and
    every public report of the notice on those GPUs failed at the first GPU op
    (``platform_facts:blackwell-no-cubins``, findings.toml's variant comment).  ``None`` for
    any other compute capability, for a log from another framework (``other_framework``), or
    when Keras training steps ran after the notice (the JIT worked there)."""
    cc = hits[0].g("cc") or ""
    major = cc.split(".")[0]
    if not major.isdigit() or int(major) < 10 or ctx.other_framework:
        return None
    if any(s.line > hits[0].line for s in ctx.h("keras.step").all()):
        return None  # training steps ran after the notice: the JIT worked, a slow start only
    bw = ctx.kb.platform_fact("blackwell-no-cubins")
    archs = ""
    try:
        wheel = ctx.kb.wheel_compute_capabilities(ctx.tf_version) if ctx.tf_version else None
    except KnowledgeQueryError:
        wheel = None
    if wheel is not None:
        archs = (f" (the TensorFlow {ctx.tf_version} wheel has SASS {' '.join(wheel.sass)} "
                 f"and PTX {' '.join(wheel.ptx)}, knowledge row {wheel.row.ref})")
    return catalogue.make(
        "gpu-arch-not-in-build", variant="blackwell-notice", cc=cc, archs=archs, ref=bw.ref,
        says=bw.value("says"), evidence=log_evidence(hits[:1]),
        fix=('python -c "import tensorflow as tf; '
             "print(tf.sysconfig.get_build_info()['cuda_compute_capabilities'])\"   # no "
             f"sm_{cc.replace('.', '')}: this build has no kernels for the GPU",
             f"# {blackwell_fact.remedy(ctx.kb)} (TF_CUDA_COMPUTE_CAPABILITIES={cc})",
             "# or run on the CPU until a release ships Blackwell kernels"),
        knowledge_ref=bw.ref,
    )


def _cc_doc(ctx: Facts, ref: str | None) -> str | None:
    """The link of ``gpu-compute-capability-too-low``: the source of the knowledge row
    used (``tf_compute_capabilities``), else NVIDIA's compute-capability list."""
    if ref is not None:
        row = next((r for r in ctx.kb.wheel_archs if r.ref == ref), None)
        if row is not None:
            url = ctx.kb.doc_url(row)
            if url:
                return url
    return docs.url("cuda-gpus")


# ------------------------------------------------------------- host facts (from versions.py)


def _marketing_name(name: str) -> str:
    """``lspci``'s bracketed marketing name (``GM204 [GeForce GTX 970]`` -> ``GeForce GTX
    970``), else ``name`` as it is."""
    m = re.search(r"\[((?:GeForce|Quadro|Tesla|TITAN|RTX|NVIDIA)[^\]]*)\]", name, re.I)
    return m.group(1).strip() if m else name


def _cc_unknown_fix(facts: HostFacts, unknown: list[GPU]) -> tuple[str, ...]:
    """How to learn an unknown compute capability on this host.

    ``nvidia-smi`` needs a working driver: with the driver missing or broken (the GPU
    known only from ``lspci``, or ``nvidia-smi`` failing), fix the driver first, or look
    the name up in tfgpu's GPU table.
    """
    lookup = tuple(f"tfgpu matrix --gpu {c.quote(facts, _marketing_name(g.name))}"
                   for g in unknown)
    d = facts.driver
    if d is None or d.status is not ProbeStatus.OK:
        return ("# nvidia-smi cannot run without a working driver: install or fix the "
                "NVIDIA driver first (see the driver finding), then rerun tfgpu doctor",
                "# or look the GPU up by name:", *lookup)
    return ("nvidia-smi --query-gpu=name,compute_cap --format=csv",
            "# or look the GPU up by name:", *lookup)


def compute_capability(f: Facts) -> Iterator[Finding]:
    """GPU compute capability against the CCs compiled into the installed build.

    Rule (``tf_compute_capabilities.toml``; tensorflow ``gpu_device.cc``): a GPU below
    the build's smallest CC is ignored; a GPU with no cubin of its major and an equal or
    lower minor runs kernels JIT-compiled from PTX at start ("could take 30 minutes or
    longer"), which also needs a driver at least as new as the build CUDA (the PTX JIT
    limit of minor-version compatibility; ``cuda_min_driver.toml`` toolkit rows).  The
    compiled CCs come from ``tf.build_info['cuda_compute_capabilities']`` when the probe
    has it (conda-forge and NGC builds differ from the official wheels), else from the
    official wheel's row.
    """
    host_tf = _cuda_tf(f)
    if host_tf is None:
        return
    facts, tf, cuda = host_tf
    kb = f.kb
    wheel = kb.wheel_compute_capabilities(tf.version)
    if tf.build_archs is not None:
        sass_t, ptx_t = tf.build_archs
        build_cuda = cuda
        where = "tf.build_info.cuda_compute_capabilities"
    elif wheel is not None and not f.conda:
        # a conda environment's TensorFlow may be a conda build with its own CC list;
        # without build_info its CCs are unknown, so nothing is claimed from the wheel's row
        sass_t, ptx_t = wheel.sass, wheel.ptx
        build_cuda = wheel.row.build_cuda
        where = f"the official TensorFlow {tf.series} wheel"
    else:
        return
    ref_row = wheel.row if wheel is not None else tf.config
    ref = ref_row.ref if ref_row is not None else None
    doc = kb.doc_url(ref_row) if ref_row is not None else None
    min_cc = min((*sass_t, *ptx_t), key=parse_cc)
    below: list[tuple[GPU, str, Evidence]] = []
    jit: list[tuple[GPU, str, Evidence, str | None]] = []
    unknown: list[GPU] = []
    for gpu in facts.nvidia_gpus:
        if gpu.is_mig:
            continue
        cc, ev = _gpu_cc(gpu, kb)
        if cc is None:
            unknown.append(gpu)
            continue
        status, via = classify_cc(sass_t, ptx_t, cc)
        if status in ("below-minimum", "no-kernels"):
            below.append((gpu, cc, ev))
        elif status == "ptx-jit":
            jit.append((gpu, cc, ev, via))
    if unknown:
        names = ", ".join(f"GPU {g.index}: {g.name}" for g in unknown)
        yield catalogue.make(
            "gpu-compute-capability-unknown", gpus=names,
            evidence=tuple(Evidence(f"gpus[{g.index}].name", g.name) for g in unknown),
            fix=_cc_unknown_fix(facts, unknown),
            knowledge_ref="gpu_compute_capability",
        )
    archs_text = f"SASS {' '.join(sass_t)}, PTX {' '.join(ptx_t)}, from {where}"
    if below:
        newest = next(
            (c for c in kb.gpu_configs(tf.os)
             if all((s := kb.cc_support(c.tf_version, cc)) is not None
                    and s.status not in ("below-minimum", "no-kernels") for _, cc, _ in below)),
            None)
        fix = (_release_fix(facts, kb, newest.tf_series, tf.os,
                            f"use TensorFlow {newest.tf_series}, the newest official release "
                            f"whose wheel includes CC {below[0][1]}") if newest else
               [f"# no official TensorFlow wheel includes CC {below[0][1]}: TensorFlow already "
                "runs on the CPU as it is installed; for this GPU, build TensorFlow from "
                "source (an old release whose CUDA still supports it) or use a newer GPU"])
        gpus = ", ".join(f"GPU {g.index} ({g.name}, CC {cc})" for g, cc, _ in below)
        yield catalogue.make(
            "gpu-compute-capability-too-low", variant="below-wheel-minimum",
            tf=tf.version, gpus=gpus, min_cc=min_cc, cc=below[0][1], archs=archs_text, ref=ref,
            evidence=(tf.evidence, *(ev for _, _, ev in below)),
            fix=fix,
            doc_url=doc,
            knowledge_ref=ref,
        )
    if not jit:
        return
    gpus = ", ".join(f"GPU {g.index} ({g.name}, CC {cc})" for g, cc, _, _ in jit)
    blackwell = [j for j in jit if blackwell_fact.from_older_ptx(j[1], j[3])]
    if blackwell:
        yield blackwell_fact.host_finding(f, facts, tf.version, blackwell, archs_text,
                                           tf.evidence)
    yield from _slow_start(f, facts, tf, [j for j in jit if j not in blackwell], archs_text,
                           ref, doc)
    drv_ev = _driver_evidence(facts)
    if drv_ev is None:
        return
    assert facts.driver is not None and facts.driver.version is not None
    driver = facts.driver.version
    ok, minimum = kb.driver_ok(driver, build_cuda, tf.os, ptx_jit=True)
    if ok is False and minimum is not None:
        yield catalogue.make(
            "driver-too-old-for-ptx-jit",
            driver=driver, tf=tf.version, gpus=gpus, floor=minimum.version, cuda=build_cuda,
            ref=minimum.row.ref,
            evidence=(drv_ev, tf.evidence, *(e for _, _, e, _ in jit)),
            fix=(*driver_install_lines(f, minimum.version),),
            doc_url=kb.doc_url(minimum.row),
            knowledge_ref=minimum.row.ref,
        )


_JitGPU = tuple[GPU, str, Evidence, "str | None"]


def _slow_start(f: Facts, facts: HostFacts, tf: _TF, jit: list[_JitGPU], archs_text: str,
                ref: str | None, doc: str | None) -> Iterator[Finding]:
    """``gpu-needs-ptx-jit`` for GPUs whose kernels the driver JIT-compiles from PTX at
    start (a slow first start, then normal); nothing when ``jit`` is empty."""
    if not jit:
        return
    kb = f.kb
    gpus = ", ".join(f"GPU {g.index} ({g.name}, CC {cc})" for g, cc, _, _ in jit)
    via = jit[0][3]
    slow = kb.platform_fact("ptx-jit-slow-first-run")
    fix = ["# expect a slow first start while kernels compile; keep the compiled kernels in "
           "a large CUDA JIT cache:",
           _env_assignment(facts, slow.value("cache_env"))]
    newer = next(
        (c for c in kb.gpu_configs(tf.os)
         if parse_version(c.tf_version) > parse_version(tf.version)
         and all((s := kb.cc_support(c.tf_version, cc)) is not None
                 and s.status == "native" for _, cc, _, _ in jit)),
        None)
    if newer is not None:
        fix += _release_fix(facts, kb, newer.tf_series, tf.os,
                            f"or use TensorFlow {newer.tf_series}, whose wheel has native "
                            f"cubins for CC {jit[0][1]}")
    yield catalogue.make(
        "gpu-needs-ptx-jit",
        tf=tf.version, gpus=gpus, cc=jit[0][1], archs=archs_text, via=via, ref=ref,
        evidence=(tf.evidence, *(ev for _, _, ev, _ in jit)),
        fix=fix,
        doc_url=doc,
        knowledge_ref=ref,
    )


def _env_assignment(facts: HostFacts, assignment: str) -> str:
    """``NAME=value`` as this shell's command setting it (``export NAME=value``...)."""
    name, _, value = assignment.partition("=")
    return c.set_env(facts, name.strip(), value.strip())


# --- gpu stack ----------------------------------------------------------------------------


def rocm_gpu_arch_unsupported(ctx: Facts) -> list[Finding]:
    """tensorflow-rocm's gpu_device.cc "Ignoring visible gpu device (...) with AMDGPU version
    : gfxNNNN. The supported AMDGPU versions are ...": the build has no kernels for this AMD
    GPU's gfx target, so it runs on the CPU.  When the GPU's target is one of the targets
    glued together inside one entry of the printed list ("gfx1030gfx1100": a missing comma
    between two C string literals in device_description.h, tensorflow-rocm 2.14.0.600;
    ROCm/tensorflow-upstream#2290, #2404, #2524, fixed by #2191/#2434) the build names the
    GPU and the list is malformed: ``rocm-supported-arch-list-typo`` instead."""
    return c.from_log(ctx, "rocm.arch", lambda hits, first: _rocm_arch_finding(ctx, hits, first))


def rocm_gpu_below_min_isa(ctx: Facts) -> list[Finding]:
    """The ROCm fork's TF 1.x gpu_device.cc "Ignoring visible gpu device (...) with AMDGPU ISA
    gfxNNN. The minimum required AMDGPU ISA is gfxMMM.": an AMD GPU older than the oldest
    target the build supports (ROCm/tensorflow-upstream#225: gfx701 under a gfx803 minimum),
    so TensorFlow runs on the CPU: ``rocm-gpu-arch-unsupported`` variant ``isa-minimum``."""
    def finding(hits: Hits, first: Hit) -> Finding:
        gfx = (first.g("gfx") or "?").replace(" ", "")
        low = (first.g("min") or "?").replace(" ", "")
        # another GPU created in the same log: only this one is left out (an integrated GPU
        # beside the card, often), and TensorFlow computes on the other
        others = ctx.h("gpu.created").count > 0
        return catalogue.make(
            "rocm-gpu-arch-unsupported", variant="isa-minimum", gfx=gfx,
            supported=f"{low} and newer", evidence=log_evidence(hits),
            severity=Severity.INFO if others else None,
            usage=("TensorFlow created another GPU device in this log and computes on it; "
                   "only this GPU is left out (HIP_VISIBLE_DEVICES can hide it)."
                   if others else
                   "So this TensorFlow runs on the CPU: a tensorflow-rocm release whose "
                   f"minimum is this GPU's target, if one exists, or a GPU of target {low} "
                   "or newer is needed."),
            fix=("rocminfo | grep -i gfx   # the GPU's target",
                 f"# a GPU of target {low} or newer (AMD's ROCm hardware list), or an older "
                 "tensorflow-rocm release whose minimum ISA is this GPU's target"),
        )
    return c.from_log(ctx, "rocm.isa_min", finding)


def _rocm_arch_finding(ctx: Facts, hits: Hits, first: Hit) -> Finding:
    """The finding of one "Ignoring visible gpu device ... AMDGPU version" family."""
    gfx = first.g("gfx") or "?"
    supported = (first.g("supported") or "").strip().rstrip(",") or "(not listed)"
    glued = _gfx_glued(first)
    if glued is not None:
        return catalogue.make(
            "rocm-supported-arch-list-typo",
            gfx=gfx, supported=supported, entry=glued,
            evidence=log_evidence(hits),
            fix=("# a tensorflow-rocm build whose list has the comma back (ROCm/tensorflow-"
                 "upstream#2191, #2434): a later tensorflow-rocm release or a rocm/tensorflow "
                 "image built after the fix",
                 c.pip(ctx, "install", "-U", "tensorflow-rocm"),
                 "python -c \"import tensorflow as tf; "
                 "print(tf.config.list_physical_devices('GPU'))\""),
        )
    return catalogue.make(
        "rocm-gpu-arch-unsupported",
        gfx=gfx, supported=supported,
        evidence=log_evidence(hits),
        fix=("# use a tensorflow-rocm release built for this target, if AMD's compatibility "
             "matrix lists one",
             c.pip(ctx, "install", "-U", "tensorflow-rocm"),
             "rocminfo | grep -i gfx   # the GPU's target",
             "# HSA_OVERRIDE_GFX_VERSION=<a close supported target> runs such GPUs unofficially "
             "(unsupported by AMD)"),
    )


_GFX_TOKEN = re.compile(r"gfx[0-9a-f]{2,6}", re.IGNORECASE)


def _gfx_glued(hit: Hit) -> str | None:
    """The entry of the printed supported list in which the GPU's gfx target appears glued to
    another target (``gfx1030gfx1100`` holds ``gfx1100``), when the target is not an entry of
    its own: the list is malformed, not the GPU unsupported.  ``None`` otherwise (a prefix
    such as ``gfx90`` inside ``gfx90a`` is no match: entries are split into whole targets)."""
    gfx = (hit.g("gfx") or "").lower()
    items = [x.strip().lower() for x in (hit.g("supported") or "").split(",") if x.strip()]
    if not gfx or gfx in items:
        return None
    for item in items:
        parts = re.split(r"(?=gfx)", item)
        tokens = [t for t in parts if t]
        if len(tokens) > 1 and all(_GFX_TOKEN.fullmatch(t) for t in tokens) and gfx in tokens:
            return item
    return None


def gpu_compute_capability_not_reported(ctx: Facts) -> list[Finding]:
    """gpu_device.cc (TF 2.4-2.5) "Ignoring visible gpu device (...) whose CUDA compute
    capability is not available"."""
    return c.from_log(ctx, "cc.unavailable", lambda hits, first: catalogue.make(
        "gpu-compute-capability-not-reported",
        desc=(first.g("desc") or "the GPU").strip(),
        evidence=log_evidence(hits),
        fix=("nvidia-smi --query-gpu=name,compute_cap,driver_version --format=csv",
             f"# install a current NVIDIA driver for this GPU: {docs.url('nvidia-drivers')}"),
    ))


# --------------------------------- the GPU's CC against the official wheel, from a log


def _ccs_known(ctx: Facts) -> list[str]:
    """The compute capabilities the facts or the log give, plus those of host GPUs named
    without one (``gpu_compute_capability.toml``, by name)."""
    ccs = list(ctx.compute_capabilities)
    if ctx.host is not None:
        ccs += [cc for g in ctx.host.nvidia_gpus if not g.compute_capability
                and (cc := _gpu_cc(g, ctx.kb)[0]) is not None and cc not in ccs]
    return ccs


def cc_against_official_wheel(ctx: Facts) -> list[Finding]:
    """A log (or the user's description) giving the TensorFlow version and the GPU's compute
    capability, with no error of its own about it: the official wheel's compiled CCs
    (``Knowledge.cc_support``, ``tf_compute_capabilities.toml``) decide, as the host check
    :func:`compute_capability` does for probed hosts.  ``no-kernels`` (above the build's
    floor, so TensorFlow creates the device, but no cubin of the GPU's major with an equal
    or lower minor and no PTX at or below it: TF 2.3 on CC 5.0, tensorflow/tensorflow#46449)
    -> ``gpu-arch-not-in-build``; ``ptx-jit`` from PTX of an older major (TF 2.1's PTX 7.0
    on CC 8.6, tensorflow/tensorflow#48069) -> ``gpu-needs-ptx-jit``.  Silent for conda, nightly and
    other non-pip builds (their CC sets differ), for CCs below the floor (TensorFlow prints its
    own "Ignoring visible gpu device") and for releases the table lacks."""
    tf = ctx.tf_version
    ccs = _ccs_known(ctx)
    if not tf or not ccs or ctx.conda or ctx.non_pip_tensorflow or ctx.other_framework:
        return []
    if "dev" in tf or "nightly" in tf:
        return []  # a nightly's CC set is not its release's (the table holds release wheels)
    # the log's own compute-capability lines are read by rule_compute_capability
    errs = ctx.h("cuda.error").by_key
    if any(ctx.h(n).count for n in ("cc.no_kernel", "cc.kernel_image", "cc.runtime_code",
                                     "cc.ptx_jit_notice", "cc.ignored", "cuda.user_check")) \
            or any(k in errs for k in ("CUDA_ERROR_INVALID_PTX", "CUDA_ERROR_NO_BINARY_FOR_GPU")):
        return []
    kb = ctx.kb
    try:
        support = [(cc, kb.cc_support(tf, cc)) for cc in ccs]
    except KnowledgeQueryError:
        return []
    ev = log_evidence(ctx.h("gpu.props").first[:1], ctx.h("gpu.created").first[:1]) + tuple(
        ctx.fact_evidence())
    for cc, s in support:
        if s is None:
            continue
        row = s.row
        archs = f"SASS {' '.join(row.sass_cc)}, PTX {' '.join(row.ptx_cc)}, official wheel"
        later = first_native_release(ctx, tf, cc)  # one rule with the log notice
        upgrade = (f"pip install \"tensorflow=={'.'.join(later.tf_version.split('.')[:2])}.*\""
                   f"   # the first official wheel with cubins for CC {cc} (knowledge row "
                   f"{later.ref}); check its CUDA/cuDNN in the tested configurations"
                   if later is not None else
                   f"# a TensorFlow build compiled for CC {cc} (TF_CUDA_COMPUTE_CAPABILITIES)")
        if s.status == "no-kernels":
            return [catalogue.make(
                "gpu-arch-not-in-build", evidence=ev, knowledge_ref=row.ref,
                cause=(f"The official TensorFlow {tf} wheel has kernels for {archs} "
                       f"(knowledge row {row.ref}). A GPU of compute capability {cc} can run "
                       "none of them: a cubin runs only on its own major with an equal or "
                       "higher minor, and PTX only JIT-compiles for the same or a newer "
                       f"architecture. {cc} is above the build's floor {row.min_cc}, so "
                       "TensorFlow creates the GPU device, and then GPU kernels fail ('no "
                       "kernel image is available for execution on the device', 'invalid "
                       "device function')."),
                fix=(upgrade,
                     'python -c "import tensorflow as tf; print(tf.__version__)"   # the '
                     "release in use",
                     f"# or build TensorFlow {tf} from source with "
                     f"TF_CUDA_COMPUTE_CAPABILITIES={cc}"),
            )]
        # a PTX of the GPU's own major (8.0 PTX on an 8.6 GPU, TF 2.4-2.15) JIT-compiles once
        # into the cache and TF >= 2.5 says so itself; only a build older than the GPU's
        # architecture (PTX 7.0 on Ampere: CUDA 10 cannot target it) is claimed from here
        if s.status == "ptx-jit" and parse_cc(s.via or "0.0")[0] < parse_cc(cc)[0]:
            slow = kb.platform_fact("ptx-jit-slow-first-run")
            return [catalogue.make(
                "gpu-needs-ptx-jit", tf=tf, gpus=f"compute capability {cc}", cc=cc,
                archs=archs, via=s.via or "?", ref=row.ref, evidence=ev,
                knowledge_ref=row.ref, doc_url=kb.doc_url(row),
                fix=(upgrade,
                     "# or keep the JIT-compiled kernels between runs in a large cache: "
                     + c.set_env(ctx, *slow.value("cache_env").split("=", 1))),
            )]
    return []


def custom_op_wrong_arch(ctx: Facts) -> list[Finding]:
    """"invalid device function" / "no kernel image is available" printed by a project's own
    CUDA error macro (``cuda.user_check``: cudaCheckError(), CUDA_CHECK, gpuErrchk,
    checkCudaErrors, "CUDA Error:"): cudaErrorInvalidDeviceFunction means "the requested
    device function does not exist or is not compiled for the proper device architecture"
    (CUDA runtime API, cudaError enum), and the function is the project's own kernel (a
    custom op built with nvcc by its make.sh/setup.py) -> ``custom-op-wrong-cuda-arch``.
    Zardinality/TF_Deformable_Net#2: ops built with -arch=sm_52 on a Tesla K80 (CC 3.7);
    rebuilt with -arch=sm_37 after deleting the old objects, they ran."""
    hits = ctx.h("cuda.user_check").all()
    if not hits:
        return []
    ccs = _ccs_known(ctx)
    cc = ccs[0] if ccs else None
    sm = cc.replace(".", "") if cc else "XY"
    return [catalogue.make(
        "custom-op-wrong-cuda-arch", evidence=log_evidence(hits[:2]),
        cause=("A CUDA kernel of the project itself (a custom op or extension compiled with "
               "nvcc, whose own error check printed this), not one of TensorFlow's, has no "
               "code for this GPU: the CUDA runtime reports 'invalid device function' when a "
               "kernel was not compiled for the device's architecture. Build scripts often "
               "hard-code one -arch (e.g. sm_52) or rely on nvcc's default"
               + (f"; this GPU is compute capability {cc}" if cc else "")
               + ". Rebuild the op for this GPU, after deleting the old .o/.so files (a "
                 "build that finds them does not recompile)."),
        fix=("nvidia-smi --query-gpu=name,compute_cap --format=csv   # the GPU's compute "
             "capability X.Y",
             f"# in the op's build script (make.sh, setup.py, Makefile): nvcc ... -gencode "
             f"arch=compute_{sm},code=sm_{sm}",
             "# delete the op's old build outputs (*.o, *.so, build/), rebuild, rerun"),
    )]


def kernel_failure_with_other_cuda(ctx: Facts) -> list[Finding]:
    """TensorFlow's own kernel launch failing with "invalid device function" / "no kernel
    image" while the CUDA toolkit the user has (host facts) is another major.minor than the
    CUDA the installed TensorFlow release was built and tested with (tf_tested_configs) ->
    ``cuda-toolkit-differs-from-tf-build`` (a warning beside ``gpu-arch-not-in-build``: the
    log cannot tell a missing architecture from a mixed CUDA installation).
    lightvector/KataGo#325: TF 1.15.2 (built with CUDA 10.0) on an RTX 2070 SUPER with CUDA
    10.2 installed aborted in random_op_gpu.h with 'invalid device function'; installing CUDA
    10.0 fixed it."""
    fails = [h for h in (*ctx.h("cc.kernel_image").all(), *ctx.h("cc.no_kernel").all())
             if h.line not in {u.line for u in ctx.h("cuda.user_check").all()}]
    differs = _toolkit_differs(ctx) if fails else None
    if differs is None:
        return []
    # with the GPU's CC or the build's CCs unknown, the hedged gpu-arch-not-in-build
    # (arch-unconfirmed) names this difference among the causes; no claim on its own (an
    # EasyBuild source build of TF 2.5 with its own CUDA 11.1 printed this for a missing arch:
    # easybuilders/easybuild-easyconfigs#13796)
    ccs = _ccs_known(ctx)
    if _arch_in_build(ctx, ccs[0] if ccs else None)[0] == _UNKNOWN:
        return []
    tf, have, row = differs
    assert row.cuda is not None
    return [catalogue.make(
        "cuda-toolkit-differs-from-tf-build", tf=tf, need=row.cuda, have=have,
        evidence=log_evidence(fails[:1]) + tuple(ctx.fact_evidence()), knowledge_ref=row.ref,
        fix=(f"# install CUDA {row.cuda} (the release TensorFlow {tf} was built with) and put "
             "it first on PATH / LD_LIBRARY_PATH, or install the TensorFlow release built for "
             f"CUDA {have}",
             "nvcc --version   # and: where.exe cudart64_*.dll (Windows) / ldconfig -p | grep "
             "libcudart (Linux): which CUDA runtime is found first"),
    )]


# --- "invalid device function" / "no kernel image" told apart from another CUDA ------------
_MISSING, _COVERED, _UNKNOWN = "missing", "covered", "unknown"


def _arch_in_build(ctx: Facts, gpu_cc: str | None) -> tuple[str, str]:
    """Whether the build in use has kernels for the GPU of compute capability ``gpu_cc``.

    The build's CCs come from the host's ``tf.sysconfig.get_build_info()`` when probed, else
    from the official wheel's row (``tf_compute_capabilities.toml``) for a pip TensorFlow of
    a release the table covers; conda, nightly and non-pip builds are unknown (their CC sets
    differ).  Covered means a cubin of the GPU's major with an equal or lower minor, or PTX at
    or below its CC (``classify_cc``; tensorflow ``gpu_device.cc``), except that on Blackwell
    (CC >= 10) PTX of an older major does not count: every public report of stock wheels'
    ``compute_90`` PTX there failed (``platform_facts:blackwell-no-cubins``).

    Returns:
        ``(verdict, text)``: verdict ``"missing"``, ``"covered"`` or ``"unknown"``; text names
        the build's CCs and their source (``""`` when unknown).
    """
    if not gpu_cc:
        return _UNKNOWN, ""
    sass: tuple[str, ...] = ()
    ptx: tuple[str, ...] = ()
    where = ""
    build_cuda: str | None = None
    host_tf = ctx.host.tf if ctx.host is not None else None
    info = (host_tf.build_info or {}) if host_tf else {}
    if info.get("cuda_compute_capabilities"):
        sass, ptx = parse_arch_list(str(info["cuda_compute_capabilities"]))
        where = "tf.sysconfig.get_build_info()"
        build_cuda = str(info.get("cuda_version") or "") or None
    tf = ctx.tf_version
    if not (sass or ptx) and tf and not (ctx.conda or ctx.non_pip_tensorflow
                                         or ctx.other_framework or "dev" in tf
                                         or "nightly" in tf):
        try:
            wheel = ctx.kb.wheel_compute_capabilities(tf)
        except KnowledgeQueryError:
            wheel = None
        if wheel is not None:
            sass, ptx = wheel.sass, wheel.ptx
            where = f"the official TensorFlow {tf} wheel, knowledge row {wheel.row.ref}"
            build_cuda = wheel.row.build_cuda
    if not (sass or ptx):
        return _UNKNOWN, ""
    try:
        status, via = classify_cc(sass, ptx, gpu_cc)
    except KnowledgeQueryError:
        return _UNKNOWN, ""
    text = f"the build has SASS {' '.join(sass) or '-'} and PTX {' '.join(ptx) or '-'} ({where})"
    major, minor = parse_cc(gpu_cc)
    if status == "ptx-jit" and major >= 10 and parse_cc(via or "0.0")[0] < major:
        return _MISSING, text
    # a build made with a CUDA of an older major than the first CUDA that knows the GPU
    # (cuda_arch.toml; as dnn_init_causes.cuda_build_older_than_gpu): its PTX and libraries
    # predate the architecture (TF 2.3, CUDA 10.1, on CC 8.6: tensorflow/tensorflow#43718)
    first = ctx.kb.ptxas_first_cuda(f"sm_{major}{minor}")
    try:
        older = (first is not None and build_cuda is not None
                 and parse_version(build_cuda).major < parse_version(first.first_cuda).major)
    except KnowledgeQueryError:
        older = False
    if status == "ptx-jit" and older and first is not None:
        return _MISSING, (f"{text}, built with CUDA {build_cuda}, older than CUDA "
                          f"{first.first_cuda}, the first to know compute capability {gpu_cc} "
                          f"(knowledge row {first.ref})")
    return (_COVERED if status in ("native", "ptx-jit") else _MISSING), text


#: The CUDA status texts and names that say the binary holds no image this GPU can run:
#: cudaErrorNoKernelImageForDevice (209) "no kernel image is available for execution on the
#: device" (CUDA_ERROR_NO_BINARY_FOR_GPU), cudaErrorInvalidKernelImage (200) "device kernel
#: image is invalid" (CUDA_ERROR_INVALID_IMAGE) (driver_types.h, cuda.h); not
#: cudaErrorInvalidDeviceFunction (98) "invalid device function", which a CUDA runtime other
#: than the build's printed too (lightvector/KataGo#325).
_NO_IMAGE = re.compile(r"no kernel image is available|device kernel image is invalid"
                       r"|cudaErrorNoKernelImageForDevice|cudaErrorInvalidKernelImage"
                       r"|CUDA_ERROR_INVALID_IMAGE|CUDA_ERROR_NO_BINARY_FOR_GPU")


#: stream_executor cuda_driver.cc LoadCubin's "Failed to load in-memory CUBIN": a cubin
#: compiled at run time (XLA's, with the ptxas it found, for this GPU's own compute capability)
#: that the driver would not load. The build's architecture list does not decide that; reports
#: name a CUDA toolkit (ptxas) newer than the driver (jax-ml/jax#5723: a toolkit matching the
#: driver's CUDA fixed it), so it stays hedged.
_RUNTIME_CUBIN = re.compile(r"in-memory CUBIN", re.IGNORECASE)


def _no_image_wording(nokernel: list[Hit], nobin: Hit | None) -> list[Hit]:
    """The hits among ``nokernel`` (and ``nobin``) that carry a :data:`_NO_IMAGE` wording;
    empty when any hit is "invalid device function" alone, or a cubin compiled at run time
    that did not load (:data:`_RUNTIME_CUBIN`): those stay hedged."""
    hits = [*nokernel, *((nobin,) if nobin is not None else ())]
    if any(not _NO_IMAGE.search(h.text) or _RUNTIME_CUBIN.search(h.text) for h in hits):
        return []
    return hits


#: Patterns of a log line that says the driver could not JIT-compile the build's PTX (too old
#: for its ISA, the JIT library missing, the JIT disabled): then "no kernel image" follows from
#: that (``ptx-newer-than-driver`` and its kin, checks/xla.py), not from a missing architecture.
_JIT_TOLD = ("xla.ptx_toolchain", "xla.ptx_jit", "xla.ptx_jit_missing", "xla.ptx_jit_disabled",
             "xla.driver_jit_log")


def _jit_failure_told(ctx: Facts) -> bool:
    """Whether the log says the driver's PTX JIT failed or is unavailable (:data:`_JIT_TOLD`,
    CUDA_ERROR_UNSUPPORTED_PTX_VERSION)."""
    return ("CUDA_ERROR_UNSUPPORTED_PTX_VERSION" in ctx.h("cuda.error").by_key
            or any(ctx.h(n).count for n in _JIT_TOLD))


def _arch_likely(ctx: Facts, gpu_cc: str | None, evidence: tuple[Evidence, ...]) -> Finding:
    """``gpu-arch-not-in-build`` variant ``arch-likely`` (warning, category
    compute-capability): TensorFlow's own kernel failed with "no kernel image is available
    for execution on the device" or "device kernel image is invalid" (:data:`_NO_IMAGE`), and
    neither the GPU's compute capability nor the build's list is known, nor a CUDA toolkit
    other than the build's.  Those statuses mean the binary holds no image the GPU can run; in
    every TensorFlow thread printing them the build lacked the GPU's architecture (TF 2.3's
    wheel on CC 5.0: tensorflow/tensorflow#41990, #42467, #46449, gsethi2409/
    tf-pose-estimation#3, SciSharp/TensorFlow.NET#685; a source build without the GPU's CC:
    tensorflow/tensorflow#41976, easybuilders/easybuild-easyconfigs#13796; TF 2.3's CUDA 10.1
    build on CC 8.6).  A warning, since the GPU and the build are not in the log: the
    commands below confirm it."""
    return catalogue.make(
        "gpu-arch-not-in-build", variant="arch-likely",
        known=(f"The build's list is not in this log (the GPU's compute capability is "
               f"{gpu_cc})" if gpu_cc else
               "The GPU's compute capability and the build's list are not in this log"),
        evidence=evidence,
        fix=("nvidia-smi --query-gpu=name,compute_cap --format=csv   # the GPU's compute "
             "capability X.Y (or the log's 'compute capability: X.Y' line)",
             'python -c "import tensorflow as tf; print(tf.__version__, '
             "tf.sysconfig.get_build_info().get('cuda_compute_capabilities'))\"   # the "
             "architectures this build has (sm_XX cubins, compute_XX PTX)",
             "# CC missing from that list: install a TensorFlow release built for it (official "
             "wheels drop and add architectures between releases), or build from source with "
             "TF_CUDA_COMPUTE_CAPABILITIES=X.Y; CC in the list: install exactly the CUDA the "
             "build names (one CUDA on PATH / LD_LIBRARY_PATH)"),
    )


def _arch_unconfirmed(ctx: Facts, verdict: str, gpu_cc: str | None, archs: str,
                      evidence: tuple[Evidence, ...]) -> Finding:
    """``gpu-arch-not-in-build`` hedged (variant ``arch-covered`` or ``arch-unconfirmed``,
    category unknown): "invalid device function" (cudaErrorInvalidDeviceFunction) is also
    what a CUDA runtime/toolkit other than the build's prints (lightvector/KataGo#325: TF
    1.15.2, built with CUDA 10.0, on CC 7.5 with CUDA 10.2 installed; CUDA 10.0 fixed it), and
    what a custom op compiled for another architecture prints; "no kernel image is available"
    is hedged here too when the build covers the GPU, when a CUDA toolkit other than the
    build's is known, or when the driver's PTX JIT failed (else :func:`_arch_likely`)."""
    differs = _toolkit_differs(ctx)
    here = (f" Here the CUDA toolkit is {differs[1]}, while TensorFlow {differs[0]} was built "
            f"and tested with CUDA {differs[2].cuda} (knowledge row {differs[2].ref})."
            if differs is not None else "")
    built = tf_build_cuda(ctx) if differs is None and ctx.cuda_versions else None
    have = ctx.cuda_versions[0] if ctx.cuda_versions else ""
    if built is not None and ".".join(have.split(".")[:2]) != ".".join(built[0].split(".")[:2]):
        here = f" Here the CUDA toolkit is {have}, while {built[1]}."
    fix = ("nvidia-smi --query-gpu=name,compute_cap --format=csv   # the GPU's compute "
           "capability (or the log's 'compute capability: X.Y' line)",
           'python -c "import tensorflow as tf; print(tf.sysconfig.get_build_info())"   # '
           "the build's cuda_version and cuda_compute_capabilities",
           "# which CUDA runtime is loaded: Linux: ldconfig -p | grep libcudart; echo "
           "$LD_LIBRARY_PATH; Windows: where.exe cudart64_*.dll",
           "# CC in the build's list: install exactly the CUDA/cuDNN the build names (first "
           "on PATH / LD_LIBRARY_PATH, one CUDA only); CC missing: a TensorFlow built for it"
           + (f" (TF_CUDA_COMPUTE_CAPABILITIES={gpu_cc})" if gpu_cc else ""))
    if verdict == _COVERED and gpu_cc and archs:
        return catalogue.make("gpu-arch-not-in-build", variant="arch-covered", cc=gpu_cc,
                              archs=archs, here=here, evidence=evidence, fix=fix)
    if gpu_cc and archs:
        known = (f"The GPU's compute capability is {gpu_cc}; the build's compute "
                 f"capabilities are {archs}.")
    elif gpu_cc:
        known = (f"The GPU's compute capability is {gpu_cc}; the build's compute capabilities "
                 "are unknown (not in the log).")
    elif archs:
        known = (f"The GPU's compute capability is unknown (not in the log); the build's "
                 f"compute capabilities are {archs}.")
    else:
        known = ("The GPU's compute capability and the build's compute capabilities are "
                 "unknown (not in the log).")
    return catalogue.make("gpu-arch-not-in-build", variant="arch-unconfirmed", known=known,
                          here=here, evidence=evidence, fix=fix)


def _toolkit_differs(ctx: Facts) -> tuple[str, str, TestedConfig] | None:
    """``(tf, have, row)`` when the CUDA toolkit the facts list (``have``) is another
    major.minor than the CUDA TensorFlow ``tf``'s tested configuration ``row`` names
    (``tf_tested_configs``); ``None`` when they agree or either is unknown."""
    tf = ctx.tf_version
    have = ctx.cuda_versions
    if not tf or not have or ctx.other_framework:
        return None
    try:
        # the Windows table starts later than the Linux one; both builds of a release used
        # the same CUDA (tf_tested_configs rows of the releases both list)
        row = (ctx.kb.config_for(tf, "windows") if ctx.windows else None) or \
            ctx.kb.config_for(tf, "linux")
    except KnowledgeQueryError:
        return None
    if row is None or not row.cuda:
        return None
    if ".".join(have[0].split(".")[:2]) == ".".join(row.cuda.split(".")[:2]):
        return None
    return tf, have[0], row


#: Source files of TensorFlow's GPU code in a fatal/error line (stream_executor/cuda,
#: common_runtime/gpu), with either path separator.
_TF_GPU_SRC = re.compile(r"stream_executor[\\/]cuda[\\/]|common_runtime[\\/]gpu[\\/]"
                         r"|\bcuda_(?:driver|gpu_executor|diagnostics)\.cc:")


def gpu_below_every_build(ctx: Facts) -> list[Finding]:
    """``gpu-compute-capability-too-low`` (variant ``below-every-build``): a fatal or error line
    from TensorFlow's GPU code (``tell.fatal``/``tell.glog`` naming stream_executor/cuda or
    common_runtime/gpu) on a GPU whose compute capability (facts, log or name table) is below
    3.0, the lowest any TensorFlow build supports (``platform_facts:tf-source-build-min-cc``,
    TensorFlow's install guide).  tensorflow/tensorflow#8006: TF 1.0 on a Quadro FX 2800M (CC
    1.1) aborted with 'could not find cuDevice'.  Nothing for another framework's log, or when
    TensorFlow's own "Ignoring visible gpu device" already says it."""
    if ctx.other_framework or ctx.h("cc.ignored").count:
        return []
    fact = ctx.kb.platform_fact("tf-source-build-min-cc")
    floor = fact.value("min_cc")
    low = [cc for cc in _ccs_known(ctx) if cc_key(cc) < cc_key(floor)]
    fails = [h for h in (*ctx.h("tell.fatal").all(), *ctx.h("tell.glog").all())
             if _TF_GPU_SRC.search(h.text)]
    if not low or not fails:
        return []
    cc = low[0]
    names = [g.name for g in ctx.host.nvidia_gpus] if ctx.host is not None else []
    gpu = names[0] if len(names) == 1 else f"the GPU of compute capability {cc}"
    return [catalogue.make(
        "gpu-compute-capability-too-low", variant="below-every-build",
        gpu=gpu, cc=cc, minimum=floor, ref=fact.ref,
        evidence=log_evidence(fails[:2]) + tuple(ctx.fact_evidence()),
        fix=(c.note("no TensorFlow release or build can use this GPU: run on the CPU (the "
                    "CPU package, or hide the GPU: CUDA_VISIBLE_DEVICES=-1)"),
             c.note(f"or use a GPU of compute capability {floor} or higher "
                    f"({docs.url('cuda-gpus')})")),
        doc_url=ctx.kb.doc_url(fact),
        knowledge_ref=fact.ref,
    )]
