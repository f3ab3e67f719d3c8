package dev.zapline.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** zapline serve's TLS options, refused with one clear line (exit 2) before anything listens. */
class ServeTlsOptionsTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "--https 127.0.0.1:0                                   | need a certificate",
                "--zaps 127.0.0.1:0 --cert c.pem                       | need a certificate",
                "--http 127.0.0.1:0 --self-signed                      | need an --https or --zaps address",
                "--https 127.0.0.1:0 --self-signed --cert c --key k    | not both",
                "--https 127.0.0.1:0 --self-signed --tls-groups X448   | unknown key-exchange group 'X448'",
                "--https 127.0.0.1:0 --self-signed --tls-versions 1.1  | TLS version '1.1' is not supported",
                "--https 127.0.0.1:0 --cert missing.pem --key k.pem    | cannot read key file",
            })
    void badTlsOptionsAreRefusedWithOneLine(String args, String message) {
        String[] a = ("serve " + args.strip()).split("\\s+");
        CliRun r = CliRun.of(a);
        assertThat(r.exit()).as(r.out() + r.err()).isEqualTo(2);
        assertThat(r.err()).startsWith("zapline: ").contains(message);
    }
}
