package herald;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * A client for Herald's signed open API (docs/open-api.md), Java 17+ with the JDK alone.
 *
 * <pre>
 * HeraldClient client = new HeraldClient("https://herald.example.com", appKey, secret);
 * Map&lt;String, Object&gt; job = client.printText("HP58A0001", "Table 7: 25.30", "ORD-1");
 * Map&lt;String, Object&gt; done = client.waitForFinal(Map.of("jobId", job.get("jobId")), null, Duration.ofSeconds(1));
 * </pre>
 *
 * Every call is a signed JSON POST; the answer's envelope {code, message, data} is unwrapped: the
 * data on 20000, a {@link HeraldException} otherwise. Retries happen when no answer arrived
 * (network error or timeout), only where repeating the request cannot do anything twice: record
 * and device always; print, speak and trade only with an orderId (Herald answers a repeat of the
 * same request under the same order id with the job it already stored). A server shutting down
 * (50003) refuses before doing anything: every call is repeated after its Retry-After (at most
 * 30 s). Every attempt is signed afresh. JSON objects are {@code Map<String, Object>}: integers are {@code Long}, decimals
 * {@code Double}, arrays {@code List<Object>}.
 */
public final class HeraldClient {
    public static final int SUCCESS = 20000;
    /** A server shutting down (HTTP 503 with Retry-After): nothing was done, any call may be repeated. */
    public static final int SERVICE_UNAVAILABLE = 50003;
    /** A refusal asking for a longer wait than this is thrown to the caller instead of waited out. */
    private static final Duration RETRY_AFTER_MAX = Duration.ofSeconds(30);
    /** A webhook is signed when it is sent (every retry afresh): an older one is a replay. */
    public static final long WEBHOOK_TOLERANCE_SECONDS = 300;
    /** Herald's sweep ends an expired job within about a second; allow for clocks and a busy server. */
    private static final Duration EXPIRY_GRACE = Duration.ofSeconds(15);
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final HexFormat HEX = HexFormat.of();

    private final String baseUrl;
    private final String appKey;
    private final String secret;
    private final Duration timeout;
    private final int retries;
    private final Duration retryDelay;
    private final String lang;
    private final HttpClient http;

    public HeraldClient(String baseUrl, String appKey, String secret) {
        this(baseUrl, appKey, secret, Duration.ofSeconds(10), 2, Duration.ofMillis(200), "en_US");
    }

    /**
     * @param baseUrl Herald's address (may end in a reverse proxy's path prefix)
     * @param timeout per attempt: connecting, and waiting for the answer
     * @param retries extra attempts after a network error, where a retry is safe
     * @param retryDelay before the first retry, doubled each time
     * @param lang language of error messages: en_US or zh_CN
     */
    public HeraldClient(String baseUrl, String appKey, String secret, Duration timeout, int retries,
            Duration retryDelay, String lang) {
        if (appKey == null || appKey.isEmpty() || secret == null || secret.isEmpty()) {
            throw new IllegalArgumentException("HeraldClient needs appKey and secret");
        }
        this.baseUrl = baseUrl.replaceAll("/+$", "");
        this.appKey = appKey;
        this.secret = secret;
        this.timeout = timeout;
        this.retries = retries;
        this.retryDelay = retryDelay;
        this.lang = lang;
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(timeout).build();
    }

    /** POST /open/v1/print: the body holds sn and one of templateId, businessId, content. */
    public Map<String, Object> print(Map<String, Object> body) {
        return call("/open/v1/print", body, body.containsKey("orderId"));
    }

    /** Prints text as a small receipt; orderId may be null. */
    public Map<String, Object> printText(String sn, String text, String orderId) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("sn", sn);
        body.put("content", receipt(text));
        if (orderId != null) body.put("orderId", orderId);
        return print(body);
    }

    /** POST /open/v1/speak: the body holds sn and one of text, clips, businessId. */
    public Map<String, Object> speak(Map<String, Object> body) {
        return call("/open/v1/speak", body, body.containsKey("orderId"));
    }

    /** Speaks text; orderId may be null. */
    public Map<String, Object> speakText(String sn, String text, String orderId) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("sn", sn);
        body.put("text", text);
        if (orderId != null) body.put("orderId", orderId);
        return speak(body);
    }

    /** POST /open/v1/trade: a payment announcement (sn, amount, currency, paymentType, orderId). */
    public Map<String, Object> trade(Map<String, Object> body) {
        return call("/open/v1/trade", body, true);
    }

    /** A job's record: {@code Map.of("jobId", 41L)} or {@code Map.of("orderId", "...")} (exactly one). */
    public Map<String, Object> record(Map<String, Object> by) {
        return call("/open/v1/record", by, true);
    }

    public Map<String, Object> device(String sn) {
        return call("/open/v1/device", Map.of("sn", sn), true);
    }

    /**
     * Polls the record until the job is final (3, 4 or 5) and returns it.
     *
     * @param timeout null: until the job's own expireAt and a grace period, by when Herald has ended it
     * @param onStatus called with every record seen; may be null
     */
    public Map<String, Object> waitForFinal(Map<String, Object> by, Duration timeout, Duration interval,
            Consumer<Map<String, Object>> onStatus) {
        long started = System.nanoTime();
        while (true) {
            Map<String, Object> job = record(by);
            if (onStatus != null) onStatus.accept(job);
            long status = ((Number) job.get("status")).longValue();
            if (status == 3 || status == 4 || status == 5) return job;
            Duration waited = Duration.ofNanos(System.nanoTime() - started);
            Duration left = timeout != null
                    ? timeout.minus(waited)
                    : Duration.between(Instant.now(), Instant.parse((String) job.get("expireAt")).plus(EXPIRY_GRACE));
            if (left.compareTo(interval) < 0) throw new JobTimeoutException(job, waited);
            sleep(interval);
        }
    }

    public Map<String, Object> waitForFinal(Map<String, Object> by, Duration timeout, Duration interval) {
        return waitForFinal(by, timeout, interval, null);
    }

    // ── signing ──────────────────────────────────────────────────────────────

    /** 22 characters of [A-Za-z0-9_-] (128 random bits). */
    public static String newNonce() {
        byte[] b = new byte[16];
        RANDOM.nextBytes(b);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
    }

    /** hex HMAC-SHA256(secret, the six lines of docs/open-api.md section 1); body is the bytes sent. */
    public static String sign(String appKey, String secret, String timestamp, String nonce, String method,
            String path, byte[] body) {
        String toSign = String.join("\n", appKey, timestamp, nonce, method.toUpperCase(Locale.ROOT), path,
                HEX.formatHex(sha256(body)));
        return HEX.formatHex(hmacSha256(secret, toSign.getBytes(StandardCharsets.UTF_8)));
    }

    /** The four x-herald-* headers of one request, with a fresh timestamp and nonce. */
    public static Map<String, String> signHeaders(String appKey, String secret, String method, String path,
            byte[] body) {
        String timestamp = Long.toString(System.currentTimeMillis());
        String nonce = newNonce();
        Map<String, String> h = new LinkedHashMap<>();
        h.put("x-herald-appkey", appKey);
        h.put("x-herald-timestamp", timestamp);
        h.put("x-herald-nonce", nonce);
        h.put("x-herald-signature", sign(appKey, secret, timestamp, nonce, method, path, body));
        return h;
    }

    /**
     * True when a push carries Herald's signature: hex HMAC-SHA256(secret, "&lt;timestamp&gt;\n&lt;raw body&gt;").
     * During the overlap of a key rotation Herald also signs with the old secret
     * (x-herald-signature-previous): a receiver that still holds the old secret keeps verifying.
     *
     * @param headers the request's headers, any case; a value may be a String or a List of them
     *     (as servlet containers and com.sun.net.httpserver hand them over)
     * @param rawBody the bytes received, before any JSON parsing
     * @param toleranceSeconds a timestamp further than this from now is refused (0: not checked)
     */
    public static boolean verifyWebhook(Map<String, ?> headers, byte[] rawBody, String secret, long toleranceSeconds) {
        String timestamp = header(headers, "x-herald-timestamp");
        String signature = header(headers, "x-herald-signature").toLowerCase(Locale.ROOT);
        String previous = header(headers, "x-herald-signature-previous").toLowerCase(Locale.ROOT);
        if (!timestamp.matches("\\d{1,18}") || (signature.isEmpty() && previous.isEmpty())) return false;
        if (toleranceSeconds > 0
                && Math.abs(System.currentTimeMillis() - Long.parseLong(timestamp)) > toleranceSeconds * 1000) {
            return false;
        }
        byte[] ts = (timestamp + "\n").getBytes(StandardCharsets.UTF_8);
        byte[] signed = new byte[ts.length + rawBody.length];
        System.arraycopy(ts, 0, signed, 0, ts.length);
        System.arraycopy(rawBody, 0, signed, ts.length, rawBody.length);
        byte[] expected = HEX.formatHex(hmacSha256(secret, signed)).getBytes(StandardCharsets.US_ASCII);
        // both compared, whichever matches: the time taken does not tell which one did
        boolean current = !signature.isEmpty()
                && MessageDigest.isEqual(expected, signature.getBytes(StandardCharsets.US_ASCII));
        boolean old = !previous.isEmpty()
                && MessageDigest.isEqual(expected, previous.getBytes(StandardCharsets.US_ASCII));
        return current | old;
    }

    private static String header(Map<String, ?> headers, String name) {
        for (Map.Entry<String, ?> e : headers.entrySet()) {
            if (e.getKey() == null || !e.getKey().equalsIgnoreCase(name)) continue;
            Object v = e.getValue();
            if (v instanceof List<?> list) v = list.isEmpty() ? null : list.get(0);
            return v == null ? "" : v.toString();
        }
        return "";
    }

    /** A small receipt in receiptline markup, the text escaped so it prints as written. */
    public static String receipt(String text) {
        String escaped = text.replaceAll("[\\\\|{}~_\"`^]", "\\\\$0");
        return String.join("\n", "^^^HERALD", "", escaped, "---", "\"Thank you!", "");
    }

    private static byte[] sha256(byte[] data) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(data);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] hmacSha256(String secret, byte[] data) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return mac.doFinal(data);
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    // ── calls ────────────────────────────────────────────────────────────────

    private Map<String, Object> call(String path, Map<String, Object> body, boolean retryable) {
        byte[] data = Json.stringify(body).getBytes(StandardCharsets.UTF_8);
        int max = Math.max(0, retries);
        IOException last = null;
        int attempt = 0;
        Duration wait = Duration.ZERO;
        for (;;) {
            attempt++;
            if (!wait.isZero()) sleep(wait);
            Duration backoff = retryDelay.multipliedBy(1L << Math.min(attempt - 1, 30));
            // the path Herald routes on is signed: a reverse proxy's prefix in baseUrl is not part of it
            HttpRequest.Builder req = HttpRequest.newBuilder(URI.create(baseUrl + path))
                    .timeout(timeout)
                    .header("content-type", "application/json")
                    .header("lang", lang)
                    .POST(HttpRequest.BodyPublishers.ofByteArray(data));
            signHeaders(appKey, secret, "POST", path, data).forEach(req::header);
            HttpResponse<String> res;
            try {
                res = http.send(req.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            } catch (IOException e) {
                last = e;
                if (retryable && attempt <= max) {
                    wait = backoff;
                    continue;
                }
                break;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new NetworkException(path + ": interrupted", attempt);
            }
            try {
                return unwrap(res.statusCode(), res.body());
            } catch (HeraldException refusal) {
                // a server shutting down refuses before doing anything, so any call may be repeated
                // after its Retry-After; behind a load balancer the repeat reaches another node
                Duration after = refusal.code == SERVICE_UNAVAILABLE ? retryAfter(res) : null;
                if (after == null || after.compareTo(RETRY_AFTER_MAX) > 0 || attempt > max) throw refusal;
                wait = after.compareTo(backoff) > 0 ? after : backoff;
            }
        }
        throw new NetworkException(path + ": no answer after " + attempt + " attempt(s): " + last, attempt);
    }

    /** Retry-After in seconds (what Herald sends); absent or unreadable: zero, the back-off decides. */
    private static Duration retryAfter(HttpResponse<?> res) {
        try {
            double seconds = Double.parseDouble(res.headers().firstValue("retry-after").orElse("").trim());
            return seconds >= 0 && seconds < 1e9 ? Duration.ofMillis((long) (seconds * 1000)) : Duration.ZERO;
        } catch (NumberFormatException e) {
            return Duration.ZERO;
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> unwrap(int httpStatus, String text) {
        Object parsed;
        try {
            parsed = Json.parse(text);
        } catch (IllegalArgumentException e) {
            parsed = null;
        }
        if (!(parsed instanceof Map)) {
            String start = text.length() > 200 ? text.substring(0, 200) : text;
            throw new HeraldException(0, "not a Herald answer (HTTP " + httpStatus + "): " + start, httpStatus, null);
        }
        Map<String, Object> env = (Map<String, Object>) parsed;
        int code = env.get("code") instanceof Number n ? n.intValue() : 0;
        if (code == SUCCESS) return (Map<String, Object>) env.get("data");
        Object message = env.get("message");
        throw new HeraldException(code, message != null ? message.toString() : "HTTP " + httpStatus, httpStatus,
                env.get("data"));
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new NetworkException("interrupted", 0);
        }
    }

    // ── errors ───────────────────────────────────────────────────────────────

    /** Herald answered with a business code other than 20000 (docs/open-api.md, section 6). */
    public static final class HeraldException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public final int code;
        public final String msg;
        public final int httpStatus;
        /** validation failures: {errors: [{field, message}]} */
        public final transient Object data;

        public HeraldException(int code, String msg, int httpStatus, Object data) {
            super(code + " " + msg);
            this.code = code;
            this.msg = msg;
            this.httpStatus = httpStatus;
            this.data = data;
        }
    }

    /** No answer (refused, reset, timeout): a print without an order id may or may not exist. */
    public static final class NetworkException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public final int attempts;

        public NetworkException(String message, int attempts) {
            super(message);
            this.attempts = attempts;
        }
    }

    /** waitForFinal gave up while the job was still under way; job is the last record seen. */
    public static final class JobTimeoutException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public final transient Map<String, Object> job;

        public JobTimeoutException(Map<String, Object> job, Duration waited) {
            super("job " + job.get("jobId") + " still in status " + job.get("status") + " after "
                    + waited.toMillis() + " ms");
            this.job = job;
        }
    }

    // ── JSON (the JDK has none) ─────────────────────────────────────────────

    /** Just enough JSON for the open API: objects, arrays, strings, numbers, booleans, null. */
    public static final class Json {
        private final String s;
        private int i;

        private Json(String s) {
            this.s = s;
        }

        public static String stringify(Object v) {
            StringBuilder b = new StringBuilder();
            write(b, v);
            return b.toString();
        }

        private static void write(StringBuilder b, Object v) {
            if (v == null) {
                b.append("null");
            } else if (v instanceof String str) {
                b.append('"');
                for (int k = 0; k < str.length(); k++) {
                    char c = str.charAt(k);
                    switch (c) {
                        case '"' -> b.append("\\\"");
                        case '\\' -> b.append("\\\\");
                        case '\n' -> b.append("\\n");
                        case '\r' -> b.append("\\r");
                        case '\t' -> b.append("\\t");
                        default -> {
                            if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
                            else b.append(c);
                        }
                    }
                }
                b.append('"');
            } else if (v instanceof Boolean || v instanceof Integer || v instanceof Long || v instanceof Short) {
                b.append(v);
            } else if (v instanceof Number n) {
                double d = n.doubleValue();
                if (!Double.isFinite(d)) throw new IllegalArgumentException("not a JSON number: " + v);
                b.append(new java.math.BigDecimal(n.toString()).toPlainString());
            } else if (v instanceof Map<?, ?> m) {
                b.append('{');
                boolean first = true;
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    if (!first) b.append(',');
                    first = false;
                    write(b, String.valueOf(e.getKey()));
                    b.append(':');
                    write(b, e.getValue());
                }
                b.append('}');
            } else if (v instanceof Iterable<?> list) {
                b.append('[');
                boolean first = true;
                for (Object o : list) {
                    if (!first) b.append(',');
                    first = false;
                    write(b, o);
                }
                b.append(']');
            } else {
                throw new IllegalArgumentException("cannot write " + v.getClass() + " as JSON");
            }
        }

        /** @throws IllegalArgumentException when the text is not one JSON value */
        public static Object parse(String text) {
            Json p = new Json(text);
            Object v = p.value();
            p.space();
            if (p.i != text.length()) throw p.error("trailing text");
            return v;
        }

        private IllegalArgumentException error(String what) {
            return new IllegalArgumentException("JSON: " + what + " at " + i);
        }

        private void space() {
            while (i < s.length() && " \t\r\n".indexOf(s.charAt(i)) >= 0) i++;
        }

        private Object value() {
            space();
            if (i >= s.length()) throw error("unexpected end");
            char c = s.charAt(i);
            if (c == '{') return object();
            if (c == '[') return array();
            if (c == '"') return string();
            if (s.startsWith("true", i)) return literal(4, Boolean.TRUE);
            if (s.startsWith("false", i)) return literal(5, Boolean.FALSE);
            if (s.startsWith("null", i)) return literal(4, null);
            return number();
        }

        private Object literal(int length, Object v) {
            i += length;
            return v;
        }

        private Map<String, Object> object() {
            Map<String, Object> m = new LinkedHashMap<>();
            i++;
            space();
            if (i < s.length() && s.charAt(i) == '}') {
                i++;
                return m;
            }
            while (true) {
                space();
                if (i >= s.length() || s.charAt(i) != '"') throw error("expected a key");
                String key = string();
                space();
                if (i >= s.length() || s.charAt(i++) != ':') throw error("expected ':'");
                m.put(key, value());
                space();
                if (i >= s.length()) throw error("unexpected end");
                char c = s.charAt(i++);
                if (c == '}') return m;
                if (c != ',') throw error("expected ',' or '}'");
            }
        }

        private List<Object> array() {
            List<Object> list = new ArrayList<>();
            i++;
            space();
            if (i < s.length() && s.charAt(i) == ']') {
                i++;
                return list;
            }
            while (true) {
                list.add(value());
                space();
                if (i >= s.length()) throw error("unexpected end");
                char c = s.charAt(i++);
                if (c == ']') return list;
                if (c != ',') throw error("expected ',' or ']'");
            }
        }

        private String string() {
            StringBuilder b = new StringBuilder();
            i++;
            while (true) {
                if (i >= s.length()) throw error("unterminated string");
                char c = s.charAt(i++);
                if (c == '"') return b.toString();
                if (c != '\\') {
                    b.append(c);
                    continue;
                }
                if (i >= s.length()) throw error("unterminated escape");
                char e = s.charAt(i++);
                switch (e) {
                    case '"', '\\', '/' -> b.append(e);
                    case 'b' -> b.append('\b');
                    case 'f' -> b.append('\f');
                    case 'n' -> b.append('\n');
                    case 'r' -> b.append('\r');
                    case 't' -> b.append('\t');
                    case 'u' -> {
                        if (i + 4 > s.length()) throw error("bad \\u escape");
                        b.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
                        i += 4;
                    }
                    default -> throw error("bad escape");
                }
            }
        }

        private Object number() {
            int start = i;
            while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) i++;
            String n = s.substring(start, i);
            if (n.isEmpty()) throw error("unexpected character");
            try {
                if (n.matches("-?\\d+")) return Long.parseLong(n);
                return Double.parseDouble(n);
            } catch (NumberFormatException e) {
                throw error("bad number " + n);
            }
        }
    }
}
