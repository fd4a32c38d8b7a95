"""Kinds grown from the census of real GPU reports about the layer AROUND TensorFlow
(census-eco): the NVIDIA Container Toolkit's CLI, the NVIDIA kernel module's GPU-lost and
init-failure lines, the NVIDIA installer, the Kubernetes scheduler, DirectML, libsolv's
"nothing provides requested", pip's resolver notice, and the hedges that keep a confident
finding from being wrong on reports whose log shows another cause.

Sources (``knowledge/data/messages_tools.toml``, block "census-eco", one row per message):

* NVIDIA/libnvidia-container ``src/cli/configure.c`` (``"<stage> error: %s"`` with
  ``nvc_error()``), ``src/driver.c`` (``"nvml error"``), ``src/error.c``; before 1.1.0 the
  library initialised CUDA itself (``"cuda error"``; NVIDIA/libnvidia-container#107, the
  maintainer: the CUDA dependency was removed in 1.1.0).
* NVIDIA/open-gpu-kernel-modules ``src/nvidia/arch/nvalloc/unix/src/osapi.c`` ("fallen off
  the bus and is not responding to commands": every register read returns 0xFFFFFFFF).
* moby/moby ``daemon/nvidia_linux.go``: dockerd registers its ``nvidia`` device driver (the
  ``gpu`` capability) only when ``nvidia-container-runtime-hook`` is on its PATH when it
  starts; "could not select device driver" means it was not.
* kubernetes ``pkg/scheduler``: "0/N nodes are available: ... Insufficient nvidia.com/gpu".
* microsoft/tensorflow-directml and tensorflow-directml-plugin (device enumeration, DML
  devices, plugin builds per TensorFlow release).
* libsolv ``src/problems.c``: "nothing provides requested %s".

Every function is a pure check ``(Facts) -> list[Finding]``; each answers nothing when its
lines are absent.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: A docker run argument that gives the container NVIDIA GPUs.
_GPU_ACCESS = re.compile(r"--gpus|--runtime[= ]\"?nvidia"
                         r"|--device[= ]\"?(?:/dev/nvidia|nvidia\.com)"
                         r"|NVIDIA_VISIBLE_DEVICES|--privileged")

_HOST_SMI = "nvidia-smi   # on the host: must print the GPU table before any container can use it"


def nvidia_container_cli_failed(f: Facts) -> list[Finding]:
    """``nvidia-container-cli: initialization error: ...`` / ``mount error: ...`` forms the
    older container checks do not read: variant by the error's kind.

    * ``cuda``: ``cuda error: <x>`` (libnvidia-container before 1.1.0 initialised CUDA): CUDA
      could not start on the host (a broken or half-upgraded driver, a failing GPU).
    * ``nvml``: ``nvml error: <x>`` other than "driver not loaded": NVML could not query the
      host driver.
    * ``chroot``: ``change root failed``: the driver root the toolkit is configured with does
      not exist (a driver installed under another root, e.g. a driver container).
    * ``lib``: ``load library failed`` / ``cannot open shared object file`` for a library
      other than libnvidia-ml.so.1 (read by ``docker-host-nvidia-driver-not-loaded``).
    * ``exists``: mount error ``file creation failed: ...: file exists``: the image already
      holds a file the toolkit mounts from the host driver.
    * ``wsl``: mount error ``stat failed: /usr/lib/wsl/...``: the Windows driver's WSL2
      libraries are not there.
    """
    hits = [h for h in f.h("eco.nvc_error").all()
            if not ("driver not loaded" in h.text or ("libnvidia-ml.so.1" in h.text
                    and "load library failed" in h.text))]
    if not hits:
        return []
    h = hits[0]
    kind = h.g("kind") or ("cuda error" if h.g("cuda2") else "")
    detail = (h.g("detail") or h.g("cuda2") or kind).strip().rstrip("\\").rstrip(":")
    detail = re.sub(r"(?::\s*unknown)?\W*$", "", detail)  # runc's ": unknown." tail
    if h.g("stage") == "mount":
        if "file exists" in h.text:
            variant = "exists"
        elif "/usr/lib/wsl/" in h.text:
            variant = "wsl"
        else:
            variant = "mount"
    elif kind == "cuda error":
        variant = "cuda"
    elif kind == "nvml error":
        variant = "nvml"
    elif kind == "change root failed":
        variant = "chroot"
    else:
        variant = "lib"
    fixes: dict[str, tuple[str, ...]] = {
        "cuda": (_HOST_SMI,
                 "nvidia-container-cli --version   # before 1.1.0 it needed CUDA itself",
                 "# reinstall or update the host driver (and reboot); update the NVIDIA "
                 "Container Toolkit (1.1.0 and later do not initialise CUDA); if nvidia-smi "
                 "also fails or the GPU reports faults, check the GPU itself",
                 "sudo dmesg | grep -i -E 'nvrm|xid' | tail"),
        "nvml": (_HOST_SMI,
                 "sudo nvidia-container-cli -k -d /dev/tty info   # the same query, with its "
                 "debug log",
                 "sudo dmesg | grep -i -E 'nvrm|xid' | tail   # a lost or failing GPU shows "
                 "here",
                 "# reinstall the host driver (and reboot) if nvidia-smi fails too"),
        "chroot": ("grep -n '^root' /etc/nvidia-container-runtime/config.toml   # the driver "
                   "root the toolkit uses",
                   "# set root to where the NVIDIA driver is actually installed (a driver "
                   "container's root, /run/nvidia/driver), or to \"/\" for a host install; "
                   "then restart the container runtime"),
        "lib": (_HOST_SMI,
                "ldconfig -p | grep -E 'libnvidia-ml|libcuda'   # the driver's libraries on "
                "the host",
                "# install the NVIDIA driver on the host (its user-space libraries, not only "
                "the kernel module), then sudo ldconfig"),
        "exists": ("# the image already contains NVIDIA driver files (copied in, or pulled in "
                   "by a package such as nvidia-opencl-dev -> libnvidia-compute-*): remove them "
                   "from the image; the toolkit mounts the host's at run time",
                   "docker run --rm --entrypoint ls <image> -l /usr/lib/x86_64-linux-gnu/ | "
                   "grep -E 'libnvidia|libcuda'   # what the image ships"),
        "wsl": ("# WSL2: install (or update) the NVIDIA driver on Windows; it provides "
                "/usr/lib/wsl/lib/libcuda.so.1 inside WSL2",
                "ls -l /usr/lib/wsl/lib/   # inside WSL2: libcuda.so.1 and nvidia-smi must be "
                "there",
                "wsl --update   # a current WSL2 kernel"),
        "mount": (_HOST_SMI,
                  "sudo nvidia-container-cli -k -d /dev/tty info   # the driver files the "
                  "toolkit would mount"),
    }
    return [catalogue.make(
        "nvidia-container-cli-failed", variant=variant, detail=detail,
        evidence=log_evidence(hits, limit=4), fix=fixes[variant],
    )]


def gpu_fell_off_bus(f: Facts) -> list[Finding]:
    """The NVIDIA kernel module lost the GPU: "fallen off the bus" (osapi.c) or Xid 79."""
    hits = f.h("eco.gpu_off_bus").all()
    if not hits:
        return []
    return [catalogue.make(
        "nvidia-gpu-fell-off-bus", evidence=log_evidence(hits, f.h("eco.rm_init_failed"),
                                                         limit=6),
        fix=("sudo dmesg -T | grep -i -E 'nvrm|xid|pcie|aer' | tail -n 40   # what came "
             "before it: power, PCIe (AER) or thermal events",
             "nvidia-smi -q -d TEMPERATURE,POWER,PERFORMANCE   # after a reboot: "
             "temperatures, power draw, throttling",
             "# a reboot (or a PCI reset) is needed to use the GPU again; if it recurs: "
             "reseat the card and its power cables, check the PSU, update the system BIOS, "
             "and try capping clocks (sudo nvidia-smi -lgc <min>,<max>)",
             "sudo nvidia-bug-report.sh   # the report NVIDIA asks for"),
    )]


def gpu_init_failed(f: Facts) -> list[Finding]:
    """The module loaded but the GPU did not initialise (``RmInitAdapter failed``,
    ``rm_init_adapter failed``, "None of the NVIDIA devices were initialized") without a
    GPU-lost line (``nvidia-gpu-fell-off-bus`` supersedes this one)."""
    hits = f.h("eco.rm_init_failed").all()
    if not hits:
        return []
    return [catalogue.make(
        "nvidia-gpu-init-failed", evidence=log_evidence(hits, limit=4),
        fix=("sudo dmesg -T | grep -i -E 'nvrm|nvidia|bar|pcie' | head -n 60   # the lines "
             "BEFORE RmInitAdapter name the reason",
             "lspci -nn | grep -i nvidia   # the GPU model: is it supported by this driver "
             "branch (the driver README's supported-GPU list)?",
             "# unsupported GPU: install the driver branch that supports it; BAR/resource "
             "errors: enable 'Above 4G decoding' in the BIOS; otherwise power/PCIe/hardware: "
             "reseat the card, check its power, try another slot",
             "sudo nvidia-bug-report.sh"),
    )]


def installer_module_load_failed(f: Facts) -> list[Finding]:
    """nvidia-installer built the kernel module but could not load it."""
    hits = f.h("eco.installer_load").all()
    if not hits:
        return []
    return [catalogue.make(
        "nvidia-installer-module-load-failed", module=hits[0].g("mod") or "nvidia.ko",
        evidence=log_evidence(hits),
        fix=("mokutil --sb-state   # 'SecureBoot enabled': the kernel refuses an unsigned "
             "module; sign it (the installer's --module-signing-*) or disable Secure Boot",
             "lsmod | grep nouveau   # nouveau holds the GPU: blacklist it and reboot",
             "sudo tail -n 60 /var/log/nvidia-installer.log   # 'Kernel messages' at its end "
             "name the reason",
             "lspci -nn | grep -i nvidia   # a GPU this driver release supports?"),
    )]


def kubernetes_gpu_insufficient(f: Facts) -> list[Finding]:
    """A pod requesting ``nvidia.com/gpu`` stays Pending: no node advertises enough."""
    hits = f.h("eco.k8s_insufficient_gpu").all()
    if not hits:
        return []
    h = hits[0]
    return [catalogue.make(
        "kubernetes-gpu-insufficient", n=h.g("n") or "?", evidence=log_evidence(hits),
        fix=("kubectl describe nodes | grep -E 'Name:|nvidia.com/gpu'   # Capacity/Allocatable "
             "0 or missing: the device plugin does not advertise the GPUs",
             "kubectl get pods -A | grep -i nvidia-device-plugin   # the plugin's pod on each "
             "GPU node; then kubectl logs <that pod>",
             "# the plugin needs the NVIDIA Container Toolkit as the node runtime's default "
             "(nvidia-ctk runtime configure --runtime=containerd --set-as-default, or docker's "
             "default-runtime), or the GPU Operator",
             "kubectl describe nodes | grep -A8 'Allocated resources'   # GPUs already taken "
             "by other pods; a request above one node's count never fits"),
    )]


def directml_problems(f: Facts) -> list[Finding]:
    """DirectML: no compatible adapter, a removed device, a plugin that does not load, or
    tensorflow-directml's DML devices read as "no GPU"."""
    out: list[Finding] = []
    adapters = f.h("eco.dml_adapters").all()
    zero = [h for h in adapters if h.g("n") == "0"]
    removed = f.h("eco.dml_removed").all()
    plugin = f.h("eco.dml_plugin_missing").all()
    if plugin:
        out.append(catalogue.make(
            "directml-plugin-not-loaded", evidence=log_evidence(plugin, zero),
            fix=("pip list 2>/dev/null | grep -i -E '^tensorflow|directml'   # "
                 "tensorflow-directml-plugin needs tensorflow-cpu 2.10",
                 "pip install \"tensorflow-cpu==2.10.*\" tensorflow-directml-plugin   # the "
                 "pair its maintainers name; later TensorFlow releases break the plugin",
                 "# inside WSL2 the plugin also needs /usr/lib/wsl/lib (libd3d12.so, "
                 "libdxcore.so) on the loader path"),
        ))
    elif zero and not f.h("h6.wsl_dx_missing").count:  # else wsl-directml-libraries-missing
        out.append(catalogue.make(
            "directml-no-adapter", evidence=log_evidence(zero),
            fix=("dxdiag   # the GPU and its driver: DirectML needs a DirectX 12 GPU and driver",
                 "# update the GPU driver; an older integrated GPU (Intel before Gen9) has no "
                 "DirectX 12 support and cannot run DirectML"),
        ))
    if removed:
        out.append(catalogue.make(
            "directml-device-removed", what=removed[0].g("what") or "REMOVED",
            evidence=log_evidence(removed, adapters[:1]),
            fix=("# the GPU driver was reset or crashed (Windows TDR); update the GPU driver",
                 "# use a smaller batch or model: a long-running GPU step can trip Windows' "
                 "2-second timeout detection (TdrDelay)",
                 "Get-WinEvent -LogName System -MaxEvents 50 | Where-Object "
                 "{$_.Message -match 'display driver'}   # the driver's reset events"),
        ))
    dml = f.h("eco.dml_device").all()
    listed_none = f.h("gpu.empty_list").all()
    if (not out and [h for h in adapters if h.g("n") not in (None, "0")]) or dml:
        out.append(catalogue.make(
            "directml-devices-are-dml", evidence=log_evidence(adapters, dml, listed_none),
            fix=("python -c \"import tensorflow as tf; print(tf.config.list_physical_devices())\""
                 "   # every device: DirectML's show as DML (tensorflow-directml) or GPU (the "
                 "plugin)",
                 "# tensorflow-directml (TF 1.15) places ops on /device:DML:0; code that asks "
                 "for 'GPU' finds none but the model still runs on the DirectML device"),
        ))
    return out


def _near(hits: list[Hit], anchors: list[Hit], window: int) -> list[Hit]:
    return [h for h in hits if any(abs(h.line - a.line) <= window for a in anchors)]


def docker_gpu_request_other_cause(f: Facts) -> list[Finding]:
    """``could not select device driver "" with capabilities: [[gpu]]`` where the log shows
    a reason other than a missing toolkit: no NVIDIA GPU in the machine (Intel/AMD graphics
    named), or Docker on Windows (Docker Desktop, whose GPU support is its WSL2 backend)."""
    sel = f.h("docker.no_gpu_driver").all()
    if not sel:
        return []
    other = f.h("eco.non_nvidia_graphics").all()
    nvidia_named = bool(f.h("eco.nvidia_gpu_named").count or f.h("smi.gpu").count
                        or f.h("smi.driver").count)
    if other and not nvidia_named and not f.host_gpu_works:
        return [catalogue.make(
            "docker-gpu-requested-no-nvidia-gpu", gpu=other[0].g("gpu") or "non-NVIDIA",
            evidence=log_evidence(sel, other),
            fix=("lspci | grep -i -E 'vga|3d'   # is there an NVIDIA GPU at all?",
                 "# no NVIDIA GPU: run the container without --gpus (on the CPU) or use a "
                 "machine with one; installing the NVIDIA Container Toolkit does not help here"),
        )]
    win = f.h("eco.windows_shell").all()
    if win:
        return [catalogue.make(
            "docker-desktop-gpu-needs-wsl2", evidence=log_evidence(sel, win[:1]),
            fix=("# Docker Desktop: Settings > General > 'Use the WSL 2 based engine' (GPU "
                 "support exists only there), with a current NVIDIA Windows driver",
                 "wsl --update   # a WSL2 kernel with GPU paravirtualisation",
                 "docker run --rm --gpus all nvidia/cuda:12.4.1-base-ubuntu22.04 nvidia-smi"
                 "   # must print the GPU table"),
        )]
    return []


def smi_in_container_without_gpu(f: Facts) -> list[Finding]:
    """nvidia-smi "couldn't communicate with the NVIDIA driver" after a ``docker run`` that
    gave the container no GPU (no ``--gpus``, no ``--runtime=nvidia``, not nvidia-docker):
    the host driver may be fine; the container has no device."""
    smi = f.h("smi.no_driver").all()
    runs = f.h("eco.docker_run").all()
    if not smi or not runs:
        return []
    runs = [h for h in runs if "compose" not in (h.g("cmd") or "")]  # GPUs live in the file
    bare = [h for h in runs
            if not _GPU_ACCESS.search(h.g("args") or "")
            and not (h.g("cmd") or "").startswith("nvidia-docker")]
    if not bare or len(bare) != len(runs) or not any(h.line < s.line for h in bare for s in smi):
        return []
    return [catalogue.make(
        "nvidia-smi-in-container-without-gpu", evidence=log_evidence(bare[:1], smi),
        fix=("docker run --gpus all ...   # give the container the GPU (NVIDIA Container "
             "Toolkit on the host)",
             "nvidia-smi   # on the HOST, outside the container: if this fails too, the host "
             "driver is the problem"),
    )]


def solver_nothing_provides_requested(f: Facts) -> list[Finding]:
    """mamba/micromamba (libsolv): "nothing provides requested <spec>": the channels hold no
    build of that spec for this platform."""
    hits = f.h("eco.solver_nothing_requested").all()
    if not hits:
        return []
    spec = (hits[0].g("spec") or "the package").strip()
    name = spec.split()[0].split("=")[0].split(">")[0].split("<")[0]
    return [catalogue.make(
        "conda-nothing-provides-requested", spec=spec, evidence=log_evidence(hits),
        fix=(f"mamba search -c conda-forge {name}   # the versions that exist for this "
             "platform (conda info: 'platform')",
             "# ask for one of those; conda-forge builds of recent TensorFlow exist for Linux "
             "and macOS, not for Windows: on Windows use pip (CPU) or WSL2 for the GPU"),
    )]


def pip_resolver_notice(f: Facts) -> list[Finding]:
    """pip's "dependency resolver does not currently take into account all the packages that
    are installed" with conflicts that name no TensorFlow distribution (those are
    ``pip-tensorflow-pin-conflict``): the install went through, another installed package's
    requirement is now unmet."""
    hdr = f.h("eco.pip_resolver_header").all()
    if not hdr:
        return []
    lines = [h for h in f.h("pip.check_conflict").all()
             if not (h.g("pkg") or "").lower().replace("_", "-").startswith(
                 ("tensorflow-gpu", "tensorflow-cpu", "tensorflow-intel", "tensorflow-macos"))
             and (h.g("pkg") or "").lower() not in ("tensorflow", "tf-nightly")]
    near = _near(lines, hdr, 30)
    if not near and _near(f.h("pip.check_conflict").all(), hdr, 30):
        return []  # only TensorFlow's own pins are listed: pip-tensorflow-pin-conflict
    first = near[0] if near else None
    return [catalogue.make(
        "pip-installed-breaks-other-package",
        pkg=(first.g("pkg") if first else None) or "another package",
        evidence=log_evidence(hdr, near, limit=5),
        fix=("pip check   # every unmet requirement, after the install",
             "# install what the named package requires (or the release of it that accepts "
             "the version now installed), or give each tool its own virtual environment"),
    )]


def smi_missing(f: Facts) -> list[Finding]:
    """The shell has no nvidia-smi: the NVIDIA driver's user-space tools are not installed
    (or, in a container, were not mounted)."""
    hits = f.h("eco.smi_missing").all()
    if not hits:
        return []
    return [catalogue.make(
        "nvidia-smi-not-installed", evidence=log_evidence(hits),
        fix=("lspci | grep -i nvidia   # the GPU on the PCI bus",
             "# install the NVIDIA driver (it ships nvidia-smi): Ubuntu: sudo ubuntu-drivers "
             "install; others: the distribution's driver package or NVIDIA's installer; "
             "the CUDA toolkit alone (nvidia-cuda-toolkit) does not contain it",
             "# inside a container: start it with --gpus all (the toolkit mounts nvidia-smi)"),
    )]


def metal_plugin_crashed(f: Facts) -> list[Finding]:
    """A native crash (EXC_BAD_ACCESS, a malloc abort, a signal) with tensorflow-metal's
    library or sources in the log: the crash is inside Apple's Metal plugin."""
    frames = f.h("eco.metal_frame").all()
    crash = f.h("eco.native_crash").all()
    if not frames or not crash:
        return []
    # a frame of the plugin's library or a symbol of its namespace is in the crash; its
    # source path alone is the start-up line every tensorflow-metal run prints
    in_frames = [h for h in frames if "libmetal_plugin" in h.text or "metal_plugin::" in h.text]
    return [catalogue.make(
        "metal-plugin-crashed", variant=None if in_frames else "likely",
        evidence=log_evidence(crash[:2], frames[:3]),
        fix=("python -c \"import tensorflow as tf; tf.config.set_visible_devices([], 'GPU'); "
             "...\"   # the same code on the CPU: if it runs, the Metal plugin is at fault",
             "pip list 2>/dev/null | grep -i -E 'tensorflow|metal'   # tensorflow-metal must "
             "be the release made for this TensorFlow (Apple's plugin page lists the pairs)",
             "# try another tensorflow-metal release (or none, CPU only); report the crash "
             "with its stack to Apple (developer forums, tensorflow-metal)"),
    )]


def nvidia_module_crashed(f: Facts) -> list[Finding]:
    """A kernel oops whose faulting instruction is in an NVIDIA kernel module."""
    oops = f.h("eco.kernel_oops").all()
    frames = f.h("eco.nvidia_module_frame").all()
    if not oops or not frames:
        return []
    return [catalogue.make(
        "nvidia-kernel-module-crashed", evidence=log_evidence(oops[:1], frames[:2]),
        fix=("nvidia-smi   # after a reboot: the driver version",
             "# update the NVIDIA driver to the current release of its branch (or another "
             "branch); a kernel oops inside nvidia.ko is a driver bug (or failing hardware), "
             "not something TensorFlow or CUDA code can cause",
             "sudo nvidia-bug-report.sh   # attach it when reporting to NVIDIA"),
    )]


def nvidia_module_not_loadable(f: Facts) -> list[Finding]:
    """modprobe could not load an NVIDIA kernel module (or nvidia-docker 1.0 could not load
    nvidia_uvm): variant by modprobe's reason.

    * ``signed``: "Key was rejected by service" / "Required key not available" (Secure Boot).
    * ``missing``: "Module ... not found in directory /lib/modules/<kernel>": no module built
      for the running kernel.
    * ``mismatch``: "Invalid argument", "Unknown symbol in module", "Exec format error": a
      module built for another driver release or kernel (a versioned nvidia-NNN-uvm package
      of an old driver next to a newer one).
    nvidia_uvm without a Secure Boot refusal (and nvidia-docker 1.0's "Could not load UVM kernel
    module") is left to ``nvidia-uvm-not-loaded`` (h6-kinds), which names the uvm causes.
    """
    hits = f.h("eco.modprobe_nvidia").all()
    if not hits:
        return []
    h = next((x for x in hits if x.g("why") or x.g("mod2")), hits[0])
    why = (h.g("why") or "").strip().lower()
    module = h.g("mod") or h.g("mod2") or "nvidia_uvm"
    if "key was rejected" in why or "required key not available" in why:
        variant = "signed"
    elif h.g("mod2"):
        variant = "missing"
    elif h.g("uvm"):
        return []  # nvidia-docker 1.0's uvm line: nvidia-uvm-not-loaded (h6-kinds) reads it
    else:
        variant = "mismatch"
    if "uvm" in module and variant != "signed":
        return []  # nvidia-uvm-not-loaded (h6-kinds) names the uvm module's causes
    return [catalogue.make(
        "nvidia-kernel-module-not-loadable", variant=variant, module=module,
        evidence=log_evidence(hits, f.h("cuinit"), limit=5),
        fix=("uname -r; dkms status   # is an NVIDIA module built for the RUNNING kernel?",
             "sudo modprobe nvidia_uvm; sudo dmesg | tail -n 20   # the kernel's own reason",
             "mokutil --sb-state   # Secure Boot on refuses an unsigned module",
             "dpkg -l | grep -E 'nvidia-[0-9]+|nvidia-.*uvm'   # (Debian/Ubuntu) packages of "
             "more than one driver release",
             "# reinstall ONE driver release for this kernel (removing old versioned packages "
             "such as nvidia-340-uvm), sign its module or disable Secure Boot, then reboot"),
    )]


def colab_gpu_usage_limit(f: Facts) -> list[Finding]:
    """Colab would not give the notebook a GPU runtime: the account's GPU usage limit (or, with
    only "Cannot connect to GPU backend", no GPU for it at the moment)."""
    hits = f.h("eco.colab_gpu_limit").all()
    if not hits:
        return []
    limit = any(h.g("limit") for h in hits)
    return [catalogue.make(
        "colab-gpu-unavailable", variant=None if limit else "backend",
        evidence=log_evidence(hits),
        fix=("# Colab: Connect (arrow) > View resources: the compute units / quota left",
             "# wait for the limit to reset (Colab does not say when), use a CPU runtime "
             "meanwhile (Runtime > Change runtime type), or buy compute units / use another "
             "machine with a GPU",
             "# nothing to fix in TensorFlow, CUDA or the notebook's code"),
    )]
