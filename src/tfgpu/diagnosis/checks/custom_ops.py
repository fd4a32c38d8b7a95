"""Add-on and custom-op libraries that do not fit the TensorFlow they load into: add-on op
libraries built for another TensorFlow, Horovod's TensorFlow extension not built, custom ops
compiled with the other C++ string ABI.

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
* TensorFlow's "Create an op" guide: a custom op must be compiled with
  ``tf.sysconfig.get_compile_flags()``, which include TensorFlow's own
  ``-D_GLIBCXX_USE_CXX11_ABI`` value; the other value leaves tensorflow:: symbols taking
  std::string unresolved ("undefined symbol"); which ABI a name was compiled for, and when
  TensorFlow's pip packages changed theirs (2.9), is checks/_cxx_abi.py's.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._cxx_abi import abi_of_symbol, pip_abi_flag, qualified_name
from tfgpu.diagnosis.checks._op_lib_symbol import UNDEFINED, op_lib_symbol
from tfgpu.diagnosis.checks._pip_list import pip_list_grep
from tfgpu.diagnosis.checks.nvcc_runtime_symbol import nvcc_symbol_firsts
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: A C++ symbol of TensorFlow's own namespaces (Itanium mangling: <length><name>), as an
#: add-on's op library references them: tensorflow::, tsl::, tflite::, xla::
#: perftools::gputools::, the namespace of TensorFlow 1.x's StreamExecutor (tensorflow/
#: stream_executor/stream.h "namespace perftools { namespace gputools {", later an alias of
#: stream_executor::), which only TensorFlow builds of that era export.
_TF_SYMBOL = re.compile(r"(?<!\d)(?:10tensorflow|3tsl|6tflite|3xla|9perftools8gputools)\d")


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
    r"(?:^|[/\\])(?P<pkg>tensorflow_text|tensorflow_io|tensorflow_addons|horovod"
    # the other add-ons with compiled ops (checks/addons.py)
    r"|tensorflow_decision_forests|tensorflow_quantum|tensorflow_recommenders_addons)[/\\]"
    r"|(?:^|[/\\])(?P<hvd>mpi_lib)[.\w-]*\.so"
)


_PKG = re.compile(r"(?:site|dist)-packages[/\\](?P<pkg>[A-Za-z_][\w.-]{0,60})[/\\]")


#: tensorflow-io's own op libraries named without their folder ("libtensorflow_io.so:
#: undefined symbol: ..."): only its wheels ship files of these names (tensorflow/io's
#: tensorflow_io/python/ops/__init__.py loads libtensorflow_io.so and
#: libtensorflow_io_plugins.so from the package folder).
_TFIO_LIB = re.compile(r"(?:^|[/\\\s])libtensorflow_io(?:_plugins)?\.so\b")


_REL_PKG = re.compile(r"^(?:\.[/\\])?(?P<pkg>[A-Za-z_][\w.-]{0,60})[/\\]")


def _package(lib: str) -> str:
    """The Python package folder that owns ``lib`` (``""`` when the path does not say)."""
    known = _KNOWN_PKG.search(lib)
    if known:
        return "horovod" if known.group("hvd") else known.group("pkg")
    m = _PKG.search(lib) or _REL_PKG.match(lib)
    return m.group("pkg") if m else ""


#: The TensorFlow project's add-on packages published as wheels, each built by the project
#: against one TensorFlow release and never compiled on the user's machine, whose op library
#: users report failing: an op library of theirs that does not fit is the release pair, even
#: when its missing symbol takes a string_view (the package folder's name with ``-`` is its
#: pip name).  tensorflow-gcs-config (google-research/text-to-text-transfer-transformer#318),
#: tensorflow-io-gcs-filesystem and the add-ons of :data:`_ADDONS` (their README pairing
#: tables).  A package merely named tensorflow_* (the tensorflow/custom-op template renamed,
#: a source build) is not one.


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
    # add-ons whose pairs are platform_facts addon-pairs-* rows (checks/addons.py
    # names the release; no further fix line here)
    "tensorflow_decision_forests": ("tensorflow-decision-forests", ()),
    "tensorflow_quantum": ("tensorflow-quantum", ()),
    "tensorflow_recommenders_addons": ("tensorflow-recommenders-addons", ()),
    "horovod": ("horovod", (
        "HOROVOD_WITH_TENSORFLOW=1 pip install --no-cache-dir --force-reinstall horovod   "
        "# rebuilds it against the TensorFlow installed now",
        # claim audit C: horovod#431 (conda TensorFlow): the rebuild kept failing until the
        # compiler matched TensorFlow's C++ string ABI
        "# if the rebuild fails the same way: build with a compiler of TensorFlow's C++ ABI "
        "(python -c \"import tensorflow as tf; print(tf.sysconfig.get_compile_flags())\" "
        "shows -D_GLIBCXX_USE_CXX11_ABI), or use the pip TensorFlow instead of a conda one",)),
}


_PREBUILT_WHEELS = frozenset({"tensorflow_gcs_config", "tensorflow_io_gcs_filesystem",
                              "tensorflow_compression",
                              *(p for p in _ADDONS if p != "horovod")})


#: A PluggableDevice plugin, not an op library: the libraries TensorFlow loads from
#: site-packages/tensorflow-plugins at import (tensorflow/api_template.__init__.py's
#: ``_plugin_dir``), such as tensorflow-metal's libmetal_plugin.dylib: their symbol errors are
#: the plugin finding's (metal-plugin-tensorflow-mismatch), which quotes the same line
_DEVICE_PLUGIN = re.compile(r"[/\\]tensorflow-plugins[/\\]|(?:^|[/\\])libmetal_plugin\.dylib")


def op_library_built_for_other_tensorflow(ctx: Facts) -> list[Finding]:
    """A TensorFlow add-on's (or a custom op's) compiled library did not load because a
    TensorFlow symbol it was linked against is missing: it was built for another TensorFlow
    release or build (``op-library-built-for-other-tensorflow``); variant ``cuda``: a CUDA
    runtime symbol is missing (a CPU-only TensorFlow, or one built differently).

    Symbols of other libraries (libstdc++, MPI) and TensorFlow's own libraries are left to
    other findings: their causes differ.
    """
    for hit in ctx.h("op.lib_symbol").all():
        lib, sym = op_lib_symbol(hit)
        if not lib and _FRAMEWORK_CLASS_RTTI.match(sym):
            # the reporter's retyped "undefined symbol: _ZTIN10tensorflow8OpKernelE" without
            # the library: the one the traceback's tf.load_op_library('<x>.so') call names
            calls = [c for c in ctx.h("op.load_call").all() if c.g("so")]
            if calls:
                return [_not_linked_to_framework(hit, calls[-1].g("so") or "", sym, ctx)]
        if not lib or _TF_OWN.search(lib) or _DEVICE_PLUGIN.search(lib):
            continue
        if _CUDART_API.match(sym):
            found = _cudart_api_symbol(ctx, hit, lib, sym)
            if found is None:
                continue
            return [found]
        cuda = bool(_CUDA_SYMBOL.match(sym))
        if cuda and sym in nvcc_symbol_firsts(ctx):
            continue  # op-library-nvcc-newer-than-cuda-runtime (checks/nvcc_runtime_symbol.py)
        if not (cuda or _TF_SYMBOL.search(sym)):
            continue
        if OP_FUNCTOR.search(sym) and _package(lib) not in _ADDONS:
            continue  # an op's own functor (its .cc/.cu.cc part not built in): no release claim
        pkg = _package(lib)
        bare_tfio = not pkg and _TFIO_LIB.search(lib) is not None
        pkg = "tensorflow_io" if bare_tfio else pkg
        dist, extra = _ADDONS.get(pkg, ("", ()))
        # (not Horovod: built at install; not a source tree's bazel-bin)
        wheel = pkg in _PREBUILT_WHEELS and (_PKG.search(lib) is not None or bare_tfio)
        dist = dist or (pkg.replace("_", "-") if wheel else "")
        name = dist or "a custom op library"
        tf = ctx.tf_version
        minor = ".".join(tf.split(".")[:2]) if tf else "<your TensorFlow major.minor>"
        fix = [
            pip_list_grep("tensorflow", "tf-nightly", "tensorflow-(text|io|addons)", "horovod",
                          anchored=True) + "   # the TensorFlow and add-on versions installed",
            *(x.format(minor=minor) for x in extra),
        ]
        flags = ('python -c "import tensorflow as tf; print(\' \'.join('
                 'tf.sysconfig.get_compile_flags() + tf.sysconfig.get_link_flags()))"'
                 "   # rebuild the op against this TensorFlow with these flags (they include "
                 "-D_GLIBCXX_USE_CXX11_ABI=<its setting>)")
        if not dist and not cuda and custom_op_abi(ctx):
            return []  # custom-op-cxx11-abi-mismatch reads the ABI from the name
        if (not cuda and _string_view_kind(sym) is not None and custom_op_abi(ctx)
                and not wheel):
            # an add-on's (Horovod's) library built in another C++ standard mode than
            # TensorFlow (horovod/horovod#3558: C++14 against TF 2.10's C++17): the
            # string_view reading names it; but a TensorFlow project's prebuilt wheel was
            # built by its publisher against one TensorFlow release: the release pair
            return []
        if not dist and not cuda and _FRAMEWORK_CLASS_RTTI.match(sym):
            return [_not_linked_to_framework(hit, lib, sym, ctx)]
        if not dist:
            fix.append(flags)
        fix.append("# a TensorFlow from conda-forge, a source build, an NGC image or a nightly "
                   "is a different build: use the pip tensorflow release the add-on was built "
                   "for, or build the add-on against this TensorFlow")
        if dist:  # the add-on release paired with this TensorFlow, first
            from tfgpu.diagnosis.checks.addons import addon_pair_fix

            fix.insert(0, addon_pair_fix(ctx, dist))
        if not cuda and _XLA_TSL_SYMBOL.match(sym) and ctx.h("ctx.tf_nightly").count:
            return [_nightly_layout(ctx, hit, name, lib, sym, fix)]
        return [catalogue.make(
            "op-library-built-for-other-tensorflow",
            variant="cuda" if cuda else None,
            doc="tensorflow-text-install" if pkg == "tensorflow_text" else None,
            package=name, library=lib.rsplit("/", 1)[-1], symbol=sym[:120],
            evidence=log_evidence([hit]), fix=tuple(fix),
        )]
    return []


#: A mangled name in XLA's or TSL's namespace (``_ZNK3xla14HloComputation...``,
#: ``_ZN3tsl...``): code TensorFlow has moved between its shared libraries.
_XLA_TSL_SYMBOL = re.compile(r"_ZN(?:K|V|VK)?3(?:xla|tsl)\d")


def _nightly_layout(ctx: Facts, hit: Hit, name: str, lib: str, sym: str,
                    fix: list[str]) -> Finding:
    """``op-library-built-for-other-tensorflow`` variant ``nightly-layout`` (a warning): an
    add-on's library misses an XLA or TSL symbol and the log names a TensorFlow nightly.
    Nightlies move such symbols between TensorFlow's shared libraries: tf-nightly
    2.12.0.dev20221019 put XLA's into a new libtensorflow_cc.so.2 that Horovod, linking
    libtensorflow_framework.so.2 and _pywrap_tensorflow_internal.so, did not link, so Horovod
    built against that very nightly failed on import, whichever release
    (tensorflow/tensorflow#58281, horovod/horovod#3754; fixed by Horovod's PR #3755, which
    links libtensorflow_cc.so.2 when it exists).  A rebuild of the same add-on release then
    fails the same way; the add-on's newer build logic or another nightly does not."""
    return catalogue.make(
        "op-library-built-for-other-tensorflow", variant="nightly-layout", package=name,
        library=lib.rsplit("/", 1)[-1], symbol=sym[:120], evidence=log_evidence([hit]),
        fix=(*[f for f in fix if "pip list" in f or "grep" in f][:1],
             "# with a TensorFlow nightly, pair the add-on's own nightly build of the same day "
             "(tensorflow-text-nightly, tfa-nightly), or build the add-on against this nightly: "
             "a release of the add-on is built for a TensorFlow release, not a nightly",
             "# built against this very nightly and still failing: the nightly moved the "
             "symbol into another of its libraries (tensorflow/tensorflow#58281): use the "
             "add-on's newest source (its build links TensorFlow's new library) or the "
             "previous nightly"),
    )


# --- a CUDA runtime API function a compiled library needs ---
# glibc's "<lib>.so: undefined symbol: cudaSetupArgument" (a public runtime API name, no leading
# underscores): the library calls the CUDA runtime (libcudart) and the loader found it nowhere in
# the process. A GPU TensorFlow loads libcudart into the process (TF 1.x's pywrap_tensorflow.py
# even opens its own library RTLD_GLOBAL); a CPU-only TensorFlow loads none. The runtime of
# another CUDA release may lack the function too (its API changes between releases).
# yuxng/PoseCNN#113: a compiled CUDA extension (gpu_normals.so) under the CPU-only conda
# 'tensorflow' 1.8; installing tensorflow-gpu 1.8 fixed it. Horovod's own library is
# horovod-built-against-other-cuda's (horovod_extension_symbol).

#: NVIDIA's own libraries (libcudnn, libcublas, libnvinfer, libnccl...): a missing runtime symbol
#: there is two NVIDIA libraries of different CUDA releases, not a project's compiled library.
_NVIDIA_LIB = re.compile(r"(?:^|[/\\])lib(?:cu|nv|nccl)\w*\.so")


def _cudart_api_symbol(ctx: Facts, hit: Hit, lib: str, sym: str) -> Finding | None:
    """``op-library-built-for-other-tensorflow`` variant ``cudart-symbol`` for a project's (or
    an add-on's) compiled library missing the CUDA runtime API function ``sym``; ``None`` for
    Horovod's library, NVIDIA's own libraries, and another framework's log."""
    if _package(lib) == "horovod" or _NVIDIA_LIB.search(lib) or ctx.other_framework:
        return None
    if ", version libcudart." in hit.text:
        return None  # a CUDA runtime was loaded, an older one: checks/versioned_cuda_symbol.py
    name = lib.replace("\\", "/").rsplit("/", 1)[-1]
    return catalogue.make(
        "op-library-built-for-other-tensorflow", variant="cudart-symbol",
        library=name, symbol=sym[:120], evidence=log_evidence([hit]),
        fix=('python -c "import tensorflow as tf; print(tf.__version__, '
             "tf.test.is_built_with_cuda())\"   # False: a CPU-only TensorFlow: install its GPU "
             "build (TF 1.x: tensorflow-gpu of the same version), which loads the CUDA runtime",
             pip_list_grep("tensorflow", windows=ctx.windows)
             + "   # TF 1.x: 'tensorflow' is the CPU-only package (conda too: tensorflow-gpu "
             "is the GPU one)",
             f"# True: rebuild {name} with the nvcc of the CUDA this TensorFlow was built with "
             "(tfgpu doctor shows it) and link the CUDA runtime (-lcudart)"),
    )


# --- custom op not linked to libtensorflow_framework ---
# Sources: TensorFlow's sysconfig.get_link_flags (tensorflow/python/platform/sysconfig.py in
# the 2.21 wheel: ['-L<tf.sysconfig.get_lib()>', '-l:libtensorflow_framework.so.<major>'];
# added with TF 1.4's split of the framework into libtensorflow_framework.so) and the "Create an
# op" guide's build line (g++ ... ${TF_CFLAGS[@]} ... ${TF_LFLAGS[@]}). Threads printing the
# missing typeinfo of tensorflow::OpKernel: deepsense-ai/roi-pooling#22 and
# CharlesShang/TFFRCNN#126 (fixed by adding -L$TF_LIB -ltensorflow_framework to the op's
# Makefile/make.sh), bgshih/seglink#14 and bxshi/ConMask#8 (fixed or advised by going back to
# the TensorFlow the op was written for: 1.3, before the split), vt-vl-lab/flownet2.tf#6: so the
# finding is hedged and names both causes, the link flags first.

#: The typeinfo / vtable / typeinfo-name symbol of a tensorflow:: class (``_ZTIN10tensorflow8
#: OpKernelE``): emitted only where the class's key function is defined, i.e. in TensorFlow's
#: own library, so an op library needs that library on its link line; and tensorflow::
#: OpKernel's own constructor and destructor (``_ZN10tensorflow8OpKernelD2Ev``, op_kernel.cc),
#: which every op kernel calls and every TensorFlow release defines there
#: (mgharbi/hdrnet_legacy#37: fixed by linking -ltensorflow_framework).
_FRAMEWORK_CLASS_RTTI = re.compile(r"_ZT[IVS]N?(?:10tensorflow|3tsl)\d"
                                   r"|_ZN10tensorflow8OpKernel(?:D[012]Ev|C[12]EPNS_20OpKernelConstructionE)")


#: The output a link line writes (``-o libplugin.so``, ``-olib.so``).
_LINK_OUTPUT = re.compile(r"\s-o\s{0,4}(?P<out>[^\s'\"]{1,300})")


#: GNU ld's as-needed switches (``-Wl,--as-needed``, ``-Wl,-no-as-needed``, ld's own
#: ``--no-as-needed``) and TensorFlow's framework flag: the last switch before the flag rules.
_AS_NEEDED_OR_FLAG = re.compile(
    r"(?P<sw>-{1,2}(?:no-)?as-needed)\b|\s-l:?(?:lib)?tensorflow_framework\b")

#: A macOS link (Apple's ld64 has no --as-needed: it keeps every dylib named unless
#: -dead_strip_dylibs is given; ld64's man page, and the Rust reference's "as-needed" link
#: modifier, doc.rust-lang.org/unstable-book native-link-modifiers-as-needed: "--as-needed for
#: ld-like linkers, and -dead_strip_dylibs ... for ld64"): the TensorFlow guide's "-undefined
#: dynamic_lookup" (tensorflow.org/guide/create_op, "On macOS"), a -dynamiclib or a .dylib.
_MACOS_LINK = re.compile(r"-undefined[\s,]{1,4}dynamic_lookup|-dynamiclib\b|\.dylib\b")


def _as_needed_in_force(text: str) -> bool:
    """--as-needed may apply to TensorFlow's framework flag on link line ``text``: no
    ``--no-as-needed`` is the last switch before the flag, and the line is not a macOS link
    (:data:`_MACOS_LINK`). GNU ld manual, "Options" (binutils 2.42, sourceware.org/binutils/
    docs-2.42/ld.html#index-_002d_002das_002dneeded): --as-needed "affects ELF DT_NEEDED tags
    for dynamic libraries mentioned on the command line after the --as-needed option";
    --no-as-needed "restores the default behaviour", a DT_NEEDED tag for every library."""
    if _MACOS_LINK.search(text):
        return "-dead_strip_dylibs" in text
    last = None
    for m in _AS_NEEDED_OR_FLAG.finditer(text):
        if m.group("sw") is None:
            return last is None or not last.startswith(("--no", "-no"))
        last = m.group("sw")
    return True


def _link_order_line(ctx: Facts | None, lib: str) -> Hit | None:
    """The log's link line (pattern ``ctx.tf_framework_link_order``) that names TensorFlow's
    framework library before an input file, for library ``lib`` (its ``-o`` output has
    ``lib``'s file name, or names no output); ``None`` when the log shows none."""
    if ctx is None:
        return None
    name = lib.replace("\\", "/").rsplit("/", 1)[-1]
    for h in ctx.h("ctx.tf_framework_link_order").all():
        m = _LINK_OUTPUT.search(h.text)
        out = m.group("out").replace("\\", "/").rsplit("/", 1)[-1] if m else ""
        if not out or not name or out == name:
            return h
    return None


def _not_linked_to_framework(hit: Hit, lib: str, sym: str,
                             ctx: Facts | None = None) -> Finding:
    """``custom-op-not-linked-to-tensorflow-framework`` (hedged): a project's own op library
    misses the typeinfo/vtable of a TensorFlow class: most often it was linked without
    ``tf.sysconfig.get_link_flags()`` (``-ltensorflow_framework``, TensorFlow >= 1.4), else it
    was built for another TensorFlow release (sources: the comment block above).  Variant
    ``link-order`` when the log's own link line has the flag before the op's object or source
    file (:func:`_link_order_line`): the linker under --as-needed dropped the library
    (tensorflow/tensorflow#46068, #25513; PR #34842); variant ``flag-kept`` when that line
    keeps the library whatever its place (:func:`_as_needed_in_force` False)."""
    name = lib.rsplit("/", 1)[-1]
    line = _link_order_line(ctx, lib)
    if line is not None and _as_needed_in_force(line.text):
        return catalogue.make(
            "custom-op-not-linked-to-tensorflow-framework", variant="link-order",
            library=name, symbol=sym[:120], input=line.g("input") or "the object file",
            evidence=log_evidence([line], [hit]),
        )
    if line is not None:  # -Wl,--no-as-needed or a macOS link: the order drops nothing
        return catalogue.make(
            "custom-op-not-linked-to-tensorflow-framework", variant="flag-kept",
            library=name, symbol=sym[:120], evidence=log_evidence([line], [hit]),
        )
    return catalogue.make(
        "custom-op-not-linked-to-tensorflow-framework",
        library=name, symbol=sym[:120],
        evidence=log_evidence([hit]),
    )


def framework_link_missing(hit: Hit, lib: str, sym: str,
                           ctx: Facts | None = None) -> Finding | None:
    """``custom-op-not-linked-to-tensorflow-framework`` for library ``lib`` when ``sym`` is a
    tensorflow:: class's typeinfo/vtable or OpKernel's own constructor/destructor
    (:data:`_FRAMEWORK_CLASS_RTTI`), which only TensorFlow's framework library defines;
    ``None`` for any other symbol."""
    return (_not_linked_to_framework(hit, lib, sym, ctx) if _FRAMEWORK_CLASS_RTTI.match(sym)
            else None)


def horovod_extension_not_built(ctx: Facts) -> list[Finding]:
    """``Extension horovod.tensorflow has not been built``: Horovod was installed without
    compiling its TensorFlow extension (``horovod/common/util.py``)."""
    hits = ctx.h("dist.horovod_not_built")
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


#: An Eigen device in a mangled name (``N5Eigen9GpuDeviceE``, ``N5Eigen16ThreadPoolDeviceE``: a
#: template argument, as in ``functor::ExampleFunctor<Eigen::GpuDevice, float>``, or a
#: ``const Device&`` parameter): an op's own functor, which its .cc / .cu.cc defines
#: (TensorFlow's "Create an op" guide, "GPU kernels"); TensorFlow does not export the op's
#: functors
OP_FUNCTOR = re.compile(r"5Eigen(?:9GpuDevice|16ThreadPoolDevice|13DefaultDevice)")

#: (a paste may have lost the space after the colon: "undefined symbol:_ZN...")
_UNDEFINED_TF_SYMBOL = re.compile(r"undefined symbol: ?(?P<sym>_ZN\w*10tensorflow\w{0,300})")

#: The library glibc names before ": undefined symbol" (``<object>: undefined symbol: <name>``,
#: elf/dl-lookup.c): the path up to it, without the traceback a one-line paste puts before it.
_FAILING_OBJECT = re.compile(
    r"(?P<path>[^\s'\"]{1,400}?\.so[\w.]{0,12}): undefined symbol(?:: ?|\b)")


def _failing_path(text: str) -> str:
    """The path of the object that could not resolve a symbol in ``text`` (``/``-separated),
    or ``""``: a traceback pasted on the same line (``.../site-packages/tensorflow/python/
    framework/load_library.py``) is not that object."""
    m = _FAILING_OBJECT.search(text)
    return m.group("path").replace("\\", "/") if m else ""


def _tensorflows_own(text: str) -> bool:
    """The object that could not resolve a symbol in ``text`` is TensorFlow's own library or
    a prebuilt add-on wheel's (:data:`_TF_OWN`, :data:`_PREBUILT_WHEELS`): a mixed install or
    a release pair (op_library_built_for_other_tensorflow), not a custom op built here."""
    path = _failing_path(text)
    return _TF_OWN.search(path) is not None or _package(path) in _PREBUILT_WHEELS


#: string_view parameters in a mangled tensorflow:: name: ``St17basic_string_view`` is
#: std::string_view (absl::string_view when Abseil is compiled as C++17, as in TensorFlow 2.21's
#: libtensorflow_framework.so.2), ``N4absl...11string_viewE`` is Abseil's own class (C++14).
_STD_STRING_VIEW = re.compile(r"St17basic_string_view")
_ABSL_STRING_VIEW = re.compile(r"N4absl\w{0,30}?11string_viewE")


def _string_view_kind(sym: str) -> str | None:
    """``"std"`` or ``"absl"``: the string_view type a mangled symbol takes, else None."""
    if _STD_STRING_VIEW.search(sym):
        return "std"
    if _ABSL_STRING_VIEW.search(sym):
        return "absl"
    return None


def _string_view_mismatch(h: Hit, so: str, sym: str, view: str) -> Finding:
    """``custom-op-cxx11-abi-mismatch`` (variant ``string-view``): the missing tensorflow::
    symbol takes a string_view, and TensorFlow exports that function with the other
    string_view type: the op was compiled in another C++ standard mode than TensorFlow
    (C++17 makes absl::string_view std::string_view) or against another TensorFlow release
    (TensorFlow's own exports changed when it moved to C++17).  Sources:
    tensorflow/tensorflow#23561 and #31568 (C++17 custom ops against TF 1.11/1.14: compile as
    C++14); TensorFlow 2.21's libtensorflow_framework.so.2 exports std::string_view symbols."""
    used = ("std::string_view (compiled as C++17 or later, where absl::string_view is "
            "std::string_view)" if view == "std" else
            "Abseil's own absl::string_view (compiled as C++14)")
    cause = (f"{so} calls a tensorflow:: function ({sym[:160]}) taking {used}, and this "
             "TensorFlow does not export it under that name. Either the op was compiled in "
             "another C++ standard mode than TensorFlow (its -std flag: C++17 turns "
             "absl::string_view into std::string_view and so changes the name), or against "
             "another TensorFlow release (TensorFlow's exported names changed when it moved to "
             "C++17, and functions change between releases). Recompile the op with exactly "
             "TensorFlow's compile flags, against the TensorFlow installed now.")
    fix = ('python -c "import tensorflow as tf; print(tf.__version__, '
           'tf.sysconfig.get_compile_flags())"   # the -std=c++.. and '
           "-D_GLIBCXX_USE_CXX11_ABI values TensorFlow was built with",
           "# rebuild the op with exactly those flags (drop your own -std=...), then delete "
           "its cached .so")
    return catalogue.make("custom-op-cxx11-abi-mismatch", variant="string-view", so=so,
                          evidence=log_evidence([h]), cause=cause, fix=fix)


def custom_op_abi(ctx: Facts) -> list[Finding]:
    """``custom-op-cxx11-abi-mismatch``: a custom op library (a .so outside TensorFlow's own
    package) fails with an undefined tensorflow:: symbol whose mangled name tells the C++
    string ABI the op was compiled with (checks/_cxx_abi.py): it takes std::string (``Ss``:
    the old ABI; ``NSt7__cxx11``: the new one), carries the ``[abi:cxx11]`` tag (the new one),
    or is the untagged name of a string-returning function that a C++11-ABI TensorFlow exports
    tagged (variant ``untagged-return``, hedged: the op used the old ABI, or the function is
    gone from this release).  A string_view parameter is variant ``string-view``."""
    for h in ctx.h("op.custom_op_symbol").all():
        m = _UNDEFINED_TF_SYMBOL.search(h.text)
        if m is None:
            continue
        sym = m.group("sym")
        so = h.g("so") or "the op library"
        if _tensorflows_own(h.text):
            continue  # TensorFlow's own library: a mixed install, not a custom op
        if _TFIO_LIB.search(so) and _package(so) in ("", "tensorflow_io"):
            continue  # tensorflow-io's prebuilt library: its release pair (above), not a build
        view = _string_view_kind(sym)
        if view is not None:
            return [_string_view_mismatch(h, so, sym, view)]
        abi = abi_of_symbol(ctx, sym)
        if abi is None:
            continue  # the name does not tell the ABI (or this release's pip builds use it)
        if (abi != "new" and pip_abi_flag(ctx, ctx.tf_version) == 0
                and (ctx.tf_mm or (0, 0)) >= (2, 0) and not ctx.conda):
            # an old-ABI name under a TensorFlow 2.0-2.8 outside conda, whose pip packages
            # use the old ABI (platform fact tf-pip-cxx11-abi, whose exceptions are all 1.x
            # wheels and a 2.0 preview nightly): that pip TensorFlow exports that very name,
            # so the op was built against another release (kimbring2/MOBA_RL#2: seed_rl's op
            # built for TF 2.4 under TF 2.2), or this TensorFlow is a source build;
            # op-library-built-for-other-tensorflow names both. TensorFlow 1.x keeps the ABI
            # reading: its reports show old-ABI ops failing under 1.x builds with the C++11
            # ABI (orendv/learning_to_sample#3 on 1.13, zsyzzsoft/co-mod-gan#8 on 1.14)
            continue
        if abi == "old-return":
            return [_untagged_return(ctx, h, so, sym)]
        if abi == "new":
            used, other = "1 (the new C++11 string ABI)", "0"
        else:
            used, other = "0 (the old string ABI)", "1"
        cause = (f"{so} was compiled with -D_GLIBCXX_USE_CXX11_ABI={used}, but this "
                 f"TensorFlow was built with _GLIBCXX_USE_CXX11_ABI={other}, so the "
                 f"tensorflow:: function it calls ({sym}) does not exist under that name. "
                 f"{_PIP_ABI} Recompile the op with TensorFlow's own compile flags. If the "
                 "flag already matches, the op was built against another TensorFlow version.")
        fix = ("python -c \"import tensorflow as tf; print(tf.sysconfig.get_compile_flags())\""
               "   # TensorFlow's -D_GLIBCXX_USE_CXX11_ABI value",
               f"# rebuild the op with those flags (or change -D_GLIBCXX_USE_CXX11_ABI to "
               f"{other} in the build script), then delete its cached .so",)
        return [catalogue.make("custom-op-cxx11-abi-mismatch", so=so,
                               evidence=log_evidence([h]), cause=cause, fix=fix)]
    return _abi_macro_redefined(ctx)


def _abi_macro_redefined(ctx: Facts) -> list[Finding]:
    """``custom-op-cxx11-abi-mismatch`` variant ``macro-redefined``: the build's compiler
    warned that it defined ``_GLIBCXX_USE_CXX11_ABI`` twice with different values (pattern
    ``op.abi_macro_redefined``), and a library outside TensorFlow's package then failed to
    load on an undefined symbol (pattern ``op.so_undefined_symbol``, named or cut off)."""
    warned = ctx.h("op.abi_macro_redefined").all()
    if not warned:
        return []
    for h in ctx.h("op.so_undefined_symbol").all():
        if h.line > warned[0].line and not _tensorflows_own(h.text):
            return [catalogue.make("custom-op-cxx11-abi-mismatch", variant="macro-redefined",
                                   so=h.need("so"), evidence=log_evidence(warned[:1], [h]))]
    return []


#: What TensorFlow's own builds use (platform fact tf-pip-cxx11-abi).
_PIP_ABI = ("TensorFlow's pip packages use _GLIBCXX_USE_CXX11_ABI=1 from 2.9 and =0 before; "
            "conda's TensorFlow and source builds with gcc 5 or newer use =1.")


def _untagged_return(ctx: Facts, h: Hit, so: str, sym: str) -> Finding:
    """``custom-op-cxx11-abi-mismatch`` variant ``untagged-return``: ``sym`` is the old-ABI
    (untagged) name of a function that returns a std::string, which a TensorFlow built with
    ``_GLIBCXX_USE_CXX11_ABI=1`` exports with the ``[abi:cxx11]`` tag (platform fact
    ``tf-abi-tagged-symbols``).  Hedged: the op was compiled with the old ABI against such a
    TensorFlow, or this TensorFlow release no longer has the function."""
    pip = pip_abi_flag(ctx, ctx.tf_version)
    shown = (f" This log's TensorFlow {ctx.tf_version}'s pip packages use =1." if pip == 1 else
             f" This log's TensorFlow {ctx.tf_version}'s pip packages use =0, so this one is "
             "a conda or source build, or the release lacks the function." if pip == 0 else "")
    return catalogue.make(
        "custom-op-cxx11-abi-mismatch", variant="untagged-return", so=so,
        function=qualified_name(sym), symbol=sym[:160], pip=shown,
        evidence=log_evidence([h]),
        knowledge_ref=ctx.kb.platform_fact("tf-abi-tagged-symbols").ref,
        fix=("python -c \"import tensorflow as tf; print(tf.__version__, "
             "tf.sysconfig.get_compile_flags())\"   # the release, and its "
             "-D_GLIBCXX_USE_CXX11_ABI value",
             "# rebuild the op with exactly those flags (drop a -D_GLIBCXX_USE_CXX11_ABI=0 of "
             "its own build script) against the TensorFlow installed now, then delete its "
             "cached .so"),
    )


# --- Horovod build/ABI ---
# Sources: horovod/horovod@2626dc87a3a8eb8fb7d2216198ce45bce0f9e65a docs/troubleshooting.rst
# ("libcudart.so.X.Y": the framework and Horovod were built with different CUDA versions;
# rebuild with HOROVOD_CUDA_HOME and pip install --no-cache-dir), horovod/common/exceptions.py
# (framework version changed since install: reinstall with --no-cache-dir).

#: A public CUDA runtime API function (``cudaLaunch``, ``cudaMemcpyAsync``): no leading
#: underscores (those are the fat-binary registration symbols op_library_* reads).
_CUDART_API = re.compile(r"^cuda[A-Z]\w{0,60}$")

_HVD_REBUILD = (
    pip_list_grep("tensorflow", "tf-nightly", "torch", "horovod", anchored=True)
    + "   # the framework and Horovod versions installed now",
    "pip uninstall -y horovod",
    "HOROVOD_WITH_TENSORFLOW=1 pip install --no-cache-dir horovod   # rebuilds it against "
    "the framework, CUDA and MPI installed now (--no-cache-dir: not the wheel pip built "
    "before)",
)


def horovod_extension_symbol(ctx: Facts) -> list[Finding]:
    """Horovod's compiled extension did not load because of an undefined symbol.

    ``horovod-built-against-other-cuda``: the glibc form ``<horovod lib>.so: undefined
    symbol: cuda<Name>`` (a CUDA runtime API function): Horovod was compiled against another
    CUDA than the libcudart loaded now. ``horovod-extension-symbol-missing`` (hedged: the
    framework, CUDA or MPI changed since the build): a report that says Horovod's import
    hit an "undefined symbol" without naming the library and symbol. A named TensorFlow
    symbol is ``op-library-built-for-other-tensorflow``'s; MPI and libstdc++ symbols are
    left unclaimed (their causes differ).
    """
    named = [(h, *op_lib_symbol(h)) for h in ctx.h("op.lib_symbol").all()]
    named += [(h, h.g("lib") or "", h.g("sym") or "") for h in ctx.h("dist.hvd_cuda_symbol").all()]
    for hit, lib, sym in named:
        if not lib or _package(lib) != "horovod" or not _CUDART_API.match(sym):
            continue
        return [catalogue.make(
            "horovod-built-against-other-cuda",
            library=lib.rsplit("/", 1)[-1], symbol=sym,
            evidence=log_evidence([hit]),
        )]
    hits = ctx.h("dist.hvd_symbol_prose")
    prose = [h for h in hits.all() if UNDEFINED not in h.text]
    if not prose or ctx.h("op.lib_symbol").count or ctx.h("dist.hvd_cuda_symbol").count:
        return []
    fw = prose[0].g("fw") or ""
    return [catalogue.make(
        "horovod-extension-symbol-missing",
        fw=f" (horovod{fw})" if fw else "",
        evidence=log_evidence(prose),
        fix=(*_HVD_REBUILD,
             "# a TensorFlow nightly or other build: use the TensorFlow release Horovod was "
             "built against, or rebuild Horovod after every framework change; the full error "
             "names the missing symbol (tensorflow:: = framework, cuda* = CUDA, MPI_/ompi_ = "
             "MPI)"),
    )]


# --- GetGpuLaunchConfig's element-count CHECK ----------------------------------------
def launch_config_check(f: Facts) -> list[Finding]:
    """``gpu-launch-work-count-check-failed``: TensorFlow's GetGpuLaunchConfig CHECK on the
    element count failed (``Check failed: work_element_count > 0 (0 vs. 0)``): an empty tensor
    reached a GPU kernel of a release that checks ``> 0`` (default variant; category unknown:
    the op and the reason are not in the log), or, for a negative count, an int overflow from a
    tensor of more than 2^31-1 elements (variant ``overflow``).  Sources: the findings.toml row
    comment (TF 2.21's ``gpu_launch_config.h`` and the threads)."""
    hits = f.h("cuda.launch_count").all()
    if not hits:
        return []
    h = hits[0]
    n = h.g("n")
    line = h.text.strip()[:160]
    if (n is not None and n.startswith("-")) or h.g("cmp") == ">=":  # ">= 0" fails only below 0
        return [catalogue.make(
            "gpu-launch-work-count-check-failed", variant="overflow", line=line,
            evidence=log_evidence(hits[:1]),
        )]
    return [catalogue.make(
        "gpu-launch-work-count-check-failed", line=line,
        count="0" if n is None else n,
        evidence=log_evidence(hits[:1]),
    )]
