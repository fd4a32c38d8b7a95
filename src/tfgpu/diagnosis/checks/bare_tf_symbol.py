"""A TensorFlow C++ symbol that a library could not resolve, on a line that does not name
the library: ``op-library-built-for-other-tensorflow`` variant ``unnamed-library`` (hedged).

Sources (message format): glibc ``elf/dl-lookup.c`` writes ``<object>: undefined symbol:
<name>``; TensorFlow's ``load_op_library`` raises it as ``NotFoundError`` with ``dlerror()``'s
text (``tensorflow/core/platform/default/load_library.cc``); a paste may keep only the
message, or the op's name in front of it.  A mangled name in TensorFlow's namespace
(``_ZN10tensorflow...``, ``_ZNK10tensorflow...``, ``3tsl``) is TensorFlow's C++ API, which
only compiled TensorFlow extensions call: tensorflow_addons ``utils/resource_loader.py``
(its custom ops are compiled against one pip TensorFlow; conda, source and nightly builds
are unsupported) and the rows of checks/custom_ops.py.  Which library failed is not in the
line, so the finding says so and names the command that shows it.  Where the mangled name
takes or returns the C++11 std::string, it tells that the library was compiled with the C++11
string ABI that this TensorFlow lacks (checks/_cxx_abi.py): ``custom-op-cxx11-abi-mismatch``
variant ``unnamed-library`` then.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._cxx_abi import abi_of_symbol, pip_abi_flag, qualified_name
from tfgpu.diagnosis.checks._op_lib_symbol import op_lib_symbol
from tfgpu.diagnosis.checks._pip_list import pip_list_grep
from tfgpu.diagnosis.checks.custom_ops import OP_FUNCTOR, framework_link_missing
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: Patterns whose lines name the library (or its package): the checks that read them
#: (checks/custom_ops.py, checks/addons.py, Horovod's) give the finding then.
_NAMED = ("addon.so", "addon.tfio_unable", "op.custom_op_symbol", "dist.hvd_symbol_prose",
          "dist.hvd_cuda_symbol")


#: ldd -r's form of a missing symbol (glibc elf/rtld.c): "undefined symbol: <name>\t(<object>)".
_LDD_OBJECT = re.compile(r"^\s*undefined symbol: \S+\s+\(([^()\s]{1,400}\.so(?:\.[\w.]{1,20})?)\)")


def bare_tf_symbol(ctx: Facts) -> list[Finding]:
    """``op-library-built-for-other-tensorflow`` variant ``unnamed-library`` for the first
    ``undefined symbol: _Z...tensorflow...`` line (pattern ``op.bare_tf_symbol``) when no
    line of the log names the library that needs it; ``[]`` otherwise."""
    hits = ctx.h("op.bare_tf_symbol").all()
    if not hits:
        return []
    if any(ctx.h(name).count for name in _NAMED) or any(
            op_lib_symbol(h)[0] for h in ctx.h("op.lib_symbol").all()):
        return []
    hit = hits[0]
    sym = hit.g("sym") or ""
    if OP_FUNCTOR.search(sym):
        # an Eigen device in the name: an op's own functor, which its
        # .cu.cc defines (TensorFlow's "Create an op" guide), not a symbol TensorFlow exports:
        # the op's CUDA part was not compiled or linked in; no release reading (the line
        # stays unrecognised, quoted)
        return []
    ldd = next((m for h in hits if (m := _LDD_OBJECT.search(h.text))), None)
    linked = any("tensorflow_framework" in (h.g("lib") or "") for h in ctx.h("lib.missing").all())
    if ldd is not None and linked:
        # a listing that names libtensorflow_framework, even "=> not found", shows the op
        # library linked to it: ldd outside Python does not search TensorFlow's folder, so its
        # symbols read undefined there; the listing says nothing of a load's failure
        return []
    if ldd is not None:
        # ldd -r's listing names the object after each symbol: a typeinfo of TensorFlow's
        # classes missing there is the op library's link line (custom_ops.py's reading)
        for h in hits:
            found = framework_link_missing(h, ldd.group(1), h.g("sym") or "", ctx)
            if found is not None:
                return [found]
    op = hit.g("op") or ""
    who = f"The library behind the op '{op}'" if op else "A library"
    conda = (" This log shows a conda environment: a TensorFlow from conda (Anaconda's or "
             "conda-forge's build) under add-ons installed with pip is the usual way to get "
             "here." if ctx.conda else "")
    abi = abi_of_symbol(ctx, sym)
    if abi == "new":
        return [_other_abi(hit, sym, conda)]
    if abi == "old-return" and not ctx.conda:
        # with conda in sight the usual case is pip add-ons under conda's TensorFlow: the
        # release finding below names that channel fix (tensorflow/addons#1132)
        return [_untagged_return(ctx, hit, sym, conda)]
    return [catalogue.make(
        "op-library-built-for-other-tensorflow", variant="unnamed-library",
        who=who, symbol=sym[:120], conda=conda, evidence=log_evidence(hits[:2]),
        fix=(pip_list_grep("tensorflow", "tf-nightly", "tensorflow-(text|io|addons)",
                           "horovod", anchored=True)
             + "   # the TensorFlow and the add-ons installed, and their versions",
             "conda list | grep -i tensorflow   # a conda build of TensorFlow (channel not "
             "pypi) is not the build pip add-ons are compiled against",
             "python -c \"import tensorflow as tf; print(tf.__version__)\"   # then run the "
             "failing import alone: its traceback names the library (the path before "
             "': undefined symbol')",
             "# fix: the add-on release built for this TensorFlow, both from pip (one "
             "environment, no conda tensorflow under pip add-ons), or rebuild the custom op "
             "against this TensorFlow with the flags tf.sysconfig.get_compile_flags() and "
             "get_link_flags() print (its -D_GLIBCXX_USE_CXX11_ABI value included: a build "
             "script's own value may be the other C++ ABI); tensorflow-addons: export "
             "TF_ADDONS_PY_OPS=1 uses its Python ops instead"),
    )]


def _other_abi(hit: Hit, sym: str, conda: str) -> Finding:
    """``custom-op-cxx11-abi-mismatch`` variant ``unnamed-library``: the missing symbol takes
    or returns the C++11 std::string (``std::__cxx11`` or the ``[abi:cxx11]`` tag), so the
    unnamed library was compiled with ``_GLIBCXX_USE_CXX11_ABI=1`` and this TensorFlow exports
    the old ABI's names (checks/_cxx_abi.py).  The reverse (``Ss``: an old-ABI library under a
    C++11-ABI TensorFlow) is left to the hedged release finding: most often pip add-ons under
    a conda TensorFlow, whose fix is the add-on's channel and release."""
    return catalogue.make(
        "custom-op-cxx11-abi-mismatch", variant="unnamed-library",
        function=qualified_name(sym) or "a TensorFlow function", symbol=sym[:160],
        conda=conda, evidence=log_evidence([hit]),
        fix=("python -c \"import tensorflow as tf; print(tf.__version__, "
             "tf.sysconfig.get_compile_flags())\"   # this TensorFlow's release and its "
             "-D_GLIBCXX_USE_CXX11_ABI value",
             "# then run the failing import alone: its traceback names the library (the path "
             "before ': undefined symbol')",
             "# a custom op: rebuild it with exactly those flags (-D_GLIBCXX_USE_CXX11_ABI=0 "
             "for this TensorFlow), then delete its cached .so",
             pip_list_grep("tensorflow", "tf-nightly", "tensorflow-(text|io|addons)",
                           "horovod", anchored=True)
             + "   # an add-on: install the release built for this TensorFlow, from the same "
             "channel (pip or conda) as TensorFlow (pip's TensorFlow uses the old ABI before "
             "2.9, the C++11 one from 2.9)"),
    )


def _untagged_return(ctx: Facts, hit: Hit, sym: str, conda: str) -> Finding:
    """``custom-op-cxx11-abi-mismatch`` variant ``unnamed-untagged-return``: the missing name
    is the untagged (old-ABI) name of a string-returning function that a C++11-ABI TensorFlow
    exports with the ``[abi:cxx11]`` tag (platform fact ``tf-abi-tagged-symbols``): the
    unnamed library was compiled with ``_GLIBCXX_USE_CXX11_ABI=0`` under such a TensorFlow,
    or against a release that had the function (hedged, a warning)."""
    pip = pip_abi_flag(ctx, ctx.tf_version)
    shown = (f" This log's TensorFlow {ctx.tf_version}'s pip packages use =1." if pip == 1 else
             f" This log's TensorFlow {ctx.tf_version}'s pip packages use =0: a C++11-ABI "
             "build of it is a conda or source build or one of the exceptions."
             if pip == 0 else "")
    return catalogue.make(
        "custom-op-cxx11-abi-mismatch", variant="unnamed-untagged-return",
        function=qualified_name(sym) or "a TensorFlow function", symbol=sym[:160],
        pip=shown, conda=conda, evidence=log_evidence([hit]),
        knowledge_ref=ctx.kb.platform_fact("tf-abi-tagged-symbols").ref,
        fix=("python -c \"import tensorflow as tf; print(tf.__version__, "
             "tf.sysconfig.get_compile_flags())\"   # this TensorFlow's release and its "
             "-D_GLIBCXX_USE_CXX11_ABI value",
             "# then run the failing import alone: its traceback names the library (the path "
             "before ': undefined symbol')",
             "# a custom op or add-on built from source: rebuild it with exactly those flags "
             "(drop a -D_GLIBCXX_USE_CXX11_ABI=0 of its own build files), then delete its "
             "cached .so",
             pip_list_grep("tensorflow", "tf-nightly", "tensorflow-(text|io|addons)",
                           "horovod", anchored=True)
             + "   # a pip add-on: install the release built for this TensorFlow, from the "
             "same channel (pip or conda) as TensorFlow"),
    )
