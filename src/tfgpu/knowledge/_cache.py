"""A cache of parsed knowledge tables in the user's cache folder.

Parsing the six TOML data files (~170 KB) with :mod:`tomllib` is the largest single cost
of ``tfgpu doctor --no-tf`` (~60 ms of CPU on an idle core, several times that on a busy
one).  The parsed document of each file is kept as JSON in the platform's user cache
folder, as ``platformdirs.user_cache_dir("tfgpu")`` names it, under ``knowledge/``:
``$XDG_CACHE_HOME/tfgpu/knowledge/`` on Linux (``~/.cache/tfgpu/knowledge/`` when
``XDG_CACHE_HOME`` is unset or not absolute), ``~/Library/Caches/tfgpu/knowledge/`` on
macOS, ``%LOCALAPPDATA%\\tfgpu\\Cache\\knowledge\\`` on Windows.  Entries are named after
the SHA-256 of the file's bytes, so an edited or upgraded data file never meets a stale
entry.  JSON decoding is
done in C: reading a cached table costs about a millisecond.

The cache is an optimisation only.  An unreadable, corrupt or unwritable cache is
ignored (the file is parsed as before); entries are written atomically (temporary file,
then :func:`os.replace`), so a concurrent reader sees the old entry, the new one, or
none; the newest :data:`KEEP_ENTRIES` entries of each table are kept (other installs').
``TFGPU_NO_CACHE=1`` turns it off.  The home folder is never created: when ``HOME`` names
a folder that does not exist (a service account, a container), nothing is written
(before, tfgpu created that folder, as root at ``/``).  Folders it creates are private
(mode 0700, as the XDG base directory spec asks).
"""

from __future__ import annotations

import contextlib
import datetime
import hashlib
import json
import os
from pathlib import Path
from typing import Any

#: Bump when the JSON layout of an entry changes (it is part of every entry's name).
CACHE_FORMAT = "1"
#: Entries kept per table (this one and the newest others): other installs' data files.
KEEP_ENTRIES = 4
#: Environment variable that turns the cache off when set to a non-empty value.
NO_CACHE_ENV = "TFGPU_NO_CACHE"
_DATE = "__tfgpu_toml_date__"
_DATETIME = "__tfgpu_toml_datetime__"


def cache_dir() -> Path | None:
    """The folder of cached tables, or ``None`` when the cache is turned off.

    ``platformdirs.user_cache_dir("tfgpu", appauthor=False) / "knowledge"``: on Linux
    ``$XDG_CACHE_HOME/tfgpu/knowledge`` when that variable is an absolute path (the XDG
    base directory rule), else ``~/.cache/tfgpu/knowledge``.  ``None`` when
    ``TFGPU_NO_CACHE`` is set or no cache folder is known.
    """
    if os.environ.get(NO_CACHE_ENV):
        return None
    try:
        import platformdirs

        base = platformdirs.user_cache_dir("tfgpu", appauthor=False)
    except (ImportError, OSError, KeyError, RuntimeError):
        return None
    if not base or not os.path.isabs(base):
        return None
    return Path(base, "knowledge")


def may_create(folder: Path) -> bool:
    """True when ``folder`` may be created: never when that would create the home folder
    (``HOME`` names a folder that does not exist), or anything inside it."""
    home = os.path.expanduser("~")
    if home == "~" or not home:
        return True
    try:
        folder.relative_to(home)
    except ValueError:
        return True  # outside the home folder (an absolute $XDG_CACHE_HOME elsewhere)
    return os.path.isdir(home)


def entry_name(table: str, content: bytes) -> str:
    """File name of the entry for ``table`` whose data file holds ``content``."""
    digest = hashlib.sha256(content).hexdigest()[:32]
    return f"{table}-v{CACHE_FORMAT}-{digest}.json"


def _encode(value: object) -> object:
    # json.dumps' default=: the only non-JSON values tomllib gives our files are dates.
    if isinstance(value, datetime.datetime):
        return {_DATETIME: value.isoformat()}
    if isinstance(value, datetime.date):
        return {_DATE: value.isoformat()}
    raise TypeError(f"{type(value).__name__} cannot be cached")


def _decode(obj: dict[str, Any]) -> object:
    if len(obj) == 1:
        if _DATE in obj:
            return datetime.date.fromisoformat(obj[_DATE])
        if _DATETIME in obj:
            return datetime.datetime.fromisoformat(obj[_DATETIME])
    return obj


def load(table: str, content: bytes) -> dict[str, object] | None:
    """The cached parse of ``table`` with exactly ``content``, or ``None`` (miss, off,
    unreadable or corrupt entry)."""
    folder = cache_dir()
    if folder is None:
        return None
    try:
        text = (folder / entry_name(table, content)).read_text(encoding="utf-8")
        data = json.loads(text, object_hook=_decode)
    except (OSError, ValueError, TypeError):
        return None
    return data if isinstance(data, dict) else None


def store(table: str, content: bytes, data: dict[str, object]) -> bool:
    """Write the parse of ``table`` (``content``) atomically; remove its older entries.

    Returns:
        True when written; False when the cache is off, the folder is not writable, or
        ``data`` holds a value JSON cannot carry.  Never raises.
    """
    folder = cache_dir()
    if folder is None:
        return False
    name = entry_name(table, content)
    try:
        text = json.dumps(data, default=_encode, separators=(",", ":"))
    except (TypeError, ValueError):
        return False
    import tempfile  # only a miss writes

    tmp = None
    # os.path.isdir, not Path.is_dir: the latter raises PermissionError where a folder
    # above is not searchable by this user (the cache is then skipped, issue 11).
    if not os.path.isdir(folder) and not may_create(folder):
        return False
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{table}-", suffix=".tmp", dir=folder)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, folder / name)
        tmp = None
        # Keep the newest few entries of the table, not only this one: two installs (or
        # checkouts) side by side would otherwise evict each other on every run.
        olds = sorted((e for e in folder.glob(f"{table}-v*.json") if e.name != name),
                      key=lambda e: e.stat().st_mtime, reverse=True)
        for old in olds[KEEP_ENTRIES - 1:]:
            old.unlink(missing_ok=True)
    except OSError:
        return False
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
    return True
