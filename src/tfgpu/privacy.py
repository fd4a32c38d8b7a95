"""Redaction: what tfgpu removes from anything meant to be shared.

One module for every shareable output: ``--format markdown`` and ``--format html`` of
``doctor``/``explain``/``verify``/``bench`` (unless ``--no-redact``), and the fixture folder
``tfgpu capture`` writes (always).  ``--json`` and the terminal text are for this machine
and its user, and are complete (``docs/privacy.md`` lists what each output holds).

What is replaced (:class:`Redactor`), keeping the shape of the text so that a redacted
``nvidia-smi`` output still parses (capture replays it):

* **host name**: this host's name (and, for a fully-qualified name, its domain, alone or
  inside other names) becomes ``host`` (``domain``); keys named like a host name in a
  JSON-like value (``hostname``, ``nodename``) are replaced whatever their value, and so
  are the worker addresses of a ``TF_CONFIG`` value (``"gpu7.lab:2222"`` becomes
  ``"host:2222"``, an IPv4 worker its numbered address; ``localhost`` is kept), and the
  machine names in the values of variables that name other machines
  (``NCCL_COMM_ID=gpubox9:23456`` becomes ``NCCL_COMM_ID=host:23456``; ``MASTER_ADDR``,
  Slurm node lists: :data:`_HOST_VAR_RE`);
  and every host a shared document itself
  reveals (:meth:`Redactor.learn`): NCCL's ``host:pid:tid`` line prefix, ``hostname:``
  lines, shell prompts (``user@host``), Slurm node names, the host field of syslog and
  journald lines (``Dec  2 10:00:01 host kernel: ``, also with an RFC 3339 time, every
  ``journalctl -o short*`` form, RFC 5424), UCX's ``[time] [host:pid:thread]`` prefix, Open
  MPI's ``[host:pid]`` prefix, its ``on node host`` and ``Local host: host`` (and
  ``kubectl describe``'s ``Node: host``), and servers named under a private domain
  (``x.corp.example.com``, ``x.internal``) or behind URL credentials; and the host a
  ``doctor --facts`` snapshot's file is named after (:func:`snapshot_host`);
* **user names and home folders**: the user's ``HOME``, wherever it is (``/data/alice``
  becomes ``~``), the name segment of any home folder (``/home/<x>``, ``/Users/<x>``,
  ``C:\\Users\\<x>``, ``/mnt/c/Users/<x>``; ``x`` becomes ``user``), and the login name as
  a word in any case (at least 3 characters; a word is letters and digits, so ``alice-env``
  becomes ``user-env``; ``root`` and shared account names are kept); a login that is a word
  of tfgpu's own text (:func:`tool_words`: ``cuda``, ``gpu``, ``conda``...) only where it
  names the person (``cuda@host``, ``~cuda``), so that commands, package names and quoted
  messages (``tensorflow[and-cuda]``, ``tensorflow-gpu``) never change;
* **GPU identifiers**: every UUID (``GPU-…``, ``MIG-…``, ClusterUUID: the hex digits become
  ``0``), and the values of serial numbers, PDI (``GPU PDI``), chassis serials, fabric GUIDs
  and cluster UUIDs, as ``nvidia-smi -q`` (text and ``-x`` XML) and NVML print them (every
  letter and digit becomes ``0``, a ``0x`` prefix is kept);
* **network addresses**: IPv4 addresses (not four-part versions such as cuDNN
  ``9.3.0.75``: a number after a version cue, such as ``==``, ``version``, ``cudnn`` or
  ``kernel``, or followed by ``-``/``+``, is a version) become ``x.x.x.1``, ``x.x.x.2``...
  (numbered in order of first sight: one address, one placeholder, within a report); IPv6
  addresses ``x:x::x``; MAC addresses ``xx:xx:xx:xx:xx:xx``;
* **secrets**: the value of any variable or key named like a secret (``*TOKEN*``,
  ``*KEY*``, ``*SECRET*``, ``*PASSWORD*``, ``*PASSWD*``, ``*CREDENTIAL*``, ``*AUTH*`` in
  upper case as ``NAME=value`` or ``NAME: value``; ``token``, ``secret``, ``password``,
  ``api_key``... in any case), ``Authorization:``/``Bearer`` values, well-known token
  shapes (``ghp_…``, ``hf_…``, ``sk-…``, ``AKIA…``, ``xox?-…``), and the credentials of
  URLs (``https://user:pass@host`` becomes ``https://REDACTED@host``) become
  ``REDACTED``.

With ``--redact-paths`` (opt-in, :func:`redact_paths`), also **folder names outside
known system and library locations**: ``/work/acme/.venv/bin/python`` becomes
``/work/dir1/.venv/bin/python``, ``C:\\Projects\\client\\x.py`` ``C:\\dir1\\dir2\\file1.py``
(the same name always the same placeholder within a report), while system roots
(``/usr``, ``/opt/conda``, ``/usr/local/cuda-12.3``, ``C:\\Program Files\\NVIDIA...``),
library file names (``libcudnn.so.8``, ``cudart64_110.dll``), CUDA version folders and
everything below ``site-packages`` stay as they are.

Not a guarantee: a secret in a form none of these rules knows stays.  Read a report
before posting it (the markdown and HTML say so in their footer).
"""

from __future__ import annotations

import contextlib
import functools
import getpass
import os
import re
import socket
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

#: What a secret value becomes.
SECRET = "REDACTED"
#: What this host's name becomes (and its domain).
HOST = "host"
DOMAIN = "domain"
#: What a user name becomes (inside a home-folder path and as a word).
USER = "user"
#: What an IPv4, IPv6 or MAC address becomes: an IPv4 address ``x.x.x.N``, numbered in
#: order of first sight within one report (:class:`AddressNames`), so that two machines
#: stay two; IPV4 is the shape without its number.
IPV4 = "x.x.x.x"
IPV6 = "x:x::x"
MAC = "xx:xx:xx:xx:xx:xx"

_HEX = "[0-9A-Fa-f]"
#: After a ``\\n``, ``\\r`` or ``\\t`` escape (text inside a JSON or Python string, as in a
#: captured ``pip list`` output): a start of a word as much as after a space.
_ESC = r"(?<=\\[nrt])"
#: Any UUID (GPU-, MIG-, ClusterUUID, NVML's), as 8-4-4-4-12 hex digits.
_UUID_RE = re.compile(rf"(?<![0-9A-Fa-f]){_HEX}{{8}}(?:-{_HEX}{{4}}){{3}}-{_HEX}{{12}}"
                      rf"(?![0-9A-Fa-f])")

#: ``Serial Number : 1324...``, ``GPU PDI : 0x...``, ``ClusterUUID : ...``, ``serial=...``
#: (nvidia-smi -q, NVML, logs), anywhere in a line; the value runs to the next space.
_ID_KV_RE = re.compile(
    rf"(?i)(?:{_ESC}|\b)"
    r"((?:\w{0,40}(?:serial|guid|uuid)\w{0,20}|pdi)(?:[ \t]+number)?[ \t]*[:=][ \t]*)"
    r"((?:(?!\\[nrt])[^\s,;<>\"'])+)")
#: ``<serial>...</serial>``, ``<gpu_pdi>...</gpu_pdi>``, ``<chassis_serial_number>...``.
_ID_XML_RE = re.compile(r"(?i)(<(\w{0,40}(?:serial|pdi|guid|uuid)\w{0,40})>)([^<]*)(</\2>)")
#: A JSON-like key naming an identifier (case-insensitive).
_ID_NAME_RE = re.compile(r"(?i)serial|pdi$|^pdi|_pdi|guid|uuid|chassis")
#: Values left as they are (nothing to hide).
_NOT_A_VALUE = re.compile(r"(?i)^(?:|n/?a|\[n/a\]|none|null|not supported|unknown|"
                          r"\[not supported\]|0x0+|0+)$")

#: ``NAME=value``, ``NAME: value``, ``"NAME": "value"`` (a name of at most 120 characters).
_ASSIGN_RE = re.compile(
    rf"(?:{_ESC}|(?<![\w.-]))([\w.-]{{1,120}})([\"']?[ \t]*[=:][ \t]*)([\"']?)")
#: The value after a secret's name: up to a space, a quote, ``,``, ``;``, ``&`` or ``\\``.
_VALUE_RE = re.compile(r"[^\s\"',;&\\]{1,4000}")
#: Upper-case names of secrets: ``HF_TOKEN``, ``AWS_SECRET_ACCESS_KEY``, ``DB_PASSWORD``.
_SECRET_UPPER_RE = re.compile(r"TOKEN|KEY|SECRET|PASSWORD|PASSWD|PASSPHRASE|CREDENTIAL|AUTH")
#: Names of secrets in any case: ``password``, ``api_key``, ``token``.
_SECRET_ANY_RE = re.compile(r"(?i)token|secret|passw(?:or)?d|passphrase|api[_-]?key|"
                            r"access[_-]?key|private[_-]?key|credential")
_BEARER_RE = re.compile(rf"(?i)(?:{_ESC}|\b)"
                        r"(bearer|basic|token)([ \t]+)([A-Za-z0-9._~+/=-]{8,500})")
_AUTH_HEADER_RE = re.compile(
    rf"(?i)(?:{_ESC}|\b)"
    r"((?:proxy-)?authorization[\"']?[ \t]*[:=][ \t]*[\"']?)([^\n\r\"',;]{1,1000})")
#: Token shapes of well-known services (GitHub, Hugging Face, OpenAI-style, AWS, Slack).
_TOKEN_SHAPES_RE = re.compile(
    rf"(?:{_ESC}|\b)"
    r"(?:gh[pousr]_[A-Za-z0-9]{20,255}|github_pat_[A-Za-z0-9_]{20,255}|"
    r"hf_[A-Za-z0-9]{20,255}|sk-[A-Za-z0-9_-]{20,255}|AKIA[0-9A-Z]{16}|"
    r"xox[abprs]-[A-Za-z0-9-]{10,255})\b")
#: ``scheme://user:pass@host`` and ``scheme://token@host``.
_URL_CRED_RE = re.compile(rf"(?i)(?:{_ESC}|(?<![a-z0-9+.-]))"
                          r"([a-z][a-z0-9+.-]{0,30}://)([^/\s@\"'<>]+)@")
#: A JSON-like key naming a secret (case-insensitive: ``*TOKEN*``, ``*KEY*``...).
_SECRET_NAME_RE = re.compile(r"(?i)token|key|secret|passw|passphrase|credential|auth")

#: A dotted quad, not followed by more of a dotted number (``1.2.3.4.5``), a word character,
#: or a version suffix (``5.15.153.1-microsoft``, ``1.18.0.1+cu118``); a full stop that ends
#: a sentence and a range's next address (``10.0.0.5-10.0.0.9``) do not make it a version;
#: a package file's suffix does (``nvidia_cufft-12.0.0.61.dist-info``, ``….whl``).
_IPV4_RE = re.compile(rf"(?:{_ESC}|(?<![\w.]))"
                      r"((?:25[0-5]|2[0-4]\d|1?\d?\d)(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3})"
                      r"(?!\w|\.\d|[-+~](?!\d{1,3}(?:\.\d{1,3}){3}(?![\w.]))\w"
                      r"|\.(?:dist-info|egg-info|data|whl|tar\.gz|zip)\b)")
#: What, just before a dotted quad, makes it a version number rather than an address: a
#: comparison (``==``, ``>=``), ``v`` glued to it (``v1.2.3.4``), a word naming a version
#: (``version``, ``driver``, ``cudnn``..., also as a variable's last word:
#: ``NV_CUDNN_VERSION=8.9.6.50``, or glued by ``-``: ``TensorRT-8.6.1.6``), or a package of
#: the GPU stack by its exact name before it (``nvidia-cudnn-cu13 9.19.0.56``, a ``pip list``
#: row, ``onnxruntime-gpu 1.18.0.1``).  A bare ``=`` or ``@`` is no cue (``--ip=10.1.2.3``,
#: ``ssh user@10.1.2.3``), nor a word that ends in ``v``, nor a name that only begins like a
#: package (``tensorflow-serving 10.1.2.3``, a host column of ``kubectl get endpoints``).
_VERSION_CUE_RE = re.compile(
    r"(?i)(?:[=<>~!]=\s*|\bv|(?:\b|(?<=_))(?:version|ver|kernel|wsl|linux|release|build|"
    r"driver|cuda|cudnn\w*|cublas\w*|tensorrt[\w-]*|nccl|nvinfer\w*|libnvinfer\w*|python|pip)"
    # "version": "13.1.0.3" (pip list --format=json), version='9.3.0.75', version: 9.3.0.75
    r"[-_]?[\"'(]?\s*[:=]?\s*[\"']?\s*"
    r"|(?<![\w.-])(?:nvidia-[a-z0-9-]+-cu\d{2}|nvidia-(?:cublas|cuda-runtime|cuda-nvrtc|"
    r"cuda-cupti|cudnn|cufft|cufile|curand|cusolver|cusparse|nccl|nvjitlink|nvtx)"
    r"|tensorflow(?:-(?:gpu|cpu|intel|macos|metal|rocm|io|text|addons|hub|estimator"
    r"|probability|datasets|decision-forests))?|tf-nightly(?:-gpu|-cpu)?|onnxruntime(?:-gpu)?"
    r"|protobuf|pywin32|torch(?:vision|audio)?|jax(?:lib)?|cupy-cuda\w+|keras)[\s(]+"
    r"|\br[\"':]?\s*)$")
_IPV6_RE = re.compile(
    rf"(?:{_ESC}|(?<![\w:.]))"
    r"(?:(?:[0-9A-Fa-f]{1,4}:){7}[0-9A-Fa-f]{1,4}|"
    r"(?=[0-9A-Fa-f:]*::)(?:[0-9A-Fa-f]{1,4}:){1,6}:(?:[0-9A-Fa-f]{1,4}:){0,5}[0-9A-Fa-f]{1,4}|"
    r"(?:[0-9A-Fa-f]{1,4}:){2,7}:)(?![\w:])")
_MAC_RE = re.compile(rf"(?:{_ESC}|(?<![\w:-]))"
                     r"[0-9A-Fa-f]{2}([:-])[0-9A-Fa-f]{2}(?:\1[0-9A-Fa-f]{2}){4}(?![\w:-])")
#: Home-folder name segments: ``/home/x``, ``/Users/x``, ``C:\\Users\\x`` (also JSON-escaped).
_HOME_SEGMENT_RE = re.compile(
    r"((?:/home/|/Users/|/export/home/|[\\/]Users[\\/]|\\\\Users\\\\))"
    r"(?!(?:user|Public|Default|All Users|Shared|~)(?![^/\\\s\"':;,)]))"
    # The name: one word, or words with single spaces when a path separator follows
    # (``C:\\Users\\John Smith\\AppData``, ``/home/Jane Doe/venv``).
    r"((?:[^/\\\s\"':;,)<>]+(?: [^/\\\s\"':;,)<>]+)+(?=[/\\]))|[^/\\\s\"':;,)<>]+)")
#: Keys whose value is a host name.
_HOST_NAME_RE = re.compile(r"(?i)^(?:host_?name|node_?name|fqdn|computer_?name)$")
#: Keys whose value is a version (never an address).
_VERSION_NAME_RE = re.compile(r"(?i)version")
#: User names not worth hiding as a word (shared accounts and words in every log).
_PUBLIC_USERS = frozenset({"root", "user", "admin", "nobody", "runner", "ubuntu", "debian",
                           "ec2-user", "jovyan", "vagrant", "docker", "guest",
                           # Jetson's sample root file system user (words of nvidia-smi,
                           # nvidia-cudnn-cu12...) and Jenkins' service account
                           "nvidia", "jenkins"})


#: Addresses that name no machine (any interface, loopback, broadcast): kept.
_PUBLIC_IPS = frozenset({"0.0.0.0", "127.0.0.1", "255.255.255.255"})


#: Where a host name may start.
_WORD_START = rf"(?:{_ESC}|(?<![\w-]))"
#: Where the login name as a word starts and ends: a word is letters and digits, so any
#: other character ends it (``alice-env``, ``alice_data``, ``/data/alice-secret-project``,
#: ``alice.smith`` hold the word ``alice``; ``malice`` and ``alice2`` are other words).
#: People name their folders, environments and machines after themselves with ``-`` and
#: ``_`` as often as with ``/``.
_USER_START = rf"(?:{_ESC}|(?<![^\W_]))"
_USER_END = r"(?![^\W_])"
#: Where a login name that is a word of tfgpu's own text still names the person: the
#: user of a shell prompt or an address (``cuda@gpubox7``), and ``~cuda``, a home folder.
_PERSON_USER = (r"(?:(?<![\w./~-])(?={u}@[A-Za-z0-9])|(?<=~)(?={u}(?![\w.-])))"
                r"{u}")


#: Where a host name that is a word of tfgpu's own text still names the machine: after
#: ``@`` (``root@ubuntu:~#``, ``ssh user@cuda``), after TensorFlow's cuda_diagnostics.cc
#: ``host: `` / ``hostname: `` (any case), after ``ssh ``, before `` login:``, in NCCL's
#: ``host:pid:tid`` line prefix, Open MPI's ``[host:pid]`` and a syslog line's host field
#: (``Dec 04 10:00:00 hopper kernel: ...``): the fields :func:`revealed_names` reads.
_PERSON_HOST = (r"(?:(?<=@)|(?<=\b[Hh]ost: )|(?<=\b[Hh]ostname: )|(?<=\bssh )"
                r"|(?<=\d\d:\d\d:\d\d )|(?<=\[)(?={h}:\d)|(?m:^)(?={h}:\d+:\d+\b)"
                r"|(?={h} login:)){h}(?![\w-])")


@functools.lru_cache(maxsize=1)
def tool_words() -> frozenset[str]:
    """The words of tfgpu's own text, lower-case: every run of letters and digits in the
    knowledge tables (``knowledge/data/*.toml``: the catalogue's causes and fixes, the
    message wordings, the version tables) and the report templates, leaving out the
    ``[sources.*]`` tables (links and notes on where a fact was read, which name other
    people's repositories) and URLs.

    A login name among them (``cuda``, ``gpu``, ``conda``, ``dev``, ``test``...) cannot be
    hidden as a word without changing the report's commands, package names and quoted
    messages (``tensorflow[and-cuda]``, ``tensorflow-gpu``, ``gpu_device.cc``): it is
    hidden only where it names the person (:data:`_PERSON_USER`, home folders).  Read
    once per process (~10,000 words, ~60 ms); an unreadable install gives no words.
    """
    from tfgpu.knowledge._load import data_dir

    words: set[str] = set()
    texts: list[str] = []
    with contextlib.suppress(OSError, ImportError):
        folder = data_dir()
        texts += [f.read_text(encoding="utf-8") for f in folder.iterdir()
                  if f.name.endswith(".toml")]
        from importlib import resources

        templates = resources.files("tfgpu.report").joinpath("templates")
        texts += [f.read_text(encoding="utf-8") for f in templates.iterdir()
                  if f.name.endswith(".j2")]
    for text in texts:
        kept: list[str] = []
        in_sources = False
        for line in text.splitlines():
            if line.startswith("["):
                in_sources = line.startswith("[sources.")
            if not in_sources:
                kept.append(line)
        body = re.sub(r"(?i)\b[a-z][a-z0-9+.-]{0,30}://\S+", " ", "\n".join(kept))
        words.update(w.lower() for w in re.findall(r"[A-Za-z0-9]+", body))
    return frozenset(words)


def _zeros(value: str) -> str:
    """``value`` with every letter and digit as ``0`` (separators and a ``0x``, ``GPU-`` or
    ``MIG-`` prefix kept)."""
    m = re.match(r"(?i)0x|GPU-|MIG-(?:GPU-)?", value)
    keep = m.end() if m else 0
    return value[:keep] + re.sub(r"[0-9A-Za-z]", "0", value[keep:])


def _zero_uuid(m: re.Match[str]) -> str:
    return re.sub(r"[0-9A-Fa-f]", "0", m.group(0))


def _assignments(text: str) -> str:
    """``text`` with the value of every ``NAME=value``/``NAME: value`` whose name is a
    secret's replaced; a value is read for names inside it too (``dlerror: KEY=x``)."""
    out: list[str] = []
    pos = 0
    while (m := _ASSIGN_RE.search(text, pos)) is not None:
        name = m.group(1)
        out.append(text[pos:m.end()])
        pos = m.end()
        if _SECRET_UPPER_RE.search(name) or _SECRET_ANY_RE.search(name):
            value = _VALUE_RE.match(text, pos)
            if value is not None:
                out.append(SECRET)
                pos = value.end()
    out.append(text[pos:])
    return "".join(out)


def _id_value(m: re.Match[str]) -> str:
    value = m.group(2)
    return m.group(1) + (value if _NOT_A_VALUE.match(value) else _zeros(value))


class AddressNames(dict[str, str]):
    """The placeholders given to IPv4 addresses so far in one report (``10.0.0.5`` ->
    ``x.x.x.1``, the next distinct address ``x.x.x.2``): the same address always the same
    placeholder, two addresses never one."""

    def name(self, address: str) -> str:
        """The placeholder of ``address`` (a dotted quad), given on first sight."""
        given = self.get(address)
        if given is None:
            given = self[address] = f"x.x.x.{len(self) + 1}"
        return given


#: An address placeholder (:class:`AddressNames`), never a host name.
_ADDRESS_PLACEHOLDER_RE = re.compile(r"x\.x\.x\.(?:x|\d{1,6})")


#: A dotted quad inside pip's "(from versions: a, b, ...)" list: a release number however
#: far the list's cue is.
_IN_VERSION_LIST_RE = re.compile(r"\(from versions:[^()\n]*$")


def _ipv4(text: str, names: AddressNames) -> str:
    def repl(m: re.Match[str]) -> str:
        before = text[max(0, m.start() - 40):m.start()]
        if _VERSION_CUE_RE.search(before) or m.group(0) in _PUBLIC_IPS:
            return m.group(0)
        line = text[text.rfind("\n", 0, m.start()) + 1:m.start()]
        if _IN_VERSION_LIST_RE.search(line[-4000:]):
            return m.group(0)
        return names.name(m.group(0))

    return _IPV4_RE.sub(repl, text)


class PathNames(dict[str, str]):
    """The placeholders :func:`redact_paths` gave so far (a name -> ``dir1``, ``file1.py``),
    with how many of each kind (``dir``, ``file``) it holds, so a new name's number costs
    O(1) instead of a scan of every name given. Fill it only through :func:`redact_paths`
    (a key set by hand is not counted).

    Args:
        given: placeholders to start from (a plain dict from an earlier report).
    """

    def __init__(self, given: Mapping[str, str] | None = None) -> None:
        super().__init__(given or {})
        #: placeholders given per kind (``"dir"``, ``"file"``)
        self.counts: dict[str, int] = {
            kind: sum(1 for v in self.values() if v.startswith(kind))
            for kind in (PATH_DIR, PATH_FILE)}


@dataclass(frozen=True)
class Redactor:
    """Removes private data from text and from JSON-like values (see the module docstring).

    Attributes:
        users: login names to hide as words (this user's; from ``USER``, ``LOGNAME``,
            ``USERNAME`` and the password database).
        homes: home folders to replace by ``~`` wherever they are (``HOME``,
            ``USERPROFILE``).
        hosts: host names to replace by ``host`` (this host's, short and fully qualified).
        domains: DNS domains to replace by ``domain`` (of a fully-qualified host name).
    """

    users: tuple[str, ...] = ()
    homes: tuple[str, ...] = ()
    hosts: tuple[str, ...] = ()
    domains: tuple[str, ...] = ()
    #: also replace folder names outside known locations (:func:`redact_paths`).
    paths: bool = False
    #: The placeholders given so far (shared by :meth:`learn`'s copies: one report, one map).
    path_names: PathNames = field(default_factory=PathNames, repr=False, compare=False)
    #: The IPv4 placeholders given so far (shared by :meth:`learn`'s copies, as path_names).
    address_names: AddressNames = field(default_factory=AddressNames, repr=False,
                                        compare=False)
    #: Names that are already placeholders (``tfgpu fleet``'s ``node-1``...): never taken
    #: for a host or user name, even where a log line gives them as one.
    kept: frozenset[str] = frozenset()
    _word_res: tuple[tuple[re.Pattern[str], str], ...] = field(
        default=(), init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        words: list[tuple[re.Pattern[str], str]] = []
        for home in sorted({h.rstrip("/\\") for h in self.homes}, key=len, reverse=True):
            if len(home) < 3 or home in ("/root", "/home", "/Users"):
                continue
            for form in {home, home.replace("\\", "\\\\"), home.replace("\\", "/")}:
                words.append((re.compile(re.escape(form) + r"(?=$|[/\\\s\"':;,)<>])"), "~"))
        for host in sorted(set(self.hosts) - self.kept, key=len, reverse=True):
            if len(host) >= 2 and host.lower() not in ("localhost", HOST):
                if re.fullmatch(r"[A-Za-z]+", host) and host.lower() in tool_words():
                    # a host named like a word of tfgpu's own text (``ubuntu``, ``cuda``;
                    # letters only, as snapshot_host reads them: ``gpunode07`` is a host):
                    # only where it names the machine, never in commands and messages
                    rx = _PERSON_HOST.format(h=re.escape(host))
                else:
                    rx = _WORD_START + re.escape(host) + r"(?![\w-])"
                words.append((re.compile(rx), HOST))
        for dom in sorted(set(self.domains), key=len, reverse=True):
            if "." in dom and len(dom) >= 4 and dom.lower() not in ("localdomain", "local"):
                words.append((re.compile(_WORD_START + re.escape(dom) + r"(?![\w-])"),
                              DOMAIN))
        for user in sorted({u.lower() for u in self.users}, key=len, reverse=True):
            if len(user) < 3 or user in _PUBLIC_USERS:
                continue
            # Case-insensitive: Windows account names are (``Alice`` owns ``alice-env``).
            if re.fullmatch(r"[^\W_]+", user) and user in tool_words():
                rx = _PERSON_USER.format(u=re.escape(user))
            else:
                rx = _USER_START + re.escape(user) + _USER_END
            words.append((re.compile(rx, re.IGNORECASE), USER))
        object.__setattr__(self, "_word_res", tuple(words))

    def text(self, text: str, *, addresses: bool = True) -> str:
        """Return ``text`` redacted.

        Args:
            text: any text (a log, a report line, a raw probe output).
            addresses: also replace IPv4/IPv6/MAC addresses (``False`` for a value known
                to be a version number).
        """
        if not text:
            return text
        text = _URL_CRED_RE.sub(lambda m: m.group(1) + SECRET + "@", text)
        text = _AUTH_HEADER_RE.sub(lambda m: m.group(1) + SECRET, text)
        text = _BEARER_RE.sub(lambda m: m.group(1) + m.group(2) + SECRET, text)
        text = _TOKEN_SHAPES_RE.sub(SECRET, text)
        text = _assignments(text)
        text = _host_assignments(text, self.address_names)
        text = _UUID_RE.sub(_zero_uuid, text)
        text = _ID_KV_RE.sub(_id_value, text)
        text = _ID_XML_RE.sub(lambda m: m.group(1) + (
            m.group(3) if _NOT_A_VALUE.match(m.group(3)) else _zeros(m.group(3))) + m.group(4),
            text)
        for rx, repl in self._word_res:
            text = rx.sub(repl, text)
        text = _HOME_SEGMENT_RE.sub(lambda m: m.group(1) + USER, text)
        if self.paths:
            text = redact_paths(text, self.path_names)
        if addresses:
            text = _MAC_RE.sub(MAC, text)
            text = _IPV6_RE.sub(IPV6, text)
            text = _ipv4(text, self.address_names)
        return text

    def __call__(self, text: str) -> str:
        """Same as :meth:`text`."""
        return self.text(text)

    def data(self, value: Any, key: str = "") -> Any:
        """Return a JSON-like value (dicts, lists, strings, numbers) redacted.

        Strings are redacted with :meth:`text`, keys included; the value of a key named
        like a secret (``*TOKEN*``, ``*KEY*``, ``*SECRET*``, ``*PASSWORD*``…, any case)
        becomes ``REDACTED``, like an identifier (``serial``, ``uuid``, ``pdi``…) its
        zeros, like a host name (``hostname``) ``host``; a ``*version*`` value keeps its
        dotted numbers.  Numbers, booleans and ``None`` are kept.

        Args:
            value: the value.
            key: the key it was found under (``""`` at the top).
        """
        if isinstance(value, Mapping):
            return {self.text(str(k)): self.data(v, str(k)) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [self.data(v, key) for v in value]
        if not isinstance(value, str):
            return value
        if key and _SECRET_NAME_RE.search(key) and value and not _is_public_key(key):
            return SECRET
        if key and _ID_NAME_RE.search(key) and not _NOT_A_VALUE.match(value):
            return _zeros(_UUID_RE.sub(_zero_uuid, value))
        if key and _HOST_NAME_RE.match(key) and value:
            return HOST
        if key.upper() == "TF_CONFIG":
            # The cluster spec names every worker, "gpu-node-7.corp.example:2222": other
            # hosts' names, which this host's redaction does not know.
            value = _cluster_hosts(value, self.address_names)
        elif key and _HOST_VAR_RE.fullmatch(key):
            # NCCL_COMM_ID=gpubox9:23456, MASTER_ADDR, SLURM_JOB_NODELIST=gpu[1-4]: the
            # same, for the variables that name machines.
            value = _other_hosts(value, self.address_names)
        return self.text(value, addresses=not (key and _VERSION_NAME_RE.search(key)))

    def lines(self, lines: Iterable[str]) -> list[str]:
        """Each line of ``lines`` redacted."""
        return [self.text(line) for line in lines]

    def learn(self, texts: Iterable[str]) -> Redactor:
        """This redactor, also hiding the host and user names ``texts`` themselves reveal
        (:func:`revealed_names`: NCCL's ``host:pid:tid`` prefixes, ``hostname:`` lines,
        shell prompts, Slurm node names, syslog/journald host fields, Open MPI's
        ``[host:pid]`` prefixes and node names, the hosts of URLs with credentials or
        under a private domain), whichever host wrote them."""
        users, hosts, fqdns = revealed_names(texts)
        users, hosts, fqdns = users - self.kept, hosts - self.kept, fqdns - self.kept
        if not users and not hosts and not fqdns:
            return self
        extra = for_names(users=users, hosts=hosts)
        domains = {f.partition(".")[2] for f in fqdns if f.count(".") >= 2}
        return replace(self, users=tuple(sorted({*self.users, *extra.users})),
                       hosts=tuple(sorted({*self.hosts, *extra.hosts, *fqdns})),
                       domains=tuple(sorted({*self.domains, *extra.domains, *domains})))

    def with_paths(self) -> Redactor:
        """This redactor, also replacing folder names outside known locations
        (``--redact-paths``, :func:`redact_paths`)."""
        return replace(self, paths=True)

    def keeping(self, names: Iterable[str]) -> Redactor:
        """This redactor, taking ``names`` (placeholders another step gave, such as
        ``tfgpu fleet``'s ``node-1``) for no host or user name."""
        return replace(self, kept=self.kept | frozenset(names))

    def with_hosts(self, names: Iterable[str]) -> Redactor:
        """This redactor, also hiding the host names ``names`` (another host's, such as the
        one a facts snapshot's file name gives: :func:`snapshot_host`); a fully-qualified
        name adds its short name and its domain (:func:`for_names`)."""
        extra = for_names(hosts=(n for n in names if n not in self.kept))
        if not extra.hosts:
            return self
        return replace(self, hosts=tuple(sorted({*self.hosts, *extra.hosts})),
                       domains=tuple(sorted({*self.domains, *extra.domains})))


_NAME = r"[A-Za-z0-9][A-Za-z0-9_.-]{0,252}"
#: Lines that name the host that wrote them (group ``host``; ``user`` where there is one).
_REVEALED_HOST_RES = (
    # NCCL's line prefix "host:pid:tid [dev]" (src/debug.cc of NVIDIA/nccl)
    re.compile(rf"(?m)^\s*(?P<host>{_NAME}):\d+:\d+ \[\d+\]"),
    # TensorFlow's cuda_diagnostics.cc ("hostname: x", "diagnostic information for host: x"),
    # `hostnamectl`, `uname -a`-like "Node name:"/"nodename="
    re.compile(rf"(?i)\b(?:host ?name|static hostname|diagnostic information for host|"
               rf"node ?name)\s*[:=]\s*(?P<host>{_NAME})"),
    # shell prompts: "user@host:~$", "[user@host dir]$", "(env) user@host ~ %"
    re.compile(rf"(?m)^\s*(?:\([\w.-]+\)\s*)?\[?(?P<user>[\w.-]+)@(?P<host>{_NAME})"
               rf"(?=[:\s\]])(?![^\n]*://)"),
    # Slurm: node-name variables, srun's "srun: error: node: task 0: ...", slurmstepd's
    # "*** JOB 12 ON node CANCELLED"
    re.compile(rf"\bSLURM(?:D_NODENAME|_NODELIST|_JOB_NODELIST|_STEP_NODELIST|"
               rf"_TOPOLOGY_ADDR)=(?P<host>{_NAME})(?![\[\w])"),
    re.compile(rf"\bsrun: error: (?P<host>{_NAME}): tasks? \d"),
    re.compile(rf"\*\*\* (?:JOB|STEP) [\d.]+ ON (?P<host>{_NAME}) CANCELLED"),
    # syslog/journald lines, as the log reader splits them (tfgpu.facts.line_prefix):
    # "Dec  2 10:00:01 host tag[pid]: " (RFC 3164, journalctl's default short form, also
    # with journalctl -o short-precise's fraction) and rsyslog's/journalctl -o short-iso's
    # RFC 3339 time, which carries a numeric offset; a tag starts with a letter, so a
    # dated "Epoch 1:" line gives no host.  A time with "Z" (kubectl's, docker's) before
    # two words is a collector's time unless the tag has a process id.
    re.compile(rf"(?<![\w:.-])(?:[A-Z][a-z]{{2}} [ \d]\d \d\d:\d\d:\d\d(?:\.\d{{1,9}})?"
               rf"|\d{{4}}-\d\d-\d\dT\d\d:\d\d:\d\d(?:[.,]\d{{1,9}})?[+-]\d\d:?\d\d) "
               rf"(?P<host>{_NAME}) [A-Za-z_][\w./@-]{{0,63}}(?:\[\d{{1,10}}\])?: "),
    re.compile(rf"(?<![\w:.-])\d{{4}}-\d\d-\d\dT\d\d:\d\d:\d\d(?:[.,]\d{{1,9}})?Z "
               rf"(?P<host>{_NAME}) [A-Za-z_][\w./@-]{{0,63}}\[\d{{1,10}}\]: "),
    # journalctl's other short forms (systemd src/shared/logs-show.c output_short):
    # -o short-full "Wed 2026-12-02 10:00:01 UTC host tag[pid]: " (a weekday, a date, a time
    # zone), -o short-unix "1764669601.123456 host tag: ", -o short-monotonic "[ 1234.567890]
    # host tag: ", and a plain "2026-12-02 10:00:01 host tag: " (a collector's). The last
    # three start as dmesg or Python logging lines do ("[ 1.0] ACPI Error: ", "... INFO
    # root: "): only the kernel's tag or a tag with a process id is a host's line.
    re.compile(rf"(?<![\w:.-])[A-Z][a-z]{{2}} \d{{4}}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d{{1,9}})? "
               rf"[A-Za-z0-9+-]{{1,6}} (?P<host>{_NAME}) [A-Za-z_][\w./@-]{{0,63}}"
               rf"(?:\[\d{{1,10}}\])?: "),
    re.compile(rf"(?m)^\s*(?:\d{{9,11}}\.\d{{6}}|\[\s*\d{{1,10}}\.\d{{6}}\]"
               rf"|\d{{4}}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d{{1,9}})?) (?P<host>{_NAME}) "
               rf"(?:kernel|[A-Za-z_][\w./@-]{{0,63}}\[\d{{1,10}}\]): "),
    # RFC 5424 syslog (rsyslog's RSYSLOG_SyslogProtocol23Format, syslog-ng): "<PRI>1 TIMESTAMP
    # HOSTNAME APP-NAME PROCID MSGID ..." (RFC 5424 section 6)
    re.compile(rf"<\d{{1,3}}>1 \S{{1,40}} (?P<host>{_NAME}) \S{{1,48}} \S{{1,128}} \S{{1,32}} "),
    # UCX's log prefix (openucx/ucx src/ucs/debug/log.c UCS_LOG_FMT): "[%lu.%06lu]
    # [%s:%-5d:%s] " (time, host name, pid, thread name), Open MPI's usual transport
    re.compile(rf"\[\d{{1,20}}\.\d{{6}}\] \[(?P<host>{_NAME}):\d{{1,10}} *:[^\]\s]{{1,32}}\]"),
    # Open MPI's host prefix "[%s:%05d] " (hostname, pid: opal/util/stacktrace.c
    # HOSTFORMAT, opal/util/output.c, ompi/runtime/ompi_mpi_abort.c; v4.1 and v5.0): five
    # digits at least, unlike a "[file.c:123]" source position.
    re.compile(rf"\[(?P<host>{_NAME}):\d{{5,10}}\](?=[ \t]|$)", re.M),
    # mpirun's/prterun's "process rank 0 with PID 123 on node host exited on signal 11"
    # (orte/tools/orterun/help-orterun.txt), "HNP daemon : [[1,0],0] on node host"
    # (orte/mca/errmgr/base/help-errmgr-base.txt), "error on node host."
    re.compile(rf"\b(?:with PID \d{{1,10}}|daemon[ \t]{{0,8}}:[ \t]{{0,8}}\S{{1,64}}|error)"
               rf" on node (?P<host>{_NAME})"),
    # Open MPI's help messages' "  Local host:   host" (148 of them in v4.1), "Remote host:",
    # "Peer host(name):", and "Node:" (theirs, and kubectl describe pod's "Node: host/IP")
    re.compile(rf"(?m)^[ \t]*(?:(?:[Ll]ocal|[Rr]emote|[Pp]eer) [Hh]ost(?:name)?|Node)[ \t]*:"
               rf"[ \t]*(?P<host>{_NAME})"),
)
#: A URL's host behind credentials (``https://u:p@pypi.corp.example.com``): a private server.
_URL_CRED_HOST_RE = re.compile(r"(?i)(?<![a-z0-9+.-])[a-z][a-z0-9+.-]{0,30}://[^/\s:@]{1,256}:"
                               r"[^/\s@]{0,256}@(?P<host>[A-Za-z0-9.-]{1,253})")
#: A fully-qualified name under a private-network label (``x.internal.example.com``,
#: ``x.corp.example.com``, ``x.lan``, a cluster's ``node-7.cluster``): labels used for names
#: inside a private network, not on the public internet.  Dots split the labels one way
#: only: linear in a name's length.
_PRIVATE_FQDN_RE = re.compile(
    r"(?<![\w.-])(?P<host>(?:[A-Za-z0-9-]+\.)+(?:corp|internal|intra|intranet|lan|local|"
    r"private|priv|cluster|home\.arpa)(?:\.[A-Za-z0-9-]+)*)(?![\w-])", re.I)


def revealed_names(texts: Iterable[str]) -> tuple[set[str], set[str], set[str]]:
    """The names a text reveals about the machines that wrote it: ``(users, hosts, fqdns)``.

    ``hosts`` are names a log line gives as the host's (NCCL prefixes, ``hostname:`` lines,
    shell prompts, Slurm node names, syslog/journald host fields, Open MPI's ``[host:pid]``
    prefixes, ``on node host`` and ``Local host:`` fields): redacted with their short name
    and domain (:func:`for_names`); ``fqdns`` are servers' fully-qualified names (a URL with
    credentials, a name under ``corp``/``internal``/``lan``...): redacted whole, with the
    domain after their first label.  ``localhost`` and IP addresses are not names.
    """
    users: set[str] = set()
    hosts: set[str] = set()
    fqdns: set[str] = set()

    def ok(name: str) -> bool:
        name = name.strip(".").lower()
        return (len(name) >= 2 and name not in ("localhost", HOST, DOMAIN)
                and not name.replace(".", "").isdigit())

    for text in texts:
        for rx in _REVEALED_HOST_RES:
            for m in rx.finditer(text):
                host = m.group("host").rstrip(".")
                if ok(host):
                    hosts.add(host)
                    if "user" in rx.groupindex and m.group("user"):
                        users.add(m.group("user"))
        for rx in (_URL_CRED_HOST_RE, _PRIVATE_FQDN_RE):
            for m in rx.finditer(text):
                host = m.group("host").strip(".")
                if ok(host) and "." in host:
                    fqdns.add(host)
    return users, hosts, fqdns


#: A quoted ``"host:port"`` of a ``TF_CONFIG`` cluster spec (a name, an IPv4 or ``[IPv6]``).
_CLUSTER_ADDR_RE = re.compile(r"([\"'])([A-Za-z0-9_.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\]):"
                              r"(\d{1,5})\1")
#: Host names of a cluster spec that name no machine: kept.
_LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "[::1]", "0.0.0.0"})

#: Variables whose value names other machines (``host``, ``host:port``, a list of them or
#: a Slurm host list ``gpu[1-4],login2``), by name: NCCL's rendezvous address and host id
#: (``NCCL_COMM_ID``: "<ipv4>:<port> or [<ipv6>]:<port> or <hostname>:<port>",
#: src/bootstrap.cc; ``NCCL_HOSTID``, src/misc/utils.cc; ``NCCL_RAS_ADDR``), and any
#: upper-case name ending in ``ADDR``/``ADDRESS``/``IPADDR``/``HOST(S)``/``HOSTNAME(S)``/
#: ``NODELIST``/``NODENAME``: ``MASTER_ADDR`` (PyTorch's env:// rendezvous),
#: ``COORDINATOR_ADDRESS``, Slurm's ``SLURM_JOB_NODELIST``/``SLURM_NODELIST``/
#: ``SLURM_STEP_NODELIST``/``SLURMD_NODENAME``/``SLURM_SUBMIT_HOST``/
#: ``SLURM_TOPOLOGY_ADDR`` (sbatch(1) OUTPUT ENVIRONMENT VARIABLES), LSF's ``LSB_HOSTS``,
#: PBS's ``PBS_O_HOST``.
_HOST_VAR_RE = re.compile(
    r"NCCL_COMM_ID|NCCL_HOSTID|(?:[A-Z0-9]+_)*(?:IPADDR|ADDR|ADDRESS|HOSTS?|HOSTNAMES?|"
    r"NODELIST|NODENAME)")
#: ``NAME=value``, ``NAME: value``, ``"NAME": "value"`` and NCCL's ``NAME set by environment
#: to value`` (src/misc/param.cc, src/bootstrap.cc) for a :data:`_HOST_VAR_RE` name.
_HOST_ASSIGN_RE = re.compile(
    rf"(?:{_ESC}|(?<![\w.-]))(?P<name>[A-Z][A-Z0-9_]{{0,119}})(?![\w.-])"
    r"(?P<sep>[\"']?[ \t]*(?:[=:]| set by environment to )[ \t]*[\"']?)"
    r"(?P<value>[^\s\"';&\\]{1,4000})")
#: A machine's name inside such a value: after the start, a list separator or ``://``,
#: before the end, a separator, a ``:port``, a Slurm ``[range]`` or a ``/``.
_HOST_IN_VALUE_RE = re.compile(r"(?P<pre>^|[,\s]|://)(?P<name>[A-Za-z0-9][A-Za-z0-9_.-]{0,252})"
                               r"(?=$|[,\s\[/]|:(?!//))")
#: ``TF_CONFIG=...``/``"TF_CONFIG": ...`` in a text: the rest of the line is a cluster spec.
_TF_CONFIG_TEXT_RE = re.compile(r"(?<![\w.-])TF_CONFIG[\"']?[ \t]*[=:][^\n]{0,20000}")


def _other_hosts(value: str, names: AddressNames) -> str:
    """``value`` (of a variable that names machines) with each machine's name as ``host``
    (``gpu7:2222`` → ``host:2222``, ``gpu[1-4],login2`` → ``host[1-4],host``);
    an IPv4 address becomes its ``x.x.x.N`` here (after ``=`` it would read as a version),
    ``localhost`` and loopback are kept."""

    def repl(m: re.Match[str]) -> str:
        name = m.group("name")
        if (name.lower().rstrip(".") in _LOCAL_HOSTS or name.lower() in (HOST, DOMAIN)
                or _ADDRESS_PLACEHOLDER_RE.fullmatch(name)
                or name == "x"  # of an already replaced IPv6 address, x:x::x
                or not re.search(r"[A-Za-z]", name)
                or (re.fullmatch(r"[0-9A-Fa-f]{1,4}", name)
                    and value[m.end():m.end() + 1] == ":")):
            return m.group(0)
        return m.group("pre") + HOST

    value = _IPV4_RE.sub(
        lambda m: m.group(0) if m.group(0) in _PUBLIC_IPS else names.name(m.group(0)), value)
    return _HOST_IN_VALUE_RE.sub(repl, value)


def _cluster_hosts(value: str, names: AddressNames) -> str:
    """A ``TF_CONFIG`` cluster spec with every worker's quoted ``"name:port"`` as
    ``"host:port"``, an IPv4 worker as its ``x.x.x.N`` (two workers stay two; ``localhost``
    and loopback kept)."""
    def repl(m: re.Match[str]) -> str:
        name = m.group(2)
        if name.lower() in _LOCAL_HOSTS:
            return m.group(0)
        if _IPV4_RE.fullmatch(name):
            return f"{m.group(1)}{names.name(name)}:{m.group(3)}{m.group(1)}"
        return f"{m.group(1)}{HOST}:{m.group(3)}{m.group(1)}"

    return _CLUSTER_ADDR_RE.sub(repl, value)


def _host_assignments(text: str, names: AddressNames) -> str:
    """``text`` with the machine names in the values of :data:`_HOST_VAR_RE` variables
    and of ``TF_CONFIG`` replaced (:func:`_other_hosts`, :func:`_cluster_hosts`); IPv4
    addresses get their placeholders from ``names``."""
    if "TF_CONFIG" in text:
        text = _TF_CONFIG_TEXT_RE.sub(lambda m: _cluster_hosts(m.group(0), names), text)
    return _HOST_ASSIGN_RE.sub(
        lambda m: m.group(0) if not _HOST_VAR_RE.fullmatch(m.group("name"))
        else m.group("name") + m.group("sep") + _other_hosts(m.group("value"), names), text)

#: Keys that contain a secret word but hold no secret (tfgpu's own fields).
_PUBLIC_KEYS = frozenset({"knowledge_ref", "knowledge_version", "keras", "keras_version",
                          "autotune", "keyword", "keys"})


def _is_public_key(key: str) -> bool:
    return key.lower() in _PUBLIC_KEYS or key.lower().startswith("knowledge")


#: A redactor that changes nothing (``--no-redact``).
class NoRedactor(Redactor):
    """The identity: what ``--no-redact`` renders with."""

    def text(self, text: str, *, addresses: bool = True) -> str:
        """Return ``text`` unchanged."""
        return text

    def data(self, value: Any, key: str = "") -> Any:
        """Return ``value`` unchanged."""
        return value

    def learn(self, texts: Iterable[str]) -> Redactor:
        """Return ``self``: nothing is redacted."""
        return self

    def with_paths(self) -> Redactor:
        """Return ``self``: nothing is redacted."""
        return self

    def keeping(self, names: Iterable[str]) -> Redactor:
        """Return ``self``: nothing is redacted."""
        return self

    def with_hosts(self, names: Iterable[str]) -> Redactor:
        """Return ``self``: nothing is redacted."""
        return self


# --- --redact-paths: folder names outside known system and library locations -----

#: What a folder name becomes (numbered: ``dir1``, ``dir2``...), and another file's name
#: (``file1.py``: the extension is kept).
PATH_DIR = "dir"
PATH_FILE = "file"
#: One path component: no separator, quote, space or shell/list punctuation; a name with
#: single spaces only when a separator follows (``Program Files\``, ``John Smith/``).
_COMP = r"[^\s/\\\"'`<>|:;,()\[\]{}=*?]+"
_COMP_SP = rf"{_COMP}(?: {_COMP})*"
#: An absolute POSIX path (``/a/b``, ``~/a``; not inside a word or a URL: ``GB/s``,
#: ``https://x/y``) or a Windows one (``C:\a\b``, ``C:/a``, JSON's ``C:\\a``).  A path
#: right after ``:`` is one (each entry of a ``PATH``/``LD_LIBRARY_PATH`` list, ``/a:/b``);
#: a URL's ``//`` is not (its first ``/`` starts no component, its second follows a ``/``).
_PATH_RE = re.compile(
    rf"(?:(?<![\w.~/\\-])~?(?:/{_COMP_SP}(?=/))*/{_COMP}"
    rf"|(?<![\w])[A-Za-z]:(?:\\\\|\\|/)(?:{_COMP_SP}(?:\\\\|\\|/))*(?:{_COMP})?)")
_SEP_RE = re.compile(r"\\\\|\\|/")
#: Roots whose whole path is kept: system and vendor install locations hold no user's or
#: project's name (compared lower-case, separators as ``/``).
_SYSTEM_ROOTS = ("/usr/", "/lib/", "/lib32/", "/lib64/", "/libx32/", "/bin/", "/sbin/", "/etc/",
                 "/proc/", "/sys/", "/dev/", "/run/", "/snap/", "/boot/", "/opt/conda/pkgs/",
                 "/opt/nvidia/", "/opt/rocm/", "/opt/intel/", "/opt/homebrew/", "/system/",
                 "/library/", "/applications/", "/var/lib/", "/var/log/",
                 "c:/program files/", "c:/program files (x86)/", "c:/windows/",
                 "c:/programdata/nvidia/", "c:/programdata/nvidia corporation/",
                 "/mnt/c/program files/", "/mnt/c/windows/", "/mnt/wsl/", "/usr/lib/wsl/")
#: Versioned system roots: ROCm installs into ``/opt/rocm-<version>/`` (``/opt/rocm`` links to
#: it; AMD's ROCm post-install instructions run ``/opt/rocm-6.2.0/bin/rocminfo``).
_VERSIONED_ROOT_RE = re.compile(r"/opt/rocm-\d+(?:\.\d+)*(?:/|$)")
#: Folder and file names that carry no user's or project's name: OS, Python, conda and
#: CUDA layout words (compared lower-case).
_KNOWN_COMPONENTS = frozenset({
    "~", "usr", "lib", "lib32", "lib64", "libx32", "local", "bin", "sbin", "include", "share",
    "opt", "etc", "var", "tmp", "proc", "sys", "dev", "run", "snap", "mnt", "media", "srv",
    "home", "users", "user", "root", "c", "d", "wsl", "driver", "drivers", "nvidia", "cuda",
    "cudnn", "tensorrt", "nccl", "cupti", "nvvm", "libdevice", "extras", "targets", "stubs",
    "compat", "conda", "miniconda", "miniconda2", "miniconda3", "anaconda", "anaconda2",
    "anaconda3", "miniforge", "miniforge3", "mambaforge", "micromamba", "envs", "pkgs",
    "site-packages", "dist-packages", "lib-dynload", "scripts", "library", "python", "programs",
    "appdata", "roaming", "locallow", "windows", "system32", "syswow64", "program files",
    "program files (x86)", "programdata", "nvidia corporation", "nvidia gpu computing toolkit",
    ".venv", "venv", "env", ".env", ".local", ".cache", ".conda", ".pyenv", ".nv", ".keras",
    ".config", ".virtualenvs", "versions", "shims", "content", "kaggle", "working", "input",
    "workspace", "data", "work", "tensorflow", "keras", "job", "replica", "task", "device",
    "physical_device", "gpu", "cpu", "xla_gpu", "xla_cpu", "x86_64-linux", "sbsa-linux",
    "aarch64-linux", "x86_64-linux-gnu", "aarch64-linux-gnu", "ld.so.conf.d", "docker",
    "containers", "nvidia-smi", "nvcc", "ptxas", "pip", "pip3", "python.exe", "pythonw.exe",
    "nvidia-smi.exe", "nvcc.exe", "activate", "deactivate", "dll", "dlls"})
#: Name shapes kept: versions and versioned folders (``cuda-12.3``, ``v11.8``, ``python3.10``,
#: ``Python310``), CUDA/TensorFlow-named folders, and library or program files
#: (``libcudnn.so.8``, ``cudart64_110.dll``, ``python3``).
_KNOWN_SHAPE_RE = re.compile(
    r"(?i)^(?:v?\d+(?:\.\d+)*"
    r"|(?:cuda|cudnn|tensorrt|nccl|rocm|python|pypy|py)[-_.]?v?\d+(?:\.\d+)*t?(?:\.exe)?"
    r"|.*(?:cuda|cudnn|cublas|cufft|curand|cusolver|cusparse|nvrtc|nvjitlink|nvidia|tensorflow"
    r"|tensorrt|nvinfer|nccl|xla|rocm|miopen).*"
    r"|lib[\w+.-]*\.(?:so|a|dylib)(?:\.\d+)*|[\w+.-]+\.(?:dll|pyd|dylib|so(?:\.\d+)*)"
    r"|[\w.-]+\.(?:dist|egg)-info|pip\d*(?:\.\d+)*|python\d*(?:\.\d+)*|\.\w{1,8})$")
#: After one of these, the rest of the path is a package's own layout: kept.
_LAYOUT_ROOTS = frozenset({"site-packages", "dist-packages", "lib-dynload"})


def _known_component(name: str) -> bool:
    low = name.lower()
    return low in _KNOWN_COMPONENTS or bool(_KNOWN_SHAPE_RE.match(name))


def _placeholder(name: str, names: PathNames, *, last: bool) -> str:
    """``dirN`` for a folder name, ``fileN.ext`` for a last component with an extension;
    the same ``name`` gets the same placeholder (``names`` holds them, and the number given
    per kind)."""
    if name in names:
        return names[name]
    stem, dot, ext = name.rpartition(".")
    is_file = last and dot and stem and 1 <= len(ext) <= 8 and ext.isalnum()
    kind = PATH_FILE if is_file else PATH_DIR
    n = names.counts[kind] = names.counts[kind] + 1
    names[name] = f"{kind}{n}.{ext}" if is_file else f"{kind}{n}"
    return names[name]


def _redact_path(path: str, names: PathNames) -> str:
    """``path`` with each component outside known locations replaced (see
    :func:`redact_paths`)."""
    flat = _SEP_RE.sub("/", path).lower()
    if (any(flat.startswith(r) or flat + "/" == r for r in _SYSTEM_ROOTS)
            or _VERSIONED_ROOT_RE.match(flat)):
        return path
    parts = _SEP_RE.split(path)
    seps = _SEP_RE.findall(path)
    out: list[str] = []
    keep_rest = False
    for i, comp in enumerate(parts):
        last = i == len(parts) - 1
        if not comp or keep_rest or comp.endswith(":") or _known_component(comp):
            out.append(comp)
            keep_rest = keep_rest or comp.lower() in _LAYOUT_ROOTS
        else:
            out.append(_placeholder(comp, names, last=last))
    text = out[0]
    for sep, comp in zip(seps, out[1:], strict=True):
        text += sep + comp
    return text


def redact_paths(text: str, names: dict[str, str] | None = None) -> str:
    """``text`` with every absolute path's folder names outside known system and library
    locations replaced by placeholders (``dir1``, ``dir2``...; another file's name by
    ``file1.ext``), the same name by the same placeholder across ``names``.

    Kept: paths under system roots (``/usr``, ``/lib``, ``/etc``, ``/opt/conda/pkgs``,
    ``/opt/rocm``, ``C:\\Program Files``, ``C:\\Windows``...), layout words (``home``,
    ``user``, ``~``, ``lib``, ``bin``, ``envs``, ``.venv``, ``AppData``...), versions and
    versioned folders (``cuda-12.3``, ``v11.8``, ``python3.10``), names that name CUDA,
    cuDNN, NVIDIA or TensorFlow, library files (``libcudnn.so.8``, ``cudart64_110.dll``), and
    everything below ``site-packages``/``dist-packages`` (the package layout).  URLs and
    relative paths (``tensorflow/core/...``) are not touched.  Linear in ``len(text)``.

    Args:
        text: any text.
        names: the placeholders given so far (updated); a new map when ``None``. A
            :class:`PathNames` is used as it is; a plain dict is counted once per call.
    """
    if "/" not in text and "\\" not in text:
        return text
    table = names if isinstance(names, PathNames) else PathNames(names)
    out = _PATH_RE.sub(lambda m: _redact_path(m.group(0), table), text)
    if names is not None and names is not table:
        names.update(table)
    return out


def this_host(env: Mapping[str, str] | None = None) -> Redactor:
    """A :class:`Redactor` for the user and host tfgpu runs on.

    Reads ``HOME``/``USERPROFILE``, ``USER``/``LOGNAME``/``USERNAME`` and the login name
    (:func:`getpass.getuser`), the host name (:func:`socket.gethostname`, and ``HOSTNAME``,
    ``COMPUTERNAME``), never the network (no DNS look-up: the domain is taken from the
    host name when it is fully qualified).

    Args:
        env: the environment (default :data:`os.environ`).
    """
    env = os.environ if env is None else env
    users = {env.get(k, "") for k in ("USER", "LOGNAME", "USERNAME")}
    with contextlib.suppress(KeyError, OSError, ImportError):
        users.add(getpass.getuser())
    homes = {env.get(k, "") for k in ("HOME", "USERPROFILE")}
    # A home outside /home (``/data/alice``) still ends in the user's name.
    users |= {re.split(r"[/\\]", h.rstrip("/\\"))[-1] for h in homes if h.strip("/\\")}
    try:
        name = socket.gethostname()
    except OSError:
        name = ""
    hosts = {name, env.get("HOSTNAME", ""), env.get("COMPUTERNAME", "")}
    return for_names(users=users, homes=homes, hosts=hosts)


def snapshot_host(path: str) -> str | None:
    """The host name a facts snapshot's file name gives, or ``None``.

    The documented way to gather snapshots names each file after its host (``tfgpu facts
    -o /shared/facts/$(hostname).json``, docs/slurm.md; ``tfgpu fleet`` takes the file name
    without ``.json`` for the node's name), so a report of the snapshot made on another
    machine hides that name as this host's is hidden.  ``None`` for standard input
    (``-``), a name shorter than 3 characters, ``localhost``/``host``, and a word of letters of
    tfgpu's own text (:func:`tool_words`: ``facts.json``, ``snapshot.json``, ``gpu.json``),
    which hidden as a word would change the report's commands and messages, and a name
    no host has (no letter, other characters than letters, digits, ``-``, ``.``, ``_``).

    Args:
        path: the snapshot's path as given (``/shared/facts/gpunode07.json``).
    """
    name = re.split(r"[/\\]", path.rstrip("/\\"))[-1]
    stem = name[:-5] if name.lower().endswith(".json") else name
    if path.strip() == "-" or len(stem) < 3 or stem.lower() in ("localhost", HOST):
        return None
    # a host name's letters, digits, '-', '.' (and '_', which file names use for them),
    # with a letter: "2.21.json" names a version, not a host
    if not re.fullmatch(_NAME, stem) or not re.search(r"[A-Za-z]", stem):
        return None
    # a word of letters only: the host names of the knowledge's own examples (gpunode07)
    # are not words a report's commands need
    if re.fullmatch(r"[A-Za-z]+", stem) and stem.lower() in tool_words():
        return None
    return stem


def for_names(*, users: Iterable[str] = (), homes: Iterable[str] = (),
              hosts: Iterable[str] = ()) -> Redactor:
    """A :class:`Redactor` for these names (empty ones ignored); a fully-qualified host name
    adds its short name and its domain."""
    short: set[str] = set()
    domains: set[str] = set()
    for h in hosts:
        h = h.strip().rstrip(".")
        if not h:
            continue
        short.add(h)
        if "." in h and not h.replace(".", "").isdigit():
            first, _, dom = h.partition(".")
            short.add(first)
            domains.add(dom)
    return Redactor(
        users=tuple(sorted(u for u in users if u)),
        homes=tuple(sorted(h for h in homes if h and len(h) > 1)),
        hosts=tuple(sorted(short)),
        domains=tuple(sorted(domains)),
    )


__all__ = ["NoRedactor", "PathNames", "Redactor", "for_names", "redact_paths",
           "revealed_names", "snapshot_host", "this_host", "tool_words"]
