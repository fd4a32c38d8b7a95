"""TF-Hub's download cache holding a model folder without its SavedModel
(``tfhub-cache-incomplete``).

Source: tensorflow_hub ``module_v2.py`` ``load()`` raises "Trying to load a model of
incompatible/unknown type. '<path>' contains neither 'saved_model.pb' nor
'saved_model.pbtxt'." when the folder a handle resolved to has neither file; a handle from a
hosting site resolves into the download cache, ``<cache>/tfhub_modules/<hash>`` (TF-Hub's
caching guide: ``os.path.join(tempfile.gettempdir(), "tfhub_modules")`` unless
``TFHUB_CACHE_DIR`` is set), and an existing folder there counts as cached
(tensorflow/hub#896: the OS cleaned the temporary folder's files and left the folder).
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: The download cache's folder in a path, with the model's hash folder after it.
_CACHE = re.compile(r"^(?P<cache>.*?[/\\]tfhub_modules)(?:[/\\](?P<hash>[0-9a-f]{6,64}))?")


def tfhub_cache_incomplete(ctx: Facts) -> list[Finding]:
    """``tfhub-cache-incomplete`` for tensorflow_hub's "Trying to load a model of
    incompatible/unknown type" (pattern ``tfhub.no_saved_model``) naming a folder under
    ``tfhub_modules``: delete that folder (the cache entry) and load again, with
    ``TFHUB_CACHE_DIR`` outside the OS's temporary folder; variant ``not-a-savedmodel`` (a
    warning, category unknown) for another path; nothing when the path is not shown."""
    hits = ctx.h("tfhub.no_saved_model").all()
    if not hits:
        return []
    h = hits[0]
    path = (h.g("path") or h.g("cut") or "").replace("\n", "").strip()
    if not path:
        return []
    m = _CACHE.match(path)
    evidence = log_evidence(hits[:1])
    if m is None:
        return [catalogue.make("tfhub-cache-incomplete", variant="not-a-savedmodel", path=path,
                               evidence=evidence)]
    folder = path if m.group("hash") else m.group("cache")
    windows = "\\" in path or re.match(r"^[A-Za-z]:", path) is not None
    delete = (f'Remove-Item -Recurse -Force "{folder}"' if windows
              else f'rm -rf "{folder}"')
    # (the caching guide's own example: export TFHUB_CACHE_DIR=$HOME/.cache/tfhub_modules)
    persistent = ('$env:TFHUB_CACHE_DIR = "$HOME\\.cache\\tfhub_modules"' if windows
                  else 'export TFHUB_CACHE_DIR="$HOME/.cache/tfhub_modules"')
    return [catalogue.make(
        "tfhub-cache-incomplete", path=path, evidence=evidence,
        fix=(f"{delete}   # the incomplete cache entry: the next load downloads it again",
             f"{persistent}   # a cache outside the OS's temporary folder (no cleaning under it)"),
    )]


__all__ = ["tfhub_cache_incomplete"]
