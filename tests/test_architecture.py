"""The layout is the architecture: imports flow one way (STYLE.md section 1).

The never-edges of ``shared/design/one-diagnosis.md``: diagnosis never reads log internals
(only :mod:`tfgpu.logs`' face and :mod:`tfgpu.facts`), checks never import probes (they read
facts), report renders and loads no knowledge, cli uses other packages' public modules only
(no ``_private`` one), plan never imports bench, and commands never import each other.
Imports under ``if TYPE_CHECKING:`` are annotations, not edges: they are not counted.
"""

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
    "diagnosis/checks": ("tfgpu.probes",),
    "report": ("tfgpu.cli", "tfgpu.probes", "tfgpu.diagnosis", "tfgpu.knowledge"),
    "plan": ("tfgpu.cli", "tfgpu.report", "tfgpu.bench"),
    "bench": ("tfgpu.cli", "tfgpu.report"),
    "verify": ("tfgpu.cli", "tfgpu.report", "tfgpu.bench", "tfgpu.plan"),
    "runtime": ("tfgpu.cli", "tfgpu.report", "tfgpu.diagnosis"),
    # A log is facts: logs/ turns text into LogFacts and knows nothing of findings.
    "logs": ("tfgpu.report", "tfgpu.cli", "tfgpu.explain", "tfgpu.findings", "tfgpu.diagnosis",
             "tfgpu.knowledge", "tfgpu.probes"),
    "facts": ("tfgpu.report", "tfgpu.cli", "tfgpu.explain", "tfgpu.probes", "tfgpu.diagnosis",
              "tfgpu.logs"),
    # fleet (issue 13): collects snapshots and compares them; renders and parses no CLI.
    "fleet": ("tfgpu.report", "tfgpu.cli", "tfgpu.probes", "tfgpu.explain"),
}


#: Edges that break a rule today, each removed by a branch under way (the lead merges it);
#: tolerated here so that this branch stays green, listed so that none is forgotten.
KNOWN_TODAY: set[str] = set()


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(path: Path) -> set[str]:
    """Modules ``path`` imports at run time (``from a import b`` gives ``a`` and ``a.b``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and _is_type_checking(node):
            skip.update(id(n) for stmt in node.body for n in ast.walk(stmt))
    names: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{a.name}" for a in node.names)
    return names


def _violations(package: str, forbidden: tuple[str, ...]) -> list[str]:
    bad = []
    for path in sorted((SRC / package).rglob("*.py")):
        for name in sorted(_imports(path)):
            if any(name == f or name.startswith(f + ".") for f in forbidden):
                bad.append(f"{path.relative_to(SRC).as_posix()} imports {name}")
    return bad


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_imports_flow_one_way(package: str) -> None:
    bad = [v for v in _violations(package, FORBIDDEN[package])
           if not any(v == k or v.startswith(k + ".") for k in KNOWN_TODAY)]
    assert not bad, bad


def _package_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 2 and parts[0] == "tfgpu" else None


def test_cli_uses_only_public_modules_of_other_packages() -> None:
    """``tfgpu.knowledge.matrix`` is private to knowledge/: cli reaches it through a public
    module.  Top-level ``tfgpu._x`` modules (``_version``, ``_proc``) are shared helpers."""
    bad = []
    for path in sorted((SRC / "cli").rglob("*.py")):
        for name in sorted(_imports(path)):
            pkg = _package_of(name)
            if pkg is None or pkg == "cli" or pkg.startswith("_"):
                continue
            if any(p.startswith("_") and not p.startswith("__") for p in name.split(".")[2:]):
                bad.append(f"cli/{path.name} imports {name}")
    assert not bad, bad


def test_commands_do_not_import_each_other() -> None:
    """A command gathers, calls, renders: what two commands share lives in cli/common.py."""
    bad = []
    for path in sorted((SRC / "cli").glob("cmd_*.py")):
        for name in sorted(_imports(path)):
            if name.startswith("tfgpu.cli.cmd_") or name == "tfgpu.cli.main":
                bad.append(f"cli/{path.name} imports {name}")
    assert not bad, bad


def test_the_rules_catch_what_they_forbid(tmp_path: Path) -> None:
    """The scanner sees ``from a import b`` and plain imports, and skips TYPE_CHECKING."""
    src = tmp_path / "m.py"
    src.write_text("from typing import TYPE_CHECKING\n"
                   "from tfgpu.probes import libs_names\n"
                   "import tfgpu.knowledge._load\n"
                   "if TYPE_CHECKING:\n    import tfgpu.verify\n", encoding="utf-8")
    names = _imports(src)
    assert {"tfgpu.probes", "tfgpu.probes.libs_names", "tfgpu.knowledge._load"} <= names
    assert "tfgpu.verify" not in names


def _bound_by_import(module: Path) -> dict[str, str]:
    """Top-level names ``module`` binds only by ``from tfgpu... import`` -> their owner."""
    tree = ast.parse(module.read_text(encoding="utf-8"))
    defined: set[str] = set()
    imported: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            defined.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            defined.update(n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name))
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("tfgpu."):
            imported.update((a.asname or a.name, str(node.module)) for a in node.names)
    return {name: owner for name, owner in imported.items() if name not in defined}


#: Modules that are no package's face: a name they import is theirs to use, not to hand on.
NOT_A_FACE = ("tfgpu.logs.reader", "tfgpu.logs.engine", "tfgpu.logs.patterns",
              "tfgpu.logs.fold")


def test_names_are_imported_from_their_owner() -> None:
    """The log reader uses the line-prefix and follow-line facts of :mod:`tfgpu.facts`; it
    does not hand them on: whoever needs them imports them from :mod:`tfgpu.facts`."""
    borrowed = {mod: _bound_by_import(SRC.parent / (mod.replace(".", "/") + ".py"))
                for mod in NOT_A_FACE}
    root = SRC.parent.parent
    bad = []
    for path in sorted([*SRC.rglob("*.py"), *(root / "tests").rglob("*.py"),
                        *(root / "scripts").rglob("*.py")]):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module in borrowed:
                bad.extend(f"{path.relative_to(root).as_posix()}: {node.module}.{a.name} "
                           f"(owner {borrowed[node.module][a.name]})"
                           for a in node.names if a.name in borrowed[node.module])
    assert not bad, bad


def test_known_violations_are_real_edges() -> None:
    """Each tolerated edge names a module that exists (so a typo cannot hide a new one)."""
    for entry in KNOWN_TODAY:
        path = entry.split(" imports ")[0]
        assert (SRC / path).is_file(), entry


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


@pytest.mark.parametrize("argv", [["doctor", "--no-tf", "--json"], ["doctor", "--no-tf"]],
                         ids=["json", "plain-text"])
def test_doctor_without_colour_does_not_import_rich(argv: list[str]) -> None:
    """``--json`` (one document) and plain text (a pipe, or ``NO_COLOR``) never load the
    terminal renderer (about 25 ms of imports), not even by the background pre-import."""
    code = (
        "import sys, threading\n"
        "from tfgpu.cli.main import main\n"
        f"main({argv!r})\n"
        "for t in threading.enumerate():\n"
        "    if t.name == 'tfgpu-prewarm':\n"
        "        t.join(30)\n"
        "print(sorted(m for m in sys.modules if m == 'rich' or m.startswith('rich.')),\n"
        "      file=sys.stderr)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={"PYTHONPATH": str(SRC.parent), "PATH": "/usr/bin:/bin"},
                         timeout=60)
    assert out.stdout.strip(), out.stderr  # the report was printed
    assert out.stderr.strip().splitlines()[-1] == "[]", out.stderr


def test_plan_face_does_not_load_the_installer() -> None:
    """``tfgpu plan`` prints a plan; the installer (``plan/install.py``) loads on first use."""
    code = ("import sys, tfgpu.plan\n"
            "print('tfgpu.plan.install' in sys.modules)\n"
            "tfgpu.plan.run_install\n"
            "print('tfgpu.plan.install' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={"PYTHONPATH": str(SRC.parent)}, timeout=60)
    assert out.stdout.split() == ["False", "True"], out.stderr
