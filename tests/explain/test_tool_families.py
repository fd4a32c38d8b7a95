"""Tool families (stage 3): messages printed by tools around TensorFlow (conda/mamba, the
Windows loader, the host's OOM killer, shells on Apple silicon/ARM) and GPU-intent evidence.

Each test feeds VARIANTS (other OS, TensorFlow/CUDA version, wording) of a family to
:func:`tfgpu.explain.explain_lines` and checks the finding id, severity and the key words of
its cause and fix; negative cases check that unrelated logs do not claim the cause.
"""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines
from tfgpu.findings import Finding, Severity


def _explain(text: str) -> dict[str, Finding]:
    return {f.id: f for f in explain_lines(text.strip("\n").splitlines())}


# ------------------------------------------------------------------ GPU intent + no CUDA runtime

_WIN_CUDART = (
    "2022-01-05 10:11:12.123456: W tensorflow/stream_executor/platform/default/dso_loader.cc:64]"
    " Could not load dynamic library 'cudart64_{v}.dll'; dlerror: cudart64_{v}.dll not found\n"
    "2022-01-05 10:11:12.123456: I tensorflow/stream_executor/cuda/cudart_stub.cc:29] Ignore "
    "above cudart dlerror if you do not have a GPU set up on your machine.\n"
)
_LINUX_CUDART = (
    "2024-02-01 08:00:00.000000: W external/local_xla/xla/stream_executor/platform/default/"
    "dso_loader.cc:64] Could not load dynamic library 'libcudart.so.{v}'; dlerror: "
    "libcudart.so.{v}: cannot open shared object file: No such file or directory\n"
    "2024-02-01 08:00:00.000000: I external/local_xla/xla/stream_executor/cuda/cudart_stub.cc:29]"
    " Ignore above cudart dlerror if you do not have a GPU set up on your machine.\n"
)

_INTENT = {
    "num-gpus": "Num GPUs Available:  0\n",
    "list-empty": ">>> tf.config.list_physical_devices('GPU')\n[]\n",
    "list-empty-experimental": (
        "print(tf.config.experimental.list_physical_devices(device_type='GPU'))\n[]\n"),
    "cpu-only-list": (
        "[PhysicalDevice(name='/physical_device:CPU:0', device_type='CPU')]\n"),
    "is-gpu-available": (
        ">>> tf.test.is_gpu_available()\n"
        "WARNING:tensorflow:From <stdin>:1: is_gpu_available (from "
        "tensorflow.python.framework.test_util) is deprecated and will be removed in a future "
        "version.\nFalse\n"),
    "gpu-device-name-empty": "Default GPU Device: \n",
    "please-install-gpu-version": "Please install GPU version of TF\n",
    "device-lib": (
        ">>> device_lib.list_local_devices()\n"
        '[name: "/device:CPU:0"\ndevice_type: "CPU"\nmemory_limit: 268435456\n'),
}


@pytest.mark.parametrize("intent", sorted(_INTENT))
@pytest.mark.parametrize(("lines", "lib", "tf"), [
    (_WIN_CUDART.format(v="110"), "library-not-loaded-cudart64-110-dll", "2.10.0"),
    (_WIN_CUDART.format(v="101"), "library-not-loaded-cudart64-101-dll", "2.3.0"),
    (_LINUX_CUDART.format(v="11.0"), "library-not-loaded-libcudart-so-11-0", "2.8.0"),
    (_LINUX_CUDART.format(v="12"), "library-not-loaded-libcudart-so-12", "2.16.1"),
])
def test_cuda_runtime_missing_with_gpu_intent_is_the_reason(
        intent: str, lines: str, lib: str, tf: str) -> None:
    found = _explain(f"TensorFlow version: {tf}\n" + lines + _INTENT[intent])
    f = found[lib]
    assert f.severity is Severity.WARNING and not f.harmless
    assert "asked for" in f.cause and "no NVIDIA GPU, nothing is wrong" in f.cause
    assert f.fix
    # the reason is named once: no "TensorFlow lists no GPU, the log does not say why"
    assert "tensorflow-sees-no-gpu" not in found


def test_windows_intent_fix_names_the_tested_cuda_and_cudnn() -> None:
    f = _explain("TensorFlow version: 2.10.0\n" + _WIN_CUDART.format(v="110")
                 + _INTENT["num-gpus"])["library-not-loaded-cudart64-110-dll"]
    text = "\n".join(f.fix)
    assert "CUDA 11.2" in text and "cuDNN 8.1" in text


@pytest.mark.parametrize("lines", [_WIN_CUDART.format(v="110"), _LINUX_CUDART.format(v="11.0")])
def test_cuda_runtime_missing_without_intent_stays_hedged(lines: str) -> None:
    f = _explain(lines)
    lib = next(i for i in f if i.startswith("library-not-loaded-"))
    assert f[lib].harmless and f[lib].severity is Severity.INFO


def test_empty_list_far_from_a_gpu_call_is_not_intent() -> None:
    text = (_LINUX_CUDART.format(v="11.0") + "print(tf.config.list_physical_devices('GPU'))\n"
            + "epoch 1\nepoch 2\nepoch 3\nepoch 4\nepoch 5\n[]\n")
    f = _explain(text)
    assert f["library-not-loaded-libcudart-so-11-0"].harmless


def test_gpu_listed_is_not_intent_without_a_gpu() -> None:
    text = (_LINUX_CUDART.format(v="11.0")
            + "[PhysicalDevice(name='/physical_device:CPU:0', device_type='CPU'), "
              "PhysicalDevice(name='/physical_device:GPU:0', device_type='GPU')]\n")
    f = _explain(text)
    assert f["library-not-loaded-libcudart-so-11-0"].harmless


# ------------------------------------------------------------------ the host killed the process

_HOST = "host-ram-exhausted-process-killed"


@pytest.mark.parametrize("line", [
    "[171548.215373] Out of memory: Killed process 28313 (python3) total-vm:48710036kB, "
    "anon-rss:31050228kB, file-rss:70836kB, shmem-rss:12kB, UID:1000 pgtables:63752kB "
    "oom_score_adj:0",
    "Memory cgroup out of memory: Killed process 412 (python) total-vm:20512340kB, "
    "anon-rss:15990112kB, file-rss:81232kB, shmem-rss:0kB, UID:0 pgtables:33120kB "
    "oom_score_adj:0",
    "[ 5120.887766] Out of memory: Kill process 3071 (python) score 912 or sacrifice child",
    "[ 812.330211] Killed process 2281 (python3.6) total-vm:17732448kB, anon-rss:7540112kB, "
    "file-rss:0kB, shmem-rss:0kB",
    "Your session crashed after using all available RAM.",
])
def test_host_oom_record_is_an_error(line: str) -> None:
    f = _explain("Epoch 1/20\n" + line)[_HOST]
    assert f.severity is Severity.ERROR
    assert "not the GPU's" in f.cause
    assert any("tf.data" in x for x in f.fix)


def test_memory_cgroup_names_the_container_limit() -> None:
    f = _explain("Memory cgroup out of memory: Killed process 9 (python) total-vm:1kB, "
                 "anon-rss:1kB, file-rss:0kB, shmem-rss:0kB, UID:0 pgtables:1kB "
                 "oom_score_adj:0")[_HOST]
    assert "cgroup" in f.cause


@pytest.mark.parametrize("line", [
    "Killed", "[1]+  Killed                  python3 train.py --epochs 100",
    "zsh: killed     python main.py", "[2]    40211 killed     python3 fit.py",
    "Process finished with exit code 137 (interrupted by signal 9: SIGKILL)",
])
def test_killed_alone_is_hedged(line: str) -> None:
    f = _explain("loading dataset...\n" + line)[_HOST]
    assert f.severity is Severity.WARNING and "most likely" in f.title
    assert "free -h" in f.fix[0]


@pytest.mark.parametrize("line", [
    "The kernel appears to have died. It will restart automatically.",
    "The kernel for notebooks/a b.ipynb appears to have died. It will restart automatically.",
    "The Kernel crashed while executing code in the current cell or a previous cell.",
])
def test_dead_notebook_kernel_is_hedged(line: str) -> None:
    f = _explain(line)[_HOST]
    assert f.severity is Severity.WARNING and "as a script" in f.fix[0]


@pytest.mark.parametrize("other", ["Illegal instruction (core dumped)",
                                   "Segmentation fault (core dumped)"])
def test_another_death_is_not_read_as_host_ram(other: str) -> None:
    found = _explain(other + "\nThe kernel appears to have died. It will restart automatically.")
    assert _HOST not in found


@pytest.mark.parametrize("line", ["Killed 3 workers after timeout", "killed_processes = 0",
                                  "INFO: job killed by user request"])
def test_other_killed_words_are_not_the_oom_killer(line: str) -> None:
    assert _HOST not in _explain(line)


# ------------------------------------------------------------------------------ conda / mamba

_CUDA_VP = "conda-cuda-virtual-package-missing"


@pytest.mark.parametrize(("text", "cuda"), [
    ("Encountered problems while solving:\n"
     "  - nothing provides __cuda needed by tensorflow-2.9.1-cuda112py310he87a039_0", "11.2"),
    ("LibMambaUnsatisfiableError: Encountered problems while solving:\n"
     "  - nothing provides __cuda needed by tensorflow-2.15.0-cuda120py311h2b1cd1d_2\n"
     "Could not solve for environment specs", "12.0"),
    ("error    libmamba Could not solve for environment specs\n"
     "    └─ tensorflow-gpu 2.11.0 cuda118py39h1 is not installable because it requires\n"
     "       └─ __cuda, which is missing on the system.", None),
])
def test_cuda_virtual_package_missing(text: str, cuda: str | None) -> None:
    found = _explain(text)
    f = found[_CUDA_VP]
    assert f.severity is Severity.ERROR
    assert "conda-specs-incompatible" not in found  # superseded: one reason
    override = next(x for x in f.fix if "CONDA_OVERRIDE_CUDA" in x)
    if cuda:
        assert f'CONDA_OVERRIDE_CUDA="{cuda}"' in override


def test_cuda_virtual_package_too_old_names_both_versions() -> None:
    f = _explain(
        "UnsatisfiableError: The following specifications were found to be incompatible with "
        "your system:\n\n  - feature:/linux-64::__cuda==11.2=0\n"
        "  - tensorflow==2.14.0=cuda118py311heb1bdc4_0 -> __cuda[version='>=11.8']\n\n"
        "Your installed version is: 11.2")[_CUDA_VP]
    assert ">=11.8" in f.title and "11.2" in f.title
    assert any("cuda11*" in x for x in f.fix)


@pytest.mark.parametrize(("text", "python"), [
    ("UnsatisfiableError: The following specifications were found to be incompatible with "
     "each other:\n\nPackage cudatoolkit conflicts for:\ncudatoolkit=10.1", False),
    ("UnsatisfiableError: The following specifications were found\nto be incompatible with the "
     "existing python installation in your environment:\n\nSpecifications:\n\n"
     "  - tensorflow-gpu==2.4.1 -> python[version='>=3.7,<3.8.0a0']", True),
    ("LibMambaUnsatisfiableError: Encountered problems while solving:\n"
     "  - package tensorflow-2.10.0-cpu_py310hd1aba9c_0 requires python >=3.10,<3.11.0a0, but "
     "none of the providers can be installed", False),
])
def test_solver_failure(text: str, python: bool) -> None:
    f = _explain(text)["conda-specs-incompatible"]
    assert ("Python" in f.title) is python
    assert _CUDA_VP not in _explain(text)


@pytest.mark.parametrize(("text", "pkg"), [
    ("PackagesNotFoundError: The following packages are not available from current channels:"
     "\n\n  - cudatoolkit=11.2\n\nCurrent channels:\n\n"
     "  - https://repo.anaconda.com/pkgs/main/osx-arm64", "cudatoolkit=11.2"),
    ("PackagesNotFoundError: The following packages are not available from current channels:"
     "\n\n  - tensorflow-gpu==2.10.0\n", "tensorflow-gpu==2.10.0"),
])
def test_packages_not_found_names_them(text: str, pkg: str) -> None:
    f = _explain(text)["conda-packages-not-found"]
    assert pkg in f.title
    assert f.fix[0].startswith("conda search -c conda-forge " + pkg.split("=")[0])


def test_clobber_is_a_warning() -> None:
    f = _explain("ClobberError: This transaction has incompatible packages due to a shared "
                 "path.\n  packages: a, b\n  path: 'lib/libcudart.so.11.0'")
    assert f["conda-clobber-shared-path"].severity is Severity.WARNING


def test_a_pip_requirement_list_is_not_a_conda_error() -> None:
    found = _explain("requirements:\n  - tensorflow==2.10.0\n  - python=3.10\n")
    assert not any(i.startswith("conda-") for i in found)


# ---------------------------------------------------------- Python's import system around TF


@pytest.mark.parametrize("line", [
    "ImportError: DLL load failed: The specified procedure could not be found.",
    "ImportError: DLL load failed while importing _activation_ops: The specified procedure "
    "could not be found.",
    "ImportError: DLL load failed while importing _pywrap_tensorflow_internal: The specified "
    "procedure could not be found.",
])
def test_procedure_not_found_is_not_a_missing_dll(line: str) -> None:
    found = _explain(line)
    assert "windows-dll-procedure-not-found" in found
    assert "windows-dll-not-found" not in found


@pytest.mark.parametrize("line", [
    "ImportError: DLL load failed while importing _pywrap_tensorflow_internal: The specified "
    "module could not be found.",
    "ImportError: DLL load failed: The specified module could not be found.",
])
def test_module_not_found_stays_windows_dll_not_found(line: str) -> None:
    assert "windows-dll-not-found" in _explain(line)


@pytest.mark.parametrize("path", [
    r"C:\Users\me\venv\Lib\site-packages\tensorflow\python\platform\_pywrap_tf2.dll",
    r"D:\conda\envs\tf\lib\site-packages\tensorflow_io\python\ops\libtensorflow_io.so.dll",
])
def test_ctypes_could_not_find_tensorflow_module(path: str) -> None:
    f = _explain(f"FileNotFoundError: Could not find module '{path}' (or one of its "
                 "dependencies). Try using the full path with constructor syntax.")
    assert "Python 3.8" in f["windows-dll-not-found"].cause


def test_ctypes_message_of_another_library_is_not_tensorflows() -> None:
    found = _explain(
        "UserWarning: Failed to load image Python extension: Could not find module "
        r"'C:\envs\cv\Lib\site-packages\torchvision\image.pyd' (or one of its dependencies). "
        "Try using the full path with constructor syntax.")
    assert "windows-dll-not-found" not in found


@pytest.mark.parametrize(("text", "jupyter"), [
    ("Traceback (most recent call last):\n  File \"train.py\", line 1, in <module>\n"
     "    import tensorflow as tf\nModuleNotFoundError: No module named 'tensorflow'", False),
    ("ImportError: No module named tensorflow", False),
    ("Cell In[1], line 1\n----> 1 import tensorflow as tf\n"
     "ModuleNotFoundError: No module named 'tensorflow'", True),
    ("<ipython-input-2-64156d691fe5> in <module>\n"
     "ModuleNotFoundError: No module named 'tensorflow'", True),
])
def test_tensorflow_module_not_found(text: str, jupyter: bool) -> None:
    f = _explain(text)["tensorflow-module-not-found"]
    assert ("kernel" in f.title) is jupyter
    assert any("%pip install tensorflow" in x for x in f.fix) is jupyter


@pytest.mark.parametrize("line", [
    "ModuleNotFoundError: No module named 'tensorflow.python'",
    "ModuleNotFoundError: No module named 'tensorflow_addons'",
    "ModuleNotFoundError: No module named 'tensorflow.keras.engine'",
])
def test_other_missing_modules_are_not_tensorflow_missing(line: str) -> None:
    assert "tensorflow-module-not-found" not in _explain(line)


def test_pip_failure_explains_the_missing_module() -> None:
    found = _explain(
        "ERROR: Could not find a version that satisfies the requirement tensorflow (from "
        "versions: none)\nERROR: No matching distribution found for tensorflow\n"
        "ModuleNotFoundError: No module named 'tensorflow'")
    assert "tensorflow-module-not-found" not in found


@pytest.mark.parametrize(("line", "name", "fix"), [
    ("AttributeError: module 'tensorflow' has no attribute 'contrib'", "tf.contrib",
     "no compat module"),
    ("ModuleNotFoundError: No module named 'tensorflow.contrib.slim'", "tf.contrib",
     "no compat module"),
    ("AttributeError: module 'tensorflow' has no attribute 'Session'", "tf.Session",
     "tf.compat.v1.Session"),
    ("AttributeError: module 'tensorflow' has no attribute 'GPUOptions'", "tf.GPUOptions",
     "tf.compat.v1.GPUOptions"),
    ("AttributeError: module 'tensorflow._api.v2.train' has no attribute 'AdamOptimizer'",
     "tf.train.AdamOptimizer", "tf.keras.optimizers.Adam"),
    ("AttributeError: module 'tensorflow' has no attribute 'random_normal'", "tf.random_normal",
     "tf.random.normal"),
])
def test_tf1_api_on_tf2(line: str, name: str, fix: str) -> None:
    f = _explain(line)["tf1-api-on-tf2"]
    assert name in f.title and f.severity is Severity.WARNING
    assert any(fix in x for x in f.fix)


@pytest.mark.parametrize("line", [
    "AttributeError: module 'tensorflow' has no attribute 'keras'",
    "AttributeError: module 'numpy' has no attribute 'Session'",
])
def test_other_missing_attributes_are_not_tf1_code(line: str) -> None:
    assert "tf1-api-on-tf2" not in _explain(line)


# ----------------------------------------------------------------- Apple silicon and ARM boards


@pytest.mark.parametrize("chip", ["Apple M1", "Chip: Apple M2 Pro", "Apple M3 Max"])
def test_illegal_instruction_on_apple_silicon_is_rosetta(chip: str) -> None:
    found = _explain(f"{chip}\nzsh: illegal hardware instruction  python -c 'import tensorflow'")
    assert "macos-x86-python-under-rosetta" in found


def test_native_arm64_python_is_not_rosetta() -> None:
    found = _explain("Chip: Apple M2\nmacOS-13.4-arm64-arm-64bit\n"
                     "zsh: illegal hardware instruction  python3 train.py")
    assert "macos-x86-python-under-rosetta" not in found
    assert "cpu-illegal-instruction" in found


@pytest.mark.parametrize(("board", "jetson"), [
    ("NVIDIA Jetson Nano Developer Kit", True), ("tegra-ubuntu", True),
    ("Raspberry Pi 4 Model B Rev 1.4", False), ("armv7l", False), ("aarch64", False),
])
def test_illegal_instruction_on_arm_names_the_board(board: str, jetson: bool) -> None:
    f = _explain(f"{board}\nIllegal instruction (core dumped)")["cpu-illegal-instruction"]
    assert "ARM" in f.title
    assert not any("avx" in x.lower() for x in f.fix)
    assert any("JetPack" in x for x in f.fix) is jetson


def test_x86_illegal_instruction_keeps_the_avx_reading() -> None:
    f = _explain("Illegal instruction (core dumped)")["cpu-illegal-instruction"]
    assert "ARM" not in f.title and any("avx" in x for x in f.fix)


@pytest.mark.parametrize("line", [
    '            "OOMKilled": true,',
    "      Reason:       OOMKilled",
    "train-job-7f9c   0/1     OOMKilled   3 (40s ago)   6m",
])
def test_container_oom_killed_names_the_limit(line: str) -> None:
    f = _explain(line)[_HOST]
    assert f.severity is Severity.ERROR and "memory limit" in f.cause
    assert any("--memory" in x for x in f.fix)


def test_container_not_oom_killed_is_nothing() -> None:
    assert _HOST not in _explain('            "OOMKilled": false,')
