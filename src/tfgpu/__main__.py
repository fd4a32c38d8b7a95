"""``python -m tfgpu`` runs the command-line tool."""

from tfgpu.cli.main import entry

raise SystemExit(entry())
