"""From hits to findings: one function per message kind.

Each rule reads the hits of its patterns plus the context (:class:`Ctx`) and returns
findings whose cause states the parsed numbers and whose fix is commands for the OS the
facts or the log show.  A rule never guesses: when the log does not say enough, the cause
says what is unknown and the fix says how to find out.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable

from tfgpu.explain import _compat as K
from tfgpu.explain._context import Ctx, log_evidence, size_to_mib
from tfgpu.explain._engine import Hit
from tfgpu.findings import Finding, Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO  # noqa: E741
Rule = Callable[[Ctx], list[Finding]]

AND_CUDA = 'pip install --upgrade "tensorflow[and-cuda]"'


def and_cuda_fix(ctx: Ctx) -> str:
    """The pip command for a CUDA-enabled TensorFlow that fits the host's Python.

    With host facts whose Python has no TensorFlow >= 2.14 wheels (the ``[and-cuda]``
    extra's first release, platform fact ``and-cuda-extra-first``), say so and name the
    newest release that Python can install (knowledge table tf_tested_configs) instead of a
    command that cannot succeed.
    """
    py = ctx.python_version
    if py and not ctx.windows:
        newest = K.newest_tf_for_python(py, windows=False)
        mm = K.tf_minor(newest[0]) if newest else None
        if newest is not None and mm is not None and mm < K.first_and_cuda_tf():
            first = ".".join(str(x) for x in K.first_and_cuda_tf())
            lo, hi = K.newest_tf_pythons()
            tested = K.tested_config(newest[0], windows=False)
            cuda = f" with CUDA {tested.cuda} + cuDNN {tested.cudnn} installed" if tested else ""
            return (
                f"Python {py} (host facts) has no TensorFlow >= {first} wheels, so "
                f'"tensorflow[and-cuda]" cannot install: create a venv with Python {lo}-{hi} '
                f"({venv_fix(ctx, hi)}), or pip install "
                f'"tensorflow=={newest[0]}"{cuda} '
                f"(knowledge row {newest[1]})"
            )
    return AND_CUDA + "   # Linux/WSL2: brings the matching CUDA/cuDNN wheels"


def venv_fix(ctx: Ctx, python: str) -> str:
    """Commands that create and activate a virtual environment with Python ``python``,
    in the syntax of the host's OS (Windows: the ``py`` launcher and ``Scripts``)."""
    if ctx.windows:
        return f"py -{python} -m venv .venv ; .venv\\Scripts\\activate"
    return f"python{python} -m venv .venv && . .venv/bin/activate"


# --- libraries ------------------------------------------------------------------------------------
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
    base = {
        "cudnn_ops_infer": "cudnn",
        "cudnn_cnn_infer": "cudnn",
        "cudnn_ops": "cudnn",
        "cudnn_cnn": "cudnn",
        "cudnn_adv": "cudnn",
        "cudnn_graph": "cudnn",
    }.get(base, base)
    comp = _COMPONENT.get(base, base)
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
        return base, comp, f"CUDA {parts[0]}"
    if base == "cudnn":
        return base, comp, f"cuDNN {ver.split('.')[0]}"
    if base in ("nvinfer", "nvinfer_plugin"):
        return base, comp, f"TensorRT {ver.split('.')[0]}"
    return base, comp, f"lib{base} {ver}"


def _path_fix(ctx: Ctx, filename: str, base: str, expected: str | None) -> list[str]:
    if ctx.windows:
        fix = [f"where {filename}"]
        if base in ("cudart", "cublas", "cublasLt", "cufft", "curand", "cusolver", "cusparse"):
            cuda = (expected or "CUDA").replace("CUDA ", "")
            tested = K.tested_config(ctx.tf_version, windows=True)
            if tested is not None and tested.cuda.split(".")[0] == cuda.split(".")[0]:
                folder, note = f"v{tested.cuda}", f" (TensorFlow {ctx.tf_version} row {tested.ref})"
            elif "." in cuda:
                folder, note = f"v{cuda}", ""
            else:
                folder = f"v{cuda}.x"
                note = f" (v{cuda}.x: the folder of the CUDA {cuda}.x release you installed)"
            fix.append(
                f"Install CUDA {cuda} and add its bin folder to PATH, e.g. PowerShell: "
                f'[Environment]::SetEnvironmentVariable("Path", $env:Path + '
                f'";C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\{folder}\\bin", "User")'
                + note
            )
        elif base == "cudnn":
            fix.append(
                f"Install {expected or 'cuDNN'} for your CUDA version and put the folder that "
                f"directly contains {filename} (cuDNN's bin folder) on PATH"
            )
        else:
            fix.append(f"Put the folder that directly contains {filename} on PATH")
        mm = ctx.tf_mm
        last = ".".join(str(x) for x in K.last_native_windows_gpu_tf())
        if mm is not None and mm > K.last_native_windows_gpu_tf():
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
    mm = ctx.tf_mm
    if mm is None or mm >= K.first_and_cuda_tf():
        fix.append(and_cuda_fix(ctx))
    tested = K.tested_config(ctx.tf_version, windows=False)
    if tested is not None:
        fix.append(
            f"or install CUDA {tested[0]} + cuDNN {tested[1]} (what TensorFlow {ctx.tf_version} "
            f"was built with) and add its lib64 to LD_LIBRARY_PATH, e.g. "
            f"export LD_LIBRARY_PATH=/usr/local/cuda-{tested[0]}/lib64:$LD_LIBRARY_PATH"
        )
    else:
        fix.append(
            "or add the folder holding it to LD_LIBRARY_PATH, e.g. "
            "export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH"
        )
    return fix


def rule_missing_libraries(ctx: Ctx) -> list[Finding]:
    """``Could not load dynamic library 'X'``, ``X: cannot open shared object file``..."""
    out: list[Finding] = []
    missing = ctx.h("lib.missing")
    dlopen = ctx.h("lib.dlopen")
    core_seen = False
    for filename, hit in missing.by_key.items():
        base, comp, expected = parse_library(filename)
        same = [h for h in missing.all() if h.g("lib") == filename] or [hit]
        if base in ("nvinfer", "nvinfer_plugin"):
            out.append(
                Finding(
                    id=f"tensorrt-not-loaded-{_slug(filename)}",
                    severity=I,
                    category="notice",
                    title=f"TensorRT library {filename} not loaded (optional)",
                    area="log",
                    evidence=log_evidence(same),
                    cause=(
                        f"{filename} is {expected or 'TensorRT'}, used only by TF-TRT "
                        "(tf.experimental.tensorrt). TensorFlow runs on the GPU without it."
                    ),
                    fix=(),
                    doc=K.DOC_TF_PIP,
                    harmless=True,
                )
            )
            continue
        if base == "cupti":
            continue  # the CUPTI rule reports it
        if base == "zlibwapi":
            continue  # the zlib rule reports it
        if base.startswith(("msvcp", "vcruntime")):
            continue
        stub = ctx.h("noise.cudart_stub")
        if base == "cudart" and stub.count and not ctx.has_nvidia_gpu:
            out.append(
                Finding(
                    id=f"library-not-loaded-{_slug(filename)}",
                    severity=I,
                    category="gpu-not-visible",
                    title=f"{filename} not loaded: harmless on a host without a GPU",
                    area="log",
                    evidence=log_evidence(same, stub.first[:1]),
                    cause=(
                        f"TensorFlow tried to load {filename} ({comp}"
                        + (f", needs {expected}" if expected else "")
                        + ") and says itself to ignore this when no GPU is set up; "
                        + (
                            "the host facts show no NVIDIA GPU."
                            if ctx.has_nvidia_gpu is False
                            else "the log shows no GPU. If this host has an NVIDIA GPU you "
                            "want to use, the fix below applies."
                        )
                    ),
                    fix=()
                    if ctx.has_nvidia_gpu is False
                    else tuple(_path_fix(ctx, filename, base, expected)),
                    doc=K.DOC_TF_PIP_WINDOWS if ctx.windows else K.DOC_TF_PIP,
                    harmless=True,
                )
            )
            continue
        core_seen = True
        installed = ""
        category = "gpu-not-visible"
        if ctx.windows:
            category = "windows-dll"
        elif expected and expected.startswith("CUDA ") and ctx.cuda_versions:
            have = ", ".join(ctx.cuda_versions)
            want_major = expected.split()[1].split(".")[0]
            if not any(v.split(".")[0] == want_major for v in ctx.cuda_versions):
                category = "version-mismatch"
                installed = f"; this host has CUDA {have} (host facts)"
        elif expected and expected.startswith("cuDNN ") and ctx.cudnn_versions:
            want = expected.split()[1]
            if not any(v.split(".")[0] == want for v in ctx.cudnn_versions):
                category = "version-mismatch"
                installed = f"; this host has cuDNN {', '.join(ctx.cudnn_versions)} (host facts)"
        err = hit.g("err")
        cause = (
            f"TensorFlow tried to load {filename} ({comp}"
            + (f", needs {expected}" if expected else "")
            + ") and the loader could not find it"
            + installed
            + ". Without it TensorFlow skips the GPU."
            + (f" Loader said: {err.strip()}" if err else "")
        )
        if base in ("cuda", "nvcuda"):
            cause = (
                f"{filename} is the NVIDIA driver's user-space library: the driver is not "
                "installed, or (in a container) the GPU was not passed in."
            )
            fix = ["nvidia-smi", "docker run --gpus all ...   # when in a container"]
        else:
            fix = _path_fix(ctx, filename, base, expected)
        out.append(
            Finding(
                id=f"library-not-loaded-{_slug(filename)}",
                severity=E,
                category=category,
                title=f"{comp} library {filename} could not be loaded"
                + (f" (needs {expected})" if expected else ""),
                area="cuda",
                evidence=log_evidence(same, dlopen.first[:1]),
                cause=cause,
                fix=tuple(fix),
                doc=K.DOC_TF_PIP_WINDOWS if ctx.windows else K.DOC_TF_PIP,
            )
        )
    if dlopen.count and not core_seen:
        fix = [
            'TF_CPP_MAX_VLOG_LEVEL=3 python -c "import tensorflow as tf; '
            "print(tf.config.list_physical_devices('GPU'))\" 2>&1 | grep -iE 'dlopen|dso_loader'",
        ]
        if ctx.windows:
            fix.append("then put the folder holding the named DLL on PATH")
        else:
            fix.append(
                "then fix LD_LIBRARY_PATH (or the module load order) so that folder stays on it"
            )
            fix.append("or: " + and_cuda_fix(ctx))
        out.append(
            Finding(
                id="gpu-libraries-not-loaded",
                severity=E,
                category="gpu-not-visible",
                title="TensorFlow could not load some GPU libraries and skips the GPU",
                area="cuda",
                evidence=log_evidence(dlopen),
                cause=(
                    "TensorFlow failed to dlopen at least one CUDA/cuDNN library; at the default "
                    "log "
                    "level the log does not say which one."
                ),
                fix=tuple(fix),
                doc=K.DOC_TF_PIP,
            )
        )
    return out


def _slug(text: str) -> str:
    s = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return s or "x"


# --- cuDNN and driver versions --------------------------------------------------------------------
def _cudnn_num(text: str) -> tuple[int, int, int] | None:
    if "." in text:
        parts = [int(p) for p in text.split(".") if p.isdigit()]
        parts += [0] * (3 - len(parts))
        return parts[0], parts[1], parts[2]
    if not text.isdigit():
        return None
    n = int(text)
    return n // 1000, (n % 1000) // 100, n % 100


def _ver(t: tuple[int, int, int]) -> str:
    return f"{t[0]}.{t[1]}.{t[2]}"


def rule_cudnn_mismatch(ctx: Ctx) -> list[Finding]:
    """``Loaded runtime CuDNN library: X but source was compiled with: Y``."""
    hits = ctx.h("cudnn.mismatch")
    hit = hits.first[0] if hits.first else None
    if hit is None:
        return []
    rt, src = _cudnn_num(hit.g("rt") or ""), _cudnn_num(hit.g("src") or "")
    if rt is None or src is None:
        return []
    cause = f"TensorFlow was compiled against cuDNN {_ver(src)} but loaded cuDNN {_ver(rt)}"
    fix: list[str] = []
    want = f"{src[0]}.{src[1]}.{src[2]}"
    if rt[0] == src[0] and rt[:2] < src[:2]:
        cause += (
            f": an older cuDNN {rt[0]}.{rt[1]} copy was found first (cuDNN needs the same "
            "major and an equal or newer minor)."
        )
        if ctx.conda:
            fix += ["conda list cudnn", f"conda install cudnn={want}   # inside that environment"]
        if ctx.windows:
            fix += [
                f"where cudnn64_{rt[0]}.dll",
                f"remove or move the stale cuDNN {rt[0]}.{rt[1]} DLL so the {want} one comes "
                f"first on PATH",
            ]
        elif not ctx.conda:
            fix += [
                "ldconfig -p | grep libcudnn; echo $LD_LIBRARY_PATH",
                f"put cuDNN {want}'s lib folder first on LD_LIBRARY_PATH or remove the old copy",
            ]
        if not ctx.conda:
            cu = _runtime_major(ctx)
            cu_major = (cu or "").split(".")[0] or ("12" if src[0] >= 9 else "11")
            fix += [
                "pip list 2>/dev/null | grep -i cudnn   # another framework's wheel may bring "
                "the older copy"
                if not ctx.windows
                else "pip list | findstr /i cudnn   # another framework's wheel may bring the "
                "older copy",
                f'pip install -U "nvidia-cudnn-cu{cu_major}>={src[0]}.{src[1]}"   # cuDNN '
                f"{src[0]}.{src[1]} or newer {src[0]}.x as a pip wheel (CUDA {cu_major} build)",
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
    return [
        Finding(
            id="cudnn-version-mismatch",
            severity=E,
            category="version-mismatch",
            title=f"cuDNN {_ver(rt)} loaded, TensorFlow was built with {_ver(src)}",
            area="cuda",
            evidence=log_evidence(hits),
            cause=cause,
            fix=tuple(fix),
            doc=K.DOC_TF_SOURCE_WINDOWS_GPU if ctx.windows else K.DOC_TF_SOURCE_GPU,
        )
    ]


def _runtime_major(ctx: Ctx) -> str | None:
    for name in ("lib.opened",):
        for key in ctx.h(name).by_key:
            base, _, expected = parse_library(key)
            if base == "cudart" and expected:
                return expected.replace("CUDA ", "")
    mm = ctx.tf_mm
    tested = K.tested_config(ctx.tf_version, ctx.windows) if mm else None
    return tested[0] if tested else None


def rule_driver_insufficient(ctx: Ctx) -> list[Finding]:
    """``CUDA driver version is insufficient for CUDA runtime version``."""
    hits = ctx.h("driver.insufficient")
    if not hits.count:
        return []
    rt = _runtime_major(ctx)
    drv = ctx.driver_version
    minimum = K.min_driver(rt, ctx.windows) if rt else None
    floor = minimum.version if minimum else None
    cause = "The NVIDIA driver is older than the CUDA runtime TensorFlow loaded"
    if rt:
        cause += f" (CUDA {rt}"
        opened = [h for h in ctx.h("lib.opened").all() if "cudart" in (h.g("lib") or "")]
        cause += (
            ", from the libcudart it opened)"
            if opened
            else ", what this TensorFlow was built with)"
        )
    if floor:
        cause += f"; CUDA {rt} needs driver >= {floor}"
    if drv:
        cause += f"; this driver is {drv}"
    cause += "."
    fix = []
    if floor:
        fix.append(
            f"upgrade the NVIDIA driver to >= {floor}"
            + (
                " (https://www.nvidia.com/drivers)"
                if ctx.windows
                else ", e.g. sudo ubuntu-drivers install   # Ubuntu"
            )
        )
    else:
        fix.append("upgrade the NVIDIA driver (nvidia-smi shows the newest CUDA it supports)")
    fix.append(
        "or install a TensorFlow build for the CUDA version your driver supports "
        "(nvidia-smi: 'CUDA Version')"
    )
    return [
        Finding(
            id="driver-too-old-for-cuda-runtime",
            severity=E,
            category="version-mismatch",
            title="NVIDIA driver too old for the CUDA runtime TensorFlow uses",
            area="driver",
            evidence=log_evidence(
                hits,
                [
                    h
                    for h in ctx.h("cuinit").all()
                    if h.g("name") == "CUDA_ERROR_INSUFFICIENT_DRIVER"
                ],
                ctx.h("lib.opened").first[:2],
            ),
            cause=cause,
            fix=tuple(fix),
            doc=K.DOC_CUDA_COMPAT,
            knowledge_ref=minimum.ref if minimum else None,
        )
    ]


def rule_driver_mismatch(ctx: Ctx) -> list[Finding]:
    """Kernel module and user-space driver library of different versions."""
    hits = ctx.h("driver.mismatch")
    if not hits.count:
        return []
    h = hits.first[0]
    cause = "The loaded NVIDIA kernel module and the user-space driver library differ"
    if h.g("k"):
        cause += f" (kernel {h.g('k')}, library {h.g('dso')})"
    cause += ", usually after a driver upgrade without a reboot."
    return [
        Finding(
            id="driver-library-mismatch",
            severity=E,
            category="version-mismatch",
            title="NVIDIA kernel module and driver library versions differ",
            area="driver",
            evidence=log_evidence(
                hits,
                [
                    h
                    for h in ctx.h("cuinit").all()
                    if h.g("name") == "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH" or h.g("code") == "803"
                ],
            ),
            cause=cause,
            fix=(
                "reboot (loads the new kernel module)",
                "nvidia-smi   # must print the table again",
            ),
            doc=K.DOC_CUDA_COMPAT,
        )
    ]


_CUINIT_HELP: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "CUDA_ERROR_NO_DEVICE": (
        "gpu-not-visible",
        "the CUDA driver sees no CUDA-capable GPU: none is installed, CUDA_VISIBLE_DEVICES hides "
        "them, or (WSL2/containers) the GPU is not passed through",
        ("nvidia-smi", "echo $CUDA_VISIBLE_DEVICES   # empty or -1 hides every GPU"),
    ),
    "CUDA_ERROR_SHARED_OBJECT_INIT_FAILED": (
        "gpu-not-visible",
        "the driver library (libcuda) failed to initialise: no NVIDIA kernel driver is loaded",
        ("nvidia-smi", "docker run --gpus all ...   # inside a container"),
    ),
    "CUDA_ERROR_INSUFFICIENT_DRIVER": (
        "version-mismatch",
        "the installed NVIDIA driver is older than the CUDA runtime TensorFlow uses",
        ("nvidia-smi   # 'CUDA Version' is the newest CUDA this driver supports",),
    ),
    "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH": (
        "version-mismatch",
        "the display driver and the CUDA driver library have different versions",
        ("reboot after a driver upgrade", "nvidia-smi"),
    ),
    "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE": (
        "version-mismatch",
        "a CUDA forward-compatibility package (cuda-compat) is in use on a GPU that does not "
        "support it (forward compatibility is for data-centre GPUs)",
        ("echo $LD_LIBRARY_PATH   # remove the cuda-compat folder from it",),
    ),
    "CUDA_ERROR_STUB_LIBRARY": (
        "gpu-not-visible",
        "the stub libcuda.so from the toolkit's lib64/stubs folder was loaded instead of the "
        "driver's libcuda",
        ("echo $LD_LIBRARY_PATH   # remove .../lib64/stubs from it",),
    ),
    "CUDA_ERROR_DEVICE_UNAVAILABLE": (
        "gpu-not-visible",
        "the GPU is busy or unavailable (exclusive-process compute mode held by another process)",
        (
            "nvidia-smi --query-gpu=compute_mode --format=csv",
            "nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv",
        ),
    ),
    "CUDA_ERROR_UNKNOWN": (
        "gpu-not-visible",
        "the driver reported an unknown error (often a driver in a bad state after suspend, or a "
        "broken WSL2 GPU passthrough)",
        ("nvidia-smi", "reboot"),
    ),
}


#: cuInit errors that restate a fault another pattern's finding already reports (that
#: finding quotes the cuInit line too), so only one finding is given.
_CUINIT_REPORTED_BY: dict[str, str] = {
    "CUDA_ERROR_INSUFFICIENT_DRIVER": "driver.insufficient",
    "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH": "driver.mismatch",
}


def rule_cuinit(ctx: Ctx) -> list[Finding]:
    """``failed call to cuInit: CUDA_ERROR_...`` or ``UNKNOWN ERROR (303)``."""
    hits = ctx.h("cuinit")
    out: list[Finding] = []
    done: set[str] = set()
    for hit in hits.all():
        name = hit.g("name")
        code = hit.g("code")
        if name is None and code is not None:
            name = K.CURESULT.get(int(code))
        if name is None or name in done:
            continue
        done.add(name)
        if name == "CUDA_ERROR_OUT_OF_MEMORY":
            continue
        restated = _CUINIT_REPORTED_BY.get(name)
        if restated is not None and ctx.h(restated).count:
            continue  # that pattern's finding reports this fault, with this line as evidence
        cat, why, fix = _CUINIT_HELP.get(
            name, ("gpu-not-visible", "see the CUresult description", ("nvidia-smi",))
        )
        num = code or next((str(k) for k, v in K.CURESULT.items() if v == name), None)
        num = num or "code not in tfgpu's CUresult table"
        libcuda_v = ctx.h("driver.libcuda").last
        kernel_v = ctx.h("driver.kernel").last
        sev_override: Severity | None = None
        if name == "CUDA_ERROR_SHARED_OBJECT_INIT_FAILED" and (libcuda_v or kernel_v):
            lv = libcuda_v.g("v") if libcuda_v else None
            kv = kernel_v.g("v") if kernel_v else None
            cat = "version-mismatch"
            sev_override = E
            if lv and kv:
                why = (
                    f"the kernel driver is loaded (kernel reported version {kv}) and libcuda "
                    f"reports {lv}, yet libcuda failed to initialise: the libcuda this process "
                    "loaded does not belong to the running driver or cannot talk to it (a "
                    "container's or WSL's libcuda, or a stale libcuda.so on LD_LIBRARY_PATH)"
                    + ("; the two versions differ" if lv != kv else "")
                )
            else:
                why = (
                    f"the log reports a driver version ({kv or lv}), so a driver is installed, "
                    "but libcuda failed to initialise: a user-space libcuda that does not "
                    "match the kernel driver (container/WSL libcuda, stale copy on "
                    "LD_LIBRARY_PATH)"
                )
            fix = (
                "ldconfig -p | grep libcuda; echo $LD_LIBRARY_PATH   # which libcuda is "
                "found first",
                "cat /proc/driver/nvidia/version   # the kernel driver version",
                "remove the stale libcuda folder from LD_LIBRARY_PATH (a toolkit's "
                "lib64/stubs or compat folder, a copied libcuda.so)",
                "in a container: docker run --gpus all ... (the NVIDIA Container Toolkit "
                "mounts the host's matching libcuda); in WSL2 use /usr/lib/wsl/lib only",
            )
        no_gpu = ctx.has_nvidia_gpu is False
        if no_gpu and name in ("CUDA_ERROR_NO_DEVICE", "CUDA_ERROR_SHARED_OBJECT_INIT_FAILED"):
            out.append(
                Finding(
                    id=f"cuinit-{_slug(name.replace('CUDA_ERROR_', ''))}",
                    severity=I,
                    category=cat,
                    title=f"cuInit failed with {name} ({num}): expected on a host without an "
                    f"NVIDIA GPU",
                    area="log",
                    evidence=log_evidence([hit]),
                    cause=f"{name} = {num}: {why}. The host facts show no NVIDIA GPU, so this is "
                    f"harmless.",
                    doc=K.DOC_CUDA_TYPES,
                    harmless=True,
                )
            )
            continue
        if ctx.wsl and name in ("CUDA_ERROR_NO_DEVICE", "CUDA_ERROR_UNKNOWN"):
            cat = "wsl2"
            why += "; in WSL2 this usually follows a Windows or Windows-driver update"
            fix = (
                "nvidia-smi   # inside WSL",
                "wsl --shutdown   # from Windows, then reopen",
                "wsl --update",
                "reinstall the Windows NVIDIA driver (never a Linux driver inside WSL)",
            )
        # Error only when a GPU is known to be there; unknown host: a warning that says so.
        sev = sev_override or (E if ctx.has_nvidia_gpu else W)
        out.append(
            Finding(
                id=f"cuinit-{_slug(name.replace('CUDA_ERROR_', ''))}",
                severity=sev,
                category=cat,
                title=f"CUDA initialisation failed: {name} ({num})",
                area="driver",
                evidence=log_evidence([hit], [x for x in (libcuda_v, kernel_v) if x is not None]),
                cause=f"cuInit returned {name} = {num}: {why}."
                + (
                    ""
                    if ctx.has_nvidia_gpu or sev_override
                    else " If this host has no NVIDIA GPU, this is expected."
                ),
                fix=fix,
                doc=K.DOC_WSL if cat == "wsl2" else K.DOC_CUDA_TYPES,
            )
        )
    return out


def rule_cuda_drivers(ctx: Ctx) -> list[Finding]:
    """``Could not find cuda drivers on your machine, GPU will not be used``."""
    hits = ctx.h("cuda.drivers")
    if not hits.count:
        return []
    gpu = ctx.has_nvidia_gpu
    tf = ctx.tf_version
    if gpu:
        tested = K.tested_config(tf, ctx.windows)
        have = ctx.cuda_versions
        if tested and have and not any(v.split(".")[0] == tested[0].split(".")[0] for v in have):
            return [
                Finding(
                    id="tf-cuda-runtime-missing",
                    severity=E,
                    category="version-mismatch",
                    title=f"TensorFlow {tf} needs CUDA {tested[0]}, "
                    f"this host has CUDA {', '.join(have)}",
                    area="cuda",
                    evidence=log_evidence(hits) + tuple(ctx.fact_evidence()),
                    cause=(
                        f"TensorFlow {tf} was built with CUDA {tested[0]} / cuDNN {tested[1]} and "
                        f"loads the CUDA {tested[0].split('.')[0]} runtime; "
                        f"only CUDA {', '.join(have)} "
                        "is installed, so the runtime stub prints this misleading 'could not find "
                        "cuda drivers'"
                        + (
                            f" (the NVIDIA driver {ctx.driver_version} itself is present)."
                            if ctx.driver_known
                            else "; the facts hold no driver data, so check the driver too."
                        )
                    ),
                    fix=(
                        f"install CUDA {tested[0]} + cuDNN {tested[1]} (or the pip nvidia-*-cu"
                        f"{tested[0].split('.')[0]} wheels) and put their lib folders on "
                        f"LD_LIBRARY_PATH",
                        "or upgrade: " + and_cuda_fix(ctx),
                        *(() if ctx.driver_known else ("nvidia-smi   # the driver version",)),
                    ),
                    doc=K.DOC_TF_SOURCE_GPU,
                    knowledge_ref=tested.ref,
                )
            ]
        gev = ctx.gpu_log_evidence()
        where = (
            f"the log itself shows an NVIDIA GPU (lines {', '.join(str(h.line) for h in gev[:3])})"
            if gev
            else "the host facts show an NVIDIA GPU"
        )
        drv = ctx.driver_version
        fix_list = (
            [
                "where cudart64_*.dll",
                "native Windows GPU support ends at TensorFlow 2.10: use WSL2 for newer "
                'releases, or pip install "tensorflow<2.11" with CUDA 11.2 + cuDNN 8.1 on PATH',
            ]
            if ctx.windows
            else [
                and_cuda_fix(ctx),
                "ldconfig -p | grep -E 'libcuda|libcudart'   # the driver's libcuda and the "
                "CUDA runtime",
                'python -c "import tensorflow as tf; print(tf.sysconfig.get_build_info())"   '
                "# the CUDA version TensorFlow needs",
            ]
        )
        return [
            Finding(
                id="tf-cuda-runtime-missing",
                severity=E,
                category="gpu-not-visible",
                title="TensorFlow's CUDA libraries were not found on a host with an NVIDIA GPU",
                area="cuda",
                evidence=log_evidence(hits, gev),
                cause=(
                    f"'Could not find cuda drivers' comes from TensorFlow's CUDA runtime stub, "
                    f"and {where}"
                    + (f" with driver {drv}" if drv else "")
                    + ": so this is not the harmless no-GPU notice. TensorFlow could not load "
                    "its CUDA runtime libraries (the CUDA version it was built for: a CPU-only "
                    "install, missing nvidia-* wheels, or libcuda not found)."
                ),
                fix=tuple(fix_list),
                doc=K.DOC_TF_PIP_WINDOWS if ctx.windows else K.DOC_TF_PIP,
            )
        ]
    sev_note = (
        "The host facts show no NVIDIA GPU, so this is expected and harmless."
        if gpu is False
        else "On a host without an NVIDIA GPU this is expected. If this host has one, the CUDA "
        "runtime of TensorFlow's CUDA version was not found: run `tfgpu doctor`."
    )
    return [
        Finding(
            id="cuda-drivers-not-found-notice",
            severity=I,
            category="gpu-not-visible",
            title="'Could not find cuda drivers': TensorFlow runs on the CPU",
            area="log",
            evidence=log_evidence(hits),
            cause=sev_note,
            fix=() if gpu is False else ("tfgpu doctor",),
            doc=K.DOC_TF_PIP,
            harmless=True,
        )
    ]


# --- Windows --------------------------------------------------------------------------------------
def rule_windows(ctx: Ctx) -> list[Finding]:
    """DLL load failures, zlibwapi, MSVC runtime, crash codes."""
    out: list[Finding] = []
    dll = ctx.h("win.dll_load")
    for hit in dll.first[:1]:
        why = (hit.g("why") or "").strip()
        if "initialization routine failed" in why.lower():
            flags = ctx.facts.cpu.flags if ctx.facts is not None else ()
            if flags and "avx" in flags:
                cause = (
                    "A DLL's initialisation routine failed. The CPU has AVX (host facts), so the "
                    "usual cause (no AVX) is ruled out: check the MSVC runtime."
                )
                fix: tuple[str, ...] = ("winget install Microsoft.VCRedist.2015+.x64",)
            else:
                cause = (
                    "TensorFlow's native module aborted while initialising. Official TensorFlow "
                    "wheels since 1.6 are compiled with AVX instructions; on a CPU without AVX "
                    "this is exactly the error, whatever the CUDA/cuDNN setup."
                )
                fix = (
                    "check that the CPU supports AVX (Sysinternals: coreinfo64 -f | findstr AVX)",
                    "on a CPU without AVX: install a community TensorFlow wheel built without AVX, "
                    "or use another machine; reinstalling CUDA/cuDNN does not help",
                    "if the CPU has AVX: winget install Microsoft.VCRedist.2015+.x64",
                )
            out.append(
                Finding(
                    id="windows-dll-init-failed",
                    severity=E,
                    category="windows-dll",
                    title="Windows: TensorFlow's DLL failed to initialise",
                    area="environment",
                    evidence=log_evidence(dll),
                    cause=cause,
                    fix=fix,
                    doc=K.DOC_TF_PIP_WINDOWS,
                )
            )
        else:
            cudnn = ctx.cudnn_versions
            names = []
            tested = K.tested_config(ctx.tf_version, windows=True)
            if tested:
                names.append(K.windows_cudart_dll(tested[0]))
                names.append(f"cudnn64_{tested[1].split('.')[0]}.dll")
            elif cudnn:
                names.append(f"cudnn64_{cudnn[0].split('.')[0]}.dll")
            else:
                names += ["cudart64_*.dll", "cudnn64_*.dll"]
            cause = (
                "Windows could not find a DLL that TensorFlow's native module "
                f"({hit.g('mod') or '_pywrap_tensorflow_internal'}) depends on: a CUDA/cuDNN "
                "DLL of the version the wheel was built for, or the MSVC runtime, is not in a "
                "folder on PATH. Windows does not search sub-folders: the folder that directly "
                "contains each DLL must be on PATH."
            )
            if tested:
                cause += (
                    f" TensorFlow {ctx.tf_version} (native Windows) was built with CUDA "
                    f"{tested[0]} and cuDNN {tested[1]}."
                )
            out.append(
                Finding(
                    id="windows-dll-not-found",
                    severity=E,
                    category="windows-dll",
                    title="Windows: a DLL TensorFlow needs was not found",
                    area="environment",
                    evidence=log_evidence(dll),
                    cause=cause,
                    fix=tuple(
                        [f"where {n}" for n in names]
                        + [
                            "add the folder that directly contains each missing DLL (e.g. "
                            "...\\cuda\\bin)"
                            " to PATH, or copy cuDNN's bin/include/lib into the CUDA toolkit "
                            "folders",
                            "winget install Microsoft.VCRedist.2015+.x64   # MSVC runtime",
                        ]
                        + (
                            []
                            if tested
                            else [
                                "note: native Windows GPU support ends at TensorFlow "
                                + ".".join(str(x) for x in K.last_native_windows_gpu_tf())
                                + " (CUDA 11.2 + cuDNN 8.1); newer releases need WSL2 for the GPU"
                            ]
                        )
                    ),
                    doc=K.DOC_TF_PIP_WINDOWS,
                )
            )
    zlib = [h for h in ctx.h("lib.missing").all() if "zlibwapi" in (h.g("lib") or "").lower()]
    status = ctx.h("win.status")
    loaded = ctx.h("cudnn.loaded").first
    cudnn_v = int(loaded[0].g("v") or 0) if loaded else 0
    if zlib:
        out.append(
            Finding(
                id="windows-zlibwapi-missing",
                severity=E,
                category="windows-dll",
                title="Windows: cuDNN cannot find zlibwapi.dll",
                area="environment",
                evidence=log_evidence(zlib),
                cause="cuDNN 8.3 and newer on Windows need zlibwapi.dll, which is not on PATH.",
                fix=(
                    "download zlib for Windows (zlibwapi.dll) as NVIDIA's cuDNN install guide "
                    "describes",
                    "copy zlibwapi.dll into the CUDA bin folder (a folder on PATH)",
                ),
                doc=K.DOC_ZLIB,
            )
        )
    elif (
        status.count
        and any((h.g("code") or "").lower() in ("-1073740791", "0xc0000409") for h in status.all())
        and (cudnn_v >= 8300 or (ctx.windows and cudnn_v))
    ):
        out.append(
            Finding(
                id="windows-zlibwapi-missing",
                severity=E,
                category="windows-dll",
                title="Windows: process crashed (0xC0000409) right after cuDNN loaded",
                area="environment",
                evidence=log_evidence(loaded, status),
                cause=(
                    f"cuDNN {cudnn_v // 1000}.{(cudnn_v % 1000) // 100} was loaded and the "
                    f"process "
                    "then died with 0xC0000409 without a Python traceback. cuDNN >= 8.3 on "
                    "Windows "
                    "aborts this way when zlibwapi.dll is missing (likely cause; an IDE hides "
                    "the "
                    "'Could not locate zlibwapi.dll' line)."
                ),
                fix=(
                    "run the script from a plain console to see the 'Could not locate "
                    "zlibwapi.dll' line",
                    "put zlibwapi.dll (zlib for Windows, see NVIDIA's cuDNN install guide) "
                    "into the "
                    "CUDA bin folder",
                    "or use a cuDNN older than 8.3",
                ),
                doc=K.DOC_ZLIB,
            )
        )
    msvc = ctx.h("lib.msvc")
    msvc_missing = [h for h in msvc.all() if h.g("dlls")] + [
        h
        for h in ctx.h("lib.missing").all()
        if (h.g("lib") or "").lower().startswith(("msvcp", "vcruntime"))
    ]
    if msvc_missing:
        out.append(
            Finding(
                id="windows-msvc-runtime-missing",
                severity=E,
                category="windows-dll",
                title="Windows: the Microsoft Visual C++ runtime is missing",
                area="environment",
                evidence=log_evidence(msvc_missing),
                cause="TensorFlow needs msvcp140.dll/msvcp140_1.dll from the Visual C++ 2015-2022 "
                "redistributable, which is not installed.",
                fix=("winget install Microsoft.VCRedist.2015+.x64",),
                doc=K.DOC_MSVC,
            )
        )
    return out


# --- pip and import -------------------------------------------------------------------------------
def rule_pip(ctx: Ctx) -> list[Finding]:
    """Removed tensorflow-gpu, no matching distribution, NumPy ABI, protobuf descriptors."""
    out: list[Finding] = []
    removed, named, failed = (
        ctx.h("pip.tfgpu_removed"),
        ctx.h("pip.tfgpu_named"),
        ctx.h("pip.failed"),
    )
    if removed.count or (named.count and failed.count):
        fix = [
            'replace "tensorflow-gpu" with "tensorflow" in requirements/environment files',
            'pip install "tensorflow[and-cuda]"   # Linux, TensorFlow >= 2.14'
            if not ctx.windows
            else "pip install tensorflow",
        ]
        cause = (
            "The tensorflow-gpu name was retired in December 2022: versions from 2.12 are "
            'empty placeholder packages that fail on install. "tensorflow" has been the same '
            "GPU-enabled build since 2.1."
        )
        if not removed.count:
            cause += (
                " Newer pip/setuptools fail while reading the placeholder's metadata, so the "
                "'package has been removed' notice may not even show."
            )
        f = ctx.facts
        if f is not None and f.gpus and not f.nvidia_gpus:
            vendors = ", ".join(sorted({g.vendor for g in f.gpus}))
            cause += (
                f" Also, this host's GPU is {vendors}, not NVIDIA: CUDA builds of TensorFlow "
                "cannot use it."
            )
            fix.append(
                "for an AMD GPU: tensorflow-rocm on a ROCm-supported Radeon (Linux), or the "
                "DirectML plugin on Windows; otherwise TensorFlow runs on the CPU"
            )
        out.append(
            Finding(
                id="tensorflow-gpu-package-removed",
                severity=E,
                category="pip",
                title="The tensorflow-gpu package no longer installs",
                area="python",
                evidence=log_evidence(removed, named, failed.first[:2]),
                cause=cause,
                fix=tuple(fix),
                doc=K.DOC_TF_PIP,
                knowledge_ref="platform_facts:tensorflow-gpu-removed",
            )
        )
    elif named.count:
        out.append(
            Finding(
                id="tensorflow-gpu-package-named",
                severity=W,
                category="pip",
                title="tensorflow-gpu is a retired package name",
                area="python",
                evidence=log_evidence(named),
                cause="tensorflow-gpu stopped at 2.11 (Linux) / 2.10.1 (Windows); use tensorflow.",
                fix=('pip install "tensorflow[and-cuda]"',),
                doc=K.DOC_TF_PIP,
            )
        )
    nod = ctx.h("pip.no_dist")
    if nod.count:
        py = ctx.facts.python.version if ctx.facts is not None else None
        bits = ctx.facts.python.bits if ctx.facts is not None else None
        lo, hi = K.newest_tf_pythons()
        cause = (
            "pip found no TensorFlow wheel for this interpreter and platform. Wheels exist only "
            f"for 64-bit CPython; current releases cover Python {lo}-{hi}."
        )
        if py:
            cause += f" This Python is {py}" + (f" ({bits}-bit)" if bits else "") + "."
        pin_hit = next((h for h in nod.all() if "==" in (h.g("spec") or "")), None)
        listed_hit = next((h for h in nod.all() if h.g("versions") is not None), None)
        listed = [
            v.strip()
            for v in ((listed_hit.g("versions") or "") if listed_hit else "").split(",")
            if v.strip() and v.strip() != "none"
        ]
        finals = [v for v in listed if re.fullmatch(r"\d+(?:\.\d+)*", v)] or listed
        highest = (
            max(finals, key=lambda v: [int(x) for x in re.findall(r"\d+", v)]) if finals else None
        )
        pin = (pin_hit.g("spec") or "").lstrip("=") if pin_hit else None
        title = "No TensorFlow wheel for this Python"
        install = "pip install tensorflow"
        py_hint = f"{lo}-{hi}"
        if pin and highest:
            title = f"TensorFlow {pin} has no wheel for this Python (newest offered: {highest})"
            cause = (
                f"pip offers TensorFlow up to {highest} for this interpreter and platform but not "
                f"the pinned {pin}: TensorFlow {pin} was published for other Python versions. "
                f"Either this Python is too old or too new for {pin}, or it is 32-bit."
            )
            rng = K.python_range(pin, ctx.windows)
            if rng is not None:
                py_hint = f"{rng[0]}-{rng[1]}"
                cause += f" TensorFlow {pin} supports Python {py_hint} (knowledge row {rng[2]})."
            install = (
                f'pip install "tensorflow=={pin}"   # in that venv; or keep this Python: '
                f'pip install "tensorflow=={highest}"'
            )
        elif listed_hit is not None and not listed:
            cause += " pip lists no TensorFlow versions at all for it (from versions: none)."
        py_pick = py_hint.split("-")[-1]
        out.append(
            Finding(
                id="tensorflow-no-matching-distribution",
                severity=E,
                category="pip",
                title=title,
                area="python",
                evidence=log_evidence(nod),
                cause=cause,
                fix=(
                    "python -c \"import sys, struct; print(sys.version, struct.calcsize('P') * "
                    '8)"',
                    f"create a venv with a 64-bit Python {py_hint}: {venv_fix(ctx, py_pick)}",
                    install,
                ),
                doc=K.DOC_TF_PIP,
            )
        )
    npabi = ctx.h("numpy.abi")
    if npabi.count:
        npv = next((h.g("np") or h.g("np2") for h in npabi.all() if h.g("np") or h.g("np2")), None)
        npv = npv or ctx.dist_version("numpy")
        out.append(
            Finding(
                id="numpy-abi-mismatch",
                severity=E,
                category="pip",
                title=f"NumPy {npv or '2.x'} installed, TensorFlow was built against NumPy 1.x",
                area="python",
                evidence=log_evidence(npabi),
                cause=(
                    "A compiled module on the import path (TensorFlow or one it loads) was built "
                    "against the NumPy 1.x C ABI and "
                    f"NumPy {npv or '2.x'} is installed. TensorFlow releases before 2.18 need "
                    f"numpy<2."
                ),
                fix=(
                    'pip install "numpy<2"',
                    "or upgrade to TensorFlow >= 2.18 (built with NumPy 2)",
                ),
                doc=K.DOC_TF_218,
                knowledge_ref="platform_facts:numpy2-first-tf",
            )
        )
    pb = ctx.h("protobuf.descriptors")
    if pb.count:
        pbv = ctx.dist_version("protobuf")
        out.append(
            Finding(
                id="protobuf-too-new",
                severity=E,
                category="pip",
                title="protobuf too new for this TensorFlow's generated code",
                area="python",
                evidence=log_evidence(pb, ctx.h("protobuf.downgrade")),
                cause=(
                    "protobuf 4.21+ rejects the _pb2 modules this TensorFlow was generated with"
                    + (f" (protobuf {pbv} is installed)" if pbv else "")
                    + "; the TensorFlow "
                    "release did not cap its protobuf requirement."
                ),
                fix=(
                    'pip install "protobuf<=3.20.3"',
                    "or upgrade TensorFlow to a patch release that pins protobuf",
                    "stop-gap (slow): PROTOCOL_BUFFERS_PYTHON_IMPLEMENTATION=python",
                ),
                doc=K.DOC_PROTOBUF,
            )
        )
    return out


# --- memory ---------------------------------------------------------------------------------------
def rule_memory(ctx: Ctx) -> list[Finding]:
    """OOM tensors, CUDA_ERROR_OUT_OF_MEMORY, frozen device configuration."""
    out: list[Finding] = []
    oom = ctx.h("mem.oom_tensor")
    if oom.count:
        h = oom.first[0]
        dims = [int(x) for x in re.findall(r"\d+", h.g("shape") or "")]
        dtype = (h.g("dtype") or "").lower()
        size = K.DTYPE_BYTES.get(dtype)
        shape = "[" + ",".join(str(d) for d in dims) + "]"
        if size is not None:
            mib = math.prod(dims) * size / 2**20
            what = f"a {shape} {dtype} tensor = {math.prod(dims):,} x {size} B = {mib:,.1f} MiB"
        else:
            what = f"a {shape} tensor of type {dtype or 'unknown'}"
        # The log names the device and allocator: "... on /job:localhost/replica:0/
        # task:0/device:CPU:0 by allocator cpu" is host RAM, not GPU memory.
        host = "CPU" in (h.g("device") or "").upper() or (h.g("alloc") or "").lower() == "cpu"
        out.append(
            Finding(
                id="host-out-of-memory-tensor" if host else "gpu-out-of-memory-tensor",
                severity=E,
                category="memory",
                title=(
                    f"{'Host (CPU) memory exhausted' if host else 'GPU out of memory'} "
                    f"allocating {shape} {dtype}"
                ).strip(),
                area="runtime",
                evidence=log_evidence(oom, ctx.h("mem.exhausted").first[:1]),
                cause=(
                    f"TensorFlow could not allocate {what}"
                    + (f" on {h.g('device')}" if h.g("device") else "")
                    + (
                        (f" by allocator {h.g('alloc')}" if h.g("alloc") else "")
                        + ". This is host RAM, not GPU memory: the request is larger than "
                        "the memory the operating system could give."
                        if host
                        else ". The model/batch needs more GPU memory than is free."
                    )
                ),
                fix=(
                    (
                        "reduce the batch size or the tensor/buffer size",
                        "free -m   # RAM and swap in use",
                        "stop other memory-hungry processes (top -o %MEM)",
                    )
                    if host
                    else (
                        "reduce the batch size (the first dimension) or the input size",
                        "nvidia-smi --query-compute-apps=pid,process_name,used_memory "
                        "--format=csv   # other users",
                        "use mixed precision (halves activation memory) on GPUs with Tensor Cores",
                    )
                ),
                doc=K.DOC_TF_GPU_GUIDE,
            )
        )
    elif ctx.h("mem.exhausted").count and not ctx.h("mem.autotune_limit").count:
        out.append(
            Finding(
                id="gpu-resource-exhausted",
                severity=E,
                category="memory",
                title="ResourceExhaustedError: out of memory",
                area="runtime",
                evidence=log_evidence(ctx.h("mem.exhausted")),
                cause="TensorFlow ran out of memory (the log does not give the tensor shape).",
                fix=("reduce the batch size", "nvidia-smi"),
                doc=K.DOC_TF_GPU_GUIDE,
            )
        )
    cuda_oom = ctx.h("mem.cuda_oom")
    if cuda_oom.count:
        info = ctx.h("mem.info").all()
        total = free = None
        for h in info:
            if h.g("k1") == "Total":
                total = size_to_mib(h.g("v1") or "")
            elif h.g("k1") == "Free":
                free = size_to_mib(h.g("v1") or "")
            elif h.g("total"):
                total, free = size_to_mib(h.g("total") or ""), size_to_mib(h.g("free") or "")
        h0 = cuda_oom.first[0]
        if h0.g("total") and total is None:
            total = int(h0.g("total") or 0) / 2**20
        ctxfail = bool(h0.g("ctx"))
        cause = "CUDA reported out of memory"
        if ctxfail:
            cause += " while creating the CUDA context, before TensorFlow allocated anything"
        if total is not None and free is not None:
            cause += f"; only {free:,.0f} MiB of {total:,.0f} MiB were free when TensorFlow started"
        elif total is not None:
            cause += f" (GPU memory {total:,.0f} MiB)"
        cause += (
            ". Another process (another user's job, a second notebook or TensorFlow session, "
            "which grabs nearly all memory by default) already holds the GPU memory."
        )
        out.append(
            Finding(
                id="gpu-memory-held-by-other-process",
                severity=E,
                category="memory",
                title="GPU memory already taken (CUDA_ERROR_OUT_OF_MEMORY)",
                area="runtime",
                evidence=log_evidence(cuda_oom, info[:3]),
                cause=cause,
                fix=(
                    "nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv",
                    "stop that process, or pick a free GPU: CUDA_VISIBLE_DEVICES=1 python train.py",
                    "let processes share: TF_FORCE_GPU_ALLOW_GROWTH=true (or set_memory_growth) "
                    "in each",
                ),
                doc=K.DOC_TF_GPU_GUIDE,
            )
        )
    frozen = ctx.h("mem.frozen")
    if frozen.count:
        what = frozen.first[0].g("what") or "Physical"
        out.append(
            Finding(
                id="device-config-after-init",
                severity=E,
                category="memory",
                title=f"{what} devices configured after TensorFlow initialised the GPU",
                area="runtime",
                evidence=log_evidence(frozen),
                cause=(
                    "tf.config (set_memory_growth, set_visible_devices, logical/virtual device "
                    "setup) "
                    "ran after something had already initialised the GPU runtime (an op, a model, "
                    "or an "
                    "imported module that builds one); device configuration is frozen from then on."
                ),
                fix=(
                    "call tf.config.experimental.set_memory_growth(gpu, True) right after "
                    "`import tensorflow`, before importing modules that build models or run ops",
                    "or set it from the environment instead: export TF_FORCE_GPU_ALLOW_GROWTH=true",
                ),
                doc=K.DOC_TF_GPU_GUIDE,
            )
        )
    ran = ctx.h("mem.ran_out")
    if ran.count and not out:
        h = ran.first[0]
        alloc = h.g("alloc") or ""
        # TensorFlow names the allocator: "GPU_0_bfc" / "gpu_..." for device memory,
        # "cpu" / "mklcpu" for host memory.
        on_host = "gpu" not in alloc.lower()
        where = "host (CPU) memory" if on_host else "GPU memory"
        out.append(
            Finding(
                id="host-allocator-ran-out" if on_host else "gpu-allocator-ran-out",
                severity=W,
                category="memory",
                title=f"Allocator {alloc} ran out of {where} allocating {h.g('size')}",
                area="runtime",
                evidence=log_evidence(ran),
                cause=(
                    f"The {alloc} allocator could not get the {where} it asked for; TensorFlow "
                    "may retry with a slower algorithm, or fail."
                ),
                fix=(
                    ("# reduce the batch size, or free host memory", "free -m")
                    if on_host
                    else ("# reduce the batch size", "nvidia-smi")
                ),
                doc=K.DOC_TF_GPU_GUIDE,
            )
        )
    return out


def rule_autotune(ctx: Ctx) -> list[Finding]:
    """cuDNN autotuning: every engine's workspace exceeded the limit (034)."""
    lim = ctx.h("mem.autotune_limit")
    if not lim.count:
        return []
    h = lim.first[0]
    want, limit = int(h.g("want") or 0), int(h.g("limit") or 1)
    tc = any("#TC" in (k or "") for k in lim.by_key) or any("#TC" in x.text for x in lim.all())
    cause = (
        f"cuDNN autotuning found no convolution algorithm: the engines need {want / 2**30:.2f} GiB "
        f"of workspace, over TensorFlow's limit of {limit / 2**30:.2f} GiB"
    )
    if tc:
        cause += (
            "; engines marked #TC are the Tensor Core (float16) ones mixed precision uses, and "
            "which engines exist depends on the cuDNN version and the GPU generation"
        )
    return [
        Finding(
            id="cudnn-no-algorithm-workspace",
            severity=E,
            category="mixed-precision" if tc else "memory",
            title="cuDNN: no convolution algorithm fits the workspace limit",
            area="runtime",
            evidence=log_evidence(ctx.h("mem.no_algo").first[:1], lim),
            cause=cause + ".",
            fix=(
                "reduce the convolution workload (batch size, volume/image size)",
                "keep those layers in float32: layer(..., dtype='float32')"
                if tc
                else "free GPU memory for the workspace",
                "try another cuDNN version: the available engines differ between cuDNN releases "
                "and GPU generations",
            ),
            doc=K.DOC_MIXED if tc else K.DOC_TF_GPU_GUIDE,
        )
    ]


# --- XLA / ptxas ----------------------------------------------------------------------------------
def rule_xla(ctx: Ctx) -> list[Finding]:
    """libdevice, ptxas missing/too old/buggy, PTX JIT."""
    out: list[Finding] = []
    linux_fix = (
        "pip install --upgrade nvidia-cuda-nvcc-cu12   # ships ptxas and libdevice",
        "or: conda install -c nvidia cuda-nvcc   # in a conda environment",
        "find / -name libdevice.10.bc 2>/dev/null",
        "export XLA_FLAGS=--xla_gpu_cuda_data_dir=/usr/local/cuda   # the folder that holds "
        "nvvm/libdevice",
    )
    lib = ctx.h("xla.libdevice")
    if lib.count:
        out.append(
            Finding(
                id="xla-libdevice-not-found",
                severity=E,
                category="xla-ptxas",
                title="XLA cannot find libdevice (CUDA compiler files)",
                area="cuda",
                evidence=log_evidence(ctx.h("xla.service").first[:1], lib),
                cause=(
                    "XLA JIT-compiles GPU kernels and needs nvvm/libdevice/libdevice.10.bc and "
                    "ptxas "
                    "from a full CUDA toolkit; runtime-only installs (conda cudatoolkit, some pip "
                    "setups) lack them, or XLA looks in the wrong folder."
                ),
                fix=linux_fix,
                doc=K.DOC_XLA_FLAGS,
            )
        )
    bug = ctx.h("xla.ptxas_bug")
    if bug.count:
        v = bug.first[0].g("v")
        out.append(
            Finding(
                id="ptxas-version-rejected",
                severity=E,
                category="xla-ptxas",
                title=f"XLA refuses ptxas {v} (known miscompilation bug)",
                area="cuda",
                evidence=log_evidence(bug),
                cause=(
                    f"ptxas {v} has a bug XLA knows about, so XLA aborts (a Jupyter kernel "
                    f"restart). "
                    "It came with the CUDA compiler wheel or toolkit first on PATH."
                ),
                fix=(
                    f'pip install "nvidia-cuda-nvcc-cu12!={v}"   # any other release',
                    "or put another CUDA toolkit's ptxas first on PATH / point "
                    "XLA_FLAGS=--xla_gpu_cuda_data_dir at it",
                ),
                doc=K.DOC_XLA_FLAGS,
            )
        )
    miss = ctx.h("xla.ptxas_missing")
    if miss.count:
        out.append(
            Finding(
                id="ptxas-not-found",
                severity=E,
                category="xla-ptxas",
                title="XLA cannot find or run ptxas",
                area="cuda",
                evidence=log_evidence(miss),
                cause="XLA needs the ptxas binary of a CUDA toolkit to compile GPU kernels; none "
                "was found.",
                fix=(*linux_fix[:2], "which ptxas && ptxas --version"),
                doc=K.DOC_XLA_FLAGS,
            )
        )
    old = ctx.h("xla.ptxas_old")
    arch = ctx.h("xla.ptxas_arch")
    fallback = ctx.h("xla.driver_fallback")
    nvcc_fix = _nvcc_fix(ctx)
    if old.count:
        h = old.first[0]
        title = "ptxas too old"
        cause = "ptxas is older than the PTX XLA generates"
        if h.g("ptx"):
            cause += f" (PTX ISA {h.g('ptx')}, this ptxas supports up to {h.g('cur')})"
        elif h.g("v2"):
            title = f"ptxas {h.g('v2')} is older than {h.g('min')}, the minimum XLA accepts"
            cause = (
                f"The ptxas XLA found is {h.g('v2')}, older than {h.g('min')}; XLA warns that "
                f"ptxas before {h.g('min')} miscompiles its kernels (wrong results or "
                "invalid-address errors)"
            )
        out.append(
            Finding(
                id="ptxas-too-old",
                severity=E,
                category="xla-ptxas",
                title=title,
                area="cuda",
                evidence=log_evidence(old),
                cause=cause + ".",
                fix=nvcc_fix,
                doc=K.DOC_XLA_FLAGS,
            )
        )
    if arch.count:
        h = arch.first[0]
        sm = h.g("sm") or ("sm_" + (h.g("cc") or "").replace(".", ""))
        first = K.PTXAS_FIRST_CUDA.get(sm)
        cause = (
            f"The ptxas XLA found does not know the GPU architecture {sm}"
            + (f" (ptxas learned {sm} in CUDA {first})" if first else "")
            + ", so it cannot compile kernels for this GPU"
            + (
                "; XLA falls back to the driver's PTX JIT, which is slower to start and "
                "depends on the driver being new enough."
                if fallback.count
                else "."
            )
        )
        out.append(
            Finding(
                id="ptxas-does-not-support-gpu",
                severity=W if fallback.count else E,
                category="xla-ptxas",
                title=f"ptxas does not support {sm}"
                + (f" (needs CUDA >= {first} ptxas)" if first else ""),
                area="cuda",
                evidence=log_evidence(arch, fallback.first[:1]),
                cause=cause,
                fix=nvcc_fix,
                doc=K.DOC_XLA_FLAGS,
            )
        )
    errs = ctx.h("cuda.error")
    unsupported = errs.by_key.get("CUDA_ERROR_UNSUPPORTED_PTX_VERSION")
    jit = ctx.h("xla.ptx_jit")
    if unsupported is not None or (jit.count and "CUDA_ERROR_INVALID_PTX" not in errs.by_key):
        out.append(
            Finding(
                id="ptx-newer-than-driver",
                severity=E,
                category="xla-ptxas",
                title="PTX JIT failed: PTX newer than the driver supports"
                if unsupported
                else "PTX JIT compilation failed",
                area="driver",
                evidence=log_evidence([unsupported] if unsupported else [], jit),
                cause=(
                    "CUDA_ERROR_UNSUPPORTED_PTX_VERSION (222): the PTX was generated by a CUDA "
                    "compiler newer than the driver's JIT compiler supports."
                    if unsupported
                    else "The driver could not JIT-compile PTX: usually PTX from a newer CUDA "
                    "compiler "
                    "than the driver supports."
                ),
                fix=(
                    "upgrade the NVIDIA driver (nvidia-smi 'CUDA Version' must be >= the CUDA of "
                    "ptxas)",
                    "or use a ptxas/CUDA compiler no newer than the driver's CUDA version",
                ),
                doc=K.DOC_CUDA_TYPES,
            )
        )
    return out


def _nvcc_fix(ctx: Ctx) -> tuple[str, ...]:
    """Fixes that give XLA a new enough ptxas: the pip CUDA compiler wheel matching
    TensorFlow's CUDA major (tf_tested_configs row), a newer ptxas on PATH, or XLA_FLAGS."""
    tested = K.tested_config(ctx.tf_version, ctx.windows)
    if tested is not None:
        major = tested.cuda.split(".")[0]
        wheel = (
            f'pip install -U "nvidia-cuda-nvcc-cu{major}"   # ptxas of CUDA {major}, the CUDA '
            f"TensorFlow {ctx.tf_version} was built with"
        )
    else:
        wheel = (
            'pip install -U "nvidia-cuda-nvcc-cu12"   # or -cu11: match the CUDA major '
            "TensorFlow was built with (tf.sysconfig.get_build_info()['cuda_version'])"
        )
    return (
        wheel,
        "or put a newer CUDA toolkit's bin first on PATH: which ptxas && ptxas --version",
        "or point XLA at that toolkit: export XLA_FLAGS=--xla_gpu_cuda_data_dir=/usr/local/cuda"
        "-12.x   # the folder holding bin/ptxas and nvvm/libdevice",
    )


# --- compute capability ---------------------------------------------------------------------------
def rule_compute_capability(ctx: Ctx) -> list[Finding]:
    """Ignored GPUs, missing kernels, invalid PTX on a new architecture, slow JIT start."""
    out: list[Finding] = []
    ign = ctx.h("cc.ignored")
    if ign.count:
        h = ign.first[0]
        cc, mn = h.g("cc") or "?", h.g("min") or "?"
        name = re.search(r"name: ([^,]+)", h.g("desc") or "")
        gpu = name.group(1) if name else "the GPU"
        lowest = K.lowest_official_cc()
        fits = K.newest_official_for_cc(cc)
        cause = (
            f"This TensorFlow build contains kernels only for compute capability >= {mn}; "
            f"{gpu} is {cc}."
        )
        ref: str | None = None
        if lowest is not None and K.cc_below(cc, lowest.min_cc):
            ref = lowest.ref
            same = [f for f in K.official_cc_floors() if f.min_cc == lowest.min_cc]
            cause += (
                f" No official TensorFlow wheel supports it: the lowest floor of any official "
                f"build is {lowest.min_cc} (TensorFlow {same[0].tf_first} to {same[-1].tf_last}, "
                f"knowledge table tf_compute_capabilities, e.g. row {lowest.ref})."
            )
            fix: tuple[str, ...] = (
                f"build TensorFlow from source with TF_CUDA_COMPUTE_CAPABILITIES={cc} (an old "
                "release whose CUDA still supports this GPU)",
                "or use a newer GPU",
                "or run on the CPU: pip install tensorflow-cpu",
            )
        elif fits is not None:
            ref = fits.ref
            cause += (
                f" Official wheels up to TensorFlow {fits.tf_last} (floor {fits.min_cc}, "
                f"knowledge row {fits.ref}) include kernels for {cc}: a floor of {mn} means a "
                "newer official release or a custom build (third-party image or wheel) "
                "specialised for other GPUs."
            )
            fix = (
                f'pip install "tensorflow<={fits.tf_last}"   # the newest official wheel built '
                f"for compute capability {cc}",
                f"or build from source with TF_CUDA_COMPUTE_CAPABILITIES={cc}",
            )
        else:
            fix = (
                f"use a TensorFlow build that includes compute capability {cc}",
                f"or build from source with TF_CUDA_COMPUTE_CAPABILITIES={cc}",
            )
        out.append(
            Finding(
                id="gpu-compute-capability-too-low",
                severity=E,
                category="compute-capability",
                title=f"TensorFlow ignores {gpu}: compute capability {cc} < required {mn}",
                area="hardware",
                evidence=log_evidence(ign),
                cause=cause,
                fix=fix,
                doc=K.DOC_CUDA_GPUS,
                knowledge_ref=ref,
            )
        )
    errs = ctx.h("cuda.error")
    invalid = errs.by_key.get("CUDA_ERROR_INVALID_PTX")
    nokernel = ctx.h("cc.no_kernel")
    nobin = errs.by_key.get("CUDA_ERROR_NO_BINARY_FOR_GPU")
    if invalid is not None or nokernel.count or nobin is not None:
        ccs = ctx.compute_capabilities
        gpu_cc: str | None = ccs[0] if ccs else None
        cause = (
            "The GPU has no matching machine code (SASS) in this TensorFlow build and the "
            "embedded PTX could not be JIT-compiled for it"
        )
        if invalid is not None:
            cause += " (CUDA_ERROR_INVALID_PTX = 218)"
        if gpu_cc:
            cause += f"; the GPU's compute capability is {gpu_cc}"
            major = int(gpu_cc.split(".")[0]) if gpu_cc.split(".")[0].isdigit() else 0
            if major >= 10:
                cause += (
                    " (Blackwell), newer than the architectures stock pip wheels were built for"
                )
        cause += "."
        out.append(
            Finding(
                id="gpu-arch-not-in-build",
                severity=E,
                category="compute-capability",
                title="TensorFlow has no kernels for this GPU architecture",
                area="hardware",
                evidence=log_evidence([x for x in (invalid, nobin) if x is not None], nokernel),
                cause=cause,
                fix=(
                    'python -c "import tensorflow as tf; '
                    "print(tf.sysconfig.get_build_info()['cuda_compute_capabilities'])\"",
                    "use NVIDIA's NGC TensorFlow container (built for the newest GPUs)",
                    "or a TensorFlow build compiled for this GPU (TF_CUDA_COMPUTE_CAPABILITIES="
                    + (gpu_cc or "<your cc>")
                    + ")",
                ),
                doc=K.DOC_CUDA_GPUS,
            )
        )
    adding = ctx.h("cc.adding")
    if adding.count and not out:
        out.append(
            Finding(
                id="gpu-devices-added",
                severity=I,
                category="compute-capability",
                title=f"TensorFlow registered GPU(s) {adding.first[0].g('ids') or ''}".strip(),
                area="log",
                evidence=log_evidence(adding.first[:1]),
                cause=(
                    "Normal start-up line: the GPUs passed TensorFlow's checks. If the program "
                    "then "
                    "stalls for minutes, the build has no machine code for this GPU's compute "
                    "capability and the driver is JIT-compiling PTX."
                ),
                fix=(
                    'python -c "import tensorflow as tf; '
                    "print(tf.sysconfig.get_build_info()['cuda_compute_capabilities'])\"",
                    "rebuild with TF_CUDA_COMPUTE_CAPABILITIES including your GPU's capability, "
                    "or keep "
                    "the JIT cache large: export CUDA_CACHE_MAXSIZE=4294967296",
                ),
                doc=K.DOC_CUDA_GPUS,
                harmless=True,
            )
        )
    return out


# --- WSL2 and NUMA --------------------------------------------------------------------------------
def rule_wsl_numa(ctx: Ctx) -> list[Finding]:
    """Busy/unavailable devices, NUMA notices (harmless), WSL libcuda symlink notice."""
    out: list[Finding] = []
    busy = ctx.h("cuda.busy")
    if busy.count:
        if ctx.wsl:
            out.append(
                Finding(
                    id="wsl2-cuda-context-fails",
                    severity=E,
                    category="wsl2",
                    title="WSL2: the GPU is listed but CUDA cannot create a context",
                    area="environment",
                    evidence=log_evidence(busy),
                    cause=(
                        "Inside WSL2 every CUDA context creation failed ('all CUDA-capable "
                        "devices are "
                        "busy or unavailable') although the GPU is enumerated: the Windows-side "
                        "GPU "
                        "paravirtualisation is broken (typically a Windows build or Windows driver "
                        "regression); nothing in the Linux distribution or TensorFlow causes it."
                    ),
                    fix=(
                        "nvidia-smi   # inside WSL",
                        "wsl --update   # from Windows",
                        "wsl --shutdown   # then reopen the distribution",
                        "update, or roll back, the Windows build / Windows NVIDIA driver; never "
                        "install "
                        "a Linux NVIDIA driver inside WSL",
                    ),
                    doc=K.DOC_WSL,
                )
            )
        else:
            out.append(
                Finding(
                    id="gpu-busy-or-unavailable",
                    severity=E,
                    category="gpu-not-visible",
                    title="All CUDA devices busy or unavailable",
                    area="driver",
                    evidence=log_evidence(busy),
                    cause=(
                        "CUDA could not create a context on any GPU: in exclusive-process compute "
                        "mode another process holds it, or the GPU is in a bad state."
                    ),
                    fix=(
                        "nvidia-smi --query-gpu=compute_mode --format=csv",
                        "nvidia-smi --query-compute-apps=pid,process_name --format=csv",
                    ),
                    doc=K.DOC_CUDA_TYPES,
                )
            )
    unread = ctx.h("numa.unreadable")
    neg = ctx.h("numa.negative")
    if unread.count or neg.count:
        wsl = ctx.wsl
        out.append(
            Finding(
                id="numa-node-notice",
                severity=I,
                category="wsl2" if wsl else "notice",
                title="NUMA-node notice: harmless",
                area="log",
                evidence=log_evidence(unread, ctx.h("numa.no_support"), neg, limit=3),
                cause=(
                    "Harmless. "
                    + (
                        "WSL2's kernel exposes no numa_node file for the paravirtualised GPU"
                        if unread.count
                        else "The kernel reports NUMA node -1 for the GPU (common on "
                        "single-socket machines and VMs)"
                    )
                    + "; TensorFlow uses node 0 and the GPU still works. Not an error: if the GPU "
                    "is "
                    "unusable, the cause is elsewhere (see the other findings, or run `tfgpu "
                    "doctor`)."
                ),
                fix=(),
                doc=K.DOC_NUMA,
                harmless=True,
            )
        )
    sym = ctx.h("wsl.libcuda_symlink")
    if sym.count:
        out.append(
            Finding(
                id="wsl2-libcuda-symlink-notice",
                severity=I,
                category="wsl2",
                title="WSL2: 'libcuda.so.1 is not a symbolic link' is harmless",
                area="log",
                evidence=log_evidence(sym, limit=2),
                cause="ldconfig notices WSL's read-only /usr/lib/wsl/lib; CUDA still works.",
                doc=K.DOC_WSL,
                harmless=True,
            )
        )
    return out


# --- CUPTI, NCCL, mixed precision -----------------------------------------------------------------
def rule_cupti(ctx: Ctx) -> list[Finding]:
    """CUPTI not loaded: only the TensorBoard profiler is affected."""
    hits = ctx.h("cupti.failed")
    libs = [h for h in ctx.h("lib.missing").all() if "cupti" in (h.g("lib") or "")]
    if not hits.count and not libs:
        return []
    priv = any("INSUFFICIENT_PRIVILEGES" in (h.g("code") or "") for h in hits.all())
    want = next((h.g("lib") for h in libs), None)
    if priv:
        cause = "CUPTI may not read GPU performance counters as a non-admin user."
        fix: tuple[str, ...] = (
            "echo 'options nvidia NVreg_RestrictProfilingToAdminUsers=0' | sudo tee "
            "/etc/modprobe.d/nvidia-profiling.conf && sudo update-initramfs -u && reboot",
        )
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
        Finding(
            id="cupti-not-loaded",
            severity=W,
            category="cupti",
            title="CUPTI not loaded: the TensorBoard profiler cannot trace the GPU",
            area="cuda",
            evidence=log_evidence(hits, libs),
            cause=cause,
            fix=fix,
            doc=K.DOC_PROFILER,
        )
    ]


def rule_nccl(ctx: Ctx) -> list[Finding]:
    """NCCL kernels missing (Windows) or NCCL runtime errors."""
    out: list[Finding] = []
    nok = ctx.h("nccl.no_kernel")
    if nok.count:
        op = nok.first[0].g("op")
        out.append(
            Finding(
                id="nccl-not-available",
                severity=E,
                category="multigpu-nccl",
                title=f"No NCCL kernel for {op}: this build has no NCCL",
                area="runtime",
                evidence=log_evidence(nok),
                cause=(
                    "MirroredStrategy all-reduces gradients with NCCL by default, but this "
                    "TensorFlow "
                    "build has no NCCL kernels (native Windows builds never ship NCCL)."
                ),
                fix=(
                    "strategy = tf.distribute.MirroredStrategy("
                    "cross_device_ops=tf.distribute.HierarchicalCopyAllReduce())",
                    "or train multi-GPU on Linux / WSL2",
                ),
                doc=K.DOC_MIRRORED,
            )
        )
    err = ctx.h("nccl.error")
    ib = ctx.h("nccl.ib")
    system = ctx.h("nccl.system")
    if ib.count and (err.count or system.count):
        calls = sorted({c for h in ib.all() if (c := h.g("call"))})
        out.append(
            Finding(
                id="nccl-error",
                severity=E,
                category="multigpu-nccl",
                title="NCCL failed in its InfiniBand transport"
                + (f" ({', '.join(calls)} failed)" if calls else ""),
                area="runtime",
                evidence=log_evidence(system, ib.first[:2], err.first[:1]),
                cause=(
                    "NCCL's InfiniBand (verbs) transport failed"
                    + (f": {', '.join(calls)} returned an error" if calls else "")
                    + ", and the collective op ended with 'unhandled system error'. Creating "
                    "queue pairs / completion queues fails when the locked-memory limit (memlock) "
                    "is too low, typical under Slurm and in containers, or when the IB device is "
                    "not usable from this process."
                ),
                fix=(
                    "NCCL_IB_DISABLE=1 python train.py   # test without InfiniBand (falls back to "
                    "sockets)",
                    "ulimit -l   # must print unlimited; raise memlock: ulimit -l unlimited "
                    "(Slurm: "
                    "PropagateResourceLimits / slurmd's LimitMEMLOCK=infinity; Docker: --ulimit "
                    "memlock=-1)",
                    "NCCL_DEBUG=INFO python train.py   # shows the failing transport and device",
                    "ibv_devinfo   # the IB device must be visible in the job/container",
                ),
                doc=K.DOC_NCCL,
            )
        )
    elif err.count or system.count:
        out.append(
            Finding(
                id="nccl-error",
                severity=E,
                category="multigpu-nccl",
                title="NCCL reported an error",
                area="runtime",
                evidence=log_evidence(system, err),
                cause=(
                    "A collective operation failed inside NCCL; the log line names the NCCL error. "
                    "Common causes: broken GPU peer-to-peer (PCIe ACS/IOMMU), shared memory limits "
                    "in containers, mismatched NCCL versions."
                ),
                fix=(
                    "NCCL_DEBUG=INFO python train.py   # rerun to see the failing transport",
                    "nvidia-smi topo -m",
                    "test without peer-to-peer: NCCL_P2P_DISABLE=1 python train.py",
                    "docker run --shm-size=1g ...   # in containers",
                ),
                doc=K.DOC_NCCL,
            )
        )
    return out


def rule_mixed(ctx: Ctx) -> list[Finding]:
    """Keras mixed-precision compatibility warning."""
    warn = [h for h in ctx.h("mixed.warning").all() if h.g("status") == "WARNING"]
    slow = ctx.h("mixed.slow")
    if not warn and not slow.count:
        return []
    gpu = ctx.h("mixed.gpu").first
    cc = gpu[0].g("cc") if gpu else None
    return [
        Finding(
            id="mixed-precision-unsupported-gpu",
            severity=W,
            category="mixed-precision",
            title="mixed_float16 on a GPU without fast float16 (Tensor Cores)",
            area="runtime",
            evidence=log_evidence(warn, slow, gpu),
            cause=(
                "Keras' mixed-precision check says this GPU lacks compute capability 7.0"
                + (f" (it has {cc})" if cc else "")
                + ": float16 math and the extra casts run slower than float32 on it."
            ),
            fix=("keras.mixed_precision.set_global_policy('float32')",),
            doc=K.DOC_MIXED,
        )
    ]


# --- GPU not visible ------------------------------------------------------------------------------
def _near_after(hits: list[Hit], anchors: list[Hit], window: int = 4) -> list[Hit]:
    return [h for h in hits if any(0 < h.line - a.line <= window for a in anchors)]


def rule_gpu_not_visible(ctx: Ctx) -> list[Finding]:
    """Empty GPU lists, CPU-only device lists, "GPU is NOT AVAILABLE", built without CUDA."""
    calls = ctx.h("gpu.list_call").all()
    gpu_calls = [h for h in calls if h.g("dev") == "GPU"]
    evidence: list[Hit] = []
    evidence += ctx.h("gpu.none_msg").all()
    empties = ctx.h("gpu.empty_list").all()
    evidence += (
        _near_after(empties, gpu_calls)
        if gpu_calls
        else empties[:1]
        if (ctx.h("noise.trt").count or ctx.h("cuda.drivers").count)
        else []
    )
    for h in ctx.h("gpu.device_list").all():
        body = h.g("body") or ""
        if "GPU" not in body and "CPU" in body:
            evidence.append(h)
    built = _near_after(
        [h for h in ctx.h("gpu.bool_line").all() if h.g("val") == "False"],
        ctx.h("gpu.built_call").all(),
        1,
    )
    built += [h for h in ctx.h("gpu.built_call").all() if h.g("val") == "False"]
    built += [h for h in ctx.h("gpu.build_info").all() if h.g("val") == "False"]
    skipping = ctx.h("gpu.skipping").all()
    if not evidence and not built:
        return []
    if ctx.h("gpu.created").count:
        return []
    conda_builds = ctx.h("gpu.conda_cuda_build").all()
    mm = ctx.tf_mm
    fix: list[str] = []
    sev = W
    if ctx.has_nvidia_gpu:
        sev = E
    ev = log_evidence(ctx.h("gpu.built_call").first[:1], built, evidence, conda_builds, skipping)
    fev = tuple(ctx.fact_evidence())
    if built:
        cause = (
            "This TensorFlow build was compiled without CUDA (is_built_with_cuda() is False), so "
            "it can never use an NVIDIA GPU."
        )
        if conda_builds:
            cause += (
                f" The conda package's build string ({conda_builds[0].g('build')}) claims a CUDA "
                "build: that published build is mislabelled."
            )
        fix = [
            'python -c "import tensorflow as tf; print(tf.sysconfig.get_build_info())"',
            'pip install "tensorflow[and-cuda]"   # in a fresh venv (Linux)',
            "or pin a conda build known to be CUDA-enabled",
        ]
        return [
            Finding(
                id="tensorflow-built-without-cuda",
                severity=E,
                category="gpu-not-visible",
                title="TensorFlow was built without CUDA",
                area="tensorflow",
                evidence=ev + fev,
                cause=cause,
                fix=tuple(fix),
                doc=K.DOC_TF_PIP,
            )
        ]
    os_ = ctx.os
    ref: str | None = None
    if os_ == "macos":
        ref = "platform_facts:macos-metal-plugin"
        cause = (
            "TensorFlow has no CUDA backend on macOS; the Apple GPU is only used through the "
            "tensorflow-metal plugin, which is not active."
        )
        fix = [
            "pip install tensorflow-metal   # the release matching TensorFlow "
            + (ctx.tf_version or "(your version)"),
            "python -c \"import tensorflow as tf; print(tf.config.list_physical_devices('GPU'))\"",
        ]
        doc = K.DOC_METAL
    elif os_ == "windows" and mm is not None and mm > K.last_native_windows_gpu_tf():
        sev = E
        ref = "platform_facts:windows-native-gpu-last"
        cause = (
            f"TensorFlow {ctx.tf_version} on native Windows is CPU-only: 2.10 was the last release "
            "with GPU support on native Windows, whatever CUDA/cuDNN is installed "
            f"({ctx.os_source})."
        )
        fix = [
            'pip install "tensorflow<2.11"   # 2.10 with CUDA 11.2 + cuDNN 8.1',
            'or run a current TensorFlow in WSL2: pip install "tensorflow[and-cuda]"',
            "or tensorflow-cpu + tensorflow-directml-plugin",
        ]
        doc = K.DOC_TF_PIP_WINDOWS
    elif os_ == "windows" and K.tested_config(ctx.tf_version, True):
        tested = K.tested_config(ctx.tf_version, True)
        assert tested is not None
        ref = tested.ref
        dll = K.windows_cudart_dll(tested[0])
        have = ctx.cuda_versions
        cause = (
            f"TensorFlow {ctx.tf_version} (native Windows) is built for CUDA {tested[0]} + cuDNN "
            f"{tested[1]} and loads {dll}"
        )
        if have and not any(v.startswith(tested[0]) for v in have):
            cause += f"; this host has CUDA {', '.join(have)}, which does not provide {dll}"
        cause += ", so TensorFlow silently falls back to the CPU."
        sev = E
        fix = [
            f"where {dll}",
            f"install CUDA {tested[0]} and cuDNN {tested[1]}, add their bin folders to PATH",
            "python -c \"import tensorflow as tf; print(tf.config.list_physical_devices('GPU'))\"",
        ]
        doc = K.DOC_TF_SOURCE_WINDOWS_GPU
    elif ctx.facts is not None and not ctx.facts.gpus and ctx.has_nvidia_gpu is False:
        sev = I
        cause = "The host facts show no GPU at all, so TensorFlow running on the CPU is expected."
        fix = []
        doc = K.DOC_TF_PIP
    elif ctx.facts is not None and ctx.facts.gpus and not ctx.facts.nvidia_gpus:
        cause = "This host has no NVIDIA GPU, and TensorFlow's GPU support is CUDA only."
        fix = ["for AMD: tensorflow-rocm (Linux, ROCm-supported GPUs); otherwise the CPU build"]
        doc = K.DOC_TF_PIP
    elif ctx.h("cuda.drivers").count and ctx.has_nvidia_gpu:
        return []  # rule_cuda_drivers explains the empty list
    else:
        cause = (
            "TensorFlow lists no GPU. The log does not say why (TensorFlow's warnings may be "
            "hidden by TF_CPP_MIN_LOG_LEVEL or were not pasted)."
        )
        fix = [
            'TF_CPP_MIN_LOG_LEVEL=0 python -c "import tensorflow as tf; '
            "print(tf.config.list_physical_devices('GPU'))\"",
            "tfgpu doctor",
        ]
        doc = K.DOC_TF_PIP
    return [
        Finding(
            id="tensorflow-sees-no-gpu",
            severity=sev,
            category="gpu-not-visible",
            title="TensorFlow sees no GPU",
            area="tensorflow",
            evidence=ev + fev,
            cause=cause,
            fix=tuple(fix),
            doc=doc,
            knowledge_ref=ref,
        )
    ]


def rule_gpu_created(ctx: Ctx) -> list[Finding]:
    """``Created device ... GPU:N`` lines: the GPU works (an OK finding)."""
    hits = ctx.h("gpu.created")
    if not hits.count:
        return []
    parts = []
    for h in list(hits.by_key.values())[:8]:
        cc = f", cc {h.g('cc')}" if h.g("cc") else ""
        parts.append(f"GPU:{h.g('idx')} {h.g('name')} ({h.g('mb')} MB{cc})")
    return [
        Finding(
            id="gpu-device-created",
            severity=Severity.OK,
            category="gpu-not-visible",
            title="GPU in use: TensorFlow created " + "; ".join(parts),
            area="tensorflow",
            evidence=log_evidence(list(hits.by_key.values())[:4]),
            cause="TensorFlow registered these GPUs and will place ops on them: not a problem "
            "(category gpu-not-visible, severity ok: the GPU is visible).",
        )
    ]


# --- harmless noise -------------------------------------------------------------------------------
def rule_noise(ctx: Ctx) -> list[Finding]:
    """Messages that look alarming but need no action."""
    out: list[Finding] = []
    specs = (
        (
            "noise.onednn",
            "onednn-notice",
            "notice",
            "oneDNN notice: harmless",
            "oneDNN optimisations are on for CPU ops; results may differ in the last bits. Nothing "
            "to do with the GPU (set TF_ENABLE_ONEDNN_OPTS=0 to silence it).",
            "https://github.com/tensorflow/tensorflow/releases/tag/v2.9.0",
        ),
        (
            "noise.cpu_guard",
            "cpu-feature-guard-notice",
            "notice",
            "CPU instruction notice: harmless",
            "Only says the wheel could use more CPU instructions if rebuilt; it does not mean the "
            "GPU is unused.",
            K.DOC_TF_PIP,
        ),
        (
            "noise.trt",
            "tensorrt-not-found-notice",
            "notice",
            "TF-TRT 'Could not find TensorRT': harmless unless you use TensorRT",
            "TensorRT is optional (only for TF-TRT inference); the GPU works without it.",
            "https://docs.nvidia.com/deeplearning/frameworks/tf-trt-user-guide/index.html",
        ),
        (
            "noise.factory",
            "duplicate-factory-registration",
            "notice",
            "'Unable to register cuDNN/cuFFT/cuBLAS factory' (and similar): harmless",
            "A known TensorFlow 2.14+ start-up message (the plugin is registered twice by XLA and "
            "TensorFlow); it does not mean a library conflict.",
            "https://github.com/tensorflow/tensorflow/issues/62075",
        ),
        (
            "noise.absl",
            "absl-log-notice",
            "notice",
            "absl logging notice: harmless",
            "Only says that messages before logging was set up go to stderr.",
            None,
        ),
    )
    for name, fid, cat, title, cause, doc in specs:
        hits = ctx.h(name)
        if hits.count:
            out.append(
                Finding(
                    id=fid,
                    severity=I,
                    category=cat,
                    title=title,
                    area="log",
                    evidence=log_evidence(hits, limit=2),
                    cause=cause,
                    doc=doc,
                    harmless=True,
                )
            )
    return out


def rule_illegal_instruction(ctx: Ctx) -> list[Finding]:
    """``Illegal instruction (core dumped)`` / 0xC000001D: the CPU lacks AVX (or newer)."""
    ill = ctx.h("cpu.illegal")
    win = [
        h
        for h in ctx.h("win.status").all()
        if (h.g("code") or "").lower() in ("-1073741795", "0xc000001d")
    ]
    if not ill.count and not win:
        return []
    flags = ctx.facts.cpu.flags if ctx.facts is not None else ()
    cause = (
        "The process died on a CPU instruction this CPU does not have. Official TensorFlow "
        "wheels since 1.6 use AVX (x86), so importing them on a CPU without AVX fails this way."
    )
    if flags:
        cause += (
            " The CPU has AVX (host facts): look for another native module built for newer CPUs."
            if "avx" in flags
            else " The host facts confirm: this CPU has no AVX."
        )
    return [
        Finding(
            id="cpu-illegal-instruction",
            severity=E,
            category="windows-dll" if win else "pip",
            title="Illegal CPU instruction: this TensorFlow wheel needs AVX",
            area="python",
            evidence=log_evidence(ill, win),
            cause=cause,
            fix=(
                "grep -o -w avx /proc/cpuinfo | head -1   # Linux: prints avx when present"
                if not win
                else "coreinfo64 -f | findstr AVX   # Sysinternals, on Windows",
                "on a CPU without AVX: a community TensorFlow wheel built without AVX, or "
                "another machine",
            ),
            doc=K.DOC_TF_PIP,
        )
    ]


RULES: tuple[Rule, ...] = (
    rule_missing_libraries,
    rule_cudnn_mismatch,
    rule_driver_insufficient,
    rule_driver_mismatch,
    rule_cuinit,
    rule_cuda_drivers,
    rule_windows,
    rule_pip,
    rule_memory,
    rule_autotune,
    rule_xla,
    rule_compute_capability,
    rule_wsl_numa,
    rule_cupti,
    rule_nccl,
    rule_mixed,
    rule_gpu_not_visible,
    rule_illegal_instruction,
    rule_gpu_created,
    rule_noise,
)


def rule_unrecognised(ctx: Ctx, found: list[Finding]) -> list[Finding]:
    """When no rule explains an error, say so and quote the most telling lines."""
    if any(f.severity is Severity.ERROR for f in found):
        return []
    covered = {e.line for f in found for e in f.evidence if e.line is not None}
    tell = [h for h in ctx.h("tell.line").all() if h.line not in covered]
    excs = [h for h in ctx.h("tell.exception").all() if h.line not in covered]
    cuda = [h for h in ctx.h("cuda.error").by_key.values() if h.line not in covered]
    glog = [h for h in ctx.h("tell.glog").all() if h.line not in covered]
    fatal = [h for h in ctx.h("tell.fatal").all() if h.line not in covered]
    fatal += [h for h in glog if h.g("lvl") == "F"]
    if not tell and not excs and not cuda and not glog and not fatal:
        return []
    quoted = log_evidence(fatal[:2], glog[:2], cuda[:2], tell[:3], excs[-1:], tell[-1:])
    last = excs[-1].text.strip() if excs else None
    codes = {v: k for k, v in K.CURESULT.items()}
    named = [
        f"{h.g('name')} ({codes[h.g('name') or '']})" if h.g("name") in codes else str(h.g("name"))
        for h in cuda[:3]
    ]
    crash = bool(fatal)
    return [
        Finding(
            id="unrecognised-error",
            severity=E if crash else W,
            category="unknown",
            title="Unrecognised fatal error (crash): not in tfgpu's catalogue"
            if crash
            else "Unrecognised error: not in tfgpu's catalogue",
            area="log",
            evidence=quoted,
            cause=(
                (
                    "The process died (a fatal log line, a failed check, an abort or a "
                    "segmentation fault) for a reason tfgpu does not recognise, so it makes no "
                    "guess."
                    if crash
                    else "The log contains error lines that tfgpu does not recognise, so it "
                    "makes no guess."
                )
                + (f" CUDA reported {', '.join(named)} (see the CUresult list)." if named else "")
                + (f" The last exception is: {last}" if last else "")
            ),
            fix=(
                "tfgpu doctor   # checks the host itself",
                "search the exact last exception line in the TensorFlow issue tracker",
            ),
            doc="https://github.com/tensorflow/tensorflow/issues",
        )
    ]
