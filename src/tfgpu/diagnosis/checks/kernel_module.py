"""Work-plan kinds: messages of the kernel driver, TensorFlow's op registry and the
environment that real reports paste, each read for its cause (or hedged when the line has
several).

* ``nvidia-driver-library-mismatch`` from the kernel's own words: "NVRM: API mismatch: the
  client has the version X, but NVRM: this kernel module has the version Y" (up to driver
  570) and "NVRM: API mismatch: the client 'NAME' (pid N) NVRM: has the version X, but this
  kernel module has NVRM: the version Y" (575.51.02 and later): NVIDIA
  open-gpu-kernel-modules ``src/nvidia/arch/nvalloc/unix/src/osapi.c`` (RmCheckVersion).
* ``nvidia-probe-blocked-by-other-driver``: "NVRM: The NVIDIA probe routine was not called
  for N device(s)" (open-gpu-kernel-modules ``kernel-open/nvidia/nv.c``).
* ``tf-op-not-registered`` / ``nccl-not-available``: TensorFlow's op registry
  (``tensorflow/core/framework/op.cc`` OpNotFound) names an op this binary lacks.  An NCCL op
  on native Windows or macOS means a build without NCCL; elsewhere it is hedged (TF 1.10-1.12
  registered the NCCL ops only on importing tensorflow.contrib.nccl: tensorpack/tensorpack
  #913); an op with a library's prefix (``Addons>``, ``IO>``) names the package to import;
  any other op is hedged.
  A graph node annotation naming an NCCL op (``[[.../NcclAllReduce]]``) on native Windows is
  the same fault.
* ``tensorflow-no-matching-distribution`` (variant ``directml``): pip finds no
  tensorflow-directml wheel; it is TensorFlow 1.15 with DirectML, whose wheels exist for
  the Pythons of platform fact ``tensorflow-directml-python`` only.
* ``tensorflow-windows-native-no-gpu`` / ``tensorflow-gpu-package-removed``: an installer
  says a tensorflow-gpu version does not exist, in words other than pip's (platform facts
  ``tensorflow-gpu-removed``, ``windows-native-gpu-last``).
* ``windows-tensorflow-dll-load-failed`` (hedged): "DLL load failed" naming
  _pywrap_tensorflow_internal without Windows' reason, which is what tells the causes apart.
* ``directml-plugin-tensorflow-mismatch``: "tensorflow-plugins\\tfdml_plugin.dll not found"
  at import: the plugin pins TensorFlow 2.10 (platform fact ``directml-plugin-tf-pin``).
* ``nvml-library-older-than-nvidia-smi``: nvidia-smi's "Failed to initialize NVML: Function
  Not Found" (nvml.h NVML_ERROR_FUNCTION_NOT_FOUND).
* ``nvidia-gpu-not-supported-by-driver``: "NVRM: ... installed in this system is not
  supported by the NVIDIA <ver> driver release" (or, variant ``needs-gsp``, "... by open
  nvidia.ko because it does not include the required GPU System Processor (GSP)"):
  open-gpu-kernel-modules ``osapi.c``.
* ``no-nvidia-gpu`` from the kernel log's "NVRM: No NVIDIA GPU found." (nv.c: the module
  counted no NVIDIA GPU on this system's PCI bus).
* ``cuda-visible-devices-hides-gpus`` (variant ``from-log``): the log sets
  ``CUDA_VISIBLE_DEVICES`` and CUDA then finds no device (CUDA C Programming Guide, "CUDA
  Environment Variables").
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks.tf_install import _windows_last_fix
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Evidence, Finding

#: Op-name prefixes of libraries that register their ops under a namespace
#: (tensorflow/addons ``REGISTER_OP("Addons>...")``, tensorflow/io ``REGISTER_OP("IO>...")``):
#: prefix -> (package, module to import).
OP_NAMESPACES: dict[str, tuple[str, str]] = {
    "Addons": ("tensorflow-addons", "tensorflow_addons"),
    "IO": ("tensorflow-io", "tensorflow_io"),
}

_NCCL_OP = re.compile(r"^Nccl[A-Z]\w*$")


def nvrm_api_mismatch(f: Facts) -> list[Finding]:
    """``nvidia-driver-library-mismatch`` from the kernel log's "NVRM: API mismatch" lines
    (either wording); the versions when the continuation lines are there.  Nothing when the
    log has none."""
    full = f.h("wp.nvrm_api_mismatch")
    head = f.h("wp.nvrm_api_mismatch_head")
    if not (full.count or head.count):
        return []
    client = kernel = None
    if full.count:
        h = full.first[0]
        client = h.g("client") or h.g("client2")
        kernel = h.g("k") or h.g("k2")
    elif head.first[0].g("client"):
        client = head.first[0].g("client")
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
    hits = f.h("wp.nvrm_probe_not_called")
    if not hits.count:
        return []
    return [catalogue.make(
        "nvidia-probe-blocked-by-other-driver", n=hits.first[0].g("n") or "?",
        evidence=log_evidence(hits, limit=2),
        fix=("lspci -nnk -d 10de:   # 'Kernel driver in use' names the driver that took the GPU",
             "lsmod | grep -E 'nouveau|nvidiafb|rivafb|vfio'",
             "# nouveau: blacklist it (echo 'blacklist nouveau' | sudo tee "
             "/etc/modprobe.d/blacklist-nouveau.conf; sudo update-initramfs -u), then reboot",
             "nvidia-smi   # after the reboot"),
    )]


def op_not_registered(f: Facts) -> list[Finding]:
    """``nccl-not-available`` for an NCCL op, the ``package`` variant of
    ``tf-op-not-registered`` for a namespaced op, else the hedged ``tf-op-not-registered``."""
    hits = f.h("wp.op_not_registered")
    out: list[Finding] = []
    if hits.count:
        op = hits.first[0].g("op") or "?"
        ev = log_evidence(hits, limit=2)
        prefix = op.split(">", 1)[0] if ">" in op else ""
        if _NCCL_OP.match(op) and f.os in ("windows", "macos"):
            out.append(_nccl_missing(op, ev))
        elif _NCCL_OP.match(op):
            out.append(catalogue.make(
                "tf-op-not-registered", variant="nccl", op=op, evidence=ev,
                fix=('python -c "import platform, tensorflow as tf; print(platform.system(), '
                     'tf.__version__)"',
                     "# Windows/macOS: no NCCL; strategy = tf.distribute.MirroredStrategy("
                     "cross_device_ops=tf.distribute.HierarchicalCopyAllReduce())",
                     "# TensorFlow 1.10-1.12 on Linux: import tensorflow.contrib.nccl before "
                     "building the graph"),
            ))
        elif prefix in OP_NAMESPACES:
            package, module = OP_NAMESPACES[prefix]
            out.append(catalogue.make(
                "tf-op-not-registered", variant="package", op=op, package=package,
                prefix=prefix, module=module, evidence=ev,
                fix=(f"python -c \"import tensorflow as tf, {module}; print(tf.__version__)\"",
                     f"# import {module} before loading the model; pip install a {package} "
                     "release built for this TensorFlow (its README's compatibility table)"),
            ))
        else:
            out.append(catalogue.make(
                "tf-op-not-registered", op=op, evidence=ev,
                fix=("python -c \"import tensorflow as tf; print(tf.__version__)\"   # compare "
                     "with the TensorFlow that saved the model",
                     "# an op of tensorflow-text/-addons/-io or a custom .so: import that "
                     "library (built for this TensorFlow) before loading",
                     "# a model saved by a newer TensorFlow: load it with that release or newer"),
            ))
    nodes = f.h("wp.nccl_node")
    if not out and nodes.count and f.windows:
        out.append(_nccl_missing(nodes.first[0].g("op") or "NcclAllReduce",
                                 log_evidence(nodes, limit=2)))
    return out


def _nccl_missing(op: str, evidence: tuple[Evidence, ...]) -> Finding:
    return catalogue.make(
        "nccl-not-available", op=op, evidence=evidence,
        fix=("strategy = tf.distribute.MirroredStrategy("
             "cross_device_ops=tf.distribute.HierarchicalCopyAllReduce())",
             "or train multi-GPU on Linux / WSL2"),
    )


def _cvd_value(raw: str) -> str:
    return raw.strip().strip("\"'").strip()


def cvd_in_log(f: Facts) -> list[Finding]:
    """``cuda-visible-devices-hides-gpus`` (``from-log``): the log sets
    ``CUDA_VISIBLE_DEVICES`` and CUDA then reports no device (cuInit's
    CUDA_ERROR_NO_DEVICE or the runtime's "no CUDA-capable device is detected").  Only
    without host facts (the host check reads the real environment)."""
    if f.host is not None:
        return []
    cvd = f.h("wp.cvd_set")
    if not cvd.count:
        return []
    no_device = [h for h in f.h("cuinit").all() if h.g("name") == "CUDA_ERROR_NO_DEVICE"
                 or h.g("code") == "100"]
    runtime = f.h("gpu.no_device")
    if not (no_device or runtime.count):
        return []
    last = cvd.last or cvd.first[-1]
    value = _cvd_value(last.g("v") or "")
    tokens = [t.strip() for t in value.split(",")]
    if not value or value.startswith("-") or (not tokens[0].isdigit() and not tokens[0].upper(
            ).startswith(("GPU-", "MIG-"))):
        why = (f"{value!r} names no GPU (CUDA stops at the first entry that is not a valid "
               "index or UUID), so the process sees none.")
    else:
        why = (f"it selects GPU {value}, and CUDA saw no device, so this host has no GPU of "
               "that index (indices start at 0; nvidia-smi -L lists them) or no usable GPU "
               "at all.")
    return [catalogue.make(
        "cuda-visible-devices-hides-gpus", variant="from-log", value=repr(value), why=why,
        evidence=log_evidence([last], no_device[:1], runtime, limit=3),
        fix=("nvidia-smi -L   # the GPU indices this host has",
             "# set CUDA_VISIBLE_DEVICES to one of them (export CUDA_VISIBLE_DEVICES=0, or "
             "os.environ['CUDA_VISIBLE_DEVICES'] = '0' before importing TensorFlow), or unset it"),
    )]


def directml_no_wheel(f: Facts) -> list[Finding]:
    """``tensorflow-no-matching-distribution`` (``directml``): pip offers no
    tensorflow-directml for this Python (platform fact ``tensorflow-directml-python``)."""
    hits = [h for h in f.h("pip.no_dist").all()
            if re.sub(r"[-_.]+", "-", (h.g("pkg") or "").lower()) == "tensorflow-directml"]
    offered = [h for h in hits if (h.g("versions") or "none").strip() not in ("", "none")]
    if not hits or offered:
        return []  # pip offered versions: a pin it does not have, not this Python
    fact = f.kb.platform_fact("tensorflow-directml-python")
    lo, hi = fact.value("python_min"), fact.value("python_max")
    py = f.host.python.version if f.host is not None else None
    cause = (f"tensorflow-directml is a fork of TensorFlow 1.15 with DirectML; its newest release "
             f"({fact.value('tf_version')}) has wheels for Python {lo}-{hi} only, so pip finds "
             "no version at all for "
             + (f"Python {py}." if py else "a newer Python."))
    return [catalogue.make(
        "tensorflow-no-matching-distribution", variant="directml", lo=lo, hi=hi,
        cause=cause, evidence=log_evidence(hits), knowledge_ref=fact.ref,
        fix=(f"# create an environment with Python {hi}: conda create -n dml python={hi}, "
             "then: pip install tensorflow-directml",
             "# or, for TensorFlow 2: pip install tensorflow-cpu tensorflow-directml-plugin"),
    )]


def _series(v: str) -> tuple[int, int] | None:
    parts = v.split(".")
    return (int(parts[0]), int(parts[1])) if len(parts) >= 2 and parts[1].isdigit() else None


def tfgpu_version_missing(f: Facts) -> list[Finding]:
    """A tensorflow-gpu version an installer cannot find: on native Windows past the last
    native GPU release, ``tensorflow-windows-native-no-gpu``; else, from the placeholder
    version on, ``tensorflow-gpu-package-removed``; older versions say nothing."""
    hits = f.h("wp.tfgpu_version_missing")
    if not hits.count:
        return []
    h = hits.first[0]
    version = h.g("v") or h.g("v2") or ""
    want = _series(version)
    kb = f.kb
    last = kb.platform_fact("windows-native-gpu-last")
    last_s, _ = kb.fact_series("windows-native-gpu-last")
    stub, _ = kb.fact_series("tensorflow-gpu-removed", "stub_version")
    gone = kb.platform_fact("tensorflow-gpu-removed")
    if want is None:
        return []
    ev = log_evidence(hits, limit=2)
    if f.windows and want > last_s:
        return [catalogue.make(
            "tensorflow-windows-native-no-gpu", version=version, last=last.value("tf_version"),
            ref=last.ref, evidence=ev, fix=_windows_last_fix(last), knowledge_ref=last.ref,
        )]
    if want >= stub:
        return [catalogue.make(
            "tensorflow-gpu-package-removed", evidence=ev, knowledge_ref=gone.ref,
            cause=(f"tensorflow-gpu {version} does not exist as an installable package: the "
                   f"name was retired in {gone.value('retired')} (last binaries "
                   f"{gone.value('last_linux')} on Linux, {gone.value('last_windows')} on "
                   f"Windows; {gone.value('stub_version')} and later are empty placeholders). "
                   "The plain tensorflow package is the GPU build."),
            fix=('pip install "tensorflow[and-cuda]"   # Linux / WSL2',
                 'replace "tensorflow-gpu" with "tensorflow" in requirements files'),
        )]
    return []


def dll_load_bare(f: Facts) -> list[Finding]:
    """``windows-tensorflow-dll-load-failed``: TensorFlow's native module did not load and the
    log lacks Windows' reason (a full "DLL load failed ...: <reason>" line is read by the
    Windows checks instead)."""
    bare = f.h("wp.dll_load_bare")
    if not bare.count or any((h.g("why") or "").strip() for h in f.h("win.dll_load").all()):
        return []
    return [catalogue.make(
        "windows-tensorflow-dll-load-failed", module=bare.first[0].g("mod") or "?",
        evidence=log_evidence(bare, limit=2),
        fix=('python -c "import tensorflow"   # the full error: its reason after '
             "'DLL load failed ...:' tells the causes apart",
             "# 'could not be found': install the Microsoft Visual C++ 2015-2022 "
             "Redistributable (x64) and open a new terminal",
             "# 'initialization routine failed': check the CPU for AVX (Sysinternals coreinfo "
             "-f); without it use a TensorFlow built without AVX",
             'python -c "import struct; print(struct.calcsize(\'P\') * 8)"   # must print 64'),
    )]


def dml_plugin_mismatch(f: Facts) -> list[Finding]:
    """``directml-plugin-tensorflow-mismatch``: TensorFlow could not load the DirectML
    plugin's DLL.  Nothing when the facts show the TensorFlow the plugin pins (then the cause
    is elsewhere)."""
    hits = f.h("wp.dml_plugin_not_found")
    if not hits.count:
        return []
    fact = f.kb.platform_fact("directml-plugin-tf-pin")
    tf = fact.value("tf_version")
    have = f.tf_version
    if have is not None and have.split(".")[:2] == tf.split(".")[:2]:
        return []
    req = fact.value("pip_requirement")
    return [catalogue.make(
        "directml-plugin-tensorflow-mismatch", tf=tf, plugin=fact.value("plugin_version"),
        requirement=req, evidence=log_evidence(hits, limit=2), knowledge_ref=fact.ref,
        fix=("pip list   # tensorflow, tensorflow-cpu, tensorflow-intel: only one TensorFlow, "
             f"{tf}",
             "pip uninstall -y tensorflow tensorflow-cpu tensorflow-intel",
             f'pip install "{req}" tensorflow-directml-plugin',
             "# or, for a newer TensorFlow with an NVIDIA GPU: WSL2 with "
             'pip install "tensorflow[and-cuda]"'),
    )]


def nvml_function_not_found(f: Facts) -> list[Finding]:
    """``nvml-library-older-than-nvidia-smi``: nvidia-smi and the libnvidia-ml it loads are of
    different driver releases (the library the older)."""
    hits = f.h("wp.nvml_function_not_found")
    if not hits.count:
        return []
    return [catalogue.make(
        "nvml-library-older-than-nvidia-smi", evidence=log_evidence(hits, limit=2),
        fix=("ldconfig -p | grep libnvidia-ml; ls -l $(ldconfig -p | awk '/libnvidia-ml.so/ "
             "{print $NF}')   # which files the links name",
             "cat /proc/driver/nvidia/version   # the loaded driver: the links must name its "
             "libnvidia-ml.so.<version>",
             "# fix the links (or reinstall the driver package) and drop old copies from "
             "LD_LIBRARY_PATH; then: sudo ldconfig && nvidia-smi"),
    )]


def nvrm_gpu_unsupported(f: Facts) -> list[Finding]:
    """``nvidia-gpu-not-supported-by-driver``: the kernel module refuses the GPU (its driver
    release does not list it, or the open module needs a GSP)."""
    full = f.h("wp.nvrm_gpu_unsupported")
    head = f.h("wp.nvrm_gpu_unsupported_head")
    gsp = f.h("wp.nvrm_gpu_needs_gsp")
    if not (full.count or head.count or gsp.count):
        return []
    pci_hits = f.h("wp.nvrm_gpu_pci")
    pci_id = pci_hits.first[0].g("id") if pci_hits.count else None
    pci = f" (PCI ID {pci_id})" if pci_id else ""
    look = (f"lspci -nn -d 10de:   # the GPU's PCI ID{': ' + pci_id if pci_id else ''}",)
    if gsp.count:
        return [catalogue.make(
            "nvidia-gpu-not-supported-by-driver", variant="needs-gsp", pci=pci,
            evidence=log_evidence(pci_hits, gsp, limit=3),
            fix=(*look,
                 "# install the proprietary kernel module of the driver, not the open one "
                 "(Ubuntu: nvidia-driver-<branch> instead of nvidia-driver-<branch>-open), "
                 "then reboot"),
        )]
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
    hits = f.h("wp.nvrm_no_gpu")
    if not hits.count or f.host is not None:
        return []
    return [catalogue.make(
        "no-nvidia-gpu", evidence=log_evidence(hits, limit=1),
        cause=("The NVIDIA kernel module found no NVIDIA GPU on this system's PCI bus (NVRM: No "
               "NVIDIA GPU found), so it did not load: in a virtual machine the GPU is not "
               "passed through, or the GPU is disabled, unseated or (an eGPU) not attached. "
               "TensorFlow will use the CPU."),
        fix=("lspci -nn | grep -i nvidia   # nothing listed: the OS sees no NVIDIA GPU",
             "# VM: attach the GPU (PCI passthrough / a GPU instance type); bare metal: BIOS "
             "settings, seating and power of the card"),
    )]
