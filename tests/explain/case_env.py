"""Turn a real case's ``env`` (free text per field) into :class:`HostFacts` for the engine."""

from __future__ import annotations

import re
from typing import Any

from tfgpu import facts as F
from tfgpu.facts.driver_text import nvidia_driver_version

_VER = re.compile(r"(\d+\.\d+(?:\.\d+)?)")
#: Just before a number: a requirement's comparison (PEP 440 ``>=``, ``<=``, ``<``, ``>``,
#: ``~=``, ``!=``; also with spaces, "needs >= 8.9.4"): the number is a bound, not the
#: version installed.  ``==`` (and ``===``) pins the version: that one is installed.
_BOUND = re.compile(r"(?:(?:[<>]=?|[~!]=)\s*|(?i:\b(?:greater|newer|older|later|earlier|"
                    r"higher|lower|less) than|\b(?:above|below|at least|at most|before|after"
                    r"|needs|requires)) "
                    r"(?i:(?:tensorflow|tf) )?)[vr]?$")


def _is_bound(text: str, start: int) -> bool:
    """Whether the number at ``start`` of ``text`` is a requirement's bound, in symbols
    (``>=2.10``) or words (``greater than 2.4``, ``older than TF 1.4``)."""
    return _BOUND.search(text[max(0, start - 24):start]) is not None


def _version(text: str | None) -> str | None:
    """The first version number of a case's free text that is not a bound (``8.8.0 (needs >=
    8.9.4)`` -> ``8.8.0``, ``< 8.3 vs >= 8.3 tested`` -> ``None``)."""
    t = text or ""
    return next((m.group(1) for m in _VER.finditer(t) if not _is_bound(t, m.start())), None)


#: A version or a series in a case's ``tf`` text: ``2.4.1``, ``1.15``, ``r1.13``, ``v0.1``,
#: ``1.x`` (group 1; not inside a word such as ``tensorflow2.1`` or ``cuda101``).
_TF_TOKEN = re.compile(r"(?<![\w.])[vr]?(\d+\.(?:x\b|\d+(?:\.\d+)?))")
#: Just before a number: the name of another component, whose version it is (``cuDNN 5.1``,
#: ``CUDA 12.0``, ``Keras 2.2``, ``@tensorflow/tfjs-node-gpu 1.2.4``, ``Distribution 1.8.0``,
#: ``Electron 7.1.7 (node 12.8.1)``).
_OTHER_COMPONENT = re.compile(
    r"(?i)\b(?:cuda|cudnn|nccl|cublas\w*|tensorrt|python|py|keras|driver|numpy|protobuf|gcc|"
    r"bazel|tfjs[\w-]*|distribution|deeplabcut|deepspeech|deepcell|spleeter|electron|node"
    # another hyphenated project name ("basic-pitch 0.2.4"), not a TensorFlow distribution
    r"|(?<![\w-])(?!tensorflow|tf-)[a-z][a-z0-9_]*-[a-z0-9_-]+)[\s:=v]*$")


def tf_version(text: str | None) -> str | None:
    """TensorFlow's version in a case's ``tf`` text, or ``None`` when it names none.

    The first version in the text that is not another component's (``cuDNN 5.1``,
    ``CUDA 12.0``: a number right after such a name is skipped) nor a requirement's bound
    (``tensorflow>=2.10``, ``<2.16``: what may be installed, not what is); when that first
    number is a series (``1.x``, ``tensorflow-gpu 1.x (... cuDNN 5.1)``), TensorFlow's
    version is not known and the later numbers are other components': ``None``.

    Args:
        text: the free text of a case's ``env["tf"]``.
    """
    t = text or ""
    # "1.14.0, later upgraded to 2.3": the release the upgrade installed is the one that ran
    upgraded = re.search(
        r"(?i)\bupgraded? to (?:tensorflow(?:-gpu)? |tf )?v?(\d+\.\d+(?:\.\d+)?)", t)
    if upgraded:
        return upgraded.group(1)
    for m in _TF_TOKEN.finditer(t):
        if _OTHER_COMPONENT.search(t[max(0, m.start() - 40):m.start()]):
            continue
        if _is_bound(t, m.start()):
            continue  # "tensorflow>=2.10", "< 2.4": what a requirement allows, not installed
        if int(m.group(1).split(".")[0]) > 2:
            continue  # no TensorFlow release has a major above 2: a tool's version
            #           ("Model Builder 16.2.0.2047901 ... (TF 2.3.x)")
        return None if m.group(1).endswith(".x") else m.group(1)
    return None


def _os(text: str | None) -> F.OSFacts:
    t = (text or "").lower()
    if "wsl" in t and not ("windows" in t and "native" in t):  # "native Windows; WSL2 unused"
        return F.OSFacts(system="Linux", name=text, is_wsl=True, wsl_version=2)
    if "windows" in t:
        return F.OSFacts(system="Windows", name=text)
    if "macos" in t or "mac os" in t:
        return F.OSFacts(system="Darwin", name=text)
    if any(w in t for w in ("linux", "ubuntu", "debian", "centos", "mint", "fedora")):
        return F.OSFacts(system="Linux", name=text)
    return F.OSFacts(system="unknown", name=text)


def _nvidia_model(text: str) -> bool:
    """Whether ``text`` names an NVIDIA model of tfgpu's GPU table, whole or in a window of
    one to three of its words ("AWS p3.8xlarge (V100)", "8x V100 16GB")."""
    from tfgpu.knowledge import load_knowledge

    k = load_knowledge()
    words = re.findall(r"[A-Za-z0-9][A-Za-z0-9.+-]*", text)
    spans = [text] + [" ".join(words[i:i + n]) for n in (3, 2, 1) for i in range(len(words))]
    return any(k.gpu_compute_capability(s) for s in spans if any(c.isdigit() for c in s))


#: A remark in parentheses after a GPU's name ("(Ampere)", "(8 GB)", "(cc 6.1)", "(laptop)").
_REMARK = re.compile(r"\s*\(([^()]*)\)")
#: A count before the name ("2x ", "4 x ", "8× ").
_COUNT = re.compile(r"^\s*\d{1,3}\s*[x\u00d7]\s+", re.IGNORECASE)
#: Remarks that are part of the model's name as the GPU table and NVML spell it: a laptop
#: part ("GeForce GTX 1080 (notebook)"), which the lookup reads.
_NAME_REMARK = re.compile(r"^(?:notebook|laptop|mobile|max-q)$", re.IGNORECASE)


def gpu_name(text: str) -> str:
    """The GPU's name as a probe reports it, from a case's free text: without a count before
    it ("2x ") and remarks in parentheses after it ("(Ampere)", "(8 GB)", "(cc 6.1)"), but a
    laptop remark kept ("(notebook)"); when the words outside the remarks name no model of
    the GPU table and a remark does ("AWS p3.8xlarge (V100)"), that remark."""
    base = _COUNT.sub("", text)
    kept = _REMARK.sub(lambda m: f" ({m.group(1)})" if _NAME_REMARK.match(m.group(1).strip())
                       else "", base)
    name = " ".join(kept.split())
    if not _nvidia_model(name) and not _vendor(name):
        named = [r.strip() for r in _REMARK.findall(base) if _nvidia_model(r.strip())]
        if named:
            return named[0]
    return name or text.strip()


def _vendor(text: str) -> str | None:
    """The GPU vendor ``text``'s words name (``"nvidia"``, ``"amd"``, ``"apple"``,
    ``"intel"``), or ``None``."""
    t = text.lower()
    if "amd" in t or "radeon" in t:
        return "amd"
    if any(w in t for w in ("nvidia", "geforce", "tesla", "rtx", "gtx", "quadro", "titan")):
        return "nvidia"
    if "apple" in t:
        return "apple"
    if re.search(r"\bintel\b", t):
        return "intel"
    return None


def _gpu(text: str) -> F.GPU | None:
    """The case's GPU (named as a probe names it, :func:`gpu_name`); ``None`` when its words
    name no vendor tfgpu knows (then the case says nothing about the host's GPU: unknown, not
    "no NVIDIA GPU").  A remark ("(no NVIDIA GPU)") names no vendor."""
    name = gpu_name(text)
    vendor = _vendor(name) or ("nvidia" if _nvidia_model(name) else None)
    if vendor is None:
        return None
    m = re.search(r"(?i:cc|compute capability)\s*(\d+\.\d+)", text)
    return F.GPU(
        index=0,
        vendor=vendor,
        name=name,
        compute_capability=m.group(1) if m else None,
        source="case",
    )


def facts_from_env(env: dict[str, Any] | None) -> F.HostFacts | None:
    """Return host facts for a case ``env``, or ``None`` when it says nothing."""
    if not env or not any(v for v in env.values()):
        return None
    dists: list[F.Distribution] = []
    tf_text = env.get("tf") or ""
    tf_v = tf_version(tf_text)
    if tf_v:
        named = re.search(r"(?i)\btensorflow-(gpu|rocm|macos|directml|intel)\b", tf_text)
        name = named.group(0).lower() if named else "tensorflow"
        dists.append(F.Distribution(name, tf_v))
    for key in ("numpy", "protobuf"):
        v = _version(env.get(key))
        if v:
            dists.append(F.Distribution(key, v))
    install = (env.get("install_method") or "").lower()
    python = F.PythonFacts(
        version=_version(env.get("python")) or "unknown",
        executable="python",
        conda_env="case-env" if "conda" in install else None,
        distributions=tuple(dists),
    )
    # "11.x", or a bare major first ("10", "10 (Colab runtime)", "9 (host)"): the major only
    if re.search(r"(?i)\b(?:rocm|hip)\b", env.get("cuda") or ""):
        env = {**env, "cuda": None}  # AMD's ROCm release in the CUDA field: no CUDA toolkit
    cuda_m = (re.search(r"\b(\d+)\.x\b", env.get("cuda") or "")
              or re.match(r"\s*(\d{1,2})(?![\d.])", env.get("cuda") or ""))
    # a bare major first wins over a dotted version later in the text, which names something
    # else ("11 installed on host; TF 1.14/1.15 wheels expect CUDA 10")
    lead = re.match(r"\s*(\d{1,2})(?![\d.])", env.get("cuda") or "")
    cuda_v = ((lead.group(1) if lead else None) or _version(env.get("cuda"))
              or (cuda_m.group(1) if cuda_m else None))
    cudnn_v = _version(env.get("cudnn")) or (re.match(r"\d+", env.get("cudnn") or "") or [None])[0]
    # the NVIDIA form, or Windows' display-driver form read as NVIDIA's (21.21.13.7651 ->
    # 376.51, facts/driver_text.py); anything else is unknown
    driver_v = nvidia_driver_version(env.get("driver"))
    return F.HostFacts(
        os=_os(env.get("os")),
        python=python,
        gpus=tuple(g for g in (_gpu(env.get("gpu") or ""),) if g is not None)
        if env.get("gpu") else (),
        driver=F.DriverFacts(status=F.ProbeStatus.OK, version=driver_v) if driver_v else None,
        toolkits=(F.CudaToolkit(root=None, version=cuda_v, source="case"),) if cuda_v else (),
        libraries=(F.SharedLibrary(name="cudnn", filename="", path="", version=cudnn_v),)
        if cudnn_v
        else (),
        tf=F.TFFacts(status=F.ProbeStatus.OK, version=tf_v) if tf_v else None,
    )
