// Package herald is a client for Herald's signed open API (docs/open-api.md), standard library only.
//
//	client := herald.NewClient("https://herald.example.com", appKey, secret)
//	job, err := client.PrintText(ctx, "HP58A0001", "Table 7: 25.30", "ORD-1")
//	final, err := client.WaitForFinal(ctx, herald.ByJobID(job.JobID), herald.WaitOptions{})
//
// Every call is a signed JSON POST; the answer's envelope {code, message, data} is unwrapped: the
// data on 20000, an *Error otherwise. Retries happen when no answer arrived (network error or
// timeout), only where repeating the request cannot do anything twice: record and device always;
// print, speak and trade only with an orderId (Herald answers a repeat of the same request under the
// same order id with the job it already stored). A server shutting down (50003) refuses before doing
// anything: every call is repeated after its Retry-After (at most 30 s). Every attempt is signed afresh.
package herald

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"
)

const success = 20000

// ServiceUnavailable: a server shutting down (HTTP 503 with Retry-After): nothing was done, any call may be repeated.
const ServiceUnavailable = 50003

// A refusal asking for a longer wait than this is returned to the caller instead of waited out.
const retryAfterMax = 30 * time.Second

// WebhookTolerance: a webhook is signed when it is sent (every retry afresh): an older one is a replay.
const WebhookTolerance = 5 * time.Minute

// Herald's sweep ends an expired job within about a second; allow for clocks and a busy server.
const expiryGrace = 15 * time.Second

// Error: Herald answered with a business code other than 20000 (docs/open-api.md, section 6).
type Error struct {
	Code       int
	Msg        string
	HTTPStatus int
	// validation failures: {"errors": [{"field": ..., "message": ...}]}
	Data json.RawMessage
}

func (e *Error) Error() string { return fmt.Sprintf("%d %s", e.Code, e.Msg) }

// NetworkError: no answer (refused, reset, timeout): a print without an order id may or may not exist.
type NetworkError struct {
	Path     string
	Attempts int
	Err      error
}

func (e *NetworkError) Error() string {
	return fmt.Sprintf("%s: no answer after %d attempt(s): %v", e.Path, e.Attempts, e.Err)
}
func (e *NetworkError) Unwrap() error { return e.Err }

// TimeoutError: WaitForFinal gave up while the job was still under way; Job is the last record seen.
type TimeoutError struct {
	Job    Job
	Waited time.Duration
}

func (e *TimeoutError) Error() string {
	return fmt.Sprintf("job %d still in status %d after %s", e.Job.JobID, e.Job.Status, e.Waited.Round(time.Millisecond))
}

// Accepted is the answer of print, speak and trade.
type Accepted struct {
	JobID   int64  `json:"jobId"`
	MsgID   string `json:"msgId"`
	OrderID string `json:"orderId"`
	Status  int    `json:"status"`
}

// Job is a job's record (also the body of a webhook, with its event).
type Job struct {
	Event       string     `json:"event,omitempty"`
	JobID       int64      `json:"jobId"`
	MsgID       string     `json:"msgId"`
	OrderID     *string    `json:"orderId"`
	SN          string     `json:"sn"`
	Kind        string     `json:"kind"`
	Status      int        `json:"status"`
	Reason      *string    `json:"reason"`
	RequestedAt time.Time  `json:"requestedAt"`
	ExpireAt    time.Time  `json:"expireAt"`
	PushedAt    *time.Time `json:"pushedAt"`
	AckedAt     *time.Time `json:"ackedAt"`
	FinishedAt  *time.Time `json:"finishedAt"`
	LatencyMs   *int64     `json:"latencyMs"`
	Amount      *string    `json:"amount"`
	Currency    *string    `json:"currency"`
	PaymentType *string    `json:"paymentType"`
}

// Final: 3 success, 4 failed, 5 timeout.
func (j Job) Final() bool { return j.Status == 3 || j.Status == 4 || j.Status == 5 }

// Record names a job: by job id or by order id (exactly one).
type Record struct {
	JobID   int64  `json:"jobId,omitempty"`
	OrderID string `json:"orderId,omitempty"`
}

func ByJobID(id int64) Record         { return Record{JobID: id} }
func ByOrderID(orderID string) Record { return Record{OrderID: orderID} }

// Client calls Herald's open API. Its fields may be changed before the first call.
type Client struct {
	// Herald's address (may end in a reverse proxy's path prefix)
	BaseURL string
	AppKey  string
	Secret  string
	// per attempt: connecting, sending and reading the answer
	Timeout time.Duration
	// extra attempts after a network error, where a retry is safe
	Retries int
	// before the first retry, doubled each time
	RetryDelay time.Duration
	// language of error messages: en_US or zh_CN
	Lang string
	HTTP *http.Client
}

func NewClient(baseURL, appKey, secret string) *Client {
	return &Client{
		BaseURL: strings.TrimRight(baseURL, "/"), AppKey: appKey, Secret: secret,
		Timeout: 10 * time.Second, Retries: 2, RetryDelay: 200 * time.Millisecond, Lang: "en_US",
		HTTP: &http.Client{},
	}
}

// Print: POST /open/v1/print; body holds sn and one of templateId, businessId, content.
func (c *Client) Print(ctx context.Context, body map[string]any) (Accepted, error) {
	var a Accepted
	_, hasOrder := body["orderId"]
	return a, c.call(ctx, "/open/v1/print", body, hasOrder, &a)
}

// PrintText prints text as a small receipt; orderID may be empty.
func (c *Client) PrintText(ctx context.Context, sn, text, orderID string) (Accepted, error) {
	body := map[string]any{"sn": sn, "content": Receipt(text)}
	if orderID != "" {
		body["orderId"] = orderID
	}
	return c.Print(ctx, body)
}

// Speak: POST /open/v1/speak; body holds sn and one of text, clips, businessId.
func (c *Client) Speak(ctx context.Context, body map[string]any) (Accepted, error) {
	var a Accepted
	_, hasOrder := body["orderId"]
	return a, c.call(ctx, "/open/v1/speak", body, hasOrder, &a)
}

// SpeakText speaks text; orderID may be empty.
func (c *Client) SpeakText(ctx context.Context, sn, text, orderID string) (Accepted, error) {
	body := map[string]any{"sn": sn, "text": text}
	if orderID != "" {
		body["orderId"] = orderID
	}
	return c.Speak(ctx, body)
}

// Trade: POST /open/v1/trade, a payment announcement (sn, amount, currency, paymentType, orderId).
func (c *Client) Trade(ctx context.Context, body map[string]any) (Accepted, error) {
	var a Accepted
	return a, c.call(ctx, "/open/v1/trade", body, true, &a)
}

// Record: a job's record.
func (c *Client) Record(ctx context.Context, by Record) (Job, error) {
	var j Job
	return j, c.call(ctx, "/open/v1/record", by, true, &j)
}

// Device: a device's state (online, paused, muted, printer state, battery, ...).
func (c *Client) Device(ctx context.Context, sn string) (map[string]any, error) {
	var d map[string]any
	return d, c.call(ctx, "/open/v1/device", map[string]any{"sn": sn}, true, &d)
}

type WaitOptions struct {
	// between polls; default 1 s
	Interval time.Duration
	// zero: until the job's own expireAt and a grace period, by when Herald has ended it
	Timeout time.Duration
	// called with every record seen; may be nil
	OnStatus func(Job)
}

// WaitForFinal polls the record until the job is final (3, 4 or 5) and returns it.
func (c *Client) WaitForFinal(ctx context.Context, by Record, o WaitOptions) (Job, error) {
	interval := o.Interval
	if interval <= 0 {
		interval = time.Second
	}
	started := time.Now()
	for {
		job, err := c.Record(ctx, by)
		if err != nil {
			return job, err
		}
		if o.OnStatus != nil {
			o.OnStatus(job)
		}
		if job.Final() {
			return job, nil
		}
		deadline := job.ExpireAt.Add(expiryGrace)
		if o.Timeout > 0 {
			deadline = started.Add(o.Timeout)
		}
		if time.Until(deadline) < interval {
			return job, &TimeoutError{Job: job, Waited: time.Since(started)}
		}
		select {
		case <-ctx.Done():
			return job, ctx.Err()
		case <-time.After(interval):
		}
	}
}

// NewNonce: 22 characters of [A-Za-z0-9_-] (128 random bits).
func NewNonce() string {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// Sign: hex HMAC-SHA256(secret, the six lines of docs/open-api.md section 1); body is the bytes sent.
func Sign(appKey, secret, timestamp, nonce, method, path string, body []byte) string {
	sum := sha256.Sum256(body)
	toSign := strings.Join([]string{appKey, timestamp, nonce, strings.ToUpper(method), path, hex.EncodeToString(sum[:])}, "\n")
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(toSign))
	return hex.EncodeToString(mac.Sum(nil))
}

// SignHeaders: the four x-herald-* headers of one request, with a fresh timestamp and nonce.
func SignHeaders(appKey, secret, method, path string, body []byte) map[string]string {
	timestamp := strconv.FormatInt(time.Now().UnixMilli(), 10)
	nonce := NewNonce()
	return map[string]string{
		"x-herald-appkey":    appKey,
		"x-herald-timestamp": timestamp,
		"x-herald-nonce":     nonce,
		"x-herald-signature": Sign(appKey, secret, timestamp, nonce, method, path, body),
	}
}

var digits = regexp.MustCompile(`^\d{1,18}$`)

// VerifyWebhook reports whether a push carries Herald's signature: hex HMAC-SHA256(secret,
// "<timestamp>\n<raw body>"). header: the request's (r.Header); rawBody: the bytes received, before
// any JSON parsing. A timestamp further than tolerance from now is refused (0: not checked).
// During the overlap of a key rotation Herald also signs with the old secret
// (x-herald-signature-previous): a receiver that still holds the old secret keeps verifying.
func VerifyWebhook(header http.Header, rawBody []byte, secret string, tolerance time.Duration) bool {
	timestamp := header.Get("x-herald-timestamp")
	signature := strings.ToLower(header.Get("x-herald-signature"))
	previous := strings.ToLower(header.Get("x-herald-signature-previous"))
	if !digits.MatchString(timestamp) || (signature == "" && previous == "") {
		return false
	}
	if tolerance > 0 {
		ms, _ := strconv.ParseInt(timestamp, 10, 64)
		skew := time.Since(time.UnixMilli(ms))
		if skew > tolerance || skew < -tolerance {
			return false
		}
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(timestamp + "\n"))
	mac.Write(rawBody)
	expected := []byte(hex.EncodeToString(mac.Sum(nil)))
	// both compared, whichever matches: the time taken does not tell which one did
	current := signature != "" && hmac.Equal(expected, []byte(signature))
	old := previous != "" && hmac.Equal(expected, []byte(previous))
	return current || old
}

var receiptSpecial = regexp.MustCompile("[\\\\|{}~_\"`^]")

// Receipt: a small receipt in receiptline markup, the text escaped so it prints as written.
func Receipt(text string) string {
	escaped := receiptSpecial.ReplaceAllString(text, `\$0`)
	return strings.Join([]string{"^^^HERALD", "", escaped, "---", `"Thank you!`, ""}, "\n")
}

func (c *Client) call(ctx context.Context, path string, body any, retryable bool, out any) error {
	data, err := json.Marshal(body)
	if err != nil {
		return err
	}
	retries := c.Retries
	if retries < 0 {
		retries = 0
	}
	var last error
	var wait time.Duration
	for attempt := 1; ; attempt++ {
		if wait > 0 {
			select {
			case <-ctx.Done():
				return &NetworkError{Path: path, Attempts: attempt - 1, Err: ctx.Err()}
			case <-time.After(wait):
			}
		}
		backoff := c.RetryDelay << (attempt - 1)
		status, header, text, err := c.send(ctx, path, data)
		if err != nil {
			last = err
			if ctx.Err() != nil || !retryable || attempt > retries {
				return &NetworkError{Path: path, Attempts: attempt, Err: last}
			}
			wait = backoff
			continue
		}
		err = unwrap(status, text, out)
		// a server shutting down refuses before doing anything, so any call may be repeated after its
		// Retry-After; behind a load balancer the repeat reaches another node
		if !IsCode(err, ServiceUnavailable) || attempt > retries {
			return err
		}
		after := retryAfter(header)
		if after > retryAfterMax {
			return err
		}
		wait = backoff
		if after > backoff {
			wait = after
		}
	}
}

// retryAfter: Retry-After in seconds (what Herald sends); absent or unreadable, the back-off decides.
func retryAfter(header http.Header) time.Duration {
	sec, err := strconv.ParseFloat(strings.TrimSpace(header.Get("retry-after")), 64)
	if err != nil || sec < 0 || sec > 1e9 {
		return 0
	}
	return time.Duration(sec * float64(time.Second))
}

func (c *Client) send(ctx context.Context, path string, data []byte) (int, http.Header, []byte, error) {
	ctx, cancel := context.WithTimeout(ctx, c.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.BaseURL+path, bytes.NewReader(data))
	if err != nil {
		return 0, nil, nil, err
	}
	req.Header.Set("content-type", "application/json")
	req.Header.Set("lang", c.Lang)
	// the path Herald routes on is signed: a reverse proxy's prefix in BaseURL is not part of it
	for k, v := range SignHeaders(c.AppKey, c.Secret, http.MethodPost, path, data) {
		req.Header.Set(k, v)
	}
	res, err := c.HTTP.Do(req)
	if err != nil {
		return 0, nil, nil, err
	}
	defer res.Body.Close()
	// a connection that drops (or times out) while the body arrives is as unanswered as one refused
	text, err := io.ReadAll(io.LimitReader(res.Body, 16<<20))
	if err != nil {
		return 0, nil, nil, err
	}
	return res.StatusCode, res.Header, text, nil
}

func unwrap(httpStatus int, text []byte, out any) error {
	var env struct {
		Code    *int            `json:"code"`
		Message string          `json:"message"`
		Data    json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(text, &env); err != nil || env.Code == nil {
		start := text
		if len(start) > 200 {
			start = start[:200]
		}
		return &Error{Code: 0, Msg: fmt.Sprintf("not a Herald answer (HTTP %d): %s", httpStatus, start), HTTPStatus: httpStatus}
	}
	if *env.Code != success {
		msg := env.Message
		if msg == "" {
			msg = fmt.Sprintf("HTTP %d", httpStatus)
		}
		return &Error{Code: *env.Code, Msg: msg, HTTPStatus: httpStatus, Data: env.Data}
	}
	if err := json.Unmarshal(env.Data, out); err != nil {
		return fmt.Errorf("herald: reading the answer's data: %w", err)
	}
	return nil
}

// IsCode reports whether err is Herald's answer with that business code (e.g. 40029 rate limited).
func IsCode(err error, code int) bool {
	var e *Error
	return errors.As(err, &e) && e.Code == code
}
