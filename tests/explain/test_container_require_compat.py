"""The container toolkit's ``unsatisfied condition: cuda>=11.8``: the fix states the
minor-version-compatibility floor the knowledge's matrix holds and offers
``NVIDIA_DISABLE_REQUIRE=true`` (libnvidia-container / nvidia-container-toolkit
internal/config/image/envvars.go; README "NVIDIA_DISABLE_REQUIRE") with its caveat."""

from __future__ import annotations

from tests.explain.kind_helpers import ids

LINE = ("docker: Error response from daemon: failed to create shim task: OCI runtime create "
        "failed: runc create failed: unable to start container process: error during "
        "container init: error running hook #0: error running hook: exit status 1, stdout: , "
        "stderr: Auto-detected mode as 'legacy' nvidia-container-cli: requirement error: "
        "unsatisfied condition: cuda>=11.8, please update your driver to a newer version, or "
        "use an earlier cuda container: unknown.")


def test_cuda_118_requirement_offers_disable_require_and_compat_floor() -> None:
    f = ids([LINE])["docker-image-cuda-newer-than-host-driver"]
    assert any("NVIDIA_DISABLE_REQUIRE=true" in ln for ln in f.fix), f.fix
    assert not any("NVIDIA_DISABLE_REQUIRES" in ln for ln in f.fix), f.fix
    assert "450.80.02" in f.cause, f.cause   # CUDA 11.x minor-version compatibility floor
    assert "520.61.05" in f.cause, f.cause   # what the requirement check itself needs


# nvidia-docker 1.0's own check (NVIDIA/nvidia-docker v1 src/nvidia-docker, cudaSupported):
# the image's com.nvidia.cuda.version label against the driver's CUDA version
V1_LINE = ("nvidia-docker | 2017/04/19 13:02:34 Error: unsupported CUDA version: driver 7.5 < "
           "image 8.0")


def test_nvidia_docker_1_cuda_label_check_is_the_same_fault_without_disable_require() -> None:
    found = ids([V1_LINE])
    f = found["docker-image-cuda-newer-than-host-driver"]
    assert "unrecognised-error" not in found
    assert "com.nvidia.cuda.version" in f.cause and "CUDA 7.5" in f.cause, f.cause
    assert "367.48" in f.fix[0], f.fix   # CUDA 8.0's driver floor (cuda_min_driver.toml)
    assert not any("NVIDIA_DISABLE_REQUIRE" in ln for ln in f.fix), f.fix


def test_nvidia_docker_1_with_an_unreadable_driver_is_not_read_as_an_old_driver() -> None:
    # "driver 0.0": nvidia-docker could not query the driver at all
    found = ids(["Error: unsupported CUDA version: driver 0.0 < image 8.0.61"])
    assert "docker-image-cuda-newer-than-host-driver" not in found
