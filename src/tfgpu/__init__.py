"""tfgpu: get TensorFlow running on a GPU, prove that it works, and make it fast.

The public API is what user training code imports (see :mod:`tfgpu.runtime`); the
command-line tool is ``tfgpu`` (:mod:`tfgpu.cli.main`).  Importing this package never
imports TensorFlow.
"""

from __future__ import annotations

__version__ = "0.1.0"

__all__ = ["__version__"]
