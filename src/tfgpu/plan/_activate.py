"""Keep a plan's environment variables in a venv's ``bin/activate``, idempotently.

The system-CUDA route puts CUDA on ``PATH``/``LD_LIBRARY_PATH`` whenever the virtual
environment is activated.  tfgpu writes them as one marked block at the end of
``bin/activate`` that is *replaced* (never appended again) on every install into the
same environment, plus a marked restore hook at the top of the script's
``deactivate`` function, so ``deactivate`` gives back the variables' old values.
``PATH`` needs no hook: the venv's own ``deactivate`` restores the ``PATH`` it saved
before activation.

This module uses only the standard library and is also embedded, unchanged, in the
shell scripts ``tfgpu plan --format sh`` writes (run with the new venv's Python as
``python - ACTIVATE NAME=+VALUE ...``), so the script and ``tfgpu install`` edit the
file the same way.
"""

from __future__ import annotations

import re
import sys

BEGIN = "# >>> tfgpu environment (managed by tfgpu; replaced on every install) >>>"
END = "# <<< tfgpu environment <<<"
HOOK_BEGIN = "    # >>> tfgpu restore >>>"
HOOK_END = "    # <<< tfgpu restore <<<"
_DEACTIVATE = re.compile(r"^deactivate\s*\(\)\s*\{\s*$", re.MULTILINE)
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _q(value: str) -> str:
    """POSIX single quotes (the same result as :func:`shlex.quote` for non-trivial text)."""
    return "'" + value.replace("'", "'\"'\"'") + "'"


def parse_setting(text: str) -> tuple[str, str, bool]:
    """``"NAME=+VALUE"`` -> ``(NAME, VALUE, True)`` (prepend); ``"NAME=VALUE"`` -> replace.

    Raises:
        ValueError: no ``=`` or not a variable name.
    """
    name, sep, value = text.partition("=")
    if not sep or not _NAME.fullmatch(name):
        raise ValueError(f"not NAME=VALUE: {text!r}")
    if value.startswith("+"):
        return name, value[1:], True
    return name, value, False


def _strip(text: str, begin: str, end: str) -> str:
    out: list[str] = []
    skipping = False
    for line in text.splitlines(keepends=True):
        if line.rstrip("\n") == begin:
            skipping = True
            continue
        if skipping:
            if line.rstrip("\n") == end:
                skipping = False
            continue
        out.append(line)
    return "".join(out)


def update_activate(text: str, settings: list[tuple[str, str, bool]]) -> str:
    """Return ``text`` (a venv ``bin/activate``) with tfgpu's block and restore hook
    replaced by ones for ``settings`` (``(name, value, prepend)``).

    Applying it twice with the same settings gives the same text (idempotent).  An empty
    ``settings`` removes tfgpu's block and hook.
    """
    text = _strip(_strip(text, BEGIN, END), HOOK_BEGIN, HOOK_END)
    if not settings:
        return text
    saved = [n for n in dict.fromkeys(n for n, _, _ in settings) if n != "PATH"]
    block = [BEGIN]
    for name in saved:
        old = f"_TFGPU_OLD_{name}"
        block.append(f'if [ -z "${{{old}+x}}" ]; then {old}="${{{name}-}}"; fi')
    for name, value, prepend in settings:
        if prepend:
            block.append(f'export {name}={_q(value)}"${{{name}:+:${name}}}"')
        else:
            block.append(f"export {name}={_q(value)}")
    block.append(END)
    if not text.endswith("\n"):
        text += "\n"
    text += "\n".join(block) + "\n"
    if saved:
        hook = [HOOK_BEGIN]
        for name in saved:
            old = f"_TFGPU_OLD_{name}"
            hook += [
                f'    if [ -n "${{{old}+x}}" ]; then',
                f'        if [ -n "${old}" ]; then {name}="${old}"; export {name}; '
                f"else unset {name}; fi",
                f"        unset {old}",
                "    fi",
            ]
        hook.append(HOOK_END)
        m = _DEACTIVATE.search(text)
        if m is not None:
            text = text[: m.end()] + "\n" + "\n".join(hook) + text[m.end() :]
    return text


def main(argv: list[str]) -> int:
    """``python _activate.py ACTIVATE NAME=+VALUE ...``: update the file in place."""
    if not argv:
        print("usage: _activate.py ACTIVATE [NAME=+VALUE | NAME=VALUE]...", file=sys.stderr)
        return 2
    path, settings = argv[0], [parse_setting(a) for a in argv[1:]]
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    new = update_activate(text, settings)
    if new != text:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(new)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
