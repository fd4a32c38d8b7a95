"""A distribution file's link (a wheel URL given to pip, or opened in a browser) that answers
HTTP 404 Not Found: pip's wordings across its releases and a web server's error page, the
wheel name read into release, Python tag and platform, and a link from an index page named as
the index's stale entry (checks/pip_install.py).  Rows in kind_cases/wheel_link_not_found.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("wheel_link_not_found")
