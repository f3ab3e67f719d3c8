package dev.zapline.cli.tune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TuneStateTest {

    @ParameterizedTest
    @ValueSource(strings = {"1000\n", "4096\t131072\t6291456\n", "back\\slash\\n", "", "crlf\r\n", "\\t\t"})
    void escapingRoundTripsExactContent(String raw) {
        assertThat(TuneState.unescape(TuneState.escape(raw))).isEqualTo(raw);
        assertThat(TuneState.escape(raw)).doesNotContain("\n", "\t", "\r");
    }

    @Test
    void savesAndLoadsInOrderCreatingTheDirectory(@TempDir Path dir) {
        TuneState state = new TuneState(dir.resolve("var/lib/zapline/tune-state"));
        Map<String, String> saved = new LinkedHashMap<>();
        saved.put("file:/proc/sys/net/ipv4/tcp_rmem", "4096\t131072\t6291456\n");
        saved.put("ethtool:eth0:ring:rx", "256");
        state.save(saved);
        assertThat(state.load()).containsExactlyEntriesOf(saved);
        state.delete();
        assertThat(state.exists()).isFalse();
        assertThat(state.load()).isEmpty();
    }

    @Test
    void rejectsLinesWithoutTab(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("state");
        Files.writeString(file, TuneState.HEADER + "\nno-tab-here\n");
        assertThatThrownBy(() -> new TuneState(file).load())
                .isInstanceOf(TuneException.class)
                .hasMessageContaining("line 2");
    }
}
