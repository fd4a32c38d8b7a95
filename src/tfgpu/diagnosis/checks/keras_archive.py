"""A Keras ``.keras`` model archive opened as HDF5: h5py's "file signature not found" where the
log shows the file is a ``.keras`` archive (its name, its zip listing, its metadata.json) and
the Keras loading it is older than the format.  The file is fine; model-file-not-hdf5's "a Git
LFS pointer or a cut-short download: replace the file" is then wrong, so
``keras-model-saved-with-other-keras`` (which supersedes it) takes the line.

Sources (platform fact ``keras-archive-format``):

* keras-team/keras v2.11.0 ``keras/saving/legacy/save.py`` load_model: a path that is not a
  folder goes to ``hdf5_format.load_model_from_hdf5``; v2.12.0 ``keras/saving/saving_api.py``:
  ``str(filepath).endswith(".keras") and zipfile.is_zipfile(filepath)`` -> saving_lib; v2.13.1
  ``saving_lib._SAVING_V3_ENABLED = True`` (model.save writes the archive by default);
  saving_lib writes config.json, metadata.json (``{"keras_version": ..., "date_saved":
  ...}``) and model.weights.h5.  TensorFlow 2.12.0 release notes: "The new Keras model saving
  format (`.keras`) is available".
* keras-team/keras#21663: the listing, ``"keras_version": "2.13.1"`` and TensorFlow 2.11.0;
  the maintainer: "Please use Tensorflow/Keras 2.13.x".
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._pip_list import pip_list_grep
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence, tf_minor
from tfgpu.findings import Finding, Severity

_VERSIONS = ('python -c "import tensorflow as tf; print(tf.__version__)"   # tf.keras is '
             "TensorFlow's own minor from 2.6: TensorFlow 2.11 and older cannot read .keras "
             "archives (" + pip_list_grep("keras") + ": a standalone keras package's version)")
_LIST = ("unzip -l <the model file>   # config.json, metadata.json, model.weights.h5: a good "
         "archive (unzip -p <the model file> metadata.json names the Keras that saved it); "
         "'End-of-central-directory signature not found': not a zip at all, replace the file "
         "(git lfs pull in a clone, or download it again)")


def _loading_keras(f: Facts) -> tuple[tuple[int, int], str] | None:
    """``((major, minor), shown)`` of the Keras loading the file: the installed keras
    distribution, else tf.keras by TensorFlow's version (TensorFlow 1.x and 2.0-2.5 carry a
    tf.keras older than 2.12; 2.6-2.15 pair keras 2.N with TensorFlow 2.N; 2.16+ Keras 3)."""
    keras = f.dist_version("keras")
    if keras and (mm := tf_minor(keras)) is not None:
        return mm, f" (Keras {keras})"
    if f.tf_mm is not None and f.tf_version:
        return f.tf_mm, f" (TensorFlow {f.tf_version})"
    return None


def _install_line(saver: str | None, first: str, default: str) -> str:
    """The install line for the Keras that reads the archive: the one that saved it when
    metadata.json names it, else the first release that writes it by default."""
    mm = tf_minor(saver)
    if mm is not None and mm[0] == 2:
        return (f'pip install "tensorflow=={mm[0]}.{mm[1]}.*"   # its tf.keras is Keras '
                f"{mm[0]}.{mm[1]}, the series that saved the file (metadata.json)")
    if mm is not None and mm[0] >= 3:
        return (f'pip install -U "tensorflow>=2.16" "keras>={saver}"   # Keras 3 saved the '
                f"file (keras_version {saver} in metadata.json): load it with that Keras or newer")
    return (f'pip install "tensorflow>={default}"   # Keras {first}+ reads .keras archives '
            f"({default}+ writes them by default); best the Keras that saved the file: "
            "unzip -p <the model file> metadata.json names it")


def keras_archive_as_hdf5(f: Facts) -> list[Finding]:
    """``keras-model-saved-with-other-keras`` variant ``keras-archive-as-hdf5``: "file
    signature not found" (pattern ``h5.no_signature``, not HDF5's truncated-file words) with
    the file shown as a .keras archive (a quoted name ending in .keras, pattern
    ``keras.archive_name``; or its listing, metadata.json with config.json or
    model.weights.h5, or its metadata line: ``keras.archive_member`` /
    ``keras.archive_metadata``) and a Keras older than 2.12 loading it (or the listing and the
    .keras name with the Keras unknown: only an old Keras opens such a file as HDF5).
    Variant ``keras-archive-unsure`` (a warning) when the log does not show the Keras and only
    one of name and listing shows.  Nothing when the Keras shown reads archives (2.12+: the
    file is not the archive it is named, model-file-not-hdf5's reading) or when no archive
    shows."""
    sig = [h for h in f.h("h5.no_signature").all() if not h.g("truncated")]
    if not sig or any(h.g("truncated") for h in f.h("h5.no_signature").all()):
        return []
    names = [h for h in f.h("keras.archive_name").all() if h.line <= sig[0].line]
    members = f.h("keras.archive_member").all()
    meta = f.h("keras.archive_metadata").all()
    kinds = {h.g("member") for h in members}
    listed: list[Hit] = (
        [*members, *meta] if meta or ("metadata.json" in kinds and len(kinds) > 1) else [])
    if not names and not listed:
        return []
    fact = f.kb.platform_fact("keras-archive-format")
    first, default = fact.value("first_keras"), fact.value("default_keras")
    loading = _loading_keras(f)
    floor = tf_minor(first) or (2, 12)
    if loading is not None and loading[0] >= floor:
        return []
    saver = meta[0].g("kv") if meta else None
    evidence = log_evidence(names[:1], listed[:4], sig[:1])
    fix_install = _install_line(saver, first, default)
    if loading is not None or (names and listed):
        shown = (" (the log lists its members)" if listed else
                 f" (its name ends in .keras: {names[0].g('path') or names[0].g('path2')})")
        return [catalogue.make(
            "keras-model-saved-with-other-keras", variant="keras-archive-as-hdf5",
            have=loading[1] if loading else "", shown=shown,
            saver=f"; its metadata.json says Keras {saver} saved it" if saver else "",
            first=first, default=default, ref=fact.ref, evidence=evidence,
            knowledge_ref=fact.ref,
            fix=(fix_install,
                 "# or, to keep this Keras: load the archive in the Keras that saved it and "
                 "save it again as .h5 (model.save('model.h5')), which older Kerases read",
                 *(() if listed else (_LIST,))))]
    why = (f"The model file is named {names[0].g('path') or names[0].g('path2')}, the Keras "
           "archive's name, and h5py found no HDF5 signature in it." if names else
           "The log lists a Keras archive's members (metadata.json beside config.json or "
           "model.weights.h5), and h5py found no HDF5 signature in the model file.")
    return [catalogue.make(
        "keras-model-saved-with-other-keras", variant="keras-archive-unsure", why=why,
        first=first, ref=fact.ref, evidence=evidence, knowledge_ref=fact.ref,
        category="unknown", severity=Severity.WARNING,
        fix=(_VERSIONS, _LIST, fix_install,
             "# an archive under an .h5 name (Keras 2.12 and later): rename it to .keras"))]


__all__ = ["keras_archive_as_hdf5"]
