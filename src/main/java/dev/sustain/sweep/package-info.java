/**
 * The request-size sweep: the write (and read) rate for every request size and queue depth, and the
 * smallest request that reaches 90% of the best rate, said in words. Some USB bridges need 4 MiB
 * requests to reach their link speed while real file copies issue 128 KiB to 1 MiB.
 */
package dev.sustain.sweep;
