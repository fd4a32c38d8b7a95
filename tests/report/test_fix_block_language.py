"""The shareable report fences a finding's fix lines in the language of the shell they are
for (``sh``, PowerShell, cmd.exe's ``bat``), and names a probe's evidence once."""

from __future__ import annotations

from typing import Any

import pytest

from tfgpu import privacy
from tfgpu.report.share import render_shareable


def _doc(fix: list[str], evidence: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    finding = {"id": "some-finding", "severity": "error", "category": "windows-dll",
               "area": "cuda", "title": "A library is missing",
               "evidence": evidence or [{"source": "log", "text": "x", "line": 1}],
               "cause": "c", "fix": fix, "doc": None, "knowledge_ref": None,
               "harmless": False, "aliases": []}
    return {"schema_version": "1.3", "tfgpu_version": "0.1.0", "knowledge_version": "k",
            "command": "explain",
            "verdict": {"gpu_usable": False, "headline": "h", "problems": 1},
            "findings": [finding], "meta": {"input": "in.log"}}


@pytest.mark.parametrize(("fix", "lang"), [
    (["where.exe cublas64_11.dll", "# put CUDA's bin folder on PATH"], "powershell"),
    (["$env:TF_CPP_MIN_LOG_LEVEL = \"0\""], "powershell"),
    (["set CUDA_VISIBLE_DEVICES=0", "python train.py"], "bat"),
    (["echo %CUDA_PATH%"], "bat"),
    (["set TF_FORCE_GPU_ALLOW_GROWTH=true", "$env:TF_FORCE_GPU_ALLOW_GROWTH = \"true\""],
     "powershell"),
    (["nvidia-smi", "ldconfig -p | grep libcudnn"], "sh"),
    # cmd's quoted form and a findstr pipe (the fresh-eyes review's block labelled sh)
    (['set "TF_CPP_MIN_LOG_LEVEL=0" && python train.py 2>&1 | findstr /i /c:"cudnn"',
      'pip list | findstr /i "tensorflow keras"'], "bat"),
    (['pip list | findstr /i "tensorflow keras"'], "powershell"),
])
def test_fix_block_language_fits_the_shell(fix: list[str], lang: str) -> None:
    md = render_shareable("markdown", _doc(fix), redactor=privacy.NoRedactor())
    assert f"```{lang}\n" in md
    for other in {"sh", "powershell", "bat"} - {lang}:
        body = md.split("**Fix:**", 1)[1]
        assert f"```{other}\n" not in body


def test_probe_evidence_names_its_source_once() -> None:
    ev = [{"source": "nvidia-smi", "text": "nvidia-smi: missing: not found", "line": None}]
    md = render_shareable("markdown", _doc(["nvidia-smi"], ev), redactor=privacy.NoRedactor())
    assert "nvidia-smi: missing: not found" in md
    assert "nvidia-smi: nvidia-smi:" not in md
