"""TensorFlow add-on packages that do not load or do not fit the installed TensorFlow:
the add-on's op library failing with "undefined symbol" (the symbol on the next
line, or left off), tensorflow-io's ``unable to open file`` with or without its cause list,
an add-on's op library that cannot be opened on a platform the add-on has no build for,
tensorflow-probability's import-time TensorFlow check, and pip's empty ``0.0.0`` placeholder
release of keras-nlp.

Sources (message formats; the facts are platform_facts.toml rows ``addon-pairs-*`` and
``addon-platforms-*`` with their sources):

* tensorflow/io@e42be7b4 ``tensorflow_io/python/ops/__init__.py`` ``_load_library``:
  ``NotImplementedError("unable to open file: <lib>, from paths: [...]\\ncaused by: [...]")``
  (the same text since tensorflow/io#110, 2019), the loader's reasons in the list.
* TensorFlow's ``load_op_library``: ``NotFoundError`` with ``dlerror()``'s text on Linux
  (glibc: ``<object>: undefined symbol: <name>``; ``<object>: cannot open shared object
  file: No such file or directory`` also for an ELF of another machine: glibc
  ``elf/dl-load.c`` ``open_verify``'s ``close_and_out`` sets ENOENT); ``<file> not found`` on
  Windows (tensorflow/decision-forests#223, tensorflow/tensorflow#72106).
* tensorflow/decision-forests@ad5a8dcc ``documentation/known_issues.md`` (no Windows pip
  package; each TF-DF release tied to one TensorFlow; the ``training.so: undefined symbol``
  example) and README.md (Linux and Mac only); tensorflow/decision-forests#238 (no Arm64
  Linux package).
* tensorflow/probability ``python/__init__.py`` ``_ensure_tf_install``: ``This version of
  TensorFlow Probability requires TensorFlow version >= <req>; Detected an installation of
  version <have>. Please upgrade TensorFlow to proceed.``
* keras-team/keras-hub ``setup.py`` (tensorflow-text required off macOS, b197f85e, later off
  Windows) and keras-team/keras-hub#1649 (``keras-nlp 0.0.0`` installed on Python 3.12, where
  tensorflow-text had no wheel).
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._addon_frames import ADDON_DISTS, ADDON_WINDOW, OP_LIBRARY_DISTS
from tfgpu.diagnosis.checks._common import PLATFORM_WORDS
from tfgpu.diagnosis.checks._op_lib_symbol import op_lib_symbol
from tfgpu.diagnosis.checks._pip_list import pip_list_grep
from tfgpu.diagnosis.checks._tf_pin_python import tf_pin_unavailable
from tfgpu.diagnosis.checks.custom_ops import op_library_built_for_other_tensorflow
from tfgpu.diagnosis.checks.frozen_apps import frozen_app_owns
from tfgpu.diagnosis.checks.stale_tensorflow_import import stale_import_check, tf_below
from tfgpu.diagnosis.checks.tf_install import version_or_none
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence, tf_minor
from tfgpu.findings import Finding
from tfgpu.knowledge import KnowledgeError, KnowledgeQueryError

#: Where each add-on publishes its TensorFlow pairs (said when no pair row or no TensorFlow
#: version is known).
_TABLE: dict[str, str] = {
    "tensorflow-io": "the version table in the tensorflow/io README",
    "tensorflow-addons": "the C++ custom-op compatibility matrix in the tensorflow/addons README",
    "tensorflow-text": "tensorflow-text's rule: the same major.minor as TensorFlow",
    "tensorflow-decision-forests": "the compatibility table in TF-DF's "
    "documentation/known_issues.md",
    "tensorflow-quantum": "the TensorFlow each tensorflow/quantum release's setup.py pins",
    "tensorflow-recommenders-addons": "the compatibility matrix in the "
    "tensorflow/recommenders-addons README",
    "tensorflow-probability": "the TensorFlow each tensorflow-probability release notes name",
}

#: A C++ symbol of TensorFlow's own namespaces, of the Abseil LTS release TensorFlow bundles
#: and exports (``absl::lts_<date>``, mangled ``4absl12lts_20230125``: each TensorFlow release
#: pins its own, so an add-on's library built against another TensorFlow misses them;
#: tensorflow/recommenders-addons#406, TFRA's nightly under TF 2.14), or a CUDA runtime
#: registration symbol.
_TF_SYM = re.compile(
    r"(?<!\d)(?:10tensorflow|3tsl|6tflite|3xla)\d|(?<!\d)4absl12lts_\d{8}|^_{1,3}cuda[A-Z]")

#: Abseil's LTS namespace alone (no TensorFlow namespace in the symbol).
_ABSL_SYM = re.compile(r"(?<!\d)4absl12lts_\d{8}")

_WIN_PATH = re.compile(r"(?:^|[\s'\"(\[])(?:[A-Za-z]:)?\\|\\(?:Lib|lib)\\site-packages\\")


def addon_release_for(ctx: Facts, dist: str, tf_version: str | None) -> tuple[str, str] | None:
    """The ``dist`` release that fits TensorFlow ``tf_version`` and the fact row it came from.

    Reads platform_facts ``addon-pairs-<dist>`` (``pairs`` "<release>=<TF minor>", newest
    first; ``rule`` "built-for": the newest release built for that minor; "min-tf": the newest
    release whose minimum TensorFlow is at most that minor).  tensorflow-text follows the
    TensorFlow minor itself (tensorflow/text README).

    Returns:
        ``(release, ref)`` (a release or a ``"2.15.*"`` pin; ``ref`` a knowledge reference or
        the README), or None when the TensorFlow version or the add-on's pairs are unknown,
        or no release fits (a TensorFlow newer than the add-on's last release).
    """
    mm = tf_minor(tf_version)
    if mm is None:
        return None
    if dist == "tensorflow-text":
        return f"{mm[0]}.{mm[1]}.*", "tensorflow/text README"
    try:
        row = ctx.kb.platform_fact(f"addon-pairs-{dist}")
        pairs, rule = row.items("pairs"), row.value("rule")
    except (LookupError, KnowledgeError, KnowledgeQueryError):
        return None
    for pair in pairs:
        release, _, tf = pair.partition("=")
        want = tf_minor(tf)
        if want is None:
            continue
        if (rule == "built-for" and want == mm) or (rule == "min-tf" and want <= mm):
            return release, row.ref
    return None


def _addon_warned_tf(ctx: Facts) -> str | None:
    """The TensorFlow version an add-on's own version warning names (TF-DF's "However,
    TensorFlow <v> was detected", TensorFlow Addons' "You are currently using TensorFlow
    <v>"), else None."""
    for h in ctx.h("addon.tfdf_versions").all():
        if h.g("have"):
            return h.g("have")
    for h in ctx.h("tfa.using").all():
        if h.g("have") or h.g("have2"):
            return h.g("have") or h.g("have2")
    return None


def _pair_words(ctx: Facts, dist: str, *, windows: bool = False) -> tuple[str, str]:
    """(cause words, fix line) naming the ``dist`` release for the TensorFlow the log or the
    facts show, else where the pairs are published and the command that shows the versions
    (``windows``: in cmd/PowerShell's form)."""
    tf = ctx.tf_version or _addon_warned_tf(ctx)
    found = addon_release_for(ctx, dist, tf)
    table = _TABLE.get(dist, f"the {dist} release notes")
    if found is not None and tf:
        release, ref = found
        pin = f"{dist}=={release}"
        return (f"{dist} {release} is the release for TensorFlow {tf} ({ref})",
                f'pip install "{pin}"   # the {dist} release for TensorFlow {tf} ({ref}); or '
                f"install the TensorFlow that the installed {dist} was built for")
    if tf:
        return (f"no {dist} release in {table} is listed for TensorFlow {tf}",
                f"# {table} has no {dist} release for TensorFlow {tf}: install a TensorFlow it "
                f"lists, with the {dist} release paired with it")
    listing = (pip_list_grep("tensorflow", windows=True) if windows
               else pip_list_grep("tensorflow", dist, anchored=True))
    return (f"{table} pairs each {dist} release with its TensorFlow",
            listing + f"   # the TensorFlow and {dist} installed; then the {dist} release for "
            f"that TensorFlow ({table})")


def addon_pair_fix(ctx: Facts, dist: str) -> str:
    """The fix line naming the ``dist`` release for the TensorFlow the log or the facts show
    (or where its pairs are published and the command that shows the versions); for
    ``custom_ops.op_library_built_for_other_tensorflow``."""
    return _pair_words(ctx, dist)[1]


def _addon_hits(ctx: Facts) -> list[tuple[Hit, str, str, str, str]]:
    """(hit, dist, library, reason, symbol) of each add-on library line; a bare
    ``undefined symbol`` line names the symbol of the library line before it."""
    out: list[tuple[Hit, str, str, str, str]] = []
    for h in ctx.h("addon.so").all():
        dist = OP_LIBRARY_DISTS.get(h.g("pkg") or "", "")
        out.append((h, dist, h.g("so") or "", h.g("why") or "", h.g("sym") or ""))
    for h in ctx.h("addon.tfio_unable").all():
        lib = (h.g("lib") or "").rsplit("/", 1)[-1]
        if lib.startswith("libtensorflow_io"):
            out.append((h, "tensorflow-io", lib, "", ""))
    return sorted(out, key=lambda t: t[0].line)


def addon_op_library(ctx: Facts) -> list[Finding]:
    """An add-on's op library did not load.

    * ``op-library-built-for-other-tensorflow``: "undefined symbol" for the add-on's own
      library (a TensorFlow symbol, the symbol on the next line, or none shown: variant
      ``no-symbol``, a warning); tensorflow-io's ``unable to open file`` with no reason in
      the log: variant ``load-failed`` (hedged: release pair, platform or missing file).
    * ``tensorflow-dependency-no-wheel``: the add-on's own library could not be opened where
      the add-on publishes no build (platform_facts ``addon-platforms-<dist>``): variant
      ``addon-platform`` (Windows: "<file> not found"), ``addon-platform-or-missing`` on
      Linux ("cannot open shared object file": another CPU's build or a missing file).

    The fix names the add-on release for the TensorFlow the log or facts show
    (:func:`addon_release_for`), never a GPU step.  One-line symbol errors that
    ``op_library_built_for_other_tensorflow`` reads are left to it.
    """
    hits = _addon_hits(ctx)
    if not hits or op_library_built_for_other_tensorflow(ctx):
        return []
    bare = ctx.h("addon.undefined_bare").all()
    lib_syms = ctx.h("op.lib_symbol").all()
    for h, dist, lib, why, sym in hits:
        if not dist:
            continue
        if why == "undefined symbol" or why.lower() == "symbol not found" or (
                not why and (bare or lib_syms)):
            sym = (sym or next((b.g("sym") or "" for b in bare if b.line > h.line), "")
                   or next((op_lib_symbol(x)[1] for x in lib_syms), ""))
            listed = listed_pair_mismatch(ctx, dist)
            if listed is not None:
                return [_listed_pair_finding(dist, lib, sym, listed, [h, *bare[:1]])]
            if sym and not _TF_SYM.search(sym):
                return []  # libstdc++, MPI, the OS's libraries: other causes
            if _ABSL_SYM.search(sym) and _pair_listed(ctx, dist):
                return []  # the log's own listing shows a pair that fits: not the release
            return [_symbol_finding(ctx, dist, lib, sym, [h, *bare[:1]])]
        if why in ("not found", "cannot open shared object file", "No such file or directory"):
            if frozen_app_owns(ctx):
                return []  # a bundle that lacks the file: frozen_apps.py reads that
            found = _platform_finding(ctx, h, dist, lib, why) or _windows_not_found(
                ctx, h, dist, lib, why)
            if found:
                return found
    if ctx.h("addon.tfio_caused_by").count or any(
            why or "caused by" in h.text.lower() for h, _d, _l, why, _s in hits):
        return []  # the loader's reason is in the log, and none of the above: not claimed
    for h, dist, lib, _why, _sym in hits:
        if dist == "tensorflow-io" and h.g("lib") is not None:
            words, fix = _pair_words(ctx, dist)
            return [catalogue.make(
                "op-library-built-for-other-tensorflow", variant="load-failed",
                package=dist, library=lib, pair=words, evidence=log_evidence([h]),
                fix=(fix,
                     'python -c "import tensorflow_io"   # the full error: its caused-by list '
                     "says 'undefined symbol' (the release pair) or 'cannot open' / 'not "
                     "found' (no build here, or a missing file)",
                     pip_list_grep("tensorflow", "tensorflow-io", anchored=True)
                     + "   # the TensorFlow and tensorflow-io installed"),
            )]
    return []


def _symbol_finding(ctx: Facts, dist: str, lib: str, sym: str, hits: list[Hit]) -> Finding:
    """``op-library-built-for-other-tensorflow`` for ``dist``'s ``lib`` (variant ``no-symbol``
    when the symbol is not in the log or is not TensorFlow's or CUDA's)."""
    words, fix = _pair_words(ctx, dist)
    extra = ("export TF_ADDONS_PY_OPS=1   # or use Addons' Python ops instead of its compiled "
             "custom ops",) if dist == "tensorflow-addons" else ()
    common = ("# a TensorFlow from conda-forge, a source build, an NGC image or a nightly is a "
              "different build: use the pip tensorflow release the add-on was built for",)
    if sym and _TF_SYM.search(sym):
        return catalogue.make(
            "op-library-built-for-other-tensorflow",
            variant="cuda" if sym.lstrip("_").startswith("cuda") else None,
            package=dist, library=lib, symbol=sym[:120], evidence=log_evidence(hits),
            fix=(fix, *extra, *common),
        )
    return catalogue.make(
        "op-library-built-for-other-tensorflow", variant="no-symbol",
        package=dist, library=lib, pair=words, evidence=log_evidence(hits),
        fix=(fix, *extra, *common),
    )


def _windows_not_found(ctx: Facts, h: Hit, dist: str, lib: str, why: str) -> list[Finding]:
    """``op-library-built-for-other-tensorflow`` variant ``windows-not-found`` (a warning):
    on Windows TensorFlow's loader says only "<file> not found" when LoadLibraryExW fails
    (tensorflow/tsl/platform/windows/load_library.cc: ``errors::NotFound(file_name + " not
    found")``, whatever the reason), for a file that is there.  The release pair is the
    usual reason for an add-on's own library; a missing dependency DLL and a release without
    a Windows build print the same words, so the fix lines tell them apart."""
    if why != "not found" or not (ctx.os == "windows" or _WIN_PATH.search(h.text)):
        return []
    if "NotFoundError" not in h.read:
        return []  # TensorFlow's loader raises NotFoundError; a packager's or a note's words
    words, fix = _pair_words(ctx, dist, windows=True)
    found = addon_release_for(ctx, dist, ctx.tf_version) if ctx.tf_version else None
    spec = f'"{dist}=={found[0]}"' if found else dist
    lines = [fix]
    if not fix.startswith(pip_list_grep("tensorflow", windows=True)):
        lines.append(pip_list_grep("tensorflow", windows=True)
                     + f"   # the TensorFlow and {dist} installed: {dist} needs the "
                     "TensorFlow its release was built for")
    lines.append(f"pip download --no-deps {spec}   # 'No matching distribution': no Windows "
                 "build of that release; run it under WSL (Linux)")
    return [catalogue.make(
        "op-library-built-for-other-tensorflow", variant="windows-not-found",
        package=dist, library=lib, pair=words, evidence=log_evidence([h]), fix=tuple(lines),
    )]


def _platform_finding(ctx: Facts, h: Hit, dist: str, lib: str, why: str) -> list[Finding]:
    """``tensorflow-dependency-no-wheel`` (variants ``addon-platform`` /
    ``addon-platform-or-missing``) when ``dist`` publishes no build for the platform the
    log shows (platform_facts ``addon-platforms-<dist>``); else nothing."""
    try:
        row = ctx.kb.platform_fact(f"addon-platforms-{dist}")
        platforms, no_build = row.items("platforms"), row.items("no_build")
    except (LookupError, KnowledgeError, KnowledgeQueryError):
        return []
    shown = ", ".join(PLATFORM_WORDS.get(p, p) for p in platforms)
    windows = ctx.os == "windows" or bool(_WIN_PATH.search(h.text))
    ev = log_evidence([h])
    alternative = ("The maintainers' way on Windows is WSL (Linux); YDF (pip install ydf) is "
                   "their library with Windows builds." if dist == "tensorflow-decision-forests"
                   else "Run it under WSL (Linux).")
    # a row with ``since``: older releases had builds there, so only the hedged variant
    always = "since" not in row.values
    if why == "not found" and windows and "windows" in no_build and always:
        if dist == "tensorflow-decision-forests" and ctx.h("ctx.tensorflowjs").count:
            # the tensorflowjs converter requires TF-DF and imports it: removing TF-DF breaks
            # the converter; the threads converted under WSL (tensorflow/tfjs#8030, #8220)
            return [catalogue.make(
                "tensorflow-dependency-no-wheel", variant="addon-platform", package=dist,
                platform="Windows", platforms=shown, library=lib, source=row.ref,
                alternative=("Here the tensorflowjs converter loads it: tensorflowjs "
                             "requires tensorflow-decision-forests, so the converter cannot "
                             "run on native Windows; run it under WSL (Linux) or in a Linux "
                             "notebook."),
                evidence=ev, knowledge_ref=row.ref,
                fix=("# run tensorflowjs_converter in WSL (Linux): pip install tensorflowjs "
                     "there and convert the model there (the converted files work anywhere)",
                     "# keep tensorflow-decision-forests installed: tensorflowjs requires "
                     "it, so uninstalling it does not make the converter run"),
            )]
        return [catalogue.make(
            "tensorflow-dependency-no-wheel", variant="addon-platform", package=dist,
            platform="Windows", platforms=shown, library=lib, source=row.ref,
            alternative=alternative, evidence=ev, knowledge_ref=row.ref,
            fix=("# run it in WSL (Linux): install Python, tensorflow and "
                 f"{dist} there and run the code there",
                 f"pip uninstall -y {dist}   # on native Windows: it cannot load here",
                 *(("pip install ydf   # the maintainers' successor with Windows builds",)
                   if dist == "tensorflow-decision-forests" else ())),
        )]
    if why != "not found" and not windows and "linux-aarch64" in no_build and ctx.os != "macos":
        machine = ""
        if ctx.host is not None:
            machine = (ctx.host.os.machine or ctx.host.cpu.machine or "").lower()
        if machine in ("aarch64", "arm64") and always:
            return [catalogue.make(
                "tensorflow-dependency-no-wheel", variant="addon-platform", package=dist,
                platform="Linux aarch64 (ARM)", platforms=shown, library=lib,
                source=row.ref, alternative=alternative, evidence=ev, knowledge_ref=row.ref,
                fix=("# use an x86_64 Linux machine, or build it from source for aarch64",
                     *(("pip install ydf   # the maintainers' successor library",)
                       if dist == "tensorflow-decision-forests" else ())),
            )]
        if machine and machine not in ("x86_64", "amd64"):
            return []
        path = h.text.split(lib)[0].split()[-1] + lib if lib in h.text else lib
        path = path.lstrip("'\"[(:")
        return [catalogue.make(
            "tensorflow-dependency-no-wheel", variant="addon-platform-or-missing",
            package=dist, platforms=shown, library=lib, source=row.ref,
            evidence=ev, knowledge_ref=row.ref,
            fix=("uname -m   # aarch64 (ARM): " + dist + " has no build for it (" + shown
                 + " only)",
                 f"file {path}   # the CPU the library was built for; 'No such file': "
                 f"reinstall with pip install --force-reinstall {dist}"),
        )]
    return []


def filesystem_registered_twice(ctx: Facts) -> list[Finding]:
    """``tensorflow-addon-version-pin`` (variant ``filesystem-registered``): TensorFlow's
    registry refused a second file system for a URI scheme ("File system for s3 already
    registered", tensorflow/core/platform/env.cc), which tensorflow-io's plugins of another
    TensorFlow release cause (nicknochnack/TFODCourse#56: a tensorflow-io built for TF 2.7/2.8
    under TF 2.4)."""
    hits = ctx.h("addon.fs_registered").all()
    if not hits:
        return []
    scheme = hits[0].g("scheme") or "a scheme"
    return [catalogue.make(
        "tensorflow-addon-version-pin", variant="filesystem-registered", scheme=scheme,
        evidence=log_evidence(hits[:1]),
        fix=(pip_list_grep("tensorflow", "tensorflow-io", "tensorflow-io-gcs-filesystem",
                           anchored=True) + "   # TensorFlow and tensorflow-io's versions",
             '# then: pip install "tensorflow-io==<the release for your TensorFlow minor>"   '
             "# tensorflow/io's README lists the pairs; or pip uninstall tensorflow-io if "
             "nothing imports it"),
    )]


#: The names the libraries' copies of tensorflow-probability's ``_ensure_tf_install`` print
#: ("This version of <name> requires TensorFlow version >= ..."), by distribution: TF-Agents
#: (tf_agents/__init__.py), TF-GAN (tensorflow_gan/__init__.py); "TensorFlow <Name>" is
#: tensorflow-<name> (Probability, Datasets, Addons: tensorflow_addons/utils/
#: ensure_tf_install.py; "TensorFlow Model Optimization": tensorflow_model_optimization/
#: __init__.py at 6fbc2cec, words joined by dashes).
_GUARD_NAMES = {"TF Agents": "tf-agents", "TF-Agents": "tf-agents", "TF-GAN": "tensorflow-gan",
                "TensorFlow Model Optimization Toolkit": "tensorflow-model-optimization"}


def guard_dist(name: str) -> str:
    """The distribution whose import check printed ``name`` ("TensorFlow Probability" ->
    ``tensorflow-probability``, "TF Agents" -> ``tf-agents``)."""
    if name in _GUARD_NAMES:
        return _GUARD_NAMES[name]
    return "tensorflow-" + name.removeprefix("TensorFlow ").lower().replace(" ", "-")


def _upgrade_line(ctx: Facts, addon: str, req: str) -> tuple[str, bool]:
    """(the fix line that upgrades TensorFlow to ``req`` or later, whether that cannot be
    installed into the log's Python): the tf-keras note only where tf.keras is Keras 3
    (``req`` at or past platform fact keras3-switch, 2.16; tf-keras's releases start at
    2.14.1: ``pip index versions tf-keras`` lists 2.14.1 ... 2.21.0), the pin checked
    against the Python's wheels (:func:`tf_pin_unavailable`)."""
    line = f'pip install -U "tensorflow>={req}"   # what this {addon} release needs'
    switch = tf_minor(ctx.kb.platform_fact("keras3-switch").value("tf_version"))
    mm = tf_minor(req)
    if addon == "tensorflow-probability" and mm and switch and mm >= switch:
        line += " (install tf-keras of the same minor with it: tf.keras is Keras 3 there)"
    gap = tf_pin_unavailable(ctx, f">={req}")
    if gap is None:
        return line, False
    return (f'# then, in an environment with a newer Python: {line.replace("# ", "- ", 1)} '
            f"(not in this one: {gap})"), True


def tfp_requires_newer_tensorflow(ctx: Facts) -> list[Finding]:
    """``tensorflow-addon-version-pin`` (variant ``import-check``): tensorflow-probability's or
    tensorflow-datasets' import-time check found a TensorFlow older than its release needs.
    The fix names both ways: TensorFlow >= the required minor, or the add-on release whose
    minimum is the installed minor (platform_facts ``addon-pairs-tensorflow-probability``; for
    tensorflow-datasets, whose releases are not tabled, the release notes)."""
    hits = ctx.h("addon.tfp_requires").all()
    if not hits:
        return []
    h = hits[0]
    addon = guard_dist(h.need("addon"))
    req = h.need("req")
    seen = (h.g("have") or "").rstrip(".") or None
    # a TensorFlow that meets the floor already shows (pip installed it, the host has it):
    # the process that raised runs an older one (a runtime not restarted, or two Pythons)
    stale = stale_import_check(ctx, h, addon, req, seen)
    if stale is not None:
        return [stale]
    # (a quote of the first sentence only leaves the installed version out: the host's or the
    # log's, if below the floor, else the variant that names none)
    shown = ctx.tf_version if tf_below(ctx.tf_version, req) else None
    have = seen or shown
    upgrade = _upgrade_line(ctx, addon, req)
    if not have:
        listing = (pip_list_grep("tensorflow", addon, windows=ctx.windows,
                                 anchored=not ctx.windows)
                   + f"   # the TensorFlow and {addon} releases installed")
        keep = (f"# {'' if upgrade[1] else 'or '}keep the installed TensorFlow and install the "
                f"{addon} release made for it (its release notes name the TensorFlow each "
                "needs)")
        return [catalogue.make(
            "tensorflow-addon-version-pin", variant="import-check-have-unshown", addon=addon,
            requirement=req, evidence=log_evidence([h]),
            fix=(listing, upgrade[0], keep) if not upgrade[1] else (listing, keep, upgrade[0]))]
    found = addon_release_for(ctx, addon, have)
    pair = (f" ({addon} {found[0]}, {found[1]})" if found else "")
    alt = "" if upgrade[1] else "or "
    if found:
        keep = (f'# {alt}keep TensorFlow {have}: pip install "{addon}=={found[0]}"   # the '
                f"newest release whose check accepts it ({found[1]})")
    else:
        keep = (f"# {alt}keep TensorFlow {have}: pip install the {addon} release made for it "
                f"(pip index versions {addon}; its release notes name the TensorFlow each "
                "needs)")
    fix = [upgrade[0], keep] if not upgrade[1] else [keep, upgrade[0]]
    return [catalogue.make(
        "tensorflow-addon-version-pin", variant="import-check", addon=addon,
        requirement=req, have=have, pair=pair, evidence=log_evidence([h]),
        knowledge_ref=found[1] if found and ":" in found[1] else None, fix=tuple(fix),
    )]


def addon_name_missing(ctx: Facts) -> list[Finding]:
    """``tensorflow-addon-version-pin`` variant ``name-missing`` (hedged): "module
    'tensorflow_<addon>[.sub]' has no attribute 'X'" (or "cannot import name 'X' from
    'tensorflow_<addon>[.sub]'", another package importing it) for a TensorFlow add-on
    (:data:`~tfgpu.diagnosis.checks._addon_frames.ADDON_DISTS`): the add-on installed lacks
    a name the code uses. Add-ons add and remove public names between releases (tfmot gained
    ``quantization`` in 0.3.0) and expose some only with some TensorFlow releases (TF-Hub
    0.7's ``KerasLayer`` only under TensorFlow 2), so the add-on, the code and TensorFlow are
    not of releases that go together (no data dates add-on names, so the finding does not say
    which side is old); a file or folder of the import name shadowing the package fits too.
    Nothing for a module outside that list; one finding, for the first such line."""
    for h in ctx.h("addon.no_attr").all():
        mod, attr = h.g("mod") or h.need("mod2"), h.g("attr") or h.need("attr2")
        top = mod.split(".")[0]
        dist = ADDON_DISTS.get(top)
        if dist is None:
            continue
        shadow = _addon_shadowed(ctx, h, top)
        if shadow is not None:
            return [catalogue.make(
                "tensorflow-source-tree-import", variant="addon-shadowed", package=dist,
                symbol=f"{mod}.{attr}", where=shadow, evidence=log_evidence([h]),
                fix=(f"python -c \"import {top}; print({top}.__file__, {top}.__path__ if "
                     f"hasattr({top}, '__path__') else '')\"   # from the same folder: what "
                     "Python imports under that name (the installed one is under "
                     "site-packages)",
                     f"# rename the file or folder named {top} (delete its __pycache__), or "
                     "start Python from another folder; a source checkout is used only once "
                     "built as its README says"))]
        return [catalogue.make(
            "tensorflow-addon-version-pin", variant="name-missing", package=dist,
            symbol=f"{mod}.{attr}",
            evidence=log_evidence([h]),
            fix=(f'python -c "import {top}; print({top}.__file__, getattr({top}, '
                 "'__version__', None))\"   # the file Python imported and its release: a "
                 f"file or folder named {top} outside site-packages shadows the package",
                 f"python -m pip show {dist} tensorflow   # the {dist} and TensorFlow "
                 "releases installed",
                 f'python -m pip install "{dist}==<the release the code names>"   # the '
                 "code's requirements or README name it",
                 f"# and a TensorFlow that {dist} release pairs with (its release notes name "
                 "it): upgrading TensorFlow is the fix when the add-on needs a newer one"),
        )]
    return []


def _addon_shadowed(ctx: Facts, h: Hit, top: str) -> str | None:
    """Where Python found add-on ``top`` when the error ``h`` shows it did not import the
    installed package: a module without a file ("(unknown location)": a folder without
    ``__init__.py``, a namespace package) or a module importing itself ("partially
    initialized module": a file of that name), read with the traceback's frames above it
    outside site-packages (``ctx.own_frame``): a folder named ``top`` (a source checkout, a
    data folder) or a file ``top.py``; ``None`` when the error shows neither."""
    unknown = "(unknown location)" in h.text
    partial = "partially initialized module" in h.text
    if not (unknown or partial):
        return None
    for f in ctx.h("ctx.own_frame").all():
        if 0 < h.line - f.line <= ADDON_WINDOW:
            m = re.search(r"[\"']?([^\"'\s]*?[/\\]" + re.escape(top)
                          + r"(?:[/\\]|\.py\b))", f.text)
            if m is not None:
                return m.group(1).rstrip("/\\")
    return (f"a folder named {top} without __init__.py (a source checkout or a data folder) "
            "in the working directory or the script's folder" if unknown else
            f"a file named {top}.py (the script itself, or one beside it)")


def retinanet_refuses_tensorflow(ctx: Facts) -> list[Finding]:
    """``tensorflow-addon-version-pin`` (variant ``import-check-refused``): keras-retinanet's
    start-up check (keras_retinanet/utils/tf_version.py: a minimum release and a list of
    refused ones) found the installed TensorFlow below the minimum or refused. The fix
    names a release the check accepts: the minimum's minor or later, none of the refused."""
    hits = ctx.h("addon.retinanet_tf_check").all()
    if not hits:
        return []
    h = hits[0]
    have, req = h.g("have") or "?", h.g("req") or "?"
    refused = [".".join(t) for t in re.findall(r"\((\d+),\s*(\d+),\s*(\d+)\)",
                                               h.g("refused") or "")]
    shown = ", ".join(refused) or "any release it lists"
    why = ("one of the refused releases" if have in refused
           else f"below {req}"
           if (hv := version_or_none(have)) and (rv := version_or_none(req)) and hv < rv
           else "refused by the check")
    excl = "".join(f",!={r}" for r in refused)
    k3_fact = ctx.kb.platform_fact("keras3-switch")
    k3, k3_ref = k3_fact.value("tf_version"), k3_fact.ref
    return [catalogue.make(
        "tensorflow-addon-version-pin", variant="import-check-refused", addon="keras-retinanet",
        requirement=req, have=have, refused=shown, why=why, evidence=log_evidence([h]),
        fix=(f'pip install "tensorflow>={req}{excl},<{k3}"   # a release keras-retinanet\'s '
             f"check accepts, before Keras 3 became tf.keras in {k3} (knowledge row "
             f"{k3_ref}), with the CUDA/cuDNN that release was built for",
             "# or the keras-retinanet release made for your TensorFlow (its README and "
             "setup.py name the TensorFlow each supports)"),
    )]


def placeholder_release(ctx: Facts) -> list[Finding]:
    """``tensorflow-dependency-no-wheel`` (variant ``placeholder-release``): pip list / freeze
    / install shows keras-nlp ``0.0.0``, the empty release pip falls back to when
    no real release's dependencies resolve here (keras-team/keras-hub#1649)."""
    hits = ctx.h("addon.placeholder_release").all()
    if not hits:
        return []
    h = hits[0]
    pkg = (h.g("pkg") or h.g("pkg2") or h.g("pkg3") or "keras-nlp").replace("_", "-")
    return [catalogue.make(
        "tensorflow-dependency-no-wheel", variant="placeholder-release", package=pkg,
        evidence=log_evidence(hits[:1]),
        fix=(f'pip install "{pkg}>=0.1"   # asks for a real release: pip then prints the '
             "dependency that cannot be installed here (usually tensorflow-text)",
             "python --version; uname -m   # tensorflow-text publishes wheels for some Python "
             "versions and, after 2.10, for Linux x86_64 and Intel Macs only: use a Python and "
             "machine it has (a python:3.10/3.11 x86_64 base image in Docker)"),
    )]


# --- the add-on and TensorFlow pair a pip list / pip freeze in the same log shows ---
_TF_DISTS = ("tensorflow", "tensorflow-gpu", "tensorflow-cpu")


def _listed_versions(ctx: Facts) -> dict[str, tuple[str, Hit]]:
    """The last version the log's pip list / freeze rows give each distribution
    (``tensorflow-text`` -> ("2.15.0", hit)); names normalised to dashes."""
    out: dict[str, tuple[str, Hit]] = {}
    for h in [*ctx.h("pip.listing").all(), *ctx.h("addon.pip_pair").all()]:
        dist = (h.g("dist") or "").replace("_", "-")
        v = h.g("v")
        if dist and v:
            out[dist] = (v, h)
    return out


#: What :func:`listed_pair_mismatch` finds: (tensorflow version, add-on version, the two
#: listing rows, :func:`addon_release_for`'s ``(release, ref)`` for that TensorFlow or None).
ListedPair = tuple[str, str, list[Hit], tuple[str, str] | None]


def _pair_listed(ctx: Facts, dist: str) -> bool:
    """Whether the log's package listing shows both TensorFlow and ``dist``."""
    listed = _listed_versions(ctx)
    return dist in listed and any(d in listed for d in _TF_DISTS)


def listed_pair_mismatch(ctx: Facts, dist: str) -> ListedPair | None:
    """``(tensorflow version, dist version, the two rows, the release that pairs)`` when the
    same log's package listing shows TensorFlow and ``dist`` of releases that do not pair,
    else None.

    tensorflow-text must have TensorFlow's major.minor (tensorflow/text README); the other
    add-ons: the release :func:`addon_release_for` gives for that TensorFlow (platform_facts
    ``addon-pairs-<dist>``) differs in major.minor from the listed one.  The release that
    pairs is :func:`addon_release_for`'s ``(release, ref)`` for that TensorFlow (None when it
    gives none).  None when either row is missing or the pairs are not known (no claim)."""
    listed = _listed_versions(ctx)
    addon = listed.get(dist)
    tf = next((listed[d] for d in _TF_DISTS if d in listed), None)
    if addon is None or tf is None:
        return None
    tf_mm, addon_mm = tf_minor(tf[0]), tf_minor(addon[0])
    if tf_mm is None or addon_mm is None:
        return None
    found = addon_release_for(ctx, dist, tf[0])
    if dist == "tensorflow-text":
        bad = tf_mm != addon_mm
    else:
        want = tf_minor(found[0]) if found is not None else None
        bad = want is not None and want != addon_mm
    return (tf[0], addon[0], [tf[1], addon[1]], found) if bad else None


def _listed_pair_finding(dist: str, lib: str, sym: str,
                         listed: ListedPair, hits: list[Hit]) -> Finding:
    """``op-library-built-for-other-tensorflow`` variant ``listed-pair``: the log's own
    package listing shows a pair that does not fit, whatever the missing symbol."""
    tf_v, addon_v, rows, found = listed
    table = _TABLE.get(dist, f"the {dist} release notes")
    if found is not None:
        release, ref = found
        pair = f"{dist} {release} is the release for TensorFlow {tf_v} ({ref})"
        fix = (f'pip install "{dist}=={release}"   # the {dist} release for TensorFlow {tf_v} '
               f"({ref}); or install the TensorFlow {dist} {addon_v} was built for")
    else:
        pair = f"{table} pairs each {dist} release with its TensorFlow"
        fix = (f"# install the {dist} release {table} pairs with TensorFlow {tf_v}, or the "
               f"TensorFlow {dist} {addon_v} was built for")
    return catalogue.make(
        "op-library-built-for-other-tensorflow", variant="listed-pair",
        package=dist, library=lib, symbol=(sym or "a symbol the log does not name")[:120],
        tf_v=tf_v, addon_v=addon_v, pair=pair, evidence=log_evidence(rows, hits),
        fix=(fix, pip_list_grep("tensorflow", dist, anchored=True)
             + "   # after the change: both of the same pair"),
    )
