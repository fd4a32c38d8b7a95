"""How each container engine gives a container the host's NVIDIA GPU (knowledge row
``platform_facts:container-markers``), for the doctor's and the plan's words about a process
that runs in a container (:attr:`tfgpu.facts.host.OSFacts.container`)."""

from __future__ import annotations

from tfgpu.knowledge._knowledge import Knowledge


def container_gpu_access(kb: Knowledge, engine: str | None) -> tuple[str, ...]:
    """The fix lines that start a container of ``engine`` (``"docker"``, ``"podman"``,
    ``"apptainer"``, ``"kubernetes"``...: :attr:`tfgpu.facts.host.OSFacts.container_engine`)
    with the host's GPU, from the knowledge row ``platform_facts:container-markers``
    (``gpu_access``); ``()`` for an engine the row has no line for (LXC, one named by
    systemd's ``container`` variable, ``None``): how it passes a GPU is not known."""
    for entry in kb.platform_fact("container-markers").values.get("gpu_access", ()):
        name, _, line = str(entry).partition("=")
        if name == engine:
            return (line,)
    return ()


#: What to do in a container of an engine :func:`container_gpu_access` has no line for.
OTHER_ENGINE_GPU_ACCESS = (
    "# pass the host's GPU device files (/dev/nvidia*) into the container and give it the "
    "NVIDIA driver's user-space libraries (libcuda.so.1, nvidia-smi) of exactly the host's "
    "driver version (cat /proc/driver/nvidia/version on the host), the way this engine does "
    "it: bind them from the host, or install that version's user-space part only, without "
    "its kernel module")
