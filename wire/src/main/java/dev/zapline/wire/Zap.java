package dev.zapline.wire;

/**
 * Constants of the ZAP wire format: the 16-byte header, versions, flag bits and the message type that lives in
 * the high byte of the flags.
 *
 * <pre>
 * offset 0  magic "ZAP\0"      (5a 41 50 00)
 * offset 4  version   u16 LE   (1 or 2; readers accept both)
 * offset 6  flags     u16 LE   (low bits: 1 compressed, 2 encrypted, 4 signed; high byte: message type)
 * offset 8  root      u32 LE   (absolute offset of the root object)
 * offset 12 size      u32 LE   (total message length, header included)
 * </pre>
 */
public final class Zap {

    /** Length of the message header in bytes. */
    public static final int HEADER_SIZE = 16;
    /** The magic "ZAP\0" read as a little-endian 32-bit integer. */
    public static final int MAGIC = 0x0050415A;
    /** Objects and lists start on this boundary (relative to the start of the message). */
    public static final int ALIGNMENT = 8;

    public static final int VERSION_1 = 1;
    public static final int VERSION_2 = 2;

    public static final int FLAG_COMPRESSED = 1;
    public static final int FLAG_ENCRYPTED = 2;
    public static final int FLAG_SIGNED = 4;

    static final int OFFSET_MAGIC = 0;
    static final int OFFSET_VERSION = 4;
    static final int OFFSET_FLAGS = 6;
    static final int OFFSET_ROOT = 8;
    static final int OFFSET_SIZE = 12;

    private Zap() {}

    /**
     * Combines a message type (0..255, stored in the high byte) with the low flag bits.
     *
     * @throws IllegalArgumentException when the type or the low flags do not fit in a byte
     */
    public static int flags(int messageType, int lowFlags) {
        if ((messageType & ~0xFF) != 0 || (lowFlags & ~0xFF) != 0) {
            throw new IllegalArgumentException(
                    "message type " + messageType + " and low flags " + lowFlags + " must each fit in 0..255");
        }
        return messageType << 8 | lowFlags;
    }

    /** The message type carried in the high byte of {@code flags}. */
    public static int messageType(int flags) {
        return (flags >>> 8) & 0xFF;
    }

    /** True for the header versions this runtime reads. */
    public static boolean isKnownVersion(int version) {
        return version == VERSION_1 || version == VERSION_2;
    }
}
