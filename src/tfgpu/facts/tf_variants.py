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

__all__ = ["TF_FOLDER_VARIANTS"]
