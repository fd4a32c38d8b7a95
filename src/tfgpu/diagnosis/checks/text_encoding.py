"""A UTF-8 text file read with the locale's encoding: Python's UnicodeDecodeError from a
Windows code page (cp1252's 'charmap', gbk, cp949...).

Sources:

* Python's ``open()`` (docs.python.org/3/library/functions.html#open): in text mode without
  ``encoding=`` it decodes with the locale encoding (``locale.getencoding()``): cp1252 on a
  Western-European Windows, cp936 (gbk) on a Chinese one, cp949 on a Korean one. Those code
  pages are 'charmap' codecs in CPython (Lib/encodings/cp1252.py decodes with
  ``codecs.charmap_decode``), hence "'charmap' codec can't decode byte 0x90 in position
  6160: character maps to <undefined>" for UTF-8 bytes they do not map.
* PEP 540 (Python 3.7): UTF-8 mode, ``PYTHONUTF8=1`` or ``python -X utf8``, makes UTF-8 the
  default of ``open()``; PEP 686 makes UTF-8 mode the default from Python 3.15. ('ascii'
  is read only beside Python 3's ``encodings/ascii.py`` decode frame: Python 2 raises it on
  implicit str/unicode conversions far from any file.) PEP 538 (Python 3.7) coerces the C
  locale to UTF-8; before it a container without LANG read files as ASCII (pytorch/serve#821;
  tensorflow/tensorflow#21877 set ``LANG C.UTF-8`` in TensorFlow's Dockerfiles).
* Python's pickle documentation: protocol 2 and later start with the PROTO opcode (0x80),
  and pickles are binary ("rb"; ``encoding="latin1"`` for Python 2 pickles of NumPy arrays);
  PNG files start with 0x89, JPEG with 0xff (HRLTY/TP-GAN#7: a pickle opened with 'r').
* chao-ji/tf-word2vec#2 (merged): a corpus read with ``open(fn)`` on Windows failed with the
  'charmap' error; ``open(fn, encoding="utf-8")`` fixed it.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def text_read_with_locale_encoding(f: Facts) -> list[Finding]:
    """``text-file-read-with-locale-encoding``: Python's UnicodeDecodeError from a locale
    codec (pattern ``py.locale_decode``: a Windows code page), the bytes being
    UTF-8's lead or continuation bytes (0x80-0xff) that codec does not map: a text file (or
    a pipe) read without ``encoding=`` in a locale that is not UTF-8."""
    # 'ascii' only with Python 3's decode frame of encodings/ascii.py (a file read under a
    # C/POSIX locale); Python 2 raises it on implicit str/unicode conversions
    ascii_frame = bool(f.h("ctx.ascii_decode_frame").count)
    hits = [h for h in f.h("py.locale_decode").all()
            if (h.g("codec") or "").lower() != "ascii" or ascii_frame]
    if not hits:
        return []
    h = hits[-1]
    codec = h.g("codec") or "charmap"
    # a binary file's first byte: pickle's PROTO opcode 0x80 (protocol 2+), PNG's 0x89, JPEG's
    # 0xff; or a pickle read in the traceback
    if (h.g("pos") == "0" and (h.g("byte") or "") in ("80", "89", "ff")) or f.h(
            "ctx.pickle_read").count:
        return [catalogue.make(
            "text-file-read-with-locale-encoding", variant="binary-file",
            codec=h.g("codec") or "charmap", byte=f"0x{h.g('byte')}",
            evidence=log_evidence([h], f.h("ctx.pickle_read").all()[:1]),
            fix=('# open the file in binary mode: open(path, "rb") (pickle.load(open(path, '
                 '"rb"))); a pickle written by Python 2 may also need pickle.load(f, '
                 'encoding="latin1")',))]
    named = [e for e in f.h("ctx.explicit_encoding").all()
             if (e.g("enc") or "").lower().replace("-", "") == codec.lower()]
    if named:
        # the code named that codec itself (pd.read_csv(..., encoding="gbk")): not the locale's
        return [catalogue.make(
            "text-file-read-with-locale-encoding", variant="named-codec", codec=codec,
            evidence=log_evidence(named[:1], [h]),
            fix=(f'# the file is not in {codec}: most likely UTF-8: encoding="utf-8" where the '
                 f'code says encoding="{named[0].g("enc")}"',))]
    if codec.lower() == "ascii":
        return [catalogue.make(
            "text-file-read-with-locale-encoding", variant="posix-locale",
            evidence=log_evidence(f.h("ctx.ascii_decode_frame").all()[:1], [h]),
            fix=('# in the code that reads the file: open(path, encoding="utf-8")',
                 "export LANG=C.UTF-8   # or in a Dockerfile: ENV LANG=C.UTF-8 (Python 3.6 and "
                 "older read files as ASCII under the C locale; 3.7+ coerces it, PEP 538)"))]
    return [catalogue.make(
        "text-file-read-with-locale-encoding", codec=codec,
        evidence=log_evidence([h]),
        fix=('# in the code that reads the file (the traceback frame above the codec\'s): '
             'open(path, encoding="utf-8"); a binary file (a pickle, an image, an .h5) opens '
             'with "rb"',
             "set PYTHONUTF8=1   # or python -X utf8 script.py: Python 3.7+'s UTF-8 mode "
             "makes UTF-8 open()'s default (PEP 540); in PowerShell $env:PYTHONUTF8=1"),
    )]
