"""The version of tfgpu (one place; reports, snapshots and ``tfgpu --version`` read it)."""

__version__ = "0.1.0"
