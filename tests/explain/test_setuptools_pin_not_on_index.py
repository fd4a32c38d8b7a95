"""setuptools (``python setup.py install/develop``) read the index for a pinned TensorFlow and
found nothing it could install: no wheel of that release for this Python/OS, or a setuptools
older than easy_install's wheel support (platform fact ``setuptools-easy-install-wheels-first``).
An unpinned requirement, a pin without the index line, and a plain requirement beside an
installed tensorflow-gpu keep their findings.  Rows: kind_cases/setuptools_pin_not_on_index.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("setuptools_pin_not_on_index")
