package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2Exception;
import org.junit.jupiter.api.Test;

/** Which stream ids a client used, as RFC 9113 §5.1.1 tells them apart, on plain numbers and Netty's streams. */
class Http2ClientStreamsTest {

    private static final int WINDOW = Http2ClientStreams.WINDOW;
    private final Http2ClientStreams streams = new Http2ClientStreams();

    @Test
    void anIdTheClientOpenedIsUsedAndOneItSkippedOrHasNotReachedIsNot() {
        streams.opened(1);
        streams.opened(5);
        assertThat(streams.used(1)).isTrue();
        assertThat(streams.used(3)).isFalse();
        assertThat(streams.used(5)).isTrue();
        assertThat(streams.used(7)).isFalse();
        assertThat(streams.used(0)).isFalse();
    }

    @Test
    void anIdFurtherBackThanTheWindowIsTakenAsUsed() {
        streams.opened(1);
        int last = 1 + 2 * WINDOW;
        streams.opened(last);
        assertThat(streams.used(1)).isTrue(); // out of the window: it may have been
        assertThat(streams.used(3)).isFalse(); // the oldest id the window still tells
        assertThat(streams.used(last - 2)).isFalse();
    }

    @Test
    void aSlotTakenAgainAroundTheRingForgetsTheOlderIdThatHeldIt() {
        for (int id = 1; id <= 2 * WINDOW + 1; id += 2) {
            streams.opened(id);
        }
        // 2 * WINDOW + 3 shares its slot with 3, which was used; skipping it must clear that
        int skipped = 2 * WINDOW + 3;
        streams.opened(skipped + 2);
        assertThat(streams.used(skipped)).isFalse();
        assertThat(streams.used(skipped - 2)).isTrue();
        assertThat(streams.used(skipped + 2)).isTrue();
    }

    @Test
    void aJumpLongerThanTheWindowLeavesNoUsedIdInIt() {
        streams.opened(1);
        streams.opened(3);
        int far = 3 + 2 * (WINDOW + 10);
        streams.opened(far);
        for (int id = far - 2; id > far - 2 * WINDOW; id -= 2) {
            assertThat(streams.used(id)).as("id %d", id).isFalse();
        }
        assertThat(streams.used(far)).isTrue();
    }

    @Test
    void nettyMayNotOpenAnIdTheClientSkippedAndSaysSoWithAConnectionError() throws Http2Exception {
        streams.remote().createStream(5, true);
        assertThat(streams.streamMayHaveExisted(3)).isFalse();
        assertThat(streams.streamMayHaveExisted(5)).isTrue();
        assertThat(streams.streamMayHaveExisted(2)).isFalse();
        assertThatThrownBy(() -> streams.remote().createStream(3, true))
                .isInstanceOf(Http2Exception.class)
                .isNotInstanceOf(Http2Exception.StreamException.class)
                .extracting(e -> ((Http2Exception) e).error())
                .isEqualTo(Http2Error.PROTOCOL_ERROR);
    }

    @Test
    void aStreamRefusedBeforeItOpenedIsOpenedToBeResetUnlessItsIdCanNoLongerBeOpened() {
        assertThat(streams.toReset(5)).isTrue();
        assertThat(streams.stream(5)).isNotNull();
        assertThat(streams.used(5)).isTrue();
        assertThat(streams.toReset(3)).isFalse(); // skipped below 5 (§5.1.1)
        assertThat(streams.toReset(4)).isFalse(); // a server's id
        assertThat(streams.toReset(5)).isTrue(); // used: a closed stream's reset
    }
}
