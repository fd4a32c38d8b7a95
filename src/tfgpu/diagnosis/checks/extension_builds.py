"""Builds of CUDA code around TensorFlow: nvcc not found, StyleGAN's dnnlib plugin, bazel's GPU
configuration.

Sources:

* nvcc not found: the shells' and make's own texts (dash "sh: 1: nvcc: not found", bash
  "nvcc: command not found", GNU make "make: nvcc: Command not found", cmd.exe "'nvcc' is not
  recognized as an internal or external command", Python's FileNotFoundError "[Errno 2] No
  such file or directory: 'nvcc'"); NVIDIA's Linux install guide, post-installation actions
  (the toolkit's bin folder must be added to PATH); sampepose/flownet2-tf#73 (nvcc worked in
  the user's shell, not in the one make ran).
* NVlabs/stylegan2 dnnlib/tflib/custom_ops.py (at bf0fe0baba9fc7039eae0cac575c1778be1ce3e3)
  and NVlabs/stylegan2-ada (at 43eca5156619dd6ee649c70c4bc3f3cab19a5b79): ``get_plugin``
  prints ``Setting up TensorFlow plugin "X.cu": `` then ``Preprocessing... `` (stylegan2 only),
  ``Compiling... ``, ``Loading... `` and ``Failed!`` on any exception, which it re-raises:
  nvcc's own output is in that RuntimeError ("NVCC returned an error. See below for full
  command line and output log"); with no step printed it failed before compiling (its
  ``_get_cuda_gpu_arch_string`` raises "No GPU devices found").  Threads: NVlabs/stylegan2-ada
  #91 (``--std=c++11`` or ``-D_GLIBCXX_USE_CXX11_ABI=1`` in custom_ops.py), #71/#72 (the C++11
  standard), mikael-alafriz-deel/lucid-sonic-dreams#22 (gcc 7 for TF 1.15, ABI flag 1),
  betterze/StyleSpace#10 (gcc unsupported by that CUDA), zsyzzsoft/co-mod-gan#34 (Windows),
  dorarad/gansformer#32 (Loading... Failed!).
* tensorflow/tensorflow third_party/gpus/cuda_configure.bzl (at
  4f75a246ce8d340ff8d1cbc3b291ae75cb750c6e): the dummy crosstool's ``error_gpu_disabled()``;
  tensorflow/tensorflow#4573, #7871, #4841, tensorflow/serving#636, #1000.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._superseded import superseded_by_later_run
from tfgpu.diagnosis.checks.dnn_init_causes import gpu_beyond_build_cuda, gpu_beyond_build_fields
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def nvcc_not_on_path(ctx: Facts) -> list[Finding]:
    """A shell, make or Python could not find ``nvcc`` (``build.nvcc_missing``): the build's
    shell has no CUDA toolkit bin folder on PATH.  Whether a toolkit is installed at all is
    not in the line: the fix shows how to tell.  A later ``nvcc --version`` release line in
    the same log (the user fixed PATH and nvcc ran) supersedes the miss: no finding."""
    hits = ctx.h("build.nvcc_missing").all()
    if not hits:
        return _nvcc_path_missing(ctx) or _cu_object_missing(ctx)
    if superseded_by_later_run(hits, ctx.h("ctx.nvcc_release").all()):
        return []
    if ctx.windows or any("is not recognized" in h.text for h in hits):
        fix: tuple[str, ...] = (
            "where.exe nvcc   # in the same window that runs the build",
            'dir "%CUDA_PATH%\\bin\\nvcc.exe"   # the toolkit the CUDA installer set CUDA_PATH to',
            "# installed: add %CUDA_PATH%\\bin to PATH (System Properties > Environment "
            "Variables) and open a new window; not installed: install the CUDA Toolkit the "
            "project names (the NVIDIA driver alone has no nvcc)",
        )
    else:
        fix = (
            "ls -d /usr/local/cuda*/bin/nvcc   # is a CUDA toolkit installed, and which?",
            "export PATH=/usr/local/cuda/bin:$PATH   # in the shell that runs the build "
            "(scripts, sudo, IDEs and non-login shells do not read ~/.bashrc); then nvcc --version",
            "# or give the build the full path: the Makefile's NVCC/GPUCC variable "
            "(NVCC=/usr/local/cuda/bin/nvcc), or CUDA_HOME for setup.py builds",
            "# no toolkit there: install the CUDA toolkit the project needs (the NVIDIA driver "
            "alone has no nvcc)",
        )
    return [catalogue.make(
        "nvcc-not-on-path",
        evidence=log_evidence(hits, limit=3),
        cause=("The build ran nvcc, the CUDA compiler, and the shell (or make, or Python) that "
               "ran it found no nvcc on its PATH. Either the CUDA toolkit is installed but its "
               "bin folder is not on that shell's PATH (nvcc works in an interactive terminal "
               "but not in the shell a Makefile, setup.py, sudo or an IDE starts), or no CUDA "
               "toolkit is installed (the NVIDIA driver does not include nvcc). The line does "
               "not tell which: the first command below does."),
        fix=fix,
    )]


def _nvcc_path_missing(ctx: Facts) -> list[Finding]:
    """``nvcc-not-on-path`` variant ``absolute-path``: the build ran nvcc by an absolute path
    that does not exist ("/usr/local/cuda-10.0/bin/nvcc: not found", pattern
    ``build.nvcc_abs_missing``): the script names a toolkit folder this machine lacks
    (another CUDA release installed, or none), and PATH plays no part (yanx27/PointASNL#16;
    the PointNet++ op scripts' hard-coded /usr/local/cuda-X.Y, charlesq34/pointnet2#49)."""
    hits = ctx.h("build.nvcc_abs_missing").all()
    if not hits or superseded_by_later_run(hits, ctx.h("ctx.nvcc_release").all()):
        return []
    path = hits[0].need("path")
    if ":" in path:
        # a ':' in the command: a ':'-joined value where one folder belongs
        # (export CUDA_HOME=$CUDA_HOME:/usr/local/cuda with CUDA_HOME empty; NVIDIA/apex#368,
        # facebookresearch/SparseConvNet#94: fixed by CUDA_HOME=/usr/local/cuda)
        return [catalogue.make(
            "nvcc-not-on-path", variant="colon-in-path", path=path,
            evidence=log_evidence(hits, limit=2),
            fix=("echo $CUDA_HOME   # one folder, no ':' (and the Makefile's CUDA/NVCC "
                 "variables likewise)",
                 "export CUDA_HOME=/usr/local/cuda   # the toolkit's folder alone; then "
                 "rebuild from a clean tree (delete build/)"),
        )]
    return [catalogue.make(
        "nvcc-not-on-path", variant="absolute-path", path=path,
        evidence=log_evidence(hits, limit=2),
        fix=("ls -d /usr/local/cuda*/bin/nvcc   # the CUDA toolkits this machine has",
             f"# edit the build script (or Makefile) where it names {path}: put the path of an "
             "installed toolkit's nvcc (or /usr/local/cuda/bin/nvcc), and its include/lib64 "
             "folders likewise; then rebuild",
             "# no toolkit there: install the CUDA toolkit the project needs (the NVIDIA "
             "driver alone has no nvcc)"),
    )]


def _cu_object_missing(ctx: Facts) -> list[Finding]:
    """``nvcc-not-on-path`` variant ``cu-object-missing`` (a warning): the compiler driver
    linking a custom op found no ``<op>.cu.o``, the object the nvcc step before it should
    have written, and the log holds no nvcc error of its own: that step did not run or
    failed, nvcc not on the build's PATH being the usual reason (the line that says so is
    earlier in the build's output)."""
    if ctx.h("ctx.nvcc_release").count:
        return []
    hits = ctx.h("build.cu_object_missing").all()
    if not hits or any(r.line < hits[0].line for r in ctx.h("build.nvcc_step_ran").all()):
        return []  # nvcc ran: its own error, earlier in the log, is the cause
    return [catalogue.make(
        "nvcc-not-on-path", variant="cu-object-missing", obj=hits[0].g("obj") or "?",
        evidence=log_evidence(hits[:1]),
        fix=("# the build's full output: the nvcc line before the link ('nvcc: command not "
             "found', or nvcc's own error)",
             "which nvcc || ls -d /usr/local/cuda*/bin/nvcc   # nvcc on PATH? a toolkit "
             "installed?",
             "export PATH=/usr/local/cuda/bin:$PATH   # in the shell that runs the build; "
             "then rebuild (make.sh / make)",
             "# no NVIDIA GPU (an AMD or Intel GPU): nvcc can build the op there, but it cannot "
             "run; use the project's CPU build of the op, if it has one"),
    )]


def dnnlib_plugin_failed(ctx: Facts) -> list[Finding]:
    """StyleGAN2(-ADA)'s dnnlib ``Setting up TensorFlow plugin "X.cu": ... Failed!``: the step
    printed last is the one that failed.  ``Preprocessing``/``Compiling``: nvcc failed on the
    op (variant ``dnnlib-plugin``, hedged over the causes threads found); ``Loading``: the
    compiled op did not load (variant ``dnnlib-plugin-load``); no step: it failed before
    compiling (no GPU listed by TensorFlow, a missing source): not claimed (the unknown
    finding quotes the line).  Steps aside when the log shows nvcc missing, the host
    compiler refused or a header's C++ standard check (their own findings name the
    cause)."""
    hits = ctx.h("build.dnnlib_plugin").all()
    if not hits or ctx.h("build.nvcc_missing").count or ctx.h("build.nvcc_host_compiler").count:
        return []
    if ctx.h("build.cxx_standard_old").count:
        return []  # the compile's own error names the cause: cxx_standard_too_old
    hit = hits[0]
    last = _last_step(hit)
    so = hit.g("cu") or "the plugin"
    see = ("dnnlib prints only its progress; the RuntimeError after 'Failed!' ('NVCC returned an "
           "error. See below for full command line and output log') holds nvcc's own message "
           "and the full nvcc command")
    if last == "Loading":
        return [catalogue.make(
            "custom-op-cxx11-abi-mismatch", variant="dnnlib-plugin-load", so=so,
            evidence=log_evidence(hits, limit=2),
            cause=(f"dnnlib compiled {so} with nvcc but tf.load_op_library refused the library: "
                   "it was compiled with another C++ string ABI flag "
                   "(-D_GLIBCXX_USE_CXX11_ABI) than this TensorFlow's, or a plugin cached for "
                   "another TensorFlow is being loaded. The error after 'Failed!' (an "
                   "'undefined symbol' naming a TensorFlow function) says which."),
            fix=("python -c \"import tensorflow as tf; print(tf.sysconfig.get_compile_flags())\""
                 "   # the -D_GLIBCXX_USE_CXX11_ABI value custom_ops.py must pass to nvcc",
                 "# set that value in dnnlib/tflib/custom_ops.py's --compiler-options, delete "
                 "dnnlib's plugin cache folder (tflib-cudacache / _cudacache) and run again"),
        )]
    if last not in ("Preprocessing", "Compiling"):
        return []
    beyond = _gpu_beyond_plugin_cuda(ctx, hits, so) if last == "Compiling" else []
    if beyond:
        return beyond
    fix: tuple[str, ...]
    if ctx.windows:
        host = ("on Windows, no MSVC (cl.exe) that custom_ops.py finds (its "
                "compiler_bindir_search_path / _find_compiler_bindir looks in fixed Visual "
                "Studio folders) or a Visual Studio version this CUDA does not support")
        fix = ("# read the RuntimeError below 'Failed!': it quotes the nvcc command and nvcc's "
               "error",
               "where.exe cl.exe   # in a 'x64 Native Tools Command Prompt': point custom_ops.py's "
               "compiler_bindir_search_path at that folder",
               "nvcc --version   # the CUDA release TensorFlow 1.x's build needs (TF 1.15: "
               "CUDA 10.0)")
    else:
        host = ("a host gcc/g++ newer than this CUDA release accepts (gcc 7 worked with "
                "TensorFlow 1.15 and CUDA 10.0, lucid-sonic-dreams#22)")
        fix = ("# read the RuntimeError below 'Failed!': it quotes the nvcc command and nvcc's "
               "error (the first 'error' line names the cause)",
               "nvcc --version   # the CUDA release, and which gcc versions it accepts",
               "gcc --version   # newer than this CUDA accepts: install an older gcc and pass it "
               "to nvcc with --compiler-bindir",
               "python -c \"import tensorflow as tf; print(tf.sysconfig.get_compile_flags())\""
               "   # the -D_GLIBCXX_USE_CXX11_ABI value custom_ops.py's --compiler-options "
               "must match",
               "# errors about C++11 support: add --std=c++11 to the nvcc command in "
               "custom_ops.py (NVlabs/stylegan2-ada#91)")
    return [catalogue.make(
        "custom-op-cxx11-abi-mismatch", variant="dnnlib-plugin", so=so,
        evidence=log_evidence(hits, limit=2),
        cause=(f"StyleGAN's dnnlib compiles {so} with nvcc against this TensorFlow's headers "
               f"at run time, and nvcc failed ({last.lower()} step). {see}. Reports of this "
               "line had these causes: nvcc flags in dnnlib/tflib/custom_ops.py that do not fit "
               "the installed TensorFlow (it needed --std=c++11, or the other "
               f"-D_GLIBCXX_USE_CXX11_ABI value), or {host}. That error message tells which."),
        fix=fix,
    )]


def _last_step(hit: Hit) -> str:
    """The step dnnlib printed last before "Failed!" ("Preprocessing", "Compiling",
    "Loading"), or ``""`` when it printed none."""
    steps = (hit.g("steps") or "").split()
    return steps[-1].rstrip(".") if steps else ""


def dnnlib_compile_beyond_gpu(ctx: Facts) -> bool:
    """Whether dnnlib's plugin compile failed at its Compiling step on a GPU newer than the
    build's CUDA (:func:`_gpu_beyond_plugin_cuda` gives its finding): the found-GPU warning
    (gpu_newer_than_build_cuda.py) leaves the reading to it."""
    hits = ctx.h("build.dnnlib_plugin").all()
    return (bool(hits) and not ctx.h("build.nvcc_missing").count
            and not ctx.h("build.nvcc_host_compiler").count
            and _last_step(hits[0]) == "Compiling" and gpu_beyond_build_cuda(ctx) is not None)


def _gpu_beyond_plugin_cuda(ctx: Facts, hits: list[Hit], so: str) -> list[Finding]:
    """dnnlib's compile (its Compiling step: the Preprocessing step passes no architecture)
    when the GPU is newer than the CUDA major this TensorFlow uses
    (:func:`gpu_beyond_build_cuda`: a TF 1.x build, CUDA 10, on a GeForce RTX 30 card):
    custom_ops.py asks nvcc for the first GPU's own architecture (``_get_cuda_gpu_arch_string``
    -> ``--gpu-architecture=sm_86``), which that CUDA's nvcc does not know, and the build has
    no code for the GPU either -> ``gpu-arch-not-in-build`` (variant
    ``plugin-nvcc-older-than-gpu``); ``[]`` when the GPU or the CUDA is unknown (the caller
    has left nvcc missing and the host compiler to their own checks).  dnnlib
    runs the nvcc on PATH, which may be a newer CUDA's: then nvcc's error is another, but the
    op it builds still could not run on the GPU in this build, so the fix is the same."""
    behind = gpu_beyond_build_cuda(ctx)
    if behind is None:
        return []
    return [catalogue.make(
        "gpu-arch-not-in-build", variant="plugin-nvcc-older-than-gpu", so=so,
        **gpu_beyond_build_fields(ctx, behind, log_evidence(hits, limit=2)))]


def cxx_standard_too_old(ctx: Facts) -> list[Finding]:
    """A compile against TensorFlow's headers stopped on a header's C++ standard check
    (pattern ``build.cxx_standard_old``: GCC's bits/c++0x_warning.h, Abseil's
    absl/base/policy_checks.h) -> ``custom-op-cxx11-abi-mismatch`` variant
    ``cxx-standard-old``: the op's g++/nvcc command ran in an older ``-std`` mode than the
    headers need; TensorFlow's own compile flags (``tf.sysconfig.get_compile_flags()``) name
    the mode its headers were built for where its ``versions.CXX_VERSION`` is recorded
    (tensorflow/python/platform/sysconfig.py; older releases print only the ABI value)
    (NVlabs/stylegan2-ada#2: ``--std=c++11`` added to
    dnnlib's nvcc command for TensorFlow 1.14)."""
    hits = ctx.h("build.cxx_standard_old").all()
    if not hits or not (ctx.h("ctx.tensorflow").count or ctx.tf_version):
        return []  # a C++ build with no TensorFlow in sight (log or host) is no op build
    h = hits[0]
    iso = h.g("iso")
    need = (f"C++{h.g('min')} or later" if h.g("min") else
            f"C++{iso[2:]} or later" if iso else "C++11 or later")
    return [catalogue.make(
        "custom-op-cxx11-abi-mismatch", variant="cxx-standard-old", need=need,
        evidence=log_evidence(hits, limit=2),
        cause=("The compile stopped in a header's own check of the C++ standard: "
               + ("GCC's libstdc++ standard check" if iso else "Abseil's policy check, "
                  "which TensorFlow's headers include")
               + f", which needs {need}, and the compiler ran in an older -std mode (its "
               "default, or the build script's -std flag). A custom op "
               "or plugin built with its own compiler flags instead of TensorFlow's meets "
               "this; the ABI and string types are not reached yet."),
        fix=("python -c \"import tensorflow as tf; print(tf.sysconfig.get_compile_flags())\""
             "   # the flags to compile with: the -D_GLIBCXX_USE_CXX11_ABI value and, in "
             "releases whose versions.py records it, --std=c++NN",
             f"# add -std=c++NN ({need}; the --std value printed, when there is one) to the "
             "g++ and nvcc commands of the op's build script, then rebuild (StyleGAN's dnnlib: "
             "custom_ops.py's nvcc command; delete its plugin cache folder)"),
    )]


def tf_source_build_gpu_not_configured(ctx: Facts) -> list[Finding]:
    """bazel ``--config=cuda`` (or rocm/sycl) on a GPU configuration generated without it
    (``build.tf_gpu_not_configured``, third_party/gpus/cuda_configure.bzl)."""
    hits = ctx.h("build.tf_gpu_not_configured").all()
    if not hits:
        return []
    return [catalogue.make(
        "tf-source-build-gpu-not-configured", cfg=hits[0].g("cfg") or "cuda",
        evidence=log_evidence(hits, limit=2),
    )]
