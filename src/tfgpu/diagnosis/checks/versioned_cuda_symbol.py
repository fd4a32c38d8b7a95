"""A library that cannot load because a CUDA/cuDNN library it links lacks a function under its
symbol version: glibc's "<object>: undefined symbol: <name>, version <node>", where <node> is
an NVIDIA library's SONAME (pattern ``lib.cuda_symbol_version``).

Sources:

* glibc ``elf/dl-lookup.c`` ``_dl_lookup_symbol_x``: a strong reference with no definition
  is reported as ``undefined_msg, undef_name, ", version ", version->name`` ("undefined
  symbol: <name>, version <node>"), the node being the version the object was linked
  against.  A copy of the library that lacked the node altogether would fail earlier, in
  ``elf/dl-version.c`` ("version `<node>' not found (required by <object>)",
  ``checks/library_dep_version.py``): here the copy loaded has the node, not the function.
* NVIDIA's libraries name their version nodes after their SONAME (``libcudart.so.11.0``,
  ``libcublasLt.so.11``, ``libnvJitLink.so.12``, ``libcudnn_ops_infer.so.8``).  From CUDA 11
  one SONAME serves a whole major family and newer minor releases add functions (NVIDIA's
  CUDA Compatibility guide, "Minor Version Compatibility",
  https://docs.nvidia.com/deploy/cuda-compatibility/minor-version-compatibility.html), so a
  missing CUDA runtime function means an older runtime than the one linked against.
* snowzach/doods2 (PR #94): "libtorch_cuda.so: undefined symbol: cudaGraphDebugDotPrint,
  version libcudart.so.11.0", a PyTorch wheel built for a newer CUDA 11 installed in the
  tensorflow/tensorflow:2.7.0-gpu image (CUDA 11.2); fixed by a newer TensorFlow base image.

The CUDA runtime's node (``libcudart.so.*``): ``op-library-nvcc-newer-than-cuda-runtime``
variant ``runtime-function`` (built with a newer CUDA than the runtime it runs against).  Any
other NVIDIA node: ``library-needs-newer-system-library`` variant ``cuda-symbol`` (the copy
found is another release under that name).  TensorFlow's own module is left to
``gpu-library-other-release-than-build``, which reads the same line.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._common import E, W
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: The object before glibc's "undefined symbol" (a paste may put spaces around the colon):
#: the last word ending in .so, .so.<version> or a Node.js addon's .node before it.
_OBJECT = re.compile(r"([^\s'\"\[(:]{1,300}\.(?:so(?:\.[\w.]{1,20})?|node)) ?: ?$")

#: TensorFlow's own native modules and libraries: their CUDA runtime is TensorFlow's build's.
_TF_OWN = re.compile(r"(?i)^(?:_?pywrap_tensorflow\w*|libtensorflow\w*|_pywrap_tf\w*)\.")


#: A CUDA toolkit's library folder in a loader path value ("/usr/local/cuda-11.2/lib64",
#: "/usr/local/cuda/lib64", "/opt/cuda/targets/x86_64-linux/lib"), its version when named.
_CUDA_LIB_DIR = re.compile(r"(?P<dir>/[\w.+-]{1,60}(?:/[\w.+-]{1,60}){0,6}?/cuda"
                           r"(?:-(?P<v>\d{1,2})(?:\.\d{1,2})?)?/(?:lib64|lib|targets/[\w-]{1,40}/lib)"
                           r")(?![\w-])")


def ld_path_cuda_folder(f: Facts, major: int | None) -> tuple[str, list[Hit]] | None:
    """The CUDA toolkit folder the log shows on LD_LIBRARY_PATH and the lines that show it,
    else ``None``: an ``LD_LIBRARY_PATH=...`` assignment (an export, an inline one, ``env``
    output: pattern ``ctx.loader_path_set``), TensorFlow's loader line "LD_LIBRARY_PATH: ..."
    (``ctx.ld_path_gpu``), or a versioned toolkit folder on the line after
    "echo $LD_LIBRARY_PATH" (``ctx.ld_path_echo``).  A folder named for another CUDA major
    than ``major`` holds no copy of that runtime and does not count."""
    found: list[tuple[str, str | None, list[Hit]]] = []
    for h in f.h("ctx.loader_path_set").all():
        if h.g("var") == "LD_LIBRARY_PATH":
            found += [(m.group("dir"), m.group("v"), [h])
                      for m in _CUDA_LIB_DIR.finditer(h.g("val") or "")]
    for h in f.h("ctx.ld_path_gpu").all():
        found += [(m.group("dir"), m.group("v"), [h])
                  for m in _CUDA_LIB_DIR.finditer(h.g("gpudir") or "")]
    echoes = {h.line + 1: h for h in f.h("ctx.ld_path_echo").all()}
    values = {h.line: h for h in f.h("ctx.cuda_path").all()}
    found += [(folder, version.split(".")[0],
               [echoes[line], *([values[line]] if line in values else [])])
              for version, folder, line in f.log_cuda_folders
              if line in echoes and folder.startswith("/")]
    for folder, v, hits in found:
        if v is None or major is None or int(v) == major:
            return folder, hits
    return None


def _object_path(text: str) -> str:
    """The path of the object that needs the symbol, else ``""``."""
    before = text[: text.find("undefined symbol")][-320:]
    m = _OBJECT.search(before)
    return m.group(1) if m else ""


def versioned_cuda_symbol(f: Facts) -> list[Finding]:
    """The first ``lib.cuda_symbol_version`` hit -> ``op-library-nvcc-newer-than-cuda-
    runtime`` (variant ``runtime-function``) for the CUDA runtime's node on a library that is
    not TensorFlow's own, else ``library-needs-newer-system-library`` (variant
    ``cuda-symbol``); see the module docstring."""
    hits = f.h("lib.cuda_symbol_version").all()
    if not hits:
        return []
    h = hits[0]
    sym, node = h.need("sym"), h.need("node")
    path = _object_path(h.text)
    obj = path.replace("\\", "/").rsplit("/", 1)[-1] or "the library"
    if _TF_OWN.match(obj):
        return []  # TensorFlow's own module: gpu-library-other-release-than-build says it
    node_lib = node.split(".so")[0]
    ver = node.partition(".so.")[2]
    major = int(ver.split(".")[0]) if ver[:1].isdigit() else None
    ldd = (f"ldd {path} | grep {node_lib}   # the copy of {node} the loader resolves for it"
           if path else f"ldconfig -p | grep {node_lib}   # the copies the loader can find")
    order = (f"ldconfig -p | grep {node_lib}; echo $LD_LIBRARY_PATH   # every copy, and which "
             "folder comes first")
    if node_lib == "libcudart":
        family = (f" From CUDA {major} on, every {major}.x release of the runtime has this one "
                  "name and newer minor releases add functions, so the name alone does not "
                  "tell them apart." if major is not None and major >= 11 else "")
        torch = "torch" in (path or h.text).lower()
        shown = ld_path_cuda_folder(f, major)
        if shown is not None:
            return [_ld_path_first(h, obj, sym, node, family, *shown, ldd, torch=torch)]
        return [catalogue.make(
            "op-library-nvcc-newer-than-cuda-runtime", variant="runtime-function",
            library=obj, symbol=sym, node=node, family=family, evidence=log_evidence([h]),
            fix=(ldd,
                 *(('python -c "import torch; print(torch.__version__, torch.version.cuda)"   '
                    "# the CUDA this PyTorch was built for: newer than the runtime above",)
                   if torch else ()),
                 order,
                 f"# install a build of {obj}'s package for a CUDA release this environment's "
                 "runtime can serve (for PyTorch, one of the CUDA releases it publishes wheels "
                 "for, not newer than that runtime), or use an image or environment whose CUDA "
                 "runtime is the release it was built with or newer"),
        )]
    if any(x.line == h.line and "undefined symbol" in (x.g("err") or "")
           for x in f.h("lib.missing").kept()):
        # a loader line TensorFlow or cuDNN wrapped around it ("Could not load library X.
        # Error: ..."): library-dependency-mismatched reads the same fault (review b50b P10)
        return []
    trt = node_lib.startswith("libnvinfer")
    return [catalogue.make(
        "library-needs-newer-system-library", variant="cuda-symbol",
        severity=W if trt else E, filename=obj, dependency=node, symbol=sym,
        evidence=log_evidence([h]),
        cause=(f"{obj} needs {sym} at the symbol version {node}: it was linked against a "
               f"{node} that defines that function, and the copy the loader found has the "
               "version but not the function, so it is another release of that library "
               "under the same name (most often an older one), from another install found "
               "first: the system's CUDA or cuDNN beside pip's nvidia-* wheels, a conda "
               "environment's copy, or a folder on LD_LIBRARY_PATH."
               + (" Only TensorRT (TF-TRT) needs it." if trt else "")),
        fix=(ldd, order,
             f"# make the {node} found first the release {obj} was built with: remove the "
             "other install from the loader path, or install the matching set (the nvidia-* "
             "wheels of one release, or one CUDA/cuDNN toolkit)"),
    )]


def _ld_path_first(h: Hit, obj: str, sym: str, node: str, family: str, folder: str,
                   shown: list[Hit], ldd: str, *, torch: bool) -> Finding:
    """``op-library-nvcc-newer-than-cuda-runtime`` variant ``runtime-function-ld-path``: the
    log also shows LD_LIBRARY_PATH naming a CUDA toolkit folder (:func:`ld_path_cuda_folder`).
    The loader searches LD_LIBRARY_PATH before an object's DT_RUNPATH (ld.so(8)), the path a
    wheel's libraries find their own CUDA runtime by, so that folder's older runtime is found
    first: unsetting it leads (JuliaGPU/CUDA.jl#1755 and rapidsai/cudf#9091 show the same
    shadowing).  No fix line names a CUDA release for a wheel (PyTorch publishes wheels for
    some CUDA releases only: review b50b P7)."""
    return catalogue.make(
        "op-library-nvcc-newer-than-cuda-runtime", variant="runtime-function-ld-path",
        library=obj, symbol=sym, node=node, family=family, folder=folder,
        evidence=log_evidence(shown, [h], limit=4),
        fix=(f"unset LD_LIBRARY_PATH   # or remove {folder} from it, then run the program "
             "again: the loader searches LD_LIBRARY_PATH before the library's own paths, so "
             f"that folder's older {node} is found first",
             ldd,
             *(('python -c "import torch; print(torch.__version__, torch.version.cuda)"   '
                "# the CUDA this PyTorch was built for",) if torch else ()),
             f"# if the program needs {folder} on LD_LIBRARY_PATH: put it after the package's "
             f"own CUDA libraries, or install a build of {obj}'s package for a CUDA release that "
             "runtime can serve (for PyTorch, one of the CUDA releases it publishes wheels for, "
             "not newer than that runtime)"),
    )


__all__ = ["ld_path_cuda_folder", "versioned_cuda_symbol"]
