"""Every notebook or IDE front end's words for a dead kernel read the same way.

The wordings are the rows of ``knowledge/data/kernel_deaths.toml`` (JupyterLab, the classic
Notebook, @jupyterlab/services, VS Code Jupyter across its releases, QtConsole, Spyder 3-6 and
Spyder's translations), read here as the sources' own table.  Each death wording, alone or
after TensorFlow's "Allocation of N exceeds 10% of system memory" notices, gives the same
host-RAM hedge JupyterLab's "appears to have died" gives; an error the log shows next to it
is the likelier cause.  Spyder's error page heading ("An error ocurred while starting the
kernel", sic) tops a kernel that failed to start as well as one that died: it reads as a
death only when TensorFlow lines under it show the kernel ran code."""

from __future__ import annotations

import io
import re

import pytest

from tfgpu.diagnosis.verdict import explain_report
from tfgpu.explain import explain_stream
from tfgpu.findings import Finding, Severity
from tfgpu.logs import kernel_death_words

_RAM = "host-ram-exhausted-process-killed"
_JUPYTER = "The kernel for train.ipynb appears to have died. It will restart automatically."
# TensorFlow 1.x allocator.cc's wording, then cpu_allocator_impl.cc's 2.4+ one
_NOTICES = [
    "2018-08-02 15:18:13.596221: W tensorflow/core/framework/allocator.cc:108] Allocation of "
    "411041792 exceeds 10% of system memory.",
    "2023-05-01 10:00:01.000000: W tensorflow/tsl/framework/cpu_allocator_impl.cc:83] "
    "Allocation of 2055208960 exceeds 10% of free system memory.",
]
# cuDNN 8's loader message for a sub-library whose dependency is missing (aborts the process)
_NVRTC = ("Could not load library libcudnn_cnn_infer.so.8. Error: libnvrtc.so: cannot open "
          "shared object file: No such file or directory")


def _line(phrase: str) -> str:
    """A front end's line from one match phrase: a kernel name for ``%s``, the ellipsis
    Spyder 6 puts after its words."""
    return phrase.replace("%s", "Python 3.10.12 (tf)") + "..."


def _phrases(form: str) -> list[str]:
    return [p for d in kernel_death_words.deaths() if d.form == form for p in d.phrases]


def _run(lines: list[str]) -> tuple[str, dict[str, Finding]]:
    result = explain_stream(io.BytesIO(("\n".join(lines) + "\n").encode()))
    report = explain_report(result.findings, result.stats, "t.log", died=result.died,
                            failure=result.failure, foreign_oom=result.foreign_oom)
    return report.verdict.headline, {f.id: f for f in result.findings}


def test_the_data_rows_are_sourced_and_well_formed() -> None:
    data = kernel_death_words.load()
    sources = data["sources"]
    assert isinstance(sources, dict)
    rows = kernel_death_words.deaths()
    assert len({d.id for d in rows}) == len(rows)
    for d in rows:
        assert d.form in kernel_death_words.FORMS, d
        assert d.source in sources and sources[d.source]["url"].startswith("https://"), d
        assert d.phrases and d.frontend and d.example, d
        # each English match phrase is the row's own example's words
        english = re.compile(kernel_death_words.phrase_regex(d.phrases[0]))
        assert english.search(d.example), d


@pytest.mark.parametrize("phrase", _phrases("died"))
def test_each_death_wording_alone_is_the_ram_hedge(phrase: str) -> None:
    headline, found = _run([_line(phrase)])
    _, jupyter = _run([_JUPYTER])
    assert found[_RAM].title == jupyter[_RAM].title
    assert found[_RAM].severity is Severity.WARNING
    assert headline.startswith("The program failed (line 1)"), headline


@pytest.mark.parametrize("notice", _NOTICES)
@pytest.mark.parametrize("phrase", [*_phrases("died"), *_phrases("error-page")])
def test_each_wording_after_the_allocation_notices_names_them(phrase: str, notice: str) -> None:
    page = phrase in _phrases("error-page")
    lines = [_line(phrase), notice] if page else [notice, _line(phrase)]
    _, found = _run(lines)
    ram = found[_RAM]
    assert ram.severity is Severity.WARNING and "most often the host ran out of RAM" in ram.title
    assert "exceeded 10% of the system memory" in ram.cause, ram.cause
    assert any("Allocation of" in e.text for e in ram.evidence), ram.evidence


@pytest.mark.parametrize("phrase", _phrases("died"))
def test_an_error_just_above_a_death_leads_whatever_the_wording(phrase: str) -> None:
    headline, found = _run([_NVRTC, _line(phrase)])
    assert found["library-dependency-missing"].title in headline, headline
    assert found[_RAM].severity is Severity.INFO


@pytest.mark.parametrize("phrase", _phrases("error-page"))
def test_an_error_under_spyders_error_page_leads(phrase: str) -> None:
    headline, found = _run([_line(phrase), _NOTICES[1], _NVRTC])
    assert found["library-dependency-missing"].title in headline, headline
    ram = found[_RAM]
    assert ram.severity is Severity.INFO and "line 3" in ram.cause, ram.cause


@pytest.mark.parametrize("phrase", _phrases("error-page"))
def test_spyders_error_page_without_tensorflow_under_it_is_no_ram_claim(phrase: str) -> None:
    # a kernel that failed to start: Spyder shows the same heading above the startup error
    _, found = _run([_line(phrase), "Traceback (most recent call last):",
                     '  File "start_kernel.py", line 1, in <module>',
                     "ModuleNotFoundError: No module named 'spyder_kernels'"])
    assert _RAM not in found
    _, alone = _run([_line(phrase)])
    assert _RAM not in alone


def test_a_restart_the_user_asked_for_is_no_death() -> None:
    # Spyder's and QtConsole's words for a restart from the menu
    for line in ("Restarting kernel...", "Kernel restarting"):
        _, found = _run([_NOTICES[0], line])
        assert _RAM not in found, line


def test_a_person_saying_the_kernel_died_is_not_the_front_end() -> None:
    _, found = _run(["my kernel died, restarting it did not help"])
    assert _RAM not in found
