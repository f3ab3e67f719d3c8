package dev.zapline.cli.bench;

/** What the figures were measured on, as the report prints it. */
record Machine(String cpu, int cores, String os, String jdk) {

    static Machine current() {
        dev.zapline.load.report.Machine m = dev.zapline.load.report.Machine.current();
        return new Machine(m.cpu(), m.cores(), m.os(), m.jdk());
    }
}
