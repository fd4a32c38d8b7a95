"""Windows PowerShell 5.1 wraps the first line a native program writes to stderr, captured with
``2>&1 | Tee-Object``, in an ErrorRecord shown in its default view ("<command> : <line>", the
position, "+ CategoryInfo : NotSpecified: (...:String) [], RemoteException", "+
FullyQualifiedErrorId : NativeCommandError"): PowerShell's packaging of an ordinary stderr
line (TensorFlow logs to stderr), read as no error; what the program itself printed is read as
without it."""

from __future__ import annotations

import io

from tfgpu.diagnosis.verdict import explain_report
from tfgpu.explain import explain_stream
from tfgpu.findings import Report

_DEVICE = ("2024-12-02 10:00:01.000001: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1928] "
           "Created device /job:localhost/replica:0/task:0/device:GPU:0 with 14791 MB memory:  -> "
           "device: 0, name: Tesla T4, pci bus id: 0000:00:04.0, compute capability: 7.5")


def _wrapped(first: str, command: str = "python train.py 2>&1 | Tee-Object out.txt") -> list[str]:
    return [f"python : {first}", "At line:1 char:1", f"+ {command}",
            "+ " + "~" * len(command),
            f"    + CategoryInfo          : NotSpecified: ({first[:15]}...:String) [], "
            "RemoteException",
            "    + FullyQualifiedErrorId : NativeCommandError", " "]


def _report(lines: list[str]) -> Report:
    res = explain_stream(io.BytesIO(("\n".join(lines) + "\n").encode()))
    return explain_report(res.findings, res.stats, "in.log", died=res.died, failure=res.failure)


def test_a_healthy_run_captured_in_powershell_is_a_working_run() -> None:
    rep = _report([*_wrapped(_DEVICE), "Epoch 1/10",
                   "1875/1875 [==============================] - 12s 6ms/step - loss: 0.4"])
    assert rep.verdict.headline == "No problem found: TensorFlow created a GPU device."
    assert rep.verdict.gpu_usable is True
    assert "unrecognised-error" not in {f.id for f in rep.findings}


def test_a_crash_after_the_wrapper_is_still_a_death() -> None:
    rep = _report([*_wrapped("2024-12-02 10:00:01.000001: I tensorflow/core/platform/"
                             "cpu_feature_guard.cc:193] This TensorFlow binary is optimized"),
                   "Traceback (most recent call last):", '  File "train.py", line 3, in <module>',
                   "ValueError: The truth value of an array with more than one element is "
                   "ambiguous. Use a.any() or a.all()"])
    assert rep.verdict.program_failed is True
    f = next(f for f in rep.findings if f.id == "unrecognised-error")
    assert not any("NativeCommandError" in e.text or "RemoteException" in e.text
                   for e in f.evidence)
