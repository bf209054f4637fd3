// Herald's open API from Go: sign, print, speak, follow the jobs, verify a webhook.
//
//	HERALD_URL=http://127.0.0.1:8080 HERALD_APP_KEY=... HERALD_APP_SECRET=... \
//	HERALD_SN=<printer> HERALD_SPEAKER_SN=<speaker> go run ./example
//
// Exits 0 when every job reached status 3 (success), 1 on any failure, 2 when a variable is missing.
// See ../README.md for the variables.
package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"time"

	"herald/sdk/herald"
)

// docs/open-api.md, section 1 "Worked example"
const (
	docAppKey    = "hk_demo_7f3a"
	docSecret    = "s3cr3t-0123456789abcdef0123456789abcdef"
	docBody      = `{"sn":"HP58A0001","templateId":12,"orderId":"ORD-20260101-0001","params":{"table":"7","total":"25.30"}}`
	docSignature = "bed5ea61d33c2137e711a667ffa7eab283e790c08b8adacd994309bc4704f66d"
)

// docs/open-api.md, section 7 "Worked example" (a push signed with docSecret)
const (
	docWebhookTimestamp = "1767225601300"
	docWebhookBody      = `{"sn":"HP58A0001","kind":"print","event":"print","jobId":41,` +
		`"msgId":"3f0c2b9e-6d41-4a8e-9c3f-5b1d7e2a4c60","amount":null,"reason":null,"status":3,` +
		`"ackedAt":"2026-01-01T00:00:00.019Z","orderId":"ORD-20260101-0001","currency":null,` +
		`"expireAt":"2026-01-01T00:05:00.000Z","pushedAt":"2026-01-01T00:00:00.004Z","latencyMs":19,` +
		`"finishedAt":"2026-01-01T00:00:01.200Z","paymentType":null,"requestedAt":"2026-01-01T00:00:00.000Z"}`
	docWebhookSignature = "bfa5c6ea545f8f6ba7204925f042830e111b98fdaadd8c1b601462571a132fd0"
)

var statusNames = []string{"not pushed", "pushed", "push succeeded", "success", "failed", "timeout"}

func fail(code int, format string, args ...any) {
	fmt.Fprintf(os.Stderr, "FAILED: "+format+"\n", args...)
	os.Exit(code)
}

func env(name, fallback string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	if fallback == "" {
		fail(2, "set %s (see sdks/README.md)", name)
	}
	return fallback
}

func checkSigning() {
	got := herald.Sign(docAppKey, docSecret, "1767225600000", "n0nce-8f2c41d7", "POST", "/open/v1/print", []byte(docBody))
	if got != docSignature {
		fail(1, "signature %s, the docs say %s", got, docSignature)
	}
	fmt.Printf("sign: the worked example of docs/open-api.md signs to %s...\n", got[:12])
}

// checkWebhook: a push is valid with its headers, and refused once its body is changed.
func checkWebhook(label, secret, timestamp, body, signature, previous string, tolerance time.Duration) {
	h := http.Header{}
	h.Set("X-Herald-Timestamp", timestamp)
	h.Set("X-Herald-Signature", signature)
	if previous != "" {
		// during a key rotation's overlap: the same push signed with the old secret
		h.Set("X-Herald-Signature-Previous", previous)
	}
	h.Set("X-Herald-Event", "print")
	if !herald.VerifyWebhook(h, []byte(body), secret, tolerance) {
		fail(1, "webhook (%s): the signature does not match (wrong secret, changed body, or too old)", label)
	}
	if herald.VerifyWebhook(h, []byte(body+" "), secret, tolerance) {
		fail(1, "webhook (%s): a tampered body was accepted", label)
	}
	fmt.Printf("webhook (%s): signature verified, a tampered body refused\n", label)
}

type accepted struct {
	kind string
	job  herald.Accepted
}

func main() {
	secret := env("HERALD_APP_SECRET", "")
	client := herald.NewClient(env("HERALD_URL", "http://127.0.0.1:8080"), env("HERALD_APP_KEY", ""), secret)
	client.Timeout = 10 * time.Second
	printer := env("HERALD_SN", "")
	speaker := os.Getenv("HERALD_SPEAKER_SN")
	prefix := env("HERALD_ORDER_PREFIX", "example-")
	waitSeconds, err := strconv.ParseFloat(env("HERALD_WAIT_SECONDS", "60"), 64)
	if err != nil {
		fail(2, "HERALD_WAIT_SECONDS: %v", err)
	}

	checkSigning()
	// a documented push is old: its timestamp is not checked
	checkWebhook("docs/open-api.md", docSecret, docWebhookTimestamp, docWebhookBody, docWebhookSignature, "", 0)
	if os.Getenv("HERALD_WEBHOOK_SIGNATURE") != "" {
		// a push Herald sent, as the receiver got it
		checkWebhook("HERALD_WEBHOOK_*", secret, env("HERALD_WEBHOOK_TIMESTAMP", ""), env("HERALD_WEBHOOK_BODY", ""),
			env("HERALD_WEBHOOK_SIGNATURE", ""), os.Getenv("HERALD_WEBHOOK_SIGNATURE_PREVIOUS"), herald.WebhookTolerance)
	}

	ctx := context.Background()
	// an order id makes each call safe to retry after a lost answer (Herald stores it once)
	r := make([]byte, 4)
	if _, err := rand.Read(r); err != nil {
		fail(1, "%v", err)
	}
	run := hex.EncodeToString(r)
	var jobs []accepted
	must := func(kind string, a herald.Accepted, err error) {
		if err != nil {
			var he *herald.Error
			if errors.As(err, &he) {
				fail(1, "%s: Herald answered %d: %s (HTTP %d)", kind, he.Code, he.Msg, he.HTTPStatus)
			}
			fail(1, "%s: %v", kind, err)
		}
		jobs = append(jobs, accepted{kind, a})
	}
	orderID := prefix + "print-" + run
	a, err := client.PrintText(ctx, printer, "Go example\n"+orderID+"\nTotal 25.30", orderID)
	must("print", a, err)
	if speaker != "" {
		a, err = client.SpeakText(ctx, speaker, "Payment received, 25.30 yuan", prefix+"speak-"+run)
		must("speak", a, err)
		a, err = client.Trade(ctx, map[string]any{
			"sn": speaker, "amount": "25.30", "currency": "CNY", "paymentType": "alipay", "orderId": prefix + "trade-" + run,
		})
		must("trade", a, err)
	} else {
		fmt.Println("speak: HERALD_SPEAKER_SN not set, nothing spoken")
	}
	for _, j := range jobs {
		fmt.Printf("%s: job %d accepted, order %s\n", j.kind, j.job.JobID, j.job.OrderID)
	}

	ok := true
	for _, j := range jobs {
		final, err := client.WaitForFinal(ctx, herald.ByJobID(j.job.JobID), herald.WaitOptions{
			Interval: 500 * time.Millisecond,
			Timeout:  time.Duration(waitSeconds * float64(time.Second)),
		})
		if err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", j.kind, err)
			ok = false
			continue
		}
		reason := ""
		if final.Reason != nil {
			reason = ", reason " + *final.Reason
		}
		fmt.Printf("%s: job %d status %d (%s)%s\n", j.kind, final.JobID, final.Status, statusNames[final.Status], reason)
		ok = ok && final.Status == 3
	}
	if !ok {
		fail(1, "not every job succeeded")
	}
	fmt.Println("done: every job succeeded")
}
