"""lscpu's "Flags:" line in each language util-linux translates its label to (po/<lang>.po,
msgid "Flags:" of sys-utils/lscpu.c) is the log's CPU flags line (pattern ctx.cpu_flags): with
an illegal instruction and no avx among the flags, the CPU has no AVX, in any UI language; a
translated label before words that are no x86 flag list is not read."""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines
from tfgpu.logs import read_lines

NO_AVX = ("fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush dts "
          "acpi mmx fxsr sse sse2 ss ht tm pbe syscall nx rdtscp lm constant_tsc sse4_1 sse4_2 "
          "popcnt aes")
HAS_AVX = NO_AVX + " avx f16c rdrand avx2 fma"
ILLEGAL = "Illegal instruction (core dumped)"


@pytest.mark.parametrize("label", ["Indicadores:", "Markierungen:", "Drapeaux\u00a0:",
                                   "Flaggor:", "Флаги:", "フラグ:", "플래그:", "标记：",
                                   "Opções:", "Příznaky:", "Flags:"])
def test_a_translated_lscpu_flags_line_without_avx_says_no_avx(label: str) -> None:
    lines = [ILLEGAL, f"{label}{' ' * 20}{NO_AVX}"]
    f = next(f for f in explain_lines(lines)
             if f.id in ("cpu-lacks-required-instructions", "cpu-illegal-instruction"))
    assert f.id == "cpu-lacks-required-instructions" and "no AVX" in f.title


@pytest.mark.parametrize("label", ["Indicadores:", "Markierungen:"])
def test_a_translated_lscpu_flags_line_with_avx_is_read_too(label: str) -> None:
    f = next(f for f in explain_lines([ILLEGAL, f"{label}      {HAS_AVX}"])
             if f.id.startswith("cpu-"))
    assert f.id == "cpu-illegal-instruction" and "has AVX" in f.title


def test_a_translated_label_before_other_words_is_no_flags_line() -> None:
    facts = read_lines(["Opções:   ajuda versao lista todos os pacotes e mais coisas aqui"])
    assert facts.get("ctx.cpu_flags") is None or facts.get("ctx.cpu_flags").count == 0
