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

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

FACT = "h5py3-attribute-strings"


def h5py3_old_keras_loader(f: Facts) -> list[Finding]:
    """``h5py3-breaks-old-keras-hdf5-loader``: "'str' object has no attribute 'decode'"
    (pattern ``h5py.str_decode``) with a traceback line that decodes an HDF5 attribute
    (``h5py.attrs_decode``); ``[]`` otherwise."""
    err = f.h("h5py.str_decode").all()
    src = f.h("h5py.attrs_decode").all()
    if not err or not src:
        return []
    fact = f.kb.platform_fact(FACT)
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
