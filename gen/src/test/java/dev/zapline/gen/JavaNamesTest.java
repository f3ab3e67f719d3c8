package dev.zapline.gen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Schema names to Java names, and the clashes the emitter refuses instead of emitting code that cannot compile. */
class JavaNamesTest {

    @ParameterizedTest
    @CsvSource({
        "NetworkID, networkID, NETWORK_ID",
        "ID, id, ID",
        "TxID, txID, TX_ID",
        "HTTPCode, httpCode, HTTP_CODE",
        "SShort, sShort, S_SHORT",
        "lookup, lookup, LOOKUP",
        "getBalance, getBalance, GET_BALANCE",
        "Long, long_, LONG",
        "class, class_, CLASS",
        "memo_len, memo_len, MEMO_LEN",
        "Sha256Sum, sha256Sum, SHA256_SUM"
    })
    void mapsSchemaNames(String schema, String member, String constant) {
        assertThat(JavaNames.member(schema)).isEqualTo(member);
        assertThat(JavaNames.constant(schema)).isEqualTo(constant);
    }

    @Test
    void refusesTwoFieldsWithOneJavaName() throws SchemaException {
        Schema s = SchemaParser.parse("c.zap", "package c\nstruct S { Id u8 @0 ID u8 @1 }\n");
        assertThatThrownBy(() -> JavaEmitter.emit(s, "c"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("struct S: field ID maps to a Java name (ID, id()) already taken");
    }

    @Test
    void refusesAFieldNamedLikeTheFixedSize() throws SchemaException {
        Schema s = SchemaParser.parse("c.zap", "package c\nstruct S { Size u32 @0 }\n");
        assertThatThrownBy(() -> JavaEmitter.emit(s, "c"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("field Size maps to a Java name (SIZE, size()) already taken");
    }

    @Test
    void refusesATypeThatWouldShadowOneTheGeneratedCodeUses() throws SchemaException {
        Schema s = SchemaParser.parse("c.zap", "package c\nstruct Objects { A u8 @0 }\n");
        assertThatThrownBy(() -> JavaEmitter.emit(s, "c"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the Java type Objects would shadow a type the generated code uses");
    }

    @Test
    void refusesAnInterfaceWhoseTypesClashWithAStruct() throws SchemaException {
        Schema s = SchemaParser.parse("c.zap", "package c\nstruct IServer { A u8 @0 }\ninterface I {\n m()\n}\n");
        assertThatThrownBy(() -> JavaEmitter.emit(s, "c"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("two declarations generate the Java type IServer");
    }
}
