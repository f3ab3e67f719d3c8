package dev.zapline.cli.load;

import dev.zapline.client.IoTransport;
import dev.zapline.client.ZapLoops;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code zapline load --io auto|io_uring|epoll|nio} (docs/load.md, Transport): which of Netty's transports the
 * loader's event loops run on. {@code --nio}, the older flag, means {@code --io nio}; both at once must agree.
 */
public final class IoFlags {

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    private IoTransport io;

    @Option(names = "--nio", description = "Same as --io nio.")
    boolean nio;

    @Option(
            names = "--io",
            paramLabel = "TRANSPORT",
            description = "The loader's I/O: auto (default: epoll where it runs, else nio), io_uring, epoll or nio. "
                    + "io_uring and epoll are Linux only; asking for one that cannot run here is refused with the "
                    + "reason. The start line, summary and --json (summary.transport) name the one that ran.")
    void io(String text) {
        try {
            io = IoTransport.parse(text);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(mixee.commandLine(), "--io: " + e.getMessage());
        }
    }

    /**
     * The transport asked for: {@code --io}, or NIO for {@code --nio}, or {@link IoTransport#AUTO}. A native one is
     * checked here, after Netty's process-wide settings and before anything starts.
     *
     * @throws IllegalArgumentException for {@code --nio} with another {@code --io}, or for a native transport that
     *     cannot run on this machine (the message names the cause)
     */
    public IoTransport transport() {
        if (nio && io != null && io != IoTransport.NIO) {
            throw new IllegalArgumentException("--nio and --io " + io + " contradict each other: --nio is --io nio");
        }
        IoTransport t = nio ? IoTransport.NIO : io == null ? IoTransport.AUTO : io;
        String why = t == IoTransport.AUTO ? null : ZapLoops.unavailable(t);
        if (why != null) {
            throw new IllegalArgumentException("--io " + t + ": " + ZapLoops.refusal(t, why));
        }
        return t;
    }
}
