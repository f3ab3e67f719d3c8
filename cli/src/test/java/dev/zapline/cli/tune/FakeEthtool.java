package dev.zapline.cli.tune;

import java.io.IOException;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** An in-memory NIC for one interface: channels, rings and features that tests set and inspect. */
final class FakeEthtool implements Ethtool {

    final String iface;
    Channels channels;
    Rings rings;
    final Map<String, Feature> features = new LinkedHashMap<>();
    /** Parameters ({@code rx}, {@code gro}) the driver refuses to change. */
    final Set<String> refused = new HashSet<>();

    int changes;

    FakeEthtool(String iface, Channels channels, Rings rings) {
        this.iface = iface;
        this.channels = channels;
        this.rings = rings;
        features.put("generic-receive-offload", new Feature(false, false));
        features.put("generic-segmentation-offload", new Feature(true, false));
        features.put("tcp-segmentation-offload", new Feature(false, true));
        features.put("large-receive-offload", new Feature(false, true));
    }

    @Override
    public boolean present() {
        return true;
    }

    @Override
    public Optional<Channels> channels(String name) {
        return name.equals(iface) ? Optional.ofNullable(channels) : Optional.empty();
    }

    @Override
    public Optional<Rings> rings(String name) {
        return name.equals(iface) ? Optional.ofNullable(rings) : Optional.empty();
    }

    @Override
    public Map<String, Feature> features(String name) {
        return name.equals(iface) ? Map.copyOf(features) : Map.of();
    }

    @Override
    public void setRing(String name, String which, int size) throws IOException {
        check(name, which);
        rings = which.equals("rx")
                ? new Rings(rings.maxRx(), rings.maxTx(), size, rings.tx())
                : new Rings(rings.maxRx(), rings.maxTx(), rings.rx(), size);
        changes++;
    }

    @Override
    public void setFeature(String name, String shortName, boolean on) throws IOException {
        check(name, shortName);
        String longName = Inventory.FEATURES.get(shortName);
        features.put(longName, new Feature(on, features.get(longName).fixed()));
        changes++;
    }

    private void check(String name, String param) throws IOException {
        if (!name.equals(iface) || refused.contains(param)) {
            throw new IOException("Operation not supported");
        }
    }
}
