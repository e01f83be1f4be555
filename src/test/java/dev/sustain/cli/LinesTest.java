package dev.sustain.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class LinesTest {

  @Test
  void aTemplateLineKeepsTheDecimalPointUnderAnyDefaultLocale() {
    Locale before = Locale.getDefault();
    Locale.setDefault(Locale.GERMANY);
    try {
      StringWriter s = new StringWriter();
      PrintWriter out = new PrintWriter(s);
      Lines.println(out, "%s in %.2f s, %d bytes", "Read", 1.5, 1234567L);
      out.flush();
      assertEquals("Read in 1.50 s, 1234567 bytes" + System.lineSeparator(), s.toString());
    } finally {
      Locale.setDefault(before);
    }
  }

  @Test
  void anAmountInBothUnitsIsDecimalThenBinary() {
    assertEquals("20.0 MB (19.1 MiB)", Lines.bothUnits(20_000_000));
    assertEquals("512 B (512 B)", Lines.bothUnits(512));
  }

  @Test
  void phrasesBecomeSentences() {
    StringWriter s = new StringWriter();
    PrintWriter out = new PrintWriter(s);
    Lines.sentences(out, List.of("pass 2 was slower", "x"));
    out.flush();
    String nl = System.lineSeparator();
    assertEquals("Pass 2 was slower." + nl + "X." + nl, s.toString());
  }
}
