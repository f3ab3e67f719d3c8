package dev.zapline.cli.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.zapline.transport.ClientTls;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LoadTargetTest {

    @Test
    void readsHttpZapAndUnixSocketUrls() {
        assertThat(LoadTarget.parse("http://127.0.0.1:8080/a/b?x=1"))
                .isEqualTo(new LoadTarget(
                        "http://127.0.0.1:8080/a/b?x=1", false, false, "127.0.0.1", 8080, null, "/a/b?x=1"));
        assertThat(LoadTarget.parse("http://example.com").port()).isEqualTo(80);
        assertThat(LoadTarget.parse("http://example.com").target()).isEqualTo("/");
        assertThat(LoadTarget.parse("zap://h:9000/rpc"))
                .isEqualTo(new LoadTarget("zap://h:9000/rpc", true, false, "h", 9000, null, "/rpc"));
        LoadTarget unix = LoadTarget.parse("zap:///run/z.sock?path=/health");
        assertThat(unix.socket()).isEqualTo("/run/z.sock");
        assertThat(unix.target()).isEqualTo("/health");
    }

    @Test
    void readsH2cUrlsAsHttpWithPriorKnowledge() {
        assertThat(LoadTarget.parse("h2c://127.0.0.1:8080/a"))
                .isEqualTo(new LoadTarget("h2c://127.0.0.1:8080/a", false, false, "127.0.0.1", 8080, null, "/a", true));
        assertThat(LoadTarget.parse("h2c://example.com").port()).isEqualTo(80);
        assertThat(LoadTarget.parse("http://example.com").h2c()).isFalse();
    }

    @ParameterizedTest
    @CsvSource({
        "https://example.com,            false, example.com, 443,  /",
        "https://example.com:8443/a?b=1, false, example.com, 8443, /a?b=1",
        "HTTPS://127.0.0.1/health,       false, 127.0.0.1,   443,  /health",
        "zaps://h:9653/rpc,              true,  h,           9653, /rpc",
        "zaps://127.0.0.1:9653,          true,  127.0.0.1,   9653, /"
    })
    void readsTlsUrls(String url, boolean zap, String host, int port, String target) {
        assertThat(LoadTarget.parse(url)).isEqualTo(new LoadTarget(url, zap, true, host, port, null, target));
    }

    @Test
    void plaintextUrlsAreNotTls() {
        assertThat(LoadTarget.parse("http://h:1/").tls()).isFalse();
        assertThat(LoadTarget.parse("zap://h:1/").tls()).isFalse();
        assertThat(LoadTarget.parse("zap:///run/z.sock").tls()).isFalse();
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "ftp://h/x      | https://host[:port]/path",
                "zap://h/x      | zap:// needs a port",
                "zaps://h/x     | zaps:// needs host:port",
                "zaps:///z.sock | zaps:// needs host:port",
                "https:///x     | has no host"
            })
    void rejectsUnknownSchemesAndMissingPorts(String url, String message) {
        assertThatThrownBy(() -> LoadTarget.parse(url)).hasMessageContaining(message);
    }

    @Test
    void aTlsTargetNeedsItsConfigurationAndAPlaintextOneRefusesIt() {
        assertThatThrownBy(() -> LoadTarget.parse("https://h/").client(null, "GET", List.of(), new byte[0]))
                .hasMessageContaining("needs a TLS configuration");
        assertThatThrownBy(() ->
                        LoadTarget.parse("http://h/").client(null, "GET", List.of(), new byte[0], ClientTls.defaults()))
                .hasMessageContaining("is not a TLS target");
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
