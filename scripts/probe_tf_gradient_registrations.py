"""Print the platform-fact row ``tf-gradient-registrations``: the first TensorFlow release, of
those read, whose Python sources register a gradient for each op type
(``@ops.RegisterGradient("<OpType>")`` anywhere under ``tensorflow/python`` or
``tensorflow_core/python``), read from unpacked TensorFlow wheels with no import of TensorFlow.

An op type whose gradient a later release registers fails ``tf.gradients`` / GradientTape on an
older one with "No gradient defined for operation ... (op type: X)"; one no release registers
is a custom op or an op TensorFlow does not differentiate (checks/tf_function_code.py).  Paste
the output over the row in src/tfgpu/knowledge/data/platform_facts.toml.

usage: python scripts/probe_tf_gradient_registrations.py 1.11.0=/path/to/unpacked/1.11.0 ...
(each path holds the wheel's ``tensorflow`` or ``tensorflow_core`` package folder)
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from _fact_row import print_items

#: A registration statement: a module-level decorator or call in column 0 (a docstring's
#: indented ``@tf.RegisterGradient("CustomSquare")`` example, or a commented-out one, is no
#: registration).
_REGISTER = re.compile(r"^@?(?:[\w.]+\.)?RegisterGradient\(\s*[\"']([A-Za-z0-9_]+)[\"']\s*\)",
                       re.MULTILINE)


def _key(version: str) -> tuple[int, ...]:
    return tuple(int(p) for p in version.split("."))


def _registered(root: Path) -> set[str]:
    """The op types whose gradient the Python sources under ``root`` register."""
    found: set[str] = set()
    for pkg in ("tensorflow", "tensorflow_core"):
        for path in (root / pkg / "python").rglob("*.py"):
            found.update(_REGISTER.findall(path.read_text(encoding="utf-8", errors="replace")))
    return found


def main() -> None:
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    releases = sorted((a.split("=", 1) for a in sys.argv[1:]), key=lambda vp: _key(vp[0]))
    first: dict[str, str] = {}
    for version, path in releases:
        for op in _registered(Path(path)):
            first.setdefault(op, version)
    oldest = releases[0][0]
    read = ", ".join(v for v, _ in releases)
    print('id = "tf-gradient-registrations"')
    print('title = "The op types whose gradient TensorFlow\'s Python sources register, with the '
          f'first release read that does (releases read: {read}; {oldest} means that release '
          'or an older one)"')
    print(f'oldest = "{oldest}"')
    print_items("since", [f"{op}:{v}" for op, v in sorted(first.items())])


if __name__ == "__main__":
    main()
