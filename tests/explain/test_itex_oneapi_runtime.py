"""A oneAPI runtime library that the Intel Extension for TensorFlow plugin cannot load is Intel's
stack's fault: the oneAPI Base Toolkit is missing, not set up in the shell (setvars.sh), or
another release than the plugin's; never a CUDA library.

Wordings: TensorFlow's plugin load at import (``tensorflow/__init__.py``
``_ll.load_library(_plugin_dir)`` raising ``NotFoundError`` with glibc's "<soname>: cannot
open shared object file: No such file or directory"), ITEX's FAQ line for oneMKL
("NotFoundError: libmkl_sycl.so.2: cannot open shared object file"), the same text in
Python's ImportError/OSError.  File names: the DPC++ SYCL runtime libsycl.so.N (N changes
with the compiler release), ITEX 2.x's GPU wrapper (itex/core/wrapper/itex_gpu_wrapper.cc:
"Could not load dynamic library: <dlerror>", then "Could not load Intel Extension for
Tensorflow* GPU backend, GPU will not be used."), oneMKL's libmkl_sycl.so.N, TBB's
libtbb.so.12 (generic: ITEX's only when the log shows ITEX), the Level Zero loader
libze_loader.so.1 (Intel's GPU compute runtime packages, not the oneAPI Base Toolkit: ITEX's
Arc install guide); rows of
``knowledge/data/gpu_stack_libraries.toml``."""

from __future__ import annotations

import pytest

from .kind_helpers import fix_text, ids, known

_ID = "itex-oneapi-sycl-runtime-not-loaded"
_PLUGIN_LOAD = [
    "Traceback (most recent call last):",
    '  File "/opt/venv/lib/python3.10/site-packages/tensorflow/__init__.py", line 438, in '
    "<module>",
    "    _ll.load_library(_plugin_dir)",
    '  File "/opt/venv/lib/python3.10/site-packages/tensorflow/python/framework/'
    'load_library.py", line 151, in load_library',
    "    py_tf.TF_LoadLibrary(lib)",
]


@pytest.mark.parametrize(("lines", "lib"), [
    ([*_PLUGIN_LOAD, "tensorflow.python.framework.errors_impl.NotFoundError: libsycl.so.7: "
      "cannot open shared object file: No such file or directory"], "libsycl.so.7"),
    (["tensorflow.python.framework.errors_impl.NotFoundError: libmkl_sycl.so.2: cannot open "
      "shared object file: No such file or directory"], "libmkl_sycl.so.2"),
    (["OSError: libsycl.so.8: cannot open shared object file: No such file or directory"],
     "libsycl.so.8"),
    # ITEX 2.x's GPU wrapper (itex/core/wrapper/itex_gpu_wrapper.cc): a warning and the CPU
    (["2024-05-02 10:00:00.000001: W itex/core/wrapper/itex_gpu_wrapper.cc:35] Could not load "
      "dynamic library: libmkl_sycl.so.4: cannot open shared object file: No such file or "
      "directory",
      "2024-05-02 10:00:00.000002: E itex/core/wrapper/itex_gpu_wrapper.cc:49] Could not load "
      "Intel Extension for Tensorflow* GPU backend, GPU will not be used."], "libmkl_sycl.so.4"),
    (["W itex/core/wrapper/itex_gpu_wrapper.cc:35] Could not load dynamic library: "
      "libtbb.so.12: cannot open shared object file: No such file or directory"],
     "libtbb.so.12"),
    (["$ python -c 'import intel_extension_for_tensorflow as itex'",
      "ImportError: libtbb.so.12: cannot open shared object file: No such file or directory"],
     "libtbb.so.12"),
])
def test_oneapi_library_gets_the_oneapi_setup(lines: list[str], lib: str) -> None:
    f = known(lines, _ID)
    assert lib in f.title
    text = fix_text(f)
    assert "/opt/intel/oneapi/setvars.sh" in text
    assert "intel-extension-for-tensorflow" in text and "2024.2.1" in text
    assert "and-cuda" not in text and "/usr/local/cuda" not in text
    assert not any(i.startswith("library-not-loaded") for i in ids(lines))


def test_generic_library_without_itex_is_not_claimed() -> None:
    line = "ImportError: libtbb.so.12: cannot open shared object file: No such file or directory"
    assert _ID not in ids([line])


def test_level_zero_loader_is_the_gpu_compute_runtime() -> None:
    lines = ["  File \"/opt/venv/lib/python3.10/site-packages/intel_extension_for_tensorflow/"
             "__init__.py\", line 17, in <module>",
             "OSError: libze_loader.so.1: cannot open shared object file: No such file or "
             "directory"]
    f = known(lines, _ID)
    assert "Level Zero" in f.title
    text = fix_text(f)
    assert "level-zero" in text and "intel-level-zero-gpu" in text
    assert "setvars.sh" not in text
    assert _ID not in ids(lines[1:])  # a generic name: ITEX's only when the log shows ITEX

