"""A program built on TensorFlow that refuses a GPU below its own minimum compute capability
and falls back to the CPU (checks/app_compute_capability_floor.py): the GPU named by the
program, its compute capability from host facts or the GPU table, TensorFlow's own refusal
kept apart. Rows in kind_cases/compute_capability_app_floor.toml."""

from __future__ import annotations

import dataclasses

from tfgpu.facts import GPU

from .kind_helpers import host_facts, ids, table_test

test_case = table_test("compute_capability_app_floor")


def test_host_facts_compute_capability_is_the_gpus() -> None:
    """A GPU name the table lacks ("K40m") takes its compute capability from the host facts;
    a host compute capability at or above the floor makes the line no claim."""
    line = ("Tesla K40m does not meet minimum required compute capability: 3.7. "
            "Falling back to CPU mode.")
    base = host_facts(gpu="Tesla K40m")
    below = dataclasses.replace(base, gpus=(GPU(index=0, vendor="nvidia", name="Tesla K40m",
                                                compute_capability="3.5", source="test"),))
    f = ids([line], below)["gpu-compute-capability-too-low"]
    assert "compute capability 3.5" in f.title, f.title
    above = dataclasses.replace(below, gpus=(dataclasses.replace(below.gpus[0],
                                                                 compute_capability="7.5"),))
    assert "gpu-compute-capability-too-low" not in ids([line], above)


def test_the_older_release_offered_for_a_gpu_below_the_floor_names_its_python_and_cuda() -> None:
    # the release with kernels for compute capability 3.5 needs its own Pythons and CUDA:
    # the fix line names them from the tested build configurations
    from tfgpu.explain import explain_lines

    line = ("2021-08-30 19:05:14.049681: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1766] "
            "Ignoring visible gpu device (device: 0, name: NVIDIA GeForce GT 730, pci bus id: "
            "0000:01:00.0, compute capability: 3.5) with Cuda compute capability 3.5. The "
            "minimum required Cuda capability is 3.7.")
    [f] = [f for f in explain_lines([line]) if f.id == "gpu-compute-capability-too-low"]
    pin = next(x for x in f.fix if "tensorflow[and-cuda]~=" in x)
    assert "Python 3.9-3.11" in pin and "CUDA 11.8" in pin, pin
