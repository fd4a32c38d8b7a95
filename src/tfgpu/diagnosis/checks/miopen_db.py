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
  and fail only when every family does.  The SQLite failure itself is logged first at
  MIOpen's error level ("MIOpen(HIP): Error [Exec] ...", logger.hpp), so that prefix is no
  failure: only a "MIOpen Error: ..." exception line (errors.hpp) or a crash after the lines is.
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

from tfgpu.diagnosis import catalogue
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding, Severity

#: SQLite's messages when the database's folder or file system cannot serve it (I/O, locks,
#: permissions, space): the folder is the fault.
_PLACE = ("disk I/O error", "database is locked", "database table is locked",
          "unable to open database file", "attempt to write a readonly database",
          "access permission denied", "database or disk is full", "locking protocol")
#: MIOpen's exception reaching the caller ("MIOpen Error: <file>:<line>: <message>",
#: errors.hpp): on the SQLite line itself (the exception's own text) or after it.  MIOpen's
#: error-level log prefix ("MIOpen(HIP): Error [Exec] ...", logger.hpp) is no such line: every
#: SQLite failure is logged with it before the solver search catches the exception.
_EXCEPTION = "MIOpen Error:"
#: SQLite's messages for a damaged database file.
_DAMAGED = ("database disk image is malformed", "file is not a database")


def _sqlite_message(text: str | None, known: tuple[str, ...]) -> str | None:
    """The SQLite message of ``known`` that ``text`` (the pattern's ``msg``) starts with; the
    reader may have joined the next line onto it (a crash line right after), so the message is
    read from its start, not as the whole rest of the line."""
    msg = (text or "").strip()
    return next((m for m in known if msg.startswith(m)), None)


def _what_followed(f: Facts, chosen: list[Hit]) -> tuple[str, Hit | None, bool]:
    """What the log shows after MIOpen's SQLite lines: ``(effect sentence, the line that
    shows the failure or None, failed)``.

    ``failed`` when MIOpen's exception reached the caller (a "MIOpen Error:" line, on the
    SQLite line or after it: pattern ``rocm.miopen_error``) or the process died after it
    (pattern ``tell.fatal``: a segmentation fault, an abort, a core dump); else the solver
    search caught it (convolutionocl.cpp) and the run went on."""
    first = min(h.line for h in chosen)
    # each log line of a hit on its own (a message the reader joined with the next lines,
    # Hit.parts, is not one line): the exception's own line, not a later one joined on
    raised = [(n, text, h) for h in chosen for n, text in (h.parts or ((h.line, h.text),))
              if _EXCEPTION in text]
    raised += [(h.line, h.text, h) for h in f.h("rocm.miopen_error").all() if h.line >= first]
    if raised:
        n, text, h = min(raised, key=lambda x: x[0])
        return (f"MIOpen's exception then reached the caller (line {n}: "
                f"'{text.strip()[:160]}'), so the operation failed", h, True)
    died = next((h for h in f.h("tell.fatal").all() if h.line > first), None)
    if died is not None:
        return (f"The process died after it (line {died.line}: '{died.text.strip()[:80]}'): "
                "MIOpen's failed database access is the first fault the log shows before the "
                "crash", died, True)
    return ("MIOpen logs each failed look-up at its own error level, then the solver search "
            "catches it and goes on without those solvers: convolutions run on the others, "
            "slower, not wrong; the log shows no 'MIOpen Error:' exception and no crash after "
            "it", None, False)


def miopen_database_unusable(f: Facts) -> list[Finding]:
    """``miopen-user-db-on-unwritable-or-shared-filesystem``: MIOpen's SQLite error lines
    (pattern ``miopen.sqlite_error``) with one of SQLite's folder/file-system messages (or the
    busy timeout); ``miopen-database-damaged`` for a damaged-file message.  A warning when
    nothing after them shows a failure (the solver search caught the exception and went on),
    an error when a "MIOpen Error:" exception reached the caller or the process died after
    them (:func:`_what_followed`).  Other SQLite messages stay unknown.
    """
    hits = f.h("miopen.sqlite_error").all()
    place = [h for h in hits if h.g("file") or _sqlite_message(h.g("msg"), _PLACE)]
    damaged = [h for h in hits if _sqlite_message(h.g("msg"), _DAMAGED)]
    chosen = place or damaged
    if not chosen:
        return []
    first = chosen[0]
    message = (_sqlite_message(first.g("msg"), _PLACE + _DAMAGED)
               or f"timeout while waiting for {first.g('file')}")
    effect, failure, fatal = _what_followed(f, chosen)
    severity = Severity.ERROR if fatal else Severity.WARNING
    searches = sorted({w for h in chosen if (w := h.g("func") or "")})
    where = (f" (in {', '.join(searches[:4])}{', ...' if len(searches) > 4 else ''})"
             if searches else "")
    evidence = log_evidence(chosen[:2], [failure] if failure is not None else [])
    if place:
        return [catalogue.make(
            "miopen-user-db-on-unwritable-or-shared-filesystem", message=message,
            where=where, effect=effect, severity=severity,
            evidence=evidence)]
    return [catalogue.make(
        "miopen-database-damaged", message=message, where=where,
        effect=effect, severity=severity, evidence=evidence)]
