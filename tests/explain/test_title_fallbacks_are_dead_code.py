"""No check holds fallback words for a title field that a log may lack.

The companion of test_titles_show_only_what_the_log_shows.py (which renders every message
the knowledge tables and kind tables hold): here every ``catalogue.make(...)`` call in src is
read with :mod:`ast`, and each value it passes for a field of its row's titles (directly, or
through a name assigned in the same function) that ends in a literal placeholder mark
(``h.g("v") or "?"``, ``... or ""``, ``... or "<package>"``, ``... or "(not in the log)"``) must
be dead code: the groups it reads are set by every alternative of every pattern the function
reads (``ctx.h("name")``) that has them, read from the regex itself (:mod:`re._parser`). Where
a log can lack the value, the finding needs a variant whose title does not name it, or
:meth:`tfgpu.facts.log.Hit.need` on a group the check has made sure of.

:data:`NOT_YET_PROVEN` lists the call sites the analysis cannot prove dead when this test was
written (a value from a helper's hits, a pattern's branch the check filters, or a fallback a
log can reach); it may only shrink: a site fixed or proven leaves it, and a new site fails.
"""

from __future__ import annotations

import ast
import re
import re._parser as sre_parse
from collections.abc import Iterator
from pathlib import Path
from re._constants import BRANCH, MAX_REPEAT, MIN_REPEAT, POSSESSIVE_REPEAT, SUBPATTERN

from tfgpu.diagnosis.catalogue import load_catalogue, template_fields
from tfgpu.logs.patterns import PATTERNS

SRC = Path(__file__).resolve().parents[2] / "src" / "tfgpu"

#: A literal that only marks a missing value: empty, "?", dots or brackets, a "?" standing
#: alone or ending a prefix ("cu?"), a "<name>" placeholder, words saying the value is missing.
MARK = re.compile(r"^[?.\s\[\]]*$|(?<!\w)\?(?!\w)|^\w{1,4}\?$|^<[\w ]+>$|not in the log"
                  r"|not printed|no text")

#: ``path:function:field`` of the fallbacks the analysis could not prove dead when this test
#: was written; each is to get a variant without the field, or ``Hit.need``.
NOT_YET_PROVEN: frozenset[str] = frozenset({
    "diagnosis/checks/compute_capability.py:_blackwell_notice:cc",
    "diagnosis/checks/compute_capability.py:_ptx_jit_notice:cc",
    "diagnosis/checks/compute_capability.py:_rocm_arch_finding:gfx",
    "diagnosis/checks/library_load.py:fatal_load_missing:filename",
    "diagnosis/checks/no_matching_wheel.py:tf1_pin_no_wheel:pin",
    "diagnosis/checks/pip_reports.py:_pip_misc:package",
    "diagnosis/checks/pip_reports.py:_pip_misc:python",
    "diagnosis/checks/pip_reports.py:_pip_misc:spec",
    "diagnosis/checks/replicate_batch_split.py:replicate_batch_split:n",
    "diagnosis/checks/rocm.py:rocm_vm_fault:reason",
    "diagnosis/checks/soname_build_cuda.py:soname_build_finding:other_cuda",
    "diagnosis/checks/soname_build_cuda.py:soname_build_finding:same_cuda",
    "diagnosis/checks/source_configure.py:source_configure_toolkit_path_invalid:typed",
        "diagnosis/checks/tf_install.py:tensorflow_native_import_failed_linux:symbol",
})


def _mandatory(sub: sre_parse.SubPattern | list, names: dict[int, str], out: set[str]) -> None:
    """Add to ``out`` the named groups every match of ``sub`` sets."""
    for op, av in sub:
        if op is SUBPATTERN:
            if av[0] in names:
                out.add(names[av[0]])
            _mandatory(av[3], names, out)
        elif op in (MAX_REPEAT, MIN_REPEAT, POSSESSIVE_REPEAT):
            if av[0] >= 1:
                _mandatory(av[2], names, out)
        elif op is BRANCH:
            sets = []
            for alt in av[1]:
                s: set[str] = set()
                _mandatory(alt, names, s)
                sets.append(s)
            out |= set.intersection(*sets) if sets else set()


def branches(regex: re.Pattern[str]) -> list[set[str]]:
    """The named groups each top-level alternative of ``regex`` always sets."""
    parsed = sre_parse.parse(regex.pattern, regex.flags)
    names = {v: k for k, v in parsed.state.groupdict.items()}
    top = list(parsed)
    alts = top[0][1][1] if len(top) == 1 and top[0][0] is BRANCH else [top]
    out = []
    for alt in alts:
        s: set[str] = set()
        _mandatory(alt, names, s)
        out.append(s)
    return out


BRANCHES: dict[str, list[tuple[re.Pattern[str], list[set[str]]]]] = {}
for _p in PATTERNS:
    BRANCHES.setdefault(_p.name, []).append((_p.regex, branches(_p.regex)))


def dead(groups: list[str], patterns: set[str]) -> bool:
    """Whether a hit of any of ``patterns`` always sets one of ``groups``: every top-level
    alternative of each of their regexes that names one of them sets one."""
    used = [(rx, brs) for name in patterns for rx, brs in BRANCHES.get(name, [])
            if any(g in rx.groupindex for g in groups)]
    return bool(used) and all(any(g in b for g in groups) for _, brs in used for b in brs)


def _group_reads(expr: ast.expr) -> list[str] | None:
    """The groups ``expr`` reads (``h.g("a") or h.g("b")``), or None for anything else."""
    parts = expr.values if isinstance(expr, ast.BoolOp) else [expr]
    out = []
    for p in parts:
        if (isinstance(p, ast.Call) and isinstance(p.func, ast.Attribute) and p.func.attr == "g"
                and p.args and isinstance(p.args[0], ast.Constant)):
            out.append(str(p.args[0].value))
        else:
            return None
    return out


def fallbacks() -> Iterator[tuple[str, bool]]:
    """``("path:function:field", dead)`` for each title field given a placeholder literal."""
    book = load_catalogue().specs
    for path in sorted(SRC.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for func in (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)):
            patterns = {str(c.args[0].value) for c in ast.walk(func)
                        if isinstance(c, ast.Call) and isinstance(c.func, ast.Attribute)
                        and c.func.attr == "h" and c.args and isinstance(c.args[0], ast.Constant)}
            assigned: dict[str, list[ast.expr]] = {}
            for a in ast.walk(func):
                if isinstance(a, ast.Assign) and len(a.targets) == 1:
                    t = a.targets[0]
                    if isinstance(t, ast.Name):
                        assigned.setdefault(t.id, []).append(a.value)
                    elif isinstance(t, ast.Tuple) and isinstance(a.value, ast.Tuple):
                        for n, v in zip(t.elts, a.value.elts, strict=False):
                            if isinstance(n, ast.Name):
                                assigned.setdefault(n.id, []).append(v)
            for call in ast.walk(func):
                if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
                        and call.func.attr == "make" and call.args
                        and isinstance(call.args[0], ast.Constant)
                        and call.args[0].value in book):
                    continue
                spec = book[str(call.args[0].value)]
                kws = {k.arg: k.value for k in call.keywords if k.arg}
                v = kws.get("variant")
                situations = ([str(v.value)] if isinstance(v, ast.Constant)
                              else [None, *spec.variants] if v is not None else [None])
                fields: set[str] = set()
                for s in situations:
                    fields |= template_fields(spec.situation(s).title)
                for field in sorted(fields & set(kws)):
                    e = kws[field]
                    for x in [e, *(assigned.get(e.id, []) if isinstance(e, ast.Name) else [])]:
                        if not (isinstance(x, ast.BoolOp) and isinstance(x.op, ast.Or)):
                            continue
                        last = x.values[-1]
                        if not (isinstance(last, ast.Constant) and isinstance(last.value, str)
                                and MARK.search(last.value)):
                            continue
                        groups = _group_reads(ast.BoolOp(op=ast.Or(), values=x.values[:-1]))
                        where = f"{path.relative_to(SRC)}:{func.name}:{field}"
                        yield where, bool(groups) and dead(groups or [], patterns)


def test_the_analysis_reads_groups_every_alternative_sets() -> None:
    """A group outside any alternative or optional part is always set; one in an
    alternative, or in an optional part, is not (a check that cannot fail proves nothing)."""
    rx = re.compile(r"a(?P<x>\d)(?:b(?P<y>c))?(?P<z>e|f)|g(?P<w>h)")
    assert branches(rx) == [{"x", "z"}, {"w"}]
    assert not dead(["x"], set())


def test_no_title_field_falls_back_to_placeholder_words() -> None:
    """Every placeholder fallback of a title field is dead code, or a known site not yet
    proven (which only shrinks)."""
    live = {where for where, is_dead in fallbacks() if not is_dead}
    assert live - NOT_YET_PROVEN == set()
    assert NOT_YET_PROVEN - live == set(), "fixed or proven: take it off NOT_YET_PROVEN"
