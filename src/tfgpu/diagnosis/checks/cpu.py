"""CPU instructions: a TensorFlow binary built for instructions this CPU lacks.

One fault, ``cpu-lacks-required-instructions``, whether the fact comes from the host (an
x86-64 CPU whose flags have no AVX) or from the log (TensorFlow's ``cpu_feature_guard``
aborting with "The TensorFlow library was compiled to use SSE4.2 instructions, but these
aren't available on your machine").  A bare ``Illegal instruction`` is
``cpu-illegal-instruction``: its cause is only stated when the host facts or the log tell
which (no AVX; x86 Python under Rosetta); otherwise the finding says what is unknown and
what to run.

Sources: official x86-64 wheels use AVX since TF 1.6 (TensorFlow RELEASE.md, Release 1.6.0);
``tensorflow/core/platform/cpu_feature_guard.cc`` (the abort and its wording); Rosetta 2 did
not translate AVX instructions until recent macOS releases, which translate AVX and AVX2 but
not AVX-512 (Apple, "About the Rosetta translation environment").
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from tfgpu.diagnosis import catalogue
from tfgpu.facts import ProbeStatus
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence, tf_minor
from tfgpu.findings import Evidence, Finding
from tfgpu.knowledge import PlatformFact

#: Windows exit codes of STATUS_ILLEGAL_INSTRUCTION (0xC000001D), as printed.
_WIN_ILLEGAL = ("-1073741795", "0xc000001d", "3221225501")


def _flags(f: Facts) -> tuple[str, ...] | None:
    """The CPU flags when the cpu probe ran on x86-64, else ``None`` (unknown)."""
    host = f.host
    if host is None:
        return None
    rec = host.probe("cpu")
    machine = (host.cpu.machine or host.os.machine or "").lower()
    if rec is None or rec.status is not ProbeStatus.OK or machine not in ("x86_64", "amd64"):
        return None
    return tuple(host.cpu.flags)


def _virtualbox_on_windows(f: Facts) -> list[Hit]:
    """The log's VirtualBox line when it names VirtualBox and Windows (the host; pattern
    ``ctx.windows``), else ``[]``.  VirtualBox on a Windows host where Hyper-V runs (WSL2,
    Windows Sandbox, Core isolation's memory integrity, VBS) uses Hyper-V as its execution
    engine (VirtualBox 6.0 changelog: "Hyper-V as the fallback execution core on Windows
    host"; Oracle's manual, "Using Hyper-V with Oracle VM VirtualBox": "The CPU icon in the VM
    window status bar indicates that Hyper-V is being used", as quoted in
    kubernetes/minikube#4587), and before 7.2 it offered the guest no
    AVX there: the 7.2.0 changelog added "xsave/xrestore instruction handling when using
    Windows/x86_64 Hyper-V as the virtualization engine, offering the x86_64-v3 instruction
    set extensions (including AVX and AVX2)", as quoted in VirtualBox/virtualbox#695, where
    7.2.8 lost AVX again (also #642, "fixed in svn"; #726: 7.2.10 offers it).  The usual cure
    is Hyper-V off on the host (``bcdedit /set hypervisorlaunchtype off``, memory integrity
    off, reboot: myspaghetti/macos-virtualbox#440, kubernetes/minikube#4587); the thread that
    shows it: nanoporetech/medaka#502."""
    vbox = f.h("ctx.virtualbox").first[:1]
    return vbox if vbox and f.h("ctx.windows").count else []


def _no_isa_fix(isa: str, windows: bool, *, macos: bool = False,
                virtualbox: bool = False) -> tuple[str, ...]:
    if virtualbox:
        return (
            "grep -o -w -E 'avx2?|sse4_[12]|fma' /proc/cpuinfo | sort -u   # in the guest: "
            "what its virtual CPU offers",
            "# VirtualBox on a Windows host: while Hyper-V runs there (WSL2, Windows Sandbox, "
            "Core isolation's memory integrity, VBS), VirtualBox runs on it (the CPU icon in "
            "the VM's status bar shows it) and, before VirtualBox 7.2 (and in 7.2.8), offers "
            f"the guest no {isa}",
            "# on the host, as administrator: bcdedit /set hypervisorlaunchtype off, turn "
            "memory integrity off (Windows Security > Core isolation), reboot; or update "
            "VirtualBox to 7.2 or newer (not 7.2.8); then recheck in the guest",
            f"# otherwise use a TensorFlow built without {isa} (build from source with "
            "-march=native, or an image/wheel built for older CPUs)",
        )
    if windows:
        check = "coreinfo64 -f | findstr /i \"AVX SSE4\"   # Sysinternals: what this CPU has"
    elif macos:
        check = _MAC_AVX + "   # what this Intel Mac's CPU has"
    else:
        check = "grep -o -w -E 'avx2?|sse4_[12]|fma' /proc/cpuinfo | sort -u   # what this CPU has"
    return (
        check,
        f"# in a VM or container host: pass the host CPU's features through (VMware/Proxmox/"
        f"KVM CPU type 'host'), then recheck for {isa}",
        f"# otherwise use a TensorFlow built without {isa} (build from source with "
        "-march=native, or an image/wheel built for older CPUs) or a CPU that has it",
    )


def x86_emulation(f: Facts, *, x86_code: bool = False) -> tuple[str, list[Hit]] | None:
    """``(how the log shows it, the hits)`` when an x86-64 program ran under an emulator on
    an ARM host (pattern ``ctx.emulated``), else ``None``.

    The Docker daemon's platform warning names both platforms: an amd64 (or 386) image on an
    ARM host counts, any other pair does not (and then a QEMU line beside it is that other
    emulation); in a Compose log, only for the service whose lines show the failure.
    Without it, QEMU's user-mode emulator naming itself as the process died counts when the
    log shows x86 code being emulated: ``x86_code`` (the caller read TensorFlow's x86 feature
    guard, which only x86 builds hold; then a platform warning of any Compose service counts)
    or an x86 platform asked for (--platform linux/amd64); a QEMU line in a BuildKit step's
    output goes by that step's platform; otherwise only when nothing in the log names the
    other direction: an ARM machine (aarch64, armv7l), a non-x86 image or wheel
    (``ctx.non_x86_image``) or an x86 host (a bare ``x86_64`` line, as ``uname -m`` prints
    it).  Never once TensorFlow created a GPU device: a process
    under QEMU's user-mode emulation has no CUDA GPU, so that one ran natively."""
    if f.h("gpu.created").count:
        return None
    hits = f.h("ctx.emulated").kept()
    docker = [h for h in hits if h.g("image")]
    for h in docker:
        image, host = (h.g("image") or "").lower(), (h.g("host") or "").lower()
        if (("amd64" in image or "386" in image) and ("arm" in host or "aarch64" in host)
                and (x86_code or _service_matches(f, h))):
            return (f"Docker warned that the image's platform ({h.g('image')}) is not the "
                    f"host's ({h.g('host')})"), [h]
    if docker:
        return None
    qemu = [h for h in hits if h.g("sig")]
    if not qemu:
        return None
    h = qemu[0]
    step = _buildx_platform(f, h)
    if step is not None:
        # the QEMU line is a BuildKit step's output: that step's platform says what ran
        if not step.startswith(("linux/amd64", "linux/386")):
            return None
    else:
        images = f.h("ctx.non_x86_image").all()
        x86_asked = any(i.g("x86") or i.g("x86ask") for i in images)
        other_way = (any(b.g("arch") for b in f.h("tools.arm_board").all())
                     or any(not (i.g("x86") or i.g("x86ask")) for i in images)
                     or any(x.text.strip() == "x86_64" for x in f.h("ctx.x86_64").all()))
        if not (x86_code or x86_asked) and other_way:
            return None  # the log names the other direction: non-x86 code on an x86 host
    return (f"QEMU's user-mode emulator ran the process ('qemu: uncaught target signal "
            f"{h.g('sig')} ({h.g('signame')})')"), [h]


def _buildx_platform(f: Facts, qemu: Hit) -> str | None:
    """The platform of the BuildKit step whose output the QEMU line is ("#13 9.871 qemu:
    ..." under "#13 [linux/arm64 4/4] RUN ..."), or ``None`` (no step number, or no header
    for it)."""
    step = qemu.g("qstep")
    if not step:
        return None
    return next((h.g("plat") for h in f.h("ctx.buildx_step").kept()
                 if h.g("step") == step and h.line < qemu.line), None)


#: Docker Compose's prefix of a service's output ("trainer-1  | ...") and the service its
#: warnings name (" ! db The requested image's platform ...").
_COMPOSE_LINE = re.compile(r"^\s*(?P<svc>[\w.-]{1,80}?)(?:[-_]\d{1,3})?\s{1,20}\|\s")
_COMPOSE_WARNING = re.compile(r"^\s*!\s+(?P<svc>[\w.-]{1,80})\s+The requested image's")


def _service_matches(f: Facts, warning: Hit) -> bool:
    """The platform warning names the Compose service whose lines show the failure, or the
    log is no Compose log (no service named)."""
    m = _COMPOSE_WARNING.match(warning.text)
    if m is None:
        return True
    failing = {c.group("svc") for h in (*f.h("cpu.guard_abort").all(),
                                        *f.h("cpu.illegal").all(), *f.h("tell.fatal").all())
               if (c := _COMPOSE_LINE.match(h.text))}
    return not failing or m.group("svc") in failing


#: Where a check fails at start-up, before a model runs: TensorFlow's platform and library
#: code (monitoring counters at import: tensorflow/core/lib/monitoring/sampler.cc in
#: docker/for-mac#5342), TSL's, and protobuf's descriptor database (TF Serving under Docker
#: Desktop's QEMU, docker/for-mac#6620).
_STARTUP_CHECK = re.compile(
    r"(?:tensorflow/core/(?:platform|lib)|tsl/(?:platform|lib)|google/protobuf)/[\w/]{1,80}\.cc"
    r"|CHECK failed: GeneratedDatabase")
#: A failed check that names another fault than the emulated CPU (CUDA, the GPU, memory,
#: XLA): its own finding speaks.
_NOT_EMULATION_CHECK = re.compile(
    r"(?i)cuda|cudnn|cublas|\bgpu\b|driver|memory|alloc|xla|thread|resource|pthread"
    r"|already exists")


def _with_before(h: Hit) -> str:
    """The hit's line with the line before it when that may be the same message's start (a
    terminal or paste wrapped glog's prefix, with the source file, onto its own line)."""
    return f"{h.before or ''} {h.text}"


def x86_emulation_crash(f: Facts) -> Iterator[Finding]:
    """``x86-tensorflow-under-emulation`` (variant ``failed-check``) for a failed CHECK at
    start-up under emulation (:func:`x86_emulation`) that is neither the feature guard's
    abort nor an illegal instruction (those two are read by :func:`cpu_guard_abort` and
    :func:`rule_illegal_instruction`): QEMU mis-emulating the x86 code TensorFlow runs at
    import (docker/for-mac#5342, Docker's answer: "a qemu bug").  Only a check in start-up
    code (:data:`_STARTUP_CHECK`), not after a GPU device was created or an epoch ran, and
    not for a check about CUDA, the GPU or memory."""
    if f.h("cpu.guard_abort").count or f.h("cpu.illegal").count:
        return
    emulated = x86_emulation(f) if f.h("tell.fatal").count else None
    if emulated is None:
        return
    how, hits = emulated
    # the process's own failed check, at start-up: none once a GPU was set up or training
    # ran (the emulated CPU then ran TensorFlow: a later crash is its own fault), and not a
    # check about CUDA, the GPU or memory (those findings speak)
    if f.h("ctx.keras_epoch").count:  # (a GPU set up: x86_emulation said no)
        return
    checks = [h for h in f.h("tell.fatal").all()
              if "check failed" in h.text.lower() and _STARTUP_CHECK.search(_with_before(h))
              and not _NOT_EMULATION_CHECK.search(h.text)]
    if not checks:
        return
    # from the file glog names ("sampler.cc:42] Check failed: ..."): no time or path before it
    check = re.sub(r"^.{0,200}?(?<![\w.])([\w.-]{1,80}\.cc:\d{1,6}\])", r"\1",
                   checks[0].text.strip())
    if len(check) > 160:
        check = check[:160].rsplit(" ", 1)[0] + " ..."
    yield catalogue.make(
        "x86-tensorflow-under-emulation", variant="failed-check", how=how, check=check,
        evidence=log_evidence(checks[:1], hits),
    )


def cpu_lacks_required_instructions(f: Facts) -> Iterator[Finding]:
    """The CPU lacks an instruction set the TensorFlow binary was compiled for.

    The host half: x86-64 CPU flags without ``avx``.  :func:`cpu_guard_abort` is the log
    half (same id).
    """
    flags = _flags(f)
    if flags is None or "avx" in flags:
        return
    host = f.host
    assert host is not None  # _flags returned flags
    yield catalogue.make(
        "cpu-lacks-required-instructions", variant="host",
        evidence=(Evidence("cpu.model", host.cpu.model or "?"),
                  Evidence("cpu.flags", " ".join(flags) or "none of avx/avx2/fma")),
    )


def cpu_guard_abort(f: Facts) -> Iterator[Finding]:
    """The log half of :func:`cpu_lacks_required_instructions`: ``cpu_feature_guard``
    aborting with "compiled to use <ISA> instructions, but these aren't available on your
    machine" (any ISA: SSE4.1, SSE4.2, AVX, AVX2, FMA...).

    On macOS the CPU the process sees depends on the Python: on an Apple-silicon Mac (host
    facts, or the log names an Apple M-series chip) the guard can only have run in an x86-64
    Python under Rosetta 2, which offers no AVX to the code it translates (Apple, "About the
    Rosetta translation environment"; the arm64 build has no x86 feature guard), so the
    finding is ``macos-x86-python-under-rosetta`` (variant ``guard-abort``).  A macOS log
    that does not tell the chip gets both readings and the commands that tell them apart
    (variant ``macos``); an Intel Mac gets the CPU reading with macOS's own feature
    check."""
    guard = f.h("cpu.guard_abort")
    if not guard.count:
        return
    isa = guard.first[0].g("isa") or "AVX"
    emulated = x86_emulation(f, x86_code=True)  # the guard is in x86 builds only
    if emulated is not None:
        how, hits = emulated
        yield catalogue.make(
            "x86-tensorflow-under-emulation", variant="guard-abort", how=how, isa=isa,
            evidence=log_evidence(guard, hits),
        )
        return
    chip = _apple_chip_named(f)
    if chip is not None:
        yield catalogue.make(
            "macos-x86-python-under-rosetta", variant="guard-abort", isa=isa, chip=chip[0],
            evidence=log_evidence(guard, chip[1]),
        )
        return
    flags = _flags(f)
    host_ev: tuple[Evidence, ...] = ()
    if flags is not None:
        host_ev = (Evidence("cpu.flags", " ".join(x for x in flags
                                                  if x.startswith(("avx", "sse4", "fma")))
                            or "none of avx/sse4/fma"),)
    if f.os == "macos" and flags is None and not f.intel_mac:
        metal = f.kb.platform_fact("macos-metal-plugin")
        yield catalogue.make(
            "cpu-lacks-required-instructions", variant="macos", isa=isa,
            evidence=log_evidence(guard), fix=_macos_chip_checks(f, metal),
            knowledge_ref=metal.ref,
        )
        return
    vbox = _virtualbox_on_windows(f) if flags is None else []
    yield catalogue.make(
        "cpu-lacks-required-instructions", isa=isa,
        evidence=log_evidence(guard, vbox) + host_ev,
        fix=_no_isa_fix(isa, f.windows, macos=f.os == "macos", virtualbox=bool(vbox)),
    )


def _apple_chip_named(f: Facts) -> tuple[str, list[Hit]] | None:
    """The Apple M-series chip this macOS host has, from the host facts (``Apple M2``) or the
    log (pattern ``tools.apple_chip``, unless the log also shows an arm64 Python), with the
    log lines that name it and the x86-64 machine; ``None`` when neither tells, or the log
    shows Linux or Windows (a Linux container or VM on a Mac is another case: its image's
    architecture, not the Python's)."""
    if _apple_silicon(f):
        host = f.host
        assert host is not None  # _apple_silicon read it
        return host.cpu.model or host.os.machine or "Apple silicon", []
    if f.os not in ("macos", None) or not _apple_silicon_from_log(f):
        return None
    hits = [h for h in f.h("tools.apple_chip").all() if h.g("gen")]
    chip = (" ".join(("Apple", f"M{hits[0].g('gen')}", hits[0].g("tier") or "")).strip()
            if hits else "Apple silicon")
    x86 = [h for h in f.h("tools.apple_chip").all() if h.g("machine")] or f.h("ctx.x86_64").all()
    return chip, hits[:1] + x86[:1]


def _apple_silicon(f: Facts) -> bool:
    """macOS on an Apple M-series chip, as far as the host facts or the log tell."""
    if f.os != "macos":
        return False
    host = f.host
    words = ""
    if host is not None:
        words = " ".join([host.os.name or "", host.cpu.model or "", host.os.machine or "",
                          *(g.name for g in host.gpus)])
    return any(w in words for w in ("Apple M", "arm64", "M1", "M2", "M3", "M4"))


def _other_program(h: Hit) -> bool:
    """bash's report names the command that died (group ``bashcmd``), and it is neither
    Python, a TensorFlow program nor a runtime of TensorFlow's other bindings (Java, Node.js,
    Go)."""
    cmd = (h.g("bashcmd") or "").lower()
    return bool(cmd) and not re.search(
        r"python|jupyter|tensorflow|\.py\b|tf_|conda|java|\.jar\b|node|\bgo\b", cmd)


def rule_illegal_instruction(ctx: Facts) -> list[Finding]:
    """``Illegal instruction`` / ``illegal hardware instruction`` / 0xC000001D.

    The cause is stated only when the facts tell it: the host has no AVX (then
    :func:`cpu_lacks_required_instructions` names it), the host has AVX (a module built
    for newer CPUs, or a release regression), or macOS on Apple silicon (an x86-64 Python
    under Rosetta, which has no AVX).  Otherwise: unknown which, and what to run.
    """
    if ctx.h("cpu.guard_abort").count:
        return []  # cpu_lacks_required_instructions names the instruction set
    ill = ctx.h("cpu.illegal")
    if ill.count and all(_other_program(h) for h in ill.all()):
        return []  # a script's child that is not Python or TensorFlow died (ffmpeg, a tool)
    win = [h for h in ctx.h("win.status").all()
           if (h.g("code") or "").lower() in _WIN_ILLEGAL]
    if not ill.count and not win:
        return []
    emulated = x86_emulation(ctx) if not win else None
    if emulated is not None:
        how, hits = emulated
        return [catalogue.make(
            "x86-tensorflow-under-emulation", how=how, evidence=log_evidence(ill, hits),
        )]
    flags = _flags(ctx)
    if flags is not None and "avx" not in flags:
        return []  # cpu_lacks_required_instructions (host) says it
    ev = log_evidence(ill, win)
    category = "windows-dll" if win else "pip"
    module = next((m for h in ill.all() if (m := h.g("module"))), None)
    where = f" (in {module})" if module else ""
    if not where and ill.count and all(h.g("sigill_exit") for h in ill.all()):
        # only an exit status says it: 132 is 128 + 4, the status a shell, Docker or
        # Kubernetes gives a process killed by signal 4 (SIGILL, signal(7))
        where = " (exit code 132: killed by signal 4, SIGILL)"
    if flags is not None:
        have = " ".join(x for x in flags if x.startswith(("avx", "fma", "sse4")))
        return [catalogue.make(
            "cpu-illegal-instruction", variant="cpu-has-avx", category=category, where=where,
            flags=have, evidence=(*ev, Evidence("cpu.flags", have)),
        )]
    arm = _arm_from_log(ctx)
    if arm is not None:
        return [arm]
    if _apple_silicon(ctx) or _apple_silicon_from_log(ctx):
        return [catalogue.make(
            "macos-x86-python-under-rosetta", where=where, evidence=ev,
        )]
    # the log's own check of this CPU's flags, where it is unambiguous
    seen = avx_from_log(ctx)
    if seen is not None and seen[0] is False and ctx.tf_predates((1, 6)) is not True:
        _, how, hits = seen
        model = ctx.h("ctx.cpu_model").first[:1]
        named = f" The log names the CPU: {model[0].g('model')}." if model else ""
        return [catalogue.make(
            "cpu-lacks-required-instructions", variant="log-cpuinfo", how=how, model=named,
            evidence=log_evidence(ill, win, hits, model),
        )]
    pre_avx = pre_avx_cpu(ctx) if seen is None else None
    if pre_avx is not None:
        return [catalogue.make(
            "cpu-lacks-required-instructions", variant="log-model", model=_named_model(pre_avx),
            evidence=log_evidence(ill, win, [pre_avx]),
            knowledge_ref=ctx.kb.platform_fact("cpu-families-without-avx").ref,
        )]
    if seen is not None and seen[0] is True:
        _, have, hits = seen
        return [catalogue.make(
            "cpu-illegal-instruction", variant="cpu-has-avx", category=category, where=where,
            flags=have, evidence=log_evidence(ill, win, hits),
        )]
    if ctx.os == "macos" and not win:
        return [_macos_unknown_chip(ctx, where, ev)]
    # a shell that cannot tell the OS (zsh, macOS's default shell, runs on Linux too): the
    # macOS check beside the Linux one
    mac = ([_MAC_ARCH + "   # macOS: x86_64 on an Apple-silicon Mac is an Intel Python under "
            "Rosetta 2 (no AVX): use an arm64 Python"] if ctx.os is None and not win else [])
    # a TensorFlow 1.x from the first AVX release on: its last release without AVX named
    # (platform fact prebuilt-binaries-avx, RELEASE.md 1.6.0)
    avx_fact = ctx.kb.platform_fact("prebuilt-binaries-avx")
    first_avx = tf_minor(avx_fact.value("tf_version"))
    last_plain = avx_fact.value("last_without")
    tf1_avx = (first_avx is not None and ctx.tf_predates(first_avx) is False
               and ctx.tf_predates((2, 0)) is True)
    old_release = ([f"# no avx with TensorFlow 1.x: {last_plain} is the last official release "
                    f"whose binaries run without it ({avx_fact.value('tf_version')} and later "
                    f"use AVX): tensorflow=={last_plain}.* or tensorflow-gpu=={last_plain}.*, "
                    "with wheels only for the Pythons and CUDA of its time (pip download "
                    f"--no-deps tensorflow=={last_plain}.* says whether this Python has one); "
                    "else a build without AVX"] if tf1_avx else [])
    # (nothing in the log names TensorFlow: a title that does not say it was loading)
    unshown = ("program-unshown" if not ctx.h("ctx.tensorflow").count and not ctx.tf_version
               else None)
    return [catalogue.make(
        "cpu-illegal-instruction", variant=unshown, category=category, where=where, evidence=ev,
        fix=("grep -o -w -E 'avx2?|fma' /proc/cpuinfo | sort -u   # Linux: which of "
             "AVX/AVX2/FMA this CPU has" if not win
             else "coreinfo64 -f | findstr AVX   # Sysinternals, on Windows",
             *mac,
             "# no avx: the CPU cannot run official wheels (a wheel built without AVX, or "
             "another machine; in a VM, its CPU model may hide the host's AVX: set the VM's "
             "CPU type to 'host' (VMware/Proxmox/KVM, QEMU -cpu host) and recheck); avx "
             "present: try another TensorFlow release, and check whether another native "
             "module crashed (python -X faulthandler)",
             *old_release),
        knowledge_ref=avx_fact.ref if tf1_avx else None,
    )]


#: The architecture this Python runs as (``platform.machine()``: ``arm64`` native on
#: Apple silicon, ``x86_64`` for an Intel Python, under Rosetta 2 on Apple silicon).
_MAC_ARCH = 'python -c "import platform; print(platform.machine())"'
#: macOS's CPU feature lists (Intel Macs: ``machdep.cpu.features`` lists ``AVX1.0`` and
#: ``FMA``, ``machdep.cpu.leaf7_features`` ``AVX2``).
_MAC_AVX = ("sysctl machdep.cpu.features machdep.cpu.leaf7_features | grep -o -w -E "
            "'AVX1.0|AVX2|FMA' | sort -u")


_MAC_AVX_NOTE = (_MAC_AVX + "   # an Intel Mac: which of AVX/AVX2/FMA this CPU has; no AVX1.0: "
                 "official x86-64 wheels cannot run on it")


def _macos_chip_checks(ctx: Facts, metal: PlatformFact) -> tuple[str, ...]:
    """The commands that tell an Apple-silicon Mac (an Intel Python under Rosetta 2) from an
    Intel Mac (its CPU's AVX), and the arm64 route (packages from ``metal``, the platform
    fact ``macos-metal-plugin``)."""
    first = metal.value("tf_version")
    major, minor = first.split(".")[:2]
    pkgs = (f"pip install {metal.value('base_package')} {metal.value('package')}   # TensorFlow "
            f"{first}+ (for {major}.{int(minor) - 1} and older: "
            f"{metal.value('base_package_until_2_12')}), and Apple's GPU plugin")
    return ("sysctl -n machdep.cpu.brand_string   # Apple M...: Apple silicon; an Intel "
            "name: an Intel Mac",
            _MAC_ARCH + "   # x86_64 on Apple silicon: an Intel Python under Rosetta 2",
            "sysctl -n sysctl.proc_translated   # 1: this shell itself runs under Rosetta "
            "(a Terminal or IDE opened with Rosetta)",
            "# Apple silicon: make a new environment from an arm64 Python (Miniforge "
            "arm64, python.org universal2, Homebrew in /opt/homebrew), then: " + pkgs,
            _MAC_AVX_NOTE)


def _macos_unknown_chip(ctx: Facts, where: str, ev: tuple[Evidence, ...]) -> Finding:
    """``cpu-illegal-instruction`` variant ``macos``: the log shows macOS but not which chip.
    On Apple silicon an Intel (x86-64) Python runs under Rosetta 2, which does not translate
    AVX (Apple, "About the Rosetta translation environment"; its ``sysctl.proc_translated``
    says whether a process is translated), and the x86-64 wheel uses AVX; on an Intel Mac
    the question is AVX itself.  The commands tell which; the arm64 packages come from
    ``platform_facts:macos-metal-plugin``.  An Intel Mac the log shows (``intel_mac``)
    gets the AVX check alone."""
    metal = ctx.kb.platform_fact("macos-metal-plugin")
    if ctx.intel_mac:
        fix: tuple[str, ...] = (_MAC_AVX_NOTE, "# AVX present: try another TensorFlow release, "
                                "and check whether another native module crashed (python -X "
                                "faulthandler)")
    else:
        fix = _macos_chip_checks(ctx, metal)
    return catalogue.make(
        "cpu-illegal-instruction", variant="macos-intel" if ctx.intel_mac else "macos",
        category="pip", where=where, evidence=ev, fix=fix, knowledge_ref=metal.ref,
    )


# --- the CPU family a pasted log shows ----------------------------------------------------------


def _apple_silicon_from_log(ctx: Facts) -> bool:
    """The log names an Apple M-series chip (``Apple M1 Pro``, ``sysctl machdep.cpu``) or an
    Intel Python's platform string on one (``macOS-13.2-x86_64-i386-64bit`` next to the
    chip), and no arm64 Python's platform string (``macOS-13.2-arm64-arm-64bit``: a native
    Python, so not Rosetta)."""
    hits = ctx.h("tools.apple_chip").all()
    if any(h.g("machine") == "arm64" for h in hits):
        return False
    return any(h.g("gen") for h in hits)


def _arm_from_log(ctx: Facts) -> Finding | None:
    """``cpu-illegal-instruction`` variant ``arm``: the log shows an ARM Linux machine
    (``aarch64``/``armv7l``, a Raspberry Pi, an NVIDIA Jetson), where AVX does not apply:
    the wheel uses ARM instructions this CPU lacks, or was built for another board.  Not on
    macOS (Apple silicon is :func:`_apple_silicon`'s case)."""
    if ctx.os == "macos" or ctx.h("tools.apple_chip").count:
        return None
    hits = ctx.h("tools.arm_board").all()
    board = next((h.g("board") for h in hits if h.g("board")), None)
    arch = next((h.g("arch") for h in hits if h.g("arch")), None)
    if not hits and ctx.host is not None:
        # the host facts: an ARM CPU, or a Jetson's GPU (its GPU is on the ARM chip)
        machine = (ctx.host.os.machine or ctx.host.cpu.machine or "").lower()
        arch = machine if machine in ("aarch64", "armv7l", "armv6l", "armv8l") else None
        if any(w in name.lower() for name in ctx.gpu_names for w in ("jetson", "tegra")):
            board = "Jetson"
    if board is None and arch is None:
        return None
    ill = ctx.h("cpu.illegal")
    what = board or arch or "ARM"
    np_row = ctx.kb.platform_fact("numpy-arm64-sigill")
    bad = np_row.value("numpy_version")
    fix = ["grep -m1 -i -E 'features|flags' /proc/cpuinfo   # the instructions this ARM CPU has",
           "python3 -c \"import platform; print(platform.machine())\"   # aarch64 or armv7l: "
           "the wheel must be built for it",
           "python3 -c \"import numpy; print(numpy.__version__)\"   # dies too: NumPy, not "
           f"TensorFlow (NumPy {bad}'s wheels do so on some ARM64 machines, Jetsons among "
           f"them: pip install 'numpy!={bad}' within TensorFlow's numpy range)"]
    if board and board.lower() in ("jetson", "tegra"):
        fix.append("# Jetson: install NVIDIA's TensorFlow build for your JetPack release "
                   "(docs.nvidia.com: Installing TensorFlow for Jetson Platform), not a "
                   "generic aarch64 wheel")
    else:
        fix.append("# use a TensorFlow wheel built for this board and OS (a 64-bit OS for "
                   "aarch64 wheels), or an older release whose build this CPU can run")
    return catalogue.make(
        "cpu-illegal-instruction", variant="arm", where="", machine=what,
        evidence=log_evidence(ill, hits[:2]), knowledge_ref=np_row.ref,
        fix=tuple(fix),
    )


# --- a CPU's flags pasted into the log ------------------------------------------------
#: The instruction-set words a flags line or ``grep -o`` prints that matter here.
_ISA_WORDS = re.compile(r"^(?:avx\w*|fma|sse4_[12])$")
#: A grep whose empty output means "no AVX": it searches the word avx itself (``avx``,
#: ``-w avx``, ``-E 'avx2?|fma'``), not only avx2/avx512, and prints lines, not a count.
_GREP_FOR_AVX = re.compile(r"\bavx(?:2\?)?(?![\w])")
_GREP_NOT_LINES = re.compile(r"(?:^|\s)-(?:[a-zA-Z]*[cvlLq][a-zA-Z]*)\b|\|\s*wc\b")
#: A grep that counts the lines it finds (``-c``): its count says whether any line (a
#: ``flags`` line per CPU) holds avx; an inverted one (``-v``) is not read.
_GREP_COUNTS = re.compile(r"(?:^|\s)-[a-zA-Z]*c[a-zA-Z]*\b")
_GREP_INVERTED = re.compile(r"(?:^|\s)-[a-zA-Z]*[vlLq][a-zA-Z]*\b")
#: The count a counting grep printed: a number alone on the line after its command.
_COUNT_LINE = re.compile(r"\d{1,6}")


def avx_from_log(ctx: Facts) -> tuple[bool, str, list[Hit]] | None:
    """What the log itself shows about this CPU's AVX, read only where it is unambiguous:

    * a full ``flags`` line (``/proc/cpuinfo``'s ``flags\t\t:``, lscpu's ``Flags:``,
      pattern ``ctx.cpu_flags``): AVX is there or not;
    * a ``grep ... avx ... /proc/cpuinfo`` (or ``lscpu | grep avx``) command
      (``ctx.avx_grep``) whose next line is the shell's next prompt (``ctx.shell_prompt``:
      it printed nothing, so no AVX) or the avx words ``grep -o`` prints
      (``ctx.avx_words``: AVX is there).  Counting or inverted greps (``-c``, ``-v``,
      ``| wc``) are not read.

    Returns ``(has_avx, words, hits)``: for a CPU with AVX ``words`` are the AVX/FMA/SSE4
    words seen; without, a sentence saying how the log shows it.  ``None`` when the log
    shows nothing unambiguous (no check, output cut off, another command's output next).
    """
    flags = ctx.h("ctx.cpu_flags").all()
    if flags:
        words = (flags[-1].g("flags") or "").split()
        isa = [w for w in words if _ISA_WORDS.match(w)]
        if "avx" in words:
            return True, " ".join(isa), flags[-1:]
        return (False, "The log's CPU flags line lists no avx", flags[-1:])
    prompts = {h.line for h in ctx.h("ctx.shell_prompt").all()}
    prompts |= {h.line for h in ctx.h("ctx.shell_prompt").by_key.values()}
    words_at = {h.line: h for h in ctx.h("ctx.avx_words").all()}
    for cmd in ctx.h("ctx.avx_grep").all():
        text = cmd.g("cmd") or ""
        if not _GREP_FOR_AVX.search(text) or _GREP_NOT_LINES.search(text):
            continue
        out = words_at.get(cmd.line + 1)
        if out is not None:
            isa = [w for w in out.text.split() if _ISA_WORDS.match(w)]
            if "avx" in isa or any(w.startswith("avx") for w in isa):
                return True, " ".join(isa), [cmd, out]
        if cmd.line + 1 in prompts:
            return (False, f"The log's `{cmd.text.strip()[:120]}` printed nothing (the next line "
                    "is the shell's next prompt)", [cmd])
    for hit in ctx.h("ctx.avx_grep").all():
        text = hit.g("cmd") or ""
        # its count: the next line, joined on (the command's line goes on), a number alone
        after = hit.parts[1][1].strip() if len(hit.parts) >= 2 else ""
        if not _COUNT_LINE.fullmatch(after) or not _GREP_FOR_AVX.search(text) \
                or not _GREP_COUNTS.search(text) or _GREP_INVERTED.search(text):
            continue
        text = text[:text.find(" " + after)] if " " + after in text else text
        count = int(after)
        if count:
            return True, "avx", [hit]
        return (False, f"The log's `grep{text.rstrip()[:120]}` counted 0 lines with avx",
                [hit])
    return None


# --- a CPU model named in the log, from a family that predates AVX ----------------------
#: The load failures a CPU without AVX gives: Windows' "DLL initialization routine failed"
#: (Python's, Node's or another loader's wording) and the illegal-instruction crashes.
_AVX_FAILURES = ("win.dll_init_native", "tfjs.dll_init")


def pre_avx_cpu(ctx: Facts) -> Hit | None:
    """The first CPU model the log names from a family that predates AVX (pattern
    ``ctx.cpu_pre_avx``; platform fact ``cpu-families-without-avx``), or ``None``: none
    named, or the host facts list this CPU's flags (they decide)."""
    if _flags(ctx) is not None or (ctx.host is not None and ctx.host.cpu.flags):
        return None
    hits = ctx.h("ctx.cpu_pre_avx").first
    return hits[0] if hits else None


def _avx_failure(ctx: Facts) -> list[Hit]:
    """The log's lines of a failure a CPU without AVX gives (Windows' error 1114 in any
    loader's wording; an illegal instruction)."""
    init = [h for h in ctx.h("win.dll_load").all()
            if "initialization routine failed" in (h.g("why") or "").lower()]
    for key in _AVX_FAILURES:
        init += ctx.h(key).all()
    return init + ctx.h("cpu.illegal").all()


def _named_model(hit: Hit) -> str:
    return " ".join((hit.g("model") or "").split())


def cpu_named_without_avx(f: Facts) -> Iterator[Finding]:
    """``cpu-lacks-required-instructions`` (variant ``log-model``): the log names its CPU,
    a model from a family that predates AVX, next to a failure that a CPU without AVX gives
    (a DLL that failed to initialise on Windows; an illegal instruction is
    :func:`rule_illegal_instruction`'s, which says the same).  Not with host facts that list
    the CPU's flags, nor with the CPU feature guard's own abort (it names the set)."""
    named = pre_avx_cpu(f)
    if named is None or f.h("cpu.guard_abort").count or f.h("cpu.illegal").count:
        return
    fail = _avx_failure(f)
    if not fail:
        return
    fact = f.kb.platform_fact("cpu-families-without-avx")
    yield catalogue.make(
        "cpu-lacks-required-instructions", variant="log-model", model=_named_model(named),
        evidence=log_evidence(fail[:2], [named]), knowledge_ref=fact.ref,
    )
