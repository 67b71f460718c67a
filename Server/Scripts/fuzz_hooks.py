"""Schemathesis hooks for Together: every request is signed as a registered device.

Loaded by Scripts/fuzz-api (SCHEMATHESIS_HOOKS=fuzz_hooks). On load it registers a device with the
server at TOGETHER_URL; each request is then signed over what is actually sent (method, path with
query, SHA-256 of the body, time, a fresh nonce), after requests has built the body, through a
requests auth callable. Deleting the account is signed as a throwaway device registered for that
one request, so the main device lives through the run.
"""
import base64
import hashlib
import json
import os
import re
import secrets
import time
import urllib.parse

import requests
import schemathesis
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

BASE = os.environ.get("TOGETHER_URL", "http://127.0.0.1:8080")


def sign(key, method, path, body, account=None):
    now = str(int(time.time()))
    nonce = secrets.token_urlsafe(24)
    digest = hashlib.sha256(body or b"").hexdigest()
    canonical = "\n".join(["THRESHOLD-TOGETHER-V1", method.upper(), path, digest, now, nonce])
    headers = {
        "X-Threshold-Time": now,
        "X-Threshold-Nonce": nonce,
        "X-Threshold-Signature": base64.b64encode(key.sign(canonical.encode())).decode(),
    }
    if account:
        headers["X-Threshold-Account"] = account
    return headers


def register(name):
    key = Ed25519PrivateKey.generate()
    public = key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
    body = json.dumps({"publicKey": base64.b64encode(public).decode(), "displayName": name}).encode()
    headers = sign(key, "POST", "/v1/accounts", body)
    headers["Content-Type"] = "application/json"
    reply = requests.post(BASE + "/v1/accounts", data=body, headers=headers, timeout=10)
    reply.raise_for_status()
    return key, reply.json()["accountID"]


SIGNED = ["X-Threshold-Time", "X-Threshold-Nonce", "X-Threshold-Signature", "X-Threshold-Account"]
# What the document says each signed header looks like; a case whose value does not (a negative
# case) sends its own value, so the server's refusal is what is tested.
SHAPES = {
    "X-Threshold-Time": re.compile(r"^[0-9]+$"),
    "X-Threshold-Nonce": re.compile(r"^[A-Za-z0-9_-]{16,64}$"),
    "X-Threshold-Account": re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"),
}


class Signer(requests.auth.AuthBase):
    """Signs the prepared request: its body and URL are final by the time requests calls this.

    A header the case leaves out on purpose (schemathesis's missing-header cases) stays out, so
    those cases test the server's refusal rather than the hook's signature.
    """

    def __init__(self, key, account, leave_out=(), keep=None):
        self.key, self.account, self.leave_out, self.keep = key, account, set(leave_out), dict(keep or {})

    def __call__(self, request):
        url = urllib.parse.urlsplit(request.url)
        path = url.path + ("?" + url.query if url.query else "")
        body = request.body
        if isinstance(body, str):
            body = body.encode()
        for name in SIGNED:
            request.headers.pop(name, None)
        signed = sign(self.key, request.method, path, body, self.account)
        request.headers.update({name: value for name, value in signed.items() if name not in self.leave_out})
        request.headers.update(self.keep)
        return request


def declared_headers(operation):
    try:
        return {parameter.name for parameter in operation.headers}
    except Exception:
        return set(SIGNED)


DEVICE = register("Fuzz")


@schemathesis.hook
def before_call(context, case, kwargs):
    if case.operation.path == "/v1/health":
        return
    given = {name.lower(): value for name, value in (case.headers or {}).items()}
    declared = declared_headers(case.operation)
    leave_out = [name for name in SIGNED if name in declared and name.lower() not in given]
    keep = {}
    for name, shape in SHAPES.items():
        value = given.get(name.lower())
        if name in declared and value is not None and not (isinstance(value, str) and shape.match(value)):
            keep[name] = value
    if case.operation.method.upper() == "DELETE" and case.operation.path == "/v1/account":
        kwargs["auth"] = Signer(*register("Throwaway"), leave_out, keep)
    else:
        kwargs["auth"] = Signer(*DEVICE, leave_out, keep)
