"""DirectML (Windows and WSL): no compatible adapter, a removed device, the DirectML plugin
that does not load or does not fit TensorFlow, DirectML's libraries missing in WSL.

Sources: microsoft/tensorflow-directml and tensorflow-directml-plugin (device enumeration, DML
devices, plugin builds per TensorFlow release; the plugin pins TensorFlow 2.10, platform fact
``directml-plugin-tf-pin``); MicrosoftDocs/windows-ai-docs ``docs/directml/gpu-tensorflow-wsl.md``
(Windows 11 or Windows 10 21H2), microsoft/tensorflow-directml-plugin README (WSL: Insider
build 20150+), microsoft/WSL#5630, #7314, microsoft/DirectML#22, #29.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._common import numpy_cap_for
from tfgpu.diagnosis.checks._pip_list import pip_list_grep
from tfgpu.facts.view import Facts, log_evidence, tf_minor
from tfgpu.findings import Finding
from tfgpu.knowledge import gpu_stacks

#: The DXGI device-loss HRESULTs the DirectML plugin prints in its fatal line ("HRESULT failed
#: with 0x887a0005: ..."; tfdml/core/dml_error_handling.cc): winerror.h's values, by the name
#: the finding's title ends with (DXGI_ERROR_DEVICE_<name>).
_DXGI_REMOVED = {"887a0005": "REMOVED", "887a0006": "HUNG", "887a0007": "RESET"}


def directml_problems(f: Facts) -> list[Finding]:
    """DirectML: no compatible adapter, a removed device (the DXGI reason named, or
    tensorflow-directml's failed ``GetDeviceRemovedReason()`` check, pattern
    ``eco.dml_removed_check``), a plugin that does not load, or tensorflow-directml's DML
    devices read as "no GPU"."""
    out: list[Finding] = []
    adapters = f.h("eco.dml_adapters").all()
    zero = [h for h in adapters if h.g("n") == "0"]
    removed = f.h("eco.dml_removed").all()
    plugin = f.h("eco.dml_plugin_missing").all()
    if plugin:
        out.append(catalogue.make(
            "directml-plugin-not-loaded", evidence=log_evidence(plugin, zero),
            fix=(pip_list_grep("^tensorflow", "directml")
                 + "   # tensorflow-directml-plugin needs tensorflow-cpu 2.10",
                 "pip install \"tensorflow-cpu==2.10.*\" tensorflow-directml-plugin"
                 + numpy_cap_for(f.kb, f.kb.platform_fact("directml-plugin-tf-pin")
                                 .value("tf_version"))
                 + "   # the pair its maintainers name; "
                 "later TensorFlow releases break the plugin (NumPy 1: TensorFlow 2.10 "
                 "predates NumPy 2)",
                 "# inside WSL2 the plugin also needs /usr/lib/wsl/lib (libd3d12.so, "
                 "libdxcore.so) on the loader path"),
        ))
    elif zero and not f.h("wsl.dx_missing").count:  # else wsl-directml-libraries-missing
        out.append(catalogue.make(
            "directml-no-adapter", evidence=log_evidence(zero),
        ))
    checked = f.h("eco.dml_removed_check").all()
    if removed:
        h = removed[0]
        what = h.g("what") or _DXGI_REMOVED.get((h.g("hr") or "").lower(), "REMOVED")
        out.append(catalogue.make(
            "directml-device-removed", what=what,
            evidence=log_evidence(removed, checked[:1], adapters[:1]),
        ))
    elif checked:
        out.append(catalogue.make(
            "directml-device-removed", variant="removed-reason-check",
            device=checked[0].g("device") or "dml_device_",
            evidence=log_evidence(checked, adapters[:1]),
        ))
    dml = f.h("eco.dml_device").all()
    listed_none = f.h("gpu.empty_list").all()
    if (not out and [h for h in adapters if h.g("n") not in (None, "0")]) or dml:
        out.append(catalogue.make(
            "directml-devices-are-dml", evidence=log_evidence(adapters, dml, listed_none),
        ))
    return out


def directml_library_missing(f: Facts) -> list[Finding]:
    """``directml-plugin-not-loaded`` variant ``bundled-directml``: the DirectML plugin's own
    DirectML library (the ``directml`` row of ``gpu_stack_libraries.toml``: DirectML.dll,
    libdirectml.<sha>.so) did not load (``lib.missing``)."""
    hits = [h for h in f.h("lib.missing").all() if _directml_row(h.g("lib") or "")]
    if not hits:
        return []
    filename = hits[0].g("lib") or ""
    row = _directml_row(filename)
    return [catalogue.make(
        "directml-plugin-not-loaded", variant="bundled-directml", filename=filename,
        component=row.what if row else "DirectML", evidence=log_evidence(hits),
        knowledge_ref=row.ref if row else None,
    )]


def _directml_row(filename: str) -> gpu_stacks.StackLibrary | None:
    """The DirectML row of ``filename``, else ``None``."""
    row = gpu_stacks.library(filename)
    return row if row is not None and row.stack == "directml" else None


def wsl_directml_libraries_missing(f: Facts) -> list[Finding]:
    """``libd3d12.so`` / ``libdxcore.so`` (DirectML in WSL) not loadable ->
    ``wsl-directml-libraries-missing``: Windows does not expose DirectX 12 into WSL here."""
    hits = f.h("wsl.dx_missing").all()
    if not hits:
        return []
    lib = hits[0].g("lib") or "libd3d12.so"
    # the WSL GPU floor; DirectML's WSL page (module docstring) names the same release
    fact = f.kb.platform_fact("wsl2-min-windows-build")
    return [catalogue.make(
        "wsl-directml-libraries-missing", library=lib,
        evidence=log_evidence(hits),
        fix=(
            "ls -l /usr/lib/wsl/lib   # libd3d12.so and libdxcore.so must be listed",
            "cat /proc/version   # a WSL2 kernel ('microsoft-standard-WSL2'), 4.19.121 or newer; "
            "no 'microsoft' at all: native Linux, where DirectML does not exist (use the GPU "
            "vendor's stack: CUDA or ROCm)",
            "# in Windows: wsl -l -v (VERSION must be 2); winver: Windows 11, or "
            f"{fact.value('windows_release')} (build {fact.value('min_windows_build')}) "
            "or newer; update Windows and run wsl --update",
            "# install the GPU vendor's current Windows driver (WSL-capable), then "
            "wsl --shutdown and try again",
        ),
    )]


def dml_plugin_mismatch(f: Facts) -> list[Finding]:
    """``directml-plugin-tensorflow-mismatch``: TensorFlow could not load the DirectML
    plugin's DLL.  Two wordings: TensorFlow's own "<...>\\tensorflow-plugins\\tfdml_plugin.dll
    not found" (``win.dml_plugin_not_found``), claimed unless the facts show the TensorFlow
    the plugin pins; and the bare "tfdml_plugin.dll not found" of a paste or an issue title
    (``eco.dml_plugin_missing``, the Windows DLL only), claimed only when the facts or the log
    name a TensorFlow newer than that pin (otherwise ``directml-plugin-not-loaded`` hedges).
    Nothing when the facts show the pinned TensorFlow (then the cause is elsewhere)."""
    hits = f.h("win.dml_plugin_not_found").all()
    fact = f.kb.platform_fact("directml-plugin-tf-pin")
    tf = fact.value("tf_version")
    have = f.tf_version
    if have is not None and have.split(".")[:2] == tf.split(".")[:2]:
        return []
    if not hits:
        bare = [h for h in f.h("eco.dml_plugin_missing").all()
                if (h.g("lib") or "").lower() == "tfdml_plugin.dll"]
        mm, pin = tf_minor(have), tf_minor(tf)
        if not bare or mm is None or pin is None or mm <= pin:
            return []
        hits = bare + f.h("ctx.tf_version").all()[-1:]
    req = fact.value("pip_requirement")
    return [catalogue.make(
        "directml-plugin-tensorflow-mismatch", tf=tf, plugin=fact.value("plugin_version"),
        requirement=req, evidence=log_evidence(hits, limit=2), knowledge_ref=fact.ref,
        fix=("pip list   # tensorflow, tensorflow-cpu, tensorflow-intel: only one TensorFlow, "
             f"{tf}",
             "pip uninstall -y tensorflow tensorflow-cpu tensorflow-intel",
             f'pip install "{req}" tensorflow-directml-plugin',
             "# or, for a newer TensorFlow with an NVIDIA GPU: WSL2 with "
             'pip install "tensorflow[and-cuda]"'),
    )]
