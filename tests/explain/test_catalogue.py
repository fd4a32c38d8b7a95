"""Catalogue invariants: prefilter keywords are usable, every pattern is read by a rule."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tfgpu.knowledge import load_knowledge
from tfgpu.logs.patterns import CONTEXT_ONLY, PATTERNS, PREFILTER_NEEDLES

KB = load_knowledge()
SRC = Path(__file__).resolve().parents[2] / "src" / "tfgpu" / "explain"


@pytest.mark.parametrize("pattern", PATTERNS, ids=lambda p: p.name)
def test_needles_are_lower_case_without_digits(pattern: object) -> None:
    for needle in pattern.needles:  # type: ignore[attr-defined]
        assert needle == needle.lower() and not re.search(r"\d", needle), needle


@pytest.mark.parametrize("pattern", PATTERNS, ids=lambda p: p.name)
def test_every_pattern_is_read_by_a_rule(pattern: object) -> None:
    checks = SRC.parent / "diagnosis" / "checks"
    code = "".join(f.read_text() for f in sorted(checks.glob("*.py")))
    code += (SRC.parent / "facts" / "view.py").read_text()
    assert f'"{pattern.name}"' in code  # type: ignore[attr-defined]


@pytest.mark.parametrize("pattern", PATTERNS, ids=lambda p: p.name)
def test_every_pattern_compiles(pattern: object) -> None:
    # Patterns compile on first use (logs/patterns.py Pattern.regex), not at import: a bad
    # source must fail here rather than on the first user log that selects it.
    compiled = pattern.regex  # type: ignore[attr-defined]
    assert compiled.pattern == pattern.source  # type: ignore[attr-defined]
    assert pattern.regex is compiled  # type: ignore[attr-defined]  # compiled once


def test_a_short_log_compiles_only_the_patterns_it_selects() -> None:
    code = ("from tfgpu.logs.patterns import PATTERNS; from tfgpu.explain import explain_lines; "
            "explain_lines(['Traceback (most recent call last):', 'ValueError: foo']); "
            "print(sum(p._compiled is not None for p in PATTERNS), len(PATTERNS))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=120).stdout.split()
    compiled, total = int(out[0]), int(out[1])
    assert compiled < total // 4, (compiled, total)


def test_every_non_context_needle_is_covered_by_the_prefilter() -> None:
    for p in PATTERNS:
        if p.name in CONTEXT_ONLY:
            continue
        for n in p.needles:
            assert any(m in n for m in PREFILTER_NEEDLES), (p.name, n)


def _name(code: int) -> str | None:
    row = KB.cuda_error(code)
    return row.name if row is not None else None


def test_curesult_codes_match_their_names() -> None:
    # Spot checks against cuda.h (CUDA driver API, enum CUresult): knowledge cuda_errors.
    assert _name(100) == "CUDA_ERROR_NO_DEVICE"
    assert _name(303) == "CUDA_ERROR_SHARED_OBJECT_INIT_FAILED"
    assert _name(803) == "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH"
    assert _name(222) == "CUDA_ERROR_UNSUPPORTED_PTX_VERSION"
    assert len({r.name for r in KB.cuda_errors}) == len(KB.cuda_errors)


@pytest.mark.parametrize(
    ("cuda", "windows", "driver"),
    [
        ("12", False, "525.60.13"),
        ("12.2", True, "527.41"),
        ("11.8", False, "450.80.02"),
        ("10.1", False, "418.39"),
        ("9.0", False, "384.81"),  # pre-10 toolkit rows (NVRN102)
        ("7.0", False, None),
    ],
)
def test_min_driver_comes_from_the_knowledge_rows(
    cuda: str, windows: bool, driver: str | None
) -> None:
    found = KB.min_driver(cuda if "." in cuda else f"{cuda}.0",
                          "windows" if windows else "linux")
    assert (found.version if found else None) == driver
    if found:
        assert found.row.ref.startswith("cuda_min_driver:")


def test_tested_configs_come_from_the_knowledge_rows() -> None:
    t = KB.tested_gpu_build("2.13.0", "linux")
    assert t is not None and (t.cuda, t.cudnn) == ("11.8", "8.6")
    assert t.ref == "tf_tested_configs:2.13.0-linux"
    assert KB.tested_gpu_build("2.11.0", "windows") is None  # CPU-only on native Windows
    assert KB.tested_gpu_build("1.15.0", "linux") is None
    assert KB.tested_gpu_build("2.x", "linux") is None  # a log's vague version: unknown
    assert KB.fact_series("windows-native-gpu-last")[0] == (2, 10)
    assert KB.fact_series("and-cuda-extra-first")[0] == (2, 14)
    assert KB.newest_python_range("linux")[:2] == ("3.10", "3.13")


#: A pattern name the checks read: ``<facts>.h("name")`` or ``from_log(ctx, "name", ...)``.
_READ_NAME = re.compile(r'\.h\(\s*"([^"]+)"\s*\)|from_logs?\(\s*\w+\s*,\s*"([^"]+)"')


def test_every_pattern_a_rule_reads_exists() -> None:
    # a renamed or removed pattern leaves its readers with an empty record, silently
    names = {p.name for p in PATTERNS}
    files = sorted((SRC.parent / "diagnosis" / "checks").glob("*.py"))
    files.append(SRC.parent / "facts" / "view.py")
    unknown = [(f.name, m.group(1) or m.group(2)) for f in files
               for m in _READ_NAME.finditer(f.read_text())
               if (m.group(1) or m.group(2)) not in names]
    assert unknown == []
    assert len(_READ_NAME.findall((SRC.parent / "diagnosis" / "checks" / "notices.py")
                                  .read_text())) >= 2  # the scan finds readers
