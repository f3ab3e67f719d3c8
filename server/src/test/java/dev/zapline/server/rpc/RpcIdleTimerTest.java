package dev.zapline.server.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.zapline.codec.rpc.Rpc;
import io.netty.channel.embedded.EmbeddedChannel;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The idle check is one periodic task for the connection's life (no task allocated per check, issue 18), and it
 * does not outlive the connection. The close tested is the idle check's own: closing the EmbeddedChannel from
 * outside left no task even without the cancel, so it proved nothing.
 */
class RpcIdleTimerTest {

    private static EmbeddedChannel channel() {
        EmbeddedChannel ch = new EmbeddedChannel(
                new RpcEndpoint(TestService.create(), RpcEndpoint.NODE_ID, Rpc.MAX_FRAME, Duration.ofSeconds(1))
                        .connection());
        ch.freezeTime();
        return ch;
    }

    @Test
    void anIdleCloseLeavesNoTaskBehind() {
        EmbeddedChannel ch = channel();
        for (int i = 0; i < 10 && ch.isActive(); i++) {
            ch.advanceTimeBy(500, TimeUnit.MILLISECONDS);
            ch.runScheduledPendingTasks();
        }
        assertThat(ch.isActive()).as("closed after two quiet checks").isFalse();
        assertThat(ch.runScheduledPendingTasks()).as("no task left").isEqualTo(-1);
        ch.finishAndReleaseAll();
    }
}
