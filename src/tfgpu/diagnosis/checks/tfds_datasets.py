"""Fault kind TENSORFLOW DATASETS: a split or a dataset name that tensorflow_datasets cannot
resolve.

* ``tfds-split-spec-not-understood``: the reader's split parser
  (tensorflow_datasets/core/tfrecords_reader.py ``_str_to_relative_instruction``:
  ``AssertionError('Unrecognized instruction format: %s' % spec)``).  A spec printed as a
  legacy split object (``NamedSplit('train')(tfds.percent[0:10])``, ``tfds.Split.TRAIN.
  subsplit(...)``) is the split API TFDS 2.0 deprecated when every dataset moved to the
  slicing API and 3.0 removed (``tfds.experiment.S3``; TFDS release notes v2.0.0, v3.0.0):
  variant ``legacy``.  Else a string the slicing grammar does not take ("train[:10%]",
  "train+test"); TFDS 4.x words it "Unrecognized split format: '<spec>'".
* ``tfds-dataset-not-found``: ``tfds.load``/``tfds.builder`` found neither builder code for
  the name nor prepared files (core/load.py ``builder()``: the registered builder class, else
  ``read_only_builder.builder_from_files(name, data_dir=...)``, which reads
  ``<data_dir>/<name>/<version>/``; neither: ``registered.DatasetNotFoundError``, "Dataset
  <name> not found."), or its lookup's own lines ("No builder could be found in the directory:
  <data_dir> for the builder: <name>.", "The builder directory <dir> doesn't contain any
  versions.": read_only_builder.py).
* ``input-path-not-found`` variant ``tfds-manual``: a dataset TFDS cannot download itself
  (core/download/download_manager.py ``manual_dir``: "Manual directory <dir> does not exist
  [or is empty]. Create it and download/extract dataset artifacts in there ...").
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def tfds_split_not_understood(ctx: Facts) -> list[Finding]:
    """``tfds-split-spec-not-understood`` (pattern ``tfds.split_format``): variant ``legacy``
    for a spec printed as a legacy split object."""
    hits = [h for h in ctx.h("tfds.split_format").all()
            if h.g("spec2") or "%" not in (h.g("spec") or "%")[:2]]
    if not hits:
        return []
    h = hits[-1]
    spec = (h.g("spec") or h.need("spec2")).strip()
    if any(w in spec for w in ("NamedSplit(", "tfds.percent", "subsplit", "Split.")):
        return [catalogue.make(
            "tfds-split-spec-not-understood", variant="legacy", spec=spec,
            evidence=log_evidence([h]),
            fix=("# write the split as a slicing string: split='train[:10%]', "
                 "split=['train[:10%]', 'train[10%:25%]', 'train[25%:]'] for "
                 "tfds.Split.TRAIN.subsplit([10, 15, 75])",
                 "# or tfds.even_splits('train', n=3) for equal parts "
                 "(tensorflow.org/datasets/splits)"))]
    return [catalogue.make(
        "tfds-split-spec-not-understood", spec=spec, evidence=log_evidence([h]),
        fix=("# the slicing grammar: 'train', 'train[:75%]', 'train[25%:75%]', "
             "'train[:4000]', 'train+test', 'all' (tensorflow.org/datasets/splits)",
             "python -c \"import tensorflow_datasets as tfds; print(tfds.__version__)\"   "
             "# shard slices ('train[:4shard]') and 'all' need TFDS 4.5 or later"))]


def tfds_dataset_not_found(ctx: Facts) -> list[Finding]:
    """``tfds-dataset-not-found`` (pattern ``tfds.not_found``): neither builder code nor
    prepared files for the name."""
    found = ctx.h("tfds.not_found").all()
    looked = ctx.h("tfds.no_builder").all()
    named = [h for h in looked if h.g("name")]
    if not found and not named:
        return []
    h = found[-1] if found else named[-1]
    name = h.need("name")
    if ":" in name:
        return []  # a community namespace's dataset (huggingface:...): another lookup
    base = name.split("/")[0]
    bare = [b.need("bdir") for b in looked if b.g("bdir")]
    fix = [f"# prepared files of your own: give data_dir the folder that holds {base}/ "
           f"(tfds.load('{base}', data_dir='<that folder>')), not {base}/ or its version "
           f"folder; or tfds.builder_from_directory('<data_dir>/{base}/<version>')",
           f"python -c \"import tensorflow_datasets as tfds; print(tfds.__version__, "
           f"'{base}' in tfds.list_builders())\"   # a catalogue dataset: is the name "
           "spelled as the catalogue has it, and in this release (newer ones: pip install "
           "-U tensorflow-datasets, or tfds-nightly)",
           "# a dataset whose builder is your own code: import the module that defines its "
           "class before tfds.load"]
    if bare:
        fix.insert(0, f"# {bare[0]} holds no version folder: the prepared files must sit in "
                      f"<data_dir>/{base}/<version>/ (such as {base}/1.0.0/, with "
                      "dataset_info.json and the .tfrecord files)")
    return [catalogue.make(
        "tfds-dataset-not-found", name=name, evidence=log_evidence([h], looked[:2]),
        fix=tuple(fix))]


def tfds_manual_download(ctx: Facts) -> list[Finding]:
    """``input-path-not-found`` variant ``tfds-manual`` (pattern ``tfds.manual_dir``): a
    dataset whose source files TFDS cannot download itself (its MANUAL_DOWNLOAD_INSTRUCTIONS:
    a license to accept, a registration) found its manual folder missing or empty."""
    hits = ctx.h("tfds.manual_dir").all()
    if not hits:
        return []
    h = hits[-1]
    return [catalogue.make(
        "input-path-not-found", variant="tfds-manual", path=h.need("dir"),
        evidence=log_evidence([h]),
        fix=("# download the dataset's source files yourself, as its page in the TFDS catalogue "
             "says (the lines after this message repeat its instructions), into "
             + h.need("dir"),
             "# or keep them elsewhere and pass tfds.load(..., download_and_prepare_kwargs="
             "{'download_config': tfds.download.DownloadConfig(manual_dir='<that folder>')})"))]


__all__ = ["tfds_dataset_not_found", "tfds_manual_download", "tfds_split_not_understood"]
