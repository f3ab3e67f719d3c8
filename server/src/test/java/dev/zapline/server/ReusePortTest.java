package dev.zapline.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.netty.channel.epoll.Epoll;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ReusePortTest {

    @Test
    void twoAppsShareAPortWithReusePortAndNotWithout() {
        assumeThat(Epoll.isAvailable())
                .as("SO_REUSEPORT needs the epoll transport")
                .isTrue();
        ServerConfig shared = ServerConfig.defaults().withEventLoops(1).withReusePort(true);
        App first = App.create(shared);
        first.get("/health", ctx -> ctx.send("ok"));
        first.listen("http://127.0.0.1:0").start();
        int port = first.addresses().get(0).port();
        App second = App.create(shared);
        second.get("/health", ctx -> ctx.send("ok"));
        App third = App.create(ServerConfig.defaults().withEventLoops(1));
        third.get("/health", ctx -> ctx.send("ok"));
        try {
            second.listen("http://127.0.0.1:" + port).start();
            assertThat(second.addresses().get(0).port()).isEqualTo(port);
            assertThat(second.transportName()).isEqualTo("epoll");
            assertThatThrownBy(() -> third.listen("http://127.0.0.1:" + port).start())
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("cannot listen on");
        } finally {
            first.stop(Duration.ZERO);
            second.stop(Duration.ZERO);
            third.stop(Duration.ZERO);
        }
    }
}
