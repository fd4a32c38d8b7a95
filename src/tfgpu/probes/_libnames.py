"""Deprecated name of :mod:`tfgpu.probes.libs_names`, kept only for
``diagnosis/checks/environment.py`` until the branch that removes its import of it is
merged (checks read facts, never probes; ``tests/test_architecture.py``).  Delete then."""

from tfgpu.probes.libs_names import classify

__all__ = ["classify"]
