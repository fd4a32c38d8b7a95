"""Empty NVIDIA driver files in a container.

The NVIDIA container runtime mounts the host driver's libraries (libcuda.so.1,
libnvidia-*.so) into a container that starts with GPU access; images keep zero-byte
placeholders at those paths when they were built or committed with the NVIDIA runtime
(NVIDIA/libnvidia-container#140, #50).  The loader then reports "<path>: file too short"
(glibc: an ELF file shorter than its header), whichever program loads it (TensorFlow,
PyCUDA, cuDF, Paddle).
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def driver_file_placeholder(f: Facts) -> list[Finding]:
    """"libcuda.so.1: file too short" (or a libnvidia-*.so) ->
    ``docker-run-without-gpus`` variant ``placeholder-driver-file``.

    Args:
        f: the facts view; reads pattern ``driver.file_too_short``.

    Returns:
        One finding naming the empty library, or nothing when no line shows one or the host
        facts show the GPU working.
    """
    hits = f.h("driver.file_too_short").all()
    if not hits or f.host_gpu_works:
        return []
    first = hits[0]
    lib = (first.g("path") or "") + (first.g("lib") or "libcuda.so.1")
    # a container in sight (the NGC banner, a Docker / Container Toolkit error, a container
    # shell's prompt, the command that started it): the reading of every earlier thread;
    # else a machine without the driver reads the same
    started = f.h("ctx.container_command").all()
    sure = f.in_container or bool(started) or any(
        f.h(n).count for n in ("ctx.container_prompt", "container.hostname"))
    apptainer = any(h.g("apt") for h in started)
    return [catalogue.make(
        "docker-run-without-gpus",
        variant="placeholder-driver-file" if sure else "placeholder-driver-file-unsure",
        lib=lib, evidence=log_evidence(hits, limit=2),
        fix=(f"ls -l {lib}   # size 0: an empty placeholder, not the driver",
             *(("apptainer exec --nv <image> ...   # Apptainer/Singularity bind the host's "
                "NVIDIA driver libraries only with --nv",) if apptainer else ()),
             *(() if sure else ("nvidia-smi   # where the program runs: no GPU table, no "
                                "driver there; on a cluster run it on a GPU node (a Slurm job "
                                "with --gres=gpu:1, or ssh to a compute node), not the login "
                                "node",)),
             "docker run --gpus all ...   # Docker 19.03+ with the NVIDIA Container Toolkit; "
             "older: --runtime=nvidia (nvidia-docker2) or nvidia-docker run",
             "docker run --rm --gpus all <image> nvidia-smi   # checks the host side",
             "# already started with GPU access: the image carries empty driver files of another "
             "driver version; delete them in the Dockerfile (find /usr/lib -size 0 -name "
             "'libcuda*' -o -size 0 -name 'libnvidia*' | xargs rm -f) and build without the "
             "NVIDIA runtime as Docker's default runtime"),
    )]
