"""An NVIDIA card named in log text: the one spelling that the log pattern
``eco.nvidia_gpu_named`` (:mod:`tfgpu.logs.patterns`) and the host readings of
:mod:`tfgpu.facts.view` (a Jetson's on-chip GPU vs a card on the PCI bus) share, so that the
two cannot drift apart.

Pure (no I/O)."""

from __future__ import annotations

#: A card on the PCI bus named by brand or model: GeForce, Quadro, TITAN, RTX/GTX with a model
#: number (``RTX 3090``, ``rtx3060``, ``RTX A6000``), Tesla with a letter and number (``Tesla
#: V100``), and NVIDIA's data-centre names (``NVIDIA A100``, ``NVIDIA H100``, ``NVIDIA L4``,
#: ``NVIDIA T1000``). A Jetson's GPU is never named so (nvidia-smi and deviceQuery print "Orin"
#: or "NVIDIA Tegra X1"). An alternation without an outer group: wrap it before use.
NVIDIA_CARD = (r"GeForce|Quadro|TITAN|(?i:rtx) ?A?\d{3,4}|Tesla [A-Z]\d{1,3}"
               r"|NVIDIA [AHLT]\d{1,4}\b|(?i:gtx) ?\d{3,4}(?!\d)")
