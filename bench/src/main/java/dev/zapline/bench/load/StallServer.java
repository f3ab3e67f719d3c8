package dev.zapline.bench.load;

import dev.zapline.server.App;
import dev.zapline.server.ServerConfig;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The stall scenario of {@code bench/run-stall.sh}: an HTTP server with one event loop whose {@code GET /health}
 * answers at once, except that the first request arriving {@code stallAfter} seconds after the first request of
 * all blocks the loop for {@code stallMillis}, once. Every response due meanwhile waits: the coordinated-omission
 * case a load generator must report honestly.
 *
 * <pre>{@code
 * java -cp bench/target/benchmarks.jar dev.zapline.bench.load.StallServer 18400 5 1000
 * }</pre>
 *
 * <p>Prints {@code listening PORT} once ready and {@code stalled N ms} after the stall; runs until killed.
 */
public final class StallServer {

    private static final byte[] OK = "ok".getBytes(StandardCharsets.US_ASCII);

    private StallServer() {}

    public static void main(String[] args) throws InterruptedException {
        if (args.length != 3) {
            System.err.println("usage: StallServer PORT STALL_AFTER_SECONDS STALL_MILLIS");
            System.exit(2);
        }
        int port = Integer.parseInt(args[0]);
        long after = Math.round(Double.parseDouble(args[1]) * 1e9);
        long stallMillis = Long.parseLong(args[2]);
        AtomicLong first = new AtomicLong();
        AtomicLong stallAt = new AtomicLong(Long.MAX_VALUE);
        App app = App.create(ServerConfig.defaults().withEventLoops(1));
        app.get("/health", ctx -> {
            long now = System.nanoTime();
            if (first.get() == 0 && first.compareAndSet(0, now)) {
                stallAt.set(now + after);
            }
            long at = stallAt.get();
            if (now >= at && stallAt.compareAndSet(at, Long.MAX_VALUE)) {
                sleep(stallMillis);
                System.out.println("stalled " + stallMillis + " ms");
                System.out.flush();
            }
            ctx.contentType("text/plain").send(OK);
        });
        app.listen("http://127.0.0.1:" + port).start();
        System.out.println("listening " + app.addresses().get(0).port());
        System.out.flush();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> app.stop(Duration.ofMillis(200))));
        new CountDownLatch(1).await();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
