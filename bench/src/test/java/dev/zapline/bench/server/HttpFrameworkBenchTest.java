package dev.zapline.bench.server;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HttpFrameworkBenchTest {

    @Test
    void everyArmAnswersTheRequest() {
        int expected = HttpFrameworkBench.expectedLength();
        assertThat(expected).isGreaterThan(90);
        for (String arm : new String[] {"zapline", "zapline-preencoded", "zapline-fixed-clock", "raw", "raw-refresh",
            "raw-idle"}) {
            HttpFrameworkBench b = new HttpFrameworkBench();
            b.server = arm;
            b.setUp();
            assertThat(b.request()).as(arm).isEqualTo(expected);
            b.tearDown();
        }
    }
}
