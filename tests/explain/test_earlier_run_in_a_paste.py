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
