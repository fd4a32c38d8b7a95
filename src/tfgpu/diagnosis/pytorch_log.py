"""A log that is PyTorch's alone (``Facts.other_framework`` is "PyTorch": a PyTorch line and
no TensorFlow line): TensorFlow's install page as the link and ``tfgpu doctor`` (a check of
the host for TensorFlow) as a fix line do not help there (new-user report 48 LOW 10).  Each
finding's tensorflow.org link becomes PyTorch's Get Started page (docs.toml
``pytorch-get-started``), and the ``tfgpu doctor`` fix line becomes the commands that show
the host's driver and what PyTorch itself sees (``torch.version.cuda``,
``torch.backends.cudnn.version()``, ``torch.cuda.is_available()``: PyTorch's public API).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from tfgpu.facts.view import Facts
from tfgpu.findings import Finding
from tfgpu.knowledge.docs import url

#: The fix line that replaces ``tfgpu doctor`` in a PyTorch log.
TORCH_CHECK = ("nvidia-smi; python -c \"import torch; print(torch.__version__, "
               "torch.version.cuda, torch.backends.cudnn.version(), "
               "torch.cuda.is_available())\"   # the driver, and the CUDA/cuDNN PyTorch was "
               "built with and whether it sees a GPU")


def pytorch_log_links(f: Facts, found: Sequence[Finding]) -> list[Finding]:
    """``found`` with PyTorch's link and check in place of TensorFlow's when the log is
    PyTorch's alone (see the module docstring); ``found`` as it is otherwise."""
    if f.other_framework != "PyTorch":
        return list(found)
    torch_url = url("pytorch-get-started")
    out = []
    for x in found:
        doc = torch_url if x.doc and "tensorflow.org" in x.doc else x.doc
        fix = tuple(TORCH_CHECK if line.startswith("tfgpu doctor") else line for line in x.fix)
        fix = tuple(dict.fromkeys(fix))  # one check line, however many doctor lines
        out.append(dataclasses.replace(x, doc=doc, fix=fix) if (doc, fix) != (x.doc, x.fix)
                   else x)
    return out


__all__ = ["TORCH_CHECK", "pytorch_log_links"]
