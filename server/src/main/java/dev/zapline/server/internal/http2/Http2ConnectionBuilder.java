package dev.zapline.server.internal.http2;

import dev.zapline.server.Http2Limits;
import dev.zapline.server.internal.ServerContext;
import io.netty.handler.codec.http2.AbstractHttp2ConnectionHandlerBuilder;
import io.netty.handler.codec.http2.DefaultHttp2RemoteFlowController;
import io.netty.handler.codec.http2.Http2ConnectionDecoder;
import io.netty.handler.codec.http2.Http2ConnectionEncoder;
import io.netty.handler.codec.http2.Http2Settings;
import io.netty.handler.codec.http2.UniformStreamByteDistributor;

/**
 * Builds an {@link Http2ServerConnection} from the app's {@link Http2Limits}: the SETTINGS it advertises, Netty's
 * own flood checks (rapid reset, empty DATA, small CONTINUATION frames, queued control frames), its check of the
 * request pseudo-headers and the connection's {@link Http2Streams} as its frame listener.
 */
public final class Http2ConnectionBuilder
        extends AbstractHttp2ConnectionHandlerBuilder<Http2ServerConnection, Http2ConnectionBuilder> {

    private final ServerContext server;

    public Http2ConnectionBuilder(ServerContext server) {
        this.server = server;
        Http2Limits l = server.config().http2();
        // No priorities (RFC 9113 deprecates them): the uniform distributor keeps less state per stream. The
        // connection tells stream ids the client used from ids it skipped (RFC 9113 §5.1.1).
        Http2ClientStreams connection = new Http2ClientStreams();
        connection
                .remote()
                .flowController(
                        new DefaultHttp2RemoteFlowController(connection, new UniformStreamByteDistributor(connection)));
        connection(connection);
        initialSettings(new Http2Settings()
                .maxConcurrentStreams(l.maxConcurrentStreams())
                .maxHeaderListSize(l.maxHeaderListSize())
                .maxFrameSize(l.maxFrameSize())
                .initialWindowSize(l.initialStreamWindow()));
        decoderEnforceMaxRstFramesPerWindow(
                l.maxResetsPerWindow(), (int) Math.max(1, l.floodWindow().toSeconds()));
        encoderEnforceMaxQueuedControlFrames(l.maxQueuedControlFrames());
        decoderEnforceMaxConsecutiveEmptyDataFrames(l.maxConsecutiveEmptyData());
        decoderEnforceMaxSmallContinuationFrames(l.maxSmallContinuationFrames());
        // RFC 9113 §8.3.1: a request without :method, :scheme or :path (or with an empty :path), or a CONNECT
        // without :authority, is malformed; Netty resets it before the listener sees it (off by default)
        validateRequiredPseudoHeaders(true);
        // the connection sends its GOAWAYs itself (drain, idle, protections); close() just closes
        decoupleCloseAndGoAway(true);
    }

    @Override
    protected Http2ServerConnection build() {
        return super.build();
    }

    @Override
    protected Http2ServerConnection build(
            Http2ConnectionDecoder decoder, Http2ConnectionEncoder encoder, Http2Settings settings) {
        Http2ServerConnection c = new Http2ServerConnection(decoder, encoder, settings, server);
        decoder.frameListener(c.streams);
        return c;
    }
}
