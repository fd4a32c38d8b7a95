"""An older Keras HDF5 loader under h5py 3: ``h5py3-breaks-old-keras-hdf5-loader``.

h5py 3.0 reads an attribute's variable-length string as ``str`` (platform fact
``h5py3-attribute-strings``, h5py's "Strings in HDF5"); Keras's HDF5 loaders written for
h5py 2 (standalone Keras's topology.py/saving.py, tf.keras's hdf5_format.py of its time)
call ``.decode('utf8')`` on ``f.attrs['keras_version']`` or ``model_config``, which then
raises "AttributeError: 'str' object has no attribute 'decode'". Only when the traceback's
source line decodes such an attribute: the bare AttributeError has other causes in Python
code of every kind, and then nothing is said.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._addon_frames import code_line_above
from tfgpu.diagnosis.checks._pip_list import pip_list_grep
from tfgpu.diagnosis.checks._raising_frame import keras_frame, raising_frame
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding
from tfgpu.knowledge import PlatformFact

FACT = "h5py3-attribute-strings"


def h5py3_old_keras_loader(f: Facts) -> list[Finding]:
    """``h5py3-breaks-old-keras-hdf5-loader``: "'str' object has no attribute 'decode'"
    (pattern ``h5py.str_decode``) with a traceback line that decodes an HDF5 attribute
    (``h5py.attrs_decode``); ``[]`` otherwise."""
    err = f.h("h5py.str_decode").all()
    src = f.h("h5py.attrs_decode").all()
    if not err:
        return []
    fact = f.kb.platform_fact(FACT)
    if not src:
        return _without_source_line(f, err[0], fact)
    return [catalogue.make(
        "h5py3-breaks-old-keras-hdf5-loader", h5py=fact.value("h5py_version"), ref=fact.ref,
        evidence=log_evidence(src[-1:], err[:1]), knowledge_ref=fact.ref,
        fix=('pip install "h5py<3"   # the h5py 2.x this Keras loader was written for '
             "(pin it in the project's requirements); h5py 2.x has no wheels for the newest "
             "Pythons: if pip must build it there, take the line below instead",
             "# or upgrade Keras/TensorFlow to a release whose HDF5 loader reads h5py 3's str "
             "attributes (keeping the h5py that release requires)",
             "pip show h5py keras tensorflow   # the versions this Python imports"),
    )]


#: how far above the error an HDF5 load counts as the error's own (a traceback's length)
_NEAR = 40

#: An HDF5 attribute or a Keras loader's name on a code line (Keras 2.1's
#: ``weight_names = [n.decode('utf8') for n in g.attrs['weight_names']]``)
_HDF5_NAMES = re.compile(r"\battrs\b|keras_version|model_config|training_config|layer_names"
                         r"|weight_names|\bbackend\b")

#: h5py's own files in a frame's path
_H5PY_FILE = re.compile(r"[/\\]h5py[/\\]\w{1,60}\.py\b")

_FIX_H5PY = ('pip install "h5py<3"   # the h5py 2.x this Keras loader was written for; h5py '
             "2.x has no wheels for the newest Pythons")


def _without_source_line(f: Facts, err: Hit, fact: PlatformFact) -> list[Finding]:
    """No traceback line that decodes an attribute: an HDF5 load on the error's line or
    shortly above it (pattern ``ctx.h5py_hdf5_load``: a .h5/.hdf5 name, load_weights or
    load_model, a Keras HDF5 loader's frame) is variant ``load``; the bare error is variant
    ``bare``, a hedge (a str decoded as bytes in any Python 3 code).  A raising frame shown
    (:func:`raising_frame`) that is neither a Keras's nor h5py's file, with no HDF5 load from
    it to the error (a cut traceback's ``model.load_weights(...)``), is the program's own
    decode: nothing is said, whatever was loaded above."""
    loads = f.h("ctx.h5py_hdf5_load").all()
    frame = raising_frame(f, err.line, _NEAR)
    if frame is not None and not (keras_frame(frame) or _H5PY_FILE.search(frame.text)) and not any(
            frame.line <= h.line <= err.line for h in loads):
        return []  # the statement that raised is shown, and it is no HDF5 loader's: its own str
    code = code_line_above(f, "ctx.decode_call", err.line)
    if code is not None and not _HDF5_NAMES.search(code.text):
        return []  # the raising statement decodes something that is no HDF5 attribute
    near = [h for h in loads if err.line - _NEAR <= h.line <= err.line]
    versions = pip_list_grep("h5py", "keras", "tensorflow", windows=f.windows,
                             anchored=not f.windows)
    if near:
        return [catalogue.make(
            "h5py3-breaks-old-keras-hdf5-loader", variant="load", h5py=fact.value("h5py_version"),
            ref=fact.ref, evidence=log_evidence(near[-1:], [err]), knowledge_ref=fact.ref,
            fix=(_FIX_H5PY,
                 "# or upgrade Keras/TensorFlow to a release whose HDF5 loader reads h5py 3's "
                 "str attributes (keeping the h5py that release requires)",
                 versions + "   # the versions this Python imports"))]
    return [catalogue.make(
        "h5py3-breaks-old-keras-hdf5-loader", variant="bare", h5py=fact.value("h5py_version"),
        ref=fact.ref, evidence=log_evidence([err]), knowledge_ref=fact.ref,
        fix=("# the traceback's last lines tell: a Keras HDF5 loader (hdf5_format.py, "
             "saving.py, topology.py decoding f.attrs[...]) is h5py 3 under an older Keras; "
             "any other line is that code decoding a str",
             versions + "   # h5py 3.x with a Keras of 2020 or before: the loader reading",
             _FIX_H5PY + "   # only for the loader reading"))]
