"""TensorFlow's own library lacks a symbol of a GPU runtime: the wheel was built against another
release of that runtime than the one the loader found.

Sources (message format): glibc ``elf/dl-lookup.c`` writes ``<object>: undefined symbol:
<name>``, which Python's import raises as ``ImportError`` when TensorFlow's own extension
(``_pywrap_tensorflow_internal.so``) or framework library cannot be loaded.  Which runtime a
symbol is: its C++ namespace (``_ZN8hip_impl...`` is ``hip_impl::``, the HCC-era HIP
runtime's) or its C API prefix (``hipMalloc``, ``miopenCreate``), rows ``[[symbol]]`` of
``knowledge/data/gpu_stack_libraries.toml`` with their sources (the HIP and ROCm trees).  A
TensorFlow build links exactly one GPU stack, so a missing runtime symbol of TensorFlow's own
library names the stack and says the installed runtime is not the release the wheel links.

TensorFlow's "could not find <symbol> in <library> DSO; dlerror: ..." lines (a function looked
up in a library that was never loaded) are not this: they are left to the DSO checks.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._op_lib_symbol import op_lib_symbol
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding
from tfgpu.knowledge import gpu_stacks

#: TensorFlow's own libraries: its Python extension and framework/C++ libraries, or any file
#: of the installed tensorflow package.
_TF_OWN = re.compile(
    r"(?:(?:site|dist)-packages[/\\]tensorflow(?:_core)?[/\\]"
    r"|(?:^|[/\\])(?:_pywrap_tensorflow\w*|libtensorflow_(?:framework|cc))\.so)"
)
#: A function TensorFlow looked up in a library it opened itself (dso_loader's dlsym), not a
#: symbol the loader could not bind at import.
_DSO_LOOKUP = re.compile(r"could not find \w+ in \w+ DSO|in \w+ DSO;", re.IGNORECASE)

#: What the runtime-symbol variant says of how a runtime's symbols change, per stack (source:
#: the row's; HIP's hip_impl change is HIP roc-2.3.0 -> roc-2.4.0 code_object_bundle.hpp).
_EXAMPLE = {
    "rocm": "HIP's ROCm 2.4 release, for one, no longer exports "
            "hip_impl::Bundled_code_header::magic_string_, which 2.3 did",
}


def demangle_nested(symbol: str) -> str:
    """``a::b::c`` for a mangled nested name ``_ZN[K]<len>a<len>b<len>cE...``; ``""`` for
    anything else (a C name, a template or operator this reader does not parse)."""
    m = re.match(r"_ZN[KVR]?(?=\d)", symbol)
    if not m:
        return ""
    parts, rest = [], symbol[m.end():]
    while rest and rest[0] != "E":
        n = re.match(r"\d+", rest)
        if not n:
            return ""
        size, rest = int(n.group()), rest[n.end():]
        if size <= 0 or size > len(rest):
            return ""
        parts.append(rest[:size])
        rest = rest[size:]
    return "::".join(parts) if rest.startswith("E") else ""


def _cuda_library_release(row: gpu_stacks.StackSymbol, library: str, sym: str,
                          hit: Hit) -> Finding:
    """``gpu-library-other-release-than-build`` for TensorFlow's ``library`` lacking ``sym``,
    a function of the NVIDIA library of ``row``."""
    short = row.runtime.split(" (")[0]
    stem = row.runtime.split("(")[-1].split(",")[0].rstrip(")") if "(" in row.runtime else short
    return catalogue.make(
        "gpu-library-other-release-than-build", library=library, symbol=sym[:120],
        runtime=row.runtime, short=short, ref=row.ref, evidence=log_evidence([hit]),
        fix=(f"ldconfig -p | grep -i {stem}; echo $LD_LIBRARY_PATH   # every {short} the "
             "loader can find, and the folders it searches first",
             "pip show tensorflow tensorflow-gpu 2>/dev/null | grep -E '^(Name|Version)'   # "
             f"the TensorFlow release: its tested build configurations name the {short} "
             "version it was built with",
             f"# install that {short} release (a newer one of the same major serves too), or "
             "remove the other copy from the library path; a file renamed or linked to "
             "another major's name never serves"),
        knowledge_ref=row.ref,
    )


def tf_library_lacks_runtime_symbol(f: Facts) -> list[Finding]:
    """TensorFlow's own library cannot be loaded because a GPU runtime's symbol (a
    ``[[symbol]]`` row) is undefined (module docstring): a ROCm runtime's gives
    ``tensorflow-rocm-rocm-version-mismatch`` variant ``runtime-symbol``, an NVIDIA library's
    ``gpu-library-other-release-than-build``.  Nothing for a symbol of no known runtime, or
    a library that is not TensorFlow's (an add-on's: checks/custom_ops.py)."""
    for hit in f.h("op.lib_symbol").all():
        lib, sym = op_lib_symbol(hit)
        if not lib or not _TF_OWN.search(lib) or _DSO_LOOKUP.search(hit.text):
            continue
        row = gpu_stacks.symbol_runtime(sym)
        if row is None or row.stack not in ("rocm", "cuda"):
            continue
        library = lib.replace("\\", "/").rsplit("/", 1)[-1]
        if row.stack == "cuda":
            return [_cuda_library_release(row, library, sym, hit)]
        fact = f.kb.platform_fact("amd-rocm")
        matrix = "; ".join(str(x) for x in fact.values.get("rocm_matrix", ()))
        name = demangle_nested(sym)
        return [catalogue.make(
            "tensorflow-rocm-rocm-version-mismatch", variant="runtime-symbol",
            library=library, symbol=sym[:120],
            demangled=f" ({name})" if name else "", name=name or sym[:120],
            runtime=row.runtime, releases=f" ({row.releases})" if row.releases else "",
            example=_EXAMPLE.get(row.stack, ""), ref=f"{fact.ref}, {row.ref}",
            matrix=matrix, evidence=log_evidence([hit]),
            knowledge_ref=row.ref,
        )]
    return []
