"""Keras APIs whose signature changed between releases, met by code written for another one:
an optimizer's ``lr`` that standalone Keras 2.3 made a read-only alias of ``learning_rate``,
``Layer.add_weight``'s first positional argument (the shape in Keras 1.x-2.0.3 and Keras
3, the name in Keras 2.0.4-2.15), and LearningRateScheduler's schedule, called with the epoch
alone up to standalone Keras 2.1.3 (keras/callbacks.py at the tags: 2.1.3 ``lr =
self.schedule(epoch)``; 2.1.4-2.1.6 ``self.schedule(epoch, lr=lr)``, 2.2.0 on ``self.schedule(
epoch, lr)``, each in a ``try`` whose ``except TypeError`` calls ``self.schedule(epoch)``;
keras-team/keras#8865). Model code and the Keras release, not the GPU.

Sources: platform facts ``keras-optimizer-lr-read-only`` and ``keras-add-weight-signatures``
(keras-team/keras read at its tags).
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._addon_frames import code_line_above, package_frames_above
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

# --- an optimizer's lr, read-only in standalone Keras 2.3 ---------------------------------


#: Keras's own optimizer classes (keras-team/keras 2.3.1 keras/optimizers.py).
_KERAS_OPTIMIZERS = frozenset({"Optimizer", "SGD", "RMSprop", "Adagrad", "Adadelta", "Adam",
                               "Adamax", "Nadam"})


def _failing_code_line(ctx: Facts, code: Hit, line: int) -> bool:
    """Whether ``code`` is the line that raised at log line ``line``: no IPython arrow line
    (pattern ``ctx.ipython_arrow``) marks another line between them."""
    return not any(code.line < a.line < line for a in ctx.h("ctx.ipython_arrow").all())


def _keras_in_view(ctx: Facts, code: Hit | None) -> bool:
    """Standalone Keras in the log (pattern ``ctx.keras_standalone``), or a code line whose
    target or value names an optimizer."""
    if ctx.h("ctx.keras_standalone").count:
        return True
    return code is not None and "optimizer" in code.text.lower()


def optimizer_lr_read_only(ctx: Facts) -> list[Finding]:
    """``keras-optimizer-lr-read-only``: Python refused to set an attribute (pattern
    ``keras.lr_no_setter``) and it is a Keras optimizer's ``lr``. Python 3.11's wording names
    the class (one of Keras's optimizers, or any class with Keras in view); older wordings
    need the traceback's failing code line assigning ``.lr`` right above (pattern
    ``ctx.lr_assign``; not a context line above an IPython arrow) and Keras or an optimizer
    in view (:func:`_keras_in_view`): a learning-rate scheduler or a PyTorch module of one's
    own has an lr too."""
    for h in ctx.h("keras.lr_no_setter").all():
        cls = h.g("cls")
        code = None if cls else code_line_above(ctx, "ctx.lr_assign", h.line)
        if cls:
            if cls not in _KERAS_OPTIMIZERS and not _keras_in_view(ctx, None):
                continue
        elif (code is None or not _failing_code_line(ctx, code, h.line)
              or not _keras_in_view(ctx, code)):
            continue
        fact = ctx.kb.platform_fact("keras-optimizer-lr-read-only")
        first, last, owning = (fact.value(k) for k in ("first", "last", "last_owning"))
        return [catalogue.make(
            "keras-optimizer-lr-read-only", first=first, last=last, owning=owning,
            ref=fact.ref, evidence=log_evidence([code] if code else [], [h]),
            knowledge_ref=fact.ref,
            fix=("# keep the rate in learning_rate: in an optimizer subclass "
                 "self.learning_rate = K.variable(learning_rate, name='learning_rate') and "
                 "read self.learning_rate where the code reads self.lr; a wrapper sets "
                 "optimizer.learning_rate",
                 "K.set_value(model.optimizer.learning_rate, new_rate)   # to change a "
                 "compiled model's rate (a schedule or callback)",
                 f'# or run the code with the Keras it was written for: pip install '
                 f'"keras=={owning}"   # the last release whose optimizers own lr'))]
    return []


# --- add_weight's first positional argument ----------------------------------------------


def add_weight_positional(ctx: Facts) -> list[Finding]:
    """``add_weight() got multiple values for argument 'name'|'shape'`` (pattern
    ``keras.add_weight_twice``): a call that passed the other one positionally. ``'name'``:
    the shape came first under a Keras that takes the name first (2.0.4-2.15):
    ``keras-add-weight-shape-positional``. ``'shape'``: the name came first under Keras 3:
    ``keras3-legacy-api-used`` variant ``add-weight-twice``."""
    hits = ctx.h("keras.add_weight_twice").all()
    if not hits:
        return []
    h = hits[0]
    fact = ctx.kb.platform_fact("keras-add-weight-signatures")
    keywords = ("self.add_weight(name='w', shape=(n_in, n_out), initializer='glorot_uniform')"
                "   # keywords: every Keras takes them")
    if h.g("arg") == "name":
        return [catalogue.make(
            "keras-add-weight-shape-positional", name_first=fact.value("name_first"),
            shape_first=fact.value("shape_first"), ref=fact.ref,
            evidence=log_evidence([h]), knowledge_ref=fact.ref,
            fix=(keywords,
                 "# code you do not own (a library's layer): its release for your Keras, or "
                 "the Keras its requirements name"))]
    k3 = ctx.kb.platform_fact("keras3-switch")
    return [catalogue.make(
        "keras3-legacy-api-used", variant="add-weight-twice",
        api="add_weight(name, shape=...)", tf=k3.value("tf_version"),
        evidence=log_evidence([h]), knowledge_ref=fact.ref,
        fix=(keywords,
             "# code you do not own (a library's layer): its release for Keras 3; on "
             f"TensorFlow, or keep Keras 2: pip install {k3.value('legacy_package')} of your "
             f"TensorFlow's minor and export {k3.value('legacy_env')} (or TensorFlow below "
             f"{k3.value('tf_version')})"))]


def keras3_optimizer_lr(ctx: Facts) -> list[Finding]:
    """``keras3-legacy-api-used`` for "'Adam' object has no attribute 'lr'" (pattern
    ``keras.optimizer_no_lr``) with Keras in view (pattern ``ctx.keras_standalone``): Keras
    3's optimizers keep the rate in ``learning_rate`` only (keras/src/optimizers/
    base_optimizer.py); PyTorch's optimizers of the same names are not read."""
    hits = ctx.h("keras.optimizer_no_lr").all()
    if not hits or not ctx.h("ctx.keras_standalone").count:
        return []
    k3 = ctx.kb.platform_fact("keras3-switch")
    return [catalogue.make(
        "keras3-legacy-api-used", api="optimizer.lr", tf=k3.value("tf_version"),
        evidence=log_evidence(hits[:1]), knowledge_ref=k3.ref,
        fix=("# read and set optimizer.learning_rate instead (model.optimizer.learning_rate = "
             "1e-4; a callback: self.model.optimizer.learning_rate)",
             f"# or keep Keras 2 for this code: pip install {k3.value('legacy_package')} of "
             f"your TensorFlow's minor and export {k3.value('legacy_env')}"))]


def lr_schedule_one_argument(ctx: Facts) -> list[Finding]:
    """``keras-lr-scheduler-schedule-signature``: a two-argument schedule ``(epoch, lr)``
    called by a Keras whose LearningRateScheduler passes the epoch alone (the exception
    "missing 1 required positional argument", pattern ``py.missing_positional``, under the
    code line ``lr = self.schedule(epoch)``, pattern ``keras.schedule_epoch_call``)."""
    for h in ctx.h("py.missing_positional").all():
        code = code_line_above(ctx, "keras.schedule_epoch_call", h.line)
        if code is None:
            continue
        # whose LearningRateScheduler: standalone Keras's (site-packages/keras/), tf.keras's
        # (tensorflow/python/keras/), or the program's own copy of the callback (no fix in
        # a Keras release)
        frames = [p for p in package_frames_above(ctx, h.line) if p.line < code.line]
        owner = frames[-1].g("pkg") if frames else None
        if owner not in ("keras", "tensorflow", "tensorflow_core"):
            continue
        arg = h.g("arg") or "lr"
        header = max((t.line for t in ctx.h("ctx.tb_header").all() if t.line < code.line),
                     default=None)
        if header is not None and any(0 < header - d.line <= 3
                                      for d in ctx.h("py.chained_during").all()):
            # Keras 2.1.4+: schedule(epoch, lr) raised a TypeError first (shown above), and
            # the except branch's old-API call raised this one
            return [catalogue.make(
                "keras-lr-scheduler-schedule-signature", variant="fallback", arg=arg,
                evidence=log_evidence([code], [h]),
                fix=("# read the FIRST TypeError of the log (above 'During handling of the "
                     "above exception'): it is the schedule's own error",
                     "# Keras 2.1.4-2.1.6 call schedule(epoch, lr=lr): name the second "
                     "parameter lr (def schedule(epoch, lr)), or upgrade Keras"))]
        if owner != "keras":
            # tf.keras: its LearningRateScheduler has passed (epoch, lr) since TensorFlow 1.x
            # kept the old one; upgrading standalone keras changes nothing there
            return [catalogue.make(
                "keras-lr-scheduler-schedule-signature", arg=arg,
                evidence=log_evidence([code], [h]),
                fix=("pip install --upgrade tensorflow   # a tf.keras whose "
                     "LearningRateScheduler passes (epoch, lr)",
                     f"# or a schedule of the epoch alone on this TensorFlow: def "
                     f"schedule(epoch): ... (instead of the {arg} argument)"))]
        return [catalogue.make(
            "keras-lr-scheduler-schedule-signature", arg=arg, evidence=log_evidence([code], [h]),
            fix=("pip install \"keras>=2.2.0\"   # its LearningRateScheduler passes (epoch, lr) "
                 "(2.1.4-2.1.6: lr=lr by keyword), and still calls a one-argument schedule",
                 f"# or, on this Keras, a schedule of the epoch alone: def schedule(epoch): ... "
                 f"(read the current rate with K.get_value(model.optimizer.lr) instead of "
                 f"the {arg} argument)"))]
    return []


__all__ = ["add_weight_positional", "keras3_optimizer_lr", "lr_schedule_one_argument",
           "optimizer_lr_read_only"]
