package dev.zapline.cli.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class KernelCountersTest {

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void readsEveryCounterOfRandomPairedTables(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Map<String, Long> expected = new HashMap<>();
        StringBuilder text = new StringBuilder();
        int prefixes = random.nextInt(1, 5);
        for (int p = 0; p < prefixes; p++) {
            String prefix = "P" + p + "Ext";
            StringBuilder names = new StringBuilder(prefix + ":");
            StringBuilder values = new StringBuilder(prefix + ":");
            int n = random.nextInt(1, 40);
            for (int k = 0; k < n; k++) {
                long v = random.nextLong(-1, Long.MAX_VALUE);
                names.append(' ').append("C").append(k);
                values.append(' ').append(v);
                expected.put(prefix + ".C" + k, v);
            }
            text.append(names).append('\n').append(values).append('\n');
        }
        assertThat(KernelCounters.table(text.toString())).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "TcpExt: A B\n",
                "TcpExt: A B\nTcpExt: 1\n",
                "TcpExt: A B\nIpExt: 1 2\n",
                "TcpExt: A B\nTcpExt: 1 x\n",
                "TcpExt A B\nTcpExt 1 2\n"
            })
    void refusesTablesItDoesNotRecognise(String text) {
        assertThatThrownBy(() -> KernelCounters.table(text)).isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "1", "1 2 3", "60999 32768", "-1 100", "1 65536", "a b"})
    void refusesPortRangesItDoesNotRecognise(String text) {
        assertThatThrownBy(() -> KernelCounters.portRange(text)).isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "UDP: inuse 0 tw 5\n", "TCP: inuse 1 tw\n", "TCP: inuse 1 tw -2\n"})
    void refusesSockstatWithoutATcpTimeWaitCount(String text) {
        assertThatThrownBy(() -> KernelCounters.timeWait(text)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void readsPortRangeAndTimeWait() {
        assertThat(KernelCounters.portRange("32768\t60999\n")).containsExactly(32768, 60999);
        assertThat(KernelCounters.timeWait("sockets: used 3\nTCP: inuse 19 orphan 0 tw 17 alloc 35 mem 62\n"))
                .isEqualTo(17);
    }
}
