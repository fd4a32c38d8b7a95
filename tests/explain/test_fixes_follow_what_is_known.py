"""Fix lines follow what the log and the host facts show (eyes review 5):

- the TensorFlow version shown is kept: ``tensorflow[and-cuda]==X.Y.*`` for a release with the
  extra, the tested CUDA/cuDNN for an older one, never an unpinned upgrade to the newest;
- example CUDA folders (LD_LIBRARY_PATH, XLA_FLAGS) are of the CUDA major TensorFlow needs;
- a known driver too old for the CUDA of a pip fix puts the driver (or a release it runs) first;
- a pinned release past the last macOS x86 series on an Intel Mac is the platform, not Python;
- a failed library load followed by an abort says the process died;
- the OS reading follows the majority of the log's evidence;
- a harmless notice's fix is only a way to silence it.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from tfgpu.diagnosis import catalogue
from tfgpu.explain import explain_lines
from tfgpu.facts import HostFacts
from tfgpu.facts.view import Facts
from tfgpu.findings import Finding
from tfgpu.logs import read_lines

HOSTS = Path(__file__).resolve().parents[1] / "fixtures" / "driver-aware-fix-hosts"


def _dlopen(lib: str) -> str:
    return ("2024-03-04 05:06:07.080910: W external/local_tsl/tsl/platform/default/"
            f"dso_loader.cc:64] Could not load dynamic library '{lib}'; dlerror: {lib}: cannot "
            "open shared object file: No such file or directory")


def _lib_finding(lines: list[str], facts: HostFacts | None = None) -> Finding:
    return next(f for f in explain_lines(lines, facts) if f.id.startswith("library-not-loaded"))


# --- the TensorFlow version shown is kept ---------------------------------------------------

def test_a_repl_echo_of_the_version_pins_the_and_cuda_extra_to_it() -> None:
    lines = [_dlopen("libcudart.so.12"), ">>> import tensorflow as tf; tf.__version__",
             "'2.16.1'"]
    fix = "\n".join(_lib_finding(lines).fix)
    assert 'pip install "tensorflow[and-cuda]==2.16.*"' in fix
    assert "--upgrade" not in fix


def test_a_cpu_only_build_in_the_log_is_replaced_by_the_same_release() -> None:
    lines = ["TensorFlow version: 2.17.0", ">>> tf.test.is_built_with_cuda()", "False"]
    f = next(f for f in explain_lines(lines) if f.id == "tensorflow-cpu-only-build")
    fix = "\n".join(f.fix)
    assert 'pip install "tensorflow[and-cuda]==2.17.*"' in fix and "--upgrade" not in fix


def test_a_release_before_the_extra_gets_its_tested_cuda_folder_not_a_pip_line() -> None:
    lines = ["TensorFlow version: 2.13.0", _dlopen("libcudart.so.11.0")]
    fix = "\n".join(_lib_finding(lines).fix)
    assert "CUDA 11.8" in fix and "/usr/local/cuda-11.8/lib64" in fix
    assert "pip install" not in fix and "/usr/local/cuda/lib64" not in fix


def test_with_no_version_the_example_folder_is_of_the_major_the_soname_needs() -> None:
    fix = "\n".join(_lib_finding([_dlopen("libcublas.so.11")]).fix)
    assert "/usr/local/cuda-11." in fix and "/usr/local/cuda/lib64" not in fix


def test_a_cudnn_major_the_newest_wheels_lack_keeps_the_installed_release() -> None:
    lines = [_dlopen("libcudnn.so.8")]
    fix = "\n".join(_lib_finding(lines).fix)
    assert "--upgrade" not in fix
    assert "tensorflow[and-cuda]==$(" in fix  # the installed version, read by the command


def test_xla_data_dir_names_the_folder_of_the_build_major() -> None:
    lines = ["2024-05-06 07:08:09.000000: W external/local_xla/xla/service/gpu/llvm_gpu_backend/"
             "gpu_backend_lib.cc:521] Can't find libdevice directory ${CUDA_DIR}/nvvm/libdevice. "
             "This may result in compilation or runtime failures, if the program we try to run "
             "uses routines from libdevice.",
             "Searched for CUDA in the following directories:",
             "  ./cuda_sdk_lib", "  /usr/local/cuda-12.3", "  /usr/local/cuda", "  .",
             "Cuda compilation tools, release 11.7, V11.7.99"]
    f = next(f for f in explain_lines(lines) if f.id == "xla-libdevice-not-found")
    flags = [ln for ln in f.fix if "xla_gpu_cuda_data_dir=" in ln]
    assert flags and all("--xla_gpu_cuda_data_dir=/usr/local/cuda-12.3" in ln for ln in flags)


# --- a driver too old for the CUDA of the fix comes first -----------------------------------

def test_an_old_driver_is_named_before_any_cuda12_wheels() -> None:
    h1 = HostFacts.from_json((HOSTS / "h1.json").read_text(encoding="utf-8"))
    assert h1.tf is not None and h1.driver is not None
    newest = dataclasses.replace(h1, tf=dataclasses.replace(h1.tf, version="2.21.0"))
    f = _lib_finding([_dlopen("libcudart.so.12")], newest)
    offers = 0
    for line in f.fix:
        m = re.search(r"tensorflow\[and-cuda\]==2\.(\d+)|cuda-12", line)
        if m is None or (m.group(1) is not None and int(m.group(1)) <= 14):
            continue  # no CUDA 12 offer, or a release (2.14: CUDA 11.8) driver 470 runs
        offers += 1
        assert "driver" in line[:m.start()], line
    assert offers, f.fix  # the fix does offer CUDA 12 wheels (else nothing was checked)


# --- an Intel Mac past the last macOS x86 series --------------------------------------------

_NO_217 = ["ERROR: Could not find a version that satisfies the requirement tensorflow==2.18.0 "
           "(from versions: 2.15.0, 2.15.1, 2.16.1, 2.16.2)",
           "ERROR: No matching distribution found for tensorflow==2.18.0"]


def test_an_intel_mac_is_the_cause_not_the_python_version() -> None:
    lines = [">>> platform.platform()", "'macOS-13.6-x86_64-i386-64bit'", *_NO_217]
    f = next(f for f in explain_lines(lines) if f.id == "tensorflow-no-matching-distribution")
    assert "Intel Mac" in f.title and "macos-x86-last" in f.cause
    fix = "\n".join(f.fix)
    assert 'tensorflow==2.16.2"' in fix and "venv" not in fix


def test_an_unknown_platform_names_the_intel_mac_beside_python() -> None:
    f = next(f for f in explain_lines(_NO_217) if f.id == "tensorflow-no-matching-distribution")
    assert "Intel Mac" in f.cause and "Python" in f.cause


# --- an abort after a failed load ------------------------------------------------------------

def test_a_failed_load_followed_by_an_abort_says_the_process_died() -> None:
    for end in ("Aborted (core dumped)", "Segmentation fault (core dumped)"):
        lines = ["Could not load library libcudnn_cnn_infer.so.8. Error: libcudnn_cnn_infer.so.8:"
                 " cannot open shared object file: No such file or directory", end]
        cause = _lib_finding(lines).cause
        assert "died" in cause and "skips the GPU" not in cause


# --- the OS reading follows the log's majority ------------------------------------------------

def test_one_windows_path_in_a_linux_log_keeps_linux_fixes() -> None:
    lines = ["jdoe@node3:~$ python /home/jdoe/run/train.py",
             '  File "/home/jdoe/env/lib/python3.10/site-packages/keras/src/x.py", line 9',
             '  File "D:\\Users\\other\\copied\\trace.py", line 3',
             _dlopen("libcudnn.so.8")]
    assert Facts(None, read_lines(lines)).os == "linux"
    windows = ['  File "C:\\Users\\me\\AppData\\Local\\Programs\\Python\\Python310\\x.py", line 3',
               "C:\\Users\\me> python train.py", "(cloned from /home/someone/repo)"]
    assert Facts(None, read_lines(windows)).os == "windows"


# --- a harmless notice needs no fix ----------------------------------------------------------

def test_a_harmless_notice_fix_is_only_to_silence_it() -> None:
    line = ("2022-01-02 03:04:05.000000: W tensorflow/core/common_runtime/bfc_allocator.cc:275] "
            "Allocator (GPU_0_bfc) ran out of memory trying to allocate 3.05GiB with "
            "freed_by_count=0. The caller indicates that this is not a failure, but may mean "
            "that there could be performance gains if more memory were available.")
    f = next(f for f in explain_lines([line]) if f.id == "gpu-allocator-ran-out")
    assert f.harmless and f.fix and "nothing to fix" in f.fix[0]


def test_harmless_fix_lines_are_framed_and_other_findings_untouched() -> None:
    lines = ("pip install something", "nvidia-smi")
    framed = catalogue._harmless_fix(lines, True)
    assert framed[0].startswith("# nothing to fix") and framed[1:] == lines
    assert catalogue._harmless_fix(lines, False) == lines
    said = ("# nothing to fix: to silence it, set X=1",)
    assert catalogue._harmless_fix(said, True) == said
