package dev.zapline.cli.tune;

import java.io.IOException;
import java.util.Optional;

/**
 * Reads a setting's current raw value and writes a new one, whether it lives in a kernel file or behind
 * {@code ethtool}. File values are the exact file content, so a saved value can be written back byte for byte.
 */
final class SettingIo {

    private final HostLayout host;
    private final Ethtool ethtool;

    SettingIo(HostLayout host, Ethtool ethtool) {
        this.host = host;
        this.ethtool = ethtool;
    }

    /** The current raw value; empty when the setting does not exist here. */
    Optional<String> read(Setting setting) {
        return switch (setting) {
            case Setting.File f -> host.files().read(host.resolve(f.path()));
            case Setting.Ethtool e ->
                switch (e.kind()) {
                    case RING ->
                        ethtool.rings(e.iface())
                                .map(r -> e.param().equals("rx") ? r.rx() : r.tx())
                                .filter(n -> n > 0)
                                .map(String::valueOf);
                    case FEATURE ->
                        Optional.ofNullable(ethtool.features(e.iface()).get(Inventory.FEATURES.get(e.param())))
                                .map(f -> f.on() ? "on" : "off");
                };
        };
    }

    /** Sets the recommended value (a file gets it followed by a newline, as {@code echo} would write it). */
    void apply(Setting setting) throws IOException {
        write(setting, setting instanceof Setting.File ? setting.desired() + "\n" : setting.desired());
    }

    /** Writes a raw value as {@link #read} returned it. */
    void write(Setting setting, String raw) throws IOException {
        switch (setting) {
            case Setting.File f -> host.files().write(host.resolve(f.path()), raw);
            case Setting.Ethtool e -> {
                if (e.kind() == Setting.Kind.RING) {
                    ethtool.setRing(e.iface(), e.param(), parseRing(raw));
                } else {
                    ethtool.setFeature(e.iface(), e.param(), raw.strip().equals("on"));
                }
            }
        }
    }

    /** The host path or ethtool command a setting is changed through, for messages. */
    String where(Setting setting) {
        return switch (setting) {
            case Setting.File f -> host.resolve(f.path()).toString();
            case Setting.Ethtool e -> "ethtool " + (e.kind() == Setting.Kind.RING ? "-G " : "-K ") + e.iface();
        };
    }

    private static int parseRing(String raw) throws IOException {
        try {
            return Integer.parseInt(raw.strip());
        } catch (NumberFormatException e) {
            throw new IOException("bad ring size '" + raw.strip() + "'", e);
        }
    }
}
