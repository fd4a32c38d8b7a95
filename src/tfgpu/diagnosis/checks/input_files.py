"""Reading the training or prediction data from files: Keras's image helpers without Pillow,
``flow_from_dataframe`` given labels its ``class_mode`` does not take, an image iterator that
found no image, the name of Keras's image module bound to an image, and a data path that
does not exist where the program ran.  The data and the environment, not the GPU.  One section
per fault below.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._common import from_log
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

# --- Keras's image helpers without Pillow -------------------------------------------------
# keras-preprocessing keras_preprocessing/image/utils.py, keras-team/keras v2.9.0-v2.15.0
# keras/utils/image_utils.py, Keras 3 keras/src/utils/image_utils.py: load_img, array_to_img
# (and save_img through it) raise "Could not import PIL.Image. The use of `<fn>` requires PIL."
# when `from PIL import Image` failed at import; Pillow is the maintained distribution of PIL.


def image_utils_need_pillow(ctx: Facts) -> list[Finding]:
    """``keras-image-utils-need-pillow`` (pattern ``keras.needs_pil``): a Keras image helper
    (``load_img``, ``array_to_img``) found no PIL in the environment that ran it."""
    return from_log(ctx, "keras.needs_pil", lambda hits, first: catalogue.make(
        "keras-image-utils-need-pillow", fn=first.g("fn") or "load_img",
        evidence=log_evidence(hits, limit=1),
        fix=("python -m pip install Pillow   # with the python that ran the program (conda: "
             "conda install pillow); the PIL package itself is obsolete",
             'python -c "import PIL, sys; print(PIL.__version__, sys.executable)"   # then: '
             "the environment that ran the program has it"),
    ))


# --- flow_from_dataframe labels its class_mode does not take --------------------------------
# keras-preprocessing keras_preprocessing/image/dataframe_iterator.py, keras-team/keras
# v2.9.0-v2.15.0 keras/preprocessing/image.py, Keras 3 keras/src/legacy/preprocessing/image.py
# DataFrameIterator._check_params: class_mode "categorical" takes y_col values that are
# class names (str) or lists/tuples of them (several labels per image), "binary" and "sparse"
# class names (str); "raw" (and "multi_output") return the column values as they are.


def dataframe_labels(ctx: Facts) -> list[Finding]:
    """``keras-dataframe-labels-not-class-names`` (pattern ``keras.df_label_type``):
    ``flow_from_dataframe`` refused the label column's values for its ``class_mode``."""
    hits = ctx.h("keras.df_label_type").all()
    if not hits:
        return []
    h = hits[0]
    mode, col = h.g("mode") or "categorical", h.g("col") or "y_col"
    if col.startswith("["):
        # several label columns (one-hot or numeric targets)
        fix = ('# several label columns (one-hot or numeric targets): flow_from_dataframe(..., '
               'y_col=[...], class_mode="raw") returns them as they are',
               "# or one column of class names (or of lists of names, for several labels per "
               'image) with class_mode="categorical"')
    else:
        fix = (f'# class names stored as numbers: df["{col}"] = df["{col}"].astype(str) keeps '
               f'class_mode="{mode}"',
               '# numeric targets (regression, or labels already one-hot): class_mode="raw" '
               "returns them as they are")
    return [catalogue.make("keras-dataframe-labels-not-class-names", mode=mode, col=col,
                           evidence=log_evidence([h]), fix=fix)]


# --- an image iterator that found no image ------------------------------------------------
# Keras's Iterator.__getitem__ (keras-preprocessing image/iterator.py, keras/preprocessing/
# image.py, Keras 3 keras/src/legacy/preprocessing/image.py) refuses any index of an iterator
# of length 0; flow_from_directory counts the images it found per class subfolder first
# ("Found 0 images belonging to N classes.").


def image_iterator_empty(ctx: Facts) -> list[Finding]:
    """``keras-image-iterator-empty`` (pattern ``keras.iterator_empty``): an image iterator
    of length 0 was asked for a batch (or flow_from_directory found no image): the folder it
    read holds no images in the layout it expects."""
    hits = ctx.h("keras.iterator_empty").all()
    asked = [h for h in hits if h.g("len")]
    if not asked:
        return []
    return [catalogue.make(
        "keras-image-iterator-empty", evidence=log_evidence(
            [h for h in hits if h.g("found")][:1], asked[:1]))]


# --- the image module's name bound to an image ---------------------------------------------
# load_img, img_to_array, array_to_img and save_img are functions of Keras's image module
# (keras.preprocessing.image; keras.utils from Keras 2.9 and in Keras 3); an object of
# another type asked for one (Python's "'numpy.ndarray' object has no attribute 'load_img'")
# means the name the code calls them through is no longer that module.


def image_module_rebound(ctx: Facts) -> list[Finding]:
    """``image-module-name-rebound`` (pattern ``py.image_name_rebound``): the name the code
    calls Keras's image functions through (``image.load_img``) holds an image or an array."""
    return from_log(ctx, "py.image_name_rebound", lambda hits, first: catalogue.make(
        "image-module-name-rebound", fn=first.g("fn") or "load_img",
        type=first.g("type") or "an array", evidence=log_evidence(hits, limit=1)))


# --- a data path that does not exist where the program ran -------------------------------
# CPython's FileNotFoundError ("[Errno 2] No such file or directory: '<path>'"; on Windows
# "[WinError 3] The system cannot find the path specified: '<path>'", FormatMessage's text of
# ERROR_PATH_NOT_FOUND) for a path that is no library, tool or file of an installed package:
# the data (or a model file) is not where the program looks, relative to the folder it was
# started in.

#: Paths that are no data of the program's: a shared library, a tool, a package's own file
#: (a broken install), the kernel's and devices' files, a CUDA install.
_NOT_DATA = re.compile(r"(?i)\.(?:so(?:\.\d+)*|dll|dylib|pyd|exe)$|site-packages|dist-packages"
                       r"|^/(?:dev|proc|sys)/|cuda|nvcc|nvidia|ptxas|^\w+$")


def input_path_missing(ctx: Facts) -> list[Finding]:
    """``input-path-not-found`` (pattern ``py.path_not_found``): the program asked for a file or
    folder that does not exist (data, a model file), not a library or a package's file; variant
    ``relative`` for a path relative to the working directory."""
    hits = [h for h in ctx.h("py.path_not_found").all()
            if not _NOT_DATA.search(h.g("path") or "")]
    if not hits:
        return []
    h = hits[0]
    path = h.need("path")
    relative = not re.match(r"(?:[A-Za-z]:)?[\\/]|~", path)
    return [catalogue.make(
        "input-path-not-found", variant="relative" if relative else None, path=path,
        evidence=log_evidence([h]),
        fix=((f"ls \"{path}\"   # from the folder the program was started in (Windows: dir); "
              "cd to the project's folder, or give the path from there",) if relative else
             (f"ls \"{path}\"   # each folder up to the missing one",)) + (
             "# the data was never downloaded or extracted there: do the project's data step "
             "(its README says where the files go)",
             "# a notebook on Colab: mount Google Drive first (drive.mount('/content/drive')), "
             "and check the path's spelling and case"))]


__all__ = ["dataframe_labels", "image_iterator_empty", "image_module_rebound",
           "image_utils_need_pillow", "input_path_missing"]
