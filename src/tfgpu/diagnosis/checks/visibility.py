"""GPU visibility: empty GPU lists, CPU-only device lists, builds without CUDA, and
``Created device ... GPU:N`` lines that show the GPU works.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._common import E, I, W, windows_gpu_last
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def _near_after(hits: list[Hit], anchors: list[Hit], window: int = 4) -> list[Hit]:
    return [h for h in hits if any(0 < h.line - a.line <= window for a in anchors)]


def rule_gpu_not_visible(ctx: Facts) -> list[Finding]:
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
        return []  # tf_install.cpu_only_build: tensorflow-cpu-only-build (log variant)
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
        doc: str | None = "apple-metal-plugin"
    elif os_ == "windows" and mm is not None and mm > windows_gpu_last(ctx)[0]:
        _, last, keep, build = windows_gpu_last(ctx)
        sev = E
        ref = "platform_facts:windows-native-gpu-last"
        cause = (
            f"TensorFlow {ctx.tf_version} on native Windows is CPU-only: {last} was the last "
            "release with GPU support on native Windows, whatever CUDA/cuDNN is installed "
            f"({ctx.os_source})."
        )
        fix = [
            f'pip install "{keep}"   # {last} with {build}',
            'or run a current TensorFlow in WSL2: pip install "tensorflow[and-cuda]"',
            "or tensorflow-cpu + tensorflow-directml-plugin",
        ]
        doc = "tf-pip-windows-native"
    elif os_ == "windows" and ctx.kb.tested_gpu_build(ctx.tf_version, "windows"):
        tested = ctx.kb.tested_gpu_build(ctx.tf_version, "windows")
        assert tested is not None
        ref = tested.ref
        dll_row = ctx.kb.windows_cudart_dll(tested.cuda)
        dll = dll_row[0] if dll_row is not None else "cudart64_*.dll"
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
        doc = "tf-source-windows-gpu"
    elif ctx.host is not None and not ctx.host.gpus and ctx.has_nvidia_gpu is False:
        sev = I
        cause = "The host facts show no GPU at all, so TensorFlow running on the CPU is expected."
        fix = []
        doc = None
    elif ctx.host is not None and ctx.host.gpus and not ctx.host.nvidia_gpus:
        cause = "This host has no NVIDIA GPU, and TensorFlow's GPU support is CUDA only."
        fix = ["for AMD: tensorflow-rocm (Linux, ROCm-supported GPUs); otherwise the CPU build"]
        doc = None
    elif ctx.h("cuda.drivers").count and ctx.has_nvidia_gpu:
        return []  # rule_cuda_drivers explains the empty list
    elif ctx.h("cuda.drivers").count and ctx.has_nvidia_gpu is None:
        line = ctx.h("cuda.drivers").first[0].line
        cause = (
            f"TensorFlow lists no GPU because it found no NVIDIA driver library (line {line}: "
            "'Could not find cuda drivers'). That is expected on a host without an NVIDIA "
            "GPU; on a host with one, the driver is missing."
        )
        fix = ["tfgpu doctor   # says whether this host has an NVIDIA GPU and its driver"]
        doc = None
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
        doc = None
    return [
        catalogue.make(
            "tensorflow-sees-no-gpu",
            variant="from-log",
            severity=sev,
            evidence=ev + fev,
            cause=cause,
            fix=tuple(fix),
            doc=doc,
            knowledge_ref=ref,
        )
    ]


def rule_gpu_created(ctx: Facts) -> list[Finding]:
    """``Created device ... GPU:N`` lines: the GPU works (an OK finding)."""
    hits = ctx.h("gpu.created")
    if not hits.count:
        return []
    parts = []
    for h in list(hits.by_key.values())[:8]:
        cc = f", cc {h.g('cc')}" if h.g("cc") else ""
        parts.append(f"GPU:{h.g('idx')} {h.g('name')} ({h.g('mb')} MB{cc})")
    return [
        catalogue.make(
            "gpu-device-created",
            devices="; ".join(parts),
            evidence=log_evidence(list(hits.by_key.values())[:4]),
        )
    ]
