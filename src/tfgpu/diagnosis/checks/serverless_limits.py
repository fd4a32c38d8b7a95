"""AWS Lambda refusing a deployment package that TensorFlow makes too large.

Source: AWS Lambda's quotas ("Deployment package (.zip file archive) size: 250 MB (unzipped),
including layers and custom runtimes"; container images up to 10 GB), which the Lambda API
enforces with InvalidParameterValueException "Unzipped size must be smaller than 262144000
bytes" (262144000 = 250 MiB) or, for layers, "Layers consume more than the available size of
262144000 bytes". TensorFlow's own wheel unpacks to several hundred MB, so a .zip package with
TensorFlow in it is over the limit unless it is stripped to the bone
(Accenture/serverless-ephemeral#16, antonpaquin/Tensorflow-Lambda-Layer).
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def lambda_package_too_large(ctx: Facts) -> list[Finding]:
    """``aws-lambda-package-too-large``: the Lambda API's refusal of a deployment package
    over its unzipped limit (pattern ``tools.lambda_package_size``), with the limit in MiB."""
    hits = ctx.h("tools.lambda_package_size").all()
    if not hits:
        return []
    limit = int(hits[0].need("limit"))
    return [catalogue.make(
        "aws-lambda-package-too-large", limit=f"{limit / 1048576:.0f} MiB ({limit} bytes)",
        evidence=log_evidence(hits[:2]),
        fix=("# deploy the function as a container image (up to 10 GB) with TensorFlow "
             "installed in it, instead of a .zip package or layer",
             "# or only run a model: tflite-runtime (ai-edge-litert) with a .tflite model, a "
             "few MB instead of TensorFlow's several hundred",
             "# or strip the package: tensorflow-cpu instead of tensorflow, no tests, "
             "__pycache__ or other unused packages (its unzipped size is what counts, layers "
             "included)"))]
