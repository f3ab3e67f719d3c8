package dev.zapline.cli.tune;

import java.io.IOException;
import java.util.Map;
import java.util.Optional;

/**
 * The few {@code ethtool} queries and changes {@code tune} needs. The real one runs the {@code ethtool} program;
 * tests use a fake. Reads return empty when the tool or the driver does not support them.
 */
interface Ethtool {

    /** Whether the tool can be used at all. */
    boolean present();

    /** {@code ethtool -l}: channel (queue) counts. */
    Optional<Channels> channels(String iface);

    /** {@code ethtool -g}: ring sizes. */
    Optional<Rings> rings(String iface);

    /** {@code ethtool -k}: offload features by their long name ({@code generic-receive-offload}). */
    Map<String, Feature> features(String iface);

    /** {@code ethtool -G IFACE rx|tx SIZE}. */
    void setRing(String iface, String which, int size) throws IOException;

    /** {@code ethtool -K IFACE gro|gso|tso on|off}. */
    void setFeature(String iface, String shortName, boolean on) throws IOException;

    /** Queue counts; 0 stands for {@code n/a}. */
    record Channels(int maxRx, int maxTx, int maxCombined, int rx, int tx, int combined) {
        /** Hardware receive queues in use: dedicated RX channels plus combined ones. */
        int rxQueues() {
            return rx + combined;
        }

        int txQueues() {
            return tx + combined;
        }
    }

    /** Ring sizes; 0 stands for {@code n/a}. */
    record Rings(int maxRx, int maxTx, int rx, int tx) {}

    /** One offload feature: its state, and whether the driver lets it change. */
    record Feature(boolean on, boolean fixed) {}

    /** An ethtool that is not installed: every read is empty and every change fails. */
    Ethtool NONE = new Ethtool() {
        @Override
        public boolean present() {
            return false;
        }

        @Override
        public Optional<Channels> channels(String iface) {
            return Optional.empty();
        }

        @Override
        public Optional<Rings> rings(String iface) {
            return Optional.empty();
        }

        @Override
        public Map<String, Feature> features(String iface) {
            return Map.of();
        }

        @Override
        public void setRing(String iface, String which, int size) throws IOException {
            throw new IOException("ethtool not available");
        }

        @Override
        public void setFeature(String iface, String shortName, boolean on) throws IOException {
            throw new IOException("ethtool not available");
        }
    };
}
