"""Python's "DLL load failed[ while importing X]: <reason>" is read by Windows' reason, in
every UI language ``knowledge/data/win32_errors.toml`` lists, and a reason the table does
not know is quoted and hedged, never the "a DLL was not found" PATH finding.

The texts are the table's own rows (Microsoft's English texts and the localized texts with
their sources), each in the two wordings of Python/dynload_win.c (3.5-3.7
"DLL load failed: <text>", 3.8+ "DLL load failed while importing <module>: <text>").
"""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines
from tfgpu.findings import Finding
from tfgpu.knowledge import win32_errors

#: The finding each kind of code gives for TensorFlow's native module, without host facts.
KIND_FINDING = {
    "module-not-found": "windows-dll-not-found",
    "procedure-not-found": "windows-dll-procedure-not-found",
    "init-failed": "windows-dll-init-failed",
    "bad-image": "windows-dll-bad-image",
    "system": "windows-dll-load-system-error",
}

TEXTS = [(row, lang, text) for row in win32_errors.errors().values()
         for lang, text in (("en", row.english),
                            *((t.lang, t.text) for t in row.localized))]


def _wordings(text: str) -> tuple[str, str]:
    return (f"ImportError: DLL load failed: {text}",
            f"ImportError: DLL load failed while importing _pywrap_tensorflow_internal: {text}")


def _findings(line: str) -> dict[str, Finding]:
    lines = ["Traceback (most recent call last):",
             '  File "C:\\Users\\me\\train.py", line 1, in <module>',
             "    import tensorflow as tf", line]
    return {f.id: f for f in explain_lines(lines)}


@pytest.mark.parametrize(("row", "lang", "text"), TEXTS,
                         ids=[f"{r.code}-{lang}" for r, lang, _ in TEXTS])
def test_every_text_of_a_code_gives_the_finding_of_its_kind(
        row: win32_errors.Win32Error, lang: str, text: str) -> None:
    for line in _wordings(text):
        ids = set(_findings(line))
        assert KIND_FINDING[row.kind] in ids, (lang, line, ids)
        if row.kind != "module-not-found":
            assert "windows-dll-not-found" not in ids, (lang, line, ids)


@pytest.mark.parametrize("text", [
    "Eine DLL-Initialisierungsroutine ist fehlgeschlagen.",
    "Une routine d'initialisation d'une bibliothèque de liens dynamiques (DLL) a échoué.",
    "ダイナミック リンク ライブラリ (DLL) 初期化ルーチンの実行に失敗しました",
    "动态链接库 (DLL) 初始化例程失败。",
    "uma rotina de inicialização da biblioteca de vínculo dinâmico (dll) falhou",
])
def test_init_failure_reads_through_apostrophes_spacing_case_and_final_stop(text: str) -> None:
    for line in _wordings(text):
        assert "windows-dll-init-failed" in _findings(line), line


@pytest.mark.parametrize("text", [
    "Der Vorgang konnte nicht abgeschlossen werden.",
    "Ein unbekannter Fehler ist aufgetreten.",
    "指定的程序无法运行。",
    "The specified network name is no longer available.",
])
def test_an_unknown_reason_is_quoted_and_hedged_not_the_path_fix(text: str) -> None:
    for line in _wordings(text):
        found = _findings(line)
        assert "windows-dll-not-found" not in found, line
        f = found["windows-tensorflow-dll-load-failed"]
        assert f.category == "unknown"
        assert text in f.title and "does not know" in f.title
        assert not any("to PATH" in fix or "where.exe cudart" in fix for fix in f.fix)
        assert any("FormatError" in fix for fix in f.fix)


def test_a_reason_cut_from_the_paste_is_not_in_the_log() -> None:
    for text in ("", "..."):
        f = _findings(_wordings(text)[1])
        assert "windows-dll-not-found" not in f
        assert "reason is not in this log" in f["windows-tensorflow-dll-load-failed"].title


def test_the_paging_file_is_a_memory_limit_not_a_missing_dll() -> None:
    for text in ("The paging file is too small for this operation to complete.",
                 "页面文件太小，无法完成操作。",
                 "Le fichier de pagination est insuffisant pour terminer cette opération.",
                 "Die Auslagerungsdatei ist zu klein, um diesen Vorgang durchzuführen."):
        f = _findings(_wordings(text)[1])["windows-dll-load-system-error"]
        assert "1455" in f.title and "ERROR_COMMITMENT_LIMIT" in f.title
        assert "no PATH problem" in f.cause
        assert any("paging file" in line for line in f.fix)
        assert f.knowledge_ref == "win32_errors:ERROR_COMMITMENT_LIMIT"


def test_access_denied_names_permissions_not_path() -> None:
    for text in ("Access is denied.", "拒绝访问。", "Accès refusé."):
        f = _findings(_wordings(text)[0])["windows-dll-load-system-error"]
        assert "ERROR_ACCESS_DENIED" in f.title
        assert any("icacls" in line for line in f.fix)


def test_another_packages_module_with_an_unknown_reason_is_left_unknown() -> None:
    found = _findings("ImportError: DLL load failed while importing _multiarray_umath: "
                      "Ein unbekannter Fehler ist aufgetreten.")
    assert "windows-dll-not-found" not in found
    assert "windows-tensorflow-dll-load-failed" not in found


def test_a_reason_cut_inside_a_known_text_is_that_text() -> None:
    found = _findings("ImportError: DLL load failed: The specified module could not be f")
    assert "windows-dll-not-found" in found
    found = _findings("ImportError: DLL load failed: Eine DLL-Initialisierungsroutine ist")
    assert "windows-dll-init-failed" in found
