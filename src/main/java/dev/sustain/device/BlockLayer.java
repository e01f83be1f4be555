package dev.sustain.device;

/**
 * One step on the way from a path down to the whole disk. Immutable.
 *
 * @param name the kernel name, e.g. {@code nvme0n1p2}, {@code dm-0}, {@code loop3}
 * @param kind {@code partition}, {@code lvm}, {@code crypt}, {@code multipath}, {@code dm}, {@code
 *     md}, {@code loop} or {@code disk}
 * @param detail for people, e.g. {@code backing file /var/tmp/x.img}, {@code vg-root on sda3}
 */
public record BlockLayer(String name, String kind, String detail) {

  /** As {@code info --json} carries it in the stack. */
  public java.util.Map<String, Object> toJsonMap() {
    return JsonMaps.ordered("name", name, "kind", kind, "detail", detail);
  }
}
