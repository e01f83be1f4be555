package dev.sustain.hub;

/**
 * One shared run as the hub keeps it, after its document passed the schema check: what it is
 * grouped by, its figures and curve, and whether it is fit for the aggregates ({@code reason} is
 * null when it is, else why not). The drive and run hashes are the client's; the store keys them
 * with its secret.
 */
record Share(
    String runHash,
    String driveHash,
    String model,
    long capacityBytes,
    String firmware,
    String transport,
    String linkTier,
    String jobKey,
    String jobLabel,
    String sustainVersion,
    boolean fresh,
    String shape,
    String recoveryCause,
    Long freeBytes,
    long bytes,
    double seconds,
    double averageMBps,
    Double burstMBps,
    Double cacheGB,
    Double floorMBps,
    String curveJson,
    String reason) {

  boolean accepted() {
    return reason == null;
  }

  /** The group the aggregates count it in. */
  String groupKey() {
    return model + "\n" + capacityBytes + "\n" + firmware + "\n" + jobKey;
  }
}
