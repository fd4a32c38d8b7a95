"""The CUDA toolkits a log lists (``ls -d /usr/local/cuda*`` in columns or one per line,
PATH, LD_LIBRARY_PATH, ``which -a ptxas``) are read whole, every folder of a line, and XLA's
fixes use them (checks/xla.py, ``Facts.log_cuda_folders``):

* a ptxas that does not know the GPU (asm_compiler.cc "Falling back to the CUDA driver for PTX
  compilation; ptxas does not support CC X.Y", redzone_allocator.cc / buffer_comparator.cc
  "ptxas too old. Falling back to the driver to compile.") while the log lists a toolkit
  whose ptxas knows it: that toolkit's bin first on PATH, or XLA pointed at it, never "every
  toolkit this host has predates" it nor an install;
* libdevice not found (gpu_backend_lib.cc / nvptx_helper.cc) with XLA's search list naming
  the build's configured folder: XLA is pointed at the listed toolkit of the build's CUDA
  major, not at a folder of the search list the log does not show on the host.
"""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines
from tfgpu.findings import Finding

CREATED = ("2023-10-03 17:44:12.008710: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1639] "
           "Created device /job:localhost/replica:0/task:0/device:GPU:0 with 10000 MB memory:  "
           "-> device: 0, name: NVIDIA L4, pci bus id: 0000:01:00.0, compute capability: 8.9")
FALLBACK = ("2023-10-03 17:44:15.902281: W tensorflow/compiler/xla/stream_executor/gpu/"
            "asm_compiler.cc:231] Falling back to the CUDA driver for PTX compilation; ptxas "
            "does not support CC 8.9")
TOO_OLD = ("2023-10-03 17:44:15.902398: W tensorflow/compiler/xla/stream_executor/gpu/"
           "redzone_allocator.cc:318] UNIMPLEMENTED: ptxas ptxas too old. Falling back to the "
           "driver to compile.")
RELYING = "Relying on driver to perform ptx compilation."


def _ptxas(lines: list[str]) -> Finding:
    return next(f for f in explain_lines([*lines, CREATED, FALLBACK, TOO_OLD, RELYING])
                if f.id == "ptxas-does-not-support-gpu")


@pytest.mark.parametrize("shown", [
    ["$ ls -d /usr/local/cuda*", "/usr/local/cuda  /usr/local/cuda-11.6  /usr/local/cuda-12.1"],
    ["$ ls -d /usr/local/cuda*", "/usr/local/cuda", "/usr/local/cuda-11.6",
     "/usr/local/cuda-12.1"],
    ["$ echo $PATH", "/usr/local/cuda-11.6/bin:/usr/local/cuda-12.1/bin:/usr/bin:/bin"],
    ["export LD_LIBRARY_PATH=/usr/local/cuda-11.6/lib64:/usr/local/cuda-12.1/lib64"],
])
def test_a_listed_toolkit_that_knows_the_gpu_is_put_first(shown: list[str]) -> None:
    f = _ptxas(["$ echo $PATH", "/usr/local/cuda-11.6/bin:/usr/bin", *shown])
    text = " ".join((f.title, f.cause or "", *f.fix))
    assert "12.1" in f.title and "Every CUDA toolkit" not in text
    assert f.fix[0].startswith("export PATH=/usr/local/cuda-12.1/bin:$PATH")
    assert "xla_gpu_cuda_data_dir=/usr/local/cuda-12.1" in " ".join(f.fix)
    assert "pip install" not in " ".join(f.fix) and "12.x" not in " ".join(f.fix)


def test_only_older_toolkits_listed_keep_the_update_reading() -> None:
    f = _ptxas(["$ ls -d /usr/local/cuda*", "/usr/local/cuda  /usr/local/cuda-11.2  "
                "/usr/local/cuda-11.5"])
    assert "older than this GPU" in f.title
    assert "(11.2, 11.5)" in (f.cause or "")


def test_a_folder_only_xla_s_search_list_names_is_no_toolkit_of_the_host() -> None:
    searched = ["Searched for CUDA in the following directories:", "  ./cuda_sdk_lib",
                "  /usr/local/cuda-12.2", "  /usr/local/cuda", "  ."]
    f = _ptxas(["$ ls -d /usr/local/cuda*", "/usr/local/cuda  /usr/local/cuda-11.5", *searched])
    assert "cuda-12.2" not in f.title and "(11.5)" in (f.cause or "")


LIBDEVICE = ("2024-02-27 11:20:37.300811: W external/local_xla/xla/service/gpu/llvm_gpu_backend/"
             "gpu_backend_lib.cc:504] Can't find libdevice directory ${CUDA_DIR}/nvvm/libdevice. "
             "This may result in compilation or runtime failures, if the program we try to run "
             "uses routines from libdevice.")
SEARCHED = ["Searched for CUDA in the following directories:", "  ./cuda_sdk_lib",
            "  /usr/local/cuda-12.2", "  /usr/local/cuda", "  ."]
NOT_FOUND = ("2024-02-27 11:20:37.312008: E external/local_xla/xla/service/gpu/llvm_gpu_backend/"
             "gpu_backend_lib.cc:549] libdevice not found at ./libdevice.10.bc")


@pytest.mark.parametrize("listing", [
    "/usr/local/cuda-11.7  /usr/local/cuda-12.4",
    "/usr/local/cuda-12.4  /usr/local/cuda-11.7",
])
def test_libdevice_points_xla_at_the_listed_toolkit_of_the_build_s_major(listing: str) -> None:
    f = next(f for f in explain_lines(["$ ls -d /usr/local/cuda-*", listing, LIBDEVICE,
                                       *SEARCHED, NOT_FOUND])
             if f.id == "xla-libdevice-not-found")
    fix = " ".join(f.fix)
    assert "xla_gpu_cuda_data_dir=/usr/local/cuda-12.4" in fix
    assert "xla_gpu_cuda_data_dir=/usr/local/cuda-12.2" not in fix
    assert "cuda-11.7" not in fix
