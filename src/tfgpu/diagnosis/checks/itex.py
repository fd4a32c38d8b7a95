"""Intel's oneAPI stack: the Intel Extension for TensorFlow (ITEX) plugin cannot load a oneAPI
runtime library.

TensorFlow loads every library in ``site-packages/tensorflow-plugins`` when it is imported
(``tensorflow/__init__.py``: ``_ll.load_library(_plugin_dir)``; a failure raises
``NotFoundError`` with the loader's ``<soname>: cannot open shared object file``); ITEX 2.x's
GPU wrapper instead dlopens ``libitex_gpu_internal.so`` itself and, when that fails, warns
"Could not load dynamic library: <dlerror>" and "Could not load Intel Extension for
Tensorflow* GPU backend, GPU will not be used." (``itex/core/wrapper/itex_gpu_wrapper.cc``).
ITEX's GPU plugin there links the oneAPI Base Toolkit's runtimes, which pip does not install: ITEX's
install guide lists the oneAPI components and the oneAPI release of each ITEX release, and its
FAQ answers "libmkl_sycl.so.2: cannot open shared object file" with ``source
/opt/intel/oneapi/setvars.sh``.  The file names, components, release pairs and sources are
rows of ``knowledge/data/gpu_stack_libraries.toml`` (:mod:`tfgpu.knowledge.gpu_stacks`).
CUDA fixes never apply, so :func:`tfgpu.diagnosis.checks.libraries.rule_missing_libraries`
leaves these libraries here.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding
from tfgpu.knowledge import gpu_stacks

#: The package whose release pairs the finding quotes.
_ITEX = "intel-extension-for-tensorflow"


def itex_library(f: Facts, filename: str) -> gpu_stacks.StackLibrary | None:
    """The oneAPI row of ``filename`` when this log's missing library is ITEX's: a oneAPI
    name that belongs to the stack alone (libsycl, libmkl_sycl, the plugin's own), or a
    generic one (TBB) in a log that shows ITEX (pattern ``ctx.itex``); else ``None``."""
    row = gpu_stacks.library(filename)
    if row is None or row.stack != "oneapi":
        return None
    return row if row.alone or f.h("ctx.itex").count else None


def _missing(f: Facts) -> list[Hit]:
    return [h for h in f.h("lib.missing").all() if itex_library(f, h.g("lib") or "")]


def itex_oneapi_runtime_missing(f: Facts) -> list[Finding]:
    """``itex-oneapi-sycl-runtime-not-loaded``: a oneAPI runtime library (or the ITEX plugin's
    own) did not load; the cause names the component and the oneAPI release each ITEX release
    needs (module docstring).  Variant ``gpu-runtime`` for the Level Zero loader, which comes
    with Intel's GPU compute runtime packages instead (ITEX's Arc install guide)."""
    hits = _missing(f)
    if not hits:
        return []
    filename = hits[0].g("lib")
    row = itex_library(f, filename) if filename else None
    if filename is None or row is None:
        return []
    if row.part == "gpu-runtime":
        return [catalogue.make(
            "itex-oneapi-sycl-runtime-not-loaded", variant="gpu-runtime", filename=filename,
            component=row.what, ref=row.ref,
            evidence=log_evidence(hits, f.h("itex.gpu_backend_not_loaded").all()[:1]),
            knowledge_ref=row.ref,
        )]
    pairs = gpu_stacks.pairs(_ITEX)
    pair_text = "ITEX -> oneAPI Base Toolkit " + ", ".join(
        f"{p.version} -> {p.needs.removeprefix('oneAPI Base Toolkit ')}" for p in pairs)
    stem = filename.rsplit("/", 1)[-1].split(".so")[0]
    return [catalogue.make(
        "itex-oneapi-sycl-runtime-not-loaded", filename=filename,
        component=row.what + (f", from {row.releases}" if row.releases else ""),
        pairs=pair_text, ref=row.ref,
        evidence=log_evidence(hits, f.h("itex.gpu_backend_not_loaded").all()[:1],
                              f.h("ctx.itex").all()[:1]),
        fix=(f"ls -d /opt/intel/oneapi/*/* 2>/dev/null; find /opt/intel/oneapi -name "
             f"'{stem}.so*' 2>/dev/null   # is the oneAPI Base Toolkit installed, which "
             "release, and does it have this file",
             "source /opt/intel/oneapi/setvars.sh   # ITEX's FAQ for this error: sets the "
             "oneAPI environment (LD_LIBRARY_PATH); in every new shell, before python",
             f"pip show {_ITEX}   # its release; the oneAPI release it needs: {pair_text}",
             "# install that oneAPI Base Toolkit release (the DPC++/C++ Compiler, oneMKL and "
             "TBB components, per ITEX's install guide), or use ITEX's Docker image "
             "intel/intel-extension-for-tensorflow:xpu, which includes it"),
        knowledge_ref=row.ref,
    )]
