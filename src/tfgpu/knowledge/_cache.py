"""A cache of parsed knowledge tables in the user's cache folder.

Parsing the six TOML data files (~170 KB) with :mod:`tomllib` is the largest single cost
of ``tfgpu doctor --no-tf`` (~60 ms of CPU on an idle core, several times that on a busy
one).  The parsed document of each file is kept as JSON in the platform's user cache
folder, as ``platformdirs.user_cache_dir("tfgpu")`` names it, under ``knowledge/``:
``$XDG_CACHE_HOME/tfgpu/knowledge/`` on Linux (``~/.cache/tfgpu/knowledge/`` when
``XDG_CACHE_HOME`` is unset or not absolute), ``~/Library/Caches/tfgpu/knowledge/`` on
macOS, ``%LOCALAPPDATA%\\tfgpu\\Cache\\knowledge\\`` on Windows.  An entry holds the data
file's exact bytes, then their parse as JSON; it is served only when those bytes equal the
file's, so an edited or upgraded data file never meets a stale entry, whatever the entry's
name.  Entries are named after the file's size and CRC-32 only to find them (and to keep
other installs' entries apart); no cryptographic hash is needed, nor :mod:`hashlib` (~2 ms
of imports).  JSON decoding is done in C: reading a cached table costs about a millisecond.
The parse is stored in two parts, the header (every top-level value that is not a list:
``schema_version``, ``updated``, ``[sources]``...) and the row arrays, and a hit decodes the
rows on first use (:class:`CachedTable`): every command checks the nine tables' headers,
but a doctor run without a log reads the rows of a few (the 200 KB ``status_codes`` table
only serves logs).

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

import binascii
import contextlib
import datetime
import json
import os
import sys
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pathlib import Path

#: Bump when the JSON layout of an entry changes (it is part of every entry's name).
CACHE_FORMAT = "3"
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
    folder = cache_folder()
    if folder is None:
        return None
    from pathlib import Path  # imported here: a cache hit needs no pathlib (see load)

    return Path(folder)


def cache_folder() -> str | None:
    """:func:`cache_dir` as a plain path string (what :func:`load` reads with, so that a
    command whose tables are all cached never imports :mod:`pathlib`: ~2 ms)."""
    if os.environ.get(NO_CACHE_ENV):
        return None
    if _is_xdg_platform():
        base = _xdg_cache_home()
    else:
        try:  # macOS, Windows, Android: platformdirs knows their folders
            import platformdirs

            base = platformdirs.user_cache_dir("tfgpu", appauthor=False)
        except (ImportError, OSError, KeyError, RuntimeError):
            return None
    if not base or not os.path.isabs(base):
        return None
    return os.path.join(base, "knowledge")


def _is_xdg_platform() -> bool:
    """True where platformdirs follows the XDG base directory spec (its ``Unix`` class:
    Linux, the BSDs...): not Windows, macOS, iOS or Android."""
    return not (sys.platform in ("win32", "cygwin", "darwin", "ios", "android")
                or hasattr(sys, "getandroidapilevel") or "ANDROID_DATA" in os.environ)


def _xdg_cache_home() -> str | None:
    """``platformdirs.user_cache_dir("tfgpu")`` on an XDG platform, without importing
    platformdirs (~4 ms of every command: it imports :mod:`tempfile`, :mod:`shutil`,
    :mod:`random`): ``$XDG_CACHE_HOME/tfgpu`` when that variable is an absolute path
    (the spec: "a relative path ... should be considered invalid and ignored"), else
    ``$HOME/.cache/tfgpu``, with the home folder from the password database when
    ``HOME`` is unset or relative, as :func:`os.path.expanduser` and platformdirs do.
    ``None`` when no absolute folder results.  ``tests/knowledge/test_cache.py`` checks
    it against platformdirs for each of these cases.

    Source: https://specifications.freedesktop.org/basedir-spec/latest/
    """
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    if os.path.isabs(xdg):
        return os.path.join(xdg, "tfgpu")
    home = os.environ.get("HOME")
    if home is None or not os.path.isabs(home):
        try:
            import pwd

            home = pwd.getpwuid(os.getuid()).pw_dir
        except (ImportError, KeyError):
            return None
    base = home.rstrip("/") + "/.cache"
    return os.path.join(base, "tfgpu") if os.path.isabs(base) else None


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
    """File name of the entry for ``table`` whose data file holds ``content``: its size in
    bytes and CRC-32 (a name to find the entry by; :func:`load` compares the bytes)."""
    return f"{table}-v{CACHE_FORMAT}-{len(content)}-{binascii.crc32(content):08x}.json"


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


class CachedTable(Mapping[str, object]):
    """A cached parse (a read-only mapping equal to the TOML parse): the header is decoded
    at once, the row arrays (the top-level lists) on first use, then kept.

    Should the rows turn out corrupt (the header decoded, the rest did not), ``reparse`` is
    called for the whole parse instead (:func:`tfgpu.knowledge._load.parse_table` parses
    the data file again and rewrites the entry), so a broken entry is never an error.
    """

    __slots__ = ("_body", "_head", "_keys", "_raw", "_reparse", "_start")

    def __init__(self, keys: list[str], head: dict[str, object], raw: bytes, start: int,
                 reparse: Callable[[], Mapping[str, object]]) -> None:
        self._keys = keys
        self._head = head
        self._raw = raw
        self._start = start
        self._reparse = reparse
        self._body: Mapping[str, object] | None = None

    def _rows(self) -> Mapping[str, object]:
        body = self._body
        if body is None:
            try:
                decoded = json.loads(self._raw[self._start:].decode("utf-8"),
                                     object_hook=_decode)
            except (ValueError, TypeError):
                decoded = None
            listed = [k for k in self._keys if k not in self._head]
            if isinstance(decoded, dict) and sorted(decoded) == sorted(listed):
                body = decoded
            else:  # corrupt after a good header: parse the data file again
                body = self._reparse()
            self._body = body
        return body

    def __getitem__(self, key: str) -> object:
        if key in self._head:
            return self._head[key]
        if key not in self._keys:
            raise KeyError(key)
        return self._rows()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)

    def __repr__(self) -> str:
        return f"CachedTable({dict(self)!r})"


def load(table: str, content: bytes,
         reparse: Callable[[], Mapping[str, object]] | None = None) -> CachedTable | None:
    """The cached parse of ``table`` with exactly ``content``, or ``None`` (miss, off,
    unreadable or corrupt entry, or one made from other bytes).

    An entry is ``content``, then one line of JSON, ``[keys, header]`` (every top-level
    key in file order, and the values that are not lists), then the JSON of the lists
    (see :func:`store`); it is served only when it starts with ``content``, byte for byte.

    Args:
        table: the table's name (the data file's, without ``.toml``).
        content: the data file's bytes.
        reparse: gives the whole parse should the rows prove corrupt when first read
            (default: :func:`tfgpu.knowledge._load.parse_table`, which parses ``content``
            again and rewrites the entry).
    """
    folder = cache_folder()
    if folder is None:
        return None
    try:
        with open(os.path.join(folder, entry_name(table, content)), "rb") as fh:
            raw = fh.read()
        if not raw.startswith(content):
            return None  # made from other bytes (or a truncated entry): a miss
        end = raw.index(b"\n", len(content))  # JSON text has no raw newline
        keys, head = json.loads(raw[len(content):end].decode("utf-8"), object_hook=_decode)
    except (OSError, ValueError, TypeError):
        return None
    if not (isinstance(keys, list) and all(isinstance(k, str) for k in keys)
            and isinstance(head, dict) and set(head) <= set(keys)):
        return None
    if reparse is None:
        def reparse() -> Mapping[str, object]:
            from tfgpu.knowledge._load import parse_table  # _load imports this module

            return parse_table(table, content)
    return CachedTable(keys, head, raw, end + 1, reparse)


def store(table: str, content: bytes, data: dict[str, object]) -> bool:
    """Write the parse of ``table`` (``content``) atomically; remove its older entries.

    The entry is ``content`` itself, so that :func:`load` can tell that it was made from
    these exact bytes, then ``data`` as JSON (UTF-8) in two parts: a line with the keys and
    the header (the values that are not lists), then the lists.

    Returns:
        True when written; False when the cache is off, the folder is not writable, or
        ``data`` holds a value JSON cannot carry.  Never raises.
    """
    folder = cache_dir()
    if folder is None:
        return False
    name = entry_name(table, content)
    head = {k: v for k, v in data.items() if not isinstance(v, list)}
    rows = {k: v for k, v in data.items() if isinstance(v, list)}
    try:
        text = (json.dumps([list(data), head], default=_encode, separators=(",", ":"))
                + "\n" + json.dumps(rows, default=_encode, separators=(",", ":")))
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
        with os.fdopen(fd, "wb") as fh:
            fh.write(content)
            fh.write(text.encode("utf-8"))
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
