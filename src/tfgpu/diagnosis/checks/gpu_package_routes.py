"""Where the retired ``tensorflow-gpu`` name leads when the log shows a machine on which CUDA
builds of TensorFlow cannot use the GPU (``tensorflow-gpu-package-removed``, read by
checks/pip_reports.py ``tensorflow_gpu_package_log``).

* Another vendor's GPU named in the log (pattern ``ctx.other_vendor_gpu``: AMD Radeon or
  Instinct, Intel Arc/Iris/UHD; ``tools.apple_chip``: an Apple M-series chip) and no NVIDIA
  GPU named: TensorFlow's CUDA builds run only on NVIDIA GPUs (tensorflow/tensorflow#23663,
  maintainer: "TensorFlow officially supports NVIDIA GPU"), so ``tensorflow[and-cuda]`` is no
  route; each vendor's own is (the ``no-nvidia-gpu`` finding's routes, checks/hardware.py:
  AMD ``tensorflow-rocm`` on native Linux with a GPU on AMD's ROCm list, knowledge table
  ``amd_gpus``; Intel ``intel-extension-for-tensorflow`` on Linux/WSL2 for TF 2.10-2.15;
  Apple ``tensorflow-metal``).  tensorflow/tensorflow#60074 (a Ryzen 6900HX's Radeon
  graphics, "wasn't detected on the regular pip install tensorflow").
* Intel's route is for the GPUs its package supports (:func:`itex_supports`); the
  DirectML plugin's README says its development "has been paused until further notice"
  (microsoft/tensorflow-directml-plugin):
  intel-extension-for-tensorflow v2.15.0.0's install guide (docs/install/install_for_xpu.md,
  intel.github.io/intel-extension-for-tensorflow/v2.15.0.0) verifies Intel Data Center GPU
  Max and Flex 170 (Ubuntu 22.04, Red Hat 8.6, SLES 15) and Arc A-series experimentally
  (install_for_arc_gpu.md: native Ubuntu 22.04, or Ubuntu 22.04 under WSL2); integrated
  UHD/Iris/HD graphics are on no list, and no native Windows or macOS build exists.  So an
  integrated Intel GPU gets the CPU build, and Arc on native Windows gets WSL2 (review b48b
  P2, P8).  A Mac's Intel GPU gets no Metal route either: Apple's tensorflow-metal needs
  "Mac computers with Apple silicon or AMD GPUs" (developer.apple.com/metal/tensorflow-plugin).
* Native Windows: TensorFlow's last native GPU release is 2.10 (platform fact
  ``windows-native-gpu-last``), built for Python 3.7-3.10 (knowledge ``tf_tested_configs``),
  so "tensorflow is the same GPU build" holds there only up to 2.10; the routes are WSL2 or
  2.10 in an environment of a Python it supports (checks/tf_install.py ``windows_last_fix``).
  tensorflow/tensorflow#62613 (Windows, Python 3.11.5, a GTX 1650).
"""

from __future__ import annotations

import re

from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts
from tfgpu.knowledge import KnowledgeQueryError, docs

#: The Intel GPUs intel-extension-for-tensorflow supports (see the module docstring): Arc
#: (A-series, experimental), Data Center GPU Flex and Max ("Flex 170", "Max 1550").
_ITEX_GPU = re.compile(r"\bArc\b|\bData Center GPU (?:Flex|Max)\b|\b(?:Flex|Max) 1[1-7]\d0\b",
                       re.IGNORECASE)


def itex_supports(name: str) -> bool:
    """Whether the Intel GPU ``name`` is one intel-extension-for-tensorflow supports (Arc,
    Data Center GPU Flex or Max); integrated UHD/Iris/HD graphics are not."""
    return _ITEX_GPU.search(name) is not None


def log_other_vendor_gpu(f: Facts) -> tuple[str, str, Hit] | None:
    """``(vendor, name as written, hit)`` of a GPU of AMD, Intel or Apple the log names
    when it names no NVIDIA GPU (and no host facts are given), else ``None``."""
    if f.host is not None or f.h("eco.nvidia_gpu_named").count:
        return None
    for h in f.h("ctx.other_vendor_gpu").all():
        if h.g("amd"):
            return "amd", (h.g("amd") or "").strip(), h
        if h.g("intel"):
            return "intel", (h.g("intel") or "").strip(), h
    chip = next((h for h in f.h("tools.apple_chip").all() if h.g("gen")), None)
    if chip is not None:
        return "apple", f"Apple M{chip.g('gen')}", chip
    return None


def other_vendor_route(f: Facts, vendor: str, name: str) -> tuple[str, tuple[str, ...]]:
    """``(sentence, fix lines)``: why no CUDA build uses ``vendor``'s GPU ``name`` and the
    vendor's own route (see the module docstring)."""
    base = (f" The GPU the log names is {name}, not an NVIDIA GPU: TensorFlow's CUDA builds "
            "(tensorflow, the retired tensorflow-gpu, tensorflow[and-cuda]) cannot use it, so "
            "the retired name was never the way to this GPU.")
    if vendor == "amd":
        support = f.kb.rocm_support(name)
        return (base + " AMD GPUs run TensorFlow only through ROCm, with AMD's tensorflow-rocm "
                "build on native Linux (from ROCm 6.1 on AMD's own repository): "
                + support.describe() + ".",
                ("pip install tensorflow   # the CPU build: it works on any machine",
                 "# the GPU: on native Linux with a GPU on AMD's ROCm list, ROCm and then "
                 "tensorflow-rocm, following " + docs.url("rocm-tensorflow")))
    if vendor == "intel":
        cpu = "pip install tensorflow   # the CPU build: it works on any machine"
        if not itex_supports(name):
            return (base + " Intel's own plugin, intel-extension-for-tensorflow, supports "
                    "Intel's Data Center GPU Max and Flex series and, experimentally, Arc "
                    "A-series cards, not integrated UHD/Iris/HD graphics"
                    + (" (and has no macOS build; Apple's tensorflow-metal is for Apple "
                       "silicon and AMD GPUs)" if f.os == "macos" else
                       " (Microsoft's DirectML plugin, a preview for TensorFlow 2.10 on Windows "
                       "and WSL, has had its development paused)")
                    + ". So TensorFlow runs on the CPU here.",
                    (cpu.replace("it works on any machine", "the one that runs here"),))
        itex = ('pip install "tensorflow==2.15.1" "intel-extension-for-tensorflow[xpu]"')
        if f.os in ("windows", "macos") and not f.wsl:
            where = "native Windows" if f.os == "windows" else "macOS"
            return (base + " Intel GPUs run TensorFlow only through intel-extension-for-"
                    "tensorflow (TensorFlow 2.10-2.15), which is built for Linux and, for Arc "
                    f"cards (experimental), Ubuntu under WSL2: not for {where}.",
                    (cpu,) + (("wsl --install   # then inside Ubuntu 22.04 (WSL2), with Intel's "
                               f"GPU driver installed on Windows: {itex}",)
                              if f.os == "windows" else ()))
        return (base + " Intel GPUs run TensorFlow only through intel-extension-for-tensorflow "
                "(Linux or WSL2, TensorFlow 2.10-2.15; Arc A-series experimentally).",
                (cpu, f"{itex}   # the Intel GPU, on Linux or WSL2 with Intel's GPU driver"))
    return (base + " On a Mac the GPU is used through Apple's tensorflow-metal plugin beside "
            "tensorflow (macOS 12+); there is no CUDA on macOS.",
            ("pip install tensorflow tensorflow-metal   # Apple silicon: the GPU through Metal",))


def windows_route(f: Facts) -> tuple[str, tuple[str, ...]]:
    """``(sentence, fix lines)`` for native Windows (see the module docstring)."""
    from tfgpu.diagnosis.checks.tf_install import windows_last_fix

    last = f.kb.platform_fact("windows-native-gpu-last")
    ver = last.value("tf_version")
    try:
        row = f.kb.config_for(f"{ver}.0", "windows")
    except KnowledgeQueryError:
        row = None
    pys = (f" (its wheels are for Python {row.python_min}-{row.python_max}, knowledge row "
           f"{row.ref})" if row is not None and row.python_min else "")
    return (f" This log is from native Windows, where that holds only up to {ver} (knowledge "
            f"row {last.ref}): later releases are CPU-only there, so plain `tensorflow` gives "
            f"no GPU either. The GPU needs WSL2, or TensorFlow {ver}{pys} with its CUDA and "
            "cuDNN.",
            ("# replace \"tensorflow-gpu\" with \"tensorflow\" in requirements/environment "
             "files; for the GPU on this machine, one of:",
             *windows_last_fix(f)))
