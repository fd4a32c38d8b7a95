"""TensorFlow runtime lines that carry an error status or level but need no action.

Sources (read in the TensorFlow 2.21 wheel's binaries, ``strings``):

* ``tensorflow/core/kernels/data/generator_dataset_op.cc`` (libtensorflow_cc.so.2): the
  iterator of a ``tf.data.Dataset.from_generator`` dataset runs its Python finalize function
  when it is destroyed, and logs a failure as ``LOG(WARNING) << "Error occurred when
  finalizing GeneratorDataset iterator: " << status``.  At interpreter exit the Python
  function cannot run: TensorFlow's py_func (lib_pywrap_tensorflow_common.so) returns
  FAILED_PRECONDITION "Python interpreter state is not initialized. The process may be
  terminated.", so the line is printed while the program is already ending.
* ``tensorflow/core/common_runtime/executor.cc`` (libtensorflow_framework.so.2: "] Executor
  start aborting: "): the executor logs the status that stopped one graph run before it
  started; TensorFlow 2.11-2.12 print it as "(DEBUG INFO) Executor start aborting (this does
  not indicate an error and you can ignore this message): <status>" (the logs of
  tensorflow/tensorflow#60790, keras-team/keras#17422, stardist/stardist#228), in the
  source's own words not an error.  If the program fails, its own error line is the cause.
* ``tensorflow/core/profiler/utils/hardware_type_utils.cc`` (TF 2.x, the profiler behind
  TensorBoard's Profile tab): ``GetFmaMaxThroughputPerSMPerCycle`` looks the GPU's compute
  capability major up in a table of FP32/Tensor Core counts per SM (2, 3, 5, 6, 7 in the 2020
  revision; 8 added later) and logs ``LOG(ERROR) << "Invalid GPU compute capability."`` for
  any other major: a GPU newer than that table (Ampere on the 2020 revision, Hopper or
  Blackwell on the later one), or a profile that recorded no compute capability.  The only
  effect is a peak-FLOPS figure of 0 in the profiler's reports; it says nothing about the GPU
  being too old, and TensorFlow itself runs on.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def generator_dataset_finalize_notice(ctx: Facts) -> list[Finding]:
    """``generator-dataset-finalize-notice`` (harmless): a ``from_generator`` dataset's
    iterator could not run its Python finalizer because the interpreter was shutting down
    (generator_dataset_op.cc; py_func's "Python interpreter state is not initialized");
    variant ``epoch-end`` when such a line says "Cancelled: Operation was cancelled": the
    iterator Keras drops at each epoch's end in TensorFlow 2.1 (tensorflow/tensorflow#35100)."""
    hits = ctx.h("tfdata.generator_finalize_at_exit")
    if not hits.count:
        return []
    every = hits.all()
    # (both forms in one log: the epoch ends' words, which say training's stop cancels it too)
    return [catalogue.make("generator-dataset-finalize-notice",
                           variant="epoch-end" if any(h.g("cancelled") for h in every) else None,
                           evidence=log_evidence(every, limit=8))]


def executor_start_aborting_notice(ctx: Facts) -> list[Finding]:
    """``executor-start-aborting-notice`` (harmless): executor.cc's debug line naming the
    status that stopped one graph run before it started ("this does not indicate an error
    and you can ignore this message")."""
    hits = ctx.h("runtime.executor_start_aborting")
    if not hits.count:
        return []
    return [catalogue.make("executor-start-aborting-notice",
                           evidence=log_evidence(hits.all(), limit=8))]


def profiler_gpu_flops_table_notice(ctx: Facts) -> list[Finding]:
    """``profiler-gpu-flops-table-notice`` (harmless): the profiler's FLOPS table has no row
    for the GPU's compute capability major (hardware_type_utils.cc "Invalid GPU compute
    capability."), so its peak-FLOPS figure is 0; no fault of the GPU or its setup."""
    hits = ctx.h("profiler.gpu_cc_unknown")
    if not hits.count:
        return []
    return [catalogue.make("profiler-gpu-flops-table-notice",
                           evidence=log_evidence(hits.all(), limit=4))]


__all__ = ["executor_start_aborting_notice", "generator_dataset_finalize_notice",
           "profiler_gpu_flops_table_notice"]
