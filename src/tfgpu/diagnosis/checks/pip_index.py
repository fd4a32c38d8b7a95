"""pip that could not read the package index: ``pip-index-unreachable``.

Sources (message formats): pip's link collector logs "Could not fetch URL %s: %s - skipping"
when the index page of a project cannot be read (``pip/_internal/index/collector.py``
``_handle_get_page_fail`` / ``_handle_get_simple_fail``, pip 10-24; ``pip/index.py`` in pip 9),
and warns "pip is configured with locations that require TLS/SSL, however the ssl module in
Python is not available." when the interpreter was built without ``ssl``; urllib3 logs
"Retrying (Retry(total=N, ...)) after connection broken by '<Error>(...)': <path>" before each
retry (``urllib3/connectionpool.py``); pip's "401 Error, Credentials not correct for <url>"
(``network/auth.py``) and "The repository located at <host> is not a trusted or secure host and
is being ignored." (an http index without --trusted-host). pip then knows no release of the
project at all and ends with "Could not find a version that satisfies the requirement <name>
(from versions: none)" (older pip: "(from versions: )") and "No matching distribution found for
<name>": the same words as for a project without a wheel for this Python, which they are not
here. A retry of a page with tries left ("total=3") may still get through, unless the proxy
refuses it (urllib3's ProxyError, "407 Proxy Authentication Required": a retry sends the same
request); a paste cut before the run's last retry is variant ``retried``, a hedge. Threads:
HypothesisWorks/hypothesis#1297 and threat9/routersploit#549 (an index that
refuses TLS 1.0: "tlsv1 alert protocol version"), pypa/pip#5776 (Python without its ssl
module).
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def listed_releases(h: Hit) -> list[str]:
    """The releases a pip line's "(from versions: ...)" list names, in its order; ``[]`` for
    "(from versions: none)", "(from versions: )" and a line without the list."""
    return [v.strip() for v in (h.g("versions") or "").split(",")
            if v.strip() and v.strip() != "none"]


def _no_release_listed(ctx: Facts, h: Hit) -> bool:
    """Whether a ``pip.no_dist`` hit lists no release: "(from versions: none)", "(from
    versions: )", or a "No matching distribution found" line (which carries no list) for a
    project no line of the log lists releases of."""
    if h.g("versions") is not None:
        return not listed_releases(h)
    return not any(listed_releases(o) for o in ctx.h("pip.no_dist").all()
                   if o.g("pkg") == h.g("pkg"))


#: The project whose index page a URL or a retried request names ("/simple/<project>/").
_SIMPLE_PAGE = re.compile(r"/simple/(?P<name>[A-Za-z0-9][\w.-]{0,100})/")


def _key(name: str) -> str:
    """A project name as pip compares them (PEP 503: case and runs of ``-_.`` folded)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def _blocks(b: Hit, project: str) -> bool:
    """Whether the unreachable-index line ``b`` kept pip from reading ``project``'s page: a
    Python without ssl (every page), a "Could not fetch URL" of that project's page, or
    urllib3's last retry (``total=0``) of it; a retry with tries left may have succeeded, and
    a page of another project says nothing of this one."""
    if b.g("nossl") or b.g("untrusted"):
        return True
    if not _page_of(b, project):
        return False
    return b.g("total") is None or b.g("total") == "0" or _persistent(b)


def _page_of(b: Hit, project: str) -> bool:
    """Whether the line ``b`` names ``project``'s index page ("/simple/<project>/")."""
    page = _SIMPLE_PAGE.search(b.text)
    return page is not None and _key(page.group("name")) == _key(project)


def _retried(b: Hit, project: str) -> bool:
    """Whether ``b`` is urllib3's "Retrying ... after connection broken by" of ``project``'s
    page, with tries left or not: a paste may cut the run before its last try."""
    return b.g("total") is not None and _page_of(b, project)


def _persistent(b: Hit) -> bool:
    """A retry whose failure a retry does not cure: a proxy that refuses the connection or
    asks for credentials (urllib3's ProxyError, "407 Proxy Authentication Required")."""
    return b.g("err") == "ProxyError" or " 407 " in f" {b.text} "


def index_unread(ctx: Facts, h: Hit) -> bool:
    """Whether the log shows pip unable to read the index page of the project that pip's line
    ``h`` names (pattern ``pip.index_unreachable``, :func:`_blocks`) at or before it."""
    project = h.g("pkg") or ""
    return any(b.line <= h.line and _blocks(b, project)
               for b in ctx.h("pip.index_unreachable").all())


def index_maybe_unread(ctx: Facts, h: Hit) -> bool:
    """:func:`index_unread`, or any retry of that project's page before ``h`` (urllib3's
    "Retrying (Retry(total=N ...)) after connection broken by ...": whether a later try got
    through the log does not show)."""
    project = h.g("pkg") or ""
    return index_unread(ctx, h) or any(
        b.line <= h.line and _retried(b, project) for b in ctx.h("pip.index_unreachable").all())


def index_unread_before(ctx: Facts, h: Hit) -> bool:
    """Whether pip's ``pip.no_dist`` line ``h`` lists no release and the log shows pip unable
    to read the index before it (pattern ``pip.index_unreachable``): its empty list then says
    nothing about the project's wheels, and the no-wheel readings leave it alone."""
    return _no_release_listed(ctx, h) and index_unread(ctx, h)


def _tf_family(name: str) -> bool:
    """TensorFlow's own names and its companions' (tensorflow-*, tf-*: their readings weigh
    retries themselves, pip_reports.py nightly_build_pin, no_matching_wheel.py)."""
    return _key(name).startswith(("tensorflow", "tf", "tb-nightly"))


def retried_before(ctx: Facts, h: Hit) -> bool:
    """Whether pip's ``pip.no_dist`` line ``h`` for a name outside TensorFlow's family lists
    no release while the log shows only retries with tries left of that project's page before
    it (:func:`_retried`; not :func:`index_unread`): a later try may have read the page, so
    the empty list is no sure "no file here" (variant ``retried`` of pip-index-unreachable,
    a hedge)."""
    return (not _tf_family(h.g("pkg") or "") and _no_release_listed(ctx, h)
            and not index_unread(ctx, h) and index_maybe_unread(ctx, h))


def pip_index_unreachable(ctx: Facts) -> list[Finding]:
    """``pip-index-unreachable``: pip could not read the index (pattern
    ``pip.index_unreachable``) and then found no release of a project it was asked for
    (``pip.no_dist`` listing none).  Variant ``no-ssl`` for a Python without its ssl module,
    ``tls`` when the failure names SSL/TLS; the default names the network, a proxy and TLS
    together (the reason may stand on lines the log cut).  Nothing when pip listed releases
    (it read the index after all) or reported no failure."""
    blocked = ctx.h("pip.index_unreachable").all()
    if not blocked:
        return []
    failed = [h for h in ctx.h("pip.no_dist").all()
              if index_unread_before(ctx, h) or retried_before(ctx, h)]
    if not failed:
        return []
    project = failed[0].g("pkg") or ""
    retries = [b for b in blocked if b.line <= failed[0].line and _retried(b, project)]
    blocked = [b for b in blocked if b.line <= failed[0].line and _blocks(b, project)]
    if not blocked:
        # only retries with tries left (a paste cut before the last): a later try may have
        # read the page, which then had no file for this Python/platform
        return [catalogue.make(
            "pip-index-unreachable", variant="retried", pkg=failed[0].g("pkg") or "the project",
            line=str(retries[0].line), err=retries[-1].g("err") or "a connection error",
            evidence=log_evidence(retries[-1:], failed[:1]))]
    first = blocked[0]
    words = " ".join(b.text for b in blocked)
    if any(b.g("nossl") for b in blocked):
        variant = "no-ssl"
    elif "SSL" in words or "TLS" in words or "ssl" in words:
        variant = "tls"
    else:
        variant = None
    return [catalogue.make(
        "pip-index-unreachable", variant=variant, pkg=failed[0].g("pkg") or "the project",
        line=str(first.line), evidence=log_evidence(blocked[:2], failed[:1]),
    )]


__all__ = ["index_maybe_unread", "index_unread", "index_unread_before", "listed_releases",
           "pip_index_unreachable", "retried_before"]
