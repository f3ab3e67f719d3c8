package dev.zapline.cli.tune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class CpuSetTest {

    @ParameterizedTest(name = "list ''{0}'' is mask {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "0|1",
                "0-1|3",
                "0-3|f",
                "0-3,6|4f",
                "'0-3,6\n'|4f",
                "1,3,5-7|ea",
                "32|1,00000000",
                "0-39|ff,ffffffff",
                "0-63|ffffffff,ffffffff",
            })
    void parsesCpuListsAndWritesKernelMasks(String list, String mask) {
        assertThat(CpuSet.parseList(list).toMask()).isEqualTo(mask);
    }

    @ParameterizedTest(name = "mask ''{0}'' holds {1} CPUs")
    @CsvSource(
            delimiter = '|',
            value = {
                "0|0",
                "00000000,00000000|0",
                "00000000,00000003|2",
                "3|2",
                "ff,ffffffff|40",
                "80000000,00000001|2",
            })
    void readsMasksWithCommaSeparatedWords(String mask, int count) {
        assertThat(CpuSet.parseMask(mask).size()).isEqualTo(count);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {"00000000,00000003|3", "0000000f|f", "1,00000000|00000001,00000000"})
    void equalMasksCompareEqualWhateverTheirPadding(String a, String b) {
        assertThat(CpuSet.parseMask(a)).isEqualTo(CpuSet.parseMask(b));
    }

    @ParameterizedTest
    @ValueSource(strings = {"a-b", "3-1", "1,,x"})
    void rejectsMalformedLists(String list) {
        assertThatThrownBy(() -> CpuSet.parseList(list))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(list.split(",")[0]);
    }

    @ParameterizedTest
    @ValueSource(strings = {"xyz", "123456789", "1,g"})
    void rejectsMalformedMasks(String mask) {
        assertThatThrownBy(() -> CpuSet.parseMask(mask)).isInstanceOf(IllegalArgumentException.class);
    }
}
