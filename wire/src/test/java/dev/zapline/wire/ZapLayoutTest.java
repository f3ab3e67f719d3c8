package dev.zapline.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ZapLayoutTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                // declarations (no offsets)
                //         | laid out by the StructBuilder rule | size
                "id:u64,block:u64,method:text,account:bytes               "
                        + "| id:u64@0,block:u64@8,method:text@16,account:bytes@24 | 32",
                "id:u64,balance:u64,nonce:u64,blockHash:bytes             "
                        + "| id:u64@0,balance:u64@8,nonce:u64@16,blockHash:bytes@24 | 32",
                "status:u16,reason:text,proto:text,h:bytes,b:bytes,t:bytes "
                        + "| status:u16@0,reason:text@4,proto:text@12,h:bytes@20,b:bytes@28,t:bytes@36 | 48",
                "a:u8,b:u32                                               "
                        + "| a:u8@0,b:u32@4                            | 8",
                "a:u8,b:u16,c:u8,d:u64                                    "
                        + "| a:u8@0,b:u16@2,c:u8@4,d:u64@8             | 16",
                "a:u8,s:struct,f:fixed[3],g:u16                           "
                        + "| a:u8@0,s:struct@4,f:fixed[3]@8,g:u16@12   | 16",
                "a:bool,l:list<u32>,e:list<struct>                        "
                        + "| a:bool@0,l:list<u32>@4,e:list<struct>@12  | 24",
                "x:f32,y:f64                                              "
                        + "| x:f32@0,y:f64@8                           | 16",
            })
    void placesFieldsByTheSchemaRule(String declared, String expected, int size) {
        ZapLayout layout = ZapLayout.parse(declared);
        assertThat(layout.spec()).isEqualTo(expected);
        assertThat(layout.fixedSize()).isEqualTo(size);
        assertThat(ZapLayout.parse(layout.spec())).isEqualTo(layout);
    }

    @ParameterizedTest(name = "[{index}] {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "' '                      | empty layout spec",
                "id                       | is not name:type[@offset]",
                ",                        | layout field '' is not name:type[@offset]",
                "a:u8,                    | layout field '' is not name:type[@offset]",
                "id:u65                   | unknown type 'u65'",
                "id:u64@x                 | 'x' is not a number",
                "id:u64@-8                | negative offset",
                "a:u8,a:u8                | appears twice",
                "f:fixed[0]               | needs N > 0",
                "l:list<f64>              | list element 'f64'",
                "r:raw                    | unknown type 'raw'",
            })
    void rejectsBadSpecsNamingThePart(String spec, String message) {
        assertThatThrownBy(() -> ZapLayout.parse(spec))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(message);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"0x10", "16"})
    void explicitOffsetsAcceptDecimalAndHex(String offset) {
        assertThat(ZapLayout.parse("a:u64@" + offset).field("a").offset()).isEqualTo(16);
    }
}
