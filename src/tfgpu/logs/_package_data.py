"""Reading one of tfgpu's own TOML data files from the installed package (the log reader's
word lists: ``signal_texts.toml``, ``kernel_deaths.toml``)."""

from __future__ import annotations

import sys
from importlib import resources

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10: the backport the package depends on
    import tomli as tomllib


def load_package_toml(parts: tuple[str, ...]) -> dict[str, object]:
    """The TOML file at ``parts`` under the ``tfgpu`` package, parsed (a dict as
    :mod:`tomllib` gives it).

    Args:
        parts: the path's components below the package (``("knowledge", "data", "x.toml")``).

    Raises:
        OSError: the package data file is missing (a broken install).
        tomllib.TOMLDecodeError: the file is not TOML.
    """
    path = resources.files("tfgpu")
    for part in parts:
        path = path.joinpath(part)
    data: dict[str, object] = tomllib.loads(path.read_text(encoding="utf-8"))
    return data


__all__ = ["load_package_toml"]
