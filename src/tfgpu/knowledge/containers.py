"""How each container engine gives a container the host's NVIDIA GPU (knowledge row
``platform_facts:container-markers``), for the doctor's and the plan's words about a process
that runs in a container (:attr:`tfgpu.facts.host.OSFacts.container`)."""

from __future__ import annotations

from tfgpu.knowledge._knowledge import Knowledge


def container_gpu_access(kb: Knowledge, engine: str | None) -> tuple[str, ...]:
    """The fix lines that start a container of ``engine`` (``"docker"``, ``"podman"``,
    ``"apptainer"``, ``"kubernetes"``...: :attr:`tfgpu.facts.host.OSFacts.container_engine`)
    with the host's GPU, from the knowledge row ``platform_facts:container-markers``
    (``gpu_access``); for an engine the row has no line for (LXC, one named by systemd's
    ``container`` variable, ``None``), every engine's line after a general one."""
    lines: dict[str, str] = {}
    for entry in kb.platform_fact("container-markers").values.get("gpu_access", ()):
        name, _, line = str(entry).partition("=")
        lines[name] = line
    if engine in lines:
        return (lines[engine],)
    return ("# start the container with the host's GPU the way its engine does it (the host "
            "driver's libraries, nvidia-smi and /dev/nvidia* device files passed in):",
            *lines.values())
