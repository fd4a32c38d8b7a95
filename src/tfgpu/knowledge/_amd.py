"""AMD GPU names -> rows of ``amd_gpus.toml``, and the ROCm support verdict for a model.

Pure.  AMD's ROCm "System requirements (Linux)" page (source ``ROCM_LINUX_622`` of
``amd_gpus.toml``) lists the GPUs ROCm supports; "If a GPU is not listed on this table,
it's not officially supported by AMD".  tensorflow-rocm itself uses only GPUs whose gfx
target its build includes and ignores the rest at start-up ("Ignoring visible gpu device
... with AMDGPU version : gfx1031", platform fact ``tensorflow-rocm-targets``).  An
unofficial override exists for some RDNA2 targets (platform fact ``rocm-gfx-override``).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from tfgpu.knowledge._gpu_names import marketing_name
from tfgpu.knowledge._rows import AmdGpuRow, PlatformFact

#: The ROCm release whose Linux support list ``amd_gpus.toml`` transcribes (the release
#: the newest tensorflow-rocm wheels of platform fact ``amd-rocm`` are built for).
LIST_RELEASE = "6.2.2"

#: Words that name the maker or the product line, not the model.
_NOISE = {"amd", "ati", "radeon", "instinct", "graphics", "gpu", "series", "rx", "accelerator"}
_NOISE_RE = re.compile(r"\u2122|\u00ae|\(tm\)|\(r\)")
_MEMORY = re.compile(r"^\d+gb$")


def amd_name_key(name: str) -> str:
    """Reduce an AMD GPU name to its lookup key: the model's own tokens, joined.

    ``"AMD Radeon RX 7900 XTX"``, ``"Radeon RX 7900 XTX"``, ``"rx 7900xtx"`` and ``"7900
    XTX"`` -> ``"7900xtx"``; ``"AMD Instinct MI300X"`` -> ``"mi300x"``; ``"Radeon 780M
    Graphics"`` -> ``"780m"``; ``"Radeon PRO W7900"`` -> ``"w7900"``; ``"Radeon PRO VII"``
    -> ``"provii"`` (``PRO`` is kept only before ``VII``, which alone is the Radeon VII).
    An ``lspci`` name keeps its bracketed marketing name.  ``""`` when no model is left
    (``"AMD Radeon Graphics"``).
    """
    text = _NOISE_RE.sub(" ", marketing_name(name).lower()).replace("-", " ")
    words = [w for w in text.split() if w not in _NOISE and not _MEMORY.match(w)]
    out = [w for i, w in enumerate(words)
           if w != "pro" or (i + 1 < len(words) and words[i + 1] == "vii")]
    return "".join(out)


def find_amd_gpu(rows: tuple[AmdGpuRow, ...], name: str) -> AmdGpuRow | None:
    """The row whose key equals ``name``'s (:func:`amd_name_key`); for an ``lspci`` name
    of several models (``"Radeon RX 7900 XT/7900 XTX"``) the first part that matches."""
    index = {amd_name_key(r.name): r for r in rows}
    for part in marketing_name(name).split("/"):
        key = amd_name_key(part)
        if key and key in index:
            return index[key]
    return None


class RocmSupport(NamedTuple):
    """Whether ROCm's TensorFlow supports an AMD GPU, with the rows that say so.

    Attributes:
        status: ``"supported"`` / ``"deprecated"`` / ``"unsupported"`` (as AMD's Linux
            list marks the model), ``"unlisted"`` (a known model the list does not name),
            or ``"unknown"`` (a name tfgpu cannot match to a model).
        name: the name as given.
        row: the ``amd_gpus`` row, ``None`` for ``"unknown"``.
        tf_builds_target: the model's gfx target is among tensorflow-rocm's build
            targets (platform fact ``tensorflow-rocm-targets``); ``None`` when unknown.
        override: the unofficial environment setting for its target
            (``"HSA_OVERRIDE_GFX_VERSION=10.3.0"``, platform fact ``rocm-gfx-override``),
            ``None`` where no source documents one.
        refs: knowledge refs of the rows used.
        listed_targets: the gfx targets of the models AMD's list names as supported or
            deprecated (``("gfx942", "gfx90a", ...)``), for the ``"unknown"`` advice.
    """

    status: str
    name: str
    row: AmdGpuRow | None
    tf_builds_target: bool | None
    override: str | None
    refs: tuple[str, ...]
    listed_targets: tuple[str, ...] = ()

    @property
    def uses_rocm(self) -> bool:
        """AMD's list names the model as supported or deprecated: plan tensorflow-rocm."""
        return self.status in ("supported", "deprecated")

    def describe(self, *, hint: bool = True) -> str:
        """One sentence for a plan reason, a matrix message or a doctor cause.

        Args:
            hint: name ``tfgpu plan --route rocm`` where it may help (off inside a plan
                that already took that route).
        """
        route = ", then `tfgpu plan --route rocm`" if hint else ""
        listed = f"AMD's ROCm {LIST_RELEASE} Linux support list"
        r = self.row
        if r is None:
            return (f"{self.name!r} is not a model tfgpu finds on {listed}, so ROCm's "
                    "TensorFlow support is unknown (AMD: a GPU not on the list is not "
                    "officially supported); if `rocminfo | grep gfx` shows a listed target "
                    f"({', '.join(self.listed_targets)})" + (", run `tfgpu plan --route rocm`"
                                                        if hint else ""))
        what = f"{r.name} ({r.gfx}{', an integrated GPU' if r.segment == 'integrated' else ''})"
        if self.status == "supported":
            return f"{what} is on {listed}"
        if self.status == "deprecated":
            return (f"{what} is on {listed} as deprecated: it still works, but a future ROCm "
                    "release removes it")
        if self.status == "unsupported":
            return f"{what} is marked unsupported on {listed}: not supported by ROCm's TensorFlow"
        text = f"{what} is not on {listed}: not supported by ROCm's TensorFlow"
        if self.tf_builds_target:
            text += (f"; tensorflow-rocm's build includes {r.gfx}, so "
                     + ("`tfgpu plan --route rocm`" if hint else "it") + " may work, without "
                     "AMD's support")
        else:
            text += (f"; tensorflow-rocm ignores a {r.gfx} GPU at start-up (\"Ignoring "
                     f"visible gpu device ... with AMDGPU version : {r.gfx}\")")
        if self.override:
            text += (f"; unofficial and unsupported: `export {self.override}` makes ROCm "
                     f"treat the {r.gfx} GPU as gfx1030 (AMD: \"not an official "
                     "workaround\")" + route)
        return text


def listed_targets(rows: tuple[AmdGpuRow, ...]) -> tuple[str, ...]:
    """The gfx targets of ``rows`` (``amd_gpus.toml``) that AMD's ROCm :data:`LIST_RELEASE`
    Linux support list names as supported or deprecated, each once, in table order."""
    return tuple(dict.fromkeys(
        r.gfx for r in rows if r.linux_support in ("supported", "deprecated")))


def rocm_support(
    rows: tuple[AmdGpuRow, ...], targets: PlatformFact, override: PlatformFact, name: str
) -> RocmSupport:
    """The ROCm verdict for the AMD GPU ``name``.

    Args:
        rows: ``amd_gpus.toml`` rows.
        targets: platform fact ``tensorflow-rocm-targets`` (its ``targets`` list).
        override: platform fact ``rocm-gfx-override`` (``applies_to``, ``env``).
        name: the GPU name as a probe or a person wrote it.

    Raises:
        KnowledgeError: a platform fact lacks the values named above.
    """
    row = find_amd_gpu(rows, name)
    listed = listed_targets(rows)
    if row is None:
        return RocmSupport("unknown", name, None, None, None, (), listed)
    refs = [row.ref]
    builds = row.gfx in targets.items("targets")
    if row.linux_support in ("unlisted", "unsupported"):
        refs.append(targets.ref)
    env = None
    if row.linux_support == "unlisted" and row.gfx in override.items("applies_to"):
        env = override.value("env")
        refs.append(override.ref)
    return RocmSupport(row.linux_support, name, row, builds, env, tuple(refs), listed)


__all__ = ["LIST_RELEASE", "RocmSupport", "amd_name_key", "find_amd_gpu", "listed_targets",
           "rocm_support"]
