"""Errors that commands raise for the one top-level handler (:func:`tfgpu.cli.main.main`)."""

from __future__ import annotations


class UsageError(Exception):
    """Bad command-line input or an unreadable input file (exit code 2)."""
