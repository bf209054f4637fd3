<?php
/**
 * A client for Herald's signed open API (docs/open-api.md), PHP 7.4+ with no extension beyond the
 * defaults (json, hash; openssl for https).
 *
 *     $client = new Herald\Client('https://herald.example.com', $appKey, $secret);
 *     $job = $client->printText('HP58A0001', "Table 7: 25.30", 'ORD-1');
 *     $final = $client->waitForFinal(['jobId' => $job['jobId']]);
 *
 * Every call is a signed JSON POST; the answer's envelope {code, message, data} is unwrapped: the
 * data on 20000, a Herald\HeraldException otherwise. Retries happen when no answer arrived
 * (network error or timeout), only where repeating the request cannot do anything twice: record
 * and device always; print, speak and trade only with an orderId (Herald answers a repeat of the
 * same request under the same order id with the job it already stored). A server shutting down
 * (50003) refuses before doing anything: every call is repeated after its Retry-After (at most
 * 30 s). Every attempt is signed afresh.
 */

declare(strict_types=1);

namespace Herald;

const SUCCESS = 20000;
/** a server shutting down (HTTP 503 with Retry-After): nothing was done, any call may be repeated */
const SERVICE_UNAVAILABLE = 50003;
/** a refusal asking for a longer wait than this is thrown to the caller instead of waited out */
const RETRY_AFTER_MAX_SECONDS = 30;
/** success, failed, timeout */
const FINAL_STATUSES = [3, 4, 5];
/** Herald's sweep ends an expired job within about a second; allow for clocks and a busy server. */
const EXPIRY_GRACE_SECONDS = 15;
/** A webhook is signed when it is sent (every retry afresh): an older one is a replay. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Herald answered with a business code other than 20000 (docs/open-api.md, section 6). */
class HeraldException extends \RuntimeException
{
    /** @var string the envelope's message (getCode() is its code) */
    public $msg;
    /** @var int */
    public $httpStatus;
    /** @var mixed validation failures: ['errors' => [['field' => ..., 'message' => ...]]] */
    public $data;

    public function __construct(int $code, string $msg, int $httpStatus, $data = null)
    {
        parent::__construct("$code $msg", $code);
        $this->msg = $msg;
        $this->httpStatus = $httpStatus;
        $this->data = $data;
    }
}

/** No answer (refused, reset, timeout): a print without an order id may or may not exist. */
class NetworkException extends \RuntimeException
{
    /** @var int */
    public $attempts;

    public function __construct(string $message, int $attempts)
    {
        parent::__construct($message);
        $this->attempts = $attempts;
    }
}

/** waitForFinal gave up while the job was still under way; $job is the last record seen. */
class TimeoutException extends \RuntimeException
{
    /** @var array */
    public $job;

    public function __construct(array $job, float $waitedSeconds)
    {
        parent::__construct(sprintf('job %d still in status %d after %.1f s', $job['jobId'], $job['status'], $waitedSeconds));
        $this->job = $job;
    }
}

/** 22 characters of [A-Za-z0-9_-] (128 random bits). */
function newNonce(): string
{
    return rtrim(strtr(base64_encode(random_bytes(16)), '+/', '-_'), '=');
}

/** hex HMAC-SHA256(secret, the six lines of docs/open-api.md section 1); $body is the bytes sent. */
function sign(string $appKey, string $secret, string $timestamp, string $nonce, string $method, string $path, string $body): string
{
    $toSign = implode("\n", [$appKey, $timestamp, $nonce, strtoupper($method), $path, hash('sha256', $body)]);
    return hash_hmac('sha256', $toSign, $secret);
}

/** The four x-herald-* headers of one request (a fresh timestamp and nonce unless given). */
function signHeaders(string $appKey, string $secret, string $method, string $path, string $body, ?string $timestamp = null, ?string $nonce = null): array
{
    $timestamp = $timestamp ?? (string) (int) floor(microtime(true) * 1000);
    $nonce = $nonce ?? newNonce();
    return [
        'x-herald-appkey' => $appKey,
        'x-herald-timestamp' => $timestamp,
        'x-herald-nonce' => $nonce,
        'x-herald-signature' => sign($appKey, $secret, $timestamp, $nonce, $method, $path, $body),
    ];
}

/**
 * True when a push carries Herald's signature: hex HMAC-SHA256(secret, "<timestamp>\n<raw body>").
 *
 * $headers: the request's headers, any case (getallheaders(), or a framework's); $rawBody: the bytes
 * received (file_get_contents('php://input')), before any JSON parsing. A timestamp further than
 * $toleranceSeconds from now is refused (0: not checked).
 */
function verifyWebhook(array $headers, string $rawBody, string $secret, int $toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS, ?float $now = null): bool
{
    $lower = array_change_key_case($headers, CASE_LOWER);
    $one = function ($v): string {
        return is_array($v) ? (string) ($v[0] ?? '') : (string) $v;
    };
    $timestamp = $one($lower['x-herald-timestamp'] ?? '');
    // during the overlap of a key rotation Herald also signs with the old secret: a receiver that
    // still holds the old secret keeps verifying
    $signatures = array_filter([
        strtolower($one($lower['x-herald-signature'] ?? '')),
        strtolower($one($lower['x-herald-signature-previous'] ?? '')),
    ], 'strlen');
    if (!ctype_digit($timestamp) || $signatures === []) {
        return false;
    }
    if ($toleranceSeconds > 0) {
        $nowMs = ($now ?? microtime(true)) * 1000;
        if (abs($nowMs - (float) $timestamp) > $toleranceSeconds * 1000) {
            return false;
        }
    }
    $expected = hash_hmac('sha256', $timestamp . "\n" . $rawBody, $secret);
    // both compared, whichever matches: the time taken does not tell which one did
    $matches = array_map(function (string $s) use ($expected): bool {
        return hash_equals($expected, $s);
    }, $signatures);
    return in_array(true, $matches, true);
}

/** A small receipt in receiptline markup, the text escaped so it prints as written. */
function receipt(string $text, string $title = 'HERALD'): string
{
    $esc = function (string $s): string {
        return preg_replace('/[\\\\|{}~_"`^]/', '\\\\$0', $s);
    };
    return implode("\n", ['^^^' . $esc($title), '', $esc($text), '---', '"Thank you!', '']);
}

class Client
{
    /** @var string */
    private $baseUrl;
    /** @var string */
    private $appKey;
    /** @var string */
    private $secret;
    /** @var float seconds per attempt */
    private $timeout;
    /** @var int */
    private $retries;
    /** @var float */
    private $retryDelay;
    /** @var string */
    private $lang;

    /** $baseUrl: Herald's address (may end in a reverse proxy's path prefix); $timeout: seconds per attempt. */
    public function __construct(string $baseUrl, string $appKey, string $secret, float $timeout = 10.0, int $retries = 2, float $retryDelay = 0.2, string $lang = 'en_US')
    {
        if ($appKey === '' || $secret === '') {
            throw new \InvalidArgumentException('Client needs appKey and secret');
        }
        $this->baseUrl = rtrim($baseUrl, '/');
        $this->appKey = $appKey;
        $this->secret = $secret;
        $this->timeout = $timeout;
        $this->retries = $retries;
        $this->retryDelay = $retryDelay;
        $this->lang = $lang;
    }

    /** POST /open/v1/print: $body holds sn and one of templateId, businessId, content. */
    public function print(array $body): array
    {
        return $this->call('/open/v1/print', $body, isset($body['orderId']));
    }

    public function printText(string $sn, string $text, ?string $orderId = null, array $fields = []): array
    {
        $body = ['sn' => $sn, 'content' => receipt($text)] + $fields;
        if ($orderId !== null) {
            $body['orderId'] = $orderId;
        }
        return $this->print($body);
    }

    /** POST /open/v1/speak: $body holds sn and one of text, clips, businessId. */
    public function speak(array $body): array
    {
        return $this->call('/open/v1/speak', $body, isset($body['orderId']));
    }

    public function speakText(string $sn, string $text, ?string $orderId = null, array $fields = []): array
    {
        $body = ['sn' => $sn, 'text' => $text] + $fields;
        if ($orderId !== null) {
            $body['orderId'] = $orderId;
        }
        return $this->speak($body);
    }

    /** POST /open/v1/trade: a payment announcement (sn, amount, currency, paymentType, orderId). */
    public function trade(array $body): array
    {
        return $this->call('/open/v1/trade', $body, true);
    }

    /** A job's record: ['jobId' => 41] or ['orderId' => '...'] (exactly one). */
    public function record(array $by): array
    {
        return $this->call('/open/v1/record', $by, true);
    }

    public function device(string $sn): array
    {
        return $this->call('/open/v1/device', ['sn' => $sn], true);
    }

    /**
     * Poll the record until the job is final (3, 4 or 5) and return it. $timeout in seconds; by
     * default until the job's own expireAt and a grace period, by when Herald has ended it.
     */
    public function waitForFinal(array $by, ?float $timeout = null, float $interval = 1.0, ?callable $onStatus = null): array
    {
        $started = microtime(true);
        while (true) {
            $job = $this->record($by);
            if ($onStatus !== null) {
                $onStatus($job);
            }
            if (in_array($job['status'], FINAL_STATUSES, true)) {
                return $job;
            }
            $left = $timeout !== null
                ? $timeout - (microtime(true) - $started)
                : (new \DateTimeImmutable($job['expireAt']))->format('U.u') + EXPIRY_GRACE_SECONDS - microtime(true);
            if ($left < $interval) {
                throw new TimeoutException($job, microtime(true) - $started);
            }
            usleep((int) ($interval * 1e6));
        }
    }

    private function call(string $path, array $body, bool $retryable): array
    {
        $data = json_encode($body, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR);
        $retries = max(0, $this->retries);
        $lastError = '';
        $attempt = 0;
        $wait = 0.0;
        while (true) {
            $attempt++;
            if ($wait > 0) {
                usleep((int) ($wait * 1e6));
            }
            $backoff = $this->retryDelay * 2 ** ($attempt - 1);
            // the path Herald routes on is signed: a reverse proxy's prefix in baseUrl is not part of it
            $headers = ['content-type' => 'application/json', 'lang' => $this->lang, 'connection' => 'close']
                + signHeaders($this->appKey, $this->secret, 'POST', $path, $data);
            $lines = [];
            foreach ($headers as $name => $value) {
                $lines[] = "$name: $value";
            }
            $context = stream_context_create(['http' => [
                'method' => 'POST',
                'header' => implode("\r\n", $lines),
                'content' => $data,
                'timeout' => $this->timeout,
                // an error status still carries Herald's envelope
                'ignore_errors' => true,
            ]]);
            $http_response_header = null;
            $text = @file_get_contents($this->baseUrl . $path, false, $context);
            $responseHeaders = function_exists('http_get_last_response_headers')
                ? http_get_last_response_headers()
                : $http_response_header;
            if ($text === false || !is_array($responseHeaders)) {
                $lastError = error_get_last()['message'] ?? 'no answer';
                if ($retryable && $attempt <= $retries) {
                    $wait = $backoff;
                    continue;
                }
                break;
            }
            try {
                return self::unwrap(self::statusOf($responseHeaders), $text);
            } catch (HeraldException $refusal) {
                // a server shutting down refuses before doing anything, so any call may be repeated
                // after its Retry-After; behind a load balancer the repeat reaches another node
                $after = $refusal->getCode() === SERVICE_UNAVAILABLE ? self::retryAfter($responseHeaders) : null;
                if ($after === null || $after > RETRY_AFTER_MAX_SECONDS || $attempt > $retries) {
                    throw $refusal;
                }
                $wait = max($after, $backoff);
            }
        }
        throw new NetworkException("$path: no answer after $attempt attempt(s): $lastError", $attempt);
    }

    /** Retry-After in seconds (what Herald sends) of the last answer; absent or unreadable: 0, the back-off decides. */
    private static function retryAfter(array $responseHeaders): float
    {
        $seconds = 0.0;
        foreach ($responseHeaders as $line) {
            if (preg_match('#^HTTP/#', $line)) {
                $seconds = 0.0;
            } elseif (preg_match('#^retry-after:\s*(\d+(?:\.\d+)?)\s*$#i', $line, $m)) {
                $seconds = (float) $m[1];
            }
        }
        return $seconds;
    }

    /** The last status line's code (a redirect leaves several). */
    private static function statusOf(array $responseHeaders): int
    {
        $status = 0;
        foreach ($responseHeaders as $line) {
            if (preg_match('#^HTTP/\S+\s+(\d{3})#', $line, $m)) {
                $status = (int) $m[1];
            }
        }
        return $status;
    }

    private static function unwrap(int $httpStatus, string $text): array
    {
        $env = json_decode($text, true);
        if (!is_array($env)) {
            throw new HeraldException(0, "not a Herald answer (HTTP $httpStatus): " . substr($text, 0, 200), $httpStatus);
        }
        if (($env['code'] ?? null) === SUCCESS) {
            return $env['data'];
        }
        throw new HeraldException((int) ($env['code'] ?? 0), (string) ($env['message'] ?? "HTTP $httpStatus"), $httpStatus, $env['data'] ?? null);
    }
}
