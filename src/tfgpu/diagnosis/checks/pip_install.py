"""Fault kind PIP INSTALL: pip could not install TensorFlow for reasons of the index, the
filesystem or the environment rather than TensorFlow's own wheels.

* ``tensorflow[and-cuda]`` pinning TensorRT wheels pip cannot install: 2.14.x pins
  ``tensorrt==8.5.3.1`` (wheels for Python <= 3.10 only, tensorflow/tensorflow#61986), 2.15.0
  pins ``tensorrt==8.6.1.post1`` with ``tensorrt-libs``/``tensorrt-bindings==8.6.1``, which the
  index does not serve (tensorflow/tensorflow#66517); 2.15.0.post1 drops them
  (tensorflow/tensorflow#62520).  The pins are ``tf_pip_cuda_wheels.toml`` rows (the wheels'
  METADATA), read through :meth:`tfgpu.knowledge.Knowledge.and_cuda_pins`.
* pip's own OSError hints (``pip/_internal/commands/install.py``
  ``create_os_error_message``): Windows long paths off, access denied (a file in use on
  Windows, an unwritable site-packages), and no space left on the disk pip writes to.
* pip's HashMismatch (``pip/_internal/exceptions.py``): a downloaded file whose hash is not
  the one the index link or the requirements file gives.
* A distribution file's link that answers 404 Not Found (pip's ``network/download.py`` and
  ``operations/prepare.py`` wordings, or a web server's error page for the link).
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding
from tfgpu.knowledge import KnowledgeQueryError
from tfgpu.knowledge._rows import parse_version

#: Distribution names of NVIDIA's TensorRT wheels that ``tensorflow[and-cuda]`` pinned.
_TENSORRT = ("tensorrt", "tensorrt-libs", "tensorrt-bindings")


def _releases_pinning(f: Facts, package: str, spec: str) -> list[str]:
    """Releases whose ``[and-cuda]`` extra pins ``package`` (to ``spec`` when given)."""
    out = {p.tf_version for p in f.kb.pins
           if c.dist_key(p.package) == package and (not spec or p.specifier == spec)}
    return sorted(out, key=parse_version)


def _release_without_tensorrt(f: Facts, after: str) -> str | None:
    """The first release after ``after`` whose ``[and-cuda]`` extra pins no TensorRT wheel
    (``tf_pip_cuda_wheels.toml``), or ``None``."""
    releases = sorted({p.tf_version for p in f.kb.pins}, key=parse_version)
    for r in releases:
        if parse_version(r) <= parse_version(after):
            continue
        if not any(c.dist_key(p.package) in _TENSORRT for p in f.kb.pins if p.tf_version == r):
            return r
    return None


def and_cuda_tensorrt_pin(f: Facts) -> list[Finding]:
    """pip cannot install a TensorRT wheel that the ``[and-cuda]`` extra of TensorFlow pins
    (``No matching distribution found for tensorrt-libs==8.6.1; extra == "and-cuda"``).

    The release comes from pip's ``(from tensorflow[and-cuda]==X)`` line or the log's version,
    else from the pin itself (the releases whose extra pins that exact specifier)."""
    hits: list[Hit] = [h for h in f.h("pip.no_dist").all()
                       if c.dist_key(h.g("pkg") or "") in _TENSORRT]
    frm = f.h("eco.and_cuda_from")
    if not hits or not (frm.count or any("and-cuda" in h.text or "and_cuda" in h.text
                                         for h in hits)):
        return []
    h = hits[0]
    package = c.dist_key(h.g("pkg") or "tensorrt")
    spec = (h.g("spec") or "").strip()
    tf = next((x.g("v") for x in frm.all() if x.g("v")), None) or f.tf_version
    pinning = _releases_pinning(f, package, spec)
    if tf is None and pinning:
        tf = pinning[0] if len(pinning) == 1 else f"{pinning[0]}-{pinning[-1]}"
    base = (tf or "").split("-")[0]
    fixed = _release_without_tensorrt(f, base) if base else None
    listed = (h.g("versions") or "").strip()
    cause = (f"The [and-cuda] extra of TensorFlow {tf or '2.14-2.15'} pins NVIDIA's TensorRT "
             f"wheels ({package}{spec}, knowledge rows tf_pip_cuda_wheels "
             f"{', '.join(pinning) or 'of 2.14-2.15'})"
             ", and pip finds no such wheel for this Python and platform"
             + (f" (it offers only {listed.split(',')[-1].strip()} and older pre-releases)"
                if listed else "")
             + ": 2.14.x pins tensorrt 8.5.3.1, built for Python <= 3.10 only, and 2.15.0 pins "
             "tensorrt-libs/-bindings 8.6.1, which the index does not serve. TensorRT is "
             "optional for TensorFlow (TF-TRT only); the release "
             + (f"{fixed} " if fixed else "2.15.0.post1 ")
             + "drops it from the extra (tensorflow/tensorflow#62520).")
    fix = [c.pip(f, "install", f"tensorflow[and-cuda]=={fixed}")
           + "   # the extra without the TensorRT pin" if fixed else
           c.pip(f, "install", "tensorflow[and-cuda]") + "   # a release without the pin"]
    floor = _driver_note(f, base, fixed) if fixed else None
    if floor:
        fix.append(floor)
    if base.startswith("2.14"):
        fix.append("# or keep 2.14 on Python 3.10 (tensorrt 8.5.3.1 has wheels up to 3.10): "
                   "python3.10 -m venv tf && . tf/bin/activate")
    return [catalogue.make(
        "tensorflow-and-cuda-tensorrt-pin", tf=tf or "2.14-2.15", package=package,
        pin=spec, evidence=log_evidence(hits, frm.first[:1]), cause=cause, fix=tuple(fix),
        knowledge_ref=f"tf_pip_cuda_wheels:{pinning[0]}-{package}" if pinning else None,
    )]


def _cuda_major(f: Facts, release: str) -> int | None:
    """The CUDA major of the nvidia-* wheels ``release``'s ``[and-cuda]`` extra pins."""
    return next((p.cuda_major for p in f.kb.pins
                 if p.tf_version == release and p.cuda_major is not None), None)


def _driver_note(f: Facts, pinned: str, fixed: str) -> str | None:
    """A note when ``fixed`` brings another CUDA major version than ``pinned`` (2.14: CUDA 11
    wheels, 2.15: CUDA 12): the driver that CUDA major needs (``cuda_min_driver.toml`` family
    floor)."""
    old, new = _cuda_major(f, pinned), _cuda_major(f, fixed)
    if new is None or old == new:
        return None
    try:
        minimum = f.kb.min_driver(f"{new}.0", "linux")
    except KnowledgeQueryError:
        return None
    if minimum is None:
        return None
    return (f"# {fixed} installs CUDA {new} libraries: they need NVIDIA driver "
            f"{minimum.version} or newer (nvidia-smi shows yours; knowledge row "
            f"{minimum.row.ref})")


def pip_windows_long_paths(f: Facts) -> list[Finding]:
    """pip's own hint: a path over 260 characters failed because Windows long paths are off
    (``commands/install.py``: "This error might have occurred since this system does not
    have Windows Long Path support enabled")."""
    return c.from_log(f, "eco.pip_long_path", lambda hits, _first: catalogue.make(
        "pip-windows-long-paths", evidence=log_evidence(hits),
    ))


def pip_install_permission_denied(f: Facts) -> list[Finding]:
    """pip could not write a file: ``[WinError 5] Access is denied`` (a TensorFlow DLL in use
    by a running Python or Jupyter kernel, or a system-wide Python) or ``[Errno 13]
    Permission denied`` (a site-packages the user cannot write)."""
    hits = f.h("eco.pip_denied").all()
    if not hits:
        return []
    path = next((h.g("path") for h in hits if h.g("path")), None)
    windows = f.windows or any("WinError" in h.text for h in hits) or bool(
        path and len(path) > 2 and path[1] == ":")
    where = f" ({path})" if path else ""
    fix: tuple[str, ...]
    if windows:
        cause = (f"pip could not replace or create a file{where}: on Windows a file that a "
                 "running process has loaded cannot be replaced, so a Python, Jupyter kernel "
                 "or IDE that imported TensorFlow keeps its .pyd/.dll locked; a Python "
                 "installed for all users (C:\\Program Files, C:\\PythonXY) also needs an "
                 "administrator shell.")
        fix = ("# close every Python, Jupyter kernel and IDE that imported TensorFlow, then "
               "retry",
               "py -m venv C:\\tf; C:\\tf\\Scripts\\activate   # a virtual environment you own",
               "pip install tensorflow")
    else:
        cause = (f"pip could not write into the environment{where}: the Python is the "
                 "system's (or another user's), whose site-packages only root may change.")
        fix = ("python3 -m venv ~/tf && . ~/tf/bin/activate   # a virtual environment you own",
               "pip install tensorflow   # never sudo pip: it breaks the system Python")
    return [catalogue.make("pip-install-permission-denied", evidence=log_evidence(hits),
                           cause=cause, fix=fix)]


def _asked_tf_requirement(f: Facts) -> str:
    """The TensorFlow requirement the log's pip command (or pip's first "Collecting") asked
    for, with its extras and version kept (``"tensorflow[and-cuda]==2.17.0"``, quoted for
    the shell when it has brackets or a specifier); ``tensorflow`` when the log asks for no
    TensorFlow distribution."""
    for h in f.h("pip.asked_for").all():
        name = (h.g("pkg") or h.g("cmd") or "").rstrip(".")
        if not name or not c.is_tf_distribution(f, name):
            continue
        m = re.search(re.escape(name) + r"(?:\[[\w,\s-]{1,60}\])?"
                      r"(?:[=<>!~]=?[\w.*]{1,30}(?:,[=<>!~]=?[\w.*]{1,30}){0,5})?", h.text)
        req = m.group(0) if m else name
        return f'"{req}"' if req != name else req
    return "tensorflow"


def pip_install_no_space(f: Facts) -> list[Finding]:
    """``pip-install-no-space``: pip's "Could not install packages due to an OSError: [Errno
    28] No space left on device" (``commands/install.py`` create_os_error_message; ENOSPC): a
    disk pip writes to is full: its download cache, the temporary folder it unpacks wheels in
    (``TMPDIR``; often a small tmpfs /tmp or a container's layer), or site-packages."""
    hits = f.h("eco.pip_no_space").all()
    if not hits:
        return []
    req = _asked_tf_requirement(f)
    if f.windows:
        fix = ("# free space on the drive that holds %TEMP% and the environment (Settings > "
               "System > Storage), or point TEMP/TMP at a drive with room: set TEMP=D:\\tmp & "
               "set TMP=D:\\tmp",
               "pip cache purge   # pip's download cache",
               f"pip install --no-cache-dir {req}   # then retry without caching the wheels")
    else:
        fix = ("df -h /tmp ~/.cache/pip \"$(python -c 'import sysconfig; "
               "print(sysconfig.get_paths()[\"purelib\"])')\"   # which of them is full",
               "pip cache purge   # pip's download cache",
               "mkdir -p ~/pip-tmp && TMPDIR=~/pip-tmp pip install --no-cache-dir "
               f"{req}   # unpack on a disk with room, without caching the wheels"
               + (" (in a Dockerfile: RUN pip install --no-cache-dir ...)"
                  if f.in_container else ""))
    return [catalogue.make("pip-install-no-space", evidence=log_evidence(hits[:1]), fix=fix)]


def pip_hash_mismatch(f: Facts) -> list[Finding]:
    """``pip-hash-mismatch``: pip's "THESE PACKAGES DO NOT MATCH THE HASHES FROM THE
    REQUIREMENTS FILE" (``exceptions.py`` HashMismatch): the file pip downloaded (or took from
    its cache) does not have the hash the index link (``#sha256=``) or a ``--hash`` pin gives.
    Causes: a download cut short or altered on the way (a flaky network or a proxy; TensorFlow's
    and NVIDIA's wheels are large), a corrupt copy in pip's cache, or ``--hash`` pins written
    for another file (another version or platform)."""
    head = f.h("eco.pip_hash_mismatch").all()
    if not head:
        return []
    lines = [h for h in f.h("eco.pip_hash_line").all() if h.line > head[0].line][:2]
    return [catalogue.make(
        "pip-hash-mismatch", evidence=log_evidence(head[:1], lines),
        fix=("pip install --no-cache-dir --force-reinstall <the package it names>   # "
             "download it again, not from pip's cache",
             "pip config list   # an index-url / proxy / mirror in use: try without it, or "
             "another network",
             "# pinned --hash lines in a requirements file: regenerate them for the versions "
             "and platform you install (pip-compile --generate-hashes, or pip hash <file>)"),
    )]


def _wheel_parts(name: str) -> tuple[str, str, str, str] | None:
    """``(distribution, version, python tag, platform tag)`` of a wheel file name (PEP 427:
    ``{distribution}-{version}(-{build})?-{python}-{abi}-{platform}.whl``; the distribution's
    underscores read as hyphens), ``None`` for another name."""
    if not name.endswith(".whl"):
        return None
    parts = name[:-4].split("-")
    if len(parts) not in (5, 6):
        return None
    return parts[0].replace("_", "-"), parts[1], parts[-3], parts[-1]


def wheel_link_not_found(f: Facts) -> list[Finding]:
    """``wheel-link-not-found``: a distribution file's link answered HTTP 404 Not Found, in
    pip's words (``eco.pip_file_404``: "HTTP error 404 while getting <link>", "Could not
    install requirement <req> because of HTTP error 404 Client Error: Not Found for url:
    <url>") or as a web server's error page for a wheel link (``eco.http_404_page`` with an
    "HTTP ERROR 404" line: Jetty, which serves Jenkins build artifacts).  No file of that
    name is at that address; the wheel name says which release, Python and platform the
    link was for, and the fix installs by version from the index instead.  A link pip took
    from an index page (pip prints it "(from <page>)") is the index's or mirror's stale
    entry."""
    hits = f.h("eco.pip_file_404").all()
    status = []
    if not hits and f.h("eco.http_error_404").count:
        hits = f.h("eco.http_404_page").all()
        status = f.h("eco.http_error_404").all()[:1]
    if not hits:
        return []
    url = hits[0].g("url") or ""
    name = url.rsplit("/", 1)[-1]
    parts = _wheel_parts(name)
    from_index = any(" (from http" in h.text for h in hits)
    what = (f"{parts[0]} {parts[1]} for Python tag {parts[2]}, platform {parts[3]}"
            if parts else "a distribution file")
    cause = (f"The server answered 404 Not Found for {name} ({what}): no file of that name "
             "is at that address, so there was nothing to install. Nothing on this machine is "
             "at fault. A link answers 404 when it names a release, Python tag or platform the "
             "server has no file for (a link copied for another set-up, or a file never "
             "uploaded), or when the file was moved, renamed or removed (nightly builds "
             "replaced by newer ones, a release candidate's name kept after the final release, "
             "a stale link in install instructions).")
    if from_index:
        cause += (" pip took this link from an index page (the '(from ...)' it prints): that "
                  "index or a mirror or proxy in between lists a file its server does not "
                  "have (a stale mirror or cache).")
    fix = []
    if parts:
        fix.append(f'pip install "{parts[0]}=={parts[1]}"   # by version from the package '
                   "index instead of the link: pip picks the file for this Python and "
                   "platform, if that release has one (else: No matching distribution found)")
    fix.append("# or take the current link for your Python and platform from the project's "
               "install page; check the file name's version, Python tag (cp3X) and platform "
               "against the files the server lists")
    if from_index:
        fix.append("pip config list   # an index-url or mirror in use: retry without it "
                   "(pip config unset global.index-url, then pip install --no-cache-dir ...)")
    return [catalogue.make(
        "wheel-link-not-found", name=name, evidence=log_evidence(status, hits[:2]),
        cause=cause, fix=tuple(fix),
    )]


def _near(hits: list[Hit], anchors: list[Hit], window: int) -> list[Hit]:
    return [h for h in hits if any(abs(h.line - a.line) <= window for a in anchors)]


def pip_resolver_notice(f: Facts) -> list[Finding]:
    """pip's "dependency resolver does not currently take into account all the packages that
    are installed" with conflicts that name no TensorFlow distribution (those are
    ``pip-tensorflow-pin-conflict``): the install went through, another installed package's
    requirement is now unmet.  Without the header (a paste of the conflict lines alone), only
    the lines that name a version installed that the package does not accept ("..., but you
    have protobuf 3.19.6 which is incompatible") count; "which is not installed" alone is
    pip check's list, not an install's outcome."""
    hdr = f.h("eco.pip_resolver_header").all()
    lines = [h for h in f.h("pip.check_conflict").all()
             if not (h.g("pkg") or "").lower().replace("_", "-").startswith(
                 ("tensorflow-gpu", "tensorflow-cpu", "tensorflow-intel", "tensorflow-macos"))
             and (h.g("pkg") or "").lower() not in ("tensorflow", "tf-nightly")]
    if not hdr:
        # pip's install-time form only ("..., but you have X 1.0 which is incompatible."):
        # pip check's list ("X 1.0 has requirement Y, but you have Y 2.0.") is no install
        bare = [h for h in lines if h.g("have") and "which is incompatible" in h.text]
        if not bare or len(bare) < len([h for h in f.h("pip.check_conflict").all()
                                        if h.g("have") and "which is incompatible" in h.text]):
            return []  # none, or TensorFlow's own pins among them: pip-tensorflow-pin-conflict
        return [catalogue.make(
            "pip-installed-breaks-other-package", pkg=bare[0].g("pkg") or "another package",
            evidence=log_evidence(bare, limit=5))]
    near = _near(lines, hdr, 30)
    if not near and _near(f.h("pip.check_conflict").all(), hdr, 30):
        return []  # only TensorFlow's own pins are listed: pip-tensorflow-pin-conflict
    first = near[0] if near else None
    return [catalogue.make(
        "pip-installed-breaks-other-package",
        pkg=(first.g("pkg") if first else None) or "another package",
        evidence=log_evidence(hdr, near, limit=5),
    )]
