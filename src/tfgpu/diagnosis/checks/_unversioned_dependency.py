"""Words of ``library-dependency-missing`` that depend on who printed the line and on the
dependency's file name (checks/libraries.py ``library_dependency``).

* cuDNN 8's own loader line ("Could not load library libcudnn_cnn_infer.so.8. Error:
  libnvrtc.so: cannot open shared object file") is cuDNN's, printed in any program built on
  cuDNN 8 (messages_gpu_stack.toml cudnn-load-library-*); cuDNN then stops the process
  ("Aborted", "exited with code 139"): no "TensorFlow skips the GPU" there.
* A dependency named without a version (``libnvrtc.so``, ``libcuda.so``) is that exact file
  name: only a library's development files (or, for libcuda, the driver's own link) create
  it.  NVIDIA, "Building and Running a cuDNN Dependent Program" (cuDNN installation guide):
  ``libnvrtc.so`` is "required by dlopen() at runtime when using runtime-compiled engines";
  NVIDIA's container images gitlab.com/nvidia/container-images/cuda#192: the
  11.8.0-cudnn8-runtime image lacks the ``libnvrtc.so`` link (the -devel image has it) and
  TensorFlow there prints exactly this line, fixed by ``ln -sv libnvrtc.so.11.2 libnvrtc.so``.
  The pip wheels hold only versioned files too (read from the wheels: nvidia-cuda-nvrtc-cu11
  11.8.89 has nvidia/cuda_nvrtc/lib/libnvrtc.so.11.2, nvidia-cuda-nvrtc-cu12 12.3.107
  libnvrtc.so.12, each beside its libnvrtc-builtins).
  Threads: facefusion/facefusion-docker#9 (PyTorch's wheel ships a hash-named
  ``torch/lib/libnvrtc-<hash>.so.11.2``; a ``libnvrtc.so`` link to it fixed the image),
  blakeblackshear/frigate#5015 (an image without NVRTC), v-iashin/Synchformer#9 (a conda
  environment: ``conda install -c conda-forge cudnn``), THU-MIG/yolov10#395 and
  oobabooga/textgen#486 (``libcuda.so`` under WSL2, where the Windows driver puts it in
  /usr/lib/wsl/lib).
"""

from __future__ import annotations

import re

from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts

#: cuDNN's own loader wording (libcudnn.so.8: "Could not load library %s. Error: %s");
#: TensorFlow's loaders say "dynamic library" and "dlerror".
_CUDNN_OWN = re.compile(r"Could not load library lib\w{1,60}\.so[\w.]{0,12}\. Error: ")
#: A library file name without a version after ``.so``.
_UNVERSIONED = re.compile(r"lib[\w+-]{1,80}\.so")


def cudnn_own_line(hit: Hit) -> bool:
    """Whether ``hit`` is cuDNN's own loader line (:data:`_CUDNN_OWN`)."""
    return bool(_CUDNN_OWN.search(hit.text))


def unversioned(dep: str) -> bool:
    """Whether ``dep`` is a library's name without a version (``libnvrtc.so``)."""
    return bool(_UNVERSIONED.fullmatch(dep))


def consequence(f: Facts, outer: str, hit: Hit) -> str:
    """What the failed load means for the program: cuDNN's own line stops the process
    (the fatal line after it quoted when the log has one); TensorFlow's loader line skips
    the GPU; another loader's line stops what needed ``outer``."""
    if cudnn_own_line(hit):
        died = next((d for d in f.h("tell.fatal").all() if d.line > hit.line), None)
        return (f"This is cuDNN's own message (its front library opens {outer} when a call "
                "first needs it), printed by any program built on cuDNN 8, and cuDNN stops "
                "the process there"
                + (f" (line {died.line}: {died.text.strip()[:60]})" if died is not None else "")
                + ".")
    if re.search(r"Could not (?:load dynamic|dlopen) library|dlerror", hit.text):
        return ("Without it TensorFlow skips the GPU (cuDNN's sub-libraries abort the first "
                "convolution instead).")
    return f"Nothing that needs {outer} runs without it."


def unversioned_note(f: Facts, dep: str) -> str:
    """The cause's sentence on an unversioned dependency (:func:`unversioned`)."""
    if dep == "libnvrtc.so":
        return (f" {dep} has no version in its name, and that exact name is what cuDNN opens "
                "for its runtime-compiled kernels: only NVRTC's development files create it (a "
                "link to libnvrtc.so.<version> in the CUDA toolkit or the cuda-nvrtc-dev "
                "package; NVIDIA's -devel images have it, the -runtime images do not), while "
                "runtime packages, the nvidia-cuda-nvrtc wheels and PyTorch's wheel (a "
                "hash-named torch/lib/libnvrtc-<hash>.so.<version>) bring only versioned "
                "files. So NVRTC may well be installed and this still fails: that name must "
                "exist on the loader's path.")
    if dep == "libcuda.so":
        return (" libcuda.so (no version) is the NVIDIA driver's own library by its link "
                "name: the driver installs libcuda.so.1, and the unversioned link to it comes "
                "with the driver's packages"
                + ("; under WSL2 the Windows driver puts libcuda.so itself in /usr/lib/wsl/lib "
                   "(not a link there), so that folder must be on the loader's path"
                   if f.wsl else ", or under WSL2 from /usr/lib/wsl/lib")
                + ": the driver is missing, or that name is not on the loader's path.")
    return (f" {dep} has no version in its name: that name is a link only a library's "
            "development files create, so the versioned file may be installed and this still "
            "fails.")


def unversioned_fix(f: Facts, dep: str) -> list[str]:
    """Fix lines for an unversioned dependency: find the versioned copies, give them the
    exact name, or install what creates it."""
    stem = dep.removesuffix(".so")
    if dep == "libcuda.so":
        lines = ["ldconfig -p | grep libcuda   # libcuda.so.1 listed but no libcuda.so: only "
                 "the link is missing"]
        if f.wsl:
            lines.append("export LD_LIBRARY_PATH=/usr/lib/wsl/lib:$LD_LIBRARY_PATH   # WSL2: "
                         "the Windows driver's libcuda.so (in a conda env, or link it: ln -s "
                         "/usr/lib/wsl/lib/libcuda.so $CONDA_PREFIX/lib/libcuda.so)")
        lines.append("sudo ln -s libcuda.so.1 libcuda.so   # in the folder holding the driver's "
                     "libcuda.so.1; no libcuda.so.1 at all: install the NVIDIA driver")
        return lines
    lines = [f"find / -name '{stem}*.so*' 2>/dev/null   # the versioned (or hash-named) copies "
             "there are"]
    if dep == "libnvrtc.so":
        lines += ["ln -s libnvrtc.so.<version> libnvrtc.so   # in the folder of a copy find "
                  "printed (a torch/lib copy is libnvrtc-<hash>.so.<version>); that folder "
                  "must be on LD_LIBRARY_PATH",
                  "# or install NVRTC's development files for that CUDA (cuda-nvrtc-dev-<major>-"
                  "<minor>; in a container: the -devel image instead of -runtime); in a conda "
                  "environment conda install -c conda-forge cudnn is another way"]
    else:
        lines.append(f"ln -s {stem}.so.<version> {dep}   # in the folder of a copy find printed; "
                     "that folder must be on LD_LIBRARY_PATH")
    return lines
