"""Fault kind CONTAINERS: Docker and the NVIDIA Container Toolkit.

The messages come from Docker (moby ``daemon/errors.go``, ``runtime_unix.go``, the CLI's
``--gpus`` flag), libnvidia-container (``nvidia-container-cli: initialization error``), the
NGC images' start-up banner and TensorFlow's ``cuda_diagnostics.cc`` (``/dev/nvidia0 does not
exist``); ``knowledge/data/messages_ecosystem.toml`` lists them with their sources, and
``platform_facts:docker-gpu-images`` states what the TensorFlow GPU images need (the host
driver plus the Container Toolkit, ``--gpus all``).
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding
from tfgpu.knowledge import docs

_TOOLKIT_INSTALL = (
    "# install the NVIDIA Container Toolkit on the host: " + docs.url("nvidia-container-toolkit"),
    "sudo nvidia-ctk runtime configure --runtime=docker",
    "sudo systemctl restart docker",
    "docker run --rm --gpus all ubuntu nvidia-smi   # must print the GPU table",
)


def docker_errors(f: Facts) -> list[Finding]:
    """Docker refusing GPU access: no Container Toolkit (``could not select device driver ""
    with capabilities: [[gpu]]``), no ``nvidia`` runtime registered, a Docker without
    ``--gpus`` (before 19.03), or ``nvidia-container-cli`` finding no driver on the host."""
    out: list[Finding] = []
    hits = f.h("docker.no_gpu_driver")
    if hits.count:
        out.append(catalogue.make(
            "docker-nvidia-container-toolkit-missing", evidence=log_evidence(hits),
            fix=_TOOLKIT_INSTALL))
    hits = f.h("docker.no_runtime")
    if hits.count:
        out.append(catalogue.make(
            "docker-nvidia-runtime-not-configured", evidence=log_evidence(hits),
            fix=("sudo nvidia-ctk runtime configure --runtime=docker   # registers 'nvidia' in "
                 "/etc/docker/daemon.json",
                 "sudo systemctl restart docker",
                 "# or, on Docker 19.03+, drop --runtime=nvidia and use --gpus all")))
    hits = f.h("docker.no_gpus_flag")
    if hits.count:
        fact = f.kb.platform_fact("docker-gpu-images")
        out.append(catalogue.make(
            "docker-too-old-for-gpus", ref=fact.ref, evidence=log_evidence(hits),
            fix=("docker version   # --gpus needs Docker 19.03 or newer",
                 "# upgrade Docker; on an old Docker use nvidia-docker2 and --runtime=nvidia"),
            knowledge_ref=fact.ref))
    hits = f.h("docker.nvc_init")
    if hits.count:
        detail = hits.first[0].g("detail") or "initialization error"
        fix = (("# on WSL2 the driver is the Windows NVIDIA driver: install or update it on "
                f"Windows ({docs.url('cuda-wsl-guide')}); never a Linux driver inside WSL",
                "nvidia-smi   # inside WSL2, must print the GPU table")
               if f.wsl else
               ("nvidia-smi   # on the host: must print the GPU table before any container can "
                "use the GPU",
                "lsmod | grep nvidia; sudo dmesg | grep -i -E 'nvrm|nvidia' | tail",
                "# install the NVIDIA driver (or rebuild its module for this kernel), then "
                "reboot"))
        out.append(catalogue.make(
            "docker-host-nvidia-driver-not-loaded", detail=detail, evidence=log_evidence(hits),
            fix=fix))
    return out


def container_without_gpu(f: Facts) -> list[Finding]:
    """A process that sees no GPU device although the driver library is there.

    * TensorFlow's ``cuda_diagnostics.cc`` says ``/dev/nvidia0 does not exist`` after
      ``cuInit`` failed while ``libcuda.so.1`` loaded: the device nodes are missing, which in
      a container means it was started without ``--gpus`` (or without the NVIDIA runtime); on
      a bare host, that the NVIDIA kernel module is not loaded.
    * The NGC images' banner "The NVIDIA Driver was not detected": without GPU access the
      same fault (the banner's own advice); under WSL2 the banner's check cannot see the
      driver at all, and it is harmless.
    """
    out: list[Finding] = []
    banner = f.h("container.ngc_no_driver")
    if banner.count and f.wsl:
        out.append(catalogue.make("ngc-banner-driver-not-detected-wsl2",
                                  evidence=log_evidence(banner)))
        return out
    nodes = f.h("diag.no_device_node")
    cuinit = f.h("cuinit")
    libcuda = [h for h in f.h("lib.opened").all() if (h.g("lib") or "").startswith("libcuda.")]
    if not (banner.count or (nodes.count and cuinit.count)) or f.host_gpu_works:
        return out  # semantics (stage 3): the host's TensorFlow lists the GPU: host facts win
    sure = f.in_container or bool(banner.count)
    cause = (
        "the process has no NVIDIA device: "
        + (f"{nodes.first[0].g('node')} does not exist after cuInit failed"
           if nodes.count else "the NGC banner found no driver")
        + (" although libcuda.so.1 loaded" if libcuda else "")
        + ". In a container this means it was started without GPU access (no --gpus all, or "
        "the NVIDIA runtime is not used), so Docker passed no /dev/nvidia* device nodes in"
        + ("" if sure else
           "; if this is not a container, the NVIDIA kernel module is not loaded on this host "
           "(nvidia-smi fails there too)")
        + "."
    )
    out.append(catalogue.make(
        "docker-run-without-gpus",
        evidence=log_evidence(banner, libcuda[:1], cuinit.first[:1], nodes),
        cause=cause,
        fix=("docker run --gpus all ...   # start the container with GPU access",
             "docker run --rm --gpus all ubuntu nvidia-smi   # checks the Container Toolkit",
             "# not a container: nvidia-smi; sudo modprobe nvidia (or reinstall the driver), "
             "then reboot"),
    ))
    return out
