"""Two TensorFlow runtime lines that carry an error status but need no action.

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
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def generator_dataset_finalize_notice(ctx: Facts) -> list[Finding]:
    """``generator-dataset-finalize-notice`` (harmless): a ``from_generator`` dataset's
    iterator could not run its Python finalizer because the interpreter was shutting down
    (generator_dataset_op.cc; py_func's "Python interpreter state is not initialized")."""
    hits = ctx.h("tfdata.generator_finalize_at_exit")
    if not hits.count:
        return []
    return [catalogue.make("generator-dataset-finalize-notice",
                           evidence=log_evidence(hits.all(), limit=8))]


def executor_start_aborting_notice(ctx: Facts) -> list[Finding]:
    """``executor-start-aborting-notice`` (harmless): executor.cc's debug line naming the
    status that stopped one graph run before it started ("this does not indicate an error
    and you can ignore this message")."""
    hits = ctx.h("runtime.executor_start_aborting")
    if not hits.count:
        return []
    return [catalogue.make("executor-start-aborting-notice",
                           evidence=log_evidence(hits.all(), limit=8))]


__all__ = ["executor_start_aborting_notice", "generator_dataset_finalize_notice"]
