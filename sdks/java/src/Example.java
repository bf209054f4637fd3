import herald.HeraldClient;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Herald's open API from Java: sign, print, speak, follow the jobs, verify a webhook.
 *
 * <pre>
 * javac -d out src/herald/HeraldClient.java src/Example.java
 * HERALD_URL=http://127.0.0.1:8080 HERALD_APP_KEY=... HERALD_APP_SECRET=... \
 * HERALD_SN=&lt;printer&gt; HERALD_SPEAKER_SN=&lt;speaker&gt; java -cp out Example
 * </pre>
 *
 * Exits 0 when every job reached status 3 (success), 1 on any failure, 2 when a variable is missing.
 * See ../README.md for the variables.
 */
public final class Example {
    // docs/open-api.md, section 1 "Worked example"
    static final String DOC_APP_KEY = "hk_demo_7f3a";
    static final String DOC_SECRET = "s3cr3t-0123456789abcdef0123456789abcdef";
    static final String DOC_BODY =
            "{\"sn\":\"HP58A0001\",\"templateId\":12,\"orderId\":\"ORD-20260101-0001\",\"params\":{\"table\":\"7\",\"total\":\"25.30\"}}";
    static final String DOC_SIGNATURE = "bed5ea61d33c2137e711a667ffa7eab283e790c08b8adacd994309bc4704f66d";
    // docs/open-api.md, section 7 "Worked example" (a push signed with DOC_SECRET)
    static final String DOC_WEBHOOK_TIMESTAMP = "1767225601300";
    static final String DOC_WEBHOOK_BODY = "{\"sn\":\"HP58A0001\",\"kind\":\"print\",\"event\":\"print\",\"jobId\":41,"
            + "\"msgId\":\"3f0c2b9e-6d41-4a8e-9c3f-5b1d7e2a4c60\",\"amount\":null,\"reason\":null,\"status\":3,"
            + "\"ackedAt\":\"2026-01-01T00:00:00.019Z\",\"orderId\":\"ORD-20260101-0001\",\"currency\":null,"
            + "\"expireAt\":\"2026-01-01T00:05:00.000Z\",\"pushedAt\":\"2026-01-01T00:00:00.004Z\",\"latencyMs\":19,"
            + "\"finishedAt\":\"2026-01-01T00:00:01.200Z\",\"paymentType\":null,\"requestedAt\":\"2026-01-01T00:00:00.000Z\"}";
    static final String DOC_WEBHOOK_SIGNATURE = "bfa5c6ea545f8f6ba7204925f042830e111b98fdaadd8c1b601462571a132fd0";

    static final String[] STATUS_NAMES = {"not pushed", "pushed", "push succeeded", "success", "failed", "timeout"};

    public static void main(String[] args) {
        try {
            run();
        } catch (HeraldClient.HeraldException e) {
            fail("Herald answered " + e.code + ": " + e.msg + " (HTTP " + e.httpStatus + ")", 1);
        } catch (HeraldClient.NetworkException e) {
            fail(e.getMessage(), 1);
        }
    }

    static void run() {
        String secret = env("HERALD_APP_SECRET", null);
        HeraldClient client = new HeraldClient(env("HERALD_URL", "http://127.0.0.1:8080"), env("HERALD_APP_KEY", null),
                secret, Duration.ofSeconds(10), 2, Duration.ofMillis(200), "en_US");
        String printer = env("HERALD_SN", null);
        String speaker = System.getenv("HERALD_SPEAKER_SN");
        String prefix = orDefault(System.getenv("HERALD_ORDER_PREFIX"), "example-");
        Duration wait = Duration.ofMillis((long) (Double.parseDouble(orDefault(System.getenv("HERALD_WAIT_SECONDS"), "60")) * 1000));

        checkSigning();
        // a documented push is old: its timestamp is not checked
        checkWebhook("docs/open-api.md", DOC_SECRET, DOC_WEBHOOK_TIMESTAMP, DOC_WEBHOOK_BODY, DOC_WEBHOOK_SIGNATURE, 0,
                null);
        if (System.getenv("HERALD_WEBHOOK_SIGNATURE") != null && !System.getenv("HERALD_WEBHOOK_SIGNATURE").isEmpty()) {
            // a push Herald sent, as the receiver got it
            checkWebhook("HERALD_WEBHOOK_*", secret, env("HERALD_WEBHOOK_TIMESTAMP", null),
                    env("HERALD_WEBHOOK_BODY", null), env("HERALD_WEBHOOK_SIGNATURE", null),
                    HeraldClient.WEBHOOK_TOLERANCE_SECONDS, System.getenv("HERALD_WEBHOOK_SIGNATURE_PREVIOUS"));
        }

        // an order id makes each call safe to retry after a lost answer (Herald stores it once)
        byte[] r = new byte[4];
        new SecureRandom().nextBytes(r);
        String run = HexFormat.of().formatHex(r);
        List<Object[]> jobs = new ArrayList<>();
        String orderId = prefix + "print-" + run;
        jobs.add(new Object[] {"print", client.printText(printer, "Java example\n" + orderId + "\nTotal 25.30", orderId)});
        if (speaker != null && !speaker.isEmpty()) {
            jobs.add(new Object[] {"speak", client.speakText(speaker, "Payment received, 25.30 yuan", prefix + "speak-" + run)});
            Map<String, Object> trade = new LinkedHashMap<>();
            trade.put("sn", speaker);
            trade.put("amount", "25.30");
            trade.put("currency", "CNY");
            trade.put("paymentType", "alipay");
            trade.put("orderId", prefix + "trade-" + run);
            jobs.add(new Object[] {"trade", client.trade(trade)});
        } else {
            System.out.println("speak: HERALD_SPEAKER_SN not set, nothing spoken");
        }
        for (Object[] j : jobs) {
            Map<?, ?> accepted = (Map<?, ?>) j[1];
            System.out.println(j[0] + ": job " + accepted.get("jobId") + " accepted, order " + accepted.get("orderId"));
        }

        boolean ok = true;
        for (Object[] j : jobs) {
            Map<?, ?> accepted = (Map<?, ?>) j[1];
            Map<String, Object> fin;
            try {
                fin = client.waitForFinal(Map.of("jobId", accepted.get("jobId")), wait, Duration.ofMillis(500));
            } catch (HeraldClient.JobTimeoutException e) {
                System.err.println(j[0] + ": " + e.getMessage());
                ok = false;
                continue;
            }
            int status = ((Number) fin.get("status")).intValue();
            String reason = fin.get("reason") != null ? ", reason " + fin.get("reason") : "";
            System.out.println(j[0] + ": job " + fin.get("jobId") + " status " + status + " (" + STATUS_NAMES[status] + ")" + reason);
            ok = ok && status == 3;
        }
        if (!ok) fail("not every job succeeded", 1);
        System.out.println("done: every job succeeded");
    }

    static void checkSigning() {
        String got = HeraldClient.sign(DOC_APP_KEY, DOC_SECRET, "1767225600000", "n0nce-8f2c41d7", "POST",
                "/open/v1/print", DOC_BODY.getBytes(StandardCharsets.UTF_8));
        if (!got.equals(DOC_SIGNATURE)) fail("signature " + got + ", the docs say " + DOC_SIGNATURE, 1);
        System.out.println("sign: the worked example of docs/open-api.md signs to " + got.substring(0, 12) + "...");
    }

    /** A push is valid with its headers, and refused once its body is changed. */
    static void checkWebhook(String label, String secret, String timestamp, String body, String signature, long tolerance,
            String previous) {
        Map<String, String> headers = new HashMap<>(Map.of("X-Herald-Timestamp", timestamp, "X-Herald-Signature",
                signature, "X-Herald-Event", "print"));
        // during a key rotation's overlap: the same push signed with the old secret
        if (previous != null && !previous.isEmpty()) headers.put("X-Herald-Signature-Previous", previous);
        byte[] raw = body.getBytes(StandardCharsets.UTF_8);
        if (!HeraldClient.verifyWebhook(headers, raw, secret, tolerance)) {
            fail("webhook (" + label + "): the signature does not match (wrong secret, changed body, or too old)", 1);
        }
        byte[] tampered = (body + " ").getBytes(StandardCharsets.UTF_8);
        if (HeraldClient.verifyWebhook(headers, tampered, secret, tolerance)) {
            fail("webhook (" + label + "): a tampered body was accepted", 1);
        }
        System.out.println("webhook (" + label + "): signature verified, a tampered body refused");
    }

    static String env(String name, String fallback) {
        String v = orDefault(System.getenv(name), fallback);
        if (v == null) fail("set " + name + " (see sdks/README.md)", 2);
        return v;
    }

    static String orDefault(String v, String fallback) {
        return v == null || v.isEmpty() ? fallback : v;
    }

    static void fail(String message, int code) {
        System.err.println("FAILED: " + message);
        System.exit(code);
    }
}
