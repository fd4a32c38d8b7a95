"""NVIDIA driver libraries inside a container image: ``nvidia-driver-library-mismatch``
variants ``image-driver`` and ``in-container``.

A driver/library mismatch ("Failed to initialize NVML: Driver/library version mismatch",
"NVRM: API mismatch: the client has the version X, but this kernel module has the version
Y", TensorFlow's "kernel version X does not match DSO version Y") means the user-space driver
library and the loaded kernel module are of two releases.  On a host that is a driver
upgrade waiting for a reboot.  Inside a container the kernel module is the host's and the
library is whatever the container loads: the host's own copy, which the container runtime
puts in, or one installed in the image.  A copy in the image never matches a host it was not
built for, and rebooting the host does not change it.  Which of the two applies depends on
where the mismatch line was printed, not on a recipe pasted somewhere above it: the nearest
line above it that says so (pattern ``ctx.run_place``: a container command or prompt, a build
step, TensorFlow's host name, a host's prompt, the end of the build).

Sources (checked 2026-12):

* The driver belongs on the host only: NVIDIA/nvidia-docker#417 (flx42, NVIDIA: "You must
  NOT install the NVIDIA driver inside the container"); #1620 (elezar, NVIDIA: "the driver is
  only installed on the host. The NVIDIA Container Toolkit ensures that the required driver
  libraries are made available to the container"); #1287 (klueska, NVIDIA: the
  libnvidia-compute-* libraries "should be automatically injected into your container");
  NVIDIA/nvidia-container-toolkit#1788 (elezar: the toolkit mounts the user-mode driver
  "because of the explicit match required between user-mode and kernel-mode drivers").
* Singularity/Apptainer: ``--nv`` will "Locate and bind the basic CUDA libraries from the host
  into the container, so that they are available to the container, and match the kernel GPU
  driver on the host" (apptainer/apptainer-userdocs gpu.rst at
  05080eb34b4f94f5ebd6467f757ded75364a3715); clemsonciti/singularity-images#1 (GodloveD,
  Singularity maintainer: installing NVIDIA drivers into the container is not recommended,
  ``--nv`` binds them at run time).
* Which recipe lines install the driver: pattern ``ctx.image_driver_install`` (logs/patterns.py)
  lists the packages and installers with their sources.
* Docker's NVIDIA runtime queries the host's driver through NVML before a container starts
  (libnvidia-container src/driver.c), so a host whose library and module differ fails at
  ``docker run`` with "nvidia-container-cli: initialization error: nvml error:
  driver/library version mismatch" (NVIDIA/nvidia-container-toolkit#394, labdao/plex#18: a
  reboot fixed it): that line is the host's, and is left to the host reading.
* Threads: singularityhub/singularityhub.github.io#183 (``%post`` installs ``cuda``: client
  430.26, kernel module 410.93), rocker-org/rocker-versioned2#342 (Dockerfile installs
  nvidia-cuda-toolkit; "a machine reboot ... didn't work"), E4S-Project/e4s#172 (the
  maintainer: Ollama's installer put a driver in the release images; removing it is the fix).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from tfgpu.diagnosis import catalogue
from tfgpu.facts.log import Hit, Hits
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: A recipe line that is a Dockerfile RUN instruction or a build step ("#5 [2/6] RUN ...",
#: "Step 3/8 : RUN ...").
_RUN = re.compile(r"^\s*(?:#\d{1,4}\s+(?:\[[^\]\n]{0,80}\]\s+)?|Step \d{1,3}/\d{1,3} : )?RUN\s")
#: A line that a recipe does not run: a comment ("# RUN curl ... | sh"), or a command typed at
#: a host shell's prompt ("$ sudo apt install nvidia-driver-535", "user@host:~$ ...").
_NOT_RUN = re.compile(r"^\s*(?:#(?!\d)|\$\s|[\w.-]{1,64}@[\w.-]{1,64}:[^\n$#]{0,200}[$#]\s)")
#: What each installing package or script brings, said in the finding.
_WHAT = {
    "cuda": "NVIDIA's `cuda` meta-package, which depends on cuda-drivers",
    "nvidia-cuda-toolkit": ("the distribution's nvidia-cuda-toolkit, whose nvidia-cuda-dev "
                            "depends on the driver's libcuda"),
}


#: The package manager's install command whose package list a continuation line may go on
#: (pattern ``ctx.image_driver_install``'s command part).
_INSTALL_CMD = re.compile(r"\b(?:apt-get|apt|aptitude|yum|dnf|microdnf|zypper)\s+(?:-\S{1,40}\s+)*"
                          r"(?:module\s+(?:-\S{1,40}\s+)*)?install\b")
#: What ends a command on a shell line: the next command's packages are no install's.
_NEXT_COMMAND = re.compile(r"&&|\|\||[;|]")
#: The groups of ``ctx.run_place`` that put the lines below it inside a container or an
#: image build (the others, ``hprompt``, ``hhost``, ``bend`` and ``hprose``, on a host).
_INSIDE = ("cmd", "cprompt", "step", "chost", "cprose")


def place(f: Facts, line: int) -> Hit | None:
    """The nearest line at or above ``line`` that says where the lines below it were printed
    (pattern ``ctx.run_place``): a container command, a container's prompt, an image build's
    step, TensorFlow's host name, the end of a build, a host's prompt, words about the place;
    ``None`` when the log shows none."""
    above = [h for h in f.h("ctx.run_place").all() if h.line <= line]
    return max(above, key=lambda h: h.line) if above else None


def inside(h: Hit) -> bool:
    """The place line ``h`` (:func:`place`) puts the lines below it inside a container or an
    image build."""
    return any(h.g(k) for k in _INSIDE)


def _in_run(h: Hit, cont: dict[int, str]) -> bool:
    """``h``'s line is a Dockerfile RUN line or a build step, or goes on one (the lines above
    it end with a backslash, ``cont``: line -> text, back to a RUN line)."""
    if _RUN.search(h.text):
        return True
    line = h.line - 1
    while line in cont:
        if _RUN.search(cont[line]):
            return True
        line -= 1
    return False


def _in_post(f: Facts, line: int, text: str) -> bool:
    """``line`` lies in a Singularity/Apptainer ``%post`` section (or after a build's "Running
    post scriptlet"): no other section header and no place line (a prompt, a host's words)
    between, and it is not a ``sudo`` command (a recipe's scriptlet runs as root; a host
    command pasted below the recipe does not)."""
    if re.match(r"\s*(?:sudo\s|\$\s)", text):
        return False
    heads = [(h.line, bool(h.g("post"))) for h in f.h("ctx.image_recipe").all()
             if (h.g("post") or h.g("section")) and h.line < line]
    places = [h for h in f.h("ctx.run_place").all() if h.line < line]
    heads += [(h.line, True) for h in places if "post scriptlet" in (h.g("step") or "")]
    if not heads:
        return False
    start, post = max(heads)
    return post and not any(start < h.line and not h.g("step") for h in places)


def driver_installs(f: Facts) -> list[Hit]:
    """The lines of an image recipe in the log that install the NVIDIA driver's user-space
    libraries (pattern ``ctx.image_driver_install``), in line order: only inside the recipe's
    build commands, a Dockerfile RUN line or build step and the lines it goes on with a
    backslash (Dockerfile reference: every other line starts with an instruction, so a line
    after a FROM that is no RUN's is not the recipe's), or a Singularity ``%post`` section.
    A driver package on a continuation line of an install command counts too (pattern
    ``ctx.driver_pkg_line``).  Comments and commands typed at a host prompt are not the
    recipe's."""
    cont = {h.line: h.text for h in f.h("ctx.line_cont").all()}
    found = {h.line: h for h in f.h("ctx.image_driver_install").all()
             if not _NOT_RUN.search(h.text)
             and (_in_run(h, cont) or _in_post(f, h.line, h.text))}
    for h in f.h("ctx.driver_pkg_line").all():
        line = h.line - 1
        while h.line not in found and line in cont and not _NEXT_COMMAND.search(
                _INSTALL_CMD.split(cont[line])[-1]):
            if _INSTALL_CMD.search(cont[line]):  # the install command this list goes on
                head = Hit(line, cont[line], {})
                if not _NOT_RUN.search(head.text) and (
                        _in_run(head, cont) or _in_post(f, line, head.text)):
                    found[h.line] = h
                break
            line -= 1
    return [found[k] for k in sorted(found)]


def container_shown(f: Facts, line: int) -> list[Hit]:
    """The line that shows ``line`` was printed inside a container or an image build (the
    nearest place line above it, :func:`place`: a container command, a prompt with Docker's
    12-hex-digit host name or the TensorFlow images', an Apptainer/Singularity prompt,
    TensorFlow's CUDA diagnostics on such a host, a build step), or ``[]``.  A recipe pasted
    with the log (a Dockerfile, a Singularity definition) shows that an image exists, not
    that the line was printed in one; a host's prompt or the end of a build nearer the line
    wins."""
    h = place(f, line)
    return [h] if h is not None and inside(h) else []


def _singularity(f: Facts) -> bool:
    """The recipe or command is Singularity's/Apptainer's (a definition file's Bootstrap or
    %post, an apptainer/singularity command)."""
    return (any(h.g("agent") or h.g("post") for h in f.h("ctx.image_recipe").all())
            or any(h.g("apt") for h in f.h("ctx.container_command").all()))


def _docker(f: Facts) -> bool:
    """The recipe or command is Docker's (a Dockerfile, a build step, a docker/podman
    command, Docker's host name in a prompt)."""
    return (any(h.g("dockerfile") for h in f.h("ctx.image_recipe").all())
            or bool(f.h("ctx.image_build").count)
            or any(not h.g("apt") for h in f.h("ctx.container_command").all())
            or any(h.g("id") for h in f.h("ctx.container_prompt").all()))


def _runtime_lines(f: Facts) -> tuple[str, ...]:
    """How to start the container with the host's driver libraries, for the runtime the log
    shows (both when it shows neither)."""
    docker = ("docker run --rm --gpus all <image> nvidia-smi   # Docker: the NVIDIA Container "
              "Toolkit mounts the host's driver libraries, which match its kernel module")
    sing = ("singularity exec --nv <image> nvidia-smi   # Singularity/Apptainer: --nv binds the "
            "host's driver libraries into the container")
    s, d = _singularity(f), _docker(f)
    return (sing,) if s and not d else (docker,) if d and not s else (docker, sing)


def _package_check(tail: str) -> str:
    """The command that lists the image's driver packages, its comment ending in ``tail``."""
    return ("dpkg -l | grep -E 'cuda-drivers|nvidia-driver|nvidia-utils|libnvidia-compute|"
            "libcuda1|libnvidia-ml'   # in the container (rpm -qa | grep -i nvidia on RHEL "
            f"images): {tail}")


def mismatch_in_image(f: Facts, hits: Sequence[Hit] | Hits, *, lib: str | None = None,
                      kernel: str | None = None, hedge: bool = True) -> Finding | None:
    """``nvidia-driver-library-mismatch`` read for a container, or ``None`` (the caller's own
    reading then stands).

    Variant ``image-driver`` when an image recipe in the log installs the driver's libraries
    (:func:`driver_installs`) above the mismatch and the mismatch was printed in its
    container: the nearest place line above it (:func:`place`) is a container's or a build's,
    or the recipe is nearer.  A host's prompt, TensorFlow's host name of a host or the end of
    the build after the recipe leaves the host's reading (``None``).  With ``hedge``, variant
    ``in-container`` when the log shows the mismatch printed inside a container and no
    driver in a recipe (:func:`container_shown`): the image's own libraries or a host upgrade
    not yet loaded, which the host's nvidia-smi tells apart.

    Args:
        f: the facts view.
        hits: the mismatch lines (evidence).
        lib: the user-space library's version when the log shows it.
        kernel: the kernel module's version when the log shows it.
        hedge: also give the ``in-container`` reading (off where the caller has a container
            reading of its own).
    """
    items = hits.all() if isinstance(hits, Hits) else list(hits)
    if any(re.search(r"nvidia-container-cli|nvml error:", h.text, re.IGNORECASE) for h in items):
        return None  # the container runtime's own NVML query: the host's driver
    shown_versions = [f"{part} {v}" for part, v in (("library", lib), ("kernel module", kernel))
                      if v]
    versions = f" ({', '.join(shown_versions)})" if shown_versions else ""
    at = min(h.line for h in items) if items else 0
    # the recipe's driver counts where the mismatch line was printed in its container: the
    # nearest place line above it is a container's or a build's, or the recipe is nearer
    # than any (a host's prompt, TensorFlow's host name or the build's end after the recipe:
    # the host's own reading, a driver upgrade that a reboot loads)
    installs = [h for h in driver_installs(f) if h.line < at]
    where_run = place(f, at)
    if installs and where_run is not None and not inside(where_run) \
            and where_run.line > installs[-1].line:
        return None
    if installs:
        first = installs[0]
        pkg = first.g("pkg")
        what = (_WHAT.get(pkg or "", f"the driver package {pkg}") if pkg
                else "an installer that installs the NVIDIA driver")
        where = ("the Singularity recipe's %post" if _singularity(f) and not _RUN.search(
            first.text) else "the Dockerfile" if _docker(f) else "the image recipe")
        why = (f"{where[0].upper()}{where[1:]} installs the NVIDIA driver's user-space "
               f"libraries into the image ({what}, line {first.line}), so inside the container "
               "the driver library (libcuda, NVML) is the image's own copy while the kernel "
               f"module is the host's, and the two are of different releases{versions}. A "
               "reboot of the host changes neither. The driver belongs on the host only: "
               "Docker's NVIDIA Container Toolkit (--gpus all) and Singularity/Apptainer's --nv "
               "put the host's own libraries, which match its kernel module, into the "
               "container, and a copy installed in the image shadows or replaces them.")
        remove = (f"# line {first.line}: remove {pkg or 'that installer'} from the recipe; for "
                  "CUDA in the image install cuda-toolkit-<X-Y> (no driver) or start from an "
                  "nvidia/cuda:<version>-devel image, then rebuild")
        return catalogue.make(
            "nvidia-driver-library-mismatch", variant="image-driver", why=why,
            evidence=log_evidence(items, installs[:2], limit=4),
            fix=(remove, *_runtime_lines(f),
                 _package_check("nothing listed once the image carries no driver")),
        )
    shown = container_shown(f, at)
    if not hedge or not shown:
        return None
    h = shown[0]
    name = h.g("cid") or h.g("cid2") or h.g("chost")
    where = (f"The log was printed inside a container (host name {name}, a Docker container "
             f"id, line {h.line})" if name else
             f"The mismatch was printed in a container started by {h.g('cmd')} (line "
             f"{h.line})" if h.g("cmd") else
             f"The mismatch was printed in a step of an image build (line {h.line})"
             if h.g("step") else
             f"The mismatch was printed at a container's shell prompt (line {h.line})"
             if h.g("cprompt") else
             f"The log says the command ran inside a container (line {h.line})")
    why = (f"{where}, and there the NVIDIA driver library and the kernel module differ"
           f"{versions}. Inside a container that library is either the image's own, installed "
           "with a package such as cuda, cuda-drivers, nvidia-cuda-toolkit, nvidia-driver-<N>, "
           "libnvidia-compute-<N> or an installer that adds the driver, which no host reboot "
           "fixes; or the host's, put in by the container runtime, after the host's driver was "
           "upgraded without a reboot. Docker's NVIDIA runtime checks the host's driver before "
           "a container starts, so the second usually fails at docker run instead; the host's "
           "own nvidia-smi tells: it works there, so the libraries are the image's.")
    return catalogue.make(
        "nvidia-driver-library-mismatch", variant="in-container", why=why,
        evidence=log_evidence(items, [h], limit=4),
        fix=("nvidia-smi   # on the host: it works there, so the container's driver library is "
             "the image's own",
             _package_check("driver packages listed: remove them from the recipe and "
                            "rebuild"),
             *_runtime_lines(f),
             "# nvidia-smi fails on the host too: sudo reboot the host (loads the upgraded "
             "kernel module), then start the container again"),
    )
