"""GPU marketing names -> lookup keys for ``gpu_compute_capability.toml``.

Names arrive in many spellings for one part: NVML/``nvidia-smi`` print
``"NVIDIA GeForce RTX 3060 Laptop GPU"``, ``"Tesla T4"``, ``"NVIDIA A100-SXM4-80GB"``,
``"NVIDIA H100 80GB HBM3"``, ``"Tesla P100-PCIE-16GB"``, ``"NVIDIA B300 SXM6 AC"``
(all from tests/fixtures/recorded), while NVIDIA's CC page writes ``"NVIDIA A100"``,
``"NVIDIA T4"``, ``"GeForce RTX 3060"``.  :func:`name_keys` reduces a name to the keys
it may be filed under, most specific first.  The ``nvidia-smi`` table truncates long
names (``"NVIDIA GeForce ..."``, ``"RTX 3060 ..."``); :func:`truncated_prefix` detects
that so the caller can refuse to guess.  ``lspci`` writes the chip and the marketing
name (``"NVIDIA Corporation GM204 [GeForce GTX 970]"``, ``"NVIDIA Corporation GA106
[GeForce RTX 3060 Lite Hash Rate] [10de:2504]"``): :func:`marketing_name` keeps the
bracketed marketing name.
"""

from __future__ import annotations

import re

#: Words that only say who made or sold the part.
_VENDOR_WORDS = ("nvidia", "geforce", "tesla", "quadro")
#: Trailing tokens that name a form factor, memory size or board variant, not a chip
#: with a different CC: ``SXM4``, ``PCIE``, ``80GB``, ``HBM3``, ``NVL``, ``AC`` (B300).
_SUFFIX_TOKEN = re.compile(r"^(sxm\d*|pcie|nvl|hbm\d*e?|\d+gb|ac|oem|dgx|mig)$")
_LAPTOP = re.compile(r"\blaptop gpu\b|\blaptop\b|\(notebook\)|\bnotebook\b|\bmobile\b")
_MAXQ = re.compile(r"\b(with )?max-q( design)?\b")
#: A bracketed group of an ``lspci`` line: ``[GeForce GTX 970]``, ``[10de:13c2]``.
_BRACKET = re.compile(r"\[([^\[\]]*)\]")
#: ``lspci -nn``'s vendor:device id (``10de:2504``) and class (``0300``): not names.
_PCI_ID = re.compile(r"^[0-9a-f]{4}(:[0-9a-f]{4})?$", re.IGNORECASE)
#: Board variants with the same chip and CC: ``Lite Hash Rate`` (RTX 30 LHR boards), ``LHR``,
#: and NVIDIA's own reference board of a GeForce model, ``Founders Edition`` (the same GPU
#: under NVIDIA's board name, as users write it).
_LHR = re.compile(r"\b(lite hash rate|lhr|founders edition)\b", re.IGNORECASE)
#: A series word typed against its model number (``RTX3090``, ``GTX1080``) and a model number
#: typed against its ``Ti``/``SUPER`` suffix (``2080Ti``, ``1660SUPER``), lower-cased: the
#: table writes them apart (``GeForce RTX 3090``, ``GeForce RTX 2080 Ti``).
_GLUED_SERIES = re.compile(r"\b(rtx|gtx|gts|gt|mx)(?=\d)")
_GLUED_SUFFIX = re.compile(r"(?<=\d)(ti|super)\b")
#: The board names nvidia-smi prints for the Kepler Tesla cards the table lists by model
#: (``Tesla K40m``, ``K40c``, ``K20Xm``, ``K20X``, ``K10.G1.8GB``: passive or active cooling,
#: OEM boards, the larger GK110 and the two K10 boards, each the model's chip and compute
#: capability): the model key (``k40``) is tried after the board's own.
_TESLA_K_BOARD = re.compile(r"^(k\d{2})(?:x?[mcst]|x|\.g\d\.\d+gb)$")
#: A remark in parentheses after a name (``(server)``, ``(6GB)``, the table's ``(DGX
#: Spark)``), not the laptop marker ``(notebook)``.
_REMARK = re.compile(r"\((?!notebook\))[^()]*\)")


def marketing_name(name: str) -> str:
    """Return the marketing name inside an ``lspci`` adapter name, else ``name``.

    ``lspci`` prints the vendor, the chip code name and the marketing name in brackets
    (pci.ids wording): ``"NVIDIA Corporation GM204 [GeForce GTX 970]"`` -> ``"GeForce
    GTX 970"``.  ``lspci -nn`` ids (``[10de:2504]``) are skipped; with several groups
    the last name is used (``"GA106 [GeForce RTX 3060 Lite Hash Rate] [10de:2504]"``).
    The ``Lite Hash Rate``/``LHR`` and ``Founders Edition`` board variants are dropped (same
    chip, same compute capability), so the result is ``"GeForce RTX 3060"``.
    """
    groups = [g.strip() for g in _BRACKET.findall(name)]
    names = [g for g in groups if g and not _PCI_ID.match(g)]
    text = names[-1] if names else _BRACKET.sub(
        lambda m: "" if _PCI_ID.match(m.group(1).strip()) else m.group(0), name
    )
    return " ".join(_LHR.sub(" ", text).split())


def truncated_prefix(name: str) -> str | None:
    """Return the visible part of a truncated ``nvidia-smi`` name, else ``None``.

    ``"NVIDIA GeForce RTX 3060 ..."`` -> ``"NVIDIA GeForce RTX 3060"``.
    """
    stripped = name.strip()
    for ellipsis in ("...", "\u2026"):
        if stripped.endswith(ellipsis):
            return stripped[: -len(ellipsis)].strip()
    return None


def _basic(name: str) -> str:
    text = name.lower().replace("\u2122", "").replace("(r)", "").replace("(tm)", "")
    text = _GLUED_SUFFIX.sub(r" \1", _GLUED_SERIES.sub(r"\1 ", text))
    return " ".join(text.split())


def _strip_vendor(key: str) -> str:
    words = [w for w in key.split() if w not in _VENDOR_WORDS]
    return " ".join(words)


def _strip_suffixes(key: str) -> str:
    # MIG instance names append "MIG 3g.40gb"; everything from "mig" on is the slice.
    words = key.replace("-", " ").split()
    if "mig" in words:
        words = words[: words.index("mig")]
    while words and _SUFFIX_TOKEN.match(words[-1]):
        words.pop()
    return " ".join(words)


def name_keys(name: str) -> tuple[str, ...]:
    """Return the lookup keys for ``name``, most specific first (no duplicates).

    Steps: keep the bracketed marketing name of an ``lspci`` name and drop ``Lite Hash
    Rate``/``LHR`` (:func:`marketing_name`); lower case, collapse spaces and part a series word
    or a ``Ti``/``SUPER`` suffix typed against the model number (``RTX3090``, ``2080Ti``); drop
    a remark in parentheses (``(server)``); mark laptop parts (``Laptop GPU``, ``(notebook)``,
    ``Max-Q``) with a trailing ``" laptop"``; drop vendor words (NVIDIA, GeForce, Tesla,
    Quadro); drop form-factor/memory suffixes (SXM4, PCIe, 80GB, HBM3, NVL, MIG slices). The
    caller tries each key in order.

    Example:
        ``"NVIDIA GeForce RTX 3060 Laptop GPU"`` -> ``("nvidia geforce rtx 3060 laptop gpu",
        "rtx 3060 laptop", ...)``.
    """
    base = _basic(marketing_name(name))
    keys: list[str] = [base]
    laptop = bool(_LAPTOP.search(base) or _MAXQ.search(base))
    core = _MAXQ.sub(" ", _LAPTOP.sub(" ", _REMARK.sub(" ", base)))
    core = _strip_suffixes(_strip_vendor(" ".join(core.split())))
    if laptop:
        keys.append(f"{core} laptop")
    keys.append(core)
    board = _TESLA_K_BOARD.match(core)
    if board is not None:
        keys.append(board.group(1))
    seen: set[str] = set()
    out: list[str] = []
    for k in keys:
        k = " ".join(k.split())
        if k and k not in seen:
            seen.add(k)
            out.append(k)
    return tuple(out)


def row_keys(name: str) -> tuple[str, ...]:
    """Keys a *table row* is filed under: its plain key and its reduced key.

    Desktop rows are filed under the reduced key; laptop rows under ``"<core> laptop"``
    (so a desktop query never lands on a laptop-only row by accident).
    """
    keys = name_keys(name)
    return keys[:2] if len(keys) > 1 else keys
