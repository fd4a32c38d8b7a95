"""A CUDA, cuDNN or driver library that did not load on an NVIDIA Jetson: the
``library-not-loaded-{library}`` findings of libraries.py and library_load.py read again
(variant ``jetson``), after every check ran (:func:`jetson_library_loads`, called by the
engine).

On a Jetson the readings of a PC do not hold: its GPU is on the chip (a Jetson always has
one, and older JetPack releases have no nvidia-smi), so "harmless without a GPU" never
applies; its CUDA, cuDNN, TensorRT and driver come with the JetPack release flashed on it, so
"install CUDA X" and pip's ``tensorflow[and-cuda]`` are no fix; and a container gets those
libraries only through the NVIDIA container runtime.

Sources:

* platform fact ``jetson-gpu-on-chip`` (NVIDIA Jetson Linux Developer Guide; NVIDIA,
  "Installing TensorFlow for Jetson Platform": TensorFlow with GPU support for Jetson is
  NVIDIA's own build for each JetPack release, 2.x.y+nvYY.MM wheels).
* NVIDIA's JetPack release pages (developer.nvidia.com/jetpack-4_3_dp, /jetpack-sdk-44-archive):
  each JetPack release ships its own L4T, CUDA, cuDNN and TensorRT (JetPack 4.2.x-4.3: CUDA
  10.0; 4.4: CUDA 10.2); ``sudo apt install nvidia-jetpack`` installs them on a Jetson
  (pytorch/TensorRT docs, getting_started/jetpack.rst, v2.6.1).
* dusty-nv/jetson-containers@0cd94c0b82c7225a83898a6621fcf50220b2e60e docs/setup.md ("Docker
  Default Runtime": ``"default-runtime": "nvidia"`` in /etc/docker/daemon.json, then restart
  Docker) and its run commands (``docker run --runtime nvidia``);
  NVIDIA/nvidia-container-runtime#173 (L4T r32: the runtime mounts the host's CUDA into the
  container as /etc/nvidia-container-runtime/host-files-for-container.d/cuda.csv lists it).
* Threads: opendatacam/opendatacam#214 (darknet built on JetPack 4.3, CUDA 10.0, on a JetPack
  4.4 Nano with CUDA 10.2: "downgrading solves it"); nwesem/mtcnn_facenet_cpp_tensorRT#9 (a
  TensorFlow/UFF stack for JetPack 4.3 on a JetPack 4.4 Nano; the maintainer's jp4.4 release);
  dusty-nv/jetson-containers#196 (libcuda.so.1 and libnvdla_compiler.so missing under
  docker-compose on a Jetson Orin: "default-runtime": "nvidia" was missing in daemon.json).
* Jetson Linux's own libcuda comes in its nvidia-l4t-cuda package (the L4T package lists of
  NVIDIA's apt repository, as OE4T meta-tegra's recipes name them).
"""

from __future__ import annotations

import dataclasses
import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._common import slug
from tfgpu.diagnosis.checks.jetson_tf_build import jetson_shown
from tfgpu.facts.line_prefix import split_prefix
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Evidence, Finding

#: The libraries a JetPack release brings (parse_library base names): the CUDA runtime and
#: math libraries, NVRTC, cuDNN, the driver's libcuda. TensorRT keeps its own findings
#: (optional for TensorFlow), and a library of no GPU stack is not JetPack's.
_JETPACK_BASES = frozenset({"cudart", "cublas", "cublasLt", "cufft", "curand", "cusolver",
                            "cusparse", "nvrtc", "cudnn", "cuda"})
#: A program the dynamic linker could not start ("./darknet: error while loading shared
#: libraries: libcudart.so.10.0: cannot open shared object file").
_PROGRAM = re.compile(r"(?P<prog>[^\s:'\"`|]{1,200}): error while loading shared libraries")
#: TensorFlow's own loader line (2.x "Could not load dynamic library", 1.14 "Could not dlopen
#: library", its dso_loader source).
_TF_LOADER = re.compile(r"Could not (?:load dynamic|dlopen) library|dso_loader")
#: Words of a container around a Jetson: Docker or Compose named, an l4t- image, a
#: jetson-containers image (dustynv/...), NVIDIA's L4T images.
_CONTAINER_WORDS = re.compile(r"(?i)\bdocker\b|\bcontainers?\b|\bl4t-(?:r\d|base)|\bdustynv/"
                              r"|nvcr\.io/nvidia/l4t")


#: What to run first on a Jetson: its L4T release, which names the JetPack and its CUDA.
_RELEASE = ("cat /etc/nv_tegra_release   # the Jetson Linux (L4T) release: it names the "
            "JetPack release and so its CUDA")


def _library_hits(f: Facts, finding: Finding) -> tuple[str, list[Hit]] | None:
    """The library file a ``library-not-loaded-{library}`` finding is about and its loader
    lines (``lib.missing`` / ``lib.fatal_load`` hits on the finding's evidence lines whose
    library gives the finding's id), or ``None``."""
    lines = {e.line for e in finding.evidence if e.line is not None}
    want = finding.id.removeprefix("library-not-loaded-")
    out: dict[str, list[Hit]] = {}
    for name in ("lib.missing", "lib.fatal_load"):
        for h in f.h(name).all():
            lib = h.g("lib") or ""
            if lib and h.line in lines and slug(lib) == want:
                out.setdefault(lib, []).append(h)
    if not out:
        return None
    lib, hits = next(iter(out.items()))
    return lib, sorted({h.line: h for h in hits}.values(), key=lambda h: h.line)


def _jetson_cuda(f: Facts) -> tuple[str, str] | None:
    """``(CUDA major.minor, where)`` of this Jetson's own CUDA as the log or host facts show
    it: host facts' toolkit, else the log's nvcc --version, else "CUDA 10.2" in its words
    (jtop's "CUDA: 10.2.89" and the like); ``None`` when not shown."""
    if f.cuda_versions:
        return ".".join(f.cuda_versions[0].split(".")[:2]), "host facts"
    nvcc = f.h("ctx.nvcc_release").last
    if nvcc is not None and nvcc.g("v"):
        return nvcc.g("v") or "", f"line {nvcc.line}, nvcc"
    for h in f.h("ctx.jtop_cuda").all():
        if h.g("v"):
            return h.g("v") or "", f"line {h.line}"
    return None


def _container(f: Facts, hits: list[Hit]) -> tuple[bool, bool]:
    """``(in a container, started by Docker Compose)``: a Compose service column before the
    loader line, or the log's words (Docker, a container, an l4t- or jetson-containers
    image; docker-compose)."""
    compose = any(split_prefix(h.text)[0].startswith("compose") for h in hits)
    texts = [h.text for n in ("ctx.jetson", "eco.docker_run") for h in f.h(n).all()]
    compose = compose or bool(f.h("ctx.docker_compose").count)
    words = any(_CONTAINER_WORDS.search(t) for t in texts) or f.in_container
    return compose or words, compose


def _minor(expected: str | None) -> str | None:
    """``"10.0"`` of ``"CUDA 10.0"`` (a pre-11 soname names the minor), ``"11"`` of
    ``"CUDA 11"``; ``None`` when the name gives no CUDA."""
    want = (expected or "").split()
    return want[1] if len(want) > 1 and want[0] == "CUDA" else None


def _other_cuda(want: str | None, have: tuple[str, str] | None) -> bool:
    """Whether the Jetson's CUDA ``have`` is not the one the soname asks for (``want``:
    "10.0" before CUDA 11, where each minor has its own soname, else the major)."""
    if want is None or have is None:
        return False
    if "." in want:
        return have[0] != want
    return have[0].split(".")[0] != want


def jetson_library_finding(f: Facts, finding: Finding, shown: str) -> Finding | None:
    """``library-not-loaded-{library}`` variant ``jetson`` in place of ``finding`` (a
    library-not-loaded finding of a JetPack library, :data:`_JETPACK_BASES`), on a Jetson
    that ``shown`` names; ``None`` when the finding is of another library."""
    from tfgpu.diagnosis.checks.libraries import parse_library

    found = _library_hits(f, finding)
    if found is None:
        return None
    lib, hits = found
    base, comp, expected = parse_library(lib)
    if base not in _JETPACK_BASES:
        return None
    container, compose = _container(f, hits)
    have = _jetson_cuda(f)
    want = _minor(expected)
    other = _other_cuda(want, have)
    tf = any(_TF_LOADER.search(h.text) for h in hits)
    prog = next((m.group("prog") for h in hits if (m := _PROGRAM.search(h.text))), None)
    head = (f"The log shows an NVIDIA Jetson ({shown}): a Tegra system-on-chip whose GPU is "
            "part of the chip, so this host has an NVIDIA GPU whether or not nvidia-smi is "
            "there (older JetPack releases have none), and its CUDA, cuDNN, TensorRT and "
            "driver come with the JetPack release flashed on it, not with a CUDA download for "
            "another platform or pip's tensorflow[and-cuda]. ")
    what = f"{lib} ({comp}" + (f", {expected}" if expected and base != "cuda" else "") + ")"
    here = (f" This Jetson has CUDA {have[0]} ({have[1]})." if have is not None else "")
    category = "version-mismatch" if other else "gpu-not-visible"
    if container:
        why = ": in a container it comes in only with the NVIDIA runtime"
        cause = (head + f"{what} was not found inside a container. On a Jetson the NVIDIA "
                 "container runtime mounts the host's driver libraries (libcuda, the Tegra "
                 "libraries such as libnvdla_*) into the container, and on JetPack 4 (L4T r32) "
                 "CUDA, cuDNN and TensorRT too (the files /etc/nvidia-container-runtime/"
                 "host-files-for-container.d/ lists): a container started without that "
                 "runtime has none of them."
                 + (" Docker Compose starts a service with Docker's default runtime unless the "
                    "service names runtime: nvidia or daemon.json makes nvidia the default."
                    if compose else "")
                 + here)
        fix = ["docker info | grep -i runtime   # nvidia must be listed (JetPack installs "
               "nvidia-container-runtime); Default Runtime: nvidia makes every container get it",
               ("# docker-compose: add runtime: nvidia to the service, or set "
                "\"default-runtime\": \"nvidia\" in /etc/docker/daemon.json, then sudo systemctl "
                "restart docker" if compose else
                "docker run --runtime nvidia ...   # or \"default-runtime\": \"nvidia\" in "
                "/etc/docker/daemon.json, then sudo systemctl restart docker"),
               _RELEASE + "; use an image built for that L4T release (l4t-rNN.N tags)"]
        category = "gpu-not-visible"
    elif base == "cuda":
        why = ": it comes with Jetson Linux itself"
        cause = (head + f"{what} is the GPU driver's own library, which Jetson Linux (L4T) "
                 "installs itself: on a Jetson it is missing only when the L4T packages are "
                 "damaged or the program runs where the Jetson's libraries are not (a chroot, "
                 "another root file system)." + here)
        fix = [_RELEASE, "ldconfig -p | grep libcuda   # Jetson Linux's own driver library",
               "# none listed: reinstall the L4T packages (sudo apt install --reinstall "
               "nvidia-l4t-cuda) or reflash the JetPack release"]
    elif tf or prog is None:
        who = "This TensorFlow" if tf else "The program that links it"
        if other:
            why = f": {who[0].lower() + who[1:]} was built for another JetPack's CUDA {want}"
        else:
            why = ": it comes with the JetPack release"
        cause = (head + f"{who} asks for {what}, so it was built for a JetPack release with "
                 f"{expected or comp}.{here}"
                 + (" That is another CUDA than this JetPack's, and a Jetson's CUDA is the one "
                    "of its JetPack release: " if other else
                    " Either this JetPack release has another CUDA, or its CUDA libraries are "
                    "not installed or not on the loader's path; ")
                 + ("only NVIDIA's TensorFlow build for the JetPack release installed (or the "
                    "JetPack release this build was made for) loads here." if tf else
                    "a build made for this JetPack release (or the JetPack release it was "
                    "built for) loads here."))
        fix = [_RELEASE,
               "ls /usr/local/cuda/lib64/libcudart.so*   # the CUDA this JetPack installed",
               ("# install NVIDIA's TensorFlow for that JetPack release (NVIDIA: Installing "
                "TensorFlow for Jetson Platform; versions 2.x.y+nvYY.MM), or flash the JetPack "
                "release this TensorFlow was built for" if tf else
                "# install the program's build for that JetPack release, or flash the JetPack "
                "release it was built for")]
        if not other:
            fix.append("# the same CUDA as this JetPack's: sudo apt install nvidia-jetpack "
                       "(JetPack's CUDA, cuDNN and TensorRT) and put /usr/local/cuda/lib64 on "
                       "LD_LIBRARY_PATH")
    else:
        name = prog.rsplit("/", 1)[-1]  # (the title names the program, not its path)
        why = (f": {name} was built for another JetPack's CUDA {want}" if other else
               f": {name} was built for the CUDA of a JetPack release")
        cause = (head + f"{prog} links {what}, so it was built on a JetPack release with "
                 f"{expected or comp}.{here}"
                 + (" That is another CUDA than this JetPack's: a binary built on one JetPack "
                    "release runs only where its CUDA is, so rebuild it here or run the JetPack "
                    "release it was built for." if other else
                    " Either this JetPack release has another CUDA, or its CUDA libraries are "
                    "not installed or not on the loader's path."))
        fix = [_RELEASE, "nvcc --version; ls /usr/local/cuda/lib64/libcudart.so*   # this "
               "JetPack's CUDA",
               f"# rebuild {prog} on this Jetson against its CUDA (/usr/local/cuda), or use a "
               "build made for this JetPack release, or flash the JetPack release it was built "
               "for"]
    return catalogue.make(
        "library-not-loaded-{library}", variant="jetson", library=slug(lib), filename=lib,
        why=why, category=category,
        evidence=_evidence(f, finding),
        cause=cause, fix=tuple(fix),
        knowledge_ref="platform_facts:jetson-gpu-on-chip",
    )


def _evidence(f: Facts, finding: Finding) -> tuple[Evidence, ...]:
    """The finding's own evidence, then the line that shows the Jetson."""
    hit = f.jetson_log
    extra = tuple(e for e in log_evidence([hit] if hit is not None else [])
                  if e.line not in {x.line for x in finding.evidence})
    return finding.evidence + extra


def jetson_library_loads(f: Facts, found: tuple[Finding, ...]) -> tuple[Finding, ...]:
    """``found`` with each ``library-not-loaded-{library}`` finding of a JetPack library
    replaced by its Jetson reading (:func:`jetson_library_finding`), and
    ``gpu-libraries-not-loaded`` given the Jetson's steps (:func:`_unnamed_libraries`), when
    the host facts or the log show an NVIDIA Jetson; ``found`` itself otherwise."""
    if not any(x.id.startswith("library-not-loaded-") or x.id == "gpu-libraries-not-loaded"
               for x in found):
        return found
    shown = jetson_shown(f)
    if shown is None:
        return found
    out: list[Finding] = []
    for finding in found:
        new = (jetson_library_finding(f, finding, shown)
               if finding.id.startswith("library-not-loaded-") else
               _unnamed_libraries(f, finding, shown)
               if finding.id == "gpu-libraries-not-loaded" else None)
        out.append(new if new is not None else finding)
    return tuple(out)


def _unnamed_libraries(f: Facts, finding: Finding, shown: str) -> Finding | None:
    """``gpu-libraries-not-loaded`` ("Cannot dlopen some GPU libraries", no library named)
    on a Jetson: its pip line (``tensorflow[and-cuda]``, no Jetson build) replaced by the
    Jetson's steps; ``None`` for tensorflow-rocm's variant."""
    if "rocm" in finding.title.lower():
        return None
    fix = [x for x in finding.fix if "and-cuda" not in x]
    fix += [_RELEASE,
            "# on a Jetson the CUDA and cuDNN TensorFlow loads are the JetPack release's: install "
            "NVIDIA's TensorFlow for that JetPack release (NVIDIA: Installing TensorFlow for "
            "Jetson Platform), not pip's tensorflow[and-cuda]"]
    return dataclasses.replace(
        finding, evidence=_evidence(f, finding), fix=tuple(fix),
        cause=finding.cause.rstrip() + f" The log shows an NVIDIA Jetson ({shown}): its CUDA, "
        "cuDNN and driver come with its JetPack release, and only a TensorFlow built for that "
        "release (NVIDIA's Jetson build) loads them.",
        knowledge_ref="platform_facts:jetson-gpu-on-chip")
