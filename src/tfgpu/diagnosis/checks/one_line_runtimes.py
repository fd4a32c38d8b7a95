"""One-line and old-wording kinds: TensorFlow 0.x could not load cuDNN, TF-TRT's TensorRT stub
aborted, TensorFlow 1.x's SWIG loader gave up on Windows.

Sources: TensorFlow 0.x-1.x ``tensorflow/stream_executor/dso_loader.cc`` (tensorflow/tensorflow
at dec41693767dedf3e24619076f701ccb3bf982bf: ``LOG(INFO) <<
"Couldn't open CUDA library " << path << ". LD_LIBRARY_PATH: " << getenv("LD_LIBRARY_PATH")``)
and ``tensorflow/stream_executor/cuda/cuda_dnn.cc`` (``LOG(INFO) << "Unable to load cuDNN
DSO"``); TensorFlow's install guide lists "[...\\stream_executor\\cuda\\cuda_dnn.cc] Unable to
load cuDNN DSO" among its common installation problems (Stack Overflow 41007279).  Threads:
tensorflow/tensorflow#62 (cuDNN v3 installed where TensorFlow 0.5 loads cuDNN v2's library),
#2039 and NVIDIA/nvidia-docker#160 (a runtime image with libcudnn.so.4 but not the unversioned
libcudnn.so that TensorFlow 0.8 opens), #4168 (libcudnn.so not on the loader path): three
causes of one line, so ``dnn-library-not-found`` variant ``tf0-dso`` is a warning (cuDNN did
not load: certain) that names the three and the command that tells them apart.  Two forms
of the line say more:

* the loader line before it names the file (``Couldn't open CUDA library libcudnn.so[.N]``):
  no file of that exact name is on the loader's path.  For the unversioned ``libcudnn.so``
  another cuDNN major cannot be the cause (any cuDNN's link has that name): only cuDNN's
  runtime files without the development link (#2039, nvidia-docker#160) or no cuDNN at all
  (#4168) remain, and one fix covers both; for a versioned name, only the cuDNN release that
  ships that file serves it (#62).
* TensorFlow 0.5's own wording, "Unable to load cuDNN DSO." with its period after a
  ``cuda_dnn.cc`` tag (f41959ccb2 only: from ddd4aaf528 on the line has no period and the
  loader names the file): that release's ``dso_loader.cc`` opens exactly
  ``libcudnn.so.6.5``, and its install guide (``tensorflow/g3doc/get_started/os_setup.md`` at
  f41959ccb2) names "CUDNN Toolkit 6.5", ``cudnn-6.5-linux-x64-v2.tgz``, copied into
  ``/usr/local/cuda/lib64``.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._common import slug
from tfgpu.diagnosis.checks.old_cuda_loader import (
    EMPTY_LD_PATH_CAUSE,
    EMPTY_LD_PATH_FIX,
    ld_path_empty,
)
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: TensorFlow 0.5's line (cuda_dnn.cc at f41959ccb2: ``LOG(INFO) << "Unable to load cuDNN
#: DSO.";``), the only release whose line ends in a period.
_TF05_DSO = re.compile(r"cuda_dnn\.cc:\d+\]\s*Unable to load cuDNN DSO\.\s*$")
#: The LD_LIBRARY_PATH NVIDIA's CUDA images set (nvidia-docker 1 mounts the driver there).
_NVIDIA_IMAGE_PATH = re.compile(r"LD_LIBRARY_PATH:\s*\S*/usr/local/nvidia/lib")


#: The cuDNN file names TensorFlow 0.x-1.0's loader asks for: Linux libcudnn.so[.N], Windows
#: (0.12-1.0) cudnn64_N.dll.
OLD_CUDNN_FILE = re.compile(r"libcudnn\.so(?:\.\d+){0,3}|cudnn64_\d{1,2}\.dll")


def cudnn_dso_not_loaded(f: Facts) -> list[Finding]:
    """TensorFlow 0.x-1.0's "Unable to load cuDNN DSO" (with or without the dso_loader line
    naming libcudnn before it) -> ``library-not-loaded-{library}`` variant
    ``cudnn-unversioned`` / ``cudnn-versioned`` when the loader line names the file,
    ``dnn-library-not-found`` variant ``tf05-cudnn-v2`` for TensorFlow 0.5's wording, else
    variant ``tf0-dso`` (a warning naming three causes); nothing when a newer loader line
    (``lib.missing``) names libcudnn, whose own finding says it (module docstring)."""
    # hipTensorFlow (ROCm's TF 1.x fork) prints the same line from miopen_dnn.cc when MIOpen
    # does not load: not cuDNN (the ROCm checks read its MIOpen line)
    dso = [h for h in f.h("cudnn.dso").all() if "miopen" not in h.text.lower()]
    if not dso:
        return []
    if any("cudnn" in (h.g("lib") or "").lower() for h in f.h("lib.missing").all()):
        return []
    named = [h for h in f.h("lib.old_dso_missing").all() if "cudnn" in (h.g("lib") or "")]
    files = [h for h in named if OLD_CUDNN_FILE.fullmatch(h.g("lib") or "")]
    if files:
        return [_cudnn_file_not_found(files, dso)]
    if not named and any(_TF05_DSO.search(h.text) for h in dso):
        return [catalogue.make(
            "dnn-library-not-found", variant="tf05-cudnn-v2",
            evidence=log_evidence(f.h("ctx.ld_path_gpu").all()[:1], dso),
        )]
    return [catalogue.make(
        "dnn-library-not-found", variant="tf0-dso", evidence=log_evidence(named, dso),
    )]


def _cudnn_file_not_found(named: list[Hit], dso: list[Hit],
                          then: str = "'Unable to load cuDNN DSO'") -> Finding:
    """``library-not-loaded-{library}`` for the cuDNN file the 0.x-1.0 loader named before
    "Unable to load cuDNN DSO" or the fatal lookup of cuDNN's first function (``named``:
    ``lib.old_dso_missing`` hits of :data:`OLD_CUDNN_FILE`; ``dso``: the later lines, ``then``
    their words)."""
    name = named[0].g("lib") or "libcudnn.so"
    if name.endswith(".dll"):
        return _cudnn_dll_not_found(named, dso, then)
    image = any(_NVIDIA_IMAGE_PATH.search(h.text) for h in named)
    where = (" The LD_LIBRARY_PATH it printed (/usr/local/nvidia/lib...) is the one NVIDIA's "
             "CUDA container images set, so this runs in such an image: its -runtime variants "
             "install cuDNN's runtime package only." if image else "")
    empty = ld_path_empty(named)
    if empty:
        where += EMPTY_LD_PATH_CAUSE
    extra = EMPTY_LD_PATH_FIX if empty else ()
    common = (f"TensorFlow 0.x-1.0 opens cuDNN by the one file name this build was configured "
              f"with, here {name}; the loader found no file of that name (line "
              f"{named[0].line}), so TensorFlow runs without cuDNN ({then}, line "
              f"{dso[0].line}) and every convolution fails.")
    if name == "libcudnn.so":
        return catalogue.make(
            "library-not-loaded-{library}", variant="cudnn-unversioned", library=slug(name),
            filename=name, evidence=log_evidence(named, dso),
            cause=(common + " The plain libcudnn.so is a link that only cuDNN's development "
                   "files create (the cuDNN tarball, the libcudnn<N>-dev package, NVIDIA's "
                   "-devel images); the runtime package carries only the versioned "
                   "libcudnn.so.<N> (tensorflow/tensorflow#2039, NVIDIA/nvidia-docker#160). So "
                   "either only libcudnn.so.<N> is there, or no cuDNN is on the loader's path "
                   "at all (#4168); the ls below tells which." + where),
            fix=("ls -l /usr/lib/x86_64-linux-gnu/libcudnn* /usr/local/cuda/lib64/libcudnn*   "
                 "# libcudnn.so.<N> without libcudnn.so: the link is missing; nothing: cuDNN is "
                 "not installed there",
                 *extra,
                 "sudo ln -s libcudnn.so.<N> libcudnn.so   # in the folder holding "
                 "libcudnn.so.<N> (in an image: a RUN line in its Dockerfile, or the -devel "
                 "image)",
                 "# no cuDNN: install the cuDNN version this TensorFlow release names and put "
                 "its folder on LD_LIBRARY_PATH"),
        )
    return catalogue.make(
        "library-not-loaded-{library}", variant="cudnn-versioned", library=slug(name),
        filename=name, evidence=log_evidence(named, dso),
        cause=(common + f" Only the cuDNN release that ships a file named {name} serves it: "
               "cuDNN not installed where the loader looks, or a cuDNN of another version "
               "installed instead (its file has another name: tensorflow/tensorflow#62, cuDNN "
               "v3 where TensorFlow 0.5 opens v2's libcudnn.so.6.5)." + where),
        fix=(f"ls -l /usr/lib/x86_64-linux-gnu/libcudnn* /usr/local/cuda/lib64/libcudnn*   "
             f"# must list {name}",
             *extra,
             f"# install the cuDNN release that provides {name} (the one this TensorFlow "
             "release's install guide names) and put its folder on LD_LIBRARY_PATH",
             "# or install a TensorFlow release built for the cuDNN you have"),
    )


def _cudnn_dll_not_found(named: list[Hit], dso: list[Hit], then: str) -> Finding:
    """``library-not-loaded-{library}`` (variant ``cudnn-versioned``) for the cuDNN DLL the
    Windows builds of TensorFlow 0.12-1.0 opened through the loader ("Couldn't open CUDA
    library cudnn64_5.dll"), before the line that then failed (``then``)."""
    name = named[0].g("lib") or "cudnn64_5.dll"
    major = re.sub(r"\D", "", name.split("_")[-1]) or "?"
    return catalogue.make(
        "library-not-loaded-{library}", variant="cudnn-versioned", library=slug(name),
        filename=name, evidence=log_evidence(named, dso),
        cause=(f"TensorFlow's Windows build (0.12-1.0) opens cuDNN by the one DLL name it was "
               f"built for, {name} (cuDNN {major}); Windows found no file of that name in the "
               f"folders on PATH (line {named[0].line}), so TensorFlow runs without cuDNN "
               f"({then}, line {dso[0].line}) and every convolution fails. cuDNN is not "
               "installed, its bin folder (a separate download from CUDA) is not on PATH, or "
               f"a cuDNN of another major version is installed, whose DLL has another name."),
        fix=(f"where.exe {name}   # must print the folder holding it",
             f"# install cuDNN {major} for this TensorFlow's CUDA and put the folder holding "
             f"{name} on PATH, then open a new terminal (PATH is read when it starts)",
             "# or install a TensorFlow release built for the cuDNN you have"),
    )


#: The cuDNN functions every TensorFlow 0.5-1.0 build looks up first, when it starts cuDNN
#: (``CudnnSupport::Init``: cudnnCreate, then cudnnGetVersion for its version check).
_FIRST_LOOKUPS = frozenset({"cudnnCreate", "cudnnGetVersion"})
#: A dlerror that names a cuDNN library file (the opened library lacks the function).
_CUDNN_FILE = re.compile(r"libcudnn[\w.]{0,20}\.so|cudnn64_\d{1,2}\.dll", re.IGNORECASE)


def cudnn_dso_symbol_missing(f: Facts) -> list[Finding]:
    """TensorFlow 0.5-1.0's "could not find <function> in cudnn DSO; dlerror: ..."
    (``cudnn.dso_symbol``) -> ``cudnn-version-mismatch`` variant ``missing-symbol``.

    Facts: ``cuda_dnn.cc`` (f41959ccb2 to eb65eff6cc, the last release before 191658d54f
    linked cuDNN directly) looks each cuDNN function up by name in the library
    ``CachedDsoLoader::GetCudnnDsoHandle`` opened (it dies earlier, in ``ValueOrDie``, when
    none opened) and aborts when one is missing.  The names a build calls follow the cuDNN
    it was compiled against: ``#if CUDNN_VERSION >= 4000`` builds call
    ``cudnnConvolutionBackwardFilter_v2``, ``cudnnConvolutionBackwardData_v2`` and
    ``cudnnAddTensor_v2`` (22ebf0a94f "Make cuda_dnn work with R4"), builds for v5 and later
    the plain names (21716d8f6e: ``CUDNN_VERSION >= 4000 && CUDNN_VERSION < 5000``).  So the
    cuDNN the loader found is another version than the build's; what to install is the
    release's.  Except for the functions looked up first (:data:`_FIRST_LOOKUPS`) with a
    dlerror naming no cuDNN file: then no cuDNN was loaded at all (tensorflow/tensorflow#24:
    "_pywrap_tensorflow.so: undefined symbol: cudnnCreate" after the loader could not open
    libcudnn.so.6.5) -> ``dnn-library-not-found`` variant ``tf0-dso-symbol`` (a warning
    naming three causes), or nothing when the loader's own lines are there
    (:func:`cudnn_dso_not_loaded`).  A line cut before its dlerror (``cudnn.dso_symbol_bare``)
    is read as one that names no file."""
    full = f.h("cudnn.dso_symbol").all()
    hits = full or f.h("cudnn.dso_symbol_bare").all()
    if not hits:
        return []
    symbol = hits[0].g("sym") or "a cuDNN function"
    # a line cut before its dlerror names no file, but the loader's own line may: a cuDNN
    # library opened before it is the one the lookup ran in
    opened_cudnn = [h for h in (*f.h("lib.opened").all(), *f.h("lib.old_dso_opened").all())
                    if "cudnn" in (h.g("lib") or "") and h.line < hits[0].line]
    names_file = bool(_CUDNN_FILE.search(hits[0].g("err") or "")) or (
        not full and bool(opened_cudnn))
    if symbol in _FIRST_LOOKUPS and not names_file:
        # no cuDNN loaded at all (the lookup ran against TensorFlow's own module); with
        # "Unable to load cuDNN DSO" pasted too, cudnn_dso_not_loaded says it
        if f.h("cudnn.dso").count:
            return []
        named = [h for h in f.h("lib.old_dso_missing").all()
                 if OLD_CUDNN_FILE.fullmatch(h.g("lib") or "")]
        if named:
            return [_cudnn_file_not_found(
                named, hits, then=f"its first cuDNN call aborts: 'could not find {symbol} in "
                                  "cudnn DSO'")]
        if any("cudnn" in (h.g("lib") or "") for h in f.h("lib.old_dso_missing").all()):
            return []
        return [catalogue.make("dnn-library-not-found", variant="tf0-dso-symbol",
                               evidence=log_evidence(hits))]
    opened = [h for h in f.h("lib.old_dso_opened").all() if "cudnn" in (h.g("lib") or "")]
    which = (f"{opened[0].g('lib')} (line {opened[0].line})" if opened
             else "the cuDNN library it found")
    v2 = symbol.lower().endswith("_v2")
    return [catalogue.make(
        "cudnn-version-mismatch", variant="missing-symbol", symbol=symbol,
        evidence=log_evidence(opened[:1], hits),
        cause=(f"TensorFlow 0.5-1.0 looks each cuDNN function it calls up by name in the cuDNN "
               f"library it opened, {which}, and stops when one is missing: that library has "
               f"no {symbol} (line {hits[0].line}). The names a build calls follow the cuDNN "
               "version it was compiled against (builds for cuDNN v4 call "
               "cudnnConvolutionBackwardFilter_v2, cudnnConvolutionBackwardData_v2 and "
               "cudnnAddTensor_v2; builds for v5 and later call the plain names), so the "
               "cuDNN the loader found first is not the one this TensorFlow was compiled "
               "against: a newer or older cuDNN installed, or a libcudnn link that points at "
               "another version's file."
               + (" A _v2 name is what a build for cuDNN v4 calls: install cuDNN v4, or a "
                  "TensorFlow built for the cuDNN you have." if v2 else "")),
        fix=("ls -l /usr/local/cuda/lib64/libcudnn* /usr/lib/x86_64-linux-gnu/libcudnn*   # "
             "which cuDNN files there are, and what the libcudnn.so link points at",
             "# install the cuDNN version this TensorFlow release's install guide names (the "
             "pip packages' own), and make libcudnn.so link to that version's "
             "libcudnn.so.<N>",
             "# Windows: where.exe cudnn64_*.dll: the cuDNN DLL found first must be that "
             "version's",
             "# or install a TensorFlow release built for the cuDNN you have"),
    )]


def cudnn9_sublibrary_missing(f: Facts) -> list[Finding]:
    """cuDNN 9's own loader could not find a sub-library ("Unable to load any of
    {libcudnn_ops.so.9.1.0, ...}", Windows "Could not locate cudnn_ops64_9.dll. Please make
    sure it is in your library path!", ``cudnn.sublib_missing``), usually followed by "Invalid
    handle. Cannot load symbol <function>" (``cudnn.invalid_handle``) ->
    ``library-not-loaded-{library}`` variant ``cudnn9-sublibrary``.

    cuDNN 9 splits into a front library and sub-libraries (ops, cnn, adv, graph, engines_*)
    that the front library opens by file name when a call first needs them; the names in the
    braces are the ones it tried, its own version first.  Any program built on cuDNN 9 prints
    it (TensorFlow 2.18 and later: tf_tested_configs row 2.18.0-linux, PyTorch, CTranslate2,
    ONNX Runtime).  Threads: the folder
    holding the sub-libraries (the cuDNN 9 install's lib folder, the pip wheel's
    nvidia/cudnn/lib) not on the loader's path, fixed by LD_LIBRARY_PATH or installing cuDNN 9
    (MahmoudAshraf97/whisper-diarization#259, jhj0517/Whisper-WebUI#346); an image or host
    with cuDNN 8 only under a program built for cuDNN 9 (modelscope/ms-swift#3390)."""
    hits = f.h("cudnn.sublib_missing").all()
    if not hits:
        return []
    name = hits[0].g("lib") or ""
    if _CUDNN8_SUB_DLL.fullmatch(name):
        return [cudnn8_sublibrary_missing(f, hits, name)]
    windows = name.endswith(".dll")
    sym = f.h("cudnn.invalid_handle").all()
    tried = (f" (it tried {hits[0].g('names')})" if hits[0].g("names") else "")
    failed = (f" The call that needed it then failed ('Invalid handle. Cannot load symbol "
              f"{sym[0].g('sym')}', line {sym[0].line}) and the program stops there."
              if sym else "")
    path = "PATH" if windows else "LD_LIBRARY_PATH"
    folder, wheel = (("bin", "site-packages\\nvidia\\cudnn\\bin") if windows
                     else ("lib", "site-packages/nvidia/cudnn/lib"))
    return [catalogue.make(
        "library-not-loaded-{library}", variant="cudnn9-sublibrary", library=slug(name),
        filename=name, evidence=log_evidence(hits, sym[:1]),
        cause=(f"cuDNN 9 loaded its front library, then, at the first cuDNN call that needs "
               f"it, looked for its sub-library {name} by file name and the loader found none"
               f"{tried} (line {hits[0].line}).{failed} cuDNN prints this for any program "
               "built on cuDNN 9 (TensorFlow 2.18 and later, PyTorch, CTranslate2, ONNX "
               f"Runtime). The folder holding cuDNN 9's sub-libraries (the cuDNN 9 install's "
               f"{folder} folder, or the pip wheel's {wheel}) is not on the "
               f"loader's path ({path}), or the cuDNN 9 install there is incomplete, or only "
               "cuDNN 8 is installed for a program built for cuDNN 9."),
        fix=(("where.exe /R C:\\ " + name + "   # the folder holding it must be on PATH",
              "# add that folder (the cuDNN 9 bin folder, or site-packages\\nvidia\\cudnn\\"
              "bin of the pip wheel) to PATH, or install cuDNN 9 for your CUDA version")
             if windows else
             (f"find / -name '{name.split('.so')[0]}.so*' 2>/dev/null   # where cuDNN 9's "
              "sub-libraries are, if anywhere",
              "export LD_LIBRARY_PATH=$(python -c 'import nvidia.cudnn, os; "
              "print(os.path.join(list(nvidia.cudnn.__path__)[0], \"lib\"))')"
              "${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}   # the pip wheel nvidia-cudnn-cu12's "
              "folder, when cuDNN came with pip",
              "# none found: install cuDNN 9 for your CUDA major (pip install "
              "nvidia-cudnn-cu12, or the libcudnn9 package) and put its lib folder on "
              "LD_LIBRARY_PATH")),
    )]


#: cuDNN 8's sub-libraries (cuDNN 8.0-8.9 split the library into ops, cnn and adv, each an
#: _infer and a _train part, opened by the front library at first use; NVIDIA's cuDNN 8 API
#: reference, "cuDNN library split into multiple libraries"): on Windows
#: cudnn_ops_infer64_8.dll ... cudnn_adv_train64_8.dll beside cudnn64_8.dll, on Linux
#: libcudnn_ops_infer.so.8 ... libcudnn_adv_train.so.8 beside libcudnn.so.8. cuDNN 8 prints a
#: Windows file it cannot find in the same words as cuDNN 9 ("Could not locate <dll>. Please
#: make sure it is in your library path!", also for zlibwapi.dll, its dependency since 8.3).
_CUDNN8_SUB_DLL = re.compile(r"cudnn_(?:ops|cnn|adv)_(?:infer|train)64_8\.dll", re.IGNORECASE)
#: cuDNN 8's own Linux wording (libcudnn.so.8: "Could not load library %s. Error: %s" then
#: "Please make sure %s is in your library path!", messages_gpu_stack.toml
#: cudnn-load-library-*): TensorFlow's loaders say "dynamic library" and "dlerror" instead.
_CUDNN8_OWN_LOAD = re.compile(r"Could not load library (?P<lib>libcudnn_(?:ops|cnn|adv)_"
                              r"(?:infer|train)\.so\.8)\. Error: ")


def cudnn8_own_sub_so_hits(f: Facts, name: str | None = None) -> list[Hit]:
    """The ``lib.missing`` hits that are cuDNN 8's own Linux loader line for one of its
    sub-libraries (``libcudnn_cnn_infer.so.8``...; ``name`` only, when given) and whose dlerror
    names no other file: the sub-library itself was not found (a dependency named in the
    dlerror is ``library-dependency-missing``'s, a symbol or static-TLS failure the library
    checks' own)."""
    out: list[Hit] = []
    for hit in f.h("lib.missing").all():
        m = _CUDNN8_OWN_LOAD.search(hit.text)
        lib = m.group("lib") if m else None
        if lib is None or (name is not None and lib != name):
            continue
        err = (hit.g("err") or "").strip()
        if err.startswith(lib + ":") and "cannot open shared object" in err:
            out.append(hit)
    return out


def cudnn8_sublibrary_so_missing(f: Facts) -> list[Finding]:
    """cuDNN 8's front library libcudnn.so.8 could not find one of its Linux sub-libraries
    ("Could not load library libcudnn_cnn_infer.so.8. Error: libcudnn_cnn_infer.so.8: cannot
    open shared object file: No such file or directory", :func:`cudnn8_own_sub_so_hits`) ->
    ``library-not-loaded-{library}`` variant ``cudnn8-sublibrary``, the Linux twin of the
    Windows "Could not locate cudnn_cnn_infer64_8.dll" reading.  TensorFlow loads only
    libcudnn.so.8; the sub-library is opened by cuDNN itself, so the line is cuDNN's in any
    program built on cuDNN 8 (TensorFlow 2.5-2.15 on Linux, messages_gpu_stack.toml
    cudnn-load-library-*; PyTorch, CTranslate2): claimed in any program's log, as its
    Windows twin is, with the fix for the program the log shows (:func:`_program_cudnn8`)."""
    hits = cudnn8_own_sub_so_hits(f)
    if not hits:
        return []
    name = hits[0].g("lib") or ""
    same = [h for h in hits if h.g("lib") == name]
    died = next((h for h in f.h("tell.fatal").all() if h.line > same[0].line), None)
    return [cudnn8_sublibrary_missing(f, same, name, died)]


def cudnn8_sublibrary_missing(f: Facts, hits: list[Hit], name: str,
                              died: Hit | None = None) -> Finding:
    """``library-not-loaded-{library}`` variant ``cudnn8-sublibrary``: cuDNN 8's front library
    (cudnn64_8.dll on Windows, libcudnn.so.8 on Linux) was loaded and could not find its
    sub-library ``name`` at the first call that needs it; ``died`` is the fatal line after
    it, if any.  Threads of the wording (PaddlePaddle/Paddle#54767, #53484,
    ILikeAI/AlwaysReddy#40): the folder holding all of cuDNN 8's files not on the search
    path, or the install incomplete (only the front library copied next to the program or
    into CUDA's folder), fixed by putting cuDNN 8's whole folder on that path."""
    windows = name.lower().endswith(".dll")
    front, search = ("cudnn64_8.dll", "PATH") if windows else ("libcudnn.so.8",
                                                              "the loader's path")
    parts = ("(cudnn_ops/cnn/adv, each _infer64_8.dll and _train64_8.dll)" if windows else
             "(libcudnn_ops/cnn/adv, each _infer.so.8 and _train.so.8)")
    users = ("TensorFlow 2.5-2.10 on native Windows" if windows
             else "TensorFlow 2.5-2.15 on Linux")
    where = "the DLL search path" if windows else "the loader's path"
    said = (f": \"{(hits[0].g('err') or '').strip()[:120]}\"" if hits[0].g("err") else "")
    end = (f" The process then died (line {died.line}: {died.text.strip()[:80]}): cuDNN "
           "aborts the call that needed it." if died is not None else "")
    copy = ("copied next to the program or into CUDA's bin folder, or another package's copy "
            "found first" if windows else
            "in a folder a framework or its RUNPATH names, a pip wheel's folder, or a copy in "
            "CUDA's lib64")
    fix: tuple[str, ...]
    fix = ((f"where.exe cudnn64_8.dll {name}   # where the front library is found, and "
            "whether the sub-library is on PATH at all",
            "# put the bin folder of the cuDNN 8 zip (all its cudnn*64_8.dll files together) "
            "on PATH, or copy all of them next to cudnn64_8.dll; then open a new terminal",
            "# cuDNN 8.3 and newer also need zlibwapi.dll in that folder (NVIDIA's cuDNN 8 "
            "install guide)") if windows else
           ("find / -name 'libcudnn*.so.8*' 2>/dev/null   # every cuDNN 8 copy: libcudnn.so.8 "
            "and its six sub-libraries must come from one folder of one release",
            "export LD_LIBRARY_PATH=$(python -c 'import nvidia.cudnn, os; "
            "print(os.path.join(list(nvidia.cudnn.__path__)[0], \"lib\"))')"
            "${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}   # when cuDNN 8 came with pip "
            "(nvidia-cudnn-cu11, or -cu12 at 8.x): that folder holds all seven files",
            "# otherwise put the folder holding all of one cuDNN 8 release's libcudnn*.so.8 "
            "files on LD_LIBRARY_PATH, or install the complete cuDNN 8 for your CUDA major "
            "(the libcudnn8 package)"))
    program = None if windows else _program_cudnn8(f)
    if program is not None:
        # another program's log: cuDNN 8 for the CUDA that program was built for
        fix = (*fix[:1 if len(program[1]) > 1 else 2], *program[1])
    return catalogue.make(
        "library-not-loaded-{library}", variant="cudnn8-sublibrary", library=slug(name),
        filename=name, front=front, search=search,
        evidence=log_evidence(hits, [died] if died is not None else []),
        cause=(f"cuDNN 8 splits into a front library ({front}) and six sub-libraries "
               f"{parts} that the front library opens by file name when a call first needs "
               f"them. {front} was loaded, and {name} was found nowhere on {where} (line "
               f"{hits[0].line}{said}).{end} TensorFlow does not load that file itself: cuDNN "
               f"prints this for any program built on cuDNN 8 ({users}, PyTorch, "
               f"PaddlePaddle, CTranslate2). The usual cause: {front} was found alone "
               f"({copy}) while the folder holding cuDNN 8's other "
               f"{'DLLs' if windows else 'files'} is not on "
               f"{'PATH' if windows else 'LD_LIBRARY_PATH'}, or that cuDNN 8 install is "
               "incomplete." + (program[0] if program is not None else "")),
        fix=fix,
    )


#: CTranslate2 named anywhere in the log (the package, faster-whisper, a "-ct2"/"_ct2"
#: model or script).
_CT2 = re.compile(r"(?i)ctranslate2|faster[_-]whisper|(?<![a-z0-9])ct2(?![a-z0-9])")


def _program_cudnn8(f: Facts) -> tuple[str, tuple[str, ...]] | None:
    """For a log of another program than TensorFlow (:attr:`Facts.other_framework`): the
    cause's last sentence and the fix lines after the first, for cuDNN 8 built for the CUDA
    major that program was built for, not the host's.  CTranslate2 (faster-whisper) names
    its pairs: 3.x needs cuBLAS 11 and cuDNN 8 (CUDA 11), 4.0-4.4 CUDA 12 and cuDNN 8, later
    releases CUDA 12 and cuDNN 9 (SYSTRAN/faster-whisper@65882eee9f5cdbeeb2d877f1131d48cf241b327d
    README.md, "GPU": "For CUDA 11 and cuDNN 8, the current workaround is downgrading to the
    3.24.0 version of ctranslate2, for CUDA 12 and cuDNN 8, downgrade to the 4.4.0 version";
    yeyupiaoling/Whisper-Finetune#16: a CTranslate2 build for CUDA 11 on a CUDA 12.0 server,
    "use CUDA 11", cuDNN not installed).  ``None`` for a TensorFlow log or none shown."""
    name = f.other_framework
    if name is None:
        return None
    ct2 = name.startswith("CTranslate2") or any(
        _CT2.search(h.text) for h in f.h("ctx.other_framework").all())
    if ct2:
        return (" This log is CTranslate2's (faster-whisper): cuDNN 8 and cuBLAS must be the "
                "builds for the CUDA major that CTranslate2 release was built for, whatever "
                "CUDA toolkit the host has (3.x: CUDA 11; 4.0-4.4: CUDA 12; later releases use "
                "cuDNN 9).", (
                    "pip show ctranslate2   # 3.x: CUDA 11 + cuDNN 8; 4.0-4.4.0: CUDA 12 + cuDNN "
                    "8; 4.5 and later: CUDA 12 + cuDNN 9",
                    "pip install nvidia-cublas-cu11 'nvidia-cudnn-cu11==8.*'   # for "
                    "ctranslate2 3.x (CUDA 11); for 4.0-4.4: nvidia-cublas-cu12 "
                    "'nvidia-cudnn-cu12==8.*'; then put their nvidia/*/lib folders on "
                    "LD_LIBRARY_PATH",
                    "# or upgrade ctranslate2 (and faster-whisper) to a release for the CUDA 12 "
                    "and cuDNN 9 installed"))
    return (f" This log is {name}'s, not TensorFlow's: the cuDNN 8 it needs is the build for "
            "the CUDA major that program was built for, not necessarily the host's CUDA "
            "toolkit.", (
                f"# otherwise install the complete cuDNN 8 for the CUDA major {name} was built "
                "for (its own nvidia-cudnn-cu11/-cu12 8.x wheel, or libcudnn8 for that CUDA) "
                "and put its folder on LD_LIBRARY_PATH",))


def tensorrt_stub_aborted(f: Facts) -> list[Finding]:
    """TF-TRT's stub aborted ("F .../tf2tensorrt/stub/nvinfer_stub.cc:49] getInferLibVersion
    symbol not found.", ``trt.stub_fatal``) with no loader line naming the TensorRT
    library (checks/libraries.py reports it when one does) -> ``tensorrt-not-loaded-{library}``
    variant ``needed`` for libnvinfer (or libnvinfer_plugin, per the stub)."""
    stub = f.h("trt.stub_fatal").all()
    if not stub:
        return []
    if any("nvinfer" in (h.g("lib") or "") for h in f.h("lib.missing").all()):
        return []
    base = "libnvinfer_plugin" if stub[0].g("stub") == "nvinfer_plugin" else "libnvinfer"
    return [catalogue.make(
        "tensorrt-not-loaded-{library}", variant="needed",
        library=base.replace("_", "-"), filename=base,
        what="TensorRT's " + ("plugin library" if "plugin" in base else "core library"),
        evidence=log_evidence(stub),
        fix=("ldconfig -p | grep -i libnvinfer   # the TensorRT libraries the loader can find",
             "TF_CPP_MIN_LOG_LEVEL=0 python convert.py 2>&1 | grep -i nvinfer   # the "
             "libnvinfer.so.N this TensorFlow tries to load",
             "# install that TensorRT major for this CUDA and put its lib folder on "
             "LD_LIBRARY_PATH"),
    )]


def gpu_package_named(f: Facts) -> bool:
    """Whether the GPU package (``tensorflow-gpu`` / ``tf-nightly-gpu``) is named in the log
    (``ctx.gpu_package``) or listed in the host facts' Python distributions."""
    return bool(f.h("ctx.gpu_package").count) or (f.host is not None and any(
        d.name in ("tensorflow-gpu", "tf-nightly-gpu") for d in f.host.python.distributions))


def windows_gpu_pywrap_no_module(f: Facts) -> list[Finding]:
    """Windows, the GPU package (``tensorflow-gpu`` in the log or the host's packages), and
    TensorFlow 1.x's SWIG loader's last words "No module named '_pywrap_tensorflow_internal'"
    (``lib.pywrap_no_module``) with the first ImportError's text not in the paste ->
    ``windows-dll-not-found`` variant ``import-cut`` (a warning, hedged).

    The retry's "No module named" follows every failed native import; its first error decides
    the cause.  Threads of the GPU package on Windows (tensorflow/tensorflow#10154, #11045,
    #11571, #9469): the CUDA/cuDNN DLLs of the build's version not on PATH (or no CUDA at
    all); the CPU package's #18738 was a CPU without AVX (TF >= 1.6: "DLL initialization
    routine failed"), which the command below shows as well."""
    hits = f.h("lib.pywrap_no_module").all()
    if not hits or not f.windows or f.h("win.dll_load").count or f.h("lib.missing").count:
        return []
    gpu_pkg = f.h("ctx.gpu_package").all()
    if not gpu_package_named(f):
        return []  # tf1_era_imports.windows_native_import_cut: the hedge without a package
    return [catalogue.make(
        "windows-dll-not-found", variant="import-cut",
        evidence=log_evidence(gpu_pkg[:1], hits),
        cause=("TensorFlow's native module (_pywrap_tensorflow_internal) did not load: "
               "'No module named' is the SWIG loader's retry after the first ImportError, "
               "whose text is not in this paste. With the GPU package on Windows that first "
               "error is usually 'DLL load failed': the CUDA runtime or cuDNN DLL of the "
               "version the installed build was made with is not on PATH (or CUDA is not "
               "installed; then the CPU package is the fix). 'DLL initialization routine "
               "failed' instead means a CPU without AVX (TensorFlow 1.6 and later)."),
        fix=("python -c \"import tensorflow\"   # the full traceback: its first ImportError "
             "names the cause",
             "where.exe cudart64_*.dll cudnn64_*.dll   # the CUDA/cuDNN DLLs on PATH",
             "# install the CUDA and cuDNN versions that tensorflow-gpu release was built with "
             "and put their bin folders on PATH; no NVIDIA GPU: pip uninstall tensorflow-gpu "
             "and pip install tensorflow"),
        doc=None,
    )]
