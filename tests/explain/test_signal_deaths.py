"""A process a signal ended is a death in every wording its shell or runtime prints: zsh's
signal names, CPython's fault handler on Windows, Colab's unknown-reason notice, kubectl exec's
and GitHub Actions' exit codes, and glibc's strsignal() descriptions and bash's job-status
words in every language their message catalogues translate them to (the words come from
``knowledge/data/signal_texts.toml``, read here as the source's own table).  Each line after a
TensorFlow device line and an epoch line: the verdict says the program failed (exit 1), never
"No problem found"."""

from __future__ import annotations

import io

import pytest

from tfgpu.diagnosis.verdict import explain_report
from tfgpu.explain import explain_stream
from tfgpu.findings import Report
from tfgpu.logs import signal_words

_DEVICE = ("2024-12-02 10:00:01.000001: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1928] "
           "Created device /job:localhost/replica:0/task:0/device:GPU:0 with 14791 MB memory:  -> "
           "device: 0, name: Tesla T4, pci bus id: 0000:00:04.0, compute capability: 7.5")


def _report(lines: list[str], encoding: str = "utf-8") -> Report:
    res = explain_stream(io.BytesIO(("\n".join(lines) + "\n").encode(encoding)))
    return explain_report(res.findings, res.stats, "in.log", died=res.died, failure=res.failure)


def _after_training(line: str, encoding: str = "utf-8") -> Report:
    return _report([_DEVICE, "Epoch 1/10", line], encoding)


def _ids(rep: Report) -> set[str]:
    return {f.id for f in rep.findings}


def _data() -> dict[str, object]:
    return signal_words.load()


def _translations(death: str) -> list[tuple[str, str]]:
    """(language, text) of every translation of the signals of one ``death`` kind, but a
    word another signal's translations share (Croatian glibc 2.27 "Prekinut" is SIGKILL's and
    SIGABRT's: read as the abort only)."""
    rows = _data()["signal"]
    kinds: dict[str, set[str]] = {}
    for row in rows:  # type: ignore[union-attr]
        for texts in row.get("translations", {}).values():
            for t in texts:
                kinds.setdefault(t, set()).add(row["death"])
    out = []
    for row in rows:  # type: ignore[union-attr]
        if row["death"] == death:
            for lang, texts in sorted(row.get("translations", {}).items()):
                out.extend((lang, t) for t in texts if kinds[t] == {death})
    return out


def _core(lang: str) -> str:
    """bash's " (core dumped)" in ``lang`` (its latest translation), English when it has none."""
    words = _data()["bash"]["core_dumped"]  # type: ignore[index]
    return (words.get(lang) or words["en"])[-1]  # type: ignore[no-any-return,union-attr]


# --------------------------------------------------------------- English forms (defect kinds)

@pytest.mark.parametrize("line", [
    "zsh: segmentation fault  python train.py",
    "[1]    12345 segmentation fault  python train.py",
    "[1]  + 12345 segmentation fault  python train.py",
    "zsh: bus error  python train.py",
    "zsh: abort      python train.py",
    "zsh: IOT instruction  python train.py",
    "zsh: floating point exception  python train.py",
    "Bus error",
    "Floating point exception",
    "Windows fatal exception: access violation",
    "Windows fatal exception: stack overflow",
    "Windows fatal exception: code 0xc0000374",
    "Your session crashed for an unknown reason.",
])
def test_a_crash_in_a_shell_or_runtime_wording_is_a_death(line: str) -> None:
    rep = _after_training(line)
    assert rep.verdict.program_failed is True, line
    assert "does not know why" in rep.verdict.headline
    crash = next(f for f in rep.findings if f.id == "unrecognised-error")
    assert any(e.line == 3 for e in crash.evidence)


@pytest.mark.parametrize("line", [
    "command terminated with exit code 137",
    "error: command terminated with exit code 137",
    "Error: Process completed with exit code 137.",
    "2024-12-02T10:00:05.1234567Z ##[error]Process completed with exit code 137.",
])
def test_exit_code_137_from_kubectl_exec_or_a_ci_step_is_a_kill(line: str) -> None:
    rep = _after_training(line)
    assert rep.verdict.program_failed is True
    assert "host-ram-exhausted-process-killed" in _ids(rep)


@pytest.mark.parametrize("line", [
    "command terminated with exit code 1",
    "Error: Process completed with exit code 2.",
])
def test_an_error_exit_from_kubectl_exec_or_a_ci_step_is_a_failure(line: str) -> None:
    rep = _after_training(line)
    assert rep.verdict.program_failed is True
    assert "does not know why" in rep.verdict.headline


@pytest.mark.parametrize("line", [
    "command terminated with exit code 0",
    "command terminated with exit code 130",
    # an RPC/COM status the fault handler prints for an exception another handler takes
    "Windows fatal exception: code 0x800706be",
])
def test_a_clean_exit_or_a_non_fault_code_is_no_death(line: str) -> None:
    assert _after_training(line).verdict.program_failed is False


def test_a_fault_the_program_trained_on_after_is_no_death() -> None:
    rep = _report([_DEVICE, "Epoch 1/10", "Windows fatal exception: access violation", "",
                   "Current thread 0x00002c48 (most recent call first):", "Epoch 2/10"])
    assert rep.verdict.program_failed is False


def test_the_fault_handlers_block_is_a_death_and_asks_for_no_fault_handler_again() -> None:
    rep = _report([
        "Epoch 1/10", "Windows fatal exception: access violation", "",
        "Current thread 0x00002c48 (most recent call first):",
        '  File "C:\\Users\\me\\venv\\lib\\site-packages\\tensorflow\\python\\eager\\execute.py",'
        " line 54 in quick_execute",
        '  File "C:\\Users\\me\\train.py", line 40 in <module>'])
    assert rep.verdict.program_failed is True
    crash = next(f for f in rep.findings if f.id == "unrecognised-error")
    assert not any("-X faulthandler" in x for x in crash.fix)


# ----------------------------------------------------- other languages, from the source tables

@pytest.mark.parametrize(("lang", "text"), _translations("crash"))
def test_a_translated_crash_alone_or_with_the_core_words_is_a_death(lang: str, text: str) -> None:
    for line in (text, f"{text}{_core(lang)}", f"[1]+  {text}{' ' * 8}python train.py",
                 f"./run.sh: line 12: 40211 {text}      python train.py"):
        rep = _after_training(line)
        assert rep.verdict.program_failed is True, (lang, line)
        assert "host-ram-exhausted-process-killed" not in _ids(rep), line


@pytest.mark.parametrize(("lang", "text"), _translations("kill"))
def test_a_translated_kill_is_the_hedged_host_ram_kill(lang: str, text: str) -> None:
    for line in (text, f"[1]+  {text}{' ' * 8}python train.py",
                 f" 812/1563 [==============>....] - ETA: 41s - loss: 0.8123{text}"):
        rep = _after_training(line)
        assert rep.verdict.program_failed is True, (lang, line)
        assert "host-ram-exhausted-process-killed" in _ids(rep), (lang, line)


@pytest.mark.parametrize(("lang", "text"), _translations("illegal"))
def test_a_translated_illegal_instruction_is_the_cpu_finding(lang: str, text: str) -> None:
    rep = _after_training(f"{text}{_core(lang)}")
    assert rep.verdict.program_failed is True, lang
    assert "cpu-illegal-instruction" in _ids(rep), (lang, text)


@pytest.mark.parametrize(("lang", "text"), _translations("abort"))
def test_a_translated_abort_is_a_death_with_its_core_words_or_in_a_job_line(
        lang: str, text: str) -> None:
    for line in (f"{text}{_core(lang)}", f"[1]+  {text}{' ' * 8}python train.py"):
        assert _after_training(line).verdict.program_failed is True, (lang, line)


def test_a_translated_abort_alone_is_no_death() -> None:
    # SIGABRT's words are everyday words ("Abgebrochen": cancelled); alone on a line they
    # may be a program's own output, so they are a death only with bash's core words
    assert _after_training("Abgebrochen").verdict.program_failed is False


@pytest.mark.parametrize("line", [
    "./run.sh: Zeile 3: 12345 Getötet      python train.py",
    "train.sh : ligne 7 : 4021 Processus arrêté      python train.py",
    "段错误（核心已转储）",
])
def test_bash_job_words_in_their_own_languages(line: str) -> None:
    assert _after_training(line).verdict.program_failed is True


def test_a_chinese_console_in_gbk_is_read_too() -> None:
    rep = _after_training("段错误 (核心已转储)", encoding="gbk")
    assert rep.verdict.program_failed is True


@pytest.mark.parametrize(("line", "finding"), [
    ("进程已结束，退出代码为 -1073741819 (0xC0000005)", "windows-process-crashed-native"),
    ("进程已结束,退出代码-1073741819 (0xC0000005)", "windows-process-crashed-native"),
    ("进程已结束，退出代码137 (interrupted by signal 9: SIGKILL)",
     "host-ram-exhausted-process-killed"),
    ("进程已结束，退出代码为 1", "unrecognised-error"),
])
def test_the_ides_chinese_exit_line_reads_as_the_english_one(line: str, finding: str) -> None:
    rep = _after_training(line)
    assert rep.verdict.program_failed is True
    assert finding in _ids(rep)


def test_the_ides_chinese_clean_exit_is_no_death() -> None:
    assert _after_training("进程已结束，退出代码为 0").verdict.program_failed is False


def test_the_words_are_the_sources_own() -> None:
    # spot checks against the po files named in the data file's [sources]
    data = _data()
    rows = {r["name"]: r for r in data["signal"]}  # type: ignore[union-attr]
    assert rows["SIGSEGV"]["translations"]["de"] == ["Speicherzugriffsfehler"]
    assert rows["SIGKILL"]["translations"]["fr"] == ["Processus arrêté"]
    assert rows["SIGKILL"]["translations"]["zh_CN"] == ["已杀死"]
    assert data["bash"]["core_dumped"]["es"] == [" (`core' generado)"]  # type: ignore[index]
    for key, src in data["sources"].items():  # type: ignore[union-attr]
        assert str(src["url"]).startswith("https://github.com/"), key
        assert src["retrieved"] and src["file"], key
    for row in rows.values():
        assert row["source"] in data["sources"]  # type: ignore[operator]
