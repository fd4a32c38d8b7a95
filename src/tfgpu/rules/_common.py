"""Helpers shared by the doctor's rules: commands for this host's shell, evidence.

Documentation links are in ``knowledge/data/docs.toml`` (:mod:`tfgpu.knowledge.docs`).

Not a rule module (its name starts with ``_``, so :func:`tfgpu.rules.all_rules` skips it).
"""

from __future__ import annotations

import re
import shlex
from typing import TYPE_CHECKING

from tfgpu.facts import HostFacts, ProbeRecord
from tfgpu.findings import Evidence

if TYPE_CHECKING:
    from tfgpu.knowledge import Knowledge


def shell_kind(facts: HostFacts) -> str:
    """Return ``"powershell"`` on Windows, ``"fish"`` for a fish ``SHELL``, else ``"sh"``."""
    if facts.os.system == "Windows":
        return "powershell"
    if facts.env.get("SHELL", "").rstrip("/").endswith("fish"):
        return "fish"
    return "sh"


def quote(facts: HostFacts, word: str) -> str:
    """Quote ``word`` for this host's shell (no quotes when none are needed)."""
    if shell_kind(facts) == "powershell":
        return f'"{word}"' if any(c in word for c in " ()&;'$`<>|[]{},=") else word
    return shlex.quote(word)


def set_env(facts: HostFacts, name: str, value: str) -> str:
    """The command that sets environment variable ``name`` for this shell session."""
    kind = shell_kind(facts)
    if kind == "powershell":
        return f'$env:{name} = "{value}"'
    if kind == "fish":
        return f"set -gx {name} {shlex.quote(value)}"
    return f"export {name}={shlex.quote(value)}"


def unset_env(facts: HostFacts, name: str) -> str:
    """The command that removes environment variable ``name`` for this shell session."""
    kind = shell_kind(facts)
    if kind == "powershell":
        return f"Remove-Item Env:{name}"
    if kind == "fish":
        return f"set -e {name}"
    return f"unset {name}"


def pip(facts: HostFacts, *args: str) -> str:
    """``<this python> -m pip ARGS`` for the probed interpreter, quoted for this shell.

    PowerShell quotes words with ``<``/``>`` too (``"tensorflow<2.11"``): unquoted, ``<``
    is a redirection there.
    """
    exe = facts.python.executable or "python3"
    words = " ".join(quote(facts, a) for a in args)
    if shell_kind(facts) == "powershell":
        return f"& {quote(facts, exe)} -m pip {words}" if " " in exe else f"{exe} -m pip {words}"
    return f"{quote(facts, exe)} -m pip {words}"


def python_cmd(facts: HostFacts, code: str) -> str:
    """``<this python> -c CODE`` quoted for this shell (write CODE with double quotes)."""
    exe = facts.python.executable or "python3"
    if shell_kind(facts) == "powershell":
        code = code.replace('"', "'")
        return f"& {quote(facts, exe)} -c \"{code}\""
    return f"{quote(facts, exe)} -c {shlex.quote(code)}"


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
    is the last native-Windows GPU release).  Elsewhere plain ``tensorflow``.

    Args:
        facts: the host.
        kb: the knowledge; ``None`` uses the packaged tables (loaded once, cached).

    Raises:
        tfgpu.knowledge.KnowledgeError: the knowledge tables cannot be read.
    """
    if facts.nvidia_gpus and facts.os.system == "Linux":
        return pip(facts, "install", "tensorflow[and-cuda]")
    if facts.nvidia_gpus and facts.os.system == "Windows":
        if kb is None:
            from tfgpu.knowledge import load_knowledge

            kb = load_knowledge()
        keep = kb.platform_fact("windows-native-gpu-last").value("pip_requirement")
        return pip(facts, "install", keep)
    return pip(facts, "install", "tensorflow")


#: First words of the fix lines that are commands (docs/json-schema.md: every other fix
#: line is a ``#``-prefixed instruction).  Paths (the probed interpreter), ``VAR=value``
#: prefixes and PowerShell's ``$env:``/``&`` count as commands too.
COMMAND_WORDS = frozenset({
    "pip", "pip3", "python", "python3", "py", "conda", "mamba", "sudo", "apt", "apt-get",
    "nvidia-smi", "nvcc", "export", "unset", "set", "setx", "Remove-Item", "wsl", "ls",
    "lsmod", "modprobe", "mokutil", "dmesg", "ldconfig", "ldd", "echo", "tfgpu", "cat",
    "grep", "find", "reboot", "ubuntu-drivers", "dkms", "source", ".", "&", "winget",
    "Get-ChildItem", "where.exe", "which", "ln", "mkdir", "rm", "cd", "env", "readelf",
    "objdump", "strings", "nproc", "uname", "lspci", "docker", "brew", "xcode-select",
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
