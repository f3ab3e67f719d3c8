package dev.zapline.wire;

import java.util.HexFormat;

public final class Hex {
    private Hex() {}

    public static byte[] bytes(String hex) {
        return HexFormat.of().parseHex(hex.replace(" ", ""));
    }

    public static String of(byte[] b) {
        return HexFormat.of().formatHex(b);
    }
}
