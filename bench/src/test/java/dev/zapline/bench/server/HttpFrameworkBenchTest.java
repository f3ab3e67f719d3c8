package dev.zapline.bench.server;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Param;

class HttpFrameworkBenchTest {

    @Test
    void everyArmAnswersTheRequest() throws Exception {
        int expected = HttpFrameworkBench.expectedLength();
        assertThat(expected).isGreaterThan(90);
        String[] arms = HttpFrameworkBench.class
                .getField("server")
                .getAnnotation(Param.class)
                .value();
        assertThat(arms).contains("zapline", "raw", "raw-codec");
        for (String arm : arms) {
            HttpFrameworkBench b = new HttpFrameworkBench();
            b.server = arm;
            b.setUp();
            assertThat(b.request()).as(arm).isEqualTo(expected);
            b.tearDown();
        }
    }
}
