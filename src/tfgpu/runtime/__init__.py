"""What training code imports: ``tfgpu.setup()`` and the TensorBoard helpers.

Nothing here imports TensorFlow at import time; :func:`setup`,
:func:`tensorboard_callback` and :func:`float32_output` import it when called.
"""

from __future__ import annotations

from tfgpu.runtime._decide import Choice
from tfgpu.runtime._setup import (
    DevicesAlreadyInitializedError,
    SetupError,
    SetupResult,
    SetupTypeError,
    float32_output,
    output_layer_dtype,
    setup,
)
from tfgpu.runtime.tensorboard import ProfilerWarning, tensorboard_callback

__all__ = [
    "Choice",
    "DevicesAlreadyInitializedError",
    "ProfilerWarning",
    "SetupError",
    "SetupResult",
    "SetupTypeError",
    "float32_output",
    "output_layer_dtype",
    "setup",
    "tensorboard_callback",
]
