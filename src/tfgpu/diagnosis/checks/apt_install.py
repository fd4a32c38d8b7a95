"""apt failing to install the CUDA stack (CUDA toolkit, cuDNN, TensorRT, NCCL, the driver)
from NVIDIA's Debian/Ubuntu repositories, read from apt's own errors.

Source of the wordings: apt's apt-private/private-cacheset.cc ("Unable to locate package %s",
"Version '%s' for '%s' was not found"), private-install.cc ("Unable to correct problems, you
have held broken packages.") and private-output.cc (ShowBroken's "<pkg> : Depends: <dep>
(<version>) but it is not going to be installed").

Facts about NVIDIA's packages, from the package names and versions in its repositories (and
the threads that established each: tensorflow/tensorflow#41848, #35936, #44300,
tensorflow/docs#1462, #1599):
* their Debian versions carry a revision between the upstream version and the CUDA suffix
  (``libcudnn7=7.6.5.32-1+cuda10.1``, ``libnvinfer6=6.0.1-1+cuda10.1``);
* the cuDNN and TensorRT package names carry the library's major version (``libcudnn7``,
  ``libcudnn8``; ``libnvinfer5`` for TensorRT 5, ``libnvinfer6`` for TensorRT 6), so a
  version of another major is another package;
* ``cuda-X-Y`` depends on ``cuda-runtime-X-Y``, which depends on the repository's
  ``cuda-drivers`` of at least that CUDA's minimum driver: a driver package of another branch
  already installed (``nvidia-driver-NNN``) is what apt most often cannot install it beside.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding
from tfgpu.knowledge import docs

#: Debian package names of the CUDA stack NVIDIA's repositories publish.
_CUDA_STACK_DEB = re.compile(
    r"^(?:cuda(?:-[\w.-]+)?|libcudnn\d*(?:-[\w.-]+)?|libnvinfer[\w-]*|python3-libnvinfer[\w-]*"
    r"|tensorrt[\w-]*|libnccl\d*(?:-dev)?|libcublas[\w.-]*|libcufft[\w.-]*|libcusolver[\w.-]*"
    r"|libcusparse[\w.-]*|libcurand[\w.-]*|nvidia-[\w.-]+|libnvidia-[\w.-]+)$")
#: Names only NVIDIA's CUDA repositories publish (a distribution's own nvidia-cuda-toolkit or
#: nvidia-driver-NNN comes from its own archive): the not-located reading names NVIDIA's
#: repository for these only.
_NVIDIA_REPO_ONLY = re.compile(
    r"^(?:cuda(?:-[\w.-]+)?|libcudnn\d*(?:-[\w.-]+)?|libnvinfer[\w-]*|python3-libnvinfer[\w-]*"
    r"|tensorrt[\w-]*|libnccl\d*(?:-dev)?)$")
#: A package named after its library's major: cuDNN up to 8 (libcudnn7, libcudnn8; cuDNN 9
#: is packaged per CUDA major, libcudnn9-cuda-12) and TensorRT (libnvinfer5 .. libnvinfer10),
#: with their -dev companions.
_MAJOR_IN_NAME = re.compile(r"^(?P<base>libcudnn|libnvinfer)(?P<major>\d+)(?P<rest>(?:-dev)?)$")
#: An NVIDIA driver package of one branch (``nvidia-driver-430``).
_DRIVER = re.compile(r"^nvidia-driver-(\d+)$")
#: NVIDIA's version form without the Debian revision: upstream then "+cudaX.Y", for the
#: packages that carry it (cuDNN up to 8, TensorRT, NCCL: "8.9.7.29-1+cuda12.2").
_NO_REVISION = re.compile(r"^(?P<up>\d[\d.]*)\+(?P<cuda>cuda[\d.]+)$")
_REVISION_PACKAGES = re.compile(r"^(?:libcudnn[5-8]|libnvinfer|python3-libnvinfer|libnccl)")
#: Upstream version parts NVIDIA's packages carry: cuDNN and TensorRT four (8.9.7.29,
#: 8.6.1.6), NCCL three (2.18.3); a shorter version is cut, and no revision guess fits it.
_UPSTREAM_PARTS = (("libnccl", 3), ("", 4))
#: Packages of the CUDA toolkit's driver chain (cuda-X-Y, cuda-drivers, nvidia-driver-NNN):
#: the driver-branch hedge is about these.
_CUDA_DRIVER_CHAIN = re.compile(r"^(?:cuda(?:-[\w.-]+)?|nvidia-driver-\d+|libnvidia-[\w.-]+)$")


#: NVIDIA's versioned CUDA package names (cuda-nvcc-11-6, cuda-toolkit-12-4, cuda-11-8):
#: the CUDA release in the name's -X-Y suffix.
_CUDA_VERSIONED = re.compile(r"(?P<stem>(?:cuda|libcu\w{1,20}|libnpp\w{0,20}|libnvjitlink)"
                             r"(?:-[a-z]\w{0,30}){0,4})-\d{1,2}-\d{1,2}$")


def _nvidia(pkg: str) -> bool:
    return bool(_CUDA_STACK_DEB.match(pkg.split(":")[0]))


def apt_cuda_stack(ctx: Facts) -> list[Finding]:
    """``apt-cuda-package-unavailable``: apt could not install a CUDA-stack package.  Variants:
    ``version-not-found`` (:func:`_version_not_found`), ``not-located`` and ``unsigned``
    (:func:`_not_located`), ``not-installable``, ``version-pair`` and ``held-broken``
    (:func:`_unmet`); only for the names of :data:`_CUDA_STACK_DEB`."""
    vers = [h for h in ctx.h("apt.version_not_found").all() if _nvidia(h.g("pkg") or "")]
    if vers:
        # "Package X is not available, but is referred to by another package" above it: no
        # source has any version of X (apt-private/private-install.cc), so the pin's spelling
        # is not the fault (review 49 #6: libcudnn8 on Ubuntu 24.04)
        referred = [r for r in ctx.h("ctx.apt_referred").all()
                    if r.g("pkg") == vers[0].g("pkg") and r.line < vers[0].line]
        if referred:
            pkg = vers[0].need("pkg")
            return [catalogue.make(
                "apt-cuda-package-unavailable", variant="no-version-at-all", pkg=pkg,
                evidence=log_evidence(referred[:1], vers[:1]),
                fix=(f"apt-cache policy {pkg}   # 'Candidate: (none)': no source apt reads "
                     "has any version of it",
                     "grep -rh ^deb /etc/apt/sources.list /etc/apt/sources.list.d/; lsb_release "
                     "-cs   # NVIDIA's repository is per distribution release: is it added, "
                     "and does that release's repository carry this package?",
                     f"apt-cache search --names-only '^{re.sub(r'[0-9].*$', '', pkg)}'   # the "
                     "names it does carry (a newer major, e.g. cuDNN 9's libcudnn9-cuda-12), or "
                     "install the library another way (TensorFlow: pip install "
                     "\"tensorflow[and-cuda]\")"),
            )]
        return [_version_not_found(vers)]
    located = [h for h in ctx.h("apt.not_located").all()
               if _NVIDIA_REPO_ONLY.match(_located_name(h))]
    if located:
        return [_not_located(ctx, located)]
    drivers = [h for h in ctx.h("apt.not_located").all() if _DRIVER.match(_located_name(h))
               and not h.g("pkg2")]
    keys = [k for k in ctx.h("apt.repo_unsigned").all() if "nvidia" in k.text.lower()]
    if drivers and keys:
        return [_not_located(ctx, drivers)]  # NVIDIA's repository unread: it has the branches
    if drivers and any(h.g("board") for h in ctx.h("tools.arm_board").all()):
        return []  # a Jetson (or a Raspberry Pi): the driver comes with the board's Linux
    if drivers:
        variant = ("driver-in-image" if all(_in_image_build(ctx, h) for h in drivers)
                   else "driver-in-wsl" if ctx.wsl else "driver-not-located")
        return [catalogue.make(
            "apt-cuda-package-unavailable", variant=variant,
            pkg=", ".join(dict.fromkeys(_located_name(h) for h in drivers)),
            evidence=log_evidence(drivers, limit=3),
        )]
    held = ctx.h("apt.held_broken").all()
    # apt prints the unmet dependencies, then "held broken packages": either marks the failure
    deps = [h for h in ctx.h("apt.depends").all()
            if (_nvidia(h.g("pkg") or "") or _nvidia(h.g("dep") or ""))
            and (held or "not going to be installed" in h.text)]
    return [_unmet(ctx, deps, held)] if deps else []


#: apt's lines for a repository it read without trouble ("Hit:1 <url>", "Get:2 <url>",
#: "Ign:3 <url>"): a key on the lines below belongs to another repository's "Err:" line.
_FETCHED = re.compile(r"\b(?:Hit|Get|Ign):\d*\s")

def _repo_of(key: Hit, repos: list[Hit]) -> Hit | None:
    """The NVIDIA repository line (pattern ``apt.nvidia_repo``) a key line belongs to: the key
    on that line itself, or within :func:`_reach` lines below it (apt's two-line report, a
    hard-wrapped paste); a "Hit:" of NVIDIA's repository above another repository's error is
    none. ``None`` when no NVIDIA repository owns it."""
    return next((r for r in reversed(repos) if r.line == key.line
                 or (0 < key.line - r.line <= _reach(r) and not _FETCHED.search(r.text))),
                None)


def _reach(repo_line: Hit) -> int:
    """How many lines below an NVIDIA repository line its key may stand: the next one after
    apt's "Err:" line; two after a GPG-error or unsigned line (or its URL) a hard wrap
    split."""
    return 1 if "Err:" in repo_line.text else 2


#: NVIDIA's CUDA repository signing key since April 2022 (3bf863cc.pub; NVIDIA Technical
#: Blog, "Updating the CUDA Linux GPG Repository Key"): a NO_PUBKEY naming it is a system
#: or image set up before the change, with only the retired key (7fa2af80).
_NVIDIA_2022_KEY = "A4B469963BF863CC"


def apt_nvidia_key_missing(ctx: Facts) -> list[Finding]:
    """``nvidia-apt-repository-key-missing``: apt could not verify one of NVIDIA's repositories
    (pattern ``apt.repo_unsigned`` on a line naming it, or within the two lines after the line
    that does: pattern ``apt.nvidia_repo``), so ``apt-get update`` fails or reads nothing from
    it, and no package is named as missing (that is :func:`apt_cuda_stack`'s ``unsigned``
    variant).  Variant ``rotated`` for the CUDA repository's 2022 key
    (:data:`_NVIDIA_2022_KEY`): a base image or system older than the key change; variant
    ``container-toolkit`` for the NVIDIA Container Toolkit's repository (nvidia.github.io),
    which has its own key."""
    repos = ctx.h("apt.nvidia_repo").all()
    keys = [(k, r) for k in ctx.h("apt.repo_unsigned").all()
            if (r := _repo_of(k, repos)) is not None]
    if not keys or ctx.h("apt.not_located").count:
        return []
    key = next((k.need("key") for k, _ in keys if k.g("key")), None)
    ev = log_evidence([k for k, _ in keys], limit=2)
    if any(r.g("toolkit") for _, r in keys):
        return [catalogue.make(
            "nvidia-apt-repository-key-missing", variant="container-toolkit",
            key=key or "its signing key", evidence=ev,
            fix=("curl -fsSL https://nvidia.github.io/libnvidia-container/gpgkey | sudo gpg "
                 "--dearmor -o /usr/share/keyrings/nvidia-container-toolkit-keyring.gpg",
                 "# and the repository's list file with signed-by=/usr/share/keyrings/"
                 "nvidia-container-toolkit-keyring.gpg, as NVIDIA's Container Toolkit "
                 "install guide writes it; then: sudo apt-get update"))]
    image = any(_in_image_build(ctx, k) for k, _ in keys)
    where = next((r for _, r in keys if r.g("distro")), None)
    base = docs.url("nvidia-cuda-apt-repos")
    repo = (f"{base}{where.need('distro')}/{where.need('arch')}" if where is not None
            else f"{base}<distro>/<arch>")
    if image:
        # a Dockerfile runs as root (no sudo in the images) and may lack wget: apt-key's own
        # fetch is what tensorflow/models#10649 used
        fix = ["# a newer base image (tensorflow/tensorflow and nvidia/cuda images built after "
               "April 2022 carry the new key), or in the Dockerfile before apt-get update: "
               "RUN rm -f /etc/apt/sources.list.d/cuda.list /etc/apt/sources.list.d/nvidia-ml.list"
               f" && apt-key del 7fa2af80 && apt-key adv --fetch-keys {repo}/3bf863cc.pub"]
    else:
        fix = ["sudo rm -f /etc/apt/sources.list.d/cuda.list /etc/apt/sources.list.d/"
               "nvidia-ml.list   # the old entries (the machine-learning repository is no "
               "longer updated)",
               "sudo apt-key del 7fa2af80   # the retired key",
               f"wget {repo}/cuda-keyring_1.0-1_all.deb && sudo dpkg -i "
               "cuda-keyring_1.0-1_all.deb   # NVIDIA's key and repository entry",
               "sudo apt-get update"]
    return [catalogue.make(
        "nvidia-apt-repository-key-missing",
        variant="rotated" if key == _NVIDIA_2022_KEY else None,
        key=key or "its signing key", evidence=ev, fix=tuple(fix))]


def _in_image_build(ctx: Facts, hit: Hit) -> bool:
    """``hit`` sits inside an image build's step: after a build step line (pattern
    ``ctx.image_build``) and before the build's end (``ctx.image_build_done``), or carries
    BuildKit's "#N <seconds>" prefix."""
    if hit.text.lstrip().startswith("#"):
        return True
    steps = [h.line for h in ctx.h("ctx.image_build").kept() if h.line < hit.line]
    ends = [h.line for h in ctx.h("ctx.image_build_done").kept() if h.line < hit.line]
    return bool(steps) and (not ends or max(ends) < max(steps))


def _located_name(h: Hit) -> str:
    """The package an ``apt.not_located`` line names ("Unable to locate package X", "Package
    'X' has no installation candidate"), without an architecture suffix."""
    return (h.g("pkg") or h.g("pkg2") or "").split(":")[0]


def _not_located(ctx: Facts, located: list[Hit]) -> Finding:
    """"Unable to locate package": variant ``unsigned`` when the log shows apt could not
    verify NVIDIA's repository (so it read nothing from it), else ``not-located``."""
    pkgs = list(dict.fromkeys(_located_name(h) for h in located))
    keys = [k for k in ctx.h("apt.repo_unsigned").all() if "nvidia" in k.text.lower()]
    if keys:
        key = next((k.g("key") for k in keys if k.g("key")), None)
        return catalogue.make(
            "apt-cuda-package-unavailable", variant="unsigned", pkg=", ".join(pkgs),
            key=f" (NO_PUBKEY {key})" if key else "",
            evidence=log_evidence(keys[:2], located[:1]),
            fix=("# install the repository's signing key: for NVIDIA's CUDA repository its "
                 "cuda-keyring package for this distribution (NVIDIA's CUDA installation "
                 "guide, network repository), then:",
                 "sudo apt-get update   # no GPG error on NVIDIA's repository this time",
                 f"apt-cache policy {pkgs[0]}   # then it has a candidate"),
        )
    # "has no installation candidate" for a versioned CUDA name (cuda-nvcc-11-6): apt knows
    # the name from another package's relations (apt-private/private-install.cc: "is not
    # available, but is referred to by another package"), and only NVIDIA's repository names
    # cuda-*-X-Y packages, so it is read; that CUDA release is not published there for this
    # distribution release (bazel-contrib/rules_cuda#356: ubuntu2204's repository has no
    # 11.6 packages)
    known = [h for h in located if h.g("pkg2") and _CUDA_VERSIONED.match(_located_name(h))]
    if known:
        name = _located_name(known[0])
        stem = _CUDA_VERSIONED.match(name)
        prefix = stem.group("stem") if stem else name
        referred = [r for r in ctx.h("ctx.apt_referred").all() if r.g("pkg") == name]
        return catalogue.make(
            "apt-cuda-package-unavailable", variant="not-published", pkg=", ".join(pkgs),
            evidence=log_evidence(referred[:1], located, limit=3),
            fix=(f"apt-cache search --names-only '^{prefix}-[0-9]'   # the CUDA versions the "
                 "repository apt reads has for this distribution release: install one of them",
                 "grep -rh ^deb /etc/apt/sources.list /etc/apt/sources.list.d/ | grep -i cuda; "
                 "grep VERSION_ID /etc/os-release   # NVIDIA's repository is per distribution "
                 "release (ubuntu2004, ubuntu2204, ...)",
                 "# that CUDA release on this machine: NVIDIA's runfile installer of it, or a "
                 "container image of a distribution release its repository covers"),
        )
    return catalogue.make(
        "apt-cuda-package-unavailable", variant="not-located", pkg=", ".join(pkgs),
        evidence=log_evidence(located, limit=3),
        fix=(f"apt-cache policy {pkgs[0]}   # 'Unable to locate' = no source apt reads lists it",
             "grep -rh ^deb /etc/apt/sources.list /etc/apt/sources.list.d/   # is NVIDIA's "
             "CUDA repository among them?",
             "sudo apt-get update   # after adding a repository, before installing from it"),
    )


def _unmet(ctx: Facts, deps: list[Hit], held: list[Hit]) -> Finding:
    """apt's unmet dependencies of a CUDA-stack package (``deps``: its "Depends: ... but"
    lines): a package of the chain no repository has (``not-installable``), two packages asked
    for at different versions (``version-pair``), else the ``held-broken`` hedge, whose driver
    wording is for the CUDA driver chain only."""
    pkg = next((h.g("pkg") for h in deps if h.g("pkg")), None) or "the package"
    dep = deps[0].g("dep") or "a dependency"
    # the chain's other lines (a dependency of a dependency, any package) count too
    chain = [h for h in ctx.h("apt.depends").all()
             if held or "not going" in h.text or "not installable" in h.text]
    missing = next((h for h in chain if (h.g("why") or "") == "it is not installable"), None)
    if missing is not None:
        gone = missing.g("dep") or "a dependency"
        by = missing.g("pkg") or "a package in the chain"
        return catalogue.make(
            "apt-cuda-package-unavailable", variant="not-installable", pkg=pkg, dep=gone,
            by=by, evidence=log_evidence([missing], deps[:1], held[:1]),
            fix=(f"apt-cache policy {gone}   # no candidate: no repository apt reads has it",
                 f"# look up which repository provides {gone} for this distribution release "
                 f"(or what replaced it), or leave out the package that needs it ({by}); then "
                 f"install {pkg} again"),
        )
    pair = next((h for h in deps if (h.g("why") or "").endswith(" is to be installed")
                 and h.g("spec")), None)
    if pair is not None:
        other = (pair.g("why") or "").removesuffix(" is to be installed")
        ppkg, pdep, spec = pair.g("pkg") or pkg, pair.g("dep") or dep, pair.g("spec")
        assert spec is not None  # the line was chosen for its version
        want = spec.removeprefix("=").strip()
        return catalogue.make(
            "apt-cuda-package-unavailable", variant="version-pair", pkg=ppkg, dep=pdep,
            spec=spec, other=other, evidence=log_evidence([pair], held[:1]),
            fix=(f"apt-cache policy {pdep} {ppkg}   # the versions each can have",
                 (f"sudo apt-get install {ppkg} {pdep}={want}   # the same version for both"
                  if spec.startswith("=") else
                  f"# ask for versions of {ppkg} and {pdep} that fit each other")),
        )
    drivers = [_DRIVER.match(x) for x in (pkg, dep)]
    cuda_chain = any(_CUDA_DRIVER_CHAIN.match(x) for x in (pkg, dep))
    if drivers[0] and drivers[1] and drivers[0].group(1) != drivers[1].group(1):
        why = (f"Both are NVIDIA driver packages: in NVIDIA's repository {pkg} depends on "
               f"the {drivers[1].group(1)} branch (an older branch's package can be a "
               f"transitional one that pulls a newer branch, tensorflow/tensorflow#36121), "
               f"so the driver that installs is {dep}'s, and that one cannot go beside what "
               "is installed (a driver of another branch, or packages it recommends left out).")
    elif cuda_chain:
        why = ("With NVIDIA's repositories this is most often the driver: cuda-X-Y depends "
               "on cuda-runtime-X-Y, which depends on the repository's cuda-drivers of at "
               "least that CUDA's minimum driver, and a driver package of another branch "
               "already installed (nvidia-driver-NNN) conflicts with the branch the "
               "repository's cuda-drivers pulls.")
    else:
        why = (f"Which installed package blocks {dep} is not on these lines; installing "
               f"{dep} by itself makes apt say.")
    driver_steps = (("apt-cache policy cuda-drivers; dpkg -l 'nvidia-driver-*' | grep ^ii   # "
                     "the driver branch the repository's CUDA pulls vs the one installed",
                     "# install the driver branch the repository's cuda-drivers wants (sudo "
                     f"apt-get install nvidia-driver-<branch>), or remove the other one, then "
                     f"install {pkg} again") if cuda_chain else ())
    return catalogue.make(
        "apt-cuda-package-unavailable", variant="held-broken", pkg=pkg, dep=dep, why=why,
        evidence=log_evidence(deps[:3], held[:1]),
        fix=(f"sudo apt-get install {dep}   # apt then names the package that blocks it",
             *driver_steps),
    )


def _version_not_found(hits: list[Hit]) -> Finding:
    """The ``version-not-found`` variant for the first of ``hits``, with the version NVIDIA's
    repository would carry when the given one lacks the Debian revision or belongs to a
    package of another major (module docstring)."""
    h = hits[0]
    pkg, ver = h.need("pkg"), h.need("v")
    note, guess = "", None
    m = _NO_REVISION.match(ver) if _REVISION_PACKAGES.match(pkg) else None
    if m is not None:
        parts = next(n for prefix, n in _UPSTREAM_PARTS if pkg.startswith(prefix))
        if len(m.group("up").split(".")) != parts:
            m = None  # a cut upstream version: the revision is not what is missing
    if m is not None:
        guess = f"{m.group('up')}-1+{m.group('cuda')}"
        note = (f" NVIDIA's package versions carry a Debian revision between the version and "
                f"the CUDA suffix ({guess}); '{ver}' has none.")
    named = _MAJOR_IN_NAME.match(pkg)
    major = re.match(r"(\d+)\.", ver)
    other = None
    if named is not None and major is not None and major.group(1) != named.group("major"):
        lib = "cuDNN" if named.group("base") == "libcudnn" else "TensorRT"
        if lib == "cuDNN" and int(major.group(1)) >= 9:
            # cuDNN 9 is packaged per CUDA major: libcudnn9-cuda-12, libcudnn9-dev-cuda-12
            note += (f" {pkg} is cuDNN {named.group('major')}'s package (the name carries the "
                     f"major); version {ver} is cuDNN {major.group(1)}'s, packaged per CUDA "
                     f"major (libcudnn{major.group(1)}-cuda-<CUDA major>"
                     f"{', and -dev-cuda-<CUDA major>' if named.group('rest') else ''}).")
        else:
            other = f"{named.group('base')}{major.group(1)}{named.group('rest')}"
            note += (f" {pkg} is {lib} {named.group('major')}'s package (the name carries the "
                     f"major); version {ver} is {lib} {major.group(1)}'s, packaged as {other}.")
    fix = [f"apt-cache madison {pkg}   # the versions the repositories apt reads have"]
    if other is not None:
        fix.append(f"sudo apt-get install {other}={guess or ver}   # the package of that major")
    elif guess is not None:
        fix.append(f"sudo apt-get install {pkg}={guess}")
    return catalogue.make(
        "apt-cuda-package-unavailable", variant="version-not-found", pkg=pkg, version=ver,
        note=note, evidence=log_evidence(hits, limit=3), fix=tuple(fix),
    )
