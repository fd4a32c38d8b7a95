"""The layout is the architecture: imports flow one way (STYLE.md section 1)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src" / "tfgpu"

#: package -> packages it must never import
FORBIDDEN = {
    "diagnosis": ("tfgpu.report", "tfgpu.cli", "tfgpu.explain", "tfgpu.logs.engine",
                  "tfgpu.logs.reader", "tfgpu.logs.patterns", "tfgpu.plan", "tfgpu.bench"),
    "explain": ("tfgpu.report", "tfgpu.cli"),
    "knowledge": ("tfgpu.report", "tfgpu.cli", "tfgpu.diagnosis", "tfgpu.probes"),
    "probes": ("tfgpu.report", "tfgpu.cli", "tfgpu.diagnosis"),
    "report": ("tfgpu.cli", "tfgpu.probes", "tfgpu.diagnosis.checks"),
    "plan": ("tfgpu.cli", "tfgpu.report"),
    "bench": ("tfgpu.cli", "tfgpu.report"),
    "runtime": ("tfgpu.cli", "tfgpu.report", "tfgpu.diagnosis"),
    # A log is facts: logs/ turns text into LogFacts and knows nothing of findings.
    "logs": ("tfgpu.report", "tfgpu.cli", "tfgpu.explain", "tfgpu.findings", "tfgpu.diagnosis",
             "tfgpu.knowledge", "tfgpu.probes"),
    "facts": ("tfgpu.report", "tfgpu.cli", "tfgpu.explain", "tfgpu.probes", "tfgpu.diagnosis",
              "tfgpu.logs"),
}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_imports_flow_one_way(package: str) -> None:
    bad = []
    for path in (SRC / package).rglob("*.py"):
        for name in _imports(path):
            if any(name == f or name.startswith(f + ".") for f in FORBIDDEN[package]):
                bad.append(f"{path.relative_to(SRC)} imports {name}")
    assert not bad, bad


def test_help_does_not_import_tensorflow() -> None:
    code = (
        "import sys, contextlib, io\n"
        "from tfgpu.cli.main import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    rc = main(['--help'])\n"
        "assert rc == 0, rc\n"
        "assert 'tensorflow' not in sys.modules\n"
        "print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={"PYTHONPATH": str(SRC.parent)}, timeout=60)
    assert out.stdout.strip() == "ok", out.stderr


def test_doctor_json_does_not_import_rich() -> None:
    """``--json`` output is one document: the terminal renderer (about 0.2 s of imports)
    is never loaded, not even by the background pre-import."""
    code = (
        "import sys, contextlib, io, threading\n"
        "from tfgpu.cli.main import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['doctor', '--no-tf', '--json'])\n"
        "for t in threading.enumerate():\n"
        "    if t.name == 'tfgpu-prewarm':\n"
        "        t.join(30)\n"
        "print(sorted(m for m in sys.modules if m == 'rich' or m.startswith('rich.')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={"PYTHONPATH": str(SRC.parent), "PATH": "/usr/bin:/bin"},
                         timeout=60)
    assert out.stdout.strip() == "[]", (out.stdout, out.stderr)
