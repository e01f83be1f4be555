package dev.sustain.unit;

import java.util.Locale;

/**
 * An enum whose words in JSON, CSV, text and on the command line are its constants' names, so a
 * word can never drift from the constant it stands for: {@code CACHE_CLIFF} is {@code cache-cliff}
 * as a word and {@code cache cliff} in a sentence. Enums implement it with nothing more (their
 * {@code name()} is the method it needs); stateless and thread-safe.
 */
public interface Worded {

  /** The constant's name, as every enum has it. */
  String name();

  /** The name in lower case, its parts joined by hyphens: {@code not-recovered}, one token. */
  default String word() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** The name in lower case, its parts joined by spaces: {@code total time}, for a sentence. */
  default String words() {
    return name().toLowerCase(Locale.ROOT).replace('_', ' ');
  }
}
