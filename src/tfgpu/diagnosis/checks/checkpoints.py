"""Restoring a checkpoint: a variable name the model asks for that the checkpoint does not
hold, and a checkpoint path that names no checkpoint (a folder, one of its files instead of
its prefix, files never copied). The model code, the checkpoint or the path, not the GPU.

Sources (the TensorFlow 2.21 wheel; the same texts in TensorFlow 1.x):

* ``tensorflow/core/util/tensor_bundle/tensor_bundle.cc`` (libtensorflow_framework.so.2):
  "Key <name> not found in checkpoint", raised by the RestoreV2 op of a name-based Saver and
  by the checkpoint reader;
* ``tensorflow/core/util/tensor_slice_reader.cc``: 'Tensor name "<name>" not found in
  checkpoint files <path>', and "Unsuccessful TensorSliceReader constructor: Failed to find
  any matching files for <path>" (or "Failed to get matching files on <path>") when no file
  matches the path given;
* ``tensorflow/core/lib/io/table.cc``: "not an sstable (bad magic number)" for a file that is
  not a checkpoint's index (a .meta graph file given as the checkpoint);
* ``tensorflow/python/training/checkpoint_utils.py`` ``init_from_checkpoint``: "Tensor <name>
  is not found in <path> checkpoint <...>";
* ``tensorflow/python/training/saver.py`` ``_wrap_restore_error_with_msg``: every NotFoundError
  of a name-based restore is wrapped in "Restoring from checkpoint failed. This is most likely
  due to a Variable name or other graph key that is missing from the checkpoint ... Original
  error:" (a guess: the original error below it says what failed, and alone the line is
  not read).
* ``tensorflow/core/framework/shape_inference.cc`` (strings of libtensorflow_framework.so.2):
  "Dimension %d in both shapes must be equal, but are %d and %d" and "Shapes must be equal
  rank, but are %d and %d", which graph construction wraps with the node and its input
  shapes: an Assign built with a value of another shape than its variable (TF 1's graphs:
  standalone Keras 2 assigns each weight it loads through a placeholder of the saved value's
  shape, keras/backend/tensorflow_backend.py batch_set_value at 2.2.5).
* A V2 checkpoint is a prefix (``model.ckpt-1234``) naming ``<prefix>.index`` and
  ``<prefix>.data-NNNNN-of-NNNNN`` (and a TF 1 ``<prefix>.meta`` graph); Saver.restore and
  tf.train.Checkpoint.restore take the prefix (TensorFlow's "Training checkpoints" guide).
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._common import windows_path
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

_LIST = ("python -c \"import sys, tensorflow as tf; [print(n, s) for n, s in "
         "tf.train.list_variables(sys.argv[1])]\" CHECKPOINT   # the names the checkpoint "
         "holds (the path without .index/.data-*): compare them with the name the error gives")

#: The first fix lines of a checkpoint's variable of another shape: what the checkpoint holds,
#: and the configuration to build the model with.
_SHAPE_FIX = (_LIST + "; compare the shape of that variable with the model's",
              "# build the model with the configuration the checkpoint was trained with (the "
              "same backbone variant, width, input channels and number of classes)")

#: A save's own ops (the shards merged after writing): not a restore.
_SAVING = re.compile(r"\bMergeV2Checkpoints\b|\bSaveV2\b|\b_temp[/\\]part-")

#: One of a checkpoint's own files rather than its prefix.
_PART = re.compile(r"\.(?:index|meta|data-\d{5}-of-\d{5})$")

#: A variable of an RNN cell that TensorFlow 1.2 renamed, "weights"/"biases" to
#: "kernel"/"bias" (TensorFlow RELEASE.md, Release 1.2.0: "RNNCells' variable names have
#: been renamed for consistency with Keras layers ... you can use the tool checkpoint_convert
#: script"): the cell scopes of tensorflow/contrib/rnn/python/tools/checkpoint_convert.py
#: ``_RNN_NAME_REPLACEMENTS`` (tensorflow 40cd4cc9cadab6521d08472fa6a88eceef0948dd). Group
#: new: the TF >= 1.2 name (the checkpoint was written by TF <= 1.1), old: the TF <= 1.1 one.
_RNN_RENAMED = re.compile(
    r"(?:^|/)(?:basic_rnn_cell|gru_cell(?:/gates|/candidate)?|basic_lstm_cell"
    r"|lstm_cell(?:/projection)?|output_projection_wrapper|input_projection_wrapper"
    r"|lstm_block_wrapper|layer_norm_basic_lstm_cell|ugrnn_cell|intersection_rnn_cell"
    r"(?:/in_projection)?|phased_lstm_cell/(?:mask_gates|new_input|output_gate)"
    r"|attention_cell_wrapper(?:/attn_output_projection|/attention)?)"
    r"/(?:(?P<new>kernel|bias)|(?P<old>weights|biases))$")



def _path_hits(ctx: Facts) -> list[Hit]:
    """The hits naming a checkpoint path with no files (patterns ``ckpt.reader_no_files``:
    the reader's "Failed to find any matching files for", and ``ckpt.path_not_found``: a
    table file that is no sstable, an index or data file missing), in log order."""
    return sorted([*ctx.h("ckpt.reader_no_files").all(), *ctx.h("ckpt.path_not_found").all()],
                  key=lambda h: h.line)

def checkpoint_key_not_found(ctx: Facts) -> list[Finding]:
    """``checkpoint-key-not-found`` (pattern ``ckpt.key_not_found``): a restore asked the
    checkpoint for a variable it does not hold. Read with the files the reader names: one of
    the checkpoint's own files (``.index``, ``.meta``) is :func:`checkpoint_path_wrong`'s."""
    # (TensorFlow's own probe for an object graph in a name-based checkpoint: it falls back
    # to reading the names, saver.py restore)
    hits = [h for h in ctx.h("ckpt.key_not_found").all()
            if h.g("key") != "_CHECKPOINTABLE_OBJECT_GRAPH"
            and not _PART.search(h.g("files") or "")]
    given = any(_PART.search(p.g("path") or p.g("table") or "")
                for p in _path_hits(ctx))
    if not hits or given:
        return []
    h = hits[0]
    key = h.g("key") or h.g("key2") or h.need("key3")
    if key.rstrip("/").endswith("/ExponentialMovingAverage"):
        # an exponential moving average's shadow variable (moving_averages.py average_name:
        # the variable's name + "/ExponentialMovingAverage")
        return [catalogue.make(
            "checkpoint-key-not-found", variant="moving-average", key=key,
            evidence=log_evidence([h], ctx.h("ckpt.restore_failed").all()[:1]),
            fix=(_LIST + "; names ending in /ExponentialMovingAverage: does it hold any?",
                 "# none: restore the plain weights (turn the program's EMA or moving-average "
                 "option off, e.g. --enable_ema=False, or restore with a plain "
                 "tf.compat.v1.train.Saver() instead of ema.variables_to_restore())",
                 "# or use a checkpoint that was trained with the moving averages"))]
    rnn = _rnn_renamed(ctx, key)
    if rnn is not None:
        return [rnn]
    return [catalogue.make(
        "checkpoint-key-not-found", key=key,
        evidence=log_evidence([h], ctx.h("ckpt.restore_failed").all()[:1]),
        fix=(_LIST,
             "# a checkpoint or model_dir of an earlier run (another pretrained model, older "
             "code): point this run at a new folder, or move the old run's files out of it, so "
             "the restore reads the checkpoint you mean (an Estimator and "
             "tf.train.latest_checkpoint take the newest one there)",
             "# the training code saved only some variables (a Saver(var_list=...) of the "
             "variables restored from a pretrained model): save them all "
             "(tf.compat.v1.train.Saver() with no var_list) and train again",
             "# the model changed since the checkpoint was written: build it as it was then, "
             "or restore only the variables both have (tf.compat.v1.train.Saver(var_list=...), "
             "init_from_checkpoint with an assignment map, or tf.train.Checkpoint(...)"
             ".restore(path).expect_partial())"))]


def _rnn_renamed(ctx: Facts, key: str) -> Finding | None:
    """Variant ``rnn-renamed`` of ``checkpoint-key-not-found``: the missing name is an RNN
    cell's variable that TensorFlow 1.2 renamed (:data:`_RNN_RENAMED`): ``kernel``/``bias``
    asked for (TensorFlow >= 1.2; the checkpoint written by TensorFlow <= 1.1 holds
    ``weights``/``biases``), or the old names asked for by TensorFlow <= 1.1 of a checkpoint
    written by 1.2+. Not read when the TensorFlow version shown rules that side out (a
    ``kernel`` restore on TensorFlow 2, where a Keras LSTM's names are ``lstm_cell/kernel``
    too, or an old name on 1.2+)."""
    m = _RNN_RENAMED.search(key.split(":")[0])
    if m is None:
        return None
    mm = ctx.tf_mm
    new = m.group("new") is not None
    if mm is not None and (mm[0] != 1 or (mm < (1, 2)) == new):
        return None
    h = ctx.h("ckpt.key_not_found").all()[0]
    evidence = log_evidence([h], ctx.h("ckpt.restore_failed").all()[:1])
    fix: tuple[str, ...]
    if new:
        written, names = "TensorFlow 1.1 or older", "weights/biases"
        fix = (_LIST + "; RNN cell names ending in /weights and /biases: written by "
               "TensorFlow <= 1.1",
               "python checkpoint_convert.py OLD_CHECKPOINT NEW_CHECKPOINT   # "
               "tensorflow/contrib/rnn/python/tools/checkpoint_convert.py of TensorFlow 1.x's "
               "source (linked from TensorFlow 1.2's release notes): renames weights/biases "
               "to kernel/bias; restore NEW_CHECKPOINT",
               "# or run the project on the TensorFlow it was written for: "
               "pip install tensorflow==1.1.0")
    else:
        written, names = "TensorFlow 1.2 or newer", "kernel/bias"
        fix = (_LIST + "; RNN cell names ending in /kernel and /bias: written by TensorFlow "
               ">= 1.2",
               "# restore it with TensorFlow 1.2 or newer (the RNN cells then ask for "
               "kernel/bias)")
    return catalogue.make(
        "checkpoint-key-not-found", variant="rnn-renamed", key=key, written=written,
        names=names, evidence=evidence, fix=fix)


def checkpoint_shape_differs(ctx: Facts) -> list[Finding]:
    """``checkpoint-variable-shape-differs`` (pattern ``ckpt.assign_shape``: TensorFlow's
    Assign kernel refusing a value of another shape, assign_op.h): most often a TF 1 Saver's
    restore (a ``save/Assign`` node, or no node shown) putting a checkpoint's value into a
    variable the model built with another shape. Variant ``outputs`` when only the last
    dimension of a kernel differs (a layer's number of outputs: the last layer's classes most
    often). A
    flag written with spaces around '=' in the log's command (pattern ``ctx.flag_spaced``) is
    named: the program never read its value."""
    hits = ctx.h("ckpt.assign_shape").all()
    if not hits:
        return []
    h = hits[0]
    lhs = [d.strip() for d in (h.g("lhs") or "").split(",") if d.strip()]
    rhs = [d.strip() for d in (h.g("rhs") or "").split(",") if d.strip()]
    # (a kernel, rank 2 or more, differing only in its outputs; a vector, a bias or a batch
    # norm's, says less: a layer's width or the classes alike)
    outputs = (len(lhs) == len(rhs) >= 2 and lhs[:-1] == rhs[:-1] and lhs[-1] != rhs[-1])
    spaced = ctx.h("ctx.flag_spaced").all()
    nodes = [n.need("node") for n in ctx.h("ckpt.assign_node").all() if n.line >= h.line]
    restore = bool(ctx.h("ckpt.restore_failed").count) or any(
        n.startswith("save") for n in nodes)
    if nodes and not restore:
        # an Assign node of the program's own (not a Saver's save/Assign): no restore shown
        return [catalogue.make(
            "checkpoint-variable-shape-differs", variant="assign",
            lhs=f"[{', '.join(lhs)}]", rhs=f"[{', '.join(rhs)}]", node=nodes[0],
            evidence=log_evidence([h]),
            fix=("# the program assigns a value of another shape to that variable: the tensor "
                 "fed or computed for the assignment (a feed_dict value, an assign op) must "
                 "have the variable's shape",
                 "# the 'Original stack trace' of the node names the code line that built the "
                 "assignment"))]
    fix = [*_SHAPE_FIX,
           "# or restore without the layers that differ: the program's option for it "
           "(DeepLab --initialize_last_layer=False, TF-Slim --checkpoint_exclude_scopes, "
           "the Object Detection API's fine_tune_checkpoint_type), or a Saver over the "
           "variables both have"]
    if spaced:
        s = spaced[0]
        fix.insert(0, f"# the command passes '--{s.need('flag')} = {s.need('val')}' with spaces "
                      f"around '=': the program got '--{s.need('flag')}' alone (a boolean "
                      "flag turned on) and never the value; write "
                      f"--{s.need('flag')}={s.need('val')}")
    return [catalogue.make(
        "checkpoint-variable-shape-differs", variant="outputs" if outputs else None,
        lhs=f"[{', '.join(lhs)}]", rhs=f"[{', '.join(rhs)}]",
        evidence=log_evidence(spaced[:1], [h]), fix=tuple(fix))]


def assign_shape_at_build(ctx: Facts) -> list[Finding]:
    """The Assign op's shape function refusing a value of another shape while the graph is
    built (pattern ``ckpt.assign_infer``: TF 1.x "... for 'Assign' (op: 'Assign') with input
    shapes: [variable], [value]"): a Saver's restore node (``save/...``) is
    ``checkpoint-variable-shape-differs``; Keras's weight loading in view (a load_weights
    call: standalone Keras 2 on TensorFlow 1 assigns each saved value through a placeholder
    of the value's shape) is ``keras-weights-do-not-fit-model``; else the hedge
    ``op-input-shapes-incompatible`` variant ``assign`` (a weights file or checkpoint of
    another model, or the program's own assignment: the line alone does not say)."""
    hits = ctx.h("ckpt.assign_infer").all()
    if not hits:
        return []
    h = hits[0]
    lhs = "[" + ", ".join(d.strip() for d in h.need("lhs").split(",")) + "]"
    rhs = "[" + ", ".join(d.strip() for d in h.need("rhs").split(",")) + "]"
    node = h.g("node") or h.need("node2")
    ev = log_evidence([h])
    if node.startswith("save"):
        return [catalogue.make(
            "checkpoint-variable-shape-differs", lhs=lhs, rhs=rhs, evidence=ev,
            fix=_SHAPE_FIX)]
    var = [d.strip() for d in h.need("lhs").split(",")]
    val = [d.strip() for d in h.need("rhs").split(",")]
    order = _channel_order(var, val)
    if order == "layout":
        return [catalogue.make(
            "op-input-shapes-incompatible", variant="kernel-layout", node=node, a=lhs, b=rhs,
            evidence=ev)]
    if order == "image-side":
        return [catalogue.make(
            "op-input-shapes-incompatible", variant="channel-order", node=node, a=lhs, b=rhs,
            channels=var[2], evidence=ev)]
    if ctx.h("ctx.load_weights").count:
        return [catalogue.make(
            "keras-weights-do-not-fit-model",
            what=f"a saved weight of shape {rhs} for a variable of shape {lhs}", note="",
            evidence=log_evidence(ctx.h("ctx.load_weights").all()[-1:], [h]),
            fix=("# build the model with the exact code and configuration that saved the "
                 "weights (the same input channels, widths and number of classes): the "
                 "project's README names them",
                 "# or save and load the whole model, so the architecture travels with its "
                 "weights"))]
    return [catalogue.make(
        "op-input-shapes-incompatible", variant="assign", node=node, a=lhs, b=rhs,
        evidence=ev)]


#: Image sides of the common vision models' inputs (VGG/ResNet 224, AlexNet 227, Inception
#: 299, NASNet 331, 240x320 frames); channel counts that are also common layer widths (256,
#: 512) are left out.
_IMAGE_SIDES = frozenset({"224", "227", "240", "299", "320", "331"})


def _channel_order(var: list[str], val: list[str]) -> str | None:
    """How a 2D convolution kernel ``var`` ([h, w, in, out], Keras's layout) got ``val`` in
    another channel order: ``"layout"``, the same kernel in Theano's / PyTorch's [out, in, h,
    w] layout; ``"image-side"``, a kernel reading an image's side as its input channels
    (``in`` one of :data:`_IMAGE_SIDES` and not in the value, while the value has the
    kernel's spatial pair at its start or end, its filters and the 3 of RGB); else ``None``."""
    if len(var) != 4 or len(val) != 4:
        return None
    if var != val and val == [var[3], var[2], var[0], var[1]]:
        return "layout"  # the same kernel in Theano's / PyTorch's [out, in, h, w] layout
    if var[2] not in _IMAGE_SIDES or var[2] in val:
        return None
    for spatial, rest in ((val[:2], val[2:]), (val[2:], val[:2])):
        if spatial == var[:2] and var[3] in rest and "3" in rest:
            return "image-side"
    return None


def checkpoint_path_wrong(ctx: Facts) -> list[Finding]:
    """``checkpoint-path-not-prefix``: the path given to a restore names no checkpoint (pattern
    ``ckpt.reader_no_files`` / ``ckpt.path_not_found``: no file matches it, or an index or data file
    it needs is not there), variant ``file-not-prefix`` when it is one of a checkpoint's own files
    (a ``.index``/``.meta``/``.data-*`` path, in that pattern or in ``ckpt.key_not_found``'s files)
    rather than its prefix."""
    parts = [h for h in ctx.h("ckpt.key_not_found").all() if _PART.search(h.g("files") or "")]
    saver = ctx.h("ckpt.restore_failed").count > 0
    # (a path the reading process has no file system for: a Cloud TPU's worker, tpu_files.py)
    no_fs = {n for t in ctx.h("tpu.local_fs").all()
             for n in range(t.line - 2, t.end_line + 1)}  # (a hard-wrapped paste too)
    missing = [h for h in _path_hits(ctx)
               # (Keras's in-memory ram:// file system of a pickled or copied model: another
               # process's; a save's own merge of its shards: not a restore)
               if "ram://" not in h.text and not _SAVING.search(h.text)
               and h.line not in no_fs and h.end_line not in no_fs
               # a bare missing .index/.data file is a restore's only under Saver's wrapper
               and (not h.g("part") or saver)]
    given = [h for h in missing if _PART.search(h.g("path") or h.g("table") or "")]
    if parts or given:
        h = (parts or given)[0]
        path = (h.g("files") or h.g("path") or h.need("table")).strip()
        prefix = _PART.sub("", path)
        return [catalogue.make(
            "checkpoint-path-not-prefix", variant="file-not-prefix", path=path,
            evidence=log_evidence([h], ctx.h("ckpt.restore_failed").all()[:1]),
            fix=(f"# give the checkpoint's prefix, without the extension: {prefix} (the "
                 f"files {prefix}.index and {prefix}.data-* are read from it)",
                 "tf.train.latest_checkpoint(FOLDER)   # the newest prefix in a folder"))]
    if not missing:
        return []
    h = missing[0]
    path = (h.g("path") or h.g("part") or h.need("table")).strip()
    if h.g("table"):
        return []  # a file that is not a checkpoint's index, given by its own name: unknown
    listing = (f'dir "{path}*"' if windows_path(ctx, path) else f'ls -l "{path}"*')
    return [catalogue.make(
        "checkpoint-path-not-prefix", path=path,
        evidence=log_evidence([h], ctx.h("ckpt.restore_failed").all()[:1]),
        fix=(f"{listing}   # the files the checkpoint needs: <prefix>.index and "
             "<prefix>.data-00000-of-00001 (a TF 1 run: <prefix>.meta too)",
             "# give the prefix the files share (model.ckpt-1234 for model.ckpt-1234.index), "
             "not the folder; tf.train.latest_checkpoint(FOLDER) finds it",
             "# files missing: copy or download the checkpoint again (every .data-* shard "
             "with its .index), or train first; a relative path is read from the working "
             "directory"))]


__all__ = ["checkpoint_key_not_found", "checkpoint_path_wrong"]
