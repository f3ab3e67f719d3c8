package dev.zapline.cli.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class NettyDefaultsTest {

    @Test
    void oneArenaPerEventLoopOneMebibyteChunksAndNoSecondAllocator() {
        assertThat(NettyDefaults.forLoops(3))
                .containsExactly(
                        Map.entry("io.netty.allocator.type", "pooled"),
                        Map.entry("io.netty.allocator.numDirectArenas", "3"),
                        Map.entry("io.netty.allocator.numHeapArenas", "3"),
                        Map.entry("io.netty.allocator.maxOrder", "7"),
                        Map.entry("io.netty.leakDetection.level", "disabled"),
                        Map.entry("io.netty.jfr.enabled", "false"));
        assertThatThrownBy(() -> NettyDefaults.forLoops(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aPropertyTheUserSetIsKept() {
        Properties p = new Properties();
        p.setProperty("io.netty.allocator.maxOrder", "9");
        p.setProperty("io.netty.leakDetectionLevel", "paranoid"); // the older spelling, which Netty still reads
        Map<String, String> set = NettyDefaults.applyTo(p, 1);
        assertThat(p.getProperty("io.netty.allocator.maxOrder")).isEqualTo("9");
        assertThat(p.getProperty("io.netty.leakDetection.level")).isNull();
        assertThat(set)
                .doesNotContainKeys("io.netty.allocator.maxOrder", "io.netty.leakDetection.level")
                .containsEntry("io.netty.allocator.numDirectArenas", "1");
        assertThat(p.getProperty("io.netty.jfr.enabled")).isEqualTo("false");
        assertThat(NettyDefaults.applyTo(p, 1)).isEmpty();
    }
}
