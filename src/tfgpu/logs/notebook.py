"""A saved Jupyter notebook (``.ipynb``) read as the log its cells printed.

A notebook file is JSON (nbformat 4: https://nbformat.readthedocs.io/en/latest/format_description.html,
"Code cell outputs"): each code cell's ``outputs`` list holds ``stream`` outputs (``name``
"stdout"/"stderr", ``text`` a string or a list of strings: TensorFlow's C++ log lines land
here), ``error`` outputs (``ename``, ``evalue`` and ``traceback``, the list of lines IPython
printed, with its ANSI colour codes) and ``execute_result``/``display_data`` outputs (their
``data["text/plain"]``).  Read as plain text, the JSON's quoting and escapes (``\\u001b``,
``"ename": ...``) end up in the evidence and the traceback is not one a reader can see; read
here, the outputs are the lines the user saw under the cells, in order.
"""

from __future__ import annotations

import json

#: Largest notebook read as a notebook, bytes (a bigger file is read as plain text, streamed).
#: The file's bytes and the parsed JSON (a base64 image output is one string as long as the
#: file) are both in memory while it is read, so this keeps explain's peak RSS under its
#: 100 MiB bound (measured: a 15 MiB notebook parsed here, 72 MiB peak RSS for the whole
#: command; a 60 MiB one near 200 MiB parsed, 37 MiB streamed as text).
MAX_NOTEBOOK_BYTES = 16 * 1024 * 1024


def _text(value: object) -> str:
    """nbformat's multi-line string: a string, or a list of strings to join as they are."""
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return "".join(v for v in value if isinstance(v, str))
    return ""


def _output_text(out: dict[str, object]) -> str:
    """The text one output showed under its cell ("" for an image or an unknown kind)."""
    kind = out.get("output_type")
    if kind == "stream":
        return _text(out.get("text"))
    if kind == "error":
        tb = out.get("traceback")
        lines = [t for t in tb if isinstance(t, str)] if isinstance(tb, list) else []
        if lines:
            return "\n".join(lines)
        return f"{out.get('ename', '')}: {out.get('evalue', '')}"
    if kind in ("execute_result", "display_data"):
        data = out.get("data")
        return _text(data.get("text/plain")) if isinstance(data, dict) else ""
    return ""


def notebook_log(raw: bytes) -> tuple[bytes, int] | None:
    """The outputs of a notebook's code cells as one log, and the number of cells with output.

    Args:
        raw: the file's bytes.

    Returns:
        ``(text, cells)``: every output's text in cell order, one output after another (each
        ends with a newline), UTF-8; ``None`` when ``raw`` is not a notebook (not JSON, no
        ``cells`` list, larger than :data:`MAX_NOTEBOOK_BYTES`): read it as plain text then.
    """
    if len(raw) > MAX_NOTEBOOK_BYTES:
        return None
    try:
        doc = json.loads(raw)
    except (ValueError, RecursionError):
        return None
    cells = doc.get("cells") if isinstance(doc, dict) else None
    if not isinstance(cells, list):
        return None
    parts: list[str] = []
    shown = 0
    for cell in cells:
        outputs = cell.get("outputs") if isinstance(cell, dict) else None
        if not isinstance(outputs, list):
            continue
        texts = [t for t in (_output_text(o) for o in outputs if isinstance(o, dict)) if t]
        if texts:
            shown += 1
        parts.extend(t if t.endswith("\n") else t + "\n" for t in texts)
    return "".join(parts).encode("utf-8", "replace"), shown
