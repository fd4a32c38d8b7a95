"""Fault kind CONTAINERS: Docker and the NVIDIA Container Toolkit.

The messages come from Docker (moby ``daemon/errors.go``, ``runtime_unix.go``, the CLI's
``--gpus`` flag), libnvidia-container (``nvidia-container-cli: initialization error``), the
NGC images' start-up banner and TensorFlow's ``cuda_diagnostics.cc`` (``/dev/nvidia0 does not
exist``); ``knowledge/data/messages_ecosystem.toml`` lists them with their sources, and
``platform_facts:docker-gpu-images`` states what the TensorFlow GPU images need (the host
driver plus the Container Toolkit, ``--gpus all``).
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._common import E, W
from tfgpu.diagnosis.checks._common import from_log as c_from_log
from tfgpu.diagnosis.checks.docker_hosts import (
    image_platform_mismatch,
    toolkit_not_registered,
    windows_docker,
)
from tfgpu.facts.log import Hit, Hits
from tfgpu.facts.presence import driver_serves
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Evidence, Finding
from tfgpu.knowledge import KnowledgeQueryError, docs
from tfgpu.knowledge.containers import OTHER_ENGINE_GPU_ACCESS, container_gpu_access

_TOOLKIT_INSTALL = (
    "# install the NVIDIA Container Toolkit on the host: " + docs.url("nvidia-container-toolkit"),
    "sudo nvidia-ctk runtime configure --runtime=docker",
    "sudo systemctl restart docker",
    "docker run --rm --gpus all ubuntu nvidia-smi   # must print the GPU table",
)


def docker_errors(f: Facts) -> list[Finding]:
    """Docker refusing GPU access: no Container Toolkit (``could not select device driver ""
    with capabilities: [[gpu]]``), no ``nvidia`` runtime registered, a Docker without
    ``--gpus`` (before 19.03), ``nvidia-container-cli`` finding no driver on the host, or no
    ``nvidia-docker`` command (the retired wrapper: variant ``wrapper-missing``)."""
    out: list[Finding] = []
    # an image of another CPU than the host's, emulated: no GPU flag helps (docker_hosts.py)
    emulated = image_platform_mismatch(f)
    if emulated is not None:
        out.append(emulated)
    hits = f.h("docker.no_gpu_driver")
    if hits.count:
        # a Docker installed as a snap gives the same words with the toolkit
        # installed (platform fact docker-snap-no-gpus: NVIDIA/nvidia-docker#1642, #1311)
        snap = f.h("docker.snap")
        fact = f.kb.platform_fact("docker-snap-no-gpus")
        said = f.h("ctx.toolkit_installed_said").all()
        if not snap.count and (said or f.wsl):
            # the log says the toolkit is installed (the daemon in use does not know it), or
            # Docker Engine inside WSL2 (no systemctl there): docker_hosts.py
            out.append(toolkit_not_registered(f, hits.all(), said))
        elif snap.count:
            # a snap: the variant's own lines (canonical/docker-snap's NVIDIA support)
            out.append(catalogue.make(
                "docker-nvidia-container-toolkit-missing", variant="snap", ref=fact.ref,
                evidence=log_evidence(hits, snap.first[:1]), knowledge_ref=fact.ref))
        elif f.h("ctx.docker_rootless").count:
            # rootless Docker: the per-user daemon's own daemon.json and service, and no
            # cgroup setup by the toolkit (NVIDIA Container Toolkit install guide, "Rootless
            # mode"; nvidia-ctk config --set, NVIDIA/nvidia-container-toolkit cmd/nvidia-ctk)
            out.append(catalogue.make(
                "docker-nvidia-container-toolkit-missing", ref=fact.ref,
                evidence=log_evidence(hits, f.h("ctx.docker_rootless").first[:1]),
                fix=(_TOOLKIT_INSTALL[0],
                     "nvidia-ctk runtime configure --runtime=docker "
                     "--config=$HOME/.config/docker/daemon.json   # rootless: the per-user "
                     "daemon's configuration, not /etc/docker/daemon.json",
                     "systemctl --user restart docker   # the rootless daemon is a user "
                     "service",
                     "sudo nvidia-ctk config --set nvidia-container-cli.no-cgroups --in-place"
                     "   # a rootless daemon cannot set up device cgroups",
                     _TOOLKIT_INSTALL[3]),
                knowledge_ref=fact.ref))
        else:
            out.append(catalogue.make(
                "docker-nvidia-container-toolkit-missing", ref=fact.ref,
                evidence=log_evidence(hits),
                fix=(*_TOOLKIT_INSTALL,
                     "snap list docker 2>/dev/null   # a snap Docker: its dockerd does not use "
                     "the host's toolkit (see the snap reading of this finding)"),
                knowledge_ref=fact.ref))
    hits = f.h("docker.no_runtime")
    if hits.count:
        out.append(catalogue.make(
            "docker-nvidia-runtime-not-configured", evidence=log_evidence(hits)))
    hits = f.h("docker.nvidia_program_missing")
    if hits.count:
        h = hits.first[0]
        out.append(catalogue.make(
            "docker-nvidia-container-toolkit-missing", variant="program-missing",
            program=h.g("prog") or h.g("prog2") or "nvidia-container-runtime",
            evidence=log_evidence(hits)))
    hits = f.h("docker.nvidia_docker_missing")
    # a later GPU container command (nvidia-docker installed since, or docker run --gpus
    # used instead), or a GPU device created later in the same output (the message came from
    # a script inside a container that has its GPU): not the fault of this log
    ran_later = hits.count and any(
        h.line > hits.all()[-1].line
        for h in (*f.h("docker.gpus_cmd").all(), *f.h("gpu.created").all()))
    if hits.count and not ran_later:
        out.append(catalogue.make(
            "docker-nvidia-container-toolkit-missing", variant="wrapper-missing",
            evidence=log_evidence(hits),
            fix=(*_TOOLKIT_INSTALL,
                 "# then start GPU containers with docker run --gpus all IMAGE ... where a "
                 "script says nvidia-docker run IMAGE ...")))
    hits = f.h("docker.no_gpus_flag")
    if hits.count:
        fact = f.kb.platform_fact("docker-gpu-images")
        # Docker on Windows, or Docker Desktop's daemon in WSL 2: update Docker Desktop
        # (its GPU support, the WSL 2 backend, from 3.1.0), not a Linux Docker package
        win, desktop = windows_docker(f)
        on_windows = bool(win) or (f.wsl and bool(desktop))
        podman = f.h("ctx.podman_named").first
        if podman and not on_windows:
            # the "docker" that rejected --gpus is podman (podman-docker): no Docker
            # release applies (findings.toml variant podman: podman's release notes)
            out.append(catalogue.make(
                "docker-too-old-for-gpus", variant="podman",
                evidence=log_evidence(hits, podman[:1])))
        else:
            out.append(catalogue.make(
                "docker-too-old-for-gpus", variant="docker-desktop" if on_windows else None,
                ref=fact.ref,
                evidence=log_evidence(hits, (win or desktop)[:1] if on_windows else []),
                knowledge_ref=fact.ref))
    hits = f.h("docker.nvc_init")
    if hits.count:
        detail = hits.first[0].g("detail") or "initialization error"
        fix: tuple[str, ...] = (
            ("# on WSL2 the driver is the Windows NVIDIA driver: install or update it on "
             f"Windows ({docs.url('cuda-wsl-guide')}); never a Linux driver inside WSL",
             "nvidia-smi   # inside WSL2, must print the GPU table")
            if f.wsl else
            ("nvidia-smi   # on the host: must print the GPU table before any container can "
             "use the GPU",
             "lsmod | grep nvidia; sudo dmesg | grep -i -E 'nvrm|nvidia' | tail",
             "# install the NVIDIA driver (or rebuild its module for this kernel), then "
             "reboot"))
        # NVML's library missing is not a kernel module left unloaded (see the
        # variant's comment in findings.toml): name the toolkit's driver root and loader cache
        library = "load library failed" in hits.first[0].text and not f.wsl
        # the daemon itself does not run on the host: a snap Docker or Docker Desktop for
        # Linux's VM (platform facts docker-snap-no-gpus, docker-desktop-linux-no-gpus)
        # (not when the log shows the host's own driver failing, snap list finding no Docker
        # snap, or a Windows prompt: Docker Desktop there has its own GPU path, WSL2's)
        in_snap = [] if f.h("docker.snap_absent").count else f.h("docker.snap").all()
        in_desktop = [] if f.windows else f.h("docker.desktop_linux").all()
        host_fails = bool(f.h("smi.no_driver").count or any(
            "executable file" not in h.text for h in f.h("smi.not_found").all()))
        if library and not host_fails and (in_snap or in_desktop):
            fact = f.kb.platform_fact("docker-snap-no-gpus" if in_snap
                                      else "docker-desktop-linux-no-gpus")
            out.append(catalogue.make(
                "docker-nvidia-container-toolkit-missing",
                variant="snap-hook" if in_snap else "docker-desktop-linux",
                detail=detail, ref=fact.ref, knowledge_ref=fact.ref,
                evidence=log_evidence(hits, (in_snap or in_desktop)[:1]),
                fix=(("sudo snap remove docker   # the snap's dockerd cannot use the host "
                      "driver or the NVIDIA Container Toolkit",) if in_snap else
                     ("docker context use default   # the host's Docker Engine, if installed; "
                      "or quit Docker Desktop",))
                + ("# install Docker Engine (docker-ce) from Docker's repository, then the "
                   "NVIDIA Container Toolkit",
                   *_TOOLKIT_INSTALL[1:])))
            return out
        if library and f.windows:
            # Docker Desktop on Windows: its GPU path is the Windows driver through WSL2
            fix = ("nvidia-smi   # in PowerShell: the Windows NVIDIA driver must list the GPU; "
                   "update it if not",
                   "# Docker Desktop: Settings > General > Use the WSL 2 based engine (its only "
                   "engine with GPU support); then restart Docker Desktop",
                   "wsl --update   # a current WSL kernel")
        elif library:
            fix = ("nvidia-smi   # on the host: fails: install the NVIDIA driver there (its "
                   "user-space libraries, not only the kernel module), then sudo ldconfig",
                   "ldconfig -p | grep libnvidia-ml   # on the host: where the loader cache "
                   "finds it",
                   "docker context ls; snap list docker 2>/dev/null   # nvidia-smi works on "
                   "the host: desktop-linux current (Docker Desktop's VM) or a snap Docker "
                   "cannot see the host driver: use Docker Engine (docker-ce) from Docker's "
                   "repository",
                   "grep -n -E '^(root|ldconfig)' /etc/nvidia-container-runtime/config.toml   "
                   "# nvidia-smi works on the host: the driver root and ldconfig the toolkit "
                   "uses must point where the driver is; then restart the container runtime")
        out.append(catalogue.make(
            "docker-host-nvidia-driver-not-loaded", variant="library" if library else None,
            detail=detail, evidence=log_evidence(hits), fix=fix))
    return out


def container_without_gpu(f: Facts) -> list[Finding]:
    """A process that sees no GPU device although the driver library is there.

    * TensorFlow's ``cuda_diagnostics.cc`` says ``/dev/nvidia0 does not exist`` after
      ``cuInit`` failed: the device nodes are missing, which in a container means it was
      started without ``--gpus`` (or without the NVIDIA runtime).  The line comes only after
      ``/proc/driver/nvidia/version`` was found (``Diagnostician::LogDiagnosticInformation``,
      TF 1.x ``stream_executor/cuda`` through XLA ``stream_executor/cuda``), so the NVIDIA
      kernel module is loaded: on a bare host the device files were never created, which
      nvidia-modprobe (setuid root, run by the driver's user-space libraries) or a udev rule
      does (nvidia-modprobe(1)).
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
        return out  # the host's TensorFlow lists the GPU: host facts win
    sure = f.in_container or bool(banner.count)
    # the paste shows the container started with --gpus (or nvidia-docker run):
    # then GPU access WAS asked for; the banner means the driver was not mapped in, or, under
    # WSL2, the banner's own check misfires (NVIDIA/nvidia-container-toolkit#271); nvidia-smi
    # inside the container tells (platform fact ngc-banner-gpus-given)
    asked = f.h("docker.gpus_cmd").first
    if banner.count and asked and not nodes.count:
        fact = f.kb.platform_fact("ngc-banner-gpus-given")
        out.append(catalogue.make(
            "docker-run-without-gpus", variant="gpus-requested", ref=fact.ref,
            evidence=log_evidence(banner, asked[:1], libcuda[:1], cuinit.first[:1]),
            knowledge_ref=fact.ref,
        ))
        return out
    cause = (
        "the process has no NVIDIA device: "
        + (f"{nodes.first[0].g('node')} does not exist after cuInit failed"
           if nodes.count else "the NGC banner found no driver")
        + (" although libcuda.so.1 loaded" if libcuda else "")
        + ". In a container this means it was started without GPU access (no --gpus all, or "
        "the NVIDIA runtime is not used), so Docker passed no /dev/nvidia* device nodes in"
        + ("" if sure else
           "; if this is not a container, the NVIDIA kernel module is loaded (TensorFlow "
           "prints this line only after finding /proc/driver/nvidia/version) but the device "
           "files were never created: the driver's libraries create them through "
           "nvidia-modprobe (setuid root), so without it (or a udev rule) only a root process "
           "does")
        + "."
    )
    out.append(catalogue.make(
        "docker-run-without-gpus", variant=None if sure else "unsure",  # census-eco
        evidence=log_evidence(banner, libcuda[:1], cuinit.first[:1], nodes),
        cause=cause,
        fix=("docker run --gpus all ...   # start the container with GPU access",
             "docker run --rm --gpus all ubuntu nvidia-smi   # checks the Container Toolkit",
             "# not a container: ls -l /dev/nvidia*; sudo nvidia-modprobe -c 0 -u creates "
             "/dev/nvidia0 and /dev/nvidia-uvm (install the driver's nvidia-modprobe, or a udev "
             "rule, to have them made at boot)"),
    ))
    return out


#: Engines that give a container the GPU through the NVIDIA Container Toolkit (its
#: NVIDIA_DRIVER_CAPABILITIES decide which driver files come in: "utility" for nvidia-smi and
#: NVML, "compute" for CUDA; cmd/nvidia-container-runtime/README.md).
_TOOLKIT_ENGINES = ("docker", "podman", "kubernetes")


def container_without_driver(f: Facts, count: int,
                             ev: tuple[Evidence, ...]) -> list[Finding] | None:
    """The doctor inside a Linux container (:attr:`~tfgpu.facts.host.OSFacts.container`, with
    an engine) that sees ``count`` NVIDIA devices on the PCI bus (its host's) but neither NVML
    nor nvidia-smi.

    * The driver's libcuda.so.1 is there, or TensorFlow lists a GPU
      (:func:`driver_serves`): the GPU was passed, only the driver's tools were not;
      under the Container Toolkit's engines, ``container-driver-tools-missing`` (its
      NVIDIA_DRIVER_CAPABILITIES lack "utility"); elsewhere nothing (``[]``).
    * An engine with its own way to pass the GPU (platform fact ``container-markers``,
      ``gpu_access``): ``docker-run-without-gpus`` variant ``in-container``, the fix the
      container's start, never a driver installed inside it.
    * Another engine (LXC, systemd-nspawn...): variant ``in-container-other``, the host's device
      files and a user-space driver of the host's version, without a claim about how.

    Returns ``None`` outside a Linux container, on WSL (its own reading), without host facts
    or an engine: the caller's bare-host reading applies."""
    host = f.host
    if host is None or host.os.system != "Linux" or host.os.is_wsl:
        return None
    engine = host.os.container_engine
    if engine is None or host.os.container is None:
        return None
    fact = f.kb.platform_fact("container-markers")
    boxed = Evidence("os.container", host.os.container)
    served = driver_serves(host)
    if served is not None:
        if engine not in _TOOLKIT_ENGINES:
            return []
        return [catalogue.make(
            "container-driver-tools-missing", engine=engine, served=served,
            evidence=(boxed, Evidence("driver", served), *ev), knowledge_ref=fact.ref)]
    lines = container_gpu_access(f.kb, engine)
    return [catalogue.make(
        "docker-run-without-gpus", variant="in-container" if lines else "in-container-other",
        count=count, engine=engine, container=host.os.container,
        evidence=(boxed, *ev),
        fix=((*lines, "nvidia-smi   # on the host itself: it must list the GPU (if not, install "
              "the driver there, not in the container)") if lines else
             ("cat /proc/driver/nvidia/version   # on the host: the kernel module's version",
              OTHER_ENGINE_GPU_ACCESS,
              "nvidia-smi   # inside the container afterwards: it must list the GPU")),
        doc="apptainer-gpu" if engine in ("apptainer", "singularity") else None,
        knowledge_ref=fact.ref)]


# --- libnvidia-container driver/requirement errors, lost device access ------------------------


def nvidia_container_cli_driver_error(f: Facts) -> list[Finding]:
    """``nvidia-container-cli: initialization error: driver error: failed to process request``:
    libnvidia-container's driver service (``src/driver.c``) could not query the host driver
    (NVIDIA/nvidia-docker#1137, #1203: an old or half-upgraded host driver for the installed
    toolkit)."""
    return c_from_log(f, "docker.nvc_driver_error", lambda hits, first: catalogue.make(
        "docker-nvidia-container-cli-driver-error",
        detail=(first.g("detail") or "failed to process request").strip().rstrip("\\"),
        evidence=log_evidence(hits),
    ))


def cuda_image_tag_not_published(f: Facts) -> list[Finding]:
    """``cuda-image-tag-not-published``: docker (or buildkit) found no ``nvidia/cuda`` image
    under the tag asked for (pattern ``docker.cuda_tag_missing``); NVIDIA's support policy
    for its CUDA images deletes end-of-life tags (findings.toml)."""
    def make(hits: Hits, first: Hit) -> Finding:
        return catalogue.make("cuda-image-tag-not-published", ref=first.need("ref"),
                              tag=first.need("tag"),
                              evidence=log_evidence(hits, limit=2))
    return c_from_log(f, "docker.cuda_tag_missing", make)


def _repeated_suffix(tag: str) -> str | None:
    """The run of a tag's dash-separated parts that follows itself at its end, each part
    holding a letter (``latest-gpu-py3-jupyter-gpu-py3-jupyter`` -> ``gpu-py3-jupyter``; a
    date's ``2024-01-01`` is none), else ``None``."""
    parts = tag.split("-")
    for n in range(len(parts) // 2, 0, -1):
        run = parts[-n:]
        if run == parts[-2 * n:-n] and all(any(ch.isalpha() for ch in p) for p in run):
            return "-".join(run)
    return None


#: nvidia/cuda images (cuda_image_tag_not_published reads their missing tags).
_NVIDIA_CUDA = re.compile(r"(?:docker\.io/)?nvidia/cuda(?:gl)?:")


#: TensorFlow's retired image repository: gcr.io/tensorflow/tensorflow served the 2016 images
#: (tensorflow/tensorflow#3669: its tags stopped at 0.8 while the install guide still named it),
#: later removed (valohai/tensorflow-example#4, williamleif/GraphSAGE#40, 2018: "not served
#: from GCR anymore", switched to Docker Hub's tensorflow/tensorflow as the tools/docker README
#: recommended); TensorFlow's install guide (tensorflow.org/install/docker) names
#: tensorflow/tensorflow on Docker Hub.
_RETIRED_TF_REPO = re.compile(r"(?:https?://)?gcr\.io/tensorflow/tensorflow$")


#: tensorman (pop-os/tensorman), which builds tensorflow/tensorflow tags from its options.
_TENSORMAN = ", as tensorman's --gpu/--python3/--jupyter do beside its default"


def _tag_hit(h: Hit) -> tuple[str, str]:
    """(image reference, tag) of a ``docker.tag_missing`` hit, whichever wording."""
    if h.g("tag3"):
        return f"{h.need('repo3')}:{h.need('tag3')}", h.need("tag3")
    for ref, tag in (("refp", "tagp"), ("ref", "tag"), ("ref2", "tag2"), ("ref4", "tag4")):
        if h.g(ref):
            return h.need(ref), h.need(tag)
    return h.need("ref"), h.need("tag")


def image_tag_not_found(f: Facts) -> list[Finding]:
    """``docker-image-tag-not-found``: the registry has no image under the reference asked
    for (pattern ``docker.tag_missing``: docker's, BuildKit's, podman's and containerd's
    wordings; an nvidia/cuda tag is :func:`cuda_image_tag_not_published`'s). Variant
    ``platform`` for BuildKit's "no match for platform in manifest" (the tag exists, with no
    image for this machine's platform); ``repeated-suffix`` when the tag ends with one run of
    its parts twice (:func:`_repeated_suffix`): a script or tool added the variant suffixes a
    second time."""
    hits = [h for h in f.h("docker.tag_missing").all() if not _NVIDIA_CUDA.match(_tag_hit(h)[0])]
    if not hits:
        return _no_platform_manifest(f)
    h = hits[0]
    ref, tag = _tag_hit(h)
    repo = ref[: -len(tag) - 1]
    if h.g("plat"):
        return [catalogue.make(
            "docker-image-tag-not-found", variant="platform", ref=ref,
            evidence=log_evidence(hits, limit=2),
            fix=("uname -m   # this machine's CPU: arm64/aarch64 (Apple silicon, Graviton, "
                 "Jetson) where the image is published for amd64 only",
                 "# an image built for this platform (the repository's tag list shows the "
                 "platforms of each tag), or docker build --platform linux/amd64 ... to "
                 "emulate amd64 (slow, and no GPU under emulation)"))]
    if _RETIRED_TF_REPO.match(repo):
        return [catalogue.make(
            "docker-image-tag-not-found", variant="retired-repository", ref=ref, repo=repo,
            evidence=log_evidence(hits, limit=2),
            fix=(f"# replace {repo} with tensorflow/tensorflow (Docker Hub) in the Dockerfile's "
                 "FROM or the docker command: TensorFlow's images moved there",
                 "# tensorflow/tensorflow's latest tags are current TensorFlow 2 images: code "
                 "written for TensorFlow 1.x needs the tag of its own release (its tag list "
                 "on Docker Hub)"))]
    twice = _repeated_suffix(tag)
    fix = (f"# list the tags {repo} has (its registry page, or: skopeo list-tags "
           f"docker://{repo}) and use one of them",
           "# a tag named in a Dockerfile ARG or a script: correct it there; a project's own "
           "image that was never pushed: build it from the project's Dockerfile instead")
    if twice:
        return [catalogue.make(
            "docker-image-tag-not-found", variant="repeated-suffix", ref=ref, suffix=twice,
            evidence=log_evidence(hits, limit=2),
            fix=(f"# the parts that make the tag were given twice (a tool's saved default plus "
                 f"the command line{_TENSORMAN if repo.endswith('tensorflow/tensorflow') else ''}"
                 f"): give them once, so the tag ends in a single -{twice}", *fix))]
    return [catalogue.make(
        "docker-image-tag-not-found", ref=ref, evidence=log_evidence(hits, limit=2), fix=fix)]


def _no_platform_manifest(f: Facts) -> list[Finding]:
    """docker's daemon found the tag, but its manifest list has no image for the platform
    asked for (pattern ``docker.no_platform_manifest``: moby's "no matching manifest for
    <os>/<arch>[/<variant>] in the manifest list entries"). A ``windows`` platform is Docker
    Desktop in Windows-containers mode pulling a Linux image (variant
    ``windows-containers``); any other, variant ``platform`` with the image named on the lines
    before (``docker.pull_ref``: "Unable to find image '<ref>' locally", "<tag>: Pulling from
    <repository>"), or "The tag asked for" where the log names none."""
    hits = f.h("docker.no_platform_manifest").all()
    if not hits:
        return []
    h = hits[0]
    plat = h.need("plat")
    refs = [x for x in f.h("docker.pull_ref").all() if x.line <= h.line]
    ref = None
    if refs:
        r = refs[-1]
        ref = r.g("ref") or f"{r.need('repo')}:{r.need('tag')}"
    if h.need("os").lower() == "windows":
        return [catalogue.make(
            "docker-image-tag-not-found", variant="windows-containers",
            ref=ref or "the tag asked for", plat=plat, evidence=log_evidence(hits, limit=2),
            fix=("# Docker Desktop: right-click its tray icon > Switch to Linux containers..., "
                 "then pull again",
                 "& \"$Env:ProgramFiles\\Docker\\Docker\\DockerCli.exe\" -SwitchDaemon"
                 "   # the same from PowerShell (it toggles: run it once, then docker version "
                 "shows OS/Arch linux under Server)",
                 "# Windows Server's own Docker (no Docker Desktop) runs Windows containers "
                 "only: run Linux images on a Linux machine or VM"))]
    # the platform docker asked for is this machine's: name the other one to emulate
    other = "linux/arm64" if "amd64" in plat else "linux/amd64"
    return [catalogue.make(
        "docker-image-tag-not-found", variant="daemon-platform",
        ref=ref or "The tag asked for", plat=plat, evidence=log_evidence(hits, limit=2),
        fix=(f"docker manifest inspect {ref or 'IMAGE:TAG'} | grep -A3 platform   # the "
             "platforms the tag is published for",
             "# an image or tag built for this platform (the repository's tag list shows the "
             "platforms of each), or build it from its Dockerfile here",
             f"# or emulate: docker run/pull --platform {other} ... (compose: platform: "
             f"{other}), with QEMU's binfmt handlers installed; slow, and no GPU under "
             "emulation"))]


def _tesla_alternative_cuda(f: Facts, h: Hit) -> str | None:
    """``"cuda>=X"`` when the condition reported unmet is ``brand = tesla`` and the hook's
    ``--require=`` (on that line or up to twelve before: a wrapped paste) starts with
    ``cuda>=X``; ``None`` otherwise.  libnvidia-container
    (src/cli/dsl.c) reads the requirement as alternatives and reports the last one's failed
    condition: ``cuda>=X`` failed first, and ``brand=tesla,driver>=...`` is the datacenter
    driver's exception that a GeForce or Quadro never meets.  ``tesla`` is a brand every
    toolkit release knows, so no old toolkit misread it (NVIDIA/nvidia-docker#931: a CUDA 10.0
    TensorFlow Serving image on driver 390)."""
    if (h.g("key") or "").lower() != "brand":
        return None
    if "tesla" not in (h.g("cond") or "").lower().replace(" ", ""):
        return None
    # the hook's command line (pattern docker.nvc_require_cuda), on the requirement's own line
    # or (a wrapped paste) on one of the lines before it within its message
    near = [x for x in f.h("docker.nvc_require_cuda").all() if h.line - 12 <= x.line <= h.line]
    return f"cuda>={near[-1].g('v')}" if near else None


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(x) for x in text.split(".") if x.isdigit())


def _driver_cuda_shown(f: Facts, need: str) -> tuple[str, Hit] | None:
    """``(CUDA version, line)``: the CUDA version the driver supports as the same log prints
    it (nvidia-smi's header "CUDA Version: X.Y", pattern ``smi.driver``; deviceQuery's "CUDA
    Driver Version / Runtime Version X.Y / ...", ``ctx.devicequery_versions``) when it is at
    least ``need``; ``None`` when the log shows none, or one below ``need``."""
    shown: list[tuple[str, Hit]] = [
        (v, h) for h in f.h("smi.driver").all() if (v := h.g("cuda"))]
    shown += [(v, h) for h in f.h("ctx.devicequery_versions").all() if (v := h.g("drv"))]
    if not shown or any(_version(v) < _version(need) for v, _ in shown):
        return None  # none shown, or one that is too old: the requirement's plain reading
    return shown[0]


def _requirement_met_by_shown_driver(f: Facts, hits: list[Hit], cond: str, need: str,
                                     shown: str, line: Hit) -> Finding:
    """``docker-image-cuda-newer-than-host-driver`` variant ``driver-meets-requirement``:
    nvidia-container-cli refused ``cuda>=need`` although the log shows the driver supporting
    CUDA ``shown >= need``.  NVIDIA/nvidia-container-toolkit#148 (= NVIDIA/nvidia-docker#1409,
    "nvidia-container-cli reports incorrect CUDA driver version on WSL2": nvidia-container-cli
    info printed CUDA 11.0 where nvidia-smi printed 11.2, and cuda>=11.1 images were refused)
    and microsoft/WSL#6773 (deviceQuery "11.3 / 11.2", refused cuda>=11.2): the toolkit
    misread the driver, so a driver update is no fix; ``NVIDIA_DISABLE_REQUIRE=1`` skips the
    check (smallcloudai/refact#368: toolkit 1.15.0-rc.3 on WSL2, cuda>=11.8 refused, the
    variable let it start; facefusion/facefusion-docker#41 sets it for the same bug).  The
    log's nvidia-smi may also come from another machine or an earlier driver: hedged."""
    where = ("on WSL2, " if f.wsl else "")
    return catalogue.make(
        "docker-image-cuda-newer-than-host-driver", variant="driver-meets-requirement",
        cond=cond, shown=shown, evidence=log_evidence(hits, [line]),
        cause=(f"The image declares {cond} (its NVIDIA_REQUIRE_CUDA) and the NVIDIA "
               f"Container Toolkit's nvidia-container-cli refused to start it, saying the "
               f"driver is too old; yet this log shows the driver supporting CUDA {shown} "
               f"({line.text.strip()[:80]}), which meets {cond}. Then the driver is not what "
               f"is too old: nvidia-container-cli read a lower CUDA version from it than CUDA "
               f"itself does. NVIDIA tracks this {where}as 'nvidia-container-cli reports "
               "incorrect CUDA driver version on WSL2' (NVIDIA/nvidia-container-toolkit#148): "
               "there it refused images that the driver runs. Unless the nvidia-smi or "
               "deviceQuery lines above come from another machine or from before a driver "
               "change, a driver update will not help."),
        fix=("nvidia-container-cli info   # the CUDA version the toolkit reads: lower than "
             f"{shown}: the misreading",
             "docker run -e NVIDIA_DISABLE_REQUIRE=1 ...   # skips the image's "
             "NVIDIA_REQUIRE_* check (NVIDIA Container Toolkit); safe here only because the "
             f"driver's CUDA {shown} meets {cond}",
             "# or update the NVIDIA Container Toolkit (libnvidia-container), then sudo "
             "systemctl restart docker; NVIDIA's issue closed without naming a fixed "
             "release, so check nvidia-container-cli info again after the update"),
    )


def image_cuda_newer_than_driver(f: Facts) -> list[Finding]:
    """``requirement error: unsatisfied condition: cuda>=12.2, please update your driver``:
    the image's ``NVIDIA_REQUIRE_CUDA`` is above the CUDA version the host driver supports
    (libnvidia-container ``src/cli/dsl.c``).  The driver that CUDA needs is the toolkit's
    own minimum in ``cuda_min_driver.toml`` (:meth:`Knowledge.min_driver` with
    ``ptx_jit=True``: the requirement check compares the driver's CUDA version, not the
    minor-version-compatibility floor).  When that floor is lower (CUDA 11+), the cause
    states it and the fix offers ``NVIDIA_DISABLE_REQUIRE=true`` (nvidia-container-toolkit
    ``internal/config/image/envvars.go``, runtime README "NVIDIA_DISABLE_REQUIRE": a single
    switch that disables all ``NVIDIA_REQUIRE_*`` constraints) with its caveat."""
    hits = [h for h in f.h("docker.nvc_requirement").all()
            if (h.g("key") or "").lower() == "cuda"]  # brand/driver/arch: see below
    tesla = [h for h in f.h("docker.nvc_requirement").all() if _tesla_alternative_cuda(f, h)]
    # nvidia-docker 1.0's check of the image's com.nvidia.cuda.version label: the same fault
    v1 = f.h("docker.nvd1_cuda_version").all()
    legacy = not hits and bool(v1)
    if legacy:
        hits = v1
    if not hits and tesla:
        hits = tesla
    if not hits:
        return []
    cond = (f"cuda>={v1[0].g('need')}" if legacy else _tesla_alternative_cuda(f, hits[0])
            or hits[0].g("cond")) or "a newer CUDA"
    m = re.search(r"cuda\s*>=?\s*(\d+\.\d+)", cond)
    need = m.group(1) if m else None
    minimum = None
    if need is not None:
        try:
            minimum = f.kb.min_driver(need, "wsl2" if f.wsl else "linux", ptx_jit=True)
        except KnowledgeQueryError:
            minimum = None
    compat = None  # the minor-version-compatibility floor (ptx_jit=False)
    if need is not None:
        try:
            compat = f.kb.min_driver(need, "wsl2" if f.wsl else "linux")
        except KnowledgeQueryError:
            compat = None
    if compat is not None and minimum is not None and compat.version == minimum.version:
        compat = None
    have = f.driver_version
    if need is not None and not legacy:
        shown = _driver_cuda_shown(f, need)
        if shown is not None:
            return [_requirement_met_by_shown_driver(f, hits, cond, need, *shown)]
    if legacy:
        compat = None  # nvidia-docker 1.0 has no switch to skip its check
    cause = ((f"The image's com.nvidia.cuda.version label asks for CUDA {need}, and nvidia-docker "
              f"1.0 checks it against the CUDA version the host driver supports (CUDA "
              f"{v1[0].g('have')})" if legacy else
              f"The image declares {cond} (its NVIDIA_REQUIRE_CUDA), and the Container Toolkit "
              "checks it against the CUDA version the host driver supports")
             + (f" (driver {have})" if have else "")
             + ": the driver is older. "
             + (f"CUDA {need} needs driver {minimum.version} or newer (knowledge row "
                f"{minimum.row.ref})." if minimum is not None else
                "The CUDA release notes list the driver each CUDA version needs.")
             + " The image's CUDA, not TensorFlow's, sets this floor."
             + (f" The check is stricter than CUDA itself: with minor-version compatibility "
                f"a CUDA {need} application runs on driver {compat.version} or newer "
                f"(knowledge row {compat.row.ref}) unless it JIT-compiles newer PTX."
                if compat is not None else ""))
    floor = minimum.version if minimum is not None else "one that supports " + cond
    fix = (f"# update the {'Windows ' if f.wsl else 'host '}NVIDIA driver to {floor} or newer",
           "nvidia-smi   # the CUDA Version it prints must be >= " + (need or "the image's"),
           "# or use an image built for an older CUDA (an older tag of the image, e.g. a "
           "tensorflow/tensorflow:<older version>-gpu)",
           *((f"docker run -e NVIDIA_DISABLE_REQUIRE=true ...   # skips the image's "
              f"NVIDIA_REQUIRE_* check (NVIDIA Container Toolkit); only if the driver is >= "
              f"{compat.version}: the check no longer protects you, and PTX JIT or newer CUDA "
              "features can still fail at run time",) if compat is not None else ()))
    return [catalogue.make(
        "docker-image-cuda-newer-than-host-driver", cond=cond, evidence=log_evidence(hits),
        cause=cause, fix=fix,
        knowledge_ref=minimum.row.ref if minimum is not None else None,
    )]


#: A shell prompt's user@host: (bash's default PS1), and the host names that are not a bare
#: machine's: Docker's 12-hex container id, Windows' DESKTOP-/LAPTOP- names (WSL2), a
#: Kubernetes pod's <deployment>-<replicaset hash>-<5> / <job>-<5> (the same list as
#: checks/driver.py _NOT_BARE_HOST).
_PROMPT_HOST = re.compile(r"^\s*(?:\([\w.-]{1,40}\)\s*)?[A-Za-z_][\w.-]{0,31}"
                          r"@(?P<host>[\w.-]{1,80}):")
_NOT_A_BARE_HOST = re.compile(r"^[0-9a-f]{12}$|^(?:DESKTOP|LAPTOP)-[A-Z0-9]{4,}$"
                              r"|-[a-z0-9]{8,10}-[a-z0-9]{5}$|^[a-z0-9-]+-(?=[a-z0-9]*\d)[a-z0-9]{5}$")


def _host_prompt(f: Facts) -> tuple[str, Hit] | None:
    """``(host name, prompt line)``: a shell prompt (pattern ``ctx.shell_prompt``) of a named
    machine that is not a container's or a pod's (:data:`_NOT_A_BARE_HOST`), when the log
    shows no container otherwise; else ``None``."""
    if f.in_container or any(f.h(n).count for n in ("docker.run_cmd", "eco.docker_run",
                                                      "container.hostname")):
        return None
    for h in f.h("ctx.shell_prompt").all():
        m = _PROMPT_HOST.match(h.text)
        if m is not None and not _NOT_A_BARE_HOST.search(m.group("host")):
            return m.group("host"), h
    return None


def container_lost_gpu_access(f: Facts) -> list[Finding]:
    """``Failed to initialize NVML: Unknown Error`` (and cuInit's ``CUDA_ERROR_UNKNOWN``) in a
    container that had the GPU: its device cgroup was rewritten without the NVIDIA devices.
    Triggers: with the systemd cgroup driver a ``systemctl daemon-reload`` on the host
    (NVIDIA/nvidia-container-toolkit#48, fix: ``nvidia-ctk system create-dev-char-symlinks``);
    the kubelet's ``--cpu-manager-policy=static`` (NVIDIA/nvidia-docker#966 =
    kubernetes/kubernetes#77073: strace EPERM on /dev/nvidiactl, no ``c 195:*`` in
    devices.list; fix: NVIDIA's k8s-device-plugin with ``--pass-device-specs``, its README's
    "compatibility for the CPUManager static policy", v0.7.0).  The log rarely shows which.

    An error when the log shows a container, or a failed cuInit beside NVML's line (CUDA has
    no GPU in that process either way; the row supersedes the cuInit finding, whose generic
    causes, CUDA_VISIBLE_DEVICES first, do not apply: NVML does not read that variable).
    Without a container shown, variant ``maybe-container`` says so in its title."""
    hits = f.h("eco.nvml_unknown").all()
    if not hits:
        return []
    prompt = f.h("ctx.container_prompt").all()
    sure = f.in_container or bool(prompt)
    if f.wsl and not sure:
        return []  # WSL2's NVML (the Windows driver): not the container cgroup fault
    if all(h.g("py") for h in hits) and (f.h("gpu.created").count or f.tf_gpu_listed
                                         or f.host_gpu_works):
        return []  # one NVML query failed in a run whose GPU works (a monitor's fan read)
    host = None if sure or f.windows else _host_prompt(f)
    if not sure and (f.windows or host is not None or all(h.g("py") for h in hits)):
        # native Windows has no such container; a Python program's pynvml error with no
        # container shown is as likely a host whose driver broke (after an update); a shell
        # prompt of a named host (me@workstation:~$) shows no container (review 49b item 11)
        return [catalogue.make(
            "nvidia-driver-error", variant="nvml-unknown",
            where=(" on this Windows host" if f.windows else
                   f" on the host {host[0]} (its prompt, line {host[1].line})" if host else ""),
            # faceswap's FaceswapError wrapping the same NVMLError_Unknown (the traceback's
            # last exception): the same failure (review b50b P8)
            evidence=log_evidence(hits, [host[1]] if host else [],
                                  [h for h in f.h("nvml.init_failed").all()
                                   if (h.g("err") or "").strip() == "Unknown Error"][:1]),
            fix=(("sudo reboot   # a bare host: a driver left in a bad state (a driver or "
                  "kernel update not followed by a reboot) comes back; then nvidia-smi again",
                  "sudo dmesg | grep -i -E 'NVRM|Xid'   # the driver's own errors: Xid 79 (the "
                  "GPU fell off the bus) is hardware or power, not the install")
                 if host else
                 ("nvidia-smi   # the same NVML call: 'Unknown Error' again means the driver "
                  "is broken",)) + (
                 "# reinstall the NVIDIA driver cleanly (Windows: NVIDIA's installer, 'Custom' "
                 "then 'Perform a clean installation'; Linux: the distribution's driver "
                 "packages) and reboot: " + docs.url("nvidia-drivers"),
                 "# inside a container: docker-container-lost-gpu-access (restart the "
                 "container; a host daemon-reload removed its GPU devices)"),
        )]
    cuinit = f.h("cuinit").first[:1]
    code = (cuinit[0].g("name") or cuinit[0].g("text") or "an error") if cuinit else ""
    fails = (f"NVML fails with 'Unknown Error' and cuInit with {code}" if cuinit
             else "NVML fails with 'Unknown Error'")
    cause = (fails + " inside "
             + ("this container" if sure else "what looks like a container (if this is a bare "
                "host instead, the driver is wedged: reboot)")
             + ". The usual mechanism: something on the host rewrote the container's device "
             "cgroup and left out the NVIDIA devices (/dev/nvidiactl, /dev/nvidia*: opening "
             "them fails with EPERM, and the cgroup's devices.list has no 'c 195:*' entry); "
             "the container keeps running but has lost the GPU, and TensorFlow in it sees "
             "none. Two known triggers, each with its own fix: a systemctl daemon-reload on "
             "the host under runc's systemd cgroup driver (package upgrades run one), because "
             "the NVIDIA device nodes have no /dev/char symlinks (NVIDIA's notice); and, in "
             "Kubernetes, the kubelet's static CPU manager policy (--cpu-manager-policy="
             "static), which updates running containers' resources through the container "
             "runtime (NVIDIA/nvidia-docker#966, "
             "kubernetes/kubernetes#77073). The log does not say which one ran here."
             + (" nvidia-smi (NVML) does not read CUDA_VISIBLE_DEVICES, so that variable is not "
                "why the GPU is missing." if cuinit else ""))
    return [catalogue.make(
        "docker-container-lost-gpu-access", severity=E if sure or cuinit else W,
        variant=None if sure else "maybe-container",
        evidence=log_evidence(hits, prompt[:1], cuinit), cause=cause,
    )]


def container_driver_without_device(f: Facts) -> list[Finding]:
    """cuInit's ``CUDA_ERROR_NO_DEVICE`` in a container whose libcuda loaded (cuda_diagnostics'
    ``libcuda reported version is: X``: the driver's user-space library, which the NVIDIA
    runtime mounts from the host; an image's own compat libcuda of another version than the
    kernel module is nvidia-driver-library-mismatch's reading, not this one's) ->
    ``docker-container-lost-gpu-access`` variant ``driver-without-device``,
    a warning: the runtime gave the driver without a GPU (``NVIDIA_VISIBLE_DEVICES=none``:
    "No GPU is accessible, but driver capabilities are enabled", NVIDIA Container Toolkit
    documentation, Specialized Configurations with Docker), or the container lost its device
    access (NVIDIA/nvidia-container-toolkit#48); the log does not say which.

    The container shows as :attr:`Facts.in_container`, Docker's 12-hex-digit host name in
    cuda_diagnostics' lines, or a container prompt.  Nothing under WSL, when NVML's
    'Unknown Error' is in the log (:func:`container_lost_gpu_access` reads it), or when the
    diagnostics say the kernel module or the device nodes are missing (their own findings),
    when the log sets CUDA_VISIBLE_DEVICES, or when libcuda's and the kernel module's
    versions differ.
    """
    hits = [h for h in f.h("cuinit").all()
            if h.g("name") == "CUDA_ERROR_NO_DEVICE" or h.g("code") == "100"]
    libcuda = f.h("driver.libcuda").all()
    if not hits or not libcuda or f.wsl or f.wsl1 or f.h("eco.nvml_unknown").count:
        return []
    if f.h("diag.kernel_not_running").count or f.h("diag.no_device_node").count:
        return []
    if f.h("ctx.cvd_set").count:
        return []  # the log sets CUDA_VISIBLE_DEVICES: its own reading hides the GPU
    kernel = f.h("driver.kernel").first
    if kernel and kernel[0].g("v") != libcuda[0].g("v"):
        return []  # libcuda and the kernel module differ: nvidia-driver-library-mismatch
    shown = [*f.h("container.hostname").all(), *f.h("ctx.container_prompt").all()]
    if not (f.in_container or shown):
        return []
    name = shown[0].g("id") if shown and shown[0].g("id") else None
    where = (f"host name {name}, a Docker container id" if name
             else "the log shows a container")
    return [catalogue.make(
        "docker-container-lost-gpu-access", variant="driver-without-device", severity=W,
        where=where, version=libcuda[0].g("v") or "?",
        evidence=log_evidence(hits[:1], libcuda[:1], shown[:1]),
    )]


# --- ---------------------------------------------------------------------------------


def image_requirement_unsatisfied(f: Facts) -> list[Finding]:
    """``requirement error: unsatisfied condition: brand = tesla`` (or ``driver>=450``,
    ``arch=...``): a NVIDIA_REQUIRE_* condition other than ``cuda>=`` failed.

    libnvidia-container ``src/cli/dsl.c`` reads ``NVIDIA_REQUIRE_CUDA`` as alternatives
    separated by spaces (``cuda>=11.6 brand=tesla,driver>=470,driver<471 ...``): the check
    fails only when every alternative fails, so the host driver is also older than the
    image's CUDA unless the toolkit could not read a brand name.  Toolkits before 1.9.0 do not
    recognise the newer brand names (``quadrortx``, ``nvidiartx``...: NVIDIA's maintainer in
    NVIDIA/nvidia-container-toolkit#24).  ``NVIDIA_DISABLE_REQUIRE=1`` turns every requirement
    check off (NVIDIA Container Toolkit docs, "Environment variables").  A warning: which of
    these it is, the log does not say.
    """
    hits = [h for h in f.h("docker.nvc_requirement").all()
            if (h.g("key") or "").lower() in {"brand", "driver", "arch"}
            and not _tesla_alternative_cuda(f, h)]
    if not hits:
        return []
    key = (hits[0].g("key") or "").lower()
    cond = (hits[0].g("cond") or key).strip()
    return [catalogue.make(
        "docker-image-requirement-unsatisfied", cond=cond,
        variant="brand" if key == "brand" else "driver" if key == "driver" else "arch",
        evidence=log_evidence(hits),
        fix=("nvidia-container-cli --version   # the toolkit: 1.9.0 or newer knows every "
             "brand name current images list",
             "nvidia-smi   # the driver, and the CUDA version it supports: the image's "
             "NVIDIA_REQUIRE_CUDA must be met (docker inspect <image> | grep NVIDIA_REQUIRE)",
             "# upgrade the NVIDIA Container Toolkit and/or the host driver, or use an image "
             "built for an older CUDA",
             "docker run -e NVIDIA_DISABLE_REQUIRE=1 ...   # escape hatch: skips the check "
             "(the CUDA in the image may then fail at run time)"),
    )]
