"""Build tools and container banners around a TensorFlow GPU set-up.

* nvcc that does not know the GPU architecture a project's own CUDA op is built for
  (``nvcc fatal : Value 'sm_86' is not defined for option 'gpu-architecture'``, ``nvcc fatal :
  Unsupported gpu architecture 'compute_86'``): the first CUDA that knows each ``sm_XX`` is
  ``cuda_arch.toml`` (CUDA toolkit release notes).
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._pip_list import pip_list_grep
from tfgpu.diagnosis.checks.driver_files import run_commands_without_gpu
from tfgpu.diagnosis.checks.no_matching_wheel import _tf1_pythons
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, cc_key, log_evidence, tf_minor
from tfgpu.findings import Finding


def nvcc_unknown_arch(ctx: Facts) -> list[Finding]:
    """nvcc refusing an ``sm_XX`` / ``compute_XX`` (``build.nvcc_arch``) ->
    ``custom-op-wrong-cuda-arch``.

    When ``cuda_arch.toml`` names the first CUDA that knows the architecture, every nvcc
    older than that refuses it (an error; threads: NVlabs/stylegan2-ada#10, sm_86 with CUDA
    10; NVIDIA/apex#1296, compute_86 with CUDA 11.0; ruotianluo/pytorch-faster-rcnn#77, an
    older nvcc first on PATH).  The architecture is a target the build names (nvcc's
    ``--gpu-architecture`` / ``--generate-code``, or a list a build turns into them), not
    necessarily the GPU's own (CUDA Compiler Driver NVCC, "Options for Steering GPU Code
    Generation"), so the variant follows the GPU's compute capability (log or facts, else
    its name in ``gpu_compute_capability.toml``):

    * ``nvcc-too-old``: a GPU of that architecture or newer: it needs that CUDA;
    * ``nvcc-arch-above-gpu``: every GPU known is older: the build names a target the GPU
      does not need (drop it, or use that CUDA);
    * ``nvcc-too-old-gpu-unknown``: no compute capability known: both readings, and the
      command that tells them apart.

    Else variant ``nvcc-arch-unknown`` (a warning naming both causes): an older architecture
    is refused by an nvcc that predates it and by a newer CUDA that dropped it
    (HazyResearch/butterfly#23: sm_30 with CUDA 11.2).
    """
    hits = ctx.h("build.nvcc_arch").all()
    if not hits:
        return []
    h = hits[0]
    given = h.g("sm") or h.need("compute")  # one alternative or the other
    num = given.split("_", 1)[1]
    sm = f"sm_{num}"
    row = ctx.kb.ptxas_first_cuda(sm)
    check = "which -a nvcc; nvcc --version   # the nvcc the build runs, and its CUDA release"
    if row is None:
        return [catalogue.make(
            "custom-op-wrong-cuda-arch", variant="nvcc-arch-unknown", arch=given,
            evidence=log_evidence(hits[:2]),
            fix=(check,
                 "nvcc --help | grep -A12 -- '--gpu-architecture'   # the architectures it knows",
                 f"# nvcc older than {given}: install a newer CUDA toolkit; a newer CUDA that "
                 "dropped it: build with an older CUDA, or for the GPU's own architecture"),
        )]
    first = row.first_cuda
    install = (f"# install CUDA >= {first} and build with its nvcc (first on PATH / CUDA_HOME)"
               "; for a TensorFlow custom op, with a TensorFlow built against that CUDA")
    older = (f"# or build for an older architecture than {sm} (compute_XX PTX), which the "
             "driver JIT-compiles at the first run")
    arch_cc = _arch_cc(num)
    ccs = _gpu_ccs(ctx)
    if arch_cc is None or not ccs:
        return [catalogue.make(
            "custom-op-wrong-cuda-arch", variant="nvcc-too-old-gpu-unknown", arch=given,
            first=first, need=arch_cc or given, evidence=log_evidence(hits[:2]),
            fix=(check,
                 "nvidia-smi --query-gpu=name,compute_cap --format=csv   # this GPU's compute "
                 f"capability: below {arch_cc or given}, drop {given} from the build's "
                 "architecture list (-gencode/-arch flags, TORCH_CUDA_ARCH_LIST, "
                 "TF_CUDA_COMPUTE_CAPABILITIES) and build for the GPU's own",
                 install, older),
        )]
    newest = max(ccs, key=cc_key)
    if cc_key(newest) < cc_key(arch_cc):
        own = newest.replace(".", "")
        return [catalogue.make(
            "custom-op-wrong-cuda-arch", variant="nvcc-arch-above-gpu", arch=given,
            first=first, cc=newest, evidence=log_evidence(hits[:2]),
            fix=(check,
                 f"# drop {given} from the build's architecture list (-gencode/-arch flags, "
                 "TORCH_CUDA_ARCH_LIST, TF_CUDA_COMPUTE_CAPABILITIES) and build for this "
                 f"GPU's own: -gencode arch=compute_{own},code=sm_{own}",
                 f"# or keep {given} and build with CUDA >= {first}"),
        )]
    return [catalogue.make(
        "custom-op-wrong-cuda-arch", variant="nvcc-too-old", arch=given, first=first,
        cc=newest, evidence=log_evidence(hits[:2]),
        fix=(check, install, older),
    )]


def _arch_cc(num: str) -> str | None:
    """The compute capability an ``sm_XX`` / ``compute_XX`` number names (``"86"`` ->
    ``"8.6"``, ``"100"`` -> ``"10.0"``, ``"90a"`` -> ``"9.0"``), or ``None`` for text that is
    not one (the last digit is the minor version, the digits before it the major: NVIDIA's
    naming of the virtual and real architectures)."""
    m = re.match(r"(\d+)(\d)", num)
    return f"{int(m.group(1))}.{m.group(2)}" if m else None


def _gpu_ccs(ctx: Facts) -> list[str]:
    """Compute capabilities of this host's GPUs: from the host facts or the log
    (:attr:`Facts.compute_capabilities`), else from the GPU names the facts or the log give,
    looked up in ``gpu_compute_capability.toml``; empty when neither tells."""
    ccs = list(ctx.compute_capabilities)
    if ccs:
        return ccs
    for name in ctx.gpu_names:
        match = ctx.kb.gpu_compute_capability(name) if name else None
        if match is not None:
            ccs.append(match.cc)
    return ccs


def ngc_container_gpu_check(ctx: Facts) -> list[Finding]:
    """The NGC container banner's GPU check (``container.ngc_gpu``, ``container.ngc_none``)
    and its legacy driver note (``container.ngc_legacy``).

    The banner (NGC images' ``50-gpu-driver-check.sh``) compares each GPU's compute capability
    from deviceQuery with the image's minimum and maximum SM versions:

    * "Detected X GPU, which is not supported by this container": below the minimum ->
      ``gpu-compute-capability-too-low`` (variant ``ngc-container``): the image's CUDA and
      TensorFlow build no longer support the GPU (NVlabs/stylegan2-ada#65: a Tesla K80 in the
      20.10-tf1 image);
    * "... which is not yet supported in this version of the container": a newer major than
      the image was built for -> ``gpu-arch-not-in-build`` (variant ``ngc-container-too-old``);
    * "... may not yet be supported ...": a newer minor, still counted as supported: nothing;
    * "No supported GPU(s) detected to run this container" with no Detected line: the check
      prints a Detected line for every GPU outside its range, so deviceQuery listed no GPU at
      all (a deviceQuery that failed with a Driver API error prints "CUDA failed to initialize"
      instead) -> ``docker-run-without-gpus``: variant ``ngc-no-gpu-plain-run`` (an error)
      when the paste's ``docker run`` asks for no GPU, ``ngc-no-gpu`` (a warning naming GPU
      access, then GPUs other processes hold) when the paste shows no command; a command that
      asked for GPUs (``--gpus``, nvidia-docker) leaves the second reading:
      ``gpu-busy-or-unavailable`` variant ``ngc-no-gpu-listed`` (a warning);
    * "NOTE: Legacy NVIDIA Driver detected.  Compatibility mode ENABLED.": the image's CUDA
      forward-compatibility libraries run on the older driver -> the harmless
      ``ngc-banner-legacy-driver-compat-mode``.
    """
    out: list[Finding] = []
    gpu = ctx.h("container.ngc_gpu").all()
    none = ctx.h("container.ngc_none").all()
    below = [h for h in gpu if h.g("below")]
    newer = [h for h in gpu if h.g("newer")]
    names = ", ".join(dict.fromkeys(h.g("gpu") or "" for h in below or newer))
    if below:
        out.append(catalogue.make(
            "gpu-compute-capability-too-low", variant="ngc-container", gpu=names,
            evidence=log_evidence(below[:2], none[:1]), doc_url=None,
            fix=("nvidia-smi -L   # the GPU model; its compute capability: NVIDIA's CUDA GPUs list",
                 "# use an older release of this container whose CUDA still supports the GPU "
                 "(the container release notes list the supported GPUs), or run on a newer GPU"),
        ))
    elif newer:
        out.append(catalogue.make(
            "gpu-arch-not-in-build", variant="ngc-container-too-old", gpu=names,
            evidence=log_evidence(newer[:2], none[:1]),
            fix=("# use a newer release of this container, built for this GPU's architecture "
                 "(the container release notes list the supported GPUs)",),
        ))
    elif none:
        plain = run_commands_without_gpu(ctx, none[0].line)
        asked = [h for h in ctx.h("docker.gpus_cmd").all() if h.line < none[0].line][:1]
        if asked:
            out.append(catalogue.make(
                "gpu-busy-or-unavailable", variant="ngc-no-gpu-listed",
                line=str(asked[0].line), evidence=log_evidence(asked, none[:1]),
            ))
        else:
            out.append(catalogue.make(
                "docker-run-without-gpus",
                variant="ngc-no-gpu-plain-run" if plain else "ngc-no-gpu",
                evidence=log_evidence(plain[:1], none[:1]),
            ))
    legacy = ctx.h("container.ngc_legacy").all()
    if legacy:
        out.append(catalogue.make("ngc-banner-legacy-driver-compat-mode",
                                  evidence=log_evidence(legacy[:1])))
    return out


def setuptools_tensorflow_requirement(ctx: Facts) -> list[Finding]:
    """setuptools (``python setup.py install``, easy_install) found no distribution for a
    package's ``tensorflow`` requirement (``pip.setuptools_tf_req``).

    With host facts showing ``tensorflow-gpu`` installed and the requirement naming plain
    ``tensorflow``: that requirement is another distribution, so satisfying it installs a
    second TensorFlow beside the GPU one -> ``tensorflow-variants-conflict`` (variant
    ``requirement-names-other-variant``; keras-team/keras#5776: Keras 2.0.0 required
    ``tensorflow``, and its install pulled the CPU-only wheel over tensorflow-gpu).  Else a
    hedge (variant ``requirement-unmet``, category unknown): the Python that ran setup.py has
    no such distribution (another Python or env than the one holding TensorFlow: cmusphinx/
    g2p-seq2seq#87; TensorFlow not installed or another variant: NTMC-Community/MatchZoo#27).
    """
    hits = ctx.h("pip.setuptools_tf_req").all()
    if not hits:
        return []
    req = (hits[0].g("req") or "tensorflow").replace("_", "-")
    host = ctx.host
    gpu_dist = host.python.dist("tensorflow-gpu") if host is not None else None
    pinned = _setuptools_pin_not_on_index(ctx, hits[0], req)
    if pinned is not None and not (req == "tensorflow" and gpu_dist is not None):
        return [pinned]
    if req == "tensorflow" and gpu_dist is not None:
        return [catalogue.make(
            "tensorflow-variants-conflict", variant="requirement-names-other-variant",
            installed=f"tensorflow-gpu {gpu_dist.version or ''}".strip(), req=req,
            evidence=log_evidence(hits[:1]),
            fix=("pip install --no-deps <the package>   # instead of setup.py install: keeps "
                 "tensorflow-gpu the only TensorFlow",
                 pip_list_grep("tensorflow", windows=ctx.windows)
                 + "   # a plain `tensorflow` listed too: pip uninstall -y tensorflow "
                 "tensorflow-gpu, then pip install tensorflow-gpu (same version)"),
        )]
    return [catalogue.make(
        "tensorflow-variants-conflict", variant="requirement-unmet", req=req,
        evidence=log_evidence(hits[:1]),
        fix=(pip_list_grep("tensorflow", windows=ctx.windows)
             + "   # with the SAME python that ran setup.py",
             f"python -m pip install {req}   # none listed: install it with pip first, then "
             "pip install . (not setup.py install)",
             "# tensorflow-gpu listed: it does not satisfy a `tensorflow` requirement; pip "
             "install --no-deps the package instead"),
    )]


def _setuptools_pin_not_on_index(ctx: Facts, err: Hit, req: str) -> Finding | None:
    """``tensorflow-no-matching-distribution`` (variant ``setuptools``) when setuptools'
    error ``err`` names a pinned release (``==X``) and the log shows setuptools read the index
    and found nothing it could install for that same requirement (``pip.setuptools_no_links``):
    no wheel of that release for the Python/OS that ran setup.py, or a setuptools older than
    the first whose easy_install installs wheels (platform fact
    ``setuptools-easy-install-wheels-first``); else ``None`` (the hedge below)."""
    spec = (err.g("spec") or "").strip()
    m = re.fullmatch(r"==\s*(\d+\.\d+(?:\.\d+)?)", spec)
    if m is None:
        return None
    pin = m.group(1)
    index = [h for h in ctx.h("pip.setuptools_no_links").all()
             if (h.g("req") or "").replace("_", "-") == req
             and (h.g("spec") or "").replace(" ", "") == spec.replace(" ", "")
             and h.line <= err.line]
    if not index:
        return None
    fact = ctx.kb.platform_fact("setuptools-easy-install-wheels-first")
    first = fact.value("version")
    os = "windows" if ctx.windows else "linux"
    built = _tf1_pythons(ctx, pin, os) if re.match(r"[01]\.", pin) else None
    wheels = (f" {req} {pin} has wheels for Python {built[0]} on "
              f"{'Windows' if os == 'windows' else 'Linux'} (64-bit CPython; knowledge row "
              f"{built[1]})." if built else "")
    installed = ctx.dist_version(req)
    other_python = (f" The Python tfgpu examined has {req} {installed} installed, so setup.py "
                    "ran under another Python or environment than that one."
                    if installed and installed == pin else "")
    return catalogue.make(
        "tensorflow-no-matching-distribution", variant="setuptools", req=req, pin=pin,
        first=first,
        cause=(f"setuptools (python setup.py install/develop, through easy_install) looked for "
               f"{req}=={pin} in the Python that ran setup.py, then read the package index and "
               f"found no distribution of it that it could install (line {index[0].line}). "
               "TensorFlow is published as wheels only, one per Python version, OS and CPU."
               + wheels + other_python
               + f" So either no {req} {pin} wheel fits that Python and OS (pip would say 'No "
               f"matching distribution found'), or that setuptools is older than {first}, the "
               "first whose easy_install installs wheels at all (knowledge row "
               f"{fact.ref}). pip tells them apart."),
        evidence=log_evidence(index[:1], [err]), knowledge_ref=fact.ref,
        fix=("python -c \"import sys, struct, platform, setuptools; print(sys.version, "
             "struct.calcsize('P') * 8, platform.system(), setuptools.__version__)\"   # with "
             "the SAME python that ran setup.py",
             f'python -m pip install "{req}=={pin}"   # \'No matching distribution\': no '
             "wheel for this Python/OS: use a Python that release was built for, or a newer "
             "release; it installs: rerun setup.py (or pip install -e . / pip install . "
             "instead of setup.py develop/install)",
             "# another TensorFlow variant already installed (tensorflow vs tensorflow-gpu): "
             "it does not satisfy the requirement; pip install --no-deps the package instead"),
    )


#: Python's error for the setup.py that pip's ``egg_info`` step opens in the unpacked archive
#: (Python 2 ``IOError``, Python 3 ``FileNotFoundError``: "[Errno 2] No such file or
#: directory: '<build dir>/setup.py'").
_NO_SETUP_PY = re.compile(r"\[Errno 2\] No such file or directory: '[^']*[/\\]setup\.py'")


def pip_too_old_for_wheels(ctx: Facts) -> list[Finding]:
    """pip running ``setup.py egg_info`` on a ``.whl`` (``pip.egg_info_on_wheel``): only a
    pip older than 1.4, the first with wheel support (pip's changelog, 1.4 of 2013-07-23),
    treats a wheel as a source archive; it then fails on the setup.py a wheel does not have
    -> ``pip-too-old-for-wheels`` (tensorflow/tensorflow#56: upgrading pip fixed it).  The
    exception that failure raises (:data:`_NO_SETUP_PY`, after the egg_info line) is quoted
    too: this finding is its cause."""
    hits = ctx.h("pip.egg_info_on_wheel").all()
    if not hits:
        return []
    whl = (hits[0].g("whl") or "").rsplit("/", 1)[-1]
    no_setup = [h for h in ctx.h("tell.exception").all()
                if h.line > hits[0].line and _NO_SETUP_PY.search(h.text)]
    return [catalogue.make(
        "pip-too-old-for-wheels", wheel=whl, evidence=log_evidence(hits[:1], no_setup[-1:]),
        fix=("pip --version   # older than 1.4: it cannot install wheels",
             "pip install --upgrade pip   # on Python 2.7: pip install --upgrade \"pip<21\"",
             "# then rerun the same pip install of the wheel"),
    )]


def libtensorflow_windows_gpu_missing(ctx: Facts) -> list[Finding]:
    """A download of the Windows GPU libtensorflow zip answered "No such object"
    (``pip.libtf_no_such_object``) for a release past the last native-Windows GPU release
    (platform fact ``windows-native-gpu-last``): no such build exists ->
    ``tensorflow-windows-native-no-gpu`` (tensorflow/tensorflow#59016: the 2.11.0 zip linked
    from the install page; the maintainers pointed at 2.10.0 or WSL2).  Other missing
    artefacts (a mistyped version, a CPU build) say nothing."""
    hits = [h for h in ctx.h("pip.libtf_no_such_object").all()
            if h.g("kind") == "gpu" and h.g("os") == "windows"]
    if not hits:
        return []
    version = hits[0].g("v") or ""
    want = tf_minor(version)
    last = ctx.kb.platform_fact("windows-native-gpu-last")
    last_s, _ = ctx.kb.fact_series("windows-native-gpu-last")
    if want is None or want <= last_s:
        return []
    lv = last.value("tf_version")
    full = lv if lv.count(".") >= 2 else f"{lv}.0"
    return [catalogue.make(
        "tensorflow-windows-native-no-gpu", variant="libtensorflow-zip", version=version,
        last=lv, ref=last.ref, file=hits[0].g("file") or "", evidence=log_evidence(hits[:1]),
        knowledge_ref=last.ref,
        fix=(f"# download libtensorflow-gpu-windows-x86_64-{full}.zip (the last Windows GPU "
             "build of the C library) instead",
             "# or, for a newer release: WSL2 with the Linux GPU libtensorflow"),
    )]


def xla_ptxas_debug_dump(ctx: Facts) -> list[Finding]:
    """Early XLA's ptxas info dump aborting (``xla.ptxas_dump_fatal`` with
    ``xla.ptxas_target_higher``): tensorflow/compiler/xla/service/gpu/gpu_compiler.cc (TF
    1.0-1.1) runs ``DumpPtxasInfo`` only when VLOG level 2 is on (TF_CPP_MIN_VLOG_LEVEL=2),
    with a hard-coded ``-arch=sm_35``, so PTX XLA generated for a newer GPU makes ptxas fail
    and the dump LOG(FATAL)s -> ``xla-ptxas-debug-dump-hardcoded-sm35``
    (tensorflow/tensorflow#9367: a TitanX, sm_52; a TensorFlow bug in the debug path)."""
    fatal = ctx.h("xla.ptxas_dump_fatal").all()
    target = ctx.h("xla.ptxas_target_higher").all()
    if not (fatal and target):
        return []
    return [catalogue.make(
        "xla-ptxas-debug-dump-hardcoded-sm35", evidence=log_evidence(target[:1], fatal[:1]),
        fix=("unset TF_CPP_MIN_VLOG_LEVEL   # or set it below 2: the failing dump runs only at "
             "VLOG level 2",
             "# or use a TensorFlow release whose XLA no longer runs this dump"),
    )]


def _release_below(release: str | None) -> str | None:
    """The gcc release just below ``release`` ("4.10" -> "4.9"): CUDA 6.5/7.0's host_config.h
    says "gcc 4.10 and up are not supported" for what later releases call "later than 4.9".
    None for None or a minor of 0 (no release to name)."""
    mm = tf_minor(release)
    return f"{mm[0]}.{mm[1] - 1}" if mm is not None and mm[1] > 0 else None


#: The Visual Studio year of each MSVC 19.x minor range (_MSC_VER 1910-1916: VS 2017, 1920-1929:
#: VS 2019, 1930-1949: VS 2022; Microsoft's "Microsoft C/C++ predefined macros" _MSC_VER table).
_VS_YEARS = ((10, 16, "2017"), (20, 29, "2019"), (30, 49, "2022"))

#: The last _MSC_VER minor (19.x) a CUDA release's include/crt/host_config.h accepts, for the
#: releases whose message lists a year it then refuses a later update of: CUDA 9.0 and 9.1
#: "#if _MSC_VER < 1600 || _MSC_VER > 1911" (the CUDA 9.x header's text, as quoted by
#: fireice-uk/xmr-stak#91 and Microsoft/CNTK's CUDA 9 setup page, which selects the VC++ 14.11
#: toolset), CUDA 9.2 "> 1913" (the 9.2 header as quoted by BitCrack's README and
#: mmcv's Windows notes).
_CUDA_MSC_MAX = {"9.0": 11, "9.1": 11, "9.2": 13}


def _vs_update_too_new(ctx: Facts, h: Hit) -> Finding | None:
    """``nvcc-host-compiler-unsupported`` variant ``vs-update-too-new``: CUDA's message lists
    Visual Studio years, and the log's MSVC (pattern ``ctx.msvc_version``: CMake's compiler
    identification, cl.exe's banner, the VC/Tools/MSVC/14.x folder) belongs to one of those
    years: the check is on _MSC_VER, and this update of that year is newer than the CUDA
    release accepts (fireice-uk/xmr-stak#750, #1331: VS 2017 15.5, MSVC 19.12, under CUDA
    9.1; fixed with the 14.11 toolset or a newer CUDA).  ``None`` otherwise."""
    listed = h.g("vs") or ""
    for m in ctx.h("ctx.msvc_version").all():
        cl = m.g("cl") or m.g("cl2")
        minor = int(cl.split(".")[1]) if cl else None
        if minor is None and (ts := m.g("ts")):
            minor = int(ts.split(".")[1])  # toolset 14.1x builds _MSC_VER 191x
        if minor is None:
            continue
        year = next((y for lo, hi, y in _VS_YEARS if lo <= minor <= hi), None)
        if year is None or year not in listed:
            return None
        cuda = next((c.g("cuda") for c in ctx.h("ctx.windows_cuda_folder").all()
                     if abs(c.line - h.line) <= 3), None)
        top = _CUDA_MSC_MAX.get(cuda or "")
        msc = f"19{minor:02d}"
        if top is not None and minor > top:
            older = (f"the MSVC 14.{top} toolset of Visual Studio {year}, which builds "
                     f"_MSC_VER 19{top:02d}, the last CUDA {cuda} accepts")
            # (the Visual Studio 2017 installer's component names: "VC++ 2017 version 15.4
            # v14.11 toolset", "... 15.5 v14.12 toolset": Microsoft's VS 2017 component
            # directory, as Microsoft/CNTK's and apache/incubator-mxnet's setup pages quote it)
            toolset = (f"# install the 'VC++ 2017 version 15.{top - 7} v14.{top} toolset' "
                       "component (Visual Studio Installer > Modify > Individual components), "
                       "then select it: CMake -T "
                       f"v141,version=14.{top} (CMake 3.12+), or vcvarsall.bat x64 "
                       f"-vcvars_ver=14.{top} before the build" if year == "2017" else
                       f"# install the MSVC 14.{top} build tools in the Visual Studio Installer "
                       f"and select them (vcvarsall.bat x64 -vcvars_ver=14.{top})")
        else:
            # CUDA 10+ headers write the bound exclusive ("#if _MSC_VER < 1910 || _MSC_VER >=
            # 1940": CUDA 12.x as quoted in several build scripts), CUDA 9.x inclusive ("> 1911",
            # above); review 49b item 12
            older = (f"an older MSVC toolset of Visual Studio {year}: the highest _MSC_VER "
                     "this CUDA accepts is set by the bound in its include/crt/host_config.h "
                     "(CUDA 10 and later write it '_MSC_VER >= N', which accepts up to N - 1: '>= "
                     "1940' accepts 1939)")
            toolset = ("# the bound: the '#if _MSC_VER < 1910 || _MSC_VER >= ...' line of "
                       "include/crt/host_config.h in the CUDA folder (the bound is excluded: >= "
                       "1940 accepts up to _MSC_VER 1939, the MSVC 14.39 toolset); install that "
                       "MSVC toolset in the Visual Studio Installer and select it (vcvarsall.bat "
                       "x64 -vcvars_ver=14.<minor>)")
        return catalogue.make(
            "nvcc-host-compiler-unsupported", variant="vs-update-too-new",
            year=year, cl=f"19.{minor}", msc=msc, older=older,
            evidence=log_evidence([h], [m]),
            fix=(toolset,
                 "# or a newer CUDA release, whose host_config.h accepts this Visual Studio "
                 "update; then delete the build folder and configure again",
                 "nvcc --version   # the CUDA release the build uses",
                 "# last resort: nvcc -allow-unsupported-compiler (CMake: CMAKE_CUDA_FLAGS) "
                 "skips the check; CUDA's own message warns it 'may cause compilation failure "
                 "or incorrect run time execution'"),
        )
    return None


def nvcc_host_compiler_unsupported(ctx: Facts) -> list[Finding]:
    """CUDA's ``crt/host_config.h`` refusing the host compiler (``build.nvcc_host_compiler``):
    each CUDA release accepts gcc up to a major, clang in a range and some Visual Studio
    versions, and stops the compile with ``#error`` otherwise -> ``nvcc-host-compiler-
    unsupported`` (the compiler is newer, or on Windows older or newer, than this CUDA knows)."""
    hits = ctx.h("build.nvcc_host_compiler").all()
    if not hits:
        return []
    h = hits[0]
    fix: tuple[str, ...]
    up = h.g("gcc_up") or h.g("gcc_up2") or h.g("gcc_up3")
    gcc = h.g("gcc") or _release_below(up)
    if up and not gcc:
        compiler, limit = "gcc", f"gcc older than {up}"
        fix = ("nvcc --version; gcc --version",
               f"# build with a gcc older than {up}: nvcc -ccbin, CUDAHOSTCXX (CMake), CC/CXX "
               "for setup.py builds (a TensorFlow source build: the gcc path ./configure asks "
               "for, GCC_HOST_COMPILER_PATH), or a newer CUDA toolkit that supports this gcc")
    elif gcc:
        compiler, limit = "gcc", f"gcc {gcc} or older"
        fix = (f"nvcc --version; gcc --version   # gcc newer than {gcc} for this CUDA",
               f"# build with a gcc <= {gcc}: nvcc -ccbin /usr/bin/g++-{gcc}, or "
               f"CUDAHOSTCXX=/usr/bin/g++-{gcc} (CMake), CC/CXX for setup.py builds "
               "(a TensorFlow source build: the gcc path ./configure asks for, "
               "GCC_HOST_COMPILER_PATH)",
               "# or a newer CUDA toolkit that supports this gcc")
    elif h.g("clang"):
        compiler, limit = "clang", f"clang older than {h.g('clang')}"
        fix = ("nvcc --version; clang --version",
               f"# build with a clang < {h.g('clang')} (nvcc -ccbin), or a newer CUDA toolkit")
    else:
        compiler, limit = "Visual Studio", f"Visual Studio {h.g('vs')}"
        newer = _vs_update_too_new(ctx, h)
        if newer is not None:
            return [newer]
        fix = ("nvcc --version   # and the Visual Studio (MSVC) version the build uses",
               f"# build with {limit} (its Developer Command Prompt), or a CUDA toolkit that "
               "supports the installed Visual Studio")
    return [catalogue.make(
        "nvcc-host-compiler-unsupported", compiler=compiler, limit=limit,
        evidence=log_evidence(hits[:1]), fix=fix)]


def ngc_compat_unavailable(ctx: Facts) -> list[Finding]:
    """The NGC TensorFlow image's banner "This container was built for NVIDIA Driver Release
    X or later, but version Y was detected and compatibility mode is UNAVAILABLE"
    (``container.ngc_compat_unavailable``; houtoms/tensorflow ``nvidia_entrypoint.sh``): the host
    driver is older than the container's CUDA needs and the image's CUDA forward-compatibility
    libraries cannot stand in -> ``driver-too-old-for-cuda`` (variant ``ngc-container``)."""
    hits = ctx.h("container.ngc_compat_unavailable").all()
    need = next((h.g("need") for h in hits if h.g("need")), None)
    if need is None:
        return []
    have = next((h.g("have") for h in hits if h.g("have")), None) or "on this host"
    return [catalogue.make(
        "driver-too-old-for-cuda", variant="ngc-container", driver=have, need=need,
        evidence=log_evidence(hits[:2]), doc_url=None,
        fix=("nvidia-smi   # on the host: the driver version",
             f"# update the host's NVIDIA driver to release {need} or later, or use an older "
             "release of the container (built for the driver you have)"),
    )]
