package dev.zapline.server.internal.http2;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.Http2Headers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The request rules left to the server, as a table: a header list (name=value pairs, '|'-separated, pseudo-headers
 * first; quoted where a value ends in whitespace) and the section of RFC 9113 it breaks, or "valid".
 */
class Http2RequestRulesTest {

    private static Http2Headers headers(String fields) {
        Http2Headers h = new DefaultHttp2Headers(false);
        for (String f : fields.split("\\|")) {
            int eq = f.indexOf('=');
            h.add(f.substring(0, eq), f.substring(eq + 1));
        }
        return h;
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = ';',
            nullValues = "valid",
            value = {
                ":method=GET|:scheme=http|:path=/a?b|:authority=t|x=1; valid",
                ":method=GET|:scheme=https|:path=/; valid",
                ":method=OPTIONS|:scheme=http|:path=*; valid",
                ":method=GET|:scheme=http|:path=*; §8.3.1",
                ":method=GET|:scheme=http|:path=a; §8.3.1",
                ":method=GET|:scheme=HTTPS|:path=a; §8.3.1",
                ":method=GET|:scheme=urn|:path=a; valid",
                ":method=GET|:scheme=http; §8.3.1",
                ":method=GET|:scheme=http|:path=; §8.3.1",
                ":scheme=http|:path=/; §8.3.1",
                ":method=GET|:scheme=http|:path=/|:authority=u@t; §8.3.1",
                ":method=GET|:scheme=http|:path=/|:protocol=websocket; RFC 8441",
                ":method=CONNECT|:authority=t:443; valid",
                ":method=CONNECT|:authority=[::1]:443; valid",
                ":method=CONNECT|:authority=t; §8.5",
                ":method=CONNECT|:authority=[::1]; §8.5",
                ":method=CONNECT|:authority=:443; §8.5",
                ":method=CONNECT|:authority=u@t:443; §8.5",
                ":method=CONNECT; §8.5",
                ":method=CONNECT|:authority=t:443|:path=/; §8.5",
                ":method=CONNECT|:authority=t:443|:scheme=http; §8.5",
                ":method=CONNECT|:authority=t:443|:protocol=websocket|:scheme=http|:path=/; RFC 8441",
                ":method=GET|:scheme=http|:path=/|x=a b\tc; valid",
                ":method=GET|:scheme=http|:path=/|x=; valid",
                "':method=GET|:scheme=http|:path=/ '; §8.2.1",
                ":method=GET |:scheme=http|:path=/; §8.2.1",
                ":method=GET|:scheme=http |:path=/; §8.2.1",
                ":method=GET|:scheme=http|:path=/|:authority=\tt; §8.2.1",
                ":method=\tGET|:scheme=http|:path=/; §8.2.1",
                "':method=GET|:scheme=http|:path=/|x=a '; valid", // a regular field: Http2Head notes it
            })
    void aRequestBreakingARuleIsMalformedForThatRule(String fields, String rule) {
        String why = Http2RequestRules.malformed(headers(fields));
        if (rule == null) {
            assertThat(why).isNull();
        } else {
            assertThat(why).contains(rule);
        }
    }

    @Test
    void trailersWithAValueEndingInWhitespaceAreMalformed() {
        assertThat(Http2RequestRules.untrimmed(headers("x-t=1 "))).contains("§8.2.1");
        assertThat(Http2RequestRules.untrimmed(headers("x-t=1|grpc-status=0"))).isNull();
    }
}
