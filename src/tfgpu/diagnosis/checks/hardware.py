"""Rules about the GPU hardware and the NVIDIA driver.

Every check is pure: ``(Facts) -> Iterable[Finding]`` (:mod:`tfgpu.diagnosis.checks`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.diagnosis.checks._pip_list import pip_list_grep
from tfgpu.facts import GPU, Distribution, HostFacts, ProbeStatus
from tfgpu.facts.presence import PCI_RECORDS, Presence, nvidia_gpu_presence
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Evidence, Finding
from tfgpu.knowledge import KnowledgeQueryError, TensorCores, docs

if TYPE_CHECKING:
    from tfgpu.knowledge import Knowledge

#: The platform fact that gives the memory (MiB) below which a GPU was sold with less than
#: 4 GB (``gpu-memory-small-cut``: 4 GB boards report 3.8-4.0 GiB, smaller ones at most 3 GiB).
SMALL_GPU_FACT = "gpu-memory-small-cut"


def small_gpu_cut(kb: Knowledge) -> tuple[int, str]:
    """``(MiB, knowledge row)``: below that reported memory a GPU is one sold with less than
    4 GB (platform fact :data:`SMALL_GPU_FACT`, read from TensorFlow's device lines of sold
    boards: a 4 GB GTX 1650 reports 3.82 GiB, so a 4 GB board is never "small").

    Raises:
        KnowledgeQueryError: the fact is missing; KnowledgeError: it has no
            ``small_cut_mib`` (a data-file edit removed them).
    """
    fact = kb.platform_fact(SMALL_GPU_FACT)
    return int(fact.value("small_cut_mib")), fact.ref

_MX_RE = re.compile(r"\bMX\s?([1-5]\d0)\b", re.IGNORECASE)


def _known_cc(g: GPU, kb: Knowledge) -> str | None:
    """The GPU's compute capability: reported by the driver, else its knowledge row (a
    GeForce MX part seen only by lspci: gpu_compute_capability rows MX110..MX570)."""
    if g.compute_capability:
        return g.compute_capability
    match = kb.gpu_compute_capability(g.name) if _MX_RE.search(g.name) else None
    return match.cc if match is not None else None


def _tensor_cores(g: GPU, kb: Knowledge) -> TensorCores | None:
    """The knowledge's Tensor Core answer for ``g`` (by name, else the CC floor), or
    ``None`` when its compute capability does not parse."""
    try:
        return kb.tensor_cores(g.name, _known_cc(g, kb))
    except KnowledgeQueryError:
        return None


def _pci_only_nvidia(facts: HostFacts) -> tuple[GPU, ...]:
    return tuple(g for g in facts.nvidia_gpus if g.source in ("lspci", "sysfs"))


def _driver_gpus(facts: HostFacts) -> tuple[GPU, ...]:
    return tuple(g for g in facts.nvidia_gpus if g.source not in ("lspci", "sysfs"))


def _nvidia_records(facts: HostFacts) -> tuple[Evidence, ...]:
    ev: list[Evidence] = []
    for name in ("nvml", "nvidia-smi", "nvidia"):
        ev.extend(c.record_evidence(facts.probe(name)))
    d = facts.driver
    if d is not None and d.message:
        def quoted(line: str) -> bool:
            tail = line.split(":", 1)[-1].strip()
            return any(line in e.text or (tail and e.text.endswith(tail)) for e in ev)

        ev.extend(Evidence(f"driver ({d.source or 'nvidia'})", line)
                  for line in d.message.strip().splitlines()
                  if line.strip() and not quoted(line))
    return tuple(dict.fromkeys(ev))


def metal_route(facts: HostFacts) -> tuple[str, Distribution, Distribution] | None:
    """``(GPU name, tensorflow-metal, TensorFlow distribution)`` when this is a Mac whose
    interpreter has Apple's Metal plugin installed next to TensorFlow (``tensorflow``, or
    ``tensorflow-macos`` before 2.13: platform fact ``macos-metal-plugin``), else ``None``.

    The plugin gives TensorFlow the Mac's GPU (Apple silicon, or an AMD GPU of an Intel
    Mac); whether this pair loads is told by TensorFlow's import (the ``tf`` probe) or by
    the pairing checks (``metal-plugin-tensorflow-mismatch``), not by its presence alone.
    """
    if facts.os.system != "Darwin":
        return None
    metal = facts.python.dist("tensorflow-metal")
    tf = facts.python.dist("tensorflow") or facts.python.dist("tensorflow-macos")
    if metal is None or tf is None:
        return None
    gpu = next((g.name for g in facts.gpus if g.vendor in ("apple", "amd") and g.name), None)
    return gpu or "Apple", metal, tf


def no_nvidia_gpu(f: Facts) -> Iterator[Finding]:
    """No NVIDIA GPU: say so plainly, with the honest option for the GPU that is there.

    Sources (compat/FACTS.md): AMD -> ``tensorflow-rocm``, Linux only, wheels on AMD's own
    repository from ROCm 6.1 [ROCM622]; Intel -> ``intel-extension-for-tensorflow``, Linux
    and WSL2, TF 2.10-2.15 [PLUGINS, ITEX]; Apple -> ``tensorflow-metal`` on macOS 12+
    [APPLE]; no GPU build of TensorFlow exists for macOS [PIPMD].
    """
    facts = f.host
    if facts is None:
        return
    if facts.nvidia_gpus:
        return
    if facts.driver is not None and facts.driver.status in (ProbeStatus.ERROR,
                                                            ProbeStatus.TIMEOUT):
        return  # the driver rules speak: a broken or hung driver is not "no GPU"
    others = [g for g in facts.gpus if g.vendor != "nvidia"]
    vendors = {g.vendor for g in others}
    ev = [Evidence(f"gpus ({g.source})", f"{g.vendor}: {g.name}") for g in others]
    ev.extend(_nvidia_records(facts))
    if facts.driver is None and not any(facts.probe(n) for n in ("nvml", "nvidia-smi", "nvidia")):
        yield catalogue.make("nvidia-gpu-not-probed", evidence=ev)
        return
    if facts.os.is_wsl and facts.os.wsl_version == 2 and not others:
        yield _wsl2_gpu_unknown(facts, tuple(ev))
        return
    wsl2 = facts.os.is_wsl and facts.os.wsl_version == 2
    presence = nvidia_gpu_presence(facts)
    if presence.soc is not None:
        # a Jetson: the GPU is on the chip, the PCI listings and nvidia-smi do not show it
        yield catalogue.make(
            "nvidia-jetson-gpu-on-chip", soc=presence.soc,
            evidence=(Evidence("os.nvidia_soc", presence.soc), *ev,
                      *_listing_records(facts, answered_only=True)),
            knowledge_ref="platform_facts:jetson-gpu-on-chip")
        return
    presence = nvidia_gpu_presence(facts)
    if presence.state == "unknown" and not wsl2:
        yield _presence_unknown(facts, presence, (*ev, *_listing_records(facts)))
        return
    ev.extend(_listing_records(facts, answered_only=True))
    words, fix, doc = other_vendor_routes(f, facts, others)
    metal = metal_route(facts)
    tf_gpus = facts.tf.gpus if facts.tf is not None and facts.tf.status is ProbeStatus.OK \
        else None
    if (metal is not None and tf_gpus is None) or tf_gpus:
        # Apple's plugin is installed (TensorFlow not imported: the verdict says so), or
        # TensorFlow listed a GPU: "TensorFlow will use the CPU" would be false
        return
    if metal is not None:
        gpu, plugin, tf = metal
        words.append(f"{gpu} GPU: Apple's tensorflow-metal {plugin.version} is installed, yet "
                     f"{tf.name} {tf.version} lists no GPU: the plugin did not load; it must "
                     "be a release Apple pairs with this TensorFlow (`tfgpu plan` names the "
                     "pair); there is no CUDA on macOS")
        fix.append(pip_list_grep("tensorflow(-macos|-metal)?", anchored=True)
                   + "   # the pair installed")
        doc = "apple-metal-plugin"
    elif "apple" in vendors or (facts.os.system == "Darwin"
                                and (facts.os.machine or "") == "arm64"):
        word, line = apple_route(facts)
        words.append(word)
        fix.append(line)
        doc = "apple-metal-plugin"
    vm = _virtual_adapter(f, others)
    if vm is not None:
        words.append(f"this is a virtual machine ({vm.name} is its hypervisor's display "
                     "adapter): a guest sees an NVIDIA GPU only when its host passes one "
                     "through (PCI passthrough or vGPU, set up on the host), and none was, so "
                     "TensorFlow runs on the CPU here")
        fix.append("# on the VM's host: pass the NVIDIA GPU through to this VM (PCI "
                   "passthrough or vGPU), or run TensorFlow on the host itself (on a Windows "
                   "host, WSL2 shares its GPU)")
    if not words:
        tf_ok = facts.tf is not None and facts.tf.status is ProbeStatus.OK
        words.append("no GPU that TensorFlow can use was found" + (
            "; TensorFlow works on the CPU, only slower for large models" if tf_ok else
            "; TensorFlow can only run on the CPU here"))
    on_bus = _listing_words(facts) in ("lspci", _LISTING_WORDS["sysfs-pci"])
    if facts.os.system == "Linux" and facts.os.container_engine and on_bus:
        # a container sees its host's PCI bus (platform fact container-markers): GPU access
        # for the container would not bring a GPU the host does not have
        words.append(f"this runs in a container ({facts.os.container}), whose PCI bus is its "
                     "host's under the usual runtimes (runc, crun): the host has no NVIDIA GPU "
                     "either, so GPU access for the container would not help (a VM-based "
                     "runtime such as Kata shows only the devices passed to its VM)")
    smi = facts.probe("nvidia-smi")
    how = "nvidia-smi is not installed" if smi is not None and smi.status is ProbeStatus.MISSING \
        else "NVML and nvidia-smi found no NVIDIA GPU"
    looked = _listing_words(facts)
    if looked and (facts.driver is None or facts.driver.status is not ProbeStatus.OK):
        how += f", and {looked} shows no NVIDIA display adapter"
    yield catalogue.make("no-nvidia-gpu", evidence=ev, cause=f"{how}; " + "; ".join(words),
                         fix=fix, doc=doc)


def other_vendor_routes(f: Facts, facts: HostFacts,
                        others: list[GPU]) -> tuple[list[str], list[str], str]:
    """``(sentences, fix lines, docs.toml key)`` for the AMD and Intel GPUs among ``others``
    (the host's GPUs that are not NVIDIA's): AMD -> ``tensorflow-rocm``, native Linux only,
    with AMD's ROCm support of each model (knowledge table ``amd_gpus``); Intel ->
    ``intel-extension-for-tensorflow``, Linux and WSL2, TF 2.10-2.15 (compat/FACTS.md
    ROCM622, PLUGINS, ITEX).  Empty lists and ``"tf-pip"`` when neither vendor is there."""
    vendors = {g.vendor for g in others}
    system = facts.os.system
    fix: list[str] = []
    words: list[str] = []
    doc = "tf-pip"
    if "amd" in vendors:
        if system == "Linux" and not facts.os.is_wsl:
            # AMD's ROCm Linux support list per model (knowledge table amd_gpus)
            amd = [f.kb.rocm_support(g.name or "AMD GPU") for g in others if g.vendor == "amd"]
            if any(v.uses_rocm or v.status == "unknown" for v in amd):
                words.append("AMD GPU: TensorFlow can use it only through ROCm, with AMD's "
                             "`tensorflow-rocm` build (Linux only; from ROCm 6.1 its wheels "
                             "are on AMD's own repository, not the usual package index)")
                fix.append("# install ROCm, then tensorflow-rocm, following "
                           + docs.url("rocm-tensorflow"))
            words.extend(v.describe() for v in amd if v.status != "unknown")
            fix.extend(f"# unofficial, unsupported by AMD: export {v.override}"
                       for v in amd if v.override and not v.uses_rocm)
        elif system in ("Windows", "Darwin") or facts.os.is_wsl:
            words.append("AMD GPU: `tensorflow-rocm` exists only for native Linux, so on this "
                         f"{system} host TensorFlow runs on the CPU (the DirectML plugin for "
                         "TF 2.10 is the only other route, a preview)")
        else:  # the system is not known (facts a user described)
            words.append("AMD GPU: TensorFlow can use it only through ROCm, with AMD's "
                         "`tensorflow-rocm` build, on native Linux and a GPU the ROCm release "
                         "supports")
            fix.append("# on native Linux: install ROCm, then tensorflow-rocm, following "
                       + docs.url("rocm-tensorflow"))
        doc = "rocm-tensorflow"
    if "intel" in vendors:
        from tfgpu.diagnosis.checks.gpu_package_routes import itex_supports

        intel = [g.name or "" for g in others if g.vendor == "intel"]
        if not any(itex_supports(n) for n in intel):
            # integrated graphics: on no list of Intel's plugin (gpu_package_routes.py)
            words.append("Intel GPU: TensorFlow uses the CPU; `intel-extension-for-tensorflow`"
                         " supports Intel's Data Center GPU Max/Flex and (experimentally) Arc "
                         "A-series cards, not integrated UHD/Iris/HD graphics such as "
                         f"{intel[0] or 'this one'}")
            return words, fix, "intel-extension-tensorflow"
        words.append("Intel GPU: TensorFlow uses the CPU; `intel-extension-for-tensorflow` "
                     "adds Intel GPUs on Linux/WSL2 for TF 2.10-2.15 only (2.16 needs a source "
                     "build, 2.17+ is not supported)")
        if system == "Linux":
            fix.append(c.pip(facts, "install", "tensorflow==2.15.1",
                             "intel-extension-for-tensorflow[xpu]"))
        doc = "intel-extension-tensorflow"
    return words, fix, doc


def apple_route(facts: HostFacts) -> tuple[str, str]:
    """``(sentence, fix line)`` for an Apple GPU: Apple's ``tensorflow-metal`` plugin beside
    ``tensorflow`` on macOS 12+ (compat/FACTS.md APPLE); there is no CUDA on macOS."""
    return ("Apple GPU: install Apple's `tensorflow-metal` plugin next to `tensorflow` "
            "(macOS 12+, Python 3.9+); there is no CUDA on macOS",
            c.pip(facts, "install", "tensorflow", "tensorflow-metal"))


def _virtual_adapter(f: Facts, gpus: list[GPU]) -> GPU | None:
    """The first of ``gpus`` that is a hypervisor's display adapter (platform fact
    ``virtual-display-adapters``: pci.ids device names as lspci prints them, or the
    ``[vendor:device]`` ids of a /sys/bus/pci listing), else ``None``."""
    try:
        fact = f.kb.platform_fact("virtual-display-adapters")
    except KnowledgeQueryError:
        return None
    names = [n.lower() for n in fact.items("names")]
    ids = [f"[{i}]" for i in fact.items("ids")]
    for g in gpus:
        low = (g.name or "").lower()
        if any(n in low for n in names) or any(i in low for i in ids):
            return g
    return None


def _listing_records(facts: HostFacts, *, answered_only: bool = False) -> tuple[Evidence, ...]:
    """Evidence lines of the adapter listings (lspci, /sys/bus/pci, /sys/class/drm, WMI,
    system_profiler): what looked for a GPU without the driver, and how it went; with
    ``answered_only``, only those that answered (status OK)."""
    recs = [facts.probe(name) for name in PCI_RECORDS]
    return tuple(e for rec in recs if rec is not None
                 and (not answered_only or rec.status is ProbeStatus.OK)
                 for e in c.record_evidence(rec))


#: How a cause names each adapter listing that answered.
_LISTING_WORDS = {"lspci": "lspci", "sysfs-pci": "the PCI bus (/sys/bus/pci/devices)",
                  "wmi-video": "Windows' display adapter list (Win32_VideoController)",
                  "system_profiler": "system_profiler"}


def _listing_words(facts: HostFacts) -> str | None:
    """The first adapter listing that answered, as a cause names it, or ``None``."""
    for name, words in _LISTING_WORDS.items():
        rec = facts.probe(name)
        if rec is not None and rec.status is ProbeStatus.OK and (
                name != "lspci" or (rec.raw_excerpt or "").strip()):
            return words
    return None


def _presence_unknown(facts: HostFacts, presence: Presence,
                      ev: tuple[Evidence, ...]) -> Finding:
    """``nvidia-gpu-presence-unknown``: no driver answers and no adapter listing answered
    (:func:`tfgpu.facts.presence.nvidia_gpu_presence`), so "no GPU" would claim more than
    is known."""
    d = facts.driver
    smi = facts.probe("nvidia-smi")
    if d is None:
        driver = "the NVIDIA driver was not probed"
    elif smi is not None and smi.status is ProbeStatus.MISSING:
        driver = "no NVIDIA driver answers (nvidia-smi is not installed, NVML not found)"
    else:
        driver = "no NVIDIA driver answers (NVML and nvidia-smi not found)"
    unanswered = ("nothing could list the PCI devices: " + ", ".join(presence.unanswered)
                  if presence.unanswered else
                  "no probe listed the PCI devices (lspci, /sys/bus/pci/devices)")
    windows = facts.os is not None and facts.os.system == "Windows"
    boxed = facts.os.container if facts.os.container_engine else None
    if boxed and facts.os.system == "Linux":
        # in a container the driver comes in only with GPU access (platform fact
        # container-markers): its absence there says nothing of the host
        return catalogue.make(
            "nvidia-gpu-presence-unknown", variant="in-container",
            evidence=(Evidence("os.container", boxed), *ev),
            driver=driver, unanswered=unanswered, container=boxed,
            knowledge_ref="platform_facts:container-markers")
    return catalogue.make("nvidia-gpu-presence-unknown", variant="windows" if windows else None,
                          evidence=ev, driver=driver, unanswered=unanswered)


#: Where WSL2 mounts the Windows NVIDIA driver's Linux libraries (libcuda.so...).
#: Source: NVIDIA CUDA on WSL user guide, https://docs.nvidia.com/cuda/wsl-user-guide/
WSL_LIB_DIR = "/usr/lib/wsl/lib"


def _wsl2_gpu_unknown(facts: HostFacts, ev: tuple[Evidence, ...]) -> Finding:
    """WSL2 without a driver answer: the GPU may be there (the PCI bus does not show it).

    Inside WSL2 the GPU is reached through the Windows driver (``/dev/dxg`` and
    ``libcuda.so`` in :data:`WSL_LIB_DIR`), never through a Linux NVIDIA driver, which
    must not be installed there (NVIDIA CUDA on WSL user guide, "Getting Started").
    """
    boxed = (("# in a container on WSL2 (Docker Desktop, docker in WSL): start it with GPU "
              "access, docker run --gpus all ...; WSL's files then appear in it",)
             if facts.os.container_engine else ())
    return catalogue.make(
        "wsl2-gpu-unknown", evidence=ev, wsl_lib_dir=WSL_LIB_DIR,
        fix=(*boxed, f"ls -l {WSL_LIB_DIR}/libcuda.so* {WSL_LIB_DIR}/nvidia-smi",
             f"# install or update the NVIDIA driver on WINDOWS (not inside WSL): "
             f"{docs.url('nvidia-drivers')}; then in PowerShell: wsl --shutdown",
             "# never install a Linux NVIDIA driver inside WSL2: it overwrites the WSL "
             f"libcuda.so ({docs.url('cuda-wsl-guide')})"),
    )


def small_memory(f: Facts) -> Iterator[Finding]:
    """A GPU sold with less than 4 GB of memory (:func:`small_gpu_cut`)."""
    facts = f.host
    if facts is None:
        return
    kb = f.kb
    cut, ref = small_gpu_cut(kb)
    small = [g for g in facts.nvidia_gpus
             if not g.is_mig and g.memory_total_mib is not None
             and g.memory_total_mib < cut]
    if not small:
        return
    words = ", ".join(f"GPU {g.index} {g.name}: {g.memory_total_mib} MiB" for g in small)
    yield catalogue.make(
        "gpu-memory-small", gpus=words, cut_mib=f"{cut:,}", ref=ref, knowledge_ref=ref,
        evidence=tuple(Evidence(f"gpus[{g.index}].memory_total_mib", str(g.memory_total_mib))
                       for g in small),
        fix=("# use small batches" + (" and mixed precision" if all(_has_tensor_cores(g, kb)
                                                                    for g in small) else "")
             + "; let memory grow instead of taking it all:",
             c.set_env(facts, "TF_FORCE_GPU_ALLOW_GROWTH", "true")),
    )


def laptop_mx(f: Facts) -> Iterator[Finding]:
    """GeForce MX1xx-5xx laptop parts: weak, 2-4 GiB, and the older ones below TF's minimum.

    Compute capabilities: the knowledge rows gpu_compute_capability "GeForce MX110".."MX570"
    (MX130 5.0; MX150/230/250/330/350 6.1; MX450/550 7.5; MX570 8.6; MX110 unknown).
    Current TensorFlow wheels start at sm_60 (tf_compute_capabilities), so an MX130 is not
    usable at all.
    """
    facts = f.host
    if facts is None:
        return
    kb = f.kb
    for g in facts.nvidia_gpus:
        m = _MX_RE.search(g.name)
        if not m:
            continue
        model = f"MX{m.group(1)}"
        cc = _known_cc(g, kb)
        cc_words = f"compute capability {cc}" if cc else "compute capability unknown"
        yield catalogue.make(
            "laptop-mx-gpu", model=model, cc_words=cc_words,
            evidence=(Evidence(f"gpus[{g.index}].name", g.name),)
            + ((Evidence(f"gpus[{g.index}].compute_capability", cc),) if cc else ()),
        )
        return


def _has_tensor_cores(g: GPU, kb: Knowledge) -> bool:
    """True when the knowledge says ``g`` has Tensor Cores (:meth:`Knowledge.tensor_cores`:
    its name's row, else compute capability >= the tensor-cores-min-cc floor)."""
    tc = _tensor_cores(g, kb)
    return tc is not None and tc.has is True


def _iommu_state(facts: HostFacts) -> str | None:
    rec = facts.probe("iommu")
    if rec is None or rec.status is not ProbeStatus.OK:
        return None
    return rec.message


def multi_gpu_p2p(f: Facts) -> Iterator[Finding]:
    """Several NVIDIA GPUs: NCCL peer-to-peer can hang or give NaN behind PCIe ACS/IOMMU.

    Reports of MirroredStrategy NaN losses on many-GPU hosts: PCIe Access Control Services
    redirected peer-to-peer traffic through the root complex.  NVIDIA's NCCL
    troubleshooting guide says to disable ACS (or IOMMU) for GPU Direct P2P.  Warning when
    the ``iommu`` probe saw an active IOMMU without passthrough, info otherwise.
    """
    facts = f.host
    if facts is None:
        return
    gpus = [g for g in facts.nvidia_gpus if not g.is_mig]
    if len(gpus) < 2:
        return
    state = _iommu_state(facts)
    active = state is not None and state.startswith("enabled") and "passthrough" not in state
    ev = [Evidence("gpus", c.gpu_words(facts))]
    if state:
        ev.append(Evidence("iommu", state))
    yield catalogue.make(
        "multi-gpu-p2p-check", variant="iommu-active" if active else None, count=len(gpus),
        evidence=ev,
        fix=("nvidia-smi topo -m",
             c.set_env(facts, "NCCL_P2P_DISABLE", "1") + "   # stop-gap: test without P2P",
             "# lasting fix: disable ACS (or VT-d/IOMMU) in the BIOS, or boot with iommu=pt"),
    )


def cpu_host_gpu_messages(f: Facts) -> Iterator[Finding]:
    """On a host without an NVIDIA GPU, TensorFlow's CUDA start-up lines are harmless.

    The CUDA build of TensorFlow (every Linux ``tensorflow`` wheel since 2.1) looks for the
    driver at import and logs "Could not find cuda drivers on your machine, GPU will not be
    used" and an ``E`` line "failed call to cuInit ... (303)"
    (recorded/tf-logs/tf2.21-pip-linux-no-gpu-no-driver-cpu-only.txt).  Without a GPU they
    need no action.

    A log check sharpened by host facts (ux2): it reads the lines from whatever log is
    explained (the doctor's TensorFlow child, ``verify``'s child, ``explain`` with
    ``--facts``), so the same lines give the same finding in every command; it needs host
    facts that probed the driver (missing) and found no NVIDIA GPU.
    """
    facts = f.host
    if facts is None or facts.nvidia_gpus:
        return
    if facts.driver is None or facts.driver.status is not ProbeStatus.MISSING:
        return
    if facts.os.is_wsl and facts.os.wsl_version == 2:
        return  # wsl2-gpu-unknown: the GPU may well be there
    libcuda = f.libcuda_hits()
    hits = [*f.h("cuda.drivers").all(), *f.h("cuinit").all(), *libcuda]
    if not hits:
        return
    yield catalogue.make("cuda-messages-harmless-without-gpu", evidence=log_evidence(hits, limit=4))


