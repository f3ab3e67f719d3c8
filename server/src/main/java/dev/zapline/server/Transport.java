package dev.zapline.server;

/** The transport a request arrived on; the only difference a handler can see between them. */
public enum Transport {
    /** HTTP/1.1 (or 1.0) over TCP. */
    HTTP,
    /** zaphttp frames over TCP or a unix domain socket. */
    ZAP
}
