"""TF-Hub's download cache holding a model folder without its SavedModel
(``tfhub-cache-incomplete``).

Source: tensorflow_hub ``module_v2.py`` ``load()`` raises "Trying to load a model of
incompatible/unknown type. '<path>' contains neither 'saved_model.pb' nor
'saved_model.pbtxt'." when the folder a handle resolved to has neither file; a handle from a
hosting site resolves into the download cache, ``<cache>/<sha1 of the handle>`` where the cache
is ``TFHUB_CACHE_DIR`` itself or, unset, ``os.path.join(tempfile.gettempdir(),
"tfhub_modules")`` (resolver.py ``tfhub_cache_dir``, ``_module_dir``: hashlib.sha1 of the
handle; TF-Hub's caching guide), and an existing folder there counts as cached
(tensorflow/hub#896: the OS cleaned the temporary folder's files and left the folder).
"""

from __future__ import annotations

import re
import shlex

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: A cache entry: the folder right under a ``tfhub_modules`` component of the path, or a
#: folder named by a SHA-1 (40 hex digits, the resolver's name for a handle's folder under a
#: TFHUB_CACHE_DIR of any name).
_ENTRY = re.compile(r"^(?P<entry>(?:.*[/\\])?tfhub_modules[/\\][^/\\]+|.*[/\\][0-9a-f]{40})"
                    r"(?:[/\\].*)?$")


def _quoted(path: str, windows: bool) -> str:
    """``path`` quoted for PowerShell (single quotes, doubled inside) or a POSIX shell."""
    return "'" + path.replace("'", "''") + "'" if windows else shlex.quote(path)


#: The last component of a path that is a file or folder inside a SavedModel
#: (saved_model.pb, saved_model.pbtxt, variables/, variables.index, variables.data-*,
#: fingerprint.pb): the loader appends saved_model.pb itself (tensorflow/python/saved_model/
#: loader_impl.py parse_saved_model: "SavedModel file does not exist at:
#: <dir>/{saved_model.pbtxt|saved_model.pb}"), so the user gave a file of the folder
#: (tensorflow/tensorflow#48670: "I needed to target to wrapping folder, not the file").
_INSIDE = re.compile(r"^(?P<folder>.*?\S)[/\\](?:saved_model\.pb(?:txt)?|fingerprint\.pb|variables"
                     r"(?:[/\\]variables)?(?:\.index|\.data-\d{5}-of-\d{5})?)[/\\]?$")


def _inside_savedmodel(path: str) -> str | None:
    """The SavedModel folder when ``path`` names a file or folder inside one
    (:data:`_INSIDE`), else None."""
    m = _INSIDE.match(path)
    return m.group("folder") if m else None


def tfhub_cache_incomplete(ctx: Facts) -> list[Finding]:
    """``tfhub-cache-incomplete`` for tensorflow_hub's "Trying to load a model of
    incompatible/unknown type" or TensorFlow's "SavedModel file does not exist at" (pattern
    ``tfhub.no_saved_model``; the first hit that names
    the folder, not the ``raise`` source line a traceback prints above it) naming a cache entry
    (:data:`_ENTRY`): delete that entry, never a folder above it, and keep the cache outside
    the OS's temporary folder with ``TFHUB_CACHE_DIR``; variant ``not-a-savedmodel`` (a
    warning, category unknown) for another folder; nothing when no folder is shown or a
    TensorFlow.js model is in view (tfjs reads its own model files)."""
    hits = [h for h in ctx.h("tfhub.no_saved_model").all()
            if h.g("path") or h.g("cut") or h.g("tfpath") or h.g("tfpath2")]
    if not hits or ctx.h("ctx.tfjs").count:
        return []
    h = hits[0]
    # a wrap, indented or not, inside the quoted folder
    path = re.sub(r"\s*\n\s*", "", h.g("path") or h.g("cut") or h.g("tfpath")
                  or h.g("tfpath2") or "").strip()
    m = _ENTRY.match(path)
    evidence = log_evidence([h])
    if len(path) > 2 and path[0] == path[-1] and path[0] in "'\"":
        # the quotes are part of the path: a notebook or a Windows shell passed them on
        return [catalogue.make("tfhub-cache-incomplete", variant="quoted-path", path=path,
                               evidence=evidence,
                               fix=(f"# give the folder without the quotes: {path[1:-1]} (a "
                                    "notebook's ! line and cmd.exe pass single quotes on; "
                                    "double quotes, or none, around a path without spaces)",))]
    if m is None and re.search(r"\.(?:h5|hdf5|keras)$", path, re.IGNORECASE):
        # tf.keras's load_model tries HDF5 only when h5py imports and h5py.is_hdf5(path) is
        # true (False for a missing file, and for one that is not HDF5), else it reads the
        # path as a SavedModel folder (tensorflow/python/keras/saving/save.py load_model, at
        # 0304934138cbfabd338ec432a630a9c3c1191564): so no file, a file that is not HDF5
        # (a Git LFS pointer, an HTML page, a truncated copy), or no h5py (ChessVisionBot#5:
        # the repository's own committed .h5)
        arg = f"r'{path}'" if "'" not in path else "'PATH'"
        return [catalogue.make(
            "input-path-not-found", variant="model-file", path=path, evidence=evidence,
            fix=(f"ls -l \"{path}\"   # (Windows: dir) no such file: the model was never "
                 "saved there, or the path is relative to another folder; a file of a few "
                 "hundred bytes: a Git LFS pointer (git lfs pull) or an HTML page, not the "
                 "model",
                 f"python -c \"import h5py; print(h5py.is_hdf5({arg}))\"   # False: "
                 "the file is not HDF5 (a partial or wrong download); ImportError: install "
                 "h5py into this Python"))]
    folder = _inside_savedmodel(path)
    if folder is not None:
        return [catalogue.make(
            "tfhub-cache-incomplete", variant="file-inside-savedmodel", path=path,
            folder=folder, evidence=evidence,
            fix=(f"# give the loader the folder {folder}, not a file inside it",))]
    if m is None:
        return [catalogue.make("tfhub-cache-incomplete", variant="not-a-savedmodel", path=path,
                               evidence=evidence)]
    entry = m.group("entry")
    windows = "\\" in entry or re.match(r"^[A-Za-z]:", entry) is not None
    delete = (f"Remove-Item -Recurse -Force {_quoted(entry, True)}" if windows
              else f"rm -rf {_quoted(entry, False)}")
    # (the caching guide's own example: export TFHUB_CACHE_DIR=$HOME/.cache/tfhub_modules)
    persistent = ('$env:TFHUB_CACHE_DIR = "$HOME\\.cache\\tfhub_modules"' if windows
                  else 'export TFHUB_CACHE_DIR="$HOME/.cache/tfhub_modules"')
    return [catalogue.make(
        "tfhub-cache-incomplete", path=path, evidence=evidence,
        fix=(f"{delete}   # this model's incomplete cache entry only: the next load downloads "
             "it again",
             f"{persistent}   # a cache outside the OS's temporary folder (no cleaning under it)"),
    )]


__all__ = ["tfhub_cache_incomplete"]
