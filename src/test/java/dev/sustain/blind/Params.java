package dev.sustain.blind;

import java.util.Locale;

/** The parameters a curve was drawn with, in words, so a miss can be read and replayed. */
final class Params {

  private final StringBuilder text = new StringBuilder();

  Params add(String name, double value) {
    return add(name, Truth.fmt(value));
  }

  Params add(String name, String value) {
    if (!text.isEmpty()) {
      text.append(' ');
    }
    text.append(name).append('=').append(value);
    return this;
  }

  Params percent(String name, double fraction) {
    return add(name, String.format(Locale.ROOT, "%.1f%%", fraction * 100));
  }

  @Override
  public String toString() {
    return text.toString();
  }
}
