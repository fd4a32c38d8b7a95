"""A library TensorFlow could not load, and host facts naming a CUDA / cuDNN of another major
version.

TensorFlow dlopens its CUDA and cuDNN libraries by SONAME major (``libcudnn.so.8``,
``libcudart.so.12``, ``cudnn64_8.dll``), the majors its release was built and tested with
(``tf_tested_configs.toml``).  At the default log level TensorFlow 2.x often prints only
``Cannot dlopen some GPU libraries`` (gpu_device.cc), not which library; when the host
facts as described (``tfgpu explain --facts`` with hand-written or partial facts) give a
cuDNN or CUDA whose major differs from the one the installed TensorFlow loads, that is
the library it could not load: ``cudnn-major-mismatch`` / ``cuda-major-mismatch``, the
ids the doctor's host check (:func:`tfgpu.diagnosis.checks.host_libraries.cuda_cudnn_major`)
gives for a probed host.  Host facts win over the log's generic reading.

TensorFlow 1.x releases are not in ``tf_tested_configs.toml``; their CUDA and cuDNN come from
the platform facts ``tf1-gpu-build-cuda`` and ``tf1-gpu-build-cudnn`` (tensorflow/docs'
tested build configurations, tensorflow_gpu-1.0.0 to 1.15.0; ``builds_windows`` on native
Windows).  A 1.x GPU build links cuDNN by its SONAME major as well (``libcudnn.so.6`` for
1.3-1.4, ``cudnn64_5.dll`` for 1.0-1.2 on Windows), so the same reading holds: the 1.3.0
wheels need cuDNN 6 where the install guide still said 5.1 (tensorflow/tensorflow#12416,
fixed in the docs by #12463).

Skipped for probed host facts (the host check reads the libraries the loader would take,
the pip ``nvidia-*`` wheels included), when the pip wheel of the right major is listed, and
for tfjs-node-gpu / libtensorflow logs (their libtensorflow has its own CUDA build).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.diagnosis.checks.libraries import cudnn_wheel_path_line, parse_library
from tfgpu.diagnosis.checks.versions import _major
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Evidence, Finding
from tfgpu.knowledge import Knowledge, KnowledgeQueryError, parse_version


class _Build(NamedTuple):
    """The CUDA and cuDNN a TensorFlow GPU release was built with, and where that is said.

    Attributes:
        cuda: CUDA version (``"12.3"``, ``"8.0"``).
        cudnn: cuDNN version (``"8.9"``, ``"6"``: the 1.x rows give some majors only).
        cuda_ref / cudnn_ref: the knowledge rows (``"tf_tested_configs:2.16.1-linux"``,
            ``"platform_facts:tf1-gpu-build-cudnn"``).
        cuda_doc / cudnn_doc: the rows' source links, or ``None``.
    """

    cuda: str
    cudnn: str
    cuda_ref: str
    cudnn_ref: str
    cuda_doc: str | None
    cudnn_doc: str | None


def _tf1_item(kb: Knowledge, fact_id: str, key: str, series: str) -> tuple[str, str,
                                                                           str | None] | None:
    """``(value, ref, doc)`` of the ``"<series>=<value>"`` item of platform fact ``fact_id``'s
    list ``key``, or ``None`` (no such fact, list or series)."""
    try:
        fact = kb.platform_fact(fact_id)
        items = fact.items(key)
    except KnowledgeQueryError:
        return None
    for item in items:
        s, _, value = item.partition("=")
        if s == series and value:
            return value, fact.ref, kb.doc_url(fact)
    return None


def _gpu_build(f: Facts, tf: str, os: str) -> _Build | None:
    """The build of TensorFlow ``tf`` on ``os`` (``"linux"`` / ``"windows"``): a 2.x row of
    ``tf_tested_configs.toml``, or for 1.x the platform facts ``tf1-gpu-build-cuda`` and
    ``tf1-gpu-build-cudnn`` (``builds_windows`` for cuDNN on Windows); ``None`` when unknown."""
    m = re.match(r"\s*1\.(\d{1,2})(?!\d)", tf)
    if m is not None:
        series = f"1.{m.group(1)}"
        cuda = _tf1_item(f.kb, "tf1-gpu-build-cuda", "builds", series)
        cudnn = _tf1_item(f.kb, "tf1-gpu-build-cudnn",
                          "builds_windows" if os == "windows" else "builds", series)
        if cuda is None or cudnn is None:
            return None
        return _Build(cuda[0], cudnn[0], cuda[1], cudnn[1], cuda[2], cudnn[2])
    build = f.kb.tested_gpu_build(tf, os)
    if build is None:
        return None
    doc = f.kb.doc_url(build.row)
    return _Build(build.cuda, build.cudnn, build.ref, build.ref, doc, doc)

#: Library bases (``parse_library``) whose failed load the CUDA / cuDNN major explains.
_CUDA_BASES = frozenset({"cudart", "cublas", "cublasLt", "cufft", "curand", "cusolver",
                         "cusparse", "nvrtc", "nvJitLink"})
_CUDNN_BASES = frozenset({"cudnn", "cudnn_ops_infer", "cudnn_cnn_infer", "cudnn_ops",
                          "cudnn_cnn", "cudnn_graph", "cudnn_adv_infer",
                          "cudnn_engines_precompiled"})


def _failed_loads(f: Facts) -> tuple[list[Hit], list[Hit], list[Hit]]:
    """(``Cannot dlopen some GPU libraries`` lines, CUDA library load failures, cuDNN ones)."""
    cuda: list[Hit] = []
    cudnn: list[Hit] = []
    for name, hit in f.h("lib.missing").by_key.items():
        base = parse_library(name)[0]
        if base in _CUDA_BASES:
            cuda.append(hit)
        elif base in _CUDNN_BASES or base.startswith("cudnn"):
            cudnn.append(hit)
    return f.h("lib.dlopen").first[:1], cuda, cudnn


#: Windows' reason for a DLL not found (ERROR_MOD_NOT_FOUND, 126), in English.
_NOT_FOUND = re.compile(r"could not be found", re.IGNORECASE)


def _windows_native_import_failed(f: Facts, tf: str) -> list[Hit]:
    """On Windows, with a TensorFlow 1.x GPU package installed (named in the log or the host
    facts), the lines that say TensorFlow's native module did not load for a missing DLL:
    "DLL load failed" with Windows' "... could not be found" or with its reason cut, the SWIG
    loader's retry "No module named '_pywrap_tensorflow[_internal]'".  Those builds link the
    CUDA runtime and cuDNN DLLs of their own versions into the native module, so one of
    another major version on the host fails this import (tensorflow/tensorflow#10111:
    tensorflow-gpu 1.1 with cuDNN 6 where it links cudnn64_5.dll).  TensorFlow 2.x loads
    them at run time (dso_loader's "Could not load dynamic library"), so its import failure
    says nothing about them.  Empty otherwise."""
    from tfgpu.diagnosis.checks.one_line_runtimes import gpu_package_named

    if not f.windows or not re.match(r"\s*1\.\d", tf) or not gpu_package_named(f):
        return []
    reasons = [h for h in f.h("win.dll_load").all()
               if not (h.g("why") or "").strip() or _NOT_FOUND.search(h.g("why") or "")]
    return [*reasons, *f.h("lib.pywrap_no_module").all(),
            *f.h("tf1.pywrap_no_module_tf10").all()]


def _other_build(f: Facts, build: _Build) -> bool:
    """Whether a CUDA or cuDNN library the log's loader lines name (failed, or opened:
    ``lib.missing``, ``lib.opened``, ``lib.old_dso_opened``) is of another version than
    ``build``'s (``libcudart.so.11.0`` under a CUDA 10.0 release, ``cudart64_101.dll`` under a
    10.0 one, ``libcudnn.so.8`` under a cuDNN 7 one): then the TensorFlow that runs is not the
    official build of that release (NVIDIA's nvidia-tensorflow, a community or source build)
    or the library is another program's (a Horovod build linking an older CUDA), and the
    release's build says nothing about it.  SONAMEs that name a CUDA major.minor (the CUDA
    10.0 era and before) are compared to the minor; the others to the major."""
    w_cuda = re.match(r"(\d+)(?:\.(\d+))?", build.cuda)
    w_dnn = re.match(r"(\d+)(?:\.(\d+))?", build.cudnn)
    for name in ("lib.missing", "lib.opened", "lib.old_dso_opened"):
        for h in f.h(name).all():
            base, _, expected = parse_library(h.g("lib") or "")
            m = re.fullmatch(r"(?:CUDA|cuDNN) (\d+)(?:\.(\d+))?", expected or "")
            w = (w_cuda if base in _CUDA_BASES
                 else w_dnn if base in _CUDNN_BASES or base.startswith("cudnn") else None)
            if m is None or w is None:
                continue
            if m.group(1) != w.group(1) or (m.group(2) is not None and w.group(2) is not None
                                            and int(m.group(2)) != int(w.group(2))):
                return True
    return False


def _no_gpu_registered(f: Facts, tf: str) -> list[Hit]:
    """TensorFlow's own list of the devices this process registered, without a GPU: the
    placer's "Registered devices: [CPU]" (under "No OpKernel was registered") or "... was
    explicitly assigned to /device:GPU:0 but available devices are [ .../cpu:0 ]"; the first
    such line, when the installed TensorFlow is a GPU build (the plain ``tensorflow`` package
    from 2.1, platform fact ``tensorflow-is-cuda-build``; ``tensorflow-gpu`` named in the
    log or the host facts before it) and no CPU-only package is listed.  A GPU build that
    registered no GPU could not load its CUDA libraries (or saw no GPU): with host facts
    naming a CUDA of another major version than its build's, that is why, as for a failed
    library load.  Empty otherwise."""
    from tfgpu.diagnosis.checks.one_line_runtimes import gpu_package_named
    from tfgpu.diagnosis.checks.tf_install import _cpu_dists

    if f.host is None or f.os == "macos" or _cpu_dists(f):
        return []  # a CPU-only package in the host facts or the log's package listing
    first = f.kb.platform_fact("tensorflow-is-cuda-build").value("tf_version")
    try:
        gpu_build = parse_version(tf) >= parse_version(first) or gpu_package_named(f)
    except KnowledgeQueryError:
        return []
    if not gpu_build:
        return []
    for name in ("placer.registered_devices", "placer.device_unavailable"):
        for h in f.h(name).all():
            devs = [_device_type(d) for d in (h.g("devs") or "").split(",") if d.strip()]
            if devs and "GPU" not in devs:
                return [h]
    return []


def _device_type(name: str) -> str:
    """The type of a device as the placer lists it: ``CPU`` (the "Registered devices" list),
    ``/job:localhost/replica:0/task:0/device:GPU:0`` (TF 1.x-2.x) or ``.../task:0/cpu:0``
    (TF 0.x-1.x), upper case."""
    last = name.strip().rsplit("/", 1)[-1]
    parts = last.split(":")
    if parts[0].lower() == "device" and len(parts) > 1:
        return parts[1].upper()
    return parts[0].upper()


def _majors(versions: tuple[str, ...]) -> list[int]:
    return sorted({m for v in versions if (m := _major(v)) is not None})


def library_majors_from_host(f: Facts) -> list[Finding]:
    """See the module docstring.

    Returns:
        ``cudnn-major-mismatch`` and/or ``cuda-major-mismatch`` (both cite the
        ``tf_tested_configs`` row of the installed release, or the ``tf1-gpu-build-*``
        platform fact), or nothing.  On Windows the native module's failed import
        (:func:`_windows_native_import_failed`) counts as the failed load.
    """
    if f.host is None or f.host.probes or f.non_pip_tensorflow or f.h("ctx.tfjs").count:
        return []  # probed: the host check; tfjs / libtensorflow: their own builds
    dlopen, cuda_hits, cudnn_hits = _failed_loads(f)
    tf = f.tf_version
    if tf is None:
        return []
    native = _windows_native_import_failed(f, tf)[:2]
    dlopen = dlopen or native or _no_gpu_registered(f, tf)
    if not (dlopen or cuda_hits or cudnn_hits):
        return []
    os = "windows" if f.windows else "linux"
    build = _gpu_build(f, tf, os)
    if build is None or _other_build(f, build):
        return []
    kb = f.kb
    out: list[Finding] = []
    want_cuda = _major(build.cuda)
    host_cuda = _majors(f.cuda_versions)
    if (want_cuda is not None and host_cuda and want_cuda not in host_cuda
            and (dlopen or cuda_hits)
            and f.dist_version(f"nvidia-cuda-runtime-cu{want_cuda}") is None):
        found = ", ".join(f"CUDA {v} (host facts)" for v in f.cuda_versions)
        fix = []
        if os == "linux" and kb.and_cuda_pins(tf):
            fix.append(c.pip(f, "install", f"tensorflow[and-cuda]=={tf}")
                       + f"   # brings CUDA {want_cuda} as pip wheels; no system toolkit needed")
        fix.append(f"# {'or ' if fix else ''}install a CUDA {build.cuda} toolkit and put its "
                   "libraries on the " + ("PATH" if os == "windows" else "LD_LIBRARY_PATH")
                   + f", or install a TensorFlow release built for the CUDA {host_cuda[0]} "
                     "you have (tfgpu plan lists the releases)")
        out.append(catalogue.make(
            "cuda-major-mismatch",
            tf=tf, major=want_cuda, found=found, cuda=build.cuda, ref=build.cuda_ref,
            evidence=(*log_evidence(dlopen, cuda_hits, limit=4),
                      Evidence("tensorflow (host facts)", tf),
                      *(Evidence("cuda.toolkit (host facts)", v) for v in f.cuda_versions)),
            fix=tuple(fix),
            doc_url=build.cuda_doc,
            knowledge_ref=build.cuda_ref,
        ))
    want_dnn = _major(build.cudnn)
    host_dnn = _majors(f.cudnn_versions)
    pip_dnn = f.dist_version(f"nvidia-cudnn-cu{want_cuda}") if want_cuda else None
    if (want_dnn is not None and host_dnn and want_dnn not in host_dnn
            and (dlopen or cudnn_hits)
            and (pip_dnn is None or _major(pip_dnn) != want_dnn)):
        fix = []
        pins = {p.package: p for p in kb.and_cuda_pins(tf)} if os == "linux" else {}
        pin = pins.get(f"nvidia-cudnn-cu{want_cuda}")
        if pin is not None:
            fix.append(c.pip(f, "install", f"nvidia-cudnn-cu{want_cuda}{pin.specifier}")
                       + f"   # the pin of tensorflow[and-cuda]=={pin.tf_version}")
            # 2.16.1 does not look in the wheels' folders (platform fact
            # tf-216-nvidia-wheel-libs-not-found); the pin alone is no fix there
            fix += cudnn_wheel_path_line(f, (want_dnn, 0, 0))
        fix.append(f"# {'or ' if fix else ''}install cuDNN {build.cudnn} (major {want_dnn}) "
                   f"for CUDA {build.cuda} and make it the one the loader finds (in a "
                   f"container: an image with cuDNN {want_dnn})")
        out.append(catalogue.make(
            "cudnn-major-mismatch",
            tf=tf, major=want_dnn, found="/".join(str(m) for m in host_dnn),
            cudnn=build.cudnn, ref=build.cudnn_ref,
            evidence=(*log_evidence(dlopen, cudnn_hits, limit=4),
                      Evidence("tensorflow (host facts)", tf),
                      *(Evidence("cudnn (host facts)", v) for v in f.cudnn_versions)),
            fix=tuple(fix),
            doc_url=build.cudnn_doc,
            knowledge_ref=build.cudnn_ref,
        ))
    return out


# --- library majors from the SONAME: the installed TensorFlow's version unknown ---


def cuda_major_from_soname(f: Facts) -> list[Finding]:
    """``cuda-major-mismatch`` (variant ``soname``): TensorFlow could not load a CUDA runtime
    library whose SONAME names the CUDA it wants (``libcudart.so.11.0``, ``cudart64_110.dll``,
    ``cudart64_101.dll``: :func:`~tfgpu.diagnosis.checks.libraries.parse_library` gives
    ``"CUDA 11"`` / ``"CUDA 10.1"``), the installed TensorFlow's version is unknown (else
    :func:`library_majors_from_host` reads its tested build), and every CUDA the host facts
    list is of another major version.  The loader only accepts a library of that SONAME, so a
    toolkit of another major version cannot serve it whatever TensorFlow this is: the fault
    is the CUDA major, e.g. a CUDA-11 TensorFlow wheel installed in a CUDA 10.2 image.

    Only libraries numbered after the toolkit (``"CUDA N"``: cudart and the CUDA 8.0-10.0
    DLLs; cuFFT, cuSPARSE... carry numbers of their own); nothing for probed host facts (the
    host check), the pip wheel of that major listed, tfjs / libtensorflow logs (their own
    builds), or when no host CUDA is known.

    Returns:
        One ``cuda-major-mismatch`` finding (the first such library), or nothing.
    """
    if (f.host is None or f.host.probes or f.non_pip_tensorflow or f.h("ctx.tfjs").count
            or f.tf_version is not None):
        return []
    host_cuda = _majors(f.cuda_versions)
    if not host_cuda:
        return []
    for name, hit in f.h("lib.missing").by_key.items():
        base, component, expected = parse_library(name)
        if base not in _CUDA_BASES or not expected or not expected.startswith("CUDA "):
            continue
        want = _major(expected.removeprefix("CUDA "))
        if want is None or want in host_cuda:
            continue
        if f.dist_version(f"nvidia-cuda-runtime-cu{want}") is not None:
            continue
        found = ", ".join(f"CUDA {v} (host facts)" for v in f.cuda_versions)
        env_var = "PATH" if f.windows else "LD_LIBRARY_PATH"
        return [catalogue.make(
            "cuda-major-mismatch", variant="soname",
            library=name, component=component, major=want, found=found,
            evidence=(*log_evidence([hit]),
                      *(Evidence("cuda.toolkit (host facts)", v) for v in f.cuda_versions)),
            fix=("python -c \"import tensorflow as tf; print(tf.__version__, "
                 "tf.sysconfig.get_build_info())\"   # the CUDA this TensorFlow was built with",
                 f"# install CUDA {want} (the toolkit or its runtime libraries) and put its "
                 f"libraries on {env_var}, or install a TensorFlow built for the CUDA "
                 f"{host_cuda[0]} you have (tfgpu plan lists the releases)",
                 "# in a container: an image whose CUDA major is the one this TensorFlow "
                 "needs"),
        )]
    return []
