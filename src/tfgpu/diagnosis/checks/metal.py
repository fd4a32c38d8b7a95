"""Fault kind APPLE METAL: the tensorflow-metal PluggableDevice registered twice, and XLA
(which has no Metal backend) asked to run on the Metal GPU.

Sources: ``tensorflow/c/experimental/stream_executor/stream_executor.cc`` (RegisterPlatform:
"platform is already registered with name"), bmaltais/kohya_ss#563; ``xla_ops.cc`` "could not
find registered platform with id" with tensorflow-macos/-metal, tensorflow/tensorflow#58988
(the Keras 2.11+ optimizers compile their update step with XLA); platform fact
``macos-metal-plugin``.  The Metal/XLA reading needs Metal evidence in the log (the plugin's
"Metal device set to" banner, a METAL PluggableDevice, macOS paths): the same XLA message on
a CUDA host is another fault.

The plugin built for a newer macOS (``metal_plugin_needs_newer_macos``):

* dyld (macOS), as printed in public reports (dyld's own source not checked): "Referenced
  from: <library> (which was built for Mac OS X 12.0)" (tensorflow#53309, macOS 11.6) and
  "(built for macOS 15.1 which is newer than running OS)" (TaterTotterson/Tater#46, macOS
  14.6) name the macOS a library was built for when a symbol it needs is missing from the
  running system; platform fact ``macos-metal-plugin``: tensorflow-metal needs macOS 12.0+.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.diagnosis.checks._pip_list import pip_list_grep
from tfgpu.facts.log import Hit, Hits
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def metal_plugin_loaded_twice(f: Facts) -> list[Finding]:
    """``platform is already registered with name: "METAL"`` (TensorFlow aborts)."""

    def build(hits: Hits, first: Hit) -> Finding:
        fact = f.kb.platform_fact("macos-metal-plugin")
        return catalogue.make(
            "metal-plugin-loaded-twice", name=first.g("name") or "METAL",
            evidence=log_evidence(hits),
            fix=(pip_list_grep("tensorflow") + "   # two TensorFlow distributions "
                 "(tensorflow and tensorflow-macos) or two plugin copies",
                 "python -c \"import sys; print(sys.path)\"   # two site-packages holding "
                 "tensorflow-plugins",
                 "# a fresh venv with one TensorFlow (tensorflow-macos before "
                 f"{fact.value('tf_version')}, tensorflow from it) and one tensorflow-metal"),
            knowledge_ref=fact.ref,
        )

    return c.from_log(f, "metal.registered_twice", build)


def metal_xla_unsupported(f: Facts) -> list[Finding]:
    """``could not find registered platform with id: 0x...`` when the log shows the Metal
    plugin (or macOS)."""
    hits = f.h("metal.xla_platform").all()
    metal = f.h("ctx.metal").all()
    if not hits or not (metal or f.os == "macos"):
        return []
    fact = f.kb.platform_fact("macos-metal-plugin")
    return [catalogue.make(
        "metal-xla-optimizer-unsupported", evidence=log_evidence(hits, metal[:2], limit=4),
        knowledge_ref=fact.ref,
    )]


def metal_evidence(f: Facts) -> list[Hit] | None:
    """The lines that show Apple's Metal plugin (pattern ``ctx.metal`` other than the grappler's
    "Plugin optimizer for device_type GPU is enabled", which any PluggableDevice prints, the
    DirectML plugin's too), or any ``ctx.metal`` line (even none) on a macOS log, whose only
    GPU device is the Metal PluggableDevice; ``None`` when the log does not show Metal."""
    metal = f.h("ctx.metal").all()
    specific = [h for h in metal if "Plugin optimizer for device_type" not in h.text]
    if specific:
        return specific[:2]
    return metal[:2] if f.os == "macos" else None


def metal_variable_other_device(f: Facts, hits: list[Hit], metal: list[Hit], res: str,
                                dev: str, frm: str) -> Finding:
    """``metal-xla-optimizer-unsupported`` variant ``variable-on-other-device``: XLA's "Trying
    to access resource ... located in device X from device Y" (xla_ops.cc) on the Metal plugin:
    the compiled function is the Keras 2.11 optimizer's update step (platform fact
    ``keras-optimizer-xla-pluggable``; tensorflow/tensorflow#58988), here moved to another
    device than the model's variables (rstudio/tensorflow#558: fit under tf$device("CPU")), not
    the tf.distribute reading of xla-variable-on-other-device."""
    fact = f.kb.platform_fact("keras-optimizer-xla-pluggable")
    return catalogue.make(
        "metal-xla-optimizer-unsupported", variant="variable-on-other-device", res=res,
        dev=dev, frm=frm, ref=fact.ref, evidence=log_evidence(hits, metal, limit=4),
        knowledge_ref=fact.ref)


def metal_plugin_crashed(f: Facts) -> list[Finding]:
    """A native crash (EXC_BAD_ACCESS, a malloc abort, a signal) with tensorflow-metal's
    library or sources in the log: the crash is inside Apple's Metal plugin."""
    frames = f.h("eco.metal_frame").all()
    crash = f.h("eco.native_crash").all()
    if not frames or not crash:
        return []
    # a frame of the plugin's library or a symbol of its namespace is in the crash; its
    # source path alone is the start-up line every tensorflow-metal run prints
    in_frames = [h for h in frames if "libmetal_plugin" in h.text or "metal_plugin::" in h.text]
    return [catalogue.make(
        "metal-plugin-crashed", variant=None if in_frames else "likely",
        evidence=log_evidence(crash[:2], frames[:3]),
        fix=("python -c \"import tensorflow as tf; tf.config.set_visible_devices([], 'GPU'); "
             "...\"   # the same code on the CPU: if it runs, the Metal plugin is at fault",
             pip_list_grep("tensorflow", "metal") + "   # tensorflow-metal must "
             "be the release made for this TensorFlow (Apple's plugin page lists the pairs)",
             "# try another tensorflow-metal release (or none, CPU only); report the crash "
             "with its stack to Apple (developer forums, tensorflow-metal)"),
    )]


def metal_plugin_needs_newer_macos(ctx: Facts) -> list[Finding]:
    """``metal-plugin-needs-newer-macos``: dyld says libmetal_plugin.dylib was built for a newer
    macOS than the one running (supersedes the TensorFlow/tensorflow-metal pairing finding)."""
    hits = [h for h in ctx.h("dyld.built_for_newer_macos").all()
            if (h.g("lib") or "").startswith("libmetal_plugin") or "tensorflow-plugins" in h.text]
    if not hits:
        return []
    built_for = hits[0].g("v") or hits[0].need("v2")  # one alternative or the other
    fact = ctx.kb.platform_fact("macos-metal-plugin")
    return [catalogue.make(
        "metal-plugin-needs-newer-macos", built_for=built_for,
        min_macos=fact.value("min_macos"), knowledge_ref=fact.ref,
        evidence=log_evidence(hits, ctx.h("metal.symbol").first[:1]),
        fix=("sw_vers -productVersion   # the macOS running",
             f"# update macOS to {built_for} or later (Software Update), then reinstall the "
             "tensorflow / tensorflow-metal pair Apple lists",
             "or pip install 'tensorflow-metal==<a release built for this macOS>'   # older "
             "plugins were built for older macOS",
             "or pip uninstall tensorflow-metal   # run TensorFlow on the CPU"),
    )]
