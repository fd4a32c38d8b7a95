"""A "Loaded runtime CuDNN library: X but source was compiled with: Y" line explains the
cuDNN start-up failure after it and the exception that quotes it ("DNN library initialization
failed. Look at the errors above", "Could not create cudnn handle", "Failed to get convolution
algorithm"): the headline names the mismatch, never "tfgpu does not know why"; and a loaded
cuDNN older than the build's within the same minor gets the build's own version as the floor,
not its minor."""

from __future__ import annotations

from pathlib import Path

import pytest

from tfgpu.cli.main import main
from tfgpu.explain import explain_lines

CREATED = ("I tensorflow/core/common_runtime/gpu/gpu_device.cc:1928] Created device "
           "/job:localhost/replica:0/task:0/device:GPU:0 with 21458 MB memory:  -> device: 0, "
           "name: NVIDIA GeForce RTX 3090, pci bus id: 0000:0a:00.0, compute capability: 8.6")
MISMATCH = ("E external/local_xla/xla/stream_executor/cuda/cuda_dnn.cc:535] Loaded runtime CuDNN "
            "library: {rt} but source was compiled with: {src}.  CuDNN library needs to have "
            "matching major version and equal or higher minor version.")
INIT_FAILED = [
    "W tensorflow/core/framework/op_kernel.cc:1827] OP_REQUIRES failed at conv_ops_impl.h:1199 "
    ": FAILED_PRECONDITION: DNN library initialization failed. Look at the errors above for "
    "more details.",
    "Traceback (most recent call last):",
    '  File "/home/u/train.py", line 40, in <module>',
    "tensorflow.python.framework.errors_impl.FailedPreconditionError: Graph execution error:",
    "",
    "DNN library initialization failed. Look at the errors above for more details.",
]
NOT_FOUND = [
    "Traceback (most recent call last):",
    '  File "/home/u/train.py", line 40, in <module>',
    "tensorflow.python.framework.errors_impl.UnimplementedError: Graph execution error:",
    "",
    "DNN library is not found.",
]
HANDLE = ["E tensorflow/stream_executor/cuda/cuda_dnn.cc:361] Could not create cudnn handle: "
          "CUDNN_STATUS_INTERNAL_ERROR"]


def _headline(tmp_path: Path, capsys: pytest.CaptureFixture[str], lines: list[str]) -> str:
    path = tmp_path / "train.log"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    main(["explain", str(path)])
    return capsys.readouterr().out.splitlines()[0]


@pytest.mark.parametrize("rt,src", [("8.9.2", "8.9.6"), ("8.5.0", "8.6.0"), ("9.1.0", "9.3.0")])
@pytest.mark.parametrize("after", [INIT_FAILED, NOT_FOUND], ids=["init-failed", "not-found"])
def test_exception_after_the_mismatch_is_headlined_by_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], rt: str, src: str,
        after: list[str]) -> None:
    line = _headline(tmp_path, capsys, [CREATED, MISMATCH.format(rt=rt, src=src), *after])
    assert "does not know why" not in line
    assert line.startswith("The program failed (line ")
    assert f"cuDNN {rt} loaded, TensorFlow was built with {src}" in line
    ids = [f.id for f in explain_lines([CREATED, MISMATCH.format(rt=rt, src=src), *after])]
    assert "unrecognised-error" not in ids and "cudnn-version-mismatch" in ids


def test_mismatch_quotes_the_cudnn_start_failure_after_it() -> None:
    found = {f.id: f for f in explain_lines([MISMATCH.format(rt="8.9.2", src="8.9.6"),
                                              *HANDLE])}
    lines = [e.line for e in found["cudnn-version-mismatch"].evidence]
    assert lines == [1, 2]
    assert "cuDNN then failed to start (line 2)" in found["cudnn-version-mismatch"].cause


def test_older_patch_of_the_same_minor_gets_the_build_version_as_floor() -> None:
    f = next(f for f in explain_lines([CREATED, MISMATCH.format(rt="8.9.2", src="8.9.6")])
             if f.id == "cudnn-version-mismatch")
    fix = "\n".join(f.fix)
    assert "8.9.6" in fix and ">=8.9.6" in fix
    assert "install cuDNN 8.9 (" not in fix
    assert "older cuDNN 8.9.2" in f.cause and "even when newer" not in f.cause


def test_newer_minor_keeps_the_exact_build_reading() -> None:
    """The TF 1.x check compared compatibility versions: a newer minor was refused too."""
    f = next(f for f in explain_lines([MISMATCH.format(rt="7.3.1", src="7.0.5")])
             if f.id == "cudnn-version-mismatch")
    assert "even when newer" in f.cause
