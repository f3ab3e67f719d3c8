package dev.zapline.load.engine;

import dev.zapline.load.journey.Response;

/**
 * The response a journey step's checks and extractions read: the connection's view of its last response (headers,
 * body), with the status and the service time the driver knows. One per loop, reused.
 */
final class StepResponse implements Response {

    private Response of;
    private int status;
    private long service;

    /** Reads {@code r} as a response of {@code status}, {@code serviceNanos} after its write. */
    StepResponse of(Response r, int status, long serviceNanos) {
        this.of = r;
        this.status = status;
        this.service = serviceNanos;
        return this;
    }

    @Override
    public int status() {
        return status;
    }

    @Override
    public long serviceNanos() {
        return service;
    }

    @Override
    public int headerLength(int k) {
        return of == null ? -1 : of.headerLength(k);
    }

    @Override
    public byte[] headerBytes(int k) {
        return of == null ? null : of.headerBytes(k);
    }

    @Override
    public byte[] body() {
        return of == null ? null : of.body();
    }

    @Override
    public int bodyLength() {
        return of == null ? 0 : of.bodyLength();
    }
}
