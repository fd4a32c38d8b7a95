"""A paste of a failing run, the fix, and a later run that created the GPU device: the first
run's faults become notes ("Earlier run: ..."), the verdict is the later run's; a fault in the
later run, or a paste without a second run, keeps every fault (``diagnosis/later_run.py``)."""

from __future__ import annotations

from tfgpu.explain import explain_lines
from tfgpu.findings import Severity

MISSING = ("2023-04-12 10:11:02.123456: W tensorflow/compiler/xla/stream_executor/platform/"
           "default/dso_loader.cc:64] Could not load dynamic library 'libcudnn.so.8'; dlerror: "
           "libcudnn.so.8: cannot open shared object file: No such file or directory")
SKIPPING = "Skipping registering GPU devices..."
CREATED = ("2023-04-12 10:15:02.123500: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1635]"
           " Created device /job:localhost/replica:0/task:0/device:GPU:0 with 22282 MB memory:"
           "  -> device: 0, name: NVIDIA GeForce RTX 3090, pci bus id: 0000:01:00.0, compute "
           "capability: 8.6")
RUN = "(venv) user@box:~$ python train.py"


def _by_id(lines: list[str]) -> dict[str, object]:
    return {f.id: f for f in explain_lines(lines)}


def test_first_runs_fault_is_a_note_when_a_later_run_created_the_gpu() -> None:
    found = _by_id([RUN, MISSING, SKIPPING, "(venv) user@box:~$ export LD_LIBRARY_PATH=/opt/c",
                    RUN, CREATED, "Epoch 1/5"])
    f = found["library-not-loaded-libcudnn-so-8"]
    assert f.severity is Severity.INFO  # type: ignore[attr-defined]
    assert f.title.startswith("Earlier run: ")  # type: ignore[attr-defined]
    assert "starts at line 5" in f.cause and "line 6" in f.cause  # type: ignore[attr-defined]
    assert not [x for x in found.values()
                if x.severity in (Severity.ERROR, Severity.WARNING)]  # type: ignore[attr-defined]


def test_the_same_fault_in_the_later_run_stands() -> None:
    found = _by_id([RUN, MISSING, SKIPPING, RUN, MISSING, CREATED])
    assert found["library-not-loaded-libcudnn-so-8"].severity in (  # type: ignore[attr-defined]
        Severity.ERROR, Severity.WARNING)


def test_a_later_run_without_a_gpu_device_keeps_the_fault() -> None:
    found = _by_id([RUN, MISSING, SKIPPING, RUN, "Epoch 1/5"])
    f = found["library-not-loaded-libcudnn-so-8"]
    assert not f.title.startswith("Earlier run")  # type: ignore[attr-defined]


def test_a_paste_without_a_run_start_keeps_the_fault() -> None:
    found = _by_id([MISSING, SKIPPING, CREATED])
    assert not found["library-not-loaded-libcudnn-so-8"].title.startswith(  # type: ignore[attr-defined]
        "Earlier run")


HANDLE = ("2023-04-12 10:12:00.000000: E tensorflow/compiler/xla/stream_executor/cuda/"
          "cuda_dnn.cc:417] Could not create cudnn handle: CUDNN_STATUS_INTERNAL_ERROR")
PTX_NOTICE = ("2023-04-12 10:15:01.000000: W tensorflow/core/common_runtime/gpu/gpu_device.cc"
              ":2040] TensorFlow was not built with CUDA kernel binaries compatible with "
              "compute capability 8.6. CUDA kernels will be jit-compiled from PTX, which "
              "could take 30 minutes or longer.")


def test_a_fault_after_its_own_runs_device_is_not_shown_fixed_by_a_later_device() -> None:
    # run 1 created the device, then cuDNN failed: run 2 creating the device proves nothing
    found = _by_id([RUN, CREATED, HANDLE, "(venv) user@box:~$ python gpu_check.py", CREATED])
    assert all(not f.title.startswith("Earlier run")  # type: ignore[attr-defined]
               for fid, f in found.items() if fid != "gpu-device-created")


def test_a_warning_in_the_later_run_leaves_the_earlier_fault_a_note() -> None:
    found = _by_id([RUN, MISSING, SKIPPING, RUN, PTX_NOTICE, CREATED, "Epoch 1/3"])
    assert found["library-not-loaded-libcudnn-so-8"].title.startswith(  # type: ignore[attr-defined]
        "Earlier run")


def test_runs_on_two_hosts_keep_every_fault() -> None:
    found = _by_id(["alice@laptop:~/proj$ python train.py", MISSING, SKIPPING,
                    "alice@gpu-node07:~/proj$ python train.py", CREATED])
    assert not found["library-not-loaded-libcudnn-so-8"].title.startswith(  # type: ignore[attr-defined]
        "Earlier run")


def test_an_earlier_runs_device_is_that_runs_when_the_last_run_fails_first() -> None:
    found = _by_id([RUN, CREATED, "Epoch 1/3", RUN, MISSING, SKIPPING])
    assert found["gpu-device-created"].title.startswith("Earlier run")  # type: ignore[attr-defined]


def test_prompts_with_versions_launchers_and_inline_code_start_runs() -> None:
    for prompt in ("user@box:~$ python3.10 train.py", "user@box:~$ CUDA_VISIBLE_DEVICES=0 "
                   "python train.py", "!python train.py", "$ python -c \"import tensorflow\"",
                   "+ srun python train.py"):
        found = _by_id([prompt, MISSING, SKIPPING, prompt, CREATED])
        assert found["library-not-loaded-libcudnn-so-8"].title.startswith(  # type: ignore[attr-defined]
            "Earlier run"), prompt


def test_a_fault_before_the_device_without_a_prompt_leaves_usable_unknown() -> None:
    import io

    from tfgpu.diagnosis.verdict import explain_report
    from tfgpu.explain import explain_stream

    res = explain_stream(io.BytesIO("\n".join([MISSING, SKIPPING, CREATED]).encode()))
    rep = explain_report(res.findings, res.stats, "x", died=res.died, failure=res.failure)
    assert rep.verdict.gpu_usable is None
    assert rep.meta["gpu_usable"].startswith("unknown: the log shows what stops GPU work")
