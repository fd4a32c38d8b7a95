"""GPU marketing names -> lookup keys for ``gpu_compute_capability.toml``.

Names arrive in many spellings for one part: NVML/``nvidia-smi`` print
``"NVIDIA GeForce RTX 3060 Laptop GPU"``, ``"Tesla T4"``, ``"NVIDIA A100-SXM4-80GB"``,
``"NVIDIA H100 80GB HBM3"``, ``"Tesla P100-PCIE-16GB"``, ``"NVIDIA B300 SXM6 AC"``
(all from tests/fixtures/recorded), while NVIDIA's CC page writes ``"NVIDIA A100"``,
``"NVIDIA T4"``, ``"GeForce RTX 3060"``.  :func:`name_keys` reduces a name to the keys
it may be filed under, most specific first.  The ``nvidia-smi`` table truncates long
names (``"NVIDIA GeForce ..."``, ``"RTX 3060 ..."``); :func:`truncated_prefix` detects
that so the caller can refuse to guess.
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

    Steps: lower case and collapse spaces; mark laptop parts (``Laptop GPU``,
    ``(notebook)``, ``Max-Q``) with a trailing ``" laptop"``; drop vendor words
    (NVIDIA, GeForce, Tesla, Quadro); drop form-factor/memory suffixes (SXM4, PCIe,
    80GB, HBM3, NVL, MIG slices).  The caller tries each key in order.

    Example:
        ``"NVIDIA GeForce RTX 3060 Laptop GPU"`` -> ``("nvidia geforce rtx 3060 laptop gpu",
        "rtx 3060 laptop", ...)``.
    """
    base = _basic(name)
    keys: list[str] = [base]
    laptop = bool(_LAPTOP.search(base) or _MAXQ.search(base))
    core = _MAXQ.sub(" ", _LAPTOP.sub(" ", base))
    core = _strip_suffixes(_strip_vendor(" ".join(core.split())))
    if laptop:
        keys.append(f"{core} laptop")
    keys.append(core)
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
