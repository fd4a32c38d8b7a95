"""Apple's tensorflow_macos 0.1 alpha installer refusing the environment's Python.

Source: apple/tensorflow_macos scripts/install_venv.sh, whose check of an existing virtual
environment is ``[[ $("$python_bin" --version) != *"3.8"* ]]`` and then ``error_exit "Python
version in specificed virtual environment $virtual_env not 3.8.   Python 3.8 required for
tensorflow_macos $tensorflow_version."`` (the release's wheels are cp38 only):
``python-outside-tf-range`` variant ``macos-installer``; for a new environment it checks the
Python given with ``--python`` (else the ``python3`` or ``python`` on PATH) the same way:
``error_exit "Error retrieving python version, or python executable $python_bin not version
3.8.  Please specify a Python 3.8 executable with the --python option."`` (variant
``macos-installer-python``; which Python it was, the installer's command line in the log says).
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._common import from_log
from tfgpu.facts.log import Hit, Hits
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def tensorflow_macos_installer_python(ctx: Facts) -> list[Finding]:
    """``python-outside-tf-range`` variant ``macos-installer`` from pattern
    ``pip.tf_macos_installer_python``: the installer's own words name the Python it needs,
    the release and the environment."""
    def make(hits: Hits, first: Hit) -> Finding:
        need = first.g("need") or first.g("need2") or "3.8"
        if first.g("exe"):
            cmds = ctx.h("pip.tf_macos_installer_cmd").all()
            given = any(h.g("opt") for h in cmds)
            how, how_long = (("was given", "the one its --python option named") if given else
                             ("found", "the python3 on PATH, as no --python was given") if cmds
                             else ("was given or found", "the one its --python option named, "
                                   "else the python3 on PATH"))
            return catalogue.make(
                "python-outside-tf-range", variant="macos-installer-python", need=need,
                exe=first.need("exe"), evidence=log_evidence(hits, limit=2),
                how=how, how_long=how_long,
                fix=(f"python{need} --version; /usr/bin/python3 --version   # find a Python "
                     f"{need} on this Mac (or install one: conda create -n tf-macos "
                     f"python={need})",
                     f"# run the installer again with that Python: install_venv.sh --python=<the "
                     f"python{need} path>, or move to tensorflow-macos and tensorflow-metal "
                     "from pip, which replaced the alpha installer"))
        return catalogue.make(
            "python-outside-tf-range", variant="macos-installer",
            version=(first.g("version") or "0.1").rstrip("."), need=need,
            env=first.g("env") or "given", evidence=log_evidence(hits, limit=2),
            fix=(f"conda create -n tf-macos python={need} && conda activate tf-macos   # or "
                 f"python{need} -m venv ~/tf-macos",
                 "# then run install_venv.sh again with that environment's path (or its Python "
                 "given to the installer's python option), or move to tensorflow-macos and "
                 "tensorflow-metal from pip, which replaced the alpha installer"))
    return from_log(ctx, "pip.tf_macos_installer_python", make)


__all__ = ["tensorflow_macos_installer_python"]
