"""The DirectML plugin's own DirectML library that does not load is the plugin's install (or
TF_DIRECTML_PATH), never a CUDA library.

Wording: the plugin's loader (tensorflow-directml-plugin tfdml/core/dml_dso_loader.cc
GetDsoHandle: "Could not load dynamic library '<file>'; dlerror: <error>", the file
libdirectml.<sha>.so / directml.<sha>.dll, or the plain name under TF_DIRECTML_PATH), and
glibc's dlerror; the ``directml`` row of ``knowledge/data/gpu_stack_libraries.toml``."""

from __future__ import annotations

import pytest

from .kind_helpers import fix_text, ids, known


@pytest.mark.parametrize("lib", [
    "libdirectml.0de2b4431c6572ee74152a7ee0cd3fb1534e4a95.so",
    "libdirectml.so",
])
def test_bundled_directml_library_points_at_the_plugin_install(lib: str) -> None:
    line = (f"2022-06-01 10:00:00.000001: W tensorflow/c/logging.cc:37] Could not load dynamic "
            f"library '{lib}'; dlerror: {lib}: cannot open shared object file: No such file or "
            "directory")
    f = known([line], "directml-plugin-not-loaded")
    assert lib in f.title and "own DirectML library" in f.title
    text = fix_text(f)
    assert "tensorflow-directml-plugin" in text and "TF_DIRECTML_PATH" in text
    assert "and-cuda" not in text
    assert not any(i.startswith("library-not-loaded") for i in ids([line]))
