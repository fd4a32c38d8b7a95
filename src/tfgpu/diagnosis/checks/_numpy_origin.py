"""Who handed a symbolic tensor to NumPy ("Cannot convert a symbolic Tensor (...) to a numpy
array", ops.py ``Tensor.__array__``): TensorFlow's own code, or the program's.

Sources:

* TensorFlow's own call: tensorflow r2.4 ``tensorflow/python/ops/array_ops.py``
  ``_constant_if_small`` (called by ``zeros``/``ones``) runs ``if np.prod(shape) < 1000``
  inside ``try ... except TypeError``; NumPy 1.20 made ``np.prod`` call ``__array__`` on
  the list's elements ("As of Numpy 1.20, np.prod calls the __array__ method of input
  objects", nipy/nipy#479), so a shape holding a symbolic tensor (the batch size of
  ``recurrent.py``'s ``create_zeros``) raises NotImplementedError there instead of the
  TypeError it catches (tensorflow/tensorflow#47242: TensorFlow 2.4 was built with
  ``numpy ~= 1.19.2``).
* The program's call: a NumPy function called on a graph tensor in the program's own frame
  (``np.arange(range_lim)`` inside a tf.function, tensorflow/tensorflow#40537, TensorFlow
  2.2, before NumPy 1.20 existed), or AutoGraph leaving a ``numpy.ufunc`` unconverted
  (tensorflow/tensorflow#36792: the code's ``np.power`` inside a tf.function). That fails
  with every NumPy release: ``__array__`` of a graph tensor always raises.
"""

from __future__ import annotations

import re

from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts

#: A file of an installed package (site-packages, dist-packages, or TensorFlow's, Keras's,
#: NumPy's own folders): not the program's own code.
_PKG_PATH = re.compile(r"(?i)(?:site|dist)-packages|[/\\](?:tensorflow(?:_core)?|tf_keras|keras"
                       r"|numpy)[/\\]")
#: A frame of NumPy's own or of the tensor's __array__ (what a NumPy call on a tensor runs
#: through: numpy/core/fromnumeric.py, "<__array_function__ internals>", ops.py __array__).
_NUMPY_INTERNAL = re.compile(r"__array__|__array_function__ internals|[/\\]numpy[/\\]")
#: Lines an IPython 7 arrow line ("----> 7 ...") may stand below its frame's header.
_ARROW_REACH = 15


def _head_path(h: Hit) -> str:
    """The file of a frame header hit (``"Cell In[3]"`` for a notebook cell)."""
    return next((v for k in ("path", "path2", "path3", "path4", "cell")
                 if (v := h.g(k)) is not None), "")


def numpy_call_origin(f: Facts) -> tuple[str, Hit | None] | None:
    """``("tf", hit)`` when TensorFlow's own NumPy call on a shape is in the log
    (array_ops.py ``_constant_if_small``), ``("code", hit)`` when the program's own frame
    calls NumPy (its header names no installed package's file) or AutoGraph left a NumPy
    ufunc unconverted, else ``None`` (no frame tells)."""
    frames = f.h("eco.numpy_frame").all()
    tf_frame = next((h for h in frames if h.g("tf") is not None), None)
    if tf_frame is not None:
        return "tf", tf_frame
    heads = f.h("ctx.py_frame_head").all()
    for h in frames:
        if h.g("fn") is None:
            continue
        head = next((x for x in heads if x.line == h.line - 1), None)
        if head is None and h.g("arrow") is not None:
            head = max((x for x in heads if h.line - _ARROW_REACH <= x.line < h.line),
                       key=lambda x: x.line, default=None)
        if head is None or _PKG_PATH.search(_head_path(head)):
            continue
        # the frames between that call and the error are NumPy's and __array__'s own only
        # (a top-level frame's np.array(data) with Keras's frames below it is not the call)
        err = next((e.line for e in f.h("eco.numpy_symbolic").all() if e.line > h.line), None)
        if err is None or all(_NUMPY_INTERNAL.search(x.text)
                              for x in heads if h.line < x.line < err):
            return "code", h
    ufunc = next((h for h in f.h("pyw.autograph").all() if "numpy.ufunc" in h.text), None)
    return ("code", ufunc) if ufunc is not None else None


#: Lines AutoGraph's "<Error>: in user code:" header may stand above the error line it
#: ends with (the converted frames are printed between).
_USER_CODE_REACH = 60


def user_code_headers(f: Facts, err: Hit) -> list[Hit]:
    """AutoGraph's "NotImplementedError: in user code:" line above ``err`` (the frames of the
    converted code and the error's own line follow it, autograph/impl/api.py): the same
    exception's first line, quoted with it."""
    return [m for m in f.h("ctx.ag_user_code").all()
            if 0 < err.line - m.line <= _USER_CODE_REACH][-1:]


__all__ = ["numpy_call_origin", "user_code_headers"]
