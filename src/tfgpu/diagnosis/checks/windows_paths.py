"""Windows refusing a path TensorFlow's own file system opens, writes or renames: a path past
Windows' length limit, or a file another program holds open.

Sources: TensorFlow's Windows file system (tsl/platform/windows/windows_file_system.cc: the
messages "NewRandomAccessFile failed to Create/Open: <name> : ...", "Failed to create a
NewWriteableFile: <name> : ...", "Failed to rename: <src> to: <target> : ...", each followed by
Windows' own error text in the system's language); Microsoft's "Maximum Path Length
Limitation" (MAX_PATH is 260 characters, the drive, the folders, the file name and the ending
NUL together; a folder must leave room for an 8.3 file name, 248; longer paths need the
LongPathsEnabled setting and a program that declares itself long-path aware); MoveFileEx
fails with ERROR_ACCESS_DENIED ("Access is denied") when another process has the file open
without sharing it for deletion (TensorBoard reading the same folder, an antivirus scan, a
cloud-sync client).  A checkpoint save's own shard rename (``<prefix>_temp/part-...`` over
``<prefix>.data-...``, op MergeV2Checkpoints) refused the same way is most often the run
saving again over a prefix it wrote before, with no other program involved: a fixed
save_weights path each epoch, keras-tuner's trial checkpoints; a new name per save cured it
(tensorflow/tensorflow#41380, open: antivirus and sync clients off did not help).
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding
from tfgpu.knowledge import win32_errors

#: MAX_PATH (Microsoft's "Maximum Path Length Limitation").
MAX_PATH = 260
#: A relative path this long leaves fewer than 100 characters for the working folder before
#: MAX_PATH: "C:\Users\<name>\Documents\<project>\" alone takes 40 to 80.
_RELATIVE_LONG = 160

#: A Windows path: a drive letter or a backslash between names.
_WINDOWS_PATH = re.compile(r"^[A-Za-z]:[\\/]|\\")
#: The codes of a file another process holds: ERROR_ACCESS_DENIED (5, what MoveFileEx says
#: when the file is open without delete sharing) and ERROR_SHARING_VIOLATION (32), in every
#: language win32_errors.toml lists.
_HELD = (5, 32)
#: ERROR_FILENAME_EXCED_RANGE: "The filename or extension is too long."
_TOO_LONG = 206
#: The temporary shard of a checkpoint save that MergeV2Checkpoints renames over
#: <prefix>.data-*: "<prefix>_temp/part-00000-of-00001" (tensorflow/python/checkpoint/
#: functional_saver.py and training/saver.py: "_temp/part"; TF 1.x "_temp_<uuid>/part").
_MERGE_TEMP = re.compile(r"_temp(?:_[0-9a-f]{32})?[/\\]part-\d{5}-of-\d{5}")
#: "Access Denied" as pastes retype it (no "is", title case).
_DENIED = re.compile(r"[Aa]ccess (?:is )?[Dd]enied")


def _code(text: str) -> int | None:
    """The Windows error code whose message (English or localized, win32_errors.toml) the
    text after the path holds, or ``None``."""
    found = win32_errors.from_text(text)
    return found.code if found is not None else None


def too_long(ctx: Facts) -> list[tuple[Hit, str, str]]:
    """The lines of ``ctx``'s log where TensorFlow's Windows file system failed on a path too
    long for Windows, each as (hit, path, how): ``"absolute"`` at least :data:`MAX_PATH`
    characters, ``"relative"`` at least :data:`_RELATIVE_LONG` relative to the working
    folder, ``"said"`` any length when Windows said "The filename or extension is too long";
    never a rename, nor an access-denied or in-use error.
    Read by :func:`windows_path_too_long` and by checks/input_files.py (which leaves these
    lines to it)."""
    out: list[tuple[Hit, str, str]] = []
    for h in ctx.h("win.tf_file_error").all():
        if h.need("op") == "Failed to rename":
            continue
        path = h.need("path").strip()
        # (the message is Windows' file system's: a path with forward slashes counts on a
        # Windows host or log)
        if not _WINDOWS_PATH.search(path) and not ctx.windows:
            continue
        # (access denied or a file in use is not how a too-long path fails)
        code = _code(h.text.split(path, 1)[-1])
        if code in _HELD or _DENIED.search(h.text):
            continue
        absolute = re.match(r"^[A-Za-z]:[\\/]", path) is not None
        # Windows' own "The filename or extension is too long" (ERROR_FILENAME_EXCED_RANGE)
        # says so whatever the length shown
        said = code == _TOO_LONG
        if not said and absolute and len(path) < MAX_PATH:
            continue
        if not said and not absolute and len(path) < _RELATIVE_LONG:
            continue
        out.append((h, path, "said" if said else "absolute" if absolute else "relative"))
    return out


def windows_path_too_long(ctx: Facts) -> list[Finding]:
    """``windows-path-too-long``: the first of :func:`too_long`'s lines (variant
    ``relative`` is hedged: with the folder the program runs from, the path most likely passes
    the limit)."""
    found = too_long(ctx)
    if not found:
        return []
    h, path, how = found[0]
    return [catalogue.make(
        "windows-path-too-long",
        variant="windows-says" if how == "said" else "relative" if how == "relative" else None,
        n=str(len(path)), evidence=log_evidence([h]),
        fix=("# move the project to a short folder (C:\\proj) and shorten the run's folder "
             "names (an experiment folder named by every setting makes each checkpoint path "
             "long)",
             "# or enable long paths: Group Policy 'Enable Win32 long paths' or the registry's "
             "LongPathsEnabled = 1 (it helps only programs that declare themselves long-path "
             "aware)"))]


def windows_file_locked(ctx: Facts) -> list[Finding]:
    """``windows-file-in-use-by-another-program`` (pattern ``win.tf_file_error``): a rename
    ("Failed to rename") or a new file refused with Windows' "Access is denied" or "being used
    by another process" (win32_errors.toml's texts, localized ones included): another program
    holds the file open."""
    hits = [h for h in ctx.h("win.tf_file_error").all()
            if (h.need("op") == "Failed to rename" and _DENIED.search(h.text))
            or _code(h.text.split(h.need("path"), 1)[-1]) in _HELD]
    if not hits:
        return []
    h = hits[0]
    path = h.need("path").strip().split(", ")[0].rstrip(",")
    merge = [m for m in ctx.h("exhausted.file_op").all()
             if m.g("op") == "MergeV2Checkpoints" and 0 <= m.line - h.line <= 3]
    if _MERGE_TEMP.search(path) or merge:
        # TensorFlow's own shard rename of a checkpoint save (MergeV2Checkpoints): most
        # often the run saving over a prefix it wrote before (tensorflow/tensorflow#41380)
        return [catalogue.make(
            "windows-file-in-use-by-another-program", variant="checkpoint-merge", path=path,
            evidence=log_evidence([h], merge[:1]),
            fix=("# give each save its own checkpoint name (model.save_weights(f'ckpt/model_"
                 "{epoch}'), ModelCheckpoint(filepath='ckpt/model_{epoch:02d}')), or delete "
                 "the old <name>.index and <name>.data-* files before saving to the same name "
                 "again",
                 "# keep checkpoints in a local folder that OneDrive/Dropbox do not sync and "
                 "antivirus does not scan, with TensorBoard pointed at the log folder only: "
                 "another program holding the old files open refuses the same rename",
                 "# then save again"))]
    return [catalogue.make(
        "windows-file-in-use-by-another-program", path=path, evidence=log_evidence([h]),
        fix=("# write checkpoints to a folder no other program reads: a TensorBoard started on "
             "the same folder (its projector reads checkpoints) holds files open; close it or "
             "point it at the log folder only",
             "# exclude the folder from antivirus scans and from OneDrive/Dropbox sync, which "
             "open new files as they appear",
             "# then save again"))]


__all__ = ["too_long", "windows_file_locked", "windows_path_too_long"]
