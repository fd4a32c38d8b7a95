"""tfjs-node(-gpu): its prebuilt libtensorflow failing to initialise on Windows, and its install
script finding no libtensorflow to stage.

Sources:

* Windows' ERROR_DLL_INIT_FAILED ("A dynamic link library (DLL) initialization routine
  failed.") as Node's ``process.dlopen`` throws it for ``tfjs_binding.node``: tfjs-node's
  tensorflow.dll is the prebuilt libtensorflow, compiled with AVX; the maintainers' answer in
  tensorflow/tfjs#2619 (confirmed: an Intel Core i5 650 without AVX; a Ryzen CPU worked),
  #6034 (Core i3 M350), #7945 and #8176 is a CPU without AVX.  TensorFlow's Windows wheels
  give the same error for the same reason, or a missing MSVC runtime (windows.py).
* tfjs-node scripts/deps-stage.js (tensorflow/tfjs-node at
  0ecd61f6d00d372012984f0181764ac240873265): ``moveDepsLib`` renames
  deps/lib/<libtensorflow> into the addon's folder (the "move" action of a package install),
  ``symlinkDepsLib`` falls back to copying it.  tensorflow/tfjs#1054: electron-rebuild re-ran
  the move after the install had already moved tensorflow.dll (workaround: copy
  build/Release back into deps/lib); tensorflow/tfjs#8118, #7945: the copy found no
  tensorflow.dll because the libtensorflow download/extraction had not completed.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks.tfjs import tfjs_log
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def tfjs_dll_init_failed(f: Facts) -> list[Finding]:
    """``Error: A dynamic link library (DLL) initialization routine failed.`` for tfjs-node's
    ``tfjs_binding.node`` (``tfjs.dll_init`` in a tfjs-node log): its tensorflow.dll aborted
    while initialising, on a CPU without AVX in the reports; with host facts showing AVX,
    the MSVC runtime instead.  ``windows-dll-init-failed``."""
    hits = f.h("tfjs.dll_init").all()
    if not hits or not tfjs_log(f) or f.h("win.dll_load").count:
        return []
    flags = f.host.cpu.flags if f.host is not None else ()
    # the log names the CPU: a model of a family with AVX (platform fact cpu-families-with-avx)
    # and none of one without (ctx.cpu_pre_avx) makes the AVX cause unlikely
    with_avx = ([] if flags or f.h("ctx.cpu_pre_avx").count
                else f.h("ctx.cpu_with_avx").first[:1])
    if with_avx:
        model = " ".join((with_avx[0].g("model") or "").split())
        fact = f.kb.platform_fact("cpu-families-with-avx")
        cause = ("tfjs-node's tensorflow.dll (the prebuilt libtensorflow the addon loads) "
                 "failed while initialising. The usual cause is a CPU without AVX, but the log "
                 f"names the CPU ({model}), a model of a family that has AVX (knowledge row "
                 f"{fact.ref}), so that cause is unlikely here (unless a virtual machine hides "
                 "AVX from this Windows): the Microsoft Visual C++ runtime the DLL needs, "
                 "missing or too old, is the likelier cause.")
        fix: tuple[str, ...] = (
            "winget install Microsoft.VCRedist.2015+.x64",
            "# still failing: coreinfo64 -f | findstr AVX (Sysinternals): no AVX listed inside "
            "a virtual machine means the VM hides it from this Windows")
        return [catalogue.make(
            "windows-dll-init-failed",
            evidence=log_evidence(hits, f.h("ctx.tfjs").first[:1], with_avx),
            cause=cause, fix=fix)]
    if flags and "avx" in flags:
        cause = ("tfjs-node's tensorflow.dll (the prebuilt libtensorflow the addon loads) "
                 "failed while initialising. The CPU has AVX (host facts), so the usual cause, "
                 "a CPU without AVX, is ruled out: the Microsoft Visual C++ runtime it needs "
                 "is missing or too old.")
        fix = ("winget install Microsoft.VCRedist.2015+.x64",)
    else:
        cause = ("tfjs-node's tensorflow.dll (the prebuilt libtensorflow the addon loads) "
                 "failed while initialising. That library is compiled with AVX instructions; "
                 "on a CPU without AVX this is the error (the tfjs maintainers' answer in "
                 "tensorflow/tfjs#2619, #6034, #7945), whatever Node.js or CUDA setup. With an "
                 "AVX CPU, a missing Microsoft Visual C++ runtime gives the same error.")
        fix = ("# does the CPU support AVX? (Sysinternals: coreinfo64 -f | findstr AVX; or look "
               "the CPU model up)",
               "# no AVX: use a machine with an AVX CPU, or the pure-JavaScript packages "
               "(@tensorflow/tfjs, @tensorflow/tfjs-backend-wasm) instead of tfjs-node; "
               "reinstalling tfjs-node or CUDA does not help",
               "# AVX present: winget install Microsoft.VCRedist.2015+.x64")
    return [catalogue.make(
        "windows-dll-init-failed",
        evidence=log_evidence(hits, f.h("ctx.tfjs").first[:1]),
        cause=cause,
        fix=fix,
    )]


def tfjs_libtensorflow_not_in_deps(f: Facts) -> list[Finding]:
    """``ENOENT: no such file or directory, rename|copyfile '.../deps/lib/<libtensorflow>'``
    from tfjs-node's deps-stage.js (``tfjs.deps_lib_missing``): ``rename`` (a package
    install's "move") when an earlier install already moved it, typically a rebuild
    (electron-rebuild, npm rebuild), or when the download left none; ``copyfile`` (the
    symlink fallback) when the libtensorflow download/extraction did not complete."""
    hits = f.h("tfjs.deps_lib_missing").all()
    if not hits:
        return []
    h = hits[0]
    lib = h.g("lib") or "libtensorflow"
    src = h.g("src") or "deps/lib"
    dst = h.g("dst") or "the addon's folder"
    pkg = src.split("deps", 1)[0].rstrip("/\\")
    cp = "copy" if "\\" in src else "cp"
    if h.g("op") == "rename":
        cause = (f"tfjs-node's install step (scripts/deps-stage.js, 'move') renames {lib} from "
                 f"deps/lib to {dst}, and {lib} is no longer in deps/lib. A second build of "
                 "the installed package (electron-rebuild, npm rebuild) runs that move again "
                 "after the install already made it (tensorflow/tfjs#1054, tfjs-node-gpu "
                 "under Electron); if this was a fresh install, the libtensorflow download "
                 "left none (the install log above shows a download error).")
        fix: tuple[str, ...] = (
            f"# the file is at its destination already: copy it back before rebuilding, e.g. "
            f"{cp} \"{dst}\" \"{src}\" (the tensorflow/tfjs#1054 "
            "workaround), then run electron-rebuild again",
            "# a fresh install: npm rebuild the package and read the download lines of its "
            "install log (proxy, disk, interrupted download)",
        )
    else:
        cause = (f"tfjs-node's install step (scripts/deps-stage.js) copies {lib} from deps/lib "
                 "next to the addon, and deps/lib has no such file: the libtensorflow "
                 "download or its extraction did not complete (tensorflow/tfjs#8118, #7945), "
                 "so the install has no TensorFlow library to stage.")
        fix = (
            "# read the install log above the error: the 'Downloading libtensorflow' step "
            "failed (network, proxy, antivirus or disk)",
            "npm rebuild @tensorflow/tfjs-node   # or the -gpu package: downloads and stages "
            "libtensorflow again",
        )
    return [catalogue.make(
        "tfjs-node-libtensorflow-not-in-deps", lib=lib,
        evidence=log_evidence(hits, limit=2),
        cause=cause + (f" Package folder: {pkg}." if pkg else ""),
        fix=fix,
    )]
