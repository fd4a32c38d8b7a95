"""Import TensorFlow on first use, with an install hint when it is missing."""

from __future__ import annotations

import importlib
from types import ModuleType


def import_tensorflow(caller: str) -> ModuleType:
    """Return the ``tensorflow`` module.

    Args:
        caller: the tfgpu function that needs it, for the message ("tfgpu.setup()").

    Raises:
        ImportError: TensorFlow is not installed in this Python (or fails to import); the
            message names the interpreter and how to install it.
    """
    try:
        return importlib.import_module("tensorflow")
    except ImportError as exc:
        import sys

        raise ImportError(
            f"{caller} needs TensorFlow, which this Python ({sys.executable}) cannot import "
            f"({exc}). Install it with `tfgpu install` (or `pip install "
            f"'tensorflow[and-cuda]'` on Linux with an NVIDIA GPU, `pip install tensorflow` "
            f"elsewhere), then run `tfgpu doctor`."
        ) from exc
