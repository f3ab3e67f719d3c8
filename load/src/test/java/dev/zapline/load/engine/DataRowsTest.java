package dev.zapline.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.load.journey.DataMode;
import dev.zapline.load.journey.DataSet;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Which row each journey takes in each data mode, and unique rows across the segments of a split run. */
class DataRowsTest {

    private static DataSet rows(int n) {
        List<byte[][]> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            rows.add(new byte[][] {("u" + i).getBytes(StandardCharsets.UTF_8)});
        }
        return new DataSet("test", List.of("user"), rows);
    }

    private static String user(byte[][] row) {
        return new String(row[0], StandardCharsets.UTF_8);
    }

    @Test
    void sequentialTakesTheRowsInOrderAndWrapsAround() {
        DataRows d = new DataRows(rows(3), DataMode.SEQUENTIAL, Segment.WHOLE);
        List<String> taken = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            taken.add(user(d.next(new SplittableRandom(1))));
        }
        assertThat(taken).containsExactly("u0", "u1", "u2", "u0", "u1", "u2", "u0");
    }

    @Test
    void randomDrawsFromTheSeededGeneratorAndCoversTheRows() {
        DataRows a = new DataRows(rows(10), DataMode.RANDOM, Segment.WHOLE);
        DataRows b = new DataRows(rows(10), DataMode.RANDOM, Segment.WHOLE);
        SplittableRandom ra = new SplittableRandom(42);
        SplittableRandom rb = new SplittableRandom(42);
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 500; i++) {
            String x = user(a.next(ra));
            assertThat(x).isEqualTo(user(b.next(rb)));
            seen.add(x);
        }
        assertThat(seen).hasSize(10);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 7, 11})
    void uniqueRowsAreTakenOnceAcrossEverySegmentThenRunOut(int segments) {
        int n = 25;
        Set<String> all = new HashSet<>();
        long taken = 0;
        for (int s = 0; s < segments; s++) {
            DataRows d = new DataRows(rows(n), DataMode.UNIQUE, new Segment(s, segments));
            long available = d.available();
            for (long k = 0; k < available; k++) {
                byte[][] row = d.next(null);
                assertThat(row).isNotSameAs(DataRows.EXHAUSTED);
                assertThat(all.add(user(row))).as("row taken twice").isTrue();
                assertThat(Integer.parseInt(user(row).substring(1)) % segments).isEqualTo(s);
                taken++;
            }
            assertThat(d.next(null)).isSameAs(DataRows.EXHAUSTED);
            assertThat(d.next(null)).isSameAs(DataRows.EXHAUSTED);
        }
        assertThat(taken).isEqualTo(n);
        assertThat(all).hasSize(n);
    }

    @Test
    void withoutDataEveryJourneyGetsNoRow() {
        assertThat(new DataRows(null, DataMode.UNIQUE, Segment.WHOLE).next(null))
                .isNull();
    }
}
