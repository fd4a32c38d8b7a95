"""glibc's dlerror "<soname>: cannot open shared object file: <strerror>" reads the same in
every language glibc translates it into (``facts/dlerror_text.py``, glibc 2.36's
po files): Python's ImportError/OSError and TensorFlow's dso_loader "dlerror:" lines."""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines
from tfgpu.facts.dlerror_text import CANNOT_OPEN_EN, NO_SUCH_FILE_EN, TRANSLATIONS

ROWS = [("en", (CANNOT_OPEN_EN, NO_SUCH_FILE_EN)), *sorted(TRANSLATIONS.items())]


def _ids(lines: list[str]) -> set[str]:
    return {f.id for f in explain_lines(lines)}


@pytest.mark.parametrize(("lang", "texts"), ROWS, ids=[r[0] for r in ROWS])
def test_an_import_error_naming_the_cuda_runtime_is_that_library_in_every_language(
        lang: str, texts: tuple[str, str]) -> None:
    cannot, enoent = texts
    for loader in ("ImportError", "OSError"):
        ids = _ids(["Traceback (most recent call last):",
                    '  File "train.py", line 1, in <module>',
                    f"{loader}: libcudart.so.11.0: {cannot}: {enoent}"])
        assert "library-not-loaded-libcudart-so-11-0" in ids, (lang, loader, ids)
        assert "unrecognised-error" not in ids, (lang, loader, ids)


@pytest.mark.parametrize(("lang", "texts"), ROWS, ids=[r[0] for r in ROWS])
def test_a_missing_dependency_in_a_dso_loader_line_is_named_in_every_language(
        lang: str, texts: tuple[str, str]) -> None:
    cannot, enoent = texts
    line = ("2023-01-01 10:00:00.000000: W tensorflow/tsl/platform/default/dso_loader.cc:66] "
            "Could not load dynamic library 'libcudnn_cnn_infer.so.8'; dlerror: "
            f"libcublasLt.so.11: {cannot}: {enoent}")
    assert "library-dependency-missing" in _ids([line]), lang
