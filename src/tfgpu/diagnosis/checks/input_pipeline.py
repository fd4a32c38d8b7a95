"""The data a tf.data input pipeline reads, not the GPU: elements of different shapes batched,
damaged TFRecord files, image files the decoders cannot read, records that do not match the
parse spec, and generators that yield other elements than declared. One section per fault.

Sources (the texts read in the TensorFlow 2.21 wheel: Python files, and the C++ format
strings with ``strings`` on libtensorflow_cc.so.2 / libtensorflow_framework.so.2; older
wordings in the TensorFlow source of their releases):

* ``batch()`` (tensorflow/core/kernels/data/batch_dataset_op.cc): "Cannot batch tensors with
  different shapes in component N. First element had shape [..] and element K had shape
  [..]."; ``map()`` then ``batch()``, fused by the default ``map_and_batch_fusion`` rewrite
  (tensorflow/python/data/ops/options.py) into map_and_batch_dataset_op.cc: "Cannot add
  tensor to the batch: number of elements does not match. Shapes are: [tensor]: [..],
  [batch]: [..]".
* The TFRecord reader (tensorflow/core/lib/io/record_reader.cc; xla/tsl/lib/io/ in 2.21):
  DataLoss "truncated record at N" when the file ends inside a record, "corrupted record at
  N" when a record's CRC32C does not match; 2.21 adds "(Is this even a TFRecord file?)" at
  offset 0.
* Image decoding (tensorflow/core/kernels/image/decode_image_op.cc, decode_image_op.cc
  before): "Expected image (JPEG, PNG, or GIF), got unknown format starting with '<the
  file's first 16 bytes>'" / "got empty file", "Invalid JPEG data or crop window, data size
  N" (older "Invalid JPEG data, size N"); the newer kernel's "Unknown image file format. One
  of JPEG, PNG, GIF, BMP required.", "jpeg::Uncompress failed. Invalid JPEG data or crop
  window.", "Trying to decode BMP format using a wrong op. Use `decode_bmp` or
  `decode_image` instead.", "Got N frames, but animated gifs can only be decoded by
  tf.io.decode_gif or tf.io.decode_image"; libjpeg's own warnings (libjpeg-turbo
  ``src/jerror.h``: "Corrupt JPEG data: %u extraneous bytes before marker 0x%02x",
  "Premature end of JPEG file", ...), printed while a damaged JPEG still decodes;
  tensorflow/core/lib/jpeg/jpeg_mem.cc's "Invalid crop window: x=..., y=..., w=..., h=... for
  image_width: ... and image_height: ..." before DecodeAndCropJpeg's error. The quoted first
  bytes also tell a Git LFS pointer ("version https://") and a file path decoded as bytes.
* tf.train.Example parsing (tensorflow/core/util/example_proto_fast_parsing.cc,
  example_proto_helper.cc): "Feature: K (data type: T) is required but could not be
  found.", "Key: K.  Can't parse serialized Example.", "Number of float values !=
  expected.  Values size: N but output shape: [S]", "Data types don't match. Data type:
  int64 but expected type: float".
* ``tf.io.decode_raw`` (tensorflow/core/kernels/decode_raw_op.cc; the 2.21 wheel's
  libtensorflow_cc.so.2 holds "Input to DecodeRaw has length " and ", the size of "): "Input to
  DecodeRaw has length N that is not a multiple of K, the size of T".
* ``Dataset.from_generator`` (tensorflow/python/data/ops/from_generator_op.py in 2.21,
  dataset_ops.py before): "`generator` yielded an element of shape (..) where an element of
  shape (..) was expected." and its type and structure siblings.
"""

from __future__ import annotations

import re

from tfgpu._words import plural
from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._common import tf_run_shown
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Evidence, Finding

#: TensorFlow's DataTypeString names (what Example parsing prints) -> the tf.<dtype> name.
_TF_DTYPE = {"float": "float32", "double": "float64", "half": "float16"}


def _tf_dtype(name: str) -> str:
    """``"float"`` -> ``"float32"``: the ``tf.`` attribute for a DataTypeString name."""
    return _TF_DTYPE.get(name, name)


#: What an image's last axis holds, by its size.
_CHANNEL_NAMES = {1: "grayscale", 2: "grayscale with alpha", 3: "RGB", 4: "RGBA"}


def _dims(shape: str) -> list[int | None]:
    """``"[220,195,3]"`` / ``"(?, 3)"`` / ``"(None, 3)"`` -> ``[220, 195, 3]`` / ``[None, 3]``;
    an axis that is not a number is None (unknown), a scalar's ``[]`` or ``()`` is ``[]``."""
    inner = shape.strip()[1:-1]
    out: list[int | None] = []
    for part in inner.split(","):
        part = part.strip()
        if part:
            out.append(int(part) if part.isdigit() else None)
    return out


# --- elements of different shapes batched ---------------------------------------------------


def _batch_reading(first: list[int | None], other: list[int | None]) -> str | None:
    """The variant of ``tf-data-batch-shapes-differ`` the two element shapes tell: ``channels``
    (images whose channel counts differ), ``rank`` (one element has an axis the other lacks),
    ``lengths`` (1-D elements of different lengths), None (the sizes differ)."""
    if len(first) != len(other):
        return "rank"
    if len(first) == 1:
        return "lengths"
    if (len(first) >= 3 and first[:-1] == other[:-1] and first[-1] != other[-1]
            and first[-1] in _CHANNEL_NAMES and other[-1] in _CHANNEL_NAMES):
        return "channels"
    return None


_RESIZE = ("# resize every image to one size in the map function, before batch(): "
           "image = tf.image.resize(image, [HEIGHT, WIDTH])")
_PAD = ("# or pad each batch to its largest element: dataset.padded_batch(batch_size) "
        "instead of dataset.batch(batch_size)")
_ONE = "# or batch_size=1 (each element alone needs no common shape)"


def batch_shapes_differ(ctx: Facts) -> list[Finding]:
    """``tf-data-batch-shapes-differ``: ``batch()`` (or ``map()`` + ``batch()`` fused) got
    elements of different shapes (pattern ``data.batch_shapes``); variants ``channels`` (the
    last axis of two images is 1, 2, 3 or 4 and the rest equal: grayscale and colour images
    mixed), ``rank``, ``lengths`` (1-D elements, sequences of different lengths), else the
    row (sizes differ: images of different sizes)."""
    hits = ctx.h("data.batch_shapes")
    if not hits.count:
        return []
    h = hits.first[0]
    a = h.g("first") or h.need("batch")
    b = h.g("other") or h.need("tensor")
    first, other = _dims(a), _dims(b)
    variant = _batch_reading(first, other)
    ev = log_evidence(hits)
    comp = h.g("comp")
    if comp and comp != "0":
        # not the elements' first component (the image): labels, boxes, masks
        return [catalogue.make(
            "tf-data-batch-shapes-differ", variant="other-component", comp=comp, a=a, b=b,
            evidence=ev,
            fix=("dataset.padded_batch(batch_size)   # pads each component to its largest in "
                 "the batch (boxes, labels of varying counts)",
                 f"# or give component {comp} one shape in the map function before batch(); "
                 "print an element's structure: print(dataset.element_spec)"))]
    if variant == "channels":
        ca, cb = first[-1], other[-1]
        kinds = (f"{_CHANNEL_NAMES.get(ca or 0, str(ca))} ({ca}) and "
                 f"{_CHANNEL_NAMES.get(cb or 0, str(cb))} ({cb})")
        return [catalogue.make(
            "tf-data-batch-shapes-differ", variant="channels", a=a, b=b, kinds=kinds,
            evidence=ev,
            fix=("tf.io.decode_image(contents, channels=3, expand_animations=False)   # "
                 "decode every image to 3 channels (grayscale and RGBA files too); "
                 "decode_jpeg and decode_png take channels=3 as well",
                 "# or convert the odd files to RGB once, before training, or drop them"))]
    if variant == "lengths":
        return [catalogue.make(
            "tf-data-batch-shapes-differ", variant="lengths", a=a, b=b, evidence=ev,
            fix=("dataset.padded_batch(batch_size)   # pads each batch to its longest element",
                 "# or cut / pad every sequence to one length before batch(), or "
                 "ragged_batch for a tf.RaggedTensor"))]
    if variant == "rank":
        return [catalogue.make(
            "tf-data-batch-shapes-differ", variant="rank", a=a, b=b, evidence=ev,
            fix=("# give every element the same axes before batch(): a grayscale image "
                 "decoded without its channel axis: tf.io.decode_image(contents, channels=3, "
                 "expand_animations=False), or image[..., tf.newaxis]",
                 "# print a few elements' shapes: for x in dataset.take(5): "
                 "print(tf.nest.map_structure(lambda t: t.shape, x))"))]
    return [catalogue.make("tf-data-batch-shapes-differ", a=a, b=b, evidence=ev,
                           fix=(_RESIZE, _PAD, _ONE))]


# --- a damaged TFRecord file ---------------------------------------------------------------

_FIND_DAMAGED = (
    "# find the damaged files: read each file alone, sum(1 for _ in tf.data.TFRecordDataset(f)) "
    "for f in the dataset's files; the ones that raise DataLossError are damaged")


def tfrecord_damaged(ctx: Facts) -> list[Finding]:
    """``tfrecord-file-damaged`` from the TFRecord reader's DataLoss (pattern
    ``data.tfrecord_damaged``): variants ``truncated`` (the file ends inside a record),
    ``not-a-record-file`` (a corrupted record at offset 0: the file is no TFRecord, or is
    compressed), else the row (a record's checksum does not match)."""
    every = ctx.h("data.tfrecord_damaged").all()
    # the record message with TensorFlow's DataLoss status on its line, or alone at a line's
    # start in a log that shows a DataLossError or a TensorFlow run (TF 2.11+'s "DataLossError:
    # Graph execution error:" then the message); a database's or another reader's words alike
    # are not TensorFlow's
    shown = tf_run_shown(ctx) or any(x.g("dl") or x.g("status") for x in every)
    records = [x for x in every if x.g("kind") and (x.g("status") or shown)]
    if not records:
        return []
    hits = records
    h = hits[0]
    offset = h.need("offset")
    if h.g("kind") == "truncated":
        variant: str | None = "truncated"
    elif offset == "0" or h.g("notfile"):
        variant = "not-a-record-file"
    else:
        variant = None
    fix = [_FIND_DAMAGED,
           "# download or write those files again (a copy or download cut short, a writer "
           "stopped before it closed the file)"]
    if variant == "not-a-record-file":
        fix.insert(1, "tf.data.TFRecordDataset(files, compression_type='GZIP')   # files "
                      "written compressed (.gz, TFRecordOptions): read them with their "
                      "compression type")
    fix.append("# or skip what cannot be read: dataset = dataset.ignore_errors() (TF 2.13 and "
               "later; before: dataset.apply(tf.data.experimental.ignore_errors()))")
    return [catalogue.make("tfrecord-file-damaged", variant=variant, offset=offset,
                           evidence=log_evidence(hits[:2]), fix=tuple(fix))]


# --- an image file the decoders cannot read ------------------------------------------------


#: The first bytes of a file, as the old decoder prints them (C-escaped), -> what it is.
_MAGIC = (
    (re.compile(r"^BM"), "a BMP image (decode_jpeg, decode_png and decode_gif do not read BMP)"),
    (re.compile(r"^RIFF.{0,20}WEBP"), "a WebP image"),
    (re.compile(r"^(?:II\*|MM\\0{0,3}\*)"), "a TIFF image"),
    (re.compile(r"^\s*<"), "an HTML or XML page (a download that saved a web page under the "
                           "image's name)"),
    (re.compile(r"^%PDF"), "a PDF document"),
    (re.compile(r"ftyp(?:heic|heix|mif1|msf1|avif)"), "a HEIC/AVIF image"),
)

_NOT_IMAGE_FILES = (
    "python -c \"import pathlib, sys; [print(p) for p in pathlib.Path(sys.argv[1]).rglob('*') "
    "if p.is_file() and not open(p, 'rb').read(4).startswith((b'\\xff\\xd8', b'\\x89PNG', "
    "b'GIF8', b'BM'))]\" DATA_DIR   # the files that are not JPEG, PNG, GIF or BMP")


def _file_kind(magic: str) -> str:
    """What the old decoder's quoted first bytes of a file say it is."""
    for pat, kind in _MAGIC:
        if pat.search(magic):
            return kind
    return "no JPEG, PNG or GIF"


#: libjpeg's JERR_NO_SOI prints a file's first two bytes: (first, second or None) -> format.
_SOI_KINDS = (
    ((0x89, 0x50), "A PNG file"),
    ((0x42, 0x4D), "A BMP file"),
    ((0x47, 0x49), "A GIF file"),
    ((0x52, 0x49), "A RIFF file (a WebP image)"),
    ((0x49, 0x49), "A TIFF file"),
    ((0x4D, 0x4D), "A TIFF file"),
    ((0x25, 0x50), "A PDF document"),
    ((0x3C, None), "An HTML or XML page (a download that saved a web page)"),
)

#: Formats tf.io.decode_image reads (TF 2.21 image_ops_impl.py decode_image: BMP, GIF,
#: JPEG, PNG, and WebP and JPEG XL in recent releases).
_DECODE_IMAGE_READS = ("A PNG file", "A BMP file", "A GIF file")


def _libjpeg_not_jpeg(ctx: Facts) -> Finding | None:
    """``image-file-not-decodable`` variant ``libjpeg-not-jpeg`` (pattern
    ``data.jpeg_no_soi``): libjpeg refused data without JPEG's start marker and printed its
    first two bytes, which name the file's real format; ``None`` without that line."""
    hits = ctx.h("data.jpeg_no_soi").all()
    if not hits:
        return None
    h = hits[0]
    b1, b2 = int(h.need("b1"), 16), int(h.need("b2"), 16)
    kind = next((k for (x, y), k in _SOI_KINDS if x == b1 and y in (None, b2)),
                "A file that is no JPEG")
    if kind in _DECODE_IMAGE_READS:
        fix: tuple[str, ...] = (
            "image = tf.io.decode_image(contents, channels=3, expand_animations=False)   # "
            "tells JPEG, PNG, GIF and BMP apart by their bytes (PyTorch: "
            "torchvision.io.decode_image)",
            "# or convert those files to real JPEGs (PIL: Image.open(p).convert('RGB')"
            ".save(p, 'JPEG'))")
    else:
        fix = (_NOT_IMAGE_FILES,
               "# convert those files to JPEG or PNG, or remove them from the dataset")
    return catalogue.make(
        "image-file-not-decodable", variant="libjpeg-not-jpeg", kind=kind,
        bytes=f"{h.need('b1')} {h.need('b2')}", evidence=log_evidence(hits, limit=2), fix=fix)


#: Text forms of an image's bytes that the old decoder's quoted first bytes (C-escaped) can
#: start with -> (what they are, fix lines).  Base64 of the formats' signatures (JPEG FF D8
#: FF -> '/9j/', URL-safe '_9j_'; PNG's 89 'PNG' 0D 0A 1A 0A -> 'iVBORw0KGgo'; 'GIF8' ->
#: 'R0lGOD'; 'RIFF' -> 'UklGR'), a data URL, str() of a Python bytes object (its repr:
#: b'\xff\xd8...', printed C-escaped as b\'\\xff..., the escapes undone in some pastes),
#: the text of a list or array of
#: numbers.  tf.io.decode_base64 reads only the URL-safe alphabet ("Web-safe means that input
#: must use - and _ instead of + and /": tensorflow.org/versions/r2.13/api_docs/python/tf/io/
#: decode_base64).
_B64_FIX = ("# decode the base64 text first: base64.b64decode(s) in Python (better: store the "
            "file's bytes, open(path, 'rb').read(), and write the records again); in the graph "
            "tf.io.decode_base64 reads only the URL-safe alphabet: "
            "tf.io.decode_base64(tf.strings.regex_replace(tf.strings.regex_replace(s, "
            "'[+]', '-'), '/', '_'))")
_TEXT_FORMS = (
    (re.compile(r"^data:image/"), "a data URL (data:image/...;base64,...)",
     ("# strip the 'data:image/...;base64,' prefix and decode the base64 text: "
      "base64.b64decode(s.split(',', 1)[1])", _B64_FIX)),
    (re.compile(r"^(?:/9j/|_9j_)"), "base64 text of a JPEG image", (_B64_FIX,)),
    (re.compile(r"^iVBORw0KGgo"), "base64 text of a PNG image", (_B64_FIX,)),
    (re.compile(r"^R0lGOD"), "base64 text of a GIF image", (_B64_FIX,)),
    (re.compile(r"^UklGR"), "base64 text of a RIFF (WebP) image", (_B64_FIX,)),
    (re.compile(r"^b\\{0,2}['\"](?:\\{1,2}x[0-9a-fA-F]{2}|GIF8|BM|RIFF)"),
     "the text of a Python bytes object (str(bytes))",
     ("# the records hold str(image_bytes), the text \"b'\\xff\\xd8...'\": store the bytes "
      "themselves (tf.train.BytesList(value=[image_bytes]), not str(), f'{...}' or "
      "'...'.format() of them) and write the records again",)),
    (re.compile(r"^\[\s{0,3}\d{1,3}[,\s]{1,3}\d{1,3}"),
     "the text of a list or array of numbers",
     ("# the records hold the printed numbers of an array or list, not the encoded file: "
      "store open(path, 'rb').read() (or the array's .tobytes() read back with "
      "tf.io.decode_raw) and write the records again",)),
)


def _encoded_text(magic: str, ev: tuple[Evidence, ...]) -> Finding | None:
    """``image-file-not-decodable`` variant ``encoded-text`` when the quoted first bytes
    ``magic`` are a text form of an image's bytes (:data:`_TEXT_FORMS`), else ``None``."""
    for pat, what, fix in _TEXT_FORMS:
        if pat.search(magic):
            return catalogue.make("image-file-not-decodable", variant="encoded-text",
                                  what=what, start=magic, evidence=ev, fix=fix)
    return None


def image_not_decodable(ctx: Facts) -> list[Finding]:
    """``image-file-not-decodable`` from TensorFlow's image decoders (pattern
    ``data.image_decode``): variants ``unknown-format`` (the old decoder's first bytes read
    by :data:`_MAGIC`; the new one's "Unknown image file format"), ``bmp-wrong-op``,
    ``empty-file``, ``animated-gif``, ``corrupt-jpeg-warning`` (no decoding error, only
    libjpeg's warnings that a JPEG is damaged: pattern ``data.jpeg_warning``),
    ``libjpeg-not-jpeg`` (libjpeg's "Not a JPEG file": :func:`_libjpeg_not_jpeg`), else the
    row (a JPEG or PNG file whose data is damaged or cut short)."""
    not_jpeg = _libjpeg_not_jpeg(ctx)
    if not_jpeg is not None:
        return [not_jpeg]
    hits = ctx.h("data.image_decode")
    if not hits.count or all(h.g("cropop") for h in hits.all()):
        warned = ctx.h("data.jpeg_warning")
        if not warned.count or not tf_run_shown(ctx):
            return []
        return [catalogue.make(
            "image-file-not-decodable", variant="corrupt-jpeg-warning",
            count=plural(warned.count, "time"), evidence=log_evidence(warned, limit=2),
            fix=("# find the damaged JPEGs: decode each file alone and watch for the warning "
                 "(or open it with PIL and call .verify()); re-encode them (PIL: "
                 "Image.open(p).convert('RGB').save(p, 'JPEG')) or remove them",))]
    every = hits.all()
    crops = [x for x in every if x.g("crop")]
    cropping = any(x.g("cropop") or "DecodeAndCropJpeg" in x.text for x in every)
    if crops or (cropping and any(x.g("jpeg") for x in every)):
        # jpeg_mem.cc logs a crop window outside the image before DecodeAndCropJpeg's "Invalid
        # JPEG data or crop window": the crop, or (no window line) the crop or the file
        return [catalogue.make(
            "image-file-not-decodable", variant="crop-window" if crops else "crop-or-data",
            evidence=log_evidence(crops or every, limit=2),
            fix=("# keep the crop window inside the image: tf.image.extract_jpeg_shape(contents) "
                 "gives its height and width; clip the offset and size to them",
                 "# (no crop window line: the file may be damaged too: decode it without the "
                 "crop)"))]
    every = [x for x in every if not x.g("cropop")]
    h = every[0]
    ev = log_evidence(every)
    if h.g("empty"):
        return [catalogue.make(
            "image-file-not-decodable", variant="empty-file", evidence=ev,
            fix=("find DATA_DIR -type f -size 0   # the empty files: delete them or "
                 "download them again",))]
    # the 16 bytes the old decoder quotes, without the closing quote and what follows it
    magic = re.sub(r"'(?:\s[^']*)?$", "", h.g("magic") or "")
    if magic.startswith("version http"):  # Git LFS's pointer file: "version https://git-lfs..."
        return [catalogue.make(
            "image-file-not-decodable", variant="git-lfs-pointer", evidence=ev,
            fix=("git lfs install && git lfs pull   # fetch the images the pointers stand for",))]
    encoded = _encoded_text(magic, ev)
    if encoded is not None:
        return [encoded]
    if re.match(r"^(?:[A-Za-z]:[\\/]|\.{0,2}/|[\w.-]{1,40}/)[\w./\\ -]*$", magic):
        # printable path characters only: the decoder was given a file name, not its bytes
        return [catalogue.make(
            "image-file-not-decodable", variant="path-not-contents", start=magic,
            evidence=ev,
            fix=("image = tf.io.decode_image(tf.io.read_file(path), channels=3, "
                 "expand_animations=False)   # read the file, then decode its bytes",))]
    if h.g("magic") is not None or h.g("unknown"):
        kind = _file_kind(h.g("magic") or "") if h.g("magic") is not None else (
            f"none of {h.g('formats') or 'the formats it reads'}")
        fix = [_NOT_IMAGE_FILES,
               "# convert those files to JPEG or PNG, or remove them from the dataset"]
        if kind.startswith("a BMP"):
            fix.insert(0, "tf.io.decode_image(contents, channels=3, expand_animations=False)"
                          "   # reads BMP, JPEG, PNG and GIF alike (decode_jpeg reads no BMP)")
        return [catalogue.make("image-file-not-decodable", variant="unknown-format",
                               kind=kind, evidence=ev, fix=tuple(fix))]
    if h.g("bmp"):
        return [catalogue.make(
            "image-file-not-decodable", variant="bmp-wrong-op",
            op=h.g("op") or "a decoder for JPEG, PNG or GIF",
            evidence=ev,
            fix=("tf.io.decode_image(contents, channels=3, expand_animations=False)   # "
                 "reads BMP, JPEG, PNG and GIF alike",
                 "# or convert the BMP files to JPEG or PNG"))]
    if h.g("frames"):
        return [catalogue.make(
            "image-file-not-decodable", variant="animated-gif", frames=h.need("frames"),
            evidence=ev,
            fix=("tf.io.decode_image(contents, channels=3, expand_animations=False)   # the "
                 "first frame of an animated GIF, one image like the others",))]
    if h.g("bmpsize"):
        return [catalogue.make(
            "image-file-not-decodable", variant="bmp-size", evidence=ev,
            fix=("# find them: tf.io.decode_bmp(tf.io.read_file(p)) on each BMP file (first "
                 "bytes 'BM', whatever its name) in a try block; the ones that raise are "
                 "damaged",
                 "# convert the BMP files to PNG or JPEG (PIL: Image.open(p).save(p[:-4] + "
                 "'.png')) and write the records again, or remove the damaged ones"))]
    what = "PNG" if h.g("png") else "JPEG"
    return [catalogue.make(
        "image-file-not-decodable", what=what, evidence=ev,
        fix=("# find the files TensorFlow cannot decode: tf.io.decode_image(tf.io.read_file(path)) "
             "on each image file of the dataset, in a try block; the ones that raise are damaged",
             "# delete those files or save them again from a good copy (a download or copy "
             "cut short leaves them damaged)"))]


# --- records that do not match the parse spec ----------------------------------------------

_ONE_RECORD = (
    "python -c \"import tensorflow as tf; r = next(iter(tf.data.TFRecordDataset('FILE.tfrecord'"
    "))); print(tf.train.Example.FromString(r.numpy()).features)\"   # the features one record "
    "holds, their names and list kinds")


def example_spec_mismatch(ctx: Facts) -> list[Finding]:
    """``tfrecord-example-spec-mismatch`` from tf.train.Example parsing (pattern
    ``data.example_parse``): variants ``missing-feature`` (a required feature absent from
    the record), ``value-count`` (a FixedLenFeature's shape against the values stored),
    ``dtype`` (the spec's dtype against the stored list), else the row (the stored value
    cannot be parsed as the spec asks)."""
    hits = ctx.h("data.example_parse")
    if not hits.count:
        return []
    h = hits.first[0]
    ev = log_evidence(hits)
    if h.g("feature"):
        feature, dtype = h.need("feature"), h.need("dtype")
        return [catalogue.make(
            "tfrecord-example-spec-mismatch", variant="missing-feature", key=feature,
            dtype=dtype, evidence=ev,
            fix=(_ONE_RECORD,
                 "# write the records again with the script (and version) the reading code "
                 "expects, so that they hold the feature",
                 f"# or, if records may lack it: tf.io.FixedLenFeature([], tf.{_tf_dtype(dtype)}, "
                 "default_value=...), or correct the key's spelling in the parse spec"))]
    key = h.need("key")
    if h.g("got"):
        return [catalogue.make(
            "tfrecord-example-spec-mismatch", variant="value-count", key=key,
            got=h.need("got"), shape=h.need("shape"), vtype=h.need("vtype"),
            evidence=ev,
            fix=(_ONE_RECORD,
                 "# give the FixedLenFeature the shape the records hold, or read values of "
                 "varying count with tf.io.VarLenFeature (or tf.io.RaggedFeature)"))]
    stored, want = h.g("stored") or h.g("stored2"), h.g("want") or h.g("want2")
    if stored and want:
        return [catalogue.make(
            "tfrecord-example-spec-mismatch", variant="dtype", key=key, stored=stored,
            want=want, evidence=ev,
            fix=(f"# parse '{key}' as tf.{_tf_dtype(stored)}, the list the records hold, "
                 f"then cast: tf.cast(parsed['{key}'], tf.{_tf_dtype(want)})",
                 _ONE_RECORD))]
    return [catalogue.make(
        "tfrecord-example-spec-mismatch", key=key, evidence=ev,
        fix=(_ONE_RECORD,
             f"# make the parse spec of '{key}' the list kind the records store (bytes_list: "
             "tf.string, float_list: tf.float32, int64_list: tf.int64) and its shape the "
             "count they hold; or write the records again with the script the reader expects"))]


# --- raw bytes that are not a whole number of the values decode_raw reads ------------------

def decode_raw_length(ctx: Facts) -> list[Finding]:
    """``decode-raw-length-mismatch`` from DecodeRaw's length check (pattern
    ``data.decode_raw``; tensorflow/core/kernels/decode_raw_op.cc, "Input to DecodeRaw has
    length N that is not a multiple of K, the size of T"): the bytes are not raw values of
    the out_type asked for. An odd length cannot be raw values of any multi-byte type at all:
    encoded data (a JPEG or PNG file's bytes, text, a serialized proto) was stored where raw
    numbers were expected."""
    hits = ctx.h("data.decode_raw").all()
    if not hits:
        return []
    h = hits[0]
    length, size, dtype = int(h.need("length")), h.need("size"), h.need("dtype")
    odd = length % 2 == 1
    return [catalogue.make(
        "decode-raw-length-mismatch", variant="odd" if odd else None, length=str(length),
        size=size, dtype=dtype, evidence=log_evidence([h]),
        fix=(_ONE_RECORD,
             f"# the writer must store arr.astype(np.{_tf_dtype(dtype)}).tobytes() and the "
             f"reader read it with tf.io.decode_raw(x, tf.{_tf_dtype(dtype)}): the same dtype "
             "on both sides",
             "# encoded images (JPEG/PNG bytes) are read with tf.io.decode_image, not "
             "decode_raw; or write the records again with the script the reader expects"))]


# --- a generator that yields other elements than declared ----------------------------------


def generator_element(ctx: Facts) -> list[Finding]:
    """``tf-data-generator-element-mismatch`` from ``Dataset.from_generator``'s element checks
    (pattern ``data.generator_element``): variants ``batch-axis-lost`` (the yielded shape is
    the declared one without its first axis: a batch of one element squeezed), ``type``,
    ``structure``, else the row (fixed axes of the declared shape differ from the yielded)."""
    hits = ctx.h("data.generator_element")
    if not hits.count:
        return []
    h = hits.first[0]
    ev = log_evidence(hits)
    if h.g("got") or h.g("spec"):
        got, want = ((h.need("got"), h.need("want")) if h.g("got")
                     else (h.need("spec"), h.need("sig")))
        g, w = _dims(got), _dims(want)
        lost = bool(h.g("got")) and len(g) + 1 == len(w) and all(
            b is None or a == b for a, b in zip(g, w[1:], strict=True))
        if not h.g("got"):
            return [catalogue.make(
                "tf-data-generator-element-mismatch", variant="signature", got=got,
                want=want, evidence=ev,
                fix=("# declare None for every axis that varies in output_signature, or make "
                     "the generator yield exactly the declared TensorSpec",))]
        if lost:
            return [catalogue.make(
                "tf-data-generator-element-mismatch", variant="batch-axis-lost", got=got,
                want=want, evidence=ev,
                fix=("# keep the batch axis when a batch holds one element: yield "
                     "x[i:i + 1] (not x[i]), or np.expand_dims(x, 0) after any np.squeeze",
                     "# or yield single elements, declare their shape without the batch "
                     "axis, and batch in tf.data: dataset.batch(batch_size)"))]
        return [catalogue.make(
            "tf-data-generator-element-mismatch", got=got, want=want, evidence=ev,
            fix=("# declare None for every axis that varies (a last, smaller batch; "
                 "sequences of other lengths): output_signature=tf.TensorSpec(shape=(None, "
                 "...), dtype=...)",
                 "# or make the generator yield exactly the declared shape"))]
    if h.g("gtype"):
        return [catalogue.make(
            "tf-data-generator-element-mismatch", variant="type", got=h.need("gtype"),
            want=h.need("wtype"), evidence=ev,
            fix=(f"# yield arrays of the declared dtype (x.astype(np.{h.g('wtype')})), or "
                 f"declare the dtype the generator yields ({h.g('gtype')})",))]
    return [catalogue.make(
        "tf-data-generator-element-mismatch", variant="structure", evidence=ev,
        fix=("# yield the structure output_signature (output_types) declares: the same "
             "nesting (x alone, (x, y), (x, y, sample_weight) or a dict with the same keys) "
             "and values convertible to its dtypes",
             "# print one element: print(next(iter(generator())))"))]


__all__ = [
    "batch_shapes_differ",
    "example_spec_mismatch",
    "generator_element",
    "image_not_decodable",
    "tfrecord_damaged",
]
