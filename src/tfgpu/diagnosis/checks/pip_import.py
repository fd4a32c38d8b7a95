"""pip and import: the removed tensorflow-gpu package, no matching distribution, the NumPy
ABI, protobuf descriptors.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._common import venv_fix
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding
from tfgpu.knowledge import KnowledgeQueryError


def _tensorflow_gpu_stopped(ctx: Facts) -> str:
    """``"tensorflow-gpu stopped at 2.11 (Linux) / 2.10.1 (Windows); use tensorflow."``
    (platform fact tensorflow-gpu-removed)."""
    gone = ctx.kb.platform_fact("tensorflow-gpu-removed")
    linux = ".".join(gone.value("last_linux").split(".")[:2])
    return (f"tensorflow-gpu stopped at {linux} (Linux) / {gone.value('last_windows')} "
            "(Windows); use tensorflow.")


def rule_pip(ctx: Facts) -> list[Finding]:
    """Removed tensorflow-gpu, no matching distribution, NumPy ABI, protobuf descriptors."""
    out: list[Finding] = []
    removed, named, failed = (
        ctx.h("pip.tfgpu_removed"),
        ctx.h("pip.tfgpu_named"),
        ctx.h("pip.failed"),
    )
    if removed.count or (named.count and failed.count):
        kb = ctx.kb
        gone = kb.platform_fact("tensorflow-gpu-removed")
        and_cuda, _ = kb.fact_series("and-cuda-extra-first")
        same, _ = kb.fact_series("tensorflow-is-cuda-build")
        stub, _ = kb.fact_series("tensorflow-gpu-removed", "stub_version")
        fix = [
            'replace "tensorflow-gpu" with "tensorflow" in requirements/environment files',
            f'pip install "tensorflow[and-cuda]"   # Linux, TensorFlow >= '
            f"{and_cuda[0]}.{and_cuda[1]}"
            if not ctx.windows
            else "pip install tensorflow",
        ]
        cause = (
            f"The tensorflow-gpu name was retired in {gone.value('retired')}: versions from "
            f"{stub[0]}.{stub[1]} are "
            'empty placeholder packages that fail on install. "tensorflow" has been the same '
            f"GPU-enabled build since {same[0]}.{same[1]}."
        )
        if not removed.count:
            cause += (
                " Newer pip/setuptools fail while reading the placeholder's metadata, so the "
                "'package has been removed' notice may not even show."
            )
        f = ctx.host
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
            catalogue.make(
                "tensorflow-gpu-package-removed",
                evidence=log_evidence(removed, named, failed.first[:2]),
                cause=cause,
                fix=tuple(fix),
                knowledge_ref="platform_facts:tensorflow-gpu-removed",
            )
        )
    elif named.count:
        out.append(
            catalogue.make(
                "tensorflow-gpu-package-named",
                evidence=log_evidence(named),
                cause=_tensorflow_gpu_stopped(ctx),
                fix=('pip install "tensorflow[and-cuda]"',),
            )
        )
    nod = ctx.h("pip.no_dist")
    if nod.count:
        py = ctx.host.python.version if ctx.host is not None else None
        bits = ctx.host.python.bits if ctx.host is not None else None
        lo, hi, _ = ctx.kb.newest_python_range("linux")
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
        install = "pip install tensorflow"
        py_hint = f"{lo}-{hi}"
        if pin and highest:
            cause = (
                f"pip offers TensorFlow up to {highest} for this interpreter and platform but not "
                f"the pinned {pin}: TensorFlow {pin} was published for other Python versions. "
                f"Either this Python is too old or too new for {pin}, or it is 32-bit."
            )
            try:
                prow = ctx.kb.config_for(pin, "windows" if ctx.windows else "linux")
            except KnowledgeQueryError:
                prow = None  # a pin the log gives that is not a version
            if prow is not None and prow.python_min and prow.python_max:
                py_hint = f"{prow.python_min}-{prow.python_max}"
                cause += f" TensorFlow {pin} supports Python {py_hint} (knowledge row {prow.ref})."
            install = (
                f'pip install "tensorflow=={pin}"   # in that venv; or keep this Python: '
                f'pip install "tensorflow=={highest}"'
            )
        elif listed_hit is not None and not listed:
            cause += " pip lists no TensorFlow versions at all for it (from versions: none)."
        py_pick = py_hint.split("-")[-1]
        fix = [
            "python -c \"import sys, struct; print(sys.version, struct.calcsize('P') * "
            '8)"',
            f"create a venv with a 64-bit Python {py_hint}: {venv_fix(ctx, py_pick)}",
            install,
        ]
        if pin and highest:
            out.append(
                catalogue.make(
                    "tensorflow-no-matching-distribution",
                    variant="pinned",
                    pin=pin,
                    highest=highest,
                    evidence=log_evidence(nod),
                    cause=cause,
                    fix=fix,
                )
            )
        else:
            out.append(
                catalogue.make(
                    "tensorflow-no-matching-distribution",
                    evidence=log_evidence(nod),
                    cause=cause,
                    fix=fix,
                )
            )
    npabi = ctx.h("numpy.abi")
    if npabi.count:
        npv = next((h.g("np") or h.g("np2") for h in npabi.all() if h.g("np") or h.g("np2")), None)
        npv = npv or ctx.dist_version("numpy")
        np2, _ = ctx.kb.fact_series("numpy2-first-tf")
        np2_tf = f"{np2[0]}.{np2[1]}"
        out.append(
            catalogue.make(
                "numpy-abi-mismatch",
                numpy=npv or "2.x",
                evidence=log_evidence(npabi),
                cause=(
                    "A compiled module on the import path (TensorFlow or one it loads) was built "
                    "against the NumPy 1.x C ABI and "
                    f"NumPy {npv or '2.x'} is installed. TensorFlow releases before {np2_tf} need "
                    f"numpy<2."
                ),
                fix=(
                    'pip install "numpy<2"',
                    f"or upgrade to TensorFlow >= {np2_tf} (built with NumPy 2)",
                ),
                knowledge_ref="platform_facts:numpy2-first-tf",
            )
        )
    pb = ctx.h("protobuf.descriptors")
    if pb.count:
        pbv = ctx.dist_version("protobuf")
        cap = ctx.kb.platform_fact("protobuf-descriptors-cap")
        out.append(
            catalogue.make(
                "protobuf-too-new",
                evidence=log_evidence(pb, ctx.h("protobuf.downgrade")),
                cause=(
                    f"protobuf {cap.value('first_breaking')}+ rejects the _pb2 modules this "
                    "TensorFlow was generated with"
                    + (f" (protobuf {pbv} is installed)" if pbv else "")
                    + "; the TensorFlow "
                    "release did not cap its protobuf requirement."
                ),
                fix=(
                    f'pip install "protobuf<={cap.value("cap")}"',
                    "or upgrade TensorFlow to a patch release that pins protobuf",
                    f"stop-gap (slow): {cap.value('slow_env')}",
                ),
            )
        )
    return out
