package dev.zapline.server.internal.http2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2Stream;
import org.junit.jupiter.api.Test;

/**
 * Which stream ids a client used and which the server reset, as RFC 9113 §5.1 and §5.1.1 tell them apart, on plain
 * numbers and Netty's streams.
 */
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
    void aHeaderBlockRefusedBeforeItsStreamOpenedOpensItToBeResetUnlessItsIdCanNoLongerBeOpened() {
        assertThat(streams.unopened(5, Http2Error.PROTOCOL_ERROR)).isEqualTo(Http2ClientStreams.Verdict.RESET);
        assertThat(streams.stream(5)).isNotNull();
        assertThat(streams.used(5)).isTrue();
        assertThat(streams.unopened(3, Http2Error.PROTOCOL_ERROR)) // skipped below 5 (§5.1.1)
                .isEqualTo(Http2ClientStreams.Verdict.CONNECTION_ERROR);
        assertThat(streams.unopened(4, Http2Error.PROTOCOL_ERROR)) // a server's id
                .isEqualTo(Http2ClientStreams.Verdict.CONNECTION_ERROR);
        assertThat(streams.unopened(5, Http2Error.PROTOCOL_ERROR)).isEqualTo(Http2ClientStreams.Verdict.RESET);
    }

    @Test
    void aFrameOnAStreamTheServerResetIsIgnoredAndOnOneThatEndedIsReset() throws Http2Exception {
        Http2Stream reset = streams.remote().createStream(1, false);
        Http2Stream ended = streams.remote().createStream(3, true);
        reset.resetSent();
        reset.close();
        ended.close();
        assertThat(streams.unopened(1, Http2Error.STREAM_CLOSED)).isEqualTo(Http2ClientStreams.Verdict.IGNORE);
        assertThat(streams.unopened(3, Http2Error.STREAM_CLOSED)).isEqualTo(Http2ClientStreams.Verdict.RESET);
    }

    @Test
    void aResetIsForgottenWhenItsIdLeavesTheWindow() throws Http2Exception {
        Http2Stream s = streams.remote().createStream(1, false);
        s.resetSent();
        s.close();
        int sameSlot = 1 + 2 * WINDOW;
        streams.opened(sameSlot);
        assertThat(streams.resetByServer(1)).isFalse();
        assertThat(streams.resetByServer(sameSlot)).isFalse();
    }
}
