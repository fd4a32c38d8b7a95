"""The NVIDIA kernel module and the kernel log (NVRM lines, modprobe, nvidia-installer): an
API mismatch with the user-space driver, a GPU lost or not initialised, a GPU the driver does
not support, a module that crashed or does not load (nvidia_uvm included).

Sources:

* "NVRM: API mismatch: the client has the version X, but NVRM: this kernel module has the
  version Y" (up to driver 570) and "NVRM: API mismatch: the client 'NAME' (pid N) NVRM: has
  the version X, but this kernel module has NVRM: the version Y" (575.51.02 and later): NVIDIA
  open-gpu-kernel-modules ``src/nvidia/arch/nvalloc/unix/src/osapi.c`` (RmCheckVersion).
* "NVRM: The NVIDIA probe routine was not called for N device(s)" and "NVRM: No NVIDIA GPU
  found." (open-gpu-kernel-modules ``kernel-open/nvidia/nv.c``).
* "fallen off the bus and is not responding to commands" (``osapi.c``: every register read
  returns 0xFFFFFFFF); "NVRM: ... installed in this system is not supported by the NVIDIA
  <ver> driver release" (or, variant ``needs-gsp``, "... by open nvidia.ko because it does not
  include the required GPU System Processor (GSP)"): ``osapi.c``.
* "NVRM: Xid (PCI:...): 48, ..." (an uncorrectable double-bit ECC error): NVIDIA's Dynamic
  Page Retirement guide, Visibility ("XID 48: A DBE has occurred").
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks.image_driver import mismatch_in_image
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def gpu_fell_off_bus(f: Facts) -> list[Finding]:
    """The NVIDIA kernel module lost the GPU: "fallen off the bus" (osapi.c) or Xid 79."""
    hits = f.h("eco.gpu_off_bus").all()
    if not hits:
        return []
    return [catalogue.make(
        "nvidia-gpu-fell-off-bus", evidence=log_evidence(hits, f.h("eco.rm_init_failed"),
                                                         limit=6),
    )]


def gpu_ecc_double_bit_error(f: Facts) -> list[Finding]:
    """``nvidia-gpu-ecc-double-bit-error``: the driver's Xid 48 event line (an
    uncorrectable double-bit ECC error in the GPU's memory; NVIDIA's dynamic page
    retirement guide)."""
    hits = f.h("eco.xid_dbe").all()
    if not hits:
        return []
    return [catalogue.make(
        "nvidia-gpu-ecc-double-bit-error", pci=hits[0].g("pci") or "?",
        evidence=log_evidence(hits, limit=4),
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
    )]


def installer_module_load_failed(f: Facts) -> list[Finding]:
    """nvidia-installer built the kernel module but could not load it."""
    hits = f.h("eco.installer_load").all()
    if not hits:
        return []
    return [catalogue.make(
        "nvidia-installer-module-load-failed", module=hits[0].g("mod") or "nvidia.ko",
        evidence=log_evidence(hits),
    )]


def nvidia_module_crashed(f: Facts) -> list[Finding]:
    """A kernel oops whose faulting instruction is in an NVIDIA kernel module."""
    oops = f.h("eco.kernel_oops").all()
    frames = f.h("eco.nvidia_module_frame").all()
    if not oops or not frames:
        return []
    return [catalogue.make(
        "nvidia-kernel-module-crashed", evidence=log_evidence(oops[:1], frames[:2]),
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
    * ``no-device``: "No such device" (ENODEV from nv.c nvidia_init_module): the module
      loaded and found no GPU it can drive; nothing when the kernel log's own reason is in
      the log (:data:`_NO_DEVICE_SAID`: its finding says it).
    nvidia_uvm without a Secure Boot refusal (and nvidia-docker 1.0's "Could not load UVM kernel
    module") is left to ``nvidia-uvm-not-loaded`` (uvm_not_loaded), which names the uvm causes.
    """
    hits = f.h("eco.modprobe_nvidia").all()
    if not hits:
        return []
    h = next((x for x in hits if x.g("why") or x.g("mod2")), hits[0])
    why = (h.g("why") or "").strip().lower()
    module = h.g("mod") or h.g("mod2") or "nvidia_uvm"
    if wsl_kernel(f, hits):
        # WSL1 has no GPU at all (wsl1-has-no-gpu says it)
        return [] if f.wsl1 else [_wsl_no_modules(f, hits, module)]
    if any("-tegra" in (x.g("dir") or "") for x in hits):
        # a Jetson's kernel (L4T's "<version>-tegra"): its on-chip GPU is driven by nvgpu,
        # which Jetson Linux ships; there is no desktop nvidia module to install, so the
        # lookup says nothing of the GPU (platform_facts jetson-gpu-on-chip)
        return []
    if driver_shown_working(f, module):
        return []  # the log shows the driver answering: the module is loaded (another name)
    if h.g("mod2") and _MODINFO.search(h.text):
        return [_modinfo_missing(f, h, module)]
    if why.startswith("no such device") and any(f.h(n).count for n in _NO_DEVICE_SAID):
        return []  # the kernel log's own reason: its finding says it (nouveau_holds_gpu...)
    if "key was rejected" in why or "required key not available" in why:
        variant = "signed"
    elif h.g("mod2"):
        variant = "missing"
    elif h.g("uvm"):
        return []  # nvidia-docker 1.0's uvm line: nvidia-uvm-not-loaded (uvm_not_loaded) reads it
    elif why.startswith("no such device") and "uvm" not in module:
        return [catalogue.make(
            "nvidia-kernel-module-not-loadable", variant="no-device", module=module,
            evidence=log_evidence(hits, f.h("cuinit"), limit=5),
            fix=("sudo dmesg | grep -E 'NVRM|nouveau' | tail -n 20   # the module's own reason "
                 "(the cases above)",
                 "lspci -nnk -d 10de:   # the NVIDIA GPUs the OS sees, and the driver in use "
                 "(nouveau: blacklist it, rebuild the initramfs, reboot)",
                 "# no GPU listed: attach it (PCI passthrough, a GPU instance type) or check "
                 "the card; 'not supported by the NVIDIA <version> driver release': install a "
                 "driver branch that lists this GPU"),
        )]
    else:
        variant = "mismatch"
    if variant == "missing" and f.h("eco.installer_load").count:
        return []  # the installer's own failure says why no module was installed
    if "uvm" in module and (variant not in ("signed", "missing") or _in_container(f)):
        # nvidia-uvm-not-loaded (uvm_not_loaded) names the uvm module's causes; in a
        # container modprobe looks in the container's /lib/modules, not the host's
        return []
    if variant == "missing":
        return [catalogue.make(
            "nvidia-kernel-module-not-loadable", variant=variant, module=module,
            evidence=log_evidence(hits, f.h("driver.uvm_failed"), f.h("cuinit"), limit=5),
            fix=("uname -r; ls /lib/modules/$(uname -r)/updates/dkms /lib/modules/$(uname -r)"
                 "/kernel/drivers/video 2>/dev/null | grep -i nvidia   # an NVIDIA module "
                 "built for the RUNNING kernel? (none: the driver is not installed for it)",
                 "dkms status   # the kernels the driver's DKMS module was built for",
                 "# install the NVIDIA driver for this kernel from the distribution's packages "
                 "(their DKMS module builds for every installed kernel), or boot the kernel it "
                 "was installed for; then reboot and run nvidia-smi",
                 "sudo tail -n 60 /var/log/nvidia-installer.log   # installed with NVIDIA's .run "
                 "installer: why its module build or load failed"),
        )]
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


#: kmod's modinfo (tools/modinfo.c: "modinfo: ERROR: Module %s not found."): a lookup of the
#: module's file for the running kernel, not an attempt to load it
_MODINFO = re.compile(r"(?i)\bmodinfo\b")
#: A WSL kernel's release in a module directory: WSL2's "5.15.153.1-microsoft-standard-WSL2"
#: (older "4.19.84-microsoft-standard"), WSL1's "4.4.0-43-Microsoft", a custom WSL2 kernel's
#: "6.13.6-WSL2-STABLE+"
_WSL_RELEASE = re.compile(r"(?i)-microsoft\b|\bWSL2?\b")


def wsl_kernel(f: Facts, hits: list[Hit]) -> bool:
    """The modules were looked up under a WSL kernel: the module directory modprobe names is a
    WSL kernel's, or the log shows WSL (:attr:`Facts.wsl`, WSL1's kernel).  The WSL2 kernel is
    monolithic, with no loadable modules (microsoft/WSL#7231, #10412: "Module X not found" is
    expected there); the GPU reaches WSL2 through /dev/dxg and the Windows driver's files in
    /usr/lib/wsl/lib (NVIDIA's CUDA on WSL User Guide)."""
    return (any(_WSL_RELEASE.search(x.g("dir") or "") for x in hits)
            or f.wsl or f.wsl1)


def driver_shown_working(f: Facts, module: str) -> bool:
    """The same log shows the NVIDIA driver answering, which needs its kernel module loaded:
    nvidia-smi's banner or GPU rows (they need only the ``nvidia`` module; CUDA needs
    ``nvidia_uvm`` as well), or TensorFlow creating a GPU device or finding one with its
    properties (cuInit succeeded, so nvidia_uvm is loaded too); or the host facts show a
    working GPU.  For the display modules (nvidia_drm, nvidia_modeset, nvidia_peermem) it says
    nothing."""
    if f.host_gpu_works:
        return True
    name = module.strip("'").replace("-", "_").lower()
    if any(part in name for part in ("drm", "modeset", "peermem", "vgpu")):
        return False
    cuda_ran = bool(f.h("gpu.created").count or f.h("gpu.props").count)
    if "uvm" in name:
        return cuda_ran
    return cuda_ran or bool(f.h("smi.banner").count or f.h("smi.gpu").count)


def _wsl_no_modules(f: Facts, hits: list[Hit], module: str) -> Finding:
    """``wsl2-kernel-has-no-nvidia-module`` (a notice): modprobe/modinfo found no NVIDIA
    module under a WSL kernel, which is how WSL works (:func:`wsl_kernel`)."""
    return catalogue.make(
        "wsl2-kernel-has-no-nvidia-module", module=module.strip("'"),
        evidence=log_evidence(hits, f.h("ctx.wsl").first[:1], limit=3),
    )


def _modinfo_missing(f: Facts, h: Hit, module: str) -> Finding:
    """``nvidia-kernel-module-not-loadable`` variant ``modinfo`` (a warning): modinfo found no
    module of that name for the running kernel; nothing in the log says whether the driver
    is loaded (a module installed under another name, a .run install for another kernel)."""
    return catalogue.make(
        "nvidia-kernel-module-not-loadable", variant="modinfo", module=module,
        evidence=log_evidence([h], f.h("cuinit"), limit=3),
        fix=("lsmod | grep -i nvidia; nvidia-smi   # loaded and answering? then the module is "
             "installed under another name or path and this line is not the fault",
             "uname -r; find /lib/modules/$(uname -r) -name 'nvidia*.ko*'   # an NVIDIA module "
             "for the RUNNING kernel (none: the driver is not installed for it)",
             "dkms status   # the kernels the driver's DKMS module was built for",
             "# none for this kernel: install the NVIDIA driver for it from the distribution's "
             "packages (their DKMS module builds for every installed kernel), or boot the "
             "kernel it was installed for; then reboot and run nvidia-smi"),
    )


def _in_container(f: Facts) -> bool:
    """The log shows a container (a docker/podman run line, a container's prompt, the NVIDIA
    Container Toolkit's errors): there modprobe reads the container's /lib/modules."""
    return f.in_container or any(f.h(n).count for n in (
        "eco.docker_run", "docker.gpus_cmd", "ctx.container_prompt"))


#: Kernel-log lines that say why nvidia_init_module found no device (each has its finding):
#: nouveau loaded, the probe not called, no NVIDIA GPU, a GPU the release does not support.
_NO_DEVICE_SAID = ("driver.nouveau_loaded", "driver.nvrm_probe_not_called", "driver.nvrm_no_gpu",
                   "driver.nvrm_gpu_unsupported", "driver.nvrm_gpu_unsupported_head",
                   "driver.nvrm_gpu_needs_gsp")


def uvm_not_loaded(f: Facts) -> list[Finding]:
    """modprobe could not load ``nvidia_uvm`` (or ``nvidia_<ver>_uvm``), or nvidia-docker 1's
    "Could not load UVM kernel module" -> ``nvidia-uvm-not-loaded`` (supersedes
    ``cuinit-unknown``).  Only when the log shows the module failing; a bare CUDA_ERROR_UNKNOWN
    keeps ``cuinit-unknown``, whose cause names this among its causes.  modprobe at a
    container's prompt (or with the host facts saying container): variant ``in-container``, a
    warning whose fix runs on the host (the container's /lib/modules is the image's)."""
    hits = f.h("driver.uvm_failed").all()
    if not hits or f.host_gpu_works or wsl_kernel(f, []) or any(
            _WSL_RELEASE.search(h.text) for h in hits):
        return []  # WSL2 has no kernel modules (nvidia_module_not_loadable says so)
    if f.h("gpu.created").count or f.h("gpu.props").count:
        return []  # CUDA found the GPU in this log: nvidia_uvm was loaded then
    if _proc_missing_modprobe(f):
        return []  # kernel_driver_not_running (the nvidia module itself is not loaded)
    # the line itself, not the lines a hard-wrap join read after it (review b50b P9)
    first = hits[0].parts[0][1] if hits[0].parts else hits[0].text
    detail = first.strip()[:200]
    mod = hits[0].g("mod") or hits[0].g("mod2") or "nvidia_uvm"
    # modprobe at a container's prompt: its /lib/modules is the image's; the host loads
    # modules (a docker run line alone may be the host's own command before it)
    in_container = bool((hits[0].g("mod") or hits[0].g("mod2"))
                        and (f.in_container or f.h("ctx.container_prompt").count))
    fix = (("# on the HOST, not in the container: lsmod | grep -E '^nvidia'; ls -l "
            "/dev/nvidia-uvm   # nvidia and nvidia_uvm loaded? the node present?",
            f"sudo modprobe {mod} && sudo nvidia-modprobe -u -c=0   # on the host: load it and "
            "create /dev/nvidia-uvm, then start the container again",
            "# the host's modprobe fails too ('not found', 'Unknown symbol'): reinstall the "
            "host's driver for its running kernel (its DKMS module), then reboot")
           if in_container else
           ("lsmod | grep -E '^(nvidia|nouveau)'; ls -l /dev/nvidia-uvm   # nvidia loaded? "
            "node present? (nouveau loaded instead: it holds the GPU)",
            f"sudo modprobe {mod} && sudo nvidia-modprobe -u -c=0   # load it, create "
            "/dev/nvidia-uvm",
            # the nvidia module cannot bind a GPU nouveau holds: NVIDIA's install guide
            # disables nouveau (nvidia-probe-blocked-by-other-driver gives the same step)
            "# nouveau listed by the first command: blacklist it (echo 'blacklist nouveau' | "
            "sudo tee /etc/modprobe.d/blacklist-nouveau.conf; sudo update-initramfs -u), "
            "then reboot",
            "# 'not found' or 'Unknown symbol': the module does not match the running driver or "
            "kernel: reinstall the driver (its DKMS module for this kernel), then reboot",
            "# to have it at boot for every user: install the nvidia-modprobe of this driver "
            "version (remove one left from an older driver)"))
    return [catalogue.make(
        "nvidia-uvm-not-loaded", variant="in-container" if in_container else None,
        detail=detail, evidence=log_evidence(hits, f.h("cuinit").first[:1]), fix=fix,
    )]


def nvrm_api_mismatch(f: Facts) -> list[Finding]:
    """``nvidia-driver-library-mismatch`` from the kernel log's "NVRM: API mismatch" lines
    (either wording); the versions when the continuation lines are there.  Nothing when the
    log has none."""
    full = f.h("driver.nvrm_api_mismatch")
    head = f.h("driver.nvrm_api_mismatch_head")
    if not (full.count or head.count):
        return []
    client = kernel = None
    if full.count:
        h = full.first[0]
        client = h.g("client") or h.g("client2")
        kernel = h.g("k") or h.g("k2")
    elif head.first[0].g("client"):
        client = head.first[0].g("client")
    image = mismatch_in_image(f, [*full.all(), *head.all()], lib=client, kernel=kernel)
    if image is not None:
        return [image]  # the client is a container image's own driver library
    why = "The kernel log says the user-space driver"
    why += f" ({client})" if client else ""
    why += " and the loaded NVIDIA kernel module"
    why += f" ({kernel})" if kernel else ""
    why += (" are of different releases (NVRM: API mismatch): the driver was upgraded but the "
            "old kernel module is still loaded, or two installs of the driver left parts of "
            "both.")
    return [catalogue.make(
        "nvidia-driver-library-mismatch", variant="from-log", why=why,
        evidence=log_evidence(full, head, limit=2),
        fix=("sudo reboot   # loads the kernel module of the installed driver",
             "cat /proc/driver/nvidia/version; nvidia-smi   # the two versions must agree",
             "# if they still differ, reinstall one driver release (one package source) for "
             "both parts"),
    )]


def nvrm_probe_not_called(f: Facts) -> list[Finding]:
    """``nvidia-probe-blocked-by-other-driver``: the nvidia module's probe routine was not
    called for N devices (another driver had bound them)."""
    hits = f.h("driver.nvrm_probe_not_called")
    if not hits.count:
        return []
    return [catalogue.make(
        "nvidia-probe-blocked-by-other-driver", n=hits.first[0].g("n") or "?",
        evidence=log_evidence(hits, limit=2),
    )]


def nouveau_holds_gpu(f: Facts) -> list[Finding]:
    """``nvidia-probe-blocked-by-other-driver`` (variant ``nouveau-loaded``): the log shows the
    nouveau driver loaded or driving a GPU (an lsmod row, its kernel lines) where the NVIDIA
    kernel modules do not load (nvidia_uvm, or nvidia-docker 1.0's "Could not load UVM kernel
    module", or modprobe's "No such device" for an nvidia module).  Nothing when the NVRM
    probe line is there (``nvrm_probe_not_called`` says it) or without such a failure
    (nouveau alone is no fault: a host may drive a display GPU with it)."""
    nouveau = f.h("driver.nouveau_loaded").all()
    if not nouveau or f.h("driver.nvrm_probe_not_called").count or f.host_gpu_works:
        return []
    # modprobe's "No such device" for nvidia: its init found no GPU to drive (nouveau has it);
    # a module missing, unsigned or of another kernel is nvidia-kernel-module-not-loadable's
    failed = f.h("driver.uvm_failed").all() + [
        h for h in f.h("eco.modprobe_nvidia").all()
        if (h.g("why") or "").strip().lower().startswith("no such device")]
    if not failed:
        return []
    return [catalogue.make(
        "nvidia-probe-blocked-by-other-driver", variant="nouveau-loaded",
        evidence=log_evidence(failed[:1], nouveau[:2]),
    )]


#: The other kernel-module flavour of the same driver release, for a GPU the installed one
#: refuses (Blackwell data-centre parts need the open modules; pre-Turing GPUs, no GSP, the
#: proprietary ones).
_OPEN_MODULE_FIX = ("# install the open kernel module flavour of the driver (Ubuntu: "
                    "nvidia-driver-<branch>-open; NVIDIA's installer: -m=kernel-open), then "
                    "reboot")
_PROPRIETARY_MODULE_FIX = ("# install the proprietary kernel module of the driver, not the "
                           "open one (Ubuntu: nvidia-driver-<branch> instead of "
                           "nvidia-driver-<branch>-open), then reboot")


def nvrm_gpu_unsupported(f: Facts) -> list[Finding]:
    """``nvidia-gpu-not-supported-by-driver``: the kernel module refuses the GPU (its driver
    release does not list it, or the open module needs a GSP)."""
    full = f.h("driver.nvrm_gpu_unsupported")
    head = f.h("driver.nvrm_gpu_unsupported_head")
    gsp = f.h("driver.nvrm_gpu_needs_gsp")
    legacy = f.h("driver.nvrm_legacy_branch")
    open_only = f.h("driver.nvrm_needs_open_module")
    if not (full.count or head.count or gsp.count or legacy.count or open_only.count):
        return []
    pci_hits = f.h("driver.nvrm_gpu_pci")
    pci_id = pci_hits.first[0].g("id") if pci_hits.count else None
    pci = f" (PCI ID {pci_id})" if pci_id else ""
    look = (f"lspci -nn -d 10de:   # the GPU's PCI ID{': ' + pci_id if pci_id else ''}",)
    if legacy.count:
        # the module names the legacy branch that drives this GPU, and its own release
        branch = legacy.first[0].g("branch") or "legacy"
        named = f.h("driver.nvrm_legacy_gpu").first
        ignore = f.h("driver.nvrm_will_ignore").first
        major = branch.split(".")[0]
        return [catalogue.make(
            "nvidia-gpu-not-supported-by-driver", variant="legacy-branch",
            gpu=(named[0].g("name") or "this GPU") if named else "this GPU", branch=branch,
            ver=f" {ignore[0].g('drv')}" if ignore else "",
            evidence=log_evidence(named, legacy, ignore, limit=3),
            fix=("ubuntu-drivers devices   # Ubuntu: lists the driver packages for this GPU",
                 f"# install the {branch} legacy driver (Ubuntu: nvidia-driver-{major}; "
                 "elsewhere the distribution's legacy package or NVIDIA's legacy driver page), "
                 "remove the newer one, then reboot",
                 *((f'tfgpu plan --gpu "{named[0].g("name")}"   # the TensorFlow release a '
                    f"{branch} driver runs for this GPU (add --driver with its version)",)
                   if named and named[0].g("name") else ())),
        )]
    # the module flavour is wrong for this GPU: the other flavour of the same release
    if open_only.count:
        return [catalogue.make("nvidia-gpu-not-supported-by-driver", variant="needs-open-module",
                               pci=pci, evidence=log_evidence(pci_hits, open_only, limit=3),
                               fix=(*look, _OPEN_MODULE_FIX))]
    if gsp.count:
        return [catalogue.make("nvidia-gpu-not-supported-by-driver", variant="needs-gsp",
                               pci=pci, evidence=log_evidence(pci_hits, gsp, limit=3),
                               fix=(*look, _PROPRIETARY_MODULE_FIX))]
    ver = full.first[0].g("ver") if full.count else None
    return [catalogue.make(
        "nvidia-gpu-not-supported-by-driver", ver=f" {ver}" if ver else "", pci=pci,
        evidence=log_evidence(pci_hits, full, head, limit=3),
        fix=(*look,
             "# find that PCI ID in Appendix A of a driver release's README; install the "
             "branch that lists it (a legacy branch such as 470 for older GPUs, a newer "
             "release for a new GPU)",
             "ubuntu-drivers devices   # Ubuntu: the branches that support this GPU"),
    )]


def nvrm_no_gpu(f: Facts) -> list[Finding]:
    """``no-nvidia-gpu`` from "NVRM: No NVIDIA GPU found." (only without host facts: the
    host checks say it from the probes)."""
    hits = f.h("driver.nvrm_no_gpu")
    if not hits.count or f.host is not None:
        return []
    # modprobe's "No such device" for nvidia is this line's consequence (nv.c: ENODEV)
    nodev = [h for h in f.h("eco.modprobe_nvidia").all()
             if (h.g("why") or "").strip().lower().startswith("no such device")]
    return [catalogue.make(
        "no-nvidia-gpu", evidence=log_evidence(hits.first, nodev[:1]),
        cause=("The NVIDIA kernel module found no NVIDIA GPU on this system's PCI bus (NVRM: No "
               "NVIDIA GPU found), so it did not load: in a virtual machine the GPU is not "
               "passed through, or the GPU is disabled, unseated or (an eGPU) not attached. "
               "TensorFlow will use the CPU."),
        fix=("lspci -nn | grep -i nvidia   # nothing listed: the OS sees no NVIDIA GPU",
             "# VM: attach the GPU (PCI passthrough / a GPU instance type); bare metal: BIOS "
             "settings, seating and power of the card"),
    )]


# --- the kernel driver not running, from TensorFlow's diagnostics plus modprobe --------------


def kernel_driver_not_running(f: Facts) -> list[Finding]:
    """TensorFlow's cuda_diagnostics found no ``/proc/driver/nvidia/version`` ("kernel driver
    does not appear to be running on this host") AND modprobe failed on an NVIDIA module in
    the same log -> ``nvidia-driver-not-loaded``.

    Sources: the NVIDIA kernel module creates ``/proc/driver/nvidia/version`` when it loads
    (NVIDIA/open-gpu-kernel-modules ``kernel-open/nvidia/nv-procfs.c``, commit df1c9a3d);
    TensorFlow's diagnostics print the line when that file is absent (strings of
    libtensorflow_framework.so.2, TensorFlow 2.21).  The TensorFlow line alone is not enough:
    WSL2 has no such file while its GPU works, and a container shows the host's procfs; the
    modprobe failure shows a host loading its own NVIDIA modules, which failed.
    """
    mods = _proc_missing_modprobe(f)
    if not mods:
        return []
    names = sorted({(h.g("mod") or h.g("mod2") or "").strip("'") for h in mods})
    return [catalogue.make(
        "nvidia-driver-not-loaded", variant="proc-missing",
        modules=", ".join(names),
        evidence=log_evidence(f.h("diag.kernel_not_running"), mods, f.h("cuinit"), limit=5),
    )]


def _proc_missing_modprobe(f: Facts) -> list[Hit]:
    """modprobe's failures on NVIDIA modules when the log also has TensorFlow's "kernel driver
    does not appear to be running" (not WSL, GPU not shown working); else ``[]``."""
    if not f.h("diag.kernel_not_running").count or f.host_gpu_works or f.wsl:
        return []
    return [h for h in (*f.h("eco.modprobe_nvidia").all(), *f.h("driver.uvm_failed").all())
            if h.g("mod") or h.g("mod2")]
