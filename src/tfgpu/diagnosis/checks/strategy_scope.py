"""A Keras model used with a tf.distribute strategy (MirroredStrategy on several GPUs) that was
built outside the strategy's scope, or trained through an API the strategy does not take.

* ``strategy-model-outside-scope``: tf.keras's Model.compile checks that every variable of the
  model was created in the current strategy's scope ("Variable (%s) was not created in the
  distribution strategy scope of (%s). It is most likely due to not all layers or the model or
  optimizer being created outside the distribution strategy scope. Try to make sure your code
  looks similar to the following. with strategy.scope(): model=_create_model()
  model.compile(...)"), and that the optimizer and metrics passed to it were created in the
  model's ("Optimizer (%s) passed to model.compile was created inside of a different
  distribution strategy scope than the model.", and the same for a Metric): TF 2.21's
  tensorflow/python/keras/engine/training.py and training_v1.py (the TF 1.x graph-mode
  Model).
* Variant ``slot-variable``: the optimizer's first step creates its slot variables under the
  strategy in force and refuses a model variable that strategy did not create ("Trying to
  create optimizer slot variable under the scope for tf.distribute.Strategy (%s), which is
  different from the scope used for the original variable (%s). Make sure the slot variables
  are created under the same strategy scope. This may happen if you're restoring from a
  checkpoint outside the scope": TF 2.21's tensorflow/python/keras/optimizer_v2/
  optimizer_v2.py, keras-team/keras v2.15.0 keras/optimizers/legacy/optimizer_v2.py): a
  model built, or restored, outside the scope a trainer runs its steps in.
* Variant ``fit-generator``: "`fit_generator` is not supported for models compiled with
  tf.distribute.Strategy." (the TF 1.14-2.0 Keras training loop; quoted by tensorflow/
  ecosystem's Spark example and by projects citing tensorflow/tensorflow#30321); Model.fit
  takes generators and datasets itself from TF 2.1 ("`Model.fit` now supports generators, so
  there is no longer any need to use this endpoint", training.py fit_generator).
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: The fix lines of a model built outside the strategy's scope (the message's own advice).
_SCOPE_FIX = (
    "# create the strategy first, then build the WHOLE model (every layer), its optimizer and "
    "its metrics, and compile it, inside: with strategy.scope(): model = create_model(); "
    "model.compile(optimizer='adam', loss=..., metrics=[...])",
    "# a model another function or library builds (load_model, a model zoo's builder, "
    "weights loaded after building): call it inside the same with strategy.scope(): block",
    "# pass the optimizer and metrics as strings, or create their objects inside the scope: "
    "objects made before it belong to no strategy",
)


#: The fix lines of an optimizer whose slots are made under another strategy than the model's.
_SLOT_FIX = (
    "# build (or load) the model inside the scope of the strategy that trains it: "
    "with strategy.scope(): model = create_model() (a library's trainer that owns a "
    "strategy: with <its strategy>.scope(): model = ...)",
    "# restore checkpoints and weights inside that same with strategy.scope(): block",
)


def _strategy_name(text: str) -> str:
    """The class name in a strategy's repr (``<tensorflow.python.distribute.one_device_strategy.
    OneDeviceStrategy object at 0x...>`` -> ``OneDeviceStrategy``), else ``a strategy``."""
    words = [w for w in text.replace("<", " ").replace(">", " ").split()
             if w.endswith("Strategy") or ".distribute." in w]
    return words[0].rsplit(".", 1)[-1] if words else "a strategy"


def strategy_model_outside_scope(ctx: Facts) -> list[Finding]:
    """``strategy-model-outside-scope`` from Model.compile's scope checks (the variable, or
    the optimizer or a metric made in another scope: patterns ``strategy.variable_outside``
    and ``strategy.compile_other_scope``), variant ``slot-variable`` from the optimizer's slot
    check (``strategy.slot_other_scope``; variant ``step-outside-scope`` when the strategy in
    force is the default one and the variable a real strategy's), variant ``fit-generator``
    from the Keras training loop's refusal of fit_generator under a strategy
    (``strategy.fit_generator``)."""
    var = ctx.h("strategy.variable_outside")
    other = ctx.h("strategy.compile_other_scope")
    if var.count or other.count:
        first = (var.first or other.first)[0]
        what = (f"the variable {first.g('var')}" if first.g("var")
                else f"the {(first.g('what') or 'optimizer').lower()} passed to compile")
        return [catalogue.make("strategy-model-outside-scope", what=what,
                               evidence=log_evidence(var, other), fix=_SCOPE_FIX)]
    slot = ctx.h("strategy.slot_other_scope")
    if slot.count:
        hit = slot.first[0]
        name = hit.g("var")
        strategy = hit.g("strategy") or ""
        if "_DefaultDistributionStrategy" in strategy and hit.g("mirrored"):
            # no strategy in force at the step, a real strategy's variable: the step ran
            # outside the strategy the model was built in
            return [catalogue.make(
                "strategy-model-outside-scope", variant="step-outside-scope",
                what=f"the variable {name}" if name else "the model's variable",
                evidence=log_evidence(slot))]
        return [catalogue.make(
            "strategy-model-outside-scope", variant="slot-variable",
            what=f"the variable {name}" if name else "a variable of the model",
            strategy=_strategy_name(hit.g("strategy") or ""),
            evidence=log_evidence(slot), fix=_SLOT_FIX)]
    gen = ctx.h("strategy.fit_generator")
    if gen.count:
        return [catalogue.make(
            "strategy-model-outside-scope", variant="fit-generator",
            evidence=log_evidence(gen),
            fix=("model.fit(train_data, epochs=..., steps_per_epoch=...)   # TensorFlow 2.1 "
                 "and later: fit takes the generator (or a keras Sequence, or a "
                 "tf.data.Dataset) itself, and works under the strategy",
                 "# TensorFlow 1.14-2.0: feed fit a tf.data.Dataset (tf.data.Dataset."
                 "from_generator(...)) instead of calling fit_generator, or upgrade"))]
    return []
