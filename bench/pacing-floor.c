/*
 * The floor of exact pacing on this machine: the least a loader can spend per request when it writes each request
 * at its own intended time and reads each response when it arrives, written as plainly as possible in C (issue 31).
 * One thread, epoll, CONNECTIONS keep-alive HTTP/1.1 connections to 127.0.0.1:PORT, one request in flight per
 * connection; request k is due at start + k / RATE; the thread sleeps in epoll_pwait2 until the next due time or a
 * response, and on waking writes every request due by then plus SLACK_NS (0: exact), each on a free connection.
 * Responses are read, not parsed (a small response fits one read; nginx's "ok" and `zapline serve`'s /health do).
 * No latency is recorded: this is only the cost of the wake-ups and syscalls exact pacing needs.
 * With LAZY=1 the thread never wakes for a response: it sleeps (clock_nanosleep) until the next due time and, on
 * waking, takes whatever responses have arrived (epoll_wait with no wait) before it writes. That is the least an
 * exact loader could spend if it dated responses by the kernel's receive time instead of its own wake-up (a design
 * zapline does not have); it bounds what any exact loader can reach on this machine.
 *
 *   cc -O2 -o pacing-floor bench/pacing-floor.c
 *   taskset -c 0 ./pacing-floor PORT RATE SECONDS [CONNECTIONS=16] [SLACK_NS=0] [LAZY=0]
 *
 * Prints one line: requests written and answered, wake-ups, CPU seconds (user + system, getrusage) and CPU per
 * request, voluntary context switches. Loopback only; bounded by SECONDS plus 2 s for the last responses.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define MAX_CONNECTIONS 1024

static long long now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000000000LL + t.tv_nsec;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: %s PORT RATE SECONDS [CONNECTIONS=16] [SLACK_NS=0] [LAZY=0]\n", argv[0]);
        return 2;
    }
    int port = atoi(argv[1]);
    double rate = atof(argv[2]);
    int seconds = atoi(argv[3]);
    int conns = argc > 4 ? atoi(argv[4]) : 16;
    long long slack = argc > 5 ? atoll(argv[5]) : 0;
    int lazy = argc > 6 ? atoi(argv[6]) : 0;
    if (port <= 0 || port > 65535 || rate <= 0 || seconds <= 0 || conns < 1 || conns > MAX_CONNECTIONS || slack < 0) {
        fprintf(stderr, "%s: bad arguments\n", argv[0]);
        return 2;
    }
    int ep = epoll_create1(0);
    int fd[MAX_CONNECTIONS];
    char busy[MAX_CONNECTIONS];
    for (int i = 0; i < conns; i++) {
        struct sockaddr_in a = {0};
        a.sin_family = AF_INET;
        a.sin_port = htons(port);
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        fd[i] = socket(AF_INET, SOCK_STREAM, 0);
        if (fd[i] < 0 || connect(fd[i], (struct sockaddr *)&a, sizeof a) != 0) {
            perror("connect");
            return 1;
        }
        int one = 1;
        setsockopt(fd[i], IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        fcntl(fd[i], F_SETFL, O_NONBLOCK);
        struct epoll_event e = {.events = EPOLLIN, .data.u32 = (unsigned)i};
        epoll_ctl(ep, EPOLL_CTL_ADD, fd[i], &e);
        busy[i] = 0;
    }
    static const char req[] = "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
    char buf[4096];
    struct rusage r0;
    getrusage(RUSAGE_SELF, &r0);
    long long start = now_ns() + 10000000LL;
    long long end = start + seconds * 1000000000LL;
    long long total = (long long)(rate * seconds);
    long long k = 0, written = 0, answered = 0, wakes = 0, waited = 0;
    int rr = 0;
    for (;;) {
        long long t = now_ns();
        if ((k >= total && answered == written) || t - end > 2000000000LL) {
            break;
        }
        int blocked = 0;
        while (k < total && start + (long long)(k * 1e9 / rate) <= t + slack) {
            int c = -1;
            for (int j = 0; j < conns; j++) {
                int i = (rr + j) % conns;
                if (!busy[i]) {
                    c = i;
                    break;
                }
            }
            if (c < 0) {
                waited++;
                blocked = 1;
                break; /* every connection busy: the request waits for a response, as a loader's queue would */
            }
            rr = c + 1;
            if (write(fd[c], req, sizeof req - 1) != (ssize_t)(sizeof req - 1)) {
                perror("write");
                return 1;
            }
            busy[c] = 1;
            written++;
            k++;
        }
        /* the next due time, or, when every connection is busy or nothing is left to send, the next response */
        long long wait = blocked || k >= total ? 100000000LL : start + (long long)(k * 1e9 / rate) - now_ns();
        if (wait < 0) {
            wait = 0;
        }
        struct timespec ts = {wait / 1000000000LL, wait % 1000000000LL};
        struct epoll_event ev[64];
        int n;
        if (lazy && !blocked && k < total) {
            long long due = start + (long long)(k * 1e9 / rate);
            struct timespec at = {due / 1000000000LL, due % 1000000000LL};
            clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &at, NULL);
            n = epoll_wait(ep, ev, 64, 0);
        } else {
            n = epoll_pwait2(ep, ev, 64, &ts, NULL);
        }
        wakes++;
        for (int j = 0; j < n; j++) {
            int i = (int)ev[j].data.u32;
            if (read(fd[i], buf, sizeof buf) > 0) {
                busy[i] = 0;
                answered++;
            }
        }
    }
    struct rusage r1;
    getrusage(RUSAGE_SELF, &r1);
    double cpu = (r1.ru_utime.tv_sec - r0.ru_utime.tv_sec) + (r1.ru_utime.tv_usec - r0.ru_utime.tv_usec) / 1e6
            + (r1.ru_stime.tv_sec - r0.ru_stime.tv_sec) + (r1.ru_stime.tv_usec - r0.ru_stime.tv_usec) / 1e6;
    printf("pacing-floor%s rate %.0f written %lld answered %lld waits_for_a_connection %lld wakes %lld cpu_s %.3f "
           "us_per_request %.2f voluntary_cs %ld\n",
           lazy ? " (lazy)" : "", rate, written, answered, waited, wakes, cpu, answered ? cpu * 1e6 / answered : 0.0,
           r1.ru_nvcsw - r0.ru_nvcsw);
    return answered == written ? 0 : 1;
}
