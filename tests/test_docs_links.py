"""Every relative link in the README and docs/ resolves inside a clone (issue 12: the
README's link to the guide pointed outside the repository)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINK = re.compile(r"\]\(([^)\s]+)\)")


def _broken() -> list[str]:
    bad = []
    for doc in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for target in LINK.findall(doc.read_text(encoding="utf-8")):
            if re.match(r"[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
                continue  # a URL or an anchor in the same page
            path = (doc.parent / target.split("#", 1)[0]).resolve()
            if not path.exists() or ROOT.resolve() not in path.parents:
                bad.append(f"{doc.relative_to(ROOT)}: {target}")
    return bad


def test_relative_links_resolve_inside_the_repository() -> None:
    assert _broken() == []


def test_the_readme_links_the_guide_page() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "](docs/guide.md)" in readme
    guide = (ROOT / "docs" / "guide.md").read_text(encoding="utf-8")
    for section in ("2.1", "2.2", "3.3", "4.2", "5.3", "6.3"):
        assert f"| {section} |" in guide
