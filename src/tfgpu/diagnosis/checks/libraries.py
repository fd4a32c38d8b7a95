"""Libraries that failed to load: parse their file names, say which CUDA/cuDNN
component and version is missing, and how to install it.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.diagnosis.checks import _unversioned_dependency as _udep
from tfgpu.diagnosis.checks import cudart_era, self_check_dll
from tfgpu.diagnosis.checks._common import (
    and_cuda_fix,
    cudnn_version_parts,
    slug,
    windows_gpu_last,
)
from tfgpu.diagnosis.checks._pip_list import pip_list_grep
from tfgpu.diagnosis.checks.crash_after_library_warning import (
    crash_beside_lazy_load,
    library_beside_crash,
)
from tfgpu.diagnosis.checks.docker_tf_image import cpu_image
from tfgpu.diagnosis.checks.driver_ceiling import driver_install_lines, stranded_gpu
from tfgpu.diagnosis.checks.framework_soname import framework_soname_hits
from tfgpu.diagnosis.checks.itex import itex_library
from tfgpu.diagnosis.checks.library_failures import handle_failures
from tfgpu.diagnosis.checks.one_line_runtimes import cudnn8_own_sub_so_hits
from tfgpu.diagnosis.checks.rocm import rocm_base
from tfgpu.diagnosis.checks.tf1_era import library_era_fix
from tfgpu.diagnosis.checks.tfjs_addon_lib import tfjs_addon_lib_hits
from tfgpu.diagnosis.checks.windows_bad_image import cudnn_sub_dll_193
from tfgpu.facts import dlerror_text
from tfgpu.facts.log import Hit, Hits
from tfgpu.facts.view import Facts, log_evidence, tf_minor
from tfgpu.findings import Evidence, Finding
from tfgpu.knowledge import KnowledgeQueryError, gpu_stacks

if TYPE_CHECKING:
    pass

_SO_RE = re.compile(r"^lib(?P<base>[A-Za-z_]+?)(?:64)?\.so\.(?P<ver>[\d.]+)$")
_DLL_RE = re.compile(r"^(?P<base>[A-Za-z_]+?)64_(?P<ver>\d+)\.dll$", re.I)
_COMPONENT = {
    "cudart": "CUDA runtime",
    "cublas": "cuBLAS (CUDA)",
    "cublasLt": "cuBLASLt (CUDA)",
    "cufft": "cuFFT (CUDA)",
    "curand": "cuRAND (CUDA)",
    "cusolver": "cuSOLVER (CUDA)",
    "cusparse": "cuSPARSE (CUDA)",
    "nvrtc": "NVRTC (CUDA)",
    "cudnn": "cuDNN",
    "nvinfer": "TensorRT",
    "nvinfer_plugin": "TensorRT",
    "cupti": "CUPTI",
    "nccl": "NCCL",
    "cuda": "NVIDIA driver (libcuda)",
    "nvcuda": "NVIDIA driver (nvcuda)",
}
#: Libraries whose SONAME major equals the CUDA major (cudart/cublas/nvrtc); pre-11 names
#: carry major and minor (libcudart.so.10.1, cudart64_101.dll).
_CUDA_MAJOR_LIBS = ("cudart", "cublas", "cublasLt", "nvrtc")
#: toolkit libraries whose CUDA 8.0-10.0 Windows DLL carries the toolkit version
_TOOLKIT_VERSIONED_DLLS = ("cudart", "cublas", "cufft", "curand", "cusolver", "cusparse")


#: Library base names of the GPU stacks besides :data:`_COMPONENT`'s, whole names only
#: (libcurl, libcups, librocksdb are no GPU library): CUDA's other libraries (the CUDA
#: toolkit's lib64 names: cuBLASLt, cuSPARSELt, cuFile, NVRTC's builtins, nvJitLink, cuFFTW,
#: cuSOLVERMg, nvBLAS, nvJPEG, NPP, nvToolsExt; cuTENSOR, cuDSS, cuDNN's sub-libraries,
#: TensorRT's parsers; the driver's NVCUVID and CUDA debugger), the NVIDIA driver's (libnvidia-*),
#: ROCm's (HIP, rocBLAS/rocFFT/rocRAND/rocSOLVER/rocSPARSE, MIOpen, MIGraphX, RCCL, hsa) and
#: TensorFlow's own libraries
_GPU_STACK_BASE = re.compile(
    r"(?i)(?:cublasLt|cusparseLt|cufile(?:_rdma)?|cudla|nvrtc(?:-builtins)?|nvJitLink"
    r"|cufftw|cusolverMg|cudadevrt|nvblas|nvjpeg|npp[a-z]{1,4}|nvfatbin|nvperf_\w+"
    r"|cutensor\w*|cudss\w*|nvcuvid|cudadebugger"
    r"|nvToolsExt|nvptxcompiler_static|cudnn(?:_\w+)?|nvinfer(?:_\w+)?|nvonnxparser|nvparsers"
    r"|nccl(?:-net)?|nvidia-[\w-]+|amdhip\d*|hip\w*|roc(?:blas|fft|rand|solver|sparse|m_smi"
    r"|tracer\w*)|hsa-runtime\d*|MIOpen|migraphx\w*|rccl"
    r"|tensorflow(?:_framework|_cc)?)$")


def _outside_gpu_stack(base: str, filename: str) -> bool:
    """``filename`` (base name ``base``) belongs to no GPU stack tfgpu knows and is not one of
    TensorFlow's own libraries: not in :data:`_COMPONENT`, no row of ``gpu_stacks``, no GPU
    stack's name (:data:`_GPU_STACK_BASE`)."""
    # a garbled name keeps its stem: "cudart64_.dll" (a version the paste lost) is cudart
    stem = re.sub(r"(?:64)?_?\d*$", "", base) or base
    return (base not in _COMPONENT and stem not in _COMPONENT
            and gpu_stacks.library(filename) is None
            and not _GPU_STACK_BASE.match(base) and not _GPU_STACK_BASE.match(stem))


def parse_library(filename: str) -> tuple[str, str, str | None]:
    """Split a library file name into (base, component, expected version).

    ``libcudart.so.11.0`` -> ``("cudart", "CUDA runtime", "CUDA 11")``;
    ``cudnn64_8.dll`` -> ``("cudnn", "cuDNN", "cuDNN 8")``;
    ``cudart64_101.dll`` -> ``("cudart", "CUDA runtime", "CUDA 10.1")``;
    ``libcufft.so.10`` -> ``("cufft", "cuFFT (CUDA)", "libcufft 10")`` (its own numbering).
    The version is the one the SONAME demands: the loader only accepts that major.
    """
    name = filename.rsplit("/", 1)[-1].rsplit("\\", 1)[-1]
    m = _SO_RE.match(name) or _DLL_RE.match(name)
    if not m:
        base = re.sub(r"^lib|(?:64)?(?:_\d+)?\.(?:so.*|dll|dylib)$", "", name)
        return base, _COMPONENT.get(base, base), None
    base, ver = m.group("base"), m.group("ver")
    if not ver.split(".")[0].isdigit():  # "libcudart.so.." (a cut or garbled line)
        return base, _COMPONENT.get(base, base), None
    base = {
        "cudnn_ops_infer": "cudnn",
        "cudnn_cnn_infer": "cudnn",
        "cudnn_ops": "cudnn",
        "cudnn_cnn": "cudnn",
        "cudnn_adv": "cudnn",
        "cudnn_graph": "cudnn",
    }.get(base, base)
    comp = _COMPONENT.get(base, base)
    # CUDA 6.5-10.0 named every toolkit DLL after the toolkit's major and minor
    # (CUDA\v9.0\bin\cudart64_90.dll, cusolver64_90.dll; v10.0\bin\cufft64_100.dll; v7.5\bin\
    # cudart64_75.dll); TF 1.x
    # python/platform/self_check.py pairs 'cudart64_90.dll' with "Download and install CUDA
    # 9.0" and 'cudart64_100.dll' with "CUDA 10.0" (never CUDA 90 or libcufft 100)
    if (name.lower().endswith(".dll") and base in _TOOLKIT_VERSIONED_DLLS
            and re.fullmatch(r"[6-9]\d|100", ver)):
        return base, comp, f"CUDA {ver[:-1]}.{ver[-1]}"
    # the same toolkits' Linux SONAMEs carry it as major.minor (libcusolver.so.9.0,
    # libcufft.so.10.0); from CUDA 10.1 the math libraries number themselves
    # (libcufft.so.10, libcusolver.so.11), with no minor in the SONAME
    if (base in _TOOLKIT_VERSIONED_DLLS and ".so." in name.lower()
            and re.fullmatch(r"[6-9]\.\d|10\.0", ver)):
        return base, comp, f"CUDA {ver}"
    if base in _CUDA_MAJOR_LIBS:
        if (
            name.lower().endswith(".dll")
            and len(ver) >= 3
            and ver.startswith("1")
            and ver[:2] in ("10",)
        ):
            return base, comp, f"CUDA {ver[:2]}.{ver[2:]}"
        if name.lower().endswith(".dll") and ver in ("110",):
            return base, comp, "CUDA 11"
        parts = ver.split(".")
        if parts[0] == "10" and len(parts) > 1:
            return base, comp, f"CUDA 10.{parts[1]}"
        # libcublas.so.9.0 = CUDA 9.0; libcudart.so.7.5 = CUDA 7.5 (every release before
        # CUDA 10.1 names its runtime and cuBLAS major.minor: 7.0's libcudart.so.7.0 does not
        # serve 7.5's name)
        if parts[0] in ("6", "7", "8", "9") and len(parts) > 1:
            return base, comp, f"CUDA {parts[0]}.{parts[1]}"
        return base, comp, f"CUDA {parts[0]}"
    if base == "cudnn":
        return base, comp, f"cuDNN {ver.split('.')[0]}"
    if base in ("nvinfer", "nvinfer_plugin"):
        return base, comp, f"TensorRT {ver.split('.')[0]}"
    return base, comp, f"lib{base} {ver}"


def _path_fix(ctx: Facts, filename: str, base: str, expected: str | None) -> list[str]:
    # a Linux soname (libcublas.so.9.0) was missed by Linux's loader, whatever else the
    # facts say of the host (a WSL or container run beside Windows paths)
    if ctx.windows and not _SONAME.search(filename):
        fix = [f"where.exe {filename}"]
        if base in ("cudart", "cublas", "cublasLt", "cufft", "curand", "cusolver", "cusparse"):
            fix.append(_windows_toolkit_line(ctx, filename, base, expected))
            # the DLL on PATH yet "not found" (tensorflow#36776; platform fact
            # windows-python38-dll-search): a terminal/IDE started before PATH changed, or
            # Python 3.8+ not searching PATH. TensorFlow's Windows loader returns "<name> not
            # found" for ANY LoadLibraryExW failure (tsl/platform/windows/load_library.cc), so
            # a DLL that this one needs failing to load reads the same.
            fix.append(
                f"# if where.exe finds {filename} and TensorFlow still does not: restart the "
                "terminal/IDE (PATH is read when it starts), or before importing TensorFlow: "
                'import os; os.add_dll_directory(r"<the folder where.exe printed>"); still '
                "'not found': a DLL it needs did not load (TensorFlow prints 'not found' for "
                "any failed load on Windows): keep one CUDA release's whole bin folder on "
                "PATH, not single DLLs copied elsewhere"
            )
            # a CUDA 8.0-10.0 DLL name (cudart64_90.dll) is a 1.x (or 2.0) build's
            era = library_era_fix(ctx.kb, filename, expected)
            if era is not None:
                fix.append(era)
        elif base == "cudnn":
            # the tested-build table names the exact pair, as the Linux fix does
            tested = ctx.kb.tested_gpu_build(ctx.tf_version, "windows")
            if (tested is not None and expected is not None
                    and tested.cudnn.split(".")[0] == expected.split()[-1]):
                fix.append(
                    f"Install cuDNN {tested.cudnn} for CUDA {tested.cuda} (what TensorFlow "
                    f"{ctx.tf_version} was built with, row {tested.ref}) and put the folder "
                    f"that directly contains {filename} (cuDNN's bin folder) on PATH"
                )
            else:
                fix.append(
                    f"Install {expected or 'cuDNN'} for your CUDA version and put the folder "
                    f"that directly contains {filename} (cuDNN's bin folder) on PATH"
                )
        else:
            fix.append(f"Put the folder that directly contains {filename} on PATH")
        mm = ctx.tf_mm
        last_series, last, _, _ = windows_gpu_last(ctx)
        if mm is not None and mm > last_series:
            fix.append(
                f"Note: TensorFlow {ctx.tf_version} has no GPU support on native Windows at all: "
                f'use WSL2, or pip install "tensorflow<={last}"'
            )
        elif mm is None:
            fix.append(
                f"Note: native Windows GPU support ends at TensorFlow {last}: newer releases "
                "run on the CPU there whatever is installed (use WSL2 for them)"
            )
        return fix
    fix = [f"ldconfig -p | grep {filename.split('.so')[0]}"]
    conda = _conda_env_lib_fix(ctx, filename, base, expected)
    if conda:
        return [*fix, *conda]
    mm = ctx.tf_mm
    # a soname of a CUDA (cuDNN) major older than any tensorflow[and-cuda] wheel
    # (tf_pip_cuda_wheels.toml: the first extra, 2.14, pins -cu11 wheels and cuDNN 8) is a
    # binary built for that old CUDA: the wheels never provide it; pip helps only after an
    # upgrade of TensorFlow, and not at all for libtensorflow / tfjs-node-gpu
    parsed = _soname_cuda(filename, base)
    old = parsed[1] if parsed is not None else None
    if old is not None and int(old.split(".")[0]) >= min(
            (p.cuda_major for p in ctx.kb.pins if p.cuda_major), default=11):
        old = None
    if old is None and base == "cudnn" and expected and expected.split()[-1].isdigit():
        pin_majors = [int(m.group(1)) for p in ctx.kb.pins if p.package.startswith("nvidia-cudnn")
                      and (m := re.search(r"(\d+)\.", p.specifier))]
        if int(expected.split()[-1]) < min(pin_majors, default=8):
            old = expected
    if old is not None:
        what = old if old.startswith("cuDNN") else f"CUDA {old} runtime"
        folder = f"/usr/local/cuda-{old}/lib64" if not old.startswith("cuDNN") else \
            "its lib folder"
        if ctx.non_pip_tensorflow:
            lead = (f"# install the {what} this binary (tfjs-node-gpu / libtensorflow) was built "
                    f"for and put {folder} on LD_LIBRARY_PATH, or upgrade it to a release built "
                    "for the CUDA you have; pip's tensorflow[and-cuda] does not apply")
        else:
            lead = (f"# install the {what} this TensorFlow was built for and put {folder} on "
                    "LD_LIBRARY_PATH, or upgrade TensorFlow (then, on Linux/WSL2, pip install "
                    '"tensorflow[and-cuda]" brings its own CUDA libraries; it cannot bring '
                    f"{filename})")
            # the log's nvcc shows another CUDA minor: before CUDA 11 a minor's
            # libraries carry its own soname, so that toolkit cannot serve this one
            nvcc = ctx.h("ctx.nvcc_release").last
            nv = nvcc.g("v") if nvcc is not None and ctx.host is None else None
            if (nvcc is not None and nv and not old.startswith("cuDNN") and nv != old
                    and int(old.split(".")[0]) < 11):
                lead += (f" (the log's nvcc, line {nvcc.line}, is CUDA {nv}: that toolkit "
                         f"does not provide CUDA {old}'s libraries; before CUDA 11 each minor "
                         "release has its own sonames)")
        return [lead, *fix]
    if ctx.non_pip_tensorflow:
        fix.append("# tfjs-node-gpu / libtensorflow load the CUDA and cuDNN their libtensorflow "
                   "was built for: pip's tensorflow[and-cuda] does not apply; install that "
                   "CUDA/cuDNN and put its lib64 on LD_LIBRARY_PATH")
    elif mm is None or mm >= ctx.kb.fact_series("and-cuda-extra-first")[0]:
        fix.append(and_cuda_fix(ctx, expected))
    tested = ctx.kb.tested_gpu_build(ctx.tf_version, "linux")
    if tested is not None:
        # a release older than the extra gets no pip line: its CUDA comes first
        lead = "or install" if len(fix) > 1 else (
            f"TensorFlow {ctx.tf_version} loads a system CUDA (it predates the extra that "
            "brings CUDA as pip wheels): install")
        old_driver = c.driver_too_old(ctx, tested[0])
        if old_driver is not None and stranded_gpu(ctx, old_driver.version) is not None:
            fix += driver_install_lines(ctx, old_driver.version)
            old_driver = None  # no driver for this GPU runs that CUDA: no upgrade line
            lead = "or, with a release whose CUDA the driver runs, install"
        if old_driver is not None:  # the driver first
            lead = ("or," if lead == "or install" else lead.removesuffix(" install")) + (
                f" after upgrading the NVIDIA driver to >= {old_driver.version} (driver "
                f"{ctx.driver_version} cannot run CUDA {tested[0]}), install")
        fix.append(
            f"{lead} CUDA {tested[0]} + cuDNN {tested[1]} (what TensorFlow {ctx.tf_version} "
            f"was built with) and add its lib64 to LD_LIBRARY_PATH, e.g. "
            f"export LD_LIBRARY_PATH=/usr/local/cuda-{tested[0]}/lib64:$LD_LIBRARY_PATH"
        )
    else:
        # Checked on threads (tensorflow#45930, #56413, #53362): the library present
        # but off the loader path; where the host facts list only toolkits of another CUDA
        # major, adding theirs cannot help, so the line says to install the wanted major
        want = (expected or "").removeprefix("CUDA ")
        have = [t.version for t in ctx.host.toolkits if t.version] if ctx.host else []
        other = (base in _MATH_LIBS and want.isdigit() and have
                 and not any(v.split(".")[0] == want for v in have))
        fix.append(
            f"or install a CUDA {want} toolkit and add its lib64 to LD_LIBRARY_PATH, e.g. "
            f"export LD_LIBRARY_PATH=/usr/local/cuda-{want}.<minor>/lib64:$LD_LIBRARY_PATH   "
            f"# the CUDA this host has ({', '.join(have)}) has no {filename}"
            if other else
            "or add the folder holding it to LD_LIBRARY_PATH, e.g. "
            + c.cuda_lib_example(expected, span_text(span) if (
                span := soname_span(ctx, filename, base)) is not None else None)
        )
    return fix


#: TensorFlow's own conda recipe for the releases that loaded a conda ``cudatoolkit``/``cudnn``
#: (tensorflow/docs commit 5cb83e49f305950caba5c8ca32a7108918779366, site/en/install/pip.md,
#: "Configure the system paths"): the environment's lib folder on LD_LIBRARY_PATH, now and
#: at every activation (``etc/conda/activate.d``).
CONDA_LIB_EXPORT = "export LD_LIBRARY_PATH=$LD_LIBRARY_PATH:$CONDA_PREFIX/lib/"
CONDA_LIB_ACTIVATE = ("mkdir -p $CONDA_PREFIX/etc/conda/activate.d && echo '"
                      + CONDA_LIB_EXPORT + "' > $CONDA_PREFIX/etc/conda/activate.d/env_vars.sh"
                      "   # every activation of the environment sets it")


def _conda_listing(ctx: Facts) -> dict[str, Hit]:
    """The log's ``conda list`` rows of conda's CUDA/cuDNN packages (pattern
    ``ctx.conda_cuda_pkg``) by package, for a pip TensorFlow on Linux: empty on Windows,
    for a conda-built TensorFlow (its RPATH reaches the environment's lib folder) or a
    TensorFlow other than pip's."""
    rows = {h.g("pkg") or "": h for h in ctx.h("ctx.conda_cuda_pkg").all()}
    if ctx.windows or ctx.non_pip_tensorflow or ctx.h("conda.tf_build").count \
            or ctx.h("conda.tf_defaults_build").count \
            or any(k.startswith("tensorflow") for k in rows):  # a conda-built TensorFlow
        return {}
    return rows


def _conda_env_lib_fix(ctx: Facts, filename: str, base: str,
                       expected: str | None) -> list[str]:
    """The fix of a CUDA/cuDNN library a pip-installed TensorFlow could not load while the
    log's ``conda list`` (pattern ``ctx.conda_cuda_pkg``) shows the environment holds it: a
    ``cudatoolkit`` (or CUDA 12's ``cuda-runtime``; ``cuda-cudart`` for the runtime alone)
    of the CUDA release that ships ``filename`` (its major for the runtime and cuBLAS,
    :func:`soname_span` for a math library named after its own major), a ``cudnn`` of the
    cuDNN major it needs.  Those packages put the files in ``$CONDA_PREFIX/lib``, which the
    loader does not search for a pip TensorFlow: TensorFlow's conda recipe put that folder on
    LD_LIBRARY_PATH (:data:`CONDA_LIB_EXPORT`).  ``[]`` when the listing does not hold it,
    on Windows, for a conda-built TensorFlow (its RPATH reaches the folder) or a
    TensorFlow other than pip's."""
    rows = _conda_listing(ctx)
    if not rows or not _conda_holds_all(ctx, rows) \
            or not _conda_holds(ctx, rows, filename, base, expected):
        return []
    listed = " and ".join(f"{h.g('pkg')} {h.g('v')} (line {h.line})" for h in rows.values())
    return [f"# this conda environment lists {listed}: conda puts their libraries in "
            "$CONDA_PREFIX/lib, which the loader does not search for a pip-installed "
            "TensorFlow; TensorFlow's own conda instructions put that folder on the loader "
            "path (tensorflow/docs pip.md, \"Configure the system paths\"), in the activated "
            "environment:",
            CONDA_LIB_EXPORT, CONDA_LIB_ACTIVATE]


def _conda_holds_all(ctx: Facts, rows: dict[str, Hit]) -> bool:
    """Whether the listed conda packages hold every CUDA/cuDNN library the log shows
    missing: a listing that holds some (a cudatoolkit 10.1 has libcufft.so.10, not
    libcudart.so.11.0) is not the fix."""
    parsed = [(k, parse_library(k)) for k in ctx.h("lib.missing").by_key if k]
    names = [(k, base, expected) for k, (base, _comp, expected) in parsed
             if base in (*_MATH_LIBS, "cudnn")]
    return bool(names) and all(
        _conda_holds(ctx, rows, k, base, expected) for k, base, expected in names)


def _conda_holds(ctx: Facts, rows: dict[str, Hit], filename: str, base: str,
                 expected: str | None) -> bool:
    """Whether the listed conda packages ``rows`` hold ``filename`` (:func:`_conda_env_lib_fix`)."""
    want = (expected or "").split()
    if base == "cudnn":
        row = rows.get("cudnn")
        return (row is not None and len(want) == 2 and want[0] == "cuDNN"
                and (row.g("v") or "").split(".")[0] == want[1])
    if base not in _MATH_LIBS:
        return False
    names = ("cudatoolkit", "cuda-runtime") + (("cuda-cudart",) if base == "cudart" else ())
    row = next((rows[n] for n in names if n in rows), None)
    have = tf_minor(row.g("v")) if row is not None else None
    if have is None:
        return False
    if len(want) == 2 and want[0] == "CUDA":
        return str(have[0]) == want[1].split(".")[0]
    span = soname_span(ctx, filename, base)
    return span is not None and _in_span(have, span)


def _after_the_failed_load(ctx: Facts, line: int) -> str:
    """What followed a failed library load: with a fatal line after it in the log (an
    abort, a core dump, a segmentation fault, a failed CHECK: pattern ``tell.fatal``) the
    process died, and that is what the cause says (cuDNN's sub-libraries are
    loaded on first use and end the process); else TensorFlow's registration skips the
    GPU."""
    from tfgpu.diagnosis.checks.crash_after_library_warning import lazy_load_crash

    crash = lazy_load_crash(ctx, line)
    if crash is not None:  # TensorFlow goes on with the CPU after this warning
        return (f" Without it TensorFlow skips the GPU and goes on with the CPU; the crash on "
                f"line {crash} has another cause (crash-after-gpu-library-fallback).")
    died = next((h for h in ctx.h("tell.fatal").all() if h.line > line), None)
    if died is not None:
        return (f" The process then died (line {died.line}: {died.text.strip()[:80]}): the "
                "failed load ended the program instead of falling back to the CPU.")
    return " Without it TensorFlow skips the GPU."


#: Words of the lines TensorFlow's own loaders print around the dynamic linker's text:
#: 2.x's "Could not load dynamic library '...'; dlerror: ...", 1.14's "Could not dlopen
#: library '...'; dlerror: ...", 1.x dso_loader.cc's "Couldn't open CUDA library ..." and
#: its status "could not dlopen DSO: ...; dlerror: ...".
_TF_LOADER_WORDS = ("dlerror", "could not load", "couldn't open", "dso_loader", "dlopen")

#: What may precede the library name on a line that is the linker's text alone: nothing
#: but spaces, quotes and markdown (a title, a code block).
_BARE_PREFIX = re.compile(r"[\s>*`\"'#|-]*")

#: The CUDA libraries the TensorFlow 1.x GPU builds link into their native module (the
#: runtime and the math libraries; CUPTI is opened lazily by every release).
_LINKED_BY_TF1 = ("cudart", "cublas", "cufft", "curand", "cusolver", "cusparse")


def _bare_linker_line(ctx: Facts, hit: Hit, filename: str, base: str) -> bool:
    """Whether ``hit`` (a ``lib.missing`` line naming ``filename``, a CUDA library of
    :data:`_LINKED_BY_TF1`) is the dynamic linker's text alone ("libcublas.so.9.0: cannot
    open shared object file: No such file or directory"): nothing but spaces, quotes or
    markdown before the name, and no word of a TensorFlow loader line
    (:data:`_TF_LOADER_WORDS`) on it or on the line it continues.  That is what Python's
    ImportError carries when a module that links the library cannot load; a line with a
    host before it (Java's UnsatisfiedLinkError, a program's "error while loading shared
    libraries", Node's "Error:") and a TensorFlow other than pip's (tfjs, libtensorflow)
    are not read so."""
    if base not in _LINKED_BY_TF1 or ctx.non_pip_tensorflow:
        return False
    low = f"{hit.before} {hit.text}".lower()
    if any(w in low for w in _TF_LOADER_WORDS):
        return False
    at = hit.text.find(filename)
    return at >= 0 and _BARE_PREFIX.fullmatch(hit.text[:at]) is not None


def _linked_at_import(filename: str, expected: str | None) -> str:
    """The cause's sentence for a bare linker line (:func:`_bare_linker_line`) naming a
    CUDA library of the CUDA 8.0-10.0 era (``tf1_era.library_era_fix``).  The TensorFlow
    GPU builds up to 1.13 link their CUDA libraries into the native module that
    ``import tensorflow`` loads (_pywrap_tensorflow_internal.so), so the import fails
    (pywrap_tensorflow.py: "Failed to load the native TensorFlow runtime."); 1.14 and later
    open them lazily ("Could not dlopen library" in 1.14, "Could not load dynamic library"
    from 1.15) and skip the GPU without them.  CUDA 8.0 and 9.x are only 1.0-1.12's
    (platform fact tf1-gpu-build-cuda), whose lazy loader (0.x-1.0: cuBLAS, cuDNN, cuFFT,
    cuRAND) printed "Couldn't open CUDA library" instead; CUDA 10.0 serves 1.13-2.0, so its
    names are hedged."""
    words = (expected or "").split()
    if len(words) > 1 and words[0] == "CUDA" and words[1].split(".")[0] not in ("8", "9"):
        return (f" No TensorFlow loader message surrounds the line: it is the dynamic "
                f"linker's own text, as Python's ImportError carries it. If `import "
                f"tensorflow` raised it (the GPU build of TensorFlow 1.13 links {filename} "
                "into its native module), TensorFlow could not be imported at all, not even "
                "on the CPU; TensorFlow 1.14, 1.15 and 2.0 open it lazily instead, print "
                "'Could not dlopen library' / 'Could not load dynamic library' and skip the "
                "GPU. The full traceback tells which.")
    return (f" No TensorFlow loader message surrounds the line: it is the dynamic linker's "
            f"own text, as Python's ImportError carries it. The TensorFlow GPU builds for "
            f"{expected or filename} (tensorflow-gpu 1.x) link their CUDA libraries into the "
            "native module that `import tensorflow` loads, so without it the import fails "
            "(\"Failed to load the native TensorFlow runtime.\"): nothing of TensorFlow runs, "
            "not even on the CPU.")


#: CUDA math libraries whose file names TensorFlow asks for by SONAME.
_MATH_LIBS = ("cudart", "cublas", "cublasLt", "cufft", "curand", "cusolver", "cusparse")


#: The LD_LIBRARY_PATH NVIDIA's CUDA images set (/usr/local/nvidia/lib:/usr/local/nvidia/lib64,
#: where nvidia-docker 1 and Kubernetes' early GPU volumes mounted the host driver) as
#: TensorFlow's loader prints it after a library it could not load.
_CUDA_IMAGE_LD_PATH = re.compile(r"LD_LIBRARY_PATH:?\s{0,4}\S{0,200}/usr/local/nvidia/lib")


#: How :func:`container_image_fix`'s line starts (several libraries' lines become one).
CONTAINER_LINE_START = "# in a container (as the log suggests"


def container_image_fix(ctx: Facts, base: str, expected: str | None) -> list[str]:
    """A first fix line for a CUDA toolkit or cuDNN library missing inside a container: the
    log shows a container (``Facts.in_container``) or the loader path of NVIDIA's CUDA images
    (``/usr/local/nvidia/lib`` on the LD_LIBRARY_PATH TensorFlow printed).  There the
    toolkit's libraries come from the image (NVIDIA's -runtime / -cudnn images carry them;
    the container runtime mounts only the host driver's files), so the host's CUDA cannot
    help.  Empty elsewhere (Windows, the driver's own libcuda, no container in the log)."""
    if ctx.windows or base not in (*_MATH_LIBS, "cudnn"):
        return []
    if (rows := _conda_listing(ctx)) and _conda_holds_all(ctx, rows):
        return []  # the log's conda listing shows where they are (in the image or not)
    loader = [h for n in ("lib.missing", "lib.old_dso_missing") for h in ctx.h(n).all()
              if _CUDA_IMAGE_LD_PATH.search(h.text)]
    if not loader and not ctx.in_container:
        return []
    want = f" ({expected})" if expected else ""
    shown = (": LD_LIBRARY_PATH /usr/local/nvidia/..., the CUDA images' setting"
             if loader else "")
    return [f"{CONTAINER_LINE_START}{shown}): the CUDA and cuDNN libraries"
            f"{want} must be in the image; the NVIDIA runtime mounts the host's driver, not its "
            "CUDA toolkit: use an image built on the CUDA/cuDNN this "
            "TensorFlow needs (an nvidia/cuda:<version>-cudnn<N>-runtime base, or the "
            "tensorflow/tensorflow:<version>-gpu image of this release), or install those "
            "libraries in the image"]


def _soname_cuda(filename: str, base: str) -> tuple[str, str | None] | None:
    """``(soname number, CUDA x.y it pins or None)`` of a CUDA math library file name.

    Before CUDA 10.1 every library carried the CUDA major.minor (``libcublas.so.9.0``,
    ``cublas64_90.dll``, ``libcudart.so.10.1``, ``cudart64_101.dll``): the second item is
    that CUDA.  Later names carry the library's own major (``libcusolver.so.10``,
    ``cusolver64_11.dll``) and the second item is ``None``.
    """
    if base not in _MATH_LIBS:
        return None
    name = filename.rsplit("/", 1)[-1].rsplit("\\", 1)[-1]
    m = _SO_RE.match(name) or _DLL_RE.match(name)
    if not m:
        return None
    ver = m.group("ver")
    if name.lower().endswith(".dll") and ver.isdigit():
        if len(ver) == 3:
            ver = f"{ver[:2]}.{ver[2]}"
        elif len(ver) == 2 and int(ver) >= 70:
            ver = f"{ver[0]}.{ver[1]}"
    mm = tf_minor(ver)
    if mm is not None and mm[0] < 11:
        return ver, f"{mm[0]}.{mm[1]}"
    return ver.split(".")[0], None


def _soname_ranges(ctx: Facts, base: str) -> list[tuple[tuple[int, int], int]]:
    """``[(first CUDA x.y, soname major), ...]`` of ``base`` from the knowledge
    (``platform_facts:cuda-library-sonames``); empty when the row does not list it."""
    fact = ctx.kb.platform_fact("cuda-library-sonames")
    if base not in fact.values:
        return []
    out = []
    for entry in fact.items(base):
        first, _, major = entry.partition("=")
        mm = tf_minor(first)
        if mm is not None and major.isdigit():
            out.append((mm, int(major)))
    return sorted(out)


def soname_span(ctx: Facts, filename: str,
                base: str) -> tuple[tuple[int, int], tuple[int, int] | None] | None:
    """``(first CUDA x.y, first CUDA x.y without it or None)``: the CUDA releases that ship
    ``filename``, a math library named after its own major (``libcufft.so.10``,
    ``cufft64_10.dll``: CUDA 10.1 up to 12.0), from ``platform_facts:cuda-library-sonames``
    (CUDA release notes, major component versions).  ``None`` for a name that carries the
    CUDA version itself (``cudart64_110.dll``, ``cufft64_100.dll``) or that the row does not
    list."""
    parsed = _soname_cuda(filename, base)
    if parsed is None or parsed[1] is not None or not parsed[0].isdigit():
        return None
    ranges = _soname_ranges(ctx, base)
    for i, (first, major) in enumerate(ranges):
        if major == int(parsed[0]):
            return first, (ranges[i + 1][0] if i + 1 < len(ranges) else None)
    return None


def span_text(span: tuple[tuple[int, int], tuple[int, int] | None]) -> str:
    """The CUDA releases of :func:`soname_span` in words: ``"CUDA 10.1 to 11.x"``,
    ``"CUDA 11.x"``, ``"CUDA 10.1 to 11.0"``, ``"CUDA 11.1 and later"``."""
    (lo0, lo1), hi = span
    if hi is None:
        return f"CUDA {lo0}.{lo1} and later"
    last = f"{hi[0] - 1}.x" if hi[1] == 0 else f"{hi[0]}.{hi[1] - 1}"
    if lo1 == 0 and hi == (lo0 + 1, 0):
        return f"CUDA {lo0}.x"
    return f"CUDA {lo0}.{lo1} to {last}"


def _shipped_with(ctx: Facts, filename: str, base: str) -> str:
    """``", shipped with CUDA 10.1 to 11.x"`` for a math library named after its own major
    (:func:`soname_span`); empty for one named after the CUDA version or not in the table."""
    span = soname_span(ctx, filename, base)
    return f", shipped with {span_text(span)}" if span is not None else ""


def _in_span(mm: tuple[int, int], span: tuple[tuple[int, int], tuple[int, int] | None]) -> bool:
    return mm >= span[0] and (span[1] is None or mm < span[1])


def _windows_toolkit_line(ctx: Facts, filename: str, base: str, expected: str | None) -> str:
    """The install line of a missing CUDA toolkit DLL on native Windows: which CUDA
    release provides ``filename`` and the ``CUDA\\v<x.y>\\bin`` folder to put on PATH.

    A DLL named after the CUDA version (``cudart64_110.dll``: CUDA 11) names that CUDA; a
    math library named after its own major (``cufft64_10.dll``: cuFFT 10) is mapped to the
    CUDA releases that ship it (:func:`soname_span`), narrowed by TensorFlow's tested build
    (``tf_tested_configs``), the CUDA versions the host facts or the log show, or another
    CUDA-numbered DLL of the same log (``cudart64_110.dll``)."""
    prefix = ('and add its bin folder to PATH, e.g. PowerShell: [Environment]::'
              'SetEnvironmentVariable("Path", $env:Path + ";C:\\Program Files\\NVIDIA GPU '
              'Computing Toolkit\\CUDA\\')
    tested = ctx.kb.tested_gpu_build(ctx.tf_version, "windows")
    if expected is not None and expected.startswith("CUDA "):
        cuda = expected.replace("CUDA ", "")
        # (a tested row names the folder only with its minor: TensorFlow's table says "10"
        # for 2.0.0 on Windows, whose folder is v10.0, as cudart64_100.dll says)
        if (tested is not None and "." in tested.cuda
                and tested.cuda.split(".")[0] == cuda.split(".")[0]):
            folder, note = f"v{tested.cuda}", f" (TensorFlow {ctx.tf_version} row {tested.ref})"
        elif "." in cuda:
            folder, note = f"v{cuda}", ""
        else:
            folder = f"v{cuda}.x"
            note = f" (v{cuda}.x: the folder of the CUDA {cuda}.x release you installed)"
        return f'Install CUDA {cuda} {prefix}{folder}\\bin", "User")' + note
    span = soname_span(ctx, filename, base)
    if span is None:
        return (f"Install the CUDA release that ships {filename} (the one this TensorFlow was "
                f"built with: tfgpu matrix) {prefix}v<x.y>\\bin\", \"User\")   # v<x.y>: that "
                "release's folder")
    releases = span_text(span)
    tm = tf_minor(tested.cuda) if tested is not None else None
    seen = [mm for v in ctx.any_cuda_versions if (mm := tf_minor(v)) is not None]
    others = sorted({int(e.split()[1].split(".")[0])
                     for k in (*ctx.h("lib.missing").by_key, *ctx.h("lib.opened").by_key)
                     if (e := parse_library(k)[2]) is not None and parse_library(k)[0]
                     in _CUDA_MAJOR_LIBS and e.startswith("CUDA ")
                     and e.split()[1].split(".")[0].isdigit()})
    majors = [m for m in others if _in_span((m, 99), span) or _in_span((m, 0), span)]
    if tested is not None and tm is not None and _in_span(tm, span) and "." in tested.cuda:
        folder = f"v{tested.cuda}"
        note = (f" (TensorFlow {ctx.tf_version} was built with CUDA {tested.cuda}, row "
                f"{tested.ref})")
    elif (have := [mm for mm in seen if _in_span(mm, span)]):
        folder, note = f"v{have[0][0]}.{have[0][1]}", ""
    elif len(majors) == 1:
        m = majors[0]
        lo_m = max(span[0], (m, 0))
        hi_m = min(span[1] or (m + 1, 0), (m + 1, 0))
        one = hi_m[0] == m and hi_m[1] == lo_m[1] + 1  # a single minor of that major ships it
        folder = f"v{m}.{lo_m[1]}" if one else f"v{m}.x"
        note = ((f" (this log's other CUDA libraries are CUDA {m}'s, and of CUDA {m} only "
                 f"{m}.{lo_m[1]} ships it)") if one else
                (f" (v{m}.x: the folder of the CUDA {m}.x release you installed; this log's "
                 f"other CUDA libraries are CUDA {m}'s)"))
    elif span[1] is not None and span[0][1] == 0 and span[1] == (span[0][0] + 1, 0):
        folder = f"v{span[0][0]}.x"
        note = (f" (v{span[0][0]}.x: the folder of the CUDA {span[0][0]}.x release you "
                "installed)")
    else:
        folder = "v<x.y>"
        note = (" (v<x.y>: the folder of the release you installed; best the one this "
                "TensorFlow was built with: tfgpu matrix)")
    return (f"Install a CUDA release that ships {filename} ({releases}) {prefix}{folder}"
            '\\bin", "User")' + note)


def _soname_mismatch(ctx: Facts, filename: str, base: str, same: list[Hit]) -> Finding | None:
    """``cuda-minor-soname-mismatch``: the SONAME TensorFlow asks for exists only in other
    minor releases of the CUDA major this host has (``libcublas.so.9.0`` on CUDA 9.1;
    ``libcusolver.so.10``, CUDA 10.1-11.0 only, on CUDA 11.2).  Knowledge:
    ``platform_facts:cuda-library-sonames`` (CUDA release notes, major component versions);
    the TensorFlow build's CUDA from ``tf_tested_configs``.  Without a known CUDA version,
    the log's loaded CUDA libraries (checks/soname_loaded_cuda.py)."""
    parsed = _soname_cuda(filename, base)
    have = [v for v in ctx.any_cuda_versions if tf_minor(v) is not None]
    if parsed is not None and not have and parsed[1] is None:
        from tfgpu.diagnosis.checks.soname_loaded_cuda import soname_from_log

        return soname_from_log(ctx, filename, base, same)
    if parsed is None or not have:
        return None
    number, pinned = parsed
    ref = None
    if pinned is not None:
        want = tf_minor(pinned)
        assert want is not None
        if any(tf_minor(v) == want for v in have) or not any(
                (hm := tf_minor(v)) is not None and hm[0] == want[0] for v in have):
            return None
        ships = pinned
        shipping_majors = {want[0]}
    else:
        ranges = _soname_ranges(ctx, base)
        if not ranges or not number.isdigit():
            return None
        mine = [(first, (ranges[i + 1][0] if i + 1 < len(ranges) else None))
                for i, (first, major) in enumerate(ranges) if major == int(number)]
        if not mine:
            return None
        lo, hi = mine[0]

        def ships_it(v: tuple[int, int]) -> bool:
            return v >= lo and (hi is None or v < hi)

        host = [hm for v in have if (hm := tf_minor(v)) is not None]
        if any(ships_it(h) for h in host):
            return None
        shipping_majors = {lo[0]} | ({hi[0]} if hi is not None else set())
        if not any(h[0] in shipping_majors for h in host):
            return None  # another CUDA major version altogether: library-not-loaded says so
        # "10.1 up to 11.1 (excluded)" read garbled inside a sentence
        ships = f"{lo[0]}.{lo[1]}" + (f" up to, not including, {hi[0]}.{hi[1]}" if hi
                                      else " and later")
        ref = "platform_facts:cuda-library-sonames"
        # the TensorFlow build behind the name: another CUDA major, or unknown between two
        from tfgpu.diagnosis.checks.soname_build_cuda import soname_build_finding

        other = soname_build_finding(ctx, filename, (lo, hi), have, ships,
                                     log_evidence(same) + tuple(ctx.fact_evidence()))
        if other is not None:
            return other
    os = "windows" if ctx.windows else "linux"
    tested = ctx.kb.tested_gpu_build(ctx.tf_version, os)
    built = ""
    target = pinned
    if tested is not None:
        built = (f" TensorFlow {ctx.tf_version} was built with CUDA {tested.cuda} "
                 f"(knowledge row {tested.ref}), which is where this name comes from.")
        tm = tf_minor(tested.cuda)
        if target is None and tm is not None and tm[0] in shipping_majors:
            target = tested.cuda
    cause = (f"TensorFlow asks the loader for {filename}; that SONAME exists only in CUDA "
             f"{ships}, and this host has CUDA {', '.join(have)}, whose {base} carries another "
             f"number, so the same-major toolkit cannot serve it." + built)
    libdir = "bin" if ctx.windows else "lib64"
    fix = [(f"install CUDA {target}" if target else f"install a CUDA release from {ships}")
           + f" (it ships {filename}) and put its "
           f"{libdir} folder first on {'PATH' if ctx.windows else 'LD_LIBRARY_PATH'}"]
    if not ctx.non_pip_tensorflow:
        fix.append("or install a TensorFlow release built for the CUDA you have (tfgpu plan "
                   "lists them)")
    return catalogue.make(
        "cuda-minor-soname-mismatch", filename=filename, ships=ships, have=", ".join(have),
        evidence=log_evidence(same) + tuple(ctx.fact_evidence()),
        cause=cause, fix=tuple(fix),
        knowledge_ref=ref or (tested.ref if tested is not None else None),
    )


#: A Linux shared object's file name: ``libcublas.so``, ``libcublas.so.9.0``.
_SONAME = re.compile(r"\.so(?:\.|$)")


def _dll_not_searched(ctx: Facts, filename: str, base: str, expected: str | None,
                      same: list[Hit]) -> Finding | None:
    """``windows-dll-directory-not-searched``: native Windows, a CUDA DLL of the CUDA major
    the host has installed (host facts) is "not found": its bin folder is not on PATH, or
    the interpreter (Python 3.8+, ``platform_facts:windows-python38-dll-search``) does not
    search PATH for it."""
    words = (expected or "").split()
    if not ctx.windows or base not in _MATH_LIBS or len(words) < 2 or words[0] != "CUDA":
        return None
    if _SONAME.search(filename):
        return None  # a Linux soname (libcublas.so.9.0): the loader that missed it is Linux's
    want = words[1].split(".")[0]
    have = [v for v in ctx.cuda_versions if v.split(".")[0] == want]
    if not have:
        return None
    fact = ctx.kb.platform_fact("windows-python38-dll-search")
    folder = f"C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v{have[0]}\\bin"
    return catalogue.make(
        "windows-dll-directory-not-searched", filename=filename, have=", ".join(have),
        evidence=log_evidence(same) + tuple(ctx.fact_evidence()),
        cause=(f"{filename} belongs to CUDA {want}.x, and the host has CUDA {', '.join(have)} "
               "installed, yet the loader did not find it: that toolkit's bin folder is not on "
               f"PATH, or this Python (3.8 and newer) does not search PATH for the DLLs of "
               f"extension modules ({fact.title}; knowledge row {fact.ref})."),
        fix=(f"where.exe {filename}   # must print the CUDA bin folder",
             f"add it to PATH, e.g. PowerShell: $env:Path = \"{folder};$env:Path\"",
             f'or, before importing TensorFlow: import os; os.add_dll_directory(r"{folder}")'),
        knowledge_ref=fact.ref,
    )


def _tfjs_cuda_bases() -> frozenset[str]:
    """:data:`tfgpu.diagnosis.checks.tfjs.TFJS_CUDA_BASES` (imported here, late: tfjs.py
    imports :func:`parse_library` from this module)."""
    from tfgpu.diagnosis.checks.tfjs import TFJS_CUDA_BASES

    return TFJS_CUDA_BASES


#: lines where another program's loader reports the missing library: ONNX
#: Runtime's provider bridge, NCCL's plugin loader (INFO), PaddlePaddle's dynload, CuPy.
FOREIGN_LOADER = re.compile(
    r"onnxruntime|ONNXRuntimeError|NCCL INFO|that Paddle depends on|CuPy failed to load")
#: ... unless the line is TensorFlow's own loader's (its dso_loader wording, or a
#: tensorflow/ source path): then another program's name is only part of the dlerror text
TF_LOADER = re.compile(r"Could not load dynamic library '|(?i:tensorflow)")


def _cudart_harmless_reading(ctx: Facts) -> bool:
    """TensorFlow's "ignore above cudart dlerror if you do not have a GPU" reading holds as
    far as the facts go: its stub line (or only cudart missing, outside a verify/bench
    child), and nothing shows an NVIDIA GPU, a CUDA set-up or a driver (a
    known driver is a GPU's evidence)."""
    missing = ctx.h("lib.missing")
    if any("ImportError" in h.text for h in missing.all()):
        # an ImportError is no dso_loader warning: the module (TensorFlow 1.x
        # links the CUDA runtime directly) could not be imported at all
        return False
    only_cudart = all(parse_library(k)[0] == "cudart" for k in missing.by_key)
    if ctx.has_nvidia_gpu is None and cudart_era.gpu_build_cudart(ctx):
        return False  # a GPU build's CUDA runtime, no stub line: checks/cudart_era
    return bool((ctx.h("noise.cudart_stub").count or (only_cudart and not ctx.gpu_expected))
                and not ctx.has_nvidia_gpu and not ctx.any_cuda_versions
                and not ctx.driver_known)


def cudart_intent_evidence(ctx: Facts) -> list[Hit]:
    """The lines showing the user asked for a GPU and got none,
    when a missing CUDA runtime would otherwise read "harmless without a GPU" (no host
    facts deciding there is no GPU); empty otherwise.  Then the missing runtime is the
    reason TensorFlow lists no GPU (``library-not-loaded-{library}``, variant
    ``gpu-intent``), and ``tensorflow-sees-no-gpu`` leaves the reason to it."""
    if ctx.has_nvidia_gpu is not None:
        return []
    if not any(parse_library(k)[0] == "cudart" for k in ctx.h("lib.missing").by_key):
        return []
    if not _cudart_harmless_reading(ctx):
        return []
    # or the loader path it printed names the WSL GPU driver folder / a CUDA toolkit
    # folder (pattern ctx.ld_path_gpu): the process was set up for a GPU; or
    # RLlib's "GPUs were assigned to this worker by Ray, but ... reports GPU acceleration is
    # disabled": the worker was given GPUs and TensorFlow listed none
    return (ctx.gpu_intent_evidence() or ctx.h("ctx.ld_path_gpu").all()[:1]
            or ctx.h("eco.ray_tf_no_gpu").all()[:1])


def _claimed_by_driver_files(ctx: Facts, filename: str, base: str) -> bool:
    """``filename`` is reported by a check of checks/driver_files.py or checks/directml.py."""
    from tfgpu.diagnosis.checks import driver_files

    if any(h.g("lib") == filename for h in ctx.h("driver.component_missing").all()):
        return True
    if any(h.g("lib") == filename for h in ctx.h("wsl.dx_missing").all()):
        return True
    return base == "cuda" and driver_files.libcuda_claimed_here(ctx)


def _fatal_load_names(ctx: Facts) -> set[str]:
    """The libraries checks/library_load.py reports as fatal-load."""
    from tfgpu.diagnosis.checks import library_load

    return library_load.fatal_load_names(ctx)


#: glibc's dlerror texts for a library file the loader found but would not load: the static
#: TLS block had no room for it (``lib.static_tls``, checks/static_tls.py), the file is no ELF
#: library or of the other word size or lacks a version node (``lib.unloadable``,
#: checks/library_files.py), a driver library's zero-byte placeholder
#: (``driver.file_too_short``); and Windows' ERROR_COMMITMENT_LIMIT (1455, "The paging file is
#: too small for this operation to complete", ``win.commit_limit``: the DLL was found and its
#: mapping could not be committed, checks/windows_commit_limit.py; b49b item 8)
_FOUND_NOT_LOADED = ("lib.static_tls", "lib.unloadable", "driver.file_too_short",
                     "lib.dep_version",  # (an older dependency: checks/library_dep_version.py)
                     "win.commit_limit")


def _found_not_loaded_lines(ctx: Facts) -> set[int]:
    """The log lines whose dlerror says a library file was found but could not be loaded
    (:data:`_FOUND_NOT_LOADED`): the loader's "Could not load dynamic library" on such a line
    is that finding's, not the library-not-loaded ("could not find it") reading."""
    return {h.line for name in _FOUND_NOT_LOADED for h in ctx.h(name).all()}


def rule_missing_libraries(ctx: Facts) -> list[Finding]:
    """``Could not load dynamic library 'X'``, ``X: cannot open shared object file``..."""
    return _missing_libraries(ctx)[0]


def _missing_libraries(ctx: Facts) -> tuple[list[Finding], list[Hit]]:
    """:func:`rule_missing_libraries`' findings, and the lines of the driver libraries it
    reports as ``library-not-loaded-{library}`` variant ``driver-gpu-not-shown``
    (:func:`driver_library_not_shown` reads them)."""
    out: list[Finding] = []
    not_shown: list[Hit] = []
    missing = ctx.h("lib.missing")
    dlopen = ctx.h("lib.dlopen")
    core_seen = False
    deps = dependency_failures(ctx)  # one finding per missing dependency
    skip = set(deps) | _dependency_only(ctx, deps)
    # "<lib>: undefined symbol: <sym>[, version <dep>]": found, dependency mismatched
    mismatched = symbol_mismatches(ctx)
    skip |= {k for k in mismatched if k not in deps}
    out += library_dependency_mismatched(ctx, {k: v for k, v in mismatched.items()
                                                if k not in deps})
    plain: list[tuple[int, str, str, str | None, list[Hit]]] = []
    if deps:
        core_seen = True
        out += library_dependency(ctx, deps)
    fatal = _fatal_load_names(ctx) if missing.count else set()
    found = _found_not_loaded_lines(ctx)
    # a native program's own start (glibc's "error while loading shared libraries") on
    # TensorFlow's C library: checks/libtensorflow_c.py
    native = {n for h in ctx.h("capi.native_load").all()
              for n in range(h.line, h.end_line + 2)}  # (its wrapped second line too)
    for filename, hit in missing.by_key.items():
        if filename in skip or (filename.startswith("libtensorflow") and all(
                h.line in native for h in missing.all() if h.g("lib") == filename)):
            continue
        base, comp, expected = parse_library(filename)
        same = [h for h in missing.all() if h.g("lib") == filename] or [hit]
        if base == "tensorflow_framework" and all("=> not found" in h.text for h in same):
            # an ldd listing of a library built against TensorFlow: ldd run outside Python
            # does not search TensorFlow's package folder (tf.sysconfig.get_lib()), so the
            # framework library reads "not found" there however the library was linked
            continue
        # a loader line whose dlerror says the file was found but would not load (static TLS
        # full, not an ELF library, the other word size) is that reading's, never "not found"
        # (the library "Cannot dlopen some GPU libraries" stands for is then named: that
        # finding says why it failed)
        if any(h.line in found for h in same):
            core_seen = True
        same = [h for h in same if h.line not in found]
        if not same:
            continue
        # a paste of two runs, the second after the fix: the same file opened after its
        # last failure ("Successfully opened dynamic library X") is no longer missing
        last = max(h.line for h in same)
        if any(o.g("lib") == filename and o.line > last for o in ctx.h("lib.opened").all()):
            core_seen = True
            continue
        # cuDNN 8's own line for one of its sub-libraries: cuDNN opened it, not TensorFlow
        # (one_line_runtimes.cudnn8_sublibrary_so_missing, in any program's log)
        if cudnn8_own_sub_so_hits(ctx, filename):
            core_seen = True
            continue
        hit = same[0]
        # a library another program failed to load (its own loader's line, or a
        # log of ONNX Runtime/PaddlePaddle/CuPy/CTranslate2 that shows no TensorFlow) is not
        # TensorFlow's: "TensorFlow tried to load it" and tensorflow[and-cuda] would be wrong.
        # The line stays an unrecognised error (quoted, no guess).
        same = [h for h in same
                if not FOREIGN_LOADER.search(h.text) or TF_LOADER.search(h.text)]
        if not same or base == "nccl-net" or ctx.other_framework:
            continue  # libnccl-net.so is NCCL's optional network plugin (NCCL INFO line)
        from tfgpu.diagnosis.checks import library_load

        if base in ("nvinfer", "nvinfer_plugin") and filename in fatal and any(
                library_load.bazel_build_step_line(ctx, h) for h in same):
            # a build step bazel ran could not load it: the build failed there, nothing optional
            core_seen = True
            out += library_load.fatal_load_missing(ctx, filename)
            continue
        if base in ("nvinfer", "nvinfer_plugin") and _tensorrt_package_import(ctx, same):
            # NVIDIA's tensorrt Python package raised it at import: the program's failure
            core_seen = True
            out.append(catalogue.make(
                "tensorrt-not-loaded-{library}", variant="python-package",
                library=slug(filename), filename=filename, what=expected or "TensorRT",
                evidence=log_evidence(ctx.h("trt.python_import").all()[-1:], same),
                fix=_TRT_PACKAGE_FIX))
            continue
        if base in ("nvinfer", "nvinfer_plugin"):
            # TF-TRT's stub aborted for want of it: needed, not optional
            trt_stub = ctx.h("trt.stub_fatal").all()
            out.append(
                catalogue.make(
                    "tensorrt-not-loaded-{library}",
                    variant="needed" if trt_stub else None,
                    library=slug(filename),
                    filename=filename,
                    what=expected or "TensorRT",
                    evidence=log_evidence(same, trt_stub),
                    fix=_TRT_NEEDED_FIX if trt_stub else (),
                )
            )
            continue
        if base == "cupti":
            continue  # the CUPTI rule reports it
        if base == "tensorflow_framework" and any(
                h.g("lib") == filename for h in framework_soname_hits(ctx)):
            continue  # an op library built for another release (checks/framework_soname.py)
        if base in ("tensorflow", "tensorflow_framework") and any(
                h.g("lib") == filename for h in tfjs_addon_lib_hits(ctx)):
            continue  # tfjs-node's own libtensorflow (checks/tfjs_windows.py)
        if base == "zlibwapi":
            continue  # the zlib rule reports it
        if any(h in cudnn_sub_dll_126(ctx) for h in same):
            continue  # windows-zlibwapi-missing (sub-dll-126) names both causes
        if any(h in cudnn_sub_dll_126(ctx, "127") for h in same):
            continue  # found, another build: windows-dll-procedure-not-found (cudnn-sub-dll)
        if any(h in cudnn_sub_dll_193(ctx) for h in same):
            continue  # error 193, a bad file: windows-dll-bad-image
        if base.startswith(("msvcp", "vcruntime")):
            continue
        if base == "nvidia-ml" and ctx.h("docker.nvc_init").count:
            continue  # docker-host-nvidia-driver-not-loaded quotes it
        if ctx.wsl1 and base in ("cuda", "nvcuda"):
            continue  # wsl1-has-no-gpu says why
        # these libraries' own kinds say why (checks/wsl.py, rocm.py, tfjs.py)
        if ctx.wsl and base == "cuda":
            continue  # wsl2-libcuda-not-found
        # the driver's own versioned files, DirectML's WSL libraries and a libcuda that a
        # container or a no-driver host explains are driver_files.py's / directml.py's findings
        if _claimed_by_driver_files(ctx, filename, base):
            continue
        if rocm_base(filename):
            continue  # rocm-runtime-missing
        if itex_library(ctx, filename):
            continue  # itex-oneapi-sycl-runtime-not-loaded
        if (row := gpu_stacks.library(filename)) is not None and row.stack == "directml":
            continue  # directml-plugin-not-loaded (bundled-directml)
        if base in _tfjs_cuda_bases() and ctx.h("ctx.tfjs").count:
            continue  # tfjs-node-gpu-cuda-libraries-missing
        if _outside_gpu_stack(base, filename):
            # a library of no GPU stack (libhdf5, libflatbuffers, an add-on's own op
            # library): CUDA's install and LD_LIBRARY_PATH fixes do not fit it; the checks
            # that know the program that loads it speak, else the line stays unrecognised
            continue
        minor = _soname_mismatch(ctx, filename, base, same)
        if minor is not None:
            core_seen = True
            out.append(minor)
            continue
        # the TF 1.x self check's line searched PATH itself (no Python 3.8 DLL
        # search): checks/self_check_dll.py words the plain finding below
        selfcheck = self_check_dll.self_check_hits(ctx, filename) if ctx.windows else []
        not_searched = (None if selfcheck
                        else _dll_not_searched(ctx, filename, base, expected, same))
        if not_searched is not None:
            core_seen = True
            out.append(not_searched)
            continue
        # a missing library named inside a fatal loader error (UnsatisfiedLinkError,
        # ImportError, OSError) is checks/library_load.py's fatal-load finding, never harmless
        if filename in fatal:
            core_seen = True
            out += library_load.fatal_load_missing(ctx, filename)
            continue
        reading = driver_library_reading(ctx, filename) if not selfcheck else None
        # a bare crash right after TensorFlow's lazy-load warning, on a host nothing shows:
        # the crash's own finding leads, the library is a note (crash_after_library_warning)
        crash = _crash_on_a_host_not_shown(ctx, same)
        if reading == "gpu-not-shown" and crash is not None:
            core_seen = True
            out.append(library_beside_crash(
                ctx, slug(filename), filename, "(the NVIDIA driver's user-space library)",
                same, crash, "the NVIDIA driver is not installed or its user-space libraries "
                "are not on the loader's path (in a container: the GPU was not passed in)",
                list(driver_library_gpu_not_shown(ctx, filename, same).fix), hit.g("err")))
            not_shown += same
            continue
        if reading == "gpu-not-shown":
            # the driver's library, and nothing shows whether this host has an NVIDIA GPU:
            # the warning that holds both ways, as for the CUDA runtime below
            core_seen = True
            out.append(driver_library_gpu_not_shown(ctx, filename, same))
            not_shown += same
            continue
        if reading == "harmless":
            out.append(driver_library_harmless(ctx, filename, same))
            continue
        stub = ctx.h("noise.cudart_stub")
        if base == "cudart" and _cudart_harmless_reading(ctx):
            intent = cudart_intent_evidence(ctx)
            if intent:  # the user asked for a GPU and got none
                core_seen = True
                out.append(runtime_missing_with_intent(ctx, filename, base, comp, expected,
                                                       same + stub.first[:1], intent))
                continue
            no_gpu = ctx.no_gpu_log_evidence()
            if ctx.has_nvidia_gpu is None and not no_gpu and crash is not None:
                core_seen = True
                out.append(_beside_crash(ctx, hit, filename, base, comp, expected, same,
                                         crash))
                continue
            if ctx.has_nvidia_gpu is None and not no_gpu:
                # nothing shows whether this host has an NVIDIA GPU: a warning
                # that holds both ways, not "harmless"
                core_seen = True
                out.append(runtime_missing_gpu_not_shown(ctx, filename, base, comp, expected,
                                                         same, stub.first[:1]))
                continue
            out.append(
                catalogue.make(
                    "library-not-loaded-{library}",
                    variant="harmless-without-gpu",
                    library=slug(filename),
                    filename=filename,
                    evidence=log_evidence(same, stub.first[:1], no_gpu),
                    cause=(
                        f"TensorFlow tried to load {filename} ({comp}"
                        + (f", needs {expected}" if expected else "")
                        + ") "
                        # quote TensorFlow's own words only when the log has them
                        + cudart_era.harmless_reading_words(ctx, filename)
                        + (
                            "the host facts show no NVIDIA GPU."
                            if ctx.has_nvidia_gpu is False
                            else f"the log says this host has no NVIDIA GPU or driver (line "
                            f"{no_gpu[0].line}: \"{_message_part(no_gpu[0].text)}\")."
                        )
                    ),
                    fix=(),
                    doc="tf-pip-windows-native" if ctx.windows else None,
                )
            )
            continue
        core_seen = True
        installed = ""
        category = "gpu-not-visible"
        if ctx.windows:
            category = "windows-dll"
        elif expected and expected.startswith("CUDA ") and len(expected.split()) > 1 \
                and ctx.cuda_versions:  # a fuzzed 'libcudart.so..' names no version
            have = ", ".join(ctx.cuda_versions)
            want_major = expected.split()[1].split(".")[0]
            if not any(v.split(".")[0] == want_major for v in ctx.cuda_versions):
                category = "version-mismatch"
                installed = f"; this host has CUDA {have} (host facts)"
        elif expected and expected.startswith("cuDNN ") and len(expected.split()) > 1 \
                and ctx.cudnn_versions:
            want = expected.split()[1]
            if not any(v.split(".")[0] == want for v in ctx.cudnn_versions):
                category = "version-mismatch"
                installed = f"; this host has cuDNN {', '.join(ctx.cudnn_versions)} (host facts)"
        err = hit.g("err")
        cause = (
            f"TensorFlow tried to load {filename} ({comp}"
            + (f", needs {expected}" if expected else "") + _shipped_with(ctx, filename, base)
            + ") and the loader could not find it"
            + installed
            + "." + (_linked_at_import(filename, expected)
                     if _bare_linker_line(ctx, hit, filename, base)
                     and library_era_fix(ctx.kb, filename, expected)
                     else _after_the_failed_load(ctx, hit.line))
            + (f" Loader said: {err.strip()}" if err else "")
        )
        # a CUDA runtime only GPU builds ask for (checks/cudart_era.py)
        era = (cudart_era.gpu_build_cause(ctx, filename)
               if filename in cudart_era.gpu_build_cudart(ctx) else "")
        if era:
            cause = cause.rstrip().rstrip(".") + ". " + era
        if base in ("cuda", "nvcuda"):
            # checked on other threads: besides no driver / a container without the
            # GPU (minimaxir/gpt-2-cloud-run#17), a driver whose kernel module is loaded but
            # whose user-space files are missing, mismatched or off the loader path
            # (tensorflow/tensorflow#6233: kernel module 367.57 loaded, no libcuda found;
            # #4267: libcuda present in /usr/lib64 yet not found; a missing dependency such as
            # #8774's is the findings library-dependency-missing / nvidia-driver-library-mismatch)
            cause = (
                f"{filename} is the NVIDIA driver's user-space library: the driver is not "
                "installed; or its kernel module is there but its user-space libraries are "
                "missing or not on the loader path (a partial install or a half-done "
                "upgrade: /proc/driver/nvidia/version exists while ldconfig -p lists no "
                "libcuda); or (in a container) the GPU was not passed in."
            )
            fix = ["nvidia-smi",
                   *(["cat /proc/driver/nvidia/version; ldconfig -p | grep libcuda   # a "
                      "loaded kernel module without libcuda in the loader cache: reinstall "
                      "the driver's user-space package"] if base == "cuda" else []),
                   "docker run --gpus all ...   # when in a container"]
        else:
            fix = [*container_image_fix(ctx, base, expected),
                   *_path_fix(ctx, filename, base, expected)]
        # claim audit (tensorflow/tensorflow#44777, #45263, #43947, #44381, #45848):
        # cuSOLVER keeps the soname 10 in CUDA 11.0, and CUDA 11.1+ ship
        # libcusolver.so.11 / cusolver64_11.dll only, so TensorFlow 2.4 (built with CUDA 11.0)
        # finds none with CUDA 11.1/11.2 installed even when the toolkit is on the path
        if filename.lower() in ("libcusolver.so.10", "cusolver64_10.dll"):
            eleven = "cusolver64_11.dll" if filename.lower().endswith(".dll") \
                else "libcusolver.so.11"
            cause = cause.rstrip() + ("" if cause.rstrip().endswith(".") else ".")
            cause += (f" Or the toolkit IS on the path but is CUDA 11.1 or later: {filename} is "
                      "cuSOLVER's name in CUDA 10.x and in CUDA 11.0 (TensorFlow 2.4 is built "
                      f"with 11.0), CUDA 11.1+ ship {eleven} only; a listing with {eleven} "
                      "and no 10 tells that case.")
            beside = (
                "install CUDA 11.0 beside it (its bin folder has cusolver64_10.dll) and add "
                "C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v11.0\\bin to PATH"
                if ctx.windows else
                "install CUDA 11.0's cuSOLVER beside it (e.g. libcusolver-11-0) and put its "
                "lib64 on LD_LIBRARY_PATH")
            fix = [*fix[:1],
                   f"# only {eleven} found: {beside}, or use a TensorFlow release built for "
                   "your CUDA (tfgpu matrix)",
                   *fix[1:]]
        script = bool(selfcheck) and not ctx.h("win.self_check_dll").count
        if selfcheck and base == "nvcuda":  # the self check's driver line
            cause, fix = self_check_dll.nvcuda_cause_fix(filename, script)
        elif selfcheck and base != "cuda":
            cause = (f"TensorFlow needs {filename} ({comp}"
                     + (f", {expected}" if expected else "") + ") and importing it failed "
                     + ("(ImportError: the TensorFlow 1.x GPU builds, tensorflow-gpu, link it "
                        "when their native module loads, so nothing of TensorFlow runs, not "
                        "even on the CPU; the CPU package does not need it). "
                        if script else
                        "(ImportError, before its native module loads: nothing of TensorFlow "
                        "runs, not even on the CPU). ")
                     + self_check_dll.self_check_cause(ctx, filename, base, expected))
            if script and base == "cudnn":
                cause += self_check_dll.SCRIPT_CUDNN
            extra = ([] if script and base == "cudart" else
                     self_check_dll.self_check_fix(ctx, filename, base, expected))
            fix = extra if self_check_dll.unversioned(filename) else [*fix, *extra]
        if crash is not None and base not in ("cuda", "nvcuda") and not selfcheck:
            out.append(_beside_crash(ctx, hit, filename, base, comp, expected, same, crash))
            continue
        if base not in ("cuda", "nvcuda"):
            plain.append((len(out), filename, comp, expected, same))
        out.append(
            catalogue.make(
                "library-not-loaded-{library}",
                library=slug(filename),
                component=comp,
                filename=filename,
                needs=f" (needs {expected})" if expected else "",
                category=category,
                evidence=log_evidence(same, dlopen.first[:1]),
                cause=cause,
                fix=tuple(fix),
                doc="tf-pip-windows-native" if ctx.windows else None,
            )
        )
    if len(plain) > 1:
        out = _one_install(ctx, out, plain, dlopen)
    # "Skipping registering GPU devices..." is the last line of the same
    # gpu_device.cc warning ("Cannot dlopen some GPU libraries. ...\nSkipping registering
    # GPU devices..."), often the only one a log keeps
    skipping = [] if dlopen.count else ctx.h("gpu.skipping").all()
    if ctx.h("ctx.tfjs").count:
        return out, not_shown  # tfjs-node-gpu-cuda-libraries-missing (checks/tfjs.py)
    if ctx.rocm_log:
        # tensorflow-rocm's own "Cannot dlopen some GPU libraries" (its ROCm libraries, not
        # CUDA's: ROCm/tensorflow-upstream#2326): CUDA's tensorflow[and-cuda] does not apply
        if (dlopen.count or skipping) and not core_seen and not out:
            out.append(catalogue.make(
                "gpu-libraries-not-loaded", variant="rocm",
                evidence=log_evidence(dlopen, skipping),
                fix=("TF_CPP_MAX_VLOG_LEVEL=3 python -c \"import tensorflow as tf; "
                     "print(tf.config.list_physical_devices('GPU'))\" 2>&1 | grep -iE "
                     "'dlopen|dso_loader'   # the ROCm library it could not open",
                     "ls -d /opt/rocm*; pip show tensorflow-rocm   # the ROCm installed and "
                     "the wheel's version: tensorflow-rocm is built for one ROCm release",
                     "# install the ROCm release that tensorflow-rocm build names (AMD's "
                     "compatibility matrix), or the tensorflow-rocm built for the ROCm you "
                     "have; put /opt/rocm/lib on the loader path")))
        return out, not_shown
    if (dlopen.count or skipping) and not core_seen:
        regression = tf216_libs_not_found(
            ctx, dlopen if dlopen.count else ctx.h("gpu.skipping"))
        if regression is not None:
            out.append(regression)
            return out, not_shown
        fix = [
            'TF_CPP_MAX_VLOG_LEVEL=3 python -c "import tensorflow as tf; '
            "print(tf.config.list_physical_devices('GPU'))\" 2>&1 | grep -iE 'dlopen|dso_loader'",
        ]
        if ctx.non_pip_tensorflow:
            # libtensorflow (C, Java, Go, R) logs it the same way, without
            # Python: the program's own run shows the library, and pip does not apply
            fix = ["TF_CPP_MAX_VLOG_LEVEL=3 <your program> 2>&1 | grep -iE 'dlopen|dso_loader'"
                   "   # libtensorflow logs the library it could not open",
                   "# install the CUDA/cuDNN release that libtensorflow build was made for and "
                   "put its lib64 (Windows: bin) folder on LD_LIBRARY_PATH (PATH); pip's "
                   "tensorflow[and-cuda] does not apply"]
        elif (image := cpu_image(ctx)) is not None:
            # a CPU-only tensorflow/tensorflow tag carries no CUDA/cuDNN: its -gpu tag
            fix = [f"docker run --gpus all -it --rm {image.gpu_image}   # {image.image} is "
                   "the CPU-only image (no CUDA/cuDNN inside); the -gpu tag of the same "
                   "release has them",
                   "# in a Dockerfile: FROM " + image.gpu_image]
        elif ctx.windows:
            fix.append("then put the folder holding the named DLL on PATH")
        else:
            fix.append(
                "then put the folder of the library that command names on LD_LIBRARY_PATH "
                "(or fix the module load order that drops it)"
            )
            fix.append("or: " + and_cuda_fix(ctx))
        image_hit = [image.hit] if (image := cpu_image(ctx)) is not None else []
        out.append(
            catalogue.make(
                "gpu-libraries-not-loaded",
                evidence=log_evidence(image_hit, dlopen, skipping),
                fix=tuple(fix),
            )
        )
    return out, not_shown


def _crash_on_a_host_not_shown(ctx: Facts, same: list[Hit]) -> int | None:
    """The line of a bare crash right after TensorFlow's lazy-load warning
    (:func:`~tfgpu.diagnosis.checks.crash_after_library_warning.crash_beside_lazy_load`),
    when ``same`` (one library's ``lib.missing`` lines) holds such a warning and nothing
    shows an NVIDIA GPU or a GPU set-up (:func:`gpu_setup_shown`), a GPU asked for
    (:meth:`Facts.gpu_intent_evidence`) or a GPU folder on the loader path (pattern
    ``ctx.ld_path_gpu``); else ``None``.  Then the missing library is a note beside the
    crash's finding: TensorFlow went on with the CPU, so it did not crash the process, and it
    is a fault only on a GPU host."""
    if gpu_setup_shown(ctx) or ctx.gpu_intent_evidence() or ctx.h("ctx.ld_path_gpu").count:
        return None
    return crash_beside_lazy_load(ctx, same)


def _beside_crash(ctx: Facts, hit: Hit, filename: str, base: str, comp: str,
                  expected: str | None, same: list[Hit], crash: int) -> Finding:
    """``library-not-loaded-{library}`` variant ``beside-crash`` for a CUDA or cuDNN library
    (:func:`_crash_on_a_host_not_shown` decided): the fix lines of a missing library on a
    GPU host (:func:`_path_fix`, the container image's first)."""
    what = f"({comp}" + (f", needs {expected}" if expected else "") + ")"
    fault = (f"{expected or filename} is not installed or not on the loader's path"
             if expected else f"{filename} is not installed or not on the loader's path")
    return library_beside_crash(
        ctx, slug(filename), filename, what, same, crash, fault,
        [*container_image_fix(ctx, base, expected), *_path_fix(ctx, filename, base, expected)],
        hit.g("err"))


def _one_install(ctx: Facts, out: list[Finding],
                 plain: list[tuple[int, str, str, str | None, list[Hit]]],
                 dlopen: Hits) -> list[Finding]:
    """Several CUDA/cuDNN libraries TensorFlow could not load: one cause (ux2, one finding
    per cause), the loader's path or one install, so one finding listing every library.

    ``plain``: (index in ``out``, file name, component, needed version, hits) of each
    library's own finding.  The id stays the family's (``library-not-loaded-{library}``),
    named after the CUDA runtime when it is among them (TensorFlow loads it first), else
    the first library in the log.  Returns ``out`` with those findings replaced by one."""
    firsts = sorted(plain, key=lambda p: min(h.line for h in p[4]))
    primary = next((p for p in firsts if parse_library(p[1])[0] == "cudart"), firsts[0])
    merged = [out[p[0]] for p in firsts]
    names = [p[1] for p in firsts]
    listed = ", ".join(f"{p[1]} ({p[2]}" + (f", needs {p[3]}" if p[3] else "")
                       + _shipped_with(ctx, p[1], parse_library(p[1])[0]) + ")" for p in firsts)
    category = next((f.category for f in merged if f.category != "gpu-not-visible"),
                    merged[0].category)
    if ctx.windows:  # where.exe takes several patterns and prints each one's matches
        find = [f"where.exe {' '.join(dict.fromkeys(names))}"]
    else:
        stems = "|".join(dict.fromkeys(re.escape(n.split(".so")[0]) for n in names))
        find = [f"ldconfig -p | grep -E '{stems}'"]
    rest = _one_container_line([x for f in merged for x in f.fix
                                if not x.startswith(("ldconfig -p | grep ", "where.exe "))])
    one = catalogue.make(
        "library-not-loaded-{library}",
        variant="several",
        library=slug(primary[1]),
        count=len(names),
        filenames=", ".join(names),
        category=category,
        evidence=log_evidence(*(p[4] for p in firsts), dlopen.first[:1]),
        cause=(f"TensorFlow tried to load {listed}; the loader found none of them. One cause: "
               "the folder holding them (one CUDA/cuDNN install, or the pip nvidia-* wheels) "
               "is not installed or not on the loader's search path in this process (a "
               "variable set in one shell or terminal and not in this one, a notebook "
               "kernel started elsewhere). Without them TensorFlow skips the GPU."),
        fix=tuple(_merge_by_library(list(dict.fromkeys([*find, *rest])), names)),
        doc="tf-pip-windows-native" if ctx.windows else None,
    )
    drop = {p[0] for p in plain}
    keep = [f for i, f in enumerate(out) if i not in drop]
    keep.insert(min(drop), one)
    return keep


def _one_container_line(lines: list[str]) -> list[str]:
    """``lines`` with the container lines of several libraries (:func:`container_image_fix`,
    one per library, differing in the version they name: "(CUDA 11)", "(cuDNN 8)") made one,
    at the first one's place, naming each version."""
    box = [x for x in lines if x.startswith(CONTAINER_LINE_START)]
    if len(box) < 2:
        return lines
    wants = [m.group(1) for x in box
             if (m := re.search(r"libraries \(([^()]{1,60})\) must be in the image", x))]
    one = re.sub(r"libraries \([^()]{1,60}\) must", "libraries ("
                 + ", ".join(dict.fromkeys(wants)) + ") must", box[0]) if wants else box[0]
    first = lines.index(box[0])
    return [one if i == first else x for i, x in enumerate(lines)
            if i == first or not x.startswith(CONTAINER_LINE_START)]


# --- one fix line for several libraries when only the file name differs ---------------
#: Commands that take several file names as operands and act on each (``where.exe a b``
#: searches PATH for each pattern; ``ls``, ``ldd``, ``file``, ``which`` likewise): a merged
#: command line lists the names as arguments.  Any other command keeps one line per name.
_MULTI_OPERAND = frozenset({"where.exe", "where", "which", "ls", "ldd", "file"})


def _merge_by_library(lines: list[str], names: list[str]) -> list[str]:
    """``lines`` with the lines that differ only in the ONE library file name they name
    (``names``: ``libcudart.so.10.0``, ``libcublas.so.10.0``) merged into one line naming
    each, at the first one's place: in prose (a ``#`` line, or the comment after a
    command's ``   #``) as ``"libcudart.so.10.0 or libcublas.so.10.0"``; in a command as
    its operands (``where.exe cudart64_110.dll cudnn64_8.dll``) when the name is a whole
    argument of a command of :data:`_MULTI_OPERAND`.  Command lines of other shapes (a
    name inside a pattern, a command that takes one name) stay one per library."""
    out: list[list[str]] = []
    groups: dict[str, tuple[int, list[str]]] = {}
    for line in lines:
        named = [n for n in names if n in line]
        if len(named) != 1:
            out.append([line])
            continue
        key = line.replace(named[0], "\0")
        if key in groups:
            groups[key][1].append(named[0])
            continue
        groups[key] = (len(out), [named[0]])
        out.append([line])
    for key, (i, libs) in groups.items():
        libs = list(dict.fromkeys(libs))
        if len(libs) > 1:
            merged = _join_names(key, libs)
            out[i] = [merged] if merged is not None else [key.replace("\0", n) for n in libs]
    return [line for group in out for line in group]


def _join_names(key: str, libs: list[str]) -> str | None:
    """``key`` (a fix line with ``\0`` where a file name goes) naming every one of
    ``libs``: see :func:`_merge_by_library`; ``None`` when the command part cannot take
    several names."""
    text = key.lstrip()
    if text.startswith("#"):
        return key.replace("\0", " or ".join(libs))
    cmd, sep, comment = key.partition("   #")
    comment = comment.replace("\0", " or ".join(libs))
    if "\0" not in cmd:
        return cmd + sep + comment
    words = cmd.split()
    if words and words[0] in _MULTI_OPERAND and "\0" in words[1:] \
            and sum(w.count("\0") for w in words) == 1:
        return cmd.replace("\0", " ".join(libs)) + sep + comment
    return None


# ---------------------------------------------------------------------- cuDNN version (log)


def _cudnn_num(text: str) -> tuple[int, int, int] | None:
    if "." in text:
        parts = [int(p) for p in text.split(".") if p.isdigit()]
        parts += [0] * (3 - len(parts))
        return parts[0], parts[1], parts[2]
    if not text.isdigit():
        return None
    return cudnn_version_parts(int(text))




def _ver(t: tuple[int, int, int]) -> str:
    return f"{t[0]}.{t[1]}.{t[2]}"




def _cudnn_wheel_cuda(ctx: Facts, src: tuple[int, int, int]) -> tuple[int, str] | None:
    """``(CUDA major of the TensorFlow build, how it is known)`` for a build compiled against
    cuDNN ``src``: the runtime/cuBLAS the log shows opened or the TF version's tested build
    (:func:`_tf_cuda_major_log`), else the one CUDA major of every tested release built with
    cuDNN ``src``'s major.minor (tf_tested_configs.toml: cuDNN 8.9 -> TF 2.15-2.17, CUDA 12);
    ``None`` when the releases disagree or none was built with it."""
    known = _tf_cuda_major_log(ctx)
    if known is not None:
        return known
    os = "windows" if ctx.windows else "linux"
    mm = f"{src[0]}.{src[1]}"
    rows = [r for r in ctx.kb.gpu_configs(os) if r.cudnn == mm and r.cuda]
    majors = {int((r.cuda or "0").split(".")[0]) for r in rows}
    if len(majors) != 1:
        return None
    names = sorted({r.tf_version.rsplit(".", 1)[0] for r in rows},
                   key=lambda v: tuple(int(x) for x in v.split(".")))
    major = majors.pop()
    span = names[0] if len(names) == 1 else f"{names[0]}-{names[-1]}"
    return major, f"TensorFlow {span} were built with cuDNN {mm} and CUDA {major}"


def _cudnn_wheel_majors(ctx: Facts) -> set[int]:
    """The cuDNN major versions an ``nvidia-cudnn-cu*`` wheel ships: the majors of the cuDNN
    versions ``tensorflow[and-cuda]`` pins (tf_pip_cuda_wheels.toml specifiers, e.g.
    ``==8.7.0.84`` and ``<10.0,>=9.3.0.75`` give 8 and 9). The package index's release list
    agrees: nvidia-cudnn-cu11 begins at 8.5.0.96 and nvidia-cudnn-cu12 at 8.8.0.121; no wheel
    carries cuDNN 7 or older."""
    majors: set[int] = set()
    for pin in ctx.kb.pins:
        if not pin.package.startswith("nvidia-cudnn-cu"):
            continue
        for m in re.finditer(r"(?:==|>=)\s*(\d+)\.", pin.specifier or ""):
            majors.add(int(m.group(1)))
    return majors


def _cudnn_wheel_line(ctx: Facts, src: tuple[int, int, int]) -> list[str]:
    """The pip line bringing a cuDNN the build accepts: ``nvidia-cudnn-cu<CUDA major>`` with
    ``>=src,<next major`` (a newer cuDNN major's wheel ships another SONAME, which this build
    never loads); the CUDA major from :func:`_cudnn_wheel_cuda`, and said to be unknown (a
    placeholder, no guess) when it cannot be known. No line for CUDA majors without cuDNN
    wheels in tf_pip_cuda_wheels.toml (CUDA 10 builds), nor for a cuDNN major no
    ``nvidia-cudnn-cu*`` wheel ships (:func:`_cudnn_wheel_majors`: 8 and 9; the wheels begin
    at cuDNN 8.5, so a cuDNN 7 or older build, TensorFlow 2.4 and before, has none)."""
    rng = f">={_ver(src)},<{src[0] + 1}"
    wheel_majors = {p.cuda_major for p in ctx.kb.pins if p.package.startswith("nvidia-cudnn-cu")}
    if ctx.windows or src[0] not in _cudnn_wheel_majors(ctx):
        # Checked on threads: no native-Windows release looks in the wheels'
        # folders, and none has a source saying it would load them: no pip line there.
        # A cuDNN major without a wheel has no pip line either.
        return []
    known = _cudnn_wheel_cuda(ctx, src)
    if known is None:
        return [c.python_cmd(ctx, "import tensorflow as tf; print(tf.sysconfig.get_build_info()"
                             "['cuda_version'])") + "   # the CUDA this TensorFlow was built "
                "with: the log does not show its CUDA major",
                c.pip(ctx, "install", "-U", f"nvidia-cudnn-cuXX{rng}")
                + "   # XX = that CUDA major (11 or 12)",
                *cudnn_wheel_path_line(ctx, src)]
    major, how = known
    if major not in wheel_majors:
        return []
    return [c.pip(ctx, "install", "-U", f"nvidia-cudnn-cu{major}{rng}")
            + f"   # cuDNN {_ver(src)} or a newer {src[0]}.x for CUDA {major} ({how})",
            *cudnn_wheel_path_line(ctx, src)]


def cudnn_wheel_path_line(ctx: Facts, src: tuple[int, int, int]) -> list[str]:
    """The ``LD_LIBRARY_PATH`` line a TensorFlow older than 2.14 needs to load the cuDNN of
    the ``nvidia-cudnn-cu*`` wheel (empty for 2.14+, which finds the wheels' folders).

    The release is the one the facts or log name, else the newest tested release built with
    cuDNN ``src``'s major.minor (tf_tested_configs.toml); unknown counts as old (the line is
    harmless on 2.14+). Source: TensorFlow's pip install guide for 2.13
    (tensorflow/docs bf28fbde057d site/en/install/pip.md: ``pip install nvidia-cudnn-cu11``, then
    ``CUDNN_PATH=...nvidia.cudnn...`` and ``export LD_LIBRARY_PATH=$CUDNN_PATH/lib:...``),
    replaced by ``tensorflow[and-cuda]`` without that line from 2.14 (7442d72c60d0); also the
    releases of platform_facts ``tf-216-nvidia-wheel-libs-not-found`` (2.16.1, 2.17.0rc0)."""
    newest = ctx.tf_mm
    if newest is None:
        mm = f"{src[0]}.{src[1]}"
        built = [tf_minor(r.tf_version) for r in ctx.kb.gpu_configs("linux") if r.cudnn == mm]
        known = [b for b in built if b is not None]
        newest = max(known) if known else None
    tf = ctx.tf_version or ""
    affected = ctx.kb.platform_fact("tf-216-nvidia-wheel-libs-not-found").items("affected")
    if newest is not None and newest >= (2, 14) and tf not in affected:
        return []
    where = c.python_cmd(ctx, "import os, nvidia.cudnn; "
                              "print(os.path.dirname(nvidia.cudnn.__file__))")
    why = (f"TensorFlow {tf} does not find the pip wheels' libraries (knowledge row "
           "platform_facts:tf-216-nvidia-wheel-libs-not-found)" if tf in affected else
           "TensorFlow before 2.14 does not look in the pip wheels' folders (its 2.13 install "
           "guide sets this)")
    return [f'export LD_LIBRARY_PATH="$({where})/lib:$LD_LIBRARY_PATH"   # {why}']


#: A cuDNN start-up failure line (pattern ``cudnn.dnn_handle`` / ``mem.handle``): cuDNN, not
#: cuBLAS or cuFFT ("Could not create cudnn handle", "DNN library initialization failed",
#: "DNN library is not found", "cuDNN failed to initialize").
_CUDNN_START = re.compile(r"cudnn|\bDNN library", re.I)


def _cudnn_mismatch_cut(ctx: Facts, hit: Hit, rt: tuple[int, int, int]) -> Finding:
    """``cudnn-version-mismatch`` variant ``cut``: the version-check line with the build's
    version cut off; the build's cuDNN from the tested configurations when the log names
    the TensorFlow release (tf_tested_configs.toml)."""
    build = ctx.kb.tested_gpu_build(ctx.tf_version, "windows" if ctx.windows else "linux")
    note = (f" TensorFlow {ctx.tf_version} was tested with cuDNN {build.cudnn} (knowledge "
            f"row {build.row.ref})." if build is not None else "")
    want = (f"cuDNN {build.cudnn}" if build is not None
            else "the cuDNN this TensorFlow was built with")
    where = (["where.exe cudnn64_*.dll"] if ctx.windows else
             ["conda list cudnn"] if ctx.conda else
             ["ldconfig -p | grep libcudnn; echo $LD_LIBRARY_PATH"])
    return catalogue.make(
        "cudnn-version-mismatch", variant="cut", loaded=_ver(rt), built_note=note,
        evidence=log_evidence([hit]),
        fix=(*where,
             f"# make the loader find {want} first (or remove the other copy), or install a "
             f"TensorFlow release built for cuDNN {rt[0]}.{rt[1]}",
             "# the whole line says which version the build wants: rerun and keep it"),
    )


def rule_cudnn_mismatch(ctx: Facts) -> list[Finding]:
    """``Loaded runtime CuDNN library: X but source was compiled with: Y``."""
    hits = ctx.h("cudnn.mismatch")
    hit = hits.first[0] if hits.first else None
    if hit is None:
        return []
    rt, src = _cudnn_num(hit.g("rt") or ""), _cudnn_num(hit.g("src") or "")
    if rt is not None and src is None and not hit.g("src"):
        return [_cudnn_mismatch_cut(ctx, hit, rt)]
    if rt is None or src is None:
        return []
    cause = f"TensorFlow was compiled against cuDNN {_ver(src)} but loaded cuDNN {_ver(rt)}"
    fix: list[str] = []
    want = f"{src[0]}.{src[1]}.{src[2]}"
    if rt[0] == src[0] and rt < src:
        # an older patch of the same minor: cuda_dnn.cc's check (IsSourceCompatibleWith
        # CudnnLibrary) compares major and minor only, yet the line shows this build refused
        # it; either way the floor is the build's own version, not its minor
        cause += (
            f": an older cuDNN {rt[0]}.{rt[1]} copy was found first (cuDNN needs the same "
            "major and an equal or newer minor)."
            if rt[:2] < src[:2] else
            f": an older cuDNN {_ver(rt)} copy was found first, and this build refused it "
            f"(it accepts cuDNN {src[0]}.x from {_ver(src)} on)."
        )
        if ctx.conda:
            fix += ["conda list cudnn", f"conda install cudnn={want}   # inside that environment"]
        if ctx.windows:
            fix += [
                f"where.exe cudnn64_{rt[0]}.dll",
                f"remove or move the stale cuDNN {rt[0]}.{rt[1]} DLL so the {want} one comes "
                f"first on PATH",
            ]
        elif not ctx.conda:
            fix += [
                "ldconfig -p | grep libcudnn; echo $LD_LIBRARY_PATH",
                f"put cuDNN {want}'s lib folder first on LD_LIBRARY_PATH or remove the old copy",
            ]
        if not ctx.conda:
            fix += [
                pip_list_grep("cudnn", windows=ctx.windows)
                + "   # another framework's wheel may bring the older copy",
                *_cudnn_wheel_line(ctx, src),
            ]
    elif rt[0] != src[0]:
        cause += f": the major versions differ ({rt[0]} vs {src[0]}), which never works."
        fix.append(f"install cuDNN {src[0]}.{src[1]} (the version TensorFlow was built with)")
        fix.append(
            f"or keep cuDNN and install a TensorFlow release built for cuDNN {rt[0]}.{rt[1]} "
            "(no root needed)"
        )
    else:
        cause += (
            f". This TensorFlow build demands the exact compatibility version it was built "
            f"with ({hit.g('srcc') or f'{src[0]}{src[1]}00'}), so a different minor is "
            "rejected even when newer."
        )
        if ctx.conda:
            fix.append(f"conda install cudnn={want}   # inside the environment")
        fix.append(
            f"install cuDNN {src[0]}.{src[1]} (what TensorFlow was built with), or install a "
            f"TensorFlow release built for cuDNN {rt[0]}.{rt[1]} instead of changing cuDNN"
        )
    if ctx.conda:
        cause += (
            " A conda environment ships its own cuDNN, which shadows the system one: change "
            "cuDNN inside the environment, not system-wide."
        )
    # cuda_dnn.cc's CudnnSupport::Init returns the mismatch as its error, so cuDNN fails to
    # start: the "DNN library initialization failed. Look at the errors above" / "Could not
    # create cudnn handle" / "Failed to get convolution algorithm" lines after it (and the
    # exception that quotes them) are this failure, which rule_library_handle leaves here
    failed = [h for h in handle_failures(ctx) if h.line > hit.line and _CUDNN_START.search(h.text)]
    then = failed[:1] + failed[-1:] if failed else []
    if then:
        cause += (f" cuDNN then failed to start (line {then[0].line}), and the error that "
                  "followed comes from this mismatch.")
    return [
        catalogue.make(
            "cudnn-version-mismatch",
            loaded=_ver(rt),
            built=_ver(src),
            evidence=log_evidence(hits, then),
            cause=cause,
            fix=tuple(fix),
            doc="tf-source-windows-gpu" if ctx.windows else None,
        )
    ]




def _runtime_major(ctx: Facts) -> str | None:
    for name in ("lib.opened",):
        for key in ctx.h(name).by_key:
            base, _, expected = parse_library(key)
            if base == "cudart" and expected:
                return expected.replace("CUDA ", "")
    mm = ctx.tf_mm
    os = "windows" if ctx.windows else "linux"
    tested = ctx.kb.tested_gpu_build(ctx.tf_version, os) if mm else None
    return tested[0] if tested else None




# ------------------------------------------- a found library's missing dependency
# A library that was FOUND but whose own dependency was not: the loader's dlerror names
# another file ("Could not load dynamic library 'libcudnn_cnn_infer.so.8'; dlerror:
# libcublasLt.so.11: cannot open shared object file"; cuDNN's own "Could not load library
# libcudnn_cnn_infer.so.8. Error: libcublasLt.so.11: ..."): one finding, about the
# dependency, and about the CUDA-major mix when the dependency belongs to another CUDA major version
# than the one TensorFlow runs on (a CUDA 12 libcusolver.so.11 needs libnvJitLink.so.12).

#: ``<dependency>: cannot open shared object file`` at the start of a dlerror text (glibc's
#: wording in English or a language its catalogue translates it into,
#: :mod:`tfgpu.facts.dlerror_text`; tensorflow dso_loader.cc / cuDNN's loader quote it
#: verbatim).
_DEP_RE = re.compile(r"^\s*(?P<dep>lib[\w+-][\w.+-]{0,80}?\.so[\w.]{0,20}): "
                     + dlerror_text.cannot_open_regex())
#: Libraries whose SONAME major is the CUDA major they belong to (CUDA 11+): the runtime,
#: cuBLAS/cuBLASLt, NVRTC and nvJitLink (CUDA 12's first; its wheel is nvidia-nvjitlink-cu12,
#: tf_pip_cuda_wheels.toml).
_SONAME_IS_CUDA = ("cudart", "cublas", "cublasLt", "nvrtc", "nvJitLink")
#: The pip wheel of a CUDA component, by library base name (the ``[and-cuda]`` pins,
#: tf_pip_cuda_wheels.toml: nvidia-cublas-cuXX also holds cuBLASLt).
_WHEEL = {
    "cudart": "nvidia-cuda-runtime", "cublas": "nvidia-cublas", "cublasLt": "nvidia-cublas",
    "nvrtc": "nvidia-cuda-nvrtc", "nvJitLink": "nvidia-nvjitlink", "cufft": "nvidia-cufft",
    "curand": "nvidia-curand", "cusolver": "nvidia-cusolver", "cusparse": "nvidia-cusparse",
    "cudnn": "nvidia-cudnn", "cupti": "nvidia-cuda-cupti", "nccl": "nvidia-nccl",
}


def _cuda_major_of(filename: str) -> int | None:
    """The CUDA major a library file belongs to, when its name says so: the SONAME major of
    the runtime/cuBLAS/NVRTC/nvJitLink (``libcublasLt.so.11`` -> 11, ``libnvJitLink.so.12``
    -> 12; pre-11 names carry major.minor: ``libcublas.so.10.0`` -> 10); ``None`` for the
    libraries numbered on their own (cuSOLVER, cuFFT, cuDNN...)."""
    m = _SO_RE.match(filename.rsplit("/", 1)[-1])
    if not m or m.group("base") not in _SONAME_IS_CUDA:
        return None
    head = m.group("ver").split(".")[0]
    return int(head) if head.isdigit() and int(head) >= 10 else None


def _tf_cuda_major_log(ctx: Facts) -> tuple[int, str] | None:
    """``(CUDA major TensorFlow runs on, how it is known)``: a runtime/cuBLAS library it
    opened (the log), else its build's CUDA (host facts, else the tested configuration of
    its version, tf_tested_configs.toml); ``None`` when unknown."""
    for hit in ctx.h("lib.opened").all():
        lib = hit.g("lib") or ""
        major = _cuda_major_of(lib)
        if major is not None:
            return major, f"it opened {lib}"
    rt = _runtime_major(ctx)
    m = re.match(r"(\d+)", rt or "")
    if m:
        return int(m.group(1)), f"TensorFlow {ctx.tf_version} is built with CUDA {rt}"
    return None


def dependency_failures(ctx: Facts) -> dict[str, tuple[str, Hit]]:
    """``{library found: (its dependency the loader could not open, the hit)}`` from the
    dlerror texts of the log's ``lib.missing`` hits (only where the two names differ)."""
    out: dict[str, tuple[str, Hit]] = {}
    for hit in ctx.h("lib.missing").kept():
        outer, err = hit.g("lib"), hit.g("err")
        if not outer or not err or outer in out:
            continue
        m = _DEP_RE.match(err)
        if m and m.group("dep") != outer:
            out[outer] = (m.group("dep"), hit)
    return out


def _dependency_only(ctx: Facts, deps: dict[str, tuple[str, Hit]]) -> set[str]:
    """Library names the log shows missing only inside another library's dlerror (the same
    message: a line of it, also when a hard wrap put its words on several lines)."""
    lines = {n for _, hit in deps.values() for n in hit.span}
    named = {dep for dep, _ in deps.values()}
    by_key = ctx.h("lib.missing").by_key
    return {dep for dep in named if dep in by_key and lines.intersection(by_key[dep].span)}


def library_dependency(ctx: Facts, deps: dict[str, tuple[str, Hit]]) -> list[Finding]:
    """One finding per library whose dependency is missing: ``cuda-library-from-other-cuda-
    major`` when the dependency belongs to another CUDA major version than TensorFlow's (the copy
    found is from the other CUDA release), else ``library-dependency-missing``."""
    out: list[Finding] = []
    tf_major = _tf_cuda_major_log(ctx)
    for outer, (dep, hit) in deps.items():
        base, comp, _ = parse_library(outer)
        dep_base, dep_comp, _ = parse_library(dep)
        dep_major = _cuda_major_of(dep)
        ev = log_evidence([hit], ctx.h("lib.opened").first[:2])
        wheel = _WHEEL.get(base)
        pip_ok = not ctx.windows and not ctx.non_pip_tensorflow
        if dep_major is not None and tf_major is not None and dep_major != tf_major[0]:
            want, how = tf_major
            fix = [f"ldconfig -p | grep -E '{outer.split('.so')[0]}|{dep.split('.so')[0]}'; "
                   "echo $LD_LIBRARY_PATH   # which copy of each is found first",
                   f"put the CUDA {want} copy of {outer} first on LD_LIBRARY_PATH and remove "
                   f"the CUDA {dep_major} folder from it"]
            if wheel and pip_ok and want >= 11:
                pin = ""
                if base == "cudnn" and (exp := parse_library(outer)[2]):
                    pin = f"=={exp.split()[-1]}.*"  # the cuDNN major the SONAME demands
                fix.append(c.pip(ctx, "install", f"{wheel}-cu{want}{pin}")
                           + f"   # {comp} built for CUDA {want}")
            out.append(catalogue.make(
                "cuda-library-from-other-cuda-major",
                library=outer, dependency=dep, dep_major=dep_major, tf_major=want,
                evidence=ev,
                cause=(f"The loader found {outer} ({comp}), but that copy needs {dep} "
                       f"({dep_comp}), which belongs to CUDA {dep_major}; TensorFlow runs on "
                       f"CUDA {want} ({how}). The {outer} found first comes from a CUDA "
                       f"{dep_major} release (the same SONAME can exist in both), so CUDA "
                       f"{dep_major} and CUDA {want} libraries are mixed on the loader path. "
                       f"Without {outer} TensorFlow skips the GPU (cuDNN's sub-libraries "
                       "abort the first convolution instead)."),
                fix=tuple(fix),
            ))
            continue
        dep_wheel = _WHEEL.get(dep_base)
        fix = [f"ldconfig -p | grep {dep.split('.so')[0]}   # is {dep} installed at all?"]
        if dep_wheel and pip_ok and dep_major is not None and dep_major >= 11:
            fix.append(c.pip(ctx, "install", f"{dep_wheel}-cu{dep_major}")
                       + f"   # brings {dep}")
        fix.append(f"or put the folder holding {dep} on LD_LIBRARY_PATH "
                   + (f"(the lib64 of a CUDA {dep_major} toolkit)" if dep_major else ""))
        note = ""
        if _udep.unversioned(dep):
            # the exact unversioned name (libnvrtc.so, libcuda.so): a link to create
            fix = _udep.unversioned_fix(ctx, dep)
            note = _udep.unversioned_note(ctx, dep)
        elif dep_base == "cuda":
            note = (" libcuda is the NVIDIA driver's own library (the unversioned libcuda.so "
                    "is a symlink to libcuda.so.1 that driver packages or, in WSL2, "
                    "/usr/lib/wsl/lib provide): the driver is missing, or that link is.")
        elif dep_major is not None and tf_major is None:
            note = (f" {dep} belongs to CUDA {dep_major}, the CUDA this copy of {outer} was "
                    f"built for: if your TensorFlow uses another CUDA major version, this "
                    f"{outer} is the wrong copy (replace it) rather than missing a file.")
        out.append(catalogue.make(
            "library-dependency-missing",
            library=outer, dependency=dep,
            evidence=ev,
            cause=(f"The loader found {outer} ({comp}) but not {dep} ({dep_comp}), a library "
                   f"it links against, so {outer} cannot load: the missing file is {dep}, not "
                   f"{outer}. " + _udep.consequence(ctx, outer, hit) + note),
            fix=tuple(x.rstrip() for x in fix),
        ))
    return out


def _tf216_release(ctx: Facts) -> str | None:
    """This pip TensorFlow's version when it is one of platform fact
    ``tf-216-nvidia-wheel-libs-not-found``'s affected releases; ``None`` otherwise."""
    if ctx.non_pip_tensorflow or not ctx.tf_version:
        return None
    version = ctx.tf_version.strip()
    fact = ctx.kb.platform_fact("tf-216-nvidia-wheel-libs-not-found")
    return version if version in fact.items("affected") else None


def _tf216_finding(ctx: Facts, version: str, evidence: tuple[Evidence, ...],
                   empty_list: bool, wheels_note: str) -> Finding:
    """The release's reading (``tf-2-16-nvidia-wheel-libs-not-found``; variant ``empty-list``
    for an empty GPU list) with its fix: the driver first when too old, the release's
    nvidia-* wheels (``wheels_note`` after them), their folders on LD_LIBRARY_PATH, the last
    release that finds them by itself."""
    fact = ctx.kb.platform_fact("tf-216-nvidia-wheel-libs-not-found")
    good = str(fact.value("last_working"))
    return catalogue.make(
        "tf-2-16-nvidia-wheel-libs-not-found", variant="empty-list" if empty_list else None,
        tf=version, good=good, ref=fact.ref,
        evidence=evidence + tuple(ctx.fact_evidence()),
        fix=(*_driver_lines(ctx, version),
             c.pip(ctx, "install", f"tensorflow[and-cuda]=={version}")
             + f"   # its nvidia-* wheels ({wheels_note}); it does not find them by itself, "
             "so then:",
             NVIDIA_WHEEL_LIBS_EXPORT + "   # every site-packages/nvidia/*/lib folder (put it "
             "in the venv's or conda env's activate script to keep it)",
             *_working_release_line(ctx, good)),
        knowledge_ref=fact.ref,
    )


def tf216_libs_not_found(ctx: Facts, dlopen: Hits) -> Finding | None:
    """``tf-2-16-nvidia-wheel-libs-not-found``: "Cannot dlopen some GPU libraries" from a
    TensorFlow release whose pip wheels do not find the libraries of the nvidia-* wheels
    (platform fact ``tf-216-nvidia-wheel-libs-not-found``: 2.16.1 and 2.17.0rc0,
    tensorflow/tensorflow#63362).  Only for those exact versions, on Linux/WSL2, for pip
    TensorFlow; ``None`` otherwise (the generic finding then says what to run)."""
    if ctx.windows or ctx.os == "macos":
        return None
    version = _tf216_release(ctx)
    if version is None:
        return None
    return _tf216_finding(ctx, version, log_evidence(dlopen), False,
                          "nothing to do when pip lists them already")


def _gpus_hidden_or_listed(ctx: Facts) -> bool:
    """Whether the log shows a reason for an empty GPU list other than the release (the
    GPUs hidden: CUDA_VISIBLE_DEVICES set to "" or -1, ``set_visible_devices([], 'GPU')``; a
    ``docker run`` without GPU access) or a GPU listed after all (then the empty list is of
    another device type or another run)."""
    hidden = any((h.g("v") or "").strip("\"'") in ("", "-1")
                 for h in ctx.h("ctx.cvd_set").all())
    hidden = hidden or bool(ctx.h("gpu.hide_call").count)
    docker = bool(ctx.h("docker.run_cmd").count) and not ctx.h("docker.gpus_cmd").count
    return hidden or docker or bool(ctx.tf_gpu_listed)


def tf216_lists_no_gpu(ctx: Facts, evidence: tuple[Evidence, ...]) -> Finding | None:
    """``tf-2-16-nvidia-wheel-libs-not-found`` (variant ``empty-list``, a warning) for an
    empty GPU list or CPU-only device list with no line saying why, from a TensorFlow
    release of platform fact ``tf-216-nvidia-wheel-libs-not-found`` on Linux (pip): that
    release lists no GPU even with its nvidia-* wheels installed, and the fix (the wheels,
    then their folders on LD_LIBRARY_PATH) also covers a plain ``pip install tensorflow``.
    ``None`` for other releases, another or unknown OS (native Windows has no GPU build
    after 2.10), TensorFlow not from pip, and a log that shows the GPUs hidden or listed."""
    if ctx.os != "linux" or _gpus_hidden_or_listed(ctx):
        return None
    version = _tf216_release(ctx)
    if version is None:
        return None
    return _tf216_finding(ctx, version, evidence, True,
                          "a plain pip install tensorflow brings none")


def _driver_lines(ctx: Facts, release: str) -> tuple[str, ...]:
    """A first fix line when the known NVIDIA driver is too old for the CUDA that TensorFlow
    ``release`` was built with (:func:`_common._driver_first`: knowledge tables
    tf_tested_configs and cuda_min_driver): the newest release that driver runs, or the
    driver upgrade before the lines that follow; empty when the driver is unknown or new
    enough."""
    line = c._driver_first(ctx, release, "the lines below")
    return (line,) if line is not None else ()


#: Puts every ``site-packages/nvidia/*/lib`` folder of the nvidia-* CUDA wheels on the loader
#: path (the workaround in tensorflow/tensorflow#63362 for the releases of platform fact
#: ``tf-216-nvidia-wheel-libs-not-found``, whose RUNPATH misses them).
NVIDIA_WHEEL_LIBS_EXPORT = (
    "export LD_LIBRARY_PATH=$(python -c 'import nvidia, os; "
    "d = list(nvidia.__path__)[0]; print(\":\".join(os.path.join(d, x, \"lib\") "
    "for x in sorted(os.listdir(d)) if os.path.isdir(os.path.join(d, x, \"lib\"))))')"
    "${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}")


def _working_release_line(ctx: Facts, good: str) -> tuple[str, ...]:
    """The "or move to release ``good``" line of ``tf-2-16-nvidia-wheel-libs-not-found``,
    when that release has a wheel for the Python the host facts or the log show (its
    tested Python range, knowledge table tf_tested_configs, is the range of its published
    wheels); otherwise a note that it has none for that Python, so the LD_LIBRARY_PATH line
    (or a venv with a Python it supports) is the way.  Nothing when the known driver is too
    old for the CUDA of ``good`` too (the driver line comes first then)."""
    build = ctx.kb.tested_gpu_build(good, "linux")
    if build is not None and c.driver_too_old(ctx, build.cuda) is not None:
        return ()
    line = ("# or: " + c.pip(ctx, "install", f"tensorflow[and-cuda]=={good}")
            + "   # the last release that finds them by itself")
    known = ctx.fix_python
    if known is None:
        return (line,)
    py, where = known
    fits, row = ctx.kb.wheel_for_python(good, "linux", py)
    if fits is not False or row is None:
        return (line,)
    return (f"# TensorFlow {good}, the last release that finds them by itself, has no wheel "
            f"for Python {py} ({where}; it supports Python {row.python_min}-{row.python_max}, "
            f"knowledge row {row.ref}): keep the LD_LIBRARY_PATH line above, or use a "
            f"Python {row.python_min}-{row.python_max} venv for "
            f"tensorflow[and-cuda]=={good}",)


# --- GPU intent turns "harmless without a GPU" into the reason --------------------------------


def runtime_missing_with_intent(ctx: Facts, filename: str, base: str, comp: str,
                                expected: str | None, same: list[Hit],
                                intent: list[Hit]) -> Finding:
    """``library-not-loaded-{library}`` (variant ``gpu-intent``, a warning): TensorFlow's CUDA
    runtime did not load AND the log shows the user asked for a GPU and got none
    (:meth:`tfgpu.facts.view.Facts.gpu_intent_evidence`).  TensorFlow's own "ignore above
    cudart dlerror if you do not have a GPU" is then not the honest answer: the missing
    runtime is why TensorFlow lists no GPU.  Intent is not proof of a GPU, so the wording
    stays conditional on one.  Fix: the CUDA/cuDNN of that TensorFlow's tested build
    (``tf_tested_configs.toml``) or, on Linux, the ``[and-cuda]`` extra."""
    fix = _path_fix(ctx, filename, base, expected)
    os_ = "windows" if ctx.windows else "linux"
    tested = ctx.kb.tested_gpu_build(ctx.tf_version, os_)
    if ctx.windows and tested is not None:
        fix.insert(2, f"# TensorFlow {ctx.tf_version} on Windows was built with CUDA "
                      f"{tested.cuda} + cuDNN {tested.cudnn} (knowledge row {tested.ref}): "
                      f"install both; cuDNN's bin folder on PATH too")
    asked = intent[0]
    setup = (f"The loader path of this process names {asked.g('gpudir')} (line {asked.line}), "
             "a folder one adds for a GPU" if asked.g("gpudir") else
             f"The log shows a GPU was asked for and none was listed (line {asked.line}: "
             f"{asked.text.strip()[:80]})")
    cause = (f"{setup}, and TensorFlow could not load {filename} ({comp}"
             + (f", needs {expected}" if expected else "")
             + "): without its CUDA runtime TensorFlow skips every GPU, so that is why it "
             "lists none. If this machine has no NVIDIA GPU, nothing is wrong and TensorFlow "
             "runs on the CPU.")
    return catalogue.make(
        "library-not-loaded-{library}", variant="gpu-intent",
        library=slug(filename), component=comp, filename=filename,
        needs=f" (needs {expected})" if expected else "",
        category="windows-dll" if ctx.windows else "gpu-not-visible",
        evidence=log_evidence(same, intent),
        cause=cause, fix=tuple(fix),
        doc="tf-pip-windows-native" if ctx.windows else None,
        knowledge_ref=tested.ref if tested is not None else None,
    )


# --- a missing CUDA runtime on a host the log does not show ----------------------


def _message_part(text: str) -> str:
    """``text`` without a glog prefix (``2021-05-01 10:00:01.0: I .../x.cc:156] ``), at
    most 120 characters: the words a cause quotes."""
    return text.strip().split("] ", 1)[-1][:120]


def runtime_missing_gpu_not_shown(ctx: Facts, filename: str, base: str, comp: str,
                                  expected: str | None, same: list[Hit],
                                  stub: list[Hit]) -> Finding:
    """``library-not-loaded-{library}`` (variant ``gpu-not-shown``, a warning): TensorFlow's
    CUDA runtime ``filename`` did not load, and nothing tells whether this host has an NVIDIA
    GPU (no host facts, no GPU line, no line saying there is no GPU or driver).

    TensorFlow cannot use any GPU in this run either way.  On a host with an NVIDIA GPU that
    is the fault, and the fix lines are the ones of a missing runtime (:func:`_path_fix`: the
    CUDA of that TensorFlow's tested build, ``tf_tested_configs.toml``, or the ``[and-cuda]``
    extra); on a host without one nothing is wrong, as TensorFlow's cudart stub says itself
    ("Ignore above cudart dlerror if you do not have a GPU set up on your machine.",
    platform fact ``cudart-stub-ignore-line``; quoted when the log has it).  ``nvidia-smi``
    comes first: it tells the two apart.  ``same``: the loader's lines; ``stub``: the stub's
    line (or none).  The CUDA release is the file name's (``parse_library``:
    ``libcudart.so.11.0`` -> CUDA 11, ``cudart64_101.dll`` -> CUDA 10.1)."""
    cuda = expected if expected and expected.startswith("CUDA") else "CUDA"
    if stub:
        text = stub[0].text.strip()
        quote = text[text.find("Ignore"):] if "Ignore" in text else text[-80:]
        loaded = "and the loader did not find it"
        none = (f"there is nothing to fix, as TensorFlow says itself (line {stub[0].line}: "
                f"\"{quote}\")")
    else:
        loaded = cudart_era.harmless_reading_words(ctx, filename).rstrip().rstrip(";")
        none = "there is nothing to fix (TensorFlow runs on the CPU)"
    cause = (f"TensorFlow tried to load {filename} ({comp}"
             + (f", needs {expected}" if expected else "")
             + f") {loaded}. Without its CUDA runtime TensorFlow registers no GPU, so this run "
             "cannot use one and runs on the CPU. The log shows neither an NVIDIA GPU nor a "
             "line saying there is none, so two cases remain: on a host with an NVIDIA GPU, "
             f"the {cuda} runtime this TensorFlow was built for is not installed or not on "
             f"the loader's path (the fix below); on a host without one {none}.")
    fix = ["nvidia-smi   # lists an NVIDIA GPU: the lines below apply; no NVIDIA GPU (or "
           "no nvidia-smi): nothing to fix, TensorFlow runs on the CPU",
           *_path_fix(ctx, filename, base, expected)]
    return catalogue.make(
        "library-not-loaded-{library}", variant="gpu-not-shown",
        library=slug(filename), filename=filename, cuda=cuda,
        category="windows-dll" if ctx.windows else "gpu-not-visible",
        evidence=log_evidence(same, stub),
        cause=cause, fix=tuple(fix),
        doc="tf-pip-windows-native" if ctx.windows else None,
    )


# --- the NVIDIA driver's own library on a host the log does not show ---------------------

#: The NVIDIA driver's user-space library as TensorFlow's dso_loader names it: Linux
#: ``libcuda.so.1`` (``DsoLoader::GetCudaDriverDsoHandle``; ``libcuda.so`` in some builds) and
#: Windows ``nvcuda.dll``.  The driver installs it, never CUDA or TensorFlow.
DRIVER_LIBRARIES = ("libcuda.so", "libcuda.so.1", "nvcuda.dll")


def gpu_setup_shown(ctx: Facts) -> bool:
    """Whether the host facts or the log show this process runs where an NVIDIA GPU is (or is
    meant to be): an NVIDIA GPU (:attr:`Facts.has_nvidia_gpu`: host facts, nvidia-smi's
    table, "Created device", a device listing), an NVIDIA driver version (host facts, the
    log's kernel / libcuda / nvidia-smi line), a CUDA install (:attr:`Facts.any_cuda_versions`),
    a GPU run (:meth:`Facts.gpu_run_evidence`: a GPU allocator's out-of-memory, a cuDNN or
    cuBLAS handle), a container (:attr:`Facts.in_container`) or a ``docker run --gpus`` /
    ``nvidia-docker run`` command (GPU access asked for), or a ``verify`` / ``bench`` child
    (:attr:`Facts.gpu_expected`).  Then a driver library that did not load is the fault."""
    return bool(ctx.has_nvidia_gpu or ctx.driver_known or ctx.any_cuda_versions
                or ctx.gpu_expected or ctx.in_container or ctx.h("docker.gpus_cmd").count
                or ctx.gpu_run_evidence())


def driver_library_reading(ctx: Facts, filename: str) -> str | None:
    """How TensorFlow's non-fatal line that the driver library ``filename`` (one of
    :data:`DRIVER_LIBRARIES`) did not load reads: ``"harmless"`` when the host facts show no
    NVIDIA GPU or the log says there is no NVIDIA GPU or driver
    (:meth:`Facts.no_gpu_log_evidence`), ``"gpu-not-shown"`` (a conditional warning) when
    nothing shows either way, ``None`` (the error) when :func:`gpu_setup_shown`, under WSL
    (wsl2-libcuda-not-found / wsl1-has-no-gpu say why) or for another file name.

    The same rule as a missing CUDA runtime (``library-not-loaded-{library}`` variants
    ``gpu-not-shown`` / ``harmless-without-gpu``) and cuInit's 303 beside TensorFlow's "no
    kernel driver" lines (``cuinit-{error}`` variant ``no-driver-shown``): TensorFlow's GPU
    builds print the line and go on with the CPU on every host without an NVIDIA driver
    (TF 1.14's "Could not dlopen library", 2.x's "Could not load dynamic library" are
    ``LOG(WARNING)``s of dso_loader.cc; cuda_stub.cc then answers every driver call, cuInit
    first, with ``CUDA_ERROR_SHARED_OBJECT_INIT_FAILED``)."""
    if filename.lower() not in DRIVER_LIBRARIES or ctx.wsl or ctx.wsl1:
        return None
    if any("ImportError" in h.text for h in ctx.h("lib.missing").all()
           if h.g("lib") == filename):
        return None  # a linked library: nothing of TensorFlow runs (library_load.py)
    if gpu_setup_shown(ctx):
        return None
    if ctx.has_nvidia_gpu is False or ctx.no_gpu_log_evidence():
        return "harmless"
    return "gpu-not-shown"


def driver_library_not_shown(ctx: Facts) -> list[Hit]:
    """The log's lines that the driver library did not load which
    :func:`rule_missing_libraries` reports as ``library-not-loaded-{library}`` variant
    ``driver-gpu-not-shown`` (its own reading: :func:`_missing_libraries`), in log order: a
    cuInit 303 beside them is their consequence, which that finding quotes (checks/driver.py
    ``rule_cuinit`` leaves it to it), and the reason TensorFlow lists no GPU
    (checks/visibility.py).  Empty when it reports none."""
    missing = ctx.h("lib.missing")
    if (not missing.count or ctx.other_framework
            or not any(f.lower() in DRIVER_LIBRARIES for f in missing.by_key)):
        return []  # no driver library missing: the reading below would find none
    return sorted(_missing_libraries(ctx)[1], key=lambda h: h.line)


def driver_library_failed_to_load(ctx: Facts) -> list[Hit]:
    """The log's lines that the NVIDIA driver library (:data:`DRIVER_LIBRARIES`) could not be
    loaded at all (``lib.missing``: TensorFlow's dso_loader "Could not load dynamic library
    'libcuda.so.1'; dlerror: ... cannot open shared object file", the loader wordings of other
    releases), when no line shows a driver library opened afterwards (``lib.opened``).

    Beside them a cuInit ``CUDA_ERROR_SHARED_OBJECT_INIT_FAILED`` (303) is TensorFlow's own
    stub answering without the library (cuda_stub.cc: a symbol it cannot resolve returns
    ``CUDA_ERROR_SHARED_OBJECT_INIT_FAILED``), not a libcuda that was loaded and failed to
    initialise, even when the log reports the kernel module's version (cuda_diagnostics.cc
    then prints "libcuda reported version is: NOT_FOUND: was unable to find libcuda.so DSO
    loaded into this program").  Empty when another framework's log is read or a driver
    library was opened."""
    if ctx.other_framework:
        return []
    if any(k.lower() in DRIVER_LIBRARIES for k in ctx.h("lib.opened").by_key):
        return []
    return sorted((h for k, h in ctx.h("lib.missing").by_key.items()
                   if k.lower() in DRIVER_LIBRARIES), key=lambda h: h.line)


def _cuinit_after(ctx: Facts) -> list[Hit]:
    """cuInit's ``CUDA_ERROR_SHARED_OBJECT_INIT_FAILED`` (303) lines: what TensorFlow's
    cuda_stub.cc answers when the driver library did not load."""
    return [h for h in ctx.h("cuinit").all()
            if h.g("code") == "303" or h.g("name") == "CUDA_ERROR_SHARED_OBJECT_INIT_FAILED"]


_DRIVER_FIX_WINDOWS = ("nvidia-smi   # lists an NVIDIA GPU: install or repair the NVIDIA display "
                       "driver (it installs nvcuda.dll in System32); no NVIDIA GPU (or no "
                       "nvidia-smi): nothing to fix, TensorFlow runs on the CPU",)


def driver_library_gpu_not_shown(ctx: Facts, filename: str, same: list[Hit]) -> Finding:
    """``library-not-loaded-{library}`` (variant ``driver-gpu-not-shown``, a warning): the
    NVIDIA driver's library ``filename`` (:data:`DRIVER_LIBRARIES`) did not load, and nothing
    shows whether this host has an NVIDIA GPU (:func:`driver_library_reading`).

    TensorFlow cannot use a GPU in this run either way; on a host without an NVIDIA GPU
    nothing is wrong, on one with a GPU the driver is missing, or its user-space files
    are off the loader's path, or a container was started without the GPU.  ``nvidia-smi``
    tells the two apart, so it comes first.  A cuInit 303 in the log is quoted as the
    consequence (cuda_stub.cc's answer without the library), and a line showing the user
    asked for a GPU and got none (:meth:`Facts.gpu_intent_evidence`) as the reason
    TensorFlow lists none."""
    cuinit = _cuinit_after(ctx)[:1]
    intent = ctx.gpu_intent_evidence()[:1] or ctx.h("ctx.ld_path_gpu").all()[:1]
    then = (f"; cuInit then failed with CUDA_ERROR_SHARED_OBJECT_INIT_FAILED (303, line "
            f"{cuinit[0].line}), TensorFlow's answer to every CUDA driver call without that "
            "library" if cuinit else "")
    asked = (f" The log shows a GPU was asked for (line {intent[0].line}: "
             f"\"{_message_part(intent[0].text)[:80]}\"): if this host has an NVIDIA GPU, "
             "this is why TensorFlow lists none." if intent else "")
    cause = (f"TensorFlow tried to load {filename}, the NVIDIA driver's user-space library "
             "(installed with the driver, never with CUDA or TensorFlow), and the loader did "
             f"not find it{then}. Without it CUDA cannot start, so TensorFlow registers no GPU "
             "and runs on the CPU. The log shows neither an NVIDIA GPU nor a driver, so two "
             "cases remain: on a host without an NVIDIA GPU this is expected and nothing needs "
             "fixing (TensorFlow's GPU builds print it on every such host); on a host with one, "
             "the NVIDIA driver is not installed, its user-space libraries are missing or not "
             "on the loader's path, or (in a container) the GPU was not passed in." + asked)
    if ctx.windows:
        fix: tuple[str, ...] = _DRIVER_FIX_WINDOWS
    else:
        fix = ("nvidia-smi   # lists an NVIDIA GPU: the lines below apply; no NVIDIA GPU (or "
               "no nvidia-smi): nothing to fix, TensorFlow runs on the CPU",
               "cat /proc/driver/nvidia/version; ldconfig -p | grep libcuda   # a loaded kernel "
               "module without libcuda in the loader cache: reinstall the driver's user-space "
               "package",
               "docker run --gpus all ...   # when in a container")
    return catalogue.make(
        "library-not-loaded-{library}", variant="driver-gpu-not-shown",
        library=slug(filename), filename=filename,
        category="windows-dll" if ctx.windows else "gpu-not-visible",
        evidence=log_evidence(same, cuinit, intent),
        cause=cause, fix=fix,
        doc="tf-pip-windows-native" if ctx.windows else None,
    )


def driver_library_harmless(ctx: Facts, filename: str, same: list[Hit]) -> Finding:
    """``library-not-loaded-{library}`` (variant ``harmless-without-gpu``): the NVIDIA
    driver's library ``filename`` did not load, and the host facts show no NVIDIA GPU or
    the log says there is no NVIDIA GPU or driver (:meth:`Facts.no_gpu_log_evidence`):
    TensorFlow runs on the CPU, as it should there."""
    no_gpu = ctx.no_gpu_log_evidence()
    said = ("the host facts show no NVIDIA GPU." if ctx.has_nvidia_gpu is False or not no_gpu
            else f"the log says this host has no NVIDIA GPU or driver (line {no_gpu[0].line}: "
                 f"\"{_message_part(no_gpu[0].text)}\").")
    return catalogue.make(
        "library-not-loaded-{library}", variant="harmless-without-gpu",
        library=slug(filename), filename=filename,
        evidence=log_evidence(same, no_gpu),
        cause=(f"TensorFlow tried to load {filename}, the NVIDIA driver's user-space library, "
               "and the loader did not find it, so TensorFlow runs on the CPU; " + said),
        fix=(),
        doc="tf-pip-windows-native" if ctx.windows else None,
    )


# --- cuDNN 8's sub-DLL with Windows error 126 -----------------------------------------------


def cudnn_sub_dll_126(ctx: Facts, code: str = "126") -> list[Hit]:
    """cuDNN 8's "Could not load library cudnn_<part>64_8.dll. Error code 126" hits (Windows
    ERROR_MOD_NOT_FOUND: the DLL or one it needs); ``windows-zlibwapi-missing`` variant
    ``sub-dll-126`` names both causes, and the library check leaves these lines to it.
    ``code="127"``: the same line with ERROR_PROC_NOT_FOUND (found, another build:
    ``windows-dll-procedure-not-found`` variant ``cudnn-sub-dll``, checks/windows.py)."""
    return [h for h in ctx.h("lib.missing").all()
            if re.fullmatch(r"cudnn_\w+64_8\.dll", (h.g("lib") or "").lower())
            and (h.g("err") or "").strip() == code]


# --------------------------------- LD_LIBRARY_PATH names only another CUDA 10.x or older

_CUDA_DIR = re.compile(r"cuda-(?P<v>\d{1,2}\.\d)(?=[/:;\s]|$)")


def ld_path_other_cuda(ctx: Facts) -> list[Finding]:
    """TensorFlow's dso_loader lines print the LD_LIBRARY_PATH it searched ("...; dlerror:
    ...; LD_LIBRARY_PATH: /usr/local/cuda-10.2/lib64"). When every versioned CUDA folder
    there is another CUDA than the one the installed TensorFlow release was built for
    (tf_tested_configs), and that CUDA is 10.x or older (whose library sonames carry the
    minor: libcudart.so.10.1 vs .so.10.2), TensorFlow's CUDA libraries are not in those
    folders -> ``cuda-minor-soname-mismatch`` (variant ``ld-library-path``, a warning: the
    right CUDA may still sit in the loader's default path).  OpenNMT/OpenNMT-tf#638: TF 2.1
    with only /usr/local/cuda-10.2/lib64 trained on the CPU; installing CUDA 10.1 fixed it."""
    tf = ctx.tf_version
    if not tf or ctx.windows or ctx.conda or ctx.non_pip_tensorflow or ctx.other_framework:
        return []
    hits = [h for h in ctx.h("lib.missing").all() if "LD_LIBRARY_PATH:" in h.text]
    if not hits or ctx.h("gpu.created").count or any(
            (h.g("lib") or "").startswith("libcudart") for h in ctx.h("lib.opened").all()):
        return []  # the CUDA runtime loaded after all (from the loader's default path)
    path = hits[0].text.split("LD_LIBRARY_PATH:", 1)[1]
    dirs = sorted({m.group("v") for m in _CUDA_DIR.finditer(path)})
    try:
        row = ctx.kb.config_for(tf, "linux")
    except KnowledgeQueryError:
        return []
    if row is None or not dirs or not row.cuda or not re.fullmatch(r"\d{1,2}\.\d", row.cuda):
        return []
    need = row.cuda
    if int(need.split(".")[0]) >= 11 or need in dirs:
        return []
    have = ", ".join(dirs)
    return [catalogue.make(
        "cuda-minor-soname-mismatch", variant="ld-library-path", tf=tf, need=need, have=have,
        evidence=log_evidence(hits[:1]) + tuple(ctx.fact_evidence()),
        knowledge_ref=row.ref,
        cause=(f"TensorFlow {tf} was built for CUDA {need} (knowledge row {row.ref}) and loads "
               f"that release's libraries by their versioned names (libcudart.so.{need} ...); "
               "up to CUDA 10.2 the soname carries the minor version, so another CUDA's "
               f"libraries do not satisfy it. The LD_LIBRARY_PATH TensorFlow printed holds only "
               f"CUDA {have}: unless CUDA {need} is in the loader's default path (ldconfig), "
               "TensorFlow finds no CUDA runtime and runs on the CPU."),
        fix=(f"ldconfig -p | grep -E 'libcudart.so.{need}|libcudnn'   # CUDA {need}'s runtime "
             "must be found",
             f"# install CUDA {need} (and its cuDNN) and put /usr/local/cuda-{need}/lib64 on "
             "LD_LIBRARY_PATH, or install the TensorFlow release built for CUDA "
             f"{have}"),
    )]
#: the fix when TF-TRT aborted because TensorRT did not load.
_TRT_NEEDED_FIX: tuple[str, ...] = (
    "python -c \"from tensorflow.python.compiler.tensorrt import trt_convert as trt; "
    "print(trt.trt_utils._pywrap_py_utils.get_linked_tensorrt_version())\"   # the TensorRT "
    "version this TensorFlow was built against (aborts the same way until it loads)",
    "ldconfig -p | grep -i libnvinfer   # the TensorRT libraries the loader can find",
    "# install that TensorRT major for this CUDA (NVIDIA's libnvinfer packages, or the "
    "tensorrt pip wheel for recent releases) and put its lib folder on LD_LIBRARY_PATH",
)


#: fix lines for NVIDIA's tensorrt Python package missing its libnvinfer (variant
#: python-package): the package and the system's TensorRT must be of one major
_TRT_PACKAGE_FIX: tuple[str, ...] = (
    "ldconfig -p | grep -i libnvinfer   # the TensorRT the system has (Debian/Jetson: dpkg -l "
    "| grep -i nvinfer)",
    "# install the TensorRT major the package's libnvinfer.so.N names, or a tensorrt package "
    "built for the TensorRT installed; on a Jetson the JetPack release decides TensorRT: use "
    "the JetPack (or an L4T container image) the application was built for",
)


def _tensorrt_package_import(ctx: Facts, hits: list[Hit]) -> bool:
    """Whether a missing libnvinfer line in ``hits`` is a Python ``ImportError`` raised while
    NVIDIA's tensorrt package was imported: a frame of ``tensorrt/__init__.py`` or an
    ``import tensorrt`` line up to 15 lines above it (pattern ``trt.python_import``)."""
    imports = ctx.h("trt.python_import").all()
    return any("ImportError" in h.text and any(h.line - 15 <= i.line < h.line for i in imports)
               for h in hits)


# ---------------------------------------------------------------------- dependency mismatched
#: glibc's dlerror for a symbol the loaded objects do not define: "<object>: undefined
#: symbol: <name>[, version <version node>]" (elf/dl-lookup.c; NVIDIA's CUDA libraries name
#: their version nodes after their SONAME: "version libcublasLt.so.11").
_UNDEF_RE = re.compile(
    r"(?P<obj>[^\s'\"]{0,300}?)(?P<lib>lib[\w+-][\w.+-]{0,80}?\.so[\w.]{0,20}): undefined "
    r"symbol: (?P<sym>[\w@.$]{1,200})(?:, version (?P<ver>[\w.+-]{1,80}))?")


def symbol_mismatches(ctx: Facts) -> dict[str, tuple[str, str, str, Hit]]:
    """``{library TensorFlow tried: (dependency named by the symbol version or "", symbol,
    path of the object glibc named, hit)}`` for ``lib.missing`` hits whose dlerror is glibc's
    undefined-symbol text: the file was found and opened; the copy of a library it links
    against that loaded lacks the symbol."""
    out: dict[str, tuple[str, str, str, Hit]] = {}
    for hit in ctx.h("lib.missing").kept():
        outer, err = hit.g("lib"), hit.g("err")
        if not outer or not err or outer in out:
            continue
        m = _UNDEF_RE.match(err.strip())
        if not m:
            continue
        ver = m.group("ver") or ""
        dep = ver if ver.startswith("lib") and ".so" in ver and ver != m.group("lib") else ""
        out[outer] = (dep, m.group("sym"), m.group("obj") + m.group("lib"), hit)
    return out


def library_dependency_mismatched(
    ctx: Facts, found: dict[str, tuple[str, str, str, Hit]]
) -> list[Finding]:
    """``library-dependency-mismatched``: one finding per library glibc found and opened but
    could not link, because a symbol it needs is missing from the copy of its dependency that
    loaded first (an older or other release's copy of the same SONAME earlier on the loader
    path, or a partly upgraded install); the fix shows which copy loads (``ldd``,
    ``LD_DEBUG=libs``). Variant ``unnamed`` when the message names no version node."""
    out: list[Finding] = []
    for outer, (dep, sym, obj, hit) in found.items():
        _, comp, _ = parse_library(outer)
        path = obj if "/" in obj else outer
        which = dep or "one of the libraries it links against"
        dep_word = dep.split(".so")[0] if dep else ""
        grep = f" | grep {dep_word}" if dep_word else ""
        fix = [
            f"ldd {path}{grep}   # which copy of {dep or 'each dependency'} the loader picks",
            "LD_DEBUG=libs python -c \"import tensorflow as tf; "
            "print(tf.config.list_physical_devices('GPU'))\" 2>&1 | grep -E "
            f"'{dep_word or outer.split('.so')[0]}'   # the file each name resolves to "
            "in TensorFlow",
            (f"ldconfig -p | grep {dep_word}; echo $LD_LIBRARY_PATH   # every copy of {dep}: "
             f"keep the one from the same release as {path} first, remove or reorder the other"
             if dep else
             f"keep the libraries of one CUDA/cuDNN release together: put the folder of "
             f"{path} and its matching dependencies first on LD_LIBRARY_PATH"),
        ]
        cause = (f"The loader found and opened {path} ({comp}), but a symbol it needs, {sym}, "
                 f"is missing from the copy of {which} that was loaded"
                 + (f" (the symbol version names {dep})" if dep else "")
                 + ". That copy comes from another release (older, or another CUDA/cuDNN "
                 f"update) than {outer}: two releases are mixed, as another copy found first "
                 "on the loader path (LD_LIBRARY_PATH, ldconfig) or a partly upgraded install. "
                 "The file is not missing: adding folders to the path does not help unless "
                 "the matching copy comes first. Without it TensorFlow skips the GPU.")
        ev = log_evidence([hit])
        out.append(
            catalogue.make("library-dependency-mismatched", library=outer, dependency=dep,
                           evidence=ev, cause=cause, fix=tuple(fix)) if dep else
            catalogue.make("library-dependency-mismatched", variant="unnamed", library=outer,
                           evidence=ev, cause=cause, fix=tuple(fix)))
    return out
