"""The words of a report follow what the log shows: the headline counts what it says it
counts, a number no table holds is said as such, a fix that reruns the program names the
script the log shows, and a status whose reading the log contradicts says so."""

from __future__ import annotations

import io

import pytest

from tfgpu.diagnosis.verdict import explain_report
from tfgpu.explain import explain_lines, explain_stream
from tfgpu.findings import Finding, Report, Severity


def _report(lines: list[str]) -> Report:
    res = explain_stream(io.BytesIO("\n".join(lines).encode() + b"\n"))
    return explain_report(res.findings, res.stats, "in.log", died=res.died, failure=res.failure)


def _one(lines: list[str], fid: str) -> Finding:
    return next(f for f in explain_lines(lines) if f.id == fid)


# --- the headline counts findings, one of which may name several harmless messages ---------

def test_harmless_only_headline_counts_findings_not_messages() -> None:
    rep = _report([
        "2024-03-01 10:00:00.300000: I tensorflow/core/profiler/lib/profiler_session.cc:104] "
        "Profiler session initializing.",
        "2024-03-01 10:00:00.400000: I tensorflow/core/platform/profile_utils/cpu_utils.cc:114] "
        "CPU Frequency: 2899885000 Hz",
    ])
    harmless = [f for f in rep.findings if f.harmless]
    assert len(harmless) == 1 and "2 known messages" in harmless[0].title
    assert rep.verdict.headline.startswith("No problem found: only harmless notices (1 "
                                           "finding)"), rep.verdict.headline


# --- a number the status table lacks ---------------------------------------------------------

@pytest.mark.parametrize("code", ["-1", "4242"])
def test_a_curesult_no_table_holds_is_said_as_a_number_the_table_lacks(code: str) -> None:
    f = _one(["2019-05-02 10:11:13.323456: F tensorflow/stream_executor/cuda/cuda_driver.cc:175] "
              "Check failed: CUDA_SUCCESS == cuCtxSetCurrent(cuda_context->context()) "
              f"(0 vs. {code})"], "gpu-stream-executor-init-failed")
    assert f"it returned {code}, which is no CUresult value in tfgpu's table" in f.cause, f.cause


# --- the script a fix reruns is the one the log shows ---------------------------------------

_TLS = "ImportError: /lib/aarch64-linux-gnu/libGLdispatch.so.0: cannot allocate memory in " \
       "static TLS block"


@pytest.mark.parametrize(("lines", "run"), [
    (['  File "demo.py", line 2, in <module>', "    import cv2", _TLS], "python demo.py"),
    (["Traceback (most recent call last):",
      '  File "/home/ann/proj/infer_cam.py", line 7, in <module>',
      "    import tensorflow as tf",
      '  File "/home/ann/.local/lib/python3.8/site-packages/tensorflow/__init__.py", line 37, '
      "in <module>", _TLS], "python /home/ann/proj/infer_cam.py"),
    (["ann@jetson:~/proj$ python3 run_model.py --cam 0", _TLS], "python run_model.py"),
    (['  File "C:\\Users\\Ann Lee\\proj\\go.py", line 3, in <module>', _TLS],
     'python "C:\\Users\\Ann Lee\\proj\\go.py"'),
    (["$ python -u -m pkg.serve --port 1", _TLS], "python -m pkg.serve"),
    (["ann@box:~/proj$ python3 -m pkg.serve",
      "Traceback (most recent call last):",
      '  File "/usr/lib/python3.8/runpy.py", line 194, in _run_module_as_main',
      '  File "/home/ann/proj/pkg/serve.py", line 4, in <module>', _TLS], "python -m pkg.serve"),
], ids=["frame", "absolute-frame-not-the-package-frame", "shell-prompt", "path-with-a-space",
        "module-run", "module-run-with-its-traceback"])
def test_a_fix_that_reruns_the_program_names_the_script_the_log_shows(
        lines: list[str], run: str) -> None:
    f = _one(lines, "library-static-tls-exhausted")
    tunable = next(x for x in f.fix if "GLIBC_TUNABLES" in x)
    assert run + "   #" in tunable and "train.py" not in tunable, tunable


def test_without_a_script_in_the_log_the_stand_in_stays() -> None:
    f = _one([_TLS], "library-static-tls-exhausted")
    assert any("python train.py" in x for x in f.fix), f.fix


@pytest.mark.parametrize("frames", [
    # ipykernel >= 6 compiles each notebook cell to a temporary file
    ['  File "/tmp/ipykernel_2817/3154710922.py", line 1, in <module>'],
    ['  File "C:\\Users\\ann\\AppData\\Local\\Temp\\ipykernel_9120\\218.py", line 1, '
     "in <module>"],
    ["Traceback (most recent call last):",
     '  File "/usr/lib/python3.10/runpy.py", line 196, in _run_module_as_main',
     '  File "/usr/lib/python3.10/runpy.py", line 86, in _run_code',
     '  File "/home/ann/proj/pkg/serve.py", line 4, in <module>'],
], ids=["notebook-cell", "windows-notebook-cell", "module-frame-of-a-python-m-run"])
def test_a_frame_that_is_no_runnable_script_leaves_the_stand_in(frames: list[str]) -> None:
    f = _one([*frames, _TLS], "library-static-tls-exhausted")
    assert any("python train.py" in x for x in f.fix), f.fix


def test_an_installed_packages_module_frame_alone_is_no_script() -> None:
    f = _one(['  File "/usr/lib/python3/dist-packages/cv2/__init__.py", line 8, in <module>',
              _TLS], "library-static-tls-exhausted")
    assert any("python train.py" in x for x in f.fix), f.fix


# --- CUDA_ERROR_NO_DEVICE after the log showed TensorFlow finding a GPU -----------------------

_CHECK_100 = ("2019-05-02 10:11:13.323456: F tensorflow/stream_executor/cuda/cuda_driver.cc:175] "
              "Check failed: CUDA_SUCCESS == cuCtxSetCurrent(cuda_context->context()) "
              "(0 vs. 100)")


def test_no_device_after_a_gpu_was_found_notes_the_contradiction() -> None:
    f = _one(["2019-05-02 10:11:12.223456: I tensorflow/core/common_runtime/gpu/gpu_device.cc:"
              "1512] Adding visible gpu devices: 0", _CHECK_100],
             "gpu-stream-executor-init-failed")
    assert f.severity is Severity.WARNING
    assert "But this log shows TensorFlow finding a GPU before the call (line 1" in f.cause
    assert "dmesg" in f.fix[0], f.fix


def test_no_device_with_no_gpu_shown_before_keeps_its_reading() -> None:
    f = _one([_CHECK_100], "gpu-stream-executor-init-failed")
    assert f.severity is Severity.ERROR and "But this log shows" not in f.cause
    assert f.fix[0].startswith("nvidia-smi"), f.fix


# --- host (CPU) memory running out says nothing against the GPU ---------------------------

_CREATED = ("2023-03-01 10:05:00.000002: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1525] "
            "Created device /job:localhost/replica:0/task:0/device:GPU:0 with 10413 MB memory:  "
            "-> device: 0, name: NVIDIA GeForce RTX 3080 Ti, pci bus id: 0000:01:00.0, compute "
            "capability: 8.6")


def test_host_memory_running_out_after_the_gpu_was_created_is_not_a_gpu_failure() -> None:
    rep = _report([_CREATED,
                   "tensorflow.python.framework.errors_impl.ResourceExhaustedError: OOM when "
                   "allocating tensor with shape[60000,28,28,1] and type float on "
                   "/job:localhost/replica:0/task:0/device:CPU:0 by allocator cpu [Op:Cast]"])
    assert any(f.id == "host-out-of-memory-tensor" for f in rep.findings)
    assert rep.verdict.gpu_usable is not False, rep.meta["gpu_usable"]
    assert not rep.meta["gpu_usable"].startswith("no"), rep.meta["gpu_usable"]


# --- a kill read across a progress bar is on the line that says "Killed" -------------------

def test_a_kill_after_a_progress_bar_is_cited_on_its_own_line() -> None:
    rep = _report([_CREATED, "Epoch 1/10",
                   "  12/5000 [..............................] - ETA: 10:03 - loss: 2.3021",
                   "Killed"])
    assert rep.verdict.headline.startswith("The program failed (line 4)"), rep.verdict.headline
    f = next(f for f in rep.findings if f.id == "host-ram-exhausted-process-killed")
    assert "killed with SIGKILL (line 4)" in f.cause, f.cause


def test_a_python_m_tool_is_not_the_program_and_runpy_speaks_only_for_its_own_traceback(
        ) -> None:
    f = _one(["$ python3 -m pip install opencv-python", "$ python3 run_model.py --cam 0", _TLS],
             "library-static-tls-exhausted")
    assert any("python run_model.py   #" in x for x in f.fix), f.fix
    f = _one(["Traceback (most recent call last):",
              '  File "/usr/lib/python3.10/runpy.py", line 196, in _run_module_as_main',
              '  File "/usr/lib/python3.10/site-packages/pip/__main__.py", line 31, in <module>',
              "OSError: [Errno 28] No space left on device",
              "", "", "", "", "",
              "Traceback (most recent call last):",
              '  File "/home/ann/demo.py", line 3, in <module>', _TLS],
             "library-static-tls-exhausted")
    assert any("python /home/ann/demo.py   #" in x for x in f.fix), f.fix
