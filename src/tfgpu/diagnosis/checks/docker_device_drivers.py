"""Docker asked for a device driver named "rocm", which no Docker Engine has.

Source: moby ``daemon/devices.go`` ``handleDevice``: a device request that names a driver
(``--gpus "driver=..."``, a compose file's ``deploy.resources.reservations.devices`` entry with
``driver:``) is served only by a driver registered under that name, else it fails with
``could not select device driver %q with capabilities: %v`` (``incompatibleDeviceRequest``,
daemon/errors.go).  The registered drivers are ``nvidia`` (when the NVIDIA Container
Toolkit's ``nvidia-container-runtime-hook`` is on the daemon's PATH), ``amd`` (recent
releases, when AMD's ``amd-container-runtime`` is, and the NVIDIA hook is not:
daemon/nvidia_linux.go, amd_linux.go) and ``cdi``; none is named ``rocm``.  ROCm's guide
("Run ROCm Docker containers", rocm.docs.amd.com install/docker-containers) passes the GPU
as its device nodes, ``--device /dev/kfd --device /dev/dri``, or through AMD's Container
Toolkit (CDI: ``--device amd.com/gpu=all``).  Threads: facefusion/facefusion-docker#31 (RX
7900 XTX), #29 (the ROCm compose file run on an NVIDIA host, nvidia-smi shown); the project
fixed its ROCm compose file (PR #42: "these capabilities are CUDA / NVIDIA only").
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def docker_rocm_device_driver(f: Facts) -> list[Finding]:
    """``docker-rocm-device-driver-unknown``: the request named a "rocm" device driver;
    variant ``nvidia-host`` when the log shows the host's GPU is NVIDIA (an nvidia-smi banner
    or driver line): the ROCm set-up does not apply there at all."""
    hits = f.h("docker.rocm_device_driver")
    if not hits.count:
        return []
    nvidia = f.log_driver()
    if nvidia is not None:
        return [catalogue.make(
            "docker-rocm-device-driver-unknown", variant="nvidia-host",
            line=str(nvidia[1].line), evidence=log_evidence(hits, [nvidia[1]]))]
    return [catalogue.make("docker-rocm-device-driver-unknown", evidence=log_evidence(hits))]
