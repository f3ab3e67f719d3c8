package dev.zapline.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TagRingTest {

    @Test
    void keepsFirstInFirstOutOrderAcrossWrapAndGrowth() {
        TagRing ring = new TagRing(4);
        long next = 0;
        long expected = 0;
        for (int round = 0; round < 50; round++) {
            for (int i = 0; i < round % 7 + 1; i++) {
                ring.add(next++);
            }
            for (int i = 0; i < round % 5 && !ring.isEmpty(); i++) {
                assertThat(ring.poll()).isEqualTo(expected++);
            }
        }
        while (!ring.isEmpty()) {
            assertThat(ring.peek()).isEqualTo(expected);
            assertThat(ring.poll()).isEqualTo(expected++);
        }
        assertThat(expected).isEqualTo(next);
        assertThat(Integer.bitCount(ring.capacity())).as("power of two").isEqualTo(1);
    }

    @Test
    void refusesToTakeFromAnEmptyRing() {
        assertThatThrownBy(() -> new TagRing(2).poll()).isInstanceOf(IllegalStateException.class);
    }
}
