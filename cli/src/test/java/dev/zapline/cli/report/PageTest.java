package dev.zapline.cli.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The page's assembly: everything inlined, and data that cannot end its script element early. */
class PageTest {

    private static final String RUN = "{\"summary\":{\"target\":\"http://h/</script><script>alert(1)</script>\","
            + "\"model\":\"open\"},\"latency\":{\"corrected\":{}},\"timeline\":[]}";

    @Test
    void dataThatLooksLikeMarkupStaysInsideItsScriptElement() throws Exception {
        String html = RunReport.render(List.of(RunReport.Run.parse("run.json", RUN, "a </script> name")));
        Matcher m = Pattern.compile(
                        "<script type=\"application/json\" id=\"zapline-data\">(.*?)</script>", Pattern.DOTALL)
                .matcher(html);
        assertThat(m.find()).isTrue();
        // JSON reads "<\/" as "</": the blob is the document as it was
        assertThat(new ObjectMapper().readTree(m.group(1)).path("runs").get(0).path("doc"))
                .isEqualTo(new ObjectMapper().readTree(RUN));
        assertThat(html).doesNotContain("<script>alert(1)");
        assertThat(html).contains("<title>zapline load: a &lt;/script&gt; name</title>");
    }

    @Test
    void uPlotAndThePagesOwnScriptsAreInlined() {
        String html = RunReport.render(List.of(RunReport.Run.parse("run.json", RUN, "a")));
        assertThat(html)
                .contains(Page.resource(
                                "META-INF/resources/webjars/uplot/" + Page.UPLOT_VERSION + "/dist/uPlot.iife.min.js")
                        .substring(0, 200))
                .contains(".u-legend")
                .contains("window.Z = {")
                .doesNotContainPattern("(?i)<script[^>]+src=")
                .doesNotContainPattern("(?i)<link[^>]+href=");
        // the error capture comes before uPlot, so an error there is recorded too
        assertThat(html.indexOf("window.Z = {")).isPositive().isLessThan(html.indexOf("var uPlot="));
    }

    @Test
    void noRunIsRefused() {
        assertThatThrownBy(() -> RunReport.render(List.of())).hasMessageContaining("no run");
    }
}
