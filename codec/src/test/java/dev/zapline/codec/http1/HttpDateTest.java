package dev.zapline.codec.http1;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HttpDateTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "0 | Thu, 01 Jan 1970 00:00:00 GMT",
                "784111777000 | Sun, 06 Nov 1994 08:49:37 GMT",
                "784111777999 | Sun, 06 Nov 1994 08:49:37 GMT",
                "951782400000 | Tue, 29 Feb 2000 00:00:00 GMT",
                "1800000000000 | Fri, 15 Jan 2027 08:00:00 GMT",
                "-1 | Wed, 31 Dec 1969 23:59:59 GMT"
            })
    void formatsImfFixdateForTheGivenMillis(long millis, String date) {
        assertThat(new String(new HttpDate().line(millis), StandardCharsets.US_ASCII))
                .isEqualTo("date: " + date + "\r\n");
    }

    @Test
    void reusesTheLineWithinASecondAndChangesOnTheNext() {
        HttpDate date = new HttpDate();
        byte[] first = date.line(1_800_000_000_000L);
        assertThat(date.line(1_800_000_000_001L)).isSameAs(first);
        assertThat(date.line(1_800_000_000_999L)).isSameAs(first);
        byte[] next = date.line(1_800_000_001_000L);
        assertThat(next).isNotSameAs(first);
        assertThat(new String(next, StandardCharsets.US_ASCII)).isEqualTo("date: Fri, 15 Jan 2027 08:00:01 GMT\r\n");
        assertThat(date.line(1_800_000_000_500L))
                .as("going back a second")
                .asString(StandardCharsets.US_ASCII)
                .isEqualTo("date: Fri, 15 Jan 2027 08:00:00 GMT\r\n");
    }
}
