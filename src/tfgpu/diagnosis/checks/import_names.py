"""An import statement that names a pip distribution: ``import tensorflow-gpu as tf``.

Python's grammar allows no hyphen in a module name, so CPython stops at the statement with
"SyntaxError: invalid syntax" (the caret under the hyphen).  A distribution's name on the
package index is not its import name: every TensorFlow distribution (tensorflow-gpu,
tensorflow-cpu, tf-nightly, ...; platform fact ``tf-distributions``) installs the module
``tensorflow``, and the add-ons install theirs with underscores (tensorflow-addons ->
``tensorflow_addons``, the add-on table of :mod:`._addon_frames`).
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.diagnosis.checks._addon_frames import ADDON_DISTS
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: How far below the import statement CPython's "SyntaxError: invalid syntax" stands (the
#: statement echoed, the caret line, then the error).
_BELOW = 4


def _module(f: Facts, dist: str) -> str | None:
    """The import name of the TensorFlow distribution or add-on ``dist`` (normalised), else
    ``None``: not one of TensorFlow's."""
    if c.is_tf_distribution(f, dist):
        return "tensorflow"
    return next((mod for mod, name in ADDON_DISTS.items() if name == dist), None)


def import_uses_distribution_name(f: Facts) -> list[Finding]:
    """``import-uses-pip-distribution-name``: an ``import``/``from`` statement naming a
    TensorFlow distribution or add-on by its hyphenated pip name (pattern
    ``py.import_hyphen``) with CPython's "SyntaxError: invalid syntax" at most
    :data:`_BELOW` lines under it (``py.syntax_error``).

    Raises:
        KnowledgeError: platform fact ``tf-distributions`` lost its list.
    """
    errors = f.h("py.syntax_error").all()
    for h in f.h("py.import_hyphen").all():
        dist = c.dist_key(h.need("dist"))
        module = _module(f, dist)
        below = [e for e in errors if 0 < e.line - h.line <= _BELOW]
        if module is not None and below:
            return [catalogue.make(
                "import-uses-pip-distribution-name", dist=dist, module=module,
                evidence=log_evidence([h], below[:1]),
                fix=(f"import {module}" + (" as tf" if module == "tensorflow" else "")
                     + f"   # the module {dist} installs",),
            )]
    return []


__all__ = ["import_uses_distribution_name"]
