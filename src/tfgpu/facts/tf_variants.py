"""The TensorFlow distributions that install one and the same ``tensorflow`` package folder.

``tensorflow``, ``tensorflow-cpu``, ``tensorflow-gpu`` and the ``tf-nightly`` trio each unpack
their files into ``site-packages/tensorflow``; two of them in one environment overwrite each
other's files, and pip tracks both (the ``tensorflow-variants-conflict`` finding; ``tfgpu
install`` refuses to add one beside another). Each name is the distribution pip lists.
"""

from __future__ import annotations

#: The distributions sharing the ``tensorflow`` package folder (canonical names).
TF_FOLDER_VARIANTS: tuple[str, ...] = (
    "tensorflow", "tensorflow-cpu", "tensorflow-gpu", "tf-nightly", "tf-nightly-cpu",
    "tf-nightly-gpu")

#: Every distribution whose wheel writes ``site-packages/tensorflow``: the variants above and
#: the vendor builds (AMD's tensorflow-rocm, Apple's tensorflow-macos, the aarch64 builds).
#: Not ``tensorflow-intel``: on Windows the ``tensorflow`` wheel depends on it, so it sits
#: beside ``tensorflow`` by design. Read by ``tfgpu install`` before it adds one.
TF_FOLDER_WRITERS: tuple[str, ...] = (
    *TF_FOLDER_VARIANTS, "tensorflow-rocm", "tensorflow-macos", "tensorflow-aarch64")

__all__ = ["TF_FOLDER_VARIANTS", "TF_FOLDER_WRITERS"]
