"""Reading the training or prediction data from files: Keras's image helpers without Pillow,
``flow_from_dataframe`` given labels its ``class_mode`` does not take, an image iterator that
found no image, the name of Keras's image module bound to an image, OpenCV given an empty
image (cv2.imread's None), and a path that does not exist where the program ran.  The data
and the environment, not the GPU.  One section per fault below.
"""

from __future__ import annotations

import re
import shlex

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.diagnosis.checks._common import from_log
from tfgpu.diagnosis.checks.windows_paths import too_long
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding, Severity

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
    found = [h for h in hits if h.g("found") or h.g("validated")]
    if not asked and not found:
        return []
    if any(h.g("validated") for h in found):
        # flow_from_dataframe: the file names of x_col, not a folder layout
        return [catalogue.make(
            "keras-image-iterator-empty", variant="dataframe",
            severity=None if asked else Severity.WARNING,
            evidence=log_evidence(found[:1], asked[:1]),
            fix=("# the x_col values must be file names under directory= with their extension "
                 "(df['id'] + '.jpg'), or full paths with directory=None; Keras's warning of "
                 "invalid image file names in x_col counts those it dropped",
                 "# the files must have an extension Keras reads (png, jpg, jpeg, bmp, ppm, "
                 "tif, tiff)"))]
    # the program's own classes= list (a code line or notebook cell the log shows)
    named = [c for c in ctx.h("ctx.classes_arg").all()]
    with_classes = [h for h in found if (h.g("classes") or "0") != "0"]
    if with_classes and not named:
        return [_classes_found(ctx, with_classes[0], asked)]
    fix = (("# the classes= list must name the class subfolders exactly (case and spelling); "
            "or leave classes out and flow_from_directory takes every subfolder",) if named
           else ()) + (
        "# the layout flow_from_directory reads: <folder>/<class name>/<image files>, one "
        "subfolder per class; give it <folder>",
        "# check the 'Found N images belonging to K classes.' line of each iterator: N must "
        "be above 0")
    return [catalogue.make(
        "keras-image-iterator-empty",
        # ("Found 0 images" alone: the program may stop later, or read another folder)
        severity=None if asked else Severity.WARNING,
        evidence=log_evidence(found[:1], asked[:1], named[:1]), fix=fix)]


def _classes_found(ctx: Facts, h: Hit, asked: list[Hit]) -> Finding:
    """``keras-image-iterator-empty`` variant ``classes-found``: "Found 0 images belonging to
    K classes." with K >= 1 (``h``): the class subfolders exist and no image was taken from
    them: a subset= without the generator's validation_split, or no file of a format it
    reads. An earlier iterator of the same K classes that found images (pattern
    ``keras.found_images``: the training folder of the same program) puts the subset first."""
    k = h.need("classes")
    earlier = [e for e in ctx.h("keras.found_images").all()
               if e.line < h.line and e.g("classes") == k]
    subset = ("# subset='validation' takes a share of ONE folder and needs the generator's "
              "split: ImageDataGenerator(..., validation_split=0.2), then "
              "flow_from_directory(folder, subset='training') and flow_from_directory(folder, "
              "subset='validation'); each class folder needs enough files for its share",
              "# a separate validation folder takes no subset: "
              "datagen.flow_from_directory(valid_dir, ...) without subset=")
    formats = ("# else the class subfolders hold no file it reads: extensions png, jpg, jpeg, "
               "bmp, ppm, tif, tiff (ls <folder>/<class name> | head)",)
    return catalogue.make(
        "keras-image-iterator-empty", variant="classes-found", k=k,
        earlier=(f" The iterator before it found {earlier[-1].need('n')} images in as many "
                 "classes, so images are there: a validation subset that takes none of them "
                 "fits (no validation_split, or one whose share rounds to 0 files)."
                 if earlier else ""),
        severity=None if asked else Severity.WARNING,
        evidence=log_evidence(earlier[-1:], [h], asked[:1]),
        fix=subset + formats)


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


# --- OpenCV given an empty image -------------------------------------------------------------
# OpenCV's resize and cvtColor assert a non-empty source (imgproc/src/resize.cpp, color.cpp);
# cv2.imread returns None, with no error, for a file it cannot open or decode (OpenCV's
# imread documentation: "If the image cannot be read (because of missing file, improper
# permissions, unsupported or invalid format), the function returns an empty matrix").


def opencv_empty_image(ctx: Facts) -> list[Finding]:
    """``image-file-not-decodable`` variant ``opencv-empty`` (pattern ``cv.empty_image``):
    cv2.resize or cvtColor got an empty image, most often cv2.imread's None for a file it
    could not read."""
    return from_log(ctx, "cv.empty_image", lambda hits, first: catalogue.make(
        "image-file-not-decodable", variant="opencv-empty", fn=first.g("fn") or "resize",
        evidence=log_evidence(hits, limit=1),
        fix=("# check what cv2.imread returned before using it: img = cv2.imread(p); if img is "
             "None: print('cannot read', p) and skip it",
             "# the usual files: a path that does not exist (a relative path from another "
             "folder, a typo), a file that is no image (.DS_Store, Thumbs.db, a .txt among the "
             "images), a format this OpenCV does not read, or a non-ASCII path on Windows "
             "(cv2.imdecode(np.fromfile(p, np.uint8), cv2.IMREAD_COLOR) reads those)",
             "# a camera or video: ret, frame = cap.read(); use frame only when ret is True "
             "(cap.isOpened() tells whether the device or file opened)"),
    ))


# --- a data path that does not exist where the program ran -------------------------------
# CPython's FileNotFoundError ("[Errno 2] No such file or directory: '<path>'"; on Windows
# "[WinError 3] The system cannot find the path specified: '<path>'", FormatMessage's text of
# ERROR_PATH_NOT_FOUND) for a path that is no library, tool or file of an installed package:
# the data (or a model file) is not where the program looks, relative to the folder it was
# started in.

#: Paths that are no data of the program's: a shared library or program file, a package's own
#: file (a broken install), the kernel's and devices' files, a CUDA install or NVIDIA tool, a
#: Python interpreter, a conda environment's or package cache's own files, a temporary folder
#: (pip's, tempfile's, AutoGraph's).
_NOT_DATA = re.compile(
    r"(?i)\.(?:so(?:\.\d+)*|dll|dylib|pyd|exe)$|site-packages|dist-packages|^/(?:dev|proc|sys)/"
    r"|[/\\](?:cuda(?:-\d+(?:\.\d+)?)?|NVIDIA GPU Computing Toolkit|NVIDIA Corporation)[/\\]"
    r"|(?:^|[/\\])(?:nvcc|ptxas|nvidia-smi|nvlink|fatbinary)$"
    r"|[/\\]python(?:\d(?:\.\d+)?)?w?$|[/\\](?:ana|mini)conda\d?[/\\](?:pkgs|envs[/\\][^/\\]+[/\\](?:bin|Scripts|Library)"
    r"[/\\])|[/\\]pkgs[/\\]urls\.txt$|^/tmp/tmp|[/\\]Temp[/\\]|pip-(?:unpack|install|req|build)-"
    r"|__autograph_generated")
def _path(h: Hit) -> str:
    """The path a ``py.path_not_found`` line names, whichever wording printed it."""
    return h.g("path") or h.g("path2") or h.g("out") or h.g("dir") or ""


#: A bare name (no folder): with Errno 2, a command Python could not start.
_BARE = re.compile(r"^[\w.-]+$")
#: How far above the error a frame starting a program, or a code line writing a file, counts.
_CODE_WINDOW = 8


def input_path_missing(ctx: Facts) -> list[Finding]:
    """``input-path-not-found`` (pattern ``py.path_not_found``): the program asked for a file or
    folder that does not exist (data, a model file, an output folder), not a library, a tool,
    an interpreter, a package's or environment's own file or a temporary folder, and not while
    starting a program (a subprocess frame above); variant ``relative`` for a path relative to
    the working directory.  A code line that writes a file just above leads the fix with
    creating its folder."""
    # (a path past Windows' length limit is windows-path-too-long's: checks/windows_paths.py)
    long_lines = {h.line for h, _path, _how in too_long(ctx)}
    hits = [h for h in ctx.h("py.path_not_found").all()
            if h.line not in long_lines and not _NOT_DATA.search(_path(h))
            and not (h.g("path") and _BARE.match(h.g("path") or "") and not h.g("win"))
            and not any(0 < h.line - e.line <= _CODE_WINDOW
                        for e in ctx.h("ctx.exec_frame").all())]
    if not hits:
        return []
    h = hits[0]
    path = _path(h)
    relative = not re.match(r"(?:[A-Za-z]:)?[\\/]|~", path)
    writes = [w for w in ctx.h("ctx.write_code").all() if 0 < h.line - w.line <= _CODE_WINDOW]
    if h.g("out"):
        writes = writes or [h]  # h5py creating the file: an output path
    folder = ("# a file the program writes (a save, a log or checkpoint folder): create its "
              "folder first: os.makedirs(os.path.dirname(path), exist_ok=True)")
    look = (f"ls \"{path}\"   # " + ("from the folder the program was started in " if relative
                                    else "each folder up to the missing one ")
            + "(Windows: dir); " + ("cd to the project's folder, or give the path from there"
                                    if relative else "check its spelling and case"))
    data = ("# the data was never downloaded or extracted there: do the project's data step "
            "(its README says where the files go)",
            "# a notebook on Colab: mount Google Drive first (drive.mount('/content/drive')), "
            "and check the path's spelling and case")
    twice = _REPEATED_FOLDER.search(path)
    if twice is not None:
        # a folder named three times in a row: the code joined a folder onto a path that
        # already ends with it (tflearn/tflearn#670, fixed by PR #671: cifar-10-batches-py)
        return [catalogue.make(
            "input-path-not-found", variant="repeated-folder", path=path,
            folder=twice.group("name"), evidence=log_evidence([h]),
            fix=(look,
                 f"# the path repeats '{twice.group('name')}': give the code the folder above "
                 "it (the data directory it joins onto), or fix the line that builds the path "
                 "(a library's loader: its release or issue tracker)"))]
    fix = (folder, look, *data) if writes else (look, *data, folder)
    return [catalogue.make(
        "input-path-not-found", variant="relative" if relative else None, path=path,
        evidence=log_evidence(writes[-1:], [h]), fix=fix)]


#: A path whose folder repeats three times at once ("cifar-10-batches-py/cifar-10-batches-py/
#: cifar-10-batches-py/data_batch_1"): a name of 3+ characters. Twice is no sign (a project's
#: package inside its own repository folder: "model_search/model_search/configs").
_REPEATED_FOLDER = re.compile(
    r"(?:^|[/\\])(?P<name>[\w.-]{3,120})[/\\](?P=name)[/\\](?P=name)(?:[/\\]|$)")


#: The argument an op's conversion names before the message ("input: Tensor conversion
#: requested ..."): not a reader's file names when it is another argument.
_NAMED_ARG = re.compile(
    r"(?<![\w.])(?!filenames?:)(?!\w{0,40}(?:Error|Exception):)(\w{1,40}): Tensor conversion "
    r"requested")

#: A frame in one of TensorFlow's op or data modules ("python/ops/string_ops.py").
_OPS_FRAME = re.compile(r"python/(?:ops|data/ops)/\w{1,60}\.py")
#: ... of a file reader (tf.data's readers, io_ops' read_file): file names expected there.
_READER_FRAME = re.compile(r"readers\.py|io_ops\.py|gen_io_ops\.py|dataset_ops\.py")


def empty_file_list(ctx: Facts) -> list[Finding]:
    """``input-path-not-found`` variant ``empty-file-list`` (pattern ``tf.filename_float``): a
    file-reading op's file names arrived as float32, TensorFlow's type for an empty list;
    variant ``empty-file-list-dataset`` (pattern ``tf.filename_float_arg``) when a dataset
    function's scalar float32 argument was converted to a string: a dataset of file names
    made from an empty list, read in its map or interleave."""
    hits = ctx.h("tf.filename_float").all()
    if not hits:
        # (not when the frame right above is another TensorFlow op module's, string_ops.py: a
        # float column reaching a string op, not file names)
        others = [p.line for p in ctx.h("ctx.pkg_path").all()
                  if p.g("pkg") in ("tensorflow", "tensorflow_core")
                  and _OPS_FRAME.match((p.g("rest") or "").replace("\\", "/"))
                  and not _READER_FRAME.search(p.g("rest") or "")]
        # (nor when the message names the op's argument, TF 2's "input: Tensor conversion
        # requested ...": a string op's input, not a reader's file names)
        args = [a for a in ctx.h("tf.filename_float_arg").all()
                if not any(0 < a.line - o <= 6 for o in others)
                and not _NAMED_ARG.search(a.text)]
        if not args:
            return []
        a = args[-1]
        return [catalogue.make(
            "input-path-not-found", variant="empty-file-list-dataset",
            arg=a.g("arg") or a.g("arg3") or f"the reader's `{a.need('arg2')}` argument",
            evidence=log_evidence([a]),
            fix=("python -c \"import glob; print(glob.glob('<the input path or pattern>'))\""
                 "   # []: it matches nothing from the folder the program runs in",
                 "# put the files where the configuration's input path points (an Object "
                 "Detection API pipeline.config's tf_record_input_reader input_path), or "
                 "correct that path",
                 "# in the code: assert files, 'no file matches ' + pattern   # before "
                 "Dataset.from_tensor_slices(files)"))]
    h = hits[-1]
    return [catalogue.make(
        "input-path-not-found", variant="empty-file-list", op=h.need("op"),
        evidence=log_evidence([h]),
        fix=("python -c \"import glob; print(len(glob.glob('<the pattern the code uses>')))\""
             "   # 0: the pattern matches nothing from the folder the program runs in",
             "# put the data where the pattern looks (the project's download or extract step), "
             "or correct the pattern's folder, extension and case",
             "# in the code: assert files, 'no file matches ' + pattern   # before building the "
             "dataset, so an empty list stops with a clear message"))]


#: Where a Pillow lacking a codec came from, read from the warning's path -> the fix first.
_ANDROID = re.compile(r"com\.termux|pydroid|linux-android", re.IGNORECASE)


def _pil_codec_missing(ctx: Facts) -> Finding | None:
    """``image-file-not-decodable`` variant ``pil-codec-missing`` (pattern
    ``img.pil_codec_missing``): Pillow recognised the file as WebP or AVIF but was built
    without that codec (Pillow's src/PIL/WebPImagePlugin.py and AvifImagePlugin.py
    ``_accept``), so the files are fine and Pillow needs the codec.  Pillow's wheels include
    every optional library (docs/installation/basic-installation.rst), AVIF from 11.3.0
    except Windows ARM64 and iOS (docs/releasenotes/11.3.0.rst); a source build needs the
    library first (building-from-source.rst: libwebp, libavif >= 1.0.0).  Sources: Pillow
    main 4e5f09f; python-pillow/Pillow#5205, termux/termux-packages#11212,
    ContinuumIO/anaconda-issues#10737 (Anaconda's Pillow without WebP)."""
    hits = ctx.h("img.pil_codec_missing").all()
    if not hits:
        return None
    h = hits[0]
    fmt = h.need("fmt")
    lib = {"WEBP": "libwebp", "AVIF": "libavif (1.0.0 or later)"}.get(fmt, f"the {fmt} library")
    check = (f"python -c \"from PIL import features; print(features.check('{fmt.lower()}'))\""
             f"   # False: this Pillow has no {fmt} codec")
    wheel = _pillow_wheel(fmt)
    conda = "conda install -c conda-forge pillow   # a conda Pillow built with " + lib.split()[0]
    source = (f"# a Pillow built from source (Termux, Pydroid, no wheel for this platform): "
              f"install {lib} first (Termux: pkg install {lib.split()[0]}; Debian/Ubuntu: "
              f"apt install {lib.split()[0]}-dev), then pip uninstall pillow and pip install "
              "--no-cache-dir pillow")
    pre = h.g("pre") or ""
    order: tuple[str, ...]
    apt = _apt_pillow_fix(ctx, fmt)
    if apt is not None:
        order = (apt,)
    elif _ANDROID.search(pre):
        order = (source, wheel)
    elif ctx.conda or "conda" in pre.lower():
        order = (conda, wheel)
    else:
        order = (wheel, conda, source)
    return catalogue.make("image-file-not-decodable", variant="pil-codec-missing", fmt=fmt,
                          evidence=log_evidence(hits[:1], ctx.h("img.pil_unidentified").all()[:1]),
                          fix=(check, *order))


def _pillow_wheel(fmt: str) -> str:
    """The pip line that reinstalls Pillow's wheel for codec ``fmt`` (upper case: WEBP, AVIF):
    AVIF from Pillow 11.3.0 (sources: :func:`_pil_codec_missing`)."""
    return ("pip install --force-reinstall --no-cache-dir "
            + ('"pillow>=11.3"' if fmt == "AVIF" else "pillow")
            + f"   # Pillow's wheels include {fmt}"
            + (" from 11.3.0 (not on Windows ARM64)" if fmt == "AVIF" else ""))


def _apt_pillow_fix(ctx: Facts, fmt: str) -> str | None:
    """The first fix for a Pillow the log shows loaded from ``/usr/lib/python3/dist-packages``
    (pattern ``ctx.apt_pillow``): the distribution's apt Python, whose pip refuses a bare
    install (PEP 668 ``externally-managed-environment``; ``--break-system-packages`` would
    overwrite apt's python3-pil), so a venv takes Pillow's wheel (platform fact
    ``debian-python3-venv``); else ``None``.  Review 49a P9."""
    if not ctx.h("ctx.apt_pillow").all():
        return None
    venv = ctx.kb.platform_fact("debian-python3-venv")
    spec = '"pillow>=11.3"' if fmt.lower() == "avif" else "pillow"
    return (f"python3 -m venv ~/venv && ~/venv/bin/python -m pip install {spec}   # this Pillow "
            "is apt's (/usr/lib/python3/dist-packages): its pip refuses a bare install (PEP "
            "668, Debian 12 / Ubuntu 23.04 and later) or mixes with apt's files; a venv takes "
            f"Pillow's wheel, which includes {fmt.upper()}; "
            f"{venv.value('package')} first: {venv.value('install')}; then run the program "
            "with ~/venv/bin/python")


def _codec_shown_missing(ctx: Facts, fmt: str) -> tuple[list[Hit], str] | None:
    """``(hits, how)`` where the log shows this Pillow lacks ``fmt`` (``"webp"``): Pillow's
    report line ``*** WEBP support not installed`` (pattern ``img.pil_feature_missing``), or
    ``features.check('webp')`` answering ``False`` (:func:`_feature_answer`); else
    ``None``."""
    for h in ctx.h("img.pil_feature_missing").all():
        if (h.g("fmt") or "").lower() == fmt:
            return [h], f"Pillow's report: '*** {fmt.upper()} support not installed'"
    answer = _feature_answer(ctx, fmt)
    if answer is not None and answer[1].g("val") == "False":
        return list(answer), f"features.check('{fmt}') printed False"
    return None


def _feature_answer(ctx: Facts, fmt: str) -> tuple[Hit, Hit] | None:
    """``(call, answer)``: ``features.check('webp')`` and the ``True``/``False`` printed
    within 3 lines below it (patterns ``img.pil_feature_call``, ``img.pil_feature_answer``)."""
    answers = ctx.h("img.pil_feature_answer").all()
    for call in ctx.h("img.pil_feature_call").all():
        ans = next((b for b in answers if call.line < b.line <= call.line + 3), None)
        if call.g("fmt") == fmt and ans is not None:
            return call, ans
    return None


def _codec_named(ctx: Facts, h: Hit, path: str, bare: str) -> Finding | None:
    """``image-file-not-decodable`` for an unidentified file named ``.webp``/``.avif``:
    variant ``pil-codec-absent`` when the log shows this Pillow lacks that codec
    (:func:`_codec_shown_missing`), else ``pil-codec-unknown`` (a hedge: the build or the
    file); ``None`` for other names.  New-user report 48 MED 5."""
    m = re.search(r"\.(webp|avif)$", bare, re.IGNORECASE)
    if m is None:
        return None
    fmt = m.group(1).lower()
    check = (f"python -c \"from PIL import features; print(features.check('{fmt}'))\"   # "
             f"False: this Pillow has no {fmt.upper()} codec; True: look at the file itself")
    wheel = (_pillow_wheel(fmt.upper())
             + "; conda: conda install -c conda-forge pillow")
    shown = _codec_shown_missing(ctx, fmt)
    answer = _feature_answer(ctx, fmt)
    if shown is None and answer is not None and answer[1].g("val") == "True":
        return None  # this Pillow reads the format: the file itself (pil-unidentified)
    apt = _apt_pillow_fix(ctx, fmt)
    if shown is not None:
        return catalogue.make(
            "image-file-not-decodable", variant="pil-codec-absent", fmt=fmt.upper(),
            path=path, line=str(shown[0][-1].line), how=shown[1],
            evidence=log_evidence([*shown[0], h]),
            fix=(apt, check) if apt else (wheel, check))
    first = ("ls -l " + shlex.quote(bare) + "; head -c 16 " + shlex.quote(bare) + " | od -c"
             "   # 0 bytes, '<html', 'version https://git-lfs': no image; "
             + ("'RIFF' then 'WEBP'" if fmt == "webp" else "'ftypavif'") + ": one")
    return catalogue.make(
        "image-file-not-decodable", variant="pil-codec-unknown", fmt=fmt.upper(), path=path,
        evidence=log_evidence([h]), fix=(check, apt or wheel, first))


def pil_unidentified(ctx: Facts) -> list[Finding]:
    """``image-file-not-decodable`` variant ``pil-unidentified`` (pattern
    ``img.pil_unidentified``): Pillow's Image.open identified no format in the named file;
    variant ``pil-codec-missing`` when Pillow warned that it lacks the file's codec
    (:func:`_pil_codec_missing`)."""
    codec = _pil_codec_missing(ctx)
    if codec is not None:
        return [codec]
    hits = ctx.h("img.pil_unidentified").all()
    if not hits:
        return []
    h = hits[-1]
    path = h.need("path").strip()
    bare = re.sub(r"^[ub]?(['\"])(.*)\1$", r"\2", path)  # Python 2's u'...', a repr's quotes
    named = _codec_named(ctx, h, path, bare)
    if named is not None:
        return [named]
    scan = ("# find every such file: for each image file p of the dataset, "
            "PIL.Image.open(p).verify() in a try block; remove or replace the ones that raise "
            "(a good copy, or download them again)")
    if bare.startswith("<"):
        # an in-memory file (Keras's load_img opens the bytes it read): no path to look at
        return [catalogue.make(
            "image-file-not-decodable", variant="pil-unidentified",
            path=f"{path} (the file's bytes, read into memory first: its name is not in the "
                 "message)", evidence=log_evidence([h]), fix=(scan,))]
    look = (f'ls -l "{bare}"   # (Windows: dir) its size: 0 bytes is no image'
            if c.windows_path(ctx, bare) else
            f"ls -l {shlex.quote(bare)}; head -c 16 {shlex.quote(bare)} | od -c   # its size "
            "and first bytes: 0 bytes, '<html', 'version https://git-lfs' are no image")
    return [catalogue.make(
        "image-file-not-decodable", variant="pil-unidentified", path=path,
        evidence=log_evidence([h]), fix=(look, scan))]


def keras_zip_missing(ctx: Facts) -> list[Finding]:
    """``input-path-not-found`` variant ``keras-zip`` (pattern ``keras.keras3_zip_missing``):
    Keras 3's load_model given a path ending in ``.keras`` that is no zip file ("File not
    found: filepath=<path>. Please ensure the file is an accessible `.keras` zip file.",
    keras/src/saving/saving_api.py after ``zipfile.is_zipfile``): nothing there, or a file
    that is not a .keras archive (a Git LFS pointer, a partial download, an HDF5 renamed)."""
    hits = ctx.h("keras.keras3_zip_missing").all()
    if not hits:
        return []
    h = hits[-1]
    path = (h.g("path") or "").strip("'\"")
    listing = (f'ls -l "{path}"   # (Windows: dir)' if c.windows_path(ctx, path)
               else "ls -l '" + path.replace("'", "'\\''") + "'   #")
    return [catalogue.make(
        "input-path-not-found", variant="keras-zip", path=path, evidence=log_evidence([h]),
        fix=(f"{listing} there, seen from the folder the program runs in?",
             c.python_cmd(ctx, f'import zipfile; print(zipfile.is_zipfile(r"{path}"))')
             + "   # False: not a .keras archive",
             "# a small text file starting 'version https://git-lfs': a Git LFS pointer: "
             "git lfs install && git lfs pull in the clone",
             "# an HDF5 model (its first bytes '\\x89HDF'): rename it to .h5 and load that; "
             "not saved yet: run the step that saves it (model.save(r'" + path + "')) first"))]


__all__ = [
    "dataframe_labels",
    "empty_file_list",
    "image_iterator_empty",
    "image_module_rebound",
    "image_utils_need_pillow",
    "input_path_missing",
    "keras_zip_missing",
    "opencv_empty_image",
    "pil_unidentified",
]
