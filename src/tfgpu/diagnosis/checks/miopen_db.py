"""MIOpen (AMD's DNN library, which TensorFlow's ROCm build uses for convolutions) could not
use its SQLite databases: the folder that holds them is on a network filesystem, not
writable, full, or shared by several processes at once; or a database file is damaged.

Sources (ROCm/MIOpen at its rocm-3.5.0 ... rocm-6.2.0 tags and 2d1fd997, 2024-10):

* ``src/sqlite_db.cpp``: ``SQLite::ErrorMessage()`` is "Internal error while accessing SQLite
  database: " + ``sqlite3_errmsg()``; ``Retry`` throws "Timeout while waiting for Database:
  <file>" when SQLite stays busy.  The user databases are opened read-write (created when
  missing), the system ones read-only.
* ``src/ocl/convolutionocl.cpp``: each solver search (``FindWinogradSolutions``,
  ``FindDataDirectSolutions``...) catches the exception, logs it as a warning and returns no
  solution, so that family of kernels is skipped: convolutions run on the others (slower),
  and fail only when every family does.
* ``src/db_path.cpp.in``: the user performance/find databases live in ``~/.config/miopen/``
  unless the environment variable ``MIOPEN_USER_DB_PATH`` names another folder (read at run
  time since ROCm 3.x); from ROCm 5.7 (commit 0defc906, "Detect if $HOME resides on networked
  filesystem and use $TMP instead") MIOpen moves them to the temp folder by itself when the
  folder is on a network filesystem.  ``src/binary_cache.cpp``: the kernel cache (an SQLite
  file too) lives in ``~/.cache/miopen/<version>`` unless ``MIOPEN_CUSTOM_CACHE_DIR`` names
  another (from ROCm 4.0).
* ``docs/conceptual/perfdb.rst``: the User PerfDb ``miopen.udb``; after a MIOpen upgrade "we
  strongly recommend moving or deleting your old User PerfDb file".
* SQLite's messages (``sqlite3ErrStr``, src/main.c): SQLITE_IOERR "disk I/O error",
  SQLITE_BUSY "database is locked", SQLITE_CANTOPEN "unable to open database file",
  SQLITE_READONLY "attempt to write a readonly database", SQLITE_PERM "access permission
  denied", SQLITE_FULL "database or disk is full", SQLITE_PROTOCOL "locking protocol",
  SQLITE_CORRUPT "database disk image is malformed", SQLITE_NOTADB "file is not a database".
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding, Severity

#: SQLite's messages when the database's folder or file system cannot serve it (I/O, locks,
#: permissions, space): the folder is the fault.
_PLACE = ("disk I/O error", "database is locked", "database table is locked",
          "unable to open database file", "attempt to write a readonly database",
          "access permission denied", "database or disk is full", "locking protocol")
#: MIOpen's prefix of an exception that reached the caller ("MIOpen Error: ...", errors.hpp)
#: or of an error-level log line ("MIOpen(HIP): Error [...]", logger.hpp), not a warning.
_FATAL = re.compile(r"MIOpen Error\b|MIOpen\(\w{1,10}\): Error\b")
#: SQLite's messages for a damaged database file.
_DAMAGED = ("database disk image is malformed", "file is not a database")


def miopen_database_unusable(f: Facts) -> list[Finding]:
    """``miopen-user-db-on-unwritable-or-shared-filesystem``: MIOpen's SQLite error lines
    (pattern ``miopen.sqlite_error``) with one of SQLite's folder/file-system messages (or the
    busy timeout); ``miopen-database-damaged`` for a damaged-file message.  A warning when
    MIOpen logged them as warnings (it skipped those solvers and went on), an error when one
    reached the caller ("MIOpen Error: ...").  Other SQLite messages stay unknown.
    """
    hits = f.h("miopen.sqlite_error").all()
    place = [h for h in hits if h.g("file") or (h.g("msg") or "").strip() in _PLACE]
    damaged = [h for h in hits if (h.g("msg") or "").strip() in _DAMAGED]
    chosen = place or damaged
    if not chosen:
        return []
    first = chosen[0]
    message = ((first.g("msg") or "").strip()
               or f"timeout while waiting for {first.g('file')}")
    fatal = any(_FATAL.search(h.text) for h in chosen)
    severity = Severity.ERROR if fatal else Severity.WARNING
    searches = sorted({w for h in chosen if (w := h.g("func") or "")})
    where = (f" (in {', '.join(searches[:4])}{', ...' if len(searches) > 4 else ''})"
             if searches else "")
    effect = ("one reached the caller ('MIOpen Error'), so the operation failed"
              if fatal else "MIOpen logged them as warnings and skipped the solvers whose "
              "look-up failed, so convolutions run on the others: slower, not wrong")
    evidence = log_evidence(chosen[:2])
    if place:
        return [catalogue.make(
            "miopen-user-db-on-unwritable-or-shared-filesystem", message=message,
            where=where, effect=effect, severity=severity,
            evidence=evidence)]
    return [catalogue.make(
        "miopen-database-damaged", message=message, where=where,
        effect=effect, severity=severity, evidence=evidence)]

