package dev.zapline.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

@ResourceLock("zapline.tls.provider")
class TlsProviderTest {

    @AfterEach
    void clear() {
        System.clearProperty(TlsProvider.PROPERTY);
    }

    @Test
    void choosesOpenSslWhereTheNativeLibraryLoads() {
        assertThat(TlsProvider.current()).isEqualTo(TlsProvider.OPENSSL);
    }

    @Test
    void thePropertyForcesTheJdkProvider() {
        System.setProperty(TlsProvider.PROPERTY, "jdk");
        assertThat(TlsProvider.current()).isEqualTo(TlsProvider.JDK);
        System.setProperty(TlsProvider.PROPERTY, "JDK");
        assertThat(TlsProvider.current()).isEqualTo(TlsProvider.JDK);
        System.setProperty(TlsProvider.PROPERTY, "openssl");
        assertThat(TlsProvider.current()).isEqualTo(TlsProvider.OPENSSL);
    }

    @Test
    void anotherPropertyValueIsRefused() {
        System.setProperty(TlsProvider.PROPERTY, "conscrypt");
        assertThatThrownBy(TlsProvider::current)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("zapline.tls.provider=conscrypt");
    }

    @Test
    void describeSaysWhetherTheHybridGroupIsThere() {
        assertThat(TlsProvider.OPENSSL.describe())
                .startsWith("OpenSSL (BoringSSL)")
                .endsWith("post-quantum X25519MLKEM768 available");
        assertThat(TlsProvider.JDK.describe())
                .isEqualTo("JDK JSSE: no post-quantum hybrid group here, classical groups only");
        assertThat(TlsProvider.JDK.hasHybridGroup()).isFalse();
    }
}
