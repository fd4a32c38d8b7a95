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
