"""Kinds found missing by the census of real reports about TensorFlow's own GPU stack
(census-core): add-on op libraries built for another TensorFlow, Horovod's TensorFlow
extension not built, and TF 1.x's ``cuInit`` code outside cuda.h's names.

Sources (message formats):

* TensorFlow ``load_op_library``/``load_library`` raise ``NotFoundError`` with ``dlerror()``'s
  text (``tensorflow/core/platform/default/load_library.cc``, ``tsl`` since 2.12); glibc's
  text for a missing symbol is ``<object>: undefined symbol: <name>[, version <v>]``
  (glibc ``elf/dl-lookup.c``); macOS dlopen says ``symbol not found in flat namespace``.
  tensorflow-io wraps it as ``unable to open file: <lib> ... caused by: [...]``
  (``tensorflow_io/python/ops/__init__.py``).
* What the add-ons say about pairing: tensorflow-text "for tensorflow==2.3.x use
  tensorflow_text==2.3.x" (tensorflow/text README at 04cff59); TensorFlow Addons' custom ops
  "compiled against TensorFlow X ... nightly versions of TensorFlow, as well as non-pip
  TensorFlow like ``conda install tensorflow`` or compiled from source are not supported"
  and ``TF_ADDONS_PY_OPS=1`` (``tensorflow_addons/utils/resource_loader.py``); Horovod builds
  its framework extensions at install time and says "Extension horovod.tensorflow has not
  been built ... reinstall Horovod with HOROVOD_WITH_TENSORFLOW=1 to debug the build error"
  (``horovod/common/util.py`` check_extension).
* TF 1.x ``cuda_driver.cc`` ``ToString(CUresult)``: a code outside its switch of cuda.h
  names prints as ``CUresult(<n>)``; ``cuda_diagnostics.cc``: "libcuda reported version is:
  Not found: was unable to find libcuda.so DSO loaded into this program".
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: A C++ symbol of TensorFlow's own namespaces (Itanium mangling: <length><name>), as an
#: add-on's op library references them: tensorflow::, tsl::, tflite::, xla::.
_TF_SYMBOL = re.compile(r"(?<!\d)(?:10tensorflow|3tsl|6tflite|3xla)\d")
#: A std::string parameter in a mangled name: ``Ss`` is the pre-C++11 std::string (gcc 4's
#: ABI, ``-D_GLIBCXX_USE_CXX11_ABI=0``), ``B5cxx11`` tags the C++11 one (``=1``).
_OLD_ABI_STRING = re.compile(r"[ERKP]Ss")
_NEW_ABI_STRING = re.compile(r"B5cxx11")
#: A CUDA runtime registration symbol (nvcc-generated code calls these).
_CUDA_SYMBOL = re.compile(r"^_{1,3}cuda[A-Z]\w*$")
#: TensorFlow's own libraries (its package folder, or its core libraries by name): a missing
#: symbol there is another fault (mixed TensorFlow installs).
_TF_OWN = re.compile(
    r"(?:(?:site|dist)-packages[/\\]tensorflow(?:_core)?[/\\]"
    r"|(?:^|[/\\])(?:_pywrap_tensorflow|libtensorflow_(?:framework|cc)))"
)
#: The add-on that owns a library path: one of the known add-on folders anywhere in it (a
#: source tree's bazel-bin too), Horovod's mpi_lib by name, else site-packages/<pkg>/..., or
#: the first folder of a relative path (<pkg>/...).
_KNOWN_PKG = re.compile(
    r"(?:^|[/\\])(?P<pkg>tensorflow_text|tensorflow_io|tensorflow_addons|horovod)[/\\]"
    r"|(?:^|[/\\])(?P<hvd>mpi_lib)[.\w-]*\.so"
)
_PKG = re.compile(r"(?:site|dist)-packages[/\\](?P<pkg>[A-Za-z_][\w.-]{0,60})[/\\]")
_REL_PKG = re.compile(r"^(?:\.[/\\])?(?P<pkg>[A-Za-z_][\w.-]{0,60})[/\\]")


def _package(lib: str) -> str:
    """The Python package folder that owns ``lib`` (``""`` when the path does not say)."""
    known = _KNOWN_PKG.search(lib)
    if known:
        return "horovod" if known.group("hvd") else known.group("pkg")
    m = _PKG.search(lib) or _REL_PKG.match(lib)
    return m.group("pkg") if m else ""


#: pip distribution name and fix lines of the add-ons whose op libraries users report.
_ADDONS: dict[str, tuple[str, tuple[str, ...]]] = {
    "tensorflow_text": ("tensorflow-text", (
        'pip install "tensorflow-text=={minor}.*"   # the same minor as TensorFlow '
        "(tensorflow/text README: for tensorflow==2.3.x use tensorflow_text==2.3.x)",)),
    "tensorflow_io": ("tensorflow-io", (
        "pip install -U tensorflow-io   # the release paired with this TensorFlow: the "
        "version table in the tensorflow/io README",)),
    "tensorflow_addons": ("tensorflow-addons", (
        "export TF_ADDONS_PY_OPS=1   # use Addons' Python ops instead of its compiled custom "
        "ops",
        "# or the Addons release whose custom ops match this TensorFlow: the compatibility "
        "matrix in the tensorflow/addons README",)),
    "horovod": ("horovod", (
        "HOROVOD_WITH_TENSORFLOW=1 pip install --no-cache-dir --force-reinstall horovod   "
        "# rebuilds it against the TensorFlow installed now",)),
}


#: The shared library named before glibc's ": undefined symbol: " is the last word there
#: (after a space, quote, bracket or parenthesis), ending in .so or .so.<version>.
_WORD_SEP = re.compile(r"[\s'\"\[(]")
_SO_NAME = re.compile(r"\.so(?:\.[\w.]{1,20})?$")
_UNDEFINED = ": undefined symbol: "


def _library(hit: Hit) -> tuple[str, str]:
    """(library path, missing symbol) of an ``op_lib_symbol`` hit; the path is ``""`` when the
    word before glibc's text is not a shared library."""
    sym = hit.g("sym") or hit.g("msym") or hit.g("msym2") or ""
    lib = hit.g("mlib") or ""
    if hit.g("sym") and _UNDEFINED in hit.text:
        word = _WORD_SEP.split(hit.text[: hit.text.index(_UNDEFINED)])[-1]
        lib = word if _SO_NAME.search(word) else ""
    return lib.strip(), sym


def op_library_built_for_other_tensorflow(ctx: Facts) -> list[Finding]:
    """A TensorFlow add-on's (or a custom op's) compiled library did not load because a
    TensorFlow symbol it was linked against is missing: it was built for another TensorFlow
    release or build (``op-library-built-for-other-tensorflow``); variant ``cuda``: a CUDA
    runtime symbol is missing (a CPU-only TensorFlow, or one built differently).

    Symbols of other libraries (libstdc++, MPI) and TensorFlow's own libraries are left to
    other findings: their causes differ.
    """
    for hit in ctx.h("core.op_lib_symbol").all():
        lib, sym = _library(hit)
        if not lib or _TF_OWN.search(lib):
            continue
        cuda = bool(_CUDA_SYMBOL.match(sym))
        if not (cuda or _TF_SYMBOL.search(sym)):
            continue
        pkg = _package(lib)
        dist, extra = _ADDONS.get(pkg, ("", ()))
        name = dist or "a custom op library"
        tf = ctx.tf_version
        minor = ".".join(tf.split(".")[:2]) if tf else "<your TensorFlow major.minor>"
        fix = [
            "pip list 2>/dev/null | grep -i -E '^(tensorflow|tf-nightly|tensorflow-(text|io|"
            "addons)|horovod) '   # the TensorFlow and add-on versions installed",
            *(x.format(minor=minor) for x in extra),
        ]
        flags = ('python -c "import tensorflow as tf; print(\' \'.join('
                 'tf.sysconfig.get_compile_flags() + tf.sysconfig.get_link_flags()))"'
                 "   # rebuild the op against this TensorFlow with these flags (they include "
                 "-D_GLIBCXX_USE_CXX11_ABI=<its setting>)")
        abi = ("pre-C++11 std::string (-D_GLIBCXX_USE_CXX11_ABI=0)"
               if _OLD_ABI_STRING.search(sym) else
               "C++11 std::string (-D_GLIBCXX_USE_CXX11_ABI=1)"
               if _NEW_ABI_STRING.search(sym) else None)
        if not dist and abi and not cuda:
            return []  # custom-op-cxx11-abi-mismatch (checks/h9_kinds.py) reads the ABI
        if not dist:
            fix.append(flags)
        fix.append("# a TensorFlow from conda-forge, a source build, an NGC image or a nightly "
                   "is a different build: use the pip tensorflow release the add-on was built "
                   "for, or build the add-on against this TensorFlow")
        return [catalogue.make(
            "op-library-built-for-other-tensorflow",
            variant="cuda" if cuda else None,
            doc="tensorflow-text-install" if pkg == "tensorflow_text" else None,
            package=name, library=lib.rsplit("/", 1)[-1], symbol=sym[:120],
            evidence=log_evidence([hit]), fix=tuple(fix),
        )]
    return []


def horovod_extension_not_built(ctx: Facts) -> list[Finding]:
    """``Extension horovod.tensorflow has not been built``: Horovod was installed without
    compiling its TensorFlow extension (``horovod/common/util.py``)."""
    hits = ctx.h("core.horovod_not_built")
    if not hits.count:
        return []
    ext = hits.first[0].g("ext") or "horovod.tensorflow"
    framework = ext.split(".", 1)[-1]
    env = {"tensorflow": "HOROVOD_WITH_TENSORFLOW", "torch": "HOROVOD_WITH_PYTORCH",
           "mxnet": "HOROVOD_WITH_MXNET", "keras": "HOROVOD_WITH_TENSORFLOW"}.get(
               framework, "HOROVOD_WITH_TENSORFLOW")
    return [catalogue.make(
        "horovod-extension-not-built", ext=ext,
        evidence=log_evidence(hits),
        fix=(f"{env}=1 pip install --no-cache-dir --force-reinstall horovod   # fails with "
             "the build error instead of skipping the extension",
             "python -c \"import tensorflow as tf; print(tf.__version__)\"   # the framework "
             "must import in the same environment before horovod is installed"),
    )]


def cuinit_unnamed_code(ctx: Facts) -> list[Finding]:
    """``failed call to cuInit: CUresult(<n>)``: older TF 1.x printed a code outside cuda.h's
    names this way (``cuda_diagnostics``' "was unable to find libcuda.so DSO loaded into this
    program" is quoted with it; alone, CPU-only hosts print it too).  In most reports that
    print ``CUresult(-1)`` the libcuda.so.1 that answered was not the host driver's (a
    container run without the NVIDIA runtime, whose TF 1.x GPU image resolves it to the
    toolkit's stub, or lib64/stubs on LD_LIBRARY_PATH); others loaded a foreign libcuda
    another way: hedged, with the commands that tell."""
    hits = ctx.h("core.cuinit_unnamed")
    if not hits.count:
        return []  # "was unable to find libcuda.so" alone: CPU-only hosts print it too
    return [catalogue.make(
        "cuinit-unnamed-code",
        code=hits.first[0].g("code") or "?",
        evidence=log_evidence(hits, ctx.h("core.libcuda_not_found")),
        fix=("nvidia-smi   # on the host: the driver works there",
             "docker run --gpus all ...   # in a container: Docker 19.03+ with the NVIDIA "
             "Container Toolkit (older: nvidia-docker run, or --runtime=nvidia)",
             "ldconfig -p | grep libcuda; echo $LD_LIBRARY_PATH   # a .../lib64/stubs "
             "folder must not provide libcuda.so.1"),
    )]


def jax_cuda_component_outdated(ctx: Facts) -> list[Finding]:
    """JAX's CUDA backend refused to start because a CUDA component (CUDA runtime, cuDNN,
    cuBLAS, cuSOLVER...) that its plugin found is older than the one JAX was built with, or
    could not be loaded (``jax_plugins/cuda/__init__.py`` ``_check_cuda_versions``): JAX then
    runs on the CPU (``jax-cuda-component-outdated``)."""
    hits = ctx.h("core.jax_cuda")
    if not hits.count:
        return []
    name = have = built = low = None
    for h in hits.all():
        name = name or h.g("name") or h.g("oname") or h.g("noload")
        have = have or h.g("have") or h.g("have2")
        built = built or h.g("built") or h.g("built2")
        low = low or h.g("min")
    built = low if low and low != "0" else built  # "Minimum supported" is the bar when given
    noload = next((h.g("noload") for h in hits.all() if h.g("noload")), None)
    if noload and not have:
        return [catalogue.make(
            "jax-cuda-component-outdated", variant="not-loadable", name=noload,
            evidence=log_evidence(hits),
            fix=(f"pip list 2>/dev/null | grep -i nvidia   # the CUDA wheels JAX loads {noload} "
                 "from",
                 "echo $LD_LIBRARY_PATH   # another copy here is found before JAX's own",
                 'python -c "import jax; jax.print_environment_info()"'),
        )]
    return [catalogue.make(
        "jax-cuda-component-outdated", name=name or "a CUDA component",
        have=have or "?", built=built or "?",
        evidence=log_evidence(hits),
        fix=('pip install -U "jax[cuda12]"   # JAX with the CUDA wheels it was built for (the '
             "extra the JAX installation guide names for your CUDA major)",
             "echo $LD_LIBRARY_PATH   # an older CUDA/cuDNN folder here is found before the "
             "wheels: remove it",
             'python -c "import jax; jax.print_environment_info()"'),
    )]


#: The calls whose BAD_PARAM the reports explain, in the wordings they print (TF 0.x-1.x
#: and the "Check failed: cudnnSet...Descriptor" form): a descriptor's set-up, a
#: convolution's enqueue or algorithm choice. Not "could not destroy cudnn handle" (a status
#: of no consequence at exit), nor TF 2.x's "CUDNN_STATUS_BAD_PARAM in cuda_dnn.cc(N):
#: '<call>'" form, which stays an unrecognised error with the code's meaning (audit 10).
_DESCRIPTOR_CALL = re.compile(
    r"could not (?:set|convert) |cudnn(?:tensor|filter|conv\w{0,20}) descriptor"
    r"|failed to enqueue convolution|suitable algorithm|Check failed: cudnnSet\w{1,40}Descriptor",
    re.IGNORECASE,
)
#: A cuDNN descriptor TensorFlow printed with a spatial extent of 0 ("spatial: 0 86").
_ZERO_SPATIAL = re.compile(r"spatial:(?: \d{1,9}){0,4}? 0\b")


def cudnn_bad_param(ctx: Facts) -> list[Finding]:
    """cuDNN rejected the parameters of a descriptor TensorFlow built (CUDNN_STATUS_BAD_PARAM,
    code 3 in cudnn.h): ``cudnn-bad-param``.  When the printed descriptor has a spatial
    extent of 0 the input was too small for the network (variant ``zero-size``); otherwise
    the reports name three causes the log cannot tell apart (an input too small for the
    network, another cuDNN than the one TensorFlow was built with found first, a TensorFlow
    bug of the release), so the finding is hedged.  Another framework's lines (Caffe prints
    the same check) are left to the unrecognised-error finding."""
    hits = [h for h in ctx.h("core.cudnn_bad_param").all() if _DESCRIPTOR_CALL.search(h.text)]
    if not hits or ctx.other_framework:
        return []
    zero = next((h for h in hits if _ZERO_SPATIAL.search(h.text)), None)
    if zero is not None:
        return [catalogue.make(
            "cudnn-bad-param", variant="zero-size", evidence=log_evidence([zero]),
            fix=("# print the shapes: model.summary() (Keras) shows where a spatial size "
                 "reaches 0",
                 "# feed inputs at least as large as the network's total downsampling "
                 "(strides x pooling), or pad/resize small ones; skip empty inputs"),
        )]
    return [catalogue.make(
        "cudnn-bad-param", evidence=log_evidence(hits),
        fix=("# the input shapes at the failing step: a spatial size too small for the "
             "network's strides/pooling (often one odd sample or the last batch)",
             'python -c "import tensorflow as tf; print(tf.sysconfig.get_build_info())"   '
             "# the cuDNN this TensorFlow was built for",
             "ldconfig -p | grep libcudnn; echo $LD_LIBRARY_PATH   # which libcudnn is "
             "found first: another version than the build's",
             "# a TensorFlow 0.x/1.x release: upgrade TensorFlow (later releases fixed "
             "descriptor bugs)"),
    )]
