"""Docker's "no GPU device driver" on the Docker host the log shows: Windows, WSL2, a daemon
that does not know the installed toolkit.

``could not select device driver "" with capabilities: [[gpu]]`` (moby daemon/nvidia_linux.go:
dockerd registers its "nvidia" device driver only when the toolkit's hook is on its PATH at
start) reads differently by where the daemon runs:

* Windows (a cmd/PowerShell prompt, "Windows 10/11", Docker Desktop named, nvidia-smi's WDDM
  driver model) and WSL2 with Docker Desktop's daemon: Docker Desktop gives containers a GPU
  only through its WSL 2 backend, from Docker Desktop 3.1.0 (its release notes, docker/docs#12096:
  "Add support for GPU workloads with WSL 2 backend"; docker/docs#19365), with a
  Windows NVIDIA driver that supports WSL; the NVIDIA Container Toolkit is a Linux package and
  ``sudo nvidia-ctk`` / ``systemctl`` on the Windows host do nothing (NVIDIA/nvidia-docker#1352:
  Windows 10, driver 451.67; docker/for-win#7581: Docker Desktop 2.3.0.3 under WSL 2, answered
  with Docker CE inside the distribution started by ``sudo service docker start``).
  "docker: unrecognized service" there means no Docker Engine in the distribution: the CLI
  talks to Docker Desktop.
* Docker Engine inside WSL2 (no Docker Desktop named): the toolkit belongs in the distribution
  (NVIDIA's CUDA on WSL guide), and a distribution without systemd (WSL before systemd=true in
  /etc/wsl.conf) restarts the daemon with ``service``, not ``systemctl``.
* The log saying the toolkit is already installed (gazebo-tooling/gzdev#97: it was set up for
  the rootful daemon only): the daemon in use does not know it: not restarted since, configured
  for the other daemon (rootless dockerd reads ~/.config/docker/daemon.json: NVIDIA's install
  guide, "Rootless mode": ``nvidia-ctk runtime configure --runtime=docker
  --config=$HOME/.config/docker/daemon.json``, ``systemctl --user restart docker``,
  ``sudo nvidia-ctk config --set nvidia-container-cli.no-cgroups --in-place``; moby/moby#47676),
  or the CLI's context names another daemon.
* macOS (a Mac's prompt or macOS named) and Docker Desktop for Linux (named "for Linux", or
  its context desktop-linux, on a Linux host): Docker's own page says "Currently GPU support
  in Docker Desktop is only available on Windows with the WSL2 backend"
  (docker/docs@06acc91474c53fe5d452d08d3a793e0d5b0a41e8 content/manuals/desktop/features/
  gpu.md). A Mac has no NVIDIA GPU for containers at all (TensorFlow on Apple silicon uses
  tensorflow-metal outside Docker); Docker Desktop for Linux runs its daemon in a VM that does
  not see the host's driver (platform fact docker-desktop-linux-no-gpus), so the toolkit goes
  with Docker Engine on the host (review b48a P10).
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: "Docker Desktop ... for Linux" in the user's words (Docker Desktop 4.26.1 for Linux).
_FOR_LINUX = re.compile(r"(?i)\bDocker Desktop\b(?:[^.;\n]|\.\d){0,40}\bfor Linux\b")
#: Docker Desktop's first release with GPU support (its WSL 2 backend; docker/docs#19365).
_DESKTOP_GPU_FIRST = (3, 1, 0)


def _vt(v: str) -> tuple[int, ...]:
    return tuple(int(p) for p in v.split(".") if p.isdigit())


def windows_docker(f: Facts) -> tuple[list[Hit], list[Hit]]:
    """``(windows, desktop)``: the log's lines that show Docker on Windows (a cmd/PowerShell
    prompt, or a Windows OS reading with "Windows 10/11" / WDDM / Docker Desktop words) and
    those that name Docker Desktop (for Windows or its WSL 2 integration)."""
    words = f.h("ctx.docker_windows").all()
    desktop = [h for h in words if not h.g("win") and not h.g("wddm")]
    shell = f.h("eco.windows_shell").all()
    win = shell or (list(words) if f.windows and not f.wsl else [])
    return win, desktop


def desktop_reading(f: Facts, sel: list[Hit]) -> Finding | None:
    """``docker-desktop-gpu-needs-wsl2`` for the "no GPU device driver" lines ``sel``: the
    base row on Windows, variant ``wsl`` in WSL2 where the log names Docker Desktop; ``None``
    on any other host."""
    win, desktop = windows_docker(f)
    if f.wsl and desktop:
        v = next((h.g("v") for h in desktop if h.g("v")), None)
        old = v is not None and _vt(v) < _DESKTOP_GPU_FIRST
        service = f.h("ctx.docker_no_service").all()
        why = ("The docker command in this WSL 2 distribution talks to Docker Desktop's daemon "
               f"({'Docker Desktop ' + v if v else 'Docker Desktop'}, named in the log"
               + (f"; 'docker: unrecognized service' at line {service[0].line}: no Docker "
                  "Engine is installed in the distribution" if service else "")
               + "), and that daemon has no device driver for the 'gpu' capability. Docker "
               "Desktop gives containers a GPU only through its WSL 2 backend, from Docker "
               "Desktop 3.1.0 (docker/docs#19365), with a Windows NVIDIA driver that supports "
               "WSL"
               + (f": {v} predates that, so no setting of it helps; update Docker Desktop"
                  if old else "")
               + ". The NVIDIA Container Toolkit commands (nvidia-ctk, systemctl) configure a "
               "Docker Engine inside Linux, not Docker Desktop. The other route is Docker "
               "Engine installed inside the distribution with the toolkit, started with 'sudo "
               "service docker start' where the distribution runs without systemd "
               "(docker/for-win#7581).")
        return catalogue.make(
            "docker-desktop-gpu-needs-wsl2", variant="wsl",
            at=f" ({v}, before 3.1.0)" if old else "",
            why=why, evidence=log_evidence(sel, desktop[:1], service[:1]))
    if win and not f.wsl:
        return catalogue.make("docker-desktop-gpu-needs-wsl2",
                              evidence=log_evidence(sel, win[:1]))
    if f.wsl or f.windows:
        return None
    if f.os == "macos":
        mac = f.h("ctx.macos").first[:1] or desktop[:1]
        return catalogue.make("docker-desktop-gpu-needs-wsl2", variant="macos",
                              evidence=log_evidence(sel, mac))
    on_linux = [h for h in desktop if _FOR_LINUX.search(h.text)] or (
        desktop if f.os == "linux" else [])
    named = f.h("docker.desktop_linux").all() or on_linux
    if named:
        fact = f.kb.platform_fact("docker-desktop-linux-no-gpus")
        return catalogue.make("docker-desktop-gpu-needs-wsl2", variant="desktop-linux",
                              ref=fact.ref, knowledge_ref=fact.ref,
                              evidence=log_evidence(sel, named[:1]))
    return None


def toolkit_not_registered(f: Facts, sel: list[Hit], said: list[Hit]) -> Finding:
    """``docker-nvidia-container-toolkit-missing``: variant ``installed`` when the log says the
    toolkit is installed (lead with registering it with the daemon in use), else ``wsl``
    (Docker Engine inside WSL2: the toolkit in the distribution, ``service`` to restart)."""
    if said:
        return catalogue.make(
            "docker-nvidia-container-toolkit-missing", variant="installed",
            line=str(said[0].line), evidence=log_evidence(sel, said[:1]))
    return catalogue.make(
        "docker-nvidia-container-toolkit-missing", variant="wsl",
        evidence=log_evidence(sel, f.h("ctx.wsl").first[:1]))


#: The GPU symptoms an emulated container shows (no driver library, cuInit failing, no GPU
#: listed, a --gpus run, nvidia-smi finding no driver, no device node, the NGC banner).
_GPU_SYMPTOMS = ("lib.missing", "cuinit", "gpu.empty_list", "docker.gpus_cmd",
                 "docker.no_gpu_driver", "diag.no_device_node", "container.ngc_no_driver",
                 "smi.no_driver")


def _cpu_family(platform: str) -> str | None:
    """``x86``, ``arm`` or ``None`` (another or unknown) for a Docker platform string."""
    p = platform.lower()
    return ("x86" if re.search(r"amd64|386|x86", p) else
            "arm" if re.search(r"arm|aarch64", p) else None)


def image_platform_mismatch(f: Facts) -> Finding | None:
    """``docker-image-other-platform``: Docker's warning "The requested image's platform
    (linux/arm64) does not match the detected host platform (linux/amd64/v4)" (moby
    daemon/create.go; pattern ``ctx.emulated``) beside a GPU symptom, with no GPU device
    created: the container runs under QEMU's user-mode emulation, where the host driver's
    libraries the NVIDIA Container Toolkit mounts (built for the host's CPU) cannot load, so
    no GPU flag helps (review b48a P11). An l4t- image is a Jetson's (Tegra GPU, JetPack)."""
    if f.h("gpu.created").count or not any(f.h(n).count for n in _GPU_SYMPTOMS):
        return None
    for h in f.h("ctx.emulated").all():
        image, host = h.g("image"), h.g("host")
        if image is None or host is None:
            continue
        a, b = _cpu_family(image), _cpu_family(host)
        if a is None or b is None or a == b:
            continue
        runs = [r for r in f.h("eco.docker_run").all() if re.search(r"\bl4t-|\bdustynv/", r.text)]
        return catalogue.make(
            "docker-image-other-platform", image=image, host=host,
            jetson=(" The image is an NVIDIA L4T (Jetson) image: it is built for a Jetson's "
                    "on-chip GPU and its JetPack release, and gets a GPU only on a Jetson."
                    if runs else ""),
            evidence=log_evidence([h], runs[:1]))
    return None
