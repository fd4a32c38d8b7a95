"""TensorFlow 0.x-1.x CUDA loader wordings and cuda_diagnostics' libcuda line.

Sources (tensorflow/tensorflow history, read in the NVIDIA/tensorflow mirror, which keeps it
from the first commit f41959ccb2):

* ``tensorflow/stream_executor/cuda/cuda_diagnostics.cc`` (f41959ccb2 to r1.15 7cbba04a2e;
  the same in XLA's ``stream_executor/cuda/cuda_diagnostics.cc``):
  ``LogDiagnosticInformation`` returns early, printing "kernel driver does not appear to be
  running on this host" when ``/proc/driver/nvidia/version`` is absent and "no NVIDIA GPU
  device is present: /dev/nvidia0 does not exist" when the device node is; only past both it
  logs "libcuda reported version is: " with ``FindDsoVersion``'s status, "Not found: was unable
  to find libcuda.so DSO loaded into this program" when no loaded object is named
  ``libcuda.so.1`` with a ``.so.<version>`` real path.  So the line means: the kernel driver
  runs and a GPU node exists, and no driver libcuda.so.1 is in the process.
* Threads printing it: tensorflow/tensorflow#4267 (the driver's libcuda package missing:
  ``apt install libcuda1-384``; Singularity without ``--nv``), #6233 and #3674 (dso_loader's
  "Couldn't open CUDA library libcuda.so.1" before it: not on the loader path), #40874 (a
  container with a libcuda.so.1 that is no driver file), tensorflow/tensorflow#808 (the -gpu
  image run with plain docker: no host driver in the container).  Four causes, one line: the
  finding is a hedged warning naming them and the commands that tell them apart.
* ``tensorflow/stream_executor/dso_loader.cc`` (0.x-1.x, e.g. 27eeb441ba): ``LOG(INFO)
  "Couldn't open CUDA library " << path << ". LD_LIBRARY_PATH: " ...`` and "successfully
  opened CUDA library <path> locally"; it opens cuDNN at start-up, and cuDNN is called only
  by the ops that use it (``cuda_dnn.cc``: convolutions, pooling, cuDNN RNNs): TensorFlow
  goes on without it, and a model that never runs such an op never needs it (the answer of
  "TensorFlow GPU: is cuDNN optional? Couldn't open CUDA library libcudnn.so"); one that does
  fails later with "Unable to load cuDNN DSO" (checks/one_line_runtimes.py).
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import driver_files
from tfgpu.diagnosis.checks._common import slug
from tfgpu.diagnosis.checks._pip_list import pip_list_grep
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence, tf_minor
from tfgpu.findings import Finding
from tfgpu.knowledge import KnowledgeQueryError, parse_version


def _libcuda_loaded_other(f: Facts) -> bool:
    """A libcuda.so.1 WAS opened (TensorFlow 2.x "Successfully opened dynamic library
    libcuda.so.1"): then the diagnostics' line says the file is no driver library, which
    checks/driver_from_log.py's cuInit code finding reads."""
    return any("libcuda" in (h.g("lib") or h.text) for h in f.h("lib.opened").all())


def _cuda_newer_than_driver(f: Facts) -> bool:
    """A CUDA toolkit the host facts or the log name needs a newer driver than the one the
    facts or the log print (``cuda_min_driver.toml``); False when either is unknown."""
    have = f.driver_version
    if not have or not f.any_cuda_versions:
        return False
    try:
        have_v = parse_version(have, "driver")
        for cuda in f.any_cuda_versions:
            need = f.kb.min_driver(cuda, "linux")
            if need is not None and have_v < parse_version(need.version, "driver"):
                return True
    except (KnowledgeQueryError, ValueError):
        return False
    return False


def libcuda_not_in_process(f: Facts) -> list[Finding]:
    """cuda_diagnostics' "was unable to find libcuda.so DSO loaded into this program" ->
    ``docker-run-without-gpus`` (variant ``libcuda-not-in-process``) when the log shows a
    container, else ``nvidia-driver-missing`` (variant ``libcuda-not-in-process``, a hedged
    warning naming the four causes).  Nothing when the host facts show a working GPU, under
    WSL, or when another finding already reads the same fault (a missing libcuda.so.1 in
    TensorFlow 2.x wording, the container's driver files, a cuInit code outside cuda.h's)."""
    hits = f.h("driver.libcuda_not_in_process").all()
    if not hits or f.host_gpu_works or f.wsl or f.wsl1 or f.windows or f.os == "macos":
        return []
    if any((h.g("lib") or "").endswith(".dylib")
           for n in ("lib.old_dso_missing", "lib.old_dso_opened") for h in f.h(n).all()):
        return []  # macOS: its diagnostics go on without a driver and look for another name
    if f.libcuda_hits() or f.h("cuda.cuinit_unnamed").count or _libcuda_loaded_other(f):
        return []
    if driver_files.container_driver_files_missing(f):
        return []
    if _cuda_newer_than_driver(f):
        # trixie#41: a CUDA toolkit (module) newer than the kernel driver on the path; its
        # libcuda is no driver file either, but the thread's cause is the driver/CUDA pair
        return []
    old_missing = f.libcuda_hits("lib.old_dso_missing") + f.libcuda_hits("lib.old_dso_missing")
    kernel = f.h("driver.kernel").first[:1]
    ran = (f" (the kernel driver reports {kernel[0].g('v')})" if kernel and kernel[0].g("v")
           else "")
    said = ("TensorFlow's CUDA diagnostics print this only after finding the NVIDIA kernel "
            f"driver running (/proc/driver/nvidia/version) and a GPU device node "
            f"(/dev/nvidia0){ran}, so the kernel side is there; no libcuda.so.1 of the driver "
            "is loaded in this process"
            + (f" (line {old_missing[0].line}: TensorFlow could not open it)" if old_missing
               else "")
            + ".")
    hints = driver_files._container_hints(f, old_missing)
    # TensorFlow 0.x opened "libcuda.so" (line "successfully opened CUDA library libcuda.so
    # locally"): the diagnostics look for a loaded "libcuda.so.1", so outside a container the
    # line then says little; cuInit's own error (cuinit-*) reads the fault
    opened = [h for h in f.h("lib.old_dso_opened").all() if "libcuda" in (h.g("lib") or "")]
    if not (hints or f.in_container) and (opened or f.h("cuinit").count):
        return []
    if hints or f.in_container:
        if opened:
            said += (f" TensorFlow opened {opened[0].g('lib')} (line {opened[0].line}), which is "
                     "then not the host driver's libcuda.so.1.")
        return [catalogue.make(
            "docker-run-without-gpus", variant="libcuda-not-in-process",
            evidence=log_evidence(hits, old_missing, opened[:1], hints[:1], kernel),
            cause=(said + " In a container the driver's libcuda.so.1 comes from the host, "
                   "mounted in by the NVIDIA runtime when the container starts with GPU "
                   "access; this one was started without it (plain docker run, no --gpus; "
                   "Singularity/Apptainer without --nv), or the image's stub libcuda "
                   "(CUDA's lib64/stubs) is found first."),
            fix=("docker run --gpus all ...   # Docker 19.03+ with the NVIDIA Container "
                 "Toolkit (older: nvidia-docker run, or --runtime=nvidia)",
                 "singularity exec --nv ...   # Singularity/Apptainer: --nv binds the host "
                 "driver's libraries",
                 "ldconfig -p | grep libcuda.so.1   # inside the container: must be the host "
                 "driver's libcuda.so.<version>, not .../stubs/libcuda.so"),
        )]
    return [catalogue.make(
        "nvidia-driver-missing", variant="libcuda-not-in-process",
        evidence=log_evidence(hits, old_missing, kernel),
        why=(said + " The line cannot tell which of these it is: the driver's user-space "
               "package is not installed (Ubuntu: nvidia-<version> without libcuda1-<version> "
               "or libnvidia-compute-<version>); it is installed but its folder is not on the "
               "loader's path (ldconfig, LD_LIBRARY_PATH); a container (Docker, Singularity) "
               "sees the device node but was started without the host's driver libraries (docker "
               "run --gpus all, singularity --nv bind them in); or "
               "the libcuda found is a stub (CUDA's lib64/stubs), not the driver's file."),
        fix=("ldconfig -p | grep libcuda.so.1   # none: the driver's user-space library is "
             "missing or not on the loader's path",
             "ls -l $(ldconfig -p | awk '/libcuda.so.1/{print $NF}')   # must resolve to "
             "libcuda.so.<driver version>, not a stubs folder",
             "cat /proc/driver/nvidia/version   # install the user-space package of that same "
             "driver version (Ubuntu: sudo apt install libcuda1-<version> or "
             "libnvidia-compute-<version>), or add its folder (e.g. /usr/lib/nvidia-<version>) "
             "to /etc/ld.so.conf.d and run sudo ldconfig",
             "# in a container: docker run --gpus all ...; Singularity/Apptainer: --nv"),
    )]


#: dso_loader's line ending in an empty "LD_LIBRARY_PATH: " (the variable unset or empty in the
#: process; 0.x printed getenv() with nothing after it), also retyped "LD_LIBRARY_PATH." alone.
_EMPTY_LD_PATH = re.compile(r"LD_LIBRARY_PATH(?::[ \t]*|\.)?[ \t]*$")

#: What an empty LD_LIBRARY_PATH in the loader's line adds to a cuDNN file not found.
EMPTY_LD_PATH_CAUSE = (
    " The line shows LD_LIBRARY_PATH empty in this process. cuDNN copied from NVIDIA's "
    "tarball into /usr/local/cuda/lib64 (as the install guides of the time said) is found "
    "only through LD_LIBRARY_PATH or an /etc/ld.so.conf.d entry, and an export in ~/.bashrc "
    "reaches only programs started from that shell: an IDE or notebook server started from "
    "the desktop menu (Spyder, PyCharm, Jupyter), sudo, cron and services do not get it.")
#: Fix lines for that case: see it from the same program, then make the folder known to all.
EMPTY_LD_PATH_FIX = (
    "python -c \"import os; print(os.environ.get('LD_LIBRARY_PATH'))\"   # run it where "
    "TensorFlow failed (the IDE's console, the notebook): None or '' means the shell's export "
    "did not reach that program",
    "echo /usr/local/cuda/lib64 | sudo tee /etc/ld.so.conf.d/cuda.conf && sudo ldconfig   # "
    "the folder holding libcudnn, known to every process however it is started (or start the "
    "IDE from a terminal that has the export)",
)


def ld_path_empty(hits: list[Hit]) -> bool:
    """Whether one of the loader's "Couldn't open CUDA library X. LD_LIBRARY_PATH: " lines
    (``lib.old_dso_missing``) ends with the variable empty (:data:`_EMPTY_LD_PATH`)."""
    return any(_EMPTY_LD_PATH.search(h.text) for h in hits)


def old_dso_cudnn_optional(f: Facts) -> list[Finding]:
    """TensorFlow 0.x-1.x "Couldn't open CUDA library libcudnn.so[.N]" (Linux; Windows 0.12-1.0
    "cudnn64_N.dll", no LD_LIBRARY_PATH part) with nothing after it about cuDNN ->
    ``library-not-loaded-{library}`` (variant ``cudnn-optional``, an info notice, harmless):
    TensorFlow goes on without cuDNN and only ops that call it need it.  Nothing when "Unable
    to load cuDNN DSO" or the fatal "could not find cudnnCreate in cudnn DSO" follows, or a
    newer loader line names libcudnn: their findings (checks/one_line_runtimes.py) say it."""
    hits = [h for h in f.h("lib.old_dso_missing").all()
            if re.fullmatch(r"libcudnn\.so(?:\.\d+){0,3}|cudnn64_\d{1,2}\.dll", h.g("lib") or "")]
    if not hits or f.h("cudnn.dso").count or f.h("cudnn.dso_symbol").count:
        return []  # a later cuDNN failure: checks/one_line_runtimes.py says it
    if any("cudnn" in (h.g("lib") or "").lower() for h in f.h("lib.missing").all()):
        return []
    name = hits[0].g("lib") or "libcudnn.so"
    empty = ld_path_empty(hits)
    if name.endswith(".dll"):
        return [catalogue.make(
            "library-not-loaded-{library}", variant="cudnn-optional", library=slug(name),
            filename=name, evidence=log_evidence(hits),
            cause=(f"TensorFlow's Windows build (0.12-1.0) tries to open {name} at start-up and "
                   "goes on without it (its loader logs this at INFO level): cuDNN is called "
                   "only by the ops that use it (convolutions, pooling, cuDNN RNNs). A model "
                   "without them runs on the GPU anyway; one with them aborts at its first "
                   "cuDNN call (\"could not find cudnnCreate in cudnn DSO\")."),
            fix=(f"where.exe {name}   # none: cuDNN of that major is not on PATH",
                 f"# only for models with convolutions/pooling: install the cuDNN that ships "
                 f"{name} and put its bin folder on PATH, then open a new terminal"),
        )]
    return [catalogue.make(
        "library-not-loaded-{library}", variant="cudnn-optional", library=slug(name),
        filename=name, evidence=log_evidence(hits),
        cause=(f"TensorFlow 0.x-1.x tries to open {name} at start-up and goes on without it "
               "(its loader logs this at INFO level): cuDNN is called only by the ops that use "
               "it (convolutions, pooling, cuDNN RNNs). A model without them, such as the "
               "fully connected MNIST examples, runs on the GPU anyway; one with them stops "
               "later with \"Unable to load cuDNN DSO\"."
               + (EMPTY_LD_PATH_CAUSE if empty else "")),
        fix=("ldconfig -p | grep libcudnn   # none: cuDNN is not installed or not on the path",
             *(EMPTY_LD_PATH_FIX if empty else ()),
             "# only for models with convolutions/pooling: install the cuDNN this TensorFlow "
             "release names and put the folder holding " + name + " on LD_LIBRARY_PATH (a "
             "libcudnn.so.N without the plain libcudnn.so: ln -s libcudnn.so.N libcudnn.so)"),
    )]


#: The library file each plugin of TensorFlow 0.x-1.0 opens (Linux, Windows, macOS names).
_PLUGIN_FILE = {
    "cuBLAS": re.compile(r"libcublas(?:\.so(?:\.[\d.]+)?|(?:\.[\d.]+)?\.dylib)|cublas64_\d+\.dll"),
    "cuFFT": re.compile(r"libcufft(?:\.so(?:\.[\d.]+)?|(?:\.[\d.]+)?\.dylib)|cufft64_\d+\.dll"),
    "cuRAND": re.compile(r"libcurand(?:\.so(?:\.[\d.]+)?|(?:\.[\d.]+)?\.dylib)|curand64_\d+\.dll"),
}


def old_plugin_dso_not_loaded(f: Facts) -> list[Finding]:
    """TensorFlow 0.x-1.0's "Unable to load cuBLAS DSO." / "cuFFT" / "cuRAND"
    (``lib.old_plugin_dso``), with the loader's "Couldn't open CUDA library <file>" naming the
    file when pasted -> ``library-not-loaded-{library}``: variant ``tf0-blas`` (an error) for
    cuBLAS, ``tf0-optional`` (an info notice, harmless) for cuFFT and cuRAND.

    Facts (tensorflow/tensorflow before 191658d54f, read in the NVIDIA/tensorflow mirror):
    ``initialize_cublas`` / ``initialize_cufft`` / ``initialize_curand`` prime their library
    through ``CachedDsoLoader`` at start-up and log this at INFO level; the plugin is then
    used by the ops that call it: cuBLAS by every matrix multiplication on the GPU (MatMul,
    dense layers), whose first call dies in ``GetDsoHandle``'s ``ValueOrDie`` on the loader's
    status ("could not dlopen DSO: <file>; dlerror: ...");
    cuFFT only by the FFT ops, cuRAND only by code that asks for it.  Nothing in a ROCm log:
    hipTensorFlow prints the same lines for its hipBLAS/hipFFT/hipRNG libraries, whose
    "Couldn't open CUDA library" lines rocm.py reads."""
    hits = f.h("lib.old_plugin_dso").all()
    if not hits or f.rocm_log:
        return []
    out: list[Finding] = []
    for plugin in dict.fromkeys(h.g("plugin") or "cuBLAS" for h in hits):
        said = [h for h in hits if h.g("plugin") == plugin]
        named = [h for h in f.h("lib.old_dso_missing").all()
                 if _PLUGIN_FILE[plugin].fullmatch(h.g("lib") or "")]
        name = (named[0].g("lib") or "") if named else ""
        if any(plugin.lower() in (h.g("lib") or "").lower()
               for h in f.h("lib.missing").all()):
            continue  # the glibc / loader line naming the file is read by libraries.py
        shown = name or f"lib{plugin.lower()}"
        windows = name.endswith(".dll")
        where = ("PATH (the CUDA bin folder)" if windows
                 else "LD_LIBRARY_PATH (the CUDA lib64 folder) or the ldconfig cache")
        look = (f"where.exe {name}" if windows else
                f"ls -l /usr/local/cuda/lib64/{shown}* /usr/lib/x86_64-linux-gnu/{shown}*")
        opened = (f"the loader could not open {name} (line {named[0].line})" if named
                  else "the loader could not open its library (its 'Couldn't open CUDA "
                       "library' line before this one names the file)")
        if plugin == "cuBLAS":
            out.append(catalogue.make(
                "library-not-loaded-{library}", variant="tf0-blas", library=slug(shown),
                filename=shown, evidence=log_evidence(named[:1], said[:1]),
                cause=(f"TensorFlow 0.x-1.0 opens cuBLAS at start-up; {opened}, so it logged "
                       f"'Unable to load cuBLAS DSO.' (line {said[0].line}). Every matrix "
                       "multiplication on the GPU (MatMul, dense layers) calls cuBLAS, and "
                       "the first one aborts on the loader's status ('could not dlopen DSO: "
                       f"{shown}'). The file name "
                       "carries the CUDA version this TensorFlow was built for: that CUDA is "
                       f"not installed, or its library folder is not on {where}."),
                fix=(f"{look}   # must list {shown}",
                     "# install the CUDA version the file name carries (the one this "
                     f"TensorFlow release names) and put its library folder on {where}",
                     "# or install a TensorFlow release built for the CUDA you have"),
            ))
            continue
        ops = "the FFT ops (tf.fft and its kin)" if plugin == "cuFFT" else "code that asks " \
            "for cuRAND"
        out.append(catalogue.make(
            "library-not-loaded-{library}", variant="tf0-optional", library=slug(shown),
            filename=shown, plugin=plugin, evidence=log_evidence(named[:1], said[:1]),
            cause=(f"TensorFlow 0.x-1.0 opens {plugin} at start-up and goes on without it "
                   f"({opened}; 'Unable to load {plugin} DSO.' is logged at INFO level, line "
                   f"{said[0].line}): only {ops} call it, so other models run on the GPU "
                   "anyway."),
            fix=(f"{look}   # none: that CUDA's {plugin} is not installed or not on the path",
                 f"# only for {ops}: install the CUDA version the file name carries and put "
                 f"its library folder on {where}"),
        ))
    return out


#: macOS names TensorFlow 0.x-1.1's loader asks for: FormatLibraryFileName gives
#: "lib<name>.<version>.dylib", "lib<name>.dylib" when the configured version is empty.
_DYLIB = re.compile(r"lib(?P<stem>cuda|cudnn|cudart|cublas|cufft|curand|cupti)"
                    r"(?:\.(?P<ver>[\d.]+))?\.dylib")


def macos_old_dso_name(f: Facts) -> list[Finding]:
    """TensorFlow 0.x-1.1 on macOS "Couldn't open CUDA library libcuda.1.dylib" /
    "libcudnn.dylib", or macOS's own dlerror for the same name in the loader's status ("failed
    to find libcuda.so on this system: Failed precondition: could not dlopen DSO:
    libcuda.1.dylib; dlerror: dlopen(libcuda.1.dylib, 5): image not found",
    ``dyld.dlopen_missing``) -> ``library-not-loaded-{library}`` (variant ``macos-name``).

    Facts: the loader's ``FormatLibraryFileName`` (tensorflow/core/platform/load_library.cc
    at 27eeb441ba) asks for ``libcuda.1.dylib`` and for ``libcudnn.dylib`` when cuDNN's
    version was left empty in ./configure; NVIDIA's macOS CUDA installs ``libcuda.dylib``
    only and cuDNN's tarball ``libcudnn.<major>.dylib`` (tensorflow/tensorflow#2940, #3263:
    a libcuda.1.dylib symlink fixed it; #2920: a libcudnn.dylib symlink, or the cuDNN
    version in ./configure).  TensorFlow's install guide: "As of version 1.2, TensorFlow no
    longer provides GPU support on macOS" (tensorflow/docs 6ea274da99, install_mac.md)."""
    hits = [h for n in ("lib.old_dso_missing", "dyld.dlopen_missing") for h in f.h(n).all()
            if _DYLIB.fullmatch(h.g("lib") or "")]
    if not hits or f.h("dyld.cuda_missing").count:
        return []
    first = hits[0]
    name = first.g("lib") or ""
    m = _DYLIB.fullmatch(name)
    assert m is not None
    stem, ver = m.group("stem"), m.group("ver")
    names = ", ".join(dict.fromkeys(h.g("lib") or "" for h in hits))
    if stem == "cuda":
        have, link = ("libcuda.dylib (NVIDIA's macOS CUDA installs only that name)",
                      f"sudo ln -s /usr/local/cuda/lib/libcuda.dylib /usr/local/cuda/lib/{name}")
    elif ver:
        have, link = (f"the lib{stem} of another version or without one",
                      f"cd /usr/local/cuda/lib && sudo ln -s lib{stem}.<installed>.dylib {name}")
    else:
        have, link = (f"only a versioned lib{stem}.<major>.dylib (cuDNN's tarball names it so) "
                      "when the version was left empty in ./configure",
                      f"cd /usr/local/cuda/lib && sudo ln -s lib{stem}.<major>.dylib {name}")
    return [catalogue.make(
        "library-not-loaded-{library}", variant="macos-name", library=slug(name),
        filename=name, evidence=log_evidence(hits),
        cause=(f"A TensorFlow GPU build on macOS (official packages 0.x up to 1.1: \"As of "
               "version 1.2, TensorFlow no longer provides GPU support on macOS\"; later only "
               f"source builds) could not open {names}: its loader asks "
               f"for exactly that file name, and a macOS install often has {have}. If the "
               "library is installed under another name, a symlink with the name asked for "
               "fixes it; if it is not installed at all, install it."),
        fix=(f"ls -l /usr/local/cuda/lib/lib{stem}*   # which names are there",
             link + "   # when a file of that library is there under another name",
             *(("# a source build: or re-run ./configure with the cuDNN version, so the "
                "loader asks for the versioned name",) if stem == "cudnn" and not ver else ()),
             "echo $DYLD_LIBRARY_PATH   # must name /usr/local/cuda/lib"),
    )]


def old_dso_other_minor(f: Facts) -> list[Finding]:
    """TensorFlow 0.x-1.x "Couldn't open CUDA library <file>" (``lib.old_dso_missing``) for a
    CUDA toolkit library whose file carries the toolkit's major.minor (before CUDA 10.1:
    ``libcudart.so.7.5``, ``libcublas.so.9.0``; Windows ``cublas64_80.dll``), where the CUDA
    the host facts or the log name (a ``/usr/local/cuda-9.2`` folder in the LD_LIBRARY_PATH it
    printed) is another minor of that major -> ``cuda-minor-soname-mismatch``, as for the
    loader's later wordings (``libraries._soname_mismatch``): the name says the CUDA the build
    was made for, and that release's files are not here, so the line reads the same as the
    ImportError or "Could not load dynamic library" of the same file.  Nothing for cuDNN's
    file (optional to those releases: :func:`old_dso_cudnn_optional`), another major (not a
    minor's soname), or a file a newer loader line names too (libraries.py reads that)."""
    from tfgpu.diagnosis.checks.libraries import _soname_mismatch, parse_library

    out: list[Finding] = []
    hits = f.h("lib.old_dso_missing")
    named = {k.lower() for k in f.h("lib.missing").by_key}
    for filename in hits.by_key:
        base, _comp, expected = parse_library(filename)
        if (filename.lower() in named or base == "cudnn" or not expected
                or not re.fullmatch(r"CUDA (?:[6-9]\.\d|10\.0)", expected)):
            continue
        same = [h for h in hits.all() if h.g("lib") == filename]
        found = _soname_mismatch(f, filename, base, same)
        if found is not None and found.id == "cuda-minor-soname-mismatch":
            out.append(found)
    return out


def built_here_loads_other_cuda(f: Facts) -> list[Finding]:
    """The log shows TensorFlow built here from source (``build.from_source``) for the CUDA the
    host has (host facts or the log's own words), yet a CUDA runtime of another CUDA is asked
    for (a loader line, or the user's "unable to load libcudart.so.X") ->
    ``user-site-tensorflow-shadows-env`` (variant ``older-install``, a warning).

    A build links the CUDA it was configured for; a process asking for another CUDA's
    runtime imports another TensorFlow: an older install earlier on sys.path (another pip
    prefix, the user site-packages, a conda environment), tensorflow/tensorflow#2715 (a
    TensorFlow 0.7 built for CUDA 7.0 shadowed the new CUDA 7.5 build; removing every copy
    and installing the built wheel fixed it).  Hedged: a build configured for that other
    CUDA reads the same; ``tensorflow.__file__`` tells them apart."""
    from tfgpu.diagnosis.checks.cudart_era import cudart_cuda

    src = f.h("build.from_source").all()
    if not src or f.host_gpu_works:
        return []
    asked = [h for h in [*f.h("lib.missing").all(), *f.h("lib.prose_cudart").all()]
             if cudart_cuda(h.g("lib") or "") is not None]
    have = [v for v in f.any_cuda_versions if tf_minor(v) is not None]
    if not asked or not have:
        return []
    name = asked[0].g("lib") or ""
    want = cudart_cuda(name)
    if want is None:
        return []

    def serves(v: str) -> bool:
        # from CUDA 11 the runtime's soname carries the major only (libcudart.so.11.0,
        # cudart64_110.dll, libcudart.so.12 for every 11.x / 12.x: platform_facts
        # cuda-library-sonames note); before, major.minor
        mm = tf_minor(v)
        return mm is not None and (mm == want or (want[0] >= 11 and mm[0] == want[0]))

    if any(serves(v) for v in have):
        return []
    built = tf_minor(have[0])
    assert built is not None
    want_s, have_s = f"{want[0]}.{want[1]}", f"{built[0]}.{built[1]}"
    return [catalogue.make(
        "user-site-tensorflow-shadows-env", variant="older-install", want=want_s, have=have_s,
        evidence=log_evidence(src[:1], asked[:1]),
        cause=(f"The log shows TensorFlow built here from source, and this host has CUDA "
               f"{', '.join(have)}; yet the TensorFlow that runs asks for {name}, the CUDA "
               f"{want_s} runtime. A build links the CUDA it was configured for, so Python most "
               "likely imports another, older TensorFlow install that comes first on sys.path "
               "(a copy in the user site-packages, another pip prefix such as the one sudo pip "
               "used, or a conda environment), not the wheel just built. If tensorflow.__file__ "
               f"does point at the new build, that build was configured for CUDA {want_s}: "
               "re-run ./configure with the CUDA you have."),
        fix=(pip_list_grep("tensorflow") + "; sudo " + pip_list_grep("tensorflow")
             + "   # every copy, in every prefix",
             "python -c 'import tensorflow; print(tensorflow.__file__)'   # the copy that is "
             "imported",
             "# uninstall each copy (pip uninstall tensorflow, sudo pip uninstall tensorflow, "
             "pip uninstall --user ..., conda remove tensorflow), then pip install the built "
             "wheel into the Python you run"),
    )]


def driver_version_unparsed(f: Facts) -> list[Finding]:
    """cuda_diagnostics' "libcuda reported version is: Invalid argument: expected %d.%d or
    %d.%d.%d form for driver version; got "378.05.05.05"" -> ``driver-version-unparsed``
    (an info notice, harmless): ``StringToDriverVersion`` (cuda_diagnostics.cc) accepted two
    or three numbers, later up to four; a macOS web driver's libcuda_<v>_mercury.dylib carries
    four (tensorflow/tensorflow#9669).  Only the diagnostic line is affected."""
    hits = f.h("driver.version_unparsed").all()
    if not hits:
        return []
    version = hits[0].g("v") or hits[0].need("v2")  # one alternative or the other
    return [catalogue.make(
        "driver-version-unparsed", version=version, evidence=log_evidence(hits),
        cause=(f"TensorFlow's CUDA diagnostics read the driver version from the loaded driver "
               f"library's file name (macOS: libcuda_<version>_mercury.dylib) or the kernel "
               f"module, and that release accepts two or three dot-separated numbers (later "
               f"ones four); \"{version}\" does not fit (a macOS NVIDIA web driver's four-part "
               "version: tensorflow/tensorflow#9669, a TensorFlow bug), so the line prints this "
               "instead of the version. It says nothing about the driver itself; if the log "
               "shows a CUDA failure, that line is the one to read."),
        fix=("# nothing to fix for this line: it is informational",),
    )]
