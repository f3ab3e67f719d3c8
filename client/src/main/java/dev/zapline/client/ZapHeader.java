package dev.zapline.client;

import java.util.Objects;

/** One header pair, in wire order; repeated names are repeated pairs. */
public record ZapHeader(String name, String value) {

    public ZapHeader {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(value, "value");
    }
}
