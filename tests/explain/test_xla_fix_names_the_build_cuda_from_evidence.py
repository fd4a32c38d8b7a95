"""XLA's ptxas/libdevice fixes name the CUDA major of the TensorFlow build only from evidence
that says which CUDA the build uses (checks/xla.py ``_build_cuda_major``): its build info,
the libraries its loader asked for, a versioned folder in XLA's own CUDA search list, the
release its C++ source paths date.  A CUDA folder the log shows elsewhere (PATH, ``ls``, a
folder the user gave XLA) is a toolkit the host has, often the stale one that causes the
warning: the fix then names both majors (a hedge), never that folder's major alone."""

from __future__ import annotations

import pytest
from tests.explain.kind_helpers import ids

# XLA (nvptx_compiler.cc / nvptx_helper.cc) CantFindCudaMessage, TF 2.11-2.14 source paths
_LIBDEVICE = ("2023-05-15 10:03:10.864250: W tensorflow/compiler/xla/service/gpu/"
              "nvptx_helper.cc:56] Can't find libdevice directory ${CUDA_DIR}/nvvm/libdevice. "
              "This may result in compilation or runtime failures, if the program we try to "
              "run uses routines from libdevice.")
_SEARCHED = "Searched for CUDA in the following directories:"
_CHOOSE = ("You can choose the search directory by setting xla_gpu_cuda_data_dir in HloModule's "
           "DebugOptions.  For most apps, setting the environment variable "
           "XLA_FLAGS=--xla_gpu_cuda_data_dir=/path/to/cuda will work.")
# asm_compiler.cc's status for a ptxas that does not know the GPU, logged by
# buffer_comparator.cc (the TF 2.15+ path under external/local_xla) and by TF 2.4-2.10's
# redzone_allocator.cc (tensorflow/stream_executor/)
_TOO_OLD_215 = ("2024-01-09 16:40:05.127012: W external/local_xla/xla/service/gpu/"
                "buffer_comparator.cc:1054] UNIMPLEMENTED: ptxas ptxas too old. Falling back to "
                "the driver to compile.")
_TOO_OLD_NO_PATH = ("W0000 00:00:1712345678.1 1234 buffer_comparator.cc:1054] UNIMPLEMENTED: "
                    "ptxas ptxas too old. Falling back to the driver to compile.")
_RELYING = "Relying on driver to perform ptx compilation."
_PATH_CUDA11 = ["$ echo $PATH",
                "/usr/local/cuda-11.4/bin:/usr/local/sbin:/usr/local/bin:/usr/bin"]
_LS_TWO = ["$ ls -d /usr/local/cuda*",
           "/usr/local/cuda  /usr/local/cuda-11.8  /usr/local/cuda-12.2"]


def _libdevice_fix(lines: list[str]) -> tuple[str, ...]:
    return ids(lines)["xla-libdevice-not-found"].fix


def _ptxas_fix(lines: list[str]) -> tuple[str, ...]:
    return ids(lines)["ptxas-does-not-support-gpu"].fix


@pytest.mark.parametrize("shown", [
    _PATH_CUDA11,
    ["$ which -a nvcc", "/usr/local/cuda-11.4/bin/nvcc"],
    ["export LD_LIBRARY_PATH=/usr/local/cuda-11.4/lib64"],
])
def test_a_cuda_folder_on_path_or_ls_is_no_evidence_of_the_build(shown: list[str]) -> None:
    fix = _ptxas_fix([*shown, _TOO_OLD_NO_PATH, _RELYING])
    assert "cu12" in fix[0] and "cu11" in fix[0], fix  # both majors: a hedge
    assert "cuda-11.4" not in " ".join(fix) and "CUDA 11.x toolkit" not in fix[0], fix


def test_a_stale_cuda11_on_path_of_a_log_dated_2_15_gets_cuda12_fixes() -> None:
    fix = _ptxas_fix([*_PATH_CUDA11, _TOO_OLD_215, _RELYING])
    assert "nvidia-cuda-nvcc-cu12" in fix[0] and "cu11" not in " ".join(fix), fix
    assert "external/local_xla/" in fix[0], fix  # the evidence is named


def test_xla_search_list_wins_over_a_toolkit_folder_listed_before_it() -> None:
    fix = _libdevice_fix([*_LS_TWO, _LIBDEVICE, _SEARCHED, "  ./cuda_sdk_lib",
                          "  /usr/local/cuda-12.2", "  /usr/local/cuda", "  .", _CHOOSE])
    # the listed CUDA 12.2 toolkit is the build's major: XLA is pointed at it
    assert "nvidia-cuda-nvcc-cu12" in " ".join(fix) and "cu11" not in " ".join(fix), fix
    assert any("cuda_data_dir=/usr/local/cuda-12.2" in ln for ln in fix), fix
    assert not any("cuda-11.8" in ln for ln in fix), fix


def test_a_folder_the_user_gave_xla_is_not_the_build_toolkit() -> None:
    given = "export XLA_FLAGS=--xla_gpu_cuda_data_dir=/usr/local/cuda-11.8"
    listed = [_LIBDEVICE, _SEARCHED, "  /usr/local/cuda-11.8", "  ./cuda_sdk_lib"]
    fix = _libdevice_fix([given, *listed, "  /usr/local/cuda-12.2", "  /usr/local/cuda",
                          _CHOOSE])
    assert "nvidia-cuda-nvcc-cu12" in fix[0] and "cu11" not in fix[0], fix
    alone = _libdevice_fix([given, *listed, "  /usr/local/cuda", _CHOOSE])
    # no listed root left: the source path (tensorflow/compiler/xla/, up to 2.14) dates it
    assert "2.14 or older" in alone[0] and "nvidia-cuda-nvcc-cu12" not in alone[0], alone


def test_search_list_lines_with_log_prefixes_are_read() -> None:
    # TF 2.4-2.10 logged each candidate root as a LOG(WARNING) of its own
    pre = "2021-03-01 10:00:00.000001: W tensorflow/compiler/xla/service/gpu/nvptx_compiler.cc:"
    fix = _libdevice_fix(["$ which nvcc", "/usr/local/cuda-12.3/bin/nvcc",
                          _LIBDEVICE, f"{pre}74] {_SEARCHED}", f"{pre}77]   /usr/local/cuda-11.2",
                          f"{pre}77]   /usr/local/cuda", f"{pre}80] {_CHOOSE}"])
    assert "nvidia-cuda-nvcc-cu11" in fix[0] and "cu12" not in fix[0], fix


@pytest.mark.parametrize(("line", "major"), [
    ("{'cpu_compiler': '/usr/lib/llvm-17/bin/clang', 'cuda_compute_capabilities': ['sm_60'], "
     "'cuda_version': '12.3', 'cudnn_version': '8', 'is_cuda_build': True}", "12"),
    ("OrderedDict([('cpu_compiler', 'cl.exe'), ('cuda_version', '64_112'), "
     "('cudnn_version', '64_8'), ('is_cuda_build', True)])", "11"),
])
def test_printed_build_info_names_the_build_cuda(line: str, major: str) -> None:
    fix = _ptxas_fix([*_PATH_CUDA11, line, _TOO_OLD_NO_PATH, _RELYING])
    other = "11" if major == "12" else "12"
    assert f"nvidia-cuda-nvcc-cu{major}" in fix[0] and f"cu{other}" not in fix[0], fix
    assert "build info" in fix[0], fix


@pytest.mark.parametrize(("line", "major"), [
    ("2021-05-01 10:00:00.1: I tensorflow/stream_executor/platform/default/dso_loader.cc:53] "
     "Successfully opened dynamic library libcudart.so.11.0", "11"),
    ("2024-03-11 10:00:01.000001: W dso_loader.cc:64] Could not load dynamic library "
     "'libcudart.so.12'; dlerror: libcudart.so.12: cannot open shared object file: No such "
     "file or directory", "12"),
])
def test_the_runtime_tensorflow_loader_asked_for_names_the_build_major(line: str,
                                                                        major: str) -> None:
    shown = ["$ echo $PATH", f"/usr/local/cuda-{'10.2' if major == '11' else '11.4'}/bin:/usr/bin"]
    fix = _libdevice_fix([*shown, line, _LIBDEVICE])
    # the XLA_FLAGS and conda lines name the build's major; the first line either that
    # major's compiler wheel or (TF 2.10 and older, dated by the loader's source path) the
    # toolkit the release was tested with
    assert any(f"cuda_data_dir=/usr/local/cuda-{major}." in ln for ln in fix), fix
    assert any(f'"cuda-nvcc={major}"' in ln for ln in fix), fix
    assert "cuda-10.2" not in " ".join(fix) and "cuda-11.4" not in " ".join(fix), fix


def test_the_ptxas_cause_names_the_gpu_architecture_once() -> None:
    created = ("2024-01-09 16:40:02.772915: I tensorflow/core/common_runtime/gpu/"
               "gpu_device.cc:1886] Created device /job:localhost/replica:0/task:0/device:GPU:0 "
               "with 21770 MB memory:  -> device: 0, name: NVIDIA GeForce RTX 4090, pci bus id: "
               "0000:01:00.0, compute capability: 8.9")
    f = ids([created, _TOO_OLD_215, _RELYING])["ptxas-does-not-support-gpu"]
    assert "does not know the GPU architecture sm_89" in f.cause, f.cause
    bare = ids([_TOO_OLD_215, _RELYING])["ptxas-does-not-support-gpu"]
    assert "architecture this GPU's" not in bare.cause, bare.cause
