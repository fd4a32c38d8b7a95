"""Colab's GPU check cell and the next steps on a Colab runtime, for the
``tensorflow-sees-no-gpu`` reading (checks/visibility.py, variant ``reason-not-shown``).

Sources: the GPU check of Colab's notebooks, ``if tf.test.gpu_device_name() !=
'/device:GPU:0':`` then ``raise SystemError('GPU device not found')`` (Colab's GPU example
notebook) or ``print('WARNING: GPU device not found.')`` with the step 'select "Runtime" ->
"Change runtime type" -> "Hardware accelerator" -> "GPU"' before it (tensorflow/probability
c847a416 tensorflow_probability/examples/jupyter_notebooks/Linear_Mixed_Effects_Models.ipynb);
googlecolab/colabtools 3c07d776 notebooks/Gemini_and_Stable_Diffusion.ipynb ("Access a GPU
through Runtime > Change runtime type and try again"); tf.test.gpu_device_name() is '' when
TensorFlow lists no GPU (TF 2.21 framework/test_util.py).
"""

from __future__ import annotations

from tfgpu.diagnosis.checks._pip_list import pip_list_grep
from tfgpu.facts.view import Facts
from tfgpu.findings import Evidence

#: The words of the Colab check's own output (pattern gpu.none_msg).
_COLAB_CHECK = "GPU device not found"


def colab_shown(ctx: Facts, evidence: tuple[Evidence, ...]) -> tuple[bool, bool]:
    """``(colab, check)``: whether the log names Colab (pattern ``ctx.colab_shown``), and
    whether ``evidence`` holds the output of Colab's GPU check cell ("GPU device not
    found"), which is run on Colab mostly but copied elsewhere too."""
    check = any(_COLAB_CHECK in e.text for e in evidence)
    return bool(ctx.h("ctx.colab_shown").count), check


def colab_steps(ctx: Facts, evidence: tuple[Evidence, ...],
                fix: list[str]) -> tuple[str, list[str]]:
    """A sentence for the cause and the fix lines with Colab's steps: first when the log
    names Colab, after the general ``fix`` lines when only Colab's check cell shows (the
    host may be another Jupyter); ``("", fix)`` unchanged otherwise."""
    colab, check = colab_shown(ctx, evidence)
    if not colab and not check:
        return "", fix
    steps = [
        "# Colab: Runtime > Change runtime type > Hardware accelerator: GPU, then run the "
        "check again in the new runtime (a runtime started as CPU stays CPU)",
        "nvidia-smi   # in a Colab cell as !nvidia-smi: no GPU listed = a CPU runtime (or "
        "no GPU assigned)",
        pip_list_grep("tensorflow", "tf-nightly", anchored=True)
        + "   # (in a cell with a leading !) a TensorFlow pip-installed over Colab's own may "
        "be built for another CUDA than the VM's",
        "nvcc --version   # (!nvcc in a cell) the VM's CUDA toolkit: compare with the "
        "cuda_version that tf.sysconfig.get_build_info() prints",
    ]
    where = ("This is a Colab notebook" if colab else
             "This is the GPU check cell of Colab's notebooks")
    sentence = (f" {where}: there the usual reasons are a runtime without a GPU accelerator "
                "(Runtime > Change runtime type), or a TensorFlow installed over Colab's own "
                "(tf-nightly, another release) that was built for another CUDA than the VM "
                "provides.")
    return sentence, (steps + fix) if colab else (fix + steps)
