"""A bare "Illegal instruction" with the CPU's flags checked in the same paste: an empty
``grep avx /proc/cpuinfo`` (the next line is the shell's next prompt) or a full flags line
without avx says "this CPU has no AVX"; avx words in the output say the CPU has AVX. Anything
less clear (no output shown, a count, another instruction set, a CPU model alone, a release
older than the AVX wheels) keeps the honest "which instruction is unknown"."""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines
from tfgpu.findings import Finding

ILL = ["$ python -c \"import tensorflow as tf\"", "Illegal instruction (core dumped)"]
MODEL = "model name\t: Intel(R) Celeron(R) CPU N3060 @ 1.60GHz"
FLAGS_NO_AVX = ("flags\t\t: fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat "
                "pse36 clflush mmx fxsr sse sse2 ss ht syscall nx lm constant_tsc sse4_1 sse4_2 "
                "popcnt aes")
FLAGS_AVX = FLAGS_NO_AVX + " avx f16c rdrand avx2 fma"


def _by_id(lines: list[str]) -> dict[str, Finding]:
    return {f.id: f for f in explain_lines(lines)}


def test_empty_avx_grep_before_the_next_prompt_says_no_avx_and_names_the_cpu() -> None:
    found = _by_id([*ILL, "$ grep -o -w avx /proc/cpuinfo | head -1", "$ grep -m1 'model name' "
                    "/proc/cpuinfo", MODEL])
    f = found["cpu-lacks-required-instructions"]
    assert "no AVX" in f.title and "printed nothing" in f.cause, f
    assert "Celeron(R) CPU N3060" in f.cause
    assert "cpu-illegal-instruction" not in found


@pytest.mark.parametrize("grep", ["grep -c avx /proc/cpuinfo", "grep -c -w avx /proc/cpuinfo"])
def test_a_counting_avx_grep_that_counted_0_says_no_avx(grep: str) -> None:
    # grep -c prints the number of lines holding avx: 0 of /proc/cpuinfo's lines (each CPU's
    # flags line among them) means no AVX
    found = _by_id([*ILL, f"pi@host:~$ {grep}", "0", "pi@host:~$ exit"])
    assert "counted 0 lines with avx" in found["cpu-lacks-required-instructions"].cause
    found = _by_id([*ILL, f"pi@host:~$ {grep}", "8", "pi@host:~$ exit"])
    assert "although this CPU has AVX" in found["cpu-illegal-instruction"].title


def test_flags_line_without_avx_says_no_avx() -> None:
    found = _by_id([*ILL, "$ cat /proc/cpuinfo | grep flags | head -1", FLAGS_NO_AVX])
    assert "lists no avx" in found["cpu-lacks-required-instructions"].cause


@pytest.mark.parametrize("shown", [
    ["$ grep -o -w -E 'avx2?|fma' /proc/cpuinfo | sort -u", "avx", "avx2", "fma"],
    ["$ lscpu | grep -i flags", "Flags:" + FLAGS_AVX.split(":", 1)[1]],
], ids=["grep-o-prints-avx-words", "lscpu-flags-line-with-avx"])
def test_avx_shown_in_the_log_rules_out_the_missing_avx_case(shown: list[str]) -> None:
    found = _by_id([*ILL, *shown])
    f = found["cpu-illegal-instruction"]
    assert "although this CPU has AVX" in f.title, f.title
    assert "avx" in f.cause
    assert "cpu-lacks-required-instructions" not in found


@pytest.mark.parametrize("tail", [
    ["$ grep -o -w avx /proc/cpuinfo | head -1"],  # the paste ends: output not shown
    ["$ grep -vc avx /proc/cpuinfo", "0", "$ exit"],  # an inverted count, not read
    ["$ grep -o avx512f /proc/cpuinfo", "$ exit"],  # no AVX-512 says nothing of AVX
    [MODEL],  # a model name alone
    ["$ grep -o avx /proc/cpuinfo", "grep: /proc/cpuinfo: No such file or directory", "$ x"],
], ids=["output-cut-off", "inverted-count", "avx512-only", "model-alone", "another-output-next"])
def test_unclear_evidence_keeps_which_instruction_unknown(tail: list[str]) -> None:
    found = _by_id([*ILL, *tail])
    assert "cpu-lacks-required-instructions" not in found, found
    assert "unknown" in found["cpu-illegal-instruction"].title


def test_release_older_than_the_avx_wheels_is_not_blamed_on_missing_avx() -> None:
    """Official wheels use AVX since TF 1.6: an empty grep does not explain a 1.5 crash."""
    found = _by_id(["TensorFlow version: 1.5.0", *ILL, "$ grep -o avx /proc/cpuinfo", "$ exit"])
    assert "cpu-lacks-required-instructions" not in found, found
