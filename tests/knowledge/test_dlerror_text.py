"""glibc's translated "cannot open shared object file" (``facts/dlerror_text.py``)
against the compiled glibc catalogues installed on this machine, where there are any."""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest

from tfgpu.facts import dlerror_text
from tfgpu.facts.dlerror_text import CANNOT_OPEN_EN, NO_SUCH_FILE_EN, TRANSLATIONS

LANGS = sorted(TRANSLATIONS)


@pytest.mark.parametrize("lang", LANGS)
def test_row_is_the_installed_catalogues_text(lang: str) -> None:
    mo = Path("/usr/share/locale") / lang / "LC_MESSAGES" / "libc.mo"
    if not mo.is_file():
        pytest.skip(f"no glibc catalogue for {lang} on this machine")
    with mo.open("rb") as fh:
        cat = gettext.GNUTranslations(fh)
    assert TRANSLATIONS[lang] == (cat.gettext(CANNOT_OPEN_EN), cat.gettext(NO_SUCH_FILE_EN))


def test_the_regex_matches_every_text_as_printed_with_either_apostrophe() -> None:
    rx = re.compile(dlerror_text.cannot_open_regex())
    for text in dlerror_text.CANNOT_OPEN:
        assert rx.fullmatch(text), text
        assert rx.fullmatch(text.replace("\u2019", "'")), text
    assert not rx.search("cannot open file")
    assert not rx.search("Cannot Open Shared Object File")  # retyped: the tolerant pass's
