package dev.sustain.workload;

import java.util.Locale;

/** The folders {@code sustain dataset} can make, after the field reports' test folders. */
public enum DatasetKind {
  /** A photo library: thousands of 2-30 MB JPEGs and RAWs in dozens of dated folders. */
  PHOTOS,
  /** A video folder: hundreds of 20 MB - 2 GB clips in a few folders, most of them small. */
  VIDEOS,
  /** A Blu-ray folder: a BDMV tree with a few large .m2ts streams and many small files. */
  BLURAY;

  public String word() {
    return name().toLowerCase(Locale.ROOT);
  }
}
