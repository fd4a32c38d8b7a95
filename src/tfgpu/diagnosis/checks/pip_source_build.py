"""pip building a dependency from source that stops on a missing C header
(``tensorflow-dependency-no-wheel`` variants ``source-build-header`` and ``source-build-library``).

Sources: pip builds a requirement from its source distribution when no wheel fits this
Python and platform, in a temporary folder ``pip-install-<id>/<project>`` (pypa/pip
src/pip/_internal/req/req_install.py ``ensure_build_location``, temp dir kind
"install"; "req-build" for a VCS or local path); a C extension's compile then needs the
headers of the system library it wraps, which pip does not install (h5py's install
documentation: building from source needs HDF5 with its development headers, on
Debian/Ubuntu ``libhdf5-dev``).  NVIDIA-AI-IOT/tf_trt_models#25 (h5py on a Jetson TX2,
aarch64: no wheel, ``hdf5.h`` missing, fixed by ``apt-get install libhdf5-dev``).
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.libnames import file_name
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: Headers other checks read (CUDA, cuDNN, NCCL, TensorFlow's own): not a system library's
_GPU_HEADERS = ("cuda", "cudnn", "nccl", "cublas", "cusolver", "cufft", "curand", "nvrtc",
                "tensorflow/", "third_party/")


def source_build_missing_header(ctx: Facts) -> list[Finding]:
    """``tensorflow-dependency-no-wheel`` (variant ``source-build-header``): pip compiles
    ``project`` from source and the compiler finds no ``header`` (``pip.build_missing_header``).
    Headers of the GPU stack and TensorFlow are left to their own checks."""
    hits = [h for h in ctx.h("pip.build_missing_header").all()
            if not (h.g("header") or "").lower().startswith(_GPU_HEADERS)]
    if not hits:
        return []
    h = hits[0]
    project, header = h.g("project") or "a dependency", h.g("header") or "a header"
    return [catalogue.make(
        "tensorflow-dependency-no-wheel", variant="source-build-header",
        package=project, header=header, evidence=log_evidence(hits[:1]),
        fix=(f"apt-file search {header}   # Debian/Ubuntu: the -dev package that ships it "
             "(apt-get install apt-file; apt-file update first); e.g. hdf5.h is in libhdf5-dev",
             "sudo apt-get install <that -dev package>   # then rerun the same pip install",
             f"pip download {project} --no-deps --only-binary=:all: -d /tmp/w   # fails: no "
             f"wheel of {project} for this Python/platform, so pip builds it; a Python or "
             "release that has one needs no compiler"),
    )]


def h5py_hdf5_missing(ctx: Facts) -> list[Finding]:
    """``tensorflow-dependency-no-wheel`` (variant ``source-build-library``): h5py's build
    printed "Loading library to get version: libhdf5.so" (``pip.h5py_hdf5_load``; its
    setup_configure.py loads HDF5's library to read the version), then the library failed to
    load (the loader's line, or h5py's "Unable to load dependency HDF5", which alone says it
    too) before pip reported a build or an install done: HDF5 is not installed
    (h5py/h5py#1461).  The Loading line alone is every source build's, not a failure; a load
    that fails after "Successfully built/installed" is the program's, not the build's."""
    loading = ctx.h("pip.h5py_hdf5_load").all()
    own = ctx.h("pip.h5py_hdf5_unloadable").all()
    if not loading and not own:
        return []
    start = loading[0].line if loading else own[0].line
    done = next((x.line for x in ctx.h("pip.success_line").all() if x.line > start), None)
    missing = [h for h in (*ctx.h("lib.missing").all(), *own)
               if h.line >= start and (done is None or h.line < done)
               and "hdf5" in (h.g("lib") or "hdf5").lower()]
    if not missing:
        return []
    lib = file_name((loading[0].g("lib") if loading else None) or "libhdf5.so")
    macos = lib.endswith(".dylib")
    hits = loading[:1] or own[:1]
    return [catalogue.make(
        "tensorflow-dependency-no-wheel", variant="source-build-library", package="h5py",
        library=lib, evidence=log_evidence(hits, missing[:1]),
        fix=(("brew install hdf5   # macOS (Homebrew): HDF5 and its headers; then rerun the same "
              "pip install (HDF5_DIR=$(brew --prefix hdf5) if the build still misses it)")
             if macos else
             ("# Windows: install HDF5 (conda install hdf5, or the HDF Group's installer) and "
              "set HDF5_DIR to it, then rerun the same pip install")
             if lib.lower().endswith(".dll") or ctx.windows else
             ("sudo apt-get install libhdf5-dev pkg-config   # Debian/Ubuntu: HDF5 and its "
              "headers (Fedora: hdf5-devel); then rerun the same pip install"),
             "pip download h5py --no-deps --only-binary=:all: -d /tmp/w   # fails: no wheel "
             "of this h5py for this Python/platform, so pip builds it; a Python or h5py "
             "release that has one needs no HDF5 install"),
    )]
