// Constant-rate (open-loop, wrk2-style) HTTP/1.1 load for Benchmarks/run.sh: request k is due at
// t0 + k/rate and its latency counts from that SCHEDULED time, so neither a slow server nor a late
// client can hide a queue (coordinated omission corrected).
//
// Why C and not node/fixed-rate.mjs: on a 2-core VM node's own jitter (one event loop for sends
// and answers, 1 ms timers, and a third of a core of its own at 1,000 req/s taken from the server)
// sent about 3,000 of 10,000 requests more than 1 ms late and put health's p99 at 11 ms, so the
// generator measured itself more than a server that aims at p99 <= 5 ms. This one is a single
// thread on epoll with an absolute CLOCK_MONOTONIC timerfd (timer slack 1 ns) per send, no
// allocation while it runs, libc only: about 5 % of a core at 1,000 req/s.
//
//   cc -std=c11 -O2 -Wall -Wextra -o fixed-rate fixed-rate.c
//   fixed-rate <base-url> <recover|health> <rate> <seconds> [<run-id>]
//     base-url: http://HOST:PORT with HOST an IPv4 address or localhost (any path is ignored)
//     BENCH_SOCKETS: keep-alive connections, opened before the first send (default 32)
//
// Prints one line, the keys of node/fixed-rate.mjs in its order, then its own:
//   FIXED label=… target_rps=… achieved_rps=… requests=… non2xx=… late_sends=… p50_ms=… p90_ms=…
//   p99_ms=… max_ms=… queued=… late_not_queued=… reconnects=… failed=… max_send_lag_ms=…
// late_sends: requests written more than 1 ms after they were due, for any reason (the generator
//   woke late, or the request waited for a connection); max_send_lag_ms: the largest such delay.
// queued: requests that found no idle connection when due; they wait in a FIFO for one, their
//   latency still counted from the due time. A server that stalls shows here.
// late_not_queued: late sends of requests that did not wait for a connection: the generator's own
//   lateness (it woke late, usually because the cores were busy).
// reconnects: connections established again after one was closed (by the server, by a request
//   timing out on it, or broken). Every connection sends one health request before t0 (not
//   counted), so that none is closed for sending nothing (the server's header timeout).
// failed: requests with no complete answer within 10 s of their due time, or whose connection
//   broke; counted in non2xx as status 0, like the node generator.
// achieved_rps: requests written / (time of the last write - t0 + 1 / rate): the target when every
//   request went out on time, less when the sends fell behind.
// Exit 0 after printing; 2 for bad arguments; 1 when no connection could be opened at all.
// The run ends at most <seconds> + 15 s after start whatever the server does.
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <math.h> // isfinite and NAN only: no libm
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/epoll.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

#define NS_PER_MS 1000000LL
#define NS_PER_S 1000000000LL
#define LATE_NS (1 * NS_PER_MS)           // a send more than this after its due time is late
#define REQUEST_TIMEOUT_NS (10 * NS_PER_S) // no complete answer this long after due: failed
#define CONNECT_PHASE_NS (3 * NS_PER_S)    // the first connections must be up within this
#define START_DELAY_NS (100 * NS_PER_MS)   // t0 = this after the connections are up (as node)
#define RUN_SLACK_NS (15 * NS_PER_S)       // the whole run ends by start + seconds + this
#define MAX_SOCKETS 1024
#define MAX_REQUESTS 50000000L
#define MAX_RUN_ID 200
#define WBUF_SIZE 2048
#define RBUF_SIZE 16384
#define TIMER_TAG UINT64_MAX

enum conn_state { C_DOWN, C_CONNECTING, C_IDLE, C_BUSY };
enum parse_state { P_HEAD, P_BODY, P_BODY_EOF, P_CHUNK_SIZE, P_CHUNK_DATA, P_CHUNK_CRLF, P_TRAILER };
enum parse_result { R_MORE, R_DONE, R_DONE_CLOSE, R_ERROR };

struct conn {
    int fd;
    enum conn_state state;
    uint32_t events;   // registered with epoll
    int idle_slot;     // index in the idle stack, -1 when not idle
    uint32_t gen;      // bumped for every socket, so that no event of an old one is misread
    int connected_before;
    long req;          // request in flight, -1 for none
    int priming;       // the priming request (no request number) is in flight
    int64_t retry_at;  // C_DOWN: when to connect again
    int64_t backoff;   // C_DOWN: next delay after a failed connect
    char wbuf[WBUF_SIZE];
    size_t wlen, woff;
    char rbuf[RBUF_SIZE];
    size_t rpos, rlen; // unparsed bytes are rbuf[rpos, rlen)
    enum parse_state ps;
    int status;
    int close_after;   // the response said (or implied) Connection: close
    int64_t remaining; // body or chunk bytes still to come
};

// ---------------------------------------------------------------- run state

static const char *label;
static int recover_scenario;
static double rate;
static long total;
static int64_t t0, run_deadline;
static double *latency_ms; // by request
static short *status_of;   // by request: -1 pending, 0 failed, else the HTTP status
static long released;      // requests [0, released) are due
static long started;       // requests [0, started) were written or failed; [started, released) wait
static long completed;     // requests with a final status
static long late_sends, late_not_queued, queued, reconnects, failed_count, written;
static int64_t max_lag, last_write, last_lag;

static struct conn *conns;
static int nconns;
static int *idle_stack;
static int idle_count;
static int ep, tfd;
static int64_t timer_armed = -1; // the absolute time the timerfd is set to, -1 if it fired
static int last_connect_error;
static struct sockaddr_in addr;
static char host_header[300];
static char run_id_json[MAX_RUN_ID * 6 + 1]; // the run id escaped for a JSON string

static int64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * NS_PER_S + ts.tv_nsec;
}

static int64_t due_ns(long k) { return t0 + (int64_t)((double)k * 1e9 / rate); }

static void die(const char *what) {
    fprintf(stderr, "fixed-rate: %s: %s\n", what, strerror(errno));
    exit(1);
}

static void usage(const char *why) {
    if (why) fprintf(stderr, "fixed-rate: %s\n", why);
    fprintf(stderr, "usage: fixed-rate <base-url> <recover|health> <rate> <seconds> [<run-id>]\n"
                    "  base-url: http://HOST:PORT, HOST an IPv4 address or localhost; "
                    "BENCH_SOCKETS: keep-alive connections (default 32)\n");
    exit(2);
}

// ---------------------------------------------------------------- results

static void finish_request(long k, int status, int64_t at) {
    if (k < 0 || status_of[k] != -1) return;
    status_of[k] = (short)status;
    latency_ms[k] = (double)(at - due_ns(k)) / (double)NS_PER_MS;
    completed++;
    if (status == 0) failed_count++;
}

// ---------------------------------------------------------------- connections

static uint64_t event_tag(struct conn *c) { return (uint64_t)c->gen << 32 | (uint64_t)(c - conns); }

static void set_events(struct conn *c, uint32_t events) {
    if (c->fd < 0 || c->events == events) return;
    struct epoll_event ev = {.events = events, .data.u64 = event_tag(c)};
    if (epoll_ctl(ep, EPOLL_CTL_MOD, c->fd, &ev) < 0) die("epoll_ctl");
    c->events = events;
}

static void idle_push(struct conn *c) {
    c->state = C_IDLE;
    c->idle_slot = idle_count;
    idle_stack[idle_count++] = (int)(c - conns);
}

static void idle_remove(struct conn *c) {
    if (c->idle_slot < 0) return;
    int last = idle_stack[--idle_count];
    idle_stack[c->idle_slot] = last;
    conns[last].idle_slot = c->idle_slot;
    c->idle_slot = -1;
}

// Most recently freed first, as node's http.Agent (scheduling "lifo").
static struct conn *idle_pop(void) {
    if (idle_count == 0) return NULL;
    struct conn *c = &conns[idle_stack[idle_count - 1]];
    idle_remove(c);
    return c;
}

static void reset_parser(struct conn *c) {
    c->ps = P_HEAD;
    c->status = 0;
    c->close_after = 0;
    c->remaining = 0;
}

// Starts a nonblocking connect; on an immediate failure the connection waits for its backoff.
static void open_conn(struct conn *c, int64_t now) {
    c->req = -1;
    c->priming = 0;
    c->rpos = c->rlen = 0;
    c->wlen = c->woff = 0;
    reset_parser(c);
    c->gen++;
    c->fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (c->fd < 0) die("socket");
    int one = 1;
    setsockopt(c->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    int r = connect(c->fd, (struct sockaddr *)&addr, sizeof addr);
    if (r < 0 && errno != EINPROGRESS) {
        last_connect_error = errno;
        close(c->fd);
        c->fd = -1;
        c->state = C_DOWN;
        c->retry_at = now + c->backoff;
        if (c->backoff < 100 * NS_PER_MS) c->backoff *= 2;
        return;
    }
    struct epoll_event ev = {.events = EPOLLOUT, .data.u64 = event_tag(c)};
    if (epoll_ctl(ep, EPOLL_CTL_ADD, c->fd, &ev) < 0) die("epoll_ctl");
    c->events = EPOLLOUT;
    c->state = C_CONNECTING;
}

// Closes c and connects again right away; its request in flight (if any) fails.
static void close_conn(struct conn *c, int64_t now) {
    finish_request(c->req, 0, now);
    c->req = -1;
    idle_remove(c);
    if (c->fd >= 0) {
        epoll_ctl(ep, EPOLL_CTL_DEL, c->fd, NULL);
        close(c->fd);
        c->fd = -1;
    }
    c->events = 0;
    c->state = C_DOWN;
    open_conn(c, now);
}

// ---------------------------------------------------------------- requests

static size_t checked_length(int n, size_t size) {
    if (n < 0 || (size_t)n >= size) abort(); // cannot happen: the run id and host are bounded
    return (size_t)n;
}

// The health route's request: the health scenario's, and every connection's priming request.
static size_t render_health(char *buf, size_t size) {
    return checked_length(snprintf(buf, size, "GET /auth/v1/health HTTP/1.1\r\nHost: %s\r\n\r\n", host_header), size);
}

static size_t render_request(char *buf, size_t size, long k) {
    if (!recover_scenario) return render_health(buf, size);
    char body[sizeof run_id_json + 64];
    int blen = snprintf(body, sizeof body, "{\"email\":\"fixed-%s-%ld@example.com\"}", run_id_json, k);
    int n = snprintf(buf, size,
                     "POST /auth/v1/recover HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\n"
                     "Content-Length: %d\r\n\r\n%s",
                     host_header, blen, body);
    return checked_length(n, size);
}

// Writes what is left of c's request. Returns 0, or -1 if the connection broke (then closed).
static int flush_conn(struct conn *c, int64_t now) {
    while (c->woff < c->wlen) {
        ssize_t n = send(c->fd, c->wbuf + c->woff, c->wlen - c->woff, MSG_NOSIGNAL);
        if (n > 0) {
            c->woff += (size_t)n;
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            set_events(c, EPOLLIN | EPOLLOUT);
            return 0;
        }
        close_conn(c, now);
        return -1;
    }
    set_events(c, EPOLLIN);
    return 0;
}

// Sends GET /auth/v1/health on idle connection c, outside the run (no request number): the
// server gives a connection's first request head a deadline from its connect (Gatehouse's header
// timeout, 10 s by default), and at a low rate most connections would otherwise sit unused until
// it closed them mid-run, to be opened again while the run is measured.
static void prime_conn(struct conn *c) {
    idle_remove(c);
    c->wlen = render_health(c->wbuf, sizeof c->wbuf);
    c->woff = 0;
    c->state = C_BUSY;
    c->req = -1;
    c->priming = 1;
    flush_conn(c, now_ns());
}

// Writes request `started` on idle connection c. A connection that breaks before any byte of it
// went out is replaced and the request stays at the front of the queue; returns 0 then, else 1.
static int send_next(struct conn *c) {
    long k = started;
    int64_t now = now_ns();
    c->wlen = render_request(c->wbuf, sizeof c->wbuf, k);
    c->woff = 0;
    ssize_t n;
    do n = send(c->fd, c->wbuf, c->wlen, MSG_NOSIGNAL);
    while (n < 0 && errno == EINTR);
    if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) {
        close_conn(c, now);
        return 0;
    }
    started++;
    written++;
    int64_t lag = now - due_ns(k);
    last_lag = lag;
    if (lag > LATE_NS) late_sends++;
    if (lag > max_lag) max_lag = lag;
    last_write = now;
    c->state = C_BUSY;
    c->req = k;
    c->woff = n > 0 ? (size_t)n : 0;
    flush_conn(c, now);
    return 1;
}

// Releases the requests whose due time has come, each written at once on an idle connection if
// there is one and nothing waits before it; the others join the queue.
static void release_and_dispatch(void) {
    int64_t now = now_ns();
    while (started < released && idle_count > 0) send_next(idle_pop());
    while (released < total && due_ns(released) <= now) {
        released++;
        while (started < released && idle_count > 0) {
            long k = started;
            if (send_next(idle_pop()) && k == released - 1 && last_lag > LATE_NS) late_not_queued++;
        }
        if (started < released) queued++;
    }
}

// ---------------------------------------------------------------- responses

static const char *find_crlf(const char *p, const char *end) {
    for (; p + 1 < end; p++)
        if (p[0] == '\r' && p[1] == '\n') return p;
    return NULL;
}

static int contains_token(const char *p, size_t n, const char *token) {
    size_t t = strlen(token);
    for (size_t i = 0; i + t <= n; i++)
        if (strncasecmp(p + i, token, t) == 0) return 1;
    return 0;
}

// Parses the status line and headers in [p, end) (end at the blank line's CRLF). 0 or -1.
static int parse_head(struct conn *c, const char *p, const char *end, int64_t *content_length, int *chunked) {
    const char *eol = find_crlf(p, end + 2);
    if (eol - p < 12 || strncmp(p, "HTTP/1.", 7) != 0 || p[7] < '0' || p[7] > '9' || p[8] != ' ') return -1;
    int minor = p[7] - '0';
    for (int i = 9; i < 12; i++)
        if (p[i] < '0' || p[i] > '9') return -1;
    c->status = (p[9] - '0') * 100 + (p[10] - '0') * 10 + (p[11] - '0');
    c->close_after = minor == 0; // HTTP/1.0: close unless keep-alive
    *content_length = -1;
    *chunked = 0;
    for (p = eol + 2; p < end; p = eol + 2) {
        eol = find_crlf(p, end + 2);
        const char *colon = memchr(p, ':', (size_t)(eol - p));
        if (!colon) return -1;
        size_t nlen = (size_t)(colon - p);
        const char *v = colon + 1, *vend = eol;
        while (v < vend && (*v == ' ' || *v == '\t')) v++;
        while (vend > v && (vend[-1] == ' ' || vend[-1] == '\t')) vend--;
        size_t vlen = (size_t)(vend - v);
        if (nlen == 14 && strncasecmp(p, "content-length", 14) == 0) {
            if (vlen == 0 || vlen > 15) return -1;
            int64_t n = 0;
            for (const char *q = v; q < vend; q++) {
                if (*q < '0' || *q > '9') return -1;
                n = n * 10 + (*q - '0');
            }
            if (*content_length >= 0 && *content_length != n) return -1;
            *content_length = n;
        } else if (nlen == 17 && strncasecmp(p, "transfer-encoding", 17) == 0) {
            if (contains_token(v, vlen, "chunked")) *chunked = 1;
        } else if (nlen == 10 && strncasecmp(p, "connection", 10) == 0) {
            if (contains_token(v, vlen, "close")) c->close_after = 1;
            else if (contains_token(v, vlen, "keep-alive")) c->close_after = 0;
        }
    }
    return 0;
}

// Consumes what it can of c->rbuf; records the response of c->req when it is complete.
static enum parse_result parse(struct conn *c, int64_t now) {
    for (;;) {
        char *p = c->rbuf + c->rpos, *end = c->rbuf + c->rlen;
        size_t avail = (size_t)(end - p);
        switch (c->ps) {
        case P_HEAD: {
            if (avail == 0) return R_MORE;
            if (c->req < 0 && !c->priming) return R_ERROR; // bytes nobody asked for
            char *blank = memmem(p, avail, "\r\n\r\n", 4);
            if (!blank) return avail == RBUF_SIZE ? R_ERROR : R_MORE;
            int64_t content_length;
            int chunked;
            if (parse_head(c, p, blank, &content_length, &chunked) < 0) return R_ERROR;
            c->rpos += (size_t)(blank + 4 - p);
            if (c->status >= 100 && c->status < 200 && c->status != 101) {
                reset_parser(c); // 100 Continue and the like: the real answer follows
                continue;
            }
            if (c->status == 204 || c->status == 304 || c->status == 101) {
                goto complete;
            } else if (chunked) {
                c->ps = P_CHUNK_SIZE;
            } else if (content_length >= 0) {
                c->remaining = content_length;
                if (content_length == 0) goto complete;
                c->ps = P_BODY;
            } else {
                c->ps = P_BODY_EOF; // the body ends when the server closes
                c->close_after = 1;
            }
            continue;
        }
        case P_BODY:
        case P_CHUNK_DATA: {
            if (avail == 0) return R_MORE;
            size_t take = (int64_t)avail < c->remaining ? avail : (size_t)c->remaining;
            c->rpos += take;
            c->remaining -= (int64_t)take;
            if (c->remaining > 0) return R_MORE;
            if (c->ps == P_BODY) goto complete;
            c->ps = P_CHUNK_CRLF;
            continue;
        }
        case P_BODY_EOF:
            c->rpos = c->rlen;
            return R_MORE;
        case P_CHUNK_CRLF:
            if (avail < 2) return R_MORE;
            if (p[0] != '\r' || p[1] != '\n') return R_ERROR;
            c->rpos += 2;
            c->ps = P_CHUNK_SIZE;
            continue;
        case P_CHUNK_SIZE: {
            const char *eol = find_crlf(p, end);
            if (!eol) return avail == RBUF_SIZE ? R_ERROR : R_MORE;
            int64_t size = 0;
            const char *q = p;
            while (q < eol && (*q == ' ' || *q == '\t')) q++;
            const char *digits = q;
            for (; q < eol; q++) {
                int d;
                if (*q >= '0' && *q <= '9') d = *q - '0';
                else if (*q >= 'a' && *q <= 'f') d = *q - 'a' + 10;
                else if (*q >= 'A' && *q <= 'F') d = *q - 'A' + 10;
                else break;
                if (size > (INT64_MAX >> 4)) return R_ERROR;
                size = size * 16 + d;
            }
            if (q == digits || (q < eol && *q != ';' && *q != ' ' && *q != '\t')) return R_ERROR;
            c->rpos += (size_t)(eol + 2 - p);
            if (size == 0) {
                c->ps = P_TRAILER;
            } else {
                c->remaining = size;
                c->ps = P_CHUNK_DATA;
            }
            continue;
        }
        case P_TRAILER: {
            const char *eol = find_crlf(p, end);
            if (!eol) return avail == RBUF_SIZE ? R_ERROR : R_MORE;
            c->rpos += (size_t)(eol + 2 - p);
            if (eol == p) goto complete; // the blank line after the last chunk and any trailers
            continue;
        }
        }
    complete:
        finish_request(c->req, c->status, now);
        c->req = -1;
        c->priming = 0;
        int close_after = c->close_after;
        reset_parser(c);
        // One request in flight at a time: anything after its answer is a protocol error.
        if (close_after || c->rpos < c->rlen) return R_DONE_CLOSE;
        return R_DONE;
    }
}

static void on_readable(struct conn *c) {
    if (c->rpos > 0) {
        memmove(c->rbuf, c->rbuf + c->rpos, c->rlen - c->rpos);
        c->rlen -= c->rpos;
        c->rpos = 0;
    }
    ssize_t n;
    do n = read(c->fd, c->rbuf + c->rlen, RBUF_SIZE - c->rlen);
    while (n < 0 && errno == EINTR);
    int64_t now = now_ns();
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
    if (n <= 0) {
        // Closed by the server (or broken): a body delimited by the close is complete.
        if (n == 0 && c->ps == P_BODY_EOF && c->req >= 0) {
            finish_request(c->req, c->status, now);
            c->req = -1;
        }
        close_conn(c, now);
        return;
    }
    c->rlen += (size_t)n;
    switch (parse(c, now)) {
    case R_MORE:
        return;
    case R_ERROR:
    case R_DONE_CLOSE:
        close_conn(c, now);
        return;
    case R_DONE:
        if (c->woff < c->wlen) { // answered before the request was all written: give up on it
            close_conn(c, now);
            return;
        }
        c->wlen = c->woff = 0;
        idle_push(c);
        set_events(c, EPOLLIN);
        if (started < released) send_next(idle_pop());
        return;
    }
}

static void on_connected(struct conn *c) {
    int err = 0;
    socklen_t len = sizeof err;
    int64_t now = now_ns();
    if (getsockopt(c->fd, SOL_SOCKET, SO_ERROR, &err, &len) < 0) err = errno;
    if (err != 0) {
        last_connect_error = err;
        epoll_ctl(ep, EPOLL_CTL_DEL, c->fd, NULL);
        close(c->fd);
        c->fd = -1;
        c->events = 0;
        c->state = C_DOWN;
        c->retry_at = now + c->backoff;
        if (c->backoff < 100 * NS_PER_MS) c->backoff *= 2;
        return;
    }
    c->backoff = NS_PER_MS;
    if (c->connected_before) reconnects++;
    c->connected_before = 1;
    idle_push(c);
    set_events(c, EPOLLIN);
    if (started < released) send_next(idle_pop());
}

static void on_event(uint64_t tag, uint32_t events) {
    struct conn *c = &conns[(uint32_t)tag];
    if (c->fd < 0 || (uint32_t)(tag >> 32) != c->gen) return; // about a socket closed since
    if (c->state == C_CONNECTING) {
        if (events & (EPOLLOUT | EPOLLERR | EPOLLHUP)) on_connected(c);
        return;
    }
    if ((events & EPOLLOUT) && c->state == C_BUSY && c->woff < c->wlen) {
        if (flush_conn(c, now_ns()) < 0) return;
    }
    if (events & (EPOLLIN | EPOLLERR | EPOLLHUP)) on_readable(c);
}

// ---------------------------------------------------------------- timers

// Fails requests past their 10 s, connects the connections whose backoff is over; returns the
// next time anything is due (a send, a timeout, a retry, the end of the run).
static int64_t housekeeping(void) {
    int64_t now = now_ns(), next = run_deadline;
    while (started < released && due_ns(started) + REQUEST_TIMEOUT_NS <= now) {
        finish_request(started, 0, now); // waited 10 s in the queue
        started++;
    }
    if (started < released && due_ns(started) + REQUEST_TIMEOUT_NS < next) next = due_ns(started) + REQUEST_TIMEOUT_NS;
    if (released < total && due_ns(released) < next) next = due_ns(released);
    for (int i = 0; i < nconns; i++) {
        struct conn *c = &conns[i];
        if (c->state == C_BUSY && c->req >= 0) {
            int64_t limit = due_ns(c->req) + REQUEST_TIMEOUT_NS;
            if (limit <= now) close_conn(c, now); // fails the request
            else if (limit < next) next = limit;
        }
        if (c->state == C_DOWN) {
            if (c->retry_at <= now) open_conn(c, now);
            if (c->state == C_DOWN && c->retry_at < next) next = c->retry_at;
        }
    }
    return next;
}

static void arm_timer(int64_t at) {
    if (at <= 0) at = 1; // zero would disarm it
    if (at == timer_armed) return;
    struct itimerspec its = {.it_value = {.tv_sec = at / NS_PER_S, .tv_nsec = at % NS_PER_S}};
    if (timerfd_settime(tfd, TFD_TIMER_ABSTIME, &its, NULL) < 0) die("timerfd_settime");
    timer_armed = at;
}

// Waits for events; the timer's, if among them, is consumed first and reported by the return.
static int wait_events(struct epoll_event *events, int max, int *timer_fired) {
    int n = epoll_wait(ep, events, max, -1);
    if (n < 0 && errno != EINTR) die("epoll_wait");
    *timer_fired = 0;
    for (int i = 0; i < n; i++) {
        if (events[i].data.u64 != TIMER_TAG) continue;
        uint64_t expirations;
        if (read(tfd, &expirations, sizeof expirations) < 0 && errno != EAGAIN) die("read timerfd");
        timer_armed = -1;
        *timer_fired = 1;
    }
    return n < 0 ? 0 : n;
}

// Waits until events come or `deadline`, and hands the connections' events on (the phases before
// t0, where the timer only bounds the wait).
static void handle_events_until(int64_t deadline) {
    struct epoll_event events[64];
    int timer_fired;
    arm_timer(deadline);
    int n = wait_events(events, 64, &timer_fired);
    for (int i = 0; i < n; i++)
        if (events[i].data.u64 != TIMER_TAG) on_event(events[i].data.u64, events[i].events);
}

// ---------------------------------------------------------------- arguments and output

static int parse_number(const char *s, double *out) {
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || *end != '\0' || errno != 0 || !isfinite(v)) return -1;
    *out = v;
    return 0;
}

static void parse_base(const char *base) {
    if (strncmp(base, "http://", 7) != 0) usage("base-url must start with http://");
    const char *h = base + 7;
    size_t hlen = strcspn(h, ":/?#");
    char host[64];
    if (hlen == 0 || hlen >= sizeof host) usage("base-url has no host");
    memcpy(host, h, hlen);
    host[hlen] = '\0';
    long port = 80;
    const char *rest = h + hlen;
    if (*rest == ':') {
        char *end;
        port = strtol(rest + 1, &end, 10);
        if (end == rest + 1 || port < 1 || port > 65535 || (*end != '\0' && *end != '/')) usage("bad port in base-url");
        rest = end;
    }
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_port = htons((uint16_t)port);
    if (strcasecmp(host, "localhost") == 0) addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    else if (inet_pton(AF_INET, host, &addr.sin_addr) != 1) usage("host must be an IPv4 address or localhost");
    snprintf(host_header, sizeof host_header, "%.*s", (int)(rest - h), h);
}

static void make_run_id(char *out, size_t len) {
    static const char digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
    unsigned char bytes[16] = {0};
    FILE *f = fopen("/dev/urandom", "rb");
    if (!f || fread(bytes, 1, len, f) != len) {
        uint64_t x = (uint64_t)now_ns() ^ ((uint64_t)getpid() << 32);
        for (size_t i = 0; i < len; i++, x >>= 5) bytes[i] = (unsigned char)x;
    }
    if (f) fclose(f);
    for (size_t i = 0; i < len; i++) out[i] = digits[bytes[i] % 36];
    out[len] = '\0';
}

static void json_escape(const char *s, char *out) {
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\') {
            *out++ = '\\';
            *out++ = (char)ch;
        } else if (ch < 0x20) {
            out += sprintf(out, "\\u%04x", ch);
        } else {
            *out++ = (char)ch;
        }
    }
    *out = '\0';
}

// A number as JavaScript prints it (shortest text that reads back the same), for target_rps.
static void format_js_number(double v, char *out, size_t size) {
    if (v == (double)(int64_t)v && v < 1e15) { // integers without an exponent, like 1000
        snprintf(out, size, "%lld", (long long)v);
        return;
    }
    for (int precision = 1; precision <= 17; precision++) {
        snprintf(out, size, "%.*g", precision, v);
        if (strtod(out, NULL) == v) return;
    }
}

static void format_ms(double v, char *out, size_t size) {
    if (isfinite(v)) snprintf(out, size, "%.3f", v);
    else snprintf(out, size, "nan");
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double quantile(const double *sorted, long n, double q) {
    if (n == 0) return NAN;
    long i = (long)(q * (double)n); // floor: q * n >= 0
    return sorted[i < n - 1 ? i : n - 1];
}

int main(int argc, char **argv) {
    int64_t start = now_ns();
    if (argc < 5 || argc > 6) usage(NULL);
    const char *base = argv[1];
    label = argv[2];
    if (strcmp(label, "recover") == 0) recover_scenario = 1;
    else if (strcmp(label, "health") != 0) usage("scenario must be recover or health");
    double seconds;
    if (parse_number(argv[3], &rate) < 0 || !(rate > 0)) usage("rate must be a number > 0");
    if (parse_number(argv[4], &seconds) < 0 || !(seconds > 0)) usage("seconds must be a number > 0");
    if (rate * seconds > (double)MAX_REQUESTS) usage("rate x seconds is more than 50,000,000 requests");
    total = (long)(rate * seconds + 0.5); // Math.round, as node
    char run_id[MAX_RUN_ID + 1];
    if (argc == 6) {
        if (strlen(argv[5]) > MAX_RUN_ID) usage("run-id is longer than 200 characters");
        strcpy(run_id, argv[5]);
    } else {
        make_run_id(run_id, 6);
    }
    json_escape(run_id, run_id_json);
    parse_base(base);
    const char *sockets_env = getenv("BENCH_SOCKETS");
    nconns = 32;
    if (sockets_env && *sockets_env) {
        char *end;
        long n = strtol(sockets_env, &end, 10);
        if (*end != '\0' || n < 1 || n > MAX_SOCKETS) usage("BENCH_SOCKETS must be a whole number from 1 to 1024");
        nconns = (int)n;
    }

    signal(SIGPIPE, SIG_IGN);
    prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL); // wake at the due time, not up to 50 us after
    latency_ms = calloc((size_t)(total > 0 ? total : 1), sizeof *latency_ms);
    status_of = malloc((size_t)(total > 0 ? total : 1) * sizeof *status_of);
    conns = calloc((size_t)nconns, sizeof *conns);
    idle_stack = calloc((size_t)nconns, sizeof *idle_stack);
    if (!latency_ms || !status_of || !conns || !idle_stack) die("out of memory");
    for (long k = 0; k < total; k++) status_of[k] = -1;
    ep = epoll_create1(EPOLL_CLOEXEC);
    if (ep < 0) die("epoll_create1");
    tfd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
    if (tfd < 0) die("timerfd_create");
    struct epoll_event tev = {.events = EPOLLIN, .data.u64 = TIMER_TAG};
    if (epoll_ctl(ep, EPOLL_CTL_ADD, tfd, &tev) < 0) die("epoll_ctl");
    run_deadline = start + (int64_t)(seconds * 1e9) + RUN_SLACK_NS;

    // Connect phase: every connection up (or refused) before the first request is due.
    for (int i = 0; i < nconns; i++) {
        conns[i].fd = -1;
        conns[i].idle_slot = -1;
        conns[i].backoff = NS_PER_MS;
        open_conn(&conns[i], start);
    }
    for (;;) {
        int connecting = 0;
        for (int i = 0; i < nconns; i++) connecting += conns[i].state == C_CONNECTING;
        if (connecting == 0 || now_ns() - start >= CONNECT_PHASE_NS) break;
        handle_events_until(start + CONNECT_PHASE_NS);
    }
    if (idle_count == 0) {
        fprintf(stderr, "fixed-rate: cannot connect to %s:%d: %s\n", inet_ntoa(addr.sin_addr), ntohs(addr.sin_port),
                last_connect_error ? strerror(last_connect_error) : "no connection within 3 s");
        return 1;
    }
    if (idle_count < nconns)
        fprintf(stderr, "fixed-rate: %d of %d connections up at the start; the others keep trying\n", idle_count, nconns);

    // Priming phase: one health request on every connection up, each answered before t0.
    int up = idle_count;
    for (int i = 0; i < nconns; i++)
        if (conns[i].state == C_IDLE) prime_conn(&conns[i]);
    int64_t primed_by = now_ns() + CONNECT_PHASE_NS;
    while (idle_count < up && now_ns() < primed_by) handle_events_until(primed_by);
    if (idle_count < up)
        fprintf(stderr, "fixed-rate: %d of %d connections answered the priming request within 3 s\n", idle_count, up);

    t0 = now_ns() + START_DELAY_NS;
    struct epoll_event events[64];
    int timer_fired;
    for (;;) {
        int64_t now = now_ns();
        if (now >= run_deadline) break;
        release_and_dispatch();
        int64_t next = housekeeping();
        if (completed == total) break;
        arm_timer(next);
        int n = wait_events(events, 64, &timer_fired);
        if (timer_fired) release_and_dispatch(); // sends first, the other events after
        for (int i = 0; i < n; i++)
            if (events[i].data.u64 != TIMER_TAG) on_event(events[i].data.u64, events[i].events);
    }
    int64_t end = now_ns();
    for (long k = 0; k < total; k++) finish_request(k, 0, end); // no answer by the end of the run

    long non2xx = 0;
    for (long k = 0; k < total; k++)
        if (status_of[k] < 200 || status_of[k] >= 300) non2xx++;
    qsort(latency_ms, (size_t)total, sizeof *latency_ms, compare_doubles);
    // n sends on time span n - 1 intervals: the last one's interval is added, so on time is exact.
    double achieved = written > 0 ? (double)written / ((double)(last_write - t0) / 1e9 + 1.0 / rate) : 0;
    char target[32], p50[32], p90[32], p99[32], max[32], lag[32];
    format_js_number(rate, target, sizeof target);
    format_ms(quantile(latency_ms, total, 0.5), p50, sizeof p50);
    format_ms(quantile(latency_ms, total, 0.9), p90, sizeof p90);
    format_ms(quantile(latency_ms, total, 0.99), p99, sizeof p99);
    format_ms(total > 0 ? latency_ms[total - 1] : NAN, max, sizeof max);
    format_ms((double)max_lag / (double)NS_PER_MS, lag, sizeof lag);
    printf("FIXED label=%s target_rps=%s achieved_rps=%.1f requests=%ld non2xx=%ld late_sends=%ld p50_ms=%s p90_ms=%s "
           "p99_ms=%s max_ms=%s queued=%ld late_not_queued=%ld reconnects=%ld failed=%ld "
           "max_send_lag_ms=%s\n",
           label, target, achieved, total, non2xx, late_sends, p50, p90, p99, max, queued, late_not_queued, reconnects,
           failed_count, lag);
    return 0;
}
