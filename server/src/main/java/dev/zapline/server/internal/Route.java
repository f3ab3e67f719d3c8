package dev.zapline.server.internal;

import dev.zapline.server.Handler;

/**
 * What a route resolves to: its pattern, the precompiled chain of middleware then handlers it runs, and the id its
 * pattern's metrics are counted under (from 1 in registration order; 0 is for requests no route took).
 */
public record Route(String pattern, Handler[] chain, int metricsId) {}
