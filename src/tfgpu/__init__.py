"""tfgpu: get TensorFlow running on a GPU, prove that it works, and make it fast.

The public API is what user training code imports (see :mod:`tfgpu.runtime`); the
command-line tool is ``tfgpu`` (:mod:`tfgpu.cli.main`).  Importing this package never
imports TensorFlow.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # static types for the lazy exports below; never run
    from tfgpu.runtime import (
        Choice,
        DevicesAlreadyInitializedError,
        ProfilerWarning,
        SetupError,
        SetupResult,
        SetupTypeError,
        float32_output,
        output_layer_dtype,
        setup,
        tensorboard_callback,
    )

from tfgpu._version import __version__

__all__ = [
    "Choice",
    "DevicesAlreadyInitializedError",
    "ProfilerWarning",
    "SetupError",
    "SetupResult",
    "SetupTypeError",
    "__version__",
    "float32_output",
    "output_layer_dtype",
    "setup",
    "tensorboard_callback",
]

#: Public names served lazily from :mod:`tfgpu.runtime` (module ``__getattr__``, PEP 562),
#: so ``import tfgpu`` and ``tfgpu --help`` stay fast and TensorFlow-free.
_RUNTIME_EXPORTS = frozenset(__all__) - {"__version__"}


def __getattr__(name: str) -> object:
    if name in _RUNTIME_EXPORTS:
        from tfgpu import runtime

        return getattr(runtime, name)
    raise AttributeError(f"module 'tfgpu' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | _RUNTIME_EXPORTS)
