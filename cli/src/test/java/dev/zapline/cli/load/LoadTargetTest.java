package dev.zapline.cli.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class LoadTargetTest {

    @Test
    void readsHttpZapAndUnixSocketUrls() {
        assertThat(LoadTarget.parse("http://127.0.0.1:8080/a/b?x=1"))
                .isEqualTo(new LoadTarget("http://127.0.0.1:8080/a/b?x=1", false, "127.0.0.1", 8080, null, "/a/b?x=1"));
        assertThat(LoadTarget.parse("http://example.com").port()).isEqualTo(80);
        assertThat(LoadTarget.parse("http://example.com").target()).isEqualTo("/");
        assertThat(LoadTarget.parse("zap://h:9000/rpc"))
                .isEqualTo(new LoadTarget("zap://h:9000/rpc", true, "h", 9000, null, "/rpc"));
        LoadTarget unix = LoadTarget.parse("zap:///run/z.sock?path=/health");
        assertThat(unix.socket()).isEqualTo("/run/z.sock");
        assertThat(unix.target()).isEqualTo("/health");
    }

    @Test
    void rejectsUnknownSchemesAndMissingPorts() {
        assertThatThrownBy(() -> LoadTarget.parse("ftp://h/x")).hasMessageContaining("http://host:port/path");
        assertThatThrownBy(() -> LoadTarget.parse("zap://h/x")).hasMessageContaining("needs a port");
    }

    @Test
    void durationsTakeAUnit() {
        assertThat(Durations.nanos("250ms")).isEqualTo(250_000_000L);
        assertThat(Durations.nanos("1.5s")).isEqualTo(1_500_000_000L);
        assertThat(Durations.nanos("2m")).isEqualTo(120_000_000_000L);
        assertThat(Durations.nanos("100us")).isEqualTo(100_000L);
        assertThatThrownBy(() -> Durations.nanos("10")).hasMessageContaining("30s");
    }
}
