"""pip's reports read beyond their header: a post-install check line with a long specifier list,
"The conflict is caused by:" lines pasted without pip's header, a ResolutionImpossible naming
every release of one package, an exact pin to a dated nightly build, and a range above every
release pip lists for a TensorFlow companion.
Rows: kind_cases/pip_reports_beyond_the_header.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("pip_reports_beyond_the_header")
