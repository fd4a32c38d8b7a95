"""Compatibility knowledge: versioned data files (``data/*.toml``) and their loaders.

Every compatibility fact tfgpu uses is a row in one of the data files, with its
``source`` and ``retrieved`` date (``../shared/STYLE.md`` section 2).
"""

from __future__ import annotations

from importlib import resources

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib


def knowledge_version() -> str:
    """Return the knowledge version: the newest ``updated`` date of the data files.

    Reports name it so a diagnosis can be traced to the data it used.  Returns
    ``"none"`` when no data file is present (a broken install).
    """
    dates: list[str] = []
    for entry in resources.files("tfgpu.knowledge").joinpath("data").iterdir():
        if entry.name.endswith(".toml"):
            data = tomllib.loads(entry.read_text(encoding="utf-8"))
            if "updated" in data:
                dates.append(str(data["updated"]))
    return max(dates) if dates else "none"


class Knowledge:
    """All compatibility tables, loaded once (placeholder: filled by the knowledge layer)."""


def load_knowledge() -> Knowledge:
    """Load every data file (placeholder: filled by the knowledge layer)."""
    return Knowledge()
