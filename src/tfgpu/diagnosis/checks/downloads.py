"""A download a program makes itself (Keras's pretrained weights and datasets, TF-Hub models,
TensorFlow Datasets) failing TLS certificate verification. The host's certificates, not the
file or the GPU.

Sources:

* Python's ssl module reports OpenSSL's verification failure as "[SSL:
  CERTIFICATE_VERIFY_FAILED] certificate verify failed: <OpenSSL's reason>" (CPython
  Modules/_ssl.c; the reason since Python 3.7), which urllib wraps as "<urlopen error ...>"
  and Keras's get_file as "URL fetch failure on <url>: None -- <error>"
  (keras/src/utils/file_utils.py, keras/utils/data_utils.py in Keras 2).
* CPython's macOS installer (python.org) ReadMe, "Certificate verification and OpenSSL": that
  Python uses its own OpenSSL with no root certificates until "Install Certificates.command"
  (in /Applications/Python 3.x/) installs certifi's bundle; OpenSSL's reason "unable to get
  local issuer certificate" is a chain whose root is in no trusted store.
* OpenSSL's reason "self signed certificate in certificate chain": a certificate the
  network put in the chain, such as a TLS-inspecting proxy's, whose CA Python does not trust.
* certifi's ``python -m certifi`` prints its bundle's path; ``SSL_CERT_FILE`` points
  OpenSSL (and so Python's ssl module) at a bundle.

pip's own TLS failures reading the package index are checks/pip_index.py's.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: A URL's host on the failing line (the download's).
_HOST = re.compile(r"https?://([\w.-]{1,200})")


def download_certificate_failed(ctx: Facts) -> list[Finding]:
    """``download-certificate-verify-failed`` (pattern ``net.cert_verify_failed``), not under
    pip (pattern ``pip.index_unreachable``: pip-index-unreachable's). Variants by what the log
    shows: ``macos-python-org`` (a python.org framework Python's paths), ``intercepted`` (a
    self-signed certificate in the chain: a proxy), else the row, titled by OpenSSL's reason
    (its fix by it too: an expired certificate leads with the clock, a hostname mismatch with
    the network). The host is a URL's on the failing lines; pip's, conda's and Anaconda's own
    downloads are left to their findings."""
    if ctx.h("pip.index_unreachable").count:
        return []
    # (pip's own downloads and conda's are theirs: pip --cert / PIP_CERT, conda's ssl_verify)
    hits = [x for x in ctx.h("net.cert_verify_failed").all()
            if not re.search(r"\bpip\._vendor\b|\bConda\w*Error\b|\banaconda\.(?:com|org)\b",
                             x.text)]
    wget = [] if hits else ctx.h("net.wget_cert_failed").all()
    if not hits and not wget:
        return []
    if wget:
        # wget's own failure: its host on the ERROR line, its reason on the next
        why = ctx.h("ctx.wget_cert_reason").all()
        host: str | None = wget[0].need("host")
        reason = _WGET_REASON.get(why[0].need("reason") if why else "", "")
        ev = log_evidence(wget[:1], why[:1])
    else:
        hosts = [(x, _HOST.search(x.text[:4000])) for x in hits]
        h, m = next(((x, m) for x, m in hosts if m is not None), (hits[0], None))
        host = m.group(1) if m is not None else None
        reason = (h.g("reason") or next((x.g("reason") for x in hits if x.g("reason")), "")
                  or "").strip(" .")
        ev = log_evidence(hits, limit=4)  # every line of the chain (ssl, urllib, get_file)
    host_part = f" ({host})" if host else ""
    requests = any(re.search(r"requests\.exceptions|HTTPSConnectionPool", x.text) for x in hits)
    certifi = ('python -m pip install --upgrade certifi && export SSL_CERT_FILE="$(python -m '
               'certifi)"   # a current CA bundle for Python\'s ssl module (Windows: set '
               "SSL_CERT_FILE to the path python -m certifi prints)"
               + ("; requests reads REQUESTS_CA_BUNDLE instead" if requests else ""))
    library = _library(ctx)
    if ctx.h("ctx.python_org_macos").count and not wget:
        frame = ctx.h("ctx.python_org_macos").all()[0]
        version = frame.g("v")
        command = (f'open "/Applications/Python {version}/Install Certificates.command"   # '
                   "installs certifi's CA bundle for this Python" if version else
                   'open "/Applications/Python 3.X/Install Certificates.command"   # X: this '
                   "Python's minor; installs certifi's CA bundle for it")
        return [catalogue.make(
            "download-certificate-verify-failed", variant="macos-python-org", host_part=host_part,
            evidence=log_evidence(hits[:4], [frame]),
            fix=(command,
                 "# then run the program again (the download is retried)"))]
    elsewhere = ("# or download the file elsewhere and place it where the program looks"
                 + (" (Keras: ~/.keras/models, ~/.keras/datasets)" if library == _KERAS else ""))
    if re.search(r"self[- ]signed certificate in certificate chain", reason, re.I):
        return [catalogue.make(
            "download-certificate-verify-failed", variant="intercepted", host_part=host_part,
            evidence=ev,
            fix=("# a proxy or security product re-signs TLS on this network: get its CA "
                 "certificate (your IT department) and point Python at a bundle that holds it: "
                 "export SSL_CERT_FILE=/path/to/bundle-with-that-ca.pem",
                 elsewhere))]
    if re.search(r"expired", reason, re.I):
        # the chain the server sent holds a certificate past its end date: most often the
        # server's own (pytorch/vision#5681, charlesq34/pointnet#297: cleared on the server's
        # side / worked around with wget --no-check-certificate), else a clock set ahead or an
        # old CA store chaining through an expired root (Let's Encrypt's DST Root CA X3,
        # 2021-09-30: letsencrypt.org/docs/dst-root-ca-x3-expiration-september-2021)
        name = host or "HOST"
        return [catalogue.make(
            "download-certificate-verify-failed", variant="expired", host_part=host_part,
            evidence=ev,
            fix=(f"openssl s_client -connect {name}:443 -servername {name} </dev/null "
                 "2>/dev/null | openssl x509 -noout -dates   # notAfter in the past: the "
                 "server's own certificate expired, which only its owner can renew (a browser "
                 "shows the same)",
                 "date   # a clock set ahead makes valid certificates look expired: set the "
                 "time (NTP)",
                 "# the server's dates are fine: the local CA store is old (a chain through an "
                 "expired root): update the system's ca-certificates package, and for Python "
                 + certifi.split("   # ")[0],
                 "# meanwhile: the file from a mirror, or downloaded once without verification "
                 "where you trust the source (wget --no-check-certificate, curl -k), placed "
                 "where the program looks"))]
    if re.search(r"hostname mismatch|not valid for", reason, re.I):
        lead: tuple[str, ...] = (
            "# the certificate the server sent is for another name: a proxy, a captive "
            "portal or a hosts/DNS entry sends this host elsewhere; try another network",)
    else:
        # the macOS line only where the host may be a Mac: on Linux a system Python reads the
        # distribution's CA store (/etc/ssl/certs, package ca-certificates: Debian's and
        # Ubuntu's update-ca-certificates(8)); review 49 #20 (Ubuntu 16.04, Python 3.5)
        mac = ("# python.org's Python on macOS: run \"/Applications/Python 3.X/Install "
               "Certificates.command\" once")
        host_os = ctx.os or ("linux" if ctx.h("ctx.linux_path").count else None)
        first = (("sudo apt-get install --reinstall ca-certificates   # Debian/Ubuntu: the "
                  "system's CA store, which a system Python reads (RHEL/Fedora: sudo dnf "
                  "reinstall ca-certificates); an old release's store may lack current roots: "
                  "then a newer Python or OS",) if host_os == "linux" else
                 () if host_os == "windows" else (mac,))
        lead = (*first,
                certifi,
                "# behind a TLS-inspecting proxy: point SSL_CERT_FILE (requests: "
                "REQUESTS_CA_BUNDLE) at a bundle holding its CA")
    return [catalogue.make(
        "download-certificate-verify-failed", host_part=host_part,
        reason=reason or "certificate verify failed", download=library, evidence=ev,
        fix=(*lead, elsewhere))]


#: wget's reason lines as OpenSSL's reason strings (X509_verify_cert_error_string)
_WGET_REASON = {
    "Issued certificate has expired": "certificate has expired",
    "Issued certificate not yet valid": "certificate is not yet valid",
    "Unable to locally verify the issuer's authority": "unable to get local issuer certificate",
    "Self-signed certificate encountered": "self signed certificate in certificate chain",
}

_KERAS = "Keras's download of pretrained weights or a dataset (get_file)"


def _library(ctx: Facts) -> str:
    """What was downloading, as the log shows it (pattern ``ctx.download_library``), or the
    program's own download: never a library the log does not name."""
    for h in ctx.h("ctx.download_library").all():
        if h.g("keras"):
            return _KERAS
        if h.g("hub"):
            return "a TF-Hub model's download (tensorflow_hub)"
        if h.g("tfds"):
            return "a TensorFlow Datasets download (tensorflow_datasets)"
        if h.g("tv"):
            return "torchvision's dataset or weights download"
    return "the program's own download"


__all__ = ["download_certificate_failed"]
