"""A client for Herald's signed open API (docs/open-api.md), standard library only (Python 3.8+).

    client = herald.Client("https://herald.example.com", app_key, secret)
    job = client.print_text("HP58A0001", "Table 7: 25.30", order_id="ORD-1")
    final = client.wait_for_final(job_id=job["jobId"])

Every call is a signed JSON POST; the answer's envelope {code, message, data} is unwrapped: the data
on 20000, a HeraldError otherwise. Retries happen when no answer arrived (network error or
timeout), only where repeating the request cannot do anything twice: record and device always;
print, speak and trade only with an orderId (Herald answers a repeat of the same request under the
same order id with the job it already stored). A server shutting down (50003) refuses before doing
anything: every call is repeated after its Retry-After (at most 30 s). Every attempt is signed afresh.
"""

import base64
import hashlib
import hmac
import http.client
import json
import os
import time
import urllib.error
import urllib.request
from datetime import datetime

__all__ = [
    "Client",
    "HeraldError",
    "HeraldNetworkError",
    "HeraldTimeoutError",
    "sign",
    "sign_headers",
    "new_nonce",
    "verify_webhook",
    "receipt",
]

SUCCESS = 20000
# a server shutting down (HTTP 503 with Retry-After): nothing was done, any call may be repeated
SERVICE_UNAVAILABLE = 50003
# a refusal asking for a longer wait than this is raised to the caller instead of waited out
RETRY_AFTER_MAX_SECONDS = 30.0
FINAL_STATUSES = (3, 4, 5)  # success, failed, timeout
# Herald's sweep ends an expired job within about a second; allow for clocks and a busy server.
EXPIRY_GRACE_SECONDS = 15.0
# A webhook is signed when it is sent (every retry afresh): an older one is a replay.
WEBHOOK_TOLERANCE_SECONDS = 300


class HeraldError(Exception):
    """Herald answered with a business code other than 20000 (docs/open-api.md, section 6)."""

    def __init__(self, code, msg, http_status, data=None):
        super().__init__("%s %s" % (code, msg))
        self.code = code
        self.msg = msg
        self.http_status = http_status
        # validation failures: {"errors": [{"field": ..., "message": ...}]}
        self.data = data


class HeraldNetworkError(Exception):
    """No answer (refused, reset, timeout): a print without an order id may or may not exist."""

    def __init__(self, message, attempts):
        super().__init__(message)
        self.attempts = attempts


class HeraldTimeoutError(Exception):
    """wait_for_final gave up while the job was still under way; `job` is the last record seen."""

    def __init__(self, job, waited_seconds):
        super().__init__("job %s still in status %s after %.1f s" % (job["jobId"], job["status"], waited_seconds))
        self.job = job
        self.waited_seconds = waited_seconds


def new_nonce():
    """22 characters of [A-Za-z0-9_-] (128 random bits)."""
    return base64.urlsafe_b64encode(os.urandom(16)).decode("ascii").rstrip("=")


def sign(app_key, secret, timestamp, nonce, method, path, body):
    """hex HMAC-SHA256(secret, the six lines of docs/open-api.md section 1); body is the bytes sent."""
    if isinstance(body, str):
        body = body.encode("utf-8")
    to_sign = "\n".join(
        [app_key, str(timestamp), nonce, method.upper(), path, hashlib.sha256(body).hexdigest()]
    )
    return hmac.new(secret.encode("utf-8"), to_sign.encode("utf-8"), hashlib.sha256).hexdigest()


def sign_headers(app_key, secret, method, path, body, timestamp=None, nonce=None):
    """The four x-herald-* headers of one request (a fresh timestamp and nonce unless given)."""
    timestamp = int(time.time() * 1000) if timestamp is None else timestamp
    nonce = new_nonce() if nonce is None else nonce
    return {
        "x-herald-appkey": app_key,
        "x-herald-timestamp": str(timestamp),
        "x-herald-nonce": nonce,
        "x-herald-signature": sign(app_key, secret, timestamp, nonce, method, path, body),
    }


def verify_webhook(headers, raw_body, secret, tolerance_seconds=WEBHOOK_TOLERANCE_SECONDS, now=None):
    """True when a push carries Herald's signature: hex HMAC-SHA256(secret, "<timestamp>\\n<raw body>").

    headers: a mapping of the request's headers (any case); raw_body: the bytes received, before any
    JSON parsing. A timestamp further than tolerance_seconds from now is refused (0 or None: not checked).
    During the overlap of a key rotation Herald also signs with the old secret
    (x-herald-signature-previous): a receiver that still holds the old secret keeps verifying.
    """
    lower = {str(k).lower(): v for k, v in dict(headers).items()}
    timestamp = lower.get("x-herald-timestamp") or ""
    signatures = [(lower.get(h) or "").lower() for h in ("x-herald-signature", "x-herald-signature-previous")]
    signatures = [s for s in signatures if s]
    if not timestamp.isdigit() or not signatures:
        return False
    if tolerance_seconds:
        now_ms = int((time.time() if now is None else now) * 1000)
        if abs(now_ms - int(timestamp)) > tolerance_seconds * 1000:
            return False
    if isinstance(raw_body, str):
        raw_body = raw_body.encode("utf-8")
    expected = hmac.new(secret.encode("utf-8"), timestamp.encode("ascii") + b"\n" + raw_body, hashlib.sha256)
    # both compared, whichever matches: the time taken does not tell which one did
    matches = [hmac.compare_digest(expected.hexdigest().encode("ascii"), s.encode("utf-8")) for s in signatures]
    return any(matches)


def receipt(text, title="HERALD"):
    """A small receipt in receiptline markup, the text escaped so it prints as written."""
    esc = lambda s: "".join("\\" + c if c in '\\|{}~_"`^' else c for c in s)  # noqa: E731
    return "\n".join(["^^^" + esc(title), "", esc(text), "---", '"Thank you!', ""])


class Client:
    def __init__(self, base_url, app_key, secret, timeout=10.0, retries=2, retry_delay=0.2, lang="en_US"):
        """base_url: Herald's address (may end in a reverse proxy's path prefix); timeout: seconds per attempt."""
        if not app_key or not secret:
            raise ValueError("Client needs app_key and secret")
        self.base_url = base_url.rstrip("/")
        self.app_key = app_key
        self.secret = secret
        self.timeout = timeout
        self.retries = retries
        self.retry_delay = retry_delay
        self.lang = lang

    def print(self, body):
        """POST /open/v1/print: body holds sn and one of templateId, businessId, content."""
        return self._call("/open/v1/print", body, "orderId" in body)

    def print_text(self, sn, text, order_id=None, **fields):
        body = dict(fields, sn=sn, content=receipt(text))
        if order_id is not None:
            body["orderId"] = order_id
        return self.print(body)

    def speak(self, body):
        """POST /open/v1/speak: body holds sn and one of text, clips, businessId."""
        return self._call("/open/v1/speak", body, "orderId" in body)

    def speak_text(self, sn, text, order_id=None, **fields):
        body = dict(fields, sn=sn, text=text)
        if order_id is not None:
            body["orderId"] = order_id
        return self.speak(body)

    def trade(self, body):
        """POST /open/v1/trade: a payment announcement (sn, amount, currency, paymentType, orderId)."""
        return self._call("/open/v1/trade", body, True)

    def record(self, job_id=None, order_id=None):
        """A job's record by job id or by order id (exactly one)."""
        body = {"jobId": job_id} if job_id is not None else {"orderId": order_id}
        return self._call("/open/v1/record", body, True)

    def device(self, sn):
        return self._call("/open/v1/device", {"sn": sn}, True)

    def wait_for_final(self, job_id=None, order_id=None, timeout=None, interval=1.0, on_status=None):
        """Poll the record until the job is final (3, 4 or 5) and return it.

        timeout: seconds; by default until the job's own expireAt and a grace period, by when Herald
        has ended it (5 timeout) if the device never finished it.
        """
        started = time.monotonic()
        while True:
            job = self.record(job_id=job_id, order_id=order_id)
            if on_status:
                on_status(job)
            if job["status"] in FINAL_STATUSES:
                return job
            if timeout is not None:
                left = timeout - (time.monotonic() - started)
            else:
                expire_at = datetime.fromisoformat(job["expireAt"].replace("Z", "+00:00")).timestamp()
                left = expire_at + EXPIRY_GRACE_SECONDS - time.time()
            if left < interval:
                raise HeraldTimeoutError(job, time.monotonic() - started)
            time.sleep(interval)

    def _call(self, path, body, retryable):
        data = json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
        retries = max(0, self.retries)
        last_error = None
        attempt = 0
        wait = 0.0
        while True:
            attempt += 1
            if wait > 0:
                time.sleep(wait)
            backoff = self.retry_delay * 2 ** (attempt - 1)
            # the path Herald routes on is signed: a reverse proxy's prefix in base_url is not part of it
            headers = {"content-type": "application/json", "lang": self.lang}
            headers.update(sign_headers(self.app_key, self.secret, "POST", path, data))
            req = urllib.request.Request(self.base_url + path, data=data, headers=headers, method="POST")
            try:
                with urllib.request.urlopen(req, timeout=self.timeout) as res:
                    return _unwrap(res.status, res.read())
            except urllib.error.HTTPError as e:
                # an answer with an error status: Herald's envelope says why
                try:
                    text = e.read()
                except OSError as read_error:
                    last_error = read_error
                    if retryable and attempt <= retries:
                        wait = backoff
                        continue
                    break
                try:
                    return _unwrap(e.code, text)
                except HeraldError as refusal:
                    # a server shutting down refuses before doing anything, so any call may be
                    # repeated after its Retry-After; behind a load balancer the repeat reaches another node
                    after = _retry_after(e.headers) if refusal.code == SERVICE_UNAVAILABLE else None
                    if after is None or after > RETRY_AFTER_MAX_SECONDS or attempt > retries:
                        raise
                    wait = max(after, backoff)
            except (urllib.error.URLError, OSError, http.client.HTTPException) as e:
                last_error = e
                if retryable and attempt <= retries:
                    wait = backoff
                    continue
                break
        raise HeraldNetworkError("%s: no answer after %d attempt(s): %s" % (path, attempt, last_error), attempt)


def _retry_after(headers):
    """Retry-After in seconds (what Herald sends); absent or unreadable: 0, the back-off decides."""
    try:
        value = float((headers or {}).get("retry-after") or "")
    except ValueError:
        return 0.0
    return value if value >= 0 else 0.0


def _unwrap(http_status, raw):
    try:
        env = json.loads(raw.decode("utf-8"))
    except ValueError:
        raise HeraldError(0, "not a Herald answer (HTTP %d): %r" % (http_status, raw[:200]), http_status)
    if not isinstance(env, dict):
        raise HeraldError(0, "not a Herald answer (HTTP %d)" % http_status, http_status)
    if env.get("code") == SUCCESS:
        return env.get("data")
    raise HeraldError(env.get("code", 0), env.get("message", "HTTP %d" % http_status), http_status, env.get("data"))
