"""Libraries that fail to load outright: fatal loader errors that name a missing library
(Java's UnsatisfiedLinkError, Python's ImportError/OSError), and the Windows self-check
script's cuDNN line.  libraries.py asks :func:`fatal_load_names` which missing libraries
this module reports.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.diagnosis.checks.frozen_apps import frozen_app_owns
from tfgpu.diagnosis.checks.tf1_era import library_era_fix, tf1_era_cuda
from tfgpu.diagnosis.checks.third_party import owning_package
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: The CUDA stack's libraries (base names, parse_library: ``cudart`` for libcudart.so.12 and
#: cudart64_110.dll): the toolkit's runtime and math libraries, cuDNN, NCCL, TensorRT.
_CUDA_STACK_NAMES = (r"cudart|cublas\w*|cufft\w*|curand|cusolver\w*|cusparse\w*|cudnn\w*|cupti"
                     r"|nccl|nvinfer\w*|nvrtc\w*|nvToolsExt|nvjpeg|nvJitLink|nvptxcompiler\w*")
#: The NVIDIA libraries (CUDA toolkit, cuDNN, NCCL, TensorRT, the driver's libcuda; not
#: libcurl or libcups, which a ``cu`` prefix alone would take) whose
#: absence TensorFlow's op-library loader reports as NotFoundError: a custom op or plugin
#: library built with nvcc links them. Other libraries in such a line (a plugin itself, a
#: vendor's runtime such as Intel's libsycl) keep their own readings (directml.py, addons.py).
_NVIDIA_BASE = re.compile(rf"^(?:cuda|cufile\w*|cutensor\w*|cudla|{_CUDA_STACK_NAMES})$")
#: The NVIDIA driver's own user-space libraries other than libcuda (parse_library base names:
#: libnvidia-ml.so.1 -> ``nvidia-ml``, libnvidia-ptxjitcompiler.so.1, libnvidia-fatbinaryloader,
#: libnvcuvid.so.1, libnvidia-encode.so.1): the driver installs them (NVIDIA's Linux driver
#: README, https://download.nvidia.com/XFree86/Linux-x86_64/565.57.01/README/
#: installedcomponents.html), the CUDA toolkit's lib64 holds none, so a fix pointing
#: LD_LIBRARY_PATH at /usr/local/cuda/lib64 can never find them.
_DRIVER_LIB = re.compile(r"^(?:nvidia-[\w-]{1,40}|nvcuvid)$")


def _fatal_hits(ctx: Facts) -> list[Hit]:
    """The fatal-load lines whose library no more specific kind of libraries.py explains
    (a SONAME of another CUDA minor, a Windows DLL folder not searched)."""
    from tfgpu.diagnosis.checks.libraries import _dll_not_searched, _soname_mismatch, parse_library

    out = []
    for h in ctx.h("lib.fatal_load").all():
        lib = h.g("lib") or ""
        if not lib or ctx.other_framework:
            continue
        base, _, expected = parse_library(lib)
        if h.g("loader") == "NotFoundError" and not _NVIDIA_BASE.match(base):
            continue
        if (_soname_mismatch(ctx, lib, base, [h]) is not None
                or _dll_not_searched(ctx, lib, base, expected, [h]) is not None):
            continue
        out.append(h)
    return out


#: A lib.fatal_load row whose ``hostlib`` is a program's source folder, not a library file
#: (DALI's dali/core/device_guard.cc, raised as a RuntimeError): what the finding calls it.
_GUARDED_HOSTS = {"dali": "NVIDIA DALI's GPU pipeline"}


def fatal_load_names(ctx: Facts) -> set[str]:
    """Missing libraries this module reports (``lib.missing`` keys libraries.py skips)."""
    return {h.g("lib") or "" for h in _fatal_hits(ctx)} - {""}


def fatal_load_missing(ctx: Facts, filename: str) -> list[Finding]:
    """``library-not-loaded-{library}`` (variant ``fatal-load``): a library failed to load
    outright (Java ``UnsatisfiedLinkError``, Python ``ImportError``/``OSError``, a program's
    "error while loading shared libraries") because a dependency it links is missing.  Called
    by libraries.py's ``rule_missing_libraries`` for ``filename`` once its more specific kinds
    (driver files, ROCm, another CUDA minor's SONAME, ...) have passed it by.  Not
    TensorFlow's optional GPU dlopen that is harmless without a GPU: nothing of that library
    runs, not even on the CPU."""
    from tfgpu.diagnosis.checks.libraries import container_image_fix, parse_library
    from tfgpu.diagnosis.checks.nvml_failures import nvml_load_lines, own_glibc_python

    out: list[Finding] = []
    nvml = {h.line for h in nvml_load_lines(ctx)}
    for h in _fatal_hits(ctx):
        lib = h.g("lib") or ""
        if lib != filename or h.line in nvml:
            continue  # pynvml's own load of libnvidia-ml: nvml-library-not-found quotes it
        step = _bazel_build_step(ctx, h, lib)
        if step is not None:
            return [step]
        base, comp, expected = parse_library(lib)
        if base in ("tensorflow_framework", "tensorflow_cc") and frozen_app_owns(ctx):
            continue  # a frozen bundle that lacks it: frozen_apps.py reads that
        loader = h.g("loader") or "the loader"
        host = h.g("hostlib") or "the library"
        host = _GUARDED_HOSTS.get(host, host)
        java = loader == "UnsatisfiedLinkError"
        # TensorFlow's load_op_library/load_library raised it: the library it could not open
        # is an op library (a custom op, an add-on's or a plugin's .so) that links this CUDA
        # library, not TensorFlow itself
        op_lib = loader == "NotFoundError"
        # the failing load is another package's (its frame or compiled extension is the
        # last package path before the error): name it, never TensorFlow's needs
        owner = owning_package(ctx, h.line) if not h.g("hostlib") else None
        if owner is not None and owner[0] == "horovod" and base == "cudart":
            out.append(_horovod_runtime_missing(ctx, h, lib, expected, owner[1]))
            break
        # pywrap_tensorflow.py's "Failed to load the native TensorFlow runtime." (or its
        # import line / the SWIG helper's frame) around it: TensorFlow's own native module
        tf_native = (owner is None and not op_lib and not java and not h.g("hostlib")
                     and bool(ctx.h("lib.pywrap_import").count))
        if owner is not None:
            host = f"{owner[0]}'s compiled extension (the log shows {owner[1]})"
        elif op_lib:
            host = _op_library(ctx, h)
        elif tf_native:
            host = "TensorFlow's native module (_pywrap_tensorflow_internal)"
        cause = (f"{host} could not be loaded at all ({loader}): it links {lib} ({comp}"
                 + (f", {expected}" if expected else "") + "), which the loader did not find. "
                 "Unlike TensorFlow's optional GPU libraries this is fatal: nothing of "
                 f"{host} runs, not even on the CPU.")
        if tf_native:
            # pywrap_tensorflow.py (1.x-2.x) imports _pywrap_tensorflow_internal and, on an
            # ImportError, re-raises it with "Failed to load the native TensorFlow runtime."
            cause = (f"`import tensorflow` failed: {host} could not be loaded ({loader}; "
                     "pywrap_tensorflow.py then says 'Failed to load the native TensorFlow "
                     f"runtime.'): it links {lib} ({comp}"
                     + (f", {expected}" if expected else "") + "), which the loader did not "
                     "find. Unlike TensorFlow's optional GPU libraries this is fatal: nothing "
                     "of TensorFlow runs, not even on the CPU.")
            # TF 1.x's era (a CUDA a 1.x build was made with, tf1_era_cuda): the builds up to
            # 1.13 link their CUDA libraries into that module, 1.14 on open them lazily
            # (libraries._linked_at_import); a later CUDA's name belongs to no such release,
            # so the history would mislead there
            if tf1_era_cuda(ctx.kb, expected) is not None:
                cause += (" TensorFlow's GPU builds up to 1.13 link CUDA libraries into that "
                          "module; 1.14 and later open them lazily and only skip the GPU "
                          "without them.")
        if java:
            cause += (" A GPU build of a Java binding links the CUDA runtime it was built "
                      "with; on a machine without that CUDA it cannot load.")
        if op_lib and owner is None:
            cause = (f"TensorFlow's op-library loader (tf.load_op_library / tf.load_library) "
                     f"could not open {host}: it links {lib} ({comp}"
                     + (f", {expected}" if expected else "") + "), which the loader did not "
                     "find, and TensorFlow raised NotFoundError with the loader's message. "
                     f"{lib} is the op library's own need (it was compiled against "
                     f"{expected or comp}), not the CUDA this TensorFlow was built for; the ops "
                     "it defines do not load at all, not even on the CPU.")
        fix = [*(container_image_fix(ctx, base, expected)
                 if owner is None and not java and not op_lib else ()),
               *(("# rebuild the op library against the CUDA this machine has (the "
                  "project's build script for its custom ops, nvcc and the "
                  "tf.sysconfig.get_compile_flags()/get_link_flags() of the TensorFlow "
                  "installed): then it links that CUDA's libraries",)
                 if op_lib and owner is None and base != "cuda" else ()),
               f"# install {expected or comp} and put its lib folder on LD_LIBRARY_PATH, e.g. "
               + c.cuda_lib_example(expected),
               f"ldconfig -p | grep {lib.split('.so')[0]}   # is any {lib.split('.so')[0]} known?"]
        if base == "cuda" or _DRIVER_LIB.match(base):
            # claim audit C: libcuda.so.1 is the NVIDIA driver's, never the CUDA toolkit's
            # (whose lib64 has only the link-time stub); the threads printing this line had no
            # driver where the program ran: a container started without the NVIDIA runtime
            # (tensorflow/serving#660, xorbitsai/inference#883), a login/CPU node of a cluster
            # (apache/mxnet#6787), a CPU runtime (Langchain-Chatchat#120)
            # (libnvidia-ml.so.1 and the other libnvidia-*.so the same: the driver installs
            # them, the toolkit holds none; wookayin/gpustat#134)
            expected = None
            cause, fix = _driver_library_missing(host, loader, lib, tf_native,
                                                 own_glibc_python(ctx),
                                                 wsl2=ctx.wsl and not ctx.wsl1)
        framework = base == "tensorflow_framework"
        if framework:
            # TensorFlow's own framework library (tf.sysconfig.get_lib(): "the directory
            # containing the TensorFlow framework library"), never a CUDA library to install
            expected = None
            cause = (f"{host} could not be loaded ({loader}): it links {lib}, TensorFlow's own "
                     "framework library, which pip TensorFlow keeps in its package folder "
                     "(tf.sysconfig.get_lib()), not on the system's library path. A library "
                     "built against TensorFlow (an op library, a project's extension) finds it "
                     "only through its RUNPATH or LD_LIBRARY_PATH; TensorFlow's own import "
                     "failing on it means its install lacks the file. Not a GPU fault.")
            fix = ['python -c "import tensorflow as tf; print(tf.__version__, '
                   'tf.sysconfig.get_lib())"   # the folder that holds it (this fails too when '
                   "TensorFlow's own install lacks it)",
                   "# a library built against TensorFlow: rebuild it with this TensorFlow's "
                   "tf.sysconfig.get_compile_flags() and get_link_flags(), or add that folder "
                   "to LD_LIBRARY_PATH",
                   "# TensorFlow's own import failing: pip install --force-reinstall --no-deps "
                   '"tensorflow==<its version>"']
        other = (None if tf_native or java or op_lib or owner is not None or base == "cuda"
                 or _DRIVER_LIB.match(base) or framework
                 else _other_program(ctx, h, lib, base, expected))
        if other is not None:
            # no TensorFlow in the log: the program's own build for another CUDA
            cause, fix = cause + other[0], [other[1], *(
                "# or " + x[2:] if x.startswith("# install ") else x for x in fix)]
        elif java:
            fix.append("# or use the binding's CPU-only artifact (one that does not link CUDA)")
        elif owner is not None:
            fix.append(f"# or reinstall {owner[0]} built against the CUDA you have (pip "
                       f"install --no-cache-dir --force-reinstall {owner[0]}): {lib} is its "
                       "need, not TensorFlow's")
        elif op_lib:
            pass  # the op library's CUDA: no TensorFlow release changes it
        elif framework:
            pass  # TensorFlow's own library: no CUDA release changes it
        elif base in ("cudart", "cublas", "cudnn", "cufft", "curand", "cusolver", "cusparse"):
            # a CUDA 8.0-10.0 name (libcublas.so.9.0) is a 1.x (or 2.0) build's
            era = library_era_fix(ctx.kb, lib, expected)
            if era is not None:
                fix.append(era)
            fix.append("# or install the TensorFlow release built for the CUDA you have "
                       "(tfgpu matrix), or the CPU package")
        category = "pip" if framework else "gpu-not-visible"
        want = (expected or "").split()
        if len(want) > 1 and want[0] == "CUDA" and ctx.cuda_versions and not any(
                v.split(".")[0] == want[1].split(".")[0] for v in ctx.cuda_versions):
            category = "version-mismatch"
            cause += f" This host has CUDA {', '.join(ctx.cuda_versions)} (host facts)."
        out.append(catalogue.make(
            "library-not-loaded-{library}", variant="fatal-load", category=category,
            library=re.sub(r"[^a-z0-9]+", "-", lib.lower()).strip("-"),
            component=comp, filename=lib,
            needs=f" (needs {expected})" if expected else "",
            evidence=log_evidence([h]), cause=cause, fix=tuple(fix),
        ))
        break
    return out


#: A program the dynamic linker could not start ("./darknet: error while loading shared
#: libraries: libcudart.so.10.0: ..."): its path.
_LINKER_PROGRAM = re.compile(r"(?P<prog>[^\s:'\"`|]{1,200}): error while loading shared "
                             r"libraries")
#: The CUDA libraries whose soname carries the CUDA release (the runtime, cuBLAS, NVRTC: the
#: major from CUDA 11, major.minor before): a program that links one was built with that CUDA.
_CUDA_NAMED = ("cudart", "cublas", "cublasLt", "nvrtc")


def _other_program(ctx: Facts, hit: Hit, lib: str, base: str,
                   expected: str | None) -> tuple[str, str] | None:
    """When the log shows no TensorFlow (no TensorFlow line, no tfjs, no libtensorflow) and
    ``lib`` is a CUDA library named after its CUDA release (:data:`_CUDA_NAMED`): the cause's
    last sentences and the first fix line for the program that links it, which was built
    for that CUDA (a compiled extension such as mmcv's ops or a PyTorch extension, a binary
    such as darknet): rebuild or reinstall it for the host's CUDA (iSEE-Laboratory/LLMDet#32:
    mmcv built for CUDA 10.1 on a CUDA 12.1 host, fixed by installing the right mmcv build;
    opendatacam/opendatacam#214: darknet built for another CUDA).  ``None`` when TensorFlow
    is in the log, the library says nothing of a CUDA release, or nothing shows another
    program (a program the linker names, another framework, a host CUDA other than the
    library's): a library line pasted alone may be TensorFlow's own."""
    if (ctx.h("ctx.tensorflow").count or ctx.h("ctx.tfjs").count or ctx.non_pip_tensorflow
            or base not in _CUDA_NAMED or not (expected or "").startswith("CUDA ")):
        return None
    want = (expected or "").split()[1]
    m = _LINKER_PROGRAM.search(hit.text)
    prog = m.group("prog") if m else None
    have = ctx.any_cuda_versions
    host = ""
    if have and not any(v == want or v.split(".")[0] == want or v.startswith(want + ".")
                        for v in have):
        how = "host facts" if ctx.cuda_versions else "the log"
        host = f" This host has CUDA {', '.join(have)} ({how}), another CUDA."
    if not (prog or host or ctx.other_framework):
        # no TensorFlow line is no evidence of another program (a TF 1.x "ImportError:
        # libcublas.so.9.0" pasted alone is TensorFlow's): a program named by the linker,
        # another framework, or a host CUDA other than the library's must show
        return None
    who = prog or ("the program (or one of its compiled extensions: an OpenMMLab mmcv build, a "
                   "PyTorch extension, a binary)")
    cause = (f" The log shows no TensorFlow: {who} links {lib}, so it was built against "
             f"CUDA {want}.{host} A compiled program or extension links the CUDA runtime it was "
             + ("built with, so it needs a build made for the CUDA installed here (or CUDA "
                f"{want} beside it), not a TensorFlow release." if host else
                f"built with: either CUDA {want} is not installed or not on the loader's path, "
                "or this host has another CUDA and it needs a build made for that one; no "
                "TensorFlow release changes it."))
    fix = (f"# rebuild or reinstall {prog or 'the package that links ' + lib} for the CUDA "
           "this host has (its wheel built for that CUDA, e.g. mmcv's for your CUDA and "
           "PyTorch, or a rebuild against /usr/local/cuda); pip show and ldd on the failing "
           "extension tell which package it is")
    return cause, fix


#: A program of bazel's host or exec configuration that the dynamic loader ran
#: ("bazel-out/host/bin/tensorflow/cc/ops/random_ops_gen_cc: error while loading shared
#: libraries: ...", newer bazel "bazel-out/k8-opt-exec-50AE0418/bin/..."): bazel builds the
#: tools it runs during a build in that configuration, so this is a build step, not a target
#: run by `bazel run` or started by hand (bazel-out/k8-opt/bin/...).
_BAZEL_TOOL = re.compile(r"(?P<tool>(?:\S*/)?bazel-out/(?:host|[\w.-]{1,80}-exec(?:-[\w-]{1,60})?)"
                         r"/bin/\S{1,300}?):\s*error while loading shared libraries")
#: Any program under bazel's output tree (bazel-out/k8-opt/bin/...): a build step only when the
#: log shows bazel reporting a failed genrule or build (``build.bazel_step_failed``; builds
#: with --distinct_host_configuration=false put their tools there).
_BAZEL_ANY = re.compile(r"(?P<tool>(?:\S*/)?bazel-out/[\w.-]{1,120}/bin/\S{1,300}?):\s*error "
                        r"while loading shared libraries")
#: The CUDA stack's libraries (base names, parse_library): what a folder on LD_LIBRARY_PATH
#: can give a build step.
_CUDA_STACK = re.compile(rf"^(?:{_CUDA_STACK_NAMES})$")


def _bazel_tool(ctx: Facts, hit: Hit) -> re.Match[str] | None:
    """The tool part of a loader line of a program bazel ran as a build step: one of its host
    or exec configuration (:data:`_BAZEL_TOOL`), or any program under bazel-out/ when the log
    shows bazel reporting a failed genrule or build (:data:`_BAZEL_ANY`)."""
    m = _BAZEL_TOOL.search(hit.text)
    if m is None and ctx.h("build.bazel_step_failed").count:
        m = _BAZEL_ANY.search(hit.text)
    return m


def bazel_build_step_line(ctx: Facts, hit: Hit) -> bool:
    """Whether ``hit`` is the loader's line of a program bazel ran as a build step
    (:func:`_bazel_tool`)."""
    return _bazel_tool(ctx, hit) is not None


def _bazel_build_step(ctx: Facts, hit: Hit, lib: str) -> Finding | None:
    """``bazel-build-step-library-not-found`` for a fatal load (``hit``, of the library
    ``lib``) of a program bazel built and ran as a build step (:func:`_bazel_tool`), else
    ``None`` (also for a library that is not the CUDA stack's, :data:`_CUDA_STACK`, such as
    the driver's libcuda.so.1, which no CUDA folder holds): the library is missing from the
    step's environment, not from TensorFlow's runtime
    (tensorflow/tensorflow configure.py ``write_action_env_to_bazelrc('LD_LIBRARY_PATH',
    ...)``; tensorflow/tensorflow#2499)."""
    from tfgpu.diagnosis.checks.libraries import parse_library

    m = _bazel_tool(ctx, hit)
    base = parse_library(lib)[0]
    if m is None or not _CUDA_STACK.match(base):
        # only a CUDA/cuDNN/NCCL/TensorRT library comes from a folder to pass; libcuda.so.1 is
        # the NVIDIA driver's (the build host has no driver: the fatal-load reading of the
        # driver library says so), and a library the build makes itself
        # (libtensorflow_framework) is found through the tool's own rpath
        return None
    tool = m.group("tool").rsplit("bazel-out/", 1)[-1]
    return catalogue.make(
        "bazel-build-step-library-not-found", tool=f"bazel-out/{tool}", lib=lib,
        evidence=log_evidence([hit]),
        fix=(f"ldconfig -p | grep {lib.split('.so')[0]}; ls /usr/local/cuda/lib64   # where "
             f"{lib} is (install it if it is nowhere)",
             "export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH   # the folder "
             "that holds it",
             "# TensorFlow: ./configure in that shell writes it into .tf_configure.bazelrc "
             "(build --action_env LD_LIBRARY_PATH=...)",
             "# any bazel build: bazel build --action_env=LD_LIBRARY_PATH=\"$LD_LIBRARY_PATH\" "
             "--host_action_env=LD_LIBRARY_PATH=\"$LD_LIBRARY_PATH\" ... (the second for tools "
             "of the exec configuration, bazel-out/*-exec-*/); an old bazel (TF 0.x/1.x era): "
             "--genrule_strategy=standalone or --spawn_strategy=standalone "
             "(tensorflow/tensorflow#2499)"))


def _op_library(ctx: Facts, hit: Hit) -> str:
    """How the cause names the op library whose load raised ``hit`` (a NotFoundError of
    TensorFlow's load_op_library/load_library): its file name when a traceback line before
    ``hit`` calls the loader with it as a literal (pattern ``op.load_call``), else a
    description."""
    calls = [h for h in ctx.h("op.load_call").all() if h.line <= hit.line and h.g("so")]
    if calls:
        return f"the op library {calls[-1].g('so')} (loaded with tf.load_op_library)"
    return ("an op library that TensorFlow's load_op_library/load_library was loading (a "
            "custom op's or an add-on's compiled .so)")


def _horovod_runtime_missing(ctx: Facts, hit: Hit, lib: str, expected: str | None,
                             where: str) -> Finding:
    """``horovod-built-against-other-cuda`` variant ``runtime-missing``: the CUDA runtime
    ``lib`` (``libcudart.so.7.5``) that a failing load under Horovod's frames or extension
    needs is missing.  Source: horovod/horovod@2626dc87a3a8eb8fb7d2216198ce45bce0f9e65a
    docs/troubleshooting.rst, "libcudart.so.X.Y: cannot open shared object file: No such
    file or directory": "your framework and Horovod were build with different versions of
    CUDA"; the fix there: ``pip uninstall -y horovod`` then ``HOROVOD_GPU_OPERATIONS=NCCL
    HOROVOD_NCCL_HOME=... HOROVOD_CUDA_HOME=/path/to/cuda pip install --no-cache-dir
    horovod``."""
    want = (expected or "").split()
    cuda = want[1] if len(want) > 1 and want[0] == "CUDA" else "?"
    m = re.search(r"\.so\.(\d+\.\d+)$", lib)
    if m is not None:
        cuda = m.group(1)  # libcudart.so.7.5: the soname names the release before CUDA 11
    here = (f" This host has CUDA {', '.join(ctx.cuda_versions)} (host facts)."
            if ctx.cuda_versions else "")
    return catalogue.make(
        "horovod-built-against-other-cuda", variant="runtime-missing",
        filename=lib, cuda=cuda, where=where, here=here,
        evidence=log_evidence([hit]),
    )


def _driver_library_missing(host: str, loader: str, lib: str, tf_native: bool = False,
                            toolchain: str | None = None,
                            wsl2: bool = False) -> tuple[str, list[str]]:
    """Cause and fix of a program that links the NVIDIA driver library ``lib``
    (libcuda.so.1) and cannot start without it: the driver installs that file (the CUDA
    toolkit ships only a link-time stub in lib64/stubs), so it is missing where the program
    ran there is no NVIDIA driver: a container started without the NVIDIA runtime, or a
    machine (a cluster's login or CPU node, a CPU cloud runtime) with no GPU driver.
    ``tf_native``: the program is TensorFlow's own native module (a 1.x GPU build, which
    links libcuda.so.1; the CPU build of 1.x is the separate ``tensorflow`` package, platform
    fact tensorflow-is-cuda-build).  ``toolchain``: the log shows a Linuxbrew or Nix Python
    (nvml_failures.own_glibc_python), whose own loader does not search the system's library
    folders: the driver may be installed, and that is the likelier reason.  Source: the
    threads in docs/knowledge-audit.md part C; wookayin/gpustat#134."""
    start = ("could not start" if loader == "RuntimeError" else "could not be loaded at all")
    if toolchain is not None:
        cause = (f"{host} {start} ({loader}): it needs {lib}, the NVIDIA driver's own library "
                 "(installed by the driver, not by the CUDA toolkit), and the loader found "
                 f"none. The log shows a {toolchain} Python: it runs with its own glibc and "
                 "loader, which do not search the system's loader cache or "
                 "/usr/lib/x86_64-linux-gnu and /usr/lib64, where the driver puts its "
                 "libraries; so the driver may well be installed. If nvidia-smi works, this "
                 "is the likely cause.")
        fix = ["nvidia-smi   # prints the GPU table: the driver is installed",
               f"/sbin/ldconfig -p | grep {lib.split('.so')[0]}   # the SYSTEM's loader cache "
               "(the toolchain's own ldconfig shows its own)",
               "# run the program with the system's Python (/usr/bin/python3 -m venv ...), "
               f"or link only {lib} into a folder of its own and put that on LD_LIBRARY_PATH"]
        return cause, fix
    if wsl2:
        # WSL 2: the Windows driver maps its Linux libraries into /usr/lib/wsl/lib; NVIDIA's
        # CUDA on WSL User Guide (docs.nvidia.com/cuda/wsl-user-guide, "Getting Started"):
        # the Windows driver is the only driver to install, a Linux NVIDIA driver must not be
        # installed inside WSL 2 (it overwrites the mapped libcuda); microsoft/WSL#8587 (the
        # loader needs /usr/lib/wsl/lib); break-it review b49a P5
        cause = (f"{host} {start} ({loader}): it needs {lib}, the NVIDIA driver's own "
                 "library, and the loader found none. This is WSL 2: the driver is the "
                 "Windows one, which maps its Linux libraries (libcuda.so.1, "
                 "libnvidia-ml.so.1) into /usr/lib/wsl/lib; so either that folder is not on "
                 "the loader's path or cache (ld.so.conf.d's ld.wsl.conf, LD_LIBRARY_PATH), or "
                 "the Windows NVIDIA driver is missing or too old for WSL GPU support. "
                 "NVIDIA's CUDA on WSL guide says not to install a Linux NVIDIA driver inside "
                 "WSL 2: it would replace the mapped libraries and break the setup.")
        fix = [f"ls -l /usr/lib/wsl/lib/ | grep -E 'libcuda|libnvidia-ml'   # the Windows "
               f"driver's libraries ({lib}) as WSL 2 maps them",
               "ldconfig -p | grep /usr/lib/wsl/lib   # does the loader cache know them? if "
               "not: echo /usr/lib/wsl/lib | sudo tee /etc/ld.so.conf.d/ld.wsl.conf && sudo "
               "ldconfig (or export LD_LIBRARY_PATH=/usr/lib/wsl/lib:$LD_LIBRARY_PATH)",
               "# folder empty or missing: install or update the NVIDIA driver on WINDOWS (not "
               "inside WSL), then wsl --shutdown from Windows and reopen the shell",
               "# never install a Linux NVIDIA driver (apt install nvidia-driver-*) inside WSL 2"]
        return cause, fix
    cause = (f"{host} {start} ({loader}): it needs {lib}, the NVIDIA "
             "driver's own library (installed by the driver, not by the CUDA toolkit), and "
             "the loader found none. Where this program ran there is no NVIDIA driver: most "
             "often a container started without the NVIDIA runtime (plain `docker run`, a "
             "Kubernetes pod without a GPU resource), or a machine without a GPU driver (a "
             "cluster's login or CPU-only node, a CPU runtime). nvidia-smi there tells which.")
    fix = ["nvidia-smi   # where the program runs: no GPU table means no driver there",
           "# in a container: start it with the NVIDIA runtime, e.g. docker run --gpus all ... "
           "(Kubernetes: request nvidia.com/gpu); the runtime mounts the host's libcuda.so.1",
           "# a machine with an NVIDIA GPU but no nvidia-smi: install the NVIDIA driver (it "
           f"installs {lib})",
           "# on a machine without a GPU: use the CPU build of the program"
           + (" (TensorFlow 1.x: the tensorflow package instead of tensorflow-gpu)"
              if tf_native else "")
           + ", or run it on a GPU node; the toolkit's lib64/stubs/libcuda.so only lets it "
           "load, never run on a GPU",
           f"ldconfig -p | grep {lib.split('.so')[0]}   # on a GPU machine: is the "
           f"driver's {lib} known?"]
    return cause, fix


def selfcheck_cudnn_missing(ctx: Facts) -> list[Finding]:
    """``library-not-loaded-{library}`` for ``cudnn64_<major>.dll`` from the Windows
    self-check script's "Could not find cuDNN <N>." line."""
    hits = ctx.h("cudnn.selfcheck").all()
    if not hits:
        return []
    v = hits[0].g("v") or ""
    major = v.split(".")[0]
    lib = f"cudnn64_{major}.dll"
    cause = (f"The TensorFlow self-check found no {lib} (cuDNN {v}) in a folder on PATH; the "
             "installed GPU build of TensorFlow needs exactly that cuDNN major, so importing "
             "TensorFlow fails (R's keras/tensorflow then say the Python module was not "
             "found).")
    fix = (f"# install cuDNN {v} for your CUDA and add the folder that contains {lib} to "
           "PATH (Windows does not search sub-folders)",
           f"where.exe {lib}",
           c.pip(ctx, "install", "tensorflow") + "   # or the CPU build")
    return [catalogue.make(
        "library-not-loaded-{library}", library=f"cudnn64-{major}-dll", component="cuDNN",
        filename=lib, needs=f" (needs cuDNN {v})", category="windows-dll",
        evidence=log_evidence(hits, ctx.h("ctx.reticulate").first[:1]), cause=cause, fix=fix,
        doc="tf-pip-windows-native",
    )]
