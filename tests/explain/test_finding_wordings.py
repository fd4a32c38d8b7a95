"""Wordings the new-user review (eyes report) found wrong or misleading: each test names the
report item and fails on the old wording."""

from __future__ import annotations

from tests.explain.kind_helpers import ids

STUB = ("2024-02-24 17:46:11.024256: I tensorflow/tsl/cuda/cudart_stub.cc:28] Could not find "
        "cuda drivers on your machine, GPU will not be used.")


def test_could_not_find_cuda_drivers_never_says_the_driver_is_missing() -> None:
    """F-4: cudart_stub.cc prints it when libcudart (the CUDA runtime) does not load."""
    found = ids([STUB, ">>> tf.config.list_physical_devices('GPU')", "[]"])
    for f in found.values():
        assert "the driver is missing" not in f.cause, (f.id, f.cause)
        assert "found no NVIDIA driver library" not in f.cause, (f.id, f.cause)
    # one finding for the line and the empty list after it, naming the runtime
    assert "libcudart" in found["cuda-drivers-not-found-notice"].cause
    assert "tensorflow-sees-no-gpu" not in found


def test_stub_then_cuinit_303_names_both_libraries() -> None:
    found = ids([STUB, "2024-02-24 17:46:12.1: E external/local_xla/xla/stream_executor/cuda/"
                 "cuda_driver.cc:282] failed call to cuInit: CUDA_ERROR_SHARED_OBJECT_INIT_FAILED"
                 ": UNKNOWN ERROR (303)"])
    cuinit = next(f for f in found.values() if f.id.startswith("cuinit-"))
    assert "libcudart" in cuinit.cause and "libcuda)" in cuinit.cause, cuinit.cause


def test_host_ram_oom_links_no_gpu_memory_page() -> None:
    """F-11: a host-RAM OOM's link is not the GPU memory-growth section."""
    found = ids([
        "2024-02-01 10:00:01.000000: W tensorflow/tsl/framework/cpu_allocator_impl.cc:83] "
        "Allocation of 12845056000 exceeds 10% of free system memory.",
        "2024-02-01 10:00:05.000000: W tensorflow/core/framework/op_kernel.cc:1828] "
        "OP_REQUIRES failed at cwise_ops_common.cc:82 : RESOURCE_EXHAUSTED: OOM when "
        "allocating tensor with shape[50000,256,256] and type float on "
        "/job:localhost/replica:0/task:0/device:CPU:0 by allocator cpu",
    ])
    for fid in ("host-out-of-memory-tensor", "host-allocation-notice"):
        assert "guide/gpu" not in (found[fid].doc or ""), (fid, found[fid].doc)


def test_pytorch_log_gets_no_tensorflow_tracker_link() -> None:
    """F-11: another program's log is not sent to TensorFlow's issue tracker."""
    found = ids([
        "/home/u/venv/lib/python3.10/site-packages/torch/cuda/__init__.py:215: UserWarning: ",
        "Traceback (most recent call last):",
        '  File "/home/u/train.py", line 9, in <module>',
        "RuntimeError: CUDA error: no kernel image is available for execution on the device",
    ])
    for f in found.values():
        assert "tensorflow/tensorflow/issues" not in (f.doc or ""), (f.id, f.doc)


def test_soname_range_reads_as_a_sentence() -> None:
    """F-11: "CUDA 10.1 up to 11.1 (excluded) (the release that ships ...)" was garbled."""
    from tests.explain.kind_helpers import host_facts

    found = ids(["2020-12-02 10:31:42.6: W tensorflow/stream_executor/platform/default/"
                 "dso_loader.cc:60] Could not load dynamic library 'libcusolver.so.10'; dlerror: "
                 "libcusolver.so.10: cannot open shared object file: No such file or directory"],
                host_facts(cuda="11.1", tf="2.4.0"))
    f = found["cuda-minor-soname-mismatch"]
    assert "(excluded)" not in f.title and "not including" in f.title, f.title
    assert not any("(excluded) (" in x for x in f.fix), f.fix


def test_stub_line_on_a_gpu_host_is_one_finding_naming_the_runtime() -> None:
    """F-4/F-6: the cudart stub line plus "Cannot dlopen some GPU libraries" is one cause,
    the CUDA runtime (libcudart) not loaded, not the driver."""
    found = ids([
        STUB,
        "2024-02-24 17:46:11.992328: W tensorflow/core/common_runtime/gpu/gpu_device.cc:1960] "
        "Cannot dlopen some GPU libraries. Please make sure the missing libraries mentioned "
        "above are installed properly if you would like to use GPU.",
        "Skipping registering GPU devices...",
    ])
    assert "tf-cuda-runtime-missing" in found and "gpu-libraries-not-loaded" not in found, found
    cause = found["tf-cuda-runtime-missing"].cause
    assert "libcudart" in cause and "libcuda not found" not in cause, cause
