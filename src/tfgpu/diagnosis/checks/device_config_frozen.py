"""``device-config-after-init``: a tf.config device setting after the GPU runtime started,
with the fix of the setting the message names and in the host's language.

TensorFlow's ``tensorflow/python/eager/context.py`` (the TF 2.21 wheel; TF 2.0's
``tensorflow_core`` raises the same texts, tensorflow/tensorflow#25138) refuses each setting
once the context exists, each with its own words:

* ``set_memory_growth``: "Physical devices cannot be modified after being initialized";
* ``set_logical_device_configuration`` (2.0: ``set_virtual_device_configuration``): "Virtual
  devices cannot be modified after being initialized"; memory growth is no substitute for a
  memory_limit, and ``set_memory_growth`` raises "Cannot set memory growth on device when
  virtual devices configured" on such a GPU;
* ``set_visible_devices``: "Visible devices cannot be modified after being initialized",
  raised only when the list would change: the visible devices cannot be toggled later in the
  process (rstudio/tensorflow#542, greta switching CPU and GPU per call from R); device scopes
  (``tf.device('/CPU:0')``) place work without changing them.

From R (reticulate: "Error in py_call_impl(...)", ``Facts.r_host``) the fix is written with R's
``tensorflow`` package (``tf$config$...``, ``with(tf$device("/CPU:0"), {...})``) and an R
session restart.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.facts.log import Hit, Hits
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: Fix lines by the message's word, in Python.
_PYTHON: dict[str, tuple[str, ...]] = {
    "Physical": (
        "# call tf.config.experimental.set_memory_growth(gpu, True) for each GPU right after "
        "`import tensorflow`, before importing modules that build models or run ops",
        "{growth_env}   # or set memory growth from the environment instead",
        "# in a notebook: restart the kernel and run the configuration cell first, once (a "
        "second run in the same kernel fails this way)",
    ),
    "Virtual": (
        "# call tf.config.set_logical_device_configuration(gpus[0], "
        "[tf.config.LogicalDeviceConfiguration(memory_limit=1024)]) (older releases: "
        "tf.config.experimental.set_virtual_device_configuration) right after `import "
        "tensorflow`, before any op, model or module that builds one",
        "# in a notebook: restart the kernel and run that cell first, once (a second run in "
        "the same kernel fails this way)",
        "# memory growth (TF_FORCE_GPU_ALLOW_GROWTH) sets no memory limit, and cannot be "
        "combined with logical devices on the same GPU",
    ),
    "Visible": (
        "# call tf.config.set_visible_devices(...) once, right after `import tensorflow` and "
        "before any op (or set CUDA_VISIBLE_DEVICES before the process starts)",
        "# the visible devices cannot change later in the same process: to run part of the "
        "work on the CPU, place it with `with tf.device('/CPU:0'):` (and '/GPU:0' for the "
        "GPU) instead of toggling the visible devices",
        "# in a notebook: restart the kernel and run the configuration cell first",
    ),
}

#: The same, in R (rstudio/tensorflow through reticulate).
_R: dict[str, tuple[str, ...]] = {
    "Physical": (
        "# R: for (gpu in tf$config$list_physical_devices('GPU')) "
        "tf$config$experimental$set_memory_growth(gpu, TRUE), right after library(tensorflow) "
        "and before any op or model",
        "# or Sys.setenv(TF_FORCE_GPU_ALLOW_GROWTH = 'true') before TensorFlow first uses the "
        "GPU in the R session",
        "# then restart the R session (RStudio: Session > Restart R) and run the "
        "configuration first",
    ),
    "Virtual": (
        "# R: tf$config$set_logical_device_configuration(gpus[[1]], "
        "list(tf$config$LogicalDeviceConfiguration(memory_limit = 1024))), with gpus <- "
        "tf$config$list_physical_devices('GPU'), right after library(tensorflow) and before "
        "any op or model",
        "# then restart the R session (RStudio: Session > Restart R) and run the "
        "configuration first; memory growth sets no limit and cannot be combined with it",
    ),
    "Visible": (
        "# R: tf$config$set_visible_devices(...) once, at the start of the R session before "
        "any op (or Sys.setenv(CUDA_VISIBLE_DEVICES = ...) before TensorFlow loads)",
        "# the visible devices cannot change later in the R session: to run part of the work "
        "on the CPU use with(tf$device('/CPU:0'), { ... }) (and '/GPU:0' for the GPU) instead "
        "of toggling them",
        "# then restart the R session (RStudio: Session > Restart R)",
    ),
}


def frozen_config(ctx: Facts, frozen: Hits, first: Hit) -> Finding:
    """``device-config-after-init`` for the ``mem.frozen`` lines ``frozen``: variant
    ``physical``, ``virtual`` or ``visible`` by the message's word (``first``), the fix lines
    in R when the log is R's (:attr:`Facts.r_host`)."""
    what = first.g("what") or "Physical"
    env = c.set_env(ctx, "TF_FORCE_GPU_ALLOW_GROWTH", "true")
    fix = tuple(line.replace("{growth_env}", env) for line in
                (_R if ctx.r_host else _PYTHON).get(what, _PYTHON["Physical"]))
    return catalogue.make(
        "device-config-after-init",
        variant=("virtual" if what == "Virtual" else "visible" if what == "Visible"
                 else "physical"), what=what,
        evidence=log_evidence(frozen), fix=fix)


__all__ = ["frozen_config"]
