"""Herald's open API from Python: sign, print, speak, follow the jobs, verify a webhook.

    HERALD_URL=http://127.0.0.1:8080 HERALD_APP_KEY=... HERALD_APP_SECRET=... \
    HERALD_SN=<printer> HERALD_SPEAKER_SN=<speaker> python3 example.py

Exits 0 when every job reached status 3 (success), 1 on any failure, 2 when a variable is missing.
See ../README.md for the variables.
"""

import os
import sys
import uuid

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import herald  # noqa: E402

# docs/open-api.md, section 1 "Worked example"
DOC_APP_KEY = "hk_demo_7f3a"
DOC_SECRET = "s3cr3t-0123456789abcdef0123456789abcdef"
DOC_BODY = '{"sn":"HP58A0001","templateId":12,"orderId":"ORD-20260101-0001","params":{"table":"7","total":"25.30"}}'
DOC_SIGNATURE = "bed5ea61d33c2137e711a667ffa7eab283e790c08b8adacd994309bc4704f66d"
# docs/open-api.md, section 7 "Worked example" (a push signed with DOC_SECRET)
DOC_WEBHOOK_TIMESTAMP = "1767225601300"
DOC_WEBHOOK_BODY = (
    '{"sn":"HP58A0001","kind":"print","event":"print","jobId":41,'
    '"msgId":"3f0c2b9e-6d41-4a8e-9c3f-5b1d7e2a4c60","amount":null,"reason":null,"status":3,'
    '"ackedAt":"2026-01-01T00:00:00.019Z","orderId":"ORD-20260101-0001","currency":null,'
    '"expireAt":"2026-01-01T00:05:00.000Z","pushedAt":"2026-01-01T00:00:00.004Z","latencyMs":19,'
    '"finishedAt":"2026-01-01T00:00:01.200Z","paymentType":null,"requestedAt":"2026-01-01T00:00:00.000Z"}'
)
DOC_WEBHOOK_SIGNATURE = "bfa5c6ea545f8f6ba7204925f042830e111b98fdaadd8c1b601462571a132fd0"

STATUS_NAMES = {0: "not pushed", 1: "pushed", 2: "push succeeded", 3: "success", 4: "failed", 5: "timeout"}


def fail(message, code=1):
    print("FAILED: " + message, file=sys.stderr)
    sys.exit(code)


def env(name, default=None):
    value = os.environ.get(name, default)
    if not value:
        fail("set " + name + " (see sdks/README.md)", 2)
    return value


def check_signing():
    got = herald.sign(DOC_APP_KEY, DOC_SECRET, 1767225600000, "n0nce-8f2c41d7", "POST", "/open/v1/print", DOC_BODY)
    if got != DOC_SIGNATURE:
        fail("signature %s, the docs say %s" % (got, DOC_SIGNATURE))
    print("sign: the worked example of docs/open-api.md signs to " + got[:12] + "...")


def check_webhook(label, secret, timestamp, body, signature, tolerance, previous=None):
    """A push is valid with its headers, and refused once its body is changed."""
    headers = {"X-Herald-Timestamp": timestamp, "X-Herald-Signature": signature, "X-Herald-Event": "print"}
    if previous:
        # during a key rotation's overlap: the same push signed with the old secret
        headers["X-Herald-Signature-Previous"] = previous
    if not herald.verify_webhook(headers, body, secret, tolerance):
        fail("webhook (%s): the signature does not match (wrong secret, changed body, or too old)" % label)
    if herald.verify_webhook(headers, body + b" ", secret, tolerance):
        fail("webhook (%s): a tampered body was accepted" % label)
    print("webhook (%s): signature verified, a tampered body refused" % label)


def main():
    base_url = env("HERALD_URL", "http://127.0.0.1:8080")
    secret = env("HERALD_APP_SECRET")
    client = herald.Client(base_url, env("HERALD_APP_KEY"), secret, timeout=10.0)
    printer = env("HERALD_SN")
    speaker = os.environ.get("HERALD_SPEAKER_SN")
    prefix = os.environ.get("HERALD_ORDER_PREFIX") or "example-"
    wait = float(os.environ.get("HERALD_WAIT_SECONDS") or "60")

    check_signing()
    # a documented push is old: its timestamp is not checked
    check_webhook("docs/open-api.md", DOC_SECRET, DOC_WEBHOOK_TIMESTAMP, DOC_WEBHOOK_BODY.encode("utf-8"),
                  DOC_WEBHOOK_SIGNATURE, 0)
    if os.environ.get("HERALD_WEBHOOK_SIGNATURE"):
        # a push Herald sent, as the receiver got it
        check_webhook("HERALD_WEBHOOK_*", secret, env("HERALD_WEBHOOK_TIMESTAMP"),
                      env("HERALD_WEBHOOK_BODY").encode("utf-8"), env("HERALD_WEBHOOK_SIGNATURE"),
                      herald.WEBHOOK_TOLERANCE_SECONDS, os.environ.get("HERALD_WEBHOOK_SIGNATURE_PREVIOUS"))

    # an order id makes each call safe to retry after a lost answer (Herald stores it once)
    run = uuid.uuid4().hex[:8]
    jobs = []
    order_id = "%sprint-%s" % (prefix, run)
    job = client.print_text(printer, "Python example\n%s\nTotal 25.30" % order_id, order_id=order_id)
    jobs.append(("print", job))
    if speaker:
        job = client.speak_text(speaker, "Payment received, 25.30 yuan", order_id="%sspeak-%s" % (prefix, run))
        jobs.append(("speak", job))
        job = client.trade({"sn": speaker, "amount": "25.30", "currency": "CNY", "paymentType": "alipay",
                            "orderId": "%strade-%s" % (prefix, run)})
        jobs.append(("trade", job))
    else:
        print("speak: HERALD_SPEAKER_SN not set, nothing spoken")
    for kind, accepted in jobs:
        print("%s: job %s accepted, order %s" % (kind, accepted["jobId"], accepted["orderId"]))

    ok = True
    for kind, accepted in jobs:
        try:
            final = client.wait_for_final(job_id=accepted["jobId"], timeout=wait, interval=0.5)
        except herald.HeraldTimeoutError as e:
            print("%s: %s" % (kind, e), file=sys.stderr)
            ok = False
            continue
        reason = ", reason " + final["reason"] if final["reason"] else ""
        print("%s: job %s status %s (%s)%s" % (kind, final["jobId"], final["status"],
                                              STATUS_NAMES[final["status"]], reason))
        ok = ok and final["status"] == 3
    if not ok:
        fail("not every job succeeded")
    print("done: every job succeeded")


if __name__ == "__main__":
    try:
        main()
    except herald.HeraldError as e:
        fail("Herald answered %s: %s (HTTP %s)" % (e.code, e.msg, e.http_status))
    except herald.HeraldNetworkError as e:
        fail(str(e))
