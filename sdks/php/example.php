<?php
/**
 * Herald's open API from PHP: sign, print, speak, follow the jobs, verify a webhook.
 *
 *     HERALD_URL=http://127.0.0.1:8080 HERALD_APP_KEY=... HERALD_APP_SECRET=... \
 *     HERALD_SN=<printer> HERALD_SPEAKER_SN=<speaker> php example.php
 *
 * Exits 0 when every job reached status 3 (success), 1 on any failure, 2 when a variable is missing.
 * See ../README.md for the variables.
 */

declare(strict_types=1);

require __DIR__ . '/Herald.php';

// docs/open-api.md, section 1 "Worked example"
const DOC_APP_KEY = 'hk_demo_7f3a';
const DOC_SECRET = 's3cr3t-0123456789abcdef0123456789abcdef';
const DOC_BODY = '{"sn":"HP58A0001","templateId":12,"orderId":"ORD-20260101-0001","params":{"table":"7","total":"25.30"}}';
const DOC_SIGNATURE = 'bed5ea61d33c2137e711a667ffa7eab283e790c08b8adacd994309bc4704f66d';
// docs/open-api.md, section 7 "Worked example" (a push signed with DOC_SECRET)
const DOC_WEBHOOK_TIMESTAMP = '1767225601300';
const DOC_WEBHOOK_BODY = '{"sn":"HP58A0001","kind":"print","event":"print","jobId":41,'
    . '"msgId":"3f0c2b9e-6d41-4a8e-9c3f-5b1d7e2a4c60","amount":null,"reason":null,"status":3,'
    . '"ackedAt":"2026-01-01T00:00:00.019Z","orderId":"ORD-20260101-0001","currency":null,'
    . '"expireAt":"2026-01-01T00:05:00.000Z","pushedAt":"2026-01-01T00:00:00.004Z","latencyMs":19,'
    . '"finishedAt":"2026-01-01T00:00:01.200Z","paymentType":null,"requestedAt":"2026-01-01T00:00:00.000Z"}';
const DOC_WEBHOOK_SIGNATURE = 'bfa5c6ea545f8f6ba7204925f042830e111b98fdaadd8c1b601462571a132fd0';

const STATUS_NAMES = [0 => 'not pushed', 1 => 'pushed', 2 => 'push succeeded', 3 => 'success', 4 => 'failed', 5 => 'timeout'];

function fail(string $message, int $code = 1): void
{
    fwrite(STDERR, "FAILED: $message\n");
    exit($code);
}

function env(string $name, ?string $default = null): string
{
    $value = getenv($name);
    $value = ($value === false || $value === '') ? $default : $value;
    if ($value === null || $value === '') {
        fail("set $name (see sdks/README.md)", 2);
    }
    return $value;
}

function checkSigning(): void
{
    $got = Herald\sign(DOC_APP_KEY, DOC_SECRET, '1767225600000', 'n0nce-8f2c41d7', 'POST', '/open/v1/print', DOC_BODY);
    if ($got !== DOC_SIGNATURE) {
        fail("signature $got, the docs say " . DOC_SIGNATURE);
    }
    echo 'sign: the worked example of docs/open-api.md signs to ' . substr($got, 0, 12) . "...\n";
}

/** A push is valid with its headers, and refused once its body is changed. */
function checkWebhook(string $label, string $secret, string $timestamp, string $body, string $signature, int $tolerance, string $previous = ''): void
{
    $headers = ['X-Herald-Timestamp' => $timestamp, 'X-Herald-Signature' => $signature, 'X-Herald-Event' => 'print'];
    if ($previous !== '') {
        // during a key rotation's overlap: the same push signed with the old secret
        $headers['X-Herald-Signature-Previous'] = $previous;
    }
    if (!Herald\verifyWebhook($headers, $body, $secret, $tolerance)) {
        fail("webhook ($label): the signature does not match (wrong secret, changed body, or too old)");
    }
    if (Herald\verifyWebhook($headers, $body . ' ', $secret, $tolerance)) {
        fail("webhook ($label): a tampered body was accepted");
    }
    echo "webhook ($label): signature verified, a tampered body refused\n";
}

function main(): void
{
    $secret = env('HERALD_APP_SECRET');
    $client = new Herald\Client(env('HERALD_URL', 'http://127.0.0.1:8080'), env('HERALD_APP_KEY'), $secret, 10.0);
    $printer = env('HERALD_SN');
    $speaker = getenv('HERALD_SPEAKER_SN') ?: null;
    $prefix = getenv('HERALD_ORDER_PREFIX') ?: 'example-';
    $wait = (float) (getenv('HERALD_WAIT_SECONDS') ?: '60');

    checkSigning();
    // a documented push is old: its timestamp is not checked
    checkWebhook('docs/open-api.md', DOC_SECRET, DOC_WEBHOOK_TIMESTAMP, DOC_WEBHOOK_BODY, DOC_WEBHOOK_SIGNATURE, 0);
    if (getenv('HERALD_WEBHOOK_SIGNATURE')) {
        // a push Herald sent, as the receiver got it
        checkWebhook('HERALD_WEBHOOK_*', $secret, env('HERALD_WEBHOOK_TIMESTAMP'), env('HERALD_WEBHOOK_BODY'),
            env('HERALD_WEBHOOK_SIGNATURE'), Herald\WEBHOOK_TOLERANCE_SECONDS,
            (string) getenv('HERALD_WEBHOOK_SIGNATURE_PREVIOUS'));
    }

    // an order id makes each call safe to retry after a lost answer (Herald stores it once)
    $run = bin2hex(random_bytes(4));
    $jobs = [];
    $orderId = "{$prefix}print-$run";
    $jobs[] = ['print', $client->printText($printer, "PHP example\n$orderId\nTotal 25.30", $orderId)];
    if ($speaker !== null) {
        $jobs[] = ['speak', $client->speakText($speaker, 'Payment received, 25.30 yuan', "{$prefix}speak-$run")];
        $jobs[] = ['trade', $client->trade([
            'sn' => $speaker, 'amount' => '25.30', 'currency' => 'CNY', 'paymentType' => 'alipay',
            'orderId' => "{$prefix}trade-$run",
        ])];
    } else {
        echo "speak: HERALD_SPEAKER_SN not set, nothing spoken\n";
    }
    foreach ($jobs as [$kind, $accepted]) {
        echo "$kind: job {$accepted['jobId']} accepted, order {$accepted['orderId']}\n";
    }

    $ok = true;
    foreach ($jobs as [$kind, $accepted]) {
        try {
            $final = $client->waitForFinal(['jobId' => $accepted['jobId']], $wait, 0.5);
        } catch (Herald\TimeoutException $e) {
            fwrite(STDERR, "$kind: {$e->getMessage()}\n");
            $ok = false;
            continue;
        }
        $reason = $final['reason'] ? ", reason {$final['reason']}" : '';
        echo "$kind: job {$final['jobId']} status {$final['status']} (" . STATUS_NAMES[$final['status']] . ")$reason\n";
        $ok = $ok && $final['status'] === 3;
    }
    if (!$ok) {
        fail('not every job succeeded');
    }
    echo "done: every job succeeded\n";
}

try {
    main();
} catch (Herald\HeraldException $e) {
    fail("Herald answered {$e->getCode()}: {$e->msg} (HTTP {$e->httpStatus})");
} catch (Herald\NetworkException $e) {
    fail($e->getMessage());
}
