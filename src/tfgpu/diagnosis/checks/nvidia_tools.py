"""Fault kinds read from the tools around TensorFlow: nvidia-smi's
own failures, pip's dependency check, TensorFlow Addons' version warning and HIP's missing
code objects, when a log shows them (``explain``).

* nvidia-smi: "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA
  driver" (the kernel module is not loaded: Secure Boot, a kernel without the rebuilt DKMS
  module, nouveau; on WSL1 or a Windows build before 19044 WSL has no GPU at all) ->
  ``nvidia-driver-not-loaded`` / ``wsl1-has-no-gpu``; "No devices were found" ->
  ``nvidia-no-devices-found``.  The host check :func:`tfgpu.diagnosis.checks.driver.
  driver_broken` gives the same ids from nvidia-smi run by the doctor.
* pip: ``pip check`` and pip's post-install check, old ("has requirement X, but you'll have
  Y which is incompatible", pip < 20.3) and new wording ("requires X, but you have Y") ->
  ``pip-tensorflow-pin-conflict`` (TensorFlow's own pins) or ``tensorflow-addon-version-pin``
  (an add-on's pin of TensorFlow); another package's requirement of one TensorFlow
  distribution "which is not installed" -> ``tensorflow-variants-conflict`` (variant
  ``requirement-not-counted``: pip matches requirements by distribution name, so a
  TensorFlow installed as tensorflow-gpu does not satisfy ``tensorflow``, and satisfying it
  installs a second TensorFlow; keras-team/keras-tuner#168, keras-team/keras#5776).
* TensorFlow Addons' import-time warning (``tensorflow_addons/utils/ensure_tf_install.py``,
  ``resource_loader.py``) -> ``tensorflow-addon-version-pin``.
* HIP's ``hipErrorNoBinaryForGpu`` (ROCm HIP ``rocclr/hip_code_object.cpp``) ->
  ``rocm-gpu-arch-unsupported``.

Fix lines are suggestions for the user to run; tfgpu runs none of them.

nvidia-smi's "Failed to initialize NVML: Function Not Found" is nvml.h's
NVML_ERROR_FUNCTION_NOT_FOUND: nvidia-smi and the libnvidia-ml it loads are of different
driver releases.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterator

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.diagnosis.checks._addon_frames import addon_importing_at, package_frames_above
from tfgpu.diagnosis.checks._pip_list import pip_list_grep
from tfgpu.diagnosis.checks._spec_meet import common_version, specifiers
from tfgpu.diagnosis.checks._superseded import smi_missing_superseded
from tfgpu.diagnosis.checks.image_driver import mismatch_in_image
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding, Severity

# --- nvidia-smi ---------------------------------------------------------------------------


def smi_cannot_reach_driver(f: Facts) -> list[Finding]:
    """nvidia-smi's "couldn't communicate with the NVIDIA driver" in a log.

    WSL1 (host facts or a WSL1 kernel in the log) or a WSL on a Windows build older than
    19044 (platform fact ``wsl2-min-windows-build``): ``wsl1-has-no-gpu``, since no driver
    inside the distribution can help.  Else ``nvidia-driver-not-loaded``, with fixes for the
    host the log shows (WSL2: the Windows driver; native Windows; Linux: module, DKMS,
    Secure Boot, nouveau)."""
    hits = f.h("smi.no_driver")
    if not hits.count:
        return []
    ev = log_evidence(hits, limit=2)
    msg = hits.first[0].text.strip()
    fact = f.kb.platform_fact("wsl2-min-windows-build")
    release, min_build = fact.value("windows_release"), fact.value("min_windows_build")
    wsl_fix = (f"wsl --set-version <distro> 2   # in Windows PowerShell ({release}, "
               f"build {min_build}, or later; winver shows the build)", "wsl --shutdown")
    build = f.wsl_windows_build if f.wsl or f.wsl1 else None
    if f.wsl1:
        return [catalogue.make("wsl1-has-no-gpu", evidence=ev, fix=wsl_fix)]
    minimum = int(min_build)
    if f.h("ctx.colab_shown").count and not (f.wsl or f.windows):
        # a Colab notebook: no driver to fix; a runtime without a GPU answers so
        # (openai/jukebox#205, chervonij/DFL-Colab#22)
        return [catalogue.make(
            "nvidia-driver-not-loaded", variant="colab-cpu-runtime", evidence=ev,
            fix=("# Colab: Runtime > Change runtime type > Hardware accelerator: GPU (a T4 on "
                 "the free tier), then run the notebook again from the top",
                 "# no GPU offered (the free tier's GPU quota used up): wait, or run on the "
                 "CPU runtime"))]
    if f.wsl and build is not None and build < minimum:
        return [catalogue.make(
            "wsl1-has-no-gpu", variant="old-windows", build=build, evidence=ev,
            fix=(f"# update Windows to {release} (build {min_build}) or Windows 11, then:",
                 *wsl_fix,
                 "# install the NVIDIA driver on WINDOWS only, never inside the distribution"),
            knowledge_ref=fact.ref,
        )]
    fix: tuple[str, ...]
    if f.wsl:
        fix = ("# update the NVIDIA driver on WINDOWS, then in PowerShell: wsl --update; "
               "wsl --shutdown",
               "# remove any Linux NVIDIA driver installed inside WSL2 (it shadows "
               "/usr/lib/wsl/lib)", "nvidia-smi")
    elif f.windows:
        fix = ("# Device Manager > Display adapters: the NVIDIA GPU must show without a "
               "warning sign",
               "# reinstall the NVIDIA driver for this GPU (clean install) and reboot",
               "nvidia-smi")
    else:
        fix = ("lsmod | grep -E '^(nvidia|nouveau)'   # is the NVIDIA module (or nouveau) "
               "loaded?",
               "dkms status   # is the module built for this kernel (uname -r)?",
               "mokutil --sb-state   # Secure Boot on blocks an unsigned module",
               "sudo dmesg | grep -i -E 'nvrm|nvidia|nouveau' | tail",
               "prime-select query   # hybrid laptops (Ubuntu): 'intel' keeps the NVIDIA "
               "driver unloaded; sudo prime-select nvidia, then reboot",
               "# reinstall the driver for the running kernel (e.g. sudo apt install "
               "--reinstall nvidia-driver-<version> linux-headers-$(uname -r)), sign or "
               "enrol it for Secure Boot, blacklist nouveau; then reboot",
               "nvidia-smi")
    return [catalogue.make(
        "nvidia-driver-not-loaded",
        variant="wsl2" if f.wsl else "windows" if f.windows else None,
        evidence=ev, fix=fix, message=msg[:200])]


def smi_no_devices(f: Facts) -> list[Finding]:
    """nvidia-smi's "No devices were found": the module is loaded but no GPU started
    (native Linux: the kernel log's RmInitAdapter; WSL2: no GPU shared by Windows).  When
    nvidia-smi also says it cannot open a device handle, that finding says more."""
    hits = f.h("smi.no_devices")
    if not hits.count or f.h("eco.device_handle").count or f.h("smi.no_driver").count:
        return []
    if f.wsl:
        return [catalogue.make(
            "nvidia-no-devices-found", variant="wsl2", evidence=log_evidence(hits),
        )]
    return [catalogue.make(
        "nvidia-no-devices-found", evidence=log_evidence(hits),
        fix=("sudo dmesg | grep -i -E 'nvrm|rminitadapter|xid' | tail",
             "lspci -nn | grep -i nvidia   # the GPU must be on the bus",
             "# enable Above 4G Decoding / Resizable BAR in the BIOS; install a driver that "
             "supports this GPU; reboot", "nvidia-smi"),
    )]


# --- pip's dependency check -----------------------------------------------------------------


def _have(h: Hit) -> str:
    if h.g("missing"):
        return f"no {h.g('dep') or 'package'} (not installed)"
    return f"{h.g('dep2') or h.g('dep') or '?'} {(h.g('have') or '?').rstrip('.')}"


def _other_pins(f: Facts, h: Hit, hits: list[Hit]) -> list[Hit]:
    """Other packages' requirements on the dependency that pip's check line ``h`` names:
    further check lines (``hits``), bare "X 1.0 requires Y<spec>" lines (pattern
    ``pip.requires_alone``) and pip's "X 1.0 depends on Y<spec>" lines (``pip.depends``)."""
    dep, pkg = c.dist_key(h.g("dep") or ""), c.dist_key(h.g("pkg") or "")
    out = [o for o in (*hits, *f.h("pip.requires_alone").all())
           if c.dist_key(o.g("dep") or "") == dep and c.dist_key(o.g("pkg") or "") != pkg
           and not o.g("missing")]
    out += [d for d in f.h("pip.depends").all()
            if c.requirement_name(d.g("req") or "") == dep
            and c.dist_key((d.g("pkg") or "").split("[")[0]) != pkg]
    return out


def _installed_fix(f: Facts, h: Hit, hits: list[Hit]) -> tuple[str, ...]:
    """Fix lines of TensorFlow's requirement that pip's check line ``h`` reports broken: the
    requirement itself, or, when another package of the log pins the same dependency
    (:func:`_other_pins`), a version both admit (:func:`_spec_meet.common_version`); double
    quotes around a requirement with shell characters, which cmd.exe, PowerShell and POSIX
    shells all read (single quotes are literal in cmd.exe, where < and > redirect), on a
    Windows log or a Windows-only distribution (tensorflow-intel)."""
    req, who = h.g("req") or "?", f"{h.g('pkg')} {h.g('v')}"
    others = _other_pins(f, h, hits)
    own = specifiers(req)
    pins = [(o, s) for o in others if (s := specifiers(o.g("req") or "")) is not None]
    meet = common_version([own, *(s for _, s in pins)]) if own is not None and pins else None
    dep = h.g("dep") or "?"
    named = " and ".join(f"{o.g('pkg')} {o.g('v')}'s {s}" for o, s in pins[:2])
    windows = f.windows or c.dist_key(h.g("pkg") or "") == "tensorflow-intel"

    def install(word: str) -> str:
        if windows or shlex.quote(word) != word:
            return c.pip(f, "install") + f' "{word}"'
        return c.pip(f, "install", word)

    if meet is not None:
        mine = str(own) if len(own or ()) <= 3 else "range"
        first = install(f"{dep}=={meet}") + f"   # within both {who}'s {mine} and {named}"
    elif pins:
        first = (install(req) + f"   # what {who} requires; {named} may exclude it: no "
                 "version both name fits both (pip check tells)")
    else:
        first = install(req) + f"   # what {who} requires"
    came = [] if pins else _installed_with(f, h)
    return (first, *came,
            c.pip(f, "check") + "   # must print 'No broken requirements found.'",
            "# if another package needs the other version, give each its own virtual "
            "environment")


def _installed_with(f: Facts, h: Hit) -> list[str]:
    """A fix line when pip's "Successfully installed" line (pattern ``pip.success_line``)
    shows the dependency of check line ``h`` installed, at the version reported, together
    with other packages (``protobuf-3.20.2 tf2onnx-1.16.0``): one of those may pin it, so
    TensorFlow's range alone could break it (onnx/tensorflow-onnx#2287)."""
    dep, have = c.dist_key(h.g("dep2") or h.g("dep") or ""), (h.g("have") or "").rstrip(".")
    for s in f.h("pip.success_line").all():
        words = s.text.split()
        if "installed" not in words[:2]:
            continue
        pairs = [w.rsplit("-", 1) for w in words[2:] if "-" in w]
        if not any(c.dist_key(n) == dep and v == have for n, v in pairs):
            continue
        others = [f"{n} {v}" for n, v in pairs
                  if c.dist_key(n) != dep and c.dist_key(n) != c.dist_key(h.g("pkg") or "")]
        if others:
            return [f"# {dep} {have} came with {', '.join(others[:3])} in the same install "
                    f"(line {s.line}): that package may pin {dep} itself (pip show "
                    f"{others[0].split()[0]}); pick a version inside both ranges"]
    return []


def pip_check_conflict(f: Facts) -> list[Finding]:
    """pip's dependency check naming TensorFlow: TensorFlow's own pin broken (``numpy~=1.19.2``
    with NumPy 1.18.5 installed) -> ``pip-tensorflow-pin-conflict`` (installed variant); an
    add-on (tensorflow-text, tensorflow-addons...) pinning another TensorFlow ->
    ``tensorflow-addon-version-pin``; setuptools' ``ContextualVersionConflict`` at start-up
    for a requirement of TensorFlow (pattern ``pip.pkg_resources_conflict``) ->
    ``pip-tensorflow-pin-conflict`` variant ``pkg-resources``.  Pairs that name no TensorFlow
    give nothing.  TensorFlow's own distributions are platform fact ``tf-distributions``."""
    out: list[Finding] = []
    hits = f.h("pip.check_conflict").all()
    # TensorFlow's own distributions, whose pins (setup.py REQUIRED_PACKAGES) a broken pair
    # breaks: platform fact tf-distributions
    tf_dists = frozenset(f.kb.tf_distributions())
    own = [h for h in hits if c.dist_key(h.g("pkg") or "") in tf_dists]
    addon = [h for h in hits
             if c.dist_key(h.g("pkg") or "").startswith(("tensorflow-", "tf-"))
             and c.dist_key(h.g("pkg") or "") not in tf_dists
             and c.dist_key(h.g("dep") or "") in tf_dists and not h.g("missing")]
    if own:
        h = own[0]
        req = h.g("req") or "?"
        out.append(catalogue.make(
            "pip-tensorflow-pin-conflict",
            # "requires X, which is not installed": often a metadata-only requirement (TF 2.8's
            # tf-estimator-nightly); a notice, not a claim that the install is broken
            variant="not-installed" if h.g("missing") else "installed", pkg=h.g("pkg") or "?",
            v=h.g("v") or "?", req=req, have=_have(h),
            evidence=log_evidence(own, limit=4),
            fix=_installed_fix(f, h, hits),
        ))
    named = [h for h in hits
             if h.g("missing") and c.dist_key(h.g("pkg") or "") not in tf_dists
             and c.dist_key(h.g("dep") or "") in tf_dists]
    if named and not own:
        h = named[0]
        dep, pkg = c.dist_key(h.g("dep") or ""), h.g("pkg") or "?"
        out.append(catalogue.make(
            "tensorflow-variants-conflict", variant="requirement-not-counted", pkg=pkg,
            v=h.g("v") or "?", req=h.g("req") or dep, dep=dep,
            evidence=log_evidence(named, limit=3),
            fix=(pip_list_grep("tensorflow", "tf-nightly", windows=f.windows)
                 + f"   # another TensorFlow listed: it works, leave `{dep}` out; none listed: "
                 f"{c.pip(f, 'install', dep)}",
                 c.pip(f, "install", "--no-deps", pkg)
                 + f"   # install or upgrade {pkg} without letting pip add `{dep}`",
                 "# two listed (e.g. tensorflow and tensorflow-gpu): uninstall both, then "
                 "install one (from TensorFlow 2.1 the plain `tensorflow` wheel is the GPU "
                 "build on Linux, and on Windows up to 2.10)"),
        ))
    # TensorFlow's own requirements, and those of the companions it installs (TensorBoard's
    # protobuf range, Keras's, the estimator's)
    companions = frozenset({"tensorboard", "keras", "tf-keras", "tensorflow-estimator"})
    started = [h for h in f.h("pip.pkg_resources_conflict").all()
               if c.dist_key(h.g("pkg") or "") in tf_dists | companions]
    if started and not own:
        h = started[0]
        req = h.need("req")
        # the conflict's report() text ("... is installed but ... is required by {...}"):
        # `python setup.py install` (easy_install) resolving requirements, not a start-up
        report = "is installed but" in h.text and "ContextualVersionConflict" not in h.text
        out.append(catalogue.make(
            "pip-tensorflow-pin-conflict",
            variant="pkg-resources-install" if report else "pkg-resources", pkg=h.need("pkg"),
            req=req, have=f"{h.need('dep2')} {h.need('have')}",
            evidence=log_evidence(started, limit=2),
            fix=(c.pip(f, "install", req) + f"   # what {h.need('pkg')} requires (in a conda "
                 "environment: pin it in the environment's spec and recreate it, so conda does "
                 "not bring the other version back)",
                 c.pip(f, "check") + "   # must print 'No broken requirements found.'",
                 "# or a TensorFlow release whose requirements allow the installed version"),
        ))
    if addon:
        h = addon[0]
        have = (h.g("have") or "?").rstrip(".")
        out.append(catalogue.make(
            "tensorflow-addon-version-pin", package=h.g("pkg") or "?", version=h.g("v") or "?",
            requirement=h.g("req") or "?", have=have, evidence=log_evidence(addon),
            fix=(f"# install the {h.g('pkg')} release built for TensorFlow {have} (each add-on "
                 "release pairs with one TensorFlow minor; see its compatibility table)",
                 c.pip(f, "install", h.g("pkg") or "?", f"tensorflow=={have}")
                 + "   # let pip pick the matching add-on, then: pip check"),
        ))
    return out


def _name_mismatches(f: Facts) -> Iterator[tuple[Hit, str, str, str]]:
    """``(hit, wanted, wheel's distribution, wheel's version)`` of each ``pip.wrong_project``
    line where pip looked for one TensorFlow distribution (platform fact tf-distributions) and
    skipped another's wheel; the pattern's two forms (pip < 21 "Skipping link <link>;
    <reason>", later "Skipping link: <reason>: <link>") name the same three things."""
    tf_dists = frozenset(f.kb.tf_distributions())
    for h in f.h("pip.wrong_project").all():
        old = h.g("want") is not None
        want = c.dist_key(h.need("want") if old else h.need("want2"))
        have = c.dist_key(h.need("wheel") if old else h.need("wheel2"))
        if want in tf_dists and have in tf_dists and want != have:
            yield h, want, have, h.need("v") if old else h.need("v2")


def pip_wheel_not_counted(f: Facts) -> list[Finding]:
    """``tensorflow-variants-conflict`` variant ``wheel-not-counted``: pip's verbose link
    evaluator skips a TensorFlow wheel of one distribution name while looking for another
    ("Skipping link .../tensorflow_gpu-2.0.0-...whl; wrong project name (not tensorflow)",
    pattern ``pip.wrong_project``; tensorflow/text#268, a tensorflow-text wheel installed
    with --no-index beside a tensorflow_gpu wheel): a requirement names `tensorflow` and pip
    counts no other TensorFlow distribution for it (the rule of ``requirement-not-counted``).
    An error when pip then fails for that name; the fix installs the wheel's own name when
    the user asked for the other one by name."""
    for h, want, have, v in _name_mismatches(f):
        failed = [n for n in f.h("pip.no_dist").all() if c.dist_key(n.g("pkg") or "") == want]
        if c.pip_asked_for(f, want):  # asked for by name: the wheel at hand is another name
            fix: tuple[str, ...] = (
                c.pip(f, "install", "--no-index", "--find-links", "<the wheel folder>",
                      f"{have}=={v}") + "   # the wheel's own distribution name",
                f"# or put a `{want}` wheel of that release into the folder (on a machine "
                f"online: pip download {want}=={v} -d <folder>)")
        else:
            fix = ("# install the package that requires `" + want + "` without its "
                   "dependencies, and keep " + have + " as the TensorFlow: "
                   + c.pip(f, "install", "--no-deps", "<that package>"),
                   "# or use one TensorFlow distribution for both: from TensorFlow 2.1 the "
                   "plain `tensorflow` wheel is the GPU build on Linux (and on Windows up "
                   "to 2.10)")
        return [catalogue.make(
            "tensorflow-variants-conflict", variant="wheel-not-counted", dep=want,
            have=have, v=v, evidence=log_evidence([h], failed[:1]),
            severity=Severity.ERROR if failed else None, fix=fix,
        )]
    return []


def wrong_project_wanted(f: Facts) -> set[str]:
    """Distribution names (``dist_key``) of TensorFlow that pip looked for while skipping
    another TensorFlow distribution's wheel as "wrong project name"
    (:func:`pip_wheel_not_counted`): their "could not find a version" line is that name
    mismatch, not a Python without wheels (tf_install leaves it)."""
    return {want for _, want, _, _ in _name_mismatches(f)}


# --- TensorFlow Addons ----------------------------------------------------------------------


def addons_unsupported_tf(f: Facts) -> list[Finding]:
    """TensorFlow Addons' import-time warning: the installed TensorFlow is outside the range
    this Addons release supports (``ensure_tf_install.py``: "above or equal to X and strictly
    below Y"; ``resource_loader.py``: custom ops compiled against TensorFlow X).  The version
    in use comes from the next line of the warning, else from the host facts."""
    rng = f.h("tfa.unsupported_tf")
    abi = f.h("tfa.abi")
    if not (rng.count or abi.count):
        return []
    using = f.h("tfa.using")
    have = next((h.g("have") or h.g("have2") for h in using.all()
                 if h.g("have") or h.g("have2")), None) or f.tf_version
    if rng.count:
        low, high = rng.first[0].need("min"), rng.first[0].need("max")
        requirement = f">={low},<{high}"
    else:
        low = high = ""
        requirement = f"built against {abi.first[0].need('built')}"
    fix = ["pip install -U tensorflow-addons   # a release whose range includes this "
           "TensorFlow (compatibility matrix in the tensorflow/addons README)"]
    if low and high:
        fix.append(c.pip(f, "install", f"tensorflow>={low},<{high}")
                   + "   # or a TensorFlow this Addons release supports")
    fix.append("# TensorFlow Addons has reached end of life: for new TensorFlow releases "
               "move its layers/ops to Keras or TensorFlow equivalents")
    # claim audit (tensorflow/addons PR#2077, backported to r0.11): Addons 0.11.0 warned
    # "strictly below 2.3.0" with TensorFlow 2.3.0, a release it supports: a TensorFlow
    # equal to the upper bound's major.minor may be that false alarm
    if high and have and have[:1].isdigit() and have.split(".")[:2] == high.split(".")[:2]:
        fix.insert(0, "pip show tensorflow-addons   # 0.11.x with TensorFlow 2.3: a false "
                      "alarm of that release's check (tensorflow/addons PR#2077); otherwise the "
                      "lines below")
    # the warnings only predict trouble ("some things might work, some things
    # might not"); without a failed Addons op in the log they are a notice (tensorflow/addons
    # #2075: 0.11.0 warned for the TensorFlow 2.3 it supports)
    ev = log_evidence(rng, abi, using, limit=4)
    if abi.count and not rng.count and have is not None and not _addons_op_failed(f):
        # resource_loader.py's custom-op warning: the op is being loaded into a TensorFlow it
        # was not compiled for (a risk, not the import-time range check's notice)
        return [catalogue.make(
            "tensorflow-addon-version-pin", variant="custom-op-abi", requirement=requirement,
            have=have, evidence=ev,
            fix=("TF_ADDONS_PY_OPS=1 python <your script>   # Addons' pure-Python ops, no custom "
                 "kernels (newer Addons also: tfa.options.disable_custom_kernel())", *fix))]
    if not _addons_op_failed(f):
        quiet = ("# nothing has failed; to make the pair a tested one:", *fix)
        if have is None:
            return [catalogue.make("tensorflow-addons-version-warning", variant="have-unshown",
                                   requirement=requirement, evidence=ev, fix=quiet)]
        return [catalogue.make("tensorflow-addons-version-warning", requirement=requirement,
                               have=have, evidence=ev, fix=quiet)]
    # Addons' own import failed on a TensorFlow module (not only an op): the program stopped
    # there, and with Addons at its end of life a TensorFlow in its range comes first
    died = _addons_import_died(f)
    if died:
        if low and high:
            fix = [fix[1], fix[0], *fix[2:]]
        evidence = log_evidence(rng, abi, using, died[:1], limit=5)
        if have is None:
            return [catalogue.make(
                "tensorflow-addon-version-pin", variant="import-failed-have-unshown",
                requirement=requirement, evidence=evidence, fix=tuple(fix))]
        return [catalogue.make(
            "tensorflow-addon-version-pin", variant="import-failed", requirement=requirement,
            have=have, evidence=evidence, fix=tuple(fix))]
    if have is None:
        return [catalogue.make("tensorflow-addon-version-pin",
                               variant="import-warning-have-unshown", requirement=requirement,
                               evidence=ev, fix=tuple(fix))]
    return [catalogue.make(
        "tensorflow-addon-version-pin", variant="import-warning", requirement=requirement,
        have=have, evidence=ev, fix=tuple(fix),
    )]


#: The packages whose frames may stand above Addons' own failing import (Addons, and
#: TensorFlow's files the import runs through).
_ADDONS_OR_TF = frozenset({"tensorflow_addons", "tensorflow", "tensorflow_core"})
#: How many lines after Addons' range warning a frameless "module 'tensorflow...' has no
#: attribute" still reads as Addons' own import failing (the warning's own seven lines, a
#: blank line and the error, with room for a short traceback cut from the paste).
_AFTER_WARNING = 30


def _addons_import_died(f: Facts) -> list[Hit]:
    """The ImportErrors raised by Addons' own code (its frame nearest above them,
    :func:`_addon_frames.addon_importing_at`) on a TensorFlow or Keras module it imports, and
    a "module 'tensorflow...' has no attribute" right after Addons' range warning with no
    other package's frame between (a TensorFlow older than the release: tf.keras.utils.
    register_keras_serializable on TensorFlow 2.0, tensorflow/addons#1987)."""
    died = [h for name in ("tfapi.no_module", "tfapi.cannot_import", "tfapi.cannot_import_arg",
                           "keras.private_api")
            for h in f.h(name).all() if addon_importing_at(f, h.line) == "tensorflow-addons"]
    warned = [h.line for h in f.h("tfa.unsupported_tf").all()]
    own = [o.line for name in ("ctx.own_frame", "ctx.other_frame") for o in f.h(name).all()]
    died += [h for h in f.h("tfapi.no_attr").all()
             if any(0 < h.line - w <= _AFTER_WARNING
                    # no frame of the user's own code between the warning and the error
                    and not any(w < o < h.line for o in own) for w in warned)
             and all(p.g("pkg") in _ADDONS_OR_TF for p in package_frames_above(f, h.line))]
    return sorted(died, key=lambda h: h.line)


def _addons_op_failed(f: Facts) -> bool:
    """The log shows an Addons custom op failing to load, or Addons' own import failing on a
    TensorFlow or Keras module it imports (the release does not fit this TensorFlow, as its
    warning said)."""
    return bool(f.h("tfa.op_failed").count or any(
        (h.g("op") or "").startswith("Addons>") for h in f.h("op.not_registered").all())
        or _addons_import_died(f))


# --- HIP (ROCm) -----------------------------------------------------------------------------


_GFX_RE = re.compile(r"\bgfx\d{2,4}[0-9a-f]?\b", re.IGNORECASE)


def hip_no_binary_for_gpu(f: Facts) -> list[Finding]:
    """HIP's "hipErrorNoBinaryForGpu: Unable to find code object for all current devices!":
    the tensorflow-rocm build has no kernels for the GPU's gfx target.  The target comes from
    the log (a ``gfxNNNN`` anywhere) or the host's GPU names."""
    hits = f.h("rocm.no_binary")
    if not hits.count:
        return []
    gfx = next(iter(f.h("ctx.gfx").by_key), None)
    if gfx is None:
        gfx = next((m.group(0).lower() for name in f.gpu_names
                    if (m := _GFX_RE.search(name))), None)
    framework = f.other_framework
    nvidia = f.h("ctx.nvidia_gpu_named").all()
    if nvidia and gfx is None:
        # an NVIDIA host running a ROCm build (easydiffusion/easydiffusion#1477: an installer
        # chose PyTorch's ROCm wheel on an RTX 3050 laptop): no AMD target to add
        return [catalogue.make(
            "rocm-gpu-arch-unsupported", variant="rocm-build-on-nvidia",
            framework=framework or "the program", evidence=log_evidence(hits, nvidia[:1]),
            fix=("# uninstall the ROCm build and install the framework's CUDA build: PyTorch's "
                 "CUDA wheel (the selector on its install page), tensorflow[and-cuda] for "
                 "TensorFlow",
                 "nvidia-smi   # the NVIDIA driver the CUDA build needs"))]
    if framework is not None:
        # another framework's ROCm build (rocm/pytorch): its own build and targets; RDNA2
        # parts below gfx1030 run gfx1030's code with the override (ROCm/legacy-rocm-build#1797)
        return [catalogue.make(
            "rocm-gpu-arch-unsupported", variant="no-code-object-other", framework=framework,
            gfx=gfx or "its gfx target", evidence=log_evidence(hits, f.h("ctx.gfx")),
            fix=("rocminfo | grep -i gfx   # the GPU's target",
                 *(("export HSA_OVERRIDE_GFX_VERSION=10.3.0   # an RDNA2 part (gfx1031-gfx1036) "
                    "runs gfx1030's code this way: unofficial, but the usual fix",)
                   if gfx and re.fullmatch(r"gfx103[1-6]", gfx) else ()),
                 f"# install a {framework} ROCm build (and ROCm) whose targets include it "
                 "(AMD's ROCm compatibility matrix)",
                 *(() if gfx and re.fullmatch(r"gfx103[1-6]", gfx) else (
                     "# HSA_OVERRIDE_GFX_VERSION=<a close supported target> runs some GPUs "
                     "unofficially (unsupported by AMD)",))))]
    return [catalogue.make(
        "rocm-gpu-arch-unsupported", variant="no-code-object",
        gfx=gfx or "its gfx target", evidence=log_evidence(hits, f.h("ctx.gfx")),
    )]


# --- NVML library version (the mismatch line cut off) ---------------------------------------


def smi_nvml_library_version(f: Facts) -> list[Finding]:
    """nvidia-smi's "NVML library version: X" (printed after "Failed to initialize NVML:
    Driver/library version mismatch" by newer drivers) when the mismatch line itself is not in
    the pasted log: the same fault, ``nvidia-driver-library-mismatch``.  With the mismatch
    line present, :func:`tfgpu.diagnosis.checks.driver.driver_library_mismatch_log` reports."""
    hits = f.h("smi.nvml_lib_version")
    if not hits.count or f.h("driver.mismatch").count:
        return []
    v = hits.first[0].g("v") or "?"
    image = mismatch_in_image(f, hits, lib=hits.first[0].g("v"))
    if image is not None:
        return [image]  # printed in a container: the image's own NVML, or a host upgrade
    return [catalogue.make(
        "nvidia-driver-library-mismatch", variant="from-log",
        why=(f"nvidia-smi prints the user-space NVML library's version ({v}) only when it "
             "differs from the loaded NVIDIA kernel module: the driver was upgraded without "
             "a reboot, so the old module is still loaded."),
        evidence=log_evidence(hits),
        fix=("cat /proc/driver/nvidia/version   # the loaded kernel module's version",
             "reboot (loads the new kernel module)",
             "nvidia-smi   # must print the table again"),
    )]


def smi_missing(f: Facts) -> list[Finding]:
    """The shell has no nvidia-smi: the NVIDIA driver's user-space tools are not installed
    (or, in a container, were not mounted).  A later nvidia-smi table in the same log (its
    banner or Driver Version line) supersedes the miss: no finding."""
    hits = f.h("eco.smi_missing").all()
    if not hits or smi_missing_superseded(f, hits):
        return []
    # only a POSIX sh's "sh: 1: nvidia-smi: not found": a program probing for a GPU through
    # os.system / a shell script (labsyspharm/mcmicro UnMicst: the same line on a CPU node,
    # where it is expected, and in a container started without the GPU): variant shell-probe
    probe = all(h.g("sh") for h in hits)
    return [catalogue.make(
        "nvidia-smi-not-installed", variant="shell-probe" if probe else None,
        evidence=log_evidence(hits),
    )]


def nvml_function_not_found(f: Facts) -> list[Finding]:
    """``nvml-library-older-than-nvidia-smi``: nvidia-smi and the libnvidia-ml it loads are of
    different driver releases (the library the older)."""
    hits = f.h("smi.nvml_function_not_found")
    if not hits.count:
        return []
    return [catalogue.make(
        "nvml-library-older-than-nvidia-smi", evidence=log_evidence(hits, limit=2),
    )]
