"""Windows fixes that set an environment variable: cmd.exe's ``set VAR=value`` takes the
rest of the line as the value, so it stands alone on its line; the PowerShell form follows
on its own line (a comment after it is fine)."""

from __future__ import annotations

from tfgpu.explain import explain_lines

WIN_OOM = [
    "C:\\Users\\me\\AppData\\Local\\Programs\\Python\\Python310\\lib\\site-packages\\"
    "tensorflow\\python\\client\\session.py",
    "2023-01-01 12:00:00.000000: E tensorflow/stream_executor/cuda/cuda_dnn.cc:389] "
    "Could not create cudnn handle: CUDNN_STATUS_INTERNAL_ERROR",
]


def _fix_lines(lines: list[str]) -> list[str]:
    return [ln for f in explain_lines(lines) for ln in f.fix]


def test_cmd_set_line_holds_only_the_assignment() -> None:
    fixes = _fix_lines(WIN_OOM)
    sets = [ln for ln in fixes if ln.startswith("set TF_FORCE_GPU_ALLOW_GROWTH")]
    assert sets, fixes
    assert all(ln == "set TF_FORCE_GPU_ALLOW_GROWTH=true" for ln in sets), sets
    ps = [ln for ln in fixes if ln.startswith("$env:TF_FORCE_GPU_ALLOW_GROWTH")]
    assert ps and all(ln.startswith('$env:TF_FORCE_GPU_ALLOW_GROWTH = "true"   # PowerShell')
                      for ln in ps), ps


def test_linux_keeps_one_export_line() -> None:
    lines = [WIN_OOM[1], "/home/me/venv/lib/python3.10/site-packages/tensorflow/__init__.py"]
    fixes = _fix_lines(lines)
    assert any(ln.startswith("export TF_FORCE_GPU_ALLOW_GROWTH=true") for ln in fixes), fixes
    assert not any("PowerShell" in ln for ln in fixes), fixes


def _md(fix: list[str]) -> str:
    from tfgpu import privacy
    from tfgpu.report.share import render_shareable
    finding = {"id": "x", "severity": "error", "category": "unknown", "area": "log",
               "title": "t", "evidence": [], "cause": "c", "fix": fix, "doc": None,
               "knowledge_ref": None, "harmless": False, "aliases": []}
    doc = {"schema_version": "1.1", "tfgpu_version": "0", "knowledge_version": "k",
           "command": "explain", "verdict": {"gpu_usable": False, "headline": "h",
                                             "problems": 1},
           "findings": [finding], "meta": {}}
    return render_shareable("markdown", doc, redactor=privacy.NoRedactor())


def test_markdown_fences_windows_fixes_as_powershell_not_sh() -> None:
    win = _md(["set TF_FORCE_GPU_ALLOW_GROWTH=true",
               '$env:TF_FORCE_GPU_ALLOW_GROWTH = "true"   # PowerShell'])
    assert "```powershell" in win and "```sh" not in win, win
    assert "```sh" in _md(["export TF_FORCE_GPU_ALLOW_GROWTH=true"])
