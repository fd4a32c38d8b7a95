"""Helpers the checks share: severities, the check type, commands for this host's shell,
evidence, and the fixes that install TensorFlow with CUDA or create a virtual environment.

Documentation links are in ``knowledge/data/docs.toml`` (:mod:`tfgpu.knowledge.docs`).
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from tfgpu.diagnosis.checks.installer_lines import installer_lines
from tfgpu.diagnosis.checks.tf1_era import growth_env_lines, tf1_api_lines
from tfgpu.facts import DEFAULT_PROBE_TIMEOUT_S, HostFacts, ProbeRecord
from tfgpu.facts.view import Facts, cc_key, tf_minor
from tfgpu.findings import Evidence, Finding, Severity
from tfgpu.knowledge import (
    KnowledgeError,
    KnowledgeQueryError,
    docs,
    knowledge_or_packaged,
    win32_errors,
)

if TYPE_CHECKING:
    from tfgpu.facts.log import Hit, Hits
    from tfgpu.knowledge import DriverMinimum, Knowledge


def short_probe_limit(facts: HostFacts | None) -> float | None:
    """The limit, in seconds, each ordinary probe (nvidia-smi, nvcc, lspci...) was given when
    it is shorter than tfgpu's default (:data:`~tfgpu.facts.DEFAULT_PROBE_TIMEOUT_S`, 10 s:
    a user's ``--timeout 3`` shortens them too), else ``None``.  A probe stopped at that
    limit says only that the user's limit ran out, not that the program hangs (the same
    rule as :func:`~tfgpu.diagnosis.checks.tf_install.short_tf_limit`)."""
    if facts is None or facts.probe_timeout_s is None:
        return None
    return facts.probe_timeout_s if facts.probe_timeout_s < DEFAULT_PROBE_TIMEOUT_S else None


def seconds(value: float) -> str:
    """``value`` seconds in words that never round a non-zero limit to 0: ``"2"``,
    ``"1.98"``, ``"0.001"``, ``"90"``."""
    return f"{value:.3g}" if value < 100 else f"{value:.0f}"


def dist_key(name: str) -> str:
    """A distribution or module name as the checks compare them: lower-case, ``_`` and ``.``
    as ``-`` (``"Tensorflow_GPU"`` -> ``"tensorflow-gpu"``)."""
    return name.lower().replace("_", "-").replace(".", "-")


#: A requirement's distribution name at its start ("tensorflow<2.9 and >=2.8.0" ->
#: "tensorflow"; PEP 508 names, extras and specifiers after it).
_REQ_NAME = re.compile(r"[A-Za-z][\w.-]*")


def requirement_name(req: str) -> str | None:
    """The distribution name a requirement as pip or a resolver prints it starts with
    (``"tensorflow<2.9 and >=2.8.0"`` -> ``"tensorflow"``), as :func:`dist_key` compares
    names; ``None`` when it starts with no name."""
    m = _REQ_NAME.match(req)
    return dist_key(m.group(0)) if m else None


def is_tf_distribution(f: Facts, name: str) -> bool:
    """Whether ``name`` (any spelling; extras ignored) is one of TensorFlow's own
    distributions (platform fact ``tf-distributions``: tensorflow, tensorflow-gpu,
    tf-nightly, ...).

    Raises:
        KnowledgeError: the fact lost its list (a broken data file).
    """
    return dist_key(name.split("[")[0]) in {dist_key(d) for d in f.kb.tf_distributions()}


#: How platform_facts' ``addon-platforms-*`` rows name platforms, in words.
PLATFORM_WORDS = {"linux-x86_64": "Linux x86_64", "macos-x86_64": "Intel macOS",
                  "macos": "macOS", "linux-aarch64": "Linux aarch64",
                  "macos-arm64": "Apple-silicon macOS", "windows": "Windows"}


def pip_asked_for(ctx: Facts, dist: str) -> list[Hit]:
    """The log's lines that ask pip for the distribution ``dist`` (a :func:`dist_key`) by
    name: "pip install <it>" typed, or "Collecting <it>" with no "(from <parent>)" (pattern
    ``pip.asked_for``); empty when only another package requires it."""
    return [h for h in ctx.h("pip.asked_for").all()
            if dist_key((h.g("pkg") or h.g("cmd") or "").rstrip(".")) == dist]


def from_log(ctx: Facts, pattern: str, build: Callable[[Hits, Hit], Finding]) -> list[Finding]:
    """The finding ``build`` makes from the log pattern ``pattern``: ``[]`` when the log has
    no such line, else ``[build(hits, first)]`` with all its hits (for ``log_evidence``) and
    the first matched line (for its groups, ``first.g("v")``).  ``build`` calls
    ``catalogue.make`` with the finding's id written out."""
    hits = ctx.h(pattern)
    return [build(hits, hits.first[0])] if hits.count else []


def from_logs(ctx: Facts, patterns: tuple[str, ...],
              build: Callable[[list[Hit]], Finding]) -> list[Finding]:
    """:func:`from_log` for a finding that any of several log ``patterns`` shows: ``[]`` when
    none matched, else ``[build(hits)]`` with all their hits (:meth:`Hits.all`, pattern by
    pattern; ``log_evidence`` sorts them by line)."""
    hits = [h for name in patterns for h in ctx.h(name).all()]
    return [build(hits)] if hits else []


#: What the fix writers take: the one view (:class:`Facts`) or, in host checks, its host
#: facts.  Without host facts (a pasted log) the writers write the generic command.
View = Facts | HostFacts


def _host(f: View) -> HostFacts | None:
    return f if isinstance(f, HostFacts) else f.host


def dll_reason(why: str) -> str:
    """Windows' reason in a "DLL load failed: <why>" line, lower-cased, with a system message
    the table ``knowledge/data/win32_errors.toml`` knows (in English or a UI language it
    lists: :func:`tfgpu.knowledge.win32_errors.from_text`) replaced by its English text, so
    that the checks' English comparisons ("procedure could not be found", "module could not
    be found", "initialization routine failed") read every language the table knows.
    Returns the lower-cased ``why`` itself when it is no text the table knows."""
    row = win32_errors.from_text(why)
    return row.english.lower() if row is not None else why.strip().lower()


def shell_kind(f: View) -> str:
    """Return ``"powershell"`` on Windows, ``"fish"`` for a fish ``SHELL``, else ``"sh"``.

    Without host facts, a log that shows native Windows (``Facts.windows``) means
    PowerShell; anything else ``sh``.
    """
    facts = _host(f)
    if facts is None:
        return "powershell" if isinstance(f, Facts) and f.windows else "sh"
    if facts.os.system == "Windows":
        return "powershell"
    if facts.env.get("SHELL", "").rstrip("/").endswith("fish"):
        return "fish"
    return "sh"


def quote(f: View, word: str) -> str:
    """Quote ``word`` for this host's shell (no quotes when none are needed)."""
    if shell_kind(f) == "powershell":
        return f'"{word}"' if any(c in word for c in " ()&;'$`<>|[]{},=") else word
    return shlex.quote(word)


def _per_shell(f: View, powershell: str, fish: str, posix: str) -> str:
    """The one of three spellings of a command that fits this host's shell (:func:`shell_kind`)."""
    kind = shell_kind(f)
    return powershell if kind == "powershell" else fish if kind == "fish" else posix


def set_env(f: View, name: str, value: str) -> str:
    """The command that sets environment variable ``name`` for this shell session."""
    q = shlex.quote(value)
    return _per_shell(f, f'$env:{name} = "{value}"', f"set -gx {name} {q}", f"export {name}={q}")


def unset_env(f: View, name: str) -> str:
    """The command that removes environment variable ``name`` for this shell session."""
    return _per_shell(f, f"Remove-Item Env:{name}", f"set -e {name}", f"unset {name}")


def show_env(f: View, name: str, comment: str) -> tuple[str, ...]:
    """Lines that show whether environment variable ``name`` is set, and to what, with
    ``comment`` (no ``#``) after the first.  ``echo $VAR`` prints an empty line both when
    ``VAR`` is unset and when it is set and empty, which mean different things for
    ``CUDA_VISIBLE_DEVICES``, so POSIX shells get ``env | grep`` (no
    output: not set); Windows gets PowerShell's ``Get-ChildItem Env:`` then cmd.exe's
    ``set NAME`` alone on its line (cmd has no ``#`` comments)."""
    if shell_kind(f) == "powershell":
        return (f"Get-ChildItem Env:{name}   # PowerShell; {comment}; an error: not set "
                "(cmd.exe: the next line)", f"set {name}")
    return (f"env | grep {name}   # {comment}; no output: not set",)


#: ``echo $X_VISIBLE_DEVICES   # comment``: a variable whose unset and empty states differ.
_ECHO_VAR = re.compile(
    r"^echo \$(?P<name>[A-Z_]{0,20}VISIBLE_DEVICES)(?:\s+#\s*(?P<comment>.*))?$")


def show_env_lines(f: View, fix: Iterable[str]) -> tuple[str, ...]:
    """``fix`` with every ``echo $..._VISIBLE_DEVICES   # comment`` line (static fix
    tables) replaced by :func:`show_env`'s lines for this host; other lines as given."""
    out: list[str] = []
    for ln in fix:
        m = _ECHO_VAR.match(ln)
        out.extend(show_env(f, m["name"], m["comment"] or "its value") if m else (ln,))
    return tuple(out)


def pip(f: View, *args: str) -> str:
    """``<this python> -m pip ARGS`` for the probed interpreter, quoted for this shell.

    With host facts the command names the interpreter tfgpu examined (``python3`` when
    its path is unknown), as docs/doctor.md promises; without (a pasted log) it is plain
    ``pip ARGS``.  PowerShell quotes words with ``<``/``>`` too (``"tensorflow<2.11"``):
    unquoted, ``<`` is a redirection there.
    """
    words = " ".join(quote(f, a) for a in args)
    facts = _host(f)
    if facts is None:
        return f"pip {words}"
    exe = facts.python.executable or "python3"
    if shell_kind(f) == "powershell":
        return f"& {quote(f, exe)} -m pip {words}" if " " in exe else f"{exe} -m pip {words}"
    return f"{quote(f, exe)} -m pip {words}"


def python_cmd(f: View, code: str) -> str:
    """``<this python> -c CODE`` quoted for this shell (write CODE with double quotes);
    ``python -c CODE`` without host facts."""
    facts = _host(f)
    exe = (facts.python.executable or "python3") if facts is not None else "python"
    if shell_kind(f) == "powershell":
        code = code.replace('"', "'")
        return f"& {quote(f, exe)} -c \"{code}\""
    return f"{quote(f, exe)} -c {shlex.quote(code)}"


def note(text: str) -> str:
    """A fix line that is an instruction, not a command: ``# text``."""
    return text if text.startswith("#") else f"# {text}"


def fix_lines(f: View, lines: Iterable[str]) -> tuple[str, ...]:
    """Fix lines as the doctor promises them when host facts are known.

    Each line becomes a command naming the probed interpreter (``pip install X`` ->
    ``<python> -m pip install X``) or a ``# `` instruction (:func:`fix_line`), and a
    ``pip install tensorflow-cpu`` next to an installed TensorFlow distribution becomes
    the instruction to keep using the CPU (installing it would make the
    tensorflow-variants conflict).  Without host facts a line that is not a command
    becomes a ``# `` instruction, the rest stay as written (docs/json-schema.md: a fix line
    is a command or a ``#`` comment, whatever the command).
    """
    if isinstance(f, Facts):
        if f.windows:
            # a PowerShell prompt in the log ("PS C:\\...>"): its syntax, else cmd's
            ps = powershell_prompt(f)
            ev = f.kb.platform_fact("windows-nvidia-driver-events")
            lines = windows_lines(lines, powershell=ps, driver_events=(
                f"wevtutil qe {ev.value('log')} /q:\"*[System[Provider[@Name="
                f"'{ev.value('provider')}']]]\" /c:20 /rd:true /f:text",
                f"# the NVIDIA driver's own events ({ev.value('provider')}: Xid errors, TDR "
                "resets), newest first"))
        if f.tf_predates(BUILD_INFO_FIRST):
            lines = no_build_info_lines(f, lines)
        if f.tf_predates((2, 0)):  # a TensorFlow 1.x log gets 1.x calls
            lines = tf1_api_lines(lines)
        # before 1.12 TensorFlow does not read TF_FORCE_GPU_ALLOW_GROWTH
        if f.tf_predates(f.kb.fact_series("tf-force-gpu-allow-growth-first")[0]):
            lines = growth_env_lines(f.kb, lines)
        if f.host is None and f.r_host:
            lines = r_lines(f, lines)
        elif f.host is None and (installer := f.log_installer) is not None:
            lines = installer_lines(lines, installer, system=f.log_uv_system)
        if f.rocm_log and f.has_nvidia_gpu is not True:
            lines = rocm_smi_lines(lines)
        if (script := f.log_script) is not None:
            lines = script_lines(lines, script)
    facts = _host(f)
    if facts is None:
        return tuple(dict.fromkeys(line if is_command_line(line) else f"# {line.strip()}"
                                   for line in lines))
    out: list[str] = []
    for line in lines:
        if ("tensorflow-cpu" in line and re.search(r"(?<!un)install\b", line)
                and not line.lstrip().startswith("#") and tf_installed(f)):
            out.append("# or keep using the CPU: the installed TensorFlow already runs on "
                       "the CPU as it is")
            continue
        out.append(fix_line(facts, line))
    return tuple(dict.fromkeys(out))


#: The stand-in script names of the fix lines that rerun the user's program.
_SCRIPT_STAND_IN = re.compile(r"\bpython (?:train|your_script)\.py\b")


def script_lines(lines: Iterable[str], script: str) -> list[str]:
    """``lines`` with the stand-in ``python train.py`` / ``python your_script.py`` of a
    command that reruns the program replaced by the script the log shows
    (:attr:`Facts.log_script`: ``python demo.py``, ``python -m pkg.train``), quoted when
    its path has a space."""
    run = (f"python {script}" if script.startswith("-m ")
           else f'python "{script}"' if " " in script else f"python {script}")
    return [_SCRIPT_STAND_IN.sub(lambda _m: run, line) for line in lines]


#: The oldest TensorFlow series whose fix lines may call ``tf.sysconfig.get_build_info()``.
#: Not verified against a TensorFlow release note here (no TensorFlow docs mirror): 2.4 is
#: a conservative floor while unverified; older logs
#: get :func:`no_build_info_lines`.
BUILD_INFO_FIRST = (2, 4)


def no_build_info_lines(f: Facts, lines: Iterable[str]) -> list[str]:
    """Fix lines for a TensorFlow older than :data:`BUILD_INFO_FIRST`: a command calling
    ``tf.sysconfig.get_build_info()`` becomes ``tf.test.is_built_with_cuda()`` plus the
    tested-configurations table (``docs.toml`` ``tf-source-gpu`` /
    ``tf-source-windows-gpu``); a comment naming it names those instead."""
    table = docs.url("tf-source-windows-gpu" if f.windows else "tf-source-gpu")
    out: list[str] = []
    for line in lines:
        if "get_build_info" not in line:
            out.append(line)
        elif line.lstrip().startswith("#"):
            out.append(re.sub(r"tf\.sysconfig\.get_build_info\(\)(?:\[[^\]]*\])?",
                              f"the tested-build table {table}", line))
        else:
            out.append('python -c "import tensorflow as tf; print(tf.__version__, '
                       'tf.test.is_built_with_cuda())"   # then the CUDA/cuDNN that version '
                       f"was built for: {table} (this TensorFlow predates sysconfig's build info)")
    return out


#: A fix line that runs Python or pip: optional "# or: " lead, VAR=value prefixes, the
#: program, the rest.
_PY_LINE = re.compile(r"^(?P<lead>(?:#\s*)?or:?\s+)?(?P<env>(?:[A-Z_][A-Z0-9_]*=\S*\s+)*)"
                      r"(?P<cmd>python3?|pip3?)(?P<rest>\s.*)$")


def r_lines(f: Facts, lines: Iterable[str]) -> list[str]:
    """Fix lines for an R (reticulate) user (:attr:`Facts.r_host`): ``python``
    and ``pip`` become the interpreter R uses when the log shows it (:attr:`Facts.r_python`,
    ``<it> -m pip``); without it ``pip install PKGS`` becomes R's
    ``reticulate::py_install(c(...), pip = TRUE)`` and ``python`` lines say which Python
    to use.  Other lines stay as written."""
    py = f.r_python
    out: list[str] = []
    for line in lines:
        m = _PY_LINE.match(line)
        if m is None:
            out.append(line)
            continue
        lead, env, cmd, rest = m["lead"] or "", m["env"], m["cmd"], m["rest"]
        if py is not None:
            prog = py if cmd.startswith("python") else f"{py} -m pip"
            out.append(f"{lead}{env}{prog}{rest}")
            continue
        body, _, comment = rest.partition("   #")
        words = body.split()
        if cmd.startswith("pip") and words[:1] == ["install"]:
            pkgs = [w.strip("'\"") for w in words[1:] if not w.startswith("-")]
            if pkgs:
                out.append(f"{lead}reticulate::py_install(c("
                           + ", ".join(f'"{p}"' for p in pkgs)
                           + "), pip = TRUE)   # in R: into the Python reticulate uses"
                           + (f";{comment}" if comment else ""))
                continue
        if cmd.startswith("python"):
            out.append(line + ("; " if comment else "   # ")
                       + "run it with the Python R uses (R: reticulate::py_config())")
            continue
        out.append(line)
    return out


#: ``which X`` (POSIX shells) at the start of a fix line, and what follows an ``&&``.
_WHICH = re.compile(r"^which\s+(?P<prog>[\w.+-]+)(?:\s*&&\s*(?P<rest>.*))?$")


#: nvidia-smi's process listing and its ROCm counterpart (ROCm SMI's --showpids; rocm-smi -h).
_SMI_PROCESSES = re.compile(r"^nvidia-smi --query-compute-apps=\S+ --format=csv\b")


def rocm_smi_lines(lines: Iterable[str]) -> list[str]:
    """Fix lines for a ROCm log (an AMD GPU): ``nvidia-smi``'s process listing becomes
    ``rocm-smi --showmemuse --showpids`` (its comment kept); other lines stay."""
    return [_SMI_PROCESSES.sub("rocm-smi --showmemuse --showpids", line) for line in lines]


def windows_path(ctx: Facts, path: str) -> bool:
    """Whether a command about ``path`` is one for Windows: the host is native Windows
    (:attr:`Facts.windows`) or the path is a Windows one (a drive letter: ``C:\\...``,
    ``D:/...``)."""
    return ctx.windows or re.match(r"^[A-Za-z]:[\\/]", path) is not None


def windows_lines(lines: Iterable[str], *, powershell: bool = False,
                  driver_events: tuple[str, ...] = ()) -> list[str]:
    """Fix lines for a native Windows host: ``which X`` becomes ``where.exe X`` (cmd and
    PowerShell both run it; plain ``where`` is PowerShell's Where-Object alias), and a
    command chained after it with ``&&`` (PowerShell 5 has no ``&&``) a "then:" comment
    (``which ptxas && ptxas --version`` was given for a Windows log); a kernel-log read for
    the driver's Xid/NVRM lines becomes ``driver_events`` (the Windows event log's query,
    platform fact ``windows-nvidia-driver-events``); a POSIX run with ``VAR=value`` or a final
    ``grep`` becomes cmd's form, or PowerShell's with ``powershell`` (:func:`_cmd_line`,
    :func:`_ps_line`)."""
    out: list[str] = []
    for line in lines:
        if driver_events and _KERNEL_LOG.match(line.strip()):
            out.extend(driver_events)  # Windows keeps the driver's faults in its event log
            continue
        m = _WHICH.match(line.strip())
        if m is None:
            out.extend(_ps_line(line) if powershell else _cmd_line(line))
            continue
        rest = m.group("rest")
        out.append(f"where.exe {m.group('prog')}" + (f"   # then: {rest}" if rest else ""))
    return out


#: A fix line reading the Linux kernel log for the NVIDIA driver's lines (Xid, NVRM).
_KERNEL_LOG = re.compile(r"^(?:sudo\s+)?dmesg\b[^#\n]*\|\s*grep\b[^#\n]*(?i:xid|nvrm)")


#: A POSIX command line with VAR=value prefixes and/or a final ``| grep [-i] [-E] "a|b"``,
#: before its ``   # `` comment.
_POSIX_RUN = re.compile(
    r"^(?P<env>(?:[A-Z_][A-Z0-9_]*=[^\s=|]+\s+)*)(?P<cmd>[^|#]+?)"
    r"(?:\s+\|\s+grep\s+(?P<opts>(?:-[iE]{1,2}\s+)*)(?P<q>[\"'])(?P<pat>[^\"']+)(?P=q))?"
    r"(?P<tail>\s{3}#.*)?$")


def _posix_run(line: str) -> tuple[list[str], str, str, str] | None:
    """``(VAR=value words, command, findstr pipe, comment)`` of a POSIX run with ``VAR=value``
    prefixes or a final ``grep`` of plain words (the findstr pipe: ``findstr /i /c:"a"
    /c:"b"``, one ``/c:`` per alternative of the pattern; findstr.exe runs in cmd and
    PowerShell); ``None`` for a comment, another line, or a grep pattern with regex syntax
    besides ``|``."""
    if line.lstrip().startswith("#"):
        return None
    m = _POSIX_RUN.match(line)
    if m is None or not (m.group("env") or m.group("pat")):
        return None
    pat = m.group("pat")
    if pat is not None and re.search(r"[\\\[\]().*+?^${}]", pat):
        return None
    find = ""
    if pat is not None:
        ci = "/i " if "i" in (m.group("opts") or "") else ""
        find = " | findstr " + ci + " ".join(f'/c:"{alt}"' for alt in pat.split("|"))
    return m.group("env").split(), m.group("cmd").strip(), find, (m.group("tail") or "").strip()


def _ps_line(line: str) -> list[str]:
    """``line`` for PowerShell (:func:`_posix_run`): ``$env:VAR = "value"; <command>`` and the
    findstr pipe; PowerShell reads a ``#`` comment, so it stays on the line."""
    run = _posix_run(line)
    if run is None:
        return [line]
    env, cmd, find, tail = run
    sets = "".join(f'$env:{k} = "{v}"; ' for k, _, v in (a.partition("=") for a in env))
    return [f"{sets}{cmd}{find}" + (f"   {tail}" if tail else "")]


def _cmd_line(line: str) -> list[str]:
    """``line`` for Windows' cmd (the shell of the other Windows fix lines, ``set X=...``;
    :func:`_posix_run`): ``set "VAR=value" && <command>`` (quoted: cmd keeps a space before
    ``&&`` in the value otherwise) and the findstr pipe; a comment moves to a line of its own
    (cmd has no ``#`` comments: findstr would read the words), also on a findstr line that
    was one already. Other lines are returned as they are."""
    run = _posix_run(line)
    if run is None:
        if not line.lstrip().startswith("#") and "| findstr " in line and "   # " in line:
            cmd, _, note = line.partition("   # ")
            return [cmd.rstrip(), f"# {note}"]
        return [line]
    env, cmd, find, tail = run
    sets = "".join(f'set "{v}" && ' for v in env)
    return [f"{sets}{cmd}{find}", *([tail] if tail else [])]


def tf_installed(f: View) -> bool:
    """A TensorFlow distribution is installed (the names of platform fact
    ``tf-distributions``, through :meth:`Knowledge.tf_distributions`)."""
    facts = _host(f)
    if facts is None:
        return False
    kb = f.kb if isinstance(f, Facts) else knowledge_or_packaged(None)
    return any(facts.python.dist(n) is not None for n in kb.tf_distributions())


def record_evidence(rec: ProbeRecord | None) -> tuple[Evidence, ...]:
    """Evidence lines for a probe record: its command, outcome and own message."""
    if rec is None:
        return ()
    cmd = " ".join(rec.command) if rec.command else rec.name
    head = f"{cmd}: {rec.status.value}" + (
        f" (exit {rec.returncode})" if rec.returncode is not None else "")
    lines = [ln.strip() for ln in (rec.message or "").strip().splitlines()[:4] if ln.strip()]
    # "nvidia-smi: not found" already says what "nvidia-smi: missing" says: one line.
    lines = [ln[len(f"{cmd}:"):].strip() if ln.startswith(f"{cmd}:") else ln for ln in lines]
    if len(lines) == 1:
        return (Evidence(rec.name, f"{head}: {lines[0]}"),)
    return (Evidence(rec.name, head), *(Evidence(rec.name, ln) for ln in lines))


def gpu_words(facts: HostFacts) -> str:
    """``"GPU 0 NVIDIA L4 (23034 MiB)"``-style list of the NVIDIA GPUs, for causes."""
    parts = []
    for g in facts.nvidia_gpus:
        mem = f", {g.memory_total_mib} MiB" if g.memory_total_mib is not None else ""
        parts.append(f"GPU {g.index} {g.name}{mem}")
    return "; ".join(parts) or "no NVIDIA GPU"


def tf_install_command(facts: HostFacts, kb: Knowledge | None = None) -> str:
    """The pip command installing the right TensorFlow for this host.

    Linux and WSL2 with an NVIDIA GPU: ``tensorflow[and-cuda]`` (TF >= 2.14; the CUDA and
    cuDNN libraries come as pip wheels).  Native Windows with an NVIDIA GPU: the
    requirement of platform fact ``windows-native-gpu-last`` (``tensorflow<2.11``: 2.10
    is the last native-Windows GPU release).  An Apple-silicon Mac: the TensorFlow /
    tensorflow-metal pair reported working (platform fact ``macos-metal-pairing``), the
    pair ``tfgpu plan`` installs, run with this Python when that release has a wheel for
    it (tf_tested_configs), else in a new venv of the pair's Python.  Elsewhere plain
    ``tensorflow``.

    Args:
        facts: the host.
        kb: the knowledge; ``None`` uses the packaged tables (loaded once, cached).

    Raises:
        tfgpu.knowledge.KnowledgeError: the knowledge tables cannot be read.
    """
    if facts.nvidia_gpus and facts.os.system == "Linux":
        return pip(facts, "install", "tensorflow[and-cuda]")
    if facts.nvidia_gpus and facts.os.system == "Windows":
        k = knowledge_or_packaged(kb)
        last = k.platform_fact("windows-native-gpu-last")
        keep = last.value("pip_requirement")
        # the release predates NumPy 2 support: keep pip from pairing it with NumPy 2
        cap = ("numpy<2",) if numpy_cap_for(k, last.value("tf_version")) else ()
        return pip(facts, "install", keep, *cap)
    if facts.os.system == "Darwin" and (
            facts.os.machine == "arm64" or any(g.vendor == "apple" for g in facts.gpus)):
        return _metal_pair_install(facts, knowledge_or_packaged(kb))
    return pip(facts, "install", "tensorflow")


def _metal_pair_install(facts: HostFacts, kb: Knowledge) -> str:
    """``pip install 'tensorflow~=2.17.0' tensorflow-metal==1.1.0`` (platform fact
    ``macos-metal-pairing``) with this interpreter when the pair's TensorFlow has a wheel
    for its Python (Python range of the macOS row, tf_tested_configs, capped at the
    pair's ``python_max``), else in a new ``.venv-tfgpu`` of Python ``python_max``."""
    pair = kb.platform_fact("macos-metal-pairing")
    tf_series, top = pair.value("tf_version"), pair.value("python_max")
    reqs = (f"tensorflow~={tf_series}.0", f"tensorflow-metal=={pair.value('metal_version')}")
    try:
        row = kb.config_for(f"{tf_series}.0", "macos")
    except KnowledgeQueryError:
        row = None
    have = tf_minor(facts.python.version)
    lo = tf_minor(row.python_min) if row is not None else None
    hi = tf_minor(top)
    if have is not None and lo is not None and hi is not None and lo <= have <= hi:
        return pip(facts, "install", *reqs)
    words = " ".join(quote(facts, r) for r in reqs)
    return (f"python{top} -m venv .venv-tfgpu && .venv-tfgpu/bin/python -m pip install "
            f"{words}   # Python {top}: the pair's (knowledge row {pair.ref})")


#: First words of the fix lines that are commands (docs/json-schema.md: every other fix
#: line is a ``#``-prefixed instruction).  Paths (the probed interpreter), ``VAR=value``
#: prefixes and PowerShell's ``$env:``/``&`` count as commands too.
COMMAND_WORDS = frozenset({
    "pip", "pip3", "poetry", "python", "python3", "py", "conda", "mamba", "sudo", "apt",
    "apt-get", "printf",
    "apt-cache", "apt-mark", "dpkg", "rpm", "pnputil",
    "nvidia-smi", "nvcc", "export", "unset", "set", "setx", "Remove-Item", "wsl", "ls",
    "lsmod", "modprobe", "mokutil", "dmesg", "ldconfig", "ldd", "echo", "tfgpu", "cat",
    "grep", "find", "reboot", "ubuntu-drivers", "dkms", "source", ".", "&", "winget",
    "Get-ChildItem", "where.exe", "where", "which", "ln", "mkdir", "rm", "cd", "env", "readelf",
    "objdump", "strings", "nproc", "uname", "lspci", "docker", "brew", "xcode-select",
    "prime-select",
    # /dev/shm size, locked-memory limit, ROCm's GPU listing
    "df", "ulimit", "rocminfo", "rocm-smi", "wevtutil",
    # a Kubernetes cluster's nodes and pods
    "kubectl",
    # macOS's CPU name, features and Rosetta translation state
    "sysctl",
    # host RAM in use: Linux free, Windows PowerShell (CIM), macOS top
    "free", "Get-CimInstance", "top",
    # Slurm's accounting and node/partition state
    "sacct", "sinfo", "scontrol",
    # this user and its groups (file permissions)
    "id", "groups",
    # the Edge TPU compiler (its version, compiling for an older runtime)
    "edgetpu_compiler",
    # protobuf's compiler (its version against the runtime; regenerating _pb2 files)
    "protoc",
    # a machine's host name (NCCL's machine identity)
    "hostname",
    # uv's project commands (a uv resolver report's fix: uv add, uv lock)
    "uv",
    # a file's first bytes (a model file that is not HDF5), Git LFS fetches, bazel's version
    "head", "Get-Content", "git", "bazel",
    # a make build given its variables (nccl-tests' make NCCL_HOME=...); MSYS2's package
    # manager (its Python's package)
    "make", "pacman",
    # a Windows drive's free space (PowerShell)
    "Get-PSDrive",
    # MPI launchers (a launch line repeated with its slot counts)
    "horovodrun", "mpirun", "mpiexec",
    # Singularity/Apptainer (a container started with --nv, the host's driver bound in)
    "singularity", "apptainer",
    # snapd (a Docker installed as a snap: its version, refresh, removal)
    "snap",
    # Node.js and npm (TensorFlow.js for Node: tfjs-node's install, rebuild and versions)
    "npm", "node",
    # rootless Docker: the toolkit configured for the user's daemon, which is a user service
    "nvidia-ctk", "systemctl",
})
_ASSIGN_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")
_PIP_RE = re.compile(r"^(?:python3? -m )?pip3? (install|uninstall|list|show)\b")


def is_command_line(line: str) -> bool:
    """True when fix line ``line`` is a command (or ``#``-comment), per docs/json-schema.md."""
    text = line.strip()
    if not text or text.startswith("#"):
        return True
    word = text.split()[0]
    return (word in COMMAND_WORDS or word.startswith(("/", "~/", "./", "$env:", '"', "'"))
            or bool(re.match(r"^[A-Za-z]:\\", word)) or bool(_ASSIGN_RE.match(word))
            or bool(re.match(r"^python3\.\d+$", word)))


def fix_line(facts: HostFacts, line: str) -> str:
    """Make a fix line honour the contract: a command, or ``# `` + an instruction.

    A bare ``pip install ...`` (or ``python -m pip``) becomes ``<probed python> -m pip ...``
    (docs/doctor.md: pip commands name the interpreter tfgpu examined).
    """
    text = line.rstrip()
    m = _PIP_RE.match(text)
    if m:
        exe = facts.python.executable or "python3"
        shown = f"& {quote(facts, exe)}" if shell_kind(facts) == "powershell" and " " in exe \
            else quote(facts, exe)
        return f"{shown} -m pip {text[m.start(1):]}"
    return text if is_command_line(text) else f"# {text}"


E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO  # noqa: E741
#: A check reads the one view of the facts and returns its findings (pure).
Check = Callable[[Facts], Iterable[Finding]]

#: The device names PluggableDevice plugins give their GPUs (the "name: ..." of
#: pluggable_device_factory.cc's "Created TensorFlow device ... -> physical PluggableDevice"
#: line and the platform XLA reports): Apple's tensorflow-metal "METAL", Microsoft's
#: tensorflow-directml-plugin "DML" (microsoft/tensorflow-directml-plugin#332).
PLUGGABLE_DEVICE_PLUGINS = {"DML": "the tensorflow-directml-plugin (DirectML)",
                            "METAL": "the tensorflow-metal plugin"}

AND_CUDA = 'pip install --upgrade "tensorflow[and-cuda]"'
#: The ``[and-cuda]`` extra pinned to the TensorFlow that is installed, for fixes where the
#: log and host facts do not show its version: an unpinned ``--upgrade`` would move the user
#: to the newest release (another Keras: TensorFlow 2.16+ serves Keras 3, platform facts
#: ``and-cuda-extra-first`` and the tf_pip_cuda_wheels table for each release's pins).
AND_CUDA_INSTALLED = ('pip install "tensorflow[and-cuda]==$(python -c \'import tensorflow as tf; '
                      "print(tf.__version__)')\"")


def and_cuda_fix(ctx: Facts, need: str | None = None) -> str:
    """The pip command for a CUDA-enabled TensorFlow that fits the host's Python.

    One rule for every finding: a TensorFlow version the host facts or the log
    show is kept (``tensorflow[and-cuda]==X.Y.*`` when that release has the extra, knowledge
    table tf_pip_cuda_wheels; the CUDA/cuDNN it was tested with when it predates the
    extra); a known driver too old for the CUDA of those wheels is named first
    (cuda_min_driver); with no version known and ``need`` (``"cuDNN 8"``, ``"CUDA 11"``: the
    major the missing library belongs to) that the newest release's wheels do not bring,
    the installed release is kept instead of an upgrade that cannot bring that library.

    With host facts whose Python has no TensorFlow >= 2.14 wheels (the ``[and-cuda]``
    extra's first release, platform fact ``and-cuda-extra-first``), say so and name the
    newest release that Python can install (knowledge table tf_tested_configs) instead of a
    command that cannot succeed.  A Python only the log shows is not used here: these
    lines keep the installed release, which runs on the interpreter that printed the log,
    and a ``Python X.Y`` line may be another interpreter's.
    """
    conda = _conda_cuda_build(ctx)
    if conda is not None:
        return conda
    py = ctx.python_version
    kb = ctx.kb
    if py and not ctx.windows:
        try:
            newest = kb.newest_tf_for("linux", python=py)
        except KnowledgeQueryError:
            newest = None  # a Python version the facts hold that does not parse
        mm = tf_minor(newest.tf_version) if newest else None
        first, _ = kb.fact_series("and-cuda-extra-first")
        if newest is not None and mm is not None and mm < first:
            lo, hi, _row = kb.newest_python_range("linux")
            tested = kb.tested_gpu_build(newest.tf_version, "linux")
            cuda = f" with CUDA {tested.cuda} + cuDNN {tested.cudnn} installed" if tested else ""
            return (
                f"Python {py} (host facts) has no TensorFlow >= {first[0]}.{first[1]} wheels, "
                f'so "tensorflow[and-cuda]" cannot install: create a venv with Python '
                f"{lo}-{hi} ({venv_fix(ctx, hi)}), or pip install "
                f'"tensorflow=={newest.tf_version}"{cuda} '
                f"(knowledge row {newest.ref})"
            )
    first, _ = kb.fact_series("and-cuda-extra-first")
    if not ctx.windows and ctx.tf_predates(first):
        return _system_cuda_fix(ctx, first)
    # the TensorFlow the log or host shows, pinned, and the driver first when it
    # is too old for the CUDA major of those wheels
    pinned = _pinned_and_cuda(ctx)
    if pinned is not None:
        return _driver_first(ctx, pinned[0], pinned[1]) or pinned[2]
    driver_pin = _driver_limited_fix(ctx)
    if driver_pin is not None:
        return driver_pin
    newest = kb.gpu_configs("wsl2" if ctx.wsl else "linux")[0]
    blocked = _driver_first(ctx, newest.tf_version, AND_CUDA_INSTALLED)
    if blocked is not None:
        return blocked
    if need is not None and ctx.tf_version is None and not _brings(kb, newest.tf_version, need):
        return (AND_CUDA_INSTALLED + "   # keeps the TensorFlow you have and brings the "
                "wheels its [and-cuda] extra pins (2.14 and later only: an older release has no "
                "such extra, pip just warns: install its tested CUDA/cuDNN instead, tfgpu "
                f"plan); an unpinned upgrade brings TensorFlow {newest.tf_version}, whose "
                f"wheels are not {need}")
    # the version is unknown here: keep the installed one (an unpinned upgrade would bring
    # the newest release, perhaps another Keras major)
    return (AND_CUDA_INSTALLED + "   # Linux/WSL2: keeps the TensorFlow you have and brings "
            "the CUDA/cuDNN wheels its [and-cuda] extra pins (TensorFlow 2.14+)")


def _conda_cuda_build(ctx: Facts) -> str | None:
    """For a log that lists a conda TensorFlow CUDA build (pattern ``conda.tf_build``: a
    ``conda list`` row "tensorflow 2.14.0 cuda118py311h..._0 conda-forge"), the conda route:
    that build brings its CUDA and cuDNN as conda packages of the same environment, and pip's
    ``tensorflow[and-cuda]`` would put a second TensorFlow over it (conda-forge's
    tensorflow-feedstock, recipe/meta.yaml: the ``cuda{ver}`` build strings); ``None``
    otherwise."""
    for h in ctx.h("conda.tf_build").all():
        build = h.g("nbuild") or h.g("build") or ""
        version = h.g("nv") or h.g("v") or ""
        if build.startswith("cuda") and version:
            return (f'conda install -c conda-forge "tensorflow={version}={build.split("py")[0]}*"'
                    f"   # this environment's TensorFlow is conda's ({version} {build}): "
                    "reinstalling its CUDA build brings the cuDNN and CUDA libraries it needs "
                    "as conda packages of the same environment; pip's tensorflow[and-cuda] "
                    "would put a second TensorFlow over it")
    return None


def _brings(kb: Knowledge, release: str, need: str) -> bool:
    """Whether ``tensorflow[and-cuda]==release`` pins a wheel of ``need`` (``"cuDNN 8"``:
    an nvidia-cudnn wheel of that major; ``"CUDA 12"``: a ``-cu12`` wheel), from knowledge
    table tf_pip_cuda_wheels; ``True`` when ``need`` names no major (nothing to check)."""
    parsed = _library_need(need)
    if parsed is None:
        return True
    library, version = parsed
    major = int(version.split(".")[0])
    pins = kb.and_cuda_pins(release)
    if library == "cuDNN":
        return any(p.package.startswith("nvidia-cudnn")
                   and (m := re.search(r"(\d+)\.", p.specifier)) is not None
                   and int(m.group(1)) == major for p in pins)
    if library == "CUDA":
        return any(p.cuda_major == major for p in pins)
    return True


def _library_need(need: str | None) -> tuple[str, str] | None:
    """``(library, version)`` of a need as :func:`libraries.parse_library` gives it
    (``"CUDA 10.1"`` -> ``("CUDA", "10.1")``, ``"cuDNN 8"`` -> ``("cuDNN", "8")``); ``None``
    when it is not two words whose second starts with a numeric major."""
    words = (need or "").split()
    if len(words) != 2 or not words[1].split(".")[0].isdigit():
        return None
    return words[0], words[1]


def _pinned_and_cuda(ctx: Facts) -> tuple[str, str, str] | None:
    """``(release, command, fix line)`` pinning the ``[and-cuda]`` extra to the TensorFlow
    x.y the host facts or the log show, when that release has the extra (its
    ``Requires-Dist`` pins: knowledge table tf_pip_cuda_wheels); ``None`` when the version
    is unknown or the table lists no pins for it.  An unpinned ``--upgrade`` would move the
    user to the newest release (another Keras, perhaps another CUDA major version)."""
    version = ctx.tf_version
    mm = tf_minor(version)
    if version is None or mm is None or ctx.windows:  # the extra is Linux-only
        return None
    try:
        pins = ctx.kb.and_cuda_pins(version)
    except KnowledgeQueryError:
        return None  # a version string from the log that does not parse
    if not pins:
        return None
    cmd = f'pip install "tensorflow[and-cuda]=={mm[0]}.{mm[1]}.*"'
    return (version, cmd,
            f"{cmd}   # keeps TensorFlow {mm[0]}.{mm[1]} ({version} in "
            f"{ctx.os_source}) and brings the CUDA/cuDNN wheels its [and-cuda] extra pins "
            f"(knowledge rows tf_pip_cuda_wheels:{pins[0].tf_version}-*)")


def driver_too_old(ctx: Facts, cuda: str) -> DriverMinimum | None:
    """The minimum NVIDIA driver for CUDA ``cuda`` (``"12.5"``) when the known driver (host
    facts, else the log) is older than it (knowledge table cuda_min_driver, through
    :meth:`Knowledge.driver_ok`); ``None`` when the driver is unknown, new enough, on native
    Windows, or not comparable."""
    driver = ctx.driver_version
    if driver is None or ctx.windows:
        return None
    try:
        ok, minimum = ctx.kb.driver_ok(driver, cuda, "wsl2" if ctx.wsl else "linux")
    except KnowledgeQueryError:
        return None
    return minimum if ok is False else None


def _driver_first(ctx: Facts, release: str, command: str) -> str | None:
    """With a known NVIDIA driver too old for the CUDA TensorFlow ``release`` was built
    with (knowledge tables tf_tested_configs and cuda_min_driver, through
    :meth:`Knowledge.driver_ok`), a fix line that names the driver upgrade first and the
    pip ``command`` after it; ``None`` when the driver is unknown, runs that CUDA, or the
    comparison is not possible."""
    driver = ctx.driver_version
    build = ctx.kb.tested_gpu_build(release, "linux")
    if build is None or driver is None:
        return None
    minimum = driver_too_old(ctx, build.cuda)
    if minimum is None:
        return None
    from tfgpu.diagnosis.checks.driver_ceiling import driver_install_lines, stranded_gpu

    if stranded_gpu(ctx, minimum.version) is not None:
        # no driver >= that minimum runs this GPU: the release the driver runs, or the plan
        limited = _driver_limited_fix(ctx)
        lines = driver_install_lines(ctx, minimum.version)
        return f"{limited}; {lines[0].removeprefix('# ')}" if limited else "; ".join(lines)
    upgrade = (f"upgrade the NVIDIA driver to >= {minimum.version} (knowledge row "
               f"{minimum.row.ref}; driver {driver} is too old for CUDA {build.cuda}, which "
               f"TensorFlow {release} uses), then: {command}")
    limited = _driver_limited_fix(ctx)
    if limited is not None:  # a release that fits the driver, or the driver upgrade first
        return f"{limited}; or {upgrade}"
    return f"# {upgrade}"


def _system_cuda_fix(ctx: Facts, first: tuple[int, int]) -> str:
    """For a TensorFlow older than the ``[and-cuda]`` extra (platform fact
    ``and-cuda-extra-first``): it loads a system CUDA/cuDNN of the versions its release was
    tested with (tf_tested_configs), never the pip CUDA wheels, so those are named first
    and the upgrade second (issue 10: never a CUDA major the TensorFlow was not built for).
    """
    tested = ctx.kb.tested_gpu_build(ctx.tf_version, "linux") if ctx.tf_version else None
    if tested is not None:
        which = (f"TensorFlow {ctx.tf_version} predates the [and-cuda] extra "
                 f"({first[0]}.{first[1]}): install CUDA {tested.cuda} and cuDNN {tested.cudnn}, "
                 f"the versions it was tested with (knowledge row {tested.ref})")
    else:
        which = ("this TensorFlow predates the [and-cuda] extra "
                 f"({first[0]}.{first[1]}; its log's source paths date it): install the CUDA "
                 "and cuDNN its release was tested with (tfgpu matrix --tf <its version>)")
    return f"# {which}, or upgrade TensorFlow: {AND_CUDA}"


def _driver_limited_fix(ctx: Facts) -> str | None:
    """With a known driver too old for the newest release, pin the newest release it runs.

    ``pip install --upgrade "tensorflow[and-cuda]"`` brings the newest TensorFlow, whose
    CUDA may need a newer driver than the host has (knowledge tables tf_tested_configs and
    cuda_min_driver, through :meth:`Knowledge.newest_tf_for`; a release with a wheel for
    the Python of :attr:`Facts.fix_python`).  ``None`` when the driver is
    unknown, on native Windows, or when it runs the newest release.
    """
    driver = ctx.driver_version
    if driver is None or ctx.windows:
        return None
    ccs = ctx.compute_capabilities
    cc = min(ccs, key=cc_key) if ccs else None
    os = "wsl2" if ctx.wsl else "linux"
    kb = ctx.kb
    try:
        limited = kb.newest_tf_for(os, python=(ctx.fix_python or (None,))[0], driver=driver,
                                   compute_capability=cc)
    except KnowledgeQueryError:
        return None  # a driver, Python or CC from the log or facts that does not parse
    if limited is None or not limited.cuda:
        return None
    if kb.gpu_configs(os)[0].tf_version == limited.tf_version:
        return None  # the driver runs the newest release
    mm = tf_minor(limited.tf_series)
    extra = mm is not None and mm >= kb.fact_series("and-cuda-extra-first")[0]
    pkg = f"tensorflow{'[and-cuda]' if extra else ''}=={limited.tf_series}.*"
    return (
        f'pip install "{pkg}"   # TensorFlow {limited.tf_series} (CUDA {limited.cuda}) is the '
        f"newest release NVIDIA driver {driver} runs (knowledge row {limited.ref}); "
        'a plain "tensorflow[and-cuda]" upgrade brings one that needs a newer driver'
    )


def cuda_lib_example(expected: str | None, ships: str | None = None) -> str:
    """An ``export LD_LIBRARY_PATH=...`` example naming a CUDA folder of the version the
    missing library's SONAME needs (``expected`` as :func:`libraries.parse_library` gives
    it: ``"CUDA 11"``, ``"CUDA 10.1"``), never ``/usr/local/cuda``, which may link another
    major; a cuDNN or unknown need keeps the generic folder with that caution.  ``ships``
    (``"CUDA 10.1 to 11.0"``, :func:`libraries.span_text`) names the releases that ship a
    library named after its own major: a toolkit of the right CUDA major may still lack it
    (``libcusolver.so.10`` is not in CUDA 11.1+; platform_facts ``cuda-library-sonames``)."""
    parsed = _library_need(expected)
    if parsed is not None and parsed[0] == "CUDA":
        ver = parsed[1]
        folder = ver if "." in ver else f"{ver}.<minor>"
        return (f"export LD_LIBRARY_PATH=/usr/local/cuda-{folder}/lib64:$LD_LIBRARY_PATH"
                f"   # a CUDA {ver} install: /usr/local/cuda may link another CUDA major version")
    if ships:
        return ("export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH"
                f"   # if /usr/local/cuda is one of the releases that ship it: {ships}")
    return ("export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH"
            "   # if /usr/local/cuda is the CUDA major this TensorFlow was built for")


def windows_gpu_last(ctx: Facts) -> tuple[tuple[int, int], str, str, str]:
    """The last TensorFlow release with GPU support on native Windows, from platform fact
    ``windows-native-gpu-last`` and its tf_tested_configs row.

    Returns:
        ``((2, 10), "2.10", 'tensorflow<2.11', "CUDA 11.2 + cuDNN 8.1")``: the series, the
        release, the pip requirement that keeps it, and what it was built with.

    Raises:
        tfgpu.knowledge.KnowledgeError: the fact or its tested configuration is missing.
    """
    kb = ctx.kb
    last_series, fact = kb.fact_series("windows-native-gpu-last")
    last = fact.value("tf_version")
    build = kb.tested_gpu_build(last, "windows")
    if build is None:
        raise KnowledgeError(f"{fact.ref}: no tested Windows GPU configuration for {last}")
    return (last_series, last, fact.value("pip_requirement"),
            f"CUDA {build.cuda} + cuDNN {build.cudnn}")


def wsl2_tensorflow_lines(ctx: Facts) -> tuple[str, str]:
    """Move to WSL2 for a current TensorFlow on the GPU: ``wsl --install``, then, inside
    WSL2 Ubuntu, ``tensorflow[and-cuda]`` in a virtual environment (the distribution's
    python3 refuses a bare ``pip install``, PEP 668, and its venv module is a package of
    its own: platform fact ``debian-python3-venv``; Windows build from
    ``wsl2-min-windows-build``).

    Raises:
        tfgpu.knowledge.KnowledgeError: a platform fact is missing.
    """
    kb = ctx.kb
    build = kb.platform_fact("wsl2-min-windows-build").value("min_windows_build")
    venv = kb.platform_fact("debian-python3-venv")
    return (f"wsl --install   # Windows 10 build {build}+; the next line runs inside WSL2 Ubuntu",
            "python3 -m venv ~/tf && ~/tf/bin/python -m pip install 'tensorflow[and-cuda]'   "
            f"# in a virtual environment (PEP 668); {venv.value('package')} first: "
            f"{venv.value('install')}")


def numpy_cap_for(kb: Knowledge, tf_version: str) -> str:
    """``' "numpy<2"'`` (to append to a pip line) when TensorFlow ``tf_version`` (``"2.10"``,
    ``"2.10.0"``) predates the first release built for NumPy 2 (platform fact
    ``numpy2-first-tf``): pip would otherwise pair it with NumPy 2, which its compiled
    modules cannot load (TensorFlow's own requirement left NumPy uncapped); else ``""``.

    Raises:
        tfgpu.knowledge.KnowledgeError: the platform fact is missing.
    """
    first = kb.fact_series("numpy2-first-tf")[0]
    m = re.match(r"\s*(\d+)\.(\d+)", tf_version)
    if m is None or (int(m.group(1)), int(m.group(2))) >= first:
        return ""
    return ' "numpy<2"'


def windows_native_env_lines(ctx: Facts) -> tuple[str, str, str]:
    """Stay on the last native-Windows GPU release (platform fact ``windows-native-gpu-last``:
    its conda CUDA/cuDNN packages and pip requirement) in ONE conda environment: a comment,
    ``conda create`` with a Python that release has wheels for (the Python :attr:`Facts.
    fix_python` shows when it is in the release's range, tf_tested_configs; else the range's
    newest) and the packages, then ``conda run`` pip in that same environment.

    Raises:
        tfgpu.knowledge.KnowledgeError: the platform fact is missing.
    """
    kb = ctx.kb
    fact = kb.platform_fact("windows-native-gpu-last")
    last = fact.value("tf_version")
    conda = " ".join(str(p) for p in fact.values.get("conda_packages", ()))
    known = ctx.fix_python
    fits, row = kb.wheel_for_python(last, "windows", known[0] if known else None)
    py = ".".join(known[0].split(".")[:2]) if fits and known else (
        row.python_max if row is not None and row.python_max else None)
    env = f"tf{last.replace('.', '')}"
    where = (f"Python {py}" if py else f"a Python TensorFlow {last} has wheels for")
    if fits is False and known is not None and row is not None:
        where += (f" (TensorFlow {last} has wheels for Python {row.python_min}-"
                  f"{row.python_max}; the Python here is {known[0]}, {known[1]})")
    return (f"# or stay native with TensorFlow {last}, the last native-Windows GPU release: one "
            f"conda environment (Miniconda or Miniforge) with {where} and CUDA/cuDNN:",
            f"conda create -y -n {env} -c conda-forge " + (f"python={py} " if py else "")
            + conda,
            f"conda run -n {env} python -m pip install "
            + quote(ctx, fact.value("pip_requirement")) + numpy_cap_for(kb, last))


def venv_fix(ctx: Facts, python: str) -> str:
    """Commands that create and activate a virtual environment with Python ``python``,
    in the syntax of the host's OS (Windows: the ``py`` launcher and ``Scripts``)."""
    if ctx.windows:
        return f"py -{python} -m venv .venv ; .venv\\Scripts\\activate"
    return f"python{python} -m venv .venv && . .venv/bin/activate"


def cudnn_version_parts(n: int) -> tuple[int, int, int]:
    """``(major, minor, patch)`` of cuDNN's version number as ``cudnnGetVersion()`` returns
    it and TensorFlow prints it ("Loaded cuDNN version 8600"): cuDNN 9 encodes
    ``major*10000 + minor*100 + patch`` (``90300`` -> ``(9, 3, 0)``), cuDNN 8 and older
    ``major*1000 + minor*100 + patch`` (``8600`` -> ``(8, 6, 0)``); cudnn_version.h's
    CUDNN_VERSION of each major."""
    if n >= 10000:
        return n // 10000, n % 10000 // 100, n % 100
    return n // 1000, n % 1000 // 100, n % 100


def slug(text: str) -> str:
    """``text`` as the kebab-case part of a finding id: lower case, every run of other
    characters one ``-`` (``libcudart.so.11.0`` -> ``libcudart-so-11-0``); ``x`` if
    nothing is left."""
    s = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return s or "x"


#: Free GPU memory below this fraction of the total means a process already holds it (a
#: fresh GPU has nearly all free; a desktop display takes a few hundred MiB).
HELD_FREE_FRACTION = 0.10


def host_ram_check(ctx: Facts) -> tuple[str, str]:
    """``(command, where to see the processes)`` that show host RAM on the log's OS: Linux
    (and unknown) ``free -m`` and ``top -o %MEM``; native Windows PowerShell's
    ``Win32_OperatingSystem`` (FreePhysicalMemory / TotalVisibleMemorySize, KiB) and Task
    Manager; macOS ``top -l 1 -s 0`` (its PhysMem line) and Activity Monitor. ``free``
    exists on neither Windows nor macOS."""
    if ctx.windows:
        return ("Get-CimInstance Win32_OperatingSystem | Select-Object FreePhysicalMemory, "
                "TotalVisibleMemorySize   # PowerShell: free and installed RAM, KiB",
                "Task Manager, Processes tab sorted by Memory")
    if ctx.os == "macos":
        return ("top -l 1 -s 0 | grep PhysMem   # RAM in use and free",
                "Activity Monitor, Memory tab")
    return "free -m   # RAM and swap in use", "top -o %MEM"


def powershell_prompt(f: Facts) -> bool:
    """Whether the log shows a PowerShell prompt (``PS C:\\...>``, after a conda
    environment's name too: ``(tf) PS C:\\...>``; pattern ``ctx.win_prompt``): its fix lines
    then take PowerShell's syntax, not cmd's."""
    return any(_PS_PROMPT.match(h.text) for h in f.h("ctx.win_prompt").all())


#: A PowerShell prompt at the start of a line, a conda environment's name before it or not.
_PS_PROMPT = re.compile(r"\s*(?:\([^()\s]{1,60}\)\s{0,3})?PS [A-Za-z]:\\")


def growth_fix(ctx: Facts, comment: str) -> tuple[str, ...]:
    """``TF_FORCE_GPU_ALLOW_GROWTH=true`` set in the host's shell (TensorFlow's GPU guide),
    ``comment`` after it (``"# ..."`` without the ``#``).  On Windows two lines: cmd.exe's
    ``set VAR=value`` alone (cmd takes the rest of the line as the value and has no ``#``
    comments), then the PowerShell form, which may carry the comment."""
    if ctx.windows:
        ps_line = f'$env:TF_FORCE_GPU_ALLOW_GROWTH = "true"   # PowerShell; {comment}'
        if powershell_prompt(ctx):
            return (ps_line,)  # the log's own prompt is PowerShell's: cmd's `set` sets nothing
        return ("set TF_FORCE_GPU_ALLOW_GROWTH=true", ps_line)
    return (f"export TF_FORCE_GPU_ALLOW_GROWTH=true   # {comment}",)


def tf_run_shown(ctx: Facts) -> bool:
    """Whether the log shows a TensorFlow/Keras run: a TensorFlow version (facts or log), a
    Keras progress line or epoch header, or a traceback frame of TensorFlow's or Keras's
    packages. Messages other programs print alike (libjpeg's warnings, a dict's KeyError) are
    read as TensorFlow's only with one."""
    return bool(ctx.tf_version or ctx.h("keras.step").count or ctx.h("ctx.keras_epoch").count
                or any(p.g("pkg") in ("tensorflow", "tensorflow_core", "keras", "tf_keras")
                       for p in ctx.h("ctx.pkg_path").all()))
