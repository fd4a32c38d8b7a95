"""The layer that hands a container (or a hosted notebook) its GPU: the NVIDIA Container
Toolkit's CLI, dockerd's ``gpu`` device driver, the Kubernetes scheduler, Colab's GPU quota.

Sources (``knowledge/data/messages_tools.toml``, one row per message):

* NVIDIA/libnvidia-container ``src/cli/configure.c`` (``"<stage> error: %s"`` with
  ``nvc_error()``), ``src/driver.c`` (``"nvml error"``), ``src/error.c``; before 1.1.0 the
  library initialised CUDA itself (``"cuda error"``; NVIDIA/libnvidia-container#107, the
  maintainer: the CUDA dependency was removed in 1.1.0).
* moby/moby ``daemon/nvidia_linux.go``: dockerd registers its ``nvidia`` device driver (the
  ``gpu`` capability) only when ``nvidia-container-runtime-hook`` is on its PATH when it
  starts; "could not select device driver" means it was not.
* kubernetes ``pkg/scheduler``: "0/N nodes are available: ... Insufficient nvidia.com/gpu".
* crun ``src/libcrun/container.c``: "error executing hook `%s` (exit code: %d)" (the hook's
  own error is not part of it).
* libnvidia-container ``src/cli/common.c`` ``select_devices``: "<dev>: unknown device" for a
  GPU list entry naming none of the host's GPUs (printed as "device error: %s").
* container-device-interface ``pkg/cdi/cache.go``: "unresolvable CDI devices <names>" when no
  CDI spec (``/etc/cdi``, ``/var/run/cdi``) defines a requested device; NVIDIA's spec comes
  from ``nvidia-ctk cdi generate`` (toolkit 1.18+: the ``nvidia-cdi-refresh`` service).
* NVIDIA/k8s-device-plugin (1.0.0-beta to v0.20: ``main.go``, ``internal/plugin/factory.go``,
  ``internal/rm/rm.go``): the plugin's pod could not initialise NVML, and its own hint asks
  whether the node's default runtime is ``nvidia`` / the Container Toolkit is configured;
  its README: the toolkit's ``nvidia-ctk runtime configure --set-as-default``, else a
  ``nvidia`` RuntimeClass for the plugin.

Every function is a pure check ``(Facts) -> list[Finding]``; each answers nothing when its
lines are absent.

nvidia-container-cli on WSL and the image's requirement expression:

* libnvidia-container's dxcore.c, copied unchanged into NVIDIA/nvidia-container-toolkit
  ``internal/dxcore/dxcore.c`` (@d34b3046): adapters come from libdxcore's enumAdapters3/2;
  ``dxcore_add_adapter`` skips one whose driver is "pre-WDDM 2.7" or whose driver store path
  cannot be queried; with none left nvidia-container-cli fails "WSL environment detected but
  no adapters were found" (the wording as printed in public reports); platform fact
  ``wsl2-min-windows-build``.
* libnvidia-container ``src/cli/dsl.c`` (as read for containers.image_requirement_unsatisfied):
  the image's NVIDIA_REQUIRE_* alternatives are parsed as ``<key><op><value>`` rules
  ("requirement error: invalid expression" when one cannot be); nvidia-container-toolkit
  ``cmd/nvidia-container-runtime/README.md``: supported constraints cuda, driver, arch, brand;
  ``NVIDIA_DISABLE_REQUIRE`` switches every constraint off.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import driver_files
from tfgpu.diagnosis.checks._common import from_log
from tfgpu.diagnosis.checks.docker_hosts import desktop_reading
from tfgpu.diagnosis.checks.jetson_tf_build import jetson_shown
from tfgpu.facts.log import Hit, Hits
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding, Severity

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
            if h.g("stage") == "detection" or not (
                "driver not loaded" in h.text or ("libnvidia-ml.so.1" in h.text
                                                  and "load library failed" in h.text))]
    if not hits:
        return []
    h = hits[0]
    kind = h.g("kind") or ("cuda error" if h.g("cuda2") else "")
    detail = (h.g("detail") or h.g("cuda2") or kind).strip().rstrip("\\").rstrip(":")
    detail = re.sub(r"(?::\s*unknown)?\W*$", "", detail)  # runc's ": unknown." tail
    if kind == "nvml error":
        # NVML's error string alone (libnvidia-container's "nvml error: <nvmlErrorString>")
        m = re.match(r"nvml error: [A-Za-z][A-Za-z ]{0,40}", detail)
        detail = m.group(0).rstrip() if m else detail
    if h.g("stage") == "mount":
        if "file exists" in h.text:
            variant = "exists"
        elif "/usr/lib/wsl/" in h.text:
            variant = "wsl"
        else:
            variant = "mount"
    elif kind == "cuda error":
        variant = "cuda"
    elif (kind == "nvml error" and "function not found" in detail.lower()
          and not _driver_at_least(f, _TOOLKIT_MIN_DRIVER)):
        # the host driver's libnvidia-ml lacks an NVML function this libnvidia-container
        # calls: a driver older than the toolkit supports (NVIDIA/nvidia-docker#1280, #1380;
        # NVIDIA/nvidia-container-toolkit#293)
        return [_nvml_function_not_found(f, hits, detail)]
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


#: The oldest host driver the NVIDIA Container Toolkit supports, as its maintainer named it
#: (NVIDIA/nvidia-container-toolkit#293, from the install guide's platform requirements then).
_TOOLKIT_MIN_DRIVER = (418, 81, 7)


def _driver_at_least(f: Facts, floor: tuple[int, ...]) -> bool:
    """The log (or host facts) names an NVIDIA driver of ``floor`` or newer; False when it
    names none or an older one.  A new enough driver with NVML's "function not found" is not
    the too-old reading: the generic NVML variant says what the log shows."""
    v = f.driver_version
    parts = re.findall(r"\d+", v or "")
    return bool(parts) and tuple(int(p) for p in parts[:3]) >= floor


def _nvml_function_not_found(f: Facts, hits: list[Hit], detail: str) -> Finding:
    """``nvidia-container-cli-failed`` (variant ``nvml-function-not-found``, or
    ``nvml-function-not-found-driver`` when the log names the host driver's version):
    nvidia-container-cli looks each NVML function up in the host driver's libnvidia-ml
    (libnvidia-container src/driver.c ``call_nvml``: ``dlsym`` failing gives
    NVML_ERROR_FUNCTION_NOT_FOUND), so the driver is older than the functions it calls.

    Sources: NVIDIA/nvidia-docker#1280 (its maintainer: libnvidia-container's switch from CUDA to
    ``nvmlSystemGetCudaDriverVersion_v2``, which drivers before 410.72 lack; older packages or a
    newer driver), #1380 (driver 340.108; the maintainer: an NVML function added after that
    driver; downgraded packages worked), NVIDIA/nvidia-container-toolkit#293 (driver 367.134;
    the maintainer: older than the supported minimum, 418.81.07)."""
    found = f.log_driver()
    fix = ("nvidia-smi   # on the host: the Driver Version line",
           "nvidia-container-cli --version   # the libnvidia-container release that calls the "
           "missing function",
           "# install a driver branch of 418.81.07 or newer that supports this GPU, then "
           "restart Docker",
           "# a GPU that only an older legacy branch drives (340, 367, 390): no current toolkit "
           "release supports that driver; pin the NVIDIA container packages to releases from "
           "before the call (the reporters of NVIDIA/nvidia-docker#1380 did), or run on the "
           "CPU")
    if found is not None:
        return catalogue.make(
            "nvidia-container-cli-failed", variant="nvml-function-not-found-driver",
            detail=detail, driver=found[0], evidence=log_evidence(hits, [found[1]], limit=4),
            fix=fix)
    return catalogue.make(
        "nvidia-container-cli-failed", variant="nvml-function-not-found", detail=detail,
        evidence=log_evidence(hits, limit=4), fix=fix)


def nvidia_container_cli_unknown_device(f: Facts) -> list[Finding]:
    """``nvidia-container-cli: device error: <dev>: unknown device`` ->
    ``nvidia-container-cli-failed`` (variant ``device``): an entry of the container's GPU
    list matched none of the host's GPUs.  libnvidia-container ``src/cli/common.c``
    ``select_devices`` accepts ``all``, an index below the host's GPU count, a full
    ``GPU-``/``MIG-`` UUID, a PCI bus id or ``<gpu>:<mig>``; ``configure.c`` selects only
    when the host has GPUs, so the host has some, just not this one."""
    hits = f.h("eco.nvc_unknown_device").all()
    if not hits:
        return []
    dev = hits[0].g("dev") or hits[0].g("dev1") or "?"
    if hits[0].g("dev1"):
        # nvidia-docker 1.0's NV_GPU check: the same fault, its own wording and variable
        return [catalogue.make(
            "nvidia-container-cli-failed", variant="nvidia-docker-v1-device", dev=dev,
            evidence=log_evidence(hits),
        )]
    return [catalogue.make(
        "nvidia-container-cli-failed", variant="device", dev=dev, evidence=log_evidence(hits),
    )]


#: Patterns of nvidia-container-cli's own error lines: when one is in the log, its finding
#: names the reason a hook failed.
_NVC_LINES = ("eco.nvc_error", "docker.nvc_init", "docker.nvc_requirement",
              "docker.nvc_driver_error", "eco.nvc_unknown_device")


def crun_nvidia_hook_failed(f: Facts) -> list[Finding]:
    """crun's ``error executing hook `<NVIDIA hook>` (exit code: N)`` with no
    nvidia-container-cli line that says why -> ``nvidia-container-cli-failed`` (variant
    ``oci-hook``): crun (``src/libcrun/container.c``) reports only the hook's exit code; the
    hook runs nvidia-container-cli, whose error is not in the paste."""
    hits = f.h("eco.crun_nvidia_hook").all()
    if not hits or any(f.h(n).count for n in _NVC_LINES):
        return []
    h = hits[0]
    return [catalogue.make(
        "nvidia-container-cli-failed", variant="oci-hook", hook=h.g("hook") or "?",
        code=h.g("code") or "?", evidence=log_evidence(hits),
    )]


def cdi_nvidia_device_unresolvable(f: Facts) -> list[Finding]:
    """``unresolvable CDI devices nvidia.com/gpu=...`` -> ``container-cdi-device-unresolvable``:
    the container engine asked the CDI registry for an NVIDIA device no spec defines
    (container-device-interface ``pkg/cdi/cache.go`` ``InjectDevices``; the spec is the file
    ``nvidia-ctk cdi generate`` writes, nvidia-container-toolkit ``cmd/nvidia-ctk/README.md``).
    Only for ``nvidia.com/`` names (another vendor's spec is not the NVIDIA toolkit's).
    Variant ``spec-unreadable``: the log also shows the engine's CDI library failing to parse a
    spec (``eco.cdi_spec_unreadable``: pkg/cdi/spec.go ReadSpec "failed to parse CDI Spec"),
    which it then skips: a spec newer than the engine reads, not a missing one."""
    hits = [h for h in f.h("eco.cdi_unresolvable").all() if "nvidia.com/" in (h.g("devs") or "")]
    if not hits:
        return []
    devs = (hits[0].g("devs") or "").rstrip(".")
    bad = f.h("eco.cdi_spec_unreadable").all()
    if bad:
        err = (bad[0].g("err") or "").strip()
        return [catalogue.make(
            "container-cdi-device-unresolvable", variant="spec-unreadable", devices=devs,
            spec=bad[0].g("path") or "?", error=err[:200] or "no reason shown",
            evidence=log_evidence(hits, bad[:2]),
        )]
    return [catalogue.make(
        "container-cdi-device-unresolvable", devices=devs, evidence=log_evidence(hits),
    )]


def kubernetes_gpu_insufficient(f: Facts) -> list[Finding]:
    """A pod requesting ``nvidia.com/gpu`` stays Pending: no node advertises enough."""
    hits = f.h("eco.k8s_insufficient_gpu").all()
    if not hits:
        return []
    h = hits[0]
    return [catalogue.make(
        "kubernetes-gpu-insufficient", n=h.g("n") or "?", evidence=log_evidence(hits),
    )]


#: An NVML error of the device plugin that means its pod has no libnvidia-ml.so.1 at all
#: (gonvml's "could not load NVML library", go-nvml's ERROR_LIBRARY_NOT_FOUND, nvmlErrorString's
#: "NVML Shared Library Not Found", the loader's own words); other NVML errors (driver not
#: loaded, version mismatch) have their own findings.
_NO_NVML_LIBRARY = re.compile(r"could not load NVML library|ERROR_LIBRARY_NOT_FOUND"
                              r"|NVML Shared Library Not Found|libnvidia-ml\.so", re.IGNORECASE)


def kubernetes_device_plugin_no_nvml(f: Facts) -> list[Finding]:
    """``kubernetes-device-plugin-no-nvml``: the NVIDIA device plugin's hint ("If this is a
    GPU node, did you set the docker default runtime to `nvidia`?" / "did you configure the
    NVIDIA Container Toolkit?") with no NVML library in its pod: the NVML error it printed
    names a missing library, or none is shown.  Nothing when the error is another NVML one
    (driver not loaded, driver/library version mismatch: those findings name the cause)."""
    hints = f.h("k8s.plugin_hint").all()
    if not hints:
        return []
    errs = f.h("k8s.plugin_nvml").all()
    if errs and not any(_NO_NVML_LIBRARY.search(h.g("err") or "") for h in errs):
        return []
    err = next((h.g("err") for h in errs if _NO_NVML_LIBRARY.search(h.g("err") or "")), None)
    detail = (f"could not initialise NVML ({err})" if err
              else "could not initialise NVML (the driver's libnvidia-ml.so.1)")
    return [catalogue.make(
        "kubernetes-device-plugin-no-nvml", detail=detail,
        evidence=log_evidence(errs[:1], hints[:1], f.h("k8s.plugin_no_devices").first[:1]),
    )]


def docker_gpu_request_other_cause(f: Facts) -> list[Finding]:
    """``could not select device driver "" with capabilities: [[gpu]]`` where the log shows
    a reason other than a missing toolkit: no NVIDIA GPU in the machine (Intel/AMD graphics
    named), or Docker on Windows or Docker Desktop's daemon in WSL2 (Docker Desktop, whose GPU
    support is its WSL2 backend: checks/docker_hosts.py)."""
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
        )]
    # Docker on Windows, or Docker Desktop's daemon in WSL2 (checks/docker_hosts.py)
    desktop = desktop_reading(f, sel)
    return [desktop] if desktop is not None else []


def smi_in_container_without_gpu(f: Facts) -> list[Finding]:
    """nvidia-smi "couldn't communicate with the NVIDIA driver" after a ``docker run`` that
    gave the container no GPU (no ``--gpus``, no ``--runtime=nvidia``, not nvidia-docker):
    the host driver may be fine; the container has no device.  Variant ``prompt``: no
    ``docker run`` line, but the shell that ran nvidia-smi is a container's (pattern
    ``ctx.container_prompt``: Docker's 12-hex-digit host name, the TensorFlow images'
    prompt or greeting), and no ``--gpus`` run is shown."""
    smi = f.h("smi.no_driver").all()
    runs = f.h("eco.docker_run").all()
    if smi and not runs and not f.h("docker.gpus_cmd").count and not f.wsl:
        # no docker run line, but the shell is a container's (Docker's 12-hex-digit host
        # name, the TensorFlow images' prompt): variant "prompt"
        shell = [h for h in f.h("ctx.container_prompt").all() if h.line <= smi[-1].line]
        if shell:
            return [catalogue.make(
                "nvidia-smi-in-container-without-gpu", variant="prompt",
                evidence=log_evidence(shell[:1], smi),
            )]
    if not smi or not runs:
        return []
    runs = [h for h in runs if "compose" not in (h.g("cmd") or "")]  # GPUs live in the file
    continued = driver_files.continued_run_lines(f)  # not read whole: never "bare"
    bare = [h for h in runs
            if not _GPU_ACCESS.search(h.g("args") or "") and h.line not in continued
            and not (h.g("cmd") or "").startswith("nvidia-docker")]
    if not bare or len(bare) != len(runs) or not any(h.line < s.line for h in bare for s in smi):
        return []
    return [catalogue.make(
        "nvidia-smi-in-container-without-gpu", evidence=log_evidence(bare[:1], smi),
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
    )]


def docker_wsl_no_gpu_adapter(ctx: Facts) -> list[Finding]:
    """``docker-wsl-no-gpu-adapter``: nvidia-container-cli, inside WSL, found no GPU adapter it
    can use (libnvidia-container dxcore.c): the causes the source allows, told apart by the
    commands of the fix."""

    def build(hits: Hits, _first: Hit) -> Finding:
        fact = ctx.kb.platform_fact("wsl2-min-windows-build")
        min_build = fact.value("min_windows_build")
        return catalogue.make(
            "docker-wsl-no-gpu-adapter", build=min_build, knowledge_ref=fact.ref,
            evidence=log_evidence(hits),
            fix=("nvidia-smi   # in Windows (PowerShell): no NVIDIA GPU listed means none to "
                 "share: drop the GPU request (--gpus, the compose file's 'driver: nvidia' "
                 "reservation) and run the CPU image",
                 "wsl -l -v   # in Windows: the distro (and docker-desktop) must show VERSION 2; "
                 "wsl --set-version <distro> 2",
                 "ls -l /dev/dxg /usr/lib/wsl/lib/libdxcore.so   # inside WSL: both exist only in "
                 "WSL2 with GPU support",
                 "/usr/lib/wsl/lib/nvidia-smi   # inside WSL: the Windows driver seen through WSL",
                 f"winver   # Windows 10 build {min_build} or later / Windows 11; then "
                 "wsl --update and a current NVIDIA Windows driver (no Linux driver inside WSL)"),
        )

    return from_log(ctx, "nvc.wsl_no_adapters", build)


#: nvidia-container-cli's ``--require=...`` argument on the hook's line: the image's
#: alternatives, up to the next option (``--pid=``) or the end of the command.
_REQUIRE_ARG = re.compile(r"--require=([^\]\\\"]{1,400}?)(?=\s+--|\]|\\|\"|$)")

#: One rule of a requirement expression that parses: a known key, an operator and a value
#: that starts with a digit or letter (libnvidia-container src/cli/dsl.c: ``<key><op><value>``;
#: keys cuda, driver, arch, brand in nvidia-container-toolkit's
#: cmd/nvidia-container-runtime/README.md).
_WELL_FORMED_RULE = re.compile(r"(?:cuda|driver|arch|brand)(?:>=|<=|!=|=|<|>)[A-Za-z0-9][\w.]*")


def nvc_requirement_invalid(ctx: Facts) -> list[Finding]:
    """``docker-image-requirement-unsatisfied``, "requirement error: invalid expression": the
    toolkit could not parse the image's NVIDIA_REQUIRE_* expression (libnvidia-container
    dsl.c).  Two causes print it (checked on other threads): an image whose own
    expression is malformed (LocalAI's ``cuda>=${CUDA_MAJOR_VERSION}.0`` left as ``cuda>=.0``:
    mudler/LocalAI#3184, #1267, #4789, mudler/LocalAGI#49) or an old toolkit refusing a
    well-formed CUDA-image expression (NVIDIA/nvidia-docker#829 and others of 2018-2020).
    When the hook printed the expression (``--require=...``), its rules tell them apart
    (variants ``invalid-expression-image`` / ``invalid-expression-old-toolkit``); otherwise
    the hedged variant ``invalid-expression`` names both."""
    hits = ctx.h("nvc.invalid_expression")
    if not hits.count:
        return []
    first = hits.first[0].line
    hook = [h for h in ctx.h("ctx.nvc_hook").all() if first - 3 <= h.line <= first]
    expr = None
    for h in [*hits.all(), *hook]:
        m = _REQUIRE_ARG.search(h.text)
        if m is not None:
            expr = m.group(1).strip()
            break
    variant = "invalid-expression"
    cond = "NVIDIA_REQUIRE_*"
    if expr:
        rules = [r for r in re.split(r"[\s,]+", expr) if r]
        bad = [r for r in rules if not _WELL_FORMED_RULE.fullmatch(r)]
        if bad:
            variant, cond = "invalid-expression-image", bad[0]
        else:
            cond = rules[0] + (" brand=..." if any(r.startswith("brand=") for r in rules)
                               else "")
            if any(r.startswith("brand=") for r in rules):
                variant = "invalid-expression-old-toolkit"
    inspect = ("docker inspect --format '{{json .Config.Env}}' <image>   # the image's "
               "NVIDIA_REQUIRE_CUDA: a rule without a version (cuda>=.0) is the image's fault")
    upgrade = ("nvidia-container-cli --version   # an old libnvidia-container: upgrade the "
               "NVIDIA Container Toolkit packages")
    disable = ("docker run -e NVIDIA_DISABLE_REQUIRE=1 ...   # skips the check (then the host "
               "driver must still support the image's CUDA)")
    fix = {"invalid-expression-image": (inspect, disable, "# or rebuild the image with its "
                                        "CUDA version argument set (or the ENV line removed)"),
           "invalid-expression-old-toolkit": (upgrade, disable)}.get(
               variant, (inspect, upgrade, disable))
    return [catalogue.make(
        "docker-image-requirement-unsatisfied", variant=variant,
        cond=cond, evidence=log_evidence(hook[-1:], hits),
        fix=fix,
    )]


# --- Apptainer/Singularity --nv found no NVIDIA driver files on the host ----------------
def apptainer_nv_no_host_driver(f: Facts) -> list[Finding]:
    """``apptainer-nv-no-host-driver``: Apptainer/Singularity's ``--nv`` found none of the
    host NVIDIA driver files that ``nvliblist.conf`` names ("Could not find any nv files on
    this host!" / "... nv libraries ...", apptainer internal/pkg/runtime/launch/
    launcher_linux.go ``addGPUBinds``): the machine running the container has no NVIDIA
    driver, so the CUDA errors after it (no device, no libcuda) follow from it (the
    catalogue row supersedes their findings). Nothing when the host's own TensorFlow lists a
    GPU (host facts win)."""
    hits = f.h("apptainer.no_nv")
    if not hits.count or f.host_gpu_works:
        return []
    jetson = jetson_shown(f)
    if jetson is not None:
        # a Jetson: its driver is part of L4T, with no nvidia-smi (variant jetson); the
        # libraries line there is the loader cache without L4T's tegra folder
        libs = any(h.g("what") == "libraries" for h in hits.all())
        return [catalogue.make(
            "apptainer-nv-no-host-driver", variant="jetson-libraries" if libs else "jetson",
            jetson=jetson,
            # CUDA failing after it: the Tegra libraries --nv did not bind (the cause says)
            severity=Severity.ERROR if f.h("cuinit").count else None,
            evidence=log_evidence(hits, [f.jetson_log] if f.jetson_log else [],
                                  f.h("cuinit").first[:1]),
        )]
    return [catalogue.make(
        "apptainer-nv-no-host-driver", what=hits.first[0].g("what") or "files",
        evidence=log_evidence(hits, f.h("cuinit").first[:1]),
    )]
