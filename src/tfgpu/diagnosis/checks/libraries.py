"""Libraries that failed to load: parse their file names, say which CUDA/cuDNN
component and version is missing, and how to install it.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._common import _slug, and_cuda_fix, windows_gpu_last
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

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


def _path_fix(ctx: Facts, filename: str, base: str, expected: str | None) -> list[str]:
    if ctx.windows:
        fix = [f"where {filename}"]
        if base in ("cudart", "cublas", "cublasLt", "cufft", "curand", "cusolver", "cusparse"):
            cuda = (expected or "CUDA").replace("CUDA ", "")
            tested = ctx.kb.tested_gpu_build(ctx.tf_version, "windows")
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
    mm = ctx.tf_mm
    if mm is None or mm >= ctx.kb.fact_series("and-cuda-extra-first")[0]:
        fix.append(and_cuda_fix(ctx))
    tested = ctx.kb.tested_gpu_build(ctx.tf_version, "linux")
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


def rule_missing_libraries(ctx: Facts) -> list[Finding]:
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
                catalogue.make(
                    "tensorrt-not-loaded-{library}",
                    library=_slug(filename),
                    filename=filename,
                    what=expected or "TensorRT",
                    evidence=log_evidence(same),
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
                catalogue.make(
                    "library-not-loaded-{library}",
                    variant="harmless-without-gpu",
                    library=_slug(filename),
                    filename=filename,
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
                    doc="tf-pip-windows-native" if ctx.windows else None,
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
            catalogue.make(
                "library-not-loaded-{library}",
                library=_slug(filename),
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
    if dlopen.count and not core_seen:
        fix = [
            'TF_CPP_MAX_VLOG_LEVEL=3 python -c "import tensorflow as tf; '
            "print(tf.config.list_physical_devices('GPU'))\" 2>&1 | grep -iE 'dlopen|dso_loader'",
        ]
        if ctx.windows:
            fix.append("then put the folder holding the named DLL on PATH")
        else:
            fix.append(
                "then put the folder of the library that command names on LD_LIBRARY_PATH "
                "(or fix the module load order that drops it)"
            )
            fix.append("or: " + and_cuda_fix(ctx))
        out.append(
            catalogue.make(
                "gpu-libraries-not-loaded",
                evidence=log_evidence(dlopen),
                fix=tuple(fix),
            )
        )
    return out
